//! `PATCH /v2/request/{requestId}`, `GET /v2/request/{requestId}/routes` and
//! `POST /v2/request/payment-intents/{paymentIntentId}`: the requests against the API
//! description (body examples, query parameters), what is refused before sending, and the
//! answers (the documented route examples field by field, exact numbers, refusals).

use alloy_primitives::U256;
use http::StatusCode;
use securepay::api::{
    AnswerAsGiven, Api, ApiErrorKind, BodyError, Credential, Eip712Signature, ExactNumber,
    FeeStage, GetRequestRoutes, OutgoingRequest, RequestError, RequestPayResponse, RequestRoutes,
    RouteSpeed, SendPaymentIntent, SignatureError, SignedPermit, UpdateRequest, parse_parts,
};
use securepay::webhook::FeeType;
use serde_json::{Value, json};

const REQUEST_ID: &str = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb";
const WALLET: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const FEE_ADDRESS: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";

fn key() -> Credential {
    Credential::api_key("sk_test").unwrap()
}

fn operation(path: &str, method: &str) -> Value {
    crate::common::api_description()["paths"][path][method].clone()
}

fn body(request: &http::Request<Vec<u8>>) -> Value {
    serde_json::from_slice(request.body()).unwrap()
}

fn signature(v: &str) -> Eip712Signature {
    format!("0x{}{v}", "1234567890abcdef".repeat(8))
        .parse()
        .unwrap()
}

#[test]
fn update_request_sends_the_documented_bodies() {
    let examples = &operation("/v2/request/{requestId}", "patch")["requestBody"]["content"]["application/json"]
        ["examples"];
    for (name, stopped) in [("stopRecurrence", true), ("resumeRecurrence", false)] {
        let request = Api::new()
            .update_request(&key(), REQUEST_ID, stopped)
            .unwrap();
        assert_eq!(request.method(), "PATCH");
        assert_eq!(
            request.uri().to_string(),
            format!("https://api.request.network/v2/request/{REQUEST_ID}")
        );
        assert_eq!(request.headers()["content-type"], "application/json");
        assert_eq!(body(&request), examples[name]["value"], "{name}");
    }
    let typed = UpdateRequest::stop_recurrence("a/b");
    let request = Api::new().prepare(&key(), &typed).unwrap();
    assert_eq!(request.uri().path(), "/v2/request/a%2Fb"); // one segment
    for bad in ["", "01e2\n73"] {
        let error = Api::new().update_request(&key(), bad, true).unwrap_err();
        assert!(
            matches!(
                &error,
                RequestError::Body(BodyError::Invalid {
                    field: "requestId",
                    ..
                })
            ),
            "{error:?}"
        );
    }
}

