//! Payloads of the secure-payment events: `secure_payment.user_event` and
//! `secure_payment.access_rejected`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::status::UserEventKind;
use crate::wire::json::{payload_fields, strict_value};

/// The payload of `secure_payment.user_event`: best-effort browser telemetry of the hosted
/// payment page. `occurredAt` and `properties` are reported by the client; do not base any
/// decision on them.
///
/// ```
/// use securepay::webhook::{Event, UserEventKind};
///
/// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/secure_payment.user_event.json")))?;
/// let Event::SecurePaymentUserEvent(telemetry) = event else { unreachable!() };
/// assert_eq!(telemetry.user_event, UserEventKind::PaymentApprovedInWallet);
/// assert_eq!(telemetry.properties.map(|p| p["wallet_provider"].clone()), Some("metamask".into()));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct SecurePaymentUserEvent {
    /// `userEvent`.
    pub user_event: UserEventKind,
    /// `securePaymentToken`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secure_payment_token: Option<String>,
    /// `requestId`: present only when exactly one request is linked (a ULID in the docs'
    /// example, not the usual 66-hex id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// `requestIds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_ids: Option<Vec<String>>,
    /// `orchestratorId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orchestrator_id: Option<String>,
    /// `occurredAt` (client-reported).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurred_at: Option<String>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// `properties` (client-reported; wallets appear hashed as `wallet_address_hashed`).
    #[serde(
        default,
        deserialize_with = "strict_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub properties: Option<Value>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}

/// The payload of `secure_payment.access_rejected`: a wallet outside
/// `allowedPayerAddresses` tried to pay (suppressed for 10 minutes per wallet and payment;
/// not sent for KYT decisions).
///
/// ```
/// use securepay::webhook::Event;
///
/// let event = Event::parse_unverified(br#"{"event": "secure_payment.access_rejected",
///     "requestId": "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93",
///     "attemptedPayerWalletAddress": "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570"}"#)?;
/// let Event::SecurePaymentAccessRejected(rejected) = event else { unreachable!() };
/// assert_eq!(rejected.attempted_payer_wallet_address, "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570");
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct AccessRejected {
    /// `requestId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// `attemptedPayerWalletAddress`: EVM addresses lowercased, Tron addresses as they are.
    pub attempted_payer_wallet_address: String,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}
