//! The answers of `POST /v2/payouts` (one-time or recurring) and `POST /v2/payouts/batch`.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::RequestCalldata;
use crate::calldata::PaymentReference;
use crate::pay::{LegacyBatchPayment, PayResponse};
use crate::transaction::Transaction;

/// The answer (201) of a one-time `POST /v2/payouts`: the new request and its calldata. The
/// schema requires only `requestId`; the examples add the rest, in the shape of `/pay`.
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
/// `SchedulePermit` to sign and submit to `POST /v2/payouts/recurring/{id}` (not built here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RecurringPayoutCreated {
    /// `id`: the recurring payment.
    pub id: String,
    /// `transactions`: the allowance approval.
    pub transactions: Vec<Transaction>,
    /// `recurringPaymentPermit`: EIP-712 typed data (`domain`, `types`, `values`), as given.
    pub recurring_payment_permit: Value,
    /// `metadata` (`stepsRequired`, `totalNeededAllowance`, …), as given.
    pub metadata: Map<String, Value>,
}

/// The answer of `POST /v2/payouts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PayoutResponse {
    /// A one-time payout.
    OneTime(PayoutCreated),
    /// A recurring payout (it has `recurringPaymentPermit`).
    Recurring(RecurringPayoutCreated),
}

impl<'de> Deserialize<'de> for PayoutResponse {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let value = Value::deserialize(deserializer)?;
        if value.get("recurringPaymentPermit").is_some() {
            return serde_json::from_value(value)
                .map(PayoutResponse::Recurring)
                .map_err(D::Error::custom);
        }
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Head {
            request_id: String,
            #[serde(default)]
            payment_reference: Option<PaymentReference>,
        }
        let head: Head = serde_json::from_value(value.clone()).map_err(D::Error::custom)?;
        let calldata = if value.get("transactions").is_some() || value.get("metadata").is_some() {
            Some(serde_json::from_value(value).map_err(D::Error::custom)?)
        } else {
            None
        };
        Ok(PayoutResponse::OneTime(PayoutCreated {
            request_id: head.request_id,
            payment_reference: head.payment_reference,
            calldata,
        }))
    }
}

/// The answer (201) of `POST /v2/payouts/batch`: the legacy batch shape (approvals, then the
/// batch call under `batchPaymentTransaction` or the schema's `ERC20BatchPaymentTransaction` /
/// `ETHBatchPaymentTransaction`). `ERC20ApprovalTransactions` is "only present when token
/// approval is required", so an absent list reads as empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct BatchPayoutCalldata(pub LegacyBatchPayment);

impl<'de> Deserialize<'de> for BatchPayoutCalldata {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let mut value = Value::deserialize(deserializer)?;
        if let Value::Object(object) = &mut value {
            if object.contains_key("paymentType") {
                return Err(D::Error::custom(
                    "a batch payout answer has no paymentType (legacy batch shape expected)",
                ));
            }
            object
                .entry("ERC20ApprovalTransactions")
                .or_insert_with(|| Value::Array(Vec::new()));
        }
        match serde_json::from_value::<PayResponse>(value).map_err(D::Error::custom)? {
            PayResponse::LegacyBatch(batch) if batch.batch_transactions().next().is_some() => {
                Ok(BatchPayoutCalldata(batch))
            }
            PayResponse::LegacyBatch(_) => Err(D::Error::custom(
                "a batch payout answer without a batch payment transaction",
            )),
            _ => Err(D::Error::custom("not the legacy batch shape")),
        }
    }
}
