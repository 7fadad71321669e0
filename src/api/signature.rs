//! EIP-712 signatures as the service takes them: `0x` and 65 bytes in hex (`r`, `s`, `v`), the
//! form `eth_signTypedData_v4` returns. Sent to `POST /v2/payouts/recurring/{id}`
//! (`permitSignature`) and `POST /v2/request/payment-intents/{paymentIntentId}` (the Permit2
//! and EIP-2612 signatures).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The length of a signature in bytes: `r` (32), `s` (32), `v` (1).
pub const SIGNATURE_BYTES: usize = 65;

/// Why a text is not a 65-byte signature.
///
/// ```
/// use securepay::api::{Eip712Signature, SignatureError};
///
/// assert_eq!("1b".parse::<Eip712Signature>(), Err(SignatureError::NoPrefix));
/// assert_eq!("0x1b".parse::<Eip712Signature>(), Err(SignatureError::Length { digits: 2 }));
/// assert_eq!(
///     SignatureError::Length { digits: 128 }.to_string(),
///     "a signature is 0x and 130 hex digits (65 bytes: r, s, v), found 128 digits"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SignatureError {
    /// The text does not start with `0x`.
    #[error("a signature starts with 0x")]
    NoPrefix,
    /// Not 130 digits after `0x`.
    #[error("a signature is 0x and 130 hex digits (65 bytes: r, s, v), found {digits} digits")]
    Length {
        /// The characters after `0x`.
        digits: usize,
    },
    /// A character that is not a hex digit.
    #[error("a signature is hex: {character:?} at digit {index} is not a hex digit")]
    NotHex {
        /// The character.
        character: char,
        /// Its index after `0x`, from 0.
        index: usize,
    },
    /// A last byte (`v`) that is not a recovery id: 27 or 28 (`0x1b`, `0x1c`), or 0 or 1.
    #[error("the last byte of a signature (v) is 27 or 28 (or 0 or 1), found {0}")]
    RecoveryId(u8),
}

/// An EIP-712 signature: 65 bytes (`r`, `s`, `v`), written `0x` and 130 hex digits, `v` 27 or
/// 28 (or 0 or 1, as some wallets write it). Read in either case; written in lowercase.
///
/// A compact ERC-2098 signature (64 bytes) is refused: the service's example and the
/// `eth_signTypedData_v4` answer are 65 bytes.
///
/// ```
/// use securepay::api::{Eip712Signature, SignatureError};
///
/// let text = format!("0x{}1b", "1234567890abcdef".repeat(8));
/// let signature: Eip712Signature = text.parse()?;
/// assert_eq!(signature.v(), 27);
/// assert_eq!(signature.to_string(), text);
/// assert_eq!(signature.as_bytes().len(), 65);
/// // The API description's example `permitSignature` is 49 bytes: not a signature.
/// let example = format!("0x{}1b", "1234567890abcdef".repeat(6));
/// assert_eq!(example.parse::<Eip712Signature>(), Err(SignatureError::Length { digits: 98 }));
/// let v = format!("0x{}1d", "12".repeat(64));
/// assert_eq!(v.parse::<Eip712Signature>(), Err(SignatureError::RecoveryId(29)));
/// # Ok::<(), SignatureError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Eip712Signature([u8; SIGNATURE_BYTES]);

impl Eip712Signature {
    /// The 65 bytes, checked: `v` (the last) is 27, 28, 0 or 1.
    ///
    /// ```
    /// use securepay::api::{Eip712Signature, SignatureError};
    ///
    /// let mut bytes = [0x11; 65];
    /// bytes[64] = 28;
    /// assert_eq!(Eip712Signature::from_bytes(bytes)?.v(), 28);
    /// bytes[64] = 2;
    /// assert_eq!(Eip712Signature::from_bytes(bytes), Err(SignatureError::RecoveryId(2)));
    /// # Ok::<(), SignatureError>(())
    /// ```
    pub fn from_bytes(bytes: [u8; SIGNATURE_BYTES]) -> Result<Eip712Signature, SignatureError> {
        let v = bytes[SIGNATURE_BYTES - 1];
        if !matches!(v, 0 | 1 | 27 | 28) {
            return Err(SignatureError::RecoveryId(v));
        }
        Ok(Eip712Signature(bytes))
    }

    /// Reads `0x` and 130 hex digits.
    ///
    /// ```
    /// use securepay::api::{Eip712Signature, SignatureError};
    ///
    /// let bad = format!("0x{}g1b", "12".repeat(63) + "1");
    /// assert_eq!(Eip712Signature::parse(&bad), Err(SignatureError::NotHex { character: 'g', index: 127 }));
    /// ```
    pub fn parse(text: &str) -> Result<Eip712Signature, SignatureError> {
        let digits = text.strip_prefix("0x").ok_or(SignatureError::NoPrefix)?;
        let count = digits.chars().count();
        if let Some((index, character)) = digits
            .chars()
            .enumerate()
            .find(|(_, c)| !c.is_ascii_hexdigit())
        {
            return Err(SignatureError::NotHex { character, index });
        }
        if count != SIGNATURE_BYTES * 2 {
            return Err(SignatureError::Length { digits: count });
        }
        let mut bytes = [0u8; SIGNATURE_BYTES];
        for (byte, pair) in bytes.iter_mut().zip(digits.as_bytes().chunks_exact(2)) {
            let pair =
                std::str::from_utf8(pair).map_err(|_| SignatureError::Length { digits: count })?;
            *byte = u8::from_str_radix(pair, 16)
                .map_err(|_| SignatureError::Length { digits: count })?;
        }
        Eip712Signature::from_bytes(bytes)
    }

    /// The 65 bytes: `r`, `s`, `v`.
    pub fn as_bytes(&self) -> &[u8; SIGNATURE_BYTES] {
        &self.0
    }

    /// `v`, the last byte.
    pub fn v(&self) -> u8 {
        self.0[SIGNATURE_BYTES - 1]
    }
}

impl fmt::Display for Eip712Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0x")?;
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

/// The hex text: a signature is not a secret, and the text is what is compared.
impl fmt::Debug for Eip712Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Eip712Signature({self})")
    }
}

impl FromStr for Eip712Signature {
    type Err = SignatureError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Eip712Signature::parse(text)
    }
}

impl Serialize for Eip712Signature {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Eip712Signature {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| {
            Eip712Signature::parse(text).map_err(|e| e.to_string())
        })
    }
}
