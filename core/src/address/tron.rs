//! Tron addresses: Base58Check text, version byte `0x41`, and the 20-byte ABI form.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use alloy_primitives::Address;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

/// The longest Base58 text of 25 bytes: ⌈25 × log(256) / log(58)⌉ = 35 characters.
const MAX_BASE58_LEN: usize = 35;

/// Why text is not a Tron address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TronAddressError {
    /// The text is empty.
    #[error("invalid base58check Tron address: empty text")]
    Empty,
    /// A character is outside the Base58 alphabet.
    #[error(
        "invalid base58check Tron address: {input}: {character:?} at position {position} is not a Base58 character"
    )]
    InvalidCharacter {
        /// The text.
        input: String,
        /// The character.
        character: char,
        /// Its position.
        position: usize,
    },
    /// The text decodes to a number of bytes other than 25 (version, 20-byte body, checksum).
    #[error("invalid base58check Tron address: {input}: decodes to {len} bytes, expected 25")]
    WrongLength {
        /// The text.
        input: String,
        /// The decoded length.
        len: usize,
    },
    /// The 4-byte Base58Check checksum does not match.
    #[error("invalid base58check Tron address: {0}")]
    BadChecksum(String),
    /// The version byte is not `0x41`.
    #[error("not a Tron address: {input} has version byte 0x{version:02x}, expected 0x41")]
    WrongVersion {
        /// The text.
        input: String,
        /// The version byte found.
        version: u8,
    },
    /// Hex text that is not `41` + 40 hex digits (optionally `0x`-prefixed).
    #[error("not a Tron hex address (41 followed by 40 hex digits): {0:?}")]
    InvalidHex(String),
    /// Longer than any Base58 text of 25 bytes (35 characters): refused before decoding, so
    /// that a long text costs nothing (Base58 decoding is quadratic in its length).
    #[error("invalid base58check Tron address: {length} characters, a Tron address has 34")]
    TooLong {
        /// The number of bytes of the text.
        length: usize,
    },
}

/// A Tron account or contract address.
///
/// Stored as its 20-byte body (the bytes an ABI `address` argument carries); the version byte
/// is always `0x41`. `Display`, `Debug` and serde write Base58Check.
///
/// ```
/// use securepay_core::address::TronAddress;
///
/// let usdt: TronAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
/// assert_eq!(usdt.to_hex(), "41a614f803b6fd780986a42c78ec9c7f77e6ded13c");
/// assert_eq!(usdt.abi().to_string().to_lowercase(), "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c");
/// assert_eq!(TronAddress::from_hex("41a614f803b6fd780986a42c78ec9c7f77e6ded13c")?, usdt);
/// # Ok::<(), securepay_core::address::TronAddressError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TronAddress(Address);

impl TronAddress {
    /// The version byte of Tron mainnet addresses.
    pub const VERSION: u8 = 0x41;

    /// The address whose 20-byte body is `abi` (as found in ABI-encoded calldata).
    pub const fn from_abi(abi: Address) -> TronAddress {
        TronAddress(abi)
    }

    /// The 20-byte body, as an ABI `address`.
    pub const fn abi(&self) -> Address {
        self.0
    }

    /// Parses Base58Check text (`T…`).
    pub fn parse(text: &str) -> Result<TronAddress, TronAddressError> {
        if text.is_empty() {
            return Err(TronAddressError::Empty);
        }
        if text.len() > MAX_BASE58_LEN {
            return Err(TronAddressError::TooLong { length: text.len() });
        }
        let decoded = bs58::decode(text).into_vec().map_err(|error| {
            let byte_index = match error {
                bs58::decode::Error::InvalidCharacter { index, .. }
                | bs58::decode::Error::NonAsciiCharacter { index } => index,
                _ => 0,
            };
            let position = text.get(..byte_index).map_or(0, |p| p.chars().count());
            TronAddressError::InvalidCharacter {
                input: text.to_owned(),
                character: text.chars().nth(position).unwrap_or_default(),
                position,
            }
        })?;
        let Ok(bytes) = <[u8; 25]>::try_from(decoded.as_slice()) else {
            return Err(TronAddressError::WrongLength {
                input: text.to_owned(),
                len: decoded.len(),
            });
        };
        let (payload, checksum) = bytes.split_at(21);
        if checksum_of(payload) != checksum {
            return Err(TronAddressError::BadChecksum(text.to_owned()));
        }
        let (version, body) = payload.split_at(1);
        if version != [TronAddress::VERSION] {
            return Err(TronAddressError::WrongVersion {
                input: text.to_owned(),
                version: version.first().copied().unwrap_or_default(),
            });
        }
        Ok(TronAddress(Address::from_slice(body)))
    }

    /// Parses the hex form: `41` followed by the 20-byte body in hex (42 digits), with or
    /// without a `0x` prefix.
    pub fn from_hex(text: &str) -> Result<TronAddress, TronAddressError> {
        let invalid = || TronAddressError::InvalidHex(text.to_owned());
        let digits = text.strip_prefix("0x").unwrap_or(text);
        let body = digits.strip_prefix("41").ok_or_else(invalid)?;
        if body.len() != 40 {
            return Err(invalid());
        }
        let mut bytes = [0u8; 20];
        alloy_primitives::hex::decode_to_slice(body, &mut bytes).map_err(|_| invalid())?;
        Ok(TronAddress(Address::from(bytes)))
    }

    /// The Base58Check text.
    pub fn to_base58(&self) -> String {
        let mut bytes = Vec::with_capacity(25);
        bytes.push(TronAddress::VERSION);
        bytes.extend_from_slice(self.0.as_slice());
        let checksum = checksum_of(&bytes);
        bytes.extend_from_slice(&checksum);
        bs58::encode(bytes).into_string()
    }

    /// The hex form: `41` followed by the body, lowercase, no `0x`.
    pub fn to_hex(&self) -> String {
        format!("41{}", alloy_primitives::hex::encode(self.0))
    }
}

/// The first four bytes of SHA-256(SHA-256(payload)).
fn checksum_of(payload: &[u8]) -> [u8; 4] {
    let digest = Sha256::digest(Sha256::digest(payload));
    let mut checksum = [0u8; 4];
    checksum.copy_from_slice(digest.get(..4).unwrap_or(&[0; 4]));
    checksum
}

impl FromStr for TronAddress {
    type Err = TronAddressError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TronAddress::parse(s)
    }
}

impl fmt::Display for TronAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_base58())
    }
}

impl fmt::Debug for TronAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TronAddress({self})")
    }
}

impl Serialize for TronAddress {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_base58())
    }
}

impl<'de> Deserialize<'de> for TronAddress {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, TronAddress::parse)
    }
}
