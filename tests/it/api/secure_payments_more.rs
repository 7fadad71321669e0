//! The secure-payment operations added for issue 35: `GET /v2/secure-payments?requestId=`,
//! `POST /v2/secure-payments/fees/preview`, `POST /v2/secure-payments/batch-payouts`,
//! `GET /v2/secure-payments/multicall-payouts/{token}` and
//! `POST /v2/secure-payments/{token}/refresh-step-transaction`: the requests built (exact URI,
//! query, headers, body), what is refused before sending, and the answers read field by field.

use http::StatusCode;
use securepay::api::{
    Api, ApiErrorKind, BlockReason, BodyError, BrandingSource, CreateBatchPayoutLink, Credential,
    Endpoint, FeeFlow, IdentityMode, MAX_SECURE_PAYMENT_ITEMS, MIN_BATCH_PAYOUT_TOKENS,
    MulticallPayoutState, PaymentKind, PreviewFees, RefreshedStepTransaction, RequestError,
    RequestedExecutionKind, RouteStep, ScreenedWalletType, SecurePaymentFound, parse_parts,
};
use securepay::pay::{FeeBearer, RawJson, SecurePaymentStatus, SecurePaymentToken};
use serde_json::{Value, json};

/// A LI.FI step with the fields the API description requires, and one it does not describe.
pub(crate) const STEP: &str = r#"{"id":"0x5c1b","type":"lifi","tool":"across","action":{"fromChainId":10,"toChainId":8453,"toAddress":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"},"estimate":{"toAmount":"10000000"}}"#;

const REQUEST_ID: &str = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb";
const WALLET: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

fn token(n: u32) -> SecurePaymentToken {
    // Distinct ULIDs: the last character varies over the Crockford alphabet, then the one before.
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let last = ALPHABET[(n % 32) as usize] as char;
    let before = ALPHABET[((n / 32) % 32) as usize] as char;
    format!("01JD3E6JD46KY4KKV7X9V0MZ{before}{last}")
        .parse()
        .unwrap()
}

fn session() -> Credential {
    Credential::session_bearer("siwe-session").unwrap()
}

fn client() -> Credential {
    Credential::client_id(
        "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4",
        Some("https://mydomain.com"),
    )
    .unwrap()
}

fn operation(method: &str, path: &str) -> Value {
    crate::common::api_description()["paths"][path][method].clone()
}

/// `body` against the described request schema of `method path`: every required property is
/// given and every property given is described.
fn body_fits_the_description(method: &str, path: &str, body: &Value) {
    let schema = &operation(method, path)["requestBody"]["content"]["application/json"]["schema"];
    let properties = schema["properties"].as_object().unwrap();
    for required in schema["required"].as_array().unwrap() {
        let name = required.as_str().unwrap();
        assert!(body.get(name).is_some(), "{path}: {name} is required");
    }
    for key in body.as_object().unwrap().keys() {
        assert!(
            properties.contains_key(key),
            "{path}: {key} is not described"
        );
    }
}

// --- GET /v2/secure-payments?requestId= -------------------------------------------------------

#[test]
fn find_builds_the_query_with_a_session_only() {
    let api = Api::new();
    let request = api.find_secure_payment(&session(), REQUEST_ID).unwrap();
    assert_eq!(request.method(), "GET");
    assert_eq!(
        request.uri().to_string(),
        format!("https://api.request.network/v2/secure-payments?requestId={REQUEST_ID}")
    );
    assert_eq!(request.headers()["authorization"], "Bearer siwe-session");
    assert!(request.body().is_empty());
    let request = api.find_secure_payment(&session(), "a b&c").unwrap();
    assert_eq!(request.uri().query(), Some("requestId=a%20b%26c"));
    // The described Authorization header is required: a cookie alone is not a request the
    // description accepts.
    for other in [
        Credential::session_cookie("siwe-session").unwrap(),
        Credential::api_key("sk_test").unwrap(),
        client(),
        Credential::orchestrator("orc_1", "cli_1", Some("https://mydomain.com")).unwrap(),
    ] {
        let error = api.find_secure_payment(&other, REQUEST_ID).unwrap_err();
        assert!(error.to_string().contains("does not accept"), "{error}");
    }
    for bad in ["", "01e2\n"] {
        assert!(matches!(
            api.find_secure_payment(&session(), bad),
            Err(RequestError::Body(BodyError::Invalid {
                field: "requestId",
                ..
            }))
        ));
    }
}

