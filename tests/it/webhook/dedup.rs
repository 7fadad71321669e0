//! De-duplication: delivery ids (ULIDs from the delivery header) and business keys, so that a
//! core event and its `.client_id` / `.checkout` variants take effect once; delivery headers.

use crate::common;

use http::{HeaderMap, HeaderValue};
use securepay::webhook::{
    BusinessKey, Claim, DELIVERY_HEADER, Deduplicator, Delivery, DeliveryError, DeliveryId,
    Duplicate, Event, EventKind, LeaseError, LeaseToken, MemoryStore, RETRY_COUNT_HEADER, SeenKey,
    SeenStore, TEST_HEADER,
};
use serde_json::{Value, json};

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
    assert_eq!(seen.check(Some(first), &core).unwrap(), None);
    // Checking does not record: a failed business update can be retried.
    assert_eq!(seen.check(Some(first), &core).unwrap(), None);
    seen.record(Some(first), &core).unwrap();
    assert_eq!(
        seen.check(Some(retry), &core).unwrap(),
        Some(Duplicate::Delivery(first))
    );
    assert_eq!(
        seen.check(Some(second), &checkout).unwrap(),
        Some(Duplicate::BusinessKey(BusinessKey::of(&core).unwrap()))
    );
    // Without a delivery id, the business key still catches it.
    assert!(matches!(
        seen.check(None, &checkout).unwrap(),
        Some(Duplicate::BusinessKey(_))
    ));
    // An unknown event is only caught by its delivery id.
    let unknown = event(&json!({"event": "payout.sent"}));
    assert_eq!(seen.check(Some(second), &unknown).unwrap(), None);
    seen.record(Some(second), &unknown).unwrap();
    assert_eq!(
        seen.check(Some(second), &unknown).unwrap(),
        Some(Duplicate::Delivery(second))
    );
}

