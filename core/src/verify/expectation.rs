//! What the payer agreed to: the only input of the verifier that is trusted, with the facts
//! compiled into the crate. Built once, checked once, then read-only.

use crate::prelude::*;

use core::fmt;

use alloy_primitives::U256;
use serde::{Deserialize, Deserializer, Serialize};

use crate::address::{ChainAddress, ChainAddressError};
use crate::amount::{AmountError, HumanAmount};
use crate::calldata::{PaymentReference, ReferenceError};
use crate::currency::{Catalog, CatalogError, Currency};
use crate::masked::PayeeDisplay;
use crate::network::{Network, NetworkError};
use crate::wire::JsonError;

/// The largest expectation JSON read: 1 MiB. An expectation lists at most as many payments as a
/// multicall has children ([`crate::pay::MAX_CHILDREN`], 1,000), each a payee, an amount (at
/// most 100 characters) and a reference: under 300 KB written out with indentation.
pub const MAX_EXPECTATION_BYTES: usize = 1024 * 1024;

/// Why an expectation could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExpectationError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// More than [`MAX_EXPECTATION_BYTES`] of JSON: refused before it is read.
    #[error(
        "expectation: {0} bytes, above the {MAX_EXPECTATION_BYTES} bytes an expectation may have"
    )]
    TooLarge(usize),
    /// Not a JSON object: an expectation is one.
    #[error("expectation: an expectation is a JSON object (starts with {{)")]
    NotAnObject,
    /// Not JSON of the expectation's shape (a missing field, a wrong type, an unknown or
    /// duplicate field). The `serde_json::Error` (line, column, category) is the
    /// [`source()`](core::error::Error::source).
    #[error("expectation: {0}")]
    Json(#[source] JsonError),
    /// The network is not one of the service's.
    #[error("expectation {field}: {source}")]
    Network {
        /// The field.
        field: &'static str,
        /// What is wrong.
        source: NetworkError,
    },
    /// The currency is not in the catalog.
    #[error("expectation {field}: {source}")]
    Currency {
        /// The field.
        field: &'static str,
        /// What is wrong.
        source: CatalogError,
    },
    /// The currency is not on the network it is paid on.
    #[error("expectation {field} {currency} is not on network {network}")]
    CurrencyNetwork {
        /// The field.
        field: &'static str,
        /// The currency.
        currency: String,
        /// The network.
        network: Network,
    },
    /// The source currency of a cross-chain route is not a token (the bridge route sends an
    /// ERC-20 token).
    #[error(
        "expectation sourceCurrency {0} is not a token: cross-chain routes bridge ERC-20 tokens"
    )]
    SourceNotToken(String),
    /// A cross-chain field without the other two (`sourceNetwork`, `sourceCurrency` and
    /// `maxSourceAmount` come together).
    #[error(
        "expectation: sourceNetwork, sourceCurrency and maxSourceAmount come together ({0} is missing)"
    )]
    CrossChainIncomplete(&'static str),
    /// The source network is the payment's network.
    #[error(
        "expectation sourceNetwork {0} is the payment network: a cross-chain route starts on another chain"
    )]
    SameSourceNetwork(Network),
    /// No payment.
    #[error("expectation: payments must not be empty")]
    NoPayments,
    /// A payee that is not an address of the payment's network.
    #[error("expectation payments[{index}].payee: {reason}")]
    Payee {
        /// The payment.
        index: usize,
        /// What is wrong (with the payee given).
        reason: String,
    },
    /// A payee given as text that is not an address of the payment's network (malformed, or
    /// of the other family). The address's error is the
    /// [`source()`](core::error::Error::source).
    #[error("expectation payments[{index}].payee: {source}")]
    PayeeText {
        /// The payment.
        index: usize,
        /// Why it is not an address of the network.
        source: ChainAddressError,
    },
    /// An amount that is malformed, zero where it must not be, or more precise than the
    /// currency.
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
    /// A Tron-only field for a payment not signed on Tron.
    #[error("expectation {field}: only for payments signed on tron, not on {network}")]
    NotTron {
        /// The field.
        field: &'static str,
        /// The network the payment is signed on.
        network: Network,
    },
    /// A payer or smart account of the wrong family for the chain it signs on.
    #[error("expectation {field}: {reason}")]
    Address {
        /// The field.
        field: &'static str,
        /// What is wrong (with the address given).
        reason: String,
    },
    /// A payer or smart account given as text that is neither an EVM nor a Tron address. The
    /// address's error is the [`source()`](core::error::Error::source).
    #[error("expectation {field}: {source}")]
    AddressText {
        /// The field.
        field: &'static str,
        /// Why it is not an address.
        source: ChainAddressError,
    },
}

