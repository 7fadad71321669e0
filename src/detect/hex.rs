//! Strict readers of the hex text of Ethereum's JSON-RPC: quantities (`0x1b4`), fixed-size
//! data (addresses, hashes, topics) and byte strings (`data`).
//!
//! The encoding rules are the JSON-RPC specification's ("Hex value encoding",
//! ethereum.org/developers/docs/apis/json-rpc): a quantity is `0x` and its most compact hex
//! form (`0x0` for zero, no leading zero); unformatted data is `0x` and two hex digits per
//! byte. Hex digits may be of either case (the case of a hash or quantity carries no meaning);
//! addresses follow the crate's EIP-55 rule instead (see [`EvmAddress`](crate::address::EvmAddress)).

use std::fmt;

use alloy_primitives::{Address, B256, Bytes};

use crate::address::EvmAddress;

/// Why hex text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum HexError {
    /// No `0x` prefix.
    NoPrefix,
    /// A quantity with no digit (`0x`).
    Empty,
    /// A quantity with a leading zero (`0x01`).
    LeadingZero,
    /// A quantity above the largest value read (`u64`).
    TooLarge,
    /// A character that is not a hex digit.
    NotHex,
    /// Fixed-size data of the wrong length.
    WrongLength {
        /// The number of bytes wanted.
        expected: usize,
    },
    /// An odd number of digits in data.
    OddLength,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::NoPrefix => f.write_str("hex text starts with 0x"),
            HexError::Empty => f.write_str("a quantity has at least one digit (0x0 is zero)"),
            HexError::LeadingZero => {
                f.write_str("a quantity has no leading zero (JSON-RPC quantity encoding)")
            }
            HexError::TooLarge => f.write_str("the quantity is above 2^64-1"),
            HexError::NotHex => f.write_str("a character is not a hex digit"),
            HexError::WrongLength { expected } => {
                write!(
                    f,
                    "expected {expected} bytes (0x and {} hex digits)",
                    expected.saturating_mul(2)
                )
            }
            HexError::OddLength => f.write_str("data has an odd number of hex digits"),
        }
    }
}

fn digits(text: &str) -> Result<&str, HexError> {
    text.strip_prefix("0x").ok_or(HexError::NoPrefix)
}

/// A JSON-RPC quantity that fits in a `u64`.
pub(super) fn quantity(text: &str) -> Result<u64, HexError> {
    let digits = digits(text)?;
    match digits.as_bytes() {
        [] => return Err(HexError::Empty),
        [b'0', _, ..] => return Err(HexError::LeadingZero),
        _ => {}
    }
    // `from_str_radix` alone would take a leading `+`.
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(HexError::NotHex);
    }
    if digits.len() > 16 {
        return Err(HexError::TooLarge);
    }
    u64::from_str_radix(digits, 16).map_err(|_| HexError::NotHex)
}

/// `N` bytes of unformatted data: `0x` and exactly `2N` hex digits.
pub(super) fn fixed<const N: usize>(text: &str) -> Result<[u8; N], HexError> {
    let digits = digits(text)?;
    if digits.len() != N.saturating_mul(2) {
        return Err(HexError::WrongLength { expected: N });
    }
    let mut bytes = [0u8; N];
    alloy_primitives::hex::decode_to_slice(digits, &mut bytes).map_err(|_| HexError::NotHex)?;
    Ok(bytes)
}

/// A 32-byte hash or topic.
pub(super) fn word(text: &str) -> Result<B256, HexError> {
    fixed::<32>(text).map(B256::from)
}

/// Unformatted data of any length.
pub(super) fn data(text: &str) -> Result<Bytes, HexError> {
    let digits = digits(text)?;
    if digits.len() % 2 != 0 {
        return Err(HexError::OddLength);
    }
    let mut bytes = vec![0u8; digits.len() / 2];
    alloy_primitives::hex::decode_to_slice(digits, &mut bytes).map_err(|_| HexError::NotHex)?;
    Ok(Bytes::from(bytes))
}

/// An EVM address: `0x` and 40 hex digits, all-lowercase, all-uppercase or exact EIP-55.
pub(super) fn address(text: &str) -> Result<Address, String> {
    EvmAddress::parse(text)
        .map(EvmAddress::into_inner)
        .map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_follow_the_json_rpc_encoding() {
        assert_eq!(quantity("0x0"), Ok(0));
        assert_eq!(quantity("0x41"), Ok(65));
        assert_eq!(quantity("0x400"), Ok(1024));
        assert_eq!(quantity("0xFFFFFFFFFFFFFFFF"), Ok(u64::MAX));
        assert_eq!(quantity("0x"), Err(HexError::Empty));
        assert_eq!(quantity("0x0400"), Err(HexError::LeadingZero));
        assert_eq!(quantity("0x00"), Err(HexError::LeadingZero));
        assert_eq!(quantity("ff"), Err(HexError::NoPrefix));
        assert_eq!(quantity("0x+f"), Err(HexError::NotHex));
        assert_eq!(quantity("0x1ffffffffffffffff"), Err(HexError::TooLarge));
        assert_eq!(quantity("0x1fffffffffffffffz"), Err(HexError::NotHex));
    }

    #[test]
    fn data_is_whole_bytes_of_hex() {
        assert_eq!(data("0x").unwrap().len(), 0);
        assert_eq!(data("0x0aFf").unwrap().as_ref(), [0x0a, 0xff]);
        assert_eq!(data("0x0"), Err(HexError::OddLength));
        assert_eq!(data("0x0x"), Err(HexError::NotHex));
        assert_eq!(
            fixed::<2>("0x0a"),
            Err(HexError::WrongLength { expected: 2 })
        );
        assert!(word(&format!("0x{}", "ab".repeat(32))).is_ok());
    }
}
