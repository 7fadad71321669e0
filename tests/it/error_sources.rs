//! Issue 29 item 6: errors keep their typed causes. Each converted variant answers its cause
//! from `std::error::Error::source()` (a downcast to the concrete type succeeds), and its
//! message is the text it was when the cause was flattened into a `String`.

use std::error::Error;

use serde_json::json;

/// The cause of `error`, downcast to `T`.
fn cause<T: Error + 'static>(error: &dyn Error) -> &T {
    error
        .source()
        .unwrap_or_else(|| panic!("{error}: no source"))
        .downcast_ref::<T>()
        .unwrap_or_else(|| {
            panic!(
                "{error}: the source is not a {}",
                std::any::type_name::<T>()
            )
        })
}

mod tron {
    use super::*;
    use securepay::address::TronAddressError;
    use securepay::tron::{TronTransaction, TronTransactionError};

    /// A transaction whose `raw_data` is `raw_data`: the other fields are well formed.
    fn with_raw(raw_data: serde_json::Value) -> TronTransaction {
        TronTransaction::from_value(&json!({
            "visible": true,
            "txID": "00".repeat(32),
            "raw_data": raw_data,
            "raw_data_hex": "00",
        }))
        .unwrap()
    }

    #[test]
    fn json_keeps_serde_json_error() {
        let error = TronTransaction::from_str("{\"txID\": 1}").unwrap_err();
        assert!(matches!(error, TronTransactionError::Json(_)), "{error:?}");
        assert_eq!(
            error.to_string(),
            "tron transaction: invalid type: integer `1`, expected a string at line 1 column 10"
        );
        assert_eq!(cause::<serde_json::Error>(&error).column(), 10);
        let error = TronTransaction::from_value(&json!([])).unwrap_err();
        assert!(matches!(error, TronTransactionError::Json(_)), "{error:?}");
        cause::<serde_json::Error>(&error);
    }

    #[test]
    fn field_json_keeps_serde_json_error() {
        let error = with_raw(json!(1)).shown_raw().unwrap_err();
        assert!(
            matches!(&error, TronTransactionError::FieldJson { field, .. } if field == "raw_data"),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "tron transaction raw_data: invalid type: integer `1`, expected struct RawJson"
        );
        cause::<serde_json::Error>(&error);
        let raw = json!({
            "contract": [{"parameter": {"value": {"amount": "1"}, "type_url": "t"}, "type": "TransferContract"}],
            "ref_block_bytes": "00", "ref_block_hash": "00", "expiration": 1,
        });
        let error = with_raw(raw).shown_raw().unwrap_err();
        assert_eq!(
            error.to_string(),
            "tron transaction raw_data.contract[0].parameter.value: invalid type: string \"1\", expected i64"
        );
        cause::<serde_json::Error>(&error);
    }

    #[test]
    fn address_keeps_the_address_error() {
        let raw = json!({
            "contract": [{
                "parameter": {"value": {"owner_address": "T1", "to_address": "T1", "amount": 1}, "type_url": "t"},
                "type": "TransferContract",
            }],
            "ref_block_bytes": "00", "ref_block_hash": "00", "expiration": 1,
        });
        let error = with_raw(raw).shown_raw().unwrap_err();
        assert!(
            matches!(&error, TronTransactionError::Address { field, .. } if field == "raw_data.contract[0].parameter.value.owner_address"),
            "{error:?}"
        );
        let source = cause::<TronAddressError>(&error);
        assert_eq!(
            error.to_string(),
            format!(
                "tron transaction raw_data.contract[0].parameter.value.owner_address: {source}"
            )
        );
        assert_eq!(
            error.to_string(),
            "tron transaction raw_data.contract[0].parameter.value.owner_address: invalid base58check Tron address: T1: decodes to 2 bytes, expected 25"
        );
    }

