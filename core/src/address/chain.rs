//! An address tied to the family of its network, EVM hex or Tron Base58: of a payee, a token, a
//! spender, a wallet or a contract.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use alloy_primitives::Address;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{EvmAddress, EvmAddressError, TronAddress, TronAddressError};
use crate::network::{ChainKind, Network};

/// Why text is not an address on a given network.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChainAddressError {
    /// A Tron address where an EVM address is required, or the other way round.
    #[error("{input}: network {network} takes {} addresses, not {found} ones", network.kind())]
    WrongFamily {
        /// The text.
        input: String,
        /// The network it was parsed for (its [`Network::kind`] is what it takes).
        network: Network,
        /// The kind of address the text is.
        found: ChainKind,
    },
    /// Not a valid EVM address.
    #[error(transparent)]
    Evm(#[from] EvmAddressError),
    /// Not a valid Tron address.
    #[error(transparent)]
    Tron(#[from] TronAddressError),
}

/// An address on one of the service's networks: EVM hex on EVM networks, Tron Base58 on Tron.
/// Payees, tokens, spenders, wallets and contracts all have one (it was called `PayeeAddress`).
///
/// Parsing takes the network, so a Tron address is never accepted where an EVM address is
/// required, nor the other way round. `Display` writes EIP-55 or Base58.
///
/// ```
/// use securepay_core::address::ChainAddress;
/// use securepay_core::network::Network;
///
/// let tron = ChainAddress::parse(Network::Tron, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?;
/// assert!(tron.is_tron());
/// assert!(ChainAddress::parse(Network::Base, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").is_err());
/// assert!(ChainAddress::parse(Network::Tron, "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c").is_err());
/// # Ok::<(), securepay_core::address::ChainAddressError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainAddress {
    /// An EVM address.
    Evm(EvmAddress),
    /// A Tron address.
    Tron(TronAddress),
}

impl ChainAddress {
    /// Parses `text` as an address of `network`'s family.
    pub fn parse(network: Network, text: &str) -> Result<ChainAddress, ChainAddressError> {
        let wrong_family = |found| ChainAddressError::WrongFamily {
            input: text.to_owned(),
            network,
            found,
        };
        let looks_evm = text.starts_with("0x");
        match network.kind() {
            ChainKind::Evm if !looks_evm && TronAddress::parse(text).is_ok() => {
                Err(wrong_family(ChainKind::Tron))
            }
            ChainKind::Evm => Ok(ChainAddress::Evm(EvmAddress::parse(text)?)),
            ChainKind::Tron if looks_evm => Err(wrong_family(ChainKind::Evm)),
            ChainKind::Tron => Ok(ChainAddress::Tron(TronAddress::parse(text)?)),
        }
    }

    /// Parses text whose family is told by its form: `0x…` is EVM, anything else Tron
    /// Base58. Use [`ChainAddress::parse`] when the network is known.
    pub fn parse_any(text: &str) -> Result<ChainAddress, ChainAddressError> {
        if text.starts_with("0x") {
            Ok(ChainAddress::Evm(EvmAddress::parse(text)?))
        } else {
            Ok(ChainAddress::Tron(TronAddress::parse(text)?))
        }
    }

    /// EVM or Tron.
    pub const fn kind(&self) -> ChainKind {
        match self {
            ChainAddress::Evm(_) => ChainKind::Evm,
            ChainAddress::Tron(_) => ChainKind::Tron,
        }
    }

    /// Whether this is a Tron address.
    pub const fn is_tron(&self) -> bool {
        matches!(self, ChainAddress::Tron(_))
    }

    /// Whether this address belongs on `network` (same family).
    pub fn fits(&self, network: Network) -> bool {
        self.kind() == network.kind()
    }

    /// The 20 bytes an ABI `address` argument carries (a Tron address's body).
    pub const fn abi(&self) -> Address {
        match self {
            ChainAddress::Evm(a) => a.into_inner(),
            ChainAddress::Tron(a) => a.abi(),
        }
    }

    /// Whether the 20 bytes are all zero.
    pub fn is_zero(&self) -> bool {
        self.abi().is_zero()
    }

    /// The same 20 bytes as an address of `network`'s family: what an address read on one
    /// network (or decoded from an ABI argument) is on `network`.
    ///
    /// ```
    /// use securepay_core::address::ChainAddress;
    /// use securepay_core::network::Network;
    ///
    /// let usdt = ChainAddress::parse(Network::Tron, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?;
    /// let seen_on_evm = usdt.on_network(Network::Mainnet);
    /// assert_eq!(seen_on_evm.to_string(), "0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C");
    /// assert_eq!(seen_on_evm.on_network(Network::Tron), usdt);
    /// assert_eq!(usdt.on_network(Network::Tron), usdt);
    /// # Ok::<(), securepay_core::address::ChainAddressError>(())
    /// ```
    pub fn on_network(self, network: Network) -> ChainAddress {
        ChainAddress::from_abi(network, self.abi())
    }

    /// The address of `network`'s family whose ABI form is `abi`.
    pub fn from_abi(network: Network, abi: Address) -> ChainAddress {
        match network.kind() {
            ChainKind::Evm => ChainAddress::Evm(EvmAddress::new(abi)),
            ChainKind::Tron => ChainAddress::Tron(TronAddress::from_abi(abi)),
        }
    }
}

impl From<EvmAddress> for ChainAddress {
    fn from(address: EvmAddress) -> Self {
        ChainAddress::Evm(address)
    }
}

impl From<TronAddress> for ChainAddress {
    fn from(address: TronAddress) -> Self {
        ChainAddress::Tron(address)
    }
}

impl fmt::Display for ChainAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainAddress::Evm(a) => a.fmt(f),
            ChainAddress::Tron(a) => a.fmt(f),
        }
    }
}

impl FromStr for ChainAddress {
    type Err = ChainAddressError;

    /// Same as [`ChainAddress::parse_any`]: `0x…` is EVM, anything else Tron Base58.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ChainAddress::parse_any(s)
    }
}

impl Serialize for ChainAddress {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ChainAddress::Evm(a) => a.serialize(serializer),
            ChainAddress::Tron(a) => a.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for ChainAddress {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, ChainAddress::parse_any)
    }
}
