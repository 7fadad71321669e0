//! The endpoint table against the API description: every endpoint has a
//! builder, every payment-API path and method exists in `openapi.v2.json` (through the verbatim copy
//! `tests/data/reference/openapi.v2.json`, itself checked by `tests/it/reference_copies.rs`), the accepted
//! credentials and the `Origin` rule follow the described headers, and the Auth API endpoints
//! (absent from `openapi.v2.json`) follow api-notes §6.1.

use crate::common;

use std::collections::BTreeSet;

use alloy_primitives::U256;
use securepay::api::{
    Api, ApiHost, BatchItem, BatchPayout, Broadcast, CreateBatchPayoutLink, CreateMulticallPayout,
    CreatePayout, CreatePayoutLink, CreateRequest, CreateSecurePayment, Credential, CredentialKind,
    ENDPOINTS, Eip712Signature, Endpoint, FeeFlow, OutgoingRequest, PreparedRequest, PreviewFees,
    RecordIntent, RecurringAction, RequestError, RouteFilter, RouteStep, SearchPayments,
    SecurePaymentItem, SendPaymentIntent, SignedPermit,
};
use securepay::api::{
    ClientIdStatus, CreateClientId, DestinationAction, GetPayeeDestinationSigningData,
    SignedDestinationAction, UpdateClientId,
};
use securepay::currency::CurrencyQuery;
use securepay::network::Network;
use securepay::offramp::{ClientUserId, CreatePayer, CreatePaymentDetails, UpdatePayer};
use securepay::pay::{RequestPayQuery, SecurePayQuery, SecurePaymentToken, SourceToken};
use securepay::policy::PayeeDestinationRequest;
use serde_json::Value;

fn data(file: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/api/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn extract() -> &'static Value {
    crate::common::api_description()
}

const RECURRING_ID: &str = "01JXYJKCAHGFTDR15F2D072ESG";

/// The pattern of the API description's example `permitSignature`, at 65 bytes (the
/// example itself has 49).
fn signature() -> Eip712Signature {
    format!("0x{}1b", "1234567890abcdef".repeat(8))
        .parse()
        .unwrap()
}

fn token() -> SecurePaymentToken {
    "01JD3E6JD46KY4KKV7X9V0MZ7W".parse().unwrap()
}

/// A credential of `kind` (with an Origin for the Client ID kinds).
pub(crate) fn credential(kind: CredentialKind) -> Credential {
    match kind {
        CredentialKind::ApiKey => Credential::api_key("sk_test_secret").unwrap(),
        CredentialKind::ClientId => {
            Credential::client_id("cli_secret", Some("https://shop.example")).unwrap()
        }
        CredentialKind::Orchestrator => {
            Credential::orchestrator("orc_secret", "cli_secret", Some("https://shop.example"))
                .unwrap()
        }
        CredentialKind::SessionCookie => Credential::session_cookie("session-secret").unwrap(),
        CredentialKind::SessionBearer => Credential::session_bearer("session-secret").unwrap(),
    }
}

const ALL_KINDS: [CredentialKind; 5] = [
    CredentialKind::ApiKey,
    CredentialKind::ClientId,
    CredentialKind::Orchestrator,
    CredentialKind::SessionCookie,
    CredentialKind::SessionBearer,
];

/// A prepared request's endpoint, from its request type, and its `http::Request`.
fn typed<R: OutgoingRequest>(
    prepared: Result<PreparedRequest<R>, RequestError>,
) -> Result<(Endpoint, http::Request<Vec<u8>>), RequestError> {
    prepared.map(|request| (request.endpoint(), request.into_http()))
}

/// Builds a request for `endpoint` with its builder; panics if there is none.
pub(crate) fn build(
    endpoint: Endpoint,
    credential: &Credential,
) -> Result<http::Request<Vec<u8>>, RequestError> {
    let (typed_endpoint, request) = build_typed(endpoint, credential)?;
    assert_eq!(typed_endpoint, endpoint, "the request type of {endpoint}");
    Ok(request)
}

/// A signed v2 destination body (a well-formed signature and nonce; not a real signature).
fn signed() -> SignedDestinationAction {
    let signature = format!("0x{}1b", "ab".repeat(64)).parse().unwrap();
    SignedDestinationAction::new(signature, "n-42").unwrap()
}