/// The JSON form of an expectation (unknown and duplicate fields are refused).
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
    max_payee_fees: Option<String>,
    #[serde(default)]
    batch_fee_rate: Option<u32>,
    #[serde(default)]
    hide_payee_address: bool,
    #[serde(default)]
    source_network: Option<String>,
    #[serde(default)]
    source_currency: Option<String>,
    #[serde(default)]
    max_source_amount: Option<String>,
    #[serde(default)]
    max_tron_fee_limit: Option<String>,
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
///
/// ```
/// use securepay_core::verify::Expectation;
///
/// let expectation = Expectation::from_str(r#"{"network":"base","currency":"USDC-base",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10.50","reference":"0x1a2b3c4d5e6f7081"}]}"#)?;
/// let payment = &expectation.payments()[0];
/// assert_eq!((payment.units().to::<u64>(), payment.amount().as_str()), (10_500_000, "10.5"));
/// assert_eq!(payment.reference().map(|r| r.to_string()).as_deref(), Some("0x1a2b3c4d5e6f7081"));
/// # Ok::<(), securepay_core::verify::ExpectationError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedPayment {
    payee: PayeeDisplay,
    amount: HumanAmount,
    units: U256,
    reference: Option<PaymentReference>,
}

impl ExpectedPayment {
    /// The payee, masked in every output when `hidePayeeAddress` is set.
    pub fn payee(&self) -> &PayeeDisplay {
        &self.payee
    }

    /// The agreed amount in human units of the currency (canonical: `10.50` reads `10.5`).
    pub fn amount(&self) -> &HumanAmount {
        &self.amount
    }

    /// The agreed amount in smallest units of the currency.
    pub fn units(&self) -> U256 {
        self.units
    }

    /// The payment reference, when the payer knows it.
    pub fn reference(&self) -> Option<PaymentReference> {
        self.reference
    }
}

/// A cross-chain route the payer agreed to: the funds leave `network` in `currency`, at most
/// `max_units` of it, bridge costs included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossChain {
    network: Network,
    currency: Currency,
    max_units: U256,
}

impl CrossChain {
    /// The source network (the chain the payer signs on).
    pub fn network(&self) -> Network {
        self.network
    }

    /// The source currency (a token on the source network).
    pub fn currency(&self) -> &Currency {
        &self.currency
    }

    /// The most that may leave the wallet on the source chain, in smallest units.
    pub fn max_units(&self) -> U256 {
        self.max_units
    }
}

