//! Typed webhook events: every documented payload parses into its variant and serializes back,
//! every documented name is known, unknown names keep their JSON, and malformed bodies are
//! refused with a precise error.

use crate::common;

use securepay::amount::Decimals;
use securepay::webhook::{
    AgreementStatus, EVENT_NAMES, Event, EventError, EventKind, EventName, EventScope, FeeType,
    KycStatus, KytVerdict, PaymentDetailStatus, PaymentProcessor, SubStatus, UserEventKind,
};
use serde_json::{Value, json};

/// Every fixture, with the kind it must parse into.
const FIXTURES: [(&str, EventKind); 13] = [
    ("payment.confirmed", EventKind::PaymentConfirmed),
    ("payment.confirmed-quickstart", EventKind::PaymentConfirmed),
    ("payment.partial", EventKind::PaymentPartial),
    ("payment.processing", EventKind::PaymentProcessing),
    ("payment.failed", EventKind::PaymentFailed),
    ("payment.refunded", EventKind::PaymentRefunded),
    ("compliance.updated", EventKind::ComplianceUpdated),
    ("payment_detail.updated", EventKind::PaymentDetailUpdated),
    ("request.recurring", EventKind::RequestRecurring),
    (
        "secure_payment.user_event",
        EventKind::SecurePaymentUserEvent,
    ),
    (
        "secure_payment.access_rejected",
        EventKind::SecurePaymentAccessRejected,
    ),
    ("client_id.linked", EventKind::ClientIdLinked),
    ("kyt.screening.completed", EventKind::KytScreeningCompleted),
];

fn fixture(name: &str) -> Value {
    common::read_json(&format!("webhook/{name}.json"))
}

fn parse(value: &Value) -> Event {
    Event::parse_unverified(value.to_string().as_bytes())
        .unwrap_or_else(|e| panic!("{value} does not parse: {e}"))
}

/// `null` and an absent field mean the same to the typed model.
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
fn every_documented_payload_parses_into_its_kind_and_round_trips() {
    for (file, kind) in FIXTURES {
        let original = fixture(file);
        let event = parse(&original);
        assert_eq!(event.kind(), Some(kind), "{file}");
        assert_eq!(event.name().to_string(), original["event"], "{file}");
        assert_eq!(event.to_value(), without_nulls(&original), "{file}");
        assert_eq!(serde_json::to_value(&event).unwrap(), event.to_value());
        // Parsing the serialized form gives the same event.
        assert_eq!(parse(&event.to_value()), event, "{file}");
    }
}

#[test]
fn every_documented_name_is_known_with_its_scope() {
    assert_eq!(EVENT_NAMES.len(), 16);
    for name in EVENT_NAMES {
        let parsed = EventName::parse(name);
        assert!(parsed.kind().is_some(), "{name}");
        assert_eq!(parsed.to_string(), name);
    }
    assert_eq!(
        EventName::parse("payment.confirmed.client_id"),
        EventName::Known(EventKind::PaymentConfirmed, EventScope::ClientId)
    );
    assert_eq!(
        EventName::parse("payment.partial.checkout"),
        EventName::Known(EventKind::PaymentPartial, EventScope::Checkout)
    );
    assert!(EventKind::ClientIdLinked.is_orchestrator());
    assert!(EventKind::KytScreeningCompleted.is_orchestrator());
    assert!(!EventKind::PaymentConfirmed.is_orchestrator());
    for near_miss in [
        "payment.failed.checkout",
        "Payment.Confirmed",
        "payment.confirmed.",
        "payment.confirmedx",
        "",
    ] {
        assert_eq!(
            EventName::parse(near_miss),
            EventName::Other(near_miss.to_owned())
        );
    }
}

#[test]
fn scoped_variants_parse_into_the_core_payment_event_with_their_scope() {
    let mut confirmed = fixture("payment.confirmed");
    for (suffix, scope) in [
        ("", EventScope::Core),
        (".client_id", EventScope::ClientId),
        (".checkout", EventScope::Checkout),
    ] {
        confirmed["event"] = json!(format!("payment.confirmed{suffix}"));
        let event = parse(&confirmed);
        let Event::PaymentConfirmed(payment) = &event else {
            panic!("{event:?}")
        };
        assert_eq!(payment.scope, scope);
        assert_eq!(event.scope(), scope);
        assert_eq!(event.to_value()["event"], confirmed["event"]);
    }
}

