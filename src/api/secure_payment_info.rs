//! The answer of `GET /v2/secure-payments/{token}`: what the payment page shows (payee,
//! amounts, destination, fee plan, access decision), without calldata.
//!
//! **Units and masking.** The single example writes `amount` in base units
//! (`"10000000000000000000"` for 10 FAU) while the batch example writes `"50"`; the unit is not
//! stated, so amounts are kept as [`DecimalText`]. Payee fields may be masked
//! (`isPayeeAddressMasked`) in a form that is not published, so they are kept as text, with
//! typed accessors.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::{FeePlan, MulticallInfo};
use crate::address::{ChainAddress, ChainAddressError};
use crate::currency::CurrencyId;
use crate::network::Network;
use crate::pay::SecurePaymentStatus;
use crate::wire::DecimalText;
use crate::wire::json::{Object, UniqueMap, present, required, strict_value};

/// An access decision's status. A closed enum: it decides who may pay.
///
/// ```
/// use securepay::api::AccessStatus;
///
/// assert_eq!(serde_json::from_str::<AccessStatus>(r#""error""#)?, AccessStatus::Error); // the provider failed
/// assert!(serde_json::from_str::<AccessStatus>(r#""pending""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum AccessStatus {
    /// `approved`.
    Approved,
    /// `rejected`.
    Rejected,
    /// `error`: the provider failed.
    Error,
}

/// A screened wallet's type. A closed enum.
///
/// ```
/// use securepay::api::ScreenedWalletType;
///
/// assert_eq!(serde_json::from_str::<ScreenedWalletType>(r#""smart_account""#)?, ScreenedWalletType::SmartAccount);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ScreenedWalletType {
    /// `eoa`.
    Eoa,
    /// `smart_account`.
    SmartAccount,
}

/// One wallet's screening (`accessDecision.walletResults[]`).
///
/// ```
/// use securepay::api::{AccessStatus, ScreenedWalletType, WalletResult};
///
/// let result: WalletResult = serde_json::from_str(r#"{"walletAddress": "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570", "walletType": "eoa", "parentWalletAddress": null, "status": "rejected", "reasonCode": "wallet_not_allowed", "provider": null}"#)?;
/// assert_eq!((result.wallet_type, result.status), (ScreenedWalletType::Eoa, AccessStatus::Rejected));
/// assert_eq!(result.reason_code, "wallet_not_allowed"); // the allowlist refused it
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct WalletResult {
    /// `walletAddress`.
    pub wallet_address: String,
    /// `walletType`.
    pub wallet_type: ScreenedWalletType,
    /// `parentWalletAddress` (nullable).
    #[serde(default)]
    pub parent_wallet_address: Option<String>,
    /// `status`.
    pub status: AccessStatus,
    /// `reasonCode` (`wallet_not_allowed` for the allowlist).
    pub reason_code: String,
    /// `provider` (nullable).
    #[serde(default)]
    pub provider: Option<String>,
    /// `evaluatedAt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evaluated_at: Option<String>,
}

/// `accessDecision`: the payer screening's outcome.
///
/// ```
/// use securepay::api::{AccessDecision, AccessStatus};
///
/// let decision: AccessDecision = serde_json::from_str(r#"{"status": "rejected", "reasonCode": "wallet_not_allowed",
///     "provider": null, "walletResults": [{"walletAddress": "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570", "walletType": "eoa", "parentWalletAddress": null, "status": "rejected", "reasonCode": "wallet_not_allowed", "provider": null}]}"#)?;
/// assert_eq!(decision.status, AccessStatus::Rejected);
/// assert_eq!(decision.wallet_results.len(), 1);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct AccessDecision {
    /// `status`.
    pub status: AccessStatus,
    /// `reasonCode`.
    pub reason_code: String,
    /// `provider` (nullable).
    #[serde(default)]
    pub provider: Option<String>,
    /// `walletResults`.
    pub wallet_results: Vec<WalletResult>,
}