/// What the payer agreed to: the input of [`super::verify`], trusted, with every cap.
///
/// ```json
/// {
///   "network": "base",
///   "currency": "USDC-base",
///   "payments": [ { "payee": "0x…", "amount": "10.50", "reference": "0x1a2b3c4d5e6f7081" } ],
///   "payer": "0x…",
///   "smartAccount": "0x…",
///   "maxPayerFees": "0.30",
///   "maxPayeeFees": "0.05",
///   "batchFeeRate": 10,
///   "hidePayeeAddress": false,
///   "sourceNetwork": "optimism",
///   "sourceCurrency": "USDT-optimism",
///   "maxSourceAmount": "10.60",
///   "maxTronFeeLimit": "300"
/// }
/// ```
///
/// - `network`, `currency`, `payments` are required: the chain where the payees are paid, the
///   currency (a catalog id on that network) and the payments, in the order of multicall
///   children, each above zero, Tron payees in Base58.
/// - `maxPayerFees`: the most that may leave the wallet beyond the agreed payments, in the
///   payment currency. **Absent is zero.**
/// - `maxPayeeFees`: the most the payees together may receive less than agreed (fees deducted
///   from the payments). **Absent is zero**: each payee receives exactly the agreed amount.
/// - `batchFeeRate`: the on-chain `batchFee()` rate of the batch contract the payment calls, as
///   the wallet read it, in the contract's own unit (per mille for the legacy `BatchPayments`,
///   per ten thousand for `BatchConversionPayments`). Without it, an ERC-20 batch that can
///   charge a batch fee is refused.
/// - `payer`: the wallet that signs; a cross-chain refund must go to it.
/// - `smartAccount`: the smart account of the smart-account flow; the only spender an
///   `eoaApprovalTransactions` approval may name.
/// - `sourceNetwork`, `sourceCurrency`, `maxSourceAmount` (all three or none): a cross-chain
///   route, the wallet signing on `sourceNetwork`, spending at most `maxSourceAmount` of
///   `sourceCurrency` (human units), bridge costs included.
/// - `hidePayeeAddress`: mask the payee in every output.
/// - `maxTronFeeLimit` (payments signed on Tron): the most TRX (human units) the Tron
///   transaction about to be signed may let its call burn for energy (its `fee_limit`), checked
///   by [`Verifier::verify_tron`](super::Verifier::verify_tron). **Absent is zero**: a call
///   that fails on an assert burns energy up to its fee limit, so any `fee_limit` above zero
///   needs an agreed cap. The response's `approvalFeeLimit` / `paymentFeeLimit` are
///   suggestions of the server, not caps.
///
/// ```
/// use securepay_core::verify::Expectation;
///
/// let expectation = Expectation::from_str(r#"{"network":"base","currency":"USDC-base",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10.50"}],
///   "hidePayeeAddress":true}"#)?;
/// assert_eq!(expectation.payments()[0].units().to_string(), "10500000");
/// assert!(expectation.max_payer_fees().is_zero()); // absent is zero
/// assert!(!format!("{expectation:?}").contains("6923831A")); // masked
/// assert!(Expectation::from_str(r#"{"network":"base","currency":"USDC-base","payments":[],"extra":1}"#).is_err());
/// # Ok::<(), securepay_core::verify::ExpectationError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Expectation {
    network: Network,
    currency: Currency,
    payments: Vec<ExpectedPayment>,
    payer: Option<ChainAddress>,
    smart_account: Option<ChainAddress>,
    max_payer_fees: Option<U256>,
    max_payee_fees: Option<U256>,
    max_tron_fee_limit: Option<U256>,
    batch_fee_rate: Option<u32>,
    hide_payee_address: bool,
    cross_chain: Option<CrossChain>,
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
            .field("max_payee_fees", &self.max_payee_fees)
            .field("max_tron_fee_limit", &self.max_tron_fee_limit)
            .field("batch_fee_rate", &self.batch_fee_rate)
            .field("hide_payee_address", &self.hide_payee_address)
            .field(
                "cross_chain",
                &self
                    .cross_chain
                    .as_ref()
                    .map(|c| (c.network, c.currency.id().as_str(), c.max_units)),
            )
            .finish()
    }
}

/// Builds an [`Expectation`] from typed values; [`ExpectationBuilder::build`] checks it as the
/// JSON form is checked.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::currency::Catalog;
/// use securepay_core::network::Network;
/// use securepay_core::verify::Expectation;
///
/// let catalog = Catalog::builtin();
/// let expectation = Expectation::builder(Network::Base, catalog.get("USDC-base")?.clone())
///     .payment("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, U256::from(10_500_000u64), Some("0x1a2b3c4d5e6f7081".parse()?))
///     .max_payer_fees(U256::from(300_000u64))
///     .cross_chain(Network::Optimism, catalog.get("USDT-optimism")?.clone(), U256::from(10_600_000u64))
///     .build()?;
/// assert_eq!(expectation.payments()[0].amount().as_str(), "10.5");
/// assert_eq!(expectation.cross_chain().map(|c| c.network()), Some(Network::Optimism));
/// assert_eq!(expectation.signing_network(), Network::Optimism);
/// // A payment of zero is refused, as in JSON.
/// let zero = Expectation::builder(Network::Base, catalog.get("USDC-base")?.clone())
///     .payment("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, U256::ZERO, None)
///     .build();
/// assert!(zero.is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct ExpectationBuilder {
    network: Network,
    currency: Currency,
    payments: Vec<(ChainAddress, U256, Option<PaymentReference>)>,
    payer: Option<ChainAddress>,
    smart_account: Option<ChainAddress>,
    max_payer_fees: Option<U256>,
    max_payee_fees: Option<U256>,
    max_tron_fee_limit: Option<U256>,
    batch_fee_rate: Option<u32>,
    hide_payee_address: bool,
    cross_chain: Option<(Network, Currency, U256)>,
}

