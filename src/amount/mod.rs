//! Exact amounts: human decimal text ↔ `U256` smallest units, and integer text in smallest units.
//!
//! Nothing here goes through floating point or rounds. A human amount (`"10.50"`) is
//! parsed against the number of decimals of its currency into an exact integer of smallest
//! units, or rejected with an [`AmountError`] that says what was wrong and where.
//!
//! ```
//! use securepay::amount::{format_units, parse_units, Amount, Decimals};
//! use alloy_primitives::U256;
//!
//! let usdc = Decimals::new(6)?;
//! assert_eq!(parse_units("10.50", usdc)?, U256::from(10_500_000u64));
//! assert_eq!(format_units(U256::from(10_500_000u64), usdc), "10.5");
//!
//! let price = Amount::parse_positive("0.01", usdc)?;
//! assert_eq!(price.units(), U256::from(10_000u64));
//! assert_eq!(price.to_string(), "0.01");
//! assert!(Amount::parse_positive("0", usdc).is_err());
//! # Ok::<(), securepay::amount::AmountError>(())
//! ```

mod decimal;
mod human;
mod uint;

use std::fmt;

use alloy_primitives::U256;

pub use decimal::{format_units, parse_units, AmountError, MAX_AMOUNT_TEXT_LEN};
pub(crate) use human::common_scale;
pub use human::HumanAmount;
pub use uint::{parse_uint, UintError};

/// The largest number of decimals an amount may have: `10^77` is the largest power of ten
/// that fits in 256 bits.
pub const MAX_DECIMALS: u8 = 77;

/// A number of decimals between 0 and [`MAX_DECIMALS`], checked once.
///
/// ```
/// use securepay::amount::Decimals;
/// assert_eq!(Decimals::new(18)?.get(), 18);
/// assert!(Decimals::new(78).is_err());
/// # Ok::<(), securepay::amount::AmountError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Decimals(u8);

impl Decimals {
    /// No decimals.
    pub const ZERO: Decimals = Decimals(0);

    /// Checks that `decimals` is at most [`MAX_DECIMALS`].
    pub const fn new(decimals: u8) -> Result<Decimals, AmountError> {
        if decimals > MAX_DECIMALS {
            Err(AmountError::DecimalsOutOfRange { decimals })
        } else {
            Ok(Decimals(decimals))
        }
    }

    /// The number of decimals.
    pub const fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Decimals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// An exact amount: smallest units together with the decimals of its currency.
///
/// `Display` writes the canonical human form (no exponent, no trailing fractional zeros,
/// `0` for zero), which [`Amount::parse`] reads back to the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Amount {
    units: U256,
    decimals: Decimals,
}

impl Amount {
    /// An amount of `units` smallest units.
    pub const fn from_units(units: U256, decimals: Decimals) -> Amount {
        Amount { units, decimals }
    }

    /// Parses human decimal text (`"10.50"`) exactly. Zero is allowed.
    pub fn parse(text: &str, decimals: Decimals) -> Result<Amount, AmountError> {
        Ok(Amount {
            units: parse_units(text, decimals)?,
            decimals,
        })
    }

    /// Parses a payment amount: like [`Amount::parse`], and it must be greater than zero.
    pub fn parse_positive(text: &str, decimals: Decimals) -> Result<Amount, AmountError> {
        let amount = Amount::parse(text, decimals)?;
        if amount.units.is_zero() {
            return Err(AmountError::Zero);
        }
        Ok(amount)
    }

    /// The amount in smallest units.
    pub const fn units(&self) -> U256 {
        self.units
    }

    /// The decimals of the currency.
    pub const fn decimals(&self) -> Decimals {
        self.decimals
    }

    /// Whether the amount is zero.
    pub fn is_zero(&self) -> bool {
        self.units.is_zero()
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_units(self.units, self.decimals))
    }
}
