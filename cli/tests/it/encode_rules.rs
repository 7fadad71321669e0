//! `securepay encode` holds every call to the payment rules of the library's builders;
//! `encode --raw` is the ABI layer (any ABI-valid call), which the ABI vectors need.

use crate::common;

use alloy_primitives::U256;
use common::cli::{code, json_lines, run, stderr};
use securepay::calldata::BuildError;
use serde_json::{Value, json};

fn securepay(args: &[&str], stdin: &str) -> std::process::Output {
    run(args, stdin.as_bytes(), &[])
}

const HINT: &str = " (a payment rule; --raw encodes any ABI-valid call)";

/// The answers of `encode` (with `args`) to `lines`, one per line.
fn encode(args: &[&str], lines: &[Value]) -> (i32, Vec<Value>) {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let mut all = vec!["encode"];
    all.extend_from_slice(args);
    let output = securepay(&all, &input);
    (code(&output), json_lines(&output))
}

#[test]
fn every_vector_encodes_the_same_under_the_payment_rules_or_is_refused_by_one() {
    let vectors: Vec<Value> = common::abi_vectors()
        .into_iter()
        .filter(|v| v.get("expected").is_some())
        .collect();
    let inputs: Vec<Value> = vectors.iter().map(|v| v["input"].clone()).collect();
    let (raw_code, raw) = encode(&["--raw"], &inputs);
    let (code, checked) = encode(&[], &inputs);
    assert_eq!(raw_code, 0, "every vector is a valid ABI call");
    assert_eq!(code, 2, "some vectors break a payment rule");
    let mut refused = Vec::new();
    for (number, ((vector, raw), checked)) in (1..).zip(vectors.iter().zip(&raw).zip(&checked)) {
        match checked.get("error") {
            None => assert_eq!(checked, raw, "{}", vector["id"]),
            Some(error) => {
                let error = error.as_str().unwrap();
                assert!(error.ends_with(HINT), "{}: {error}", vector["id"]);
                assert_eq!(checked["line"], number);
                refused.push(vector["id"].as_str().unwrap().to_owned());
            }
        }
    }
    let by_id = |id: &str| {
        let at = vectors.iter().position(|v| v["id"] == id).unwrap();
        checked[at]["error"].as_str().unwrap().to_owned()
    };
    // Amount 0, references that are not 8 bytes (empty ones in most batch vectors), a batch
    // whose fee address is zero.
    assert_eq!(
        refused,
        [
            "erc20_fee_01",
            "erc20_fee_06",
            "erc20_fee_09",
            "erc20_fee_10",
            "eth_fee_03",
            "eth_fee_exact_02",
            "erc20_conversion_03",
            "erc20_conversion_04",
            "batch_erc20_02",
            "batch_erc20_03",
            "batch_erc20_multi_02",
            "batch_erc20_multi_03",
            "batch_eth_01",
            "batch_eth_02",
            "batch_eth_03",
            "batch_nc_erc20_02",
            "batch_nc_multi_erc20_01",
            "batch_nc_multi_erc20_02",
            "batch_nc_native_02",
            "batch_conv_payments_01",
        ]
    );
    assert_eq!(
        by_id("batch_eth_01"),
        format!("batch_eth: {}{HINT}", BuildError::BatchFeeAddressZero)
    );
    assert_eq!(
        by_id("batch_erc20_02"),
        format!("payees[2].reference: a payment reference is 8 bytes, found 0{HINT}")
    );
    assert_eq!(
        by_id("erc20_fee_01"),
        format!(
            "erc20_fee: {}{HINT}",
            BuildError::ZeroAmount { payee: None }
        )
    );
    assert_eq!(
        by_id("erc20_fee_06"),
        format!("reference: a payment reference is 8 bytes, found 0{HINT}")
    );
    // A revoke (approve 0) is a valid approval under the payment rules.
    let revoke = vectors
        .iter()
        .position(|v| v["id"] == "erc20_approve_02")
        .unwrap();
    assert_eq!(checked[revoke], raw[revoke]);
}

