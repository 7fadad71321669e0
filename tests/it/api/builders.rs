//! Each endpoint's request against the API description: method, URI (base URL, percent-encoded
//! path parameters, query string), headers, and the JSON body compared with the documented
//! request examples (examples with placeholder values are refused, and match once fixed).

use securepay::address::DestinationId;
use securepay::api::{
    Api, BatchItem, BatchPayout, BodyError, Broadcast, CreateMulticallPayout, CreatePayout,
    CreatePayoutLink, CreateRequest, CreateSecurePayment, Credential, CustomerAddressBody,
    CustomerInfoBody, Frequency, MAX_SECURE_PAYMENT_ITEMS, PayoutFee, PayoutRecurrence,
    RecordIntent, Recurrence, RequestError, RouteFilter, SecurePaymentItem,
};
use securepay::currency::CurrencyQuery;
use securepay::network::Network;
use securepay::offramp::{ClientUserId, CreatePayer, CreatePaymentDetails, UpdatePayer};
use securepay::pay::{RequestPayQuery, SecurePayQuery, SecurePaymentToken, SourceToken};
use securepay::policy::{PayeeDestinationRequest, PaymentPolicy};
use serde_json::{Value, json};

fn extract() -> &'static Value {
    crate::common::api_description()
}

/// The request example `name` of `method path`.
fn request_example(path: &str, method: &str, name: &str) -> Value {
    let content = &extract()["paths"][path][method]["requestBody"]["content"]["application/json"];
    if name == "example" {
        if content["schema"]["example"].is_object() {
            return content["schema"]["example"].clone();
        }
        return content["example"].clone();
    }
    let value = content["examples"][name]["value"].clone();
    assert!(!value.is_null(), "no example {name} for {method} {path}");
    value
}

fn body(request: &http::Request<Vec<u8>>) -> Value {
    serde_json::from_slice(request.body()).unwrap()
}

fn key() -> Credential {
    Credential::api_key("sk_test_secret").unwrap()
}

fn browser() -> Credential {
    Credential::client_id(
        "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4",
        Some("https://mydomain.com"),
    )
    .unwrap()
}

fn token() -> SecurePaymentToken {
    "01JD3E6JD46KY4KKV7X9V0MZ7W".parse().unwrap()
}

fn assert_json_request(request: &http::Request<Vec<u8>>, method: &str, uri: &str) {
    super::description::assert_valid_request(request);
    assert_eq!(request.method(), method);
    assert_eq!(request.uri(), uri);
    assert_eq!(request.headers()["accept"], "application/json");
    assert_eq!(request.headers()["content-type"], "application/json");
}

fn assert_get(request: &http::Request<Vec<u8>>, uri: &str) {
    super::description::assert_valid_request(request);
    assert_eq!(request.method(), "GET");
    assert_eq!(request.uri(), uri);
    assert_eq!(request.headers()["accept"], "application/json");
    assert!(request.headers().get("content-type").is_none());
    assert!(request.body().is_empty());
}

/// The documented destination id with its placeholder checksum, and the real one (E636C26B is
/// the ERC-7930 checksum of this wallet on Sepolia, api-notes §6.1).
const PLACEHOLDER_DESTINATION: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:11155111#A1B2C3D4:0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C";
const REAL_DESTINATION: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:11155111#E636C26B:0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C";

fn fix_destination(mut example: Value) -> Value {
    let text = example
        .to_string()
        .replace(PLACEHOLDER_DESTINATION, REAL_DESTINATION);
    example = serde_json::from_str(&text).unwrap();
    example
}