    #[test]
    fn unsafe_number_keeps_the_number_and_what_javascript_reads() {
        use securepay::transaction::UnsafeJsonNumber;
        let raw = json!({"contract": [], "ref_block_bytes": "00", "ref_block_hash": "00",
            "expiration": 1, "timestamp": -9_007_199_254_740_993i64});
        let error = with_raw(raw).shown_raw().unwrap_err();
        assert!(
            matches!(&error, TronTransactionError::UnsafeNumber { field, .. } if field == "raw_data.timestamp"),
            "{error:?}"
        );
        let source = cause::<UnsafeJsonNumber>(&error);
        assert_eq!(
            (source.number, source.read_as),
            (-9_007_199_254_740_993, -9_007_199_254_740_992)
        );
        assert_eq!(
            error.to_string(),
            format!("tron transaction raw_data.timestamp: {source}")
        );
    }
}

mod detect {
    use super::*;
    use alloy_primitives::{Bytes, b256};
    use securepay::contracts::Contract;
    use securepay::detect::{EventError, ProxyEvent, Topics};

    #[test]
    fn abi_keeps_the_decoders_error() {
        let signature = b256!("9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6");
        let topics = Topics::new(&[signature, signature]).unwrap();
        let error = ProxyEvent::decode(Contract::Erc20FeeProxy, &topics, &Bytes::from(vec![0; 31]))
            .unwrap_err();
        assert!(matches!(error, EventError::Abi(_)), "{error:?}");
        assert_eq!(
            cause::<alloy_sol_types::Error>(&error),
            &alloy_sol_types::Error::Overrun
        );
        assert_eq!(
            error.to_string(),
            "data is not the strict ABI encoding of the event: ABI decoding failed: buffer overrun while deserializing"
        );
        // Still `Eq` (so `IgnoredReason` and `Settlement` stay `Eq`): equal to itself, and
        // not to another decoder error.
        let again = ProxyEvent::decode(Contract::Erc20FeeProxy, &topics, &Bytes::from(vec![0; 31]))
            .unwrap_err();
        assert_eq!(error, again);
        let longer =
            ProxyEvent::decode(Contract::Erc20FeeProxy, &topics, &Bytes::from(vec![1; 160]))
                .unwrap_err();
        assert_ne!(error, longer, "{longer}");
    }
}

mod pay_query {
    use super::*;
    use securepay::address::{ChainAddressError, EvmAddressError};
    use securepay::amount::PercentageError;
    use securepay::network::NetworkError;
    use securepay::pay::{PayQueryError, RequestPayQuery, SecurePayQuery};

    #[test]
    fn wallet_eoa_wallet_and_chain_keep_their_errors() {
        let error = SecurePayQuery::from_pairs([("wallet", "0x12")]).unwrap_err();
        assert!(matches!(error, PayQueryError::Wallet(_)), "{error:?}");
        let source = cause::<ChainAddressError>(&error);
        assert_eq!(error.to_string(), format!("wallet: {source}"));

        let error = SecurePayQuery::from_pairs([("eoaWallet", "T1")]).unwrap_err();
        assert!(matches!(error, PayQueryError::EoaWallet(_)), "{error:?}");
        let source = cause::<EvmAddressError>(&error);
        assert_eq!(error.to_string(), format!("eoaWallet: {source}"));

        let error =
            SecurePayQuery::from_pairs([("chain", "NOWHERE"), ("token", "USDC")]).unwrap_err();
        assert!(matches!(error, PayQueryError::Chain(_)), "{error:?}");
        let source = cause::<NetworkError>(&error);
        assert_eq!(error.to_string(), format!("chain: {source}"));
        assert!(error.to_string().starts_with("chain: "), "{error}");
    }

    #[test]
    fn fee_percentage_keeps_why() {
        let address = "0x9795d480C2C50392A4714A0F468059C6448DeCe2"
            .parse()
            .unwrap();
        let error = RequestPayQuery::new()
            .fee("100.01", address)
            .pairs()
            .unwrap_err();
        assert_eq!(error.to_string(), "feePercentage: 100.01 is above 100");
        assert_eq!(
            cause::<PercentageError>(&error),
            &PercentageError::AboveHundred("100.01".into())
        );
        let error = RequestPayQuery::new()
            .fee("2.5%", address)
            .pairs()
            .unwrap_err();
        let PercentageError::Amount(amount) = cause::<PercentageError>(&error) else {
            panic!("{error:?}")
        };
        // The chain goes on: the percentage's own cause is the amount's error.
        assert_eq!(
            cause::<PercentageError>(&error)
                .source()
                .map(ToString::to_string),
            Some(amount.to_string())
        );
        assert_eq!(error.to_string(), format!("feePercentage: {amount}"));
    }
}