/// The v2 payee destination endpoints whose path template has `{destinationId}` while the
/// API description declares no path parameter for it (it declares only the `x-client-id` and
/// `Origin` headers): the template's parameter is kept, the description's omission is the
/// exception.
const UNDECLARED_PATH_PARAMETER: [Endpoint; 2] = [
    Endpoint::DeactivatePayeeDestination,
    Endpoint::GetPayeeDestinationById,
];

/// Builds a request for `endpoint` with its builder; panics if there is none.
fn build_typed(
    endpoint: Endpoint,
    credential: &Credential,
) -> Result<(Endpoint, http::Request<Vec<u8>>), RequestError> {
    let api = Api::new();
    let user = ClientUserId::parse("user-123").unwrap();
    let request_id = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb";
    let destination = PayeeDestinationRequest::from_str(
        r#"{"tokenAddress":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","chainId":8453}"#,
    )
    .unwrap();
    match endpoint {
        Endpoint::CreateSecurePayment => typed(
            api.create_secure_payment(
                credential,
                &CreateSecurePayment::new(vec![
                    SecurePaymentItem::new("10".parse().unwrap()).unwrap(),
                ])
                .unwrap(),
            ),
        ),
        Endpoint::FindSecurePayment => typed(api.find_secure_payment(credential, request_id)),
        Endpoint::PreviewFees => typed(api.preview_fees(
            credential,
            &PreviewFees::new("100".parse().unwrap(), "USDC", FeeFlow::GetPaid).unwrap(),
        )),
        Endpoint::CreateBatchPayoutSecurePayment => typed(
            api.create_batch_payout_link(
                credential,
                &CreateBatchPayoutLink::new(vec![
                    token(),
                    "01JD3E6JD46KY4KKV7X9V0MZ7X".parse().unwrap(),
                ])
                .unwrap(),
            ),
        ),
        Endpoint::GetMulticallPayout => typed(api.get_multicall_payout(credential, &token())),
        Endpoint::RefreshStepTransaction => typed(api.refresh_step_transaction(
            credential,
            &token(),
            &RouteStep::parse(super::secure_payments_more::STEP).unwrap(),
        )),
        Endpoint::CreatePayoutSecurePayment => typed(
            api.create_payout_link(
                credential,
                &CreatePayoutLink::new(
                    Network::Sepolia,
                    "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
                    "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570",
                    "FAU-sepolia",
                    "10".parse().unwrap(),
                )
                .unwrap(),
            ),
        ),
        Endpoint::CreateMulticallPayout => typed(
            api.create_multicall_payout(
                credential,
                &CreateMulticallPayout::new(
                    vec![token(), "01JD3E6JD46KY4KKV7X9V0MZ7X".parse().unwrap()],
                    None,
                )
                .unwrap(),
            ),
        ),
        Endpoint::GetSecurePayment => typed(api.get_secure_payment(
            credential,
            &token(),
            &SecurePayQuery::new(),
            Network::Base,
        )),
        Endpoint::GetSecurePaymentCalldata => typed(api.get_secure_payment_calldata(
            credential,
            &token(),
            &SecurePayQuery::new(),
            Network::Base,
        )),
        Endpoint::RecordSecurePaymentIntent => typed(
            api.record_secure_payment_intent(
                credential,
                &token(),
                &RecordIntent::single(
                    Broadcast::Transaction(
                        "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"
                            .parse()
                            .unwrap(),
                    ),
                    Network::Base,
                    SourceToken::Usdc,
                )
                .unwrap(),
            ),
        ),
        Endpoint::BroadcastTronTransaction => typed(api.broadcast_tron_transaction(
            credential,
            &token(),
            &super::tron_broadcast::checked(&super::tron_broadcast::vector()),
        )),
        Endpoint::CreateRequest => typed(api.create_request(
            credential,
            &CreateRequest::new("10".parse().unwrap(), "USD", "USDC-base").unwrap(),
        )),
        Endpoint::GetRequestStatus => typed(api.get_request_status(credential, request_id)),
        Endpoint::UpdateRequest => typed(api.update_request(credential, request_id, true)),
        Endpoint::GetRequestCalldata => {
            typed(api.get_request_calldata(credential, request_id, &RequestPayQuery::new()))
        }
        Endpoint::GetRequestRoutes => typed(
            api.get_request_routes(
                credential,
                request_id,
                &"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
                    .parse()
                    .unwrap(),
            ),
        ),
        Endpoint::SendPaymentIntent => typed(api.send_payment_intent(
            credential,
            &SendPaymentIntent::new(
                "01JNZYZPK7B4YBPD44TM72NDNJ",
                SignedPermit::new(signature(), U256::from(1u8), 1_742_205_771),
            ),
        )),
        Endpoint::CreatePayer => typed(api.create_payer(
            credential,
            &CreatePayer::from_str(&data("payer-individual.json")).unwrap(),
        )),
        Endpoint::GetPayer => typed(api.get_payer(credential, &user)),
        Endpoint::UpdatePayer => {
            typed(api.update_payer(credential, &user, &UpdatePayer::agreement_completed()))
        }
        Endpoint::CreatePaymentDetails => typed(api.create_payment_details(
            credential,
            &user,
            &CreatePaymentDetails::from_str(&data("payment-details-uk.json")).unwrap(),
        )),
        Endpoint::ListPaymentDetails => typed(api.list_payment_details(credential, &user, None)),
        Endpoint::SearchPayments => typed(
            api.search_payments(
                credential,
                &SearchPayments::new()
                    .reference("ORDER-2024-001234")
                    .unwrap(),
            ),
        ),
        Endpoint::ListCurrencies => {
            typed(api.list_currencies(credential, &CurrencyQuery::default()))
        }
        Endpoint::GetConversionRoutes => {
            typed(api.get_conversion_routes(credential, "USD", &RouteFilter::All))
        }
        Endpoint::CreatePayout => typed(
            api.create_payout(
                credential,
                &CreatePayout::new(
                    "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
                    "10".parse().unwrap(),
                    "USD",
                    "ETH-sepolia-sepolia",
                )
                .unwrap(),
            ),
        ),
        Endpoint::CreateBatchPayout => typed(
            api.create_batch_payout(
                credential,
                &BatchPayout::new(vec![
                    BatchItem::new(
                        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
                        "2".parse().unwrap(),
                        "FAU-sepolia",
                        "FAU-sepolia",
                    )
                    .unwrap(),
                ])
                .unwrap(),
            ),
        ),
        Endpoint::SubmitRecurringPaymentSignature => {
            typed(api.submit_recurring_payment_signature(credential, RECURRING_ID, &signature()))
        }
        Endpoint::GetRecurringPaymentStatus => {
            typed(api.get_recurring_payment(credential, RECURRING_ID))
        }
        Endpoint::UpdateRecurringPayment => {
            typed(api.update_recurring_payment(credential, RECURRING_ID, RecurringAction::Cancel))
        }
        Endpoint::CreateClientId => typed(
            api.create_client_id(
                credential,
                &CreateClientId::new("My Client ID", vec!["https://example.com".parse().unwrap()])
                    .unwrap(),
            ),
        ),
        Endpoint::ListClientIds => typed(api.list_client_ids(credential)),
        Endpoint::GetClientId => typed(api.get_client_id(credential, &"123".parse().unwrap())),
        Endpoint::UpdateClientId => typed(
            api.update_client_id(
                credential,
                &UpdateClientId::new("123".parse().unwrap())
                    .status(ClientIdStatus::Inactive)
                    .unwrap(),
            ),
        ),
        Endpoint::RevokeClientId => {
            typed(api.revoke_client_id(credential, &"123".parse().unwrap()))
        }
        Endpoint::GetPayeeDestinationSigningData => typed(
            api.get_payee_destination_signing_data(
                credential,
                &GetPayeeDestinationSigningData::new(
                    "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
                    DestinationAction::Add,
                    8453,
                    "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                )
                .unwrap(),
            ),
        ),
        Endpoint::RegisterPayeeDestination => {
            typed(api.register_payee_destination(credential, &signed()))
        }
        Endpoint::GetPayeeDestinationForWallet => typed(api.get_payee_destination_for_wallet(
            credential,
            &"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse().unwrap(),
        )),
        Endpoint::DeactivatePayeeDestination => typed(api.deactivate_payee_destination(
            credential,
            &"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
                .parse()
                .unwrap(),
            &signed(),
        )),
        Endpoint::GetPayeeDestinationById => typed(api.get_payee_destination_by_id(
            credential,
            &"base:0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
                .parse()
                .unwrap(),
        )),
        Endpoint::CreatePayeeDestination => {
            typed(api.create_payee_destination(credential, &destination))
        }
        Endpoint::UpdatePayeeDestination => {
            typed(api.update_payee_destination(credential, &destination))
        }
        Endpoint::GetPayeeDestination => typed(api.get_payee_destination(credential)),
        other => panic!("no builder for {other}"),
    }
}

/// The path template that a concrete path matches (`{…}` matches one segment).
pub(crate) fn matches_template(template: &str, path: &str) -> bool {
    let (t, p): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
    t.len() == p.len()
        && t.iter()
            .zip(&p)
            .all(|(t, p)| (t.starts_with('{') && !p.is_empty()) || t == p)
}

#[test]
fn every_endpoint_has_exactly_one_entry_and_a_builder() {
    let table: BTreeSet<(String, &str)> = Endpoint::ALL
        .iter()
        .map(|e| (e.method().to_string(), e.path_template()))
        .collect();
    assert_eq!(table.len(), Endpoint::ALL.len(), "no endpoint twice");
    for endpoint in Endpoint::ALL {
        let kind = endpoint.accepts()[0];
        let request =
            build(endpoint, &credential(kind)).unwrap_or_else(|e| panic!("{endpoint}: {e}"));
        assert_eq!(request.method(), endpoint.method(), "{endpoint}");
        let base = match endpoint.host() {
            ApiHost::Payment => "https://api.request.network",
            ApiHost::Auth => "https://auth.request.network",
        };
        let uri = request.uri().to_string();
        let path = uri
            .strip_prefix(base)
            .unwrap()
            .split('?')
            .next()
            .unwrap()
            .to_owned();
        assert!(
            matches_template(endpoint.path_template(), &path),
            "{endpoint} built {path}"
        );
    }
}

#[test]
fn every_payment_api_path_and_method_of_the_table_exists_in_the_api_description() {
    let extract = extract();
    for endpoint in Endpoint::ALL {
        if endpoint.host() == ApiHost::Auth {
            continue;
        }
        let method = endpoint.method().as_str().to_ascii_lowercase();
        let operation = &extract["paths"][endpoint.path_template()][&method];
        assert!(
            operation.is_object(),
            "{endpoint} is not in openapi.v2.json"
        );
        let success: Vec<u16> = operation["responses"]
            .as_object()
            .unwrap()
            .keys()
            .filter_map(|k| k.parse().ok())
            .filter(|s| (200..300).contains(s))
            .collect();
        assert_eq!(
            success,
            vec![endpoint.success_status().as_u16()],
            "{endpoint}"
        );
    }
}

#[test]
fn every_row_lists_exactly_the_described_query_parameters() {
    let extract = extract();
    for endpoint in Endpoint::ALL {
        if endpoint.host() == ApiHost::Auth {
            assert!(endpoint.spec().query.is_empty(), "{endpoint}");
            continue;
        }
        let method = endpoint.method().as_str().to_ascii_lowercase();
        let described: BTreeSet<&str> =
            extract["paths"][endpoint.path_template()][&method]["parameters"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .filter(|p| p["in"] == "query")
                .map(|p| p["name"].as_str().unwrap())
                .collect();
        let listed: BTreeSet<&str> = endpoint.spec().query.iter().copied().collect();
        assert_eq!(listed, described, "{endpoint}");
        assert_eq!(
            listed.len(),
            endpoint.spec().query.len(),
            "{endpoint}: a name twice"
        );
    }
}

#[test]
fn accepted_credentials_and_origin_rule_follow_the_described_headers() {
    let extract = extract();
    for endpoint in Endpoint::ALL {
        if endpoint.host() == ApiHost::Auth {
            continue;
        }
        let method = endpoint.method().as_str().to_ascii_lowercase();
        let headers: Vec<(String, bool)> =
            extract["paths"][endpoint.path_template()][&method]["parameters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|p| p["in"] == "header")
                .map(|p| {
                    (
                        p["name"].as_str().unwrap().to_owned(),
                        p["required"].as_bool().unwrap_or(false),
                    )
                })
                .collect();
        let has = |name: &str| headers.iter().any(|(n, _)| n == name);
        let required = |name: &str| headers.iter().any(|(n, r)| n == name && *r);
        let expected: BTreeSet<String> = [
            (has("x-api-key"), CredentialKind::ApiKey),
            (has("x-client-id"), CredentialKind::ClientId),
            (has("x-orchestrator-key"), CredentialKind::Orchestrator),
            // "Bearer token for session authentication (or use the session_token cookie)": the
            // cookie where the header is optional; where it is required, only the header makes
            // a request the description accepts.
            (has("Authorization"), CredentialKind::SessionBearer),
            (
                has("Authorization") && !required("Authorization"),
                CredentialKind::SessionCookie,
            ),
        ]
        .into_iter()
        .filter(|(present, _)| *present)
        .map(|(_, kind)| format!("{kind:?}"))
        .collect();
        let accepted: BTreeSet<String> = endpoint
            .accepts()
            .iter()
            .map(|k| format!("{k:?}"))
            .collect();
        assert_eq!(accepted, expected, "{endpoint}");
        let origin_required = headers.iter().any(|(n, r)| n == "Origin" && *r);
        assert_eq!(endpoint.origin_required(), origin_required, "{endpoint}");
    }
}

#[test]
fn auth_api_endpoints_follow_api_notes_6_1() {
    let notes = data("auth-api-notes.md");
    if let Some(original) = common::shared_text("reference/api-notes.md") {
        assert!(original.contains(&notes), "copy api-notes §6.1 again");
    }
    assert!(notes.contains("Auth API v1, SIWE session cookie"));
    for endpoint in Endpoint::ALL.iter().filter(|e| e.host() == ApiHost::Auth) {
        let row = format!("| `{} {}`", endpoint.method(), endpoint.path_template());
        assert!(notes.contains(&row), "{endpoint} is not in api-notes §6.1");
        assert_eq!(endpoint.accepts(), &[CredentialKind::SessionCookie]);
    }
    assert!(notes.contains("Response (201)"));
    assert_eq!(Endpoint::CreatePayeeDestination.success_status(), 201);
}

#[test]
fn every_builder_refuses_every_credential_its_endpoint_does_not_accept() {
    for endpoint in Endpoint::ALL {
        for kind in ALL_KINDS {
            let result = build(endpoint, &credential(kind));
            if endpoint.accepts_kind(kind) {
                assert!(result.is_ok(), "{endpoint} must accept {kind}");
            } else {
                let error = result.expect_err("refused");
                assert!(
                    error.to_string().contains("does not accept"),
                    "{endpoint} {kind}: {error}"
                );
            }
        }
    }
}

#[test]
fn token_endpoints_refuse_a_client_id_without_origin() {
    let backend = Credential::client_id("cli_backend", None).unwrap();
    for endpoint in Endpoint::ALL {
        let result = build(endpoint, &backend);
        if endpoint.origin_required() {
            let error = result.unwrap_err();
            assert!(
                error.to_string().contains("Origin header is required"),
                "{error}"
            );
        } else if endpoint.accepts_kind(CredentialKind::ClientId) {
            let request = result.unwrap();
            assert!(request.headers().get("origin").is_none(), "{endpoint}");
        }
    }
}

#[test]
fn the_table_is_the_endpoint_list_and_its_path_parameters_are_the_described_ones() {
    assert_eq!(ENDPOINTS.len(), Endpoint::ALL.len());
    let extract = extract();
    for (spec, endpoint) in ENDPOINTS.iter().zip(Endpoint::ALL) {
        assert_eq!(spec.endpoint, endpoint);
        assert_eq!(endpoint.spec(), spec);
        assert_eq!(
            endpoint.to_string(),
            format!("{} {}", spec.method, spec.path)
        );
        if spec.host == ApiHost::Auth {
            continue;
        }
        let placeholders: Vec<&str> = spec
            .path
            .split('/')
            .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
            .collect();
        let method = spec.method.as_str().to_ascii_lowercase();
        let described: Vec<&str> = extract["paths"][spec.path][&method]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["in"] == "path")
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        if UNDECLARED_PATH_PARAMETER.contains(&endpoint) {
            assert_eq!(placeholders, ["destinationId"], "{endpoint}");
            assert!(
                described.is_empty(),
                "{endpoint} now declares {described:?}"
            );
            continue;
        }
        assert_eq!(placeholders, described, "{endpoint}");
    }
}

#[test]
fn path_parameters_are_percent_encoded_into_one_segment() {
    let key = Credential::api_key("sk_test").unwrap();
    let user = ClientUserId::parse("../admin?x=1").unwrap();
    let request = Api::new().get_payer(&key, &user).unwrap();
    assert_eq!(request.uri().path(), "/v2/payer/..%2Fadmin%3Fx%3D1");
    let request = Api::new()
        .get_conversion_routes(&key, "a/b c", &RouteFilter::All)
        .unwrap();
    assert_eq!(
        request.uri().path(),
        "/v2/currencies/a%2Fb%20c/conversion-routes"
    );
}
