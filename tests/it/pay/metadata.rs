//! The reader of a pay response's `metadata`: it writes each field in place (no derived reader
//! of options), so it is held here to what the derived `PayMetadata` reader reads, field for
//! field, on every fixture and on every field at once, and to the same refusals.

use crate::common;

use securepay::pay::{PayMetadata, PayResponse};
use serde_json::{Value, json};

/// The metadata the response reader read, for the single and multicall shapes.
fn read(body: &Value) -> Result<PayMetadata, String> {
    match PayResponse::from_slice(body.to_string().as_bytes()).map_err(|e| e.to_string())? {
        PayResponse::Single(single) => Ok(*single.metadata),
        PayResponse::Multicall(multicall) => Ok(*multicall.metadata),
        other => panic!("not a single or multicall response: {other:?}"),
    }
}

#[test]
fn every_fixture_s_metadata_reads_as_the_derived_reader_reads_it() {
    let mut read_fields = 0;
    for name in [
        "single_erc20_fees",
        "single_native",
        "single_tron",
        "single_crosschain",
        "single_crosschain_optimism_to_base",
        "multicall_same_chain",
        "multicall_cross_chain",
    ] {
        let body = common::read_json(&format!("pay/{name}.json"));
        let derived: PayMetadata = serde_json::from_value(body["metadata"].clone()).unwrap();
        assert_eq!(read(&body).unwrap(), derived, "{name}");
        read_fields += body["metadata"].as_object().unwrap().len();
    }
    assert!(read_fields > 100, "{read_fields}");
}

#[test]
fn every_field_at_once_reads_as_the_derived_reader_reads_it() {
    // Each field of `PayMetadata` with a value, from its own serialization: a key the reader
    // forgot, or wrote into another field, would differ.
    let body = common::read_json("pay/multicall_cross_chain.json");
    let mut full: Value = serde_json::to_value(read(&body).unwrap()).unwrap();
    let fields = full.as_object_mut().unwrap();
    for (key, value) in [
        ("transactionSponsorshipFeeUsd", json!("0.01")),
        ("approvalTransactionIndex", json!(0)),
        ("approvalTransactionsCount", json!(1)),
        ("eoaApprovalRequired", json!(true)),
        ("approvalFeeLimit", json!("30")),
        ("paymentFeeLimit", json!("40")),
        ("batchPaymentTransactionIndex", json!(1)),
        ("feeTransactionIndices", json!([0])),
        ("approvalTransactionIndices", json!([0])),
        ("bridgeTxIndices", json!([1])),
        ("aggregateAllowance", json!("5")),
        ("feePlanCarried", json!(true)),
    ] {
        fields.entry(key).or_insert(value);
    }
    let derived: PayMetadata = serde_json::from_value(full.clone()).unwrap();
    let mut body = body;
    body["metadata"] = full.clone();
    assert_eq!(read(&body).unwrap(), derived);
    // Serialized back, every key given is there: none was dropped on the way.
    let again = serde_json::to_value(&derived).unwrap();
    assert_eq!(again, full);
}

#[test]
fn a_key_twice_is_refused_even_after_null() {
    let mut body = common::read_json("pay/single_erc20_fees.json");
    body["metadata"] = json!("METADATA");
    let text = body.to_string();
    let required = r#""stepsRequired":4,"needsApproval":true,"paymentTransactionIndex":1"#;
    // The metadata as written: the required fields, then `entries`.
    let with = |entries: &str| text.replace(r#""METADATA""#, &format!("{{{required}{entries}}}"));
    assert!(PayResponse::from_slice(with("").as_bytes()).is_ok());
    for (entries, key) in [
        (
            r#","routeType":"samechain","routeType":"samechain""#,
            "routeType",
        ),
        (r#","routeType":null,"routeType":"samechain""#, "routeType"),
        (
            r#","feeTransactionIndices":null,"feeTransactionIndices":[]"#,
            "feeTransactionIndices",
        ),
        (r#","stepsRequired":4"#, "stepsRequired"),
        (
            r#","canMakePayment":true,"canMakePayment":true"#,
            "canMakePayment",
        ),
    ] {
        let error = PayResponse::from_slice(with(entries).as_bytes())
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(&format!("duplicate field `{key}`")),
            "{entries}: {error}"
        );
    }
}

#[test]
fn a_required_field_null_or_absent_is_missing() {
    let body = common::read_json("pay/single_erc20_fees.json");
    for field in ["stepsRequired", "needsApproval", "paymentTransactionIndex"] {
        for value in [Some(Value::Null), None] {
            let mut changed = body.clone();
            match &value {
                Some(null) => changed["metadata"][field] = null.clone(),
                None => {
                    changed["metadata"].as_object_mut().unwrap().remove(field);
                }
            }
            let error = read(&changed).unwrap_err();
            assert!(
                error.contains(&format!(
                    "single pay response: metadata: missing field `{field}`"
                )),
                "{field} {value:?}: {error}"
            );
        }
    }
}

#[test]
fn metadata_is_an_object_and_its_unknown_keys_are_skipped() {
    let body = common::read_json("pay/single_erc20_fees.json");
    // An array of the fields in order is not a metadata object.
    let mut positional = body.clone();
    positional["metadata"] = json!([4, true, 1]);
    let error = read(&positional).unwrap_err();
    assert!(error.contains("expected the metadata object"), "{error}");
    // A key the schema leaves open is skipped, whatever its value.
    let mut open = body.clone();
    open["metadata"]["somethingNew"] = json!({"deep": [1, {"x": null}]});
    assert_eq!(read(&open).unwrap(), read(&body).unwrap());
    // A known key of the wrong type is refused.
    let mut wrong = body.clone();
    wrong["metadata"]["routeType"] = json!(1);
    assert!(read(&wrong).is_err());
}

#[test]
fn the_legacy_batch_reads_its_own_fields() {
    let body = common::read_json("pay/legacy_batch.json");
    let PayResponse::LegacyBatch(batch) =
        PayResponse::from_slice(body.to_string().as_bytes()).unwrap()
    else {
        panic!("a legacy batch")
    };
    let metadata = batch.metadata.unwrap();
    assert_eq!(
        Some(metadata.has_enough_balance),
        body["metadata"]["hasEnoughBalance"].as_bool()
    );
    let mut missing = body.clone();
    missing["metadata"]
        .as_object_mut()
        .unwrap()
        .remove("hasEnoughBalance");
    let error = PayResponse::from_slice(missing.to_string().as_bytes())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("legacy batch pay response: metadata: missing field `hasEnoughBalance`"),
        "{error}"
    );
}
