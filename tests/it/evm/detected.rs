//! Settlement from chain data the crate itself produced (issue 27, item 8): the crate's own
//! payments are executed in the test EVM, their logs become the receipts a node would return,
//! and `detect` finds exactly what was paid — per reference, payee and token — and nothing from
//! a receipt that failed.

use alloy_primitives::{Address, U256, keccak256};
use securepay::calldata::{Allowance, BatchRequest, Builder, Erc20FeePayment, Flow};
use securepay::currency::Catalog;
use securepay::detect::{
    ChainData, Criteria, IgnoredReason, Log, Receipt, ReceiptStatus, Topics, detect,
};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::builders::{FEE_TO, PAYEE_A, PAYEE_B, PAYER, at, reference};
use super::chain::Chain;
use super::observe::Outcome;
use super::tokens::Behaviour;

const NETWORK: Network = Network::Base;
/// Far above every deployment's creation block (the detector refuses earlier logs).
const FIRST_BLOCK: u64 = 40_000_000;

fn usdc() -> Address {
    Catalog::builtin()
        .get("USDC-base")
        .unwrap()
        .token_address()
        .unwrap()
        .abi()
}

/// Mainnet-like Base: the contracts, USDC (OpenZeppelin) minted to the payer.
fn chain() -> Chain {
    let (mut chain, _) = Chain::request_network(NETWORK);
    chain.deploy_token_at(Behaviour::Standard, 6, usdc());
    chain.mint(usdc(), PAYER, U256::from(1_000_000_000u64));
    chain
}

/// Sends each transaction from the payer; each outcome becomes the receipt a node returns (its
/// own transaction hash and block, the logs with their index), `failed` ones marked reverted.
fn receipts(chain: &mut Chain, txs: &[Transaction], failed: &[usize]) -> Vec<Receipt> {
    txs.iter()
        .enumerate()
        .map(|(i, tx)| {
            let outcome: Outcome = chain.send_transaction(PAYER, tx);
            outcome.assert_success();
            let block = FIRST_BLOCK + i as u64;
            let hash = keccak256(i.to_be_bytes()).into();
            let logs = outcome
                .logs
                .iter()
                .enumerate()
                .map(|(index, log)| {
                    Log::new(
                        log.address,
                        Topics::new(log.data.topics()).expect("at most four topics"),
                        log.data.data.clone(),
                    )
                    .at(block, hash, index as u64)
                })
                .collect();
            let status = match failed.contains(&i) {
                true => ReceiptStatus::Failed,
                false => ReceiptStatus::Success,
            };
            Receipt::new(hash, block, status, logs)
        })
        .collect()
}

fn usdc_criteria(byte: u8, payee: Address) -> Criteria {
    Criteria::new(NETWORK, reference(byte))
        .with_payee(at(payee))
        .unwrap()
        .with_currency(Catalog::builtin().get("USDC-base").unwrap().clone())
        .unwrap()
        .with_head_block(FIRST_BLOCK + 100)
}