#[test]
fn create_secure_payment_writes_the_documented_examples() {
    let path = "/v2/secure-payments";
    let item = |amount: &str| SecurePaymentItem::new(amount.parse().unwrap()).unwrap();
    let resolved = CreateSecurePayment::new(vec![item("10")]).unwrap();
    let request = Api::new().create_secure_payment(&key(), &resolved).unwrap();
    assert_json_request(
        &request,
        "POST",
        "https://api.request.network/v2/secure-payments",
    );
    assert_eq!(request.headers()["x-api-key"], "sk_test_secret");
    assert_eq!(
        body(&request),
        request_example(path, "post", "singlePaymentResolvedDestination")
    );

    // The documented destination's checksum is a placeholder: refused.
    assert!(DestinationId::parse(PLACEHOLDER_DESTINATION).is_err());
    let destination: DestinationId = REAL_DESTINATION.parse().unwrap();
    let single =
        CreateSecurePayment::new(vec![item("10").to_destination(destination.clone())]).unwrap();
    let request = Api::new().create_secure_payment(&key(), &single).unwrap();
    assert_eq!(
        body(&request),
        fix_destination(request_example(path, "post", "singlePayment"))
    );
    let batch = CreateSecurePayment::new(vec![
        item("10").to_destination(destination.clone()),
        item("5").to_destination(destination),
    ])
    .unwrap();
    let request = Api::new().create_secure_payment(&key(), &batch).unwrap();
    assert_eq!(
        body(&request),
        fix_destination(request_example(path, "post", "batchPayment"))
    );

    // The deprecated fee fields are ignored by the service and never written.
    let mut with_fees = fix_destination(request_example(path, "post", "singlePaymentWithFees"));
    let object = with_fees.as_object_mut().unwrap();
    assert!(object.remove("feePercentage").is_some() && object.remove("feeAddress").is_some());
    let request = Api::new().create_secure_payment(&key(), &single).unwrap();
    assert_eq!(body(&request), with_fees);
}

#[test]
fn create_secure_payment_checks_items_destinations_and_links() {
    let item = |amount: &str| SecurePaymentItem::new(amount.parse().unwrap());
    assert_eq!(
        item("0").unwrap_err(),
        BodyError::ZeroAmount {
            field: "requests[].amount"
        }
    );
    assert!(matches!(
        CreateSecurePayment::new(vec![]),
        Err(BodyError::TooFew { min: 1, .. })
    ));
    let many = vec![item("1").unwrap(); MAX_SECURE_PAYMENT_ITEMS + 1];
    assert!(matches!(
        CreateSecurePayment::new(many),
        Err(BodyError::TooMany { max: 200, .. })
    ));
    let sepolia: DestinationId = REAL_DESTINATION.parse().unwrap();
    let base: DestinationId = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse().unwrap();
    let mismatch = CreateSecurePayment::new(vec![
        item("1").unwrap().to_destination(sepolia),
        item("2").unwrap(),
        item("3").unwrap().to_destination(base),
    ]);
    assert!(matches!(
        mismatch,
        Err(BodyError::DestinationMismatch { index: 2, .. })
    ));
    let tron: DestinationId = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8@eip155:728126428#5F89A3B2:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse().unwrap();
    assert!(
        CreateSecurePayment::new(vec![item("1").unwrap().to_destination(tron.clone())]).is_ok()
    );
    let tron_batch = CreateSecurePayment::new(vec![
        item("1").unwrap().to_destination(tron.clone()),
        item("2").unwrap().to_destination(tron),
    ]);
    assert_eq!(
        tron_batch.unwrap_err().to_string(),
        "Batch payments are not supported for TRON networks. Please submit individual payment requests."
    );

    let body = CreateSecurePayment::new(vec![item("100").unwrap()]).unwrap();
    assert_eq!(
        body.clone()
            .redirect("https://shop.example/done", Some("Back to <shop>")),
        Err(BodyError::Pattern {
            field: "redirectLabel",
            character: '<',
            pattern: "^[^<>&\"'`]*$"
        })
    );
    assert_eq!(
        body.clone()
            .redirect("https://shop.example/\"onload=x", None)
            .unwrap_err()
            .to_string(),
        "redirectUrl must be a safe http(s) URL with no script/HTML payload: \"https://shop.example/\\\"onload=x\""
    );
    assert!(body.clone().reference("").is_err());
    assert!(body.clone().reference(&"x".repeat(256)).is_err());
    assert!(body.clone().payer_identifier(&"é".repeat(255)).is_ok());

    // The allowlist example of api-notes §5.4.
    let policy = PaymentPolicy::from_str(
        r#"{"allowedPayerAddresses":["0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"]}"#,
    )
    .unwrap();
    let request = Api::new()
        .create_secure_payment(
            &key(),
            &body
                .reference("INV-2026-0042")
                .unwrap()
                .access_policy(policy),
        )
        .unwrap();
    assert_eq!(
        serde_json::from_slice::<Value>(request.body()).unwrap(),
        json!({ "requests": [ { "amount": "100" } ], "reference": "INV-2026-0042",
            "accessPolicy": { "allowedPayerAddresses": [ "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B" ] } })
    );
}