fn found_body() -> Value {
    crate::api::duplicate_keys::cases()
        .into_iter()
        .find(|case| case.endpoint == Endpoint::FindSecurePayment)
        .unwrap()
        .body
}

#[test]
fn find_answer_reads_every_field() {
    let body = found_body();
    let found: SecurePaymentFound =
        parse_parts(StatusCode::OK, body.to_string().as_bytes()).unwrap();
    assert_eq!(found.token.to_string(), "01JD3E6JD46KY4KKV7X9V0MZ7W");
    assert_eq!(found.status, SecurePaymentStatus::Pending);
    assert_eq!(found.payment_type, PaymentKind::Single);
    assert_eq!(
        found.created_at.as_deref(),
        Some("2026-03-15T10:00:00.000Z")
    );
    assert_eq!(found.expires_at, "2026-03-22T10:00:00.000Z");
    assert_eq!((found.redirect_url, found.redirect_label), (None, None));
    let payers = found.payer_kyt_results.unwrap();
    assert_eq!(payers[0].wallet_address, WALLET);
    assert_eq!(payers[0].wallet_type, ScreenedWalletType::Eoa);
    assert_eq!(payers[0].raw_status.as_deref(), Some("LOW_RISK"));
    assert_eq!(payers[0].reason_code, None);
    assert_eq!(found.payee_kyt_results.unwrap().len(), 1);
    assert_eq!(found.destination.unwrap().network, "base");
    assert_eq!(found.claimed_destination.unwrap().is_masked, Some(false));
    assert_eq!(found.fee_plan.unwrap().total_fees_usd.as_str(), "0.10");
    assert_eq!(found.network.as_deref(), Some("base"));
    assert_eq!(found.currency.as_deref(), Some("USDC-base"));
    assert_eq!(
        found.execution_kind,
        Some(RequestedExecutionKind::EvmSameChain)
    );
    assert_eq!(found.identity_mode, Some(IdentityMode::ClientId));
    assert_eq!(found.client_id.as_deref(), Some("cli_1"));
    let branding = found.branding.unwrap();
    assert_eq!(
        (branding.whitelabel_enabled, branding.source),
        (false, BrandingSource::ClientId)
    );
    assert_eq!(found.child_executable, Some(true));
    assert_eq!(found.block_reason, None);
}

#[test]
fn find_documented_example_parses_once_its_placeholder_token_is_fixed() {
    let example = &operation("get", "/v2/secure-payments")["responses"]["200"]["content"]["application/json"]
        ["examples"]["found"]["value"];
    let text = example.to_string();
    let error = parse_parts::<SecurePaymentFound>(StatusCode::OK, text.as_bytes()).unwrap_err();
    assert!(error.to_string().contains("23 characters"), "{error}");
    let fixed = text.replace("01ABC123DEF456GHI789JKL", "01JD3E6JD46KY4KKV7X9V0MZ7W");
    let found: SecurePaymentFound = parse_parts(StatusCode::OK, fixed.as_bytes()).unwrap();
    assert_eq!(found.token.to_string(), "01JD3E6JD46KY4KKV7X9V0MZ7W");
    assert_eq!(
        found.secure_payment_url,
        "https://secure.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W"
    );
    assert_eq!(found.status, SecurePaymentStatus::Pending);
    assert_eq!(found.payment_type, PaymentKind::Single);
    assert_eq!(
        found.created_at.as_deref(),
        Some("2025-01-15T10:30:00.000Z")
    );
    assert_eq!(found.expires_at, "2025-01-15T10:45:00.000Z");
    assert_eq!(
        found.redirect_url.as_deref(),
        Some("https://merchant.example.com/thank-you")
    );
    assert_eq!(found.redirect_label.as_deref(), Some("Back to merchant"));
    // The fields the example omits.
    assert_eq!(
        (
            found.payer_kyt_results,
            found.branding,
            found.child_executable
        ),
        (None, None, None)
    );
    assert_eq!((found.fee_plan, found.destination), (None, None));
}

