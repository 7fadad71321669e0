//! The eight networks the service pays on: ids, chain ids, kinds and the feature matrix.
//!
//! A [`Network`] is parsed once from one of its three spellings — the service id
//! (`"base"`), the chain id (`8453`) or the cross-chain query name (`"BASE"`) — and is
//! a closed enum from then on: an unknown network is an error, never a default.
//!
//! ```
//! use securepay_core::network::{Feature, Network};
//!
//! let base: Network = "base".parse()?;
//! assert_eq!(base.chain_id(), 8453);
//! assert_eq!(Network::from_chain_id(8453)?, base);
//! assert_eq!(Network::from_query_name("BASE")?, base);
//! assert!(base.supports(Feature::BatchIn));
//! assert!(!Network::Tron.supports(Feature::BatchIn));
//! assert!("nile".parse::<Network>().is_err()); // Tron is mainnet only
//! # Ok::<(), securepay_core::network::NetworkError>(())
//! ```

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the eight networks of the service.
///
/// ```
/// use securepay_core::network::Network;
///
/// let network: Network = serde_json::from_str(r#""arbitrum-one""#)?;
/// assert_eq!(network, Network::ArbitrumOne);
/// assert_eq!(network.to_string(), "arbitrum-one");
/// assert_eq!(serde_json::to_string(&Network::Matic)?, r#""matic""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Network {
    /// Ethereum mainnet (`mainnet`, chain id 1).
    Mainnet,
    /// Arbitrum One (`arbitrum-one`, chain id 42161).
    ArbitrumOne,
    /// OP Mainnet (`optimism`, chain id 10).
    Optimism,
    /// Base (`base`, chain id 8453).
    Base,
    /// Polygon PoS (`matic`, chain id 137).
    Matic,
    /// BNB Smart Chain (`bsc`, chain id 56).
    Bsc,
    /// Tron mainnet (`tron`, chain id 728126428). Tron is supported on mainnet only.
    Tron,
    /// Sepolia testnet (`sepolia`, chain id 11155111).
    Sepolia,
}

/// How a network addresses accounts and encodes calls.
///
/// ```
/// use securepay_core::network::{ChainKind, Network};
///
/// assert_eq!(Network::Bsc.kind(), ChainKind::Evm);
/// assert_eq!(serde_json::to_string(&Network::Tron.kind())?, r#""tron""#);
/// assert_eq!(ChainKind::Evm.to_string(), "EVM"); // for people; serde gives the wire name
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChainKind {
    /// An EVM chain: 20-byte hex addresses (EIP-55), native value transfers, batch contracts.
    Evm,
    /// Tron: Base58Check addresses (version byte `0x41`), TRC-20 tokens, no batch and no
    /// native-currency proxy.
    Tron,
}

/// A capability of the service on a network, for [`Network::supports`].
///
/// ```
/// use securepay_core::network::{Feature, Network};
///
/// let feature: Feature = serde_json::from_str(r#""crossChain""#)?;
/// assert_eq!(feature, Feature::CrossChain);
/// assert!(!Network::Sepolia.supports(feature));
/// assert_eq!(Feature::ALL.len(), 9);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Feature {
    /// Signing in to the service with a wallet of this network.
    WalletSignIn,
    /// Registering a payee destination (`{interopName}:{token}`) on this network.
    Destinations,
    /// Receiving a single payment (one payer, one payee).
    SingleIn,
    /// Sending a single payout.
    SingleOut,
    /// Paying several requests in one transaction (EVM only).
    BatchIn,
    /// Sending a batch payout in one signed transaction (EVM only).
    BatchOut,
    /// Paying an invoice denominated in fiat through a conversion proxy.
    Conversion,
    /// Taking part in a cross-chain (LI.FI) route, as source or destination.
    CrossChain,
    /// Recurring payments through the recurring-payment proxy.
    Recurring,
}

impl Feature {
    /// Every feature, in declaration order.
    pub const ALL: [Feature; 9] = [
        Feature::WalletSignIn,
        Feature::Destinations,
        Feature::SingleIn,
        Feature::SingleOut,
        Feature::BatchIn,
        Feature::BatchOut,
        Feature::Conversion,
        Feature::CrossChain,
        Feature::Recurring,
    ];
}