#[test]
fn orchestrator_and_session_credentials_send_their_documented_headers() {
    let body =
        CreateSecurePayment::new(vec![SecurePaymentItem::new("1".parse().unwrap()).unwrap()])
            .unwrap();
    let orchestrator = Credential::orchestrator(
        "orc_abc",
        "cli_PLATFORM_CLIENT_ID",
        Some("https://mydomain.com"),
    )
    .unwrap();
    let request = Api::new()
        .create_secure_payment(&orchestrator, &body)
        .unwrap();
    let headers = request.headers();
    assert_eq!(headers["x-orchestrator-key"], "orc_abc");
    assert_eq!(headers["x-client-id"], "cli_PLATFORM_CLIENT_ID");
    assert_eq!(headers["origin"], "https://mydomain.com");
    assert!(headers.get("x-api-key").is_none());

    let cookie = Credential::session_cookie("abc.def").unwrap();
    let request = Api::new().create_secure_payment(&cookie, &body).unwrap();
    assert_eq!(request.headers()["cookie"], "session_token=abc.def");
    let bearer = Credential::session_bearer("abc.def").unwrap();
    let request = Api::new().create_secure_payment(&bearer, &body).unwrap();
    assert_eq!(request.headers()["authorization"], "Bearer abc.def");
}

#[test]
fn payout_link_writes_the_documented_example_with_the_required_creator() {
    let link = CreatePayoutLink::new(
        Network::Sepolia,
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570",
        "FAU-sepolia",
        "10".parse().unwrap(),
    )
    .unwrap()
    .recipient_identifier("recipient-acme")
    .unwrap();
    let request = Api::new().create_payout_link(&key(), &link).unwrap();
    assert_json_request(
        &request,
        "POST",
        "https://api.request.network/v2/secure-payments/payouts",
    );
    let mut expected = request_example("/v2/secure-payments/payouts", "post", "payout");
    // creatorWalletAddress is required by the schema; the example omits it.
    expected["creatorWalletAddress"] = json!("0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570");
    assert_eq!(body(&request), expected);

    let wrong_currency = CreatePayoutLink::new(
        Network::Sepolia,
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570",
        "USDC-base",
        "10".parse().unwrap(),
    );
    assert!(matches!(
        wrong_currency,
        Err(BodyError::WrongNetwork {
            field: "currency",
            ..
        })
    ));
    let tron = CreatePayoutLink::new(
        Network::Tron,
        "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
        "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
        "USDT-tron",
        "10".parse().unwrap(),
    )
    .unwrap();
    assert_eq!(
        body(&Api::new().create_payout_link(&key(), &tron).unwrap())["network"],
        "tron"
    );
}