#[test]
fn find_answer_refuses_a_missing_required_field_a_null_where_not_nullable_and_unknown_enums() {
    let body = found_body();
    let refused = |mutate: &dyn Fn(&mut Value), what: &str| {
        let mut changed = body.clone();
        mutate(&mut changed);
        let error =
            parse_parts::<SecurePaymentFound>(StatusCode::OK, changed.to_string().as_bytes())
                .unwrap_err();
        assert!(
            matches!(error.kind, ApiErrorKind::InvalidBody(_)),
            "{what}: {error}"
        );
        assert!(error.to_string().contains(what), "{what}: {error}");
    };
    for required in [
        "token",
        "securePaymentUrl",
        "status",
        "paymentType",
        "expiresAt",
    ] {
        refused(
            &|b| {
                b.as_object_mut().unwrap().remove(required);
            },
            &format!("missing field `{required}`"),
        );
    }
    for not_nullable in [
        "payerKytResults",
        "payeeKytResults",
        "network",
        "identityMode",
        "branding",
        "childExecutable",
    ] {
        // "invalid type: null" (or "expected value" for an enum), at the field's position.
        refused(&|b| b[not_nullable] = Value::Null, "at line 1 column");
    }
    refused(
        &|b| b["paymentType"] = json!("multicall"),
        "unknown variant `multicall`",
    );
    refused(
        &|b| b["identityMode"] = json!("api_key"),
        "unknown variant `api_key`",
    );
    refused(
        &|b| b["executionKind"] = json!("solana"),
        "unknown variant `solana`",
    );
    refused(
        &|b| b["payerKytResults"][0]["walletType"] = json!("contract"),
        "unknown variant `contract`",
    );
    refused(
        &|b| b["branding"]["source"] = json!("orchestrator"),
        "unknown variant",
    );
    refused(
        &|b| {
            b["payeeKytResults"][0]
                .as_object_mut()
                .unwrap()
                .remove("walletAddress");
        },
        "missing field `walletAddress`",
    );
    // An unknown block reason is kept (the set may grow).
    let mut blocked = body.clone();
    blocked["blockReason"] = json!("quote_moved");
    let found: SecurePaymentFound =
        parse_parts(StatusCode::OK, blocked.to_string().as_bytes()).unwrap();
    assert_eq!(found.block_reason.unwrap().as_str(), "quote_moved");
    blocked["blockReason"] = json!("already_paid");
    let found: SecurePaymentFound =
        parse_parts(StatusCode::OK, blocked.to_string().as_bytes()).unwrap();
    assert_eq!(found.block_reason, Some(BlockReason::AlreadyPaid));
}

// --- POST /v2/secure-payments/fees/preview ----------------------------------------------------

#[test]
fn preview_bodies_are_the_documented_request_examples() {
    let path = "/v2/secure-payments/fees/preview";
    let examples =
        &operation("post", path)["requestBody"]["content"]["application/json"]["examples"];
    let built = [
        (
            "getPaid",
            PreviewFees::new("100".parse().unwrap(), "USDC", FeeFlow::GetPaid).unwrap(),
        ),
        (
            "pay",
            PreviewFees::new("100".parse().unwrap(), "USDC", FeeFlow::Pay).unwrap(),
        ),
        (
            "withOverride",
            PreviewFees::new("100".parse().unwrap(), "USDC", FeeFlow::GetPaid)
                .unwrap()
                .default_fee_bearer(FeeBearer::Payer),
        ),
    ];
    let api = Api::new();
    for (name, body) in built {
        for credential in [
            Credential::api_key("sk_test").unwrap(),
            client(),
            Credential::orchestrator("orc_1", "cli_1", Some("https://mydomain.com")).unwrap(),
            session(),
        ] {
            let request = api.preview_fees(&credential, &body).unwrap();
            assert_eq!(request.method(), "POST");
            assert_eq!(
                request.uri(),
                "https://api.request.network/v2/secure-payments/fees/preview"
            );
            assert_eq!(request.headers()["content-type"], "application/json");
            let sent: Value = serde_json::from_slice(request.body()).unwrap();
            assert_eq!(sent, examples[name]["value"], "{name}");
            body_fits_the_description("post", path, &sent);
        }
    }
}

