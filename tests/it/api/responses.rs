//! Every documented response example of the scope's endpoints (success and error) is parsed by
//! the endpoint's parser. Examples the API description gets wrong (placeholder tokens, elided
//! calldata, a 39-digit address, a wrong EIP-55 checksum) must be refused with a precise error,
//! and parse once the one wrong value is fixed.

use http::StatusCode;
use securepay::api::{
    ApiError, ApiErrorKind, BatchPayout, BatchPayoutCalldata, BroadcastTronTransaction,
    CreateBatchPayoutLink, CreateMulticallPayout, CreatePayeeDestination, CreatePayout,
    CreatePayoutLink, CreateRequest, CreateSecurePayment, Endpoint, ErrorBody, FindSecurePayment,
    ForPayer, GetConversionRoutes, GetMulticallPayout, GetPayeeDestination, GetPayer,
    GetRequestCalldata, GetRequestStatus, GetSecurePayment, GetSecurePaymentCalldata,
    IntentRecorded, ListCurrencies, ListPaymentDetails, MulticallPayoutCreated, NestMessage,
    OutgoingRequest, PayeeDestination, PreviewFees, RecordSecurePaymentIntent,
    RefreshStepTransaction, RequestCreated, RequestPayResponse, SearchPayments,
    SecurePaymentCreated, SecurePaymentInfo, UpdatePayeeDestination, parse_parts,
};
use securepay::api::{
    CreateClientId, DeactivatePayeeDestination, GetClientId, GetPayeeDestinationById,
    GetPayeeDestinationForWallet, GetPayeeDestinationSigningData, ListClientIds,
    RegisterPayeeDestination, RevokeClientId, UpdateClientId,
};
use securepay::api::{
    GetRecurringPayment, GetRequestRoutes, SendPaymentIntent, SubmitRecurringSignature,
    UpdateRecurringPayment, UpdateRequest,
};
use securepay::offramp::{CreatePayer, CreatePaymentDetails, UpdatePayer};
use securepay::pay::PayEndpointError;
use serde_json::Value;

fn extract() -> &'static Value {
    crate::common::api_description()
}