/// One source option (`paymentOptions[CHAIN][TOKEN]`).
///
/// ```
/// use securepay::api::PaymentOption;
///
/// let option: PaymentOption = serde_json::from_str(r#"{"balance": "25.00", "hasEnoughBalance": true, "neededAmount": "10.02"}"#)?;
/// assert!(option.has_enough_balance);
/// assert_eq!(option.needed_amount.as_str(), "10.02");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentOption {
    /// `balance`.
    pub balance: DecimalText,
    /// `hasEnoughBalance`.
    pub has_enough_balance: bool,
    /// `neededAmount`.
    pub needed_amount: DecimalText,
}

/// A resolved destination (`destination`, `destinations[]`), as text: its fields may be
/// masked.
///
/// ```
/// use securepay::api::ResolvedDestination;
///
/// let destination: ResolvedDestination = serde_json::from_str(r#"{"payeeAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:11155111#A1B2C3D4",
///     "tokenAddress": "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C", "walletAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "network": "sepolia"}"#)?;
/// assert_eq!(destination.destination_id, None);
/// assert_eq!(destination.network, "sepolia");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ResolvedDestination {
    /// `destinationId` (omitted when masked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_id: Option<String>,
    /// `payeeAddress`: the ERC-7828 name.
    pub payee_address: String,
    /// `tokenAddress`.
    pub token_address: String,
    /// `walletAddress`.
    pub wallet_address: String,
    /// `network`.
    pub network: String,
    /// `isMasked`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_masked: Option<bool>,
}

/// The fields every form shares.
///
/// ```
/// use securepay::api::SecurePaymentInfo;
///
/// let info: SecurePaymentInfo = serde_json::from_str(r#"{"paymentType": "single", "payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
///     "network": "base", "amount": "10000000", "paymentCurrency": "USDC-base", "status": "pending",
///     "paymentOptions": {"BASE": {"USDC": {"balance": "150.00", "hasEnoughBalance": true, "neededAmount": "10.00"}}}}"#)?;
/// let options = info.common().payment_options.as_ref().ok_or("no options")?;
/// assert_eq!(options["BASE"]["USDC"].balance.as_str(), "150.00");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct InfoCommon {
    /// `status`.
    pub status: SecurePaymentStatus,
    /// `redirectUrl` (nullable).
    #[serde(default)]
    pub redirect_url: Option<String>,
    /// `redirectLabel` (nullable).
    #[serde(default)]
    pub redirect_label: Option<String>,
    /// `orchestratorId` (nullable).
    #[serde(default)]
    pub orchestrator_id: Option<String>,
    /// `branding` (nullable), as given.
    #[serde(default, deserialize_with = "strict_value")]
    pub branding: Option<Value>,
    /// `paymentOptions`: by source chain, then by token.
    #[serde(
        default,
        deserialize_with = "payment_options",
        skip_serializing_if = "Option::is_none"
    )]
    pub payment_options: Option<BTreeMap<String, BTreeMap<String, PaymentOption>>>,
    /// `analytics`, as given.
    #[serde(
        default,
        deserialize_with = "strict_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub analytics: Option<Value>,
    /// `requestIds`.
    #[serde(default)]
    pub request_ids: Vec<String>,
    /// `reference` (nullable).
    #[serde(default)]
    pub reference: Option<String>,
    /// `isPayeeAddressMasked`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_payee_address_masked: Option<bool>,
    /// `feePlan` (nullable).
    #[serde(default)]
    pub fee_plan: Option<FeePlan>,
    /// `accessDecision`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_decision: Option<AccessDecision>,
}

