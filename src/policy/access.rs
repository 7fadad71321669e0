//! `accessPolicy` objects as the API writes them, validated for where they are used: on a
//! payment ([`PaymentPolicy`]) or on a payee destination ([`DestinationPolicy`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{AccessPolicyError, AllowedPayers, Mode, Screening, ScreeningProvider};
use crate::wire::json::{Object, nullable, present};

/// The fields of an `accessPolicy` object, as the API writes them:
/// `{ mode, screeningProvider, hideUntilApproved, hidePayeeAddress, allowedPayerAddresses }`.
///
/// Every field is optional. `screeningProvider` is nullable, so it is an `Option<Option<_>>`:
/// `None` when absent, `Some(None)` for `null`. These fields are not validated as a whole; make
/// a [`PaymentPolicy`] or a [`DestinationPolicy`] from them. Reading JSON refuses unknown
/// fields (a misspelt `allowedPayerAddress` must not silently allow everyone), a field given
/// twice, `null` where the API does not allow it, and unknown `mode` or `screeningProvider`
/// values.
///
/// ```
/// use securepay::policy::{AccessPolicyFields, Mode, ScreeningProvider};
///
/// let fields = AccessPolicyFields::from_str(r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative"}"#)?;
/// assert_eq!(fields.mode, Some(Mode::KytAllWallets));
/// assert_eq!(fields.screening_provider, Some(Some(ScreeningProvider::Hypernative)));
/// assert!(AccessPolicyFields::from_str(r#"{"mode":"strict"}"#).is_err());
/// # Ok::<(), securepay::policy::AccessPolicyError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Object<AccessPolicyWire>")]
pub struct AccessPolicyFields {
    /// `mode`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// `screeningProvider`: absent (`None`), `null` (`Some(None)`) or a provider.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub screening_provider: Option<Option<ScreeningProvider>>,
    /// `hideUntilApproved`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hide_until_approved: Option<bool>,
    /// `hidePayeeAddress`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hide_payee_address: Option<bool>,
    /// `allowedPayerAddresses`, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_payer_addresses: Option<Vec<String>>,
}

/// An `accessPolicy` object as read: `mode` and `screeningProvider` are still text, so that
/// an unknown value is its own error ([`AccessPolicyError::UnknownMode`],
/// [`AccessPolicyError::UnknownProvider`]) rather than a JSON error.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct AccessPolicyWire {
    #[serde(default, deserialize_with = "present")]
    mode: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    screening_provider: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    hide_until_approved: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    hide_payee_address: Option<bool>,
    #[serde(default, deserialize_with = "present")]
    allowed_payer_addresses: Option<Vec<String>>,
}

impl TryFrom<Object<AccessPolicyWire>> for AccessPolicyFields {
    type Error = AccessPolicyError;

    fn try_from(Object(wire): Object<AccessPolicyWire>) -> Result<Self, AccessPolicyError> {
        Ok(AccessPolicyFields {
            mode: wire.mode.as_deref().map(str::parse).transpose()?,
            screening_provider: wire
                .screening_provider
                .map(|provider| provider.as_deref().map(str::parse).transpose())
                .transpose()?,
            hide_until_approved: wire.hide_until_approved,
            hide_payee_address: wire.hide_payee_address,
            allowed_payer_addresses: wire.allowed_payer_addresses,
        })
    }
}

impl AccessPolicyFields {
    /// Reads an `accessPolicy` object from JSON text.
    ///
    /// ```
    /// use securepay::policy::{AccessPolicyError, AccessPolicyFields};
    ///
    /// let fields = AccessPolicyFields::from_str(r#"{"mode": "inherit", "screeningProvider": null}"#)?;
    /// assert_eq!(fields.screening_provider, Some(None)); // null, not absent
    /// // A misspelt field is refused rather than ignored.
    /// let misspelt = AccessPolicyFields::from_str(r#"{"allowedPayerAddress": ["0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"]}"#);
    /// assert!(matches!(misspelt, Err(AccessPolicyError::Json(_))));
    /// # Ok::<(), AccessPolicyError>(())
    /// ```
    pub fn from_str(text: &str) -> Result<AccessPolicyFields, AccessPolicyError> {
        crate::wire::EmptyInput::check(text.as_bytes(), "an access policy (a JSON object)")?;
        serde_json::from_str::<Object<AccessPolicyWire>>(text)
            .map_err(|e| AccessPolicyError::Json(e.into()))?
            .try_into()
    }

