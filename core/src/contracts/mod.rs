//! The service's contracts and where they are deployed.
//!
//! Lookups go both ways: `(network, contract[, version])` → address, and `(network, address)`
//! → which contract. The second never uses the address alone: `0x370DE27f…` is the
//! ERC20FeeProxy on mainnet and the FAU token on Sepolia.
//!
//! ```
//! use securepay_core::contracts::{Contract, Deployments};
//! use securepay_core::network::Network;
//!
//! let table = Deployments::builtin();
//! let proxy = table.address(Network::Base, Contract::Erc20FeeProxy)?;
//! assert_eq!(proxy.to_string(), "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814");
//! assert_eq!(table.contract_at(Network::Base, &proxy)?, Contract::Erc20FeeProxy);
//!
//! let tron_proxy = table.address(Network::Tron, Contract::Erc20FeeProxy)?;
//! assert_eq!(tron_proxy.to_string(), "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
//!
//! // The mainnet proxy address is a token on Sepolia, not a proxy.
//! assert!(table.contract_at(Network::Sepolia, &table.address(Network::Mainnet, Contract::Erc20FeeProxy)?).is_err());
//! # Ok::<(), securepay_core::contracts::ContractsError>(())
//! ```

use crate::prelude::*;

pub mod abi;
mod builtin;
mod diamond;
pub mod events;

use alloc::borrow::Cow;
use alloy_primitives::map::HashMap;
use core::fmt;
use core::hash::{BuildHasherDefault, Hash, Hasher};
use core::str::FromStr;
use once_cell::race::OnceBox;

use alloy_primitives::Address;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::address::ChainAddress;
use crate::network::Network;

/// One deployment of the built-in table: contract, network, version, address (a Tron address's
/// 20-byte body on Tron), creation block.
type Row = (Contract, Network, &'static str, Address, u64);

/// A contract of the service, by artifact name.
///
/// Parsed from and written as its artifact name.
///
/// ```
/// use securepay_core::contracts::Contract;
///
/// let contract: Contract = "BatchConversionPayments".parse()?;
/// assert_eq!(contract, Contract::BatchConversionPayments);
/// assert_eq!(serde_json::to_string(&Contract::Erc20FeeProxy)?, r#""ERC20FeeProxy""#);
/// assert!("Erc20FeeProxy".parse::<Contract>().is_err()); // names are exact
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Contract {
    /// `ERC20FeeProxy`: `transferFromWithReferenceAndFee`; the spender of ERC-20 payments.
    Erc20FeeProxy,
    /// `EthereumFeeProxy`: native-currency payments with a reference and a fee.
    EthereumFeeProxy,
    /// `BatchConversionPayments`: `batchPayments` and the batch functions it inherits.
    BatchConversionPayments,
    /// `BatchPayments` (legacy): batch ERC-20 and native payments with references.
    BatchPayments,
    /// `ERC20BatchPayments`: the Tron batch contract.
    Erc20BatchPayments,
    /// `Erc20ConversionProxy`: ERC-20 payments of fiat-denominated requests.
    Erc20ConversionProxy,
    /// `EthConversionProxy`: native payments of fiat-denominated requests.
    EthConversionProxy,
    /// `ChainlinkConversionPath`: the rate oracle of the conversion proxies.
    ChainlinkConversionPath,
    /// `ERC20Proxy`: ERC-20 payments with a reference and no fee.
    Erc20Proxy,
    /// `EthereumProxy`: native payments with a reference and no fee.
    EthereumProxy,
    /// `SingleRequestProxyFactory`: creates single-request forwarding proxies.
    SingleRequestProxyFactory,
    /// The LI.FI diamond: the bridge of cross-chain routes (not a service contract; its calls
    /// are not decoded).
    LiFiDiamond,
}

impl Contract {
    /// Every contract of the table.
    pub const ALL: [Contract; 12] = [
        Contract::Erc20FeeProxy,
        Contract::EthereumFeeProxy,
        Contract::BatchConversionPayments,
        Contract::BatchPayments,
        Contract::Erc20BatchPayments,
        Contract::Erc20ConversionProxy,
        Contract::EthConversionProxy,
        Contract::ChainlinkConversionPath,
        Contract::Erc20Proxy,
        Contract::EthereumProxy,
        Contract::SingleRequestProxyFactory,
        Contract::LiFiDiamond,
    ];

    /// The artifact name (`"ERC20FeeProxy"`).
    ///
    /// ```
    /// use securepay_core::contracts::Contract;
    /// assert_eq!(Contract::Erc20FeeProxy.name(), "ERC20FeeProxy");
    /// assert_eq!(Contract::Erc20ConversionProxy.name(), "Erc20ConversionProxy");
    /// assert_eq!(Contract::Erc20BatchPayments.to_string(), "ERC20BatchPayments");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Contract::Erc20FeeProxy => "ERC20FeeProxy",
            Contract::EthereumFeeProxy => "EthereumFeeProxy",
            Contract::BatchConversionPayments => "BatchConversionPayments",
            Contract::BatchPayments => "BatchPayments",
            Contract::Erc20BatchPayments => "ERC20BatchPayments",
            Contract::Erc20ConversionProxy => "Erc20ConversionProxy",
            Contract::EthConversionProxy => "EthConversionProxy",
            Contract::ChainlinkConversionPath => "ChainlinkConversionPath",
            Contract::Erc20Proxy => "ERC20Proxy",
            Contract::EthereumProxy => "EthereumProxy",
            Contract::SingleRequestProxyFactory => "SingleRequestProxyFactory",
            Contract::LiFiDiamond => "LiFiDiamond",
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Contract {
    type Err = ContractsError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Contract::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| ContractsError::UnknownContract(s.to_owned()))
    }
}

