//! Detection from an `eth_getLogs` answer: `n` ERC20FeeProxy events on Base, every other one
//! of the request (the others of other references), as a node returns the proxy's logs over a
//! block range.

use std::hint::black_box;

use alloy_primitives::{Address, B256, U256, address};
use alloy_sol_types::SolEvent;
use alloy_sol_types::abi::AbiDecoderConfig;
use securepay::address::ChainAddress;
use securepay::calldata::PaymentReference;
use securepay::contracts::events::ERC20FeeProxyEvents::TransferWithReferenceAndFee;
use securepay::currency::Catalog;
use securepay::detect::{ChainData, Criteria, detect};
use securepay::network::Network;

use super::{Comparison, op};

/// The numbers of logs of the detection bench.
pub const DETECT_SIZES: [usize; 4] = [10, 100, 1000, 10_000];

const PROXY: Address = address!("0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814");
const USDC: Address = address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
const PAYEE: Address = address!("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
const FEE_TO: Address = address!("0x9795d480C2C50392A4714A0F468059C6448DeCe2");

/// The request's reference.
pub fn detect_reference() -> PaymentReference {
    PaymentReference::new([0xe2, 0x3a, 0x6b, 0x02, 0x05, 0x9c, 0x2b, 0x30])
}

/// What the backend knows of the request.
pub fn detect_criteria() -> Criteria {
    Criteria::new(Network::Base, detect_reference())
        .with_payee(ChainAddress::from_abi(Network::Base, PAYEE))
        .unwrap()
        .with_currency(Catalog::builtin().get("USDC-base").unwrap().clone())
        .unwrap()
        .with_fee_address(ChainAddress::from_abi(Network::Base, FEE_TO))
        .unwrap()
}

/// A 32-byte word of an address.
fn word(address: Address) -> String {
    format!("{:0>64}", alloy_primitives::hex::encode(address))
}

/// The `eth_getLogs` answer (a JSON array) of `n` logs: log `i` pays `1_000_000 + i` units with
/// a fee of `i % 1000`, of the request when `i` is even, of reference `i` otherwise.
pub fn detect_logs_bytes(n: usize) -> Vec<u8> {
    let ours = format!("{:#x}", detect_reference().topic());
    let logs: Vec<serde_json::Value> = (0..n)
        .map(|i| {
            let topic = if i % 2 == 0 {
                ours.clone()
            } else {
                format!(
                    "{:#x}",
                    PaymentReference::new((i as u64).to_be_bytes()).topic()
                )
            };
            let data = format!(
                "0x{}{}{:064x}{:064x}{}",
                word(USDC),
                word(PAYEE),
                1_000_000 + i as u64,
                i % 1000,
                word(FEE_TO)
            );
            serde_json::json!({
                "address": format!("{PROXY:#x}"),
                "topics": [format!("{:#x}", TransferWithReferenceAndFee::SIGNATURE_HASH), topic],
                "data": data,
                "blockNumber": format!("{:#x}", 30_000_000 + i / 50),
                "blockHash": format!("{:#x}", B256::from(U256::from(30_000_000 + i / 50))),
                "transactionHash": format!("{:#x}", B256::from(U256::from(i + 1))),
                "transactionIndex": format!("{:#x}", i % 50),
                "logIndex": format!("{:#x}", i % 50 * 3),
                "removed": false,
            })
        })
        .collect();
    serde_json::to_vec(&logs).unwrap()
}

const STRICT: AbiDecoderConfig = AbiDecoderConfig::new().strict(true);

/// The raw way: the JSON into a `serde_json::Value`, each log's hex decoded, the event decoded
/// strictly with `sol!`, kept when the proxy emitted it with the reference's topic, to the
/// payee, in USDC. Returns the sum of the amounts.
pub fn raw_detect(bytes: &[u8], topic: B256) -> U256 {
    let value: serde_json::Value = serde_json::from_slice(bytes).unwrap();
    let mut sum = U256::ZERO;
    for log in value.as_array().unwrap() {
        let emitter: Address = log["address"].as_str().unwrap().parse().unwrap();
        let topics: Vec<B256> = log["topics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().parse().unwrap())
            .collect();
        let data = alloy_primitives::hex::decode(log["data"].as_str().unwrap()).unwrap();
        let Ok(event) = TransferWithReferenceAndFee::decode_raw_log_with_config(
            topics.iter().copied(),
            &data,
            STRICT,
        ) else {
            continue;
        };
        if emitter == PROXY
            && topics.get(1) == Some(&topic)
            && event.to == PAYEE
            && event.tokenAddress == USDC
        {
            sum += event.amount;
        }
    }
    sum
}

/// Detection from the bytes (read strictly, decoded, matched, settled) beside
/// `serde_json::from_slice::<Value>` of the same bytes, and beside the raw way ([`raw_detect`]).
pub fn detect_comparisons() -> Vec<Comparison> {
    let criteria = detect_criteria();
    let topic = detect_reference().topic();
    DETECT_SIZES
        .into_iter()
        .flat_map(|n| {
            let bytes = detect_logs_bytes(n);
            let settlement = detect(
                &ChainData::from_slice(Network::Base, &bytes).unwrap(),
                &criteria,
            )
            .unwrap();
            assert_eq!(settlement.payments.len(), n.div_ceil(2));
            assert_eq!(
                U256::try_from(settlement.balance).unwrap(),
                raw_detect(&bytes, topic)
            );
            let ours = |bytes: Vec<u8>, criteria: Criteria| {
                op("securepay detect (read + decode + match)", move || {
                    let chain = ChainData::from_slice(Network::Base, black_box(&bytes)).unwrap();
                    black_box(detect(&chain, &criteria).unwrap());
                })
            };
            let value = bytes.clone();
            let raw = bytes.clone();
            [
                Comparison {
                    group: "detect/getLogs",
                    size: Some(n),
                    ours: ours(bytes.clone(), criteria.clone()),
                    baseline: op("serde_json::from_slice::<Value>", move || {
                        black_box(
                            serde_json::from_slice::<serde_json::Value>(black_box(&value)).unwrap(),
                        );
                    }),
                },
                Comparison {
                    group: "detect/getLogs (raw)",
                    size: Some(n),
                    ours: ours(bytes, criteria.clone()),
                    baseline: op("Value + hex + sol! strict decode + match", move || {
                        black_box(raw_detect(black_box(&raw), topic));
                    }),
                },
            ]
        })
        .collect()
}
