//! Issue 35, item 2: `GET /v2/payments`. The search request from typed filters (exact query,
//! refusals), and the strict answer: every documented example read field by field, a missing
//! required field or an undocumented payment type refused, amounts kept as written.

use http::StatusCode;
use securepay::address::ChainAddress;
use securepay::api::{
    Api, ApiErrorKind, BodyError, Credential, Endpoint, FeeStage, MAX_SEARCH_LIMIT,
    OutgoingRequest, PaymentType, PaymentsPage, RequestError, SearchPayments, UtcTimestamp,
};
use securepay::partial::RateSource;
use securepay::webhook::FeeType;
use serde_json::{Value, json};

const WALLET: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const HASH: &str = "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef";
const REQUEST_ID: &str = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb";

fn key() -> Credential {
    Credential::api_key("sk_test").unwrap()
}

fn build(search: &SearchPayments) -> Result<http::Request<Vec<u8>>, RequestError> {
    Api::new()
        .search_payments(&key(), search)
        .map(|r| r.into_http())
}

fn refused(search: &SearchPayments) -> BodyError {
    match build(search) {
        Err(RequestError::Body(error)) => error,
        other => panic!("expected a body error, got {other:?}"),
    }
}

fn example(name: &str) -> Value {
    crate::common::api_description()["paths"]["/v2/payments"]["get"]["responses"]["200"]["content"]
        ["application/json"]["examples"][name]["value"]
        .clone()
}

fn page(body: &Value) -> Result<PaymentsPage, securepay::api::ApiError> {
    SearchPayments::parse_parts(StatusCode::OK, body.to_string().as_bytes())
}

#[test]
fn the_row_is_the_described_operation() {
    let spec = Endpoint::SearchPayments.spec();
    assert_eq!((spec.method.as_str(), spec.path), ("GET", "/v2/payments"));
    assert_eq!(spec.success, StatusCode::OK);
    assert!(!spec.origin_required);
    assert_eq!(spec.query.len(), 12);
    let operation = &crate::common::api_description()["paths"]["/v2/payments"]["get"];
    assert_eq!(
        operation["operationId"],
        "PaymentV2Controller_searchPayments_v2"
    );
}

#[test]
fn every_filter_is_written_in_the_described_query_in_one_form() {
    let search = SearchPayments::new()
        .tx_hash(HASH.to_uppercase().replace("0X", "0x").parse().unwrap())
        .wallet_address(ChainAddress::parse_any(&WALLET.to_lowercase()).unwrap())
        .payment_reference("0xB3581F0B0F74CC61".parse().unwrap())
        .request_id(REQUEST_ID)
        .unwrap()
        .reference("ORDER-2024-001234")
        .unwrap()
        .payment_type(PaymentType::Crosschain)
        .invoice_currency("USD".parse().unwrap())
        .payment_currency("ETH-sepolia-sepolia".parse().unwrap())
        .from_date("2024-01-01T00:00:00.000Z".parse().unwrap())
        .to_date("2024-01-31T23:59:59.999Z".parse().unwrap())
        .limit(20)
        .unwrap()
        .offset(40);
    let request = build(&search).unwrap();
    assert_eq!(request.method(), "GET");
    assert!(request.body().is_empty());
    assert_eq!(
        request.uri().to_string(),
        format!(
            "https://api.request.network/v2/payments?txHash={HASH}&walletAddress={WALLET}\
             &paymentReference=0xb3581f0b0f74cc61&requestId={REQUEST_ID}&reference=ORDER-2024-001234\
             &type=crosschain&invoiceCurrency=USD&paymentCurrency=ETH-sepolia-sepolia\
             &fromDate=2024-01-01T00%3A00%3A00.000Z&toDate=2024-01-31T23%3A59%3A59.999Z&limit=20&offset=40"
        )
    );
    assert_eq!(request.headers()["x-api-key"], "sk_test");
    // A Client ID without Origin is accepted (Origin is optional here).
    let frontend = Credential::client_id("cli_test", None).unwrap();
    assert!(Api::new().search_payments(&frontend, &search).is_ok());
    let session = Credential::session_bearer("session").unwrap();
    assert!(matches!(
        Api::new().search_payments(&session, &search),
        Err(RequestError::CredentialNotAccepted { .. })
    ));
}

