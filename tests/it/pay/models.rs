//! Pay responses: every fixture parses, round-trips, keeps its amounts as text, and every
//! property of the API description's three response schemas is known to the model.

use crate::common;

use std::collections::BTreeSet;

use alloy_primitives::U256;
use securepay::amount::Decimals;
use securepay::pay::{ExecutionKind, PayResponse, QuoteExpiry};
use securepay::transaction::Transaction;
use serde_json::{Value, json};

const FIXTURES: [&str; 8] = [
    "single_erc20_fees",
    "single_native",
    "single_tron",
    "single_crosschain",
    "legacy_batch",
    "legacy_batch_schema_names",
    "multicall_same_chain",
    "multicall_cross_chain",
];

fn fixture(name: &str) -> (Value, PayResponse) {
    let value = common::read_json(&format!("pay/{name}.json"));
    let response = serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
    (value, response)
}

#[test]
fn every_fixture_parses_round_trips_and_is_structurally_valid() {
    for name in FIXTURES {
        let (_, response) = fixture(name);
        let written = serde_json::to_string(&response).unwrap();
        let again: PayResponse = serde_json::from_str(&written).unwrap();
        assert_eq!(again, response, "{name}: parse → serialize → parse");
        assert_eq!(
            serde_json::to_string(&again).unwrap(),
            written,
            "{name}: serialization is stable"
        );
        assert_eq!(response.problems(), vec![], "{name}");
        let bytes = serde_json::to_vec(&common::read_json(&format!("pay/{name}.json"))).unwrap();
        assert_eq!(PayResponse::from_slice(&bytes).unwrap(), response);
    }
}

#[test]
fn shapes_are_told_apart_and_unknown_kinds_are_errors() {
    assert!(matches!(fixture("single_native").1, PayResponse::Single(_)));
    assert!(matches!(
        fixture("legacy_batch").1,
        PayResponse::LegacyBatch(_)
    ));
    let PayResponse::Multicall(multicall) = fixture("multicall_cross_chain").1 else {
        panic!()
    };
    assert_eq!(multicall.execution_kind, ExecutionKind::EvmCrossChain);
    let (mut value, _) = fixture("single_native");
    value["paymentType"] = json!("batch");
    let error = serde_json::from_value::<PayResponse>(value)
        .unwrap_err()
        .to_string();
    assert!(error.contains("unknown paymentType \"batch\""), "{error}");
    let (mut value, _) = fixture("multicall_same_chain");
    value["executionKind"] = json!("tron_batch");
    assert!(serde_json::from_value::<PayResponse>(value).is_err());
    let (mut value, _) = fixture("multicall_same_chain");
    value.as_object_mut().unwrap().remove("children");
    assert!(
        serde_json::from_value::<PayResponse>(value)
            .unwrap_err()
            .to_string()
            .contains("children")
    );
    let (mut value, _) = fixture("legacy_batch");
    value
        .as_object_mut()
        .unwrap()
        .remove("ERC20ApprovalTransactions");
    assert!(
        serde_json::from_value::<PayResponse>(value).is_err(),
        "the legacy shape requires ERC20ApprovalTransactions"
    );
    let (mut value, _) = fixture("single_native");
    value["feeBundle"]["fees"] = json!([]);
    assert!(
        serde_json::from_value::<PayResponse>(value).is_err(),
        "feeBundle without its required fields"
    );
}

#[test]
fn transaction_value_reads_every_form_and_writes_a_decimal_string() {
    let forms = [
        (json!(0), 0u64),
        (json!(1000), 1000),
        (json!("0x0"), 0),
        (json!("0x038d7ea4c68000"), 1_000_000_000_000_000),
        (json!("1000000000000000"), 1_000_000_000_000_000),
        (
            json!({"type": "BigNumber", "hex": "0x038d7ea4c68000"}),
            1_000_000_000_000_000,
        ),
    ];
    for (value, expected) in forms {
        let tx: Transaction = serde_json::from_value(json!({"to": "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687", "data": "0xb868980b", "value": value})).unwrap();
        assert_eq!(tx.value, U256::from(expected));
        let written = serde_json::to_value(&tx).unwrap();
        assert_eq!(written["value"], json!(expected.to_string()));
    }
    for bad in [
        json!(-1),
        json!(1.5),
        json!("abc"),
        json!("-1"),
        json!({"type": "Number", "hex": "0x1"}),
        json!({"type": "BigNumber", "hex": "12"}),
        json!(null),
        json!(true),
    ] {
        let result = serde_json::from_value::<Transaction>(
            json!({"to": "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687", "data": "0x", "value": bad.clone()}),
        );
        assert!(result.is_err(), "{bad}");
    }
    let bad_to =
        json!({"to": "0x11BF2fDA23bF0A98365e1A4e04A87C9339e8687", "data": "0x", "value": 0});
    assert!(
        serde_json::from_value::<Transaction>(bad_to).is_err(),
        "the docs' 39-digit address"
    );
    let bad_data = json!({"to": "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687", "data": "0xb868980", "value": 0});
    assert!(serde_json::from_value::<Transaction>(bad_data).is_err());
}

