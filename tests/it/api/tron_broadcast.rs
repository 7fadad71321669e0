//! `POST /v2/secure-payments/{token}/tron/broadcast`: the endpoint's row, the request built
//! from a transaction checked by `Verifier::signed_tron` (a TronWeb-signed vector), the answer
//! parsed from success and failure shapes, and the statuses mapped to `TronBroadcastError`
//! (502: the relay's broadcast failed).

use crate::common;

use http::StatusCode;
use securepay::api::{
    Api, ApiErrorKind, ApiHost, BroadcastTronTransaction, Credential, CredentialKind, Endpoint,
    OutgoingRequest, RequestError, TronBroadcastAnswer, TronBroadcastError, parse_parts,
};
use securepay::pay::{PayResponse, SecurePaymentToken};
use securepay::tron::TronTransaction;
use securepay::verify::{Expectation, SignedTronTransaction, Verifier};
use serde_json::{Value, json};

const TOKEN: &str = "01JD3E6JD46KY4KKV7X9V0MZ7W";
/// The `txID` of the vector `tron_tx_03`.
const TX_ID: &str = "735d172da5a9c5426294df3dd0ed420336e12ed3c52943ee30b32f1328921fa5";

fn token() -> SecurePaymentToken {
    TOKEN.parse().unwrap()
}

fn client() -> Credential {
    Credential::client_id(
        "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4",
        Some("https://shop.example"),
    )
    .unwrap()
}

/// The vector `tron_tx_03`: a USDT payment through the Tron ERC20FeeProxy, built and signed
/// by TronWeb.
pub(super) fn vector() -> Value {
    std::fs::read_to_string(common::data_path("vectors/tron-transactions.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .find(|v| v["id"] == "tron_tx_03")
        .unwrap()
}

/// The vector's transaction, checked against a pay response holding its call and what the
/// payer agreed to (the payee, amount and reference its calldata carries).
pub(super) fn checked(vector: &Value) -> SignedTronTransaction {
    let call = &vector["call"];
    let response = PayResponse::from_slice(
        json!({"paymentType": "single", "feeBundle": null,
            "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0},
            "transactions": [{"to": call["to"], "data": call["data"], "value": "0"}]})
        .to_string()
        .as_bytes(),
    )
    .unwrap();
    let expectation = Expectation::from_str(
        &json!({"network": "tron", "currency": "USDT-tron", "payer": vector["owner"],
            "maxTronFeeLimit": "200",
            "payments": [{"payee": "TR85eDZs83zEPbx54KEx11AvwoFudbyJrp", "amount": "3718.464375",
                "reference": "0x0f1c513842a38eda"}]})
        .to_string(),
    )
    .unwrap();
    let transaction = TronTransaction::from_value(&vector["transaction"]).unwrap();
    Verifier::builtin()
        .signed_tron(&response, &expectation, transaction)
        .unwrap_or_else(|verdict| panic!("the vector must pass: {verdict}"))
}

#[test]
fn the_endpoint_row_is_a_token_endpoint_like_the_intent_one() {
    let endpoint = Endpoint::BroadcastTronTransaction;
    assert_eq!(endpoint.method(), http::Method::POST);
    assert_eq!(
        endpoint.path_template(),
        "/v2/secure-payments/{token}/tron/broadcast"
    );
    assert_eq!(
        endpoint.to_string(),
        "POST /v2/secure-payments/{token}/tron/broadcast"
    );
    assert_eq!(endpoint.host(), ApiHost::Payment);
    assert_eq!(endpoint.success_status(), StatusCode::OK);
    let intent = Endpoint::RecordSecurePaymentIntent;
    assert_eq!(endpoint.accepts(), intent.accepts());
    assert_eq!(endpoint.accepts(), [CredentialKind::ClientId]);
    assert_eq!(endpoint.origin_required(), intent.origin_required());
    assert!(endpoint.origin_required());
    assert!(Endpoint::ALL.contains(&endpoint));
    assert_eq!(BroadcastTronTransaction::ENDPOINT, endpoint);
}

#[test]
fn the_endpoint_row_follows_the_api_description() {
    let Some(text) = common::shared_text("reference/openapi.v2.json") else {
        return;
    };
    let description: Value = serde_json::from_str(&text).unwrap();
    let endpoint = Endpoint::BroadcastTronTransaction;
    let operation = &description["paths"][endpoint.path_template()]["post"];
    assert!(
        operation.is_object(),
        "{endpoint} is not in openapi.v2.json"
    );
    let parameters = operation["parameters"].as_array().unwrap();
    let required_header = |name: &str| {
        parameters
            .iter()
            .any(|p| p["in"] == "header" && p["name"] == name && p["required"] == true)
    };
    assert!(required_header("x-client-id") && required_header("Origin"));
    let headers = parameters.iter().filter(|p| p["in"] == "header").count();
    assert_eq!(headers, 2, "x-client-id and Origin only");
    let responses = operation["responses"].as_object().unwrap();
    let success: Vec<&str> = responses
        .keys()
        .map(String::as_str)
        .filter(|s| s.starts_with('2'))
        .collect();
    assert_eq!(success, ["200"]);
    assert_eq!(
        responses["502"]["description"], "CatFee broadcast failed",
        "502 is the relay's failure"
    );
    for status in responses.keys().filter(|s| !s.starts_with('2')) {
        let status: u16 = status.parse().unwrap();
        let error = TronBroadcastError::from_response(status, b"");
        assert!(
            !matches!(error, TronBroadcastError::Unexpected { .. }),
            "{status} is described: it has its variant"
        );
    }
    let body = &operation["requestBody"]["content"]["application/json"]["schema"];
    let signed = &body["properties"]["signedTransaction"]["properties"];
    let mut fields: Vec<&str> = signed
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(fields, ["raw_data", "raw_data_hex", "signature", "txID"]);
}

#[test]
fn the_request_is_written_from_the_checked_transaction_only() {
    let vector = vector();
    let checked = checked(&vector);
    let request = Api::new()
        .broadcast_tron_transaction(&client(), &token(), &checked)
        .unwrap();
    assert_eq!(request.endpoint(), Endpoint::BroadcastTronTransaction);
    assert_eq!(request.method(), http::Method::POST);
    assert_eq!(
        request.uri(),
        "https://api.request.network/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W/tron/broadcast"
    );
    assert_eq!(
        request.headers()["x-client-id"],
        "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4"
    );
    assert_eq!(request.headers()["origin"], "https://shop.example");
    assert_eq!(request.headers()["content-type"], "application/json");

    let body: Value = serde_json::from_slice(request.body()).unwrap();
    let object = body.as_object().unwrap();
    assert_eq!(
        object.keys().collect::<Vec<_>>(),
        ["signedTransaction"],
        "{body}"
    );
    let sent = &body["signedTransaction"];
    let mut keys: Vec<&str> = sent
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(keys, ["raw_data", "raw_data_hex", "signature", "txID"]);
    let given = &vector["transaction"];
    assert_eq!(sent["txID"], TX_ID);
    assert_eq!(sent["txID"], given["txID"]);
    assert_eq!(sent["raw_data_hex"], given["raw_data_hex"]);
    assert_eq!(sent["raw_data"], given["raw_data"]);
    // The signatures are the same bytes, written in lowercase hex (TronWeb wrote `…1C`).
    let lower = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_ascii_lowercase())
            .collect()
    };
    assert_eq!(lower(&sent["signature"]), lower(&given["signature"]));
    assert!(
        sent["signature"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s.as_str().unwrap().len() == 130)
    );

    // The request type and `Api::prepare` build the same request.
    let prepared = Api::new()
        .prepare(&client(), &BroadcastTronTransaction::new(token(), &checked))
        .unwrap();
    assert_eq!(prepared.uri(), request.uri());
    assert_eq!(prepared.body(), request.body());
}

