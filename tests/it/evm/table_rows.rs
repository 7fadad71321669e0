//! The rows of the effects table (`securepay::calldata::effect`) that the builders' own
//! outputs do not reach, each executed: a `transferFrom` moves the holder's tokens; the
//! ERC20FeeProxy skips a fee to the zero address; the EthereumFeeProxy sends it there (burned);
//! the exact-native and native-batch calls refund the excess; `batchPayments` without a native
//! group keeps any value sent; a batch row's fee to the zero address stays in the batch
//! contract; the batch fees round down; a non-conversion row with a longer path pulls its
//! `maxToSpend` and pays from the contract's own balance; and the conversions, which the table cannot state (a market rate), pay what
//! the Chainlink aggregator says.

use alloy_primitives::{Address, B256, I256, U256, address};
use alloy_sol_types::{SolCall, SolValue};
use securepay::calldata::effect::{Excess, Hazard, NativeRule};
use securepay::calldata::{
    Allowance, BatchGroup, BatchPaymentNetwork, Builder, Erc20ConversionPayment, Erc20FeePayment,
    Fee, Flow, NativeConversionPayment, NativeFeePayment,
};
use securepay::contracts::{Contract, Deployments};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::abi::IChainlinkAdmin;
use super::builders::{
    CONVERSION_RATE, ETH, FEE_TO, LEGACY_RATE, PAYEE_A, PAYEE_B, PAYER, USDC, USDT, approve, at,
    executes_as_the_table_says, mainnet, payee, reference, request,
};
use super::chain::Chain;
use super::deploy::OWNER;
use super::effects::{decode, expected_changes};
use super::observe::Asset;
use super::tokens::Behaviour;

const NETWORK: Network = Network::Mainnet;

/// `tx` with every ABI word holding `FEE_TO` zeroed.
fn zero_fee_address(mut tx: Transaction) -> Transaction {
    let word = B256::left_padding_from(FEE_TO.as_slice());
    let mut data = tx.data.to_vec();
    let mut zeroed = 0;
    for chunk in data[4..].chunks_exact_mut(32) {
        if chunk == word.as_slice() {
            chunk.fill(0);
            zeroed += 1;
        }
    }
    assert!(zeroed > 0, "no fee address in {tx}");
    tx.data = data.into();
    tx
}

fn contract(contract: Contract) -> Address {
    Builder::new(NETWORK).contract(contract).unwrap().abi()
}

fn i(value: u64) -> I256 {
    I256::try_from(value).unwrap()
}

#[test]
fn transfer_from_moves_the_holder_s_tokens_with_its_allowance() {
    let mut chain = mainnet();
    const SPENDER: Address = Address::repeat_byte(0x66);
    let builder = Builder::new(NETWORK);
    let grant = builder
        .approve(at(USDC), at(SPENDER), Allowance::Exact(U256::from(700u16)))
        .unwrap();
    chain.send_transaction(PAYER, &grant).assert_success();
    let tx = builder
        .transfer_from(at(USDC), at(PAYER), at(PAYEE_A), U256::from(700u16))
        .unwrap();
    let (call, effect) = decode(NETWORK, &tx);
    let outcome = chain.send_transaction(SPENDER, &tx);
    outcome.assert_success();
    // The caller moves nothing of its own: the holder pays.
    assert_eq!(
        outcome.changes,
        expected_changes(&call, &effect, SPENDER, 0)
    );
    assert_eq!(
        outcome.changes.of(Asset::Token(USDC), PAYER),
        i(700).wrapping_neg()
    );
    assert_eq!(outcome.allowance(USDC, PAYER, SPENDER), U256::ZERO);
}

#[test]
fn the_erc20_fee_proxy_skips_a_fee_to_the_zero_address() {
    let mut chain = mainnet();
    approve(&mut chain, Flow::Erc20Fee, USDC);
    let payment = Erc20FeePayment::new(at(USDC), at(PAYEE_A), U256::from(5_000u16), reference(1))
        .with_fee(U256::from(70u8), at(FEE_TO));
    let tx = zero_fee_address(Builder::new(NETWORK).erc20_fee(&payment).unwrap());
    let (_, effect) = decode(NETWORK, &tx);
    assert_eq!(effect.flows.len(), 1, "the table has no fee flow");
    let outcome = executes_as_the_table_says(&mut chain, &tx, 0);
    assert_eq!(
        outcome.changes.of(Asset::Token(USDC), PAYER),
        i(5_000).wrapping_neg()
    );
}

