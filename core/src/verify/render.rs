//! The data findings and summary lines are made of: assets, quantities and parties, each with
//! an English `Display` and a serde form a wallet can render in its own language.

use crate::prelude::*;

use alloc::sync::Arc;
use core::fmt;

use alloy_primitives::U256;
use serde::Serialize;

use crate::address::ChainAddress;
use crate::amount::{Decimals, format_units};
use crate::contracts::Contract;
use crate::currency::CurrencyId;
use crate::network::Network;

/// A token or a native currency on a network, with what the catalog knows of it.
///
/// ```
/// use securepay_core::verify::AssetRef;
/// use securepay_core::network::Network;
///
/// let usdc = AssetRef::lookup(securepay_core::currency::Catalog::builtin(), Network::Base,
///     Some("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?));
/// assert_eq!((usdc.symbol.as_deref(), usdc.decimals), (Some("USDC"), Some(6)));
/// assert_eq!(usdc.to_string(), "USDC");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AssetRef {
    /// Its network.
    pub network: Network,
    /// Its token contract; `None` for the network's native currency. [`AssetToken::Hidden`]
    /// where the token's address is an agreed payee's and the merchant hides the payee
    /// (`hidePayeeAddress`): the response chose that address.
    pub token: Option<AssetToken>,
    /// Its catalog id, when the catalog has it.
    pub currency: Option<CurrencyId>,
    /// Its symbol, when known (shared: a verification copies an asset into every amount it
    /// shows).
    pub symbol: Option<Arc<str>>,
    /// Its decimals, when known.
    pub decimals: Option<u8>,
}

impl AssetRef {
    /// What `catalog` knows of the token (or the native currency when `token` is `None`) on
    /// `network`.
    pub fn lookup(
        catalog: &crate::currency::Catalog,
        network: Network,
        token: Option<ChainAddress>,
    ) -> AssetRef {
        let token = token.map(|t| t.on_network(network));
        let currency = match &token {
            Some(token) => catalog.by_token_address(network, token).next(),
            None => catalog.currencies().find(|c| {
                c.chain_network() == Some(network) && c.kind() == crate::currency::CurrencyType::Eth
            }),
        };
        // A native currency is shown by the symbol people know (`ETH`, not the token list's
        // `ETH-base`).
        let symbol = match &token {
            Some(_) => currency.map(|c| c.shared_symbol()),
            None => Some(Arc::from(network.native_symbol())),
        };
        AssetRef {
            network,
            token: token.map(AssetToken::Address),
            currency: currency.map(|c| c.id().clone()),
            symbol,
            decimals: currency.map(|c| c.decimals().get()),
        }
    }

    /// `units` of this asset.
    pub fn quantity(&self, units: U256) -> Quantity {
        Quantity {
            units,
            asset: self.clone(),
        }
    }
}

/// The token contract of an [`AssetRef`]: its address, or hidden.
///
/// Serialized as the address, or as `"hidden"`.
///
/// ```
/// use securepay_core::verify::AssetToken;
///
/// let usdc: AssetToken = AssetToken::Address("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?);
/// assert_eq!(usdc.to_string(), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
/// assert_eq!(serde_json::to_string(&AssetToken::Hidden)?, r#""hidden""#);
/// assert_eq!(AssetToken::Hidden.address(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssetToken {
    /// The token contract's address.
    Address(ChainAddress),
    /// An agreed payee's address, masked by `hidePayeeAddress`.
    Hidden,
}

impl AssetToken {
    /// The address, unless hidden.
    pub fn address(&self) -> Option<&ChainAddress> {
        match self {
            AssetToken::Address(address) => Some(address),
            AssetToken::Hidden => None,
        }
    }
}

impl fmt::Display for AssetToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssetToken::Address(address) => address.fmt(f),
            AssetToken::Hidden => f.write_str(crate::masked::MASKED_TEXT),
        }
    }
}

impl Serialize for AssetToken {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            AssetToken::Address(address) => address.serialize(serializer),
            AssetToken::Hidden => serializer.serialize_str(crate::masked::MASKED_TEXT),
        }
    }
}

impl fmt::Display for AssetRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.symbol, &self.token) {
            (Some(symbol), _) => f.write_str(symbol),
            (None, Some(token)) => write!(f, "token {token}"),
            (None, None) => write!(f, "{} native currency", self.network.display_name()),
        }
    }
}

/// An amount of an asset: exact smallest units, and the asset.
///
/// `Display` writes human units when the decimals are known (`10.5 USDC`), else smallest units
/// (`1050 units of token 0x…`).
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::verify::AssetRef;
/// use securepay_core::network::Network;
///
/// let usdc = AssetRef::lookup(securepay_core::currency::Catalog::builtin(), Network::Base,
///     Some("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?));
/// assert_eq!(usdc.quantity(U256::from(10_500_000u64)).to_string(), "10.5 USDC");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Quantity {
    /// Smallest units.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub units: U256,
    /// Of what.
    pub asset: AssetRef,
}