/// `paymentType: "single"`.
///
/// ```
/// use securepay::api::SecurePaymentInfo;
/// use securepay::network::Network;
///
/// let info: SecurePaymentInfo = serde_json::from_str(r#"{"paymentType": "single",
///     "payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "network": "sepolia", "amount": "10000000000000000000",
///     "paymentCurrency": "FAU-sepolia", "status": "pending", "destination": null, "reference": "INV-2025-001"}"#)?;
/// let SecurePaymentInfo::Single(single) = info else { unreachable!() };
/// assert_eq!((single.network, single.payment_currency.as_str()), (Network::Sepolia, "FAU-sepolia"));
/// assert_eq!(single.amount.as_str(), "10000000000000000000"); // base units in this example
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct SingleInfo {
    /// The shared fields.
    #[serde(flatten)]
    pub common: InfoCommon,
    /// `payee` (possibly masked).
    pub payee: String,
    /// `network`.
    pub network: Network,
    /// `amount` (unit not stated: see the module documentation).
    pub amount: DecimalText,
    /// `paymentCurrency`.
    pub payment_currency: CurrencyId,
    /// `isNativeCurrency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_native_currency: Option<bool>,
    /// `destination` (null for payouts made from raw recipient details).
    #[serde(default)]
    pub destination: Option<ResolvedDestination>,
}

impl SingleInfo {
    /// The payee as an address of the payment's network (an error when masked).
    ///
    /// ```
    /// use securepay::api::SecurePaymentInfo;
    ///
    /// let info: SecurePaymentInfo = serde_json::from_str(r#"{"paymentType": "single",
    ///     "payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "network": "sepolia", "amount": "10000000000000000000",
    ///     "paymentCurrency": "FAU-sepolia", "status": "pending", "destination": null, "reference": "INV-2025-001"}"#)?;
    /// let SecurePaymentInfo::Single(single) = info else { unreachable!() };
    /// assert_eq!(single.payee_address()?.to_string(), "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payee_address(&self) -> Result<ChainAddress, ChainAddressError> {
        ChainAddress::parse(self.network, &self.payee)
    }
}

/// `paymentType: "batch"`: parallel arrays, one entry per payment.
///
/// ```
/// use securepay::api::SecurePaymentInfo;
///
/// let info: SecurePaymentInfo = serde_json::from_str(r#"{"paymentType": "batch", "payees": ["0xb07d2398d2004378cad234da0ef14f1c94a530e4", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"], "network": "sepolia", "amounts": ["50", "10"], "paymentCurrencies": ["FAU-sepolia", "FAU-sepolia"], "status": "pending", "destinations": [null, null], "reference": "BATCH-REF-001"}"#)?;
/// let SecurePaymentInfo::Batch(batch) = info else { unreachable!() };
/// let amounts: Vec<&str> = batch.amounts.iter().map(|a| a.as_str()).collect();
/// assert_eq!(amounts, ["50", "10"]); // one entry per payee
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct BatchInfo {
    /// The shared fields.
    #[serde(flatten)]
    pub common: InfoCommon,
    /// `payees` (possibly masked).
    pub payees: Vec<String>,
    /// `network`.
    pub network: Network,
    /// `amounts`.
    pub amounts: Vec<DecimalText>,
    /// `paymentCurrencies`.
    pub payment_currencies: Vec<CurrencyId>,
    /// `isNativeCurrency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_native_currency: Option<Vec<bool>>,
    /// `destinations` (entries null when not linked to a stored destination).
    #[serde(default)]
    pub destinations: Vec<Option<ResolvedDestination>>,
}

/// Single or batch, when the answer carries only the status (the API description's third
/// form: `paymentType`, `status`, `branding`).
///
/// ```
/// use securepay::api::{PaymentKind, SecurePaymentInfo};
///
/// let info: SecurePaymentInfo = serde_json::from_str(r#"{"paymentType": "batch", "status": "completed", "branding": null}"#)?;
/// assert!(matches!(info, SecurePaymentInfo::StatusOnly { payment_type: PaymentKind::Batch, .. }));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum PaymentKind {
    /// `single`.
    Single,
    /// `batch`.
    Batch,
}