#[test]
fn an_answer_without_a_documented_body_is_null_when_empty_or_kept_as_given() {
    assert_eq!(
        UpdateRequest::parse_parts(StatusCode::OK, b"").unwrap(),
        AnswerAsGiven(serde_json::Value::Null)
    );
    assert_eq!(
        SendPaymentIntent::parse_parts(StatusCode::OK, b" \n").unwrap(),
        AnswerAsGiven(serde_json::Value::Null)
    );
    let response = http::Response::builder()
        .status(200)
        .body(br#"{"ok": true}"#.to_vec())
        .unwrap();
    assert_eq!(
        UpdateRequest::parse_response(&response).unwrap(),
        AnswerAsGiven(json!({"ok": true}))
    );
    let twice =
        UpdateRequest::parse_parts(StatusCode::OK, br#"{"a": {"b": 1, "b": 2}}"#).unwrap_err();
    assert!(twice.to_string().contains("duplicate field `b`"), "{twice}");
    let missing = SendPaymentIntent::parse_parts(
        StatusCode::NOT_FOUND,
        br#"{"message": "Payment intent data not found", "error": "Not Found", "statusCode": 404}"#,
    )
    .unwrap_err();
    assert_eq!(missing.kind, ApiErrorKind::NotFound);
    assert_eq!(
        missing.body.message().as_deref(),
        Some("Payment intent data not found")
    );
    // An empty error body stays an error.
    let limited = UpdateRequest::parse_parts(StatusCode::TOO_MANY_REQUESTS, b"").unwrap_err();
    assert_eq!(limited.kind, ApiErrorKind::TooManyRequests);
    // The free parse_parts reads JSON only.
    assert!(parse_parts::<AnswerAsGiven>(StatusCode::OK, b"").is_err());
}

#[test]
fn routes_request_carries_exactly_the_described_query() {
    let described: Vec<String> = operation("/v2/request/{requestId}/routes", "get")["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["in"] == "query")
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        described,
        ["wallet", "amount", "feePercentage", "feeAddress"]
    );

    let wallet = WALLET.parse().unwrap();
    let request = Api::new()
        .get_request_routes(&key(), REQUEST_ID, &wallet)
        .unwrap();
    assert_eq!(request.method(), "GET");
    assert_eq!(
        request.uri().to_string(),
        format!("https://api.request.network/v2/request/{REQUEST_ID}/routes?wallet={WALLET}")
    );
    assert!(request.body().is_empty());

    let full = GetRequestRoutes::new(REQUEST_ID, wallet)
        .amount("0.5".parse().unwrap())
        .unwrap()
        .fee("2.5", FEE_ADDRESS.parse().unwrap())
        .unwrap();
    let request = Api::new().prepare(&key(), &full).unwrap();
    assert_eq!(
        request.uri().query(),
        Some(
            format!("wallet={WALLET}&amount=0.5&feePercentage=2.5&feeAddress={FEE_ADDRESS}")
                .as_str()
        )
    );

    let routes = GetRequestRoutes::new(REQUEST_ID, wallet);
    assert_eq!(
        routes.clone().amount("0".parse().unwrap()),
        Err(BodyError::ZeroAmount { field: "amount" })
    );
    for bad in ["100.5", "-1", "abc", ""] {
        assert!(
            matches!(
                routes.clone().fee(bad, FEE_ADDRESS.parse().unwrap()),
                Err(BodyError::FeePercentage(_))
            ),
            "{bad}"
        );
    }
    assert!(matches!(
        Api::new().get_request_routes(&key(), "", &wallet),
        Err(RequestError::Body(BodyError::Invalid {
            field: "requestId",
            ..
        }))
    ));
}

#[test]
fn the_documented_route_examples_parse_field_by_field() {
    let examples = operation("/v2/request/{requestId}/routes", "get")["responses"]["200"]
        ["content"]["application/json"]["examples"]
        .clone();
    let parse = |name: &str| -> RequestRoutes {
        parse_parts(
            StatusCode::OK,
            examples[name]["value"].to_string().as_bytes(),
        )
        .unwrap()
    };
    let only = parse("requestNetworkRoute");
    assert_eq!(only.routes.len(), 1);
    let route = &only.routes[0];
    assert!(route.is_direct());
    assert_eq!(route.id, "REQUEST_NETWORK_PAYMENT");
    assert!(route.fee.is_zero());
    assert_eq!(route.speed, RouteSpeed::Fast);
    assert_eq!(
        (route.chain.as_str(), route.token.as_str()),
        ("MAINNET", "REQ")
    );
    assert!(route.fee_breakdown.is_none() && route.extra.is_empty());

    let same = parse("sameChainRoute");
    assert_eq!(same.routes[1].id, "BASE-BASE-USDC-USDC");
    assert_eq!(same.routes[1].fee.as_str(), "0.001");
    assert!(!same.routes[1].is_direct());

    let cross = parse("crosschainRoute");
    let bridge = &cross.routes[1];
    assert_eq!(bridge.id, "POLYGON_BASE_USDC_USDC");
    assert_eq!(bridge.chain, "POLYGON");
    assert_eq!(
        bridge.price_impact.as_ref().map(ExactNumber::as_str),
        Some("0.999")
    );

    assert!(parse("noRoutes").routes.is_empty());
}

#[test]
fn route_numbers_are_kept_exactly_and_speed_has_both_forms() {
    let answer = br#"{"routes": [{"id": "ARBITRUM_BASE_USDT_USDC", "fee": 0.10000000000000000001,
        "speed": 37, "price_impact": 1.5e-7, "chain": "ARBITRUM", "token": "USDT",
        "feeBreakdown": [{"type": "crosschain", "stage": "sending", "provider": "across", "amount": "0.020000",
            "amountInUSD": "0.02", "currency": "USDT", "receiverAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "network": "arbitrum-one", "rateProvider": "lifi"},
            {"type": "gas", "stage": "overall"}]}]}"#;
    let routes: RequestRoutes = parse_parts(StatusCode::OK, answer).unwrap();
    let route = &routes.routes[0];
    assert_eq!(route.fee.as_str(), "0.10000000000000000001"); // a double would say 0.1
    assert_eq!(route.price_impact.as_ref().unwrap().as_str(), "1.5e-7");
    let RouteSpeed::Seconds(seconds) = &route.speed else {
        panic!("{:?}", route.speed)
    };
    assert_eq!(seconds.as_u64(), Some(37));
    let fees = route.fee_breakdown.as_ref().unwrap();
    assert_eq!(fees[0].fee_type, Some(FeeType::Crosschain));
    assert_eq!(fees[0].stage, Some(FeeStage::Sending));
    assert_eq!(fees[0].amount.as_ref().unwrap().as_str(), "0.020000");
    assert_eq!(fees[0].rate_provider.as_deref(), Some("lifi"));
    assert_eq!(fees[1].stage, Some(FeeStage::Overall));
    // Written back, the numbers are the ones read.
    let text = serde_json::to_string(&routes).unwrap();
    assert!(text.contains(r#""fee":0.10000000000000000001"#), "{text}");
    assert!(text.contains(r#""speed":37"#), "{text}");

    let other: RequestRoutes = parse_parts(
        StatusCode::OK,
        br#"{"routes": [{"id": "X", "fee": 0, "speed": "SLOW", "chain": "BASE", "token": "USDC"}]}"#,
    )
    .unwrap();
    assert_eq!(other.routes[0].speed, RouteSpeed::Other("SLOW".to_owned()));
}

#[test]
fn route_answers_missing_a_required_field_or_with_a_wrong_value_are_refused() {
    let route = json!({"id": "X", "fee": 0, "speed": "FAST", "chain": "BASE", "token": "USDC"});
    let read = |route: &Value| {
        parse_parts::<RequestRoutes>(
            StatusCode::OK,
            json!({ "routes": [route] }).to_string().as_bytes(),
        )
    };
    assert!(read(&route).is_ok());
    for field in ["id", "fee", "speed", "chain", "token"] {
        let mut without = route.clone();
        without.as_object_mut().unwrap().remove(field);
        let error = read(&without).unwrap_err();
        assert!(
            error
                .to_string()
                .contains(&format!("missing field `{field}`")),
            "{field}: {error}"
        );
    }
    for (field, value, says) in [
        ("fee", json!("0.001"), "expected a JSON number"),
        (
            "speed",
            json!(true),
            "speed is \"FAST\" or a number of seconds",
        ),
        (
            "speed",
            json!(null),
            "speed is \"FAST\" or a number of seconds",
        ),
        ("feeBreakdown", json!([{"amount": "1e3"}]), "amount"),
    ] {
        let mut wrong = route.clone();
        wrong[field] = value;
        let error = read(&wrong).unwrap_err();
        assert!(
            matches!(error.kind, ApiErrorKind::InvalidBody(_)) && error.to_string().contains(says),
            "{field}: {error}"
        );
    }
    assert!(parse_parts::<RequestRoutes>(StatusCode::OK, br#"{}"#).is_err());
    let refused = parse_parts::<RequestRoutes>(
        StatusCode::BAD_REQUEST,
        br#"{"message": "Invalid or missing wallet address", "error": "Bad Request", "statusCode": 400}"#,
    )
    .unwrap_err();
    assert_eq!(refused.kind, ApiErrorKind::BadRequest);
}

#[test]
fn payment_intent_body_is_the_described_one() {
    let schema = &operation("/v2/request/payment-intents/{paymentIntentId}", "post")["requestBody"]
        ["content"]["application/json"]["schema"];
    assert_eq!(schema["required"], json!(["signedPaymentIntent"]));
    let permit = SignedPermit::new(signature("1b"), U256::from(42u8), 1_742_205_771);
    let send = SendPaymentIntent::new("01JNZYZPK7B4YBPD44TM72NDNJ", permit.clone());
    let request = Api::new().send_payment_intent(&key(), &send).unwrap();
    assert_eq!(request.method(), "POST");
    assert_eq!(
        request.uri().to_string(),
        "https://api.request.network/v2/request/payment-intents/01JNZYZPK7B4YBPD44TM72NDNJ"
    );
    let sent =
        json!({"signature": signature("1b").to_string(), "nonce": "42", "deadline": "1742205771"});
    assert_eq!(body(&request), json!({ "signedPaymentIntent": sent }));
    // Every field the schema lists, and only those.
    let with_permit = send.approval_permit(permit);
    let request = Api::new()
        .send_payment_intent(&key(), &with_permit)
        .unwrap();
    let sent_body = body(&request);
    for part in ["signedPaymentIntent", "signedApprovalPermit"] {
        let described: Vec<&String> = schema["properties"][part]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        let written: Vec<&String> = sent_body[part].as_object().unwrap().keys().collect();
        assert_eq!(written.len(), described.len(), "{part}");
        assert!(written.iter().all(|k| described.contains(k)), "{part}");
    }
    let empty = SendPaymentIntent::new("", SignedPermit::new(signature("1b"), U256::ZERO, 0));
    assert!(matches!(
        Api::new().send_payment_intent(&key(), &empty),
        Err(RequestError::Body(BodyError::Invalid {
            field: "paymentIntentId",
            ..
        }))
    ));
}

#[test]
fn signatures_are_0x_and_65_bytes_with_a_recovery_id() {
    let hex = "1234567890abcdef".repeat(8);
    assert!(format!("0x{hex}1b").parse::<Eip712Signature>().is_ok());
    assert_eq!(
        format!("0x{}1C", hex.to_uppercase())
            .parse::<Eip712Signature>()
            .unwrap()
            .to_string(),
        format!("0x{hex}1c")
    );
    for (text, error) in [
        (format!("{hex}1b"), SignatureError::NoPrefix),
        (format!("0X{hex}1b"), SignatureError::NoPrefix),
        (format!("0x{hex}"), SignatureError::Length { digits: 128 }), // ERC-2098 compact
        (
            format!("0x{hex}1b00"),
            SignatureError::Length { digits: 132 },
        ),
        (format!("0x{hex}1"), SignatureError::Length { digits: 129 }),
        ("0x".to_owned(), SignatureError::Length { digits: 0 }),
        (
            format!("0x{hex}1z"),
            SignatureError::NotHex {
                character: 'z',
                index: 129,
            },
        ),
        (
            format!("0x {hex}1"),
            SignatureError::NotHex {
                character: ' ',
                index: 0,
            },
        ),
        (format!("0x{hex}1d"), SignatureError::RecoveryId(29)),
        (format!("0x{hex}02"), SignatureError::RecoveryId(2)),
    ] {
        assert_eq!(text.parse::<Eip712Signature>(), Err(error), "{text}");
    }
    for v in ["00", "01", "1b", "1c"] {
        assert!(
            format!("0x{hex}{v}").parse::<Eip712Signature>().is_ok(),
            "{v}"
        );
    }
    assert_eq!(
        SignatureError::RecoveryId(29).to_string(),
        "the last byte of a signature (v) is 27 or 28 (or 0 or 1), found 29"
    );
    let read: Result<Eip712Signature, _> = serde_json::from_str(r#""0x1b""#);
    assert!(read.unwrap_err().to_string().contains("found 2 digits"));
}

#[test]
fn a_legacy_intent_is_signed_with_the_nonce_and_deadline_it_carries() {
    let intent = |permit_payload: Value| {
        let answer = json!({"paymentIntentId": "01JNZYZPK7B4YBPD44TM72NDNJ",
            "paymentIntent": json!({"primaryType": "PermitBatchWitnessTransferFrom",
                "message": {"nonce": "115792089237316195423570985008687907853269984665640564039457584007913129639935", "deadline": 1742205771}}).to_string(),
            "approvalPermitPayload": permit_payload, "approvalCalldata": null,
            "metadata": {"supportsEIP2612": true}});
        let RequestPayResponse::PaymentIntent(intent) = serde_json::from_value(answer).unwrap()
        else {
            panic!("a payment intent")
        };
        intent
    };
    let permit =
        json!({"primaryType": "Permit", "message": {"nonce": 0, "deadline": "1742205999"}})
            .to_string();
    let with_permit = intent(Value::String(permit));
    let send = SendPaymentIntent::for_intent(&with_permit, signature("1b"), Some(signature("1c")))
        .unwrap();
    assert_eq!(send.signed_payment_intent.nonce, U256::MAX);
    assert_eq!(send.signed_payment_intent.deadline, 1_742_205_771);
    let approval = send.signed_approval_permit.as_ref().unwrap();
    assert_eq!(
        (approval.nonce, approval.deadline),
        (U256::ZERO, 1_742_205_999)
    );
    assert_eq!(approval.signature, signature("1c"));
    let request = Api::new().send_payment_intent(&key(), &send).unwrap();
    assert_eq!(
        body(&request)["signedPaymentIntent"]["nonce"],
        U256::MAX.to_string()
    );
    assert!(matches!(
        SendPaymentIntent::for_intent(&with_permit, signature("1b"), None),
        Err(BodyError::Invalid {
            field: "signedApprovalPermit",
            ..
        })
    ));
    for (typed, says) in [
        (
            r#"{"message": {"nonce": "1", "deadline": "-5"}}"#,
            "message.deadline \"-5\" is not a decimal integer",
        ),
        (
            r#"{"message": {"nonce": 1.5, "deadline": "5"}}"#,
            "message.nonce is 1.5, not an integer",
        ),
        (
            r#"{"message": {"nonce": "1", "deadline": "18446744073709551616"}}"#,
            "is not Unix seconds",
        ),
        (
            r#"{"message": {"nonce": "1", "nonce": "2", "deadline": "5"}}"#,
            "the key \"nonce\" is given twice",
        ),
        (
            r#"{"message": {"deadline": "5"}}"#,
            "message.nonce is absent",
        ),
        ("not json", "not JSON typed data"),
    ] {
        let error =
            SignedPermit::from_typed_data("paymentIntent", typed, signature("1b")).unwrap_err();
        assert!(error.to_string().contains(says), "{typed}: {error}");
    }
}
