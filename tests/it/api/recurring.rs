//! `POST`, `GET` and `PATCH /v2/payouts/recurring/{id}`: the requests against the API
//! description (body examples), what is refused before sending, and the documented answers
//! field by field, with refusals of missing fields and wrong values.

use http::StatusCode;
use securepay::api::{
    Api, ApiErrorKind, BodyError, Credential, Eip712Signature, GetRecurringPayment,
    OutgoingRequest, RecurringAction, RecurringPaymentActivated, RecurringPaymentStatus,
    RecurringPaymentUpdated, RecurringStatus, RequestError, SubmitRecurringSignature,
    UpdateRecurringPayment, parse_parts,
};
use serde_json::{Value, json};

const ID: &str = "01JXYJKCAHGFTDR15F2D072ESG";
const PATH: &str = "/v2/payouts/recurring/{id}";

fn key() -> Credential {
    Credential::api_key("sk_test").unwrap()
}

fn operation(method: &str) -> Value {
    crate::common::api_description()["paths"][PATH][method].clone()
}

/// The response example `name` of `method` with `status`.
fn example(method: &str, status: &str, name: &str) -> Value {
    let value = operation(method)["responses"][status]["content"]["application/json"]["examples"]
        [name]["value"]
        .clone();
    assert!(!value.is_null(), "no example {name}");
    value
}

fn body(request: &http::Request<Vec<u8>>) -> Value {
    serde_json::from_slice(request.body()).unwrap()
}

#[test]
fn the_signature_is_submitted_as_the_described_body() {
    let described =
        operation("post")["requestBody"]["content"]["application/json"]["schema"]["example"]
            .clone();
    // The described example is 49 bytes ("1234567890abcdef" six times, then "1b"), not a
    // signature: refused, and the 65-byte form (eight times) is sent as the same body shape.
    let example = described["permitSignature"].as_str().unwrap();
    assert_eq!(
        example.parse::<Eip712Signature>(),
        Err(securepay::api::SignatureError::Length { digits: 98 })
    );
    let fixed = example.replacen("0x", &format!("0x{}", "1234567890abcdef".repeat(2)), 1);
    let signature: Eip712Signature = fixed.parse().unwrap();
    let request = Api::new()
        .submit_recurring_payment_signature(&key(), ID, &signature)
        .unwrap();
    let described = json!({ "permitSignature": fixed });
    assert_eq!(request.method(), "POST");
    assert_eq!(
        request.uri().to_string(),
        format!("https://api.request.network/v2/payouts/recurring/{ID}")
    );
    assert_eq!(request.headers()["content-type"], "application/json");
    assert_eq!(body(&request), described);

    let client = Credential::client_id("cli_test", None).unwrap();
    assert!(Api::new().get_recurring_payment(&client, ID).is_ok()); // Origin is optional here
    let session = Credential::session_bearer("session").unwrap();
    assert!(matches!(
        Api::new().get_recurring_payment(&session, ID),
        Err(RequestError::CredentialNotAccepted { .. })
    ));
    for bad in ["", "01JX\u{7f}"] {
        let error = Api::new()
            .submit_recurring_payment_signature(&key(), bad, &signature)
            .unwrap_err();
        assert!(
            matches!(
                &error,
                RequestError::Body(BodyError::Invalid { field: "id", .. })
            ),
            "{error:?}"
        );
    }
    let request = Api::new()
        .prepare(&key(), &GetRecurringPayment::new("../x"))
        .unwrap();
    assert_eq!(request.uri().path(), "/v2/payouts/recurring/..%2Fx");
}

#[test]
fn update_sends_each_described_action() {
    let schema = &operation("patch")["requestBody"]["content"]["application/json"]["schema"];
    assert_eq!(
        schema["properties"]["action"]["enum"],
        json!(["cancel", "unpause"])
    );
    for (action, text) in [
        (RecurringAction::Cancel, "cancel"),
        (RecurringAction::Unpause, "unpause"),
    ] {
        let request = Api::new()
            .update_recurring_payment(&key(), ID, action)
            .unwrap();
        assert_eq!(request.method(), "PATCH");
        assert_eq!(body(&request), json!({ "action": text }));
    }
    let typed = UpdateRecurringPayment::new(ID, RecurringAction::Cancel);
    assert_eq!(
        Api::new().prepare(&key(), &typed).unwrap().uri().path(),
        format!("/v2/payouts/recurring/{ID}")
    );
}

