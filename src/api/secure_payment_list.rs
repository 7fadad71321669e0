//! `GET /v2/secure-payments?requestId=`: the secure payment of one request, with a session
//! (the OpenAPI description marks `Authorization` required: "Requires a SIWE session").
//!
//! **Fields the example omits.** The schema of the answer requires 24 fields; its one example
//! (`found`) gives 8 of them. The nullable ones read an absent value as `null`, as the other
//! answers of this layer do; the others (`payerKytResults`, `payeeKytResults`, `network`,
//! `identityMode`, `branding`, `childExecutable`) are optional here, and refused when `null`
//! (the schema does not make them nullable).

use serde::{Deserialize, Serialize};

use super::outgoing::sealed::{Parts, Sealed};
use super::requests::check_request_id;
use super::{
    Api, BlockReason, Credential, Endpoint, FeePlan, OutgoingRequest, PaymentKind, PreparedRequest,
    RequestError, RequestedExecutionKind, ResolvedDestination, ScreenedWalletType,
};
use crate::pay::{SecurePaymentStatus, SecurePaymentToken};
use crate::wire::json::present;

/// `GET /v2/secure-payments?requestId=…`: the secure payment of a request.
///
/// ```
/// use securepay::api::{Api, Credential, FindSecurePayment};
///
/// let session = Credential::session_bearer("siwe-session")?;
/// let find = FindSecurePayment::new("01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb");
/// let request = Api::new().prepare(&session, &find)?;
/// assert_eq!(request.uri().path(), "/v2/secure-payments");
/// assert_eq!(request.uri().query(), Some("requestId=01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FindSecurePayment {
    /// `requestId`: checked when the request is built (non-empty, no control character).
    pub request_id: String,
}

impl FindSecurePayment {
    /// The request for the secure payment of `request_id`.
    pub fn new(request_id: &str) -> FindSecurePayment {
        FindSecurePayment {
            request_id: request_id.to_owned(),
        }
    }
}

impl Sealed for FindSecurePayment {
    fn parts(&self) -> Result<Parts, RequestError> {
        check_request_id(&self.request_id)?;
        Ok(Parts::new().query(vec![("requestId", self.request_id.clone())]))
    }
}

impl OutgoingRequest for FindSecurePayment {
    const ENDPOINT: Endpoint = Endpoint::FindSecurePayment;
    type Response = SecurePaymentFound;
}

/// One screened wallet of a secure payment (`payerKytResults[]`, `payeeKytResults[]`). Every
/// field but the wallet and its type is nullable; `status` is the provider's word, kept as
/// given.
///
/// ```
/// use securepay::api::{KytResult, ScreenedWalletType};
///
/// let result: KytResult = serde_json::from_str(r#"{"walletAddress": "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570",
///     "walletType": "eoa", "parentWalletAddress": null, "status": "approved", "reasonCode": null, "provider": "hypernative",
///     "providerReference": null, "reportUrl": null, "notes": null, "rawStatus": "LOW_RISK", "evaluatedAt": "2026-03-15T10:05:00.000Z"}"#)?;
/// assert_eq!(result.wallet_type, ScreenedWalletType::Eoa);
/// assert_eq!((result.status.as_deref(), result.raw_status.as_deref()), (Some("approved"), Some("LOW_RISK")));
/// assert!(serde_json::from_str::<KytResult>(r#"{"walletAddress": "0x2e", "walletType": "contract"}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct KytResult {
    /// `walletAddress`.
    pub wallet_address: String,
    /// `walletType`.
    pub wallet_type: ScreenedWalletType,
    /// `parentWalletAddress` (nullable).
    #[serde(default)]
    pub parent_wallet_address: Option<String>,
    /// `status` (nullable).
    #[serde(default)]
    pub status: Option<String>,
    /// `reasonCode` (nullable).
    #[serde(default)]
    pub reason_code: Option<String>,
    /// `provider` (nullable).
    #[serde(default)]
    pub provider: Option<String>,
    /// `providerReference` (nullable).
    #[serde(default)]
    pub provider_reference: Option<String>,
    /// `reportUrl` (nullable).
    #[serde(default)]
    pub report_url: Option<String>,
    /// `notes` (nullable).
    #[serde(default)]
    pub notes: Option<String>,
    /// `rawStatus` (nullable).
    #[serde(default)]
    pub raw_status: Option<String>,
    /// `evaluatedAt` (nullable; an ISO 8601 date or other text).
    #[serde(default)]
    pub evaluated_at: Option<String>,
}

/// `identityMode`: which identity bucket a payment belongs to (a hint for multicall
/// selection). A closed enum.
///
/// ```
/// use securepay::api::IdentityMode;
///
/// assert_eq!(serde_json::from_str::<IdentityMode>(r#""client_id""#)?, IdentityMode::ClientId);
/// assert!(serde_json::from_str::<IdentityMode>(r#""api_key""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum IdentityMode {
    /// `manual_dashboard`.
    ManualDashboard,
    /// `client_id`.
    ClientId,
}

/// `branding.source`. A closed enum.
///
/// ```
/// use securepay::api::BrandingSource;
///
/// assert_eq!(serde_json::from_str::<BrandingSource>(r#""request_network""#)?, BrandingSource::RequestNetwork);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum BrandingSource {
    /// `client_id`: the Client ID's branding.
    ClientId,
    /// `request_network`: the neutral branding.
    RequestNetwork,
}

