//! Payloads of the orchestrator events: `client_id.linked` and `kyt.screening.completed`.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::wire::json::payload_fields;

/// The payload of `client_id.linked`: a platform Client ID was linked to an orchestrator.
/// De-duplicate on `linkId` (the docs' advice).
///
/// ```
/// use securepay::webhook::Event;
///
/// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/client_id.linked.json")))?;
/// let Event::ClientIdLinked(linked) = event else { unreachable!() };
/// assert_eq!(linked.link_id, "01ARZ3NDEKTSV4RRFFQ69G5FAX");
/// assert_eq!(linked.external_id.as_deref(), Some("merchant_123"));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ClientIdLinked {
    /// `clientId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    /// `orchestratorId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orchestrator_id: Option<String>,
    /// `linkId` (required: the de-duplication key).
    pub link_id: String,
    /// `intentId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intent_id: Option<String>,
    /// `externalId`: the orchestrator's own id of the merchant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_id: Option<String>,
    /// `destinationId` (`{interopName}:{token}`), kept as text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_id: Option<String>,
    /// `destinationWalletAddress`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_wallet_address: Option<String>,
    /// `chain`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<String>,
    /// `currency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}

/// The verdict of a KYT screening: closed, because it decides access. Any other value makes
/// the event unparseable rather than being guessed.
///
/// ```
/// use securepay::webhook::{Event, EventError, KytVerdict};
///
/// assert_eq!(serde_json::from_str::<KytVerdict>(r#""rejected""#)?, KytVerdict::Rejected);
/// // An unknown verdict is refused, never taken as an approval.
/// let pending = Event::parse_unverified(br#"{"event": "kyt.screening.completed", "status": "pending"}"#);
/// assert!(matches!(pending, Err(EventError::Payload { .. })));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KytVerdict {
    /// `approved`: the wallet may pay.
    Approved,
    /// `rejected`: the wallet may not pay.
    Rejected,
}

impl KytVerdict {
    /// The wire spelling.
    ///
    /// ```
    /// use securepay::webhook::KytVerdict;
    ///
    /// assert_eq!(KytVerdict::Approved.as_str(), "approved");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            KytVerdict::Approved => "approved",
            KytVerdict::Rejected => "rejected",
        }
    }
}

impl fmt::Display for KytVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for KytVerdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for KytVerdict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| match text {
            "approved" => Ok(KytVerdict::Approved),
            "rejected" => Ok(KytVerdict::Rejected),
            other => Err(format!(
                "unknown KYT status {other:?}: expected approved or rejected"
            )),
        })
    }
}

/// The payload of `kyt.screening.completed` (not sent for provider errors).
///
/// ```
/// use securepay::webhook::{Event, KytVerdict};
///
/// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/kyt.screening.completed.json")))?;
/// let Event::KytScreeningCompleted(screening) = event else { unreachable!() };
/// assert_eq!(screening.status, KytVerdict::Approved);
/// assert_eq!((screening.provider.as_deref(), screening.smart_account_address), (Some("hypernative"), None));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct KytScreeningCompleted {
    /// `paymentToken`: the secure payment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_token: Option<String>,
    /// `walletAddress`: the screened wallet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wallet_address: Option<String>,
    /// `eoaAddress` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eoa_address: Option<String>,
    /// `smartAccountAddress` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smart_account_address: Option<String>,
    /// `status`: `approved` or `rejected` (required, closed).
    pub status: KytVerdict,
    /// `provider` (`hypernative`, `merklescience`), as sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// `policyId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy_id: Option<String>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}