impl ExpectationBuilder {
    /// Adds a payment of `units` (smallest units of the currency) to `payee`.
    pub fn payment(
        mut self,
        payee: ChainAddress,
        units: U256,
        reference: Option<PaymentReference>,
    ) -> ExpectationBuilder {
        self.payments.push((payee, units, reference));
        self
    }

    /// The wallet that signs.
    pub fn payer(mut self, payer: ChainAddress) -> ExpectationBuilder {
        self.payer = Some(payer);
        self
    }

    /// The smart account of the smart-account flow.
    pub fn smart_account(mut self, account: ChainAddress) -> ExpectationBuilder {
        self.smart_account = Some(account);
        self
    }

    /// The most that may leave the wallet beyond the payments (smallest units).
    pub fn max_payer_fees(mut self, units: U256) -> ExpectationBuilder {
        self.max_payer_fees = Some(units);
        self
    }

    /// The most the payees together may receive less than agreed (smallest units).
    pub fn max_payee_fees(mut self, units: U256) -> ExpectationBuilder {
        self.max_payee_fees = Some(units);
        self
    }

    /// The most TRX a Tron transaction may let its call burn for energy (`fee_limit`), in SUN
    /// (a millionth of a TRX). Only for payments signed on Tron; not set is zero.
    pub fn max_tron_fee_limit(mut self, sun: U256) -> ExpectationBuilder {
        self.max_tron_fee_limit = Some(sun);
        self
    }

    /// The batch contract's on-chain `batchFee()` rate, in its own unit.
    pub fn batch_fee_rate(mut self, rate: u32) -> ExpectationBuilder {
        self.batch_fee_rate = Some(rate);
        self
    }

    /// Masks the payee in every output.
    pub fn hide_payee_address(mut self, hide: bool) -> ExpectationBuilder {
        self.hide_payee_address = hide;
        self
    }

    /// A cross-chain route from `network`, spending at most `max_units` of `currency`.
    pub fn cross_chain(
        mut self,
        network: Network,
        currency: Currency,
        max_units: U256,
    ) -> ExpectationBuilder {
        self.cross_chain = Some((network, currency, max_units));
        self
    }

