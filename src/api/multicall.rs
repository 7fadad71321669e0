//! Multicall payout links: `POST /v2/secure-payments/multicall-payouts` (2 to 1000 outgoing
//! payout tokens paid in one execution) and its answer.

use serde::{Deserialize, Serialize};

use super::{Api, BodyError, Credential, Endpoint, RequestError};
use crate::pay::SecurePaymentToken;
use crate::webhook::open_enum;

/// How a multicall payout executes (`requestedExecutionKind`). A closed enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
    MulticallLinkStatus {
        /// `pending`.
        Pending = "pending",
        /// `expired`.
        Expired = "expired",
    }
}

open_enum! {
    /// `items[].eligibility`.
    ChildEligibility {
        /// `eligible`.
        Eligible = "eligible",
        /// `stale`.
        Stale = "stale",
    }
}

open_enum! {
    /// `items[].staleReason`.
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MulticallType {
    /// `multicall`.
    Multicall,
}

impl Api {
    /// `POST /v2/secure-payments/multicall-payouts`. Answer: [`MulticallPayoutCreated`].
    pub fn create_multicall_payout(
        &self,
        credential: &Credential,
        body: &CreateMulticallPayout,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let endpoint = Endpoint::CreateMulticallPayout;
        self.build_json(endpoint, credential, endpoint.path_template(), body)
    }
}