#[test]
fn multicall_payout_needs_two_distinct_ulid_children() {
    // The documented example's tokens contain I and L, which a ULID never has.
    let example = request_example("/v2/secure-payments/multicall-payouts", "post", "payouts");
    for child in example["childTokens"].as_array().unwrap() {
        assert!(
            child
                .as_str()
                .unwrap()
                .parse::<SecurePaymentToken>()
                .is_err()
        );
    }
    let second: SecurePaymentToken = "01JZ4PC7EXAMPXECHXXD000002".parse().unwrap();
    let body_ = CreateMulticallPayout::new(
        vec![token(), second],
        Some(securepay::api::RequestedExecutionKind::TronBatch),
    )
    .unwrap();
    let request = Api::new().create_multicall_payout(&key(), &body_).unwrap();
    assert_json_request(
        &request,
        "POST",
        "https://api.request.network/v2/secure-payments/multicall-payouts",
    );
    assert_eq!(
        body(&request),
        json!({"childTokens":["01JD3E6JD46KY4KKV7X9V0MZ7W","01JZ4PC7EXAMPXECHXXD000002"],"requestedExecutionKind":"tron_batch"})
    );
    assert!(matches!(
        CreateMulticallPayout::new(vec![token()], None),
        Err(BodyError::TooFew { min: 2, .. })
    ));
    assert!(matches!(
        CreateMulticallPayout::new(vec![token(), token()], None),
        Err(BodyError::Duplicate { .. })
    ));
}

#[test]
fn secure_payment_token_endpoints_send_the_client_id_origin_and_query() {
    let query = SecurePayQuery::new()
        .wallet(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
                .parse()
                .unwrap(),
        )
        .cross_chain(Network::Optimism, SourceToken::Usdt0);
    let request = Api::new()
        .get_secure_payment(&browser(), &token(), &query, Network::Base)
        .unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W?wallet=0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7&chain=OPTIMISM&token=USDT0",
    );
    assert_eq!(
        request.headers()["x-client-id"],
        "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4"
    );
    assert_eq!(request.headers()["origin"], "https://mydomain.com");

    let request = Api::new()
        .get_secure_payment_calldata(
            &browser(),
            &token(),
            &SecurePayQuery::new().safe(false),
            Network::Base,
        )
        .unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W/pay?isSafe=false",
    );
    // Tron takes no cross-chain parameters.
    let refused =
        Api::new().get_secure_payment_calldata(&browser(), &token(), &query, Network::Tron);
    assert!(matches!(refused, Err(RequestError::PayQuery(_))));
}

#[test]
fn record_intent_writes_the_documented_safe_example() {
    let example = request_example(
        "/v2/secure-payments/{token}/intent",
        "post",
        "safePendingIntent",
    );
    let hash = example["safeTxHash"].as_str().unwrap().parse().unwrap();
    let RecordIntent::Single(mut single) = RecordIntent::single(
        Broadcast::Safe {
            safe_tx_hash: hash,
            deadline: Some(1_749_760_800),
        },
        Network::Matic,
        SourceToken::Usdc,
    )
    .unwrap() else {
        panic!("single")
    };
    single.execution_kind = Some(securepay::pay::ExecutionKind::EvmCrossChain);
    single.payer_address = Some(
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
            .parse()
            .unwrap(),
    );
    let request = Api::new()
        .record_secure_payment_intent(&browser(), &token(), &RecordIntent::Single(single))
        .unwrap();
    assert_json_request(
        &request,
        "POST",
        "https://api.request.network/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W/intent",
    );
    assert_eq!(body(&request), example);

    let zero = Broadcast::Safe {
        safe_tx_hash: hash,
        deadline: Some(0),
    };
    assert!(RecordIntent::single(zero, Network::Base, SourceToken::Usdc).is_err());
    let multicall = RecordIntent::multicall(
        None,
        Network::Base,
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
            .parse()
            .unwrap(),
        hash,
        vec![],
    );
    assert!(matches!(multicall, Err(BodyError::TooFew { .. })));
}