#[test]
fn each_filter_alone_makes_a_search_and_none_is_refused() {
    let filters = [
        SearchPayments::new().tx_hash(HASH.parse().unwrap()),
        SearchPayments::new().wallet_address(ChainAddress::parse_any(WALLET).unwrap()),
        SearchPayments::new().payment_reference("0xb3581f0b0f74cc61".parse().unwrap()),
        SearchPayments::new().request_id(REQUEST_ID).unwrap(),
        SearchPayments::new().reference("INV-5678").unwrap(),
        SearchPayments::new().payment_type(PaymentType::Recurring),
        SearchPayments::new().invoice_currency("USD".parse().unwrap()),
        SearchPayments::new().payment_currency("USDC-base".parse().unwrap()),
    ];
    for search in &filters {
        assert!(search.has_filter());
        assert_eq!(
            build(search)
                .unwrap()
                .uri()
                .query()
                .unwrap()
                .matches('=')
                .count(),
            1
        );
    }
    let no_filter = SearchPayments::new()
        .from_date("2024-01-01T00:00:00Z".parse().unwrap())
        .to_date("2024-01-02T00:00:00Z".parse().unwrap())
        .limit(10)
        .unwrap()
        .offset(10);
    let error = refused(&no_filter);
    assert_eq!(
        error.to_string(),
        "filters: a search needs at least one of txHash, walletAddress, paymentReference, requestId, reference, type, invoiceCurrency, paymentCurrency"
    );
    assert!(matches!(
        refused(&SearchPayments::new()),
        BodyError::Invalid {
            field: "filters",
            ..
        }
    ));
}

