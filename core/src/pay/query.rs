//! Query builders for the two pay endpoints, with their rules checked before anything is sent.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::address::{ChainAddress, ChainAddressError, EvmAddress, EvmAddressError};
use crate::amount::{HumanAmount, PercentageError};
use crate::network::{Network, NetworkError};
use crate::wire::url::query_string;

/// Why a pay query was refused.
///
/// ```
/// use securepay_core::network::Network;
/// use securepay_core::pay::{PayQueryError, SecurePayQuery};
///
/// let query = SecurePayQuery::new().safe(true); // a Safe payer, but which Safe?
/// assert_eq!(query.pairs(Network::Base), Err(PayQueryError::SafeWithoutWallet));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PayQueryError {
    /// `chain` without `token`, or the other way round.
    #[error("chain and token go together: give both or neither")]
    ChainWithoutToken,
    /// A chain that is not a cross-chain source of this endpoint.
    #[error(
        "{network} is not a cross-chain source chain of this endpoint (expected one of {allowed})"
    )]
    NotASourceChain {
        /// The chain.
        network: Network,
        /// The chains allowed.
        allowed: &'static str,
    },
    /// A source token the endpoint does not take.
    #[error("{0} is not a cross-chain source token of this endpoint")]
    NotASourceToken(SourceToken),
    /// `eoaWallet` and `isSafe` together.
    #[error("eoaWallet and isSafe are mutually exclusive")]
    EoaWalletWithSafe,
    /// `isSafe=true` without `wallet` (the Safe's address).
    #[error("isSafe=true needs wallet (the Safe's address)")]
    SafeWithoutWallet,
    /// Cross-chain, Safe or smart-account parameters for a Tron payment.
    #[error(
        "{0} is not available for a Tron payment (single, same-chain, no Safe, no smart account)"
    )]
    NotOnTron(&'static str),
    /// A wallet of the wrong family for the payment's network.
    #[error("wallet {wallet} is not an address of {network}")]
    WalletFamily {
        /// The wallet.
        wallet: ChainAddress,
        /// The payment's network.
        network: Network,
    },
    /// A partial amount of zero.
    #[error("amount must be greater than 0")]
    ZeroAmount,
    /// A malformed value (in a query string being read, or given to a builder): what is
    /// wrong with it.
    #[error("{field}: {reason}")]
    Value {
        /// The parameter.
        field: String,
        /// What is wrong (with the value given, when it says which).
        reason: String,
    },
    /// `wallet` that is neither an EVM nor a Tron address. The address's error is the
    /// [`source()`](core::error::Error::source).
    #[error("wallet: {0}")]
    Wallet(#[source] ChainAddressError),
    /// `eoaWallet` that is not an EVM address. The address's error is the
    /// [`source()`](core::error::Error::source).
    #[error("eoaWallet: {0}")]
    EoaWallet(#[source] EvmAddressError),
    /// `chain` that is not a network's query name. The network's error is the
    /// [`source()`](core::error::Error::source).
    #[error("chain: {0}")]
    Chain(#[source] NetworkError),
    /// `feePercentage` that is not a decimal from 0 to 100. Why is the
    /// [`source()`](core::error::Error::source).
    #[error("feePercentage: {0}")]
    FeePercentage(#[source] PercentageError),
    /// An unknown parameter in a query string being read.
    #[error("unknown query parameter {0:?}")]
    UnknownParameter(String),
}

/// The token a cross-chain payer pays from (`token` query parameter). A closed enum.
///
/// ```
/// use securepay_core::pay::SourceToken;
///
/// assert_eq!("USDT0".parse::<SourceToken>()?, SourceToken::Usdt0);
/// assert!("usdt".parse::<SourceToken>().is_err()); // the API's spelling only
/// assert_eq!(serde_json::to_string(&SourceToken::Eurc)?, r#""EURC""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SourceToken {
    /// `USDC`.
    #[serde(rename = "USDC")]
    Usdc,
    /// `USDT`.
    #[serde(rename = "USDT")]
    Usdt,
    /// `EURC` (secure pay endpoint only).
    #[serde(rename = "EURC")]
    Eurc,
    /// `USDT0` (secure pay endpoint only).
    #[serde(rename = "USDT0")]
    Usdt0,
}

impl SourceToken {
    /// The API's spelling.
    ///
    /// ```
    /// use securepay_core::pay::SourceToken;
    ///
    /// assert_eq!(SourceToken::Usdc.as_str(), "USDC");
    /// assert_eq!(SourceToken::Usdt0.to_string(), "USDT0");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            SourceToken::Usdc => "USDC",
            SourceToken::Usdt => "USDT",
            SourceToken::Eurc => "EURC",
            SourceToken::Usdt0 => "USDT0",
        }
    }
}

impl fmt::Display for SourceToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SourceToken {
    type Err = PayQueryError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "USDC" => Ok(SourceToken::Usdc),
            "USDT" => Ok(SourceToken::Usdt),
            "EURC" => Ok(SourceToken::Eurc),
            "USDT0" => Ok(SourceToken::Usdt0),
            other => Err(PayQueryError::Value {
                field: "token".into(),
                reason: format!("{other:?} is not one of USDC, USDT, EURC, USDT0"),
            }),
        }
    }
}