#[test]
fn payment_confirmed_fields_are_typed_as_documented() {
    let Event::PaymentConfirmed(payment) = parse(&fixture("payment.confirmed")) else {
        panic!()
    };
    let usdc = Decimals::new(6).unwrap();
    assert_eq!(
        payment.request_id(),
        Some("0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93")
    );
    assert_eq!(payment.amount.as_ref().unwrap().as_str(), "100.0");
    assert_eq!(
        payment
            .amount_in(usdc)
            .unwrap()
            .unwrap()
            .units()
            .to_string(),
        "100000000"
    );
    assert_eq!(
        payment
            .total_amount_paid_in(usdc)
            .unwrap()
            .unwrap()
            .to_string(),
        "100"
    );
    assert_eq!(payment.network.as_deref(), Some("ethereum")); // a free string
    assert_eq!(payment.sub_status, Some(SubStatus::Empty));
    assert_eq!(
        payment.payment_processor,
        Some(PaymentProcessor::RequestNetwork)
    );
    let fee = &payment.fees.as_ref().unwrap()[0];
    assert_eq!(fee.fee_type, Some(FeeType::Network));
    assert_eq!(fee.amount.as_ref().unwrap().as_str(), "0.02");
    // The docs' payerAddress is not valid EIP-55 (a placeholder); the payload still parses
    // and the typed accessor says what is wrong.
    assert!(payment.payer().unwrap().is_err());
    assert!(payment.payer_eoa().unwrap().is_ok());
}

#[test]
fn the_quickstart_client_id_example_keeps_its_client_fields_and_network_id() {
    let Event::PaymentConfirmed(payment) = parse(&fixture("payment.confirmed-quickstart")) else {
        panic!()
    };
    assert_eq!(payment.network.as_deref(), Some("sepolia"));
    assert_eq!(
        payment.client_id.as_deref(),
        Some("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4")
    );
    assert_eq!(payment.origin.as_deref(), Some("https://mydomain.com"));
    assert!(payment.ids.legacy.is_none());
    assert_eq!(payment.payment_reference.as_deref(), Some("0xabc123..."));
}

#[test]
fn nullable_payer_addresses_are_absent_when_null() {
    let Event::PaymentPartial(payment) = parse(&fixture("payment.partial")) else {
        panic!()
    };
    assert!(payment.payer_eoa_address.is_none());
    assert!(payment.payer_address.is_some());
    assert_eq!(payment.fees.as_deref(), Some(&[][..]));
}

#[test]
fn compliance_and_offramp_statuses_are_typed_open_enums() {
    let Event::ComplianceUpdated(update) = parse(&fixture("compliance.updated")) else {
        panic!()
    };
    assert_eq!(update.client_user_id, "user_test123456789");
    assert_eq!(update.kyc_status, Some(KycStatus::Approved));
    assert_eq!(update.agreement_status, Some(AgreementStatus::Completed));
    assert_eq!(update.is_compliant, Some(true));
    assert_eq!(
        update.raw_payload.as_ref().unwrap()["documents"],
        "verified"
    );

    let Event::PaymentProcessing(processing) = parse(&fixture("payment.processing")) else {
        panic!()
    };
    assert_eq!(processing.sub_status, SubStatus::OngoingChecks);
    assert_eq!(
        processing.payment_processor,
        Some(PaymentProcessor::RequestTech)
    );
    assert_eq!(
        processing.offramp_id.as_deref(),
        Some("offramp_test123456789")
    );

    let Event::PaymentDetailUpdated(details) = parse(&fixture("payment_detail.updated")) else {
        panic!()
    };
    assert_eq!(details.status, PaymentDetailStatus::Approved);

    let mut future = fixture("compliance.updated");
    future["kycStatus"] = json!("manual_review");
    let Event::ComplianceUpdated(update) = parse(&future) else {
        panic!()
    };
    assert_eq!(
        update.kyc_status,
        Some(KycStatus::Other("manual_review".to_owned()))
    );
    assert_eq!(
        parse(&future).to_value()["kycStatus"],
        "manual_review",
        "the raw text is kept"
    );
}

