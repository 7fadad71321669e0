//! Replays the webhook deliveries of one crypto-to-fiat payment, out of order and duplicated,
//! through the whole receiving path (signature, parsing, de-duplication, state machines,
//! storage between deliveries) and checks the final state and the moves reported as rejected.

use http::{HeaderMap, HeaderValue};
use securepay::offramp::{
    Change, CryptoToFiatTracker, Machine, OfframpAction, OfframpState, RejectionKind,
};
use securepay::webhook::{
    AgreementStatus, DELIVERY_HEADER, Deduplicator, Delivery, Event, KycStatus,
    PaymentDetailStatus, SIGNATURE_HEADER, sign, verify_headers,
};
use serde_json::{Value, json};

const SECRET: &str = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";
const USER: &str = "user_test123456789";
const DETAILS: &str = "fa898aec-519c-46be-9b4c-e76ef4ff99d9";
const REQUEST: &str = "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93";

/// What the application stores between deliveries: JSON, as a database column would.
struct Store {
    tracker: String,
    seen: String,
}

impl Store {
    fn new() -> Store {
        let tracker = CryptoToFiatTracker::new(USER)
            .with_payment_details(DETAILS)
            .with_request(REQUEST);
        Store {
            tracker: serde_json::to_string(&tracker).unwrap(),
            seen: serde_json::to_string(&Deduplicator::default()).unwrap(),
        }
    }

    fn tracker(&self) -> CryptoToFiatTracker {
        serde_json::from_str(&self.tracker).unwrap()
    }
}

/// A delivery as the service sends it.
struct Delivered {
    headers: HeaderMap,
    body: Vec<u8>,
}

fn delivery(id: &str, body: &Value) -> Delivered {
    let body = serde_json::to_vec(body).unwrap();
    let mut headers = HeaderMap::new();
    headers.insert(DELIVERY_HEADER, HeaderValue::from_str(id).unwrap());
    headers.insert(
        SIGNATURE_HEADER,
        HeaderValue::from_str(&sign(SECRET, &body).unwrap()).unwrap(),
    );
    Delivered { headers, body }
}

/// The application's webhook handler; returns the HTTP status it answers.
fn handle(store: &mut Store, delivered: &Delivered) -> u16 {
    let Ok(verified) = verify_headers(SECRET, &delivered.body, &delivered.headers) else {
        return 401;
    };
    let Ok(event) = verified.parse() else {
        return 400;
    };
    let Ok(delivery) = Delivery::from_headers(&delivered.headers) else {
        return 400;
    };
    let mut seen: Deduplicator = serde_json::from_str(&store.seen).unwrap();
    if seen.check(Some(delivery.id()), &event).unwrap().is_some() {
        return 200;
    }
    let mut tracker = store.tracker();
    let changes = tracker.apply(&event);
    if changes
        .iter()
        .filter_map(Change::rejection)
        .any(|r| r.should_redeliver())
    {
        // Not recorded: the service will deliver it again.
        store.tracker = serde_json::to_string(&tracker).unwrap();
        return 503;
    }
    seen.record(Some(delivery.id()), &event).unwrap();
    store.tracker = serde_json::to_string(&tracker).unwrap();
    store.seen = serde_json::to_string(&seen).unwrap();
    200
}

fn compliance(kyc: &str, agreement: &str) -> Value {
    json!({"event": "compliance.updated", "clientUserId": USER, "kycStatus": kyc,
           "agreementStatus": agreement, "isCompliant": kyc == "approved" && agreement == "completed",
           "timestamp": "2025-10-03T14:30:00Z"})
}

fn details(status: &str) -> Value {
    json!({"event": "payment_detail.updated", "paymentDetailsId": DETAILS, "status": status})
}

fn processing(sub: &str) -> Value {
    json!({"event": "payment.processing", "requestId": REQUEST, "requestID": REQUEST,
           "paymentReference": "0x2c3366941274c34c", "offrampId": "offramp_test123456789",
           "subStatus": sub, "paymentProcessor": "request-tech"})
}