/// One line per rule: the builders' own refusal (its message from `BuildError`), and the same
/// line encoded by `--raw`.
#[test]
fn each_payment_rule_refuses_with_the_builders_error_and_raw_encodes_it() {
    let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
    let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";
    let zero = "0x0000000000000000000000000000000000000000";
    let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    let reference = "0xe23a6b02059c2b30";
    let batch_payee = |amount: &str| json!({"to": payee, "amount": amount, "reference": reference, "feeAmount": "1"});
    let request = |amount: &str| {
        json!({"recipient": payee, "requestAmount": amount, "path": [usdc], "paymentReference": reference,
            "feeAmount": "0", "maxToSpend": "0", "maxRateTimespan": "0"})
    };
    let group = |id: &str| json!({"paymentNetworkId": id, "requests": [request("1")]});
    let cases: Vec<(Value, String)> = vec![
        (
            json!({"kind": "erc20_fee", "token": usdc, "to": payee, "amount": "100", "reference": reference, "feeAmount": "5", "feeAddress": zero}),
            format!(
                "erc20_fee: {}",
                BuildError::FeeWithoutAddress {
                    amount: U256::from(5u8)
                }
            ),
        ),
        (
            json!({"kind": "eth_fee", "network": "base", "to": payee, "reference": reference, "amount": "0"}),
            format!("eth_fee: {}", BuildError::ZeroAmount { payee: None }),
        ),
        (
            json!({"kind": "erc20_transfer", "to": payee, "amount": "0"}),
            format!("erc20_transfer: {}", BuildError::ZeroAmount { payee: None }),
        ),
        (
            json!({"kind": "eth_conversion", "to": payee, "requestAmount": "0", "path": [usdc], "reference": reference, "maxRateTimespan": "0"}),
            format!("eth_conversion: {}", BuildError::ZeroAmount { payee: None }),
        ),
        (
            json!({"kind": "batch_eth", "payees": [], "feeAddress": fee}),
            format!("batch_eth: {}", BuildError::EmptyBatch),
        ),
        (
            json!({"kind": "batch_erc20", "token": usdc, "payees": [batch_payee("1"), batch_payee("0")], "feeAddress": fee}),
            format!("batch_erc20: {}", BuildError::ZeroAmount { payee: Some(1) }),
        ),
        (
            json!({"kind": "batch_erc20_multi", "payees": [{"token": usdc, "to": payee, "amount": "1", "reference": "0x01", "feeAmount": "0"}], "feeAddress": fee}),
            "payees[0].reference: a payment reference is 8 bytes, found 1".to_owned(),
        ),
        (
            json!({"kind": "batch_nc_erc20", "requests": [request("1")], "pathsToUSD": [], "feeAddress": zero}),
            format!("batch_nc_erc20: {}", BuildError::BatchFeeAddressZero),
        ),
        (
            json!({"kind": "batch_conv_payments", "metaDetails": vec![group("1"); 6], "pathsToUSD": [], "feeAddress": fee}),
            format!("batch_conv_payments: {}", BuildError::TooManyGroups(6)),
        ),
        (
            json!({"kind": "batch_conv_payments", "metaDetails": [group("4"), group("3")], "pathsToUSD": [], "feeAddress": fee}),
            format!(
                "batch_conv_payments: {}",
                BuildError::NativeConversionNotLast
            ),
        ),
        (
            json!({"kind": "batch_conv_payments", "metaDetails": [group("7")], "pathsToUSD": [], "feeAddress": fee}),
            "metaDetails[0].paymentNetworkId: 7 is not a payment network of batchPayments (0 to 4)"
                .to_owned(),
        ),
    ];
    let lines: Vec<Value> = cases.iter().map(|(line, _)| line.clone()).collect();
    let (code, answers) = encode(&[], &lines);
    assert_eq!(code, 2);
    for (number, ((line, expected), answer)) in (1..).zip(cases.iter().zip(&answers)) {
        assert_eq!(
            answer,
            &json!({"line": number, "error": format!("{expected}{HINT}")}),
            "{line}"
        );
    }
    let (raw_code, raw) = encode(&["--raw"], &lines);
    assert_eq!(raw_code, 0, "{raw:?}");
    assert!(raw.iter().all(|answer| answer["data"].is_string()));
    // What the rules accept: a fee left out, eth_fee without a network (no amount in its
    // calldata), an approval of 0.
    let accepted = [
        json!({"kind": "erc20_fee", "token": usdc, "to": payee, "amount": "100", "reference": reference}),
        json!({"kind": "eth_fee", "to": payee, "reference": reference, "feeAmount": "1", "feeAddress": fee}),
        json!({"kind": "erc20_approve", "spender": payee, "amount": "0"}),
        json!({"kind": "batch_conv_payments", "metaDetails": [group("3"), group("4")], "pathsToUSD": [], "feeAddress": fee}),
    ];
    let (code, answers) = encode(&[], &accepted);
    assert_eq!(code, 0, "{answers:?}");
}

#[test]
fn encode_help_states_the_rule_set_and_raw() {
    let help = securepay(&["encode", "--help"], "");
    assert_eq!(code(&help), 0, "{}", stderr(&help));
    let text = String::from_utf8_lossy(&help.stdout);
    for needle in [
        "payment rules of the library's builders",
        "--raw",
        "any ABI-valid call",
        "approval takes any amount",
        "{\"line\":N,\"error\":\"…\"}",
        "A blank line is skipped",
    ] {
        assert!(text.contains(needle), "{needle} in:\n{text}");
    }
}
