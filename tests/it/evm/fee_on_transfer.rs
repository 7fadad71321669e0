//! A fee-on-transfer token (1 % burned on every transfer, the event still saying the amount):
//! the payee receives less than the amount the builder and the effects table say, and the
//! proxy's `TransferWithReferenceAndFee` log still says the full amount. This documents the
//! behaviour; what the verifier makes of it is its own matter.

use alloy_primitives::{U256, b256};
use alloy_sol_types::SolEvent;
use securepay::calldata::{Allowance, BatchPayee, Builder, Erc20FeePayment, Flow};
use securepay::contracts::Contract;
use securepay::network::Network;

use super::abi::IErc20FeeProxyEvents::TransferWithReferenceAndFee;
use super::builders::{FEE_TO, PAYEE_A, PAYEE_B, PAYER, USDC, at, reference};
use super::chain::Chain;
use super::effects::{decode, expected_changes};
use super::observe::{Asset, Changes};
use super::tokens::Behaviour;

const NETWORK: Network = Network::Mainnet;

fn chain() -> Chain {
    let (mut chain, _) = Chain::request_network(NETWORK);
    chain.deploy_token_at(Behaviour::FeeOnTransfer { bps: 100 }, 6, USDC);
    chain.mint(USDC, PAYER, U256::from(1_000_000_000u64));
    chain
}

#[test]
fn the_payee_of_a_fee_on_transfer_token_receives_less_than_the_amount() {
    let mut chain = chain();
    let builder = Builder::new(NETWORK);
    let approve = builder
        .approve_for(Flow::Erc20Fee, at(USDC), Allowance::Unlimited)
        .unwrap();
    chain.send_transaction(PAYER, &approve).assert_success();
    let payment = Erc20FeePayment::new(
        at(USDC),
        at(PAYEE_A),
        U256::from(1_000_000u64),
        reference(7),
    )
    .with_fee(U256::from(10_000u64), at(FEE_TO));
    let tx = builder.erc20_fee(&payment).unwrap();
    let (call, effect) = decode(NETWORK, &tx);
    let table = expected_changes(&call, &effect, PAYER, 0);
    let outcome = chain.send_transaction(PAYER, &tx);
    outcome.assert_success();
    let token = Asset::Token(USDC);
    let mut observed = Changes::default();
    observed.add(
        token,
        PAYER,
        -alloy_primitives::I256::try_from(1_010_000).unwrap(),
    );
    observed.add(
        token,
        PAYEE_A,
        alloy_primitives::I256::try_from(990_000).unwrap(),
    );
    observed.add(
        token,
        FEE_TO,
        alloy_primitives::I256::try_from(9_900).unwrap(),
    );
    assert_eq!(outcome.changes, observed, "{}", outcome.changes);
    // The table (and the builder) say the payee gets 1 000 000: 1 % short, and 100 burned
    // from the fee.
    assert_eq!(
        table.of(token, PAYEE_A),
        alloy_primitives::I256::try_from(1_000_000).unwrap()
    );
    assert_ne!(outcome.changes, table);
    // The proxy's event says the full amount.
    let proxy = builder.contract(Contract::Erc20FeeProxy).unwrap().abi();
    let logged = outcome
        .logs
        .iter()
        .filter(|log| log.address == proxy)
        .map(|log| TransferWithReferenceAndFee::decode_log(log).unwrap().data)
        .collect::<Vec<_>>();
    assert_eq!(logged.len(), 1);
    assert_eq!(logged[0].amount, U256::from(1_000_000u64));
    assert_eq!(logged[0].feeAmount, U256::from(10_000u64));
    assert_eq!(
        TransferWithReferenceAndFee::SIGNATURE_HASH,
        b256!("0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6")
    );
}

#[test]
fn a_legacy_batch_of_a_fee_on_transfer_token_reverts_short_of_funds() {
    // The batch contract receives 1 % less than the sum it then pays row by row.
    let mut chain = chain();
    let builder = Builder::new(NETWORK);
    let approve = builder
        .approve_for(Flow::LegacyBatch, at(USDC), Allowance::Unlimited)
        .unwrap();
    chain.send_transaction(PAYER, &approve).assert_success();
    let rows = [PAYEE_A, PAYEE_B].map(|to| BatchPayee {
        to: at(to),
        amount: U256::from(500_000u64),
        reference: reference(8),
        fee_amount: U256::ZERO,
    });
    let tx = builder.batch_erc20(at(USDC), &rows, at(FEE_TO)).unwrap();
    let outcome = chain.send_transaction(PAYER, &tx);
    assert!(!outcome.succeeded(), "{:?}", outcome.status);
    assert!(outcome.changes.is_empty());
}