#[test]
fn create_request_writes_the_four_documented_examples() {
    let path = "/v2/request";
    let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
    let regular = CreateRequest::new("10".parse().unwrap(), "USD", "ETH-sepolia-sepolia")
        .unwrap()
        .payee(payee)
        .unwrap();
    let request = Api::new().create_request(&key(), &regular).unwrap();
    assert_json_request(&request, "POST", "https://api.request.network/v2/request");
    assert_eq!(
        body(&request),
        request_example(path, "post", "regularRequest")
    );

    let offramp = CreateRequest::new("25.50".parse().unwrap(), "USD", "USDC-sepolia")
        .unwrap()
        .crypto_to_fiat()
        .unwrap();
    let request = Api::new().create_request(&key(), &offramp).unwrap();
    assert_eq!(
        body(&request),
        request_example(path, "post", "cryptoToFiatRequest")
    );

    let customer = CustomerInfoBody {
        first_name: Some("John".into()),
        last_name: Some("Doe".into()),
        email: Some("john.doe@example.com".into()),
        address: Some(CustomerAddressBody {
            street: Some("123 Main Street".into()),
            city: Some("New York".into()),
            state: Some("NY".into()),
            postal_code: Some("10001".into()),
            country: Some("US".into()),
        }),
    };
    let with_customer = CreateRequest::new("50.00".parse().unwrap(), "USD", "USDC-sepolia")
        .unwrap()
        .payee(payee)
        .unwrap()
        .customer_info(customer.clone())
        .unwrap()
        .reference("ORDER-2024-001234")
        .unwrap();
    let request = Api::new()
        .create_request(&browser(), &with_customer)
        .unwrap();
    assert_eq!(
        body(&request),
        request_example(path, "post", "requestWithCustomerInfo")
    );

    let recurring = regular.recurrence(Recurrence::new("2030-01-01", Frequency::Yearly).unwrap());
    let request = Api::new().create_request(&key(), &recurring).unwrap();
    assert_eq!(
        body(&request),
        request_example(path, "post", "recurringInvoice")
    );

    // Rules.
    assert!(CreateRequest::new("10".parse().unwrap(), "USD", "USD").is_err()); // fiat is not paid
    assert!(
        CreateRequest::new("10".parse().unwrap(), "USD", "USDT-tron")
            .unwrap()
            .payee(payee)
            .is_err()
    ); // an EVM payee for a Tron currency
    assert!(Recurrence::new("2030-02-30", Frequency::Monthly).is_err());
    let bad_country = CustomerInfoBody {
        address: Some(CustomerAddressBody {
            country: Some("USA".into()),
            ..Default::default()
        }),
        ..customer
    };
    assert!(matches!(
        CreateRequest::new("1".parse().unwrap(), "USD", "USDC-base")
            .unwrap()
            .customer_info(bad_country),
        Err(BodyError::Length {
            field: "customerInfo.address.country",
            ..
        })
    ));
}

#[test]
fn request_paths_percent_encode_the_id_and_carry_the_partial_amount() {
    let api = Api::new();
    let request = api.get_request_status(&key(), "a/b?c=d#e f").unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/request/a%2Fb%3Fc%3Dd%23e%20f",
    );
    assert!(api.get_request_status(&key(), "").is_err());

    let query = RequestPayQuery::new()
        .wallet(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
                .parse()
                .unwrap(),
        )
        .partial_amount("25.50".parse().unwrap());
    let id = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb";
    let request = api.get_request_calldata(&key(), id, &query).unwrap();
    assert_get(
        &request,
        &format!(
            "https://api.request.network/v2/request/{id}/pay?wallet=0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7&amount=25.50"
        ),
    );
    let zero = RequestPayQuery::new().partial_amount("0".parse().unwrap());
    assert!(matches!(
        api.get_request_calldata(&key(), id, &zero),
        Err(RequestError::PayQuery(
            securepay::pay::PayQueryError::ZeroAmount
        ))
    ));
    let offramp =
        RequestPayQuery::new().offramp("user-123", Some("fa898aec-519c-46be-9b4c-e76ef4ff99d9"));
    let request = api.get_request_calldata(&key(), id, &offramp).unwrap();
    assert!(request.uri().to_string().ends_with(
        "/pay?clientUserId=user-123&paymentDetailsId=fa898aec-519c-46be-9b4c-e76ef4ff99d9"
    ));
}

