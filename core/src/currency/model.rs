//! The API's currency object.

use crate::prelude::*;

use alloc::sync::Arc;
use core::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{CurrencyId, CurrencyIdError};
use crate::address::{ChainAddress, ChainAddressError, EvmAddress};
use crate::amount::{AmountError, Decimals};
use crate::network::{ChainKind, Network};

/// Why a currency object is inconsistent or malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CurrencyError {
    /// The id is malformed or does not match the network.
    #[error(transparent)]
    Id(#[from] CurrencyIdError),
    /// The address (or hash) is not an address of the network's family.
    #[error("currency {id}: {source}")]
    Address {
        /// The currency id.
        id: String,
        /// What was wrong.
        source: ChainAddressError,
    },
    /// The decimals are out of range.
    #[error("currency {id}: {source}")]
    Decimals {
        /// The currency id.
        id: String,
        /// What was wrong.
        source: AmountError,
    },
    /// The chain id is not the network's.
    #[error(
        "currency {id}: chainId {found} does not match network {network} (chain id {expected})"
    )]
    ChainIdMismatch {
        /// The currency id.
        id: String,
        /// The network.
        network: String,
        /// The network's chain id.
        expected: u64,
        /// The chain id given.
        found: u64,
    },
    /// The type does not fit the network (`TRC20` off Tron, `ISO4217` on a chain, …).
    #[error("currency {id}: type {kind} does not fit network {network}")]
    KindMismatch {
        /// The currency id.
        id: String,
        /// The type.
        kind: CurrencyType,
        /// The network.
        network: String,
    },
    /// A `type` outside `ERC20`, `ETH`, `ISO4217`, `TRC20`.
    #[error("unknown currency type {0:?}: expected ERC20, ETH, ISO4217 or TRC20")]
    UnknownKind(String),
}

/// The `type` of a currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum CurrencyType {
    /// An ERC-20 token (`ERC20`).
    Erc20,
    /// A chain's native currency (`ETH`, also for MATIC and BNB); its address is its hash.
    Eth,
    /// A fiat currency (`ISO4217`).
    Iso4217,
    /// A TRC-20 token on Tron (`TRC20`).
    Trc20,
}

impl CurrencyType {
    /// The API's spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            CurrencyType::Erc20 => "ERC20",
            CurrencyType::Eth => "ETH",
            CurrencyType::Iso4217 => "ISO4217",
            CurrencyType::Trc20 => "TRC20",
        }
    }

    /// Parses the API's spelling; anything else is an error.
    pub fn parse(text: &str) -> Result<CurrencyType, CurrencyError> {
        match text {
            "ERC20" => Ok(CurrencyType::Erc20),
            "ETH" => Ok(CurrencyType::Eth),
            "ISO4217" => Ok(CurrencyType::Iso4217),
            "TRC20" => Ok(CurrencyType::Trc20),
            other => Err(CurrencyError::UnknownKind(other.to_owned())),
        }
    }

    /// Whether this is a token contract (ERC-20 or TRC-20).
    pub const fn is_token(self) -> bool {
        matches!(self, CurrencyType::Erc20 | CurrencyType::Trc20)
    }
}

impl fmt::Display for CurrencyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for CurrencyType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CurrencyType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, CurrencyType::parse)
    }
}

/// The `network` of a currency object: one of the eight networks, `fiat`, or another network
/// of the service's full token list (listed, never payable through this crate).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CurrencyNetwork {
    /// One of the eight networks.
    Chain(Network),
    /// Fiat currencies (`"fiat"`).
    Fiat,
    /// A network outside the eight.
    Other(String),
}

impl CurrencyNetwork {
    /// Reads the API's `network` text.
    pub fn parse(text: &str) -> CurrencyNetwork {
        match (text, Network::from_id(text)) {
            ("fiat", _) => CurrencyNetwork::Fiat,
            (_, Ok(network)) => CurrencyNetwork::Chain(network),
            (other, Err(_)) => CurrencyNetwork::Other(other.to_owned()),
        }
    }

    /// The API's text.
    pub fn as_str(&self) -> &str {
        match self {
            CurrencyNetwork::Chain(n) => n.id(),
            CurrencyNetwork::Fiat => "fiat",
            CurrencyNetwork::Other(n) => n,
        }
    }
}