#[test]
fn both_documented_kyc_value_sets_are_known() {
    for text in [
        "not_started",
        "pending",
        "approved",
        "rejected",
        "retry_required",
        "initiated",
        "failed",
        "completed",
    ] {
        assert!(KycStatus::parse(text).is_known(), "{text}");
        assert_eq!(KycStatus::parse(text).as_str(), text);
    }
    for text in ["not_started", "pending", "completed", "rejected", "failed"] {
        assert!(AgreementStatus::parse(text).is_known(), "{text}");
    }
    for text in [
        "initiated",
        "pending_internal_assessment",
        "ongoing_checks",
        "sending_fiat",
        "fiat_sent",
        "bounced",
        "retry_required",
        "failed",
    ] {
        assert!(SubStatus::parse(text).is_known(), "{text}");
    }
}

#[test]
fn secure_payment_and_orchestrator_events_are_typed() {
    let Event::SecurePaymentUserEvent(user) = parse(&fixture("secure_payment.user_event")) else {
        panic!()
    };
    assert_eq!(user.user_event, UserEventKind::PaymentApprovedInWallet);
    // The doc example's requestId is a ULID, not 66 hex: accepted, not over-validated.
    assert_eq!(
        user.request_id.as_deref(),
        Some("01JD3E6JD46KY4KKV7X9V0MZ7W")
    );

    let Event::KytScreeningCompleted(kyt) = parse(&fixture("kyt.screening.completed")) else {
        panic!()
    };
    assert_eq!(kyt.status, KytVerdict::Approved);
    assert!(kyt.smart_account_address.is_none());

    let Event::ClientIdLinked(linked) = parse(&fixture("client_id.linked")) else {
        panic!()
    };
    assert_eq!(linked.link_id, "01ARZ3NDEKTSV4RRFFQ69G5FAX");

    let Event::SecurePaymentAccessRejected(rejected) =
        parse(&fixture("secure_payment.access_rejected"))
    else {
        panic!()
    };
    assert_eq!(
        rejected.attempted_payer_wallet_address,
        "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570"
    );
}

#[test]
fn a_kyt_verdict_outside_approved_and_rejected_is_refused() {
    let mut kyt = fixture("kyt.screening.completed");
    kyt["status"] = json!("error");
    let error = Event::parse_unverified(kyt.to_string().as_bytes()).unwrap_err();
    assert!(
        matches!(&error, EventError::Payload { event, source } if event == "kyt.screening.completed" && source.to_string().contains("unknown KYT status")),
        "{error}"
    );
}

#[test]
fn unknown_events_keep_their_raw_json() {
    let raw = json!({"event": "payout.sent", "id": 7, "nested": {"a": [1, 2]}});
    let event = parse(&raw);
    assert_eq!(event.kind(), None);
    assert_eq!(event.name(), EventName::Other("payout.sent".to_owned()));
    let Event::Other { name, raw: kept } = &event else {
        panic!()
    };
    assert_eq!(name, "payout.sent");
    assert_eq!(kept, &raw);
    assert_eq!(event.to_value(), raw);
}

#[test]
fn unknown_fields_of_known_events_are_kept() {
    let mut partial = fixture("payment.partial");
    partial["brandNewField"] = json!({"x": 1});
    let event = parse(&partial);
    let Event::PaymentPartial(payment) = &event else {
        panic!()
    };
    // Only the unknown field lands in `extra`: the modelled ones (the request ids included)
    // are not duplicated there.
    let extra: Vec<&String> = payment.extra.keys().collect();
    assert_eq!(extra, ["brandNewField"]);
    assert_eq!(payment.extra["brandNewField"], json!({"x": 1}));
    assert_eq!(payment.ids.request_id, payment.ids.legacy);
    let written = serde_json::to_string(&event).unwrap();
    assert_eq!(written.matches("\"requestId\"").count(), 1, "{written}");
    assert_eq!(event.to_value()["brandNewField"], json!({"x": 1}));
}

#[test]
fn the_legacy_request_id_is_read_and_must_agree_with_request_id() {
    let legacy_only = json!({"event": "payment.failed", "requestID": "abc", "subStatus": "failed"});
    assert_eq!(parse(&legacy_only).request_id(), Some("abc"));

    let mut disagree = fixture("payment.processing");
    disagree["requestID"] = json!("another");
    assert!(matches!(
        Event::parse_unverified(disagree.to_string().as_bytes()),
        Err(EventError::RequestIdMismatch { .. })
    ));

    for name in [
        "payment.confirmed",
        "payment.partial.checkout",
        "payment.failed",
        "payment.processing",
        "request.recurring",
    ] {
        let body = json!({"event": name, "subStatus": "initiated"}).to_string();
        assert_eq!(
            Event::parse_unverified(body.as_bytes()),
            Err(EventError::MissingRequestId {
                event: name.to_owned()
            }),
            "{name}"
        );
    }
    // Not required where the docs do not show it.
    let refunded = json!({"event": "payment.refunded"});
    assert_eq!(parse(&refunded).request_id(), None);
}