#[test]
fn payer_endpoints_write_the_documented_bodies_and_encode_the_user() {
    let api = Api::new();
    for name in ["individualBeneficiary", "businessBeneficiary"] {
        let example = request_example("/v2/payer", "post", name);
        let payer = CreatePayer::from_str(&example.to_string()).unwrap();
        let request = api.create_payer(&key(), &payer).unwrap();
        assert_json_request(&request, "POST", "https://api.request.network/v2/payer");
        assert_eq!(body(&request), example, "{name}");
    }
    let user = ClientUserId::parse("user 1/2").unwrap();
    let request = api.get_payer(&key(), &user).unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/payer/user%201%2F2",
    );
    let request = api
        .update_payer(&key(), &user, &UpdatePayer::agreement_completed())
        .unwrap();
    assert_json_request(
        &request,
        "PATCH",
        "https://api.request.network/v2/payer/user%201%2F2",
    );
    assert_eq!(
        body(&request),
        request_example("/v2/payer/{clientUserId}", "patch", "example")
    );

    for name in ["localUSBusiness", "swiftInternational", "ukAccount"] {
        let example = request_example("/v2/payer/{clientUserId}/payment-details", "post", name);
        let details = CreatePaymentDetails::from_str(&example.to_string()).unwrap();
        let request = api.create_payment_details(&key(), &user, &details).unwrap();
        assert_json_request(
            &request,
            "POST",
            "https://api.request.network/v2/payer/user%201%2F2/payment-details",
        );
        assert_eq!(body(&request), example, "{name}");
    }
    let request = api
        .list_payment_details(&key(), &user, Some("fa898aec-519c-46be-9b4c-e76ef4ff99d9"))
        .unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/payer/user%201%2F2/payment-details?paymentDetailsId=fa898aec-519c-46be-9b4c-e76ef4ff99d9",
    );
    assert!(api.list_payment_details(&key(), &user, Some("")).is_err());
    // The payer endpoints take the API key only.
    assert!(api.get_payer(&browser(), &user).is_err());
}

#[test]
fn currency_queries_follow_the_described_parameters() {
    let api = Api::new();
    let request = api
        .list_currencies(&key(), &CurrencyQuery::default())
        .unwrap();
    assert_get(&request, "https://api.request.network/v2/currencies");
    let by_id = CurrencyQuery {
        id: Some("ETH-sepolia-sepolia".into()),
        ..Default::default()
    };
    let request = api.list_currencies(&browser(), &by_id).unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/currencies?id=ETH-sepolia-sepolia",
    );
    let first_only = CurrencyQuery {
        symbol: Some("USDC".into()),
        first_only: true,
        ..Default::default()
    };
    let error = api.list_currencies(&key(), &first_only).unwrap_err();
    assert!(
        error.to_string().contains("both network and symbol"),
        "{error}"
    );

    let request = api
        .get_conversion_routes(&key(), "USD", &RouteFilter::Network(Network::Mainnet))
        .unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/currencies/USD/conversion-routes?network=mainnet",
    );
    let networks = RouteFilter::Networks(vec![Network::Sepolia, Network::Mainnet, Network::Matic]);
    let request = api.get_conversion_routes(&key(), "EUR", &networks).unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/currencies/EUR/conversion-routes?networks=sepolia%2Cmainnet%2Cmatic",
    );
    let request = api
        .get_conversion_routes(&key(), "a/b", &RouteFilter::All)
        .unwrap();
    assert_get(
        &request,
        "https://api.request.network/v2/currencies/a%2Fb/conversion-routes",
    );
    assert!(
        api.get_conversion_routes(&key(), "USD", &RouteFilter::Networks(vec![]))
            .is_err()
    );
}

