//! Every reader of JSON text in the library, in one table (issue 34, items 2 and 9): each is fed
//! its sample with a key given twice, in every object of it (the top level and every nested
//! object, free-form JSON and keyed maps included), and must refuse it naming the key ("every
//! reader refuses a field given twice"); and each is fed empty and blank input, and must say so
//! in the one wording every reader shares (`empty input: expected …`).
//!
//! The service's answers read by the API layer (`api::parse_parts`, one per endpoint) are in the
//! table through `api::duplicate_keys::cases()`, which also gives chosen keys twice with another
//! value in its own test.

use std::error::Error;

use securepay::api::Endpoint;
use securepay::calldata::spec::{CallSpec, Rules};
use securepay::detect::ChainData;
use securepay::network::Network;
use securepay::offramp::{CreatePayer, CreatePaymentDetails};
use securepay::pay::PayResponse;
use securepay::policy::{
    AccessPolicyFields, DestinationPolicy, GateEvent, KytPlan, PayeeDestinationRequest,
    PaymentPolicy, PolicySnapshot,
};
use securepay::tron::TronTransaction;
use securepay::verify::{Expectation, verify_slice};
use securepay::webhook::Event;

use crate::common::twice_everywhere;

/// A reading of JSON bytes: `Err` with the error's text and its sources.
type Read = Box<dyn Fn(&[u8]) -> Result<(), String>>;

/// A reader: its name, a sample it reads, and the reading (`Err` with the error's text and its
/// sources).
struct Reader {
    name: String,
    sample: String,
    read: Read,
}

/// The error's text and every source's, joined by ` / `.
fn chain(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(inner) = source {
        text.push_str(" / ");
        text.push_str(&inner.to_string());
        source = inner.source();
    }
    text
}

fn text(bytes: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(bytes).map_err(|e| e.to_string())
}

fn data(path: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

const EXPECTATION: &str = r#"{"network":"base","currency":"USDC-base",
  "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50",
  "reference":"0xe23a6b02059c2b30"}],"maxPayerFees":"0.30","maxPayeeFees":"1.25"}"#;

/// Every reader of JSON text of the library.
fn readers() -> Vec<Reader> {
    fn reader(
        name: &str,
        sample: impl Into<String>,
        read: impl Fn(&[u8]) -> Result<(), String> + 'static,
    ) -> Reader {
        Reader {
            name: name.to_owned(),
            sample: sample.into(),
            read: Box::new(read),
        }
    }
    fn e(error: impl Error) -> String {
        chain(&error)
    }
    let expectation = Expectation::from_str(EXPECTATION).unwrap();
    let mut readers = vec![
        reader(
            "PayResponse::from_slice",
            data("pay/single_erc20_fees.json"),
            |b| PayResponse::from_slice(b).map(drop).map_err(e),
        ),
        reader(
            "PayResponse::from_str",
            data("pay/multicall_cross_chain.json"),
            |b| PayResponse::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "PayResponse::from_str (legacy batch)",
            data("pay/legacy_batch.json"),
            |b| PayResponse::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "PayResponse::from_str (Tron)",
            data("pay/single_tron.json"),
            |b| PayResponse::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "verify_slice",
            data("pay/single_erc20_fees.json"),
            move |b| {
                let verdict = verify_slice(b, &expectation);
                match verdict.findings.first() {
                    Some(finding) if !verdict.is_safe() => Err(finding.message()),
                    _ => Ok(()),
                }
            },
        ),
        reader("Expectation::from_str", EXPECTATION, |b| {
            Expectation::from_str(text(b)?).map(drop).map_err(e)
        }),
        reader("Expectation::from_slice", EXPECTATION, |b| {
            Expectation::from_slice(b).map(drop).map_err(e)
        }),
        reader(
            "AccessPolicyFields::from_str",
            r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","allowedPayerAddresses":["0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"]}"#,
            |b| AccessPolicyFields::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "PaymentPolicy::from_str",
            r#"{"mode":"kyt_all_wallets","screeningProvider":"merklescience"}"#,
            |b| PaymentPolicy::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "DestinationPolicy::from_str",
            data("policy/destination-access-policy.json"),
            |b| DestinationPolicy::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "KytPlan::from_str",
            r#"{"definedBy": "orchestrator", "kyt": {"providers": [{"provider": "hypernative"}, {"provider": "merklescience"}]}}"#,
            |b| KytPlan::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "GateEvent::from_str",
            r#"{"event":"screened","wallet":"0x2222222222222222222222222222222222222222","status":"rejected"}"#,
            |b| GateEvent::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "PayeeDestinationRequest::from_str",
            data("policy/destination-body-tron.json"),
            |b| {
                PayeeDestinationRequest::from_str(text(b)?)
                    .map(drop)
                    .map_err(e)
            },
        ),
        reader(
            "PolicySnapshot::from_str",
            serde_json::to_string(&PolicySnapshot::take(None, None, None).unwrap()).unwrap(),
            |b| PolicySnapshot::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "ChainData::from_slice (EVM logs)",
            data("detect/base-usdc-logs.json"),
            |b| ChainData::from_slice(Network::Base, b).map(drop).map_err(e),
        ),
        reader(
            "ChainData::from_slice (EVM receipt)",
            data("detect/base-usdc-receipt.json"),
            |b| ChainData::from_slice(Network::Base, b).map(drop).map_err(e),
        ),
        reader(
            "ChainData::from_slice (TronGrid events)",
            data("detect/tron-events.json"),
            |b| ChainData::from_slice(Network::Tron, b).map(drop).map_err(e),
        ),
        reader(
            "TronTransaction::from_str",
            data("tron/trc20-transfer-tron-docs.json"),
            |b| TronTransaction::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "TronTransaction::from_slice",
            data("tron/trx-transfer-java-tron.json"),
            |b| TronTransaction::from_slice(b).map(drop).map_err(e),
        ),
        reader(
            "CreatePayer::from_str",
            data("offramp/payer-individualBeneficiary.json"),
            |b| CreatePayer::from_str(text(b)?).map(drop).map_err(e),
        ),
        reader(
            "CreatePaymentDetails::from_str",
            data("offramp/payment-details-ukAccount.json"),
            |b| {
                CreatePaymentDetails::from_str(text(b)?)
                    .map(drop)
                    .map_err(e)
            },
        ),
    ];
    for event in [
        "payment.confirmed",
        "payment.partial",
        "payment.refunded",
        "payment_detail.updated",
        "compliance.updated",
        "secure_payment.access_rejected",
        "kyt.screening.completed",
        "request.recurring",
    ] {
        readers.push(reader(
            &format!("Event::parse_unverified ({event})"),
            data(&format!("webhook/{event}.json")),
            |b| Event::parse_unverified(b).map(drop).map_err(e),
        ));
    }
    let calls = data("vectors/abi-calls.jsonl");
    let mut kinds = std::collections::BTreeSet::new();
    for line in calls.lines() {
        let vector: serde_json::Value = serde_json::from_str(line).unwrap();
        let input = &vector["input"];
        if vector.get("error").is_some() || !kinds.insert(input["kind"].to_string()) {
            continue;
        }
        readers.push(reader(
            &format!("CallSpec::from_str_with ({})", input["kind"]),
            input.to_string(),
            |b| {
                CallSpec::from_str_with(text(b)?, Rules::Abi)
                    .map(drop)
                    .map_err(e)
            },
        ));
    }
    for case in crate::api::duplicate_keys::cases() {
        let endpoint: Endpoint = case.endpoint;
        readers.push(reader(
            &format!("api::parse_parts ({endpoint})"),
            case.body.to_string(),
            move |b| {
                crate::api::responses::parse(endpoint, endpoint.success_status().as_u16(), b)
                    .map(drop)
                    .map_err(e)
            },
        ));
    }
    readers
}

