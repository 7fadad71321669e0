//! A key given twice in an answer of the service is refused by every answer the API layer
//! parses, as for pay responses: at the top level, inside nested objects, among the fields an
//! answer keeps in `extra`, inside free-form JSON kept as given, and among the keys of maps
//! keyed by the service. `serde_json::Value` and a flattened `Map` keep the last of two keys
//! silently; here the error names the key, and the same body with the key once parses.
//!
//! Error answers with a key given twice are not interpreted (their body is kept as raw text),
//! and no answer body above the shared bound is read.

use http::StatusCode;
use securepay::api::{
    ApiErrorKind, BodyCause, Endpoint, ErrorBody, PayerUpdated, RequestCreated, parse_parts,
};
use securepay::pay::PayEndpointError;
use securepay::verify::MAX_RESPONSE_BYTES;
use serde_json::{Value, json};

use super::responses::parse;

/// `body` as JSON text with `key` given twice in the object at `pointer` (a JSON pointer, `""`
/// for the top level): first with the value `first`, then, in its place among the object's
/// fields, with the value `body` has there. A reader that keeps the last key reads `body`.
fn twice(body: &Value, pointer: &str, key: &str, first: &Value) -> String {
    fn write(
        value: &Value,
        here: &str,
        target: (&str, &str, &Value),
        found: &mut bool,
        out: &mut String,
    ) {
        let (pointer, key, first) = target;
        match value {
            Value::Object(object) => {
                let mut entries = Vec::new();
                if here == pointer && object.contains_key(key) {
                    *found = true;
                    entries.push(format!("{}:{first}", Value::from(key)));
                }
                for (name, inner) in object {
                    let mut text = String::new();
                    write(inner, &format!("{here}/{name}"), target, found, &mut text);
                    entries.push(format!("{}:{text}", Value::from(name.as_str())));
                }
                out.push('{');
                out.push_str(&entries.join(","));
                out.push('}');
            }
            Value::Array(items) => {
                let mut entries = Vec::new();
                for (index, inner) in items.iter().enumerate() {
                    let mut text = String::new();
                    write(inner, &format!("{here}/{index}"), target, found, &mut text);
                    entries.push(text);
                }
                out.push('[');
                out.push_str(&entries.join(","));
                out.push(']');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let mut found = false;
    let mut out = String::new();
    write(body, "", (pointer, key, first), &mut found, &mut out);
    assert!(found, "{pointer}/{key} is not in {body}");
    out
}

/// One answer of one endpoint, and the keys to give twice in it: `(pointer, key, first value)`.
pub(crate) struct Case {
    pub(crate) endpoint: Endpoint,
    pub(crate) body: Value,
    twice: Vec<(&'static str, &'static str, Value)>,
}

const REQUEST_ID: &str = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb";
const OTHER_REQUEST_ID: &str = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdc";
const WALLET: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const OTHER_WALLET: &str = "0xb07D2398d2004378cad234DA0EF14f1c94A530e4";
const USDC_BASE: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

fn fee_plan() -> Value {
    json!({"version": 1, "flow": "get_paid", "defaultFeeBearer": "payee",
        "grossAmountUsd": "10.00", "netRecipientAmountUsd": "9.90", "payerTotalAmountUsd": "10.00",
        "totalFeesUsd": "0.10", "payeeBorneFeesUsd": "0.10", "payerBorneFeesUsd": "0",
        "fees": [{"type": "protocol", "label": "Protocol fee", "feeBearer": "payee",
            "feeBearerSource": "flow_default", "percentageBps": 10, "capUsd": null,
            "calculatedAmountUsd": "0.10", "destinationResolver": "platform",
            "destinationRef": {"evmAddress": WALLET}, "configSource": "default"}]})
}

fn secure_payment_created() -> Value {
    json!({"requestIds": [REQUEST_ID],
        "securePaymentUrl": "https://secure.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W",
        "token": "01JD3E6JD46KY4KKV7X9V0MZ7W", "feePlan": fee_plan()})
}

fn kyt_result() -> Value {
    json!({"walletAddress": WALLET, "walletType": "eoa", "parentWalletAddress": null,
        "status": "approved", "reasonCode": null, "provider": "hypernative", "providerReference": null,
        "reportUrl": null, "notes": null, "rawStatus": "LOW_RISK", "evaluatedAt": "2026-03-15T10:05:00.000Z"})
}

fn secure_payment_found() -> Value {
    let destination = json!({"destinationId": format!("{WALLET}@eip155:8453#89CDCBED:{USDC_BASE}"),
        "payeeAddress": format!("{WALLET}@eip155:8453#89CDCBED"), "tokenAddress": USDC_BASE,
        "walletAddress": WALLET, "network": "base", "isMasked": false});
    json!({"token": "01JD3E6JD46KY4KKV7X9V0MZ7W",
        "securePaymentUrl": "https://secure.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W",
        "status": "pending", "paymentType": "single", "createdAt": "2026-03-15T10:00:00.000Z",
        "expiresAt": "2026-03-22T10:00:00.000Z", "redirectUrl": null, "redirectLabel": null,
        "completedAt": null, "payerAddress": null, "payerKytResults": [kyt_result()],
        "payeeKytResults": [kyt_result()], "destination": destination.clone(),
        "claimedDestination": destination, "orchestratorId": null, "feePlan": fee_plan(),
        "network": "base", "currency": "USDC-base", "executionKind": "evm_same_chain",
        "identityMode": "client_id", "clientId": "cli_1", "branding": {"whitelabelEnabled": false, "source": "client_id"},
        "childExecutable": true, "blockReason": null})
}

fn approve_then_pay() -> Value {
    json!([{"data": "0x095ea7b3", "to": "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C", "value": 0},
        {"data": "0xc219a14d", "to": "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE", "value": 0}])
}

fn usdt() -> Value {
    json!({"id": "USDT-mainnet", "name": "USDT", "symbol": "USDT", "decimals": 6,
        "address": "0xdAC17F958D2ee523a2206206994597C13D831ec7", "network": "mainnet", "type": "ERC20",
        "hash": "0xdac17f958d2ee523a2206206994597c13d831ec7", "chainId": 1})
}

fn payee_destination() -> Value {
    let name = format!("{WALLET}@eip155:8453#89CDCBED");
    json!({"id": "01HXEXAMPLE123", "chainId": 8453, "destinationId": format!("{name}:{USDC_BASE}"),
        "walletAddress": WALLET, "tokenAddress": USDC_BASE,
        "accessPolicy": {"mode": "kyt_all_wallets", "screeningProvider": "hypernative",
            "hideUntilApproved": true, "hidePayeeAddress": true},
        "humanReadableInteropAddress": name, "claimed": true, "active": true})
}

/// A Client ID record with every described field, and one the description does not name.
fn client_id_record() -> Value {
    json!({"id": "123", "clientId": "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", "label": "My Client ID",
        "allowedDomains": ["https://example.com", "https://app.example.com"],
        "feePercentage": "2.5", "feeAddress": WALLET, "operatorWalletAddress": null,
        "defaultPreApprovalExpiry": 3600, "defaultAuthorizationExpiry": 86400,
        "status": "active", "createdAt": "2026-03-15T10:00:00.000Z",
        "updatedAt": "2026-03-15T10:00:00.000Z", "lastUsedAt": null, "brandNew": {"a": 1}})
}

/// EIP-712 signing data as the v2 destination endpoint might answer it (the description gives
/// no schema).
fn signing_data() -> Value {
    json!({"nonce": "n-42", "domain": {"name": "Request Network", "version": "1", "chainId": 8453},
        "types": {"PayeeDestination": [{"name": "walletAddress", "type": "address"}]},
        "primaryType": "PayeeDestination", "message": {"walletAddress": WALLET, "action": "add"}})
}

fn data(path: &str) -> Value {
    let path = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// `base` with the fields of `more` added (at the top level).
fn with(mut base: Value, more: Value) -> Value {
    for (key, value) in more.as_object().unwrap() {
        base[key] = value.clone();
    }
    base
}

/// Every answer the API layer parses, one or more forms per endpoint, with the keys given
/// twice in each.
pub(crate) fn cases() -> Vec<Case> {
    let case = |endpoint, body, twice| Case {
        endpoint,
        body,
        twice,
    };
    let single_info = json!({"paymentType": "single", "payee": WALLET, "network": "base",
        "amount": "10000000", "paymentCurrency": "USDC-base", "status": "pending", "reference": "ORDER-1",
        "destination": {"payeeAddress": format!("{WALLET}@eip155:8453#89CDCBED"), "tokenAddress": USDC_BASE,
            "walletAddress": WALLET, "network": "base"},
        "branding": {"logo": "https://example.com/logo.png", "colors": {"primary": "#000000"}},
        "paymentOptions": {"BASE": {"USDC": {"balance": "150.00", "hasEnoughBalance": true, "neededAmount": "10.00"}}},
        "analytics": {"source": "checkout"},
        "accessDecision": {"status": "approved", "reasonCode": "ok", "provider": null,
            "walletResults": [{"walletAddress": WALLET, "walletType": "eoa", "parentWalletAddress": null,
                "status": "approved", "reasonCode": "ok", "provider": null}]},
        "feePlan": fee_plan()});
    let batch_info = json!({"paymentType": "batch", "payees": [OTHER_WALLET, WALLET], "network": "sepolia",
        "amounts": ["50", "10"], "paymentCurrencies": ["FAU-sepolia", "FAU-sepolia"], "status": "pending",
        "destinations": [null, null], "reference": "BATCH-REF-001"});
    let multicall_info = json!({"paymentType": "multicall", "status": "partially_settled",
        "token": "01JD3E6JD46KY4KKV7X9V0MZ7W", "canExecute": false, "expiresAt": "2026-03-22T10:00:00.000Z",
        "createdAt": "2026-03-15T10:00:00.000Z",
        "children": [{"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ7Y", "requestId": "01e3", "position": 1,
            "executable": false, "blockReason": "already_paid", "recoveryAction": "remove_child",
            "amount": "15.5", "context": {"paidBy": "0xab"}}],
        "totals": {"childCount": 2, "blockedChildCount": 1,
            "byDestinationCurrency": [{"network": "base", "currency": "USDC", "totalAmount": "40.5"}],
            "amountSummary": {"grossAmount": "40.5", "netRecipientAmount": "40.5", "totalFees": "0",
                "payeeBorneFees": "0", "payerBorneFees": "0", "payerTotal": "40.5"}}});
    let tx_hash = "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef";
    let other_hash = "0x2234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef";
    let request_status = with(
        data("partial/status-withCustomerInfo.json"),
        json!({"recurrence": {"startDate": "2030-01-01", "frequency": "YEARLY"},
            "payments": [{"amount": "75.00", "txHash": tx_hash}],
            "brandNew": {"a": 1},
            "conversionBreakdown": {"paidAmount": "75.00", "remainingAmount": "25.00", "brandNew": 1,
                "payments": [{"amount": "75.00", "rateSource": "chainlink", "brandNew": 1}]},
            "fees": [{"type": "platform", "provider": "request-network", "amount": "1.50", "currency": "USDC", "brandNew": 1}]}),
    );
    let mut request_status = request_status;
    request_status["customerInfo"]["company"] = json!("Acme");
    request_status["customerInfo"]["address"]["unit"] = json!("4B");
    let payment_detail_created = {
        let mut body = with(
            data("offramp/payment-detail-created.json"),
            json!({"brandNew": 1}),
        );
        body["payment_detail"]["brandNew"] = json!({"a": 1});
        body
    };
    let payment_details_list = {
        let mut body = with(
            data("offramp/payment-details-list.json"),
            json!({"brandNew": 1}),
        );
        body["paymentDetails"][0]["brandNew"] = json!(1);
        body
    };
    let calldata = json!({"transactions": approve_then_pay(),
        "metadata": {"stepsRequired": 2, "needsApproval": true, "approvalTransactionIndex": 0,
            "hasEnoughBalance": true, "hasEnoughGas": true, "brandNew": {"a": 1}}});
    vec![
        case(
            Endpoint::CreateSecurePayment,
            secure_payment_created(),
            vec![
                ("", "token", json!("01JD3E6JD46KY4KKV7X9V0MZ7X")),
                ("/feePlan", "totalFeesUsd", json!("0")),
                (
                    "/feePlan/fees/0/destinationRef",
                    "evmAddress",
                    json!(OTHER_WALLET),
                ),
            ],
        ),
        case(
            Endpoint::FindSecurePayment,
            secure_payment_found(),
            vec![
                ("", "token", json!("01JD3E6JD46KY4KKV7X9V0MZ7X")),
                ("", "status", json!("completed")),
                ("/payerKytResults/0", "walletType", json!("smart_account")),
                ("/payeeKytResults/0", "rawStatus", json!("HIGH_RISK")),
                ("/destination", "walletAddress", json!(OTHER_WALLET)),
                ("/claimedDestination", "network", json!("sepolia")),
                ("/feePlan/fees/0", "label", json!("Other fee")),
                ("/branding", "source", json!("request_network")),
            ],
        ),
        case(
            Endpoint::PreviewFees,
            fee_plan(),
            vec![
                ("", "version", json!(1)),
                ("", "grossAmountUsd", json!("0")),
                ("/fees/0", "percentageBps", json!(20)),
                ("/fees/0/destinationRef", "evmAddress", json!(OTHER_WALLET)),
            ],
        ),
        case(
            Endpoint::CreateBatchPayoutSecurePayment,
            secure_payment_created(),
            vec![
                ("", "requestIds", json!([])),
                ("/feePlan", "fees", json!([])),
            ],
        ),
        case(
            Endpoint::CreatePayoutSecurePayment,
            secure_payment_created(),
            vec![
                ("", "securePaymentUrl", json!("https://pay.example/")),
                ("/feePlan/fees/0", "feeBearer", json!("payer")),
            ],
        ),
        case(
            Endpoint::CreateMulticallPayout,
            json!({"type": "multicall", "token": "01JD3E6JD46KY4KKV7X9V0MZ7W", "status": "pending",
                "expiresAt": "2026-03-22T10:00:00.000Z", "createdAt": "2026-03-15T10:00:00.000Z",
                "items": [{"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ7X", "requestId": "01e2", "position": 0, "eligibility": "eligible"},
                    {"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ7Y", "requestId": "01e3", "position": 1,
                        "eligibility": "stale", "staleReason": "already_paid"}]}),
            vec![
                ("", "status", json!("expired")),
                ("/items/1", "position", json!(0)),
            ],
        ),
        case(
            Endpoint::GetMulticallPayout,
            multicall_info.clone(),
            vec![
                ("", "paymentType", json!("multicall")),
                ("", "token", json!("01JD3E6JD46KY4KKV7X9V0MZ7X")),
                ("/children/0", "blockReason", json!("not_found")),
                ("/children/0/context", "paidBy", json!("0xcd")),
                ("/totals", "childCount", json!(3)),
                ("/totals/byDestinationCurrency/0", "totalAmount", json!("1")),
            ],
        ),
        case(
            Endpoint::GetSecurePayment,
            single_info,
            vec![
                ("", "paymentType", json!("batch")),
                ("", "payee", json!(OTHER_WALLET)),
                ("", "status", json!("completed")),
                ("/destination", "walletAddress", json!(OTHER_WALLET)),
                ("/branding", "logo", json!("https://example.com/other.png")),
                ("/branding/colors", "primary", json!("#ffffff")),
                ("/paymentOptions", "BASE", json!({})),
                (
                    "/paymentOptions/BASE",
                    "USDC",
                    json!({"balance": "0", "hasEnoughBalance": false, "neededAmount": "10.00"}),
                ),
                (
                    "/paymentOptions/BASE/USDC",
                    "hasEnoughBalance",
                    json!(false),
                ),
                ("/analytics", "source", json!("other")),
                ("/accessDecision", "status", json!("rejected")),
                (
                    "/accessDecision/walletResults/0",
                    "status",
                    json!("rejected"),
                ),
                ("/feePlan", "flow", json!("pay")),
            ],
        ),
        case(
            Endpoint::GetSecurePayment,
            batch_info,
            vec![
                ("", "payees", json!([WALLET, OTHER_WALLET])),
                ("", "amounts", json!(["1", "1"])),
            ],
        ),
        case(
            Endpoint::GetSecurePayment,
            multicall_info,
            vec![
                ("", "canExecute", json!(true)),
                ("/children/0", "amount", json!("1")),
                ("/children/0/context", "paidBy", json!("0xcd")),
                ("/totals/amountSummary", "payerTotal", json!("1")),
            ],
        ),
        case(
            Endpoint::GetSecurePayment,
            json!({"paymentType": "single", "status": "completed", "branding": {"name": "Acme"}}),
            vec![
                ("", "status", json!("pending")),
                ("/branding", "name", json!("Other")),
            ],
        ),
        case(
            Endpoint::GetSecurePaymentCalldata,
            data("pay/single_erc20_fees.json"),
            vec![
                ("", "paymentType", json!("multicall")),
                ("/metadata", "stepsRequired", json!(1)),
                ("/transactions/0", "to", json!(OTHER_WALLET)),
                ("/feeBundle/amountSummary", "payerTotal", json!("0")),
            ],
        ),
        case(
            Endpoint::RecordSecurePaymentIntent,
            json!({"intentId": "01HXEXAMPLE123", "paymentReference": "0xb3581f0b0f74cc61",
                "txHash": tx_hash, "isListening": true}),
            vec![
                ("", "isListening", json!(false)),
                ("", "txHash", json!(other_hash)),
            ],
        ),
        case(
            Endpoint::RecordSecurePaymentIntent,
            json!({"receiptId": "r1", "multicallId": "m1", "parentToken": "01JD3E6JD46KY4KKV7X9V0MZ7W",
                "sourceChain": "BASE", "smartAccountAddress": WALLET, "userOpHash": tx_hash,
                "transactionIndices": [{"childPosition": 0, "transactionIndex": 1}], "isListening": false}),
            vec![
                ("", "receiptId", json!("r0")),
                ("/transactionIndices/0", "transactionIndex", json!(0)),
            ],
        ),
        case(
            Endpoint::BroadcastTronTransaction,
            json!({"result": true, "txid": "151fb1fc323aed619d9f22d9818e5a034e8dd78e2f43e3bf4a8f1ec6d1d0a3f7"}),
            vec![("", "result", json!(false))],
        ),
        case(
            Endpoint::RefreshStepTransaction,
            json!({"transactionRequest": {"to": "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE",
                "data": "0xabcdef", "value": "0x0"}, "brandNew": {"a": 1}}),
            vec![
                (
                    "",
                    "transactionRequest",
                    json!({"to": OTHER_WALLET, "data": "0x", "value": 0}),
                ),
                ("/transactionRequest", "to", json!(OTHER_WALLET)),
                ("/transactionRequest", "value", json!("0x1")),
                ("", "brandNew", json!(2)),
                ("/brandNew", "a", json!(2)),
            ],
        ),
        case(
            Endpoint::CreateRequest,
            json!({"paymentReference": "0xb3581f0b0f74cc61", "requestId": REQUEST_ID}),
            vec![
                ("", "requestId", json!(OTHER_REQUEST_ID)),
                ("", "paymentReference", json!("0x1111111111111111")),
            ],
        ),
        case(
            Endpoint::GetRequestStatus,
            request_status,
            vec![
                ("", "hasBeenPaid", json!(true)),
                ("", "brandNew", json!(2)),
                ("/brandNew", "a", json!(2)),
                ("/recurrence", "frequency", json!("DAILY")),
                ("/payments/0", "amount", json!("1.00")),
                ("/conversionBreakdown", "paidAmount", json!("100.00")),
                ("/conversionBreakdown", "brandNew", json!(2)),
                ("/conversionBreakdown/payments/0", "amount", json!("1.00")),
                ("/conversionBreakdown/payments/0", "brandNew", json!(2)),
                ("/fees/0", "amount", json!("0")),
                ("/fees/0", "brandNew", json!(2)),
                ("/customerInfo", "email", json!("other@example.com")),
                ("/customerInfo", "company", json!("Other")),
                ("/customerInfo/address", "country", json!("FR")),
                ("/customerInfo/address", "unit", json!("5C")),
            ],
        ),
        case(
            Endpoint::GetRequestCalldata,
            calldata.clone(),
            vec![
                ("", "transactions", json!([])),
                ("/metadata", "approvalTransactionIndex", json!(1)),
                ("/metadata", "brandNew", json!(2)),
                ("/metadata/brandNew", "a", json!(2)),
                ("/transactions/1", "to", json!(OTHER_WALLET)),
            ],
        ),
        case(
            Endpoint::GetRequestCalldata,
            json!({"paymentIntentId": "pi_1", "paymentIntent": "{}", "approvalPermitPayload": null,
                "approvalCalldata": null, "metadata": {"supportsEIP2612": false}}),
            vec![
                ("", "paymentIntentId", json!("pi_0")),
                ("/metadata", "supportsEIP2612", json!(true)),
            ],
        ),
        case(
            Endpoint::CreatePayer,
            with(
                data("offramp/payer-created.json"),
                json!({"brandNew": {"a": 1}}),
            ),
            vec![
                ("", "kycUrl", json!("https://pay.example/kyc")),
                ("", "brandNew", json!(2)),
                ("/brandNew", "a", json!(2)),
                ("/status", "kycStatus", json!("completed")),
            ],
        ),
        case(
            Endpoint::GetPayer,
            with(
                data("offramp/compliance-status.json"),
                json!({"brandNew": 1}),
            ),
            vec![
                ("", "isCompliant", json!(false)),
                ("", "brandNew", json!(2)),
            ],
        ),
        case(
            Endpoint::UpdatePayer,
            json!({"success": true}),
            vec![("", "success", json!(false))],
        ),
        case(
            Endpoint::CreatePaymentDetails,
            payment_detail_created,
            vec![
                ("", "brandNew", json!(2)),
                ("/payment_detail", "id", json!("pd_000000")),
                ("/payment_detail", "brandNew", json!(2)),
                ("/payment_detail/brandNew", "a", json!(2)),
            ],
        ),
        case(
            Endpoint::ListPaymentDetails,
            payment_details_list,
            vec![
                ("", "paymentDetails", json!([])),
                ("", "brandNew", json!(2)),
                ("/paymentDetails/0", "status", json!("pending")),
                ("/paymentDetails/0", "brandNew", json!(2)),
            ],
        ),
        case(
            Endpoint::SearchPayments,
            json!({"payments": [{"id": "01HXAMPLE1234567890ABCDEF", "amount": "1000000000000000000",
                "sourceNetwork": "sepolia", "destinationNetwork": "sepolia", "sourceTxHash": tx_hash,
                "destinationTxHash": null, "timestamp": "2024-01-15T10:30:00.000Z", "type": "conversion",
                "currency": "USD", "paymentCurrency": "ETH", "detectionSource": {"kind": "indexer"},
                "fees": [{"type": "gas", "amount": "21000000000000000", "currency": "ETH", "brandNew": 1}],
                "request": {"requestId": REQUEST_ID, "paymentReference": "0xb3581f0b0f74cc61", "hasBeenPaid": true,
                    "customerInfo": {"firstName": "John", "address": {"city": "Seattle"}}, "brandNew": 1}}],
                "pagination": {"total": 1, "limit": 20, "offset": 0, "hasMore": false}}),
            vec![
                ("", "payments", json!([])),
                ("/pagination", "hasMore", json!(true)),
                ("/payments/0", "sourceTxHash", json!(other_hash)),
                ("/payments/0", "detectionSource", json!("api")),
                ("/payments/0/detectionSource", "kind", json!("rpc")),
                ("/payments/0/fees/0", "amount", json!("1")),
                ("/payments/0/fees/0", "brandNew", json!(2)),
                ("/payments/0/request", "hasBeenPaid", json!(false)),
                ("/payments/0/request", "brandNew", json!(2)),
                (
                    "/payments/0/request/customerInfo/address",
                    "city",
                    json!("Paris"),
                ),
            ],
        ),
        case(
            Endpoint::ListCurrencies,
            usdt(),
            vec![("", "decimals", json!(18))],
        ),
        case(
            Endpoint::ListCurrencies,
            json!([usdt()]),
            vec![("/0", "decimals", json!(18))],
        ),
        case(
            Endpoint::GetConversionRoutes,
            json!({"currencyId": "USD", "network": "mainnet", "conversionRoutes": [usdt()]}),
            vec![
                ("", "currencyId", json!("EUR")),
                ("/conversionRoutes/0", "decimals", json!(18)),
            ],
        ),
        case(
            Endpoint::CreatePayout,
            with(
                calldata,
                json!({"requestId": REQUEST_ID, "paymentReference": "0xb3581f0b0f74cc61"}),
            ),
            vec![
                ("", "requestId", json!(OTHER_REQUEST_ID)),
                ("", "paymentReference", json!("0x1111111111111111")),
                ("/metadata", "approvalTransactionIndex", json!(1)),
                ("/metadata", "brandNew", json!(2)),
                ("/transactions/0", "data", json!("0x")),
            ],
        ),
        case(
            Endpoint::CreatePayout,
            json!({"id": "01JXYJKCAHGFTDR15F2D072ESG",
                "transactions": [{"to": "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C", "data": "0x095ea7b3", "value": "0x0"}],
                "recurringPaymentPermit": {"domain": {"name": "ERC20RecurringPaymentProxy", "version": "1", "chainId": 11155111},
                    "types": {"SchedulePermit": [{"name": "subscriber", "type": "address"}]}, "values": {"subscriber": WALLET}},
                "metadata": {"stepsRequired": 2, "totalNeededAllowance": "10"}}),
            vec![
                ("", "id", json!("01JXYJKCAHGFTDR15F2D072ESH")),
                ("", "recurringPaymentPermit", json!({})),
                ("/recurringPaymentPermit/domain", "chainId", json!(1)),
                (
                    "/recurringPaymentPermit/values",
                    "subscriber",
                    json!(OTHER_WALLET),
                ),
                ("/metadata", "stepsRequired", json!(1)),
            ],
        ),
        case(
            Endpoint::CreateBatchPayout,
            json!({"ERC20ApprovalTransactions": [{"data": "0x095ea7b3", "to": "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C", "value": 0}],
                "batchPaymentTransaction": {"data": "0x92cddb91", "to": "0x67818703c92580c0e106e401F253E8A410A66f8B",
                    "value": {"type": "BigNumber", "hex": "0x0d83b3d1afc58b"}}}),
            vec![
                (
                    "",
                    "batchPaymentTransaction",
                    json!({"data": "0x92cddb91", "to": OTHER_WALLET, "value": 0}),
                ),
                ("/ERC20ApprovalTransactions/0", "to", json!(OTHER_WALLET)),
                ("/batchPaymentTransaction/value", "hex", json!("0x00")),
            ],
        ),
        case(
            Endpoint::UpdateRequest,
            json!({"isRecurrenceStopped": true, "request": {"requestId": REQUEST_ID}}),
            vec![
                ("", "isRecurrenceStopped", json!(false)),
                ("/request", "requestId", json!(OTHER_REQUEST_ID)),
            ],
        ),
        case(
            Endpoint::GetRequestRoutes,
            json!({"routes": [{"id": "POLYGON_BASE_USDC_USDC", "fee": 0.001, "speed": 30,
                "price_impact": 0.001, "chain": "POLYGON", "token": "USDC", "brandNew": {"a": 1},
                "feeBreakdown": [{"type": "crosschain", "stage": "sending", "provider": "across",
                    "amount": "0.02", "amountInUSD": "0.02", "currency": "USDC", "network": "polygon"}]}]}),
            vec![
                ("", "routes", json!([])),
                ("/routes/0", "fee", json!(0)),
                ("/routes/0", "speed", json!("FAST")),
                ("/routes/0", "price_impact", json!(0)),
                ("/routes/0", "brandNew", json!(2)),
                ("/routes/0/brandNew", "a", json!(2)),
                ("/routes/0/feeBreakdown/0", "amount", json!("0.03")),
                ("/routes/0/feeBreakdown/0", "stage", json!("overall")),
            ],
        ),
        case(
            Endpoint::SendPaymentIntent,
            json!({"message": "sent", "intent": {"id": "01JNZYZPK7B4YBPD44TM72NDNJ"}}),
            vec![
                ("", "message", json!("other")),
                ("/intent", "id", json!("01JNZYZPK7B4YBPD44TM72NDNK")),
            ],
        ),
        case(
            Endpoint::SubmitRecurringPaymentSignature,
            json!({"message": "Recurring payment activated successfully",
                "id": "01JXYJKCAHGFTDR15F2D072ESG", "status": "active", "brandNew": {"a": 1}}),
            vec![
                ("", "status", json!("paused")),
                ("", "brandNew", json!(2)),
                ("/brandNew", "a", json!(2)),
            ],
        ),
        case(
            Endpoint::GetRecurringPaymentStatus,
            json!({"processedPayments": 3, "totalPayments": 30,
                "lastPaymentDate": "2025-01-04T10:00:00.000Z", "nextPaymentDate": "2025-01-05T10:00:00.000Z",
                "status": "active", "brandNew": 1,
                "requests": [{"paymentReference": "0xb3581f0b0f74cc61", "requestId": REQUEST_ID, "brandNew": 1}],
                "payments": [{"id": "01JXYJKCAHGFTDR15F2D072ESG", "amount": "10",
                    "timestamp": "2025-01-04T10:00:00.000Z", "txHash": tx_hash, "brandNew": 1}]}),
            vec![
                ("", "processedPayments", json!(4)),
                ("", "brandNew", json!(2)),
                ("/requests/0", "requestId", json!(OTHER_REQUEST_ID)),
                ("/requests/0", "brandNew", json!(2)),
                ("/payments/0", "txHash", json!(other_hash)),
                ("/payments/0", "brandNew", json!(2)),
            ],
        ),
        case(
            Endpoint::UpdateRecurringPayment,
            json!({"id": "01JXYJKCAHGFTDR15F2D072ESG", "status": "cancelled", "brandNew": 1,
                "transactions": [{"to": USDC_BASE, "data": "0x095ea7b3", "value": "0x0"}],
                "metadata": {"remainingPayments": 5, "remainingAmount": "5000000000000000000",
                    "processedPayments": 3, "totalPayments": 8, "brandNew": {"a": 1}}}),
            vec![
                ("", "status", json!("active")),
                ("", "brandNew", json!(2)),
                ("/transactions/0", "to", json!(OTHER_WALLET)),
                ("/metadata", "remainingAmount", json!("0")),
                ("/metadata", "brandNew", json!(2)),
                ("/metadata/brandNew", "a", json!(2)),
            ],
        ),
        case(
            Endpoint::CreateClientId,
            client_id_record(),
            vec![
                ("", "label", json!("Other")),
                ("", "allowedDomains", json!(["https://other.example"])),
                ("", "brandNew", json!({"a": 2})),
                ("/brandNew", "a", json!(2)),
            ],
        ),
        case(
            Endpoint::ListClientIds,
            json!([client_id_record()]),
            vec![
                ("/0", "clientId", json!("cli_other")),
                ("/0/brandNew", "a", json!(2)),
            ],
        ),
        case(
            Endpoint::GetClientId,
            client_id_record(),
            vec![
                ("", "lastUsedAt", json!("2026-03-16T10:00:00.000Z")),
                ("", "feePercentage", json!("1")),
            ],
        ),
        case(
            Endpoint::UpdateClientId,
            client_id_record(),
            vec![("", "status", json!("inactive"))],
        ),
        case(
            Endpoint::RevokeClientId,
            json!({"message": "Client ID revoked", "detail": {"a": 1}}),
            vec![("", "message", json!("other")), ("/detail", "a", json!(2))],
        ),
        case(
            Endpoint::GetPayeeDestinationSigningData,
            signing_data(),
            vec![
                ("", "nonce", json!("n-0")),
                ("/domain", "chainId", json!(1)),
                ("/message", "walletAddress", json!(OTHER_WALLET)),
            ],
        ),
        case(
            Endpoint::RegisterPayeeDestination,
            payee_destination(),
            vec![
                ("", "active", json!(false)),
                ("/accessPolicy", "mode", json!("off")),
            ],
        ),
        case(
            Endpoint::GetPayeeDestinationForWallet,
            payee_destination(),
            vec![("", "walletAddress", json!(OTHER_WALLET))],
        ),
        case(
            Endpoint::DeactivatePayeeDestination,
            json!({"success": true, "message": "Destination deactivated"}),
            vec![("", "success", json!(false))],
        ),
        case(
            Endpoint::GetPayeeDestinationById,
            payee_destination(),
            vec![("/accessPolicy", "hidePayeeAddress", json!(false))],
        ),
        case(
            Endpoint::CreatePayeeDestination,
            payee_destination(),
            vec![
                ("", "tokenAddress", json!(OTHER_WALLET)),
                ("/accessPolicy", "mode", json!("off")),
            ],
        ),
        case(
            Endpoint::UpdatePayeeDestination,
            payee_destination(),
            vec![("", "active", json!(false))],
        ),
        case(
            Endpoint::GetPayeeDestination,
            payee_destination(),
            vec![
                ("", "walletAddress", json!(OTHER_WALLET)),
                ("/accessPolicy", "hidePayeeAddress", json!(false)),
            ],
        ),
    ]
}

/// The endpoints answered with Client ID records, whose unreadable answers keep no copy of
/// their text (it carries `clientId`, a credential).
const CLIENT_ID_RECORDS: [Endpoint; 4] = [
    Endpoint::CreateClientId,
    Endpoint::ListClientIds,
    Endpoint::GetClientId,
    Endpoint::UpdateClientId,
];

#[test]
fn every_endpoint_answer_has_its_keys_given_twice_here() {
    let cases = cases();
    for endpoint in Endpoint::ALL {
        assert!(
            cases.iter().any(|case| case.endpoint == endpoint),
            "{endpoint}: no answer with a key given twice"
        );
    }
}

#[test]
fn a_key_given_twice_is_refused_in_every_answer_and_named() {
    let mut passed = Vec::new();
    let mut checked = 0;
    for case in cases() {
        let endpoint = case.endpoint;
        let status = endpoint.success_status().as_u16();
        // The body with each key once is an answer the parser reads.
        parse(endpoint, status, case.body.to_string().as_bytes())
            .unwrap_or_else(|e| panic!("{endpoint} {}: {e}", case.body));
        for (pointer, key, first) in &case.twice {
            let text = twice(&case.body, pointer, key, first);
            let needle = format!("duplicate field `{key}`");
            match parse(endpoint, status, text.as_bytes()) {
                Err(error) => match &error.kind {
                    ApiErrorKind::InvalidBody(reason) if reason.to_string().contains(&needle) => {
                        // A Client ID record carries a credential: its text is not kept.
                        let kept = if CLIENT_ID_RECORDS.contains(&endpoint) {
                            String::new()
                        } else {
                            text.clone()
                        };
                        assert_eq!(*error.body, ErrorBody::Raw(kept));
                    }
                    _ => passed.push(format!("{endpoint} {pointer}/{key}: {error}")),
                },
                Ok(_) => passed.push(format!("{endpoint} {pointer}/{key}: read")),
            }
            checked += 1;
        }
    }
    assert!(
        passed.is_empty(),
        "{} of {checked} keys given twice were not refused by name:\n{}",
        passed.len(),
        passed.join("\n")
    );
    assert!(checked >= 90, "only {checked} keys checked");
}

#[test]
fn fields_the_sdk_does_not_model_are_still_kept_once_each() {
    // The answers of `cases()` carry `brandNew` fields wherever a model keeps an `extra`.
    for case in cases() {
        let model = parse(
            case.endpoint,
            case.endpoint.success_status().as_u16(),
            case.body.to_string().as_bytes(),
        )
        .unwrap();
        for (pointer, key, _) in &case.twice {
            if *key == "brandNew" {
                let kept = model.pointer(&format!("{pointer}/{key}"));
                let sent = case.body.pointer(&format!("{pointer}/{key}"));
                assert_eq!(kept, sent, "{} {pointer}/{key}", case.endpoint);
            }
        }
    }
}

#[test]
fn a_prose_alias_and_its_wire_name_together_are_one_key_given_twice() {
    let body = br#"{"hasBeenPaid": false, "isCryptoToFiatAvailable": true, "isCryptoToFiatAllowed": false}"#;
    let error = parse(Endpoint::GetRequestStatus, 200, body).unwrap_err();
    assert!(
        matches!(&error.kind, ApiErrorKind::InvalidBody(reason) if reason.to_string().contains("duplicate field `isCryptoToFiatAvailable`")),
        "{error}"
    );
    // Each name alone is read.
    for body in [
        &br#"{"hasBeenPaid": false, "isCryptoToFiatAllowed": true}"#[..],
        br#"{"hasBeenPaid": false, "isCryptoToFiatAvailable": true}"#,
    ] {
        let status = parse(Endpoint::GetRequestStatus, 200, body).unwrap();
        assert_eq!(status["isCryptoToFiatAvailable"], true);
    }
}

#[test]
fn an_error_answer_with_a_key_given_twice_is_kept_raw_not_interpreted() {
    let cases = [
        (
            404,
            json!({"statusCode": 404, "message": "Token not found", "error": "Not Found"}),
            "",
            "message",
            json!("Other"),
        ),
        (
            400,
            json!({"statusCode": 400, "error": "Bad Request",
                "message": [{"code": "custom", "message": "firstOnly must be 'true' or 'false' if provided", "path": ["firstOnly"]}]}),
            "/message/0",
            "code",
            json!("invalid_type"),
        ),
        (
            400,
            json!({"message": "Validation failed", "errors": [{"field": "wallet", "message": "Invalid Ethereum address"}]}),
            "/errors/0",
            "field",
            json!("payee"),
        ),
        (
            400,
            json!({"message": "Multicall validation failed", "code": "multicall_validation_failed",
                "failures": [{"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ8A", "reason": "already_paid", "context": {"a": 1}}],
                "cap": {"type": "child_count", "maximum": 150, "actual": 180, "reduceBy": 30}}),
            "/failures/0/context",
            "a",
            json!(2),
        ),
        (
            409,
            json!({"message": "Secure payment has already been completed", "status": "completed",
                "requestStatuses": [{"requestId": "01e2", "hasBeenPaid": true, "txHash": "0xab"}]}),
            "/requestStatuses/0",
            "hasBeenPaid",
            json!(false),
        ),
        (
            423,
            json!({"message": "Secure payment is in progress", "safeTxHash": "0xabc", "chainId": 8453, "safePaymentDeadline": 1742205771}),
            "",
            "chainId",
            json!(1),
        ),
    ];
    for (status, body, pointer, key, first) in cases {
        let status = StatusCode::from_u16(status).unwrap();
        let once = parse_parts::<RequestCreated>(status, body.to_string().as_bytes()).unwrap_err();
        assert!(
            !matches!(*once.body, ErrorBody::Raw(_)),
            "{status} {body}: {:?}",
            once.body
        );
        let text = twice(&body, pointer, key, &first);
        let error = parse_parts::<RequestCreated>(status, text.as_bytes()).unwrap_err();
        assert_eq!(error.kind, once.kind, "{text}");
        assert_eq!(*error.body, ErrorBody::Raw(text.clone()), "{text}");
        assert_eq!(
            ErrorBody::parse(text.as_bytes()),
            ErrorBody::Raw(text.clone())
        );
    }
    // A 409 whose payment state is ambiguous claims no paid request.
    let text = r#"{"message":"completed","status":"completed","requestStatuses":[{"requestId":"01e2","hasBeenPaid":false,"hasBeenPaid":true}]}"#;
    let error = parse_parts::<RequestCreated>(StatusCode::CONFLICT, text.as_bytes()).unwrap_err();
    let PayEndpointError::AlreadyCompleted {
        status,
        request_statuses,
        ..
    } = error.to_pay_endpoint_error()
    else {
        panic!("409 is AlreadyCompleted")
    };
    assert_eq!((status, request_statuses.len()), (None, 0));
}

/// `{"success":true}` padded with spaces (valid JSON) to `len` bytes.
fn padded_success(len: usize) -> Vec<u8> {
    let mut body = br#"{"success":true}"#.to_vec();
    body.resize(len, b' ');
    body
}

#[test]
fn an_answer_above_the_shared_bound_is_not_read() {
    // At the bound: read.
    let at = padded_success(MAX_RESPONSE_BYTES);
    let updated: PayerUpdated = parse_parts(StatusCode::OK, &at).unwrap();
    assert!(updated.success);
    // One byte above: refused by size, before JSON, and the body is not copied.
    let above = padded_success(MAX_RESPONSE_BYTES + 1);
    let error = parse_parts::<PayerUpdated>(StatusCode::OK, &above).unwrap_err();
    let ApiErrorKind::InvalidBody(reason) = &error.kind else {
        panic!("{error}")
    };
    assert_eq!(
        reason,
        &BodyCause::TooLarge {
            size: Some(MAX_RESPONSE_BYTES + 1)
        }
    );
    assert_eq!(
        reason.to_string(),
        format!(
            "the body is {} bytes, above the {MAX_RESPONSE_BYTES} bytes an answer may have: not read",
            MAX_RESPONSE_BYTES + 1
        )
    );
    assert_eq!(*error.body, ErrorBody::Raw(String::new()));
    // An error answer that large keeps what its status says; its body is not read either.
    let error = parse_parts::<PayerUpdated>(StatusCode::SERVICE_UNAVAILABLE, &above).unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::Server);
    assert!(error.is_retryable());
    assert_eq!(*error.body, ErrorBody::Raw(String::new()));
}
