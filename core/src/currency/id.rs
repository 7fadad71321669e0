//! Currency ids: `SYMBOL-network` (`USDC-base`, `ETH-base-base`) or an ISO 4217 code (`USD`).

use crate::prelude::*;

use alloc::sync::Arc;
use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::CurrencyNetwork;
use crate::network::Network;

/// Why text is not a currency id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CurrencyIdError {
    /// The text is empty.
    #[error("currency id is empty")]
    Empty,
    /// A character outside `[A-Za-z0-9._-]`.
    #[error(
        "currency id {id:?} contains {character:?}: ids are ASCII letters, digits, '.', '_' and '-'"
    )]
    InvalidCharacter {
        /// The id.
        id: String,
        /// The character.
        character: char,
    },
    /// Neither `SYMBOL-network` for one of the eight networks nor a 3-letter fiat code.
    #[error(
        "currency id {0:?} is neither SYMBOL-network for one of mainnet, arbitrum-one, optimism, base, matic, bsc, tron, sepolia nor an ISO 4217 code such as USD"
    )]
    UnknownForm(String),
    /// The id does not end with the network of its currency object.
    #[error("currency id {id:?} does not end with -{network}")]
    NetworkMismatch {
        /// The id.
        id: String,
        /// The network of the currency object.
        network: String,
    },
}

/// A currency id as the API writes it.
///
/// Token ids are `SYMBOL-network`, where the symbol part may itself contain `-` (native
/// currencies on L2s repeat the network: `ETH-base-base`, `ETH-sepolia-sepolia`); fiat ids are
/// ISO 4217 codes. The id keeps its text; [`CurrencyId::network`] tells where it lives.
///
/// ```
/// use securepay_core::currency::CurrencyId;
/// use securepay_core::network::Network;
///
/// let id: CurrencyId = "ETH-base-base".parse()?;
/// assert_eq!(id.symbol_part(), "ETH-base");
/// assert_eq!(id.network(), Some(Network::Base));
/// let usdt0: CurrencyId = "USDT0-arbitrum-one".parse()?;
/// assert_eq!(usdt0.network(), Some(Network::ArbitrumOne));
/// assert!("USD".parse::<CurrencyId>()?.is_fiat());
/// assert!("USDC".parse::<CurrencyId>().is_err());
/// # Ok::<(), securepay_core::currency::CurrencyIdError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CurrencyId {
    /// Shared: a verification copies an asset's id into every amount it shows.
    text: Arc<str>,
    network: CurrencyNetwork,
}

impl CurrencyId {
    /// Parses an id on one of the eight networks, or a fiat code.
    pub fn parse(text: &str) -> Result<CurrencyId, CurrencyIdError> {
        if let Some(id) = recent::get(text) {
            return Ok(id);
        }
        let id = CurrencyId::parse_new(text)?;
        recent::put(&id);
        Ok(id)
    }

    /// [`CurrencyId::parse`] without the thread's recent ids.
    fn parse_new(text: &str) -> Result<CurrencyId, CurrencyIdError> {
        check_characters(text)?;
        if is_fiat_code(text) {
            return Ok(CurrencyId {
                text: Arc::from(text),
                network: CurrencyNetwork::Fiat,
            });
        }
        let network = Network::ALL
            .into_iter()
            .filter(|n| symbol_before(text, n.id()).is_some())
            .max_by_key(|n| n.id().len())
            .ok_or_else(|| CurrencyIdError::UnknownForm(text.to_owned()))?;
        Ok(CurrencyId {
            text: Arc::from(text),
            network: CurrencyNetwork::Chain(network),
        })
    }

    /// Parses the id of a currency object whose `network` is `network` (which may be a
    /// network outside the eight, as in the service's full token list).
    pub fn parse_on(text: &str, network: &CurrencyNetwork) -> Result<CurrencyId, CurrencyIdError> {
        check_characters(text)?;
        let fits = match network {
            CurrencyNetwork::Fiat => is_fiat_code(text),
            CurrencyNetwork::Chain(n) => symbol_before(text, n.id()).is_some(),
            CurrencyNetwork::Other(n) => symbol_before(text, n).is_some(),
        };
        if !fits {
            return Err(CurrencyIdError::NetworkMismatch {
                id: text.to_owned(),
                network: network.as_str().to_owned(),
            });
        }
        Ok(CurrencyId {
            text: Arc::from(text),
            network: network.clone(),
        })
    }

