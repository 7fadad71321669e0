//! The copies of `../shared` in `tests/data/` must equal the originals when the originals are
//! there (developer machines and CI); the tests read the copies so the crate stays
//! self-contained.

use crate::common;

#[test]
fn copies_of_shared_reference_and_vectors_are_identical() {
    let files = [
        "reference/deployments.json",
        "reference/currencies.json",
        "reference/lifi-abi.json",
        "reference/openapi.v2.json",
        "vectors/abi-calls.jsonl",
        "vectors/lifi-calldata-examples.jsonl",
        "vectors/interop-addresses.json",
        "vectors/webhook-signatures.json",
        "vectors/tron-transactions.jsonl",
    ];
    // Every file is compared before failing, so one stale copy does not hide another.
    let stale: Vec<&str> = files
        .into_iter()
        .filter_map(|file| {
            let original = common::shared_text(file)?;
            let copy = std::fs::read_to_string(common::data_path(file)).expect("copy readable");
            (original != copy).then_some(file)
        })
        .collect();
    assert!(
        stale.is_empty(),
        "tests/data/{{{}}} differ from ../shared: copy them again",
        stale.join(",")
    );
}

#[test]
fn pay_response_schema_extract_matches_the_api_description() {
    let Some(text) = common::shared_text("reference/openapi.v2.json") else {
        return;
    };
    let api: serde_json::Value = serde_json::from_str(&text).unwrap();
    let schema = &api["paths"]["/v2/secure-payments/{token}/pay"]["get"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    let extract = common::read_json("reference/pay-response-schema.json");
    assert_eq!(&extract["schema"], schema, "copy the schema again");
}

#[test]
#[should_panic(expected = "../shared is missing and CI is set")]
fn a_missing_shared_fails_under_ci() {
    let nowhere = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("no-such-shared");
    common::shared_text_in(&[nowhere], true, "reference/currencies.json");
}

#[test]
fn a_missing_shared_is_skipped_outside_ci() {
    let nowhere = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("no-such-shared");
    assert_eq!(
        common::shared_text_in(&[nowhere], false, "reference/currencies.json"),
        None
    );
}
