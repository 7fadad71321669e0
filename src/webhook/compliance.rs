//! Payloads of the crypto-to-fiat compliance events: `compliance.updated` and
//! `payment_detail.updated`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::status::{AgreementStatus, KycStatus, PaymentDetailStatus};
use crate::wire::json::{payload_fields, strict_value};

/// The payload of `compliance.updated`: a payer's KYC and agreement status.
///
/// ```
/// use securepay::webhook::{AgreementStatus, Event, KycStatus};
///
/// let event = Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_test123456789",
///     "kycStatus": "approved", "agreementStatus": "completed", "isCompliant": true}"#)?;
/// let Event::ComplianceUpdated(update) = event else { unreachable!() };
/// assert_eq!(update.client_user_id, "user_test123456789");
/// assert_eq!((update.kyc_status, update.agreement_status), (Some(KycStatus::Approved), Some(AgreementStatus::Completed)));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ComplianceUpdated {
    /// `clientUserId`: your id of the payer (required).
    pub client_user_id: String,
    /// `kycStatus`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kyc_status: Option<KycStatus>,
    /// `agreementStatus`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreement_status: Option<AgreementStatus>,
    /// `isCompliant`: the service's overall verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_compliant: Option<bool>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// `rawPayload`: the provider's payload, as sent.
    #[serde(
        default,
        deserialize_with = "strict_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub raw_payload: Option<Value>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}

/// The payload of `payment_detail.updated`: the review of a payer's bank account.
///
/// Only `paymentDetailsId` and `status` are documented (from the service's demo app); any
/// other field is in `extra`.
///
/// ```
/// use securepay::webhook::{Event, PaymentDetailStatus};
///
/// let event = Event::parse_unverified(br#"{"event": "payment_detail.updated",
///     "paymentDetailsId": "fa898aec-519c-46be-9b4c-e76ef4ff99d9", "status": "approved"}"#)?;
/// let Event::PaymentDetailUpdated(update) = event else { unreachable!() };
/// assert_eq!(update.status, PaymentDetailStatus::Approved);
/// assert!(update.timestamp.is_none());
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentDetailUpdated {
    /// `paymentDetailsId` (required).
    pub payment_details_id: String,
    /// `status`: `pending`, `approved` or `failed` (required).
    pub status: PaymentDetailStatus,
    /// `timestamp`, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}
