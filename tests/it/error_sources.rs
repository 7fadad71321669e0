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
