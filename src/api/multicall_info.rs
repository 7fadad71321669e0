//! The multicall form of `GET /v2/secure-payments/{token}`: its children, why a child is
//! blocked and what to do about it, and the totals.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{FeePlan, InfoCommon};
use crate::pay::{AmountSummary, SecurePaymentToken};
use crate::wire::json::strict_value;
use crate::wire::{DecimalText, open_enum};

open_enum! {
    /// Why a multicall child cannot execute (`blockReason`).
    ///
    /// ```
    /// use securepay::api::BlockReason;
    ///
    /// assert_eq!(BlockReason::parse("compliance_failed"), BlockReason::ComplianceFailed);
    /// assert_eq!(BlockReason::InvalidChildLinkage.as_str(), "invalid_child_linkage");
    /// ```
    BlockReason {
        /// `not_found`.
        NotFound = "not_found",
        /// `not_owned`.
        NotOwned = "not_owned",
        /// `not_outgoing`.
        NotOutgoing = "not_outgoing",
        /// `not_single_payment`.
        NotSinglePayment = "not_single_payment",
        /// `invalid_child_linkage`.
        InvalidChildLinkage = "invalid_child_linkage",
        /// `already_paid`.
        AlreadyPaid = "already_paid",
        /// `request_processing`.
        RequestProcessing = "request_processing",
        /// `secure_payment_expired`.
        SecurePaymentExpired = "secure_payment_expired",
        /// `secure_payment_not_pending`.
        SecurePaymentNotPending = "secure_payment_not_pending",
        /// `compliance_failed`.
        ComplianceFailed = "compliance_failed",
        /// `not_payable_child`.
        NotPayableChild = "not_payable_child",
    }
}

open_enum! {
    /// What to do about a blocked child (`recoveryAction`).
    ///
    /// ```
    /// use securepay::api::RecoveryAction;
    ///
    /// let action: RecoveryAction = serde_json::from_str(r#""wait_for_quote_refresh""#)?;
    /// assert_eq!(action, RecoveryAction::WaitForQuoteRefresh);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    RecoveryAction {
        /// `remove_child`.
        RemoveChild = "remove_child",
        /// `recreate_reduced`.
        RecreateReduced = "recreate_reduced",
        /// `wait_for_quote_refresh`.
        WaitForQuoteRefresh = "wait_for_quote_refresh",
        /// `switch_route`.
        SwitchRoute = "switch_route",
        /// `recreate_after_cooldown`.
        RecreateAfterCooldown = "recreate_after_cooldown",
        /// `support_required`.
        SupportRequired = "support_required",
    }
}

/// One child of a multicall (`children[]`).
///
/// ```
/// use securepay::api::{BlockReason, MulticallChildInfo, RecoveryAction};
///
/// let child: MulticallChildInfo = serde_json::from_str(r#"{"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ7Y", "requestId": "01e3", "position": 1, "executable": false, "blockReason": "already_paid", "recoveryAction": "remove_child", "amount": "15.5"}"#)?;
/// assert!(!child.executable);
/// assert_eq!((child.block_reason, child.recovery_action), (Some(BlockReason::AlreadyPaid), Some(RecoveryAction::RemoveChild)));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct MulticallChildInfo {
    /// `securePaymentToken`.
    pub secure_payment_token: SecurePaymentToken,
    /// `requestId`.
    pub request_id: String,
    /// `position`, from 0.
    pub position: u32,
    /// `executable`.
    pub executable: bool,
    /// `blockReason` (null when executable).
    #[serde(default)]
    pub block_reason: Option<BlockReason>,
    /// `messageKey` (nullable).
    #[serde(default)]
    pub message_key: Option<String>,
    /// `context`, as given.
    #[serde(default, deserialize_with = "strict_value")]
    pub context: Option<Value>,
    /// `recoveryAction` (nullable).
    #[serde(default)]
    pub recovery_action: Option<RecoveryAction>,
    /// `feePlan` (nullable).
    #[serde(default)]
    pub fee_plan: Option<FeePlan>,
    /// `amount`, human-readable (nullable).
    #[serde(default)]
    pub amount: Option<DecimalText>,
    /// `payee` (nullable).
    #[serde(default)]
    pub payee: Option<String>,
    /// `reference` (nullable).
    #[serde(default)]
    pub reference: Option<String>,
}

