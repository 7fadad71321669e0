//! The answers of the payer endpoints.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::Prerequisites;
use crate::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus};
use crate::wire::json::unique_fields;

/// The answer of `POST /v2/payer`: where the payer completes KYC and the agreement.
///
/// ```
/// use securepay::offramp::PayerCreated;
///
/// let created: PayerCreated = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-created.json")))?;
/// assert!(created.kyc_url.is_some_and(|url| url.starts_with("https://sumsub.com/")));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PayerCreated {
    /// `agreementUrl`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreement_url: Option<String>,
    /// `kycUrl` (Sumsub).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kyc_url: Option<String>,
    /// `status` (required).
    pub status: PayerStatuses,
    /// `userId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// `status` of [`PayerCreated`].
///
/// ```
/// use securepay::offramp::PayerCreated;
/// use securepay::webhook::{AgreementStatus, KycStatus};
///
/// let created: PayerCreated = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-created.json")))?;
/// assert_eq!(created.status.kyc_status, KycStatus::NotStarted);
/// assert_eq!(created.status.agreement_status, AgreementStatus::NotStarted);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PayerStatuses {
    /// `agreementStatus` (required).
    pub agreement_status: AgreementStatus,
    /// `kycStatus` (required).
    pub kyc_status: KycStatus,
}

/// The answer of `GET /v2/payer/{clientUserId}`.
///
/// ```
/// use securepay::offramp::ComplianceStatus;
/// use securepay::webhook::KycStatus;
///
/// let status: ComplianceStatus = serde_json::from_str(
///     r#"{"kycStatus":"completed","agreementStatus":"completed","isCompliant":true,"userId":"a25a4274"}"#)?;
/// assert_eq!(status.kyc_status, Some(KycStatus::Completed));
/// assert!(status.prerequisites().unmet().len() == 1); // the payment details are not known here
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ComplianceStatus {
    /// `kycStatus`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kyc_status: Option<KycStatus>,
    /// `agreementStatus`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreement_status: Option<AgreementStatus>,
    /// `isCompliant`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_compliant: Option<bool>,
    /// `userId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

impl ComplianceStatus {
    /// The KYC and agreement prerequisites this answer tells (payment details unknown).
    ///
    /// ```
    /// use securepay::offramp::{ComplianceStatus, Unmet};
    /// use securepay::webhook::KycStatus;
    ///
    /// let status: ComplianceStatus = serde_json::from_str(r#"{"kycStatus": "pending", "agreementStatus": "completed"}"#)?;
    /// assert_eq!(status.prerequisites().unmet(), [Unmet::Kyc(Some(KycStatus::Pending)), Unmet::PaymentDetails(None)]);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn prerequisites(&self) -> Prerequisites {
        Prerequisites {
            kyc: self.kyc_status.clone(),
            agreement: self.agreement_status.clone(),
            payment_details: None,
        }
    }
}

/// The answer (201) of `POST /v2/payer/{clientUserId}/payment-details`.
///
/// ```
/// use securepay::offramp::PaymentDetailCreated;
///
/// let created: PaymentDetailCreated = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payment-detail-created.json")))?;
/// assert_eq!(created.payment_detail.id, "pd_123456"); // the paymentDetailsId to pay with
/// assert_eq!(created.payment_detail.status, None); // not reviewed yet
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PaymentDetailCreated {
    /// `payment_detail` (snake case on the wire).
    pub payment_detail: PaymentDetail,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// A payer's bank account as the payment-details endpoints describe it.
///
/// ```
/// use securepay::offramp::PaymentDetail;
/// use securepay::webhook::PaymentDetailStatus;
///
/// let detail: PaymentDetail = serde_json::from_str(r#"{"id": "fa898aec-519c-46be-9b4c-e76ef4ff99d9",
///     "bankName": "Chase", "currency": "usd", "status": "approved", "rails": "local"}"#)?;
/// assert_eq!(detail.status, Some(PaymentDetailStatus::Approved));
/// assert_eq!(detail.bank_name.as_deref(), Some("Chase"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentDetail {
    /// `id`: the `paymentDetailsId` to pay with (required).
    pub id: String,
    /// `clientUserId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_user_id: Option<String>,
    /// `userId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    /// `bankName`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_name: Option<String>,
    /// `accountName`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_name: Option<String>,
    /// `accountNumber`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_number: Option<String>,
    /// `routingNumber`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routing_number: Option<String>,
    /// `currency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// `beneficiaryType`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beneficiary_type: Option<String>,
    /// `status` (in `GET` answers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<PaymentDetailStatus>,
    /// `rails`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rails: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// The answer of `GET /v2/payer/{clientUserId}/payment-details`.
///
/// ```
/// use securepay::offramp::PaymentDetailsList;
/// use securepay::webhook::PaymentDetailStatus;
///
/// let list: PaymentDetailsList = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payment-details-list.json")))?;
/// let approved: Vec<&str> = list.payment_details.iter()
///     .filter(|d| d.status == Some(PaymentDetailStatus::Approved))
///     .map(|d| d.id.as_str())
///     .collect();
/// assert_eq!(approved, ["fa898aec-519c-46be-9b4c-e76ef4ff99d9"]);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentDetailsList {
    /// `paymentDetails`.
    #[serde(default)]
    pub payment_details: Vec<PaymentDetail>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}