mod body {
    use super::*;
    use securepay::address::ChainAddressError;
    use securepay::amount::PercentageError;
    use securepay::api::{BatchItem, BodyError, CreatePayoutLink, CreateRequest, PayoutFee};
    use securepay::currency::CurrencyIdError;
    use securepay::network::Network;
    use securepay::offramp::EligibilityError;

    #[test]
    fn address_and_currency_keep_their_errors() {
        let error =
            BatchItem::new("0x12", "10".parse().unwrap(), "USDC-base", "USDC-base").unwrap_err();
        assert!(
            matches!(
                error,
                BodyError::Address {
                    field: "requests[].payee",
                    ..
                }
            ),
            "{error:?}"
        );
        let source = cause::<ChainAddressError>(&error);
        assert_eq!(error.to_string(), format!("requests[].payee: {source}"));

        let error = CreatePayoutLink::new(
            Network::Base,
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "not an address",
            "USDC-base",
            "10".parse().unwrap(),
        )
        .unwrap_err();
        assert!(
            matches!(
                error,
                BodyError::Address {
                    field: "creatorWalletAddress",
                    ..
                }
            ),
            "{error:?}"
        );
        let source = cause::<ChainAddressError>(&error);
        assert_eq!(error.to_string(), format!("creatorWalletAddress: {source}"));

        let error = CreatePayoutLink::new(
            Network::Base,
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570",
            "USDC base",
            "10".parse().unwrap(),
        )
        .unwrap_err();
        assert!(
            matches!(
                error,
                BodyError::Currency {
                    field: "currency",
                    ..
                }
            ),
            "{error:?}"
        );
        let source = cause::<CurrencyIdError>(&error);
        assert_eq!(error.to_string(), format!("currency: {source}"));

        let error = BatchItem::new(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "10".parse().unwrap(),
            "US$",
            "USDC-base",
        )
        .unwrap_err();
        assert!(
            matches!(
                error,
                BodyError::Currency {
                    field: "requests[].invoiceCurrency",
                    ..
                }
            ),
            "{error:?}"
        );
        cause::<CurrencyIdError>(&error);
    }

    #[test]
    fn fee_percentage_and_eligibility_keep_why() {
        let address = "0x9795d480C2C50392A4714A0F468059C6448DeCe2"
            .parse()
            .unwrap();
        let error = PayoutFee::new("100.5", address).unwrap_err();
        assert_eq!(error.to_string(), "feePercentage: 100.5 is above 100");
        assert_eq!(
            cause::<PercentageError>(&error),
            &PercentageError::AboveHundred("100.5".into())
        );

        let error = CreateRequest::new("25.50".parse().unwrap(), "USD", "USDT-mainnet")
            .unwrap()
            .crypto_to_fiat()
            .unwrap_err();
        assert!(matches!(error, BodyError::NotEligible(_)), "{error:?}");
        let source = cause::<EligibilityError>(&error);
        assert_eq!(
            error.to_string(),
            format!("isCryptoToFiatAvailable: {source}")
        );
    }
}

mod proto {
    use super::*;
    use securepay::tron::proto::{ProtoError, decode_raw};

    #[test]
    fn malformed_keeps_prosts_error() {
        // Field 1, length-delimited, 5 bytes announced, none given.
        let error = decode_raw(&[0x0a, 0x05]).unwrap_err();
        assert!(matches!(error, ProtoError::Malformed { .. }), "{error:?}");
        let source = cause::<prost::DecodeError>(&error);
        assert_eq!(
            error.to_string(),
            format!("Transaction.raw: not a protobuf encoding ({source})")
        );
    }
}

mod expectation {
    use super::*;
    use securepay::address::ChainAddressError;
    use securepay::verify::{Expectation, ExpectationError};