/// One line of `totals.byDestinationCurrency`.
///
/// ```
/// use securepay::api::CurrencyTotal;
///
/// let total: CurrencyTotal = serde_json::from_str(r#"{"network": "base", "currency": "USDC", "totalAmount": "40.5"}"#)?;
/// assert_eq!(total.total_amount.as_str(), "40.5");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct CurrencyTotal {
    /// `network`.
    pub network: String,
    /// `currency`.
    pub currency: String,
    /// `totalAmount`.
    pub total_amount: DecimalText,
}

/// `totals` of a multicall.
///
/// ```
/// use securepay::api::MulticallTotals;
///
/// let totals: MulticallTotals = serde_json::from_str(r#"{"childCount": 2, "blockedChildCount": 1, "byDestinationCurrency": [{"network": "base", "currency": "USDC", "totalAmount": "40.5"}], "amountSummary": {"grossAmount": "40.5", "netRecipientAmount": "40.5", "totalFees": "0", "payeeBorneFees": "0", "payerBorneFees": "0", "payerTotal": "40.5"}}"#)?;
/// assert_eq!((totals.child_count, totals.blocked_child_count), (2, 1));
/// assert_eq!(totals.amount_summary.payer_total.as_str(), "40.5");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct MulticallTotals {
    /// `childCount`.
    pub child_count: u32,
    /// `blockedChildCount`.
    pub blocked_child_count: u32,
    /// `byDestinationCurrency`.
    pub by_destination_currency: Vec<CurrencyTotal>,
    /// `amountSummary`.
    pub amount_summary: AmountSummary,
}

/// `paymentType: "multicall"`.
///
/// ```
/// use securepay::api::SecurePaymentInfo;
///
/// // No example is published: this one follows the schema.
/// let info: SecurePaymentInfo = serde_json::from_str(r#"{"paymentType": "multicall", "status": "partially_settled",
///     "token": "01JD3E6JD46KY4KKV7X9V0MZ7W", "canExecute": false, "expiresAt": "2026-03-22T10:00:00.000Z",
///     "createdAt": "2026-03-15T10:00:00.000Z", "children": [{"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ7Y", "requestId": "01e3", "position": 1, "executable": false, "blockReason": "already_paid", "recoveryAction": "remove_child", "amount": "15.5"}], "totals": {"childCount": 2, "blockedChildCount": 1, "byDestinationCurrency": [{"network": "base", "currency": "USDC", "totalAmount": "40.5"}], "amountSummary": {"grossAmount": "40.5", "netRecipientAmount": "40.5", "totalFees": "0", "payeeBorneFees": "0", "payerBorneFees": "0", "payerTotal": "40.5"}}}"#)?;
/// let SecurePaymentInfo::Multicall(multicall) = info else { unreachable!() };
/// assert!(!multicall.can_execute && multicall.common.status.is_payable());
/// assert_eq!(multicall.children[0].position, 1);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct MulticallInfo {
    /// The shared fields.
    #[serde(flatten)]
    pub common: InfoCommon,
    /// `token`: the parent token.
    pub token: SecurePaymentToken,
    /// `canExecute`.
    pub can_execute: bool,
    /// `expiresAt` (ISO 8601).
    pub expires_at: String,
    /// `createdAt` (ISO 8601).
    pub created_at: String,
    /// `children`, in order.
    pub children: Vec<MulticallChildInfo>,
    /// `totals`.
    pub totals: MulticallTotals,
}