impl fmt::Display for CurrencyNetwork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A currency object as `GET /v2/currencies` returns it.
///
/// Fields are checked together when the object is built or deserialized: the chain id is the
/// network's, the address is of the network's family (Base58 on Tron), the type fits the
/// network, the id ends with the network. Serde writes the API's field names and order;
/// addresses are written EIP-55 (or Base58).
///
/// ```
/// use securepay_core::currency::Currency;
///
/// let json = r#"{"id":"USDT-tron","name":"Tether USD","symbol":"USDT","decimals":6,
///   "address":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","network":"tron","type":"TRC20",
///   "hash":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","chainId":728126428}"#;
/// let usdt: Currency = serde_json::from_str(json)?;
/// assert_eq!(usdt.decimals().get(), 6);
/// assert!(usdt.address().is_tron());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Currency {
    id: CurrencyId,
    // Shared: an expectation and a verification copy the agreed currency.
    name: Arc<str>,
    symbol: Arc<str>,
    decimals: Decimals,
    address: ChainAddress,
    network: CurrencyNetwork,
    kind: CurrencyType,
    hash: Option<ChainAddress>,
    chain_id: u64,
}

/// The fields of a currency object, to build a [`Currency`] with [`Currency::new`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyFields {
    /// `id`, such as `USDC-base`.
    pub id: String,
    /// `name`.
    pub name: String,
    /// `symbol`.
    pub symbol: String,
    /// `decimals`.
    pub decimals: u8,
    /// `address`: the token contract, a native currency's hash, or a fiat pseudo-address.
    pub address: String,
    /// `network`.
    pub network: String,
    /// `type`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `hash`, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    /// `chainId` (0 for fiat).
    pub chain_id: u64,
}

impl Currency {
    /// Builds a currency from its fields, checking that they agree.
    pub fn new(fields: CurrencyFields) -> Result<Currency, CurrencyError> {
        let network = CurrencyNetwork::parse(&fields.network);
        let id = CurrencyId::parse_on(&fields.id, &network)?;
        let kind = CurrencyType::parse(&fields.kind)?;
        let decimals =
            Decimals::new(fields.decimals).map_err(|source| CurrencyError::Decimals {
                id: fields.id.clone(),
                source,
            })?;
        let address_of = |text: &str| -> Result<ChainAddress, CurrencyError> {
            let parsed = match &network {
                CurrencyNetwork::Chain(n) => ChainAddress::parse(*n, text),
                CurrencyNetwork::Fiat | CurrencyNetwork::Other(_) => EvmAddress::parse(text)
                    .map(ChainAddress::Evm)
                    .map_err(Into::into),
            };
            parsed.map_err(|source| CurrencyError::Address {
                id: fields.id.clone(),
                source,
            })
        };
        let address = address_of(&fields.address)?;
        let hash = fields.hash.as_deref().map(address_of).transpose()?;
        let kind_fits = match &network {
            CurrencyNetwork::Chain(n) => match n.kind() {
                ChainKind::Tron => kind == CurrencyType::Trc20,
                ChainKind::Evm => matches!(kind, CurrencyType::Erc20 | CurrencyType::Eth),
            },
            CurrencyNetwork::Fiat => kind == CurrencyType::Iso4217,
            CurrencyNetwork::Other(_) => matches!(kind, CurrencyType::Erc20 | CurrencyType::Eth),
        };
        if !kind_fits {
            return Err(CurrencyError::KindMismatch {
                id: fields.id,
                kind,
                network: network.as_str().to_owned(),
            });
        }
        let expected_chain_id = match &network {
            CurrencyNetwork::Chain(n) => Some(n.chain_id()),
            CurrencyNetwork::Fiat => Some(0),
            CurrencyNetwork::Other(_) => None,
        };
        if let Some(expected) = expected_chain_id.filter(|e| *e != fields.chain_id) {
            return Err(CurrencyError::ChainIdMismatch {
                id: fields.id,
                network: network.as_str().to_owned(),
                expected,
                found: fields.chain_id,
            });
        }
        Ok(Currency {
            id,
            name: fields.name.into(),
            symbol: fields.symbol.into(),
            decimals,
            address,
            network,
            kind,
            hash,
            chain_id: fields.chain_id,
        })
    }