    /// Reads an `accessPolicy` object from a JSON value.
    ///
    /// ```
    /// use serde_json::json;
    /// use securepay::policy::{AccessPolicyError, AccessPolicyFields};
    ///
    /// let fields = AccessPolicyFields::from_value(&json!({"allowedPayerAddresses": []}))?;
    /// assert_eq!(fields.allowed_payer_addresses, Some(vec![]));
    /// let error = AccessPolicyFields::from_value(&json!({"hideUntilApproved": "yes"})).unwrap_err();
    /// assert_eq!(error.to_string(), r#"not an accessPolicy object: invalid type: string "yes", expected a boolean"#);
    /// # Ok::<(), AccessPolicyError>(())
    /// ```
    pub fn from_value(value: &Value) -> Result<AccessPolicyFields, AccessPolicyError> {
        Object::<AccessPolicyWire>::deserialize(value)
            .map_err(|e| AccessPolicyError::Json(e.into()))?
            .try_into()
    }
}

/// Where a policy is used; decides which values it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Payment,
    Destination,
}

/// The validated content shared by both kinds of policy.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Validated {
    mode: Option<Mode>,
    provider_null: bool,
    screening: Option<Screening>,
    hide_until_approved: Option<bool>,
    hide_payee_address: Option<bool>,
    allowed_payers: Option<AllowedPayers>,
}

impl Validated {
    fn new(fields: AccessPolicyFields, level: Level) -> Result<Validated, AccessPolicyError> {
        let provider = fields.screening_provider.flatten();
        let named = |p: ScreeningProvider| p.to_string();
        let screening = match (fields.mode, provider) {
            (Some(Mode::Inherit), _) if level == Level::Destination => {
                return Err(AccessPolicyError::InheritAtDestination);
            }
            (Some(Mode::Inherit), Some(p)) => {
                return Err(AccessPolicyError::ProviderWithInherit(named(p)));
            }
            (None, Some(p)) => return Err(AccessPolicyError::ProviderWithoutMode(named(p))),
            (Some(Mode::Inherit), None) | (None, None) => None,
            (Some(mode), provider) => Some(Screening::from_parts(mode, provider)?),
        };
        let allowed_payers = match fields.allowed_payer_addresses {
            Some(_) if level == Level::Destination => {
                return Err(AccessPolicyError::AllowlistAtDestination);
            }
            Some(entries) => Some(AllowedPayers::parse(&entries)?),
            None => None,
        };
        Ok(Validated {
            mode: fields.mode,
            provider_null: fields.screening_provider == Some(None),
            screening,
            hide_until_approved: fields.hide_until_approved,
            hide_payee_address: fields.hide_payee_address,
            allowed_payers,
        })
    }

    fn to_fields(&self) -> AccessPolicyFields {
        AccessPolicyFields {
            mode: self.mode,
            screening_provider: match self.screening.and_then(Screening::provider) {
                Some(p) => Some(Some(p)),
                None if self.provider_null => Some(None),
                None => None,
            },
            hide_until_approved: self.hide_until_approved,
            hide_payee_address: self.hide_payee_address,
            allowed_payer_addresses: self
                .allowed_payers
                .as_ref()
                .map(|list| list.addresses().iter().map(ToString::to_string).collect()),
        }
    }
}

