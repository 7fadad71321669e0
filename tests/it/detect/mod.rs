//! Integration tests of `securepay::detect`: reading chain JSON, decoding the payment events,
//! Request Network's rules, the answer, webhooks against the chain, Tron and cross-chain.
//!
//! The helpers build logs as a node writes them (`eth_getLogs` objects, hex quantities).

mod cross_chain;
mod decode;
mod ledger;
mod read;
mod rn_fixtures;
mod rules;
mod stream;
mod tron;
mod webhook;

use alloy_primitives::U256;
use securepay::calldata::PaymentReference;
use securepay::detect::{ChainData, Criteria, Settlement, detect};
use securepay::network::Network;
use serde_json::{Value, json};

/// `TransferWithReferenceAndFee` (ERC-20).
pub const ERC20_FEE: &str = "0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6";
/// `TransferWithReferenceAndFee` (native).
pub const NATIVE_FEE: &str = "0xa1c241e337c4610a9d0f881111e977e9dc8690c85fe2108897bb1483c66e6a96";
/// `TransferWithConversionAndReference`.
pub const CONVERSION: &str = "0x96d0d1d75923f40b50f6fe74613b2c23239149607848fbca3941fee7ac041cdc";
/// `TransferWithReference` (ERC-20).
pub const ERC20_REF: &str = "0x4d4e9dbb7207a31cc25529ccb52e52ddba30ded7734e32691d13da66df7f81da";
/// `TransferWithReference` (native).
pub const NATIVE_REF: &str = "0xf20789bd5e67749fbe748d26a9ffacd11036adee6a64a8dbc70cc37a98b4e542";
/// ERC-20 `Transfer`.
pub const TRANSFER: &str = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/// ERC20FeeProxy 0.2.0 on Base.
pub const BASE_FEE_PROXY: &str = "0x1892196e80c4c17ea5100da765ab48c1fe2fb814";
/// EthereumFeeProxy 0.2.0 on Base.
pub const BASE_ETH_FEE_PROXY: &str = "0xd9c3889eb8da6ce449bffe3cd194d08a436e96f2";
/// Erc20ConversionProxy on Base.
pub const BASE_ERC20_CONVERSION: &str = "0x8296d56321cf207925a7804e5a8e3f579838e6ad";
/// EthConversionProxy on Base.
pub const BASE_ETH_CONVERSION: &str = "0xedfd8386d5de52072b4ad8dc69bbd0bb89f9a1fb";
/// ERC20Proxy on Base.
pub const BASE_ERC20_PROXY: &str = "0xc31323ea7513799e1e112dc15a05d5b600cc357e";
/// EthereumProxy 0.3.0 on Base.
pub const BASE_ETH_PROXY: &str = "0x090d3583e3f5953e2cc758b146f4ae11f8224ad7";
/// BatchConversionPayments on Base.
pub const BASE_BATCH: &str = "0x1af3f22685acddc788b3730ed415912d8f654420";
/// USDC on Base.
pub const USDC_BASE: &str = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
/// USDT on Base.
pub const USDT_BASE: &str = "0xfde4c96c8593536e31f229ea8f37b2ada2699bb2";
/// A payee.
pub const PAYEE: &str = "0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7";
/// The request's fee address.
pub const FEE_TO: &str = "0x9795d480c2c50392a4714a0f468059c6448dece2";
/// EUR's currency hash.
pub const EUR_HASH: &str = "0x17b4158805772ced11225e77339f90beb5aae968";
/// ETH-base-base's currency hash.
pub const ETH_BASE_HASH: &str = "0xb678b03f3f3a6ea652ad1d183032fac176d83b08";

/// The reference of the tests: `derive("abcd", "salt", PAYEE)`.
pub fn reference() -> PaymentReference {
    PaymentReference::derive("abcd", "salt", PAYEE).unwrap()
}

/// The indexed topic of `reference`.
pub fn topic(reference: PaymentReference) -> String {
    format!("{:#x}", reference.topic())
}