#[test]
fn the_writer_gives_each_objects_first_key_twice() {
    let variants = twice_everywhere(r#"{"a": 1, "b": [{"c": {"d": 2}}], "e": {}}"#);
    let variants: Vec<(&str, &str)> = variants
        .iter()
        .map(|(k, t)| (k.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        variants,
        [
            ("a", r#"{"a":1,"b":[{"c": {"d": 2}}],"e":{},"a":1}"#),
            ("c", r#"{"a":1,"b":[{"c":{"d": 2},"c":{"d": 2}}],"e":{}}"#),
            ("d", r#"{"a":1,"b":[{"c":{"d":2,"d":2}}],"e":{}}"#),
        ]
    );
}

#[test]
fn every_reader_reads_its_sample() {
    let readers = readers();
    assert!(readers.len() >= 50, "{} readers", readers.len());
    for reader in &readers {
        (reader.read)(reader.sample.as_bytes())
            .unwrap_or_else(|error| panic!("{}: {error}", reader.name));
    }
}

#[test]
fn every_reader_refuses_a_key_given_twice_and_names_it() {
    let mut accepted = Vec::new();
    let mut checked = 0;
    for reader in readers() {
        let variants = twice_everywhere(&reader.sample);
        assert!(!variants.is_empty(), "{}: no object", reader.name);
        for (key, text) in variants {
            checked += 1;
            let needle = format!("duplicate field `{key}`");
            match (reader.read)(text.as_bytes()) {
                Err(error) if error.contains(&needle) => {}
                Err(error) => {
                    accepted.push(format!("{}: {key}: another error: {error}", reader.name))
                }
                Ok(()) => accepted.push(format!("{}: `{key}` read", reader.name)),
            }
        }
    }
    assert!(
        accepted.is_empty(),
        "{} of {checked} keys given twice were not refused by name:\n{}",
        accepted.len(),
        accepted.join("\n")
    );
}

/// The endpoints whose success answer the API description gives without a body
/// (`PATCH /v2/request/{requestId}`, `POST /v2/request/payment-intents/{paymentIntentId}`,
/// `DELETE /v2/client-ids/{id}` and the v2 payee destination endpoints but the signing data):
/// an empty body is the described answer, not an empty input.
const NO_BODY: [Endpoint; 7] = [
    Endpoint::UpdateRequest,
    Endpoint::SendPaymentIntent,
    Endpoint::RevokeClientId,
    Endpoint::RegisterPayeeDestination,
    Endpoint::GetPayeeDestinationForWallet,
    Endpoint::DeactivatePayeeDestination,
    Endpoint::GetPayeeDestinationById,
];

#[test]
fn every_reader_says_empty_input_alike() {
    let mut other = Vec::new();
    let no_body: Vec<String> = NO_BODY
        .iter()
        .map(|endpoint| format!("api::parse_parts ({endpoint})"))
        .collect();
    for reader in readers() {
        for empty in ["", " \n\t\r\n"] {
            if no_body.contains(&reader.name) {
                if let Err(error) = (reader.read)(empty.as_bytes()) {
                    other.push(format!(
                        "{}: {empty:?}: no body is the answer: {error}",
                        reader.name
                    ));
                }
                continue;
            }
            match (reader.read)(empty.as_bytes()) {
                Err(error) if error.contains("empty input: expected ") => {}
                Err(error) => other.push(format!("{}: {empty:?}: {error}", reader.name)),
                Ok(()) => other.push(format!("{}: {empty:?}: read", reader.name)),
            }
        }
    }
    assert!(other.is_empty(), "{}", other.join("\n"));
}
