//! The fee bundle of a pay response: who bears each fee, the fee legs, and the amount summary.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::address::ChainAddress;
use crate::amount::HumanAmount;
use crate::currency::CurrencyId;
use crate::network::Network;
use crate::text::ShortText;

/// Who bears a fee. A closed enum: an unknown value is an error.
///
/// ```
/// use securepay_core::pay::FeeBearer;
///
/// assert_eq!(serde_json::from_str::<FeeBearer>(r#""payee""#)?, FeeBearer::Payee);
/// assert!(serde_json::from_str::<FeeBearer>(r#""platform""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum FeeBearer {
    /// The payer pays the fee on top of the amount.
    Payer,
    /// The fee comes out of the payee's amount.
    Payee,
}

/// A chain id written as a decimal string (`feeBundle.fees[].chainId`), unlike the top-level
/// `chainId`, which is a JSON integer.
///
/// ```
/// use securepay_core::pay::ChainIdText;
///
/// let base: ChainIdText = serde_json::from_str(r#""8453""#)?;
/// assert_eq!(base, ChainIdText(8453));
/// assert_eq!(serde_json::to_string(&base)?, r#""8453""#);
/// assert!(serde_json::from_str::<ChainIdText>(r#""08453""#).is_err());
/// assert!(serde_json::from_str::<ChainIdText>("8453").is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
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
        crate::serde_util::parse_str(deserializer, |text| {
            let canonical = !text.is_empty()
                && text.bytes().all(|b| b.is_ascii_digit())
                && (text.len() == 1 || !text.starts_with('0'));
            if !canonical {
                return Err(format!("chainId {text:?} is not a decimal chain id"));
            }
            u64::from_str(text)
                .map(ChainIdText)
                .map_err(|_| format!("chainId {text:?} is too large"))
        })
    }
}

/// One fee leg (`feeBundle.fees[]`). `amount` is a human decimal in the payment currency.
///
/// ```
/// use securepay_core::network::Network;
/// use securepay_core::pay::{FeeBearer, FeeEntry};
///
/// let fee: FeeEntry = serde_json::from_str(r#"{
///     "requestId": "011d9f76e07a678b8321ccfaa300efd4d80832652b8bbc07ea4069ca71006210b5",
///     "feeComponentId": "fc_platform", "feeType": "platform", "feeLabel": "platform fee",
///     "feeBearer": "payer", "amount": "0.3", "paymentCurrencyId": "USDC-base",
///     "network": "base", "chainId": "8453",
///     "recipient": "0x9795d480C2C50392A4714A0F468059C6448DeCe2"}"#)?;
/// assert_eq!(fee.fee_bearer, Some(FeeBearer::Payer));
/// assert_eq!((fee.amount.as_str(), fee.network, fee.chain_id.0), ("0.3", Network::Base, 8453));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct FeeEntry {
    /// The request the fee belongs to.
    pub request_id: String,
    /// The fee component's id.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub fee_component_id: Option<ShortText>,
    /// The fee type (`platform`, `protocol`, …).
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub fee_type: Option<ShortText>,
    /// A label for people.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub fee_label: Option<ShortText>,
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
    pub recipient: ChainAddress,
}

