//! The crate against the service's API description (`tests/data/reference/openapi.v2.json`, a
//! verbatim copy of <https://docs.request.network/api-reference/openapi.v2.json>, version
//! 0.13.0), operation by operation: every operation is one endpoint of the table, every request
//! the crate builds is valid for the description (as a validating mock server checks it: path,
//! query names and values, required query parameters, body), every query parameter can be
//! sent, every described status has a counterpart, and every field a success answer's schema
//! requires is required by the answer's model.

use std::collections::{BTreeMap, BTreeSet};

use http::StatusCode;
use securepay::api::{ApiErrorKind, ApiHost, Endpoint};
use serde_json::Value;

use super::{duplicate_keys, endpoints, responses, schema};
use crate::common;

/// The operations of the description, version 0.13.0.
const OPERATIONS: usize = 41;

/// Every operation of the description: `(METHOD, path)` → the operation object.
fn described() -> BTreeMap<(String, String), &'static Value> {
    let mut out = BTreeMap::new();
    for (path, methods) in common::api_description()["paths"].as_object().unwrap() {
        for (method, operation) in methods.as_object().unwrap() {
            if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                out.insert((method.to_ascii_uppercase(), path.clone()), operation);
            }
        }
    }
    out
}

/// The operation of a payment-API endpoint.
fn operation(endpoint: Endpoint) -> &'static Value {
    let method = endpoint.method().as_str().to_ascii_lowercase();
    let operation = &common::api_description()["paths"][endpoint.path_template()][&method];
    assert!(operation.is_object(), "{endpoint} is not described");
    operation
}

fn payment_endpoints() -> impl Iterator<Item = Endpoint> {
    Endpoint::ALL
        .into_iter()
        .filter(|e| e.host() == ApiHost::Payment)
}

#[test]
fn every_operation_of_the_description_is_one_endpoint() {
    let described: BTreeSet<(String, String)> = described().into_keys().collect();
    assert_eq!(described.len(), OPERATIONS, "the description's operations");
    let rows: Vec<(String, String)> = payment_endpoints()
        .map(|e| (e.method().to_string(), e.path_template().to_owned()))
        .collect();
    let table: BTreeSet<(String, String)> = rows.iter().cloned().collect();
    assert_eq!(table.len(), rows.len(), "an operation twice in the table");
    let missing: Vec<_> = described.difference(&table).collect();
    let undescribed: Vec<_> = table.difference(&described).collect();
    assert!(
        missing.is_empty() && undescribed.is_empty(),
        "no endpoint for {missing:?}; not in the description: {undescribed:?}"
    );
    assert_eq!(payment_endpoints().count(), OPERATIONS);
}

/// Percent-decodes a query component written by the crate (`%XX`, nothing else).
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The query pairs of a built request, decoded.
fn query_pairs(request: &http::Request<Vec<u8>>) -> Vec<(String, String)> {
    request
        .uri()
        .query()
        .into_iter()
        .flat_map(|q| q.split('&'))
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name), decode(value))
        })
        .collect()
}