/// The answer of `GET /v2/secure-payments/{token}`, by `paymentType`.
///
/// ```
/// use securepay::api::SecurePaymentInfo;
///
/// let info: SecurePaymentInfo = serde_json::from_str(r#"{"paymentType":"single","payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
///   "network":"base","amount":"10000000","paymentCurrency":"USDC-base","status":"pending","destination":null,"reference":"ORDER-2024-001"}"#)?;
/// let SecurePaymentInfo::Single(single) = &info else { unreachable!() };
/// assert!(single.common.status.is_payable());
/// assert!(single.payee_address().is_ok());
/// assert!(serde_json::from_str::<SecurePaymentInfo>(r#"{"paymentType":"triple","status":"pending"}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // read once per page load
#[non_exhaustive]
pub enum SecurePaymentInfo {
    /// One payment.
    Single(SingleInfo),
    /// The legacy incoming batch.
    Batch(BatchInfo),
    /// A multicall payout.
    Multicall(MulticallInfo),
    /// Only the status (and branding).
    StatusOnly {
        /// `paymentType`.
        payment_type: PaymentKind,
        /// The shared fields.
        common: InfoCommon,
    },
}

impl Serialize for SecurePaymentInfo {
    /// The service's JSON, `paymentType` included.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use crate::serde_util::PaymentTypeTagged as Tagged;
        match self {
            SecurePaymentInfo::Single(shape) => Tagged {
                payment_type: "single",
                shape,
            }
            .serialize(serializer),
            SecurePaymentInfo::Batch(shape) => Tagged {
                payment_type: "batch",
                shape,
            }
            .serialize(serializer),
            SecurePaymentInfo::Multicall(shape) => Tagged {
                payment_type: "multicall",
                shape,
            }
            .serialize(serializer),
            SecurePaymentInfo::StatusOnly {
                payment_type,
                common,
            } => Tagged {
                payment_type: match payment_type {
                    PaymentKind::Single => "single",
                    PaymentKind::Batch => "batch",
                },
                shape: common,
            }
            .serialize(serializer),
        }
    }
}

impl SecurePaymentInfo {
    /// The shared fields.
    ///
    /// ```
    /// use securepay::api::SecurePaymentInfo;
    ///
    /// let info: SecurePaymentInfo = serde_json::from_str(r#"{"paymentType": "batch", "payees": ["0xb07d2398d2004378cad234da0ef14f1c94a530e4", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"], "network": "sepolia", "amounts": ["50", "10"], "paymentCurrencies": ["FAU-sepolia", "FAU-sepolia"], "status": "pending", "destinations": [null, null], "reference": "BATCH-REF-001"}"#)?;
    /// assert_eq!(info.common().reference.as_deref(), Some("BATCH-REF-001"));
    /// assert!(info.common().status.is_payable());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn common(&self) -> &InfoCommon {
        match self {
            SecurePaymentInfo::Single(s) => &s.common,
            SecurePaymentInfo::Batch(b) => &b.common,
            SecurePaymentInfo::Multicall(m) => &m.common,
            SecurePaymentInfo::StatusOnly { common, .. } => common,
        }
    }
}

/// `paymentOptions`: by source chain, then by token.
type PaymentOptions = BTreeMap<String, BTreeMap<String, PaymentOption>>;

/// `paymentOptions`: by chain, then by token, no key given twice in either.
fn payment_options<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<PaymentOptions>, D::Error> {
    let options = Option::<UniqueMap<UniqueMap<PaymentOption>>>::deserialize(deserializer)?;
    Ok(options.map(|UniqueMap(chains)| {
        chains
            .into_iter()
            .map(|(chain, UniqueMap(tokens))| (chain, tokens))
            .collect()
    }))
}

