//! Client ID management (`/v2/client-ids`, API key only): every documented request body example
//! is built by the builders byte for byte, what the description constrains is refused, and the
//! answers are read (every field optional, the Client ID redacted in `Debug`, a key given twice
//! refused, the revoke answer's absent content read as `null`).

use std::num::NonZeroU32;

use crate::common;

use http::StatusCode;
use securepay::api::{
    Api, ApiErrorKind, BodyError, ClientIdFee, ClientIdInternalId, ClientIdRecord, ClientIdStatus,
    CreateClientId, Credential, CredentialError, Endpoint, ListClientIds, Origin, OutgoingRequest,
    RequestError, RevokeClientId, UpdateClientId,
};
use serde_json::{Value, json};

const FEE_ADDRESS: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

fn key() -> Credential {
    Credential::api_key("sk_test_secret").unwrap()
}

fn origins(list: &[&str]) -> Vec<Origin> {
    list.iter().map(|o| o.parse().unwrap()).collect()
}

fn id() -> ClientIdInternalId {
    "123".parse().unwrap()
}

/// The documented request body example `name` of `method` `path`.
fn body_example(method: &str, path: &str, name: &str) -> Value {
    common::api_description()["paths"][path][method]["requestBody"]["content"]["application/json"]
        ["examples"][name]["value"]
        .clone()
}

fn sent(request: &http::Request<Vec<u8>>) -> Value {
    serde_json::from_slice(request.body()).unwrap()
}

#[test]
fn create_builds_both_documented_examples() {
    let api = Api::new();
    let basic = CreateClientId::new("My Client ID", origins(&["https://example.com"])).unwrap();
    let request = api.create_client_id(&key(), &basic).unwrap();
    assert_eq!(request.method(), "POST");
    assert_eq!(request.uri(), "https://api.request.network/v2/client-ids");
    assert_eq!(request.headers()["x-api-key"], "sk_test_secret");
    assert_eq!(request.headers()["content-type"], "application/json");
    assert_eq!(
        sent(&request),
        body_example("post", "/v2/client-ids", "basicClientId")
    );

    let with_fees = CreateClientId::new(
        "My Client ID with Fees",
        origins(&["https://example.com", "https://app.example.com"]),
    )
    .unwrap()
    .fee(ClientIdFee::new("2.5", FEE_ADDRESS).unwrap());
    let request = api.create_client_id(&key(), &with_fees).unwrap();
    assert_eq!(
        sent(&request),
        body_example("post", "/v2/client-ids", "clientIdWithFees")
    );
}

#[test]
fn create_writes_the_commerce_fields_when_set() {
    let body = CreateClientId::new("Shop", origins(&["http://localhost:3000"]))
        .unwrap()
        .operator_wallet(
            "0x1234567890123456789012345678901234567890"
                .parse()
                .unwrap(),
        )
        .default_pre_approval_expiry(NonZeroU32::new(3600).unwrap())
        .default_authorization_expiry(NonZeroU32::new(86400).unwrap());
    assert_eq!(
        serde_json::to_value(&body).unwrap(),
        json!({"label": "Shop", "allowedDomains": ["http://localhost:3000"],
            "operatorWalletAddress": "0x1234567890123456789012345678901234567890",
            "defaultPreApprovalExpiry": 3600, "defaultAuthorizationExpiry": 86400})
    );
}

#[test]
fn create_refuses_what_the_description_constrains() {
    let one = || origins(&["https://example.com"]);
    assert_eq!(
        CreateClientId::new("", one()),
        Err(BodyError::Length {
            field: "label",
            min: 1,
            max: 100,
            given: 0
        })
    );
    assert!(CreateClientId::new(&"é".repeat(100), one()).is_ok()); // characters, not bytes
    assert!(matches!(
        CreateClientId::new(&"a".repeat(101), one()),
        Err(BodyError::Length { given: 101, .. })
    ));
    assert_eq!(
        CreateClientId::new("Shop", Vec::new()),
        Err(BodyError::TooFew {
            field: "allowedDomains",
            min: 1,
            given: 0
        })
    );
    let ten: Vec<Origin> = (0..10)
        .map(|i| format!("https://shop{i}.example.com").parse().unwrap())
        .collect();
    assert!(CreateClientId::new("Shop", ten.clone()).is_ok());
    let mut eleven = ten;
    eleven.push("https://shop10.example.com".parse().unwrap());
    assert_eq!(
        CreateClientId::new("Shop", eleven),
        Err(BodyError::TooMany {
            field: "allowedDomains",
            max: 10,
            given: 11
        })
    );
    assert_eq!(
        CreateClientId::new(
            "Shop",
            origins(&[
                "https://a.example",
                "https://b.example",
                "https://a.example"
            ])
        ),
        Err(BodyError::Duplicate {
            field: "allowedDomains",
            value: "https://a.example".to_owned()
        })
    );
    // An allowed domain is an origin: https (http on localhost only), no path, query or fragment.
    for bad in [
        "http://example.com",
        "https://example.com/",
        "https://example.com/app",
        "https://example.com?x=1",
        "example.com",
    ] {
        assert!(
            matches!(
                bad.parse::<Origin>(),
                Err(CredentialError::InvalidOrigin { .. })
            ),
            "{bad}"
        );
    }
}

