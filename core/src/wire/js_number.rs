//! Bare JSON numbers as a JavaScript wallet reads them.
//!
//! `JSON.parse` reads every JSON number as a Number, an IEEE 754 binary64 double (ECMA-262,
//! "The Number Type"; "StringToNumber" rounds a decimal of at most 20 significant digits to the
//! nearest double, ties to even). A double holds every integer only up to
//! `Number.MAX_SAFE_INTEGER`, 2^53 - 1 (ECMA-262 `Number.MAX_SAFE_INTEGER`,
//! `Number.isSafeInteger`; MDN, "Number.MAX_SAFE_INTEGER"). Above it a wallet holds a
//! double that many integers round to, and signs that double's integer.

use core::fmt;

/// `Number.MAX_SAFE_INTEGER`: 2^53 - 1, the largest integer `n` such that `n` and `n + 1` are
/// both doubles (ECMA-262 `Number.MAX_SAFE_INTEGER`).
pub(crate) const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// A bare JSON number, read exactly here, that a JavaScript wallet does not read as one safe
/// integer: its magnitude is above `Number.MAX_SAFE_INTEGER` (2^53 - 1 =
/// 9,007,199,254,740,991).
///
/// The rule is `Number.isSafeInteger` (ECMA-262): an integer is read only when no other
/// integer reads as the same double. It refuses more than "the double is the very integer
/// written": 2^60 or 10^18 are exact doubles, yet refused, because
///
/// - above 2^53 a double stands for every integer that rounds to it, so nothing a wallet does
///   with the number it holds (a check of its own, a sum, a comparison) can tell whether it is
///   the integer the server meant: the reading is exact only by luck of the digits;
/// - wallets do not agree on what to do with such a number: ethers v5 (`BigNumber.from`) and
///   v6 (`getBigInt`) throw "overflow" above 2^53 - 1, and ox (`Hex.fromNumber`) throws
///   outside the safe range, while `BigInt(number)` takes the double; one bound every wallet
///   reads the same way is the one they check;
/// - the service writes bare numbers only for small values (`"value": 0` of an approval); a
///   native amount comes as a decimal string, `0x` hex or a `BigNumber`, which every reader
///   reads exactly and which stay accepted at any size.
///
/// The decision is made on integers: a double is not built to decide it.
///
/// ```
/// use securepay_core::transaction::{Transaction, TransactionError, UnsafeJsonNumber};
///
/// let to = "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687";
/// let tx = format!(r#"{{"to": "{to}", "data": "0x", "value": 9007199254740993}}"#);
/// let error = serde_json::from_str::<Transaction>(&tx).unwrap_err();
/// assert!(error.to_string().starts_with(
///     "value: the JSON number 9007199254740993 is above Number.MAX_SAFE_INTEGER (2^53 - 1): \
///      a JavaScript wallet reads it as 9007199254740992, 1 less"), "{error}");
///
/// let error = Transaction::from_parts(to, "0x", &serde_json::json!(1u64 << 60)).unwrap_err();
/// let TransactionError::UnsafeNumber(unsafe_number) = &error else { panic!("{error:?}") };
/// assert_eq!((unsafe_number.number, unsafe_number.read_as), (1 << 60, 1 << 60));
/// assert!(error.to_string().ends_with("reads it as 1152921504606846976, where doubles skip integers (1152921504606846977 is none)"), "{error}");
///
/// // The largest safe integer is read, and any size as text.
/// assert!(Transaction::from_parts(to, "0x", &serde_json::json!(9007199254740991u64)).is_ok());
/// assert!(Transaction::from_parts(to, "0x", &serde_json::json!("9007199254740993")).is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub struct UnsafeJsonNumber {
    /// The number as written: JSON writes an integer one way only (no `+`, no leading zero),
    /// so this is its text.
    pub number: i128,
    /// The integer of the double `JSON.parse` reads for it (IEEE 754 round to nearest, ties to
    /// even).
    pub read_as: i128,
}

impl fmt::Display for UnsafeJsonNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the JSON number {} is above Number.MAX_SAFE_INTEGER (2^53 - 1): a JavaScript wallet reads it as {}",
            self.number, self.read_as
        )?;
        match self.read_as.checked_sub(self.number) {
            // Exact, but from 2^53 on the doubles are even: the next integer is none of them.
            Some(0) => match self.number.checked_add(1) {
                Some(next) => write!(f, ", where doubles skip integers ({next} is none)"),
                None => Ok(()),
            },
            Some(more) if more > 0 => write!(f, ", {more} more"),
            Some(less) => write!(f, ", {} less", less.unsigned_abs()),
            None => Ok(()),
        }
    }
}

impl UnsafeJsonNumber {
    /// `n` if a JavaScript wallet reads it as `n` and as no other integer (`Number.isSafeInteger`).
    pub(crate) fn check_u64(n: u64) -> Result<u64, UnsafeJsonNumber> {
        match n <= MAX_SAFE_INTEGER {
            true => Ok(n),
            false => Err(UnsafeJsonNumber {
                number: i128::from(n),
                read_as: read_as(n),
            }),
        }
    }

