//! The answers of `POST /v2/payouts` (one-time or recurring) and `POST /v2/payouts/batch`.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::RequestCalldata;
use crate::calldata::PaymentReference;
use crate::pay::LegacyBatchPayment;
use crate::transaction::Transaction;
use crate::wire::json::{StrictValue, present, required, strict, unique_fields};

/// The answer (201) of a one-time `POST /v2/payouts`: the new request and its calldata. The
/// schema requires only `requestId`; the examples add the rest, in the shape of `/pay`.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, PayoutResponse};
///
/// let answer: PayoutResponse = parse_parts(StatusCode::CREATED, br#"{"requestId": "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb",
///     "paymentReference": "0xb3581f0b0f74cc61"}"#)?; // only requestId is required
/// let PayoutResponse::OneTime(created) = answer else { unreachable!() };
/// assert_eq!(created.payment_reference.map(|r| r.to_string()), Some("0xb3581f0b0f74cc61".to_owned()));
/// assert!(created.calldata.is_none());
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PayoutCreated {
    /// `requestId`.
    pub request_id: String,
    /// `paymentReference`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<PaymentReference>,
    /// `transactions` and `metadata`, when given.
    #[serde(flatten)]
    pub calldata: Option<RequestCalldata>,
}

/// The answer (201) of a recurring `POST /v2/payouts`: the approval, and the EIP-712
/// `SchedulePermit` to sign and submit to `POST /v2/payouts/recurring/{id}` with
/// [`Api::submit_recurring_payment_signature`](super::Api::submit_recurring_payment_signature)
/// (then [`Api::get_recurring_payment`](super::Api::get_recurring_payment) reads its status).
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, PayoutResponse};
///
/// let answer: PayoutResponse = parse_parts(StatusCode::CREATED, br#"{"id": "01JXYJKCAHGFTDR15F2D072ESG",
///     "transactions": [{"to": "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C", "data": "0x095ea7b3", "value": "0x0"}],
///     "recurringPaymentPermit": {"domain": {"name": "ERC20RecurringPaymentProxy", "version": "1", "chainId": 11155111}},
///     "metadata": {"stepsRequired": 2}}"#)?;
/// let PayoutResponse::Recurring(recurring) = answer else { unreachable!() };
/// assert_eq!(recurring.recurring_payment_permit["domain"]["name"], "ERC20RecurringPaymentProxy");
/// assert_eq!(recurring.transactions.len(), 1); // the allowance approval
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RecurringPayoutCreated {
    /// `id`: the recurring payment.
    pub id: String,
    /// `transactions`: the allowance approval.
    pub transactions: Vec<Transaction>,
    /// `recurringPaymentPermit`: EIP-712 typed data (`domain`, `types`, `values`), as given.
    #[serde(deserialize_with = "strict")]
    pub recurring_payment_permit: Value,
    /// `metadata` (`stepsRequired`, `totalNeededAllowance`, …), as given.
    #[serde(deserialize_with = "unique_fields")]
    pub metadata: Map<String, Value>,
}

/// The answer of `POST /v2/payouts`.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, PayoutResponse};
///
/// let answer: PayoutResponse = parse_parts(StatusCode::CREATED, br#"{"requestId": "01e273ecc29d", "paymentReference": "0xb3581f0b0f74cc61",
///     "transactions": [{"to": "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C", "data": "0x095ea7b3", "value": 0},
///                      {"to": "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE", "data": "0xc219a14d", "value": 0}],
///     "metadata": {"stepsRequired": 2, "needsApproval": true, "approvalTransactionIndex": 0}}"#)?;
/// let PayoutResponse::OneTime(created) = answer else { unreachable!() };
/// assert_eq!(created.calldata.map(|c| c.transactions.len()), Some(2)); // approve, then pay
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum PayoutResponse {
    /// A one-time payout.
    OneTime(PayoutCreated),
    /// A recurring payout (it has `recurringPaymentPermit`).
    Recurring(RecurringPayoutCreated),
}

impl<'de> Deserialize<'de> for PayoutResponse {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        /// The fields of both forms, read typed in one pass (a key given twice is refused by
        /// name); `recurringPaymentPermit` says which form the answer is.
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct AnyForm {
            #[serde(default, deserialize_with = "present")]
            request_id: Option<String>,
            #[serde(default)]
            payment_reference: Option<PaymentReference>,
            #[serde(default, deserialize_with = "present")]
            id: Option<String>,
            #[serde(default, deserialize_with = "present")]
            transactions: Option<Vec<Transaction>>,
            #[serde(default, deserialize_with = "present")]
            recurring_payment_permit: Option<StrictValue>,
            #[serde(default, deserialize_with = "present")]
            metadata: Option<StrictValue>,
        }
        let any = AnyForm::deserialize(deserializer)?;
        if let Some(StrictValue(permit)) = any.recurring_payment_permit {
            return Ok(PayoutResponse::Recurring(RecurringPayoutCreated {
                id: required(any.id, "id")?,
                transactions: required(any.transactions, "transactions")?,
                recurring_payment_permit: permit,
                metadata: required(any.metadata, "metadata")?.into_model()?,
            }));
        }
        let request_id = required(any.request_id, "requestId")?;
        let calldata = match (any.transactions, any.metadata) {
            (None, None) => None,
            (transactions, metadata) => Some(
                RequestCalldata::checked(
                    required(transactions, "transactions")?,
                    required(metadata, "metadata")?.into_model()?,
                )
                .map_err(D::Error::custom)?,
            ),
        };
        Ok(PayoutResponse::OneTime(PayoutCreated {
            request_id,
            payment_reference: any.payment_reference,
            calldata,
        }))
    }
}

/// The answer (201) of `POST /v2/payouts/batch`: the legacy batch shape (approvals, then the
/// batch call under `batchPaymentTransaction` or the schema's `ERC20BatchPaymentTransaction` /
/// `ETHBatchPaymentTransaction`). `ERC20ApprovalTransactions` is "only present when token
/// approval is required", so an absent list reads as empty.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, BatchPayoutCalldata};
///
/// let body = br#"{"ETHBatchPaymentTransaction": {"data": "0x92cddb91", "to": "0x67818703c92580c0e106e401F253E8A410A66f8B",
///     "value": {"type": "BigNumber", "hex": "0x0d83b3d1afc58b"}}}"#;
/// let BatchPayoutCalldata(batch) = parse_parts(StatusCode::CREATED, body)?;
/// assert!(batch.erc20_approval_transactions.is_empty()); // absent: no approval needed
/// assert!(parse_parts::<BatchPayoutCalldata>(StatusCode::CREATED, br#"{"ERC20ApprovalTransactions": []}"#).is_err()); // no batch call
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct BatchPayoutCalldata(pub LegacyBatchPayment);

impl<'de> Deserialize<'de> for BatchPayoutCalldata {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let batch = LegacyBatchPayment::deserialize_batch_payout(deserializer)?;
        if batch.batch_transactions().next().is_none() {
            return Err(serde::de::Error::custom(
                "a batch payout answer without a batch payment transaction",
            ));
        }
        Ok(BatchPayoutCalldata(batch))
    }
}