#[test]
fn the_activation_example_parses_and_its_errors_keep_their_message() {
    let activated: RecurringPaymentActivated = parse_parts(
        StatusCode::CREATED,
        example("post", "201", "success").to_string().as_bytes(),
    )
    .unwrap();
    assert_eq!(activated.id, ID);
    assert_eq!(activated.status, RecurringStatus::Active);
    assert_eq!(
        activated.message.as_deref(),
        Some("Recurring payment activated successfully")
    );
    for name in ["invalidSignature", "alreadyActive"] {
        let answer = example("post", "400", name);
        let error = SubmitRecurringSignature::parse_parts(
            StatusCode::BAD_REQUEST,
            answer.to_string().as_bytes(),
        )
        .unwrap_err();
        assert_eq!(error.kind, ApiErrorKind::BadRequest);
        assert_eq!(error.body.message().as_deref(), answer["message"].as_str());
    }
    assert!(
        parse_parts::<RecurringPaymentActivated>(StatusCode::CREATED, br#"{"id": "01JX"}"#)
            .unwrap_err()
            .to_string()
            .contains("missing field `status`")
    );
}

#[test]
fn the_status_examples_parse_field_by_field() {
    let read = |name: &str| -> RecurringPaymentStatus {
        GetRecurringPayment::parse_parts(
            StatusCode::OK,
            example("get", "200", name).to_string().as_bytes(),
        )
        .unwrap()
    };
    let active = read("active");
    assert_eq!(active.status, RecurringStatus::Active);
    assert_eq!((active.processed_payments, active.total_payments), (3, 30));
    assert_eq!(
        active.last_payment_date.as_deref(),
        Some("2025-01-04T10:00:00.000Z")
    );
    assert_eq!(
        active.next_payment_date.as_deref(),
        Some("2025-01-05T10:00:00.000Z")
    );
    let requests = active.requests.as_ref().unwrap();
    assert_eq!(
        requests[0].payment_reference.to_string(),
        "0xb3581f0b0f74cc61"
    );
    assert_eq!(
        requests[0].request_id,
        "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"
    );
    let payments = active.payments.as_ref().unwrap();
    assert_eq!(payments[0].id.as_deref(), Some(ID));
    assert_eq!(payments[0].amount.as_str(), "10");
    assert_eq!(
        payments[0].timestamp.as_deref(),
        Some("2025-01-04T10:00:00.000Z")
    );
    assert_eq!(
        payments[0].tx_hash.to_string(),
        "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"
    );
    assert_eq!(active.failure_count, None);

    let paused = read("paused");
    assert_eq!(paused.status, RecurringStatus::Paused);
    assert_eq!(paused.next_payment_date, None);
    assert_eq!(paused.failure_count, Some(3));
    assert_eq!(
        paused.failure_reason.as_deref(),
        Some("Insufficient token allowance")
    );
    assert!(paused.requests.is_none() && paused.payments.is_none());

    let completed = read("completed");
    assert_eq!(completed.status, RecurringStatus::Completed);
    assert_eq!(completed.processed_payments, completed.total_payments);

    let not_found = example("get", "404", "notFound");
    let error =
        GetRecurringPayment::parse_parts(StatusCode::NOT_FOUND, not_found.to_string().as_bytes())
            .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::NotFound);
    assert_eq!(
        error.body.message().as_deref(),
        Some("Recurring payment not found")
    );
}