#[test]
fn preview_refuses_a_zero_amount_and_currencies_that_are_neither_symbol_nor_id() {
    let amount = || "1".parse().unwrap();
    assert_eq!(
        PreviewFees::new("0.00".parse().unwrap(), "USDC", FeeFlow::Pay),
        Err(BodyError::ZeroAmount { field: "amount" })
    );
    assert!(matches!(
        PreviewFees::new(amount(), "", FeeFlow::Pay),
        Err(BodyError::Length {
            field: "currency",
            min: 1,
            given: 0,
            ..
        })
    ));
    assert!(matches!(
        PreviewFees::new(amount(), "USDC-solana", FeeFlow::Pay),
        Err(BodyError::Currency {
            field: "currency",
            ..
        })
    ));
    for bad in ["US DC", "USDC\n", "USDC/base", "\u{0}"] {
        assert!(
            matches!(
                PreviewFees::new(amount(), bad, FeeFlow::Pay),
                Err(BodyError::Invalid {
                    field: "currency",
                    ..
                })
            ),
            "{bad:?}"
        );
    }
    for good in [
        "USDC",
        "USDT0",
        "EURC",
        "USDC-mainnet",
        "USDT-tron",
        "USDC-arbitrum-one",
    ] {
        let preview = PreviewFees::new(amount(), good, FeeFlow::Pay).unwrap();
        assert_eq!(preview.currency(), good);
    }
}

#[test]
fn preview_answer_is_a_fee_plan_read_strictly() {
    let plan = crate::api::duplicate_keys::cases()
        .into_iter()
        .find(|case| case.endpoint == Endpoint::PreviewFees)
        .unwrap()
        .body;
    let read = securepay::api::parse_parts::<securepay::api::FeePlan>(
        StatusCode::OK,
        plan.to_string().as_bytes(),
    )
    .unwrap();
    assert_eq!(read.flow, FeeFlow::GetPaid);
    assert_eq!(read.default_fee_bearer, FeeBearer::Payee);
    assert_eq!(read.fees[0].calculated_amount_usd.as_str(), "0.10");
    for (field, value, error) in [
        ("version", json!(2), "not 1"),
        ("flow", json!("refund"), "unknown variant `refund`"),
        (
            "defaultFeeBearer",
            json!("platform"),
            "unknown variant `platform`",
        ),
    ] {
        let mut changed = plan.clone();
        changed[field] = value;
        let refused = Api::new()
            .preview_fees(
                &session(),
                &PreviewFees::new("1".parse().unwrap(), "USDC", FeeFlow::Pay).unwrap(),
            )
            .unwrap()
            .parse_parts(StatusCode::OK, changed.to_string().as_bytes())
            .unwrap_err();
        assert!(refused.to_string().contains(error), "{field}: {refused}");
    }
    let mut missing = plan.clone();
    missing.as_object_mut().unwrap().remove("payerBorneFeesUsd");
    let error =
        parse_parts::<securepay::api::FeePlan>(StatusCode::OK, missing.to_string().as_bytes())
            .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("missing field `payerBorneFeesUsd`"),
        "{error}"
    );
}

// --- POST /v2/secure-payments/batch-payouts ---------------------------------------------------

#[test]
fn batch_payout_link_body_and_credentials() {
    let path = "/v2/secure-payments/batch-payouts";
    let body = CreateBatchPayoutLink::new(vec![token(1), token(2), token(3)])
        .unwrap()
        .redirect("https://mydomain.com/paid", Some("Back to the shop"))
        .unwrap();
    let api = Api::new();
    for credential in [
        Credential::api_key("sk_test").unwrap(),
        client(),
        session(),
        Credential::session_cookie("siwe-session").unwrap(),
    ] {
        let request = api.create_batch_payout_link(&credential, &body).unwrap();
        assert_eq!(request.method(), "POST");
        assert_eq!(
            request.uri(),
            "https://api.request.network/v2/secure-payments/batch-payouts"
        );
        let sent: Value = serde_json::from_slice(request.body()).unwrap();
        assert_eq!(
            sent,
            json!({"tokens": ["01JD3E6JD46KY4KKV7X9V0MZ01", "01JD3E6JD46KY4KKV7X9V0MZ02", "01JD3E6JD46KY4KKV7X9V0MZ03"],
                "redirectUrl": "https://mydomain.com/paid", "redirectLabel": "Back to the shop"})
        );
        body_fits_the_description("post", path, &sent);
    }
    let orchestrator =
        Credential::orchestrator("orc_1", "cli_1", Some("https://mydomain.com")).unwrap();
    assert!(
        api.create_batch_payout_link(&orchestrator, &body)
            .unwrap_err()
            .to_string()
            .contains("does not accept")
    );
    // Without a redirect, only the tokens are sent.
    let plain = CreateBatchPayoutLink::new(vec![token(1), token(2)]).unwrap();
    assert_eq!(
        serde_json::to_string(&plain).unwrap(),
        r#"{"tokens":["01JD3E6JD46KY4KKV7X9V0MZ01","01JD3E6JD46KY4KKV7X9V0MZ02"]}"#
    );
}

