//! Integer text in smallest units: `"1000000"` or `"0x0f4240"`.

use crate::prelude::*;

use alloy_primitives::U256;

/// Why integer text in smallest units was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UintError {
    /// Not decimal digits (no sign, no leading zero) nor `0x` followed by hex digits.
    #[error("not a uint (decimal or 0x-hex string): {0:?}")]
    Invalid(String),
    /// The value does not fit in 256 bits.
    #[error("exceeds uint256")]
    Overflow,
}

/// Parses an unsigned 256-bit integer written in decimal (`0` or `[1-9][0-9]*`) or in
/// hexadecimal with a `0x` prefix (`0x` followed by at least one hex digit).
///
/// This is for amounts already in smallest units (ABI arguments, transaction `value`).
/// Human amounts such as `"10.50"` go through [`parse_units`](super::parse_units).
///
/// ```
/// use securepay_core::amount::{parse_uint, UintError};
/// use alloy_primitives::U256;
///
/// assert_eq!(parse_uint("200000000000000000")?, U256::from(200_000_000_000_000_000u64));
/// assert_eq!(parse_uint("0x02c68af0bb140000")?, U256::from(200_000_000_000_000_000u64));
/// assert!(matches!(parse_uint("-1"), Err(UintError::Invalid(_))));
/// # Ok::<(), UintError>(())
/// ```
pub fn parse_uint(text: &str) -> Result<U256, UintError> {
    let invalid = || UintError::Invalid(text.to_owned());
    let (digits, radix) = match text.strip_prefix("0x") {
        Some(hex) => {
            if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(invalid());
            }
            (hex, 16u64)
        }
        None => {
            let canonical = text == "0"
                || text
                    .as_bytes()
                    .first()
                    .is_some_and(|b| (b'1'..=b'9').contains(b));
            if !canonical || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(invalid());
            }
            (text, 10u64)
        }
    };
    // Up to 19 decimal or 16 hex digits fit in a u64: one native parse.
    let fits_u64 = digits.len() <= if radix == 10 { 19 } else { 16 };
    if fits_u64 {
        return u64::from_str_radix(digits, radix as u32)
            .map(U256::from)
            .map_err(|_| invalid());
    }
    let radix_u256 = U256::from(radix);
    let mut value = U256::ZERO;
    for byte in digits.bytes() {
        let digit = char::from(byte).to_digit(16).ok_or_else(invalid)?;
        value = value
            .checked_mul(radix_u256)
            .and_then(|v| v.checked_add(U256::from(digit)))
            .ok_or(UintError::Overflow)?;
    }
    Ok(value)
}