#[test]
fn a_fee_has_a_percentage_of_at_most_two_decimals_from_0_to_100_and_an_address() {
    for ok in ["0", "1", "2.5", "2.55", "100"] {
        let fee = ClientIdFee::new(ok, FEE_ADDRESS).unwrap();
        assert_eq!(fee.percentage().as_str(), ok);
        assert_eq!(fee.address().to_string(), FEE_ADDRESS);
    }
    assert!(ClientIdFee::new("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", FEE_ADDRESS).is_err());
    let error = ClientIdFee::new("2.555", FEE_ADDRESS).unwrap_err();
    assert_eq!(
        error.to_string(),
        "feePercentage: 2.555 has more than 2 decimal places"
    );
    for bad in ["", "100.01", "-1", "1e2", "abc"] {
        assert!(
            matches!(
                ClientIdFee::new(bad, FEE_ADDRESS),
                Err(BodyError::FeePercentage(_))
            ),
            "{bad:?}"
        );
    }
    assert!(matches!(
        ClientIdFee::new("1", "0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d"),
        Err(BodyError::Address {
            field: "feeAddress",
            ..
        })
    ));
    // A Tron fee address is an address too.
    assert!(ClientIdFee::new("1", "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8").is_ok());
}

#[test]
fn update_builds_every_documented_example() {
    let examples: [(&str, UpdateClientId); 8] = [
        (
            "updateBasicInfo",
            UpdateClientId::new(id())
                .label("Updated Client ID Label")
                .unwrap()
                .allowed_domains(origins(&["https://newdomain.com"]))
                .unwrap(),
        ),
        (
            "addFeeConfiguration",
            UpdateClientId::new(id()).fee(Some(ClientIdFee::new("1.5", FEE_ADDRESS).unwrap())),
        ),
        (
            "removeFeeConfiguration",
            UpdateClientId::new(id()).fee(None),
        ),
        (
            "updateStatus",
            UpdateClientId::new(id())
                .status(ClientIdStatus::Inactive)
                .unwrap(),
        ),
        (
            "updateOperatorWallet",
            UpdateClientId::new(id()).operator_wallet(Some(
                "0x1234567890123456789012345678901234567890"
                    .parse()
                    .unwrap(),
            )),
        ),
        (
            "removeOperatorWallet",
            UpdateClientId::new(id()).operator_wallet(None),
        ),
        (
            "setDefaultExpirySettings",
            UpdateClientId::new(id())
                .default_pre_approval_expiry(NonZeroU32::new(3600))
                .default_authorization_expiry(NonZeroU32::new(86400)),
        ),
        (
            "removeDefaultExpirySettings",
            UpdateClientId::new(id())
                .default_pre_approval_expiry(None)
                .default_authorization_expiry(None),
        ),
    ];
    let described = common::api_description()["paths"]["/v2/client-ids/{id}"]["put"]["requestBody"]
        ["content"]["application/json"]["examples"]
        .as_object()
        .unwrap()
        .len();
    assert_eq!(described, examples.len(), "every example is built here");
    for (name, update) in examples {
        let request = Api::new().update_client_id(&key(), &update).unwrap();
        assert_eq!(request.method(), "PUT");
        assert_eq!(
            request.uri(),
            "https://api.request.network/v2/client-ids/123"
        );
        assert_eq!(
            sent(&request),
            body_example("put", "/v2/client-ids/{id}", name),
            "{name}"
        );
    }
    // Nothing to change is an empty object (the schema requires no field).
    let request = Api::new()
        .update_client_id(&key(), &UpdateClientId::new(id()))
        .unwrap();
    assert_eq!(request.body().as_slice(), b"{}");
}

#[test]
fn update_refuses_what_the_description_constrains() {
    for status in ["active", "inactive", "revoked"] {
        assert!(
            UpdateClientId::new(id())
                .status(ClientIdStatus::parse(status))
                .is_ok()
        );
    }
    assert!(matches!(
        UpdateClientId::new(id()).status(ClientIdStatus::parse("Active")),
        Err(BodyError::Invalid {
            field: "status",
            ..
        })
    ));
    assert!(UpdateClientId::new(id()).label("").is_err());
    assert!(
        UpdateClientId::new(id())
            .allowed_domains(Vec::new())
            .is_err()
    );
    assert!(
        UpdateClientId::new(id())
            .allowed_domains(origins(&["https://a.example", "https://a.example"]))
            .is_err()
    );
}