#[test]
fn batch_payout_link_refuses_too_few_duplicates_too_many_and_bad_redirects() {
    // The described minimum.
    let described = operation("post", "/v2/secure-payments/batch-payouts")["requestBody"]["content"]
        ["application/json"]["schema"]["properties"]["tokens"]["minItems"]
        .as_u64()
        .unwrap();
    assert_eq!(MIN_BATCH_PAYOUT_TOKENS as u64, described);
    for given in 0..MIN_BATCH_PAYOUT_TOKENS {
        let tokens: Vec<_> = (0..given as u32).map(token).collect();
        assert_eq!(
            CreateBatchPayoutLink::new(tokens),
            Err(BodyError::TooFew {
                field: "tokens",
                min: 2,
                given
            })
        );
    }
    assert_eq!(
        CreateBatchPayoutLink::new(vec![token(1), token(2), token(1)]),
        Err(BodyError::Duplicate {
            field: "tokens",
            value: token(1).to_string()
        })
    );
    let most: Vec<_> = (0..MAX_SECURE_PAYMENT_ITEMS as u32).map(token).collect();
    assert_eq!(
        CreateBatchPayoutLink::new(most.clone())
            .unwrap()
            .tokens()
            .len(),
        200
    );
    let mut too_many = most;
    too_many.push(token(MAX_SECURE_PAYMENT_ITEMS as u32));
    assert_eq!(
        CreateBatchPayoutLink::new(too_many),
        Err(BodyError::TooMany {
            field: "tokens",
            max: 200,
            given: 201
        })
    );
    let body = CreateBatchPayoutLink::new(vec![token(1), token(2)]).unwrap();
    assert!(matches!(
        body.clone().redirect("https://mydomain.com", Some("<b>")),
        Err(BodyError::Pattern {
            field: "redirectLabel",
            character: '<',
            ..
        })
    ));
    assert!(matches!(
        body.clone()
            .redirect("https://mydomain.com", Some(&"x".repeat(256))),
        Err(BodyError::Length {
            field: "redirectLabel",
            given: 256,
            ..
        })
    ));
    assert!(matches!(
        body.redirect("data:text/html,hi", None),
        Err(BodyError::UnsafeRedirectUrl(_))
    ));
}

// --- GET /v2/secure-payments/multicall-payouts/{token} ----------------------------------------

fn multicall_body() -> Value {
    crate::api::duplicate_keys::cases()
        .into_iter()
        .find(|case| case.endpoint == Endpoint::GetMulticallPayout)
        .unwrap()
        .body
}

#[test]
fn multicall_payout_state_is_read_with_a_session_only() {
    let api = Api::new();
    let request = api.get_multicall_payout(&session(), &token(7)).unwrap();
    assert_eq!(request.method(), "GET");
    assert_eq!(
        request.uri(),
        "https://api.request.network/v2/secure-payments/multicall-payouts/01JD3E6JD46KY4KKV7X9V0MZ07"
    );
    assert!(request.body().is_empty());
    assert_eq!(request.headers()["authorization"], "Bearer siwe-session");
    for other in [
        Credential::api_key("sk_test").unwrap(),
        client(),
        Credential::session_cookie("siwe-session").unwrap(),
    ] {
        assert!(api.get_multicall_payout(&other, &token(7)).is_err());
    }

    let MulticallPayoutState(state) =
        parse_parts(StatusCode::OK, multicall_body().to_string().as_bytes()).unwrap();
    assert_eq!(state.token.to_string(), "01JD3E6JD46KY4KKV7X9V0MZ7W");
    assert_eq!(state.common.status, SecurePaymentStatus::PartiallySettled);
    assert!(!state.can_execute);
    assert_eq!(
        state.children[0].block_reason,
        Some(BlockReason::AlreadyPaid)
    );
    assert_eq!(
        state.children[0].context.as_ref().unwrap()["paidBy"],
        "0xab"
    );
    assert_eq!(state.totals.child_count, 2);
    // Written back with its paymentType.
    let written = serde_json::to_value(MulticallPayoutState(state)).unwrap();
    assert_eq!(written["paymentType"], "multicall");
}

