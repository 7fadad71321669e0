//! Multicall payout links: `POST /v2/secure-payments/multicall-payouts` (2 to 1000 outgoing
//! payout tokens paid in one execution) and its answer.

use serde::{Deserialize, Serialize};

use super::outgoing::json_parts;
use super::outgoing::sealed::{Parts, Sealed};
use super::{Api, BodyError, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError};
use crate::pay::SecurePaymentToken;
use crate::wire::open_enum;

/// How a multicall payout executes (`requestedExecutionKind`). A closed enum.
///
/// ```
/// use securepay::api::{CreateMulticallPayout, RequestedExecutionKind};
///
/// let children = vec!["01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, "01JD3E6JD46KY4KKV7X9V0MZ7X".parse()?];
/// let body = CreateMulticallPayout::new(children, Some(RequestedExecutionKind::TronBatch))?;
/// assert!(serde_json::to_string(&body)?.ends_with(r#""requestedExecutionKind":"tron_batch"}"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RequestedExecutionKind {
    /// `evm_same_chain`.
    EvmSameChain,
    /// `evm_cross_chain`.
    EvmCrossChain,
    /// `tron_batch`: the only way to batch Tron payouts (Tron ERC20BatchPayments).
    TronBatch,
}

/// The body of `POST /v2/secure-payments/multicall-payouts`: 2 to 1000 distinct child payout
/// tokens, in order.
///
/// ```
/// use securepay::api::CreateMulticallPayout;
///
/// let a = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
/// let b = "01jd3e6jd46ky4kkv7x9v0mz7x".parse()?;
/// let body = CreateMulticallPayout::new(vec![a, b], None)?;
/// assert_eq!(serde_json::to_string(&body)?, r#"{"childTokens":["01JD3E6JD46KY4KKV7X9V0MZ7W","01JD3E6JD46KY4KKV7X9V0MZ7X"]}"#);
/// assert!(CreateMulticallPayout::new(vec![b, b], None).is_err()); // a child once only
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateMulticallPayout {
    child_tokens: Vec<SecurePaymentToken>,
    #[serde(skip_serializing_if = "Option::is_none")]
    requested_execution_kind: Option<RequestedExecutionKind>,
}

impl CreateMulticallPayout {
    /// Checks the children: 2 to 1000, each once.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateMulticallPayout};
    ///
    /// let one = vec!["01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?];
    /// assert_eq!(CreateMulticallPayout::new(one, None), Err(BodyError::TooFew { field: "childTokens", min: 2, given: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        child_tokens: Vec<SecurePaymentToken>,
        requested_execution_kind: Option<RequestedExecutionKind>,
    ) -> Result<CreateMulticallPayout, BodyError> {
        let given = child_tokens.len();
        if given < 2 {
            return Err(BodyError::TooFew {
                field: "childTokens",
                min: 2,
                given,
            });
        }
        if given > 1000 {
            return Err(BodyError::TooMany {
                field: "childTokens",
                max: 1000,
                given,
            });
        }
        let mut seen = std::collections::HashSet::new();
        if let Some(twice) = child_tokens.iter().find(|t| !seen.insert(**t)) {
            return Err(BodyError::Duplicate {
                field: "childTokens",
                value: twice.to_string(),
            });
        }
        Ok(CreateMulticallPayout {
            child_tokens,
            requested_execution_kind,
        })
    }
}

open_enum! {
    /// `status` of a new multicall payout link.
    ///
    /// ```
    /// use securepay::api::MulticallLinkStatus;
    ///
    /// assert_eq!(MulticallLinkStatus::parse("expired"), MulticallLinkStatus::Expired);
    /// ```
    MulticallLinkStatus {
        /// `pending`.
        Pending = "pending",
        /// `expired`.
        Expired = "expired",
    }
}

open_enum! {
    /// `items[].eligibility`.
    ///
    /// ```
    /// use securepay::api::ChildEligibility;
    ///
    /// let eligibility: ChildEligibility = serde_json::from_str(r#""stale""#)?;
    /// assert_eq!(eligibility, ChildEligibility::Stale);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    ChildEligibility {
        /// `eligible`.
        Eligible = "eligible",
        /// `stale`.
        Stale = "stale",
    }
}