#[test]
fn the_ethereum_fee_proxy_sends_a_fee_to_the_zero_address_which_burns_it() {
    let mut chain = mainnet();
    let payment = NativeFeePayment::new(at(PAYEE_A), U256::from(9_000u16), reference(2))
        .with_fee(U256::from(90u8), at(FEE_TO));
    let builder = Builder::new(NETWORK);
    for tx in [
        builder.native_fee(&payment).unwrap(),
        builder.native_fee_exact(&payment).unwrap(),
    ] {
        let tx = zero_fee_address(tx);
        let outcome = executes_as_the_table_says(&mut chain, &tx, 0);
        assert_eq!(outcome.changes.of(Asset::Native, Address::ZERO), i(90));
    }
}

#[test]
fn exact_native_payments_and_native_batches_refund_the_excess() {
    let mut chain = mainnet();
    let builder = Builder::new(NETWORK);
    let payment = NativeFeePayment::new(at(PAYEE_A), U256::from(10u64.pow(15)), reference(3))
        .with_fee(U256::from(10u64.pow(12)), at(FEE_TO));
    let mut exact = builder.native_fee_exact(&payment).unwrap();
    exact.value += U256::from(12_345u16);
    let (_, effect) = decode(NETWORK, &exact);
    assert!(matches!(
        effect.native,
        NativeRule::AtLeast {
            excess: Excess::Refunded,
            ..
        }
    ));
    let outcome = executes_as_the_table_says(&mut chain, &exact, 0);
    let paid = 10u64.pow(15) + 10u64.pow(12);
    assert_eq!(
        outcome.changes.of(Asset::Native, PAYER),
        i(paid).wrapping_neg()
    );
    let rows = [payee(PAYEE_A, 40_000, 400, 4), payee(PAYEE_B, 1_999, 0, 5)];
    let mut batch = builder
        .batch_native(&rows, at(FEE_TO), u32::from(LEGACY_RATE))
        .unwrap();
    batch.value += U256::from(777u16);
    executes_as_the_table_says(&mut chain, &batch, LEGACY_RATE);
}

#[test]
fn batch_payments_without_a_native_group_keeps_the_value_sent() {
    // Only native groups refund (`BatchConversionPayments.sol`, `batchPayments`): value sent
    // with ERC-20 groups only stays in the contract, in both deployed versions.
    let mut chain = mainnet();
    let group = BatchGroup {
        network: BatchPaymentNetwork::Erc20,
        requests: vec![request(PAYEE_A, 250_000, USDC, 100, 6)],
    };
    let mut tx = Builder::new(NETWORK)
        .batch_payments(&[group], &[], at(FEE_TO), u32::from(CONVERSION_RATE))
        .unwrap();
    tx.value = U256::from(31_337u16);
    let (_, effect) = decode(NETWORK, &tx);
    assert!(matches!(
        effect.native,
        NativeRule::AtLeast {
            excess: Excess::Kept,
            ..
        }
    ));
    for version in ["0.1.0", "0.2.0"] {
        let batch = Deployments::builtin()
            .deployment(NETWORK, Contract::BatchConversionPayments, Some(version))
            .unwrap()
            .address();
        approve(&mut chain, Flow::BatchConversion, USDC);
        let tx = Transaction {
            to: batch,
            ..tx.clone()
        };
        chain.set_batch_conversion_fee_at(batch.abi(), CONVERSION_RATE);
        let token = at(USDC);
        let grant = Builder::new(NETWORK)
            .approve(token, batch, Allowance::Unlimited)
            .unwrap();
        chain.send_transaction(PAYER, &grant).assert_success();
        let outcome = executes_as_the_table_says(&mut chain, &tx, CONVERSION_RATE);
        assert_eq!(
            outcome.changes.of(Asset::Native, batch.abi()),
            i(31_337),
            "{version}"
        );
    }
}