/// Panics unless `request`, built for `endpoint`, is valid for the description.
pub(crate) fn assert_valid(endpoint: Endpoint, request: &http::Request<Vec<u8>>) {
    if endpoint.host() == ApiHost::Auth {
        return; // not in openapi.v2.json
    }
    let description = common::api_description();
    let operation = operation(endpoint);
    let parameters: Vec<&Value> = operation["parameters"]
        .as_array()
        .map(|p| p.iter().collect())
        .unwrap_or_default();
    let mut problems = Vec::new();
    // Query: every name described, once, with a valid value; every required one present.
    let pairs = query_pairs(request);
    let mut seen = BTreeSet::new();
    for (name, value) in &pairs {
        if !seen.insert(name.clone()) {
            problems.push(format!("query {name} twice"));
        }
        match parameters
            .iter()
            .find(|p| p["in"] == "query" && p["name"] == name.as_str())
        {
            Some(parameter) => {
                let value = schema::query_value(description, &parameter["schema"], value);
                for error in schema::errors(description, &parameter["schema"], &value) {
                    problems.push(format!("query {name}{error}"));
                }
            }
            None => problems.push(format!("query {name} is not described")),
        }
    }
    for parameter in &parameters {
        let name = parameter["name"].as_str().unwrap();
        if parameter["in"] == "query" && parameter["required"] == true && !seen.contains(name) {
            problems.push(format!("the required query parameter {name} is missing"));
        }
    }
    // Headers: every required one is sent.
    for parameter in &parameters {
        let name = parameter["name"].as_str().unwrap();
        if parameter["in"] == "header"
            && parameter["required"] == true
            && request.headers().get(name).is_none()
        {
            problems.push(format!("the required header {name} is missing"));
        }
    }
    // Path: every segment of a placeholder is non-empty.
    let path = request.uri().path();
    if !endpoints::matches_template(endpoint.path_template(), path) {
        problems.push(format!(
            "path {path} does not follow {}",
            endpoint.path_template()
        ));
    }
    // Body: present exactly when described, and valid for its schema.
    let body = &operation["requestBody"];
    match (body.is_object(), request.body().is_empty()) {
        (true, false) => {
            let value: Value = serde_json::from_slice(request.body()).unwrap();
            let body_schema = &body["content"]["application/json"]["schema"];
            for error in schema::errors(description, body_schema, &value) {
                problems.push(format!("body{error}"));
            }
            // The body's own fields are the crate's choice: each must be a described one
            // (deeper, a value passed through as given, such as a signed Tron transaction,
            // may carry fields the description does not list).
            let resolved = schema::resolve(description, body_schema);
            if let (Some(fields), Some(properties)) =
                (value.as_object(), resolved["properties"].as_object())
            {
                for name in fields.keys().filter(|k| !properties.contains_key(*k)) {
                    problems.push(format!("body/{name}: not a described field"));
                }
            }
        }
        (true, true) if body["required"] == true => problems.push("no body".to_owned()),
        (false, false) => problems.push("a body the operation does not describe".to_owned()),
        _ => {}
    }
    assert!(
        problems.is_empty(),
        "{endpoint} {}: {problems:#?}",
        request.uri()
    );
}

/// Panics unless `request` is valid for the description, its endpoint found from its method,
/// host and path (for the builder tests of `builders.rs`, which use the description's examples).
pub(crate) fn assert_valid_request(request: &http::Request<Vec<u8>>) {
    let path = request.uri().path();
    let fits = |template: &str| endpoints::matches_template(template, path);
    // A literal segment beats a placeholder (`/v2/payee-destination/signing-data`).
    let endpoint = Endpoint::ALL
        .into_iter()
        .filter(|e| e.method() == request.method() && fits(e.path_template()))
        .filter(|e| {
            request.uri().host() != Some("auth.request.network") || e.host() == ApiHost::Auth
        })
        .max_by_key(|e| e.path_template().matches('{').count() == 0)
        .unwrap_or_else(|| panic!("no endpoint for {} {path}", request.method()));
    assert_valid(endpoint, request);
}

#[test]
fn every_request_built_is_valid_for_the_description() {
    for endpoint in payment_endpoints() {
        for kind in endpoint.accepts() {
            let request = endpoints::build(endpoint, &endpoints::credential(*kind))
                .unwrap_or_else(|e| panic!("{endpoint}: {e}"));
            assert_valid(endpoint, &request);
        }
    }
}

