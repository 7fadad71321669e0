//! Pay responses built by `PaymentPlan` (feature `fixtures`), every transaction sent in order as
//! a wallet would: from the payer's EOA, or through a smart account after the EOA's approval.

use alloy_primitives::{Address, I256, U256};
use securepay::address::ChainAddress;
use securepay::calldata::PaymentReference;
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, FeeBearer, PaymentPlan, PlannedFee, PlannedPayment, SmartAccountFlow,
};

use super::builders::{FEE_TO, PAYEE_A, PAYEE_B, PAYER};
use super::chain::Chain;
use super::observe::{Asset, Changes};
use super::response::Signer;
use super::tokens::Behaviour;

const NETWORK: Network = Network::Base;

fn at(address: Address) -> ChainAddress {
    ChainAddress::from_abi(NETWORK, address)
}

fn plan() -> PaymentPlan {
    let payment = |request_id: &str, payee: Address, amount: u64, byte: u8| PlannedPayment {
        request_id: request_id.into(),
        secure_payment_token: Some(format!("01J0000000000000000000000{byte}").parse().unwrap()),
        payee: at(payee),
        amount: U256::from(amount),
        reference: PaymentReference::new([byte; 8]),
    };
    PaymentPlan {
        network: NETWORK,
        currency: Catalog::builtin().get("USDC-base").unwrap().clone(),
        payments: vec![
            payment("01aa", PAYEE_A, 25_000_000, 1),
            payment("01bb", PAYEE_B, 5_000_000, 2),
        ],
        fees: vec![PlannedFee {
            request_id: "01aa".into(),
            fee_component_id: None,
            fee_type: Some("platform".into()),
            fee_label: None,
            bearer: FeeBearer::Payer,
            amount: U256::from(300_000u64),
            recipient: at(FEE_TO),
        }],
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01J00000000000000000000000".parse().unwrap()),
        bundle_id: None,
    }
}

fn chain(holder: Address) -> (Chain, Address) {
    let (mut chain, _) = Chain::request_network(NETWORK);
    let usdc = Catalog::builtin()
        .get("USDC-base")
        .unwrap()
        .token_address()
        .unwrap()
        .abi();
    chain.deploy_token_at(Behaviour::Standard, 6, usdc);
    chain.mint(usdc, holder, U256::from(100_000_000u64));
    (chain, usdc)
}

fn paid(usdc: Address, payer: Address) -> Changes {
    let mut changes = Changes::default();
    let token = Asset::Token(usdc);
    changes.moved(token, payer, PAYEE_A, U256::from(25_000_000u64));
    changes.moved(token, payer, PAYEE_B, U256::from(5_000_000u64));
    changes.moved(token, payer, FEE_TO, U256::from(300_000u64));
    changes
}

#[test]
fn a_multicall_from_an_eoa_pays_every_payee_and_the_fee_and_spends_its_exact_approval() {
    let (mut chain, usdc) = chain(PAYER);
    let response = plan().build().unwrap();
    let outcomes = chain.send_response(&response, Signer::Eoa(PAYER));
    assert_eq!(outcomes.len(), 4); // approve, two payments, the fee leg
    let mut total = Changes::default();
    for outcome in &outcomes {
        outcome.assert_success();
        total.merge(&outcome.changes);
    }
    assert_eq!(total, paid(usdc, PAYER), "{total}");
    assert!(
        outcomes.last().unwrap().allowances.is_empty(),
        "an allowance is left"
    );
}

#[test]
fn a_smart_account_pays_in_one_batch_after_the_eoa_s_approval() {
    const EOA: Address = Address::repeat_byte(0x66);
    let (mut chain, _) = Chain::request_network(NETWORK);
    let account = chain.deploy_smart_account(EOA);
    let usdc = Catalog::builtin()
        .get("USDC-base")
        .unwrap()
        .token_address()
        .unwrap()
        .abi();
    chain.deploy_token_at(Behaviour::Standard, 6, usdc);
    // The funds are the EOA's: the account's batch pulls them first (the funding step).
    chain.mint(usdc, EOA, U256::from(100_000_000u64));
    let mut plan = plan();
    plan.smart_account = Some(SmartAccountFlow {
        account: at(account),
        funding_eoa: at(EOA),
    });
    let response = plan.build().unwrap();
    let outcomes = chain.send_response(
        &response,
        Signer::SmartAccount {
            owner: EOA,
            account,
        },
    );
    assert_eq!(outcomes.len(), 2); // the EOA's approval, the account's batch
    outcomes[0].assert_success();
    assert_eq!(outcomes[0].allowance(usdc, EOA, account), U256::MAX);
    outcomes[1].assert_success();
    // The EOA pays exactly the payments and the fee; the account keeps nothing.
    assert_eq!(outcomes[1].changes, paid(usdc, EOA));
    assert_eq!(
        outcomes[1].changes.of(Asset::Token(usdc), account),
        I256::ZERO
    );
    // The funding step used the EOA's unlimited allowance, which OpenZeppelin does not spend.
    assert_eq!(outcomes[1].allowance(usdc, EOA, account), U256::MAX);
}