/// The answer as read: the form its `paymentType` names. Every field is read typed, so a key
/// given twice (`paymentType` included) is refused by name; a single or batch answer without
/// its payee(s) is the status-only form.
#[derive(Deserialize)]
#[serde(tag = "paymentType", rename_all = "snake_case")]
enum InfoWire {
    Single(SingleWire),
    Batch(BatchWire),
    Multicall(MulticallInfo),
}

/// `paymentType: "single"`: the fields of [`SingleInfo`], optional until `payee` says which
/// form the answer is.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SingleWire {
    #[serde(flatten)]
    common: InfoCommon,
    #[serde(default, deserialize_with = "present")]
    payee: Option<String>,
    #[serde(default, deserialize_with = "present")]
    network: Option<Network>,
    #[serde(default, deserialize_with = "present")]
    amount: Option<DecimalText>,
    #[serde(default, deserialize_with = "present")]
    payment_currency: Option<CurrencyId>,
    #[serde(default)]
    is_native_currency: Option<bool>,
    #[serde(default)]
    destination: Option<ResolvedDestination>,
}

/// `paymentType: "batch"`: the fields of [`BatchInfo`], optional until `payees` says which
/// form the answer is.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct BatchWire {
    #[serde(flatten)]
    common: InfoCommon,
    #[serde(default, deserialize_with = "present")]
    payees: Option<Vec<String>>,
    #[serde(default, deserialize_with = "present")]
    network: Option<Network>,
    #[serde(default, deserialize_with = "present")]
    amounts: Option<Vec<DecimalText>>,
    #[serde(default, deserialize_with = "present")]
    payment_currencies: Option<Vec<CurrencyId>>,
    #[serde(default)]
    is_native_currency: Option<Vec<bool>>,
    #[serde(default)]
    destinations: Vec<Option<ResolvedDestination>>,
}

impl<'de> Deserialize<'de> for SecurePaymentInfo {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let Object(wire) = Object::<InfoWire>::deserialize(deserializer)?;
        let info = match wire {
            InfoWire::Single(SingleWire {
                common,
                payee: None,
                ..
            }) => SecurePaymentInfo::StatusOnly {
                payment_type: PaymentKind::Single,
                common,
            },
            InfoWire::Single(SingleWire {
                common,
                payee: Some(payee),
                network,
                amount,
                payment_currency,
                is_native_currency,
                destination,
            }) => SecurePaymentInfo::Single(SingleInfo {
                common,
                payee,
                network: required(network, "network")?,
                amount: required(amount, "amount")?,
                payment_currency: required(payment_currency, "paymentCurrency")?,
                is_native_currency,
                destination,
            }),
            InfoWire::Batch(BatchWire {
                common,
                payees: None,
                ..
            }) => SecurePaymentInfo::StatusOnly {
                payment_type: PaymentKind::Batch,
                common,
            },
            InfoWire::Batch(BatchWire {
                common,
                payees: Some(payees),
                network,
                amounts,
                payment_currencies,
                is_native_currency,
                destinations,
            }) => {
                let batch = BatchInfo {
                    common,
                    payees,
                    network: required(network, "network")?,
                    amounts: required(amounts, "amounts")?,
                    payment_currencies: required(payment_currencies, "paymentCurrencies")?,
                    is_native_currency,
                    destinations,
                };
                let n = batch.payees.len();
                let lengths = [
                    batch.amounts.len(),
                    batch.payment_currencies.len(),
                    batch.is_native_currency.as_ref().map_or(n, Vec::len),
                    if batch.destinations.is_empty() {
                        n
                    } else {
                        batch.destinations.len()
                    },
                ];
                if lengths.iter().any(|len| *len != n) {
                    return Err(D::Error::custom(format!(
                        "batch secure payment: payees, amounts, paymentCurrencies, isNativeCurrency and destinations must have the same length ({n} payees; others {lengths:?})"
                    )));
                }
                SecurePaymentInfo::Batch(batch)
            }
            InfoWire::Multicall(multicall) => SecurePaymentInfo::Multicall(multicall),
        };
        Ok(info)
    }
}
