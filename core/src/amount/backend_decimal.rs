//! Exact, checked conversions between an [`Amount`] and [`rust_decimal::Decimal`], the type
//! backends keep money in. Nothing is rounded: a value the other side cannot hold exactly is an
//! error that says why.
//!
//! A `Decimal` holds a 96-bit mantissa and a scale of at most 28 digits
//! (`rust_decimal` 1.x, `Decimal::MAX_SCALE`); an `Amount` holds a `U256` of smallest units and
//! up to 77 decimals. Trailing zeros are dropped where that keeps the value (1 ETH, 10^18 wei at
//! 18 decimals, is `1`), so only values that truly need more digits are refused.

use alloy_primitives::U256;
use rust_decimal::Decimal;

use super::{Amount, Decimals};

/// The largest scale a `Decimal` has (`rust_decimal::Decimal::MAX_SCALE`).
const MAX_SCALE: u32 = 28;

/// Why an amount and a `Decimal` cannot be converted exactly.
///
/// ```
/// use alloy_primitives::U256;
/// use rust_decimal::Decimal;
/// use securepay_core::amount::{Amount, Decimals, DecimalConversionError};
///
/// let usdc = Decimals::new(6)?;
/// let err = Amount::from_decimal("10.1234567".parse::<Decimal>()?, usdc).unwrap_err();
/// assert_eq!(err, DecimalConversionError::TooPrecise { scale: 7, decimals: 6 });
/// assert_eq!(err.to_string(), "the decimal has 7 fraction digits; the currency has 6: it would have to be rounded");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecimalConversionError {
    /// The decimal is negative: amounts are unsigned.
    #[error("the decimal is negative: amounts are unsigned")]
    Negative,
    /// The decimal has more fraction digits (not zeros) than the currency's decimals.
    #[error(
        "the decimal has {scale} fraction digits; the currency has {decimals}: it would have to be rounded"
    )]
    TooPrecise {
        /// The decimal's significant fraction digits.
        scale: u32,
        /// The currency's decimals.
        decimals: u8,
    },
    /// The amount needs more than a `Decimal`'s 28 fraction digits.
    #[error(
        "the amount needs more than 28 fraction digits, the most a rust_decimal::Decimal holds"
    )]
    ScaleAboveDecimal,
    /// The amount's digits do not fit a `Decimal`'s 96-bit mantissa.
    #[error("the amount has more digits than a rust_decimal::Decimal holds (a 96-bit mantissa)")]
    TooLargeForDecimal,
    /// The decimal's value in smallest units does not fit 256 bits.
    #[error("the decimal's value in smallest units does not fit 256 bits")]
    TooLargeForUnits,
}

/// `(value / 10, value % 10 == 0)`.
fn tenth(value: U256) -> (U256, bool) {
    let ten = U256::from(10u8);
    let quotient = value.checked_div(ten).unwrap_or_default();
    let exact = value.checked_rem(ten).is_some_and(|r| r.is_zero());
    (quotient, exact)
}