#[test]
fn the_id_is_one_checked_path_segment() {
    assert!(matches!(
        "".parse::<ClientIdInternalId>(),
        Err(BodyError::Invalid { field: "id", .. })
    ));
    assert!("1\u{7f}".parse::<ClientIdInternalId>().is_err());
    let api = Api::new();
    let odd: ClientIdInternalId = "../admin?x=1".parse().unwrap();
    for request in [
        api.get_client_id(&key(), &odd).unwrap().into_http(),
        api.revoke_client_id(&key(), &odd).unwrap().into_http(),
    ] {
        assert_eq!(request.uri().path(), "/v2/client-ids/..%2Fadmin%3Fx%3D1");
        assert_eq!(request.uri().query(), None);
    }
    let request = api.revoke_client_id(&key(), &id()).unwrap();
    assert_eq!(request.method(), "DELETE");
    assert!(request.body().is_empty());
    assert!(request.headers().get("content-type").is_none());
    let request = api.list_client_ids(&key()).unwrap();
    assert_eq!(
        (request.method().as_str(), request.uri().path()),
        ("GET", "/v2/client-ids")
    );
}

#[test]
fn only_an_api_key_is_accepted() {
    let frontend = Credential::client_id("cli_test", Some("https://example.com")).unwrap();
    let session = Credential::session_bearer("session").unwrap();
    for credential in [frontend, session] {
        let error = Api::new().list_client_ids(&credential).unwrap_err();
        assert!(
            matches!(
                error,
                RequestError::CredentialNotAccepted {
                    endpoint: Endpoint::ListClientIds,
                    ..
                }
            ),
            "{error}"
        );
    }
}

/// A record as `GET /v2/client-ids/{id}` describes it, every field given.
fn full_record() -> Value {
    json!({"id": "123", "clientId": "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", "label": "My Client ID with Fees",
        "allowedDomains": ["https://example.com", "https://app.example.com"],
        "feePercentage": "2.5", "feeAddress": FEE_ADDRESS,
        "operatorWalletAddress": "0x1234567890123456789012345678901234567890",
        "defaultPreApprovalExpiry": 3600, "defaultAuthorizationExpiry": 86400,
        "status": "active", "createdAt": "2026-03-15T10:00:00.000Z",
        "updatedAt": "2026-03-16T10:00:00.000Z", "lastUsedAt": null})
}

#[test]
fn a_record_is_read_field_by_field_and_its_client_id_is_redacted() {
    let body = full_record().to_string();
    let record: ClientIdRecord =
        securepay::api::GetClientId::parse_parts(StatusCode::OK, body.as_bytes()).unwrap();
    assert_eq!(record.id.as_deref(), Some("123"));
    assert_eq!(
        record.client_id.as_ref().map(|c| c.expose_secret()),
        Some("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4")
    );
    assert_eq!(record.label.as_deref(), Some("My Client ID with Fees"));
    assert_eq!(record.allowed_domains.as_ref().map(Vec::len), Some(2));
    assert_eq!(record.fee_percentage.as_deref(), Some("2.5"));
    assert_eq!(record.fee_address.as_deref(), Some(FEE_ADDRESS));
    assert_eq!(record.default_pre_approval_expiry, Some(3600));
    assert_eq!(record.default_authorization_expiry, Some(86400));
    assert_eq!(record.status, Some(ClientIdStatus::Active));
    assert_eq!(
        record.updated_at.as_deref(),
        Some("2026-03-16T10:00:00.000Z")
    );
    assert_eq!(record.last_used_at, None);
    assert!(record.extra.is_empty());
    let debug = format!("{record:?}");
    assert!(!debug.contains("nz1bj41szV2fvjm9pbxdIhro3ld4x4"), "{debug}");
    assert!(debug.contains("ClientId(<redacted>)"), "{debug}");
    // Written back, it is the answer (null fields left out).
    let mut expected = full_record();
    expected.as_object_mut().unwrap().remove("lastUsedAt");
    assert_eq!(serde_json::to_value(&record).unwrap(), expected);
}

