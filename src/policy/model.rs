//! The closed vocabulary of access policies: `mode`, `screeningProvider`, and the effective
//! [`Screening`] they combine into; plus the error of every malformed `accessPolicy` object.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::JsonError;
use crate::address::ChainAddressError;

/// Why an `accessPolicy` object (or one of its values) is not acceptable.
///
/// ```
/// use securepay::policy::{AccessPolicyError, PaymentPolicy};
///
/// let error = PaymentPolicy::from_str(r#"{"mode": "kyt_all_wallets"}"#).unwrap_err();
/// assert_eq!(error, AccessPolicyError::ProviderRequired);
/// assert!(error.to_string().contains("there is no default"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AccessPolicyError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// A `mode` outside `off`, `kyt_all_wallets`, `inherit`.
    #[error("unknown access policy mode {0:?}: expected off, kyt_all_wallets or inherit")]
    UnknownMode(String),
    /// A `screeningProvider` outside `hypernative`, `merklescience`.
    #[error("unknown screening provider {0:?}: expected hypernative or merklescience")]
    UnknownProvider(String),
    /// `mode: "kyt_all_wallets"` without a `screeningProvider` (absent or `null`): the API has
    /// no default provider.
    #[error(
        "mode kyt_all_wallets needs a screeningProvider (hypernative or merklescience); there is no default"
    )]
    ProviderRequired,
    /// `mode: "off"` with a `screeningProvider`: it must be omitted or `null`.
    #[error("mode off does not screen, so screeningProvider must be omitted or null, found {0:?}")]
    ProviderWithModeOff(String),
    /// A `screeningProvider` without a `mode`.
    #[error(
        "screeningProvider {0:?} is set but mode is not: set mode to kyt_all_wallets, or remove screeningProvider"
    )]
    ProviderWithoutMode(String),
    /// `mode: "inherit"` with a `screeningProvider`: an inheriting payment takes the provider
    /// from the plan or the destination.
    #[error(
        "mode inherit takes the provider from the plan or the destination, so screeningProvider must be omitted or null, found {0:?}"
    )]
    ProviderWithInherit(String),
    /// `mode: "inherit"` in a payee destination's policy: only a payment can inherit.
    #[error(
        "mode inherit is accepted on a payment's accessPolicy only, not on a payee destination"
    )]
    InheritAtDestination,
    /// `mode: "inherit"` in a resolved configuration: resolution always ends in off or
    /// kyt_all_wallets.
    #[error("a resolved access policy has mode off or kyt_all_wallets, never inherit")]
    InheritInResolvedPolicy,
    /// `allowedPayerAddresses` in a payee destination's policy: the allowlist is set per
    /// payment, at creation.
    #[error(
        "allowedPayerAddresses is set per payment (POST /v2/secure-payments), not on a payee destination"
    )]
    AllowlistAtDestination,
    /// An entry of `allowedPayerAddresses` that is neither an EVM nor a Tron address.
    #[error("allowedPayerAddresses[{index}] {entry:?} is not an EVM or Tron address: {source}")]
    InvalidPayerAddress {
        /// The position of the entry in the list.
        index: usize,
        /// The entry as given.
        entry: String,
        /// Why it is not an address.
        source: ChainAddressError,
    },
    /// The object is not an `accessPolicy` object (not JSON, wrong JSON type, unknown field,
    /// a field given twice, `null` where a value is required). The `serde_json::Error` (line,
    /// column, category) is the [`source()`](std::error::Error::source).
    #[error("not an accessPolicy object: {0}")]
    Json(#[source] JsonError),
}

/// `accessPolicy.mode`: whether payer wallets are screened.
///
/// Closed: an unknown value is an error, never a default.
///
/// ```
/// use securepay::policy::Mode;
///
/// assert_eq!("kyt_all_wallets".parse::<Mode>()?, Mode::KytAllWallets);
/// assert_eq!(Mode::Inherit.as_str(), "inherit");
/// assert!("KYT_ALL_WALLETS".parse::<Mode>().is_err());
/// # Ok::<(), securepay::policy::AccessPolicyError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// `off`: no screening (the default).
    Off,
    /// `kyt_all_wallets`: every payer wallet is screened before it may pay.
    KytAllWallets,
    /// `inherit`: the payment takes the destination's policy (payment level only).
    Inherit,
}

impl Mode {
    /// The wire text.
    ///
    /// ```
    /// use securepay::policy::Mode;
    ///
    /// assert_eq!(Mode::KytAllWallets.as_str(), "kyt_all_wallets");
    /// assert_eq!(Mode::Off.to_string(), "off");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Mode::Off => "off",
            Mode::KytAllWallets => "kyt_all_wallets",
            Mode::Inherit => "inherit",
        }
    }
}

/// `accessPolicy.screeningProvider`: who screens payer wallets.
///
/// Closed: an unknown value is an error. Merkle Science is available "where enabled for your
/// account"; whether it is enabled cannot be known offline.
///
/// ```
/// use securepay::policy::ScreeningProvider;
///
/// assert_eq!("merklescience".parse::<ScreeningProvider>()?, ScreeningProvider::MerkleScience);
/// assert!("chainalysis".parse::<ScreeningProvider>().is_err());
/// # Ok::<(), securepay::policy::AccessPolicyError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScreeningProvider {
    /// `hypernative`.
    Hypernative,
    /// `merklescience`.
    MerkleScience,
}