impl Serialize for Contract {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Contract {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, str::parse)
    }
}

/// Why a deployment lookup or change failed.
///
/// ```
/// use securepay_core::contracts::{Contract, ContractsError, Deployments};
/// use securepay_core::network::Network;
///
/// let err = Deployments::builtin().address(Network::Tron, Contract::BatchConversionPayments).unwrap_err();
/// assert!(matches!(err, ContractsError::NotDeployed { network: Network::Tron, .. }));
/// assert_eq!(err.to_string(), "BatchConversionPayments tron is not deployed on tron");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ContractsError {
    /// A contract name outside the table.
    #[error("unknown contract {0:?}")]
    UnknownContract(String),
    /// The contract has no deployment of that version on the network.
    #[error("{contract} {version} is not deployed on {network}")]
    NotDeployed {
        /// The contract.
        contract: Contract,
        /// The network.
        network: Network,
        /// The version looked for.
        version: String,
    },
    /// No version was asked for and the table names no default version of the contract.
    #[error(
        "{contract} has no default version in this table: name the version to use on {network}"
    )]
    NoDefaultVersion {
        /// The contract.
        contract: Contract,
        /// The network.
        network: Network,
    },
    /// No known contract at this address on this network.
    #[error("{address} is not a known contract on {network}")]
    UnknownAddress {
        /// The network.
        network: Network,
        /// The address.
        address: ChainAddress,
    },
    /// Two different contracts are registered at the same address on the same network.
    #[error("{address} on {network} is registered as both {first} and {second}")]
    Ambiguous {
        /// The network.
        network: Network,
        /// The address.
        address: ChainAddress,
        /// One contract.
        first: Contract,
        /// Another contract.
        second: Contract,
    },
    /// A chain id that is not one of the service's networks.
    #[error(transparent)]
    Chain(crate::network::NetworkError),
    /// A deployment whose address is not of the network's family.
    #[error("{contract} on {network}: {address} is not an address of that network")]
    WrongFamily {
        /// The contract.
        contract: Contract,
        /// The network.
        network: Network,
        /// The address.
        address: ChainAddress,
    },
}

/// One deployment of a contract.
///
/// ```
/// use securepay_core::contracts::{Contract, Deployments};
/// use securepay_core::network::Network;
///
/// let d = Deployments::builtin().deployment(Network::Base, Contract::Erc20FeeProxy, None)?;
/// assert_eq!((d.version(), d.creation_block()), ("0.2.0", 10827274));
/// # Ok::<(), securepay_core::contracts::ContractsError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Deployment {
    contract: Contract,
    network: Network,
    version: Cow<'static, str>,
    address: ChainAddress,
    creation_block: u64,
}