/// Why a text or number is not one of the service's networks.
///
/// ```
/// use securepay_core::network::{Network, NetworkError};
///
/// assert_eq!(Network::from_chain_id(5), Err(NetworkError::UnknownChainId(5)));
/// assert!(matches!(Network::from_id("nile"), Err(NetworkError::TronTestnet(_))));
/// assert!(matches!(Network::from_id("Base"), Err(NetworkError::UnknownId(id)) if id == "Base"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NetworkError {
    /// The id is not one of the eight network ids.
    #[error(
        "unknown network {0:?}: expected one of mainnet, arbitrum-one, optimism, base, matic, bsc, tron, sepolia"
    )]
    UnknownId(String),
    /// Tron's testnet was named; the service supports Tron on mainnet only.
    #[error("{0:?} is Tron's testnet: the service supports Tron on mainnet only (network `tron`)")]
    TronTestnet(String),
    /// The chain id is not one of the eight networks.
    #[error(
        "unknown chain id {0}: expected one of 1, 42161, 10, 8453, 137, 56, 728126428, 11155111"
    )]
    UnknownChainId(u64),
    /// The cross-chain query name is not one of the six source chains.
    #[error(
        "unknown cross-chain query name {0:?}: expected one of BASE, OPTIMISM, ARBITRUM, ETHEREUM, POLYGON, BNB"
    )]
    UnknownQueryName(String),
}

/// Tron's Nile testnet chain id (`0xcd8690dc`), recognised only to reject it clearly.
const NILE_CHAIN_ID: u64 = 3_448_148_188;

impl Network {
    /// The eight networks, in the service's order.
    pub const ALL: [Network; 8] = [
        Network::Mainnet,
        Network::ArbitrumOne,
        Network::Optimism,
        Network::Base,
        Network::Matic,
        Network::Bsc,
        Network::Tron,
        Network::Sepolia,
    ];

