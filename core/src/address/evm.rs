//! EVM addresses: `0x` + 40 hex digits, all-lowercase, all-uppercase or exact EIP-55.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use alloy_primitives::Address;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why text is not an EVM address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EvmAddressError {
    /// The text does not start with `0x`.
    #[error("not an EVM address: missing 0x prefix: {0:?}")]
    MissingPrefix(String),
    /// The text after `0x` is not 40 characters long.
    #[error("not an EVM address: expected 40 hex digits after 0x, found {len}: {input:?}")]
    WrongLength {
        /// The text.
        input: String,
        /// The number of characters after `0x`.
        len: usize,
    },
    /// A character after `0x` is not a hex digit.
    #[error(
        "not an EVM address: {character:?} at position {position} is not a hex digit: {input:?}"
    )]
    InvalidCharacter {
        /// The text.
        input: String,
        /// The character.
        character: char,
        /// Its position in the text (counting the `0x`).
        position: usize,
    },
    /// Mixed-case text whose case does not match the EIP-55 checksum.
    #[error("bad EIP-55 checksum: {0}")]
    BadChecksum(String),
}

/// An EVM account or contract address.
///
/// Parsing accepts `0x` followed by 40 hex digits that are all lowercase or all uppercase
/// (unchecksummed), or mixed case that is exactly the EIP-55 checksum; mixed case with a
/// wrong checksum is rejected, because it is how typos are caught. `Display`, `Debug` and
/// serde write the EIP-55 form.
///
/// ```
/// use securepay_core::address::EvmAddress;
///
/// let a: EvmAddress = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed".parse()?;
/// assert_eq!(a.to_string(), "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
/// assert!("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD".parse::<EvmAddress>().is_err());
/// # Ok::<(), securepay_core::address::EvmAddressError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct EvmAddress(Address);

impl EvmAddress {
    /// The zero address.
    pub const ZERO: EvmAddress = EvmAddress(Address::ZERO);

    /// Wraps 20 bytes.
    pub const fn new(address: Address) -> EvmAddress {
        EvmAddress(address)
    }

    /// Parses text with the rules above.
    pub fn parse(text: &str) -> Result<EvmAddress, EvmAddressError> {
        let Some(body) = text.strip_prefix("0x") else {
            return Err(EvmAddressError::MissingPrefix(text.to_owned()));
        };
        let mut bytes = [0u8; 20];
        // One pass when the text is right; the scans below only say what is wrong.
        if body.len() != 40 || alloy_primitives::hex::decode_to_slice(body, &mut bytes).is_err() {
            return Err(Self::why_not(text, body));
        }
        let address = Address::from(bytes);
        let has_lower = body.bytes().any(|b| b.is_ascii_lowercase());
        let has_upper = body.bytes().any(|b| b.is_ascii_uppercase());
        if has_lower && has_upper && super::checksum::checksummed(&address) != text.as_bytes() {
            return Err(EvmAddressError::BadChecksum(text.to_owned()));
        }
        Ok(EvmAddress(address))
    }

    /// Why `body` (the text after `0x`) is not 40 hex digits.
    fn why_not(text: &str, body: &str) -> EvmAddressError {
        if let Some((index, character)) = body
            .chars()
            .enumerate()
            .find(|(_, c)| !c.is_ascii_hexdigit())
        {
            return EvmAddressError::InvalidCharacter {
                input: text.to_owned(),
                character,
                position: index.saturating_add(2), // after the 0x
            };
        }
        EvmAddressError::WrongLength {
            input: text.to_owned(),
            len: body.chars().count(),
        }
    }

    /// The 20 bytes.
    pub const fn into_inner(self) -> Address {
        self.0
    }

    /// The 20 bytes, by reference.
    pub const fn as_address(&self) -> &Address {
        &self.0
    }

    /// Whether this is the zero address.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// The EIP-55 mixed-case form.
    pub fn to_checksum(&self) -> String {
        super::checksum::with_checksum(&self.0, str::to_owned)
    }
}

impl From<Address> for EvmAddress {
    fn from(address: Address) -> Self {
        EvmAddress(address)
    }
}

impl From<EvmAddress> for Address {
    fn from(address: EvmAddress) -> Self {
        address.0
    }
}

impl FromStr for EvmAddress {
    type Err = EvmAddressError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        EvmAddress::parse(s)
    }
}

impl fmt::Display for EvmAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::checksum::with_checksum(&self.0, |text| f.pad(text))
    }
}

impl fmt::Debug for EvmAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EvmAddress({self})")
    }
}

impl Serialize for EvmAddress {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        super::checksum::with_checksum(&self.0, |text| serializer.serialize_str(text))
    }
}

impl<'de> Deserialize<'de> for EvmAddress {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, EvmAddress::parse)
    }
}