macro_rules! policy_type {
    ($type:ident, $level:expr) => {
        impl $type {
            /// Validates `fields` for this level.
            ///
            /// ```
            #[doc = concat!(" use securepay::policy::{AccessPolicyError, AccessPolicyFields, Mode, ScreeningProvider, ", stringify!($type), "};")]
            ///
            /// let fields = AccessPolicyFields { mode: Some(Mode::Off), ..AccessPolicyFields::default() };
            #[doc = concat!(" assert_eq!(", stringify!($type), "::new(fields)?.mode(), Some(Mode::Off));")]
            /// let provider_only = AccessPolicyFields {
            ///     screening_provider: Some(Some(ScreeningProvider::Hypernative)),
            ///     ..AccessPolicyFields::default()
            /// };
            #[doc = concat!(" let error = ", stringify!($type), "::new(provider_only);")]
            /// assert_eq!(error, Err(AccessPolicyError::ProviderWithoutMode("hypernative".into())));
            /// # Ok::<(), AccessPolicyError>(())
            /// ```
            pub fn new(fields: AccessPolicyFields) -> Result<$type, AccessPolicyError> {
                Validated::new(fields, $level).map($type)
            }

            /// Reads and validates an `accessPolicy` object from JSON text.
            ///
            /// ```
            #[doc = concat!(" use securepay::policy::{AccessPolicyError, ", stringify!($type), "};")]
            ///
            #[doc = concat!(" let policy = ", stringify!($type), r##"::from_str(r#"{"hidePayeeAddress": true}"#)?;"##)]
            /// assert_eq!(policy.hide_payee_address(), Some(true));
            #[doc = concat!(" let error = ", stringify!($type), r##"::from_str(r#"{"mode": "off", "screeningProvider": "hypernative"}"#);"##)]
            /// assert_eq!(error, Err(AccessPolicyError::ProviderWithModeOff("hypernative".into())));
            /// # Ok::<(), AccessPolicyError>(())
            /// ```
            pub fn from_str(text: &str) -> Result<$type, AccessPolicyError> {
                $type::new(AccessPolicyFields::from_str(text)?)
            }

            /// Reads and validates an `accessPolicy` object from a JSON value.
            ///
            /// ```
            /// use serde_json::json;
            #[doc = concat!(" use securepay::policy::{AccessPolicyError, ", stringify!($type), "};")]
            ///
            /// let value = json!({"mode": "kyt_all_wallets", "screeningProvider": "merklescience"});
            #[doc = concat!(" let policy = ", stringify!($type), "::from_value(&value)?;")]
            /// assert_eq!(policy.screening_provider().map(|p| p.as_str()), Some("merklescience"));
            #[doc = concat!(" let null_mode = ", stringify!($type), r##"::from_value(&json!({"mode": null}));"##)]
            /// assert!(matches!(null_mode, Err(AccessPolicyError::Json(_))));
            /// # Ok::<(), AccessPolicyError>(())
            /// ```
            pub fn from_value(value: &Value) -> Result<$type, AccessPolicyError> {
                $type::new(AccessPolicyFields::from_value(value)?)
            }

            /// `mode` as given (absent is `None`).
            ///
            /// ```
            #[doc = concat!(" use securepay::policy::{Mode, ", stringify!($type), "};")]
            ///
            #[doc = concat!(" assert_eq!(", stringify!($type), r##"::from_str(r#"{"mode": "off"}"#)?.mode(), Some(Mode::Off));"##)]
            #[doc = concat!(" assert_eq!(", stringify!($type), r##"::from_str("{}")?.mode(), None);"##)]
            /// # Ok::<(), securepay::policy::AccessPolicyError>(())
            /// ```
            pub const fn mode(&self) -> Option<Mode> {
                self.0.mode
            }

            /// `screeningProvider`, when one is named.
            ///
            /// ```
            #[doc = concat!(" use securepay::policy::{ScreeningProvider, ", stringify!($type), "};")]
            ///
            #[doc = concat!(" let policy = ", stringify!($type), r##"::from_str(r#"{"mode": "kyt_all_wallets", "screeningProvider": "hypernative"}"#)?;"##)]
            /// assert_eq!(policy.screening_provider(), Some(ScreeningProvider::Hypernative));
            #[doc = concat!(" let off = ", stringify!($type), r##"::from_str(r#"{"mode": "off", "screeningProvider": null}"#)?;"##)]
            /// assert_eq!(off.screening_provider(), None);
            /// # Ok::<(), securepay::policy::AccessPolicyError>(())
            /// ```
            pub fn screening_provider(&self) -> Option<ScreeningProvider> {
                self.0.screening.and_then(Screening::provider)
            }

            /// The screening this policy sets, when its `mode` is `off` or `kyt_all_wallets`
            /// (`None` when `mode` is absent or `inherit`).
            ///
            /// ```
            #[doc = concat!(" use securepay::policy::{Screening, ", stringify!($type), "};")]
            ///
            #[doc = concat!(" assert_eq!(", stringify!($type), r##"::from_str(r#"{"mode": "off"}"#)?.sets_screening(), Some(Screening::Off));"##)]
            #[doc = concat!(" assert_eq!(", stringify!($type), r##"::from_str(r#"{"hideUntilApproved": true}"#)?.sets_screening(), None);"##)]
            /// # Ok::<(), securepay::policy::AccessPolicyError>(())
            /// ```
            pub const fn sets_screening(&self) -> Option<Screening> {
                self.0.screening
            }

            /// `hideUntilApproved` as given.
            ///
            /// ```
            #[doc = concat!(" use securepay::policy::", stringify!($type), ";")]
            ///
            #[doc = concat!(" let policy = ", stringify!($type), r##"::from_str(r#"{"hideUntilApproved": false}"#)?;"##)]
            /// assert_eq!(policy.hide_until_approved(), Some(false));
            #[doc = concat!(" assert_eq!(", stringify!($type), r##"::from_str("{}")?.hide_until_approved(), None);"##)]
            /// # Ok::<(), securepay::policy::AccessPolicyError>(())
            /// ```
            pub const fn hide_until_approved(&self) -> Option<bool> {
                self.0.hide_until_approved
            }

            /// `hidePayeeAddress` as given.
            ///
            /// ```
            #[doc = concat!(" use securepay::policy::", stringify!($type), ";")]
            ///
            #[doc = concat!(" let policy = ", stringify!($type), r##"::from_str(r#"{"hidePayeeAddress": true}"#)?;"##)]
            /// assert_eq!(policy.hide_payee_address(), Some(true));
            #[doc = concat!(" assert_eq!(", stringify!($type), r##"::from_str("{}")?.hide_payee_address(), None);"##)]
            /// # Ok::<(), securepay::policy::AccessPolicyError>(())
            /// ```
            pub const fn hide_payee_address(&self) -> Option<bool> {
                self.0.hide_payee_address
            }

            /// The fields, as the API writes them (addresses in canonical form).
            ///
            /// ```
            #[doc = concat!(" use securepay::policy::", stringify!($type), ";")]
            ///
            /// let text = r#"{"mode":"off","screeningProvider":null,"hidePayeeAddress":true}"#;
            #[doc = concat!(" let policy = ", stringify!($type), "::from_str(text)?;")]
            /// assert_eq!(policy.to_fields().screening_provider, Some(None)); // null is kept
            /// assert_eq!(serde_json::to_string(&policy)?, text);
            /// # Ok::<(), Box<dyn std::error::Error>>(())
            /// ```
            pub fn to_fields(&self) -> AccessPolicyFields {
                self.0.to_fields()
            }
        }

        impl TryFrom<AccessPolicyFields> for $type {
            type Error = AccessPolicyError;

            fn try_from(fields: AccessPolicyFields) -> Result<$type, AccessPolicyError> {
                $type::new(fields)
            }
        }

        impl From<$type> for AccessPolicyFields {
            fn from(policy: $type) -> AccessPolicyFields {
                policy.to_fields()
            }
        }
    };
}