    fn expectation(payee: &str, payer: &str) -> serde_json::Value {
        json!({
            "network": "base",
            "currency": "USDC-base",
            "payments": [{"payee": payee, "amount": "10"}],
            "payer": payer,
        })
    }

    const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

    #[test]
    fn json_keeps_serde_json_error() {
        let error = Expectation::from_str("{\"network\": 1}").unwrap_err();
        assert!(matches!(error, ExpectationError::Json(_)), "{error:?}");
        let source = cause::<serde_json::Error>(&error);
        assert_eq!(error.to_string(), format!("expectation: {source}"));
        assert!(
            error
                .to_string()
                .starts_with("expectation: invalid type: integer `1`"),
            "{error}"
        );
        let error = Expectation::from_str("[]").unwrap_err();
        assert_eq!(error, ExpectationError::NotAnObject);
        assert_eq!(
            error.to_string(),
            "expectation: an expectation is a JSON object (starts with {)"
        );
    }

    #[test]
    fn payee_and_payer_text_keep_the_address_error() {
        let text = expectation("TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd", PAYEE).to_string();
        let error = Expectation::from_str(&text).unwrap_err();
        assert!(
            matches!(error, ExpectationError::PayeeText { index: 0, .. }),
            "{error:?}"
        );
        let source = cause::<ChainAddressError>(&error);
        assert_eq!(
            error.to_string(),
            format!("expectation payments[0].payee: {source}")
        );

        let text = expectation(PAYEE, "0x12").to_string();
        let error = Expectation::from_str(&text).unwrap_err();
        assert!(
            matches!(error, ExpectationError::AddressText { field: "payer", .. }),
            "{error:?}"
        );
        let source = cause::<ChainAddressError>(&error);
        assert_eq!(error.to_string(), format!("expectation payer: {source}"));
    }
}

mod payer_body {
    use super::*;
    use securepay::offramp::{CreatePayer, PayerBodyError};

    #[test]
    fn not_json_keeps_serde_json_error() {
        let error = CreatePayer::from_str("{").unwrap_err();
        assert!(matches!(error, PayerBodyError::NotJson(_)), "{error:?}");
        let source = cause::<serde_json::Error>(&error);
        assert!(source.is_eof());
        assert_eq!(
            error.to_string(),
            "the body is not the expected JSON object: EOF while parsing an object at line 1 column 1"
        );
        let error = CreatePayer::from_str("[]").unwrap_err();
        assert_eq!(
            error.to_string(),
            "the body is not the expected JSON object: expected a JSON object"
        );
    }
}

mod api_answer {
    use super::*;
    use http::StatusCode;
    use securepay::api::{
        ApiErrorKind, BodyCause, GetSecurePaymentCalldata, OutgoingRequest, PayerUpdated,
        parse_parts,
    };
    use securepay::pay::{MAX_RESPONSE_BYTES, PayResponseError};