/// Parses `bytes` as the answer of `endpoint` with `status`, with the parser its request type
/// names; the model is returned as JSON.
pub(crate) fn parse(endpoint: Endpoint, status: u16, bytes: &[u8]) -> Result<Value, ApiError> {
    fn go<R: OutgoingRequest>(
        endpoint: Endpoint,
        status: u16,
        bytes: &[u8],
    ) -> Result<Value, ApiError>
    where
        R::Response: serde::Serialize,
    {
        assert_eq!(R::ENDPOINT, endpoint, "the request type of {endpoint}");
        R::parse_parts(StatusCode::from_u16(status).unwrap(), bytes)
            .map(|model| serde_json::to_value(model).unwrap())
    }
    let (e, s, b) = (endpoint, status, bytes);
    match endpoint {
        Endpoint::CreateSecurePayment => go::<CreateSecurePayment>(e, s, b),
        Endpoint::FindSecurePayment => go::<FindSecurePayment>(e, s, b),
        Endpoint::PreviewFees => go::<PreviewFees>(e, s, b),
        Endpoint::CreatePayoutSecurePayment => go::<CreatePayoutLink>(e, s, b),
        Endpoint::CreateBatchPayoutSecurePayment => go::<CreateBatchPayoutLink>(e, s, b),
        Endpoint::CreateMulticallPayout => go::<CreateMulticallPayout>(e, s, b),
        Endpoint::GetMulticallPayout => go::<GetMulticallPayout>(e, s, b),
        Endpoint::GetSecurePayment => go::<GetSecurePayment>(e, s, b),
        Endpoint::GetSecurePaymentCalldata => go::<GetSecurePaymentCalldata>(e, s, b),
        Endpoint::RecordSecurePaymentIntent => go::<RecordSecurePaymentIntent>(e, s, b),
        Endpoint::BroadcastTronTransaction => go::<BroadcastTronTransaction>(e, s, b),
        Endpoint::RefreshStepTransaction => go::<RefreshStepTransaction>(e, s, b),
        Endpoint::CreateRequest => go::<CreateRequest>(e, s, b),
        Endpoint::GetRequestStatus => go::<GetRequestStatus>(e, s, b),
        Endpoint::CreateClientId => go::<CreateClientId>(e, s, b),
        Endpoint::ListClientIds => go::<ListClientIds>(e, s, b),
        Endpoint::GetClientId => go::<GetClientId>(e, s, b),
        Endpoint::UpdateClientId => go::<UpdateClientId>(e, s, b),
        Endpoint::RevokeClientId => go::<RevokeClientId>(e, s, b),
        Endpoint::GetPayeeDestinationSigningData => go::<GetPayeeDestinationSigningData>(e, s, b),
        Endpoint::RegisterPayeeDestination => go::<RegisterPayeeDestination>(e, s, b),
        Endpoint::GetPayeeDestinationForWallet => go::<GetPayeeDestinationForWallet>(e, s, b),
        Endpoint::DeactivatePayeeDestination => go::<DeactivatePayeeDestination>(e, s, b),
        Endpoint::GetPayeeDestinationById => go::<GetPayeeDestinationById>(e, s, b),
        Endpoint::UpdateRequest => go::<UpdateRequest>(e, s, b),
        Endpoint::GetRequestCalldata => go::<GetRequestCalldata>(e, s, b),
        Endpoint::GetRequestRoutes => go::<GetRequestRoutes>(e, s, b),
        Endpoint::SendPaymentIntent => go::<SendPaymentIntent>(e, s, b),
        Endpoint::CreatePayer => go::<CreatePayer>(e, s, b),
        Endpoint::GetPayer => go::<GetPayer>(e, s, b),
        Endpoint::UpdatePayer => go::<ForPayer<UpdatePayer>>(e, s, b),
        Endpoint::CreatePaymentDetails => go::<ForPayer<CreatePaymentDetails>>(e, s, b),
        Endpoint::ListPaymentDetails => go::<ListPaymentDetails>(e, s, b),
        Endpoint::SearchPayments => go::<SearchPayments>(e, s, b),
        Endpoint::ListCurrencies => go::<ListCurrencies>(e, s, b),
        Endpoint::GetConversionRoutes => go::<GetConversionRoutes>(e, s, b),
        Endpoint::CreatePayout => go::<CreatePayout>(e, s, b),
        Endpoint::CreateBatchPayout => go::<BatchPayout>(e, s, b),
        Endpoint::SubmitRecurringPaymentSignature => go::<SubmitRecurringSignature>(e, s, b),
        Endpoint::GetRecurringPaymentStatus => go::<GetRecurringPayment>(e, s, b),
        Endpoint::UpdateRecurringPayment => go::<UpdateRecurringPayment>(e, s, b),
        Endpoint::CreatePayeeDestination => go::<CreatePayeeDestination>(e, s, b),
        Endpoint::UpdatePayeeDestination => go::<UpdatePayeeDestination>(e, s, b),
        Endpoint::GetPayeeDestination => go::<GetPayeeDestination>(e, s, b),
        other => panic!("no request type for {other}"),
    }
}

/// An object made of the `example` values of a schema's properties (the payer endpoints give
/// their examples this way).
fn example_from_schema(schema: &Value) -> Option<Value> {
    if let Some(example) = schema.get("example") {
        return Some(example.clone());
    }
    if schema.get("type").and_then(Value::as_str) == Some("array") {
        return example_from_schema(&schema["items"]).map(|item| Value::Array(vec![item]));
    }
    let properties = schema.get("properties")?.as_object()?;
    let mut object = serde_json::Map::new();
    for (key, property) in properties {
        if let Some(value) = example_from_schema(property) {
            object.insert(key.clone(), value);
        }
    }
    (!object.is_empty()).then_some(Value::Object(object))
}

/// Every documented response example of `endpoint`: `(status, name, body)`.
pub(crate) fn examples(endpoint: Endpoint) -> Vec<(u16, String, Value)> {
    let extract = extract();
    let operation = &extract["paths"][endpoint.path_template()]
        [endpoint.method().as_str().to_ascii_lowercase()];
    let mut out = Vec::new();
    if endpoint.host() == securepay::api::ApiHost::Auth {
        return out; // not in openapi.v2.json: see payee_destination_example_of_the_notes_*
    }
    for (status, response) in operation["responses"].as_object().unwrap() {
        let content = &response["content"]["application/json"];
        let status: u16 = status.parse().unwrap();
        if let Some(named) = content["examples"].as_object() {
            for (name, example) in named {
                out.push((status, name.clone(), example["value"].clone()));
            }
        } else if let Some(value) = example_from_schema(&content["schema"]) {
            out.push((status, "schema property examples".to_owned(), value));
        }
    }
    out
}