/// A payment's `accessPolicy` (`POST /v2/secure-payments`, `/payouts`), validated at creation.
///
/// `mode` may be `off`, `kyt_all_wallets` or `inherit`, or absent. `kyt_all_wallets` needs a
/// `screeningProvider` (there is no default); `off` and `inherit` refuse one; a provider
/// without a mode is refused. The privacy flags are independent of `mode`. Every
/// `allowedPayerAddresses` entry must be an EVM or Tron address; an empty list allows every
/// wallet.
///
/// ```
/// use securepay::policy::{AccessPolicyError, PaymentPolicy, Screening, ScreeningProvider};
///
/// let policy = PaymentPolicy::from_str(r#"{"mode":"kyt_all_wallets","screeningProvider":"merklescience","hidePayeeAddress":true}"#)?;
/// assert_eq!(policy.sets_screening(), Some(Screening::Kyt(ScreeningProvider::MerkleScience)));
///
/// let inherit = PaymentPolicy::from_str(r#"{"mode":"inherit","allowedPayerAddresses":["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"]}"#)?;
/// assert_eq!(inherit.sets_screening(), None);
///
/// assert_eq!(
///     PaymentPolicy::from_str(r#"{"mode":"kyt_all_wallets"}"#),
///     Err(AccessPolicyError::ProviderRequired)
/// );
/// # Ok::<(), AccessPolicyError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "AccessPolicyFields", into = "AccessPolicyFields")]
pub struct PaymentPolicy(Validated);