    #[test]
    fn invalid_json_keeps_serde_json_error() {
        let error = parse_parts::<PayerUpdated>(StatusCode::OK, br#"{"success": 1}"#).unwrap_err();
        assert!(
            matches!(error.kind, ApiErrorKind::InvalidBody(BodyCause::Json(_))),
            "{error:?}"
        );
        let body_cause = cause::<BodyCause>(&error);
        let json = cause::<serde_json::Error>(body_cause);
        assert_eq!((json.line(), json.column()), (1, 13));
        assert_eq!(
            error.to_string(),
            format!("status 200 with a body that is not the documented answer: {json}")
        );
        assert_eq!(
            error.to_string(),
            "status 200 with a body that is not the documented answer: invalid type: integer `1`, expected a boolean at line 1 column 13"
        );
        // Still `Eq`: the same answer twice is the same error, another answer another one.
        let again = parse_parts::<PayerUpdated>(StatusCode::OK, br#"{"success": 1}"#).unwrap_err();
        assert_eq!(error, again);
        let other = parse_parts::<PayerUpdated>(StatusCode::OK, br#"{"success": 12}"#).unwrap_err();
        assert_ne!(error, other);
    }

    #[test]
    fn invalid_pay_response_keeps_the_readers_error() {
        let error = GetSecurePaymentCalldata::parse_parts(StatusCode::OK, b"[]").unwrap_err();
        let body_cause = cause::<BodyCause>(&error);
        assert_eq!(
            cause::<PayResponseError>(body_cause),
            &PayResponseError::NotAnObject
        );
        assert_eq!(
            error.to_string(),
            "status 200 with a body that is not the documented answer: a pay response is a JSON object (starts with {)"
        );

        let error = GetSecurePaymentCalldata::parse_parts(StatusCode::OK, b"{}").unwrap_err();
        let body_cause = cause::<BodyCause>(&error);
        let pay = cause::<PayResponseError>(body_cause);
        assert!(matches!(pay, PayResponseError::Json(_)), "{pay:?}");
        // The chain goes on to serde_json's error, and the text is serde_json's.
        let json = cause::<serde_json::Error>(pay);
        assert_eq!(
            error.to_string(),
            format!("status 200 with a body that is not the documented answer: {json}")
        );

        let error = GetSecurePaymentCalldata::parse_parts(StatusCode::OK, b"{\"a\": \"\xff\"}")
            .unwrap_err();
        let pay = cause::<PayResponseError>(cause::<BodyCause>(&error));
        assert_eq!(cause::<std::str::Utf8Error>(pay).valid_up_to(), 7);
    }

    #[test]
    fn too_large_is_typed_without_a_source() {
        let above = vec![b' '; MAX_RESPONSE_BYTES + 1];
        let error = parse_parts::<PayerUpdated>(StatusCode::OK, &above).unwrap_err();
        let body_cause = cause::<BodyCause>(&error);
        assert_eq!(
            body_cause,
            &BodyCause::TooLarge {
                size: Some(MAX_RESPONSE_BYTES + 1)
            }
        );
        assert!(body_cause.source().is_none());
        assert_eq!(
            error.to_string(),
            "status 200 with a body that is not the documented answer: the body is 8388609 bytes, above the 8388608 bytes an answer may have: not read"
        );
        // An error answer has no source: its body is the error's `body`.
        let error = parse_parts::<PayerUpdated>(StatusCode::NOT_FOUND, b"").unwrap_err();
        assert!(error.source().is_none());
    }
}

mod request {
    use super::*;
    use securepay::api::{Api, AssembleError, BaseUrlError, HttpError, RequestError, UriError};

    #[test]
    fn base_url_keeps_why_and_https_error() {
        let error = Api::new()
            .with_base_url("https://exa mple.com")
            .unwrap_err();
        let reason = cause::<BaseUrlError>(&error);
        assert!(matches!(reason, BaseUrlError::Uri(_)), "{reason:?}");
        let invalid = cause::<http::uri::InvalidUri>(reason);
        assert_eq!(
            error.to_string(),
            format!("base URL \"https://exa mple.com\": {invalid}")
        );
        assert_eq!(
            error.to_string(),
            "base URL \"https://exa mple.com\": invalid uri character"
        );
        // Still `Eq`: http's error compares by its message.
        assert_eq!(
            error,
            Api::new()
                .with_base_url("https://exa mple.com")
                .unwrap_err()
        );
        let other = Api::new().with_base_url("").unwrap_err();
        assert!(
            matches!(
                &other,
                RequestError::BaseUrl {
                    reason: BaseUrlError::Uri(_),
                    ..
                }
            ),
            "{other:?}"
        );
        assert_ne!(reason, cause::<BaseUrlError>(&other), "{other}");

        for (url, expected, message) in [
            (
                "ftp://api.request.network",
                BaseUrlError::Scheme,
                "the scheme must be https or http",
            ),
            (
                "https://api.request.network?x=1",
                BaseUrlError::QueryOrFragment,
                "a base URL has no query or fragment",
            ),
            (
                "https://user:pw@api.request.network",
                BaseUrlError::UserInfo,
                "a base URL has no user information",
            ),
        ] {
            let error = Api::new().with_base_url(url).unwrap_err();
            assert_eq!(cause::<BaseUrlError>(&error), &expected, "{url}");
            assert_eq!(error.to_string(), format!("base URL {url:?}: {message}"));
            assert!(expected.source().is_none());
        }
    }

    #[test]
    fn assemble_keeps_https_and_serde_jsons_errors() {
        use securepay::api::Endpoint;
        let refused = http::Request::builder()
            .uri("https://exa mple.com")
            .body(())
            .unwrap_err();
        let error = RequestError::Assemble {
            endpoint: Endpoint::GetPayer,
            reason: AssembleError::Http(HttpError::from(refused)),
        };
        let reason = cause::<AssembleError>(&error);
        let http = cause::<http::Error>(reason);
        assert!(http.is::<http::uri::InvalidUri>());
        assert_eq!(
            error.to_string(),
            "cannot assemble the request for GET /v2/payer/{clientUserId}: invalid uri character"
        );

        let json =
            serde_json::to_vec(&std::collections::BTreeMap::from([((1, 2), 3)])).unwrap_err();
        let message = json.to_string();
        let reason = AssembleError::Json(json.into());
        assert_eq!(cause::<serde_json::Error>(&reason).to_string(), message);
        assert_eq!(reason.to_string(), message);

        let reason = AssembleError::PathParameters {
            given: 2,
            template: "/v2/payer/{clientUserId}",
        };
        assert!(reason.source().is_none());
        assert_eq!(
            reason.to_string(),
            "2 path parameter(s) given for the template /v2/payer/{clientUserId}"
        );
    }

    #[test]
    fn the_http_newtypes_compare_by_message() {
        let uri = |text: &str| UriError::from(text.parse::<http::Uri>().unwrap_err());
        assert_eq!(uri("https://exa mple.com"), uri("https://b d"));
        assert_ne!(uri("https://exa mple.com"), uri(""));
        let a = uri("");
        assert_eq!(a.clone(), a);
    }
}

mod call_spec {
    use super::*;
    use securepay::address::{ChainAddressError, EvmAddressError, TronAddressError};
    use securepay::amount::UintError;
    use securepay::calldata::DecodeError;
    use securepay::calldata::ReferenceError;
    use securepay::calldata::spec::{CallSpec, FieldError, SpecError, SpecJsonError};
    use securepay::contracts::{ContractsError, Deployments};
    use securepay::network::NetworkError;

    /// The description's error: a field error on `field`, its message `message`; its reason.
    fn field(error: &SpecError, name: &str, message: &str) -> FieldError {
        let SpecError::Field { field, reason } = error else {
            panic!("a field error expected: {error:?}")
        };
        assert_eq!(field, name, "{error}");
        assert_eq!(error.to_string(), message);
        assert_eq!(cause::<FieldError>(error), reason);
        assert_eq!(error.to_string(), format!("{field}: {reason}"));
        reason.clone()
    }

    fn line(text: &str) -> SpecError {
        CallSpec::from_str(text).unwrap_err()
    }

    const FEE: &str = r#""reference":"0xd84be1edae4f0eb1","feeAmount":"0","feeAddress":"0x0000000000000000000000000000000000000000""#;

    #[test]
    fn the_vectors_errors_keep_their_causes() {
        // tests/data/vectors/abi-calls.jsonl error_01 to error_06, messages as the vectors give them.
        let error = line(&format!(
            r#"{{"kind":"erc20_fee","token":"0x6b175474E89094C44Da98b954EedeAC495271d0F","to":"0xda842fcc4001c0eed3ef972dbddcf24e5fe5bfdd","amount":"1",{FEE}}}"#
        ));
        let reason = field(
            &error,
            "token",
            "token: bad EIP-55 checksum: 0x6b175474E89094C44Da98b954EedeAC495271d0F",
        );
        assert!(matches!(reason, FieldError::EvmAddress(_)), "{reason:?}");
        assert!(matches!(
            cause::<EvmAddressError>(&reason),
            EvmAddressError::BadChecksum(_)
        ));

        let error = line(
            r#"{"kind":"erc20_approve","spender":"0x096ea5551d387226c199bbf25b6942bf63fca961","amount":"115792089237316195423570985008687907853269984665640564039457584007913129639936"}"#,
        );
        let reason = field(&error, "amount", "amount: exceeds uint256");
        cause::<UintError>(&reason);

        let error = line(
            r#"{"kind":"erc20_fee","token":"0x6B175474E89094C44Da98b954EedeAC495271d0F","to":"0x9d7f1516f5b941d1699881a6bc71ed059759d171","amount":"1","reference":"0x123","feeAmount":"0","feeAddress":"0x0000000000000000000000000000000000000000"}"#,
        );
        let reason = field(
            &error,
            "reference",
            "reference: not 0x-prefixed even-length hex bytes: \"0x123\"",
        );
        // The text given, kept as text: it has no other cause.
        assert_eq!(reason, FieldError::NotHexBytes("0x123".into()));
        assert!(reason.source().is_none());

        let error = line(&format!(
            r#"{{"kind":"erc20_fee","token":"0x6B175474E89094C44Da98b954EedeAC495271d0F","to":"0x42BbA72C98c88AAB2117906CecAaF69c3E84Eb43","amount":"-1",{FEE}}}"#
        ));
        let reason = field(
            &error,
            "amount",
            "amount: not a uint (decimal or 0x-hex string): \"-1\"",
        );
        assert_eq!(
            cause::<UintError>(&reason),
            &UintError::Invalid("-1".into())
        );

        let error =
            line(r#"{"kind":"tron_address","address":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"}"#);
        let reason = field(
            &error,
            "address",
            "address: invalid base58check Tron address: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u",
        );
        cause::<TronAddressError>(&reason);

        let error =
            line(r#"{"kind":"eip55","address":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"}"#);
        let reason = field(
            &error,
            "address",
            "address: mixed-case input with a bad EIP-55 checksum: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
        );
        assert!(
            matches!(reason, FieldError::MixedCaseChecksum(_)),
            "{reason:?}"
        );
        cause::<EvmAddressError>(&reason);
    }

    #[test]
    fn network_address_reference_deployment_and_decode_keep_their_errors() {
        let error = line(
            r#"{"kind":"erc20_approve","network":"nowhere","spender":"0x096ea5551d387226c199bbf25b6942bf63fca961","amount":"1"}"#,
        );
        let reason = field(&error, "network", &error.to_string());
        let network = cause::<NetworkError>(&reason);
        assert_eq!(error.to_string(), format!("network: {network}"));

        let error = line(
            r#"{"kind":"erc20_approve","network":"tron","token":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","spender":"0x096ea5551d387226c199bbf25b6942bf63fca961","amount":"1"}"#,
        );
        let reason = field(&error, "spender", &error.to_string());
        let address = cause::<ChainAddressError>(&reason);
        assert_eq!(error.to_string(), format!("spender: {address}"));

        let error = line(
            r#"{"kind":"payment_reference","requestId":"","salt":"salt","address":"0xf17f52151EbEF6C7334FAD080c5704D77216b732"}"#,
        );
        let reason = field(&error, "reference", &error.to_string());
        let reference = cause::<ReferenceError>(&reason);
        assert_eq!(error.to_string(), format!("reference: {reference}"));

        let spec = CallSpec::from_str(&format!(
            r#"{{"kind":"erc20_fee","network":"base","token":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","to":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"1",{FEE}}}"#
        ))
        .unwrap();
        let error = spec.answer_with(&Deployments::empty()).unwrap_err();
        let reason = field(&error, "network", &error.to_string());
        let deployment = cause::<ContractsError>(&reason);
        assert_eq!(error.to_string(), format!("network: {deployment}"));

        // A native batch's value comes from decoding its own calldata, which the built-in
        // tables always decode: the decoder's refusal is checked on the variant itself.
        let decode = DecodeError::TooShort(3);
        let reason = FieldError::Decode(decode.clone());
        assert_eq!(cause::<DecodeError>(&reason), &decode);
        assert_eq!(reason.to_string(), decode.to_string());
    }

    #[test]
    fn own_reasons_have_no_source_and_their_old_text() {
        for (text, name, message) in [
            (
                r#"{"kind":"erc20_approve","token":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","spender":"0x096ea5551d387226c199bbf25b6942bf63fca961","amount":"1"}"#,
                "token",
                "token: only meaningful with network",
            ),
            (
                r#"{"kind":"erc20_approve","network":"base","spender":"0x096ea5551d387226c199bbf25b6942bf63fca961","amount":"1"}"#,
                "token",
                "token: missing: needed with network",
            ),
        ] {
            let error = match CallSpec::from_str(text) {
                Ok(spec) => spec.answer().unwrap_err(),
                Err(error) => error,
            };
            let reason = field(&error, name, message);
            assert!(reason.source().is_none(), "{reason:?}");
        }
    }

    #[test]
    fn json_keeps_serde_json_error_located_in_the_text_given() {
        // `kind` first: serde_json's error and position as they are.
        let error = line(r#"{"kind":"erc20_approve","amount":1}"#);
        let SpecError::Json(json) = &error else {
            panic!("{error:?}")
        };
        let source = cause::<serde_json::Error>(cause::<SpecJsonError>(&error));
        assert_eq!(error.to_string(), source.to_string());
        assert_eq!(
            (json.line(), json.column()),
            (source.line(), source.column())
        );

        // `kind` not first: read from the text rewritten, located at the object's end in the
        // text given; serde_json's own error (in the rewritten text) is the source.
        let text = "{\"amount\": \"1\",\n  \"kind\": \"erc20_approve\"}";
        let error = line(text);
        let json = cause::<SpecJsonError>(&error);
        let source = cause::<serde_json::Error>(json);
        assert_eq!(
            error.to_string(),
            "missing field `spender` at line 2 column 26"
        );
        assert_eq!((json.line(), json.column()), (2, 26));
        assert!(source.is_data());
        assert_eq!(source.line(), 1);

        // From a `Value`: no position.
        let error = CallSpec::from_value(&json!({"kind": "erc20_approve"})).unwrap_err();
        let source = cause::<serde_json::Error>(cause::<SpecJsonError>(&error));
        assert_eq!(error.to_string(), "missing field `spender`");
        assert_eq!(source.line(), 0);

        // Still `Eq`.
        assert_eq!(line(text), line(text));
        assert_ne!(
            line(text),
            line("{\"amount\": \"1\", \"kind\": \"erc20_approve\"}")
        );
    }
}

mod transaction {
    use super::*;
    use securepay::transaction::{Transaction, TransactionError};

    const TO: &str = "0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2";

    #[test]
    fn value_form_keeps_serde_json_error() {
        let error = Transaction::from_parts(TO, "0x", &json!(-1)).unwrap_err();
        assert!(matches!(error, TransactionError::ValueForm(_)), "{error:?}");
        let source = cause::<serde_json::Error>(&error);
        assert_eq!(error.to_string(), format!("value: {source}"));
        assert_eq!(
            error,
            Transaction::from_parts(TO, "0x", &json!(-1)).unwrap_err()
        );
    }

    #[test]
    fn not_a_big_number_keeps_the_text_given() {
        let error =
            Transaction::from_parts(TO, "0x", &json!({"type": "Big", "hex": "0x1"})).unwrap_err();
        assert_eq!(
            error,
            TransactionError::NotBigNumber {
                kind: "Big".into(),
                hex: "0x1".into()
            }
        );
        assert!(error.source().is_none());
        assert_eq!(
            error.to_string(),
            "value: expected {\"type\":\"BigNumber\",\"hex\":\"0x…\"}, found type \"Big\" hex \"0x1\""
        );
    }
    #[test]
    fn unsafe_number_keeps_the_number_and_what_javascript_reads() {
        use securepay::transaction::UnsafeJsonNumber;
        let error = Transaction::from_parts(TO, "0x", &json!(u64::MAX)).unwrap_err();
        assert!(
            matches!(error, TransactionError::UnsafeNumber(_)),
            "{error:?}"
        );
        let source = cause::<UnsafeJsonNumber>(&error);
        assert_eq!((source.number, source.read_as), (u64::MAX.into(), 1 << 64));
        assert_eq!(error.to_string(), format!("value: {source}"));
        assert_eq!(
            error.to_string(),
            "value: the JSON number 18446744073709551615 is above Number.MAX_SAFE_INTEGER (2^53 - 1): a JavaScript wallet reads it as 18446744073709551616, 1 more"
        );
    }
}
