//! Around the pay endpoint: secure-payment tokens and statuses, the two pay queries and their
//! rules, and the status codes with the documented error bodies.

use securepay::address::{ChainAddress, EvmAddress};
use securepay::api::{ErrorBody, MulticallFailureReason, NestMessage};
use securepay::network::Network;
use securepay::pay::{
    PayEndpointError, PayQueryError, RequestPayQuery, SecurePayQuery, SecurePaymentStatus,
    SecurePaymentToken, SourceToken, TokenError,
};

fn token() -> SecurePaymentToken {
    "01JD3E6JD46KY4KKV7X9V0MZ7W".parse().unwrap()
}

fn evm(text: &str) -> ChainAddress {
    text.parse().unwrap()
}

#[test]
fn secure_payment_tokens_are_ulids_canonical_uppercase() {
    let lower: SecurePaymentToken = "01jd3e6jd46ky4kkv7x9v0mz7w".parse().unwrap();
    assert_eq!(lower, token());
    assert_eq!(
        serde_json::to_string(&lower).unwrap(),
        "\"01JD3E6JD46KY4KKV7X9V0MZ7W\""
    );
    assert!(matches!(
        "01ABC123DEF456GHI789JKL".parse::<SecurePaymentToken>(),
        Err(TokenError::WrongLength { len: 23, .. })
    ));
    assert!(matches!(
        "01JD3E6JD46KY4KKV7X9V0MZ7U".parse::<SecurePaymentToken>(),
        Err(TokenError::InvalidCharacter { character: 'U', .. })
    ));
    assert!(matches!(
        "81JD3E6JD46KY4KKV7X9V0MZ7W".parse::<SecurePaymentToken>(),
        Err(TokenError::Overflow(_))
    ));
}

#[test]
fn secure_payment_statuses_are_an_open_enum() {
    for (text, status) in [
        ("pending", SecurePaymentStatus::Pending),
        ("completed", SecurePaymentStatus::Completed),
        ("expired", SecurePaymentStatus::Expired),
        ("invalidated", SecurePaymentStatus::Invalidated),
        ("compliance_failed", SecurePaymentStatus::ComplianceFailed),
        ("partially_settled", SecurePaymentStatus::PartiallySettled),
    ] {
        assert_eq!(SecurePaymentStatus::parse(text), status);
        assert_eq!(serde_json::to_value(&status).unwrap(), text);
    }
    let new = SecurePaymentStatus::parse("refunded");
    assert_eq!(new, SecurePaymentStatus::Other("refunded".into()));
    assert!(!new.is_payable(), "unknown statuses fail closed");
    assert!(SecurePaymentStatus::Pending.is_payable());
}

#[test]
fn secure_pay_query_token_and_chain_only_together() {
    let pairs = SecurePayQuery::from_pairs([("chain", "BASE")]);
    assert_eq!(pairs, Err(PayQueryError::ChainWithoutToken));
    assert_eq!(
        SecurePayQuery::from_pairs([("token", "USDC")]),
        Err(PayQueryError::ChainWithoutToken)
    );
    let both = SecurePayQuery::from_pairs([("chain", "BASE"), ("token", "EURC")]).unwrap();
    assert_eq!(
        both,
        SecurePayQuery::new().cross_chain(Network::Base, SourceToken::Eurc)
    );
    assert!(SecurePayQuery::from_pairs([("chain", "TRON"), ("token", "USDC")]).is_err());
    assert!(SecurePayQuery::from_pairs([("chain", "BASE"), ("token", "DAI")]).is_err());
    assert!(SecurePayQuery::from_pairs([("amount", "1")]).is_err());
}

#[test]
fn secure_pay_query_eoa_wallet_and_safe_are_mutually_exclusive_and_safe_needs_wallet() {
    let eoa: EvmAddress = "0x2222222222222222222222222222222222222222"
        .parse()
        .unwrap();
    let both = SecurePayQuery::new()
        .wallet(evm("0x1111111111111111111111111111111111111111"))
        .eoa_wallet(eoa)
        .safe(true);
    assert_eq!(
        both.pairs(Network::Base),
        Err(PayQueryError::EoaWalletWithSafe)
    );
    assert_eq!(
        SecurePayQuery::new().safe(true).pairs(Network::Base),
        Err(PayQueryError::SafeWithoutWallet)
    );
    let safe = SecurePayQuery::new()
        .wallet(evm("0x1111111111111111111111111111111111111111"))
        .safe(true);
    assert_eq!(
        safe.query_string(Network::Base).unwrap(),
        "?wallet=0x1111111111111111111111111111111111111111&isSafe=true"
    );
    let smart = SecurePayQuery::new()
        .wallet(evm("0x1111111111111111111111111111111111111111"))
        .eoa_wallet(eoa);
    assert!(
        smart
            .query_string(Network::Base)
            .unwrap()
            .ends_with("&eoaWallet=0x2222222222222222222222222222222222222222")
    );
}