#[test]
fn status_answers_missing_a_field_or_with_a_wrong_value_are_refused() {
    let base = example("get", "200", "active");
    let read = |value: &Value| {
        parse_parts::<RecurringPaymentStatus>(StatusCode::OK, value.to_string().as_bytes())
    };
    for field in ["processedPayments", "totalPayments", "status"] {
        let mut without = base.clone();
        without.as_object_mut().unwrap().remove(field);
        let error = read(&without).unwrap_err();
        assert!(
            error
                .to_string()
                .contains(&format!("missing field `{field}`")),
            "{error}"
        );
    }
    for (pointer, value, says) in [
        ("/payments/0/txHash", json!("0x1234"), "transaction hash"),
        ("/payments/0/amount", json!("-10"), "amount"),
        (
            "/requests/0/paymentReference",
            json!("0xb358"),
            "payment reference \"0xb358\"",
        ),
        ("/processedPayments", json!(-1), "invalid value"),
    ] {
        let mut wrong = base.clone();
        *wrong.pointer_mut(pointer).unwrap() = value;
        let error = read(&wrong).unwrap_err();
        assert!(
            matches!(error.kind, ApiErrorKind::InvalidBody(_)),
            "{pointer}"
        );
        assert!(error.to_string().contains(says), "{pointer}: {error}");
    }
    // A status this version does not know is kept, not refused.
    let mut other = base.clone();
    other["status"] = json!("failed");
    assert_eq!(
        read(&other).unwrap().status,
        RecurringStatus::Other("failed".to_owned())
    );
}

#[test]
fn the_update_examples_parse_once_the_39_digit_address_is_fixed() {
    let unpaused: RecurringPaymentUpdated = UpdateRecurringPayment::parse_parts(
        StatusCode::OK,
        example("patch", "200", "unpaused").to_string().as_bytes(),
    )
    .unwrap();
    assert_eq!(unpaused.status, RecurringStatus::Active);
    assert!(unpaused.transactions.is_empty());
    assert_eq!(
        unpaused.metadata.next_payment_date.as_deref(),
        Some("2024-01-15T10:00:00.000Z")
    );
    assert_eq!(
        (
            unpaused.metadata.processed_payments,
            unpaused.metadata.total_payments
        ),
        (3, 8)
    );

    let cancelled = example("patch", "200", "cancelled").to_string();
    let error =
        UpdateRecurringPayment::parse_parts(StatusCode::OK, cancelled.as_bytes()).unwrap_err();
    assert!(error.to_string().contains("to: "), "{error}");
    let fixed = cancelled.replace(
        "0xA0b86a33E6441b8c4C8C8C8C8C8C8C8C8C8C8C8",
        "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    );
    let cancelled: RecurringPaymentUpdated =
        UpdateRecurringPayment::parse_parts(StatusCode::OK, fixed.as_bytes()).unwrap();
    assert_eq!(cancelled.status, RecurringStatus::Cancelled);
    assert_eq!(cancelled.transactions.len(), 1);
    let approval = &cancelled.transactions[0];
    assert_eq!(
        approval.to.to_string(),
        "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
    );
    assert_eq!(&approval.data[..4], [0x09, 0x5e, 0xa7, 0xb3]); // approve(spender, 0)
    assert!(approval.value.is_zero());
    assert_eq!(cancelled.metadata.remaining_payments, Some(5));
    assert_eq!(
        cancelled
            .metadata
            .remaining_amount
            .as_ref()
            .map(|a| a.as_str()),
        Some("5000000000000000000")
    );

    for name in [
        "alreadyCancelled",
        "completed",
        "notPaused",
        "invalidAction",
    ] {
        let answer = example("patch", "400", name);
        let error = UpdateRecurringPayment::parse_parts(
            StatusCode::BAD_REQUEST,
            answer.to_string().as_bytes(),
        )
        .unwrap_err();
        assert_eq!(
            error.body.message().as_deref(),
            answer["message"].as_str(),
            "{name}"
        );
    }
    let no_metadata = br#"{"id": "01JXYJKCAHGFTDR15F2D072ESG", "status": "active"}"#;
    assert!(
        parse_parts::<RecurringPaymentUpdated>(StatusCode::OK, no_metadata)
            .unwrap_err()
            .to_string()
            .contains("missing field `metadata`")
    );
}