/// An example the API description gets wrong, the reason its parse must fail, and the fix.
pub(crate) struct Wrong {
    pub(crate) endpoint: Endpoint,
    pub(crate) name: &'static str,
    error_contains: &'static str,
    fixes: &'static [(&'static str, &'static str)],
}

const ELIDED_NATIVE: (&str, &str) = ("0xb868980b...00", "0xb868980b00");
const NATIVE_TO: (&str, &str) = (
    "0x11BF2fDA23bF0A98365e1A4e04A87C9339e8687",
    "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687",
);
const BAD_CHECKSUM: (&str, &str) = (
    "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324cf623C",
    "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C",
);
const PLACEHOLDER_TOKEN: (&str, &str) = ("01ABC123DEF456GHI789JKL", "01JD3E6JD46KY4KKV7X9V0MZ7W");

pub(crate) const WRONG: &[Wrong] = &[
    Wrong {
        endpoint: Endpoint::CreateSecurePayment,
        name: "singlePayment",
        error_contains: "23 characters",
        fixes: &[PLACEHOLDER_TOKEN],
    },
    Wrong {
        endpoint: Endpoint::CreateSecurePayment,
        name: "batchPayment",
        error_contains: "23 characters",
        fixes: &[PLACEHOLDER_TOKEN],
    },
    Wrong {
        endpoint: Endpoint::FindSecurePayment,
        name: "found",
        error_contains: "23 characters",
        fixes: &[PLACEHOLDER_TOKEN], // in `token` and in `securePaymentUrl`
    },
    Wrong {
        endpoint: Endpoint::GetRequestCalldata,
        name: "native",
        error_contains: "found 39",
        fixes: &[ELIDED_NATIVE, NATIVE_TO],
    },
    Wrong {
        endpoint: Endpoint::GetRequestCalldata,
        name: "token",
        error_contains: "bad EIP-55 checksum",
        fixes: &[
            ("0x095ea7b3...ff", "0x095ea7b3ff"),
            ("0xc219a14d...00", "0xc219a14d00"),
            BAD_CHECKSUM,
        ],
    },
    Wrong {
        endpoint: Endpoint::CreatePayout,
        name: "nativeCurrency",
        error_contains: "found 39",
        fixes: &[ELIDED_NATIVE, NATIVE_TO],
    },
    Wrong {
        endpoint: Endpoint::CreatePayout,
        name: "erc20Token",
        error_contains: "bad EIP-55 checksum",
        fixes: &[
            ("0x095ea7b3...ff", "0x095ea7b3ff"),
            ("0xc219a14d...00", "0xc219a14d00"),
            BAD_CHECKSUM,
        ],
    },
    Wrong {
        endpoint: Endpoint::CreatePayout,
        name: "recurringPayment",
        error_contains: "to: ",
        fixes: &[(
            "\"to\":\"0xA0b86a33E6441b8c4C8C8C8C8C8C8C8C8C8C8C8\"",
            "\"to\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\"",
        )],
    },
    Wrong {
        endpoint: Endpoint::UpdateRecurringPayment,
        name: "cancelled",
        error_contains: "to: ",
        fixes: &[(
            "\"to\":\"0xA0b86a33E6441b8c4C8C8C8C8C8C8C8C8C8C8C8\"",
            "\"to\":\"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48\"",
        )],
    },
    Wrong {
        endpoint: Endpoint::CreateBatchPayout,
        name: "erc20_and_eth_with_approval",
        error_contains: "data: not 0x-prefixed even-length hex",
        fixes: &[
            ("0x095ea7b3...", "0x095ea7b3"),
            ("0x92cddb91...", "0x92cddb91"),
        ],
    },
    Wrong {
        endpoint: Endpoint::CreateBatchPayout,
        name: "erc20_and_eth_no_approval",
        error_contains: "data: not 0x-prefixed even-length hex",
        fixes: &[("0x92cddb91...", "0x92cddb91")],
    },
    Wrong {
        endpoint: Endpoint::SearchPayments,
        name: "searchByMerchantReference",
        // `sourceTxHash` has 63 hex digits; the txHash parameter's own description says a
        // hash is "a valid 66-character hex string starting with '0x'".
        error_contains: "has 63 characters after the prefix",
        fixes: &[(
            "0x9999888877776666555544443333222211110000ffffeeeedddcccbbbaaa999",
            "0x9999888877776666555544443333222211110000ffffeeeeddddccccbbbbaaaa",
        )],
    },
];

