//! The case that motivated execution: an ERC-20 batch with `feeAddress = address(0)` and a
//! non-zero batch fee rate. The batch contracts always pull the batch fee with
//! `transferFrom(payer, feeAddress, fee)`, even at a zero fee address and even when the fee is
//! zero, so what happens is the token's business: a token without the zero-address check
//! (USDT, DAI) burns the fee, taken from the payer; OpenZeppelin's ERC20 (USDC) reverts, and the
//! whole batch with it (the contracts' `safeTransferFrom` turns the token's 100-byte revert data
//! into a bare `revert(0, 0)`: no reason).
//!
//! The effects table (`BatchFee::at_rate`, src/calldata/effect.rs) counted a token batch fee to
//! the zero address as none ("the pull reverts"): execution contradicted it both ways (issue 24,
//! class 1). The table now counts every pull whoever receives it, so its prediction is what the
//! tolerant token does; the verifier refuses such a batch (`batch_fee_address_zero`) and no
//! builder makes one, so these calls are built with a fee address that is then zeroed.

use alloy_primitives::{Address, U256};
use securepay::address::ChainAddress;
use securepay::calldata::{Allowance, BatchPayee, BatchRequest, Builder, Flow};
use securepay::contracts::{Contract, Deployments};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::builders::{PAYEE_A, PAYEE_B, PAYER, USDC, USDT, at, reference};
use super::chain::Chain;
use super::effects::{decode, expected_changes};
use super::observe::{Asset, Outcome, Status};
use super::tokens::Behaviour;

const NETWORK: Network = Network::Mainnet;
/// The zero-address-tolerant token (at USDT's address) and OpenZeppelin's (at USDC's).
const BURNS: Address = USDT;
const REVERTS: Address = USDC;
const LEGACY_RATE: u16 = 10; // 1 %
const CONVERSION_RATE: u16 = 30; // 0.3 %
const AMOUNTS: [u64; 2] = [1_000_000, 2_000_000];

/// `tx` with every ABI word holding `FEE_TO` zeroed: the fee address made the zero address.
pub(super) fn zero_fee_address(mut tx: Transaction) -> Transaction {
    let word = alloy_primitives::B256::left_padding_from(super::builders::FEE_TO.as_slice());
    let mut data = tx.data.to_vec();
    for chunk in data[4..].chunks_exact_mut(32) {
        if chunk == word.as_slice() {
            chunk.fill(0);
        }
    }
    tx.data = data.into();
    tx
}

/// BatchConversionPayments 0.1.0 (every network's default) and 0.2.0 (mainnet only).
fn batch_conversion(version: &str) -> ChainAddress {
    Deployments::builtin()
        .deployment(NETWORK, Contract::BatchConversionPayments, Some(version))
        .unwrap()
        .address()
}

/// Mainnet's contracts, both tokens minted to the payer, who approved every batch contract.
fn chain(legacy_rate: u16, conversion_rate: u16) -> Chain {
    let (mut chain, _) = Chain::request_network(NETWORK);
    chain.deploy_token_at(Behaviour::NoZeroCheck, 6, BURNS);
    chain.deploy_token_at(Behaviour::Standard, 6, REVERTS);
    chain.set_legacy_batch_fee(legacy_rate);
    for version in ["0.1.0", "0.2.0"] {
        chain.set_batch_conversion_fee_at(batch_conversion(version).abi(), conversion_rate);
    }
    let builder = Builder::new(NETWORK);
    for token in [BURNS, REVERTS] {
        chain.mint(token, PAYER, U256::from(1_000_000_000u64));
        let spenders = [
            builder.contract(Contract::BatchPayments).unwrap(),
            batch_conversion("0.1.0"),
            batch_conversion("0.2.0"),
        ];
        for spender in spenders {
            let approve = builder
                .approve(at(token), spender, Allowance::Unlimited)
                .unwrap();
            chain.send_transaction(PAYER, &approve).assert_success();
        }
    }
    chain
}

/// The three ERC-20 batch calls the crate builds for `token` with a zero fee address and no
/// row fees, and the rate each contract applies: legacy BatchPayments, and BatchConversionPayments'
/// `batchERC20Payments` and `batchMultiERC20Payments` at 0.1.0 and at 0.2.0.
fn batches(token: Address, legacy_rate: u16, conversion_rate: u16) -> Vec<(Transaction, u16)> {
    let builder = Builder::new(NETWORK);
    let rows: Vec<BatchPayee> = AMOUNTS
        .iter()
        .zip([PAYEE_A, PAYEE_B])
        .map(|(&amount, to)| BatchPayee {
            to: at(to),
            amount: U256::from(amount),
            reference: reference(0x42),
            fee_amount: U256::ZERO,
        })
        .collect();
    let requests: Vec<BatchRequest> = rows
        .iter()
        .map(|row| BatchRequest {
            recipient: row.to,
            request_amount: row.amount,
            path: vec![token],
            reference: row.reference,
            fee_amount: U256::ZERO,
            max_to_spend: U256::ZERO,
            max_rate_timespan: U256::ZERO,
        })
        .collect();
    let fee_to = at(super::builders::FEE_TO);
    assert_eq!(
        builder.batch_erc20(
            at(token),
            &rows,
            ChainAddress::from_abi(NETWORK, Address::ZERO)
        ),
        Err(securepay::calldata::BuildError::BatchFeeAddressZero),
        "no builder makes a batch that pays its fee to the zero address"
    );
    let legacy = zero_fee_address(builder.batch_erc20(at(token), &rows, fee_to).unwrap());
    let single = zero_fee_address(
        builder
            .batch_requests_erc20(&requests, &[], fee_to)
            .unwrap(),
    );
    let multi = zero_fee_address(
        builder
            .batch_requests_multi_erc20(&requests, &[], fee_to)
            .unwrap(),
    );
    let mut calls = vec![(legacy, legacy_rate)];
    for tx in [single, multi] {
        for version in ["0.1.0", "0.2.0"] {
            let tx = Transaction {
                to: batch_conversion(version),
                ..tx.clone()
            };
            calls.push((tx, conversion_rate));
        }
    }
    calls
}

