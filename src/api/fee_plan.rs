//! `feePlan`: the fee plan snapshot a secure payment stores at creation (in the create answers
//! and in `GET /v2/secure-payments/{token}`). USD figures are decimal strings.

use serde::{Deserialize, Serialize};

use crate::pay::FeeBearer;
use crate::wire::{DecimalText, open_enum};

/// Which flow a fee plan was made for. A closed enum: it decides who pays.
///
/// ```
/// use securepay::api::FeeFlow;
///
/// assert_eq!(serde_json::from_str::<FeeFlow>(r#""get_paid""#)?, FeeFlow::GetPaid);
/// assert!(serde_json::from_str::<FeeFlow>(r#""refund""#).is_err()); // closed: it decides who pays
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FeeFlow {
    /// `get_paid`: an incoming payment.
    GetPaid,
    /// `pay`: an outgoing payout.
    Pay,
}

open_enum! {
    /// `feeBearerSource`: why a fee has its bearer.
    ///
    /// ```
    /// use securepay::api::FeeBearerSource;
    ///
    /// assert_eq!(FeeBearerSource::parse("forced_fee_policy"), FeeBearerSource::ForcedFeePolicy);
    /// assert_eq!(FeeBearerSource::FlowDefault.to_string(), "flow_default");
    /// ```
    FeeBearerSource {
        /// `fee_config`.
        FeeConfig = "fee_config",
        /// `payment_default_override`.
        PaymentDefaultOverride = "payment_default_override",
        /// `flow_default`.
        FlowDefault = "flow_default",
        /// `forced_fee_policy`.
        ForcedFeePolicy = "forced_fee_policy",
    }
}

/// `destinationRef`: where a fee goes.
///
/// ```
/// use securepay::api::FeeDestinationRef;
///
/// let to: FeeDestinationRef = serde_json::from_str(r#"{"tronAddress": "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd"}"#)?;
/// assert_eq!((to.evm_address, to.tron_address.as_deref()), (None, Some("TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd")));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct FeeDestinationRef {
    /// `evmAddress`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evm_address: Option<String>,
    /// `tronAddress`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tron_address: Option<String>,
}

/// One fee of a plan (`feePlan.fees[]`).
///
/// ```
/// use securepay::api::{FeeBearerSource, PlannedFeeEntry};
/// use securepay::pay::FeeBearer;
///
/// let fee: PlannedFeeEntry = serde_json::from_str(r#"{"type": "protocol", "label": "Protocol fee", "feeBearer": "payee", "feeBearerSource": "flow_default", "percentageBps": 10, "capUsd": null, "calculatedAmountUsd": "0.10", "destinationResolver": "platform", "destinationRef": {"evmAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}, "configSource": "default"}"#)?;
/// assert_eq!((fee.kind.as_str(), fee.fee_bearer, fee.fee_bearer_source), ("protocol", FeeBearer::Payee, FeeBearerSource::FlowDefault));
/// assert_eq!((fee.percentage_bps.as_u64(), fee.cap_usd), (Some(10), None)); // 0.1 %, no cap
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PlannedFeeEntry {
    /// `type`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `label`.
    pub label: String,
    /// `feeBearer`.
    pub fee_bearer: FeeBearer,
    /// `feeBearerSource`.
    pub fee_bearer_source: FeeBearerSource,
    /// `percentageBps` (a JSON number, kept exact).
    pub percentage_bps: serde_json::Number,
    /// `capUsd` (nullable).
    pub cap_usd: Option<DecimalText>,
    /// `fixedAmountUsd` (nullable, optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed_amount_usd: Option<DecimalText>,
    /// `calculatedAmountUsd`.
    pub calculated_amount_usd: DecimalText,
    /// `destinationResolver`.
    pub destination_resolver: String,
    /// `destinationRef`.
    pub destination_ref: FeeDestinationRef,
    /// `configSource`.
    pub config_source: String,
}

/// `feePlan` (version 1).
///
/// ```
/// use securepay::api::{FeeFlow, FeePlan};
///
/// let plan: FeePlan = serde_json::from_str(r#"{"version": 1, "flow": "get_paid", "defaultFeeBearer": "payee",
///     "grossAmountUsd": "10.00", "netRecipientAmountUsd": "9.90", "payerTotalAmountUsd": "10.00", "totalFeesUsd": "0.10",
///     "payeeBorneFeesUsd": "0.10", "payerBorneFeesUsd": "0", "fees": [{"type": "protocol", "label": "Protocol fee", "feeBearer": "payee", "feeBearerSource": "flow_default", "percentageBps": 10, "capUsd": null, "calculatedAmountUsd": "0.10", "destinationResolver": "platform", "destinationRef": {"evmAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}, "configSource": "default"}]}"#)?;
/// assert_eq!(plan.flow, FeeFlow::GetPaid);
/// assert_eq!(plan.net_recipient_amount_usd.as_str(), "9.90");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct FeePlan {
    /// `version`: `1`, the only version described.
    pub version: FeePlanVersion,
    /// `flow`.
    pub flow: FeeFlow,
    /// `defaultFeeBearer`.
    pub default_fee_bearer: FeeBearer,
    /// `grossAmountUsd`.
    pub gross_amount_usd: DecimalText,
    /// `netRecipientAmountUsd`.
    pub net_recipient_amount_usd: DecimalText,
    /// `payerTotalAmountUsd`.
    pub payer_total_amount_usd: DecimalText,
    /// `totalFeesUsd`.
    pub total_fees_usd: DecimalText,
    /// `payeeBorneFeesUsd`.
    pub payee_borne_fees_usd: DecimalText,
    /// `payerBorneFeesUsd`.
    pub payer_borne_fees_usd: DecimalText,
    /// `fees`.
    pub fees: Vec<PlannedFeeEntry>,
}

/// `feePlan.version`: only `1` is described; any other version is refused (its fields could
/// mean something else).
///
/// ```
/// use securepay::api::FeePlanVersion;
///
/// assert_eq!(serde_json::from_str::<FeePlanVersion>("1")?, FeePlanVersion);
/// assert!(serde_json::from_str::<FeePlanVersion>("2").is_err()); // its fields could mean something else
/// assert_eq!(serde_json::to_string(&FeePlanVersion)?, "1");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FeePlanVersion;

impl Serialize for FeePlanVersion {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(1)
    }
}

impl<'de> Deserialize<'de> for FeePlanVersion {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let number = serde_json::Number::deserialize(deserializer)?;
        if number.as_u64() == Some(1) || number.to_string() == "1.0" {
            Ok(FeePlanVersion)
        } else {
            Err(serde::de::Error::custom(format!(
                "feePlan version {number} is not 1, the only version described"
            )))
        }
    }
}
