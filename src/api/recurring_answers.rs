//! The answers of `POST`, `GET` and `PATCH /v2/payouts/recurring/{id}`. The API description
//! gives them as examples only (no schema): the fields every example has are required, the
//! others optional, and fields not modelled are kept as given.
//!
//! Source: <https://docs.request.network/api-reference/openapi.v2.json>, operations
//! `submitRecurringPaymentSignature`, `getRecurringPaymentStatus`, `updateRecurringPayment`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::calldata::PaymentReference;
use crate::transaction::Transaction;
use crate::wire::json::unique_fields;
use crate::wire::{DecimalText, TxHash, open_enum};

open_enum! {
    /// The `status` of a recurring payment: the values of the API description's examples
    /// (no enumeration is published, so another value is kept as given).
    ///
    /// ```
    /// use securepay::api::RecurringStatus;
    ///
    /// assert_eq!(RecurringStatus::parse("paused"), RecurringStatus::Paused);
    /// assert!(!RecurringStatus::parse("failed").is_known());
    /// ```
    RecurringStatus {
        /// `active`: payments are executed on schedule.
        Active = "active",
        /// `paused`: executions stopped after failures (`failureCount`, `failureReason`).
        Paused = "paused",
        /// `completed`: every payment was made.
        Completed = "completed",
        /// `cancelled`.
        Cancelled = "cancelled",
    }
}

/// The answer (201) of `POST /v2/payouts/recurring/{id}`:
/// `{"message": "Recurring payment activated successfully", "id": …, "status": "active"}`.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, RecurringPaymentActivated, RecurringStatus};
///
/// let answer: RecurringPaymentActivated = parse_parts(StatusCode::CREATED, br#"{"message": "Recurring payment activated successfully",
///     "id": "01JXYJKCAHGFTDR15F2D072ESG", "status": "active"}"#)?;
/// assert_eq!(answer.status, RecurringStatus::Active);
/// assert_eq!(answer.message.as_deref(), Some("Recurring payment activated successfully"));
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RecurringPaymentActivated {
    /// `message`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// `id`: the recurring payment.
    pub id: String,
    /// `status`.
    pub status: RecurringStatus,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// One request a recurring payment created (`requests[]`).
///
/// ```
/// use securepay::api::RecurringRequest;
///
/// let request: RecurringRequest = serde_json::from_str(r#"{"paymentReference": "0xb3581f0b0f74cc61",
///     "requestId": "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"}"#)?;
/// assert_eq!(request.payment_reference.to_string(), "0xb3581f0b0f74cc61");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RecurringRequest {
    /// `paymentReference`: `0x` and 16 hex digits.
    pub payment_reference: PaymentReference,
    /// `requestId`.
    pub request_id: String,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// One executed payment of a recurring payment (`payments[]`).
///
/// ```
/// use securepay::api::RecurringExecution;
///
/// let payment: RecurringExecution = serde_json::from_str(r#"{"id": "01JXYJKCAHGFTDR15F2D072ESG", "amount": "10",
///     "timestamp": "2025-01-04T10:00:00.000Z", "txHash": "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"}"#)?;
/// assert_eq!(payment.amount.as_str(), "10");
/// assert!(serde_json::from_str::<RecurringExecution>(r#"{"amount": "10", "txHash": "0x1234"}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RecurringExecution {
    /// `id`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `amount`, human-readable, exact.
    pub amount: DecimalText,
    /// `timestamp` (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// `txHash`.
    pub tx_hash: TxHash,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// The answer of `GET /v2/payouts/recurring/{id}`: progress and status. `processedPayments`,
/// `totalPayments` and `status` are in every documented example; the rest is optional.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, RecurringPaymentStatus, RecurringStatus};
///
/// let paused: RecurringPaymentStatus = parse_parts(StatusCode::OK, br#"{"processedPayments": 5, "totalPayments": 30,
///     "lastPaymentDate": "2025-01-05T10:00:00.000Z", "nextPaymentDate": null, "status": "paused",
///     "failureCount": 3, "failureReason": "Insufficient token allowance"}"#)?;
/// assert_eq!(paused.status, RecurringStatus::Paused);
/// assert_eq!((paused.processed_payments, paused.total_payments, paused.failure_count), (5, 30, Some(3)));
/// assert_eq!(paused.next_payment_date, None);
/// assert!(parse_parts::<RecurringPaymentStatus>(StatusCode::OK, br#"{"processedPayments": 5, "status": "active"}"#).is_err());
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RecurringPaymentStatus {
    /// `processedPayments`: payments executed so far.
    pub processed_payments: u32,
    /// `totalPayments`.
    pub total_payments: u32,
    /// `lastPaymentDate` (ISO 8601; null before the first payment).
    #[serde(default)]
    pub last_payment_date: Option<String>,
    /// `nextPaymentDate` (ISO 8601; null when paused or completed).
    #[serde(default)]
    pub next_payment_date: Option<String>,
    /// `status`.
    pub status: RecurringStatus,
    /// `failureCount` (paused payments).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_count: Option<u32>,
    /// `failureReason` (paused payments).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_reason: Option<String>,
    /// `requests`: the requests created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requests: Option<Vec<RecurringRequest>>,
    /// `payments`: the payments executed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payments: Option<Vec<RecurringExecution>>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// `metadata` of [`RecurringPaymentUpdated`]: `processedPayments` and `totalPayments` (in both
/// documented examples), and after a cancellation `remainingPayments` and `remainingAmount`,
/// after an unpause `nextPaymentDate`.
///
/// ```
/// use securepay::api::RecurringUpdateMetadata;
///
/// let metadata: RecurringUpdateMetadata = serde_json::from_str(r#"{"remainingPayments": 5,
///     "remainingAmount": "5000000000000000000", "processedPayments": 3, "totalPayments": 8}"#)?;
/// assert_eq!(metadata.remaining_amount.map(|a| a.to_string()), Some("5000000000000000000".to_owned()));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RecurringUpdateMetadata {
    /// `processedPayments`.
    pub processed_payments: u32,
    /// `totalPayments`.
    pub total_payments: u32,
    /// `remainingPayments` (cancellation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_payments: Option<u32>,
    /// `remainingAmount` (cancellation), exact: the example gives base units
    /// (`"5000000000000000000"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_amount: Option<DecimalText>,
    /// `nextPaymentDate` (unpause; ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_payment_date: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// The answer of `PATCH /v2/payouts/recurring/{id}`: the new `status`, and after a
/// cancellation, optionally, a transaction that lowers the allowance.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, RecurringPaymentUpdated, RecurringStatus};
///
/// let unpaused: RecurringPaymentUpdated = parse_parts(StatusCode::OK, br#"{"id": "01JXYJKCAHGFTDR15F2D072ESG", "status": "active",
///     "metadata": {"processedPayments": 3, "totalPayments": 8, "nextPaymentDate": "2024-01-15T10:00:00.000Z"}}"#)?;
/// assert_eq!(unpaused.status, RecurringStatus::Active);
/// assert!(unpaused.transactions.is_empty()); // none given
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RecurringPaymentUpdated {
    /// `id`.
    pub id: String,
    /// `status`.
    pub status: RecurringStatus,
    /// `transactions`: after a cancellation, the approval that lowers the allowance (absent
    /// reads as none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transactions: Vec<Transaction>,
    /// `metadata`.
    pub metadata: RecurringUpdateMetadata,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}
