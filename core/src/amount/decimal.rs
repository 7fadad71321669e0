//! Human decimal text ↔ smallest units.

use crate::prelude::*;

use alloy_primitives::U256;

use super::Decimals;

/// The longest human amount text accepted, in bytes.
pub const MAX_AMOUNT_TEXT_LEN: usize = 100;

/// Why a human amount was rejected. Each kind of malformed input has its own variant;
/// positions count characters from 0.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AmountError {
    /// The text is empty.
    #[error("amount is empty")]
    Empty,
    /// The text is longer than [`MAX_AMOUNT_TEXT_LEN`] bytes.
    #[error("amount is {len} bytes long; at most {MAX_AMOUNT_TEXT_LEN} are accepted")]
    TooLong {
        /// The length of the text in bytes.
        len: usize,
    },
    /// The text starts with `-`.
    #[error("amount is negative: amounts are unsigned")]
    Negative,
    /// The text starts with `+`.
    #[error("amount has a '+' sign: write the digits only")]
    PlusSign,
    /// Whitespace before, inside or after the number.
    #[error("amount contains whitespace at position {position}")]
    Whitespace {
        /// Where the whitespace is.
        position: usize,
    },
    /// Scientific notation (`1e6`).
    #[error(
        "amount uses an exponent at position {position}: write all digits (no scientific notation)"
    )]
    Exponent {
        /// Where the `e` or `E` is.
        position: usize,
    },
    /// A `_` digit separator (`1_000`).
    #[error("amount contains a '_' digit separator at position {position}")]
    DigitSeparator {
        /// Where the `_` is.
        position: usize,
    },
    /// A comma (`1,5` or `1,000`): neither decimal commas nor thousands separators are accepted.
    #[error(
        "amount contains a ',' at position {position}: use '.' as the decimal point and no thousands separators"
    )]
    Comma {
        /// Where the `,` is.
        position: usize,
    },
    /// Hexadecimal text (`0x10`): human amounts are decimal.
    #[error("amount is hexadecimal: human amounts are decimal text")]
    Hex,
    /// No digit before the decimal point (`.5`).
    #[error("amount has no digit before the decimal point: write 0.5, not .5")]
    MissingIntegerDigits,
    /// No digit after the decimal point (`5.`).
    #[error("amount has no digit after the decimal point: write 5 or 5.0, not 5.")]
    MissingFractionDigits,
    /// More than one decimal point.
    #[error("amount has a second decimal point at position {position}")]
    SecondDecimalPoint {
        /// Where the second `.` is.
        position: usize,
    },
    /// A leading zero in the integer part (`00.1`, `01`).
    #[error("amount has a leading zero: the integer part is 0 or starts with 1-9")]
    LeadingZero,
    /// A digit from another script (`١`, `５`): only ASCII digits are accepted.
    #[error("amount contains the non-ASCII digit {character:?} at position {position}")]
    NonAsciiDigit {
        /// The digit.
        character: char,
        /// Where it is.
        position: usize,
    },
    /// Any other character.
    #[error("amount contains the invalid character {character:?} at position {position}")]
    InvalidCharacter {
        /// The character.
        character: char,
        /// Where it is.
        position: usize,
    },
    /// More fractional digits than the currency has; amounts are never rounded.
    #[error(
        "amount has {given} fractional digits but the currency has {decimals} decimals (amounts are never rounded)"
    )]
    TooPrecise {
        /// The fractional digits given.
        given: usize,
        /// The decimals of the currency.
        decimals: u8,
    },
    /// The amount in smallest units does not fit in 256 bits.
    #[error("amount exceeds uint256 in smallest units")]
    Overflow,
    /// A payment amount was zero.
    #[error("amount must be greater than 0")]
    Zero,
    /// A number of decimals above [`super::MAX_DECIMALS`].
    #[error("{decimals} decimals is out of range: at most {max} are supported", max = super::MAX_DECIMALS)]
    DecimalsOutOfRange {
        /// The decimals asked for.
        decimals: u8,
    },
}

/// Parses human decimal text into smallest units, exactly.
///
/// The grammar is `^(0|[1-9][0-9]*)(\.[0-9]+)?$`, at most [`MAX_AMOUNT_TEXT_LEN`] bytes, with
/// at most `decimals` fractional digits. Anything else is an [`AmountError`].
///
/// ```
/// use securepay_core::amount::{parse_units, AmountError, Decimals};
/// use alloy_primitives::U256;
///
/// let six = Decimals::new(6)?;
/// assert_eq!(parse_units("1234.5", six)?, U256::from(1_234_500_000u64));
/// assert_eq!(parse_units("1.0000001", six), Err(AmountError::TooPrecise { given: 7, decimals: 6 }));
/// assert_eq!(parse_units("1e6", six), Err(AmountError::Exponent { position: 1 }));
/// # Ok::<(), AmountError>(())
/// ```
pub fn parse_units(text: &str, decimals: Decimals) -> Result<U256, AmountError> {
    let (integer, fraction) = lex(text)?;
    if fraction.len() > usize::from(decimals.get()) {
        return Err(AmountError::TooPrecise {
            given: fraction.len(),
            decimals: decimals.get(),
        });
    }
    // fraction.len() <= decimals <= 77, checked above.
    let padding = usize::from(decimals.get()).saturating_sub(fraction.len());
    // `lex` returned ASCII digits only.
    let digits = integer
        .bytes()
        .chain(fraction.bytes())
        .map(|digit| digit.wrapping_sub(b'0'));
    let width = integer.len().saturating_add(fraction.len());
    if width.saturating_add(padding) <= 38 {
        // The scaled amount has at most 38 digits: all of it in u128, no U256 arithmetic.
        let units = digits.clone().fold(0u128, |n, digit| {
            n.wrapping_mul(10).wrapping_add(u128::from(digit))
        });
        let scaled = u32::try_from(padding)
            .ok()
            .and_then(|padding| 10u128.checked_pow(padding))
            .and_then(|scale| units.checked_mul(scale));
        if let Some(scaled) = scaled {
            return Ok(U256::from(scaled));
        }
    }
    let units = if width <= 38 {
        // Up to 38 digits fit u128 (10^38 - 1 < 2^128): accumulate there, then widen once.
        U256::from(digits.fold(0u128, |n, digit| {
            n.wrapping_mul(10).wrapping_add(u128::from(digit))
        }))
    } else {
        let ten = U256::from(10u8);
        let mut units = U256::ZERO;
        for digit in digits {
            units = units
                .checked_mul(ten)
                .and_then(|u| u.checked_add(U256::from(digit)))
                .ok_or(AmountError::Overflow)?;
        }
        units
    };
    U256::from(10u8)
        .checked_pow(U256::from(padding))
        .and_then(|scale| units.checked_mul(scale))
        .ok_or(AmountError::Overflow)
}