#[test]
fn every_described_query_parameter_is_sent_by_some_request() {
    for endpoint in payment_endpoints() {
        let sent: BTreeSet<String> = full_requests(endpoint)
            .iter()
            .inspect(|request| assert_valid(endpoint, request))
            .flat_map(query_pairs)
            .map(|(name, _)| name)
            .collect();
        let described: BTreeSet<String> = operation(endpoint)["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["in"] == "query")
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(sent, described, "{endpoint}");
    }
}

#[test]
fn every_described_status_has_a_counterpart() {
    for endpoint in payment_endpoints() {
        let statuses: Vec<u16> = operation(endpoint)["responses"]
            .as_object()
            .unwrap()
            .keys()
            .map(|s| s.parse().unwrap())
            .collect();
        let success: Vec<u16> = statuses
            .iter()
            .copied()
            .filter(|s| (200..300).contains(s))
            .collect();
        assert_eq!(success, [endpoint.success_status().as_u16()], "{endpoint}");
        for status in statuses.into_iter().filter(|s| !(200..300).contains(s)) {
            let error = responses::parse(endpoint, status, br#"{"message":"x"}"#)
                .expect_err("an error status");
            let expected = match status {
                400 => ApiErrorKind::BadRequest,
                401 => ApiErrorKind::Unauthorized,
                403 => ApiErrorKind::Forbidden,
                404 => ApiErrorKind::NotFound,
                409 => ApiErrorKind::Conflict,
                423 => ApiErrorKind::Locked,
                429 => ApiErrorKind::TooManyRequests,
                500..=599 => ApiErrorKind::Server,
                other => panic!("{endpoint}: status {other} has no counterpart"),
            };
            assert_eq!(error.kind, expected, "{endpoint} {status}");
            assert_eq!(error.status, StatusCode::from_u16(status).unwrap());
        }
    }
}

/// The fields the top-level schema of a success answer (its `$ref`s followed) requires.
fn required_fields(schema: &Value) -> Vec<String> {
    schema::resolve(common::api_description(), schema)["required"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|name| name.as_str().unwrap().to_owned())
        .collect()
}

/// The required-but-nullable fields of `GET /v2/secure-payments` that its only example omits
/// (absent reads as null), and the required ones it omits that are not nullable.
const FIND_NULLABLE_OMITTED: &str =
    "required but nullable, and the description's only example omits it: absent reads as null";
const FIND_OMITTED: &str = "required, but the description's only example omits it";

/// Required fields a model deliberately does not require: `(endpoint, field, why)`.
const NOT_REQUIRED: &[(Endpoint, &str, &str)] = &[
    (
        Endpoint::FindSecurePayment,
        "createdAt",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "redirectUrl",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "redirectLabel",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "completedAt",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "payerAddress",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "destination",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "claimedDestination",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "orchestratorId",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "feePlan",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "currency",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "executionKind",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "clientId",
        FIND_NULLABLE_OMITTED,
    ),
    (
        Endpoint::FindSecurePayment,
        "blockReason",
        FIND_NULLABLE_OMITTED,
    ),
    (Endpoint::FindSecurePayment, "payerKytResults", FIND_OMITTED),
    (Endpoint::FindSecurePayment, "payeeKytResults", FIND_OMITTED),
    (Endpoint::FindSecurePayment, "network", FIND_OMITTED),
    (Endpoint::FindSecurePayment, "identityMode", FIND_OMITTED),
    (Endpoint::FindSecurePayment, "branding", FIND_OMITTED),
    (Endpoint::FindSecurePayment, "childExecutable", FIND_OMITTED),
    (
        Endpoint::CreateSecurePayment,
        "feePlan",
        "required but nullable, and the description's own examples omit it: absent reads as null",
    ),
    (
        Endpoint::CreatePayoutSecurePayment,
        "feePlan",
        "the same answer model as POST /v2/secure-payments",
    ),
    (
        Endpoint::CreateBatchPayoutSecurePayment,
        "feePlan",
        "the same answer model as POST /v2/secure-payments",
    ),
];

/// Success answers the parsers read: the description's examples (except the ones it gets
/// wrong) and the answers of `duplicate_keys::cases()`.
fn success_answers(endpoint: Endpoint) -> Vec<(String, Value)> {
    let status = endpoint.success_status().as_u16();
    let mut out: Vec<(String, Value)> = responses::examples(endpoint)
        .into_iter()
        .filter(|(example_status, name, _)| {
            *example_status == status
                && !responses::WRONG
                    .iter()
                    .any(|w| w.endpoint == endpoint && w.name == name)
        })
        .map(|(_, name, body)| (name, body))
        .collect();
    out.extend(
        duplicate_keys::cases()
            .into_iter()
            .filter(|case| case.endpoint == endpoint)
            .map(|case| ("duplicate_keys case".to_owned(), case.body)),
    );
    out
}

#[test]
fn every_field_a_success_answer_requires_is_required_by_its_model() {
    let mut checked = 0;
    for endpoint in payment_endpoints() {
        let status = endpoint.success_status().as_u16();
        let schema = &operation(endpoint)["responses"][status.to_string()]["content"]["application/json"]
            ["schema"];
        let required = required_fields(schema);
        for (name, body) in success_answers(endpoint) {
            responses::parse(endpoint, status, body.to_string().as_bytes())
                .unwrap_or_else(|e| panic!("{endpoint} {name}: {e}"));
            for field in &required {
                if body.get(field).is_none()
                    || NOT_REQUIRED
                        .iter()
                        .any(|(e, f, _)| *e == endpoint && f == field)
                {
                    continue;
                }
                let mut without = body.clone();
                if let Some(object) = without.as_object_mut() {
                    object.remove(field);
                }
                let result = responses::parse(endpoint, status, without.to_string().as_bytes());
                assert!(
                    result.is_err(),
                    "{endpoint} {name}: the answer without its required {field} was read"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} required fields checked");
}

/// Requests that together send every described query parameter of `endpoint` (its minimal
/// request when it has none).
fn full_requests(endpoint: Endpoint) -> Vec<http::Request<Vec<u8>>> {
    use securepay::api::{
        Api, Credential, GetRequestRoutes, PaymentType, RouteFilter, SearchPayments, UtcTimestamp,
    };
    use securepay::currency::CurrencyQuery;
    use securepay::network::Network;
    use securepay::pay::{RequestPayQuery, SecurePayQuery, SourceToken};

    let api = Api::new();
    let key = Credential::api_key("sk_test_secret").unwrap();
    let browser = Credential::client_id("cli_test", Some("https://shop.example")).unwrap();
    let token = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse().unwrap();
    let wallet = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
    let request_id = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb";
    let pay_queries = || {
        vec![
            SecurePayQuery::new()
                .wallet(wallet.parse().unwrap())
                .cross_chain(Network::ArbitrumOne, SourceToken::Usdt0)
                .eoa_wallet(
                    "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570"
                        .parse()
                        .unwrap(),
                ),
            SecurePayQuery::new()
                .wallet(wallet.parse().unwrap())
                .safe(true),
        ]
    };
    match endpoint {
        Endpoint::GetSecurePayment => pay_queries()
            .iter()
            .map(|q| {
                api.get_secure_payment(&browser, &token, q, Network::Base)
                    .unwrap()
                    .into_http()
            })
            .collect(),
        Endpoint::GetSecurePaymentCalldata => pay_queries()
            .iter()
            .map(|q| {
                api.get_secure_payment_calldata(&browser, &token, q, Network::Base)
                    .unwrap()
                    .into_http()
            })
            .collect(),
        Endpoint::GetRequestCalldata => {
            let query = RequestPayQuery::new()
                .wallet(wallet.parse().unwrap())
                .cross_chain(Network::ArbitrumOne, SourceToken::Usdc)
                .partial_amount("5".parse().unwrap())
                .offramp("user-123", Some("pd_123456"))
                .fee("0.5", wallet.parse().unwrap());
            vec![
                api.get_request_calldata(&key, request_id, &query)
                    .unwrap()
                    .into_http(),
            ]
        }
        Endpoint::ListPaymentDetails => vec![
            api.list_payment_details(&key, &"user-123".parse().unwrap(), Some("pd_123456"))
                .unwrap()
                .into_http(),
        ],
        Endpoint::ListCurrencies => {
            let by_network = CurrencyQuery {
                network: Some(Network::Base),
                symbol: Some("USDC".to_owned()),
                first_only: true,
                ..CurrencyQuery::default()
            };
            let by_id = CurrencyQuery {
                id: Some("USDC-base".to_owned()),
                ..CurrencyQuery::default()
            };
            [by_network, by_id]
                .iter()
                .map(|q| api.list_currencies(&key, q).unwrap().into_http())
                .collect()
        }
        Endpoint::GetConversionRoutes => [
            RouteFilter::Network(Network::Base),
            RouteFilter::Networks(vec![Network::Base, Network::Optimism]),
        ]
        .iter()
        .map(|f| {
            api.get_conversion_routes(&key, "USD", f)
                .unwrap()
                .into_http()
        })
        .collect(),
        Endpoint::GetRequestRoutes => {
            let routes = GetRequestRoutes::new(request_id, wallet.parse().unwrap())
                .amount("5".parse().unwrap())
                .unwrap()
                .fee("0.5", wallet.parse().unwrap())
                .unwrap();
            vec![api.prepare(&key, &routes).unwrap().into_http()]
        }
        Endpoint::SearchPayments => {
            let every = SearchPayments::new()
                .tx_hash(
                    "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"
                        .parse()
                        .unwrap(),
                )
                .wallet_address(wallet.parse().unwrap())
                .payment_reference("0xb3581f0b0f74cc61".parse().unwrap())
                .request_id(request_id)
                .unwrap()
                .reference("ORDER-1")
                .unwrap()
                .payment_type(PaymentType::Crosschain)
                .invoice_currency("USD".parse().unwrap())
                .payment_currency("USDC-base".parse().unwrap())
                .from_date(UtcTimestamp::parse("2026-01-01T00:00:00Z").unwrap())
                .to_date(UtcTimestamp::parse("2026-02-01T00:00:00.000Z").unwrap())
                .limit(50)
                .unwrap()
                .offset(100);
            vec![api.search_payments(&key, &every).unwrap().into_http()]
        }
        other => {
            let kind = other.accepts()[0];
            vec![endpoints::build(other, &endpoints::credential(kind)).unwrap()]
        }
    }
}