impl Deployment {
    /// A deployment; the address must be of the network's family.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::contracts::{Contract, ContractsError, Deployment};
    /// use securepay_core::network::Network;
    ///
    /// let tron = ChainAddress::parse_any("TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd")?;
    /// let d = Deployment::new(Contract::Erc20FeeProxy, Network::Tron, "tron", tron, 79216121)?;
    /// assert_eq!(d.address(), tron);
    /// let err = Deployment::new(Contract::Erc20FeeProxy, Network::Base, "0.2.0", tron, 0).unwrap_err();
    /// assert!(matches!(err, ContractsError::WrongFamily { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        contract: Contract,
        network: Network,
        version: &str,
        address: ChainAddress,
        creation_block: u64,
    ) -> Result<Deployment, ContractsError> {
        if !address.fits(network) {
            return Err(ContractsError::WrongFamily {
                contract,
                network,
                address,
            });
        }
        Ok(Deployment {
            contract,
            network,
            version: Cow::Owned(version.to_owned()),
            address,
            creation_block,
        })
    }

    /// The contract.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let d = Deployments::builtin().deployment(Network::Sepolia, Contract::BatchConversionPayments, None)?;
    /// assert_eq!(d.contract(), Contract::BatchConversionPayments);
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub const fn contract(&self) -> Contract {
        self.contract
    }

    /// The network.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let d = Deployments::builtin().deployment(Network::Matic, Contract::Erc20FeeProxy, Some("0.1.0"))?;
    /// assert_eq!(d.network(), Network::Matic);
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub const fn network(&self) -> Network {
        self.network
    }

    /// The version (`"0.2.0"`, or `"tron"` for Tron deployments).
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let table = Deployments::builtin();
    /// assert_eq!(table.deployment(Network::Mainnet, Contract::EthereumProxy, None)?.version(), "0.3.0");
    /// assert_eq!(table.deployment(Network::Tron, Contract::Erc20FeeProxy, None)?.version(), "tron");
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The version, cheap to clone (no allocation for the built-in table).
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let d = Deployments::builtin().deployment(Network::Base, Contract::EthConversionProxy, Some("0.2.1"))?;
    /// assert!(matches!(d.version_cow(), Cow::Borrowed("0.2.1")));
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub fn version_cow(&self) -> Cow<'static, str> {
        self.version.clone()
    }

    /// The address (Base58 on Tron).
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let d = Deployments::builtin().deployment(Network::Tron, Contract::Erc20BatchPayments, None)?;
    /// assert_eq!(d.address().to_string(), "TRZbXXuLd3HW5utzVysA3rpLgU7sVBrd1D");
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub const fn address(&self) -> ChainAddress {
        self.address
    }

    /// The block the contract was created in.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let d = Deployments::builtin().deployment(Network::Tron, Contract::Erc20FeeProxy, None)?;
    /// assert_eq!(d.creation_block(), 79216121);
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub const fn creation_block(&self) -> u64 {
        self.creation_block
    }
}

/// The position of `network` in `Network::ALL`.
const fn network_slot(network: Network) -> usize {
    network as usize
}

/// The pseudo-version of every Tron deployment.
pub const TRON_VERSION: &str = "tron";