#[test]
fn the_crate_s_own_payments_are_detected_exactly_from_their_receipts() {
    let mut chain = chain();
    let builder = Builder::new(NETWORK);
    let usdc = at(usdc());
    let pay = |to: Address, amount: u64, byte: u8, fee: u64| {
        builder
            .erc20_fee(
                &Erc20FeePayment::new(usdc, at(to), U256::from(amount), reference(byte))
                    .with_fee(U256::from(fee), at(FEE_TO)),
            )
            .unwrap()
    };
    let txs = vec![
        builder
            .approve_for(Flow::Erc20Fee, usdc, Allowance::Unlimited)
            .unwrap(),
        pay(PAYEE_A, 25_000_000, 1, 300_000), // reference 1, with its fee
        pay(PAYEE_B, 5_000_000, 2, 0),        // reference 2
        pay(PAYEE_A, 4_000_000, 1, 0),        // a second, partial payment of reference 1
        pay(FEE_TO, 100_000, 1, 0),           // reference 1, to someone else
    ];
    let receipts = receipts(&mut chain, &txs, &[]);
    let data = ChainData::Receipts(receipts);

    let one = detect(&data, &usdc_criteria(1, PAYEE_A)).unwrap();
    assert_eq!(one.payments.len(), 2, "{one:?}");
    assert_eq!(
        one.balance,
        alloy_primitives::I256::try_from(29_000_000).unwrap()
    );
    assert_eq!(one.payments[0].amount, U256::from(25_000_000u64));
    assert_eq!(one.payments[0].fee, U256::from(300_000u64));
    assert_eq!(one.payments[0].confirmations, Some(100));
    assert!(
        one.ignored
            .iter()
            .any(|i| matches!(i.why, IgnoredReason::OtherPayee { .. })),
        "the payment of reference 1 to another address does not count: {one:?}"
    );
    let two = detect(&data, &usdc_criteria(2, PAYEE_B)).unwrap();
    assert_eq!(two.payments.len(), 1);
    assert_eq!(two.payments[0].amount, U256::from(5_000_000u64));
    assert_eq!(two.payments[0].payee, at(PAYEE_B));
    // A reference nobody paid: nothing.
    assert!(!detect(&data, &usdc_criteria(9, PAYEE_A)).unwrap().is_paid());
}

#[test]
fn payments_through_the_batch_contract_are_detected_per_row() {
    let mut chain = chain();
    chain.set_batch_conversion_fee_at(
        securepay::contracts::Deployments::builtin()
            .address(
                NETWORK,
                securepay::contracts::Contract::BatchConversionPayments,
            )
            .unwrap()
            .abi(),
        0,
    );
    let builder = Builder::new(NETWORK);
    let row = |to: Address, amount: u64, byte: u8| BatchRequest {
        recipient: at(to),
        request_amount: U256::from(amount),
        path: vec![usdc()],
        reference: reference(byte),
        fee_amount: U256::ZERO,
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    };
    let rows = [row(PAYEE_A, 7_000_000, 1), row(PAYEE_B, 3_000_000, 2)];
    let txs = vec![
        builder
            .approve_for(Flow::BatchConversion, at(usdc()), Allowance::Unlimited)
            .unwrap(),
        builder
            .batch_requests_multi_erc20(&rows, &[], at(FEE_TO))
            .unwrap(),
    ];
    let data = ChainData::Receipts(receipts(&mut chain, &txs, &[]));
    for (byte, payee, amount) in [(1, PAYEE_A, 7_000_000u64), (2, PAYEE_B, 3_000_000)] {
        let settlement = detect(&data, &usdc_criteria(byte, payee)).unwrap();
        assert_eq!(settlement.payments.len(), 1, "{settlement:?}");
        assert_eq!(settlement.payments[0].amount, U256::from(amount));
    }
}

#[test]
fn the_logs_of_a_failed_receipt_never_count() {
    let mut chain = chain();
    let builder = Builder::new(NETWORK);
    let usdc = at(usdc());
    let txs = vec![
        builder
            .approve_for(Flow::Erc20Fee, usdc, Allowance::Unlimited)
            .unwrap(),
        builder
            .erc20_fee(&Erc20FeePayment::new(
                usdc,
                at(PAYEE_A),
                U256::from(1_000_000u64),
                reference(1),
            ))
            .unwrap(),
    ];
    // The executed payment's own logs, in a receipt that says the transaction reverted.
    let data = ChainData::Receipts(receipts(&mut chain, &txs, &[1]));
    let settlement = detect(&data, &usdc_criteria(1, PAYEE_A)).unwrap();
    assert!(!settlement.is_paid(), "{settlement:?}");
    assert!(
        settlement
            .ignored
            .iter()
            .any(|i| i.why == IgnoredReason::FailedTransaction),
        "{settlement:?}"
    );
}