/// A 32-byte word holding a 20-byte address.
pub fn addr_word(address: &str) -> String {
    let digits = address.trim_start_matches("0x").to_lowercase();
    assert_eq!(digits.len(), 40, "{address}");
    format!("{:0>64}", digits)
}

/// A 32-byte word holding a number.
pub fn num_word(value: U256) -> String {
    format!("{value:064x}")
}

/// Words as `data`.
pub fn data(words: &[String]) -> String {
    format!("0x{}", words.concat())
}

/// `TransferWithReferenceAndFee` (ERC-20) data.
pub fn erc20_fee_data(token: &str, to: &str, amount: u128, fee: u128, fee_to: &str) -> String {
    data(&[
        addr_word(token),
        addr_word(to),
        num_word(U256::from(amount)),
        num_word(U256::from(fee)),
        addr_word(fee_to),
    ])
}

/// `TransferWithReferenceAndFee` (native) data.
pub fn native_fee_data(to: &str, amount: u128, fee: u128, fee_to: &str) -> String {
    data(&[
        addr_word(to),
        num_word(U256::from(amount)),
        num_word(U256::from(fee)),
        addr_word(fee_to),
    ])
}

/// `TransferWithConversionAndReference` data.
pub fn conversion_data(amount: u128, currency: &str, fee: u128, max_rate_timespan: u128) -> String {
    data(&[
        num_word(U256::from(amount)),
        addr_word(currency),
        num_word(U256::from(fee)),
        num_word(U256::from(max_rate_timespan)),
    ])
}

/// A transaction hash of repeated `byte`.
pub fn tx(byte: u8) -> String {
    format!("0x{}", format!("{byte:02x}").repeat(32))
}

/// A mined log of transaction `tx(tx_byte)`, block `block`, index `index`.
pub fn log(
    address: &str,
    topics: &[&str],
    data: &str,
    block: u64,
    tx_byte: u8,
    index: u64,
) -> Value {
    json!({
        "address": address,
        "topics": topics,
        "data": data,
        "blockNumber": format!("{block:#x}"),
        "blockHash": format!("0x{}", "bb".repeat(32)),
        "transactionHash": tx(tx_byte),
        "transactionIndex": "0x0",
        "logIndex": format!("{index:#x}"),
        "removed": false,
    })
}

/// An ERC20FeeProxy payment on Base of `amount` USDC units to `to` with `fee` to `fee_to`.
pub fn usdc_payment(
    reference: PaymentReference,
    to: &str,
    amount: u128,
    fee: u128,
    fee_to: &str,
    tx_byte: u8,
    index: u64,
) -> Value {
    log(
        BASE_FEE_PROXY,
        &[ERC20_FEE, &topic(reference)],
        &erc20_fee_data(USDC_BASE, to, amount, fee, fee_to),
        30_000_000,
        tx_byte,
        index,
    )
}

/// The criteria of the tests on Base: the reference, the payee, USDC, the fee address.
pub fn usdc_criteria() -> Criteria {
    Criteria::new(Network::Base, reference())
        .with_payee(PAYEE.parse().unwrap())
        .unwrap()
        .with_currency(
            securepay::currency::Catalog::builtin()
                .get("USDC-base")
                .unwrap()
                .clone(),
        )
        .unwrap()
        .with_fee_address(FEE_TO.parse().unwrap())
        .unwrap()
}

/// Reads `json` as chain data of `network` and detects with `criteria`.
pub fn run(network: Network, json: &Value, criteria: &Criteria) -> Settlement {
    let bytes = serde_json::to_vec(json).unwrap();
    stream::agrees(network, &bytes, criteria);
    let chain = ChainData::from_slice(network, &bytes).unwrap();
    detect(&chain, criteria).unwrap()
}

/// The codes of the ignored entries, in order.
pub fn ignored_codes(settlement: &Settlement) -> Vec<&'static str> {
    settlement.ignored.iter().map(|i| i.why.code()).collect()
}