/// The query of `GET /v2/secure-payments/{token}/pay`.
///
/// ```
/// use securepay_core::network::Network;
/// use securepay_core::pay::{SecurePayQuery, SourceToken};
///
/// let query = SecurePayQuery::new()
///     .wallet("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)
///     .cross_chain(Network::Optimism, SourceToken::Usdt);
/// assert_eq!(
///     query.query_string(Network::Base)?,
///     "?wallet=0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7&chain=OPTIMISM&token=USDT"
/// );
/// assert!(query.query_string(Network::Tron).is_err()); // no cross-chain parameters on Tron
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SecurePayQuery {
    wallet: Option<ChainAddress>,
    source: Option<(Network, SourceToken)>,
    eoa_wallet: Option<EvmAddress>,
    is_safe: Option<bool>,
}

impl SecurePayQuery {
    /// An empty query.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::SecurePayQuery;
    ///
    /// assert_eq!(
    ///     SecurePayQuery::new().query_string(Network::Base)?,
    ///     "",
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new() -> SecurePayQuery {
        SecurePayQuery::default()
    }

    /// The payer's wallet (the smart account in the smart-account flow, the Safe with `isSafe`).
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{PayQueryError, SecurePayQuery};
    ///
    /// let query = SecurePayQuery::new().wallet("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?);
    /// let pairs = query.pairs(Network::Base)?;
    /// assert_eq!(pairs, [("wallet", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".to_owned())]);
    /// // An EVM wallet cannot pay a Tron payment (unless it pays cross-chain).
    /// assert!(matches!(query.pairs(Network::Tron), Err(PayQueryError::WalletFamily { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wallet(mut self, wallet: ChainAddress) -> SecurePayQuery {
        self.wallet = Some(wallet);
        self
    }

    /// Pay cross-chain from `token` on `chain` (sent as `chain` and `token`, always together).
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{PayQueryError, SecurePayQuery, SourceToken};
    ///
    /// let query = SecurePayQuery::new().cross_chain(Network::ArbitrumOne, SourceToken::Usdt0);
    /// let pairs = query.pairs(Network::Base)?;
    /// assert_eq!(pairs, [("chain", "ARBITRUM".to_owned()), ("token", "USDT0".to_owned())]);
    /// let sepolia = SecurePayQuery::new().cross_chain(Network::Sepolia, SourceToken::Usdc);
    /// assert!(matches!(sepolia.pairs(Network::Base), Err(PayQueryError::NotASourceChain { .. })));
    /// # Ok::<(), PayQueryError>(())
    /// ```
    pub fn cross_chain(mut self, chain: Network, token: SourceToken) -> SecurePayQuery {
        self.source = Some((chain, token));
        self
    }

    /// The funding EOA of the smart-account flow.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{PayQueryError, SecurePayQuery};
    ///
    /// let query = SecurePayQuery::new()
    ///     .wallet("0x1111111111111111111111111111111111111111".parse()?) // the smart account
    ///     .eoa_wallet("0x2222222222222222222222222222222222222222".parse()?);
    /// assert_eq!(query.pairs(Network::Base)?[1].0, "eoaWallet");
    /// assert!(matches!(query.pairs(Network::Tron), Err(PayQueryError::NotOnTron(_))));
    /// assert_eq!(query.safe(false).pairs(Network::Base), Err(PayQueryError::EoaWalletWithSafe));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eoa_wallet(mut self, eoa: EvmAddress) -> SecurePayQuery {
        self.eoa_wallet = Some(eoa);
        self
    }

    /// Prepare calldata for a Safe multisig payer (`isSafe`).
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::SecurePayQuery;
    ///
    /// let query = SecurePayQuery::new()
    ///     .wallet("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?) // the Safe
    ///     .safe(true);
    /// assert!(query.query_string(Network::Base)?.ends_with("&isSafe=true"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn safe(mut self, is_safe: bool) -> SecurePayQuery {
        self.is_safe = Some(is_safe);
        self
    }

    /// The query pairs, after checking every rule for a payment on `payment_network`.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{SecurePayQuery, SourceToken};
    ///
    /// let query = SecurePayQuery::new().cross_chain(Network::Base, SourceToken::Usdc);
    /// let pairs = query.pairs(Network::Optimism)?;
    /// assert_eq!(pairs, [("chain", "BASE".to_owned()), ("token", "USDC".to_owned())]);
    /// assert!(query.pairs(Network::Tron).is_err()); // no cross-chain parameters on Tron
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pairs(
        &self,
        payment_network: Network,
    ) -> Result<Vec<(&'static str, String)>, PayQueryError> {
        let tron = payment_network == Network::Tron;
        if self.eoa_wallet.is_some() && self.is_safe.is_some() {
            return Err(PayQueryError::EoaWalletWithSafe);
        }
        if self.is_safe == Some(true) && self.wallet.is_none() {
            return Err(PayQueryError::SafeWithoutWallet);
        }
        if tron {
            if self.source.is_some() {
                return Err(PayQueryError::NotOnTron(
                    "cross-chain payment (chain, token)",
                ));
            }
            if self.eoa_wallet.is_some() {
                return Err(PayQueryError::NotOnTron(
                    "the smart-account flow (eoaWallet)",
                ));
            }
            if self.is_safe.is_some() {
                return Err(PayQueryError::NotOnTron("a Safe payer (isSafe)"));
            }
        }
        let mut pairs = Vec::new();
        if let Some(wallet) = self.wallet {
            let source_is_evm = self.source.is_some();
            if !source_is_evm && !wallet.fits(payment_network) {
                return Err(PayQueryError::WalletFamily {
                    wallet,
                    network: payment_network,
                });
            }
            pairs.push(("wallet", wallet.to_string()));
        }
        if let Some((chain, token)) = self.source {
            let name = chain.query_name().ok_or(PayQueryError::NotASourceChain {
                network: chain,
                allowed: "BASE, OPTIMISM, ARBITRUM, ETHEREUM, POLYGON, BNB",
            })?;
            pairs.push(("chain", name.to_owned()));
            pairs.push(("token", token.as_str().to_owned()));
        }
        if let Some(eoa) = self.eoa_wallet {
            pairs.push(("eoaWallet", eoa.to_string()));
        }
        if let Some(is_safe) = self.is_safe {
            pairs.push(("isSafe", is_safe.to_string()));
        }
        Ok(pairs)
    }

    /// The percent-encoded query for a payment on `payment_network`: `?wallet=…&…`, or empty.
    /// The path comes from the endpoint table (`securepay::api::Api::get_secure_payment_calldata`).
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::SecurePayQuery;
    ///
    /// let query = SecurePayQuery::new().wallet("TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd".parse()?);
    /// assert_eq!(
    ///     query.query_string(Network::Tron)?,
    ///     "?wallet=TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd",
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn query_string(&self, payment_network: Network) -> Result<String, PayQueryError> {
        Ok(query_string(&self.pairs(payment_network)?))
    }

    /// Reads query pairs (as a server or a proxy would), with the same rules: `chain` and
    /// `token` together, known values only, no unknown parameter.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{PayQueryError, SecurePayQuery, SourceToken};
    ///
    /// let query = SecurePayQuery::from_pairs([("chain", "OPTIMISM"), ("token", "USDT")])?;
    /// assert_eq!(query, SecurePayQuery::new().cross_chain(Network::Optimism, SourceToken::Usdt));
    /// assert_eq!(SecurePayQuery::from_pairs([("chain", "BASE")]), Err(PayQueryError::ChainWithoutToken));
    /// assert_eq!(
    ///     SecurePayQuery::from_pairs([("amount", "1")]),
    ///     Err(PayQueryError::UnknownParameter("amount".into())),
    /// );
    /// # Ok::<(), PayQueryError>(())
    /// ```
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<SecurePayQuery, PayQueryError> {
        let mut query = SecurePayQuery::new();
        let (mut chain, mut token) = (None, None);
        let value = |field: &str, reason: String| PayQueryError::Value {
            field: field.to_owned(),
            reason,
        };
        for (key, text) in pairs {
            match key {
                "wallet" => {
                    query.wallet =
                        Some(ChainAddress::parse_any(text).map_err(PayQueryError::Wallet)?)
                }
                "chain" => {
                    chain = Some(Network::from_query_name(text).map_err(PayQueryError::Chain)?)
                }
                "token" => token = Some(text.parse::<SourceToken>()?),
                "eoaWallet" => {
                    query.eoa_wallet =
                        Some(EvmAddress::parse(text).map_err(PayQueryError::EoaWallet)?)
                }
                "isSafe" => {
                    query.is_safe = Some(match text {
                        "true" => true,
                        "false" => false,
                        other => return Err(value(key, format!("{other:?} is not true or false"))),
                    })
                }
                other => return Err(PayQueryError::UnknownParameter(other.to_owned())),
            }
        }
        query.source = match (chain, token) {
            (Some(chain), Some(token)) => Some((chain, token)),
            (None, None) => None,
            _ => return Err(PayQueryError::ChainWithoutToken),
        };
        Ok(query)
    }
}