/// The amount summary of a fee bundle: all human decimals in the payment currency.
///
/// It must add up exactly: `totalFees = payeeBorneFees + payerBorneFees`,
/// `netRecipientAmount = grossAmount − payeeBorneFees`, `payerTotal = grossAmount +
/// payerBorneFees` (see [`crate::pay::Problem`]).
///
/// ```
/// use securepay_core::pay::AmountSummary;
///
/// let summary: AmountSummary = serde_json::from_str(r#"{"grossAmount": "827.50",
///     "netRecipientAmount": "826.25", "totalFees": "1.55", "payeeBorneFees": "1.25",
///     "payerBorneFees": "0.3", "payerTotal": "827.80"}"#)?;
/// assert_eq!(summary.payer_total.as_str(), "827.80");
/// assert_eq!(summary.net_recipient_amount.as_str(), "826.25");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
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
///
/// ```
/// use securepay_core::pay::{FeeBearer, FeeBundle};
///
/// let bundle: FeeBundle = serde_json::from_str(
///     r#"{"bundleId": null, "defaultFeeBearer": "payer", "amountSummary": null, "fees": []}"#,
/// )?;
/// assert_eq!(bundle.bundle_id, None);
/// assert_eq!(bundle.default_fee_bearer, Some(FeeBearer::Payer));
/// assert!(bundle.fees.is_empty());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct FeeBundle {
    /// The bundle row's id; null when no on-chain bundle was created.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub bundle_id: Option<ShortText>,
    /// Who bears fees by default.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub default_fee_bearer: Option<FeeBearer>,
    /// The amount summary, if any.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub amount_summary: Option<AmountSummary>,
    /// One entry per fee leg, in the order of the fee transactions.
    pub fees: Vec<FeeEntry>,
}

/// Constructors for tests: the service builds these; a wallet's tests build them to tamper with
/// a response (the fields are public, set the optional ones after `new`).
#[cfg(feature = "fixtures")]
#[cfg_attr(docsrs, doc(cfg(feature = "fixtures")))]
impl FeeEntry {
    /// A fee entry with no component id, type, label or bearer; `chainId` is `network`'s.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::amount::HumanAmount;
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{FeeBearer, FeeEntry};
    ///
    /// let to: ChainAddress = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let mut fee = FeeEntry::new("req0", "0.3".parse::<HumanAmount>()?, "USDC-base".parse()?, Network::Base, to);
    /// fee.fee_bearer = Some(FeeBearer::Payer);
    /// assert_eq!(fee.chain_id.0, 8453);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        request_id: impl Into<String>,
        amount: HumanAmount,
        payment_currency_id: CurrencyId,
        network: Network,
        recipient: ChainAddress,
    ) -> FeeEntry {
        FeeEntry {
            request_id: request_id.into(),
            fee_component_id: None,
            fee_type: None,
            fee_label: None,
            fee_bearer: None,
            amount,
            payment_currency_id,
            network,
            chain_id: ChainIdText(network.chain_id()),
            recipient,
        }
    }
}

#[cfg(feature = "fixtures")]
#[cfg_attr(docsrs, doc(cfg(feature = "fixtures")))]
impl AmountSummary {
    /// An amount summary, as given (nothing is checked: tests build wrong ones on purpose).
    ///
    /// ```
    /// use securepay_core::amount::HumanAmount;
    /// use securepay_core::pay::AmountSummary;
    ///
    /// let h = |s: &str| s.parse::<HumanAmount>();
    /// let summary = AmountSummary::new(h("10")?, h("9.75")?, h("0.55")?, h("0.25")?, h("0.3")?, h("10.3")?);
    /// assert_eq!(summary.payer_total.as_str(), "10.3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        gross_amount: HumanAmount,
        net_recipient_amount: HumanAmount,
        total_fees: HumanAmount,
        payee_borne_fees: HumanAmount,
        payer_borne_fees: HumanAmount,
        payer_total: HumanAmount,
    ) -> AmountSummary {
        AmountSummary {
            gross_amount,
            net_recipient_amount,
            total_fees,
            payee_borne_fees,
            payer_borne_fees,
            payer_total,
        }
    }
}

#[cfg(feature = "fixtures")]
#[cfg_attr(docsrs, doc(cfg(feature = "fixtures")))]
impl FeeBundle {
    /// A fee bundle of `fees` with no bundle id, default bearer or amount summary.
    ///
    /// ```
    /// use securepay_core::pay::{FeeBearer, FeeBundle};
    ///
    /// let mut bundle = FeeBundle::new(Vec::new());
    /// bundle.default_fee_bearer = Some(FeeBearer::Payee);
    /// assert!(bundle.amount_summary.is_none());
    /// ```
    pub fn new(fees: Vec<FeeEntry>) -> FeeBundle {
        FeeBundle {
            bundle_id: None,
            default_fee_bearer: None,
            amount_summary: None,
            fees,
        }
    }
}