impl ScreeningProvider {
    /// Both providers.
    pub const ALL: [ScreeningProvider; 2] = [
        ScreeningProvider::Hypernative,
        ScreeningProvider::MerkleScience,
    ];

    /// The wire text.
    ///
    /// ```
    /// use securepay::policy::ScreeningProvider;
    ///
    /// assert_eq!(ScreeningProvider::MerkleScience.as_str(), "merklescience");
    /// assert_eq!(ScreeningProvider::ALL.map(ScreeningProvider::as_str), ["hypernative", "merklescience"]);
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ScreeningProvider::Hypernative => "hypernative",
            ScreeningProvider::MerkleScience => "merklescience",
        }
    }
}

/// The effective screening of a payment: off, or every wallet screened by one provider.
///
/// This is what a valid `mode` + `screeningProvider` pair means once `inherit` is resolved;
/// "screening without a provider" cannot be represented.
///
/// ```
/// use securepay::policy::{Mode, Screening, ScreeningProvider};
///
/// let kyt = Screening::Kyt(ScreeningProvider::Hypernative);
/// assert_eq!(kyt.mode(), Mode::KytAllWallets);
/// assert_eq!(kyt.provider(), Some(ScreeningProvider::Hypernative));
/// assert!(!Screening::Off.is_enabled());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screening {
    /// No screening.
    #[default]
    Off,
    /// Every payer wallet (for smart accounts, the EOA and the account) is screened by this
    /// provider.
    Kyt(ScreeningProvider),
}

impl Screening {
    /// The `mode` that says this (`off` or `kyt_all_wallets`).
    ///
    /// ```
    /// use securepay::policy::{Mode, Screening, ScreeningProvider};
    ///
    /// assert_eq!(Screening::Off.mode(), Mode::Off);
    /// assert_eq!(Screening::Kyt(ScreeningProvider::MerkleScience).mode(), Mode::KytAllWallets);
    /// ```
    pub const fn mode(self) -> Mode {
        match self {
            Screening::Off => Mode::Off,
            Screening::Kyt(_) => Mode::KytAllWallets,
        }
    }

    /// The provider, when screening is on.
    ///
    /// ```
    /// use securepay::policy::{Screening, ScreeningProvider};
    ///
    /// assert_eq!(Screening::Kyt(ScreeningProvider::MerkleScience).provider(), Some(ScreeningProvider::MerkleScience));
    /// assert_eq!(Screening::Off.provider(), None);
    /// ```
    pub const fn provider(self) -> Option<ScreeningProvider> {
        match self {
            Screening::Off => None,
            Screening::Kyt(provider) => Some(provider),
        }
    }

    /// Whether wallets are screened.
    ///
    /// ```
    /// use securepay::policy::{Screening, ScreeningProvider};
    ///
    /// assert!(Screening::Kyt(ScreeningProvider::Hypernative).is_enabled());
    /// assert!(!Screening::default().is_enabled()); // off by default
    /// ```
    pub const fn is_enabled(self) -> bool {
        matches!(self, Screening::Kyt(_))
    }

    /// The screening that a `mode` and a provider describe, with the API's rules: `kyt_all_wallets`
    /// needs a provider, `off` refuses one, `inherit` is not an effective screening.
    ///
    /// ```
    /// use securepay::policy::{AccessPolicyError, Mode, Screening, ScreeningProvider};
    ///
    /// let hypernative = Some(ScreeningProvider::Hypernative);
    /// assert_eq!(Screening::from_parts(Mode::KytAllWallets, hypernative)?, Screening::Kyt(ScreeningProvider::Hypernative));
    /// assert_eq!(Screening::from_parts(Mode::KytAllWallets, None), Err(AccessPolicyError::ProviderRequired));
    /// assert_eq!(Screening::from_parts(Mode::Inherit, None), Err(AccessPolicyError::InheritInResolvedPolicy));
    /// # Ok::<(), AccessPolicyError>(())
    /// ```
    pub fn from_parts(
        mode: Mode,
        provider: Option<ScreeningProvider>,
    ) -> Result<Screening, AccessPolicyError> {
        match (mode, provider) {
            (Mode::Off, None) => Ok(Screening::Off),
            (Mode::Off, Some(p)) => Err(AccessPolicyError::ProviderWithModeOff(p.to_string())),
            (Mode::KytAllWallets, Some(p)) => Ok(Screening::Kyt(p)),
            (Mode::KytAllWallets, None) => Err(AccessPolicyError::ProviderRequired),
            (Mode::Inherit, _) => Err(AccessPolicyError::InheritInResolvedPolicy),
        }
    }
}

macro_rules! wire_enum {
    ($type:ident, $error:ident, [$($variant:ident),+]) => {
        impl FromStr for $type {
            type Err = AccessPolicyError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                $(if text == $type::$variant.as_str() {
                    return Ok($type::$variant);
                })+
                Err(AccessPolicyError::$error(text.to_owned()))
            }
        }

        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                crate::serde_util::parse_str(deserializer, str::parse)
            }
        }
    };
}

wire_enum!(Mode, UnknownMode, [Off, KytAllWallets, Inherit]);
wire_enum!(
    ScreeningProvider,
    UnknownProvider,
    [Hypernative, MerkleScience]
);