#[test]
fn every_documented_response_example_parses_or_is_a_known_doc_error() {
    let mut parsed = 0;
    let mut refused = 0;
    for endpoint in Endpoint::ALL {
        for (status, name, body) in examples(endpoint) {
            let text = serde_json::to_string(&body).unwrap();
            let result = parse(endpoint, status, text.as_bytes());
            let wrong = WRONG
                .iter()
                .find(|w| w.endpoint == endpoint && w.name == name);
            match (wrong, (200..300).contains(&status)) {
                (None, true) => {
                    let model =
                        result.unwrap_or_else(|e| panic!("{endpoint} {status} {name}: {e}"));
                    assert!(!model.is_null(), "{endpoint} {name}");
                    // Round trip: what the model writes reads back to the same model.
                    let again = parse(endpoint, status, model.to_string().as_bytes())
                        .unwrap_or_else(|e| panic!("{endpoint} {name} written back: {e}"));
                    assert_eq!(again, model, "{endpoint} {name}");
                    parsed += 1;
                }
                (None, false) => {
                    let error = result.expect_err("an error status is an error");
                    assert_eq!(error.status, status);
                    assert!(
                        !matches!(*error.body, ErrorBody::Raw(_)),
                        "{endpoint} {status} {name}: documented error shape not recognised: {:?}",
                        error.body
                    );
                    assert!(error.body.message().is_some(), "{endpoint} {name}");
                    parsed += 1;
                }
                (Some(wrong), _) => {
                    let error = result.expect_err(&format!("{endpoint} {name} must be refused"));
                    let ApiErrorKind::InvalidBody(reason) = &error.kind else {
                        panic!("{endpoint} {name}: {error}")
                    };
                    assert!(
                        reason.to_string().contains(wrong.error_contains),
                        "{endpoint} {name}: {reason}"
                    );
                    let mut fixed = text.clone();
                    for (from, to) in wrong.fixes {
                        assert!(
                            fixed.contains(from),
                            "{endpoint} {name}: {from} not in the example"
                        );
                        fixed = fixed.replace(from, to);
                    }
                    parse(endpoint, status, fixed.as_bytes())
                        .unwrap_or_else(|e| panic!("{endpoint} {name} fixed: {e}"));
                    refused += 1;
                }
            }
        }
    }
    assert_eq!(refused, WRONG.len(), "every known doc error was met");
    assert!(parsed >= 30, "only {parsed} examples parsed");
}

#[test]
fn create_answer_reads_absent_fee_plan_as_null_and_keeps_the_token_typed() {
    let body = br#"{"requestIds":["01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"],"securePaymentUrl":"https://secure.request.network/01JD3E6JD46KY4KKV7X9V0MZ7W","token":"01jd3e6jd46ky4kkv7x9v0mz7w"}"#;
    let created: SecurePaymentCreated = parse_parts(StatusCode::CREATED, body).unwrap();
    assert_eq!(created.fee_plan, None);
    assert_eq!(created.token.to_string(), "01JD3E6JD46KY4KKV7X9V0MZ7W");
}

#[test]
fn fee_plan_of_another_version_or_an_unknown_bearer_is_refused() {
    let plan = |version: &str, bearer: &str| {
        format!(
            r#"{{"requestIds":[],"securePaymentUrl":"u","token":"01JD3E6JD46KY4KKV7X9V0MZ7W","feePlan":{{"version":{version},"flow":"get_paid","defaultFeeBearer":"{bearer}",
            "grossAmountUsd":"10.00","netRecipientAmountUsd":"9.90","payerTotalAmountUsd":"10.00","totalFeesUsd":"0.10","payeeBorneFeesUsd":"0.10","payerBorneFeesUsd":"0",
            "fees":[{{"type":"protocol","label":"Protocol fee","feeBearer":"payee","feeBearerSource":"flow_default","percentageBps":10,"capUsd":null,"calculatedAmountUsd":"0.10","destinationResolver":"platform","destinationRef":{{"evmAddress":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}},"configSource":"default"}}]}}}}"#
        )
    };
    let ok: SecurePaymentCreated =
        parse_parts(StatusCode::CREATED, plan("1", "payee").as_bytes()).unwrap();
    assert_eq!(ok.fee_plan.unwrap().fees.len(), 1);
    for (version, bearer) in [("2", "payee"), ("1", "platform")] {
        let error = parse_parts::<SecurePaymentCreated>(
            StatusCode::CREATED,
            plan(version, bearer).as_bytes(),
        )
        .unwrap_err();
        assert!(
            matches!(error.kind, ApiErrorKind::InvalidBody(_)),
            "{version} {bearer}"
        );
    }
}

