//! Each builder of `securepay::calldata::Builder`, executed against the real contracts on
//! mainnet's addresses: the call succeeds and moves exactly what the effects table says for its
//! decoded call (every balance change of every address, native and tokens), and an approval
//! leaves exactly its allowance.

use alloy_primitives::{Address, U256, address};
use securepay::address::ChainAddress;
use securepay::calldata::{
    Allowance, BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, BatchTokenPayee, Builder,
    Erc20FeePayment, Flow, NativeFeePayment, PaymentReference,
};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::chain::Chain;
use super::effects::{decode, expected_changes};
use super::observe::Outcome;
use super::tokens::Behaviour;

const NETWORK: Network = Network::Mainnet;
pub const PAYER: Address = Address::repeat_byte(0x11);
pub const PAYEE_A: Address = Address::repeat_byte(0x22);
pub const PAYEE_B: Address = Address::repeat_byte(0x33);
pub const FEE_TO: Address = Address::repeat_byte(0x44);
/// USDC and USDT on mainnet (catalog tokens: the decoder knows approvals to them).
pub const USDC: Address = address!("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
pub const USDT: Address = address!("0xdAC17F958D2ee523a2206206994597C13D831ec7");
/// ETH's currency hash on mainnet (the `path` of native batch rows).
pub const ETH: Address = address!("0xf5af88e117747e87fc5929f2ff87221b1447652e");

/// The legacy batch contract's rate (per mille) and BatchConversionPayments' (per ten thousand).
pub const LEGACY_RATE: u16 = 10;
pub const CONVERSION_RATE: u16 = 30;

pub fn at(address: Address) -> ChainAddress {
    ChainAddress::from_abi(NETWORK, address)
}

pub fn reference(byte: u8) -> PaymentReference {
    PaymentReference::new([byte; 8])
}

/// Mainnet's contracts, USDC and USDT as OpenZeppelin tokens of 6 decimals, the payer funded.
pub fn mainnet() -> Chain {
    let (mut chain, _) = Chain::request_network(NETWORK);
    for token in [USDC, USDT] {
        chain.deploy_token_at(Behaviour::Standard, 6, token);
        chain.mint(token, PAYER, U256::from(1_000_000_000_000u64));
    }
    chain.fund(PAYER, U256::from(10u128.pow(20)));
    chain.set_legacy_batch_fee(LEGACY_RATE);
    chain.set_batch_conversion_fee(CONVERSION_RATE);
    chain
}

/// Sends `tx` from the payer and asserts that it succeeded and moved exactly what the table
/// says (at the batch rate `rate`), and that an approval left exactly its amount.
#[track_caller]
pub fn executes_as_the_table_says(chain: &mut Chain, tx: &Transaction, rate: u16) -> Outcome {
    let (call, effect) = decode(NETWORK, tx);
    let expected = expected_changes(&call, &effect, PAYER, u32::from(rate));
    let outcome = chain.send_transaction(PAYER, tx);
    outcome.assert_success();
    assert_eq!(
        outcome.changes, expected,
        "{tx}\nobserved:\n{}expected by the table:\n{}",
        outcome.changes, expected
    );
    if let Some(approval) = effect.approval {
        let token = approval.token.abi();
        let left = outcome.allowance(token, PAYER, approval.spender.abi());
        assert_eq!(left, approval.amount, "allowance after {tx}");
    }
    outcome
}

pub fn approve(chain: &mut Chain, flow: Flow, token: Address) {
    let tx = Builder::new(NETWORK)
        .approve_for(flow, at(token), Allowance::Unlimited)
        .unwrap();
    executes_as_the_table_says(chain, &tx, 0);
}

#[test]
fn erc20_fee_payment_moves_the_amount_and_the_fee() {
    let mut chain = mainnet();
    let builder = Builder::new(NETWORK);
    let exact = builder
        .approve_for(
            Flow::Erc20Fee,
            at(USDC),
            Allowance::Exact(U256::from(1_003_000u64)),
        )
        .unwrap();
    executes_as_the_table_says(&mut chain, &exact, 0);
    let payment = Erc20FeePayment::new(
        at(USDC),
        at(PAYEE_A),
        U256::from(1_000_000u64),
        reference(1),
    )
    .with_fee(U256::from(3_000u64), at(FEE_TO));
    let tx = builder.erc20_fee(&payment).unwrap();
    let outcome = executes_as_the_table_says(&mut chain, &tx, 0);
    // The exact approval is spent to the last unit.
    let proxy = builder
        .contract(securepay::contracts::Contract::Erc20FeeProxy)
        .unwrap();
    assert_eq!(outcome.allowance(USDC, PAYER, proxy.abi()), U256::ZERO);
    // Without a fee: the fee leg is skipped.
    approve(&mut chain, Flow::Erc20Fee, USDC);
    let plain = Erc20FeePayment::new(at(USDC), at(PAYEE_B), U256::from(7u8), reference(2));
    executes_as_the_table_says(&mut chain, &builder.erc20_fee(&plain).unwrap(), 0);
}

#[test]
fn native_fee_payments_move_the_amount_and_the_fee() {
    let mut chain = mainnet();
    let builder = Builder::new(NETWORK);
    let payment = NativeFeePayment::new(at(PAYEE_A), U256::from(10u64.pow(18)), reference(3))
        .with_fee(U256::from(10u64.pow(15)), at(FEE_TO));
    executes_as_the_table_says(&mut chain, &builder.native_fee(&payment).unwrap(), 0);
    executes_as_the_table_says(&mut chain, &builder.native_fee_exact(&payment).unwrap(), 0);
    let plain = NativeFeePayment::new(at(PAYEE_B), U256::from(5u8), reference(4));
    executes_as_the_table_says(&mut chain, &builder.native_fee(&plain).unwrap(), 0);
}

#[test]
fn approvals_and_transfers_do_what_they_say() {
    let mut chain = mainnet();
    let builder = Builder::new(NETWORK);
    for flow in [Flow::Erc20Fee, Flow::LegacyBatch, Flow::BatchConversion] {
        let exact = builder
            .approve_for(flow, at(USDT), Allowance::Exact(U256::from(123u8)))
            .unwrap();
        executes_as_the_table_says(&mut chain, &exact, 0);
        approve(&mut chain, flow, USDT);
    }
    let transfer = builder
        .erc20_transfer(at(USDC), at(FEE_TO), U256::from(42u8))
        .unwrap();
    executes_as_the_table_says(&mut chain, &transfer, 0);
}

pub fn payee(to: Address, amount: u64, fee: u64, byte: u8) -> BatchPayee {
    BatchPayee {
        to: at(to),
        amount: U256::from(amount),
        reference: reference(byte),
        fee_amount: U256::from(fee),
    }
}

#[test]
fn legacy_batches_move_rows_row_fees_and_the_batch_fee() {
    let mut chain = mainnet();
    let builder = Builder::new(NETWORK);
    approve(&mut chain, Flow::LegacyBatch, USDC);
    approve(&mut chain, Flow::LegacyBatch, USDT);
    let rows = [
        payee(PAYEE_A, 1_000_000, 2_000, 5),
        payee(PAYEE_B, 2_500_001, 0, 6),
    ];
    let single = builder.batch_erc20(at(USDC), &rows, at(FEE_TO)).unwrap();
    executes_as_the_table_says(&mut chain, &single, LEGACY_RATE);
    let multi = [
        BatchTokenPayee {
            token: at(USDC),
            payee: rows[0],
        },
        BatchTokenPayee {
            token: at(USDT),
            payee: rows[1],
        },
    ];
    let tx = builder.batch_erc20_multi(&multi, at(FEE_TO)).unwrap();
    executes_as_the_table_says(&mut chain, &tx, LEGACY_RATE);
    let native = [
        payee(PAYEE_A, 10u64.pow(17), 10u64.pow(15), 7),
        payee(PAYEE_B, 999, 1, 8),
    ];
    let tx = builder
        .batch_native(&native, at(FEE_TO), u32::from(LEGACY_RATE))
        .unwrap();
    executes_as_the_table_says(&mut chain, &tx, LEGACY_RATE);
}

pub fn request(to: Address, amount: u64, token: Address, fee: u64, byte: u8) -> BatchRequest {
    BatchRequest {
        recipient: at(to),
        request_amount: U256::from(amount),
        path: vec![token],
        reference: reference(byte),
        fee_amount: U256::from(fee),
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    }
}

#[test]
fn batch_conversion_payments_without_conversion_move_what_the_table_says() {
    let mut chain = mainnet();
    let builder = Builder::new(NETWORK);
    approve(&mut chain, Flow::BatchConversion, USDC);
    approve(&mut chain, Flow::BatchConversion, USDT);
    let usdc = [
        request(PAYEE_A, 1_000_000, USDC, 1_000, 9),
        request(PAYEE_B, 333_333, USDC, 0, 10),
    ];
    let tx = builder
        .batch_requests_erc20(&usdc, &[], at(FEE_TO))
        .unwrap();
    executes_as_the_table_says(&mut chain, &tx, CONVERSION_RATE);
    let mixed = [
        request(PAYEE_A, 1_000_000, USDC, 1_000, 11),
        request(PAYEE_B, 4_444_444, USDT, 44, 12),
    ];
    let tx = builder
        .batch_requests_multi_erc20(&mixed, &[], at(FEE_TO))
        .unwrap();
    executes_as_the_table_says(&mut chain, &tx, CONVERSION_RATE);
    let native = [
        request(PAYEE_A, 10u64.pow(17), ETH, 10u64.pow(14), 13),
        request(PAYEE_B, 12_345, ETH, 0, 14),
    ];
    let tx = builder
        .batch_requests_native(&native, true, at(FEE_TO), u32::from(CONVERSION_RATE))
        .unwrap();
    executes_as_the_table_says(&mut chain, &tx, CONVERSION_RATE);
    let groups = [
        BatchGroup {
            network: BatchPaymentNetwork::Erc20,
            requests: usdc.to_vec(),
        },
        BatchGroup {
            network: BatchPaymentNetwork::MultiErc20,
            requests: mixed.to_vec(),
        },
        BatchGroup {
            network: BatchPaymentNetwork::Native,
            requests: native.to_vec(),
        },
    ];
    let tx = builder
        .batch_payments(&groups, &[], at(FEE_TO), u32::from(CONVERSION_RATE))
        .unwrap();
    executes_as_the_table_says(&mut chain, &tx, CONVERSION_RATE);
}