#[test]
fn a_batch_row_fee_to_the_zero_address_stays_in_the_batch_contract() {
    // With a token that lets the batch fee go to the zero address (at a rate of 0: a pull of 0),
    // the proxy skips each row's fee and the batch contract keeps what it pulled for it.
    let (mut chain, _) = Chain::request_network(NETWORK);
    chain.deploy_token_at(Behaviour::NoZeroCheck, 6, USDC);
    chain.mint(USDC, PAYER, U256::from(10u64.pow(12)));
    let builder = Builder::new(NETWORK);
    approve(&mut chain, Flow::LegacyBatch, USDC);
    approve(&mut chain, Flow::BatchConversion, USDC);
    let rows = [
        payee(PAYEE_A, 100_000, 2_500, 7),
        payee(PAYEE_B, 50_000, 0, 8),
    ];
    let legacy = zero_fee_address(builder.batch_erc20(at(USDC), &rows, at(FEE_TO)).unwrap());
    let requests = [
        request(PAYEE_A, 100_000, USDC, 2_500, 9),
        request(PAYEE_B, 50_000, USDC, 0, 10),
    ];
    let conversion = zero_fee_address(
        builder
            .batch_requests_erc20(&requests, &[], at(FEE_TO))
            .unwrap(),
    );
    for tx in [legacy, conversion] {
        let (_, effect) = decode(NETWORK, &tx);
        assert!(
            effect
                .hazards
                .iter()
                .any(|h| matches!(h, Hazard::Stranded { .. }))
        );
        let outcome = executes_as_the_table_says(&mut chain, &tx, 0);
        assert_eq!(
            outcome.changes.of(Asset::Token(USDC), tx.to.abi()),
            i(2_500)
        );
    }
}

#[test]
fn batch_fees_round_down() {
    let mut chain = mainnet();
    let builder = Builder::new(NETWORK);
    approve(&mut chain, Flow::LegacyBatch, USDC);
    approve(&mut chain, Flow::BatchConversion, USDC);
    // Legacy, per mille: 1999 × 10 / 1000 = 19.99, so 19; native too.
    let rows = [payee(PAYEE_A, 1_999, 0, 11)];
    let tx = builder.batch_erc20(at(USDC), &rows, at(FEE_TO)).unwrap();
    let outcome = executes_as_the_table_says(&mut chain, &tx, LEGACY_RATE);
    assert_eq!(outcome.changes.of(Asset::Token(USDC), FEE_TO), i(19));
    let tx = builder
        .batch_native(&rows, at(FEE_TO), u32::from(LEGACY_RATE))
        .unwrap();
    let outcome = executes_as_the_table_says(&mut chain, &tx, LEGACY_RATE);
    assert_eq!(outcome.changes.of(Asset::Native, FEE_TO), i(19));
    // Per ten thousand: 3333 × 30 / 10000 = 9.999, so 9; 333 × 30 / 10000 = 0.999, so 0.
    for (amount, fee) in [(3_333, 9), (333, 0)] {
        let requests = [request(PAYEE_A, amount, USDC, 0, 12)];
        let tx = builder
            .batch_requests_erc20(&requests, &[], at(FEE_TO))
            .unwrap();
        let outcome = executes_as_the_table_says(&mut chain, &tx, CONVERSION_RATE);
        assert_eq!(outcome.changes.of(Asset::Token(USDC), FEE_TO), i(fee));
    }
}

#[test]
fn a_non_conversion_row_with_a_longer_path_pulls_its_max_to_spend_and_keeps_it() {
    // `batchMultiERC20Payments` (id 2) pulls `maxToSpend` of `path[last]` for a row whose path
    // has more than one token (`getUTokens`), then pays the row in `path[0]` from the batch
    // contract's own balance (`BatchNoConversionPayments.sol` :322-330 at af792b64): the call
    // fails unless the contract holds some `path[0]`, and then what it pulled stays in it. The
    // table's `Stranded` hazard (the verifier refuses the call).
    let mut chain = mainnet();
    approve(&mut chain, Flow::BatchConversion, USDC);
    let mut row = request(PAYEE_A, 1_000, USDC, 0, 13);
    row.path = vec![USDT, USDC];
    row.max_to_spend = U256::from(5_000u16);
    let tx = Builder::new(NETWORK)
        .batch_requests_multi_erc20(&[row], &[], at(FEE_TO))
        .unwrap();
    let (_, effect) = decode(NETWORK, &tx);
    assert!(effect.hazards.iter().any(|h| matches!(
        h,
        Hazard::Stranded { amount, .. } if *amount == U256::from(5_000u16)
    )));
    let outcome = chain.send_transaction(PAYER, &tx);
    assert!(!outcome.succeeded(), "{:?}", outcome.status);
    // Once the contract has approved the proxy for USDT (its first USDT batch does, for good)
    // and holds some USDT (left by anyone), the row is paid from it and the payer's 5000 USDC
    // stay there.
    approve(&mut chain, Flow::BatchConversion, USDT);
    let usdt = Builder::new(NETWORK)
        .batch_requests_multi_erc20(&[request(PAYEE_B, 10, USDT, 0, 16)], &[], at(FEE_TO))
        .unwrap();
    chain.send_transaction(PAYER, &usdt).assert_success();
    let batch = tx.to.abi();
    chain.mint(USDT, batch, U256::from(1_000u16));
    let outcome = chain.send_transaction(PAYER, &tx);
    outcome.assert_success();
    assert_eq!(
        outcome.changes.of(Asset::Token(USDC), PAYER),
        i(5_000).wrapping_neg()
    );
    assert_eq!(outcome.changes.of(Asset::Token(USDC), batch), i(5_000));
    assert_eq!(outcome.changes.of(Asset::Token(USDT), PAYEE_A), i(1_000));
}

