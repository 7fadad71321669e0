//! The answer of `GET /v2/request/{requestId}/pay` (and the calldata part of `POST
//! /v2/payouts`): transactions to sign with their metadata, or the legacy cross-chain payment
//! intent to sign.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use crate::amount::HumanAmount;
use crate::pay::{QuoteExpiry, RouteType};
use crate::transaction::Transaction;
use crate::wire::json::{StrictValue, present, required, unique_fields};

/// The metadata of request calldata.
///
/// ```
/// use securepay::api::RequestPayMetadata;
/// use securepay::pay::RouteType;
///
/// let metadata: RequestPayMetadata = serde_json::from_str(r#"{"stepsRequired": 2, "needsApproval": true,
///     "approvalTransactionIndex": 0, "paymentTransactionIndex": 1, "routeType": "crosschain", "sourceAmount": "10.02"}"#)?;
/// assert_eq!(metadata.route_type, Some(RouteType::Crosschain));
/// assert_eq!(metadata.source_amount.map(|a| a.to_string()), Some("10.02".to_owned()));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RequestPayMetadata {
    /// `stepsRequired`: the number of transactions.
    pub steps_required: u32,
    /// `needsApproval`.
    pub needs_approval: bool,
    /// `approvalTransactionIndex` (null without approval).
    #[serde(default)]
    pub approval_transaction_index: Option<usize>,
    /// `paymentTransactionIndex` (cross-chain answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_transaction_index: Option<usize>,
    /// `hasEnoughBalance`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_enough_balance: Option<bool>,
    /// `hasEnoughGas`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_enough_gas: Option<bool>,
    /// `routeType` (cross-chain answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route_type: Option<RouteType>,
    /// `quoteExpiresAt` (cross-chain answers): Unix seconds or ISO text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote_expires_at: Option<QuoteExpiry>,
    /// `sourceAmount` (cross-chain answers), human-readable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_amount: Option<HumanAmount>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// Transactions to sign, in order, and their metadata. The indexes in the metadata are checked
/// to point at a transaction.
///
/// ```
/// use securepay::api::RequestCalldata;
///
/// // The metadata's indexes must point at a transaction.
/// let bad = serde_json::from_str::<RequestCalldata>(r#"{"transactions": [{"data": "0xc219a14d",
///     "to": "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE", "value": 0}],
///     "metadata": {"stepsRequired": 1, "needsApproval": false, "approvalTransactionIndex": null, "paymentTransactionIndex": 1}}"#);
/// assert!(bad.unwrap_err().to_string().contains("paymentTransactionIndex 1 points past the 1 transaction(s)"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RequestCalldata {
    /// `transactions`.
    pub transactions: Vec<Transaction>,
    /// `metadata`.
    pub metadata: RequestPayMetadata,
}

impl RequestCalldata {
    /// The calldata, once its metadata's indexes are checked against its transactions.
    pub(crate) fn checked(
        transactions: Vec<Transaction>,
        metadata: RequestPayMetadata,
    ) -> Result<RequestCalldata, String> {
        let count = transactions.len();
        for (name, index) in [
            (
                "approvalTransactionIndex",
                metadata.approval_transaction_index,
            ),
            (
                "paymentTransactionIndex",
                metadata.payment_transaction_index,
            ),
        ] {
            if let Some(index) = index.filter(|i| *i >= count) {
                return Err(format!(
                    "metadata.{name} {index} points past the {count} transaction(s)"
                ));
            }
        }
        if metadata.needs_approval && metadata.approval_transaction_index.is_none() {
            return Err(
                "metadata.needsApproval is true but approvalTransactionIndex is null".to_owned(),
            );
        }
        Ok(RequestCalldata {
            transactions,
            metadata,
        })
    }
}

impl<'de> Deserialize<'de> for RequestCalldata {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Wire {
            transactions: Vec<Transaction>,
            metadata: RequestPayMetadata,
        }
        let wire = Wire::deserialize(deserializer)?;
        RequestCalldata::checked(wire.transactions, wire.metadata).map_err(serde::de::Error::custom)
    }
}