#[test]
fn secure_pay_query_has_no_cross_chain_safe_or_smart_account_for_tron() {
    let tron_wallet: ChainAddress = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE".parse().unwrap();
    let plain = SecurePayQuery::new().wallet(tron_wallet);
    assert_eq!(
        plain.query_string(Network::Tron).unwrap(),
        "?wallet=TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"
    );
    assert!(matches!(
        plain
            .clone()
            .cross_chain(Network::Base, SourceToken::Usdc)
            .pairs(Network::Tron),
        Err(PayQueryError::NotOnTron(_))
    ));
    assert!(matches!(
        plain.clone().safe(true).pairs(Network::Tron),
        Err(PayQueryError::NotOnTron(_))
    ));
    assert!(matches!(
        SecurePayQuery::new()
            .wallet(evm("0x1111111111111111111111111111111111111111"))
            .pairs(Network::Tron),
        Err(PayQueryError::WalletFamily { .. })
    ));
    assert!(matches!(
        SecurePayQuery::new()
            .cross_chain(Network::Sepolia, SourceToken::Usdc)
            .pairs(Network::Base),
        Err(PayQueryError::NotASourceChain { .. })
    ));
}

#[test]
fn request_pay_query_amount_is_a_human_decimal_above_zero() {
    let query = RequestPayQuery::new().partial_amount("25.50".parse().unwrap());
    assert_eq!(query.query_string().unwrap(), "?amount=25.50");
    assert_eq!(
        RequestPayQuery::new()
            .partial_amount("0.00".parse().unwrap())
            .pairs(),
        Err(PayQueryError::ZeroAmount)
    );
    assert!("1e3".parse::<securepay::amount::HumanAmount>().is_err());
    let cross = RequestPayQuery::new()
        .wallet(evm("0x1111111111111111111111111111111111111111"))
        .cross_chain(Network::ArbitrumOne, SourceToken::Usdt);
    assert!(
        cross
            .query_string()
            .unwrap()
            .contains("chain=ARBITRUM&token=USDT")
    );
    // POLYGON: named by the endpoint's 400 message but not by its OpenAPI enum; refused.
    assert_eq!(
        RequestPayQuery::new()
            .cross_chain(Network::Matic, SourceToken::Usdt)
            .pairs(),
        Err(PayQueryError::NotASourceChain {
            network: Network::Matic,
            allowed: "BASE, OPTIMISM, ARBITRUM, ETHEREUM"
        })
    );
    assert!(matches!(
        RequestPayQuery::new()
            .cross_chain(Network::Bsc, SourceToken::Usdc)
            .pairs(),
        Err(PayQueryError::NotASourceChain { .. })
    ));
    assert_eq!(
        RequestPayQuery::new()
            .cross_chain(Network::Base, SourceToken::Eurc)
            .pairs(),
        Err(PayQueryError::NotASourceToken(SourceToken::Eurc))
    );
    // feePercentage: a decimal from 0 to 100, written in its canonical form
    let fee_address = evm("0x9795d480C2C50392A4714A0F468059C6448DeCe2");
    assert_eq!(
        RequestPayQuery::new()
            .fee("100", fee_address)
            .pairs()
            .unwrap(),
        [
            ("feePercentage", "100".to_owned()),
            ("feeAddress", fee_address.to_string())
        ]
    );
    for (bad, reason) in [
        ("100.01", "100.01 is above 100"),
        ("-1", ""),
        ("", ""),
        ("2.5%", ""),
        ("1e2", ""),
    ] {
        match RequestPayQuery::new().fee(bad, fee_address).pairs() {
            Err(error @ PayQueryError::FeePercentage(_)) => {
                if !reason.is_empty() {
                    assert_eq!(
                        error.to_string(),
                        format!("feePercentage: {reason}"),
                        "{bad:?}"
                    );
                }
            }
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    for (user, details, field) in [
        ("", None, "clientUserId"),
        ("u1", Some(" "), "paymentDetailsId"),
    ] {
        assert_eq!(
            RequestPayQuery::new().offramp(user, details).pairs(),
            Err(PayQueryError::Value {
                field: field.to_owned(),
                reason: "is empty".to_owned()
            })
        );
    }
    let offramp = RequestPayQuery::new().offramp("user 1/α", Some("pd_1"));
    assert_eq!(
        offramp.query_string().unwrap(),
        "?clientUserId=user%201%2F%CE%B1&paymentDetailsId=pd_1"
    );
}

#[test]
fn status_codes_become_typed_errors() {
    let cases: [(u16, &str); 7] = [
        (
            400,
            r#"{"statusCode":400,"message":[{"code":"custom","message":"firstOnly must be 'true' or 'false' if provided","path":["firstOnly"]}],"error":"Bad Request"}"#,
        ),
        (401, r#"{"statusCode":401,"message":"Unauthorized"}"#),
        (
            403,
            r#"{"message":"Secure payment token expired or invalid status","error":"Forbidden","statusCode":403}"#,
        ),
        (
            404,
            r#"{"statusCode":404,"message":"Secure payment not found","error":"Not Found"}"#,
        ),
        (
            409,
            r#"{"message":"Secure payment has already been completed","status":"completed","branding":{"logo":"x"},"requestStatuses":[{"requestId":"01e2","hasBeenPaid":true,"txHash":"0xabc"}]}"#,
        ),
        (
            423,
            r#"{"message":"Secure payment is in progress","safeTxHash":"0xdef","chainId":8453,"safePaymentDeadline":1742205771}"#,
        ),
        (429, "Too Many Requests"),
    ];
    let errors: Vec<PayEndpointError> = cases
        .iter()
        .map(|(status, body)| PayEndpointError::from_response(*status, body.as_bytes()))
        .collect();
    assert!(
        matches!(&errors[0], PayEndpointError::InvalidRequest(ErrorBody::Nest { message: NestMessage::Issues(issues), .. }) if issues[0].path == vec![serde_json::json!("firstOnly")])
    );
    assert!(matches!(errors[1], PayEndpointError::Unauthorized(_)));
    assert!(matches!(
        errors[2],
        PayEndpointError::ExpiredOrInvalidStatus(_)
    ));
    assert!(matches!(errors[3], PayEndpointError::NotFound(_)));
    let PayEndpointError::AlreadyCompleted {
        status,
        request_statuses,
        ..
    } = &errors[4]
    else {
        panic!("{:?}", errors[4])
    };
    assert_eq!(status, &Some(SecurePaymentStatus::Completed));
    assert_eq!(request_statuses[0].tx_hash.as_deref(), Some("0xabc"));
    let PayEndpointError::InProgress {
        safe_tx_hash,
        chain_id,
        safe_payment_deadline,
        ..
    } = &errors[5]
    else {
        panic!()
    };
    assert_eq!(
        (safe_tx_hash.as_deref(), *chain_id, *safe_payment_deadline),
        (Some("0xdef"), Some(8453), Some(1_742_205_771))
    );
    assert!(
        matches!(&errors[6], PayEndpointError::TooManyRequests(ErrorBody::Raw(text)) if text == "Too Many Requests")
    );
    assert!(errors[6].is_retryable());
    assert!(!errors[4].is_retryable());
    assert!(PayEndpointError::from_response(503, b"").is_retryable());
    assert_eq!(
        errors
            .iter()
            .map(PayEndpointError::status)
            .collect::<Vec<_>>(),
        [400, 401, 403, 404, 409, 423, 429]
    );
}

#[test]
fn every_documented_error_body_parses() {
    let validation = ErrorBody::parse(br#"{"message":"Validation failed","errors":[{"field":"wallet","message":"Invalid Ethereum address"}],"statusCode":400}"#);
    assert!(
        matches!(&validation, ErrorBody::Validation { errors, status_code: Some(400), .. } if errors[0].field == "wallet")
    );
    assert_eq!(
        validation.message().unwrap(),
        "Validation failed: wallet: Invalid Ethereum address"
    );
    let plain = ErrorBody::parse(br#"{"message":"All requests must be on the same network","error":"Bad Request","statusCode":400}"#);
    assert!(matches!(
        plain,
        ErrorBody::Nest {
            message: NestMessage::Text(_),
            status_code: Some(400),
            ..
        }
    ));
    let multicall = ErrorBody::parse(br#"{"message":"Multicall validation failed","code":"multicall_validation_failed","failures":[{"securePaymentToken":"01JD","reason":"already_paid","messageKey":"k","context":{},"recoveryAction":"remove"},{"securePaymentToken":"01JE","reason":"brand_new"}],"cap":{"type":"child_count","maximum":150,"actual":180,"reduceBy":30}}"#);
    let ErrorBody::Multicall {
        failures,
        cap,
        code,
        ..
    } = multicall
    else {
        panic!()
    };
    assert_eq!(code, "multicall_validation_failed");
    assert_eq!(failures[0].reason, MulticallFailureReason::AlreadyPaid);
    assert_eq!(
        failures[1].reason,
        MulticallFailureReason::Other("brand_new".into())
    );
    assert_eq!(cap.unwrap().reduce_by, 30);
    assert!(matches!(ErrorBody::parse(b"not json"), ErrorBody::Raw(_)));
    assert!(matches!(ErrorBody::parse(b"[1,2]"), ErrorBody::Raw(_)));
    assert!(matches!(
        ErrorBody::parse(br#"{"unexpected":true}"#),
        ErrorBody::Raw(_)
    ));
}
