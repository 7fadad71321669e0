//! What the payer agreed to, read from JSON once and checked against the catalog.

use std::fmt;

use alloy_primitives::U256;
use serde::{Deserialize, Serialize};

use crate::address::PayeeAddress;
use crate::amount::{AmountError, HumanAmount};
use crate::calldata::{PaymentReference, ReferenceError};
use crate::currency::{Catalog, CatalogError, Currency};
use crate::network::{Network, NetworkError};
use crate::policy::PayeeDisplay;

/// Why an expectation could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExpectationError {
    /// Not JSON of the expectation's shape (a missing field, a wrong type, an unknown field).
    #[error("expectation: {0}")]
    Json(String),
    /// The network is not one of the service's.
    #[error("expectation network: {0}")]
    Network(#[from] NetworkError),
    /// The currency is not in the catalog.
    #[error("expectation currency: {0}")]
    Currency(#[from] CatalogError),
    /// The currency is not on the expectation's network.
    #[error("expectation currency {currency} is not on network {network}")]
    CurrencyNetwork {
        /// The currency.
        currency: String,
        /// The network.
        network: Network,
    },
    /// No payment.
    #[error("expectation: payments must not be empty")]
    NoPayments,
    /// A payee of the wrong family or malformed.
    #[error("expectation payments[{index}].payee: {reason}")]
    Payee {
        /// The payment.
        index: usize,
        /// What is wrong.
        reason: String,
    },
    /// An amount that is malformed, zero or more precise than the currency.
    #[error("expectation {field}: {source}")]
    Amount {
        /// The field.
        field: String,
        /// What is wrong.
        source: AmountError,
    },
    /// A malformed reference.
    #[error("expectation payments[{index}].reference: {source}")]
    Reference {
        /// The payment.
        index: usize,
        /// What is wrong.
        source: ReferenceError,
    },
    /// A malformed payer or smart account.
    #[error("expectation {field}: {reason}")]
    Address {
        /// The field.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// The JSON form of an expectation (unknown fields are rejected).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ExpectationJson {
    network: String,
    currency: String,
    payments: Vec<PaymentJson>,
    #[serde(default)]
    payer: Option<String>,
    #[serde(default)]
    smart_account: Option<String>,
    #[serde(default)]
    max_payer_fees: Option<String>,
    #[serde(default)]
    hide_payee_address: bool,
    #[serde(default)]
    source_network: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PaymentJson {
    payee: String,
    amount: String,
    #[serde(default)]
    reference: Option<String>,
}

/// One payment the payer agreed to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExpectedPayment {
    /// The payee: masked in every output when `hidePayeeAddress` is set.
    pub payee: PayeeDisplay,
    /// The agreed amount, as written.
    pub amount: HumanAmount,
    /// The agreed amount in smallest units of the currency.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub units: U256,
    /// The reference, when the payer knows it.
    pub reference: Option<PaymentReference>,
}

/// What the payer agreed to: the input of [`super::verify`].
///
/// ```json
/// {
///   "network": "base",
///   "currency": "USDC-base",
///   "payments": [ { "payee": "0x…", "amount": "10.50", "reference": "0x1a2b3c4d5e6f7081" } ],
///   "payer": "0x…",
///   "smartAccount": "0x…",
///   "maxPayerFees": "0.30",
///   "hidePayeeAddress": false,
///   "sourceNetwork": "optimism"
/// }
/// ```
///
/// `network`, `currency` and `payments` are required; the order of `payments` is the order of
/// multicall children; amounts are human decimals of the currency, above zero; Tron payees are
/// Base58. `maxPayerFees` caps the fees the payer pays on top (inclusive); `sourceNetwork` pins
/// the source chain of a cross-chain route (`network` and `currency` are then the destination's).
/// Unknown fields are rejected.
///
/// ```
/// use securepay::verify::Expectation;
///
/// let expectation = Expectation::from_json(r#"{"network":"base","currency":"USDC-base",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10.50"}],
///   "hidePayeeAddress":true}"#)?;
/// assert_eq!(expectation.payments[0].units.to_string(), "10500000");
/// assert!(!format!("{expectation:?}").contains("6923831A")); // masked
/// assert!(Expectation::from_json(r#"{"network":"base","currency":"USDC-base","payments":[],"extra":1}"#).is_err());
/// # Ok::<(), securepay::verify::ExpectationError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Expectation {
    /// The network (the destination's for a cross-chain route).
    pub network: Network,
    /// The currency paid (the destination's for a cross-chain route).
    pub currency: Currency,
    /// The payments, in the order of multicall children.
    pub payments: Vec<ExpectedPayment>,
    /// The payer's wallet.
    pub payer: Option<PayeeAddress>,
    /// The smart account that executes the bundle, in the smart-account flow.
    pub smart_account: Option<PayeeAddress>,
    /// The most the payer accepts to pay in fees on top, in smallest units.
    #[serde(serialize_with = "crate::serde_util::u256_decimal_opt")]
    pub max_payer_fees: Option<U256>,
    /// Whether the payee is masked in every output.
    pub hide_payee_address: bool,
    /// The source network of a cross-chain route, when the payer pins it.
    pub source_network: Option<Network>,
}

impl fmt::Debug for Expectation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Expectation")
            .field("network", &self.network)
            .field("currency", &self.currency.id().as_str())
            .field("payments", &self.payments)
            .field("payer", &self.payer)
            .field("smart_account", &self.smart_account)
            .field("max_payer_fees", &self.max_payer_fees)
            .field("hide_payee_address", &self.hide_payee_address)
            .field("source_network", &self.source_network)
            .finish()
    }
}

