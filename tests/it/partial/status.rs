//! The request status of `GET /v2/request/{requestId}`: every OpenAPI example parses and
//! serializes back; the fields that feed the ledger are typed.

use crate::common;

use securepay::amount::Decimals;
use securepay::partial::{RateSource, RequestState, RequestStatus};
use securepay::webhook::FeeType;
use serde_json::{Value, json};

const EXAMPLES: [&str; 7] = [
    "paid",
    "notPaid",
    "withCustomerInfo",
    "paidWithUsdInfo",
    "partiallyPaidWithBreakdown",
    "unpaidRequest",
    "multiplePayments",
];

fn example(name: &str) -> Value {
    common::read_json(&format!("partial/status-{name}.json"))
}

fn without_nulls(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

#[test]
fn every_openapi_status_example_parses_and_round_trips() {
    for name in EXAMPLES {
        let original = example(name);
        let status: RequestStatus =
            serde_json::from_value(original.clone()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            serde_json::to_value(&status).unwrap(),
            without_nulls(&original),
            "{name}"
        );
        assert_eq!(status.has_been_paid, original["hasBeenPaid"] == true);
    }
}

#[test]
fn the_partial_breakdown_gives_exact_paid_and_remaining_amounts() {
    let status: RequestStatus =
        serde_json::from_value(example("partiallyPaidWithBreakdown")).unwrap();
    let usdc = Decimals::new(6).unwrap();
    assert_eq!(
        status.paid_in(usdc).unwrap().unwrap().units().to_string(),
        "75000000"
    );
    assert_eq!(
        status.remaining_in(usdc).unwrap().unwrap().to_string(),
        "25"
    );
    assert_eq!(status.rate_source, Some(RateSource::Mixed));
    assert!(status.conversion_rate.is_none());
    let breakdown = status.conversion_breakdown.as_ref().unwrap();
    assert_eq!(
        breakdown.current_market_rate_source,
        Some(RateSource::Coingecko)
    );
    assert_eq!(breakdown.payments.len(), 1);
    assert_eq!(
        breakdown.payments[0].rate_source,
        Some(RateSource::Chainlink)
    );
    let fees = status.fees.as_ref().unwrap();
    assert_eq!(fees[0].fee_type, Some(FeeType::Platform));
    assert_eq!(fees[1].fee_type, Some(FeeType::Gas));
    assert_eq!(fees[1].amount.as_ref().unwrap().as_str(), "0.0015");
    // Two decimals are too few for "0.0015": refused, never rounded.
    assert!(
        fees[1]
            .amount
            .as_ref()
            .unwrap()
            .to_amount(Decimals::new(2).unwrap())
            .is_err()
    );
}

#[test]
fn a_fully_paid_status_has_nothing_remaining() {
    let status: RequestStatus = serde_json::from_value(example("multiplePayments")).unwrap();
    let usdc = Decimals::new(6).unwrap();
    assert!(status.has_been_paid);
    assert!(status.remaining_in(usdc).unwrap().unwrap().is_zero());
    assert_eq!(status.conversion_breakdown.unwrap().payments.len(), 2);
}

#[test]
fn status_and_doc_only_fields_are_read() {
    let status: RequestStatus = serde_json::from_value(json!({
        "hasBeenPaid": false,
        "status": "partially_paid",
        "isCryptoToFiatAllowed": true,
        "paidAmount": "120.00",
        "receivedAmount": "120.00",
        "excessAmount": "20.00",
        "detectionSource": "lifi",
        "note": "settled via LiFi fallback",
        "payerAddress": null
    }))
    .unwrap();
    assert_eq!(status.status, Some(RequestState::PartiallyPaid));
    assert_eq!(status.is_crypto_to_fiat_available, Some(true));
    assert_eq!(status.excess_amount.as_ref().unwrap().as_str(), "20.00");
    assert_eq!(
        status
            .paid_in(Decimals::new(2).unwrap())
            .unwrap()
            .unwrap()
            .to_string(),
        "120"
    );
    // Written back with the machine-readable name.
    let written = serde_json::to_value(&status).unwrap();
    assert_eq!(written["isCryptoToFiatAvailable"], true);
    assert!(written.get("isCryptoToFiatAllowed").is_none());

    let other: RequestStatus =
        serde_json::from_value(json!({"hasBeenPaid": true, "status": "paid_with_excess"})).unwrap();
    assert_eq!(
        other.status,
        Some(RequestState::Other("paid_with_excess".to_owned()))
    );
}

#[test]
fn a_status_without_has_been_paid_or_with_a_bad_amount_is_refused() {
    assert!(serde_json::from_value::<RequestStatus>(json!({"requestId": "01"})).is_err());
    let bad = json!({"hasBeenPaid": false, "conversionBreakdown": {"paidAmount": "75,00"}});
    let error = serde_json::from_value::<RequestStatus>(bad).unwrap_err();
    assert!(error.to_string().contains("','"), "{error}");
}