fn confirmed(name: &str) -> Value {
    json!({"event": name, "requestId": REQUEST, "requestID": REQUEST,
           "paymentReference": "0x2c3366941274c34c", "amount": "100.0", "totalAmountPaid": "100.0",
           "expectedAmount": "100.0", "txHash": "0xabcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890",
           "isCryptoToFiat": true, "subStatus": "fiat_sent", "paymentProcessor": "request-tech"})
}

#[test]
fn an_out_of_order_duplicated_stream_ends_confirmed_with_the_rejected_moves_reported() {
    let mut store = Store::new();
    let early_confirmation = delivery(
        "01KJC2WX8EH4MP3DHZB2YQ7N09",
        &confirmed("payment.confirmed"),
    );
    let fiat_sent = delivery("01KJC2WX8EH4MP3DHZB2YQ7N11", &processing("fiat_sent"));
    let approved_details = delivery("01KJC2WX8EH4MP3DHZB2YQ7N04", &details("approved"));
    // Signed with another secret: refused before parsing.
    let mut forged = delivery("01KJC2WX8EH4MP3DHZB2YQ7N99", &processing("bounced"));
    forged.headers.insert(
        SIGNATURE_HEADER,
        HeaderValue::from_str(&sign("not-the-secret", &forged.body).unwrap()).unwrap(),
    );

    let answers: Vec<u16> = [
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N01", &compliance("pending", "not_started")),
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N02", &compliance("approved", "completed")),
        // Late: older than the approval.
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N03", &compliance("pending", "pending")),
        &approved_details,
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N05", &details("pending")),
        &approved_details, // a retry of the same delivery
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N06", &processing("initiated")),
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N07", &processing("ongoing_checks")),
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N08", &processing("pending_internal_assessment")),
        &early_confirmation, // before fiat_sent
        &forged,
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N10", &processing("sending_fiat")),
        &fiat_sent,
        &early_confirmation, // the service's retry
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N12", &confirmed("payment.confirmed.checkout")),
        &fiat_sent, // a retry after success
        // The same fact as an earlier delivery (a new delivery id): caught by its business key.
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N13", &processing("sending_fiat")),
        // Late news never seen before: rejected as stale.
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N16", &processing("retry_required")),
        // Another payer's compliance and another request's progress are not this payment's.
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N14", &json!({"event": "compliance.updated", "clientUserId": "someone_else", "kycStatus": "rejected"})),
        &delivery("01KJC2WX8EH4MP3DHZB2YQ7N15", &json!({"event": "payment.processing", "requestId": "another", "subStatus": "bounced"})),
    ]
    .iter()
    .map(|d| handle(&mut store, d))
    .collect();

    assert_eq!(
        answers,
        [
            200, 200, 200, 200, 200, 200, 200, 200, 200, 503, 401, 200, 200, 200, 200, 200, 200,
            200, 200, 200
        ]
    );

    let tracker = store.tracker();
    assert_eq!(tracker.kyc(), Some(&KycStatus::Approved));
    assert_eq!(tracker.agreement(), Some(&AgreementStatus::Completed));
    assert_eq!(
        tracker.payment_details(),
        Some(&PaymentDetailStatus::Approved)
    );
    assert_eq!(tracker.offramp(), &OfframpState::Confirmed);
    assert!(tracker.readiness(OfframpAction::Pay).ready);

    let reported: Vec<(Machine, &str, &str, RejectionKind)> = tracker
        .rejections()
        .iter()
        .map(|r| (r.machine, r.from.as_str(), r.to.as_str(), r.kind))
        .collect();
    assert_eq!(
        reported,
        [
            (Machine::Kyc, "approved", "pending", RejectionKind::Stale),
            (
                Machine::Agreement,
                "completed",
                "pending",
                RejectionKind::Stale
            ),
            (
                Machine::PaymentDetails,
                "approved",
                "pending",
                RejectionKind::Stale
            ),
            (
                Machine::Offramp,
                "processing(ongoing_checks)",
                "processing(pending_internal_assessment)",
                RejectionKind::Stale
            ),
            (
                Machine::Offramp,
                "processing(ongoing_checks)",
                "confirmed",
                RejectionKind::Premature
            ),
            (
                Machine::Offramp,
                "confirmed",
                "processing(retry_required)",
                RejectionKind::Stale
            ),
        ]
    );
}