    /// An ERC-20 (or, on Tron, TRC-20) token on one of the eight networks, with id
    /// `SYMBOL-network` and `hash` equal to the address, as the service lists tokens.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::currency::Currency;
    /// use securepay_core::network::Network;
    ///
    /// let address = ChainAddress::parse(Network::Base, "0x036CbD53842c5426634e7929541eC2318f3dCF7e")?;
    /// let token = Currency::token(Network::Base, "TEST", "Test token", 6, address)?;
    /// assert_eq!(token.id().as_str(), "TEST-base");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn token(
        network: Network,
        symbol: &str,
        name: &str,
        decimals: u8,
        address: ChainAddress,
    ) -> Result<Currency, CurrencyError> {
        let kind = match network.kind() {
            ChainKind::Evm => CurrencyType::Erc20,
            ChainKind::Tron => CurrencyType::Trc20,
        };
        Currency::new(CurrencyFields {
            id: format!("{symbol}-{network}"),
            name: name.into(),
            symbol: symbol.into(),
            decimals,
            address: address.to_string(),
            network: network.id().to_owned(),
            kind: kind.as_str().to_owned(),
            hash: Some(address.to_string()),
            chain_id: network.chain_id(),
        })
    }

    /// Builds a currency from parts already checked (the built-in catalog). `tests/it/currency.rs`
    /// runs every built-in entry through [`Currency::new`] to prove they agree.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn from_checked_parts(
        id: CurrencyId,
        name: &str,
        symbol: &str,
        decimals: Decimals,
        address: ChainAddress,
        network: CurrencyNetwork,
        kind: CurrencyType,
        hash: ChainAddress,
        chain_id: u64,
    ) -> Currency {
        Currency {
            id,
            name: name.into(),
            symbol: symbol.into(),
            decimals,
            address,
            network,
            kind,
            hash: Some(hash),
            chain_id,
        }
    }

    /// The id.
    pub const fn id(&self) -> &CurrencyId {
        &self.id
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The symbol.
    pub fn symbol(&self) -> &str {
        &self.symbol
    }

    /// The symbol, shared (a copy costs a count, not an allocation).
    pub(crate) fn shared_symbol(&self) -> Arc<str> {
        Arc::clone(&self.symbol)
    }

    /// The decimals.
    pub const fn decimals(&self) -> Decimals {
        self.decimals
    }

    /// The address: the token contract for ERC-20/TRC-20, the currency hash for native
    /// currencies, an ASCII pseudo-address for fiat.
    pub const fn address(&self) -> &ChainAddress {
        &self.address
    }

    /// The token contract, for ERC-20 and TRC-20 currencies only.
    pub fn token_address(&self) -> Option<ChainAddress> {
        self.kind.is_token().then_some(self.address)
    }

    /// The network.
    pub const fn network(&self) -> &CurrencyNetwork {
        &self.network
    }

    /// The service network, for currencies on one of the eight networks.
    pub fn chain_network(&self) -> Option<Network> {
        match self.network {
            CurrencyNetwork::Chain(n) => Some(n),
            _ => None,
        }
    }

    /// The type.
    pub const fn kind(&self) -> CurrencyType {
        self.kind
    }

    /// The hash used in conversion paths, if given.
    pub const fn hash(&self) -> Option<&ChainAddress> {
        self.hash.as_ref()
    }

    /// The chain id (0 for fiat).
    pub const fn chain_id(&self) -> u64 {
        self.chain_id
    }

    /// The fields, as the API writes them.
    pub fn to_fields(&self) -> CurrencyFields {
        CurrencyFields {
            id: self.id.to_string(),
            name: self.name.to_string(),
            symbol: self.symbol.to_string(),
            decimals: self.decimals.get(),
            address: self.address.to_string(),
            network: self.network.as_str().to_owned(),
            kind: self.kind.as_str().to_owned(),
            hash: self.hash.map(|h| h.to_string()),
            chain_id: self.chain_id,
        }
    }
}

impl Serialize for Currency {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_fields().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Currency {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let fields = CurrencyFields::deserialize(deserializer)?;
        Currency::new(fields).map_err(serde::de::Error::custom)
    }
}
