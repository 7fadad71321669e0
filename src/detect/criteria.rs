//! What the caller knows of the request whose payments are detected.

use alloy_primitives::{Address, U256};

use crate::address::ChainAddress;
use crate::calldata::PaymentReference;
use crate::currency::{Currency, CurrencyType};
use crate::network::Network;

/// Why detection criteria were refused.
///
/// ```
/// use securepay::calldata::PaymentReference;
/// use securepay::currency::Catalog;
/// use securepay::detect::{Criteria, CriteriaError};
/// use securepay::network::Network;
///
/// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]));
/// let usdc_on_mainnet = Catalog::builtin().get("USDC-mainnet")?.clone();
/// assert!(matches!(criteria.with_currency(usdc_on_mainnet), Err(CriteriaError::CurrencyNotOnNetwork { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CriteriaError {
    /// An address of the other family (a Tron address on an EVM network, or the reverse).
    #[error("{what} {address} is not an address of {network}")]
    WrongFamily {
        /// Which address.
        what: &'static str,
        /// The address.
        address: ChainAddress,
        /// The network.
        network: Network,
    },
    /// A token or native currency of another network.
    #[error("currency {id} is not a currency of {network}")]
    CurrencyNotOnNetwork {
        /// The currency id.
        id: String,
        /// The network.
        network: Network,
    },
    /// A fiat currency with more than 8 decimals (Chainlink amounts have 8).
    #[error("currency {id}: {decimals} decimals; conversion amounts have 8")]
    TooManyDecimals {
        /// The currency id.
        id: String,
        /// Its decimals.
        decimals: u8,
    },
}

/// What is known of the request: its network and payment reference, and as much of the rest as
/// the caller has. Each tie that is given is checked on every event; each that is not is listed
/// in the settlement's [`unchecked`](super::Settlement::unchecked).
///
/// ```
/// use securepay::calldata::PaymentReference;
/// use securepay::currency::Catalog;
/// use securepay::detect::Criteria;
/// use securepay::network::Network;
///
/// let reference = PaymentReference::derive("abcd", "salt", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
/// let criteria = Criteria::new(Network::Base, reference)
///     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
///     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?
///     .with_head_block(30_000_000);
/// assert_eq!(criteria.network(), Network::Base);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Criteria {
    network: Network,
    reference: PaymentReference,
    refund_reference: Option<PaymentReference>,
    payee: Option<ChainAddress>,
    refund_address: Option<ChainAddress>,
    currency: Option<Currency>,
    fee_address: Option<ChainAddress>,
    accepted_tokens: Option<Vec<ChainAddress>>,
    max_rate_timespan: U256,
    head_block: Option<u64>,
}