open_enum! {
    /// `items[].staleReason`.
    ///
    /// ```
    /// use securepay::api::StaleReason;
    ///
    /// assert_eq!(StaleReason::parse("request_processing"), StaleReason::RequestProcessing);
    /// assert!(!StaleReason::parse("quote_moved").is_known()); // kept as sent
    /// ```
    StaleReason {
        /// `secure_payment_expired`.
        SecurePaymentExpired = "secure_payment_expired",
        /// `secure_payment_not_pending`.
        SecurePaymentNotPending = "secure_payment_not_pending",
        /// `already_paid`.
        AlreadyPaid = "already_paid",
        /// `request_processing`.
        RequestProcessing = "request_processing",
        /// `not_payable_child`.
        NotPayableChild = "not_payable_child",
    }
}

/// One child of a new multicall payout link (`items[]`).
///
/// ```
/// use securepay::api::{ChildEligibility, MulticallItem, StaleReason};
///
/// let item: MulticallItem = serde_json::from_str(r#"{"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ7Y",
///     "requestId": "01e3", "position": 1, "eligibility": "stale", "staleReason": "already_paid"}"#)?;
/// assert_eq!((item.eligibility, item.stale_reason), (Some(ChildEligibility::Stale), Some(StaleReason::AlreadyPaid)));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct MulticallItem {
    /// `securePaymentToken`.
    pub secure_payment_token: SecurePaymentToken,
    /// `requestId`.
    pub request_id: String,
    /// `position`, from 0.
    pub position: u32,
    /// `eligibility`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eligibility: Option<ChildEligibility>,
    /// `staleReason`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stale_reason: Option<StaleReason>,
}

/// The answer (201) of `POST /v2/secure-payments/multicall-payouts`.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, MulticallLinkStatus, MulticallPayoutCreated};
///
/// let body = br#"{"type": "multicall", "token": "01JD3E6JD46KY4KKV7X9V0MZ7W", "status": "pending", "expiresAt": "2026-03-22T10:00:00.000Z", "createdAt": "2026-03-15T10:00:00.000Z", "items": [{"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ7X", "requestId": "01e2", "position": 0, "eligibility": "eligible"}, {"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ7Y", "requestId": "01e3", "position": 1, "eligibility": "stale", "staleReason": "already_paid"}]}"#;
/// let created: MulticallPayoutCreated = parse_parts(StatusCode::CREATED, body)?;
/// assert_eq!(created.status, MulticallLinkStatus::Pending);
/// assert_eq!(created.items.iter().map(|item| item.position).collect::<Vec<_>>(), [0, 1]);
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct MulticallPayoutCreated {
    /// `type`: always `multicall`.
    #[serde(rename = "type")]
    pub kind: MulticallType,
    /// `token`: the parent token.
    pub token: SecurePaymentToken,
    /// `securePaymentUrl`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secure_payment_url: Option<String>,
    /// `status`.
    pub status: MulticallLinkStatus,
    /// `expiresAt` (ISO 8601): the earliest expiry among the children.
    pub expires_at: String,
    /// `createdAt` (ISO 8601).
    pub created_at: String,
    /// `items`, in order.
    pub items: Vec<MulticallItem>,
}

/// The `type` of a multicall payout link: only `multicall`.
///
/// ```
/// use securepay::api::MulticallType;
///
/// assert_eq!(serde_json::from_str::<MulticallType>(r#""multicall""#)?, MulticallType::Multicall);
/// assert!(serde_json::from_str::<MulticallType>(r#""batch""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MulticallType {
    /// `multicall`.
    Multicall,
}

impl Sealed for CreateMulticallPayout {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/secure-payments/multicall-payouts`: the body is the request.
impl OutgoingRequest for CreateMulticallPayout {
    const ENDPOINT: Endpoint = Endpoint::CreateMulticallPayout;
    type Response = MulticallPayoutCreated;
}

impl Api {
    /// `POST /v2/secure-payments/multicall-payouts`. Answer: [`MulticallPayoutCreated`].
    ///
    /// ```
    /// use securepay::api::{Api, CreateMulticallPayout, Credential};
    ///
    /// let children = vec!["01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, "01JD3E6JD46KY4KKV7X9V0MZ7X".parse()?];
    /// let body = CreateMulticallPayout::new(children, None)?;
    /// let request = Api::new().create_multicall_payout(&Credential::api_key("sk_test")?, &body)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/secure-payments/multicall-payouts");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_multicall_payout(
        &self,
        credential: &Credential,
        body: &CreateMulticallPayout,
    ) -> Result<PreparedRequest<CreateMulticallPayout>, RequestError> {
        self.prepare(credential, body)
    }
}