#[test]
fn multicall_payout_state_refuses_another_type_and_missing_fields() {
    let body = multicall_body();
    for (mutate, error) in [
        (
            Box::new(|b: &mut Value| b["paymentType"] = json!("batch")) as Box<dyn Fn(&mut Value)>,
            "unknown variant `batch`",
        ),
        (
            Box::new(|b: &mut Value| {
                b.as_object_mut().unwrap().remove("paymentType");
            }),
            "missing field `paymentType`",
        ),
        (
            Box::new(|b: &mut Value| {
                b.as_object_mut().unwrap().remove("canExecute");
            }),
            "missing field `canExecute`",
        ),
        (
            Box::new(|b: &mut Value| {
                b.as_object_mut().unwrap().remove("totals");
            }),
            "missing field `totals`",
        ),
        (
            Box::new(|b: &mut Value| b["token"] = json!("01ABC123DEF456GHI789JKL")),
            "23 characters",
        ),
    ] {
        let mut changed = body.clone();
        mutate(&mut changed);
        let refused =
            parse_parts::<MulticallPayoutState>(StatusCode::OK, changed.to_string().as_bytes())
                .unwrap_err();
        assert!(refused.to_string().contains(error), "{error}: {refused}");
    }
    let array = format!("[{body}]");
    assert!(parse_parts::<MulticallPayoutState>(StatusCode::OK, array.as_bytes()).is_err());
}

// --- POST /v2/secure-payments/{token}/refresh-step-transaction --------------------------------

