//! The `metadata` objects of pay responses.

use crate::prelude::*;

use serde::{Deserialize, Serialize};

use super::raw_json::RawJson;
use crate::address::ChainAddress;
use crate::network::Network;
use crate::text::ShortText;

/// A fee rate and its recipient (`platformFee`, `protocolFee`).
///
/// ```
/// use securepay_core::pay::FeeRate;
///
/// let fee: FeeRate = serde_json::from_str(
///     r#"{"percentage": "0.04", "address": "0x9795d480C2C50392A4714A0F468059C6448DeCe2"}"#,
/// )?;
/// assert_eq!(fee.percentage, "0.04");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct FeeRate {
    /// The percentage, as text.
    pub percentage: ShortText,
    /// The recipient, as text.
    pub address: ShortText,
}

/// The only approval type the smart-account flow reports.
///
/// ```
/// use securepay_core::pay::ApprovalType;
///
/// assert_eq!(serde_json::from_str::<ApprovalType>(r#""unlimited""#)?, ApprovalType::Unlimited);
/// assert!(serde_json::from_str::<ApprovalType>(r#""exact""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum ApprovalType {
    /// `unlimited`: an approval of `2^256 - 1`.
    Unlimited,
}

/// The EOA approval of the smart-account flow (`metadata.eoaApproval`).
///
/// ```
/// use securepay_core::pay::{ApprovalType, EoaApproval};
///
/// let approval: EoaApproval = serde_json::from_str(r#"{
///     "owner": "0x2222222222222222222222222222222222222222",
///     "spender": "0x1111111111111111111111111111111111111111",
///     "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
///     "currency": "USDC-base", "approvalType": "unlimited",
///     "amount": "115792089237316195423570985008687907853269984665640564039457584007913129639935"}"#)?;
/// assert_eq!(approval.spender.to_string(), "0x1111111111111111111111111111111111111111");
/// assert_eq!(approval.approval_type, ApprovalType::Unlimited);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct EoaApproval {
    /// The EOA that approves.
    pub owner: ChainAddress,
    /// The spender it approves (the smart account).
    pub spender: ChainAddress,
    /// The token.
    pub token_address: ChainAddress,
    /// The currency id.
    pub currency: ShortText,
    /// The amount, as the service writes it.
    pub amount: ShortText,
    /// Always `unlimited`.
    pub approval_type: ApprovalType,
}

/// Whether a route bridges.
///
/// ```
/// use securepay_core::pay::RouteType;
///
/// assert_eq!(serde_json::from_str::<RouteType>(r#""crosschain""#)?, RouteType::Crosschain);
/// assert_eq!(serde_json::to_string(&RouteType::Samechain)?, r#""samechain""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum RouteType {
    /// A cross-chain route.
    Crosschain,
    /// A same-chain route.
    Samechain,
}

/// `quoteExpiresAt`: a Unix timestamp (legacy single routes) or an ISO date-time (multicall
/// cross-chain routes).
///
/// ```
/// use securepay_core::pay::QuoteExpiry;
///
/// assert_eq!(serde_json::from_str::<QuoteExpiry>("1742205771")?, QuoteExpiry::Unix(1742205771));
/// assert_eq!(
///     serde_json::from_str::<QuoteExpiry>(r#""2026-03-17T09:42:51.000Z""#)?,
///     QuoteExpiry::DateTime("2026-03-17T09:42:51.000Z".into()),
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum QuoteExpiry {
    /// Unix seconds.
    Unix(u64),
    /// An ISO 8601 date-time.
    DateTime(ShortText),
}

/// Where a deadline came from.
///
/// ```
/// use securepay_core::pay::DeadlineSource;
///
/// assert_eq!(serde_json::from_str::<DeadlineSource>(r#""fallback""#)?, DeadlineSource::Fallback);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum DeadlineSource {
    /// Decoded from the route's calldata.
    Decoded,
    /// A fallback value.
    Fallback,
}