impl Criteria {
    /// The payments of `reference` on `network`; nothing else checked yet.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]));
    /// assert_eq!((criteria.payee(), criteria.head_block()), (None, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(network: Network, reference: PaymentReference) -> Criteria {
        Criteria {
            network,
            reference,
            refund_reference: None,
            payee: None,
            refund_address: None,
            currency: None,
            fee_address: None,
            accepted_tokens: None,
            max_rate_timespan: U256::ZERO,
            head_block: None,
        }
    }

    fn fits(&self, what: &'static str, address: ChainAddress) -> Result<(), CriteriaError> {
        if address.fits(self.network) {
            Ok(())
        } else {
            Err(CriteriaError::WrongFamily {
                what,
                address,
                network: self.network,
            })
        }
    }

    /// Refunds are the events of `reference`: the reference derived from the request id, the
    /// salt and the refund address (`getPaymentReference(request, REFUND)`,
    /// `RequestNetwork/requestNetwork@f1942807:packages/payment-detection/src/utils.ts:149-176`).
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_refund_reference(PaymentReference::new([2; 8]));
    /// assert_eq!(criteria.refund_reference(), Some(PaymentReference::new([2; 8])));
    /// ```
    pub fn with_refund_reference(mut self, reference: PaymentReference) -> Criteria {
        self.refund_reference = Some(reference);
        self
    }

    /// A payment counts only when its `to` is `payee` (the request's payment address).
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_payee("0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7".parse()?)?;
    /// assert!(criteria.payee().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_payee(mut self, payee: ChainAddress) -> Result<Criteria, CriteriaError> {
        self.fits("payee", payee)?;
        self.payee = Some(payee);
        Ok(self)
    }

    /// A refund counts only when its `to` is `address` (the request's refund address).
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_refund_address("0x2222222222222222222222222222222222222222".parse()?)?;
    /// assert!(criteria.refund_address().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_refund_address(mut self, address: ChainAddress) -> Result<Criteria, CriteriaError> {
        self.fits("refund address", address)?;
        self.refund_address = Some(address);
        Ok(self)
    }

    /// The request's currency: a token or the native currency of the network (payments in it,
    /// and conversions valued in it), or a fiat currency (conversions valued in it).
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// let eur = securepay::currency::Catalog::builtin().get("EUR")?.clone(); // fiat: conversions only
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_currency(eur)?;
    /// assert_eq!(criteria.currency().map(|c| c.decimals().get()), Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_currency(mut self, currency: Currency) -> Result<Criteria, CriteriaError> {
        let on_network = currency.chain_network() == Some(self.network);
        if currency.kind() != CurrencyType::Iso4217 && !on_network {
            return Err(CriteriaError::CurrencyNotOnNetwork {
                id: currency.id().to_string(),
                network: self.network,
            });
        }
        let decimals = currency.decimals().get();
        if currency.kind() == CurrencyType::Iso4217 && decimals > 8 {
            return Err(CriteriaError::TooManyDecimals {
                id: currency.id().to_string(),
                decimals,
            });
        }
        self.currency = Some(currency);
        Ok(self)
    }

    /// The request's fee address: fees paid to another address still let their payment count,
    /// but are left out of the fee balance.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_fee_address("0x9795d480c2c50392a4714a0f468059c6448dece2".parse()?)?;
    /// assert!(criteria.fee_address().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_fee_address(mut self, address: ChainAddress) -> Result<Criteria, CriteriaError> {
        self.fits("fee address", address)?;
        self.fee_address = Some(address);
        Ok(self)
    }

    /// The tokens a conversion payment may be made in (`acceptedTokens`); without them, any.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_accepted_tokens(vec![usdc])?;
    /// assert_eq!(criteria.accepted_tokens(), Some(&[usdc][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_accepted_tokens(
        mut self,
        tokens: Vec<ChainAddress>,
    ) -> Result<Criteria, CriteriaError> {
        for token in &tokens {
            self.fits("accepted token", *token)?;
        }
        self.accepted_tokens = Some(tokens);
        Ok(self)
    }

    /// The request's `maxRateTimespan` (0 when not set, as in Request Network's detector): a
    /// conversion counts when its own `maxRateTimespan` is at most this.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_max_rate_timespan(U256::from(600));
    /// assert_eq!(criteria.max_rate_timespan(), U256::from(600));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_max_rate_timespan(mut self, seconds: U256) -> Criteria {
        self.max_rate_timespan = seconds;
        self
    }

    /// The chain's latest block, for each event's confirmations.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_head_block(30_000_000);
    /// assert_eq!(criteria.head_block(), Some(30_000_000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_head_block(mut self, block: u64) -> Criteria {
        self.head_block = Some(block);
        self
    }

    /// The network.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.network(), Network::Base);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn network(&self) -> Network {
        self.network
    }

    /// The payment reference.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.reference(), PaymentReference::new([1; 8]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn reference(&self) -> PaymentReference {
        self.reference
    }

    /// The refund reference, if given.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.refund_reference(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn refund_reference(&self) -> Option<PaymentReference> {
        self.refund_reference
    }

    /// The payee, if given.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.payee().map(|p| p.to_string()).as_deref(), Some("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn payee(&self) -> Option<ChainAddress> {
        self.payee
    }

    /// The refund address, if given.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.refund_address(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn refund_address(&self) -> Option<ChainAddress> {
        self.refund_address
    }

    /// The currency, if given.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.currency().map(|c| c.id().to_string()).as_deref(), Some("USDC-base"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn currency(&self) -> Option<&Currency> {
        self.currency.as_ref()
    }

    /// The fee address, if given.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.fee_address(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn fee_address(&self) -> Option<ChainAddress> {
        self.fee_address
    }

    /// The accepted tokens of conversions, if given.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.accepted_tokens(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn accepted_tokens(&self) -> Option<&[ChainAddress]> {
        self.accepted_tokens.as_deref()
    }

    /// The request's `maxRateTimespan`.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.max_rate_timespan(), U256::ZERO); // RN's default
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn max_rate_timespan(&self) -> U256 {
        self.max_rate_timespan
    }

    /// The head block, if given.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::Criteria;
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]))
    /// #     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
    /// #     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?.with_head_block(30_000_000);
    /// assert_eq!(criteria.head_block(), Some(30_000_000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn head_block(&self) -> Option<u64> {
        self.head_block
    }
}

/// How the request's currency is paid and valued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Denomination {
    /// A token: paid in it; conversions valued in it name its address.
    Token(Address),
    /// The network's native currency; conversions name its hash.
    Native(Address),
    /// A fiat currency: conversions only, amounts padded to 8 decimals.
    Fiat {
        /// Its hash.
        hash: Address,
        /// 8 minus its decimals.
        padding: u8,
    },
}

impl Denomination {
    /// The currency of `currency` (a token, a native currency or fiat).
    pub(super) fn of(currency: &Currency) -> Denomination {
        let hash = currency.hash().unwrap_or(currency.address()).abi();
        match currency.kind() {
            CurrencyType::Erc20 | CurrencyType::Trc20 => {
                Denomination::Token(currency.address().abi())
            }
            CurrencyType::Eth => Denomination::Native(hash),
            // `CurrencyType` is `#[non_exhaustive]` across the core's crate boundary: a kind
            // the core adds later is matched by its hash alone, as fiat is (never as a token's
            // address or as the chain's native value).
            CurrencyType::Iso4217 | _ => Denomination::Fiat {
                hash,
                padding: 8u8.saturating_sub(currency.decimals().get()),
            },
        }
    }

    /// The hash a conversion event names for this currency (`path[0]`).
    pub(super) const fn hash(self) -> Address {
        match self {
            Denomination::Token(address) | Denomination::Native(address) => address,
            Denomination::Fiat { hash, .. } => hash,
        }
    }
}