#[test]
fn refresh_sends_the_step_as_given_with_a_client_id_and_its_origin() {
    let step = RouteStep::parse(STEP).unwrap();
    assert_eq!(
        (step.id(), step.kind(), step.tool()),
        ("0x5c1b", "lifi", "across")
    );
    assert_eq!((step.to_chain_id(), step.to_address()), (8453, WALLET));
    let api = Api::new();
    let request = api
        .refresh_step_transaction(&client(), &token(1), &step)
        .unwrap();
    assert_eq!(request.method(), "POST");
    assert_eq!(
        request.uri(),
        "https://api.request.network/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ01/refresh-step-transaction"
    );
    assert_eq!(request.headers()["origin"], "https://mydomain.com");
    assert_eq!(
        request.body().as_slice(),
        format!(r#"{{"step":{STEP}}}"#).as_bytes()
    );
    let sent: Value = serde_json::from_slice(request.body()).unwrap();
    body_fits_the_description(
        "post",
        "/v2/secure-payments/{token}/refresh-step-transaction",
        &sent,
    );

    let no_origin = Credential::client_id("cli_1", None).unwrap();
    assert!(matches!(
        api.refresh_step_transaction(&no_origin, &token(1), &step),
        Err(RequestError::OriginRequired { .. })
    ));
    for other in [Credential::api_key("sk_test").unwrap(), session()] {
        assert!(
            api.refresh_step_transaction(&other, &token(1), &step)
                .is_err()
        );
    }
    // A pay response's metadata.rawStep is taken as it is.
    let raw = RawJson::parse(STEP).unwrap();
    assert_eq!(RouteStep::from_raw(raw).unwrap(), step);
}

#[test]
fn refresh_refuses_a_step_without_the_described_fields() {
    let base: Value = serde_json::from_str(STEP).unwrap();
    let refused = |mutate: &dyn Fn(&mut Value), field: &str, what: &str| {
        let mut changed = base.clone();
        mutate(&mut changed);
        let error = RouteStep::parse(&changed.to_string()).unwrap_err();
        let BodyError::Invalid { field: got, reason } = &error else {
            panic!("{error}")
        };
        assert_eq!(*got, field, "{error}");
        assert!(reason.contains(what), "{what}: {error}");
    };
    for required in ["id", "type", "tool", "action"] {
        refused(
            &|s| {
                s.as_object_mut().unwrap().remove(required);
            },
            "step",
            &format!("missing field `{required}`"),
        );
    }
    for required in ["toChainId", "toAddress"] {
        refused(
            &|s| {
                s["action"].as_object_mut().unwrap().remove(required);
            },
            "step",
            &format!("missing field `{required}`"),
        );
    }
    refused(
        &|s| s["action"]["toChainId"] = json!("8453"),
        "step",
        "invalid type",
    );
    refused(
        &|s| s["action"]["toChainId"] = json!(8453.5),
        "step",
        "invalid type",
    );
    refused(
        &|s| s["action"]["toChainId"] = json!(-1),
        "step",
        "invalid value",
    );
    refused(&|s| s["id"] = json!(1), "step", "invalid type");
    // A lower-case address fits the described pattern.
    let mut lower = base.clone();
    lower["action"]["toAddress"] = json!(WALLET.to_lowercase());
    assert!(RouteStep::parse(&lower.to_string()).is_ok());
    refused(
        &|s| s["action"] = json!([8453, WALLET]),
        "step",
        "a JSON object",
    );
    for bad in [
        "6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D",
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7a",
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7Dg",
        "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd",
    ] {
        refused(
            &|s| s["action"]["toAddress"] = json!(bad),
            "step.action.toAddress",
            "^0x[0-9a-fA-F]{40}$",
        );
    }
    // Not an object, not JSON, a key given twice inside.
    assert!(RouteStep::parse("[]").is_err());
    assert!(RouteStep::parse("{").is_err());
    let twice = STEP.replace(r#""fromChainId":10"#, r#""fromChainId":10,"fromChainId":1"#);
    let error = RouteStep::parse(&twice).unwrap_err();
    assert!(
        error.to_string().contains("duplicate field `fromChainId`"),
        "{error}"
    );
}

#[test]
fn refresh_answer_is_a_strict_transaction_never_free_json() {
    let ok = br#"{"transactionRequest":{"to":"0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE","data":"0xabcdef","value":"0x10"}}"#;
    let answer: RefreshedStepTransaction = parse_parts(StatusCode::OK, ok).unwrap();
    let tx = &answer.transaction_request;
    assert_eq!(
        tx.to.to_string(),
        "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE"
    );
    assert_eq!(tx.data.to_string(), "0xabcdef");
    assert_eq!(tx.value, alloy_primitives::U256::from(16u8));
    assert!(answer.extra.is_empty());
    let refused = |body: &str, what: &str| {
        let error =
            parse_parts::<RefreshedStepTransaction>(StatusCode::OK, body.as_bytes()).unwrap_err();
        assert!(
            matches!(error.kind, ApiErrorKind::InvalidBody(_)),
            "{what}: {error}"
        );
        assert!(error.to_string().contains(what), "{what}: {error}");
    };
    let tx = |more: &str| {
        format!(
            r#"{{"transactionRequest":{{"to":"0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE","data":"0xabcdef","value":"0x0"{more}}}}}"#
        )
    };
    for field in ["chainId", "gasLimit", "gasPrice", "from", "nonce"] {
        refused(
            &tx(&format!(r#","{field}":"0x1""#)),
            &format!("unknown field `{field}`"),
        );
    }
    refused(r#"{}"#, "missing field `transactionRequest`");
    refused(r#"{"transactionRequest":null}"#, "invalid type: null");
    refused(r#"{"transactionRequest":"0xabcdef"}"#, "invalid type");
    refused(
        r#"{"transactionRequest":{"to":"0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE","data":"0xabc","value":0}}"#,
        "data: not 0x-prefixed even-length hex",
    );
    refused(
        r#"{"transactionRequest":{"to":"0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE","data":"0x","value":9007199254740993}}"#,
        "9007199254740993",
    );
    refused(
        r#"{"transactionRequest":{"to":"0x1231deb6f5749ef6ce6943a275a1d3e7486f4EaE","data":"0x","value":0}}"#,
        "to: ",
    );
    // Other fields of the answer are kept as given, never read as the transaction.
    let more = br#"{"transactionRequest":{"to":"0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE","data":"0x","value":0},"estimate":{"toAmount":"10"}}"#;
    let answer: RefreshedStepTransaction = parse_parts(StatusCode::OK, more).unwrap();
    assert_eq!(answer.extra["estimate"]["toAmount"], "10");
    // Error statuses are errors (the description gives them no body).
    for status in [400u16, 401, 403, 429] {
        let error = parse_parts::<RefreshedStepTransaction>(
            StatusCode::from_u16(status).unwrap(),
            br#"{"message":"Route no longer available","statusCode":400}"#,
        )
        .unwrap_err();
        assert_eq!(error.status, status);
    }
}
