//! Criteria given as text, as the faces take them: `securepay detect`'s flags and the
//! WebAssembly `detect`'s JSON object. [`CriteriaText::criteria`] reads them into [`Criteria`]
//! once, and each refusal names its field, so that both faces say the same thing.

use serde::Deserialize;

use super::{Criteria, CriteriaError};
use crate::address::{ChainAddress, ChainAddressError};
use crate::calldata::{PaymentReference, ReferenceError};
use crate::currency::{Catalog, CatalogError};
use crate::network::{Network, NetworkError};

/// What a caller looks for, as text: the network by name, the references as `0x` hex, the
/// addresses in the network's form, the currency by its catalog id. As JSON, its fields are
/// camelCase and any other field is refused.
///
/// ```
/// use securepay::detect::{CriteriaField, CriteriaText};
///
/// let text: CriteriaText = serde_json::from_str(r#"{"network":"base","reference":"0xe23a6b02059c2b30",
///   "payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","currency":"USDC-base"}"#)?;
/// let criteria = text.criteria(securepay::currency::Catalog::builtin())?;
/// assert_eq!(criteria.network(), securepay::network::Network::Base);
///
/// // A Tron address on Base: refused, naming the field.
/// let mut wrong = CriteriaText::new("base", "0xe23a6b02059c2b30");
/// wrong.payee = Some("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".into());
/// let error = wrong.criteria(securepay::currency::Catalog::builtin()).unwrap_err();
/// assert_eq!(error.field, CriteriaField::Payee);
/// assert!(error.to_string().starts_with("payee: "));
/// assert_eq!(error.field.flag(), "--payee");
/// // As JSON, a field it does not define is refused.
/// assert!(serde_json::from_str::<CriteriaText>(r#"{"network":"base","reference":"0x01","txHash":"0x"}"#).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CriteriaText {
    /// The network's name (`base`, `tron`, …).
    pub network: String,
    /// The request's payment reference.
    pub reference: String,
    /// The request's refund reference: its events are refunds.
    #[serde(default)]
    pub refund_reference: Option<String>,
    /// Counts only payments to this address.
    #[serde(default)]
    pub payee: Option<String>,
    /// Counts only refunds to this address.
    #[serde(default)]
    pub refund_address: Option<String>,
    /// The request's currency id (`USDC-base`, `EUR`…).
    #[serde(default)]
    pub currency: Option<String>,
    /// The request's fee address.
    #[serde(default)]
    pub fee_address: Option<String>,
    /// The chain's head block, for confirmations.
    #[serde(default)]
    pub head_block: Option<u64>,
}

/// A field of [`CriteriaText`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CriteriaField {
    /// `network`.
    Network,
    /// `reference`.
    Reference,
    /// `refundReference`.
    RefundReference,
    /// `payee`.
    Payee,
    /// `refundAddress`.
    RefundAddress,
    /// `currency`.
    Currency,
    /// `feeAddress`.
    FeeAddress,
}

impl CriteriaField {
    /// Its JSON name (`refundReference`).
    pub const fn json_name(self) -> &'static str {
        match self {
            CriteriaField::Network => "network",
            CriteriaField::Reference => "reference",
            CriteriaField::RefundReference => "refundReference",
            CriteriaField::Payee => "payee",
            CriteriaField::RefundAddress => "refundAddress",
            CriteriaField::Currency => "currency",
            CriteriaField::FeeAddress => "feeAddress",
        }
    }

    /// Its command-line flag (`--refund-reference`).
    pub const fn flag(self) -> &'static str {
        match self {
            CriteriaField::Network => "--network",
            CriteriaField::Reference => "--reference",
            CriteriaField::RefundReference => "--refund-reference",
            CriteriaField::Payee => "--payee",
            CriteriaField::RefundAddress => "--refund-address",
            CriteriaField::Currency => "--currency",
            CriteriaField::FeeAddress => "--fee-address",
        }
    }
}

/// Why a field of [`CriteriaText`] is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CriteriaCause {
    /// Not a network's name.
    #[error(transparent)]
    Network(#[from] NetworkError),
    /// Not a payment reference.
    #[error(transparent)]
    Reference(#[from] ReferenceError),
    /// Not an address of the network.
    #[error(transparent)]
    Address(#[from] ChainAddressError),
    /// Not a currency of the catalog.
    #[error(transparent)]
    Currency(#[from] CatalogError),
    /// Read, but not a criterion of this network (a currency of another network…).
    #[error(transparent)]
    Criteria(#[from] CriteriaError),
}

/// A field of [`CriteriaText`] refused: which, and why. Displayed with the field's JSON name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {cause}", field.json_name())]
pub struct CriteriaTextError {
    /// The field.
    pub field: CriteriaField,
    /// Why.
    #[source]
    pub cause: CriteriaCause,
}

impl CriteriaText {
    /// Criteria of `network` and `reference`, nothing else given.
    pub fn new(network: impl Into<String>, reference: impl Into<String>) -> CriteriaText {
        CriteriaText {
            network: network.into(),
            reference: reference.into(),
            ..CriteriaText::default()
        }
    }

    /// Reads the criteria, the currency from `catalog`.
    pub fn criteria(&self, catalog: &Catalog) -> Result<Criteria, CriteriaTextError> {
        fn at<T, E: Into<CriteriaCause>>(
            field: CriteriaField,
            result: Result<T, E>,
        ) -> Result<T, CriteriaTextError> {
            result.map_err(|error| CriteriaTextError {
                field,
                cause: error.into(),
            })
        }
        use CriteriaField as F;
        let network = at(F::Network, Network::from_name(&self.network))?;
        let address = |field, text: &str| at(field, ChainAddress::parse(network, text));
        let reference = at(F::Reference, PaymentReference::parse(&self.reference))?;
        let mut criteria = Criteria::new(network, reference);
        if let Some(text) = &self.refund_reference {
            let reference = at(F::RefundReference, PaymentReference::parse(text))?;
            criteria = criteria.with_refund_reference(reference);
        }
        if let Some(text) = &self.payee {
            criteria = at(F::Payee, criteria.with_payee(address(F::Payee, text)?))?;
        }
        if let Some(text) = &self.refund_address {
            let refund = address(F::RefundAddress, text)?;
            criteria = at(F::RefundAddress, criteria.with_refund_address(refund))?;
        }
        if let Some(id) = &self.currency {
            let currency = at(F::Currency, catalog.get(id))?.clone();
            criteria = at(F::Currency, criteria.with_currency(currency))?;
        }
        if let Some(text) = &self.fee_address {
            let fee = address(F::FeeAddress, text)?;
            criteria = at(F::FeeAddress, criteria.with_fee_address(fee))?;
        }
        if let Some(block) = self.head_block {
            criteria = criteria.with_head_block(block);
        }
        Ok(criteria)
    }
}