/// Checks `text` against the amount grammar and splits it into its integer and fraction
/// digits (the fraction may be empty). No arithmetic: this is the cheap half of
/// [`parse_units`].
pub(crate) fn lex(text: &str) -> Result<(&str, &str), AmountError> {
    if text.is_empty() {
        return Err(AmountError::Empty);
    }
    if text.len() > MAX_AMOUNT_TEXT_LEN {
        return Err(AmountError::TooLong { len: text.len() });
    }
    if text.starts_with("0x") || text.starts_with("0X") {
        return Err(AmountError::Hex);
    }
    // Digits and at most one point, byte by byte; anything else is read again character by
    // character for the precise error.
    let mut point: Option<usize> = None; // byte offset of the decimal point
    for (offset, byte) in text.bytes().enumerate() {
        match byte {
            b'0'..=b'9' => {}
            b'.' if point.is_none() => point = Some(offset),
            _ => return Err(refusal(text)),
        }
    }
    // From here on the text is ASCII digits with at most one '.', so byte slicing is safe
    // and `split_at` cannot land inside a character.
    let (integer, fraction) = match point {
        Some(offset) => {
            let (integer, rest) = text.split_at(offset);
            (integer, rest.get(1..).unwrap_or_default())
        }
        None => (text, ""),
    };
    if integer.is_empty() {
        return Err(AmountError::MissingIntegerDigits);
    }
    if point.is_some() && fraction.is_empty() {
        return Err(AmountError::MissingFractionDigits);
    }
    if integer.len() > 1 && integer.starts_with('0') {
        return Err(AmountError::LeadingZero);
    }
    Ok((integer, fraction))
}

/// Why `text`, which is not only ASCII digits and one point, is no amount: its first character
/// that may not be where it is.
#[cold]
#[inline(never)]
fn refusal(text: &str) -> AmountError {
    let mut point = false;
    for (position, character) in text.chars().enumerate() {
        match character {
            '0'..='9' => {}
            '.' if !point => point = true,
            '.' => return AmountError::SecondDecimalPoint { position },
            '-' if position == 0 => return AmountError::Negative,
            '+' if position == 0 => return AmountError::PlusSign,
            'e' | 'E' => return AmountError::Exponent { position },
            '_' => return AmountError::DigitSeparator { position },
            ',' => return AmountError::Comma { position },
            c if c.is_whitespace() => return AmountError::Whitespace { position },
            c if c.is_numeric() => {
                return AmountError::NonAsciiDigit {
                    character: c,
                    position,
                };
            }
            c => {
                return AmountError::InvalidCharacter {
                    character: c,
                    position,
                };
            }
        }
    }
    // Not reached: the text has a byte other than a digit or its first point.
    AmountError::InvalidCharacter {
        character: text.chars().next().unwrap_or_default(),
        position: 0,
    }
}

/// Formats smallest units as canonical human decimal text: no exponent, no trailing
/// fractional zeros, `0` for zero.
///
/// ```
/// use securepay_core::amount::{format_units, Decimals};
/// use alloy_primitives::U256;
///
/// let eighteen = Decimals::new(18)?;
/// assert_eq!(format_units(U256::from(1_500_000_000_000_000_000u128), eighteen), "1.5");
/// assert_eq!(format_units(U256::from(1u8), eighteen), "0.000000000000000001");
/// assert_eq!(format_units(U256::ZERO, eighteen), "0");
/// # Ok::<(), securepay_core::amount::AmountError>(())
/// ```
pub fn format_units(units: U256, decimals: Decimals) -> String {
    let digits = units.to_string();
    let scale = usize::from(decimals.get());
    if scale == 0 {
        return digits;
    }
    let padded = if digits.len() <= scale {
        format!(
            "{}{digits}",
            "0".repeat(scale.saturating_sub(digits.len()).saturating_add(1))
        )
    } else {
        digits
    };
    // `padded` has more than `scale` ASCII digits.
    let (integer, fraction) = padded.split_at(padded.len().saturating_sub(scale));
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        integer.to_owned()
    } else {
        format!("{integer}.{fraction}")
    }
}