#[test]
fn amounts_are_human_decimal_strings_of_the_payment_currency() {
    let PayResponse::Single(single) = fixture("single_erc20_fees").1 else {
        panic!()
    };
    let bundle = single.fee_bundle.unwrap();
    let usdc = Decimals::new(6).unwrap();
    assert_eq!(bundle.fees[1].amount.as_str(), "1.25");
    assert_eq!(
        bundle.fees[1].amount.to_units(usdc).unwrap(),
        U256::from(1_250_000u64)
    );
    let summary = bundle.amount_summary.unwrap();
    assert_eq!(summary.gross_amount.as_str(), "827.50", "kept as written");
    assert_eq!(
        summary.gross_amount.to_units(usdc).unwrap(),
        U256::from(827_500_000u64)
    );
    let written = serde_json::to_value(PayResponse::Single(
        fixture("single_erc20_fees").1.clone().into_single(),
    ))
    .unwrap();
    assert_eq!(
        written["feeBundle"]["amountSummary"]["grossAmount"],
        "827.50"
    );
    assert_eq!(
        written["feeBundle"]["fees"][0]["chainId"], "8453",
        "fee chain ids are strings"
    );
    let PayResponse::Multicall(multicall) = fixture("multicall_cross_chain").1 else {
        panic!()
    };
    assert!(
        multicall.amounts[1].same_value(&multicall.children[1].amount),
        "15.50 equals 15.5"
    );
    assert_eq!(
        multicall.chain_id,
        Some(8453),
        "the top-level chain id is an integer"
    );
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    assert!(
        readme.contains("human decimal strings of the payment currency"),
        "the README states the unit convention"
    );
}

trait IntoSingle {
    fn into_single(self) -> securepay::pay::SinglePayment;
}

impl IntoSingle for PayResponse {
    fn into_single(self) -> securepay::pay::SinglePayment {
        match self {
            PayResponse::Single(single) => single,
            _ => panic!("not single"),
        }
    }
}

#[test]
fn metadata_fields_of_every_kind_are_read() {
    let PayResponse::Single(single) = fixture("single_erc20_fees").1 else {
        panic!()
    };
    let m = single.metadata;
    assert_eq!(m.quote_expires_at, Some(QuoteExpiry::Unix(1_742_205_771)));
    assert!(m.cost_breakdown.unwrap().funding_status.has_enough_overall);
    assert_eq!(
        m.execution_deadline_breakdown
            .unwrap()
            .swap
            .unwrap()
            .tool
            .as_deref(),
        Some("1inch")
    );
    assert!(m.raw_step.unwrap().to_value().unwrap().is_object());
    let PayResponse::Single(cross) = fixture("single_crosschain").1 else {
        panic!()
    };
    assert_eq!(
        cross.metadata.quote_expires_at,
        Some(QuoteExpiry::DateTime("2026-03-17T09:42:51.000Z".into()))
    );
    let bundle = cross.fee_bundle.unwrap();
    assert_eq!((bundle.bundle_id, bundle.amount_summary), (None, None));
    let PayResponse::Single(native) = fixture("single_native").1 else {
        panic!()
    };
    assert!(native.fee_bundle.is_none());
    let PayResponse::LegacyBatch(batch) = fixture("legacy_batch_schema_names").1 else {
        panic!()
    };
    assert_eq!(
        batch.batch_transactions().count(),
        2,
        "ERC20BatchPaymentTransaction and ETHBatchPaymentTransaction"
    );
    assert_eq!(
        batch.metadata.unwrap().insufficient_tokens.unwrap().len(),
        2
    );
    let PayResponse::Multicall(multicall) = fixture("multicall_same_chain").1 else {
        panic!()
    };
    assert!(multicall.metadata.eoa_approval.is_some());
    assert_eq!(multicall.metadata.child_count, Some(3));
}

/// Property paths of a schema: `metadata.costBreakdown.totals.sourceAmount`, `children[].position`.
fn schema_paths(schema: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
        for (name, property) in properties {
            let path = if prefix.is_empty() {
                name.clone()
            } else {
                format!("{prefix}.{name}")
            };
            out.insert(path.clone());
            schema_paths(property, &path, out);
        }
    }
    if let Some(items) = schema.get("items") {
        schema_paths(items, &format!("{prefix}[]"), out);
    }
}

fn value_paths(value: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(object) => {
            for (name, inner) in object {
                let path = if prefix.is_empty() {
                    name.clone()
                } else {
                    format!("{prefix}.{name}")
                };
                out.insert(path.clone());
                value_paths(inner, &path, out);
            }
        }
        Value::Array(items) => {
            for item in items {
                value_paths(item, &format!("{prefix}[]"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn every_property_of_the_three_response_schemas_is_known_to_the_model() {
    let schema = common::read_json("reference/pay-response-schema.json");
    let shapes = schema["schema"]["anyOf"].as_array().unwrap();
    assert_eq!(shapes.len(), 3);
    let fixtures_of = [
        &[
            "single_erc20_fees",
            "single_native",
            "single_tron",
            "single_crosschain",
        ][..],
        &["legacy_batch", "legacy_batch_schema_names"][..],
        &["multicall_same_chain", "multicall_cross_chain"][..],
    ];
    for (shape, names) in shapes.iter().zip(fixtures_of) {
        let mut wanted = BTreeSet::new();
        schema_paths(shape, "", &mut wanted);
        let mut written = BTreeSet::new();
        for name in names {
            let (_, response) = fixture(name);
            value_paths(&serde_json::to_value(&response).unwrap(), "", &mut written);
        }
        // The ABI transactions' items are untyped in the schema; `rawStep` and `bridge` are free-form.
        let missing: Vec<&String> = wanted.difference(&written).collect();
        assert!(
            missing.is_empty(),
            "properties the model drops or the fixtures lack: {missing:?}"
        );
    }
}