#[test]
fn secure_payment_409_and_423_examples_map_to_pay_endpoint_errors() {
    let by_name = |name: &str| {
        examples(Endpoint::GetSecurePayment)
            .into_iter()
            .find(|(_, n, _)| n == name)
            .unwrap()
    };
    let (status, _, body) = by_name("alreadyPaid");
    let error = parse(
        Endpoint::GetSecurePayment,
        status,
        body.to_string().as_bytes(),
    )
    .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::Conflict);
    let PayEndpointError::AlreadyCompleted {
        request_statuses, ..
    } = error.to_pay_endpoint_error()
    else {
        panic!("409 is AlreadyCompleted")
    };
    assert!(request_statuses[0].has_been_paid);

    let (status, _, body) = by_name("paymentInProgress");
    let error = parse(
        Endpoint::GetSecurePayment,
        status,
        body.to_string().as_bytes(),
    )
    .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::Locked);
    let PayEndpointError::InProgress {
        safe_tx_hash,
        chain_id,
        safe_payment_deadline,
        ..
    } = error.to_pay_endpoint_error()
    else {
        panic!("423 is InProgress")
    };
    assert_eq!(chain_id, Some(137)); // read from requestStatuses[], where the example puts it
    assert_eq!(safe_payment_deadline, Some(1_749_760_800));
    assert!(safe_tx_hash.unwrap().starts_with("0x1234"));
}

#[test]
fn zod_and_plain_error_examples_keep_their_shape() {
    let (status, _, body) = examples(Endpoint::ListCurrencies)
        .into_iter()
        .find(|(s, _, _)| *s == 400)
        .unwrap();
    let error = parse(
        Endpoint::ListCurrencies,
        status,
        body.to_string().as_bytes(),
    )
    .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::BadRequest);
    let ErrorBody::Nest {
        message: NestMessage::Issues(issues),
        ..
    } = &*error.body
    else {
        panic!("Zod issues expected: {:?}", error.body)
    };
    assert_eq!(issues[0].path, vec![Value::from("firstOnly")]);

    let (status, _, body) = examples(Endpoint::CreateBatchPayout)
        .into_iter()
        .find(|(s, _, _)| *s == 400)
        .unwrap();
    let error = parse(
        Endpoint::CreateBatchPayout,
        status,
        body.to_string().as_bytes(),
    )
    .unwrap_err();
    assert_eq!(
        error.body.message().as_deref(),
        Some("All requests must be on the same network")
    );
}

#[test]
fn non_json_and_unknown_statuses_keep_the_raw_text() {
    let error = parse_parts::<RequestCreated>(StatusCode::BAD_GATEWAY, b"<html>Bad gateway</html>")
        .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::Server);
    assert_eq!(
        *error.body,
        ErrorBody::Raw("<html>Bad gateway</html>".into())
    );
    assert!(error.is_retryable());
    let error = parse_parts::<RequestCreated>(StatusCode::FOUND, b"").unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::UnexpectedStatus);
    assert!(!error.is_retryable());
    let error = parse_parts::<RequestCreated>(StatusCode::TOO_MANY_REQUESTS, b"Too Many Requests")
        .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::TooManyRequests);
    assert!(error.is_retryable());
}

#[test]
fn a_success_status_with_the_wrong_body_is_an_invalid_body_error_with_the_text_kept() {
    let error =
        parse_parts::<RequestCreated>(StatusCode::CREATED, br#"{"requestId":"01e2"}"#).unwrap_err();
    assert_eq!(error.status, 201);
    assert!(
        matches!(&error.kind, ApiErrorKind::InvalidBody(reason) if reason.to_string().contains("paymentReference"))
    );
    assert_eq!(
        *error.body,
        ErrorBody::Raw(r#"{"requestId":"01e2"}"#.into())
    );
}

#[test]
fn request_calldata_indexes_must_point_at_a_transaction() {
    let body = br#"{"transactions":[{"data":"0x095ea7b3","to":"0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C","value":0}],
        "metadata":{"stepsRequired":1,"needsApproval":true,"approvalTransactionIndex":3,"hasEnoughBalance":true,"hasEnoughGas":true}}"#;
    let error = parse_parts::<RequestPayResponse>(StatusCode::OK, body).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("approvalTransactionIndex 3 points past the 1 transaction(s)")
    );
    let body = br#"{"transactions":[],"metadata":{"stepsRequired":0,"needsApproval":true,"approvalTransactionIndex":null}}"#;
    assert!(parse_parts::<RequestPayResponse>(StatusCode::OK, body).is_err());
}