    /// An id whose text and network are known to agree (the built-in catalog; checked by tests).
    pub(super) fn from_checked(text: &str, network: CurrencyNetwork) -> CurrencyId {
        CurrencyId {
            text: Arc::from(text),
            network,
        }
    }

    /// The id of the token `symbol` on `network` (`USDC-base`).
    pub fn for_token(symbol: &str, network: Network) -> Result<CurrencyId, CurrencyIdError> {
        CurrencyId::parse_on(
            &format!("{symbol}-{network}"),
            &CurrencyNetwork::Chain(network),
        )
    }

    /// The id text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The network of the id.
    pub const fn currency_network(&self) -> &CurrencyNetwork {
        &self.network
    }

    /// The service network, for ids on one of the eight networks.
    pub fn network(&self) -> Option<Network> {
        match self.network {
            CurrencyNetwork::Chain(n) => Some(n),
            _ => None,
        }
    }

    /// Whether this is a fiat (ISO 4217) id.
    pub fn is_fiat(&self) -> bool {
        matches!(self.network, CurrencyNetwork::Fiat)
    }

    /// The part before `-network` (`ETH-base` in `ETH-base-base`); the whole code for fiat.
    pub fn symbol_part(&self) -> &str {
        match &self.network {
            CurrencyNetwork::Fiat => &self.text,
            CurrencyNetwork::Chain(n) => symbol_before(&self.text, n.id()).unwrap_or(&self.text),
            CurrencyNetwork::Other(n) => symbol_before(&self.text, n).unwrap_or(&self.text),
        }
    }
}

fn check_characters(text: &str) -> Result<(), CurrencyIdError> {
    if text.is_empty() {
        return Err(CurrencyIdError::Empty);
    }
    match text
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_')))
    {
        Some(character) => Err(CurrencyIdError::InvalidCharacter {
            id: text.to_owned(),
            character,
        }),
        None => Ok(()),
    }
}

fn is_fiat_code(text: &str) -> bool {
    text.len() == 3 && text.bytes().all(|b| b.is_ascii_uppercase())
}

/// The non-empty symbol part of `text` if it ends with `-{network}`.
fn symbol_before<'a>(text: &'a str, network: &str) -> Option<&'a str> {
    text.strip_suffix(network)
        .and_then(|rest| rest.strip_suffix('-'))
        .filter(|symbol| !symbol.is_empty())
}

impl fmt::Display for CurrencyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The last few ids [`CurrencyId::parse`] read on this thread: a response names its currency in
/// every fee entry, and an application verifies many responses of the same currencies, so an
/// id read again shares its text instead of allocating it. Without the `std` feature nothing is
/// kept.
#[cfg(not(feature = "std"))]
mod recent {
    use super::CurrencyId;

    /// None: nothing is kept without threads to keep it per.
    pub(super) fn get(_text: &str) -> Option<CurrencyId> {
        None
    }

    /// Keeps nothing.
    pub(super) fn put(_id: &CurrencyId) {}
}

/// The per-thread memory of the last few ids (feature `std`).
#[cfg(feature = "std")]
mod recent {
    use core::cell::RefCell;

    use super::CurrencyId;

    /// How many ids are kept.
    const SLOTS: usize = 4;
    /// Longer ids are not kept (an id's length is the server's choice).
    const MAX_LEN: usize = 64;

    std::thread_local! {
        static RECENT: RefCell<([Option<CurrencyId>; SLOTS], usize)> =
            const { RefCell::new(([None, None, None, None], 0)) };
    }

    /// The id parsed from exactly `text`, if it is one of the recent ones.
    pub(super) fn get(text: &str) -> Option<CurrencyId> {
        RECENT
            .try_with(|recent| {
                let recent = recent.try_borrow().ok()?;
                recent
                    .0
                    .iter()
                    .flatten()
                    .find(|id| &*id.text == text)
                    .cloned()
            })
            .ok()
            .flatten()
    }

    /// Keeps `id`, replacing the oldest.
    pub(super) fn put(id: &CurrencyId) {
        if id.text.len() > MAX_LEN {
            return;
        }
        let _ = RECENT.try_with(|recent| {
            if let Ok(mut recent) = recent.try_borrow_mut() {
                let next = recent.1;
                if let Some(slot) = recent.0.get_mut(next % SLOTS) {
                    *slot = Some(id.clone());
                }
                recent.1 = next.wrapping_add(1);
            }
        });
    }
}

impl FromStr for CurrencyId {
    type Err = CurrencyIdError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CurrencyId::parse(s)
    }
}

impl Serialize for CurrencyId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for CurrencyId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, CurrencyId::parse)
    }
}
