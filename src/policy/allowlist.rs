//! `accessPolicy.allowedPayerAddresses`: the payer wallets allowed to pay, parsed at creation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::AccessPolicyError;
use crate::address::ChainAddress;

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
/// use securepay::address::ChainAddress;
/// use securepay::policy::AllowedPayers;
///
/// let list = AllowedPayers::parse(&["0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"])?;
/// let same_wallet_lowercase = ChainAddress::parse_any("0xab5801a7d398351b8be11c439e05c5b3259aec9b")?;
/// assert!(list.allows(&same_wallet_lowercase));
/// assert!(AllowedPayers::everyone().allows(&same_wallet_lowercase));
/// assert!(AllowedPayers::parse(&["not-an-address"]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct AllowedPayers(Vec<ChainAddress>);

impl AllowedPayers {
    /// The empty list: every wallet may pay.
    ///
    /// ```
    /// use securepay::policy::AllowedPayers;
    ///
    /// let everyone = AllowedPayers::everyone();
    /// assert!(everyone.is_everyone());
    /// assert!(everyone.allows(&"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?));
    /// assert_eq!(everyone, AllowedPayers::parse::<&str>(&[])?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn everyone() -> AllowedPayers {
        AllowedPayers(Vec::new())
    }

    /// Parses the entries of `allowedPayerAddresses`; the first invalid entry is the error.
    ///
    /// ```
    /// use securepay::policy::{AccessPolicyError, AllowedPayers};
    ///
    /// let list = AllowedPayers::parse(&["0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"])?;
    /// assert_eq!(list.addresses().len(), 2);
    /// // A mixed-case EVM entry must be exact EIP-55 (here one letter's case is flipped).
    /// let typo = AllowedPayers::parse(&["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7d7"]);
    /// assert!(matches!(typo, Err(AccessPolicyError::InvalidPayerAddress { index: 1, .. })));
    /// # Ok::<(), AccessPolicyError>(())
    /// ```
    pub fn parse<S: AsRef<str>>(entries: &[S]) -> Result<AllowedPayers, AccessPolicyError> {
        entries
            .iter()
            .enumerate()
            .map(|(index, entry)| {
                let entry = entry.as_ref();
                ChainAddress::parse_any(entry).map_err(|source| {
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
    ///
    /// ```
    /// use securepay::address::ChainAddress;
    /// use securepay::policy::AllowedPayers;
    ///
    /// let eoa = ChainAddress::parse_any("0x2222222222222222222222222222222222222222")?;
    /// let list = AllowedPayers::from_addresses(vec![eoa]);
    /// assert!(list.allows(&eoa));
    /// assert!(!list.allows(&ChainAddress::parse_any("0x1111111111111111111111111111111111111111")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_addresses(addresses: Vec<ChainAddress>) -> AllowedPayers {
        AllowedPayers(addresses)
    }

    /// Whether the list is empty, so that every wallet may pay.
    ///
    /// ```
    /// use securepay::policy::AllowedPayers;
    ///
    /// assert!(AllowedPayers::default().is_everyone());
    /// assert!(!AllowedPayers::parse(&["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"])?.is_everyone());
    /// # Ok::<(), securepay::policy::AccessPolicyError>(())
    /// ```
    pub fn is_everyone(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `wallet` may pay (for a smart account, pass its EOA).
    ///
    /// ```
    /// use securepay::address::ChainAddress;
    /// use securepay::policy::AllowedPayers;
    ///
    /// let list = AllowedPayers::parse(&["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"])?;
    /// assert!(list.allows(&ChainAddress::parse_any("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?));
    /// // The same 20 bytes as an EVM address are another wallet.
    /// let evm_twin = ChainAddress::parse_any("0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C")?;
    /// assert!(!list.allows(&evm_twin));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn allows(&self, wallet: &ChainAddress) -> bool {
        self.is_everyone() || self.0.contains(wallet)
    }

    /// The entries, in the order given.
    ///
    /// ```
    /// use securepay::policy::AllowedPayers;
    ///
    /// let list = AllowedPayers::parse(&["0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7"])?;
    /// // Entries are kept in canonical form (EIP-55).
    /// assert_eq!(list.addresses()[0].to_string(), "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
    /// # Ok::<(), securepay::policy::AccessPolicyError>(())
    /// ```
    pub fn addresses(&self) -> &[ChainAddress] {
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