/// `branding` of a found secure payment: neutral or Client ID branding (a hint for the
/// dashboard's selection).
///
/// ```
/// use securepay::api::{BrandingHint, BrandingSource};
///
/// let hint: BrandingHint = serde_json::from_str(r#"{"whitelabelEnabled": true, "source": "client_id"}"#)?;
/// assert_eq!((hint.whitelabel_enabled, hint.source), (true, BrandingSource::ClientId));
/// assert!(serde_json::from_str::<BrandingHint>(r#"{"whitelabelEnabled": true}"#).is_err()); // source is required
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct BrandingHint {
    /// `whitelabelEnabled`.
    pub whitelabel_enabled: bool,
    /// `source`.
    pub source: BrandingSource,
}

/// The answer of `GET /v2/secure-payments?requestId=`: the link, its status and the screening
/// of its wallets.
///
/// `token` must be a ULID (the documented example's `01ABC123DEF456GHI789JKL` is a
/// 23-character placeholder and is refused). See the module documentation for the fields the
/// example omits.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, PaymentKind, SecurePaymentFound};
/// use securepay::pay::SecurePaymentStatus;
///
/// let found: SecurePaymentFound = parse_parts(StatusCode::OK, br#"{"token": "01JD3E6JD46KY4KKV7X9V0MZ7W",
///     "securePaymentUrl": "https://secure.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W", "status": "pending",
///     "paymentType": "single", "createdAt": "2025-01-15T10:30:00.000Z", "expiresAt": "2025-01-15T10:45:00.000Z",
///     "redirectUrl": "https://merchant.example.com/thank-you", "redirectLabel": "Back to merchant"}"#)?;
/// assert_eq!((found.status, found.payment_type), (SecurePaymentStatus::Pending, PaymentKind::Single));
/// assert_eq!((found.completed_at, found.payer_kyt_results), (None, None)); // not given
/// let unknown_kind = br#"{"token": "01JD3E6JD46KY4KKV7X9V0MZ7W", "securePaymentUrl": "u", "status": "pending",
///     "paymentType": "multicall", "expiresAt": "2025-01-15T10:45:00.000Z"}"#;
/// assert!(parse_parts::<SecurePaymentFound>(StatusCode::OK, unknown_kind).is_err()); // single or batch only
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct SecurePaymentFound {
    /// `token`.
    pub token: SecurePaymentToken,
    /// `securePaymentUrl`: the payment page (treat as opaque).
    pub secure_payment_url: String,
    /// `status`.
    pub status: SecurePaymentStatus,
    /// `paymentType`: `single` or `batch`.
    pub payment_type: PaymentKind,
    /// `createdAt` (ISO 8601; nullable).
    #[serde(default)]
    pub created_at: Option<String>,
    /// `expiresAt` (ISO 8601).
    pub expires_at: String,
    /// `redirectUrl` (nullable).
    #[serde(default)]
    pub redirect_url: Option<String>,
    /// `redirectLabel` (nullable).
    #[serde(default)]
    pub redirect_label: Option<String>,
    /// `completedAt` (ISO 8601; nullable).
    #[serde(default)]
    pub completed_at: Option<String>,
    /// `payerAddress`: the detected payer of a completed payment (nullable).
    #[serde(default)]
    pub payer_address: Option<String>,
    /// `payerKytResults`: the screening of the detected payer wallets only.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub payer_kyt_results: Option<Vec<KytResult>>,
    /// `payeeKytResults`: the screening of outgoing payout payee wallets only.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub payee_kyt_results: Option<Vec<KytResult>>,
    /// `destination`: the resolved destination of the request (nullable).
    #[serde(default)]
    pub destination: Option<ResolvedDestination>,
    /// `claimedDestination`: the recipient's claimed destination when the payout was created
    /// (nullable).
    #[serde(default)]
    pub claimed_destination: Option<ResolvedDestination>,
    /// `orchestratorId` (nullable).
    #[serde(default)]
    pub orchestrator_id: Option<String>,
    /// `feePlan`: the snapshot stored at creation (nullable).
    #[serde(default)]
    pub fee_plan: Option<FeePlan>,
    /// `network`: the request's destination network, as given (a hint).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub network: Option<String>,
    /// `currency`: the request's payment currency id, as given (nullable: "the row predates
    /// the hint or has malformed stored currency data").
    #[serde(default)]
    pub currency: Option<String>,
    /// `executionKind`: the execution family this payment could join (nullable).
    #[serde(default)]
    pub execution_kind: Option<RequestedExecutionKind>,
    /// `identityMode`.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub identity_mode: Option<IdentityMode>,
    /// `clientId`: the Client ID bucket when `identityMode` is `client_id` (nullable).
    #[serde(default)]
    pub client_id: Option<String>,
    /// `branding`.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub branding: Option<BrandingHint>,
    /// `childExecutable`: whether the payment passes the multicall child checks now.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub child_executable: Option<bool>,
    /// `blockReason`: why it does not (nullable).
    #[serde(default)]
    pub block_reason: Option<BlockReason>,
}

impl Api {
    /// `GET /v2/secure-payments?requestId=…` (a session only). Answer: [`SecurePaymentFound`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential, RequestError};
    ///
    /// let session = Credential::session_bearer("siwe-session")?;
    /// let request = Api::new().find_secure_payment(&session, "01e273ec")?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/secure-payments?requestId=01e273ec");
    /// let key = Credential::api_key("sk_test")?;
    /// assert!(Api::new().find_secure_payment(&key, "01e273ec").is_err()); // a session only
    /// assert!(matches!(Api::new().find_secure_payment(&session, ""), Err(RequestError::Body(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_secure_payment(
        &self,
        credential: &Credential,
        request_id: &str,
    ) -> Result<PreparedRequest<FindSecurePayment>, RequestError> {
        self.prepare(credential, &FindSecurePayment::new(request_id))
    }
}