#[test]
fn any_arrival_order_of_the_offramp_events_ends_confirmed_when_premature_ones_are_redelivered() {
    let events = [
        processing("initiated"),
        processing("pending_internal_assessment"),
        processing("ongoing_checks"),
        processing("sending_fiat"),
        processing("fiat_sent"),
        confirmed("payment.confirmed"),
        confirmed("payment.confirmed.client_id"),
    ];
    // Every rotation and its reverse: 14 orders, each with every event delivered twice.
    for rotation in 0..events.len() {
        for reverse in [false, true] {
            let mut order: Vec<usize> = (0..events.len())
                .map(|i| (i + rotation) % events.len())
                .collect();
            if reverse {
                order.reverse();
            }
            let mut store = Store::new();
            let mut queue: std::collections::VecDeque<Delivered> = order
                .iter()
                .chain(order.iter())
                .enumerate()
                .map(|(n, i)| delivery(&format!("01KJC2WX8EH4MP3DHZB2YQ7{n:03}"), &events[*i]))
                .collect();
            let mut attempts = 0;
            while let Some(next) = queue.pop_front() {
                attempts += 1;
                assert!(attempts < 100, "the stream does not settle");
                if handle(&mut store, &next) == 503 {
                    queue.push_back(next);
                }
            }
            let tracker = store.tracker();
            assert_eq!(tracker.offramp(), &OfframpState::Confirmed, "{order:?}");
            assert!(
                tracker
                    .rejections()
                    .iter()
                    .all(|r| matches!(r.kind, RejectionKind::Stale | RejectionKind::Premature))
            );
        }
    }
}

#[test]
fn a_failure_after_confirmation_is_reported_as_a_conflict_and_not_applied() {
    let mut store = Store::new();
    for (id, body) in [
        ("01KJC2WX8EH4MP3DHZB2YQ7N01", processing("fiat_sent")),
        ("01KJC2WX8EH4MP3DHZB2YQ7N02", confirmed("payment.confirmed")),
        (
            "01KJC2WX8EH4MP3DHZB2YQ7N03",
            json!({"event": "payment.failed", "requestId": REQUEST, "subStatus": "bounced"}),
        ),
    ] {
        assert_eq!(handle(&mut store, &delivery(id, &body)), 200);
    }
    let tracker = store.tracker();
    assert_eq!(tracker.offramp(), &OfframpState::Confirmed);
    let last = tracker.rejections().last().unwrap();
    assert_eq!(last.kind, RejectionKind::Conflict);
    assert_eq!(last.to, "failed(bounced)");
}

#[test]
fn each_event_says_whether_it_was_for_this_payment_and_whether_it_moved_anything() {
    let event = |json: Value| Event::parse_unverified(json.to_string().as_bytes()).unwrap();
    let mut payment = CryptoToFiatTracker::new("user_1");
    // This payer, but neither status: for this payment, nothing to apply.
    let bare = event(json!({"event": "compliance.updated", "clientUserId": "user_1"}));
    assert_eq!(payment.apply(&bare), [Change::NoStatus]);
    assert_eq!((payment.kyc(), payment.agreement()), (None, None));
    // Another payer: not for this payment.
    let other = event(
        json!({"event": "compliance.updated", "clientUserId": "user_2", "kycStatus": "approved"}),
    );
    assert_eq!(payment.apply(&other), [Change::NotForThisPayment]);
    assert!(payment.rejections().is_empty());
}