#[test]
fn the_schemas_require_no_field_so_a_sparse_record_reads() {
    let record: ClientIdRecord =
        UpdateClientId::parse_parts(StatusCode::OK, br#"{"status": "revoked"}"#).unwrap();
    assert_eq!(record.status, Some(ClientIdStatus::Revoked));
    assert_eq!(record.client_id, None);
    let list = ListClientIds::parse_parts(
        StatusCode::OK,
        br#"[{"id": "1", "status": "paused", "lastUsedAt": "2026-03-16T10:00:00.000Z"}, {}]"#,
    )
    .unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(
        list[0].status.as_ref().map(ClientIdStatus::as_str),
        Some("paused")
    ); // kept
    assert!(!list[0].status.as_ref().unwrap().is_known());
}

#[test]
fn a_record_of_the_wrong_shape_is_refused() {
    let invalid = |body: &str| {
        let error = CreateClientId::parse_parts(StatusCode::CREATED, body.as_bytes()).unwrap_err();
        let ApiErrorKind::InvalidBody(reason) = error.kind else {
            panic!("{body}: {error}")
        };
        reason.to_string()
    };
    // A clientId that is not a Client ID; the error does not repeat the value.
    let reason = invalid(r#"{"clientId": "nz1bj41szV2fvjm9pbxdIhro3ld4x4"}"#);
    assert!(reason.contains("must start with \"cli_\""), "{reason}");
    assert!(!reason.contains("nz1bj41"), "{reason}");
    assert!(invalid(r#"{"status": 1}"#).contains("invalid type"));
    assert!(invalid(r#"{"allowedDomains": "https://example.com"}"#).contains("invalid type"));
    assert!(invalid(r#"{"defaultPreApprovalExpiry": "3600"}"#).contains("invalid type"));
    assert!(invalid("[]").contains("invalid type"));
    assert!(invalid(r#"{"label": "a", "label": "b"}"#).contains("duplicate field `label`"));
    assert!(invalid(r#"{"x": 1, "x": 2}"#).contains("duplicate field `x`"));
}

#[test]
fn an_unreadable_record_keeps_no_copy_of_the_client_id_it_carries() {
    let body = r#"{"clientId": "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", "status": 1}"#;
    let error = CreateClientId::parse_parts(StatusCode::CREATED, body.as_bytes()).unwrap_err();
    assert!(
        matches!(error.kind, ApiErrorKind::InvalidBody(_)),
        "{error}"
    );
    assert_eq!(*error.body, securepay::api::ErrorBody::Raw(String::new()));
    let shown = format!("{error:?} {error}");
    assert!(!shown.contains("nz1bj41"), "{shown}");
    assert!(shown.contains("invalid type"), "{shown}"); // the reason is kept
    let list = format!("[{body}]");
    let response = http::Response::builder()
        .status(200)
        .body(list.as_bytes())
        .unwrap();
    let request = Api::new().list_client_ids(&key()).unwrap();
    let error = request.parse_response(&response).unwrap_err();
    assert!(!format!("{error:?}").contains("nz1bj41"));
    // The generic reader, told the model, keeps the text as every reader does.
    let generic =
        securepay::api::parse_parts::<ClientIdRecord>(StatusCode::CREATED, body.as_bytes())
            .unwrap_err();
    assert_eq!(
        *generic.body,
        securepay::api::ErrorBody::Raw(body.to_owned())
    );
}

#[test]
fn error_statuses_are_api_errors() {
    for (status, kind) in [
        (400, ApiErrorKind::BadRequest),
        (401, ApiErrorKind::Unauthorized),
        (404, ApiErrorKind::NotFound),
        (429, ApiErrorKind::TooManyRequests),
    ] {
        let body = json!({"statusCode": status, "message": "Cannot reactivate a revoked client ID", "error": "x"});
        let error = UpdateClientId::parse_parts(
            StatusCode::from_u16(status).unwrap(),
            body.to_string().as_bytes(),
        )
        .unwrap_err();
        assert_eq!(error.kind, kind);
        assert_eq!(
            error.body.message().as_deref(),
            Some("Cannot reactivate a revoked client ID")
        );
    }
}

#[test]
fn the_revoke_answer_has_no_content_and_reads_as_null_or_as_given() {
    for empty in [&b""[..], b"  \n"] {
        let answer = RevokeClientId::parse_parts(StatusCode::OK, empty).unwrap();
        assert!(answer.0.is_null());
    }
    let response = http::Response::builder()
        .status(200)
        .body(Vec::new())
        .unwrap();
    assert!(
        RevokeClientId::parse_response(&response)
            .unwrap()
            .0
            .is_null()
    );
    let request = Api::new().revoke_client_id(&key(), &id()).unwrap();
    assert!(request.parse_response(&response).unwrap().0.is_null());
    let answer = RevokeClientId::parse_parts(StatusCode::OK, br#"{"status": "revoked"}"#).unwrap();
    assert_eq!(answer.0["status"], "revoked");
    // An empty error answer is still an error, and a key given twice is refused.
    let error = RevokeClientId::parse_parts(StatusCode::NOT_FOUND, b"").unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::NotFound);
    assert!(RevokeClientId::parse_parts(StatusCode::OK, br#"{"a": {"b": 1, "b": 2}}"#).is_err());
    assert!(RevokeClientId::parse_parts(StatusCode::OK, b"{").is_err());
}
