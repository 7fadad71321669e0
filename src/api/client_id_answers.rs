//! The answers of the Client ID management endpoints (`/v2/client-ids`): one record model for
//! the create, list, read and update answers, whose schemas list the same fields (each a
//! subset) and require none of them
//! (<https://docs.request.network/api-reference/openapi.v2.json>).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::ClientId;
use crate::wire::json::unique_fields;
use crate::wire::open_enum;

open_enum! {
    /// A Client ID's `status`: the values the update body's `status` enumerates. The answers
    /// describe `status` as a plain string, so any other value is kept in `Other`.
    ///
    /// ```
    /// use securepay::api::ClientIdStatus;
    ///
    /// assert_eq!(ClientIdStatus::parse("revoked"), ClientIdStatus::Revoked);
    /// assert_eq!(ClientIdStatus::parse("paused").as_str(), "paused"); // kept as sent
    /// ```
    #[non_exhaustive]
    ClientIdStatus {
        /// `active`.
        Active = "active",
        /// `inactive`: can be set back to `active`.
        Inactive = "inactive",
        /// `revoked`: cannot be reactivated.
        Revoked = "revoked",
    }
}

/// A Client ID as the management endpoints answer it (`POST`, `GET`, `GET /{id}`, `PUT`).
///
/// The schemas require no field, so every field is optional; which ones come depends on the
/// endpoint (`updatedAt` on read and update, `lastUsedAt` on list and read, the fee and
/// commerce fields on create, read and update). `clientId` is the credential a frontend (or a
/// backend, when `allowedDomains` is empty) sends as `x-client-id`: it is a [`ClientId`], so
/// it never appears in `Debug` output. Fields the schemas do not name are kept in `extra`, and
/// a key given twice is refused.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{ClientIdRecord, ClientIdStatus, CreateClientId, OutgoingRequest};
///
/// let body = br#"{"id": "123", "clientId": "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", "label": "My Client ID",
///   "allowedDomains": ["https://example.com"], "feePercentage": null, "feeAddress": null,
///   "operatorWalletAddress": null, "defaultPreApprovalExpiry": null, "defaultAuthorizationExpiry": null,
///   "status": "active", "createdAt": "2026-03-15T10:00:00.000Z"}"#;
/// let created: ClientIdRecord = CreateClientId::parse_parts(StatusCode::CREATED, body)?;
/// assert_eq!(created.status, Some(ClientIdStatus::Active));
/// assert_eq!(created.client_id.as_ref().map(|c| c.expose_secret()), Some("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4"));
/// assert!(!format!("{created:?}").contains("nz1bj41")); // the Client ID is redacted
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ClientIdRecord {
    /// `id`: the internal identifier, the `{id}` of `/v2/client-ids/{id}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// `clientId`: the `cli_…` credential (redacted in `Debug`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "client_id",
        serialize_with = "expose_client_id"
    )]
    pub client_id: Option<ClientId>,
    /// `label`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// `allowedDomains`: the origins allowed to send the Client ID (empty for a backend
    /// Client ID), as the service normalized them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_domains: Option<Vec<String>>,
    /// `feePercentage` (`"2.5"` is 2.5 %), exact text; `null` when no fee is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fee_percentage: Option<String>,
    /// `feeAddress`; `null` when no fee is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fee_address: Option<String>,
    /// `operatorWalletAddress`; `null` when the API's operator wallet acts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operator_wallet_address: Option<String>,
    /// `defaultPreApprovalExpiry`, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_pre_approval_expiry: Option<u64>,
    /// `defaultAuthorizationExpiry`, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_authorization_expiry: Option<u64>,
    /// `status`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ClientIdStatus>,
    /// `createdAt` (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
    /// `updatedAt` (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
    /// `lastUsedAt` (ISO 8601); `null` when never used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_used_at: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// `clientId`: absent or `null` is `None`; anything else must be a Client ID (`cli_…`).
fn client_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<ClientId>, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        None => Ok(None),
        Some(text) => ClientId::new(&text)
            // The value is a secret: the error names the rule, not the text.
            .map(Some)
            .map_err(serde::de::Error::custom),
    }
}

/// Writes `clientId` back as sent (a model written out is the answer read).
fn expose_client_id<S: Serializer>(
    value: &Option<ClientId>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(id) => serializer.serialize_str(id.expose_secret()),
        None => serializer.serialize_none(),
    }
}