    /// The service's id for the network (`"arbitrum-one"`), used in JSON and in currency ids.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// assert_eq!(Network::ArbitrumOne.id(), "arbitrum-one");
    /// assert_eq!(Network::Matic.id(), "matic");
    /// ```
    pub const fn id(self) -> &'static str {
        match self {
            Network::Mainnet => "mainnet",
            Network::ArbitrumOne => "arbitrum-one",
            Network::Optimism => "optimism",
            Network::Base => "base",
            Network::Matic => "matic",
            Network::Bsc => "bsc",
            Network::Tron => "tron",
            Network::Sepolia => "sepolia",
        }
    }

    /// The chain id (EIP-155; Tron's is the one the service and ERC-7828 names use).
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// assert_eq!(Network::Optimism.chain_id(), 10);
    /// assert_eq!(Network::Tron.chain_id(), 728_126_428);
    /// ```
    pub const fn chain_id(self) -> u64 {
        match self {
            Network::Mainnet => 1,
            Network::ArbitrumOne => 42161,
            Network::Optimism => 10,
            Network::Base => 8453,
            Network::Matic => 137,
            Network::Bsc => 56,
            Network::Tron => 728_126_428,
            Network::Sepolia => 11_155_111,
        }
    }

    /// A name for people (`"Arbitrum One"`).
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// assert_eq!(Network::Matic.display_name(), "Polygon");
    /// assert_eq!(Network::Bsc.display_name(), "BNB Smart Chain");
    /// ```
    pub const fn display_name(self) -> &'static str {
        match self {
            Network::Mainnet => "Ethereum",
            Network::ArbitrumOne => "Arbitrum One",
            Network::Optimism => "Optimism",
            Network::Base => "Base",
            Network::Matic => "Polygon",
            Network::Bsc => "BNB Smart Chain",
            Network::Tron => "Tron",
            Network::Sepolia => "Sepolia",
        }
    }

    /// The symbol people know the network's native currency by, as wallets show it: `ETH` on
    /// Ethereum, its rollups and Sepolia (the currency catalog's symbols `AETH`, `ETH-base`,
    /// `ETH-optimism`, `ETH-sepolia` are token-list identifiers), `POL` on Polygon PoS (its gas
    /// token since the MATIC to POL upgrade of 4 September 2024, announced by Polygon Labs;
    /// the catalog still says `MATIC`), `BNB`, `TRX`.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// assert_eq!(Network::Base.native_symbol(), "ETH");
    /// assert_eq!(Network::Matic.native_symbol(), "POL");
    /// assert_eq!(Network::Tron.native_symbol(), "TRX");
    /// ```
    pub const fn native_symbol(self) -> &'static str {
        match self {
            Network::Mainnet
            | Network::ArbitrumOne
            | Network::Optimism
            | Network::Base
            | Network::Sepolia => "ETH",
            Network::Matic => "POL",
            Network::Bsc => "BNB",
            Network::Tron => "TRX",
        }
    }

    /// EVM or Tron.
    ///
    /// ```
    /// use securepay_core::network::{ChainKind, Network};
    /// assert_eq!(Network::Base.kind(), ChainKind::Evm);
    /// assert_eq!(Network::Tron.kind(), ChainKind::Tron);
    /// ```
    pub const fn kind(self) -> ChainKind {
        match self {
            Network::Tron => ChainKind::Tron,
            _ => ChainKind::Evm,
        }
    }

    /// Whether this is an EVM network.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// assert_eq!(Network::ALL.iter().filter(|n| n.is_evm()).count(), 7);
    /// assert!(!Network::Tron.is_evm());
    /// ```
    pub const fn is_evm(self) -> bool {
        matches!(self.kind(), ChainKind::Evm)
    }

    /// Whether this is a test network (only Sepolia; Tron is mainnet only).
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// assert!(Network::Sepolia.is_testnet());
    /// assert!(!Network::Tron.is_testnet());
    /// ```
    pub const fn is_testnet(self) -> bool {
        matches!(self, Network::Sepolia)
    }

    /// The name the pay endpoints use for this network as a cross-chain source
    /// (`chain=BASE`), or `None` for Tron and Sepolia, which have none.
    ///
    /// ```
    /// use securepay_core::network::Network;
    /// assert_eq!(Network::Mainnet.query_name(), Some("ETHEREUM"));
    /// assert_eq!(Network::Bsc.query_name(), Some("BNB"));
    /// assert_eq!(Network::Tron.query_name(), None);
    /// ```
    pub const fn query_name(self) -> Option<&'static str> {
        match self {
            Network::Mainnet => Some("ETHEREUM"),
            Network::ArbitrumOne => Some("ARBITRUM"),
            Network::Optimism => Some("OPTIMISM"),
            Network::Base => Some("BASE"),
            Network::Matic => Some("POLYGON"),
            Network::Bsc => Some("BNB"),
            Network::Tron | Network::Sepolia => None,
        }
    }

    /// Parses a service network id (`"arbitrum-one"`). Ids are case-sensitive, as in the API.
    ///
    /// ```
    /// use securepay_core::network::{Network, NetworkError};
    ///
    /// assert_eq!(Network::from_id("arbitrum-one")?, Network::ArbitrumOne);
    /// assert_eq!(Network::from_id("ARBITRUM-ONE"), Err(NetworkError::UnknownId("ARBITRUM-ONE".into())));
    /// # Ok::<(), NetworkError>(())
    /// ```
    pub fn from_id(id: &str) -> Result<Network, NetworkError> {
        if let Some(network) = Network::ALL.into_iter().find(|n| n.id() == id) {
            return Ok(network);
        }
        if id.eq_ignore_ascii_case("nile") {
            return Err(NetworkError::TronTestnet(id.to_owned()));
        }
        Err(NetworkError::UnknownId(id.to_owned()))
    }

    /// Parses a network as people and the service's own payloads name it: a network id in any
    /// case (`"Base"`, `"ARBITRUM-ONE"`) or a cross-chain query name in any case (`"ethereum"`,
    /// `"polygon"`, `"arbitrum"`, `"bnb"`). Webhook payloads write `"network": "ethereum"`
    /// (the service's name of Ethereum mainnet) as well as ids such as `"sepolia"`. Use
    /// [`Network::from_id`] where the API's exact id is required.
    ///
    /// ```
    /// use securepay_core::network::{Network, NetworkError};
    ///
    /// assert_eq!(Network::from_name("ethereum")?, Network::Mainnet);
    /// assert_eq!(Network::from_name("Arbitrum-One")?, Network::ArbitrumOne);
    /// assert_eq!(Network::from_name("POLYGON")?, Network::Matic);
    /// assert_eq!(Network::from_name("sepolia")?, Network::Sepolia);
    /// assert!(matches!(Network::from_name("Nile"), Err(NetworkError::TronTestnet(_))));
    /// assert!(Network::from_name("goerli").is_err());
    /// # Ok::<(), NetworkError>(())
    /// ```
    pub fn from_name(name: &str) -> Result<Network, NetworkError> {
        let named = |n: &Network| {
            n.id().eq_ignore_ascii_case(name)
                || n.query_name().is_some_and(|q| q.eq_ignore_ascii_case(name))
        };
        match Network::ALL.into_iter().find(named) {
            Some(network) => Ok(network),
            None => Network::from_id(name),
        }
    }

    /// Finds the network with this chain id.
    ///
    /// ```
    /// use securepay_core::network::{Network, NetworkError};
    ///
    /// assert_eq!(Network::from_chain_id(11_155_111)?, Network::Sepolia);
    /// assert_eq!(Network::from_chain_id(0xcd8690dc), Err(NetworkError::TronTestnet("chain id 3448148188".into())));
    /// # Ok::<(), NetworkError>(())
    /// ```
    pub fn from_chain_id(chain_id: u64) -> Result<Network, NetworkError> {
        if chain_id == NILE_CHAIN_ID {
            return Err(NetworkError::TronTestnet(format!("chain id {chain_id}")));
        }
        Network::ALL
            .into_iter()
            .find(|n| n.chain_id() == chain_id)
            .ok_or(NetworkError::UnknownChainId(chain_id))
    }

    /// Parses a cross-chain query name (`"BASE"`, `"ARBITRUM"`, …), exactly as the API spells it.
    ///
    /// ```
    /// use securepay_core::network::{Network, NetworkError};
    ///
    /// assert_eq!(Network::from_query_name("POLYGON")?, Network::Matic);
    /// assert!(Network::from_query_name("base").is_err());
    /// assert!(Network::from_query_name("TRON").is_err());
    /// # Ok::<(), NetworkError>(())
    /// ```
    pub fn from_query_name(name: &str) -> Result<Network, NetworkError> {
        Network::ALL
            .into_iter()
            .find(|n| n.query_name() == Some(name))
            .ok_or_else(|| NetworkError::UnknownQueryName(name.to_owned()))
    }

    /// Whether the service offers `feature` on this network.
    ///
    /// Sources: batch payments are EVM-only (the API rejects Tron batches); conversion
    /// needs the conversion proxies, deployed on the seven EVM networks and not on Tron;
    /// cross-chain routes run on the six query-name chains and Tron (as a LI.FI leg), not
    /// on Sepolia; recurring payments need the recurring-payment proxy, which has no
    /// Optimism deployment, and the docs disagree about Tron, so Tron fails closed.
    ///
    /// ```
    /// use securepay_core::network::{Feature, Network};
    ///
    /// assert!(Network::Tron.supports(Feature::CrossChain));
    /// assert!(!Network::Tron.supports(Feature::Conversion));
    /// assert!(!Network::Optimism.supports(Feature::Recurring));
    /// assert!(Network::Sepolia.supports(Feature::BatchOut));
    /// ```
    pub const fn supports(self, feature: Feature) -> bool {
        match feature {
            Feature::WalletSignIn
            | Feature::Destinations
            | Feature::SingleIn
            | Feature::SingleOut => true,
            Feature::BatchIn | Feature::BatchOut | Feature::Conversion => self.is_evm(),
            Feature::CrossChain => !matches!(self, Network::Sepolia),
            Feature::Recurring => !matches!(self, Network::Optimism | Network::Tron),
        }
    }

    /// The features the service offers on this network.
    ///
    /// ```
    /// use securepay_core::network::{Feature, Network};
    ///
    /// assert_eq!(Network::Base.features().count(), 9);
    /// let tron: Vec<Feature> = Network::Tron.features().collect();
    /// assert_eq!(tron.len(), 5);
    /// assert!(!tron.contains(&Feature::BatchIn));
    /// ```
    pub fn features(self) -> impl Iterator<Item = Feature> {
        Feature::ALL.into_iter().filter(move |f| self.supports(*f))
    }
}

impl fmt::Display for ChainKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChainKind::Evm => "EVM",
            ChainKind::Tron => "Tron",
        })
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Network {
    type Err = NetworkError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Network::from_id(s)
    }
}

impl Serialize for Network {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Network {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, Network::from_id)
    }
}