#[test]
fn invalid_values_are_refused_with_the_field() {
    assert!(matches!(
        SearchPayments::new().limit(0),
        Err(BodyError::Invalid { field: "limit", .. })
    ));
    assert!(SearchPayments::new().limit(MAX_SEARCH_LIMIT).is_ok());
    assert!(SearchPayments::new().limit(MAX_SEARCH_LIMIT + 1).is_err());
    // Public fields are checked again when the request is built.
    let mut search = SearchPayments::new().reference("ORDER-1").unwrap();
    search.limit = Some(1_000);
    assert!(matches!(
        refused(&search),
        BodyError::Invalid { field: "limit", .. }
    ));
    search.limit = None;
    search.request_id = Some(" 01e2".to_owned());
    assert!(matches!(
        refused(&search),
        BodyError::Invalid {
            field: "requestId",
            ..
        }
    ));
    search.request_id = Some("x".repeat(256));
    assert!(matches!(
        refused(&search),
        BodyError::Length {
            field: "requestId",
            ..
        }
    ));
    assert!(SearchPayments::new().reference("a\u{0}b").is_err());
    assert!(SearchPayments::new().reference("").is_err());
    // The same instant is a valid range; an earlier toDate is not.
    let same = SearchPayments::new()
        .payment_type(PaymentType::Direct)
        .from_date("2024-01-01T00:00:00Z".parse().unwrap())
        .to_date("2024-01-01T00:00:00.000Z".parse().unwrap());
    assert!(build(&same).is_ok());
    let backwards = same.to_date("2023-12-31T23:59:59.999999999Z".parse().unwrap());
    assert!(
        refused(&backwards)
            .to_string()
            .starts_with("toDate: toDate must be after or equal to fromDate")
    );
    // A tx hash, a wallet and a type are parsed before they can be given.
    assert!("0x1234".parse::<securepay::partial::TxHash>().is_err());
    assert!(ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7d7").is_err());
    assert!("Direct".parse::<PaymentType>().is_err());
}

#[test]
fn timestamps_are_iso_8601_in_utc_and_real_instants() {
    for good in [
        "2024-01-01T00:00:00.000Z",
        "2024-01-31T23:59:59.999Z",
        "2024-02-29T12:00:00Z",
        "2000-02-29T00:00:00.1Z",
        "2024-12-31T23:59:59.123456789Z",
    ] {
        let parsed = UtcTimestamp::parse(good).unwrap_or_else(|e| panic!("{good}: {e}"));
        assert_eq!(parsed.as_str(), good);
        assert_eq!(serde_json::to_value(&parsed).unwrap(), json!(good));
    }
    for bad in [
        "",
        "2024-01-01",
        "2024-01-01T00:00:00",
        "2024-01-01T00:00:00+00:00",
        "2024-01-01t00:00:00Z",
        "2024-01-01 00:00:00Z",
        "2024-1-01T00:00:00Z",
        "2024-13-01T00:00:00Z",
        "2023-02-29T00:00:00Z",
        "1900-02-29T00:00:00Z",
        "2024-04-31T00:00:00Z",
        "2024-01-01T24:00:00Z",
        "2024-01-01T23:60:00Z",
        "2024-01-01T23:59:60Z",
        "2024-01-01T00:00:00.Z",
        "2024-01-01T00:00:00.1234567890Z",
        "2024-01-01T00:00:00.-1Z",
        "2024-01-01T0:00:00Z",
        "+2024-01-01T00:00:00Z",
        "2024-01-01T00:00Z",
    ] {
        assert!(UtcTimestamp::parse(bad).is_err(), "{bad} must be refused");
    }
    let a: UtcTimestamp = "2024-01-01T00:00:00.5Z".parse().unwrap();
    let b: UtcTimestamp = "2024-01-01T00:00:00.499999999Z".parse().unwrap();
    assert!(b < a);
    assert_eq!(a, "2024-01-01T00:00:00.500Z".parse().unwrap());
}

#[test]
fn the_documented_search_by_tx_hash_reads_field_by_field() {
    let answer = page(&example("searchByTxHash")).unwrap();
    assert_eq!(answer.pagination.total, 1);
    assert_eq!(answer.pagination.limit, 20);
    assert_eq!(answer.pagination.offset, 0);
    assert!(!answer.pagination.has_more);
    let [payment] = answer.payments.as_slice() else {
        panic!()
    };
    assert_eq!(payment.id, "01HXAMPLE1234567890ABCDEF");
    assert_eq!(payment.amount.as_str(), "1000000000000000000"); // base units, kept as written
    assert_eq!(
        (
            payment.source_network.as_str(),
            payment.destination_network.as_str()
        ),
        ("sepolia", "sepolia")
    );
    assert_eq!(
        payment.source_tx_hash.map(|h| h.to_string()).as_deref(),
        Some(HASH)
    );
    assert_eq!(payment.destination_tx_hash, None);
    assert_eq!(payment.timestamp, "2024-01-15T10:30:00.000Z");
    assert_eq!(payment.payment_type, PaymentType::Conversion);
    assert!(
        payment.conversion_rate_source.is_none() && payment.converted_amount_destination.is_none()
    );
    assert_eq!(
        (payment.currency.as_str(), payment.payment_currency.as_str()),
        ("USD", "ETH")
    );
    let fees = payment.fees.as_ref().unwrap();
    assert_eq!(fees.len(), 1);
    assert_eq!(fees[0].fee_type, Some(FeeType::Gas));
    assert_eq!(
        fees[0].amount.as_ref().map(|a| a.as_str()),
        Some("21000000000000000")
    );
    assert_eq!(fees[0].currency.as_deref(), Some("ETH"));
    assert_eq!(fees[0].provider.as_deref(), Some("request-network"));
    assert_eq!(payment.recurring_payment_id, None);
    assert_eq!(payment.rate_provider, Some(RateSource::Chainlink));
    let request = payment.request.as_ref().unwrap();
    assert_eq!(request.request_id.as_deref(), Some(REQUEST_ID));
    assert_eq!(
        request.payment_reference.map(|r| r.to_string()).as_deref(),
        Some("0xb3581f0b0f74cc61")
    );
    assert_eq!(request.has_been_paid, Some(true));
    let customer = request.customer_info.as_ref().unwrap();
    assert_eq!(customer.first_name.as_deref(), Some("John"));
    assert_eq!(customer.last_name.as_deref(), Some("Doe"));
    assert_eq!(customer.email.as_deref(), Some("john.doe@example.com"));
    assert_eq!(request.reference.as_deref(), Some("ORDER-2024-001234"));
    assert!(payment.extra.is_empty());
}

#[test]
fn the_documented_search_by_wallet_reads_two_payments() {
    let answer = page(&example("searchByWalletAndDateRange")).unwrap();
    assert_eq!(answer.payments.len(), 2);
    assert_eq!(answer.payments[0].amount.as_str(), "50000000");
    assert_eq!(answer.payments[1].amount.as_str(), "25000000");
    assert_eq!(
        answer.payments[0].fees.as_ref().unwrap()[0].fee_type,
        Some(FeeType::Platform)
    );
    assert!(answer.payments[1].fees.is_none()); // absent
    assert!(answer.payments[1].rate_provider.is_none());
    assert_eq!(
        answer.payments[0]
            .request
            .as_ref()
            .unwrap()
            .reference
            .as_deref(),
        Some("SERVICE-2024-789")
    );
}

#[test]
fn the_documented_merchant_reference_search_is_wrong_by_one_digit_and_reads_once_fixed() {
    let mut body = example("searchByMerchantReference");
    let error = page(&body).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("has 63 characters after the prefix"),
        "{error}"
    );
    body["payments"][0]["sourceTxHash"] =
        json!("0x9999888877776666555544443333222211110000ffffeeeeddddccccbbbbaaaa");
    let answer = page(&body).unwrap();
    let payment = &answer.payments[0];
    assert!(answer.pagination.has_more);
    assert_eq!((answer.pagination.total, answer.pagination.limit), (15, 1));
    assert_eq!(
        payment.conversion_rate_source.as_ref().map(|r| r.as_str()),
        Some("0.0004")
    );
    assert_eq!(
        payment
            .conversion_rate_destination
            .as_ref()
            .map(|r| r.as_str()),
        Some("2500.0")
    );
    assert_eq!(
        payment.converted_amount_source.as_ref().map(|r| r.as_str()),
        Some("150000000000000000000")
    );
    assert_eq!(
        payment
            .converted_amount_destination
            .as_ref()
            .map(|r| r.as_str()),
        Some("60000000")
    );
    // The example's fee type is not one of the listed ones: kept, not refused.
    let fee = &payment.fees.as_ref().unwrap()[0];
    assert_eq!(fee.fee_type, Some(FeeType::Other("conversion".to_owned())));
    let address = payment
        .request
        .as_ref()
        .unwrap()
        .customer_info
        .as_ref()
        .unwrap()
        .address
        .as_ref()
        .unwrap();
    assert_eq!(address.postal_code.as_deref(), Some("98101"));
}