#[test]
fn other_credentials_and_a_client_id_without_origin_are_refused() {
    let checked = checked(&vector());
    let api = Api::new();
    let key = Credential::api_key("sk_test_secret").unwrap();
    assert!(matches!(
        api.broadcast_tron_transaction(&key, &token(), &checked),
        Err(RequestError::CredentialNotAccepted {
            endpoint: Endpoint::BroadcastTronTransaction,
            given: CredentialKind::ApiKey,
            ..
        })
    ));
    let session = Credential::session_bearer("session-secret").unwrap();
    assert!(
        api.broadcast_tron_transaction(&session, &token(), &checked)
            .is_err()
    );
    let backend = Credential::client_id("cli_backend", None).unwrap();
    assert!(matches!(
        api.broadcast_tron_transaction(&backend, &token(), &checked),
        Err(RequestError::OriginRequired {
            endpoint: Endpoint::BroadcastTronTransaction
        })
    ));
}

#[test]
fn a_successful_broadcast_parses() {
    // TronWeb's and a node's `/wallet/broadcasttransaction` success shape.
    let bytes = format!(r#"{{"result": true, "txid": "{TX_ID}"}}"#);
    let answer = BroadcastTronTransaction::parse_parts(StatusCode::OK, bytes.as_bytes()).unwrap();
    assert!(answer.result);
    assert_eq!(answer.txid.as_deref(), Some(TX_ID));
    assert_eq!((answer.code, answer.message), (None, None));
    // Round trip: what the model writes reads back to the same model, absent fields absent.
    let answer: TronBroadcastAnswer = parse_parts(StatusCode::OK, bytes.as_bytes()).unwrap();
    let written = serde_json::to_value(&answer).unwrap();
    assert_eq!(written, json!({"result": true, "txid": TX_ID}));
    assert_eq!(
        serde_json::from_value::<TronBroadcastAnswer>(written).unwrap(),
        answer
    );
}

#[test]
fn a_refused_broadcast_parses_with_its_code_and_message() {
    let bytes = format!(
        r#"{{"result": false, "txid": "{TX_ID}", "code": "SIGERROR",
            "message": "56616c6964617465207369676e6174757265206572726f72"}}"#
    );
    let answer: TronBroadcastAnswer = parse_parts(StatusCode::OK, bytes.as_bytes()).unwrap();
    assert!(!answer.result);
    assert_eq!(answer.txid.as_deref(), Some(TX_ID));
    assert_eq!(answer.code.as_deref(), Some("SIGERROR"));
    assert!(answer.message.is_some_and(|m| !m.is_empty()));
    let bare: TronBroadcastAnswer = parse_parts(
        StatusCode::OK,
        br#"{"result": false, "code": "CONTRACT_VALIDATE_ERROR"}"#,
    )
    .unwrap();
    assert_eq!((bare.result, bare.txid, bare.message), (false, None, None));
}