fn batch_fee(rate: u16, denominator: u64) -> U256 {
    U256::from(AMOUNTS.iter().sum::<u64>() * u64::from(rate) / denominator)
}

/// The table's prediction for `tx` at `rate`, and the execution.
fn run(chain: &mut Chain, tx: &Transaction, rate: u16) -> (super::observe::Changes, Outcome) {
    let (call, effect) = decode(NETWORK, tx);
    let table = expected_changes(&call, &effect, PAYER, u32::from(rate));
    (table, chain.send_transaction(PAYER, tx))
}

#[test]
fn a_token_without_the_zero_address_check_burns_the_batch_fee_of_the_payer() {
    let mut chain = chain(LEGACY_RATE, CONVERSION_RATE);
    for (tx, rate) in batches(BURNS, LEGACY_RATE, CONVERSION_RATE) {
        let denominator = if rate == LEGACY_RATE { 1_000 } else { 10_000 };
        let fee = batch_fee(rate, denominator);
        assert!(!fee.is_zero());
        let (table, outcome) = run(&mut chain, &tx, rate);
        outcome.assert_success();
        let token = Asset::Token(BURNS);
        let mut burned = super::observe::Changes::default();
        burned.moved(token, PAYER, PAYEE_A, U256::from(AMOUNTS[0]));
        burned.moved(token, PAYER, PAYEE_B, U256::from(AMOUNTS[1]));
        burned.moved(token, PAYER, Address::ZERO, fee);
        assert_eq!(outcome.changes, burned, "{tx}:\n{}", outcome.changes);
        // The table counts the burned fee: every pull leaves the wallet, whoever receives it.
        assert_eq!(
            outcome.changes, table,
            "the table's prediction is the execution"
        );
    }
}

#[test]
fn openzeppelin_s_token_reverts_the_whole_batch_at_a_zero_fee_address() {
    for (legacy_rate, conversion_rate) in [(LEGACY_RATE, CONVERSION_RATE), (0, 0)] {
        let mut chain = chain(legacy_rate, conversion_rate);
        for (tx, rate) in batches(REVERTS, legacy_rate, conversion_rate) {
            let (table, outcome) = run(&mut chain, &tx, rate);
            // The table predicts what a tolerant token does; OpenZeppelin's refuses the batch
            // fee's `transferFrom(payer, 0, fee)`, even for a fee of 0, and the batch reverts:
            // which of the two happens is the token's, so the verifier refuses both.
            assert!(!table.is_empty());
            assert_eq!(
                outcome.status,
                Status::Revert {
                    reason: None,
                    output: Default::default()
                },
                "rates {legacy_rate}/{conversion_rate}: {tx}"
            );
            assert!(
                outcome.changes.is_empty(),
                "a reverted batch moved {}",
                outcome.changes
            );
        }
    }
}

#[test]
fn at_a_zero_rate_the_tolerant_token_pays_the_rows_and_burns_nothing() {
    let mut chain = chain(0, 0);
    for (tx, rate) in batches(BURNS, 0, 0) {
        let (table, outcome) = run(&mut chain, &tx, rate);
        outcome.assert_success();
        assert_eq!(outcome.changes, table, "{tx}");
        assert_eq!(
            outcome.changes.of(Asset::Token(BURNS), Address::ZERO),
            Default::default()
        );
    }
}

#[test]
fn a_zero_batch_fee_reverts_on_a_token_that_refuses_zero_value_transfers() {
    // With a real fee address and a rate of 0 the batch fee is a `transferFrom` of 0, which a
    // LEND-like token refuses: the table predicts the rows paid, execution reverts.
    let (mut chain, _) = Chain::request_network(NETWORK);
    chain.deploy_token_at(Behaviour::ZeroValueRevert, 6, USDC);
    chain.mint(USDC, PAYER, U256::from(1_000_000_000u64));
    let builder = Builder::new(NETWORK);
    let approve = builder
        .approve_for(Flow::BatchConversion, at(USDC), Allowance::Unlimited)
        .unwrap();
    chain.send_transaction(PAYER, &approve).assert_success();
    let request = BatchRequest {
        recipient: at(PAYEE_A),
        request_amount: U256::from(AMOUNTS[0]),
        path: vec![USDC],
        reference: reference(0x43),
        fee_amount: U256::ZERO,
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    };
    let fee_to = at(super::builders::FEE_TO);
    let tx = builder
        .batch_requests_erc20(&[request], &[], fee_to)
        .unwrap();
    let (table, outcome) = run(&mut chain, &tx, 0);
    assert!(!table.is_empty());
    assert!(!outcome.succeeded(), "{:?}", outcome.status);
    assert!(outcome.changes.is_empty());
}
