//! `accessPolicy.allowedPayerAddresses`: the payer wallets allowed to pay, parsed at creation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::AccessPolicyError;
use crate::address::PayeeAddress;

/// The payer wallets allowed to pay a payment; empty allows every wallet.
///
/// Every entry is parsed when the list is built, so an invalid entry is refused at creation,
/// naming the entry: `0x…` entries are EVM addresses (all-lowercase, all-uppercase or exact
/// EIP-55), other entries are Tron Base58Check addresses. Matching compares addresses, not
/// text: EVM entries match whatever the case of the wallet's text (case-insensitive), Tron
/// entries match only the exact Base58 text (Base58 is case-sensitive: another case is
/// another, or an invalid, address). An EVM entry never matches a Tron wallet even if their 20
/// bytes are equal. For an EVM smart account, pass the EOA to [`AllowedPayers::allows`].
///
/// Serialized as the list of canonical texts (EIP-55 or Base58).
///
/// ```
/// use securepay::address::PayeeAddress;
/// use securepay::policy::AllowedPayers;
///
/// let list = AllowedPayers::parse(&["0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"])?;
/// let same_wallet_lowercase = PayeeAddress::parse_any("0xab5801a7d398351b8be11c439e05c5b3259aec9b")?;
/// assert!(list.allows(&same_wallet_lowercase));
/// assert!(AllowedPayers::everyone().allows(&same_wallet_lowercase));
/// assert!(AllowedPayers::parse(&["not-an-address"]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct AllowedPayers(Vec<PayeeAddress>);

impl AllowedPayers {
    /// The empty list: every wallet may pay.
    pub const fn everyone() -> AllowedPayers {
        AllowedPayers(Vec::new())
    }

    /// Parses the entries of `allowedPayerAddresses`; the first invalid entry is the error.
    pub fn parse<S: AsRef<str>>(entries: &[S]) -> Result<AllowedPayers, AccessPolicyError> {
        entries
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                let entry = entry.as_ref();
                PayeeAddress::parse_any(entry).map_err(|source| {
                    AccessPolicyError::InvalidPayerAddress {
                        index,
                        entry: entry.to_owned(),
                        source,
                    }
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(AllowedPayers)
    }

    /// A list of already parsed addresses.
    pub fn from_addresses(addresses: Vec<PayeeAddress>) -> AllowedPayers {
        AllowedPayers(addresses)
    }

    /// Whether the list is empty, so that every wallet may pay.
    pub fn is_everyone(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `wallet` may pay (for a smart account, pass its EOA).
    pub fn allows(&self, wallet: &PayeeAddress) -> bool {
        self.is_everyone() || self.0.contains(wallet)
    }

    /// The entries, in the order given.
    pub fn addresses(&self) -> &[PayeeAddress] {
        &self.0
    }
}

impl Serialize for AllowedPayers {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AllowedPayers {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let entries = Vec::<String>::deserialize(deserializer)?;
        AllowedPayers::parse(&entries).map_err(serde::de::Error::custom)
    }
}