#[test]
fn the_answer_keeps_the_conventions_of_the_other_answers() {
    // Unknown fields are accepted, as by every answer of this layer.
    let extra: TronBroadcastAnswer =
        parse_parts(StatusCode::OK, br#"{"result": true, "transaction": {}}"#).unwrap();
    assert!(extra.result);
    // A node's failure answer leaves `result` out: it reads as not broadcast, never success.
    let no_result: TronBroadcastAnswer =
        parse_parts(StatusCode::OK, br#"{"txid": "abc", "code": "SIGERROR"}"#).unwrap();
    assert!(!no_result.result);
    // A wrong type is refused.
    for body in [
        &br#"{"result": "true"}"#[..],
        br#"{"result": true, "txid": 1}"#,
        b"\"ok\"",
    ] {
        let error = parse_parts::<TronBroadcastAnswer>(StatusCode::OK, body).unwrap_err();
        assert!(
            matches!(error.kind, ApiErrorKind::InvalidBody(_)),
            "{}",
            String::from_utf8_lossy(body)
        );
    }
}

#[test]
fn status_502_is_the_relays_broadcast_failure() {
    let body =
        br#"{"statusCode": 502, "message": "CatFee broadcast failed", "error": "Bad Gateway"}"#;
    let error = BroadcastTronTransaction::parse_parts(StatusCode::BAD_GATEWAY, body).unwrap_err();
    assert_eq!(error.status, StatusCode::BAD_GATEWAY);
    assert_eq!(error.kind, ApiErrorKind::Server);
    let typed = error.to_tron_broadcast_error();
    let TronBroadcastError::RelayFailed(kept) = &typed else {
        panic!("502 is RelayFailed: {typed:?}")
    };
    assert_eq!(kept.message().as_deref(), Some("CatFee broadcast failed"));
    assert_eq!(typed.status(), 502);
    assert!(typed.is_retryable());
    assert_eq!(
        typed.to_string(),
        "502 the relay's broadcast failed: CatFee broadcast failed"
    );
    // A proxy's 502 page is the same status: still RelayFailed, the text kept.
    let page = TronBroadcastError::from_response(502, b"<html>Bad Gateway</html>");
    assert!(matches!(page, TronBroadcastError::RelayFailed(_)));
}

#[test]
fn every_described_status_has_its_variant() {
    /// The variant's name, to compare.
    fn variant(error: &TronBroadcastError) -> &'static str {
        match error {
            TronBroadcastError::InvalidTransaction(_) => "InvalidTransaction",
            TronBroadcastError::Unauthorized(_) => "Unauthorized",
            TronBroadcastError::Forbidden(_) => "Forbidden",
            TronBroadcastError::NotFound(_) => "NotFound",
            TronBroadcastError::TooManyRequests(_) => "TooManyRequests",
            TronBroadcastError::RelayFailed(_) => "RelayFailed",
            TronBroadcastError::Unexpected { .. } => "Unexpected",
            other => panic!("a new variant: {other:?}"),
        }
    }
    let cases = [
        (400, "InvalidTransaction"),
        (401, "Unauthorized"),
        (403, "Forbidden"),
        (404, "NotFound"),
        (429, "TooManyRequests"),
        (502, "RelayFailed"),
        (500, "Unexpected"),
        (503, "Unexpected"),
        (409, "Unexpected"),
    ];
    for (status, name) in cases {
        let error =
            BroadcastTronTransaction::parse_parts(StatusCode::from_u16(status).unwrap(), b"")
                .unwrap_err()
                .to_tron_broadcast_error();
        assert_eq!(variant(&error), name, "{status}: {error:?}");
        assert_eq!(error.status(), status);
        assert_eq!(
            error.is_retryable(),
            status == 429 || status >= 500,
            "{status}"
        );
    }
}
