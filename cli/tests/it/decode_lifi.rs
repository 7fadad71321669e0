//! `securepay decode` at the LI.FI diamond: the Across V4 calls of
//! `vectors/lifi-calldata-examples.jsonl` with every field the vector gives, a cross-chain call
//! built by the plan fixtures with its destination payments through the ERC20FeeProxy, the
//! other LI.FI functions refused by name (exit 1), truncated calldata refused (exit 1).

use crate::common;

use std::process::Output;

use alloy_primitives::U256;
use common::cli::{code, json_out, stderr};
use securepay::address::ChainAddress;
use securepay::calldata::PaymentReference;
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, CrossChainRoute, FeeBearer, PayResponse, PaymentPlan, PlannedFee, PlannedPayment,
};
use serde_json::{Value, json};

const DIAMOND: &str = "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE";
const BASE_PROXY: &str = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814";
const USDC_BASE: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const PAYEE_2: &str = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
const FEE_TO: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";

/// `securepay decode --network NETWORK --to TO -` with `data` on standard input.
fn decode(network: &str, to: &str, data: &str) -> Output {
    common::cli::run(
        &["decode", "--network", network, "--to", to, "-"],
        data.as_bytes(),
        &[],
    )
}

fn vectors() -> Vec<Value> {
    std::fs::read_to_string(common::data_path("vectors/lifi-calldata-examples.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn network_of(vector: &Value) -> &'static str {
    match vector["chainId"].as_u64().unwrap() {
        1 => "mainnet",
        137 => "matic",
        42161 => "arbitrum-one",
        other => panic!("a chain the vectors do not use: {other}"),
    }
}

/// A hex value in lowercase (addresses are compared without their checksum).
fn lower(value: &Value) -> Value {
    match value.as_str() {
        Some(text) if text.starts_with("0x") => json!(text.to_lowercase()),
        _ => value.clone(),
    }
}

/// The address in a `bytes32` word written as `0x` and 64 hex digits.
fn word_address(word: &Value) -> Value {
    let text = word.as_str().unwrap();
    assert_eq!(
        &text[..26],
        "0x000000000000000000000000",
        "an EVM address word: {text}"
    );
    json!(format!("0x{}", &text[26..]))
}

#[test]
fn the_across_v4_vectors_decode_with_every_field_the_vector_gives() {
    let mut decoded = 0;
    for vector in vectors() {
        let function = vector["function"].as_str().unwrap();
        if !function.ends_with("ViaAcrossV4 (AcrossFacetV4)") {
            continue;
        }
        decoded += 1;
        let to = vector["to"].as_str().unwrap();
        let output = decode(network_of(&vector), to, vector["data"].as_str().unwrap());
        assert_eq!(code(&output), 0, "{function}: {}", stderr(&output));
        let answer = json_out(&output);
        assert_eq!(answer["contract"], "LiFiDiamond");
        assert_eq!(answer["to"], DIAMOND);
        assert_eq!(answer["value"], "0");
        assert!(function.starts_with(&format!("{} ", answer["function"].as_str().unwrap())));
        let expected = &vector["decoded"];
        let args = &answer["args"];
        // BridgeData: exactly the vector's object, checksums included.
        assert_eq!(args["_bridgeData"], expected["bridgeData"], "{function}");
        // AcrossV4Data: the eleven fields; the vector gives ten or eleven of them, the address
        // fields as bytes32 words.
        let across = expected["acrossData"].as_object().unwrap();
        assert_eq!(args["_acrossData"].as_object().unwrap().len(), 11);
        assert!(across.len() >= 10);
        for (field, value) in across {
            let value = match field.as_str() {
                "receiverAddress" | "refundAddress" | "sendingAssetId" | "receivingAssetId" => {
                    word_address(value)
                }
                _ => value.clone(),
            };
            assert_eq!(
                lower(&args["_acrossData"][field]),
                lower(&value),
                "{function}: {field}"
            );
        }
        // Source swaps: the vector's fields but the selector it adds.
        let swaps = expected["swapData"].as_array().cloned().unwrap_or_default();
        match args.get("_swapData") {
            None => assert!(swaps.is_empty(), "{function}"),
            Some(actual) => {
                let actual = actual.as_array().unwrap();
                assert_eq!(actual.len(), swaps.len());
                for (swap, got) in swaps.iter().zip(actual) {
                    for (field, value) in swap.as_object().unwrap() {
                        if field != "callDataSelector" {
                            assert_eq!(lower(&got[field]), lower(value), "{function}: {field}");
                        }
                    }
                }
            }
        }
        assert_eq!(
            answer["destination"],
            Value::Null,
            "no example has a destination call"
        );
    }
    assert_eq!(decoded, 2);
}

#[test]
fn the_other_lifi_functions_at_the_diamond_exit_1_naming_the_function() {
    let mut refused = 0;
    for vector in vectors() {
        let function = vector["function"].as_str().unwrap();
        let to = vector["to"].as_str().unwrap();
        if function.contains("(AcrossFacetV4)") || !to.eq_ignore_ascii_case(DIAMOND) {
            continue;
        }
        refused += 1;
        let output = decode(network_of(&vector), to, vector["data"].as_str().unwrap());
        assert_eq!(code(&output), 1, "{function}");
        let error = json_out(&output)["error"].as_str().unwrap().to_owned();
        assert!(stderr(&output).contains(&error));
        assert!(error.starts_with("LI.FI diamond: "), "{error}");
        assert!(!error.contains("unknown function selector"), "{error}");
        let selector = vector["selector"]
            .as_str()
            .unwrap_or(&vector["data"].as_str().unwrap()[..10]);
        if function.contains("historical") {
            // The 2023 StargateFacet: not in lifi-abi.json.
            assert_eq!(
                error,
                format!("LI.FI diamond: unknown LI.FI function selector {selector}")
            );
        } else {
            // "swapAndStartBridgeTokensViaStargate (StargateFacetV2)" →
            // "swapAndStartBridgeTokensViaStargate (0xa6010a66, StargateFacetV2) is not allowed: …"
            let (name, contract) = function.trim_end_matches(')').split_once(" (").unwrap();
            assert!(
                error.starts_with(&format!("LI.FI diamond: {name} ({selector}, {contract}) is not allowed: only startBridgeTokensViaAcrossV4 and swapAndStartBridgeTokensViaAcrossV4 pass")),
                "{error}"
            );
        }
    }
    // StargateFacetV2, GenericSwapFacetV3, 3 × RelayFacet, the 2023 StargateFacet.
    assert_eq!(refused, 6);
}

#[test]
fn truncated_calldata_at_the_diamond_exits_1_with_the_reason() {
    let vector = &vectors()[0];
    let data = vector["data"].as_str().unwrap();
    for (cut, reason) in [
        (
            data.len() - 64,
            "LI.FI diamond: startBridgeTokensViaAcrossV4: calldata is truncated",
        ),
        (
            10,
            "LI.FI diamond: startBridgeTokensViaAcrossV4: calldata is truncated",
        ),
        (
            6,
            "calldata of 2 byte(s) is too short to hold a function selector",
        ),
    ] {
        let output = decode("arbitrum-one", DIAMOND, &data[..cut]);
        assert_eq!(code(&output), 1, "{cut}");
        assert_eq!(json_out(&output)["error"], reason);
    }
    // Not hex: unusable input.
    assert_eq!(
        code(&decode("arbitrum-one", DIAMOND, &data[..data.len() - 1])),
        2
    );
}

fn payment(i: u8, payee: &str, amount: u64) -> PlannedPayment {
    PlannedPayment {
        request_id: format!("req{i}"),
        secure_payment_token: Some(format!("01JD3E6JD46KY4KKV7X9V0{i:04X}").parse().unwrap()),
        payee: payee.parse().unwrap(),
        amount: U256::from(amount),
        reference: PaymentReference::new([i; 8]),
    }
}

/// Two payments of USDC on Base, the first with a platform fee borne by the payer, paid with
/// USDT from Optimism: one bridge call per payment, each with a destination message.
fn cross_chain_response() -> PayResponse {
    let catalog = Catalog::builtin();
    let plan = PaymentPlan {
        network: Network::Base,
        currency: catalog.get("USDC-base").unwrap().clone(),
        payments: vec![
            payment(1, PAYEE, 10_000_000),
            payment(2, PAYEE_2, 25_000_000),
        ],
        fees: vec![PlannedFee {
            request_id: "req1".into(),
            fee_component_id: None,
            fee_type: Some("platform".into()),
            fee_label: Some("platform fee".into()),
            bearer: FeeBearer::Payer,
            amount: U256::from(300_000u64),
            recipient: FEE_TO.parse().unwrap(),
        }],
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    };
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: catalog.get("USDT-optimism").unwrap().clone(),
        payer: "0x2222222222222222222222222222222222222222"
            .parse()
            .unwrap(),
        source_amounts: vec![U256::from(10_400_000u64), U256::from(25_100_000u64)],
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    plan.build_cross_chain(&route).unwrap()
}

#[test]
fn a_built_cross_chain_call_decodes_its_destination_payments_through_the_erc20_fee_proxy() {
    let response = cross_chain_response();
    let transactions = match &response {
        PayResponse::Single(single) => &single.transactions,
        PayResponse::Multicall(multicall) => &multicall.transactions,
        other => panic!("not a shape the plan builds here: {other:?}"),
    };
    let diamond: ChainAddress = DIAMOND.parse().unwrap();
    let bridges: Vec<_> = transactions.iter().filter(|tx| tx.to == diamond).collect();
    // (receiver, [(recipient, amount, reference byte)]): the payment, then its fee.
    let expected = [
        (PAYEE, vec![(PAYEE, "10000000", 1u8), (FEE_TO, "300000", 1)]),
        (PAYEE_2, vec![(PAYEE_2, "25000000", 2)]),
    ];
    assert_eq!(bridges.len(), expected.len());
    for (tx, (receiver, pays)) in bridges.into_iter().zip(expected) {
        let output = decode("optimism", DIAMOND, &tx.data.to_string());
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        let answer = json_out(&output);
        assert_eq!(answer["function"], "startBridgeTokensViaAcrossV4");
        assert_eq!(answer["args"]["_bridgeData"]["hasDestinationCall"], true);
        assert_eq!(answer["args"]["_bridgeData"]["destinationChainId"], "8453");
        let destination = &answer["destination"];
        assert_eq!(destination["network"], "base");
        assert_eq!(destination["message"]["receiver"], receiver);
        let swaps = destination["message"]["swapData"].as_array().unwrap();
        assert_eq!(swaps.len(), pays.len());
        for (swap, (to, amount, reference)) in swaps.iter().zip(pays) {
            assert_eq!(
                (&swap["callTo"], &swap["sendingAssetId"]),
                (&json!(BASE_PROXY), &json!(USDC_BASE))
            );
            let call = &swap["call"];
            assert_eq!(call["network"], "base");
            assert_eq!(call["to"], BASE_PROXY);
            assert_eq!(call["contract"], "ERC20FeeProxy");
            assert_eq!(call["function"], "transferFromWithReferenceAndFee");
            assert_eq!(call["value"], "0");
            let args = &call["args"];
            assert_eq!(
                (&args["_tokenAddress"], &args["_to"], &args["_amount"]),
                (&json!(USDC_BASE), &json!(to), &json!(amount))
            );
            assert_eq!(
                args["_paymentReference"],
                format!("0x{}", format!("{reference:02x}").repeat(8))
            );
        }
    }
}

/// The committed cross-chain fixture (what the plan builds, `tests/it/pay/plan.rs`) decodes the
/// same way.
#[test]
fn the_committed_cross_chain_fixture_decodes_its_payment() {
    let body = common::read_json("pay/single_crosschain_optimism_to_base.json");
    let tx = &body["transactions"][1];
    let output = decode(
        "optimism",
        tx["to"].as_str().unwrap(),
        tx["data"].as_str().unwrap(),
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answer = json_out(&output);
    let call = &answer["destination"]["message"]["swapData"][0]["call"];
    assert_eq!(call["contract"], "ERC20FeeProxy");
    assert_eq!(call["args"]["_to"], PAYEE);
    assert_eq!(call["args"]["_amount"], "10000000");
    assert_eq!(call["args"]["_paymentReference"], "0x1a2b3c4d5e6f7081");
}
