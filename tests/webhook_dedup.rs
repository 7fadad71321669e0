//! De-duplication: delivery ids (ULIDs from the delivery header) and business keys, so that a
//! core event and its `.client_id` / `.checkout` variants take effect once; delivery headers.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use http::{HeaderMap, HeaderValue};
use securepay::webhook::{
    BusinessKey, Deduplicator, Delivery, DeliveryError, DeliveryId, DeliveryLog, Duplicate, Event,
    EventKind, DELIVERY_HEADER, RETRY_COUNT_HEADER, TEST_HEADER,
};
use serde_json::{json, Value};

fn event(value: &Value) -> Event {
    Event::parse_unverified(value.to_string().as_bytes()).unwrap()
}

fn fixture(name: &str) -> Value {
    common::read_json(&format!("webhook/{name}.json"))
}

fn with_name(mut value: Value, name: &str) -> Value {
    value["event"] = json!(name);
    value
}

#[test]
fn a_core_event_and_its_scoped_variants_share_one_business_key() {
    for core in ["payment.confirmed", "payment.partial"] {
        let base = fixture(core);
        let key = BusinessKey::of(&event(&base)).unwrap();
        for suffix in [".client_id", ".checkout"] {
            let mut variant = with_name(base.clone(), &format!("{core}{suffix}"));
            // Variants carry extra fields; the key ignores them.
            variant["clientId"] = json!("cli_x");
            variant["origin"] = json!("https://shop.example");
            assert_eq!(
                BusinessKey::of(&event(&variant)).unwrap(),
                key,
                "{core}{suffix}"
            );
        }
        assert_eq!(
            key.kind(),
            EventKind::ALL.into_iter().find(|k| k.as_str() == core)
        );
    }
}

#[test]
fn business_keys_tell_different_facts_apart() {
    let partial = fixture("payment.partial");
    let mut second = partial.clone();
    second["txHash"] = json!("0x2222222222222222222222222222222222222222222222222222222222222222");
    second["totalAmountPaid"] = json!("75.0");
    assert_ne!(
        BusinessKey::of(&event(&partial)),
        BusinessKey::of(&event(&second))
    );
    // A partial and the confirmation of the same request are different facts.
    assert_ne!(
        BusinessKey::of(&event(&partial)),
        BusinessKey::of(&event(&with_name(partial.clone(), "payment.confirmed")))
    );
    // Two processing sub-statuses of one request are different facts.
    let processing = fixture("payment.processing");
    let mut later = processing.clone();
    later["subStatus"] = json!("sending_fiat");
    assert_ne!(
        BusinessKey::of(&event(&processing)),
        BusinessKey::of(&event(&later))
    );
    // The case of a transaction hash does not make another fact.
    let mut upper = partial.clone();
    upper["txHash"] = json!(
        "0x1111111111111111111111111111111111111111111111111111111111111111"
            .to_uppercase()
            .replace("0X", "0x")
    );
    assert_eq!(
        BusinessKey::of(&event(&partial)),
        BusinessKey::of(&event(&upper))
    );
}

#[test]
fn a_request_is_confirmed_once_whatever_the_transaction() {
    let confirmed = fixture("payment.confirmed");
    let mut other_tx = confirmed.clone();
    other_tx["txHash"] =
        json!("0x9999999999999999999999999999999999999999999999999999999999999999");
    assert_eq!(
        BusinessKey::of(&event(&confirmed)),
        BusinessKey::of(&event(&other_tx))
    );
}

#[test]
fn every_documented_event_has_a_business_key_and_unknown_ones_do_not() {
    for file in [
        "payment.confirmed",
        "payment.partial",
        "payment.failed",
        "payment.refunded",
        "payment.processing",
        "request.recurring",
        "compliance.updated",
        "payment_detail.updated",
        "secure_payment.user_event",
        "secure_payment.access_rejected",
        "client_id.linked",
        "kyt.screening.completed",
    ] {
        let parsed = event(&fixture(file));
        let key = BusinessKey::of(&parsed).unwrap();
        assert_eq!(key.kind(), parsed.kind(), "{file}");
        // Keys are JSON arrays of strings: unambiguous whatever the ids contain.
        let parts: Vec<String> = serde_json::from_str(key.as_str()).unwrap();
        assert_eq!(parts[0], parsed.kind().unwrap().as_str());
    }
    assert_eq!(
        BusinessKey::of(&event(&json!({"event": "payout.sent"}))),
        None
    );
}

#[test]
fn keys_with_separator_characters_do_not_collide() {
    let a = json!({"event": "compliance.updated", "clientUserId": "u|approved", "kycStatus": "pending"});
    let b = json!({"event": "compliance.updated", "clientUserId": "u", "kycStatus": "approved|pending"});
    assert_ne!(BusinessKey::of(&event(&a)), BusinessKey::of(&event(&b)));
}