/// A deployment table: the built-in one, or the caller's own (a new chain, a test network, an
/// override of a default address).
///
/// ```
/// use securepay_core::contracts::{Contract, Deployment, Deployments};
/// use securepay_core::network::Network;
///
/// // A table of only what this caller uses: ERC20FeeProxy 0.2.0 on Sepolia.
/// let mut table = Deployments::empty();
/// table.set_default_version(Contract::Erc20FeeProxy, "0.2.0");
/// let proxy = "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE".parse()?;
/// table.set(Deployment::new(Contract::Erc20FeeProxy, Network::Sepolia, "0.2.0", proxy, 4733364)?);
/// assert_eq!(table.contract_at(Network::Sepolia, &proxy)?, Contract::Erc20FeeProxy);
/// assert!(table.address(Network::Optimism, Contract::Erc20FeeProxy).is_err()); // not in this table
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Deployments {
    entries: Vec<Deployment>,
    defaults: Vec<(Contract, String)>,
    /// Positions in `entries` per network (in `Network::ALL` order), sorted by address (then
    /// position) and kept in step with `entries`: a lookup is a binary search among one
    /// network's deployments.
    by_network: [Vec<(Address, usize)>; 8],
    /// What is registered at each address of each network, kept in step with `entries`: the
    /// ambiguity check runs when the table changes, and a lookup is one hash probe.
    registered: HashMap<Located, Registered, BuildHasherDefault<LocatedHasher>>,
}

/// An address on a network: the key of [`Deployments`]'s `registered`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Located {
    network: Network,
    address: Address,
}

impl Hash for Located {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // An address is a keccak digest: its last eight bytes are already uniform.
        let low = self
            .address
            .split_last_chunk()
            .map_or(0, |(_, low)| u64::from_le_bytes(*low));
        state.write_u64(low ^ network_slot(self.network) as u64);
    }
}

/// The hasher of [`Located`]: it takes the eight address bytes as they are (hashing a digest
/// again would only cost time).
#[derive(Debug, Clone, Copy, Default)]
struct LocatedHasher(u64);

impl Hasher for LocatedHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Not used by `Located` (it writes one `u64`); any bytes still hash.
        for byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*byte);
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// What a table registers at one address of one network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Registered {
    /// One contract (one or more of its versions).
    One(Contract),
    /// Two different contracts: the first two in table order.
    Ambiguous(Contract, Contract),
}

impl Deployments {
    /// An empty table.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let table = Deployments::empty();
    /// assert_eq!(table.iter().count(), 0);
    /// assert!(table.address(Network::Base, Contract::Erc20FeeProxy).is_err());
    /// ```
    pub fn empty() -> Deployments {
        Deployments::default()
    }