/// `metadata` of the legacy payment intent.
///
/// ```
/// use securepay::api::PaymentIntentMetadata;
///
/// let metadata: PaymentIntentMetadata = serde_json::from_str(r#"{"supportsEIP2612": true}"#)?;
/// assert!(metadata.supports_eip2612); // sign approvalPermitPayload rather than send an approval
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentIntentMetadata {
    /// `supportsEIP2612`.
    #[serde(rename = "supportsEIP2612")]
    pub supports_eip2612: bool,
}

/// The legacy cross-chain answer, still in the API description (the March 2026 redesign
/// answers calldata instead): an EIP-712 payment intent to sign, sent back to `POST
/// /v2/request/payment-intents/{id}` with [`Api::send_payment_intent`](super::Api::send_payment_intent)
/// ([`SendPaymentIntent::for_intent`](super::SendPaymentIntent::for_intent) builds the body).
///
/// ```
/// use securepay::api::RequestPayResponse;
///
/// let answer: RequestPayResponse = serde_json::from_str(r#"{"paymentIntentId": "pi_1", "paymentIntent": "{}",
///     "approvalPermitPayload": null, "approvalCalldata": null, "metadata": {"supportsEIP2612": false}}"#)?;
/// let RequestPayResponse::PaymentIntent(intent) = answer else { unreachable!() };
/// assert_eq!(intent.payment_intent_id, "pi_1");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct LegacyPaymentIntent {
    /// `paymentIntentId`.
    pub payment_intent_id: String,
    /// `paymentIntent`: EIP-712 typed data as JSON text.
    pub payment_intent: String,
    /// `approvalPermitPayload`: EIP-712 typed data as JSON text (EIP-2612 tokens).
    #[serde(default)]
    pub approval_permit_payload: Option<String>,
    /// `approvalCalldata` (other tokens).
    #[serde(default)]
    pub approval_calldata: Option<Transaction>,
    /// `metadata`.
    pub metadata: PaymentIntentMetadata,
}

/// The answer of `GET /v2/request/{requestId}/pay`.
///
/// ```
/// use securepay::api::RequestPayResponse;
///
/// let json = r#"{"transactions":[{"data":"0x095ea7b3","to":"0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C","value":0},
///   {"data":"0xc219a14d","to":"0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE","value":0}],
///   "metadata":{"stepsRequired":2,"needsApproval":true,"approvalTransactionIndex":0,"hasEnoughBalance":true,"hasEnoughGas":true}}"#;
/// let RequestPayResponse::Calldata(calldata) = serde_json::from_str(json)? else { unreachable!() };
/// assert_eq!(calldata.transactions.len(), 2);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum RequestPayResponse {
    /// Transactions to sign (same-chain and current cross-chain answers).
    Calldata(RequestCalldata),
    /// The legacy cross-chain payment intent.
    PaymentIntent(LegacyPaymentIntent),
}

impl<'de> Deserialize<'de> for RequestPayResponse {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        /// The fields of both forms, read typed in one pass (a key given twice is refused by
        /// name); `paymentIntentId` says which form the answer is.
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct AnyForm {
            #[serde(default, deserialize_with = "present")]
            transactions: Option<Vec<Transaction>>,
            #[serde(default, deserialize_with = "present")]
            metadata: Option<StrictValue>,
            #[serde(default, deserialize_with = "present")]
            payment_intent_id: Option<String>,
            #[serde(default, deserialize_with = "present")]
            payment_intent: Option<String>,
            #[serde(default)]
            approval_permit_payload: Option<String>,
            #[serde(default)]
            approval_calldata: Option<Transaction>,
        }
        let any = AnyForm::deserialize(deserializer)?;
        let metadata = required(any.metadata, "metadata")?;
        let response = match any.payment_intent_id {
            Some(payment_intent_id) => RequestPayResponse::PaymentIntent(LegacyPaymentIntent {
                payment_intent_id,
                payment_intent: required(any.payment_intent, "paymentIntent")?,
                approval_permit_payload: any.approval_permit_payload,
                approval_calldata: any.approval_calldata,
                metadata: metadata.into_model()?,
            }),
            None => RequestPayResponse::Calldata(
                RequestCalldata::checked(
                    required(any.transactions, "transactions")?,
                    metadata.into_model()?,
                )
                .map_err(D::Error::custom)?,
            ),
        };
        Ok(response)
    }
}