    /// Checks and builds the expectation.
    pub fn build(self) -> Result<Expectation, ExpectationError> {
        let network = self.network;
        if self.currency.chain_network() != Some(network) {
            return Err(ExpectationError::CurrencyNetwork {
                field: "currency",
                currency: self.currency.id().to_string(),
                network,
            });
        }
        if self.payments.is_empty() {
            return Err(ExpectationError::NoPayments);
        }
        let decimals = self.currency.decimals();
        let payments = self
            .payments
            .into_iter()
            .enumerate()
            .map(|(index, (payee, units, reference))| {
                if !payee.fits(network) {
                    return Err(ExpectationError::Payee {
                        index,
                        reason: format!("{payee} is not an address of network {network}"),
                    });
                }
                if units.is_zero() {
                    return Err(ExpectationError::Amount {
                        field: format!("payments[{index}].amount"),
                        source: AmountError::Zero,
                    });
                }
                Ok(ExpectedPayment {
                    payee: PayeeDisplay::new(payee, self.hide_payee_address),
                    amount: HumanAmount::from_units(units, decimals),
                    units,
                    reference,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let cross_chain = match self.cross_chain {
            None => None,
            Some((source, currency, max_units)) => {
                if source == network {
                    return Err(ExpectationError::SameSourceNetwork(source));
                }
                if currency.chain_network() != Some(source) {
                    return Err(ExpectationError::CurrencyNetwork {
                        field: "sourceCurrency",
                        currency: currency.id().to_string(),
                        network: source,
                    });
                }
                if currency.token_address().is_none() || !source.is_evm() {
                    return Err(ExpectationError::SourceNotToken(currency.id().to_string()));
                }
                if max_units.is_zero() {
                    return Err(ExpectationError::Amount {
                        field: "maxSourceAmount".into(),
                        source: AmountError::Zero,
                    });
                }
                Some(CrossChain {
                    network: source,
                    currency,
                    max_units,
                })
            }
        };
        let signing = cross_chain.as_ref().map_or(network, |c| c.network);
        if self.max_tron_fee_limit.is_some() && signing != Network::Tron {
            return Err(ExpectationError::NotTron {
                field: "maxTronFeeLimit",
                network: signing,
            });
        }
        for (field, address) in [
            ("payer", &self.payer),
            ("smartAccount", &self.smart_account),
        ] {
            if let Some(address) = address.filter(|a| !a.fits(signing)) {
                return Err(ExpectationError::Address {
                    field,
                    reason: format!(
                        "{address} is not an address of network {signing}, where the transactions are signed"
                    ),
                });
            }
        }
        Ok(Expectation {
            network,
            currency: self.currency,
            payments,
            payer: self.payer,
            smart_account: self.smart_account,
            max_payer_fees: self.max_payer_fees,
            max_payee_fees: self.max_payee_fees,
            max_tron_fee_limit: self.max_tron_fee_limit,
            batch_fee_rate: self.batch_fee_rate,
            hide_payee_address: self.hide_payee_address,
            cross_chain,
        })
    }
}

impl Expectation {
    /// A builder for an expectation of payments in `currency` on `network`.
    pub fn builder(network: Network, currency: Currency) -> ExpectationBuilder {
        ExpectationBuilder {
            network,
            currency,
            payments: Vec::new(),
            payer: None,
            smart_account: None,
            max_payer_fees: None,
            max_payee_fees: None,
            max_tron_fee_limit: None,
            batch_fee_rate: None,
            hide_payee_address: false,
            cross_chain: None,
        }
    }

    /// What a payer who agreed to exactly `plan` states: its payments with their references,
    /// `maxPayerFees` and `maxPayeeFees` equal to the plan's fees of each bearer, its smart
    /// account. Feature `fixtures`, for tests: a wallet builds its expectation from what the person
    /// saw, never from what a server planned.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::currency::Catalog;
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{ApprovalPlan, FeeBearer, PaymentPlan, PlannedFee, PlannedPayment};
    /// use securepay_core::verify::{verify, Expectation};
    ///
    /// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let plan = PaymentPlan {
    ///     network: Network::Base, currency: Catalog::builtin().get("USDC-base")?.clone(),
    ///     payments: vec![PlannedPayment { request_id: "r".into(), secure_payment_token: None, payee,
    ///         amount: U256::from(10_000_000u64), reference: "0x1a2b3c4d5e6f7081".parse()? }],
    ///     fees: vec![PlannedFee { request_id: "r".into(), fee_component_id: None, fee_type: None, fee_label: None,
    ///         bearer: FeeBearer::Payer, amount: U256::from(30_000u64), recipient: "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()? }],
    ///     approval: ApprovalPlan::Exact, smart_account: None, parent_token: None, bundle_id: None,
    /// };
    /// let expectation = Expectation::for_plan(&plan)?;
    /// assert_eq!(expectation.max_payer_fees(), U256::from(30_000u64));
    /// assert!(verify(&plan.build()?, &expectation).is_safe());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "fixtures")]
    #[cfg_attr(docsrs, doc(cfg(feature = "fixtures")))]
    pub fn for_plan(plan: &crate::pay::PaymentPlan) -> Result<Expectation, ExpectationError> {
        Expectation::plan_builder(plan).build()
    }

    /// As [`Expectation::for_plan`], for the cross-chain response of `plan` from `route`
    /// ([`crate::pay::PaymentPlan::build_cross_chain`]): the source network and currency, at
    /// most the route's source amounts, the route's payer.
    #[cfg(feature = "fixtures")]
    #[cfg_attr(docsrs, doc(cfg(feature = "fixtures")))]
    pub fn for_cross_chain_plan(
        plan: &crate::pay::PaymentPlan,
        route: &crate::pay::CrossChainRoute,
    ) -> Result<Expectation, ExpectationError> {
        let total = route
            .source_amounts
            .iter()
            .fold(U256::ZERO, |t, a| t.saturating_add(*a));
        Expectation::plan_builder(plan)
            .payer(route.payer)
            .cross_chain(route.network, route.currency.clone(), total)
            .build()
    }

    #[cfg(feature = "fixtures")]
    fn plan_builder(plan: &crate::pay::PaymentPlan) -> ExpectationBuilder {
        let borne = |bearer: crate::pay::FeeBearer| {
            plan.fees
                .iter()
                .filter(|f| f.bearer == bearer)
                .fold(U256::ZERO, |t, f| t.saturating_add(f.amount))
        };
        let mut builder = Expectation::builder(plan.network, plan.currency.clone())
            .max_payer_fees(borne(crate::pay::FeeBearer::Payer))
            .max_payee_fees(borne(crate::pay::FeeBearer::Payee));
        for payment in &plan.payments {
            builder = builder.payment(payment.payee, payment.amount, Some(payment.reference));
        }
        if let Some(flow) = plan.smart_account {
            builder = builder.smart_account(flow.account).payer(flow.funding_eoa);
        }
        builder
    }

    /// Reads an expectation from JSON, resolving currencies in the built-in catalog.
    pub fn from_str(text: &str) -> Result<Expectation, ExpectationError> {
        Expectation::from_slice_with(text.as_bytes(), Catalog::builtin())
    }

    /// Reads an expectation from the bytes of a JSON document (built-in catalog).
    ///
    /// ```
    /// use securepay_core::verify::Expectation;
    ///
    /// let bytes = br#"{"network":"tron","currency":"USDT-tron","payments":[{"payee":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","amount":"10"}]}"#;
    /// assert_eq!(Expectation::from_slice(bytes)?.payments()[0].units().to::<u64>(), 10_000_000);
    /// // Duplicate keys are refused, not resolved to the last one.
    /// let twice = br#"{"network":"base","network":"tron","currency":"USDT-tron","payments":[]}"#;
    /// assert!(Expectation::from_slice(twice).is_err());
    /// // More than MAX_EXPECTATION_BYTES is refused unread.
    /// let huge = vec![b' '; securepay_core::verify::MAX_EXPECTATION_BYTES + 1];
    /// assert!(matches!(Expectation::from_slice(&huge), Err(securepay_core::verify::ExpectationError::TooLarge(_))));
    /// # Ok::<(), securepay_core::verify::ExpectationError>(())
    /// ```
    pub fn from_slice(bytes: &[u8]) -> Result<Expectation, ExpectationError> {
        Expectation::from_slice_with(bytes, Catalog::builtin())
    }

    /// Reads an expectation from JSON, resolving currencies in `catalog`.
    pub fn from_str_with(text: &str, catalog: &Catalog) -> Result<Expectation, ExpectationError> {
        Expectation::from_slice_with(text.as_bytes(), catalog)
    }

    /// Reads an expectation from the bytes of a JSON document, resolving currencies in
    /// `catalog`.
    pub fn from_slice_with(
        bytes: &[u8],
        catalog: &Catalog,
    ) -> Result<Expectation, ExpectationError> {
        if bytes.len() > MAX_EXPECTATION_BYTES {
            return Err(ExpectationError::TooLarge(bytes.len()));
        }
        crate::wire::EmptyInput::check(bytes, "an expectation (a JSON object)")?;
        if !crate::serde_util::opens_object(bytes) {
            return Err(ExpectationError::NotAnObject);
        }
        let json: ExpectationJson =
            serde_json::from_slice(bytes).map_err(|e| ExpectationError::Json(e.into()))?;
        Expectation::from_wire(json, catalog)
    }

    fn from_wire(
        json: ExpectationJson,
        catalog: &Catalog,
    ) -> Result<Expectation, ExpectationError> {
        let network = parse_network("network", &json.network)?;
        let currency = parse_currency(catalog, "currency", &json.currency)?;
        let decimals = currency.decimals();
        let units = |field: String, text: &str| -> Result<U256, ExpectationError> {
            HumanAmount::parse(text)
                .and_then(|a| a.to_units(decimals))
                .map_err(|source| ExpectationError::Amount { field, source })
        };
        let mut builder = Expectation::builder(network, currency.clone())
            .hide_payee_address(json.hide_payee_address);
        for (index, p) in json.payments.iter().enumerate() {
            let payee = ChainAddress::parse(network, &p.payee)
                .map_err(|source| ExpectationError::PayeeText { index, source })?;
            let amount = units(format!("payments[{index}].amount"), &p.amount)?;
            let reference = p
                .reference
                .as_deref()
                .map(PaymentReference::parse)
                .transpose()
                .map_err(|source| ExpectationError::Reference { index, source })?;
            builder = builder.payment(payee, amount, reference);
        }
        if let Some(text) = &json.max_payer_fees {
            builder = builder.max_payer_fees(units("maxPayerFees".into(), text)?);
        }
        if let Some(text) = &json.max_payee_fees {
            builder = builder.max_payee_fees(units("maxPayeeFees".into(), text)?);
        }
        if let Some(rate) = json.batch_fee_rate {
            builder = builder.batch_fee_rate(rate);
        }
        if let Some(text) = &json.max_tron_fee_limit {
            let sun = HumanAmount::parse(text)
                .and_then(|a| a.to_units(crate::tron::TRX_DECIMALS))
                .map_err(|source| ExpectationError::Amount {
                    field: "maxTronFeeLimit".into(),
                    source,
                })?;
            builder = builder.max_tron_fee_limit(sun);
        }
        match (
            &json.source_network,
            &json.source_currency,
            &json.max_source_amount,
        ) {
            (None, None, None) => {}
            (Some(source), Some(source_currency), Some(max)) => {
                let source = parse_network("sourceNetwork", source)?;
                let source_currency = parse_currency(catalog, "sourceCurrency", source_currency)?;
                let max = HumanAmount::parse(max)
                    .and_then(|a| a.to_units(source_currency.decimals()))
                    .map_err(|source| ExpectationError::Amount {
                        field: "maxSourceAmount".into(),
                        source,
                    })?;
                builder = builder.cross_chain(source, source_currency, max);
            }
            (None, _, _) => return Err(ExpectationError::CrossChainIncomplete("sourceNetwork")),
            (_, None, _) => return Err(ExpectationError::CrossChainIncomplete("sourceCurrency")),
            (_, _, None) => return Err(ExpectationError::CrossChainIncomplete("maxSourceAmount")),
        }
        let address = |field: &'static str, text: &Option<String>| {
            text.as_deref()
                .map(ChainAddress::parse_any)
                .transpose()
                .map_err(|source| ExpectationError::AddressText { field, source })
        };
        if let Some(payer) = address("payer", &json.payer)? {
            builder = builder.payer(payer);
        }
        if let Some(account) = address("smartAccount", &json.smart_account)? {
            builder = builder.smart_account(account);
        }
        builder.build()
    }

    /// The network where the payees are paid (the destination of a cross-chain route).
    pub fn network(&self) -> Network {
        self.network
    }

    /// The currency paid.
    pub fn currency(&self) -> &Currency {
        &self.currency
    }

    /// The payments, in the order of multicall children.
    pub fn payments(&self) -> &[ExpectedPayment] {
        &self.payments
    }

    /// The wallet that signs, if given.
    pub fn payer(&self) -> Option<ChainAddress> {
        self.payer
    }

    /// The smart account of the smart-account flow, if given.
    pub fn smart_account(&self) -> Option<ChainAddress> {
        self.smart_account
    }

    /// The most that may leave the wallet beyond the payments (zero when not given).
    pub fn max_payer_fees(&self) -> U256 {
        self.max_payer_fees.unwrap_or_default()
    }

    /// The most the payees together may receive less than agreed (zero when not given).
    pub fn max_payee_fees(&self) -> U256 {
        self.max_payee_fees.unwrap_or_default()
    }

    /// The most a Tron transaction may let its call burn (`fee_limit`), in SUN, when agreed.
    /// `None` (not agreed) is checked as a cap of zero by
    /// [`Verifier::verify_tron`](super::Verifier::verify_tron).
    pub fn max_tron_fee_limit(&self) -> Option<U256> {
        self.max_tron_fee_limit
    }

    /// The batch contract's rate as the wallet read it, in the contract's own unit.
    pub fn batch_fee_rate(&self) -> Option<u32> {
        self.batch_fee_rate
    }

    /// Whether the payee is masked in every output.
    pub fn hide_payee_address(&self) -> bool {
        self.hide_payee_address
    }

    /// The cross-chain route agreed, if any.
    pub fn cross_chain(&self) -> Option<&CrossChain> {
        self.cross_chain.as_ref()
    }

    /// The chain the wallet signs on: the source network of a cross-chain route, else the
    /// payment network.
    pub fn signing_network(&self) -> Network {
        self.cross_chain
            .as_ref()
            .map_or(self.network, |c| c.network)
    }

    /// The payment token on the network, or `None` for the native currency.
    pub fn token(&self) -> Option<ChainAddress> {
        self.currency.token_address()
    }
}

fn parse_network(field: &'static str, text: &str) -> Result<Network, ExpectationError> {
    Network::from_id(text).map_err(|source| ExpectationError::Network { field, source })
}

fn parse_currency(
    catalog: &Catalog,
    field: &'static str,
    id: &str,
) -> Result<Currency, ExpectationError> {
    catalog
        .get(id)
        .cloned()
        .map_err(|source| ExpectationError::Currency { field, source })
}

impl<'de> Deserialize<'de> for Expectation {
    /// The JSON form, resolved in the built-in catalog.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let json = ExpectationJson::deserialize(deserializer)?;
        Expectation::from_wire(json, Catalog::builtin()).map_err(serde::de::Error::custom)
    }
}

impl Serialize for Expectation {
    /// The JSON form it is read from (human amounts, a masked payee stays masked).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let decimals = self.currency.decimals();
        let human = |units: U256| HumanAmount::from_units(units, decimals);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("network", &self.network)?;
        map.serialize_entry("currency", self.currency.id())?;
        let payments: Vec<serde_json::Value> = self
            .payments
            .iter()
            .map(|p| {
                let mut payment = serde_json::Map::new();
                let payee = match p.payee.shown_address() {
                    Some(address) => serde_json::Value::String(address.to_string()),
                    None => serde_json::Value::String(crate::masked::MASKED_TEXT.to_owned()),
                };
                payment.insert("payee".into(), payee);
                payment.insert("amount".into(), p.amount.as_str().into());
                if let Some(reference) = p.reference {
                    payment.insert("reference".into(), reference.to_string().into());
                }
                serde_json::Value::Object(payment)
            })
            .collect();
        map.serialize_entry("payments", &payments)?;
        if let Some(payer) = &self.payer {
            map.serialize_entry("payer", payer)?;
        }
        if let Some(account) = &self.smart_account {
            map.serialize_entry("smartAccount", account)?;
        }
        if let Some(max) = self.max_payer_fees {
            map.serialize_entry("maxPayerFees", human(max).as_str())?;
        }
        if let Some(max) = self.max_payee_fees {
            map.serialize_entry("maxPayeeFees", human(max).as_str())?;
        }
        if let Some(rate) = self.batch_fee_rate {
            map.serialize_entry("batchFeeRate", &rate)?;
        }
        if let Some(sun) = self.max_tron_fee_limit {
            let trx = HumanAmount::from_units(sun, crate::tron::TRX_DECIMALS);
            map.serialize_entry("maxTronFeeLimit", trx.as_str())?;
        }
        if self.hide_payee_address {
            map.serialize_entry("hidePayeeAddress", &true)?;
        }
        if let Some(cross) = &self.cross_chain {
            map.serialize_entry("sourceNetwork", &cross.network)?;
            map.serialize_entry("sourceCurrency", cross.currency.id())?;
            let max = HumanAmount::from_units(cross.max_units, cross.currency.decimals());
            map.serialize_entry("maxSourceAmount", max.as_str())?;
        }
        map.end()
    }
}
