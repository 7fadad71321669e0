//! The fee bundle of a pay response: who bears each fee, the fee legs, and the amount summary.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::address::PayeeAddress;
use crate::amount::HumanAmount;
use crate::currency::CurrencyId;
use crate::network::Network;

/// Who bears a fee. A closed enum: an unknown value is an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FeeBearer {
    /// The payer pays the fee on top of the amount.
    Payer,
    /// The fee comes out of the payee's amount.
    Payee,
}

/// A chain id written as a decimal string (`feeBundle.fees[].chainId`), unlike the top-level
/// `chainId`, which is a JSON integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChainIdText(pub u64);

impl fmt::Display for ChainIdText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for ChainIdText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ChainIdText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        let canonical = !text.is_empty()
            && text.bytes().all(|b| b.is_ascii_digit())
            && (text.len() == 1 || !text.starts_with('0'));
        if !canonical {
            return Err(serde::de::Error::custom(format!(
                "chainId {text:?} is not a decimal chain id"
            )));
        }
        u64::from_str(&text)
            .map(ChainIdText)
            .map_err(|_| serde::de::Error::custom(format!("chainId {text:?} is too large")))
    }
}

/// One fee leg (`feeBundle.fees[]`). `amount` is a human decimal in the payment currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeeEntry {
    /// The request the fee belongs to.
    pub request_id: String,
    /// The fee component's id.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub fee_component_id: Option<String>,
    /// The fee type (`platform`, `protocol`, …).
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub fee_type: Option<String>,
    /// A label for people.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub fee_label: Option<String>,
    /// Who bears it.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub fee_bearer: Option<FeeBearer>,
    /// The amount, in human units of the payment currency.
    pub amount: HumanAmount,
    /// The currency of the fee.
    pub payment_currency_id: CurrencyId,
    /// The network the fee is paid on.
    pub network: Network,
    /// The chain id of that network, as a decimal string.
    pub chain_id: ChainIdText,
    /// Who receives the fee.
    pub recipient: PayeeAddress,
}

/// The amount summary of a fee bundle: all human decimals in the payment currency.
///
/// It must add up exactly: `totalFees = payeeBorneFees + payerBorneFees`,
/// `netRecipientAmount = grossAmount − payeeBorneFees`, `payerTotal = grossAmount +
/// payerBorneFees` (see [`crate::pay::Problem`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AmountSummary {
    /// The amount the payee is owed before fees.
    pub gross_amount: HumanAmount,
    /// What the payee receives.
    pub net_recipient_amount: HumanAmount,
    /// Every fee.
    pub total_fees: HumanAmount,
    /// Fees taken out of the payee's amount.
    pub payee_borne_fees: HumanAmount,
    /// Fees the payer pays on top.
    pub payer_borne_fees: HumanAmount,
    /// What leaves the payer's wallet.
    pub payer_total: HumanAmount,
}

/// The fee bundle of a pay response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FeeBundle {
    /// The bundle row's id; null when no on-chain bundle was created.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub bundle_id: Option<String>,
    /// Who bears fees by default.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub default_fee_bearer: Option<FeeBearer>,
    /// The amount summary, if any.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub amount_summary: Option<AmountSummary>,
    /// One entry per fee leg, in the order of the fee transactions.
    pub fees: Vec<FeeEntry>,
}