#[test]
fn required_fields_and_documented_values_are_enforced() {
    let base = example("searchByTxHash");
    for field in [
        "id",
        "amount",
        "sourceNetwork",
        "destinationNetwork",
        "timestamp",
        "type",
        "currency",
        "paymentCurrency",
    ] {
        let mut body = base.clone();
        body["payments"][0].as_object_mut().unwrap().remove(field);
        let error = page(&body).unwrap_err();
        assert!(
            error
                .to_string()
                .contains(&format!("missing field `{field}`")),
            "{field}: {error}"
        );
    }
    for field in ["total", "limit", "offset", "hasMore"] {
        let mut body = base.clone();
        body["pagination"].as_object_mut().unwrap().remove(field);
        assert!(page(&body).is_err(), "{field}");
    }
    for field in ["payments", "pagination"] {
        let mut body = base.clone();
        body.as_object_mut().unwrap().remove(field);
        assert!(page(&body).is_err(), "{field}");
    }
    let mut body = base.clone();
    body["payments"][0]["type"] = json!("swap");
    assert!(matches!(
        page(&body).unwrap_err().kind,
        ApiErrorKind::InvalidBody(_)
    ));
    // Amounts are decimal text, never numbers.
    let mut body = base.clone();
    body["payments"][0]["amount"] = json!(1.5);
    assert!(page(&body).is_err());
    body["payments"][0]["amount"] = json!("1e18");
    assert!(page(&body).is_err());
    body["payments"][0]["amount"] = json!("-1");
    assert!(page(&body).is_err());
    // Pagination numbers are whole and not negative.
    let mut body = base.clone();
    body["pagination"]["offset"] = json!(-20);
    assert!(page(&body).is_err());
    // An unknown fee stage is kept; nullable fields may be null; other fields are kept.
    let mut body = base;
    body["payments"][0]["fees"][0]["stage"] = json!("settling");
    body["payments"][0]["fees"][0]["amountInUSD"] = json!("0.05");
    body["payments"][0]["rateProvider"] = Value::Null;
    body["payments"][0]["fees"] = json!([body["payments"][0]["fees"][0].clone()]);
    body["payments"][0]["note"] = json!("partial payment");
    let answer = page(&body).unwrap();
    let payment = &answer.payments[0];
    let fee = &payment.fees.as_ref().unwrap()[0];
    assert_eq!(fee.stage, Some(FeeStage::Other("settling".to_owned())));
    assert_eq!(fee.amount_in_usd.as_ref().map(|a| a.as_str()), Some("0.05"));
    assert_eq!(payment.rate_provider, None);
    assert_eq!(payment.extra["note"], "partial payment");
    // What the model writes reads back the same.
    let again = page(&serde_json::to_value(&answer).unwrap()).unwrap();
    assert_eq!(again, answer);
}

#[test]
fn the_documented_errors_are_api_errors() {
    let error = SearchPayments::parse_parts(
        StatusCode::BAD_REQUEST,
        br#"{"statusCode": 400, "message": "Validation failed", "errors": [{"field": "toDate", "message": "toDate must be after or equal to fromDate"}]}"#,
    )
    .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::BadRequest);
    assert_eq!(
        error.body.message().as_deref(),
        Some("Validation failed: toDate: toDate must be after or equal to fromDate")
    );
    let error = SearchPayments::parse_parts(StatusCode::TOO_MANY_REQUESTS, b"").unwrap_err();
    assert!(error.is_retryable());
}