/// The USD currency hash (the request currency of conversions).
const USD: Address = address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b");

/// An aggregator mock answering `answer` (8 decimals, a minute old) for `input` → USD (its
/// constructor takes `int256, uint8, uint8`: a positive answer is the same word as a uint).
fn aggregate(chain: &mut Chain, input: Address, answer: u64) {
    let aggregator = chain.create(
        "requestnetwork-f1942807/test/AggregatorMock.sol:AggregatorMock",
        &(U256::from(answer), U256::from(8u8), U256::from(60u8)).abi_encode_params(),
    );
    let path = contract(Contract::ChainlinkConversionPath);
    let call = IChainlinkAdmin::updateAggregatorCall {
        _input: input,
        _output: USD,
        _aggregator: aggregator,
    };
    chain.run(OWNER, path, call.abi_encode(), U256::ZERO);
}

#[test]
fn conversions_pay_what_the_aggregator_says_which_the_table_cannot_state() {
    let mut chain = mainnet();
    for proxy in [Contract::Erc20ConversionProxy, Contract::EthConversionProxy] {
        assert!(chain.has_code(contract(proxy)), "{proxy:?} is not compiled");
    }
    aggregate(&mut chain, USDC, 100_000_000); // 1 USDC = 1 USD
    aggregate(&mut chain, ETH, 2_000 * 100_000_000); // 1 ETH = 2000 USD
    let builder = Builder::new(NETWORK);
    approve(&mut chain, Flow::Erc20Conversion, USDC);
    // 100 USD (8 decimals) in USDC, a fee of 1 USD.
    let fee = Some(Fee {
        amount: U256::from(100_000_000u64),
        recipient: at(FEE_TO),
    });
    let erc20 = builder
        .erc20_conversion(&Erc20ConversionPayment {
            to: at(PAYEE_A),
            request_amount: U256::from(10_000_000_000u64),
            path: vec![USD, USDC],
            reference: reference(14),
            fee,
            max_to_spend: U256::from(102_000_000u64),
            max_rate_timespan: U256::ZERO,
        })
        .unwrap();
    let native = builder
        .native_conversion(&NativeConversionPayment {
            to: at(PAYEE_B),
            request_amount: U256::from(10_000_000_000u64),
            path: vec![USD, ETH],
            reference: reference(15),
            fee,
            max_to_spend: U256::from(10u64.pow(17)),
            max_rate_timespan: U256::ZERO,
        })
        .unwrap();
    for tx in [&erc20, &native] {
        let (_, effect) = decode(NETWORK, tx);
        assert!(
            effect
                .hazards
                .iter()
                .any(|h| matches!(h, Hazard::Unverifiable { .. })),
            "{tx}"
        );
    }
    let outcome = chain.send_transaction(PAYER, &erc20);
    outcome.assert_success();
    let token = Asset::Token(USDC);
    assert_eq!(outcome.changes.of(token, PAYEE_A), i(100_000_000));
    assert_eq!(outcome.changes.of(token, FEE_TO), i(1_000_000));
    // 100 USD at 2000 USD per ETH: 0.05 ETH, and 0.0005 ETH of fee; the rest of the value
    // (0.1 ETH) is refunded.
    let outcome = chain.send_transaction(PAYER, &native);
    outcome.assert_success();
    assert_eq!(
        outcome.changes.of(Asset::Native, PAYEE_B),
        i(5 * 10u64.pow(16))
    );
    assert_eq!(
        outcome.changes.of(Asset::Native, FEE_TO),
        i(5 * 10u64.pow(14))
    );
    assert_eq!(
        outcome.changes.of(Asset::Native, PAYER),
        i(5 * 10u64.pow(16) + 5 * 10u64.pow(14)).wrapping_neg()
    );
}