impl Amount {
    /// The amount as a `rust_decimal::Decimal`, exactly (trailing zeros dropped where the
    /// scale or the mantissa needs it), or why it cannot be held.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use rust_decimal::Decimal;
    /// use securepay_core::amount::{Amount, Decimals, DecimalConversionError};
    ///
    /// let usdc = Amount::parse("10.50", Decimals::new(6)?)?;
    /// assert_eq!(usdc.to_decimal()?, "10.5".parse::<Decimal>()?);
    /// let one_eth = Amount::from_units(U256::from(10u64.pow(18)), Decimals::new(18)?);
    /// assert_eq!(one_eth.to_decimal()?, Decimal::ONE);
    /// let one_wei_at_30 = Amount::from_units(U256::from(1u8), Decimals::new(30)?);
    /// assert_eq!(one_wei_at_30.to_decimal(), Err(DecimalConversionError::ScaleAboveDecimal));
    /// assert_eq!(Amount::from_units(U256::MAX, Decimals::ZERO).to_decimal(), Err(DecimalConversionError::TooLargeForDecimal));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_decimal(&self) -> Result<Decimal, DecimalConversionError> {
        let mut units = self.units;
        let mut scale = u32::from(self.decimals.get());
        // Drop trailing zeros while the scale is above a Decimal's or the mantissa too wide.
        while scale > MAX_SCALE || (units.bit_len() > 96 && scale > 0) {
            let (quotient, exact) = tenth(units);
            if !exact {
                break;
            }
            units = quotient;
            scale = scale.saturating_sub(1);
        }
        if scale > MAX_SCALE {
            return Err(DecimalConversionError::ScaleAboveDecimal);
        }
        let mantissa = u128::try_from(units)
            .ok()
            .filter(|m| *m >> 96 == 0)
            .and_then(|m| i128::try_from(m).ok())
            .ok_or(DecimalConversionError::TooLargeForDecimal)?;
        Decimal::try_from_i128_with_scale(mantissa, scale)
            .map_err(|_| DecimalConversionError::TooLargeForDecimal)
    }

    /// The exact amount of a currency with `decimals` that `value` stands for, or why there is
    /// none: a negative value, more significant fraction digits than the currency has (never
    /// rounded), or more than 256 bits of smallest units.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use rust_decimal::Decimal;
    /// use securepay_core::amount::{Amount, Decimals, DecimalConversionError};
    ///
    /// let usdc = Decimals::new(6)?;
    /// let amount = Amount::from_decimal("10.500".parse::<Decimal>()?, usdc)?;
    /// assert_eq!(amount.units(), U256::from(10_500_000u64));
    /// assert_eq!(Amount::from_decimal("-1".parse::<Decimal>()?, usdc), Err(DecimalConversionError::Negative));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_decimal(
        value: Decimal,
        decimals: Decimals,
    ) -> Result<Amount, DecimalConversionError> {
        if value.is_sign_negative() && !value.is_zero() {
            return Err(DecimalConversionError::Negative);
        }
        let normalized = value.normalize();
        let scale = normalized.scale();
        let target = u32::from(decimals.get());
        if scale > target {
            return Err(DecimalConversionError::TooPrecise {
                scale,
                decimals: decimals.get(),
            });
        }
        let mantissa = U256::from(normalized.mantissa().unsigned_abs());
        let factor = U256::from(10u8)
            .checked_pow(U256::from(target.saturating_sub(scale)))
            .ok_or(DecimalConversionError::TooLargeForUnits)?;
        let units = mantissa
            .checked_mul(factor)
            .ok_or(DecimalConversionError::TooLargeForUnits)?;
        Ok(Amount::from_units(units, decimals))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn dec(n: u8) -> Decimals {
        Decimals::new(n).unwrap()
    }

    #[test]
    fn round_trips_exactly_at_every_decimals() {
        for decimals in [0u8, 2, 6, 8, 18, 24, 28] {
            for text in ["0", "1", "10.5", "0.01", "123456789.123456"] {
                let Ok(amount) = Amount::parse(text, dec(decimals)) else {
                    continue; // more fraction digits than the currency has
                };
                let decimal = amount.to_decimal().unwrap();
                assert_eq!(decimal, d(text), "{text} at {decimals}");
                assert_eq!(
                    Amount::from_decimal(decimal, dec(decimals)).unwrap(),
                    amount
                );
            }
        }
    }

    #[test]
    fn refuses_instead_of_rounding() {
        assert_eq!(
            Amount::from_decimal(d("0.0000001"), dec(6)),
            Err(DecimalConversionError::TooPrecise {
                scale: 7,
                decimals: 6
            })
        );
        // Trailing zeros beyond the currency's decimals are not precision.
        assert_eq!(
            Amount::from_decimal(d("1.5000000"), dec(6))
                .unwrap()
                .units(),
            U256::from(1_500_000u32)
        );
        assert_eq!(
            Amount::from_decimal(d("-0.5"), dec(6)),
            Err(DecimalConversionError::Negative)
        );
        assert_eq!(
            Amount::from_decimal(d("-0"), dec(6)).unwrap().units(),
            U256::ZERO
        );
        assert_eq!(
            Amount::from_decimal(Decimal::MAX, dec(77)),
            Err(DecimalConversionError::TooLargeForUnits)
        );
    }

    #[test]
    fn the_largest_values_either_side() {
        // Decimal::MAX is 2^96 - 1 units at scale 0.
        let max = Amount::from_decimal(Decimal::MAX, dec(0)).unwrap();
        assert_eq!(max.units(), U256::from((1u128 << 96) - 1));
        assert_eq!(max.to_decimal().unwrap(), Decimal::MAX);
        let above = Amount::from_units(U256::from(1u128 << 96), dec(0));
        assert_eq!(
            above.to_decimal(),
            Err(DecimalConversionError::TooLargeForDecimal)
        );
        // 2^96 * 10 at one decimal is 2^96: still too wide, not rounded.
        let wide = Amount::from_units(U256::from(1u128 << 96) * U256::from(10u8), dec(1));
        assert_eq!(
            wide.to_decimal(),
            Err(DecimalConversionError::TooLargeForDecimal)
        );
        // 10^30 wei at 30 decimals is 1.
        let one = Amount::from_units(U256::from(10u8).pow(U256::from(30u8)), dec(30));
        assert_eq!(one.to_decimal().unwrap(), Decimal::ONE);
    }
}
