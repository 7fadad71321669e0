//! An address tied to the family of its network: EVM hex or Tron Base58.

use std::fmt;
use std::str::FromStr;

use alloy_primitives::Address;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{EvmAddress, EvmAddressError, TronAddress, TronAddressError};
use crate::network::{ChainKind, Network};

/// Why text is not an address on a given network.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PayeeAddressError {
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
///
/// Parsing takes the network, so a Tron address is never accepted where an EVM address is
/// required, nor the other way round. `Display` writes EIP-55 or Base58.
///
/// ```
/// use securepay::address::PayeeAddress;
/// use securepay::network::Network;
///
/// let tron = PayeeAddress::parse(Network::Tron, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?;
/// assert!(tron.is_tron());
/// assert!(PayeeAddress::parse(Network::Base, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").is_err());
/// assert!(PayeeAddress::parse(Network::Tron, "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c").is_err());
/// # Ok::<(), securepay::address::PayeeAddressError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PayeeAddress {
    /// An EVM address.
    Evm(EvmAddress),
    /// A Tron address.
    Tron(TronAddress),
}

impl PayeeAddress {
    /// Parses `text` as an address of `network`'s family.
    pub fn parse(network: Network, text: &str) -> Result<PayeeAddress, PayeeAddressError> {
        let wrong_family = |found| PayeeAddressError::WrongFamily {
            input: text.to_owned(),
            network,
            found,
        };
        let looks_evm = text.starts_with("0x");
        match network.kind() {
            ChainKind::Evm if !looks_evm && TronAddress::parse(text).is_ok() => {
                Err(wrong_family(ChainKind::Tron))
            }
            ChainKind::Evm => Ok(PayeeAddress::Evm(EvmAddress::parse(text)?)),
            ChainKind::Tron if looks_evm => Err(wrong_family(ChainKind::Evm)),
            ChainKind::Tron => Ok(PayeeAddress::Tron(TronAddress::parse(text)?)),
        }
    }

    /// Parses text whose family is told by its form: `0x…` is EVM, anything else Tron
    /// Base58. Use [`PayeeAddress::parse`] when the network is known.
    pub fn parse_any(text: &str) -> Result<PayeeAddress, PayeeAddressError> {
        if text.starts_with("0x") {
            Ok(PayeeAddress::Evm(EvmAddress::parse(text)?))
        } else {
            Ok(PayeeAddress::Tron(TronAddress::parse(text)?))
        }
    }

    /// EVM or Tron.
    pub const fn kind(&self) -> ChainKind {
        match self {
            PayeeAddress::Evm(_) => ChainKind::Evm,
            PayeeAddress::Tron(_) => ChainKind::Tron,
        }
    }

    /// Whether this is a Tron address.
    pub const fn is_tron(&self) -> bool {
        matches!(self, PayeeAddress::Tron(_))
    }

    /// Whether this address belongs on `network` (same family).
    pub fn fits(&self, network: Network) -> bool {
        self.kind() == network.kind()
    }

    /// The 20 bytes an ABI `address` argument carries (a Tron address's body).
    pub const fn abi(&self) -> Address {
        match self {
            PayeeAddress::Evm(a) => a.into_inner(),
            PayeeAddress::Tron(a) => a.abi(),
        }
    }

    /// Whether the 20 bytes are all zero.
    pub fn is_zero(&self) -> bool {
        self.abi().is_zero()
    }

    /// The address of `network`'s family whose ABI form is `abi`.
    pub fn from_abi(network: Network, abi: Address) -> PayeeAddress {
        match network.kind() {
            ChainKind::Evm => PayeeAddress::Evm(EvmAddress::new(abi)),
            ChainKind::Tron => PayeeAddress::Tron(TronAddress::from_abi(abi)),
        }
    }
}

impl From<EvmAddress> for PayeeAddress {
    fn from(address: EvmAddress) -> Self {
        PayeeAddress::Evm(address)
    }
}

impl From<TronAddress> for PayeeAddress {
    fn from(address: TronAddress) -> Self {
        PayeeAddress::Tron(address)
    }
}

impl fmt::Display for PayeeAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PayeeAddress::Evm(a) => a.fmt(f),
            PayeeAddress::Tron(a) => a.fmt(f),
        }
    }
}

impl FromStr for PayeeAddress {
    type Err = PayeeAddressError;

    /// Same as [`PayeeAddress::parse_any`]: `0x…` is EVM, anything else Tron Base58.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PayeeAddress::parse_any(s)
    }
}

impl Serialize for PayeeAddress {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            PayeeAddress::Evm(a) => a.serialize(serializer),
            PayeeAddress::Tron(a) => a.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for PayeeAddress {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        PayeeAddress::parse_any(&text).map_err(serde::de::Error::custom)
    }
}