/// One leg's deadline.
///
/// ```
/// use securepay_core::pay::{DeadlineSource, LegDeadline};
///
/// let swap: LegDeadline =
///     serde_json::from_str(r#"{"deadline": 1742206000, "tool": "1inch", "source": "fallback"}"#)?;
/// assert_eq!(swap.tool.as_deref(), Some("1inch"));
/// assert_eq!(swap.source, DeadlineSource::Fallback);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct LegDeadline {
    /// Unix seconds.
    pub deadline: u64,
    /// The tool (swap legs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<ShortText>,
    /// Where the deadline came from.
    pub source: DeadlineSource,
}

/// `executionDeadlineBreakdown`.
///
/// ```
/// use securepay_core::pay::DeadlineBreakdown;
///
/// let breakdown: DeadlineBreakdown =
///     serde_json::from_str(r#"{"bridge": {"deadline": 1742205900, "source": "decoded"}}"#)?;
/// assert_eq!(breakdown.bridge.map(|leg| leg.deadline), Some(1742205900));
/// assert!(breakdown.swap.is_none());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct DeadlineBreakdown {
    /// The bridge leg.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge: Option<LegDeadline>,
    /// The swap leg.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swap: Option<LegDeadline>,
}

/// A cost in `costBreakdown` (`amountNative` for gas, `amount` for the bridge fee).
///
/// ```
/// use securepay_core::pay::Cost;
///
/// let gas: Cost = serde_json::from_str(r#"{"required": true, "currency": "ETH",
///     "amountNative": "0.000013", "amountUsd": "0.04", "hasEnoughBalance": true}"#)?;
/// assert_eq!(gas.amount_native.as_deref(), Some("0.000013"));
/// assert_eq!(gas.amount, None);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Cost {
    /// Whether the cost applies.
    pub required: bool,
    /// Its currency.
    pub currency: ShortText,
    /// In native units (gas costs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount_native: Option<ShortText>,
    /// In the fee currency (bridge fee).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<ShortText>,
    /// In USD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount_usd: Option<ShortText>,
    /// Whether the payer can pay it.
    pub has_enough_balance: bool,
}

/// `costBreakdown.fundingStatus`.
///
/// ```
/// use securepay_core::pay::FundingStatus;
///
/// let funding: FundingStatus = serde_json::from_str(r#"{"hasEnoughPaymentToken": true,
///     "hasEnoughApprovalGas": false, "hasEnoughOverall": false}"#)?;
/// assert!(funding.has_enough_payment_token && !funding.has_enough_overall);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct FundingStatus {
    /// Enough of the payment token.
    pub has_enough_payment_token: bool,
    /// Enough gas for the approval.
    pub has_enough_approval_gas: bool,
    /// Enough of everything.
    pub has_enough_overall: bool,
}

/// `costBreakdown.totals`.
///
/// ```
/// use securepay_core::pay::CostTotals;
///
/// let totals: CostTotals = serde_json::from_str(r#"{"paymentAmount": "827.50",
///     "paymentCurrency": "USDC-base", "sourceAmount": "827.80"}"#)?;
/// assert_eq!(totals.payment_currency, "USDC-base");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct CostTotals {
    /// The payment amount.
    pub payment_amount: ShortText,
    /// The payment currency.
    pub payment_currency: ShortText,
    /// The amount leaving the source chain.
    pub source_amount: ShortText,
}

/// `costBreakdown`.
///
/// ```
/// use securepay_core::pay::CostBreakdown;
///
/// let costs: CostBreakdown = serde_json::from_str(r#"{"fundingStatus": {"hasEnoughPaymentToken": true,
///     "hasEnoughApprovalGas": true, "hasEnoughOverall": true}}"#)?;
/// assert!(costs.funding_status.has_enough_overall);
/// assert!(costs.approval_fee.is_none() && costs.totals.is_none());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct CostBreakdown {
    /// The approval's gas.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval_fee: Option<Cost>,
    /// The payment's gas.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_gas_fee: Option<Cost>,
    /// All gas.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_gas_fee: Option<Cost>,
    /// The bridge's fee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge_fee: Option<Cost>,
    /// Whether the payer can pay.
    pub funding_status: FundingStatus,
    /// Totals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub totals: Option<CostTotals>,
}