#[test]
fn the_deduplicator_persists_and_restores() {
    let mut seen = Deduplicator::default();
    let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let confirmed = event(&fixture("payment.confirmed"));
    seen.record(Some(id), &confirmed).unwrap();
    let stored = serde_json::to_string(&seen).unwrap();
    let mut restored: Deduplicator = serde_json::from_str(&stored).unwrap();
    assert_eq!(restored, seen);
    assert!(restored.check(Some(id), &confirmed).unwrap().is_some());
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
fn the_memory_store_prunes_by_the_time_it_was_told() {
    let mut store = MemoryStore::default();
    let old: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap(); // 2016
    let new: DeliveryId = "01KJC2WX8EH4MP3DHZB2YQ7N9G".parse().unwrap(); // 2026
    store.set_now(old.timestamp_ms());
    assert!(store.first_seen(&SeenKey::Delivery(old)).unwrap());
    store.set_now(new.timestamp_ms());
    assert!(store.first_seen(&SeenKey::Delivery(new)).unwrap());
    assert!(!store.first_seen(&SeenKey::Delivery(new)).unwrap());
    assert_eq!(store.len(), 2);
    assert_eq!(store.prune_before(new.timestamp_ms()), 1);
    assert!(!store.contains(&SeenKey::Delivery(old)).unwrap());
    assert!(store.contains(&SeenKey::Delivery(new)).unwrap());
    assert_eq!(store.prune_before(0), 0);
}

fn delivery_key(n: u64) -> SeenKey {
    // ULIDs whose last characters count up.
    SeenKey::Delivery(format!("01KJC2WX8EH4MP3DHZB{n:07}").parse().unwrap())
}

#[test]
fn the_memory_store_is_bounded_in_size_forgetting_the_oldest_first() {
    let mut store = MemoryStore::new(3);
    for n in 0..10 {
        assert!(store.first_seen(&delivery_key(n)).unwrap());
        assert!(store.len() <= 3);
    }
    assert_eq!(store.len(), 3);
    for n in 0..7 {
        assert!(
            !store.contains(&delivery_key(n)).unwrap(),
            "{n} was forgotten"
        );
    }
    for n in 7..10 {
        assert!(store.contains(&delivery_key(n)).unwrap(), "{n} is kept");
        assert!(!store.first_seen(&delivery_key(n)).unwrap());
    }
    // A key seen again is not recorded twice and does not evict anything.
    assert_eq!(store.len(), 3);
    // A forgotten key is a key never seen.
    assert!(store.first_seen(&delivery_key(0)).unwrap());
    assert!(!store.contains(&delivery_key(7)).unwrap());
    assert_eq!(MemoryStore::new(0).max_entries(), 1);
}

#[test]
fn the_memory_store_is_bounded_in_age_by_the_callers_clock() {
    let day = 86_400_000;
    let mut store = MemoryStore::new(1_000).with_max_age(day);
    let start = 1_700_000_000_000;
    for (n, at) in [(0, start), (1, start + 1_000), (2, start + day)] {
        store.set_now(at);
        assert!(store.first_seen(&delivery_key(n)).unwrap());
    }
    assert_eq!(store.set_now(start + day), 0); // the first key is exactly a day old: kept
    assert_eq!(store.set_now(start + day + 1_000), 1);
    assert!(!store.contains(&delivery_key(0)).unwrap());
    assert!(store.contains(&delivery_key(1)).unwrap());
    // The store's time never goes back, so a clock step backwards forgets nothing.
    assert_eq!(store.set_now(start), 0);
    assert_eq!(store.now_ms(), start + day + 1_000);
    assert!(store.first_seen(&delivery_key(3)).unwrap());
    assert_eq!(store.set_now(start + 2 * day + 1_000), 2); // keys 1 and 2
    assert!(store.contains(&delivery_key(3)).unwrap());
    assert_eq!(store.len(), 1);
    // Without a clock the age bound never applies; the size bound still does.
    let mut clockless = MemoryStore::new(2).with_max_age(1);
    for n in 0..5 {
        clockless.first_seen(&delivery_key(n)).unwrap();
    }
    assert_eq!(clockless.len(), 2);
}

#[test]
fn the_deduplicator_over_a_bounded_store_forgets_facts_and_deliveries_alike() {
    let mut seen = Deduplicator::new(MemoryStore::new(2));
    let first = event(&fixture("payment.confirmed"));
    let other = event(&json!({"event": "payment.refunded", "requestId": "01cd"}));
    let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    seen.record(Some(id), &first).unwrap(); // two keys: the store is full
    assert!(seen.check(Some(id), &first).unwrap().is_some());
    seen.record(None, &other).unwrap(); // evicts the delivery id, the oldest
    assert_eq!(
        seen.check(Some(id), &first).unwrap(),
        Some(Duplicate::BusinessKey(BusinessKey::of(&first).unwrap()))
    );
    assert!(!seen.store_mut().contains(&SeenKey::Delivery(id)).unwrap());
}

#[test]
fn first_seen_checks_and_records_atomically_over_any_store() {
    /// A store that records each key's text once, as a unique database column would.
    #[derive(Default)]
    struct Column(std::collections::BTreeSet<String>);
    impl SeenStore for Column {
        type Error = std::convert::Infallible;
        fn first_seen(&mut self, key: &SeenKey) -> Result<bool, Self::Error> {
            Ok(self.0.insert(key.to_string()))
        }
        fn contains(&mut self, key: &SeenKey) -> Result<bool, Self::Error> {
            Ok(self.0.contains(&key.to_string()))
        }
    }
    let core = event(&fixture("payment.confirmed"));
    let checkout = event(&with_name(
        fixture("payment.confirmed"),
        "payment.confirmed.checkout",
    ));
    let first: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let second: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAW".parse().unwrap();
    let mut seen = Deduplicator::new(Column::default());
    assert_eq!(seen.check(Some(first), &core).unwrap(), None);
    assert_eq!(seen.first_seen(Some(first), &core).unwrap(), None);
    assert_eq!(
        seen.first_seen(Some(first), &core).unwrap(),
        Some(Duplicate::Delivery(first))
    );
    assert_eq!(
        seen.first_seen(Some(second), &checkout).unwrap(),
        Some(Duplicate::BusinessKey(BusinessKey::of(&core).unwrap()))
    );
    // The second delivery was handled (as a duplicate): its retry is caught by its id.
    assert_eq!(
        seen.check(Some(second), &checkout).unwrap(),
        Some(Duplicate::Delivery(second))
    );
    let keys: Vec<&str> = seen.store().0.iter().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "delivery:01ARZ3NDEKTSV4RRFFQ69G5FAV",
            "delivery:01ARZ3NDEKTSV4RRFFQ69G5FAW",
            &format!("fact:{}", BusinessKey::of(&core).unwrap()),
        ]
    );
}

