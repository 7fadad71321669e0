//! Each test token under the crate's single ERC-20 payment (approve the ERC20FeeProxy, then
//! `transferFromWithReferenceAndFee`), on Base: what each behaviour does to it.

use alloy_primitives::{Address, I256, U256, address};
use alloy_sol_types::SolCall;
use securepay::calldata::{Allowance, Builder, Erc20FeePayment, Flow};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::abi::ITestToken;
use super::builders::{FEE_TO, PAYEE_A, PAYER, reference};
use super::chain::{Chain, DEPLOYER};
use super::effects::{decode, expected_changes};
use super::observe::{Asset, Outcome, Status};
use super::tokens::Behaviour;

const NETWORK: Network = Network::Base;
/// USDC on Base (a catalog token: the decoder knows approvals to it).
const TOKEN: Address = address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");

fn at(address: Address) -> securepay::address::ChainAddress {
    securepay::address::ChainAddress::from_abi(NETWORK, address)
}

fn chain(behaviour: Behaviour, decimals: u8) -> Chain {
    let (mut chain, _) = Chain::request_network(NETWORK);
    chain.deploy_token_at(behaviour, decimals, TOKEN);
    chain.mint(
        TOKEN,
        PAYER,
        U256::from(10u8).pow(U256::from(decimals)) * U256::from(1000u16),
    );
    chain
}

fn approve(amount: Allowance) -> Transaction {
    Builder::new(NETWORK)
        .approve_for(Flow::Erc20Fee, at(TOKEN), amount)
        .unwrap()
}

fn pay(amount: U256, fee: U256) -> Transaction {
    let payment = Erc20FeePayment::new(at(TOKEN), at(PAYEE_A), amount, reference(0x50));
    let payment = if fee.is_zero() {
        payment
    } else {
        payment.with_fee(fee, at(FEE_TO))
    };
    Builder::new(NETWORK).erc20_fee(&payment).unwrap()
}

/// Approves exactly, pays, and returns the payment's outcome and the table's prediction.
fn approve_and_pay(
    chain: &mut Chain,
    amount: U256,
    fee: U256,
) -> (Outcome, super::observe::Changes) {
    chain
        .send_transaction(PAYER, &approve(Allowance::Exact(amount + fee)))
        .assert_success();
    let tx = pay(amount, fee);
    let (call, effect) = decode(NETWORK, &tx);
    let table = expected_changes(&call, &effect, PAYER, 0);
    (chain.send_transaction(PAYER, &tx), table)
}

#[test]
fn tokens_that_only_differ_elsewhere_pay_exactly_what_the_table_says() {
    // Missing return values are accepted by the proxy (return data of size 0 is success); the
    // zero-address check, `transferFrom(self)` and the zero-value check are not reached by a
    // payment with a fee to a real address.
    for behaviour in [
        Behaviour::Standard,
        Behaviour::NoZeroCheck,
        Behaviour::MissingReturn,
        Behaviour::ReturnsFalse,
        Behaviour::ApprovalRace,
        Behaviour::Blocklist,
        Behaviour::Pausable,
        Behaviour::SelfTransferFrom,
        Behaviour::ZeroValueRevert,
    ] {
        let mut chain = chain(behaviour, 6);
        let (outcome, table) =
            approve_and_pay(&mut chain, U256::from(1_000_000u64), U256::from(2_500u64));
        assert!(outcome.succeeded(), "{behaviour:?}: {:?}", outcome.status);
        assert_eq!(outcome.changes, table, "{behaviour:?}");
        let proxy = Builder::new(NETWORK)
            .contract(securepay::contracts::Contract::Erc20FeeProxy)
            .unwrap();
        assert_eq!(
            outcome.allowance(TOKEN, PAYER, proxy.abi()),
            U256::ZERO,
            "{behaviour:?}"
        );
    }
}

#[test]
fn every_decimals_pays_exactly() {
    for decimals in [0u8, 2, 6, 18, 24] {
        let mut chain = chain(Behaviour::Standard, decimals);
        let amount = U256::from(10u8).pow(U256::from(decimals)) * U256::from(123u8);
        let (outcome, table) = approve_and_pay(&mut chain, amount, U256::from(1u8));
        outcome.assert_success();
        assert_eq!(outcome.changes, table, "{decimals} decimals");
        assert_eq!(
            outcome.changes.of(Asset::Token(TOKEN), PAYEE_A),
            I256::try_from(amount).unwrap()
        );
    }
}

#[test]
fn a_token_that_returns_false_makes_the_proxy_revert_not_pay_nothing() {
    // Allowance short by one: the token returns false and the proxy refuses it.
    let mut chain = chain(Behaviour::ReturnsFalse, 6);
    chain
        .send_transaction(PAYER, &approve(Allowance::Exact(U256::from(999u16))))
        .assert_success();
    let outcome = chain.send_transaction(PAYER, &pay(U256::from(1_000u16), U256::ZERO));
    assert_eq!(outcome.revert_reason(), "payment transferFrom() failed");
    assert!(outcome.changes.is_empty());
}

#[test]
fn an_approval_race_token_refuses_a_second_approval_above_zero() {
    let mut chain = chain(Behaviour::ApprovalRace, 6);
    chain
        .send_transaction(PAYER, &approve(Allowance::Exact(U256::from(5u8))))
        .assert_success();
    let again = chain.send_transaction(PAYER, &approve(Allowance::Unlimited));
    assert_eq!(
        again.revert_reason(),
        "approve from non-zero to non-zero allowance"
    );
    // A reset to 0 first, as USDT needs, lets it through.
    chain
        .send_transaction(PAYER, &approve(Allowance::Exact(U256::ZERO)))
        .assert_success();
    chain
        .send_transaction(PAYER, &approve(Allowance::Unlimited))
        .assert_success();
}

#[test]
fn a_blocked_payee_or_a_paused_token_reverts_the_payment() {
    let mut chain = chain(Behaviour::Blocklist, 6);
    let block = ITestToken::setBlockedCall {
        account: PAYEE_A,
        isBlocked: true,
    };
    chain.run(DEPLOYER, TOKEN, block.abi_encode(), U256::ZERO);
    let (outcome, _) = approve_and_pay(&mut chain, U256::from(10u8), U256::ZERO);
    assert!(
        matches!(outcome.status, Status::Revert { .. }),
        "{:?}",
        outcome.status
    );
    assert!(outcome.changes.is_empty());

    let mut chain = chain_paused();
    let (outcome, _) = approve_and_pay(&mut chain, U256::from(10u8), U256::ZERO);
    assert!(
        matches!(outcome.status, Status::Revert { .. }),
        "{:?}",
        outcome.status
    );
    assert!(outcome.changes.is_empty());
}

fn chain_paused() -> Chain {
    let mut chain = chain(Behaviour::Pausable, 6);
    let pause = ITestToken::setPausedCall { isPaused: true };
    chain.run(DEPLOYER, TOKEN, pause.abi_encode(), U256::ZERO);
    chain
}