/// Defines `PayMetadata` and `MetadataWire`: the same fields, all optional in the wire form,
/// which also reads the legacy batch's fields, so that `metadata` is read in one pass whatever
/// the shape turns out to be.
///
/// The wire form writes each field in place into the `PayMetadata` it boxes first: a derived
/// reader would build a 2 KB value of options in its frame and move it through every reader
/// above it, then into the box (measured: the moves cost a tenth of a verification's time).
macro_rules! optional_fields {
    ($(#[$outer:meta])* pub struct $name:ident { required { $($(#[$rmeta:meta])* $rfield:ident : $rtype:ty = $rjson:literal,)* } optional { $($(#[$ometa:meta])* $field:ident : $type:ty = $json:literal $(=> $with:tt)?,)* } }) => {
        $(#[$outer])*
        pub struct $name {
            $($(#[$rmeta])* pub $rfield: $rtype,)*
            $($(#[$ometa])* #[serde(default, skip_serializing_if = "Option::is_none")] pub $field: Option<$type>,)*
        }

        /// Every field of every shape's `metadata`: those of the single and multicall shapes in
        /// their box (the required ones marked as read), and the legacy batch's two others.
        #[derive(Debug)]
        pub(super) struct MetadataWire {
            pay: Box<$name>,
            /// The keys read with a value other than `null`, one bit each ([`MetadataKey`]).
            read: u128,
            can_make_payment: Option<bool>,
            insufficient_tokens: Option<Vec<InsufficientToken>>,
        }

        /// The keys `metadata` reads, by JSON name.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy)]
        enum MetadataKey {
            $($rfield,)*
            $($field,)*
            can_make_payment,
            insufficient_tokens,
        }

        // One bit a key in `u128`s: the last key's bit must exist.
        const _: () = assert!((MetadataKey::insufficient_tokens as u32) < u128::BITS);

        impl MetadataKey {
            /// The key named `name`, if `metadata` reads it (an unknown key is skipped).
            fn of(name: &str) -> Option<MetadataKey> {
                match name {
                    $($rjson => Some(MetadataKey::$rfield),)*
                    $($json => Some(MetadataKey::$field),)*
                    "canMakePayment" => Some(MetadataKey::can_make_payment),
                    "insufficientTokens" => Some(MetadataKey::insufficient_tokens),
                    _ => None,
                }
            }

            /// Its JSON name.
            fn json(self) -> &'static str {
                match self {
                    $(MetadataKey::$rfield => $rjson,)*
                    $(MetadataKey::$field => $json,)*
                    MetadataKey::can_make_payment => "canMakePayment",
                    MetadataKey::insufficient_tokens => "insufficientTokens",
                }
            }
        }

        impl<'de> Deserialize<'de> for MetadataWire {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<MetadataWire, D::Error> {
                deserializer.deserialize_map(MetadataVisitor)
            }
        }

        struct MetadataVisitor;

        impl<'de> serde::de::Visitor<'de> for MetadataVisitor {
            type Value = MetadataWire;

            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("the metadata object")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<MetadataWire, A::Error> {
                let mut wire = MetadataWire {
                    pay: Box::default(),
                    read: 0,
                    can_make_payment: None,
                    insufficient_tokens: None,
                };
                // One bit a key read: a key twice is refused, as the derived readers refuse it.
                let mut seen: u128 = 0;
                while let Some(key) = map.next_key_seed(KeySeed)? {
                    let Some(key) = key else {
                        map.next_value::<serde::de::IgnoredAny>()?;
                        continue;
                    };
                    let bit = 1u128 << (key as u32);
                    if seen & bit != 0 {
                        return Err(serde::de::Error::duplicate_field(key.json()));
                    }
                    seen |= bit;
                    match key {
                        $(MetadataKey::$rfield => {
                            if let Some(value) = map.next_value::<Option<$rtype>>()? {
                                wire.pay.$rfield = value;
                                wire.read |= bit;
                            }
                        })*
                        $(MetadataKey::$field => {
                            wire.pay.$field = read_value!(map, $json $(, $with)?);
                        })*
                        MetadataKey::can_make_payment => wire.can_make_payment = map.next_value()?,
                        MetadataKey::insufficient_tokens => wire.insufficient_tokens = map.next_value()?,
                    }
                }
                Ok(wire)
            }
        }

        impl MetadataWire {
            /// The metadata of the single and multicall shapes: the required fields must be there.
            pub(super) fn into_pay<E: serde::de::Error>(self, shape: &str) -> Result<Box<$name>, E> {
                $(if self.read & (1u128 << (MetadataKey::$rfield as u32)) == 0 {
                    return Err(E::custom(format!("{shape} pay response: metadata: missing field `{}`", $rjson)));
                })*
                Ok(self.pay)
            }

            /// The metadata of the legacy batch shape.
            pub(super) fn into_legacy<E: serde::de::Error>(self) -> Result<LegacyBatchMetadata, E> {
                Ok(LegacyBatchMetadata {
                    has_enough_balance: self.pay.has_enough_balance.ok_or_else(|| E::custom("legacy batch pay response: metadata: missing field `hasEnoughBalance`"))?,
                    has_enough_gas: self.pay.has_enough_gas,
                    can_make_payment: self.can_make_payment,
                    insufficient_tokens: self.insufficient_tokens,
                })
            }
        }
    };
}

/// A list of transaction indices, of at most
/// [`MAX_TRANSACTION_INDICES`](super::MAX_TRANSACTION_INDICES) entries, as a seed: its JSON name
/// says which in an error.
struct Indices(&'static str);

impl<'de> serde::de::DeserializeSeed<'de> for Indices {
    type Value = Option<Vec<usize>>;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        super::read::index_list(deserializer, self.0)
    }
}

/// A key of `metadata`: the field it names, or `None` for a key `metadata` does not read.
struct KeySeed;

impl<'de> serde::de::DeserializeSeed<'de> for KeySeed {
    type Value = Option<MetadataKey>;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> serde::de::Visitor<'de> for KeySeed {
    type Value = Option<MetadataKey>;

    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("a key of the metadata object")
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Option<MetadataKey>, E> {
        Ok(MetadataKey::of(name))
    }
}

/// The value of a field: its own reader, or (`=> indices`) a list of transaction indices.
macro_rules! read_value {
    ($map:ident, $json:literal) => {
        $map.next_value()?
    };
    ($map:ident, $json:literal, indices) => {
        $map.next_value_seed(Indices($json))?
    };
}

optional_fields! {
    /// `metadata` of the single (`paymentType: "single"`) and multicall shapes. The multicall
    /// fields are absent from single responses; structural validation checks that a multicall
    /// response has `childCount` and `executableLegCount`.
    ///
    /// ```
    /// use securepay_core::pay::{PayMetadata, RouteType};
    ///
    /// let metadata: PayMetadata = serde_json::from_str(r#"{"stepsRequired": 4, "needsApproval": true,
    ///     "paymentTransactionIndex": 1, "approvalTransactionIndex": 0, "routeType": "samechain"}"#)?;
    /// assert_eq!((metadata.payment_transaction_index, metadata.approval_transaction_index), (1, Some(0)));
    /// assert_eq!(metadata.route_type, Some(RouteType::Samechain));
    /// assert!(serde_json::from_str::<PayMetadata>(r#"{"stepsRequired": 4}"#).is_err());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct PayMetadata {
        required {
            /// How many signatures or steps the payer goes through (informational).
            steps_required: u32 = "stepsRequired",
            /// Whether an approval is needed.
            needs_approval: bool = "needsApproval",
            /// The index of the (first) main payment transaction.
            payment_transaction_index: usize = "paymentTransactionIndex",
        }
        optional {
            /// USD fee for sponsoring the transaction.
            transaction_sponsorship_fee_usd: ShortText = "transactionSponsorshipFeeUsd",
            /// The index of the first approval transaction.
            approval_transaction_index: usize = "approvalTransactionIndex",
            /// How many approval transactions there are.
            approval_transactions_count: usize = "approvalTransactionsCount",
            /// Balance check.
            has_enough_balance: bool = "hasEnoughBalance",
            /// Gas check.
            has_enough_gas: bool = "hasEnoughGas",
            /// Allowance check.
            has_enough_allowance: bool = "hasEnoughAllowance",
            /// The platform fee rate.
            platform_fee: FeeRate = "platformFee",
            /// The protocol fee rate.
            protocol_fee: FeeRate = "protocolFee",
            /// Whether the EOA must approve the smart account.
            eoa_approval_required: bool = "eoaApprovalRequired",
            /// The EOA approval of the smart-account flow.
            eoa_approval: EoaApproval = "eoaApproval",
            /// The payer's balance.
            balance: ShortText = "balance",
            /// The payer's allowance.
            allowance: ShortText = "allowance",
            /// The amount required.
            required_amount: ShortText = "requiredAmount",
            /// The payer's native balance.
            native_balance: ShortText = "nativeBalance",
            /// Estimated network fee.
            estimated_network_fee: ShortText = "estimatedNetworkFee",
            /// Estimated network fee in USD.
            estimated_network_fee_usd: ShortText = "estimatedNetworkFeeUsd",
            /// Estimated approval network fee.
            estimated_approval_network_fee: ShortText = "estimatedApprovalNetworkFee",
            /// Estimated approval network fee in USD.
            estimated_approval_network_fee_usd: ShortText = "estimatedApprovalNetworkFeeUsd",
            /// Estimated payment network fee.
            estimated_payment_network_fee: ShortText = "estimatedPaymentNetworkFee",
            /// Estimated payment network fee in USD.
            estimated_payment_network_fee_usd: ShortText = "estimatedPaymentNetworkFeeUsd",
            /// Tron: the approval's fee limit.
            approval_fee_limit: ShortText = "approvalFeeLimit",
            /// Tron: the payment's fee limit.
            payment_fee_limit: ShortText = "paymentFeeLimit",
            /// The amount leaving the source chain (cross-chain).
            source_amount: ShortText = "sourceAmount",
            /// Cross-chain or same-chain.
            route_type: RouteType = "routeType",
            /// When the quote was fetched.
            quote_fetched_at: ShortText = "quoteFetchedAt",
            /// When the quote expires.
            quote_expires_at: QuoteExpiry = "quoteExpiresAt",
            /// The execution deadline (Unix seconds, advisory).
            execution_deadline: u64 = "executionDeadline",
            /// Per-leg deadlines.
            execution_deadline_breakdown: DeadlineBreakdown = "executionDeadlineBreakdown",
            /// The Safe execution window (Unix seconds).
            safe_payment_deadline: u64 = "safePaymentDeadline",
            /// The raw route step, as the service gives it (kept as text, never built into a
            /// tree).
            raw_step: RawJson = "rawStep",
            /// Costs.
            cost_breakdown: CostBreakdown = "costBreakdown",
            /// Multicall: the indices of the approval transactions.
            approval_transaction_indices: Vec<usize> = "approvalTransactionIndices" => indices,
            /// Multicall: the index of the batch payment transaction.
            batch_payment_transaction_index: usize = "batchPaymentTransactionIndex",
            /// Multicall: the indices of the fee transactions, in `fees` order.
            fee_transaction_indices: Vec<usize> = "feeTransactionIndices" => indices,
            /// Multicall cross-chain: the indices of the bridge transactions.
            bridge_tx_indices: Vec<usize> = "bridgeTxIndices" => indices,
            /// Multicall: the number of children.
            child_count: usize = "childCount",
            /// Multicall: the number of executable legs (informational).
            executable_leg_count: usize = "executableLegCount",
            /// Multicall: the allowance all children need.
            aggregate_allowance: ShortText = "aggregateAllowance",
            /// Multicall: the payment currency.
            payment_currency_id: ShortText = "paymentCurrencyId",
            /// Multicall: the network.
            network: ShortText = "network",
            /// Cross-chain: the amount sent into the bridge.
            bridge_source_amount: ShortText = "bridgeSourceAmount",
            /// Cross-chain: the amount on the source side.
            source_side_amount: ShortText = "sourceSideAmount",
            /// Cross-chain: the bridge fee.
            bridge_fee_amount: ShortText = "bridgeFeeAmount",
            /// Cross-chain: the source token symbol.
            source_token: ShortText = "sourceToken",
            /// Cross-chain: the source token address.
            source_token_address: ShortText = "sourceTokenAddress",
            /// Cross-chain: the source network.
            source_network: Network = "sourceNetwork",
            /// Cross-chain: the bridge, as the service describes it (kept as text, never built
            /// into a tree).
            bridge: RawJson = "bridge",
            /// Whether the fee plan was carried over.
            fee_plan_carried: bool = "feePlanCarried",
        }
    }
}

/// A token the payer lacks (`metadata.insufficientTokens[]` of the legacy batch shape).
///
/// ```
/// use securepay_core::pay::InsufficientToken;
///
/// let lack: InsufficientToken = serde_json::from_str(r#"{"tokenAddress": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
///     "tokenSymbol": "DAI", "required": "9000.5", "available": "12.25"}"#)?;
/// assert_eq!((lack.required.as_str(), lack.available.as_str()), ("9000.5", "12.25"));
/// assert_eq!(lack.payment_currency_id, None);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct InsufficientToken {
    /// The token.
    pub token_address: ShortText,
    /// Its symbol.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_symbol: Option<ShortText>,
    /// Its currency id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_currency_id: Option<ShortText>,
    /// What is needed.
    pub required: ShortText,
    /// What the payer has.
    pub available: ShortText,
}

/// `metadata` of the legacy batch shape.
///
/// ```
/// use securepay_core::pay::LegacyBatchMetadata;
///
/// let metadata: LegacyBatchMetadata = serde_json::from_str(r#"{"hasEnoughBalance": false, "canMakePayment": false}"#)?;
/// assert!(!metadata.has_enough_balance);
/// assert_eq!((metadata.can_make_payment, metadata.has_enough_gas), (Some(false), None));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct LegacyBatchMetadata {
    /// Balance check.
    pub has_enough_balance: bool,
    /// Gas check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_enough_gas: Option<bool>,
    /// Whether the payment can be made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_make_payment: Option<bool>,
    /// Tokens the payer lacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub insufficient_tokens: Option<Vec<InsufficientToken>>,
}

#[cfg(feature = "fixtures")]
#[cfg_attr(docsrs, doc(cfg(feature = "fixtures")))]
impl LegacyBatchMetadata {
    /// Legacy batch metadata with only the balance check (for tests building a response).
    ///
    /// ```
    /// use securepay_core::pay::LegacyBatchMetadata;
    ///
    /// let mut metadata = LegacyBatchMetadata::new(true);
    /// metadata.can_make_payment = Some(true);
    /// assert_eq!(metadata.has_enough_gas, None);
    /// ```
    pub fn new(has_enough_balance: bool) -> LegacyBatchMetadata {
        LegacyBatchMetadata {
            has_enough_balance,
            has_enough_gas: None,
            can_make_payment: None,
            insufficient_tokens: None,
        }
    }
}