#[test]
fn payout_writes_the_five_documented_examples() {
    let path = "/v2/payouts";
    let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
    let fee = |percentage: &str| PayoutFee::new(percentage, payee.parse().unwrap()).unwrap();
    let api = Api::new();
    let check = |payout: &CreatePayout, name: &str| {
        let request = api.create_payout(&key(), payout).unwrap();
        assert_json_request(&request, "POST", "https://api.request.network/v2/payouts");
        assert_eq!(
            body(&request),
            request_example(path, "post", name),
            "{name}"
        );
    };
    let one_time = CreatePayout::new(payee, "10".parse().unwrap(), "USD", "ETH-sepolia-sepolia")
        .unwrap()
        .fee(fee("0.02"))
        .unwrap();
    check(&one_time, "oneTimePayment");
    let tron = CreatePayout::new(
        "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
        "10".parse().unwrap(),
        "USDT-tron",
        "USDT-tron",
    )
    .unwrap();
    check(&tron, "tronUsdtPayment");
    let recurrence = PayoutRecurrence::new(
        "2030-01-01",
        Frequency::Daily,
        30,
        "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570"
            .parse()
            .unwrap(),
    )
    .unwrap();
    check(
        &one_time.clone().recurrence(recurrence).unwrap(),
        "recurringPayment",
    );
    let erc20 = CreatePayout::new(payee, "100".parse().unwrap(), "FAU-sepolia", "FAU-sepolia")
        .unwrap()
        .fee(fee("0.01"))
        .unwrap();
    check(&erc20, "erc20Payment");
    let checkout = CreatePayout::new(payee, "25.50".parse().unwrap(), "USD", "USDC-sepolia")
        .unwrap()
        .fee(fee("2.5"))
        .unwrap()
        .customer_info(CustomerInfoBody {
            first_name: Some("John".into()),
            last_name: Some("Doe".into()),
            email: Some("john.doe@example.com".into()),
            address: Some(CustomerAddressBody {
                street: Some("123 Main Street".into()),
                city: Some("New York".into()),
                state: Some("NY".into()),
                postal_code: Some("10001".into()),
                country: Some("US".into()),
            }),
        })
        .unwrap()
        .reference("ORDER-2024-001234")
        .unwrap();
    check(&checkout, "checkoutWidgetPayment");

    // Rules.
    let self_pay =
        PayoutRecurrence::new("2030-01-01", Frequency::Daily, 30, payee.parse().unwrap()).unwrap();
    assert!(one_time.clone().recurrence(self_pay).is_err()); // the payer is not the payee
    assert!(
        PayoutRecurrence::new("2030-01-01", Frequency::Daily, 1, payee.parse().unwrap()).is_err()
    );
    assert!(
        PayoutRecurrence::new("2030-01-01", Frequency::Daily, 257, payee.parse().unwrap()).is_err()
    );
    assert!(PayoutFee::new("100.5", payee.parse().unwrap()).is_err());
    assert!(PayoutFee::new("1e2", payee.parse().unwrap()).is_err());
    assert!(tron.fee(fee("1")).is_err()); // an EVM fee address on Tron
}

#[test]
fn batch_payout_writes_the_documented_example_and_refuses_tron_with_the_exact_message() {
    let example = request_example("/v2/payouts/batch", "post", "example");
    let items: Vec<BatchItem> = example["requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            BatchItem::new(
                r["payee"].as_str().unwrap(),
                r["amount"].as_str().unwrap().parse().unwrap(),
                r["invoiceCurrency"].as_str().unwrap(),
                r["paymentCurrency"].as_str().unwrap(),
            )
            .unwrap()
        })
        .collect();
    let batch = BatchPayout::new(items)
        .unwrap()
        .payer(example["payer"].as_str().unwrap().parse().unwrap())
        .unwrap();
    let request = Api::new().create_batch_payout(&key(), &batch).unwrap();
    assert_json_request(
        &request,
        "POST",
        "https://api.request.network/v2/payouts/batch",
    );
    assert_eq!(body(&request), example);

    let message = "Batch payments are not supported for TRON networks. Please submit individual payment requests.";
    let tron_payee = BatchItem::new(
        "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW",
        "10".parse().unwrap(),
        "USDT-tron",
        "USDT-tron",
    );
    assert_eq!(tron_payee.unwrap_err().to_string(), message);
    let tron_currency = BatchItem::new(
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        "10".parse().unwrap(),
        "USD",
        "USDT-tron",
    );
    assert_eq!(tron_currency.unwrap_err(), BodyError::TronBatch);
    let tron_payer = BatchPayout::from_request_ids(vec!["01e2".into()])
        .unwrap()
        .payer("TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW".parse().unwrap());
    assert_eq!(tron_payer.unwrap_err().to_string(), message);

    let mixed = BatchPayout::new(vec![
        BatchItem::new(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "1".parse().unwrap(),
            "FAU-sepolia",
            "FAU-sepolia",
        )
        .unwrap(),
        BatchItem::new(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "1".parse().unwrap(),
            "USDC-base",
            "USDC-base",
        )
        .unwrap(),
    ]);
    assert_eq!(
        mixed.unwrap_err().to_string(),
        "All requests must be on the same network: sepolia and base"
    );
    let by_ids = BatchPayout::from_request_ids(vec!["a".into(), "b".into()]).unwrap();
    let request = Api::new().create_batch_payout(&key(), &by_ids).unwrap();
    assert_eq!(body(&request), json!({"requestIds":["a","b"]}));
    assert!(BatchPayout::from_request_ids(vec!["a".into(), "a".into()]).is_err());
    assert!(BatchPayout::from_request_ids(vec![]).is_err());
}