/// The query of `GET /v2/request/{requestId}/pay`.
///
/// ```
/// use securepay_core::pay::RequestPayQuery;
///
/// let query = RequestPayQuery::new().partial_amount("25.50".parse()?);
/// assert_eq!(query.query_string()?, "?amount=25.50");
/// assert!(RequestPayQuery::new().partial_amount("0".parse()?).query_string().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RequestPayQuery {
    wallet: Option<ChainAddress>,
    source: Option<(Network, SourceToken)>,
    amount: Option<HumanAmount>,
    client_user_id: Option<String>,
    payment_details_id: Option<String>,
    fee: Option<(String, ChainAddress)>,
}

impl RequestPayQuery {
    /// An empty query.
    ///
    /// ```
    /// use securepay_core::pay::RequestPayQuery;
    ///
    /// assert_eq!(RequestPayQuery::new().query_string()?, "");
    /// # Ok::<(), securepay_core::pay::PayQueryError>(())
    /// ```
    pub fn new() -> RequestPayQuery {
        RequestPayQuery::default()
    }

    /// The payer's wallet.
    ///
    /// ```
    /// use securepay_core::pay::RequestPayQuery;
    ///
    /// let query = RequestPayQuery::new().wallet("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?);
    /// assert_eq!(
    ///     query.query_string()?,
    ///     "?wallet=0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wallet(mut self, wallet: ChainAddress) -> RequestPayQuery {
        self.wallet = Some(wallet);
        self
    }

    /// Pay cross-chain from `token` (USDC or USDT) on `chain`.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{PayQueryError, RequestPayQuery, SourceToken};
    ///
    /// let query = RequestPayQuery::new().cross_chain(Network::Mainnet, SourceToken::Usdt);
    /// assert_eq!(query.query_string()?, "?chain=ETHEREUM&token=USDT");
    /// // EURC and USDT0 are for the secure pay endpoint only.
    /// let eurc = RequestPayQuery::new().cross_chain(Network::Base, SourceToken::Eurc);
    /// assert_eq!(eurc.pairs(), Err(PayQueryError::NotASourceToken(SourceToken::Eurc)));
    /// # Ok::<(), PayQueryError>(())
    /// ```
    pub fn cross_chain(mut self, chain: Network, token: SourceToken) -> RequestPayQuery {
        self.source = Some((chain, token));
        self
    }

    /// Pay part of the request (human units of its currency, above zero).
    ///
    /// ```
    /// use securepay_core::pay::{PayQueryError, RequestPayQuery};
    ///
    /// let query = RequestPayQuery::new().partial_amount("10.5".parse()?);
    /// assert_eq!(query.pairs()?, [("amount", "10.5".to_owned())]);
    /// let zero = RequestPayQuery::new().partial_amount("0.00".parse()?);
    /// assert_eq!(zero.pairs(), Err(PayQueryError::ZeroAmount));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn partial_amount(mut self, amount: HumanAmount) -> RequestPayQuery {
        self.amount = Some(amount);
        self
    }

    /// Crypto-to-fiat: the payer and their approved payment details.
    ///
    /// ```
    /// use securepay_core::pay::RequestPayQuery;
    ///
    /// let query = RequestPayQuery::new().offramp("user-123", Some("pd-456"));
    /// assert_eq!(
    ///     query.query_string()?,
    ///     "?clientUserId=user-123&paymentDetailsId=pd-456",
    /// );
    /// # Ok::<(), securepay_core::pay::PayQueryError>(())
    /// ```
    pub fn offramp(
        mut self,
        client_user_id: &str,
        payment_details_id: Option<&str>,
    ) -> RequestPayQuery {
        self.client_user_id = Some(client_user_id.to_owned());
        self.payment_details_id = payment_details_id.map(str::to_owned);
        self
    }

    /// A platform fee (`feePercentage`, `feeAddress`). The percentage (`"2.5"` for 2.5 %) is
    /// checked when the query is written: a decimal from 0 to 100.
    ///
    /// ```
    /// use securepay_core::pay::{PayQueryError, RequestPayQuery};
    ///
    /// let query = RequestPayQuery::new().fee("0.04", "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?);
    /// assert_eq!(
    ///     query.query_string()?,
    ///     "?feePercentage=0.04&feeAddress=0x9795d480C2C50392A4714A0F468059C6448DeCe2",
    /// );
    /// let above = RequestPayQuery::new().fee("150", "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?);
    /// assert!(matches!(above.pairs(), Err(PayQueryError::FeePercentage(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fee(mut self, percentage: &str, address: ChainAddress) -> RequestPayQuery {
        self.fee = Some((percentage.to_owned(), address));
        self
    }

    /// The query pairs after checking the rules.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// use securepay_core::pay::{PayQueryError, RequestPayQuery, SourceToken};
    ///
    /// let query = RequestPayQuery::new().partial_amount("5".parse()?).offramp("user-123", None);
    /// assert_eq!(query.pairs()?, [("amount", "5".to_owned()), ("clientUserId", "user-123".to_owned())]);
    /// // BNB is a source chain of the secure pay endpoint, not of this one.
    /// let bnb = RequestPayQuery::new().cross_chain(Network::Bsc, SourceToken::Usdt);
    /// assert!(matches!(bnb.pairs(), Err(PayQueryError::NotASourceChain { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pairs(&self) -> Result<Vec<(&'static str, String)>, PayQueryError> {
        let mut pairs = Vec::new();
        if let Some(wallet) = self.wallet {
            pairs.push(("wallet", wallet.to_string()));
        }
        if let Some((chain, token)) = self.source {
            // The OpenAPI enum of this endpoint; its 400 message also names POLYGON, but the
            // schema does not, so a Polygon source is refused here (fail closed).
            let allowed = "BASE, OPTIMISM, ARBITRUM, ETHEREUM";
            let name = match chain {
                Network::Base | Network::Optimism | Network::ArbitrumOne | Network::Mainnet => {
                    chain.query_name()
                }
                _ => None,
            }
            .ok_or(PayQueryError::NotASourceChain {
                network: chain,
                allowed,
            })?;
            if !matches!(token, SourceToken::Usdc | SourceToken::Usdt) {
                return Err(PayQueryError::NotASourceToken(token));
            }
            pairs.push(("chain", name.to_owned()));
            pairs.push(("token", token.as_str().to_owned()));
        }
        if let Some(amount) = &self.amount {
            if amount.is_zero() {
                return Err(PayQueryError::ZeroAmount);
            }
            pairs.push(("amount", amount.to_string()));
        }
        let invalid = |field: &str, reason: String| PayQueryError::Value {
            field: field.to_owned(),
            reason,
        };
        if let Some(user) = &self.client_user_id {
            if user.trim().is_empty() {
                return Err(invalid("clientUserId", "is empty".to_owned()));
            }
            pairs.push(("clientUserId", user.clone()));
        }
        if let Some(details) = &self.payment_details_id {
            if details.trim().is_empty() {
                return Err(invalid("paymentDetailsId", "is empty".to_owned()));
            }
            pairs.push(("paymentDetailsId", details.clone()));
        }
        if let Some((percentage, address)) = &self.fee {
            let percentage = crate::amount::parse_percentage(percentage)
                .map_err(PayQueryError::FeePercentage)?;
            pairs.push(("feePercentage", percentage.to_string()));
            pairs.push(("feeAddress", address.to_string()));
        }
        Ok(pairs)
    }

    /// The percent-encoded query: `?amount=…&…`, or empty. The path comes from the endpoint
    /// table (`securepay::api::Api::get_request_calldata`).
    ///
    /// ```
    /// use securepay_core::pay::RequestPayQuery;
    ///
    /// let query = RequestPayQuery::new().partial_amount("25".parse()?);
    /// assert_eq!(query.query_string()?, "?amount=25");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn query_string(&self) -> Result<String, PayQueryError> {
        Ok(query_string(&self.pairs()?))
    }
}
