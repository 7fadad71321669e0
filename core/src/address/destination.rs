//! Payee destination ids: `{interopName}:{tokenAddress}`.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::ChainAddress;
use super::interop::{InteropAccount, InteropError, InteropName};
use crate::network::{ChainKind, Network};

/// A payee destination id as the service writes it: the wallet's interoperable name, a `:`,
/// and the token address (`0x6923…C7D7@eip155:8453#89CDCBED:0x8335…2913`).
///
/// The id is split at its last `:`. The chain must be one of the service's networks; the
/// wallet and the token must both be addresses of that network's family (Base58 on Tron).
/// The original text is kept: `Display`, [`DestinationId::as_str`] and serde give it back
/// unchanged, because the service compares destination ids as sent.
///
/// ```
/// use securepay_core::address::DestinationId;
/// use securepay_core::network::Network;
///
/// let id: DestinationId =
///     "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
///         .parse()?;
/// assert_eq!(id.network(), Network::Base);
/// assert_eq!(id.token().to_string(), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
/// # Ok::<(), securepay_core::address::InteropError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DestinationId {
    text: String,
    name: InteropName,
    network: Network,
    wallet: ChainAddress,
    token: ChainAddress,
}

impl DestinationId {
    /// Parses and checks a destination id.
    pub fn parse(text: &str) -> Result<DestinationId, InteropError> {
        let (name_text, token_text) = text
            .rsplit_once(':')
            .ok_or_else(|| InteropError::MalformedDestinationId(text.to_owned()))?;
        let name = InteropName::parse(name_text)?;
        let (Some(account), Some(chain_id)) = (name.account(), name.chain_id()) else {
            return Err(InteropError::IncompleteDestination(text.to_owned()));
        };
        let network = Network::from_chain_id(chain_id)?;
        let wallet = match (network.kind(), account) {
            (ChainKind::Evm, InteropAccount::Evm(a)) => ChainAddress::Evm(a),
            (ChainKind::Tron, InteropAccount::Tron(a)) => ChainAddress::Tron(a),
            _ => {
                return Err(InteropError::WrongFamily {
                    what: "wallet",
                    input: account.to_string(),
                    network,
                });
            }
        };
        let token =
            ChainAddress::parse(network, token_text).map_err(|_| InteropError::WrongFamily {
                what: "token",
                input: token_text.to_owned(),
                network,
            })?;
        Ok(DestinationId {
            text: text.to_owned(),
            name,
            network,
            wallet,
            token,
        })
    }

    /// The destination id of `wallet` receiving `token` on `network`, in canonical form (the
    /// wallet's name with its ERC-7828 checksum, then the token). Both addresses must be of
    /// the network's family. A Tron name carries no checksum: the service's checksum of Base58
    /// names is not reproducible from a published encoding, so prefer the id the service
    /// returned for Tron destinations.
    ///
    /// ```
    /// use securepay_core::address::{ChainAddress, DestinationId};
    /// use securepay_core::network::Network;
    ///
    /// let wallet: ChainAddress = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let usdc: ChainAddress = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let id = DestinationId::new(Network::Base, wallet, usdc)?;
    /// assert_eq!(id.as_str(), "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    /// assert_eq!(id, id.as_str().parse()?); // reads back as the same id
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        network: Network,
        wallet: ChainAddress,
        token: ChainAddress,
    ) -> Result<DestinationId, InteropError> {
        let name = InteropName::new(wallet, network)?;
        if !token.fits(network) {
            return Err(InteropError::WrongFamily {
                what: "token",
                input: token.to_string(),
                network,
            });
        }
        DestinationId::parse(&format!("{}:{token}", name.to_checked_string()))
    }

    /// The id exactly as parsed.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The wallet's interoperable name.
    pub const fn interop_name(&self) -> &InteropName {
        &self.name
    }

    /// The destination's network.
    pub const fn network(&self) -> Network {
        self.network
    }

    /// The payee wallet.
    pub const fn wallet(&self) -> ChainAddress {
        self.wallet
    }

    /// The token the payee receives.
    pub const fn token(&self) -> ChainAddress {
        self.token
    }

    /// The id in canonical form: the name with its checksum, then the token (EIP-55 or Base58).
    pub fn to_canonical_string(&self) -> String {
        format!("{}:{}", self.name.to_checked_string(), self.token)
    }
}

impl fmt::Display for DestinationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl FromStr for DestinationId {
    type Err = InteropError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DestinationId::parse(s)
    }
}

impl Serialize for DestinationId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for DestinationId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, DestinationId::parse)
    }
}