    /// The service's deployments on the eight networks, compiled in, and the LI.FI diamond
    /// (`0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE`) on the six cross-chain source networks.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let table = Deployments::builtin();
    /// let diamond = table.address(Network::Matic, Contract::LiFiDiamond)?;
    /// assert_eq!(diamond.to_string(), "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE");
    /// assert!(table.address(Network::Sepolia, Contract::LiFiDiamond).is_err());
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub fn builtin() -> &'static Deployments {
        static BUILTIN: OnceBox<Deployments> = OnceBox::new();
        BUILTIN.get_or_init(|| {
            let mut table = Deployments {
                entries: builtin::DEPLOYMENTS
                    .iter()
                    .map(
                        |&(contract, network, version, address, creation_block)| Deployment {
                            contract,
                            network,
                            version: Cow::Borrowed(version),
                            address: ChainAddress::from_abi(network, address),
                            creation_block,
                        },
                    )
                    .chain(diamond::LIFI_NETWORKS.iter().map(|&network| Deployment {
                        contract: Contract::LiFiDiamond,
                        network,
                        version: Cow::Borrowed(diamond::LIFI_VERSION),
                        address: ChainAddress::from_abi(network, diamond::LIFI_DIAMOND),
                        creation_block: 0,
                    }))
                    .collect(),
                defaults: core::iter::once(&(Contract::LiFiDiamond, diamond::LIFI_VERSION))
                    .chain(builtin::DEFAULT_VERSIONS)
                    .map(|&(contract, version)| (contract, version.to_owned()))
                    .collect(),
                by_network: Default::default(),
                registered: Default::default(),
            };
            table.reindex();
            Box::new(table)
        })
    }

    fn reindex(&mut self) {
        self.by_network = Default::default();
        for (position, d) in self.entries.iter().enumerate() {
            if let Some(list) = self.by_network.get_mut(network_slot(d.network)) {
                list.push((d.address.abi(), position));
            }
        }
        for list in &mut self.by_network {
            list.sort_unstable();
        }
        self.registered.clear();
        for d in &self.entries {
            let located = Located {
                network: d.network,
                address: d.address.abi(),
            };
            let registered = self
                .registered
                .entry(located)
                .or_insert(Registered::One(d.contract));
            if let Registered::One(first) = *registered {
                if first != d.contract {
                    *registered = Registered::Ambiguous(first, d.contract);
                }
            }
        }
    }

    /// Adds a deployment, replacing any with the same contract, network and version.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployment, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let mut table = Deployments::empty();
    /// table.set_default_version(Contract::Erc20FeeProxy, "0.2.0");
    /// let proxy = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()?;
    /// table.set(Deployment::new(Contract::Erc20FeeProxy, Network::Base, "0.2.0", proxy, 10827274)?);
    /// table.set(Deployment::new(Contract::Erc20FeeProxy, Network::Base, "0.2.0", proxy, 10827274)?);
    /// assert_eq!(table.iter().count(), 1); // replaced, not added twice
    /// assert_eq!(table.address(Network::Base, Contract::Erc20FeeProxy)?, proxy);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set(&mut self, deployment: Deployment) {
        self.entries.retain(|d| {
            !(d.contract == deployment.contract
                && d.network == deployment.network
                && d.version == deployment.version)
        });
        self.entries.push(deployment);
        self.reindex();
    }

    /// Makes `version` the default version of `contract` (used where no version is named).
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let mut table = Deployments::builtin().clone();
    /// table.set_default_version(Contract::BatchConversionPayments, "0.2.0");
    /// let batch = table.address(Network::Mainnet, Contract::BatchConversionPayments)?;
    /// assert_eq!(batch.to_string(), "0x1E7E0E707B482E6858a88289E0E4004875EcEEbD");
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub fn set_default_version(&mut self, contract: Contract, version: &str) {
        self.defaults.retain(|(c, _)| *c != contract);
        self.defaults.push((contract, version.to_owned()));
    }

    /// Every deployment.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let on_tron: Vec<Contract> = Deployments::builtin().iter()
    ///     .filter(|d| d.network() == Network::Tron).map(|d| d.contract()).collect();
    /// assert_eq!(on_tron, [Contract::Erc20FeeProxy, Contract::Erc20BatchPayments]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = &Deployment> {
        self.entries.iter()
    }

    /// The default version of `contract` on `network`: `"tron"` on Tron, else the table's
    /// default for the contract.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let table = Deployments::builtin();
    /// assert_eq!(table.default_version(Network::Base, Contract::EthereumProxy), Some("0.3.0"));
    /// assert_eq!(table.default_version(Network::Tron, Contract::Erc20FeeProxy), Some("tron"));
    /// assert_eq!(Deployments::empty().default_version(Network::Base, Contract::Erc20FeeProxy), None);
    /// ```
    pub fn default_version(&self, network: Network, contract: Contract) -> Option<&str> {
        if network == Network::Tron {
            return Some(TRON_VERSION);
        }
        self.defaults
            .iter()
            .find(|(c, _)| *c == contract)
            .map(|(_, v)| v.as_str())
    }

    /// The deployment of `contract` on `network`, at `version` or the default version.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let table = Deployments::builtin();
    /// let old = table.deployment(Network::Mainnet, Contract::Erc20ConversionProxy, Some("0.1.1"))?;
    /// assert_eq!(old.address().to_string(), "0x1550A8C4F4E5afC67Ea07e8ac590fdcAdB4bBfb1");
    /// assert!(table.deployment(Network::Mainnet, Contract::Erc20ConversionProxy, Some("0.1.2")).is_err());
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub fn deployment(
        &self,
        network: Network,
        contract: Contract,
        version: Option<&str>,
    ) -> Result<&Deployment, ContractsError> {
        let version = version
            .or_else(|| self.default_version(network, contract))
            .ok_or(ContractsError::NoDefaultVersion { contract, network })?;
        self.entries
            .iter()
            .find(|d| d.contract == contract && d.network == network && d.version == version)
            .ok_or_else(|| ContractsError::NotDeployed {
                contract,
                network,
                version: version.to_owned(),
            })
    }

    /// The canonical address of `contract` on `network` (its default version).
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let table = Deployments::builtin();
    /// let proxy = table.address(Network::Optimism, Contract::Erc20FeeProxy)?;
    /// assert_eq!(proxy.to_string(), "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE");
    /// assert!(table.address(Network::ArbitrumOne, Contract::Erc20Proxy).is_err()); // not deployed there
    /// # Ok::<(), securepay_core::contracts::ContractsError>(())
    /// ```
    pub fn address(
        &self,
        network: Network,
        contract: Contract,
    ) -> Result<ChainAddress, ContractsError> {
        self.deployment(network, contract, None)
            .map(Deployment::address)
    }

    /// Every deployment at `address` on `network` (one contract, possibly several versions).
    ///
    /// ```
    /// use securepay_core::contracts::Deployments;
    /// use securepay_core::network::Network;
    ///
    /// let proxy = "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C".parse()?; // ERC20FeeProxy
    /// let versions: Vec<&str> = Deployments::builtin().at(Network::Mainnet, &proxy).map(|d| d.version()).collect();
    /// assert_eq!(versions, ["0.1.0", "0.2.0"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn at<'a>(
        &'a self,
        network: Network,
        address: &'a ChainAddress,
    ) -> impl Iterator<Item = &'a Deployment> + 'a {
        let positions = self
            .by_network
            .get(network_slot(network))
            .map_or(&[][..], Vec::as_slice);
        let wanted = address.abi();
        let start = positions.partition_point(|(abi, _)| *abi < wanted);
        positions
            .get(start..)
            .unwrap_or_default()
            .iter()
            .take_while(move |(abi, _)| *abi == wanted)
            .filter_map(|&(_, p)| self.entries.get(p))
            .filter(move |d| d.address == *address)
    }

    /// Which contract is at `address` on `network`.
    ///
    /// ```
    /// use securepay_core::contracts::{Contract, ContractsError, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let table = Deployments::builtin();
    /// let batch = "0x3cF63891928B8CeebB81C95426600a18cd59C03f".parse()?;
    /// assert_eq!(table.contract_at(Network::Bsc, &batch)?, Contract::BatchConversionPayments);
    /// let err = table.contract_at(Network::Base, &batch).unwrap_err();
    /// assert!(matches!(err, ContractsError::UnknownAddress { network: Network::Base, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn contract_at(
        &self,
        network: Network,
        address: &ChainAddress,
    ) -> Result<Contract, ContractsError> {
        let located = Located {
            network,
            address: address.abi(),
        };
        let registered = if address.fits(network) {
            self.registered.get(&located).copied()
        } else {
            None // a deployment's address is always of its network's family
        };
        match registered {
            Some(Registered::One(contract)) => Ok(contract),
            Some(Registered::Ambiguous(first, second)) => Err(ContractsError::Ambiguous {
                network,
                address: *address,
                first,
                second,
            }),
            None => Err(ContractsError::UnknownAddress {
                network,
                address: *address,
            }),
        }
    }

    /// Which contract is at `address` on the chain `chain_id`.
    ///
    /// ```
    /// use alloy_primitives::address;
    /// use securepay_core::contracts::{Contract, ContractsError, Deployments};
    /// use securepay_core::network::Network;
    ///
    /// let proxy = address!("0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814");
    /// let table = Deployments::builtin();
    /// assert_eq!(table.contract_at_chain(8453, &proxy)?, (Network::Base, Contract::Erc20FeeProxy));
    /// assert!(matches!(table.contract_at_chain(84532, &proxy), Err(ContractsError::Chain(_))));
    /// # Ok::<(), ContractsError>(())
    /// ```
    pub fn contract_at_chain(
        &self,
        chain_id: u64,
        address: &alloy_primitives::Address,
    ) -> Result<(Network, Contract), ContractsError> {
        let network = Network::from_chain_id(chain_id).map_err(ContractsError::Chain)?;
        let address = ChainAddress::from_abi(network, *address);
        Ok((network, self.contract_at(network, &address)?))
    }
}