policy_type!(PaymentPolicy, Level::Payment);

impl PaymentPolicy {
    /// The payer allowlist, when `allowedPayerAddresses` is given (an empty list allows every
    /// wallet).
    ///
    /// ```
    /// use securepay::policy::PaymentPolicy;
    ///
    /// let policy = PaymentPolicy::from_str(r#"{"allowedPayerAddresses": ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"]}"#)?;
    /// let allowed = policy.allowed_payers().ok_or("no allowlist")?;
    /// assert_eq!(allowed.addresses()[0].to_string(), "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    /// assert_eq!(PaymentPolicy::from_str("{}")?.allowed_payers(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn allowed_payers(&self) -> Option<&AllowedPayers> {
        self.0.allowed_payers.as_ref()
    }
}

/// A payee destination's `accessPolicy` (`POST`/`PUT /v1/payee-destination`), validated.
///
/// `mode` is `off` (the default when absent) or `kyt_all_wallets`; `inherit` is refused
/// (only a payment inherits), and so is `allowedPayerAddresses` (the allowlist is set per
/// payment). The provider rules are those of [`PaymentPolicy`].
///
/// ```
/// use securepay::policy::{AccessPolicyError, DestinationPolicy, Screening};
///
/// let policy = DestinationPolicy::from_str(r#"{"hideUntilApproved":true}"#)?;
/// assert_eq!(policy.screening(), Screening::Off); // off by default
/// assert_eq!(DestinationPolicy::from_str(r#"{"mode":"inherit"}"#), Err(AccessPolicyError::InheritAtDestination));
/// # Ok::<(), AccessPolicyError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "AccessPolicyFields", into = "AccessPolicyFields")]
pub struct DestinationPolicy(Validated);

policy_type!(DestinationPolicy, Level::Destination);

impl DestinationPolicy {
    /// The destination's screening: `off` when `mode` is absent (the API's default).
    ///
    /// ```
    /// use securepay::policy::{DestinationPolicy, Screening, ScreeningProvider};
    ///
    /// let policy = DestinationPolicy::from_str(r#"{"mode": "kyt_all_wallets", "screeningProvider": "hypernative"}"#)?;
    /// assert_eq!(policy.screening(), Screening::Kyt(ScreeningProvider::Hypernative));
    /// assert_eq!(DestinationPolicy::from_str("{}")?.screening(), Screening::Off);
    /// # Ok::<(), securepay::policy::AccessPolicyError>(())
    /// ```
    pub fn screening(&self) -> Screening {
        self.0.screening.unwrap_or_default()
    }
}