#[test]
fn malformed_bodies_have_distinct_errors() {
    assert!(matches!(
        Event::parse_unverified(b"{not json"),
        Err(EventError::NotJson(_))
    ));
    assert_eq!(
        Event::parse_unverified(b"[1]"),
        Err(EventError::NotAnObject)
    );
    assert_eq!(
        Event::parse_unverified(b"{\"requestId\":\"01\"}"),
        Err(EventError::MissingEventName)
    );
    assert_eq!(
        Event::parse_unverified(b"{\"event\":7}"),
        Err(EventError::EventNameNotString)
    );
    // A required field missing, a field of the wrong type, an amount that is not a decimal.
    for (body, needle) in [
        (
            json!({"event": "payment.processing", "requestId": "01"}),
            "subStatus",
        ),
        (
            json!({"event": "compliance.updated", "kycStatus": "approved"}),
            "clientUserId",
        ),
        (
            json!({"event": "payment.partial", "requestId": "01", "amount": 50}),
            "invalid type",
        ),
        (
            json!({"event": "payment.partial", "requestId": "01", "amount": "1e3"}),
            "exponent",
        ),
        (
            json!({"event": "payment.partial", "requestId": "01", "amount": "-5"}),
            "negative",
        ),
    ] {
        let error = Event::parse_unverified(body.to_string().as_bytes()).unwrap_err();
        assert!(
            matches!(&error, EventError::Payload { source, .. } if source.to_string().contains(needle)),
            "{body}: {error}"
        );
    }
}