#[test]
fn current_cross_chain_request_calldata_parses_with_its_metadata() {
    let body = br#"{ "transactions": [
        { "data": "0x095ea7b3", "to": "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", "value": "0x0" },
        { "data": "0xabcdef", "to": "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE", "value": "0x0" } ],
      "metadata": { "stepsRequired": 2, "needsApproval": true, "approvalTransactionIndex": 0, "paymentTransactionIndex": 1,
        "routeType": "crosschain", "quoteExpiresAt": 1742205771, "hasEnoughBalance": true, "sourceAmount": "10.02" } }"#;
    let RequestPayResponse::Calldata(calldata) = parse_parts(StatusCode::OK, body).unwrap() else {
        panic!("calldata expected")
    };
    assert_eq!(calldata.metadata.payment_transaction_index, Some(1));
    assert_eq!(calldata.metadata.source_amount.unwrap().as_str(), "10.02");
}

#[test]
fn batch_payout_answer_without_approvals_reads_as_none_needed_but_needs_a_batch_call() {
    let body = br#"{"ETHBatchPaymentTransaction":{"data":"0x92cddb91","to":"0x67818703c92580c0e106e401F253E8A410A66f8B","value":{"type":"BigNumber","hex":"0x0d83b3d1afc58b"}}}"#;
    let BatchPayoutCalldata(batch) = parse_parts(StatusCode::CREATED, body).unwrap();
    assert!(batch.erc20_approval_transactions.is_empty());
    assert_eq!(batch.batch_transactions().count(), 1);
    assert!(
        parse_parts::<BatchPayoutCalldata>(
            StatusCode::CREATED,
            br#"{"ERC20ApprovalTransactions":[]}"#
        )
        .is_err()
    );
}

#[test]
fn secure_payment_info_checks_batch_arrays_have_one_entry_per_payment() {
    let body = br#"{"paymentType":"batch","status":"pending","payees":["0xb07d2398d2004378cad234da0ef14f1c94a530e4","0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"],
        "network":"sepolia","amounts":["50"],"paymentCurrencies":["FAU-sepolia","FAU-sepolia"]}"#;
    let error = parse_parts::<SecurePaymentInfo>(StatusCode::OK, body).unwrap_err();
    assert!(error.to_string().contains("same length"), "{error}");
    let status_only = br#"{"paymentType":"single","status":"completed","branding":null}"#;
    let info: SecurePaymentInfo = parse_parts(StatusCode::OK, status_only).unwrap();
    assert!(matches!(info, SecurePaymentInfo::StatusOnly { .. }));
    assert!(!info.common().status.is_payable());
}

#[test]
fn intent_answers_are_told_apart_by_receipt_id() {
    let tracked = br#"{ "intentId": "01HXEXAMPLE123", "paymentReference": "0xb3581f0b0f74cc61", "txHash": "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef", "isListening": true }"#;
    assert!(matches!(
        parse_parts(StatusCode::OK, tracked).unwrap(),
        IntentRecorded::Tracked(_)
    ));
    let receipt = br#"{"receiptId":"r1","multicallId":"m1","parentToken":"01JD3E6JD46KY4KKV7X9V0MZ7W","sourceChain":"BASE",
        "smartAccountAddress":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","userOpHash":"0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef",
        "transactionIndices":[{"childPosition":0,"transactionIndex":1}],"isListening":false}"#;
    assert!(matches!(
        parse_parts(StatusCode::OK, receipt).unwrap(),
        IntentRecorded::Multicall(_)
    ));
}