#[test]
fn payee_destination_calls_go_to_the_auth_api_with_the_session_cookie() {
    let api = Api::new();
    let session = Credential::session_cookie("siwe").unwrap();
    let body = PayeeDestinationRequest::from_str(
        r#"{"tokenAddress":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","chainId":8453,
            "accessPolicy":{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hideUntilApproved":true,"hidePayeeAddress":true}}"#,
    )
    .unwrap();
    let create = api.create_payee_destination(&session, &body).unwrap();
    assert_json_request(
        &create,
        "POST",
        "https://auth.request.network/v1/payee-destination",
    );
    assert_eq!(create.headers()["cookie"], "session_token=siwe");
    assert_eq!(
        body_of(&create),
        json!({"tokenAddress":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","chainId":8453,
            "accessPolicy":{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hideUntilApproved":true,"hidePayeeAddress":true}})
    );
    // Re-issuing a create updates in place: the same body gives the same request.
    let again = api.create_payee_destination(&session, &body).unwrap();
    assert_eq!((again.uri(), again.body()), (create.uri(), create.body()));
    let update = api.update_payee_destination(&session, &body).unwrap();
    assert_json_request(
        &update,
        "PUT",
        "https://auth.request.network/v1/payee-destination",
    );
    assert_eq!(update.body(), create.body());
    let get = api.get_payee_destination(&session).unwrap();
    assert_get(&get, "https://auth.request.network/v1/payee-destination");

    let staging = Api::new().with_auth_url("http://127.0.0.1:8081/").unwrap();
    let request = staging.get_payee_destination(&session).unwrap();
    assert_eq!(request.uri(), "http://127.0.0.1:8081/v1/payee-destination");
}

fn body_of(request: &http::Request<Vec<u8>>) -> Value {
    body(request)
}

#[test]
fn base_urls_are_overridable_and_checked() {
    let api = Api::new()
        .with_base_url("https://api.stage.request.network")
        .unwrap();
    let request = api.get_request_status(&key(), "01e2").unwrap();
    assert_eq!(
        request.uri(),
        "https://api.stage.request.network/v2/request/01e2"
    );
    let proxied = Api::new()
        .with_base_url("http://127.0.0.1:8080/rn/")
        .unwrap();
    assert_eq!(proxied.base_url(), "http://127.0.0.1:8080/rn");
    let request = proxied.get_request_status(&key(), "01e2").unwrap();
    assert_eq!(request.uri(), "http://127.0.0.1:8080/rn/v2/request/01e2");
    for bad in [
        "api.request.network",
        "ftp://api.request.network",
        "https://api.request.network?x=1",
        "https://user:pw@api.request.network",
        "https://api.request.network/#frag",
        "",
    ] {
        assert!(
            matches!(
                Api::new().with_base_url(bad),
                Err(RequestError::BaseUrl { .. })
            ),
            "{bad}"
        );
    }
}