#[test]
fn a_key_given_twice_is_refused_anywhere_in_the_body() {
    // Two `event` keys: which event it is is ambiguous (the first pass used to keep the last).
    let twice = br#"{"event":"payment.partial","event":"payment.confirmed","requestId":"01ab"}"#;
    let Err(EventError::RepeatedEventName(error)) = Event::parse_unverified(twice) else {
        panic!("two event keys must be refused")
    };
    assert_eq!((error.line(), error.column()), (1, 34)); // the second key
    assert!(error.to_string().starts_with("duplicate field `event`"));
    // A modelled field, a field kept in `extra`, a key inside free-form JSON, a key of an
    // unknown event: each refused with the event's name, where it is.
    for (body, needle) in [
        (
            r#"{"event":"payment.refunded","requestId":"01ab","requestId":"01cd"}"#,
            "duplicate field `requestId`",
        ),
        (
            r#"{"event":"payment.refunded","requestId":"01ab","paymentReference":"0x1","paymentReference":"0x2"}"#,
            "duplicate field `paymentReference`",
        ),
        (
            r#"{"event":"payment.refunded","requestId":"01ab","brandNew":1,"brandNew":2}"#,
            "duplicate field `brandNew`",
        ),
        (
            r#"{"event":"compliance.updated","clientUserId":"u","rawPayload":{"a":{"b":1,"b":2}}}"#,
            "duplicate field `b`",
        ),
        (
            r#"{"event":"payment.partial","requestId":"01ab","fees":[{"type":"gas","x":1,"x":2}]}"#,
            "duplicate field `x`",
        ),
        (
            r#"{"event":"payout.sent","id":1,"id":2}"#,
            "duplicate field `id`",
        ),
    ] {
        let error = Event::parse_unverified(body.as_bytes()).unwrap_err();
        let EventError::Payload { event, source } = &error else {
            panic!("{body}: {error}")
        };
        assert!(body.contains(event.as_str()), "{body}: {error}");
        assert!(source.to_string().starts_with(needle), "{body}: {error}");
        assert_eq!(source.line(), 1, "{body}");
        assert!(source.column() > 0, "{body}");
    }
    // The same keys once each parse, and the envelope's `event` is not kept in `extra`.
    let once =
        Event::parse_unverified(br#"{"event":"payment.refunded","requestId":"01ab","brandNew":1}"#)
            .unwrap();
    let Event::PaymentRefunded(refunded) = &once else {
        panic!()
    };
    assert_eq!(refunded.extra.keys().collect::<Vec<_>>(), ["brandNew"]);
}

#[test]
fn json_errors_keep_serde_json_as_their_source() {
    use std::error::Error as _;
    let not_json =
        Event::parse_unverified(b"{\n  \"event\": \"payment.refunded\",\n  oops\n}").unwrap_err();
    let source = not_json
        .source()
        .and_then(|s| s.downcast_ref::<serde_json::Error>())
        .unwrap();
    assert_eq!(
        (source.line(), source.classify()),
        (3, serde_json::error::Category::Syntax)
    );
    let payload = Event::parse_unverified(
        b"{\"event\": \"payment.partial\",\n \"requestId\": \"01\",\n \"amount\": 50}",
    )
    .unwrap_err();
    let source = payload
        .source()
        .and_then(|s| s.downcast_ref::<serde_json::Error>())
        .unwrap();
    assert_eq!(
        (source.line(), source.classify()),
        (3, serde_json::error::Category::Data)
    );
    // Errors stay comparable and cloneable.
    assert_eq!(payload.clone(), payload);
    assert_ne!(payload, not_json);
    // Arrays are not objects, whatever they hold.
    assert_eq!(
        Event::parse_unverified(br#"["payment.refunded", "01ab"]"#),
        Err(EventError::NotAnObject)
    );
    assert_eq!(
        Event::parse_unverified(br#"{"event": null}"#),
        Err(EventError::EventNameNotString)
    );
}

#[test]
fn a_payment_names_its_network_and_currency_as_the_payloads_do() {
    use securepay::currency::{Catalog, Currency, CurrencyFields};
    use securepay::network::{Network, NetworkError};
    use securepay::webhook::PaymentCurrencyError;

    let payment = |network: &str, currency: &str| {
        let body = json!({"event": "payment.confirmed", "requestId": "01ab", "amount": "1.5",
            "network": network, "currency": currency});
        let Event::PaymentConfirmed(payment) = parse(&body) else {
            panic!("a payment.confirmed")
        };
        payment
    };
    // "ethereum" is the service's payload name of mainnet; ids in any case.
    for (name, network) in [
        ("ethereum", Network::Mainnet),
        ("Sepolia", Network::Sepolia),
        ("ARBITRUM-ONE", Network::ArbitrumOne),
        ("polygon", Network::Matic),
    ] {
        assert_eq!(payment(name, "USDC").parsed_network(), Some(Ok(network)));
    }
    let p = payment("ethereum", "USDC");
    let usdc = p.currency_in(Catalog::builtin()).unwrap().unwrap();
    assert_eq!(usdc.id().as_str(), "USDC-mainnet");
    assert_eq!(
        p.amount_in(usdc.decimals())
            .unwrap()
            .unwrap()
            .units()
            .to::<u64>(),
        1_500_000
    );
    assert!(matches!(
        payment("goerli", "USDC").currency_in(Catalog::builtin()),
        Some(Err(PaymentCurrencyError::Network(NetworkError::UnknownId(
            _
        ))))
    ));
    assert!(matches!(
        payment("base", "NOPE").currency_in(Catalog::builtin()),
        Some(Err(PaymentCurrencyError::Unknown {
            network: Network::Base,
            ..
        }))
    ));
    // Two currencies with one symbol on one network: the payload does not say which.
    let fields = |id: &str, address: &str| CurrencyFields {
        id: id.into(),
        name: "Token".into(),
        symbol: "TKN".into(),
        decimals: 6,
        address: address.into(),
        network: "base".into(),
        kind: "ERC20".into(),
        hash: None,
        chain_id: 8453,
    };
    let mut catalog = Catalog::empty();
    catalog
        .add_currency(
            Currency::new(fields(
                "TKN-base",
                "0x1111111111111111111111111111111111111111",
            ))
            .unwrap(),
        )
        .unwrap();
    catalog
        .add_currency(
            Currency::new(fields(
                "TKNb-base",
                "0x2222222222222222222222222222222222222222",
            ))
            .unwrap(),
        )
        .unwrap();
    let error = payment("base", "TKN")
        .currency_in(&catalog)
        .unwrap()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        r#""TKN" on base names several currencies: TKN-base, TKNb-base"#
    );
    let body = json!({"event": "payment.confirmed", "requestId": "01ab"});
    let Event::PaymentConfirmed(bare) = parse(&body) else {
        panic!()
    };
    assert!(bare.currency_in(Catalog::builtin()).is_none());
    assert!(bare.parsed_network().is_none());
}
