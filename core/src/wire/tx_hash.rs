//! Transaction hashes: the key that makes applying a payment idempotent.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use alloy_primitives::B256;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why text is not a transaction hash.
///
/// ```
/// use securepay_core::wire::{TxHash, TxHashError};
///
/// assert_eq!(TxHash::parse(""), Err(TxHashError::Empty));
/// assert!(matches!(TxHash::parse("0x12zz"), Err(TxHashError::NotHex { character: 'z', .. })));
/// assert!(matches!(TxHash::parse("0x1234"), Err(TxHashError::WrongLength { digits: 4, .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TxHashError {
    /// The text is empty.
    #[error("transaction hash is empty")]
    Empty,
    /// Not 64 hex digits after the optional `0x`.
    #[error(
        "transaction hash {text:?} has {digits} characters after the prefix; a hash is 64 hex digits"
    )]
    WrongLength {
        /// The text.
        text: String,
        /// The characters after the optional `0x`.
        digits: usize,
    },
    /// A character that is not a hex digit.
    #[error("transaction hash {text:?} contains {character:?}, which is not a hex digit")]
    NotHex {
        /// The text.
        text: String,
        /// The character.
        character: char,
    },
}

/// A 32-byte transaction hash.
///
/// Accepted as `0x` followed by 64 hex digits (EVM) or 64 bare hex digits (Tron transaction
/// ids), in either case: hex case carries no meaning for a hash, and the same transaction must
/// be recognised however it was written. `Display` writes `0x` and lowercase.
///
/// ```
/// use securepay_core::wire::TxHash;
///
/// let upper: TxHash = "0xABCDEF1234567890ABCDEF1234567890ABCDEF1234567890ABCDEF1234567890".parse()?;
/// let bare: TxHash = "abcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890".parse()?;
/// assert_eq!(upper, bare);
/// assert_eq!(upper.to_string(), "0xabcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890");
/// assert!("0x1234".parse::<TxHash>().is_err());
/// # Ok::<(), securepay_core::wire::TxHashError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TxHash(B256);

impl TxHash {
    /// Parses a hash.
    ///
    /// ```
    /// use securepay_core::wire::TxHash;
    ///
    /// // A Tron transaction id: 64 hex digits without 0x.
    /// let tron = TxHash::parse("6c42a6a1b4f0c5bc0d1e3e7a8f9b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d")?;
    /// assert_eq!(tron.to_string(), "0x6c42a6a1b4f0c5bc0d1e3e7a8f9b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d");
    /// # Ok::<(), securepay_core::wire::TxHashError>(())
    /// ```
    pub fn parse(text: &str) -> Result<TxHash, TxHashError> {
        if text.is_empty() {
            return Err(TxHashError::Empty);
        }
        let digits = text
            .strip_prefix("0x")
            .or_else(|| text.strip_prefix("0X"))
            .unwrap_or(text);
        if let Some(character) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
            return Err(TxHashError::NotHex {
                text: text.to_owned(),
                character,
            });
        }
        if digits.len() != 64 {
            return Err(TxHashError::WrongLength {
                text: text.to_owned(),
                digits: digits.len(),
            });
        }
        let mut bytes = [0u8; 32];
        // Only 64 hex digits reach here, so decoding cannot fail.
        alloy_primitives::hex::decode_to_slice(digits, &mut bytes).map_err(|_| {
            TxHashError::WrongLength {
                text: text.to_owned(),
                digits: digits.len(),
            }
        })?;
        Ok(TxHash(B256::from(bytes)))
    }

    /// The 32 bytes.
    ///
    /// ```
    /// use alloy_primitives::B256;
    /// use securepay_core::wire::TxHash;
    ///
    /// let hash = TxHash::parse("0x1111111111111111111111111111111111111111111111111111111111111111")?;
    /// assert_eq!(hash.bytes(), B256::repeat_byte(0x11));
    /// # Ok::<(), securepay_core::wire::TxHashError>(())
    /// ```
    pub const fn bytes(&self) -> B256 {
        self.0
    }
}

impl From<B256> for TxHash {
    /// The hash of these 32 bytes.
    ///
    /// ```
    /// use alloy_primitives::B256;
    /// use securepay_core::wire::TxHash;
    ///
    /// assert_eq!(TxHash::from(B256::repeat_byte(0x11)).bytes(), B256::repeat_byte(0x11));
    /// ```
    fn from(bytes: B256) -> TxHash {
        TxHash(bytes)
    }
}

impl fmt::Display for TxHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}", self.0)
    }
}

impl FromStr for TxHash {
    type Err = TxHashError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        TxHash::parse(text)
    }
}

impl Serialize for TxHash {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The 66 characters written on the stack: a settlement writes one per log.
        let mut text = [b'0'; 66];
        if let Some(digits) = text.get_mut(2..) {
            // 32 bytes fill 64 digits exactly: the encoding cannot fail.
            let _ = alloy_primitives::hex::encode_to_slice(self.0, digits);
        }
        if let Some(x) = text.get_mut(1) {
            *x = b'x';
        }
        match core::str::from_utf8(&text) {
            Ok(text) => serializer.serialize_str(text),
            Err(_) => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for TxHash {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, TxHash::parse)
    }
}

#[cfg(test)]
mod tests {
    use super::TxHash;
    use crate::prelude::*;

    /// The hash written on the stack is its `Display`, quoted, for every byte value.
    #[test]
    fn serialized_as_its_display() {
        for byte in [0x00, 0x0f, 0xa5, 0xff] {
            let mut bytes = [byte; 32];
            bytes[0] = 0x1f;
            bytes[31] = 0xe0;
            let hash = TxHash::from(alloy_primitives::B256::from(bytes));
            assert_eq!(serde_json::to_string(&hash).unwrap(), format!("\"{hash}\""));
            assert_eq!(hash.to_string().len(), 66);
        }
    }
}