#[test]
fn the_deduplicator_checks_before_and_records_after() {
    let core = event(&fixture("payment.confirmed"));
    let checkout = event(&with_name(
        fixture("payment.confirmed"),
        "payment.confirmed.checkout",
    ));
    let first: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let retry = first;
    let second: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAW".parse().unwrap();

    let mut seen = Deduplicator::default();
    assert_eq!(seen.check(Some(first), &core), None);
    // Checking does not record: a failed business update can be retried.
    assert_eq!(seen.check(Some(first), &core), None);
    seen.record(Some(first), &core);
    assert_eq!(
        seen.check(Some(retry), &core),
        Some(Duplicate::Delivery(first))
    );
    assert_eq!(
        seen.check(Some(second), &checkout),
        Some(Duplicate::BusinessKey(BusinessKey::of(&core).unwrap()))
    );
    // Without a delivery id, the business key still catches it.
    assert!(matches!(
        seen.check(None, &checkout),
        Some(Duplicate::BusinessKey(_))
    ));
    // An unknown event is only caught by its delivery id.
    let unknown = event(&json!({"event": "payout.sent"}));
    assert_eq!(seen.check(Some(second), &unknown), None);
    seen.record(Some(second), &unknown);
    assert_eq!(
        seen.check(Some(second), &unknown),
        Some(Duplicate::Delivery(second))
    );
}

#[test]
fn the_deduplicator_persists_and_restores() {
    let mut seen = Deduplicator::default();
    let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let confirmed = event(&fixture("payment.confirmed"));
    seen.record(Some(id), &confirmed);
    let stored = serde_json::to_string(&seen).unwrap();
    let restored: Deduplicator = serde_json::from_str(&stored).unwrap();
    assert_eq!(restored, seen);
    assert!(restored.check(Some(id), &confirmed).is_some());
    // A tampered store with an invalid id is refused, not half-loaded.
    let tampered = stored.replace("01ARZ3NDEKTSV4RRFFQ69G5FAV", "not-a-ulid");
    assert!(serde_json::from_str::<Deduplicator>(&tampered).is_err());
}

#[test]
fn delivery_ids_are_ulids_normalized_and_bounded() {
    let upper: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let lower: DeliveryId = "01arz3ndektsv4rrffq69g5fav".parse().unwrap();
    assert_eq!(upper, lower);
    assert_eq!(lower.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    // The first 10 characters, 01ARZ3NDEK, are the milliseconds (2016-07-30T23:54:10.259Z).
    assert_eq!(upper.timestamp_ms(), 1_469_922_850_259);
    for bad in [
        "",
        "01ARZ3NDEKTSV4RRFFQ69G5FA",   // 25 characters
        "01ARZ3NDEKTSV4RRFFQ69G5FAVX", // 27
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",  // U is not Crockford base 32
        "01ARZ3NDEKTSV4RRFFQ69G5FA!",
        // Above 128 bits: a lenient decoder would drop the top bits and collide with
        // "00000000000000000000000000".
        "80000000000000000000000000",
        "ZZZZZZZZZZZZZZZZZZZZZZZZZZ",
    ] {
        assert!(
            matches!(
                DeliveryId::parse(bad),
                Err(DeliveryError::InvalidDeliveryId { .. })
            ),
            "{bad:?}"
        );
    }
    assert!(DeliveryId::parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ").is_ok());
}

#[test]
fn the_delivery_log_prunes_by_the_ulid_timestamp() {
    let mut log = DeliveryLog::default();
    let old: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap(); // 2016
    let new: DeliveryId = "01KJC2WX8EH4MP3DHZB2YQ7N9G".parse().unwrap(); // 2026
    assert!(log.record(old));
    assert!(log.record(new));
    assert!(!log.record(new));
    assert_eq!(log.len(), 2);
    assert_eq!(log.prune_before(new.timestamp_ms()), 1);
    assert!(!log.contains(&old));
    assert!(log.contains(&new));
    assert_eq!(log.prune_before(0), 0);
}

#[test]
fn delivery_headers_are_read_strictly() {
    let mut headers = HeaderMap::new();
    assert_eq!(
        Delivery::from_headers(&headers),
        Err(DeliveryError::MissingDeliveryId)
    );
    headers.insert(
        DELIVERY_HEADER,
        HeaderValue::from_static("01ARZ3NDEKTSV4RRFFQ69G5FAV"),
    );
    let first = Delivery::from_headers(&headers).unwrap();
    assert_eq!(first.retry_count(), 0);
    assert!(!first.is_test());

    headers.insert(RETRY_COUNT_HEADER, HeaderValue::from_static("3"));
    headers.insert(TEST_HEADER, HeaderValue::from_static("true"));
    let retried = Delivery::from_headers(&headers).unwrap();
    assert_eq!(retried.retry_count(), 3);
    assert!(retried.is_test());
    assert_eq!(retried.id(), first.id());

    for (name, value) in [
        (RETRY_COUNT_HEADER, "-1"),
        (RETRY_COUNT_HEADER, "three"),
        (RETRY_COUNT_HEADER, "+1"),
        (RETRY_COUNT_HEADER, "999"),
        (TEST_HEADER, "yes"),
        (DELIVERY_HEADER, "abc"),
    ] {
        let mut bad = headers.clone();
        bad.insert(name, HeaderValue::from_static(value));
        assert!(Delivery::from_headers(&bad).is_err(), "{name}: {value}");
    }
    let mut twice = headers.clone();
    twice.append(
        DELIVERY_HEADER,
        HeaderValue::from_static("01ARZ3NDEKTSV4RRFFQ69G5FAW"),
    );
    assert_eq!(
        Delivery::from_headers(&twice),
        Err(DeliveryError::RepeatedHeader {
            name: DELIVERY_HEADER,
            count: 2
        })
    );
}