/// The Auth API's destination answer of api-notes §6.1, whose `destinationId` and interop
/// fields are elided (`0x6923...C7D7`) and carry the placeholder checksum `ABCD1234`.
const NOTES_DESTINATION: &str = r#"{ "id": "01HXEXAMPLE123",
  "destinationId": "0x6923...C7D7@eip155:8453#ABCD1234:0x8335...2913",
  "walletAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
  "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "chainId": 8453,
  "accessPolicy": { "mode": "kyt_all_wallets", "screeningProvider": "hypernative", "hideUntilApproved": true, "hidePayeeAddress": true },
  "binaryInteropAddress": "0x...", "humanReadableInteropAddress": "0x6923...C7D7@eip155:8453#ABCD1234",
  "claimed": true, "active": true, "createdAt": "2026-03-15T10:00:00.000Z" }"#;

#[test]
fn payee_destination_example_of_the_notes_is_refused_as_elided_and_parses_completed() {
    let notes = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/api/auth-api-notes.md"
    ))
    .unwrap();
    assert!(
        notes.contains(r#""destinationId": "0x6923...C7D7@eip155:8453#ABCD1234:0x8335...2913""#)
    );
    let error = parse(
        Endpoint::CreatePayeeDestination,
        201,
        NOTES_DESTINATION.as_bytes(),
    )
    .unwrap_err();
    assert!(
        matches!(error.kind, ApiErrorKind::InvalidBody(_)),
        "{error}"
    );

    // The same answer with the real values (89CDCBED is the ERC-7930 checksum of this wallet on Base).
    let name = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED";
    let completed = NOTES_DESTINATION
        .replace(
            "0x6923...C7D7@eip155:8453#ABCD1234:0x8335...2913",
            &format!("{name}:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
        )
        .replace("0x6923...C7D7@eip155:8453#ABCD1234", name)
        .replace(
            "\"0x...\"",
            "\"0x00010000022105146923831acf5c327260d7ac7c9dff5b1c3cb3c7d7\"",
        );
    let destination: PayeeDestination =
        parse_parts(StatusCode::CREATED, completed.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        destination.destination_id.network(),
        securepay::network::Network::Base
    );
    assert_eq!(
        destination.access_policy.unwrap().hide_payee_address(),
        Some(true)
    );

    // A destination that contradicts itself is refused.
    let other_chain = completed.replace("\"chainId\": 8453", "\"chainId\": 10");
    assert!(parse(Endpoint::GetPayeeDestination, 200, other_chain.as_bytes()).is_err());
    let other_wallet = completed.replace(
        "\"walletAddress\": \"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7\"",
        "\"walletAddress\": \"0xb07D2398d2004378cad234DA0EF14f1c94A530e4\"",
    );
    assert!(
        parse(
            Endpoint::UpdatePayeeDestination,
            200,
            other_wallet.as_bytes()
        )
        .is_err()
    );
    // GET answers null when no destination is active.
    assert_eq!(
        parse(Endpoint::GetPayeeDestination, 200, b"null").unwrap(),
        Value::Null
    );
}

#[test]
fn multicall_link_answer_reads_its_items_and_keeps_unknown_reasons() {
    // No example is published: this one follows the schema of the 201 answer.
    let body = br#"{"type":"multicall","token":"01JD3E6JD46KY4KKV7X9V0MZ7W","securePaymentUrl":"https://pay.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W",
        "status":"pending","expiresAt":"2026-03-22T10:00:00.000Z","createdAt":"2026-03-15T10:00:00.000Z",
        "items":[{"securePaymentToken":"01JD3E6JD46KY4KKV7X9V0MZ7X","requestId":"01e2","position":0,"eligibility":"eligible"},
                 {"securePaymentToken":"01JD3E6JD46KY4KKV7X9V0MZ7Y","requestId":"01e3","position":1,"eligibility":"stale","staleReason":"quote_moved"}]}"#;
    let created: MulticallPayoutCreated = parse_parts(StatusCode::CREATED, body).unwrap();
    assert_eq!(created.items.len(), 2);
    let reason = created.items[1].stale_reason.clone().unwrap();
    assert!(!reason.is_known());
    assert_eq!(reason.as_str(), "quote_moved");
    let written = serde_json::to_value(&created).unwrap();
    assert_eq!(written, serde_json::from_slice::<Value>(body).unwrap());
    let other_type =
        String::from_utf8_lossy(body).replace(r#""type":"multicall""#, r#""type":"batch""#);
    assert!(
        parse_parts::<MulticallPayoutCreated>(StatusCode::CREATED, other_type.as_bytes()).is_err()
    );
}