impl Expectation {
    /// Reads an expectation from JSON, resolving the currency in the built-in catalog.
    pub fn from_json(text: &str) -> Result<Expectation, ExpectationError> {
        Expectation::from_json_with(text, Catalog::builtin())
    }

    /// Reads an expectation from JSON, resolving the currency in `catalog`.
    pub fn from_json_with(text: &str, catalog: &Catalog) -> Result<Expectation, ExpectationError> {
        if !crate::serde_util::opens_object(text.as_bytes()) {
            return Err(ExpectationError::Json(String::from(
                "an expectation is a JSON object (starts with {)",
            )));
        }
        let json: ExpectationJson =
            serde_json::from_str(text).map_err(|e| ExpectationError::Json(e.to_string()))?;
        let network = Network::from_id(&json.network)?;
        let currency = catalog.get(&json.currency)?.clone();
        if currency.chain_network() != Some(network) {
            return Err(ExpectationError::CurrencyNetwork {
                currency: json.currency,
                network,
            });
        }
        let decimals = currency.decimals();
        if json.payments.is_empty() {
            return Err(ExpectationError::NoPayments);
        }
        let payments = json
            .payments
            .iter()
            .enumerate()
            .map(|(index, p)| {
                let payee = PayeeAddress::parse(network, &p.payee).map_err(|e| {
                    ExpectationError::Payee {
                        index,
                        reason: e.to_string(),
                    }
                })?;
                let amount_error = |source| ExpectationError::Amount {
                    field: format!("payments[{index}].amount"),
                    source,
                };
                let amount = HumanAmount::parse(&p.amount).map_err(amount_error)?;
                let units = amount.to_units(decimals).map_err(amount_error)?;
                if units.is_zero() {
                    return Err(amount_error(AmountError::Zero));
                }
                let reference = p
                    .reference
                    .as_deref()
                    .map(PaymentReference::parse)
                    .transpose()
                    .map_err(|source| ExpectationError::Reference { index, source })?;
                Ok(ExpectedPayment {
                    payee: PayeeDisplay::new(payee, json.hide_payee_address),
                    amount,
                    units,
                    reference,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let address = |field: &'static str, text: &Option<String>| {
            text.as_deref()
                .map(PayeeAddress::parse_any)
                .transpose()
                .map_err(|e| ExpectationError::Address {
                    field,
                    reason: e.to_string(),
                })
        };
        let max_payer_fees = json
            .max_payer_fees
            .as_deref()
            .map(|text| HumanAmount::parse(text).and_then(|a| a.to_units(decimals)))
            .transpose()
            .map_err(|source| ExpectationError::Amount {
                field: "maxPayerFees".into(),
                source,
            })?;
        Ok(Expectation {
            network,
            currency,
            payments,
            payer: address("payer", &json.payer)?,
            smart_account: address("smartAccount", &json.smart_account)?,
            max_payer_fees,
            hide_payee_address: json.hide_payee_address,
            source_network: json
                .source_network
                .as_deref()
                .map(Network::from_id)
                .transpose()?,
        })
    }

    /// The payment token on the network, or `None` for the native currency.
    pub fn token(&self) -> Option<PayeeAddress> {
        self.currency.token_address()
    }

    /// Whether `address` is one of the expected payees.
    pub(crate) fn is_payee(&self, address: &PayeeAddress) -> bool {
        self.payments
            .iter()
            .any(|p| p.payee.address_for_transaction() == address)
    }
}