impl Quantity {
    /// The amount in human units, when the decimals are known.
    pub fn human(&self) -> Option<String> {
        self.asset
            .decimals
            .and_then(|d| Decimals::new(d).ok())
            .map(|d| format_units(self.units, d))
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.human() {
            Some(human) => write!(f, "{human} {}", self.asset),
            None => write!(f, "{} units of {}", self.units, self.asset),
        }
    }
}

/// Someone a transaction pays, approves or calls.
///
/// A payee masked by `hidePayeeAddress` is [`Party::Hidden`]: its address is in no output.
///
/// ```
/// use securepay_core::contracts::Contract;
/// use securepay_core::verify::Party;
///
/// assert_eq!(Party::Hidden.to_string(), "hidden");
/// let proxy = Party::Contract { address: "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()?, contract: Contract::Erc20FeeProxy };
/// assert_eq!(proxy.to_string(), "the payment contract (ERC20FeeProxy)");
/// // Serialized: `kind` in snake_case, like every enumerated value of a verdict.
/// let account = Party::SmartAccount { address: "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()? };
/// assert_eq!(serde_json::to_string(&account)?, r#"{"kind":"smart_account","address":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Party {
    /// An agreed payee masked by `hidePayeeAddress`.
    Hidden,
    /// An agreed payee.
    Payee {
        /// Its address.
        address: ChainAddress,
    },
    /// One of the service's contracts, or the bridge.
    Contract {
        /// Its address.
        address: ChainAddress,
        /// Which contract.
        contract: Contract,
    },
    /// The payer's smart account (from the expectation).
    SmartAccount {
        /// Its address.
        address: ChainAddress,
    },
    /// Anyone else.
    Other {
        /// Its address.
        address: ChainAddress,
    },
}

impl Party {
    /// The address, unless it is hidden.
    pub fn address(&self) -> Option<&ChainAddress> {
        match self {
            Party::Hidden => None,
            Party::Payee { address }
            | Party::Contract { address, .. }
            | Party::SmartAccount { address }
            | Party::Other { address } => Some(address),
        }
    }

    /// How a summary line names the party: a known contract by its name, `hidden` for a masked
    /// payee, and every address a person must check (payees, recipients, spenders, refund
    /// addresses, the smart account) in full, checksummed. A shortened `0x1234…abcd` keeps 32
    /// bits, which an address-poisoning attacker matches with a vanity generator.
    ///
    /// ```
    /// use securepay_core::verify::Party;
    ///
    /// let payee = Party::Payee { address: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()? };
    /// assert_eq!(payee.label(), "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn label(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Party::Hidden => f.write_str(crate::masked::MASKED_TEXT),
            Party::Contract {
                contract: Contract::Erc20FeeProxy,
                ..
            } => f.write_str("the payment contract (ERC20FeeProxy)"),
            Party::Contract {
                contract: Contract::LiFiDiamond,
                ..
            } => f.write_str("the LI.FI bridge"),
            Party::Contract { contract, .. } => write!(f, "{contract}"),
            Party::SmartAccount { address } => write!(f, "your smart account {address}"),
            Party::Payee { address } | Party::Other { address } => address.fmt(f),
        }
    }
}

/// `0x1234…abcd` for an address or hex text longer than 14 characters.
pub(super) fn short(text: &str) -> String {
    let count = text.chars().count();
    if count <= 14 {
        return text.to_owned();
    }
    let head_end = text.char_indices().nth(6).map_or(text.len(), |(i, _)| i);
    let tail_start = text
        .char_indices()
        .nth(count.saturating_sub(4))
        .map_or(text.len(), |(i, _)| i);
    let (head, tail) = (text.get(..head_end), text.get(tail_start..));
    format!("{}…{}", head.unwrap_or_default(), tail.unwrap_or_default())
}

/// A text written where it is asked for, by the function it holds: `Display` writes it, serde
/// writes it as a string (serde_json escapes it straight into its output), `Debug` as a quoted
/// string (as a `String` field shows).
pub(super) struct Text<F>(pub(super) F);

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Display for Text<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> fmt::Debug for Text<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.to_string().as_str(), f)
    }
}

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> Serialize for Text<F> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    #[test]
    fn short_keeps_six_leading_and_four_trailing_characters() {
        assert_eq!(
            short("0x1234567890abcdef1234567890abcdef12345678"),
            "0x1234…5678"
        );
        assert_eq!(short("0x123456789012"), "0x123456789012");
        assert_eq!(short("0x1234567890123"), "0x1234…0123");
        assert_eq!(short("ééééééééééééééé"), "éééééé…éééé");
    }
}