    /// `n` if a JavaScript wallet reads it as `n` and as no other integer (either sign).
    pub(crate) fn check_i64(n: i64) -> Result<i64, UnsafeJsonNumber> {
        let magnitude = n.unsigned_abs();
        match magnitude <= MAX_SAFE_INTEGER {
            true => Ok(n),
            false => {
                // A double's sign is a bit of its own: -n reads as -(what n reads as).
                let read = read_as(magnitude);
                Err(UnsafeJsonNumber {
                    number: i128::from(n),
                    // At most 2^63 in magnitude: the negation does not wrap.
                    read_as: if n < 0 { read.wrapping_neg() } else { read },
                })
            }
        }
    }
}

/// The integer of the double nearest `n` (IEEE 754 roundTiesToEven, what ECMA-262
/// `StringToNumber` gives for a decimal of at most 20 digits: every `u64`), computed on
/// integers. A double holds 53 significant bits: `n` keeps its top 53 bits, and the rest
/// rounds to the nearest, a tie to the even one. 2^64 - 1 reads as 2^64, hence `i128`.
fn read_as(n: u64) -> i128 {
    // The bits below the top 53: `n` has ilog2(n) + 1 bits.
    let Some(dropped) = n
        .checked_ilog2()
        .and_then(|log| log.checked_sub(52))
        .filter(|d| *d > 0)
    else {
        return i128::from(n);
    };
    // `dropped` is 1 to 11: no shift or sum below wraps.
    let kept = n.wrapping_shr(dropped);
    let rest = n & 1u64.wrapping_shl(dropped).wrapping_sub(1);
    let half = 1u64.wrapping_shl(dropped.wrapping_sub(1));
    let up = rest > half || (rest == half && kept & 1 == 1);
    i128::from(kept)
        .wrapping_add(i128::from(up))
        .wrapping_shl(dropped)
}

#[cfg(test)]
mod tests {
    use super::{MAX_SAFE_INTEGER, UnsafeJsonNumber, read_as};
    use crate::prelude::*;

    /// The integer reading against the float one (`as f64` rounds to nearest, ties to even).
    #[test]
    fn the_integer_reading_is_the_double_of_the_number() {
        let mut cases = vec![0, 1, MAX_SAFE_INTEGER, u64::MAX, u64::MAX - 1, 1 << 63];
        for shift in 53..64 {
            let base = 1u64 << shift;
            let ulp = 1u64 << (shift - 52);
            for offset in [
                0,
                1,
                2,
                3,
                ulp / 2,
                ulp / 2 + 1,
                ulp - 1,
                ulp,
                ulp + ulp / 2,
            ] {
                cases.extend([base + offset, base - offset, base + 3 * ulp + offset]);
            }
        }
        // A spread of values: a multiplicative walk over the whole range.
        let mut n = 1u64;
        for _ in 0..100_000 {
            cases.push(n);
            n = n
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
        }
        for n in cases {
            assert_eq!(read_as(n), n as f64 as i128, "{n}");
        }
    }

    #[test]
    fn safe_integers_pass_and_the_rest_say_what_a_wallet_reads() {
        assert_eq!(
            UnsafeJsonNumber::check_u64(MAX_SAFE_INTEGER),
            Ok(MAX_SAFE_INTEGER)
        );
        assert_eq!(
            UnsafeJsonNumber::check_i64(-(MAX_SAFE_INTEGER as i64)),
            Ok(-(MAX_SAFE_INTEGER as i64))
        );
        let error = UnsafeJsonNumber::check_u64(MAX_SAFE_INTEGER + 1).unwrap_err();
        assert_eq!((error.number, error.read_as), (1 << 53, 1 << 53));
        assert!(
            error
                .to_string()
                .ends_with("reads it as 9007199254740992, where doubles skip integers (9007199254740993 is none)"),
            "{error}"
        );
        // 2^53 + 2 is a double no other integer reads as; 2^53 + 3 is still not one.
        let error = UnsafeJsonNumber::check_u64(MAX_SAFE_INTEGER + 3).unwrap_err();
        assert_eq!(error.read_as, error.number);
        assert_eq!(read_as(MAX_SAFE_INTEGER + 4), (1 << 53) + 4);
        let error = UnsafeJsonNumber::check_u64(u64::MAX).unwrap_err();
        assert_eq!(error.read_as, 1 << 64);
        assert!(
            error
                .to_string()
                .ends_with("reads it as 18446744073709551616, 1 more"),
            "{error}"
        );
        let error = UnsafeJsonNumber::check_i64(-(1 << 53) - 1).unwrap_err();
        assert_eq!(error.read_as, -(1 << 53));
        assert!(
            error
                .to_string()
                .ends_with("reads it as -9007199254740992, 1 more"),
            "{error}"
        );
        let error = UnsafeJsonNumber::check_i64(i64::MIN).unwrap_err();
        assert_eq!(error.read_as, i128::from(i64::MIN));
        let error = UnsafeJsonNumber::check_u64((1 << 53) + 3).unwrap_err();
        assert!(
            error
                .to_string()
                .ends_with("reads it as 9007199254740996, 1 more"),
            "{error}"
        );
    }
}