#[test]
fn a_stored_memory_store_is_checked_when_read_back() {
    let mut store = MemoryStore::new(10).with_max_age(1_000);
    store.set_now(5_000);
    store.first_seen(&delivery_key(1)).unwrap();
    store.set_now(5_500);
    store.first_seen(&delivery_key(2)).unwrap();
    let stored = serde_json::to_value(&store).unwrap();
    assert_eq!(
        stored,
        json!({"maxEntries": 10, "maxAgeMs": 1000, "nowMs": 5500, "seen": [
            {"key": {"delivery": "01KJC2WX8EH4MP3DHZB0000001"}, "atMs": 5000},
            {"key": {"delivery": "01KJC2WX8EH4MP3DHZB0000002"}, "atMs": 5500},
        ]})
    );
    assert_eq!(
        serde_json::from_value::<MemoryStore>(stored.clone()).unwrap(),
        store
    );
    let mut twice = stored.clone();
    twice["seen"][1]["key"] = twice["seen"][0]["key"].clone();
    let mut out_of_order = stored.clone();
    out_of_order["seen"][0]["atMs"] = json!(5_600);
    let mut future = stored.clone();
    future["seen"][1]["atMs"] = json!(9_000);
    let mut empty_bound = stored.clone();
    empty_bound["maxEntries"] = json!(0);
    for bad in [twice, out_of_order, future, empty_bound] {
        assert!(
            serde_json::from_value::<MemoryStore>(bad.clone()).is_err(),
            "{bad}"
        );
    }
    // Bounds apply to what is read: a smaller size keeps the newest keys.
    let mut smaller = stored.clone();
    smaller["maxEntries"] = json!(1);
    let mut read: MemoryStore = serde_json::from_value(smaller).unwrap();
    assert_eq!(read.len(), 1);
    assert!(read.contains(&delivery_key(2)).unwrap());
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

#[test]
fn a_delivery_id_debugs_as_its_ulid_text() {
    let id: DeliveryId = "01arz3ndektsv4rrffq69g5fav".parse().unwrap();
    assert_eq!(format!("{id:?}"), "DeliveryId(01ARZ3NDEKTSV4RRFFQ69G5FAV)");
    assert!(format!("{:?}", Some(id)).contains("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
}

/// Issue 34 item 1 in memory: claimed, failed, released; the retry is processed (with
/// `first_seen` it was a duplicate). Then done: a duplicate.
#[test]
fn a_lease_released_after_a_failure_lets_the_retry_be_processed() {
    let confirmed = event(&fixture("payment.confirmed"));
    let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let mut seen = Deduplicator::default();
    let Claim::New(lease) = seen
        .claim(Some(id), &confirmed, LeaseToken::new("1"), 1_000, 10_000)
        .unwrap()
    else {
        panic!("new")
    };
    assert_eq!(lease.keys().len(), 2);
    seen.release(&lease, 1_100).unwrap();
    let retry = seen
        .claim(Some(id), &confirmed, LeaseToken::new("2"), 2_000, 10_000)
        .unwrap();
    let Claim::New(lease) = retry else {
        panic!("attempt 2 (retry after our 500): {retry:?}")
    };
    seen.complete(&lease, 2_100).unwrap();
    assert_eq!(
        seen.claim(Some(id), &confirmed, LeaseToken::new("3"), 3_000, 10_000)
            .unwrap(),
        Claim::Done(Duplicate::Delivery(id))
    );
    assert_eq!(
        seen.store().len(),
        2,
        "done keys are recorded as first_seen's are"
    );
}

/// A holder that died leaves a lease that expires by the caller's clock: until then a retry
/// is in progress (409), then it takes the delivery over; the old holder cannot complete.
#[test]
fn a_lease_expires_by_the_callers_clock_and_is_taken_over() {
    let refunded = event(&fixture("payment.refunded"));
    let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let mut seen = Deduplicator::default();
    let Claim::New(dead) = seen
        .claim(Some(id), &refunded, LeaseToken::new("dead"), 0, 10_000)
        .unwrap()
    else {
        panic!("new")
    };
    assert_eq!(dead.expires_at_ms(), 10_000);
    let busy = seen
        .claim(
            Some(id),
            &refunded,
            LeaseToken::new("retry-1"),
            9_999,
            10_000,
        )
        .unwrap();
    assert_eq!(busy, Claim::InProgress(SeenKey::Delivery(id)));
    assert_eq!(busy.status(), 409);
    let Claim::New(next) = seen
        .claim(
            Some(id),
            &refunded,
            LeaseToken::new("retry-2"),
            10_000,
            10_000,
        )
        .unwrap()
    else {
        panic!("taken over at the expiry")
    };
    assert!(matches!(
        seen.complete(&dead, 10_001),
        Err(LeaseError::Lost {
            key: SeenKey::Delivery(_)
        })
    ));
    seen.release(&dead, 10_002).unwrap(); // frees nothing of the new holder's
    assert!(matches!(
        seen.claim(
            Some(id),
            &refunded,
            LeaseToken::new("retry-3"),
            10_003,
            10_000
        )
        .unwrap(),
        Claim::InProgress(_)
    ));
    // A lease past its expiry is not completed even when nobody took it over.
    seen.complete(&next, 20_000).unwrap_err();
    let Claim::New(last) = seen
        .claim(
            Some(id),
            &refunded,
            LeaseToken::new("retry-4"),
            20_000,
            10_000,
        )
        .unwrap()
    else {
        panic!("free again")
    };
    seen.complete(&last, 20_001).unwrap();
}

/// A delivery's two keys are claimed together: a variant whose fact is in progress takes
/// neither, and an unknown event without a delivery id has nothing to claim.
#[test]
fn a_lease_takes_all_keys_or_none() {
    let core = event(&fixture("payment.confirmed"));
    let checkout = event(&with_name(
        fixture("payment.confirmed"),
        "payment.confirmed.checkout",
    ));
    let first: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let second: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAW".parse().unwrap();
    let mut seen = Deduplicator::default();
    let Claim::New(lease) = seen
        .claim(Some(first), &core, LeaseToken::new("a"), 0, 10_000)
        .unwrap()
    else {
        panic!("new")
    };
    assert!(matches!(
        seen.claim(Some(second), &checkout, LeaseToken::new("b"), 1, 10_000)
            .unwrap(),
        Claim::InProgress(SeenKey::Fact(_))
    ));
    // The variant's delivery id alone is free: the refused claim did not keep it.
    let unknown = event(&json!({"event": "payout.sent"}));
    let Claim::New(alone) = seen
        .claim(Some(second), &unknown, LeaseToken::new("c"), 2, 10_000)
        .unwrap()
    else {
        panic!("not half-claimed")
    };
    seen.release(&alone, 3).unwrap();
    seen.complete(&lease, 4).unwrap();
    assert_eq!(
        seen.claim(Some(second), &checkout, LeaseToken::new("d"), 5, 10_000)
            .unwrap(),
        Claim::Done(Duplicate::BusinessKey(BusinessKey::of(&core).unwrap()))
    );
    let Claim::New(nothing) = seen
        .claim(None, &unknown, LeaseToken::new("e"), 6, 10_000)
        .unwrap()
    else {
        panic!("nothing to de-duplicate")
    };
    assert!(nothing.keys().is_empty());
    seen.complete(&nothing, 7).unwrap();
}

/// Leases belong to the running process: a stored and restored store holds none.
#[test]
fn a_restored_memory_store_holds_no_lease() {
    let refunded = event(&fixture("payment.refunded"));
    let mut seen = Deduplicator::default();
    let Claim::New(_lease) = seen
        .claim(None, &refunded, LeaseToken::new("a"), 0, 10_000)
        .unwrap()
    else {
        panic!("new")
    };
    let mut restored: Deduplicator =
        serde_json::from_str(&serde_json::to_string(&seen).unwrap()).unwrap();
    assert!(matches!(
        restored
            .claim(None, &refunded, LeaseToken::new("b"), 1, 10_000)
            .unwrap(),
        Claim::New(_)
    ));
}

/// Threads of one process share a `MemoryStore` behind a lock (held for each call, not for
/// the work), with the process's clock: every delivery of 8 facts (core and checkout) is sent
/// twice at once and retried until acknowledged; some handlers fail (release), some die (the
/// lease expires). Each fact is completed exactly once, and no delivery is lost.
#[test]
fn threads_sharing_a_memory_store_complete_each_fact_once() {
    use std::collections::VecDeque;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    const FACTS: usize = 8;
    const LEASE_MS: u64 = 300;
    let start = Instant::now();
    let clock = move || u64::try_from(start.elapsed().as_millis()).unwrap();
    let deliveries: Arc<Vec<(DeliveryId, Event, usize)>> = Arc::new(
        (0..FACTS)
            .flat_map(|fact| {
                ["payment.confirmed", "payment.confirmed.checkout"]
                    .into_iter()
                    .enumerate()
                    .map(move |(n, name)| {
                        let id = format!("01ARZ3NDEKTSV4RRFFQ69G{:04}", fact * 2 + n);
                        (
                            id.parse().unwrap(),
                            event(&json!({"event": name, "requestId": format!("r{fact}")})),
                            fact,
                        )
                    })
            })
            .collect(),
    );
    let seen = Arc::new(Mutex::new(Deduplicator::default()));
    let queue: Arc<Mutex<VecDeque<(usize, u32, u64)>>> = Arc::new(Mutex::new(
        (0..deliveries.len())
            .flat_map(|d| [(d, 0, 0), (d, 0, 0)])
            .collect(),
    ));
    let acknowledged: Arc<Vec<AtomicUsize>> =
        Arc::new((0..deliveries.len()).map(|_| AtomicUsize::new(0)).collect());
    let completed: Arc<Vec<AtomicUsize>> =
        Arc::new((0..FACTS).map(|_| AtomicUsize::new(0)).collect());
    let tokens = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..6)
        .map(|_| {
            let (deliveries, seen, queue, acknowledged, completed, tokens) = (
                deliveries.clone(),
                seen.clone(),
                queue.clone(),
                acknowledged.clone(),
                completed.clone(),
                tokens.clone(),
            );
            std::thread::spawn(move || {
                loop {
                    assert!(clock() < 30_000, "the deliveries settle");
                    let next = {
                        let mut queue = queue.lock().unwrap();
                        let due = queue.iter().position(|(_, _, at)| *at <= clock());
                        due.and_then(|i| queue.remove(i))
                    };
                    let Some((d, attempt, _)) = next else {
                        if acknowledged.iter().all(|a| a.load(Ordering::SeqCst) > 0) {
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(10));
                        continue;
                    };
                    let (id, event, fact) = &deliveries[d];
                    let token = LeaseToken::new(tokens.fetch_add(1, Ordering::SeqCst).to_string());
                    let claim = seen
                        .lock()
                        .unwrap()
                        .claim(Some(*id), event, token, clock(), LEASE_MS)
                        .unwrap();
                    let ok = match claim {
                        Claim::Done(_) => true,
                        Claim::InProgress(_) => false,
                        Claim::New(lease) => {
                            std::thread::sleep(Duration::from_millis(5)); // the work
                            match (d % 3, attempt) {
                                (0, 0) => {
                                    seen.lock().unwrap().release(&lease, clock()).unwrap();
                                    false
                                }
                                (1, 0) => false, // died: the lease is left to expire
                                _ => {
                                    seen.lock().unwrap().complete(&lease, clock()).unwrap();
                                    completed[*fact].fetch_add(1, Ordering::SeqCst);
                                    true
                                }
                            }
                        }
                    };
                    if ok {
                        acknowledged[d].fetch_add(1, Ordering::SeqCst);
                    } else {
                        let at = clock() + 40;
                        queue.lock().unwrap().push_back((d, attempt + 1, at));
                    }
                }
            })
        })
        .collect();
    for worker in workers {
        worker.join().unwrap();
    }
    for (fact, count) in completed.iter().enumerate() {
        assert_eq!(count.load(Ordering::SeqCst), 1, "fact {fact}");
    }
}
