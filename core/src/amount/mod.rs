//! Exact amounts: human decimal text ↔ `U256` smallest units, and integer text in smallest units.
//!
//! Nothing here goes through floating point or rounds. A human amount (`"10.50"`) is
//! parsed against the number of decimals of its currency into an exact integer of smallest
//! units, or rejected with an [`AmountError`] that says what was wrong and where.
//!
//! ```
//! use securepay_core::amount::{format_units, parse_units, Amount, Decimals};
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
//! # Ok::<(), securepay_core::amount::AmountError>(())
//! ```

mod backend_decimal;
mod decimal;
mod human;
mod uint;

use core::fmt;

use alloy_primitives::U256;

pub use backend_decimal::DecimalConversionError;
pub use decimal::{AmountError, MAX_AMOUNT_TEXT_LEN, format_units, parse_units};
pub(crate) use human::common_scale;
#[doc(hidden)]
pub use human::parse_percentage;
pub use human::{HumanAmount, PercentageError};
pub use uint::{UintError, parse_uint};

/// The largest number of decimals an amount may have: `10^77` is the largest power of ten
/// that fits in 256 bits.
pub const MAX_DECIMALS: u8 = 77;

/// A number of decimals between 0 and [`MAX_DECIMALS`], checked once.
///
/// ```
/// use securepay_core::amount::Decimals;
/// assert_eq!(Decimals::new(18)?.get(), 18);
/// assert!(Decimals::new(78).is_err());
/// # Ok::<(), securepay_core::amount::AmountError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Decimals(u8);

impl Decimals {
    /// No decimals.
    pub const ZERO: Decimals = Decimals(0);

    /// Checks that `decimals` is at most [`MAX_DECIMALS`].
    ///
    /// ```
    /// use securepay_core::amount::{AmountError, Decimals};
    /// assert_eq!(Decimals::new(77)?.get(), 77);
    /// assert_eq!(Decimals::new(78), Err(AmountError::DecimalsOutOfRange { decimals: 78 }));
    /// # Ok::<(), AmountError>(())
    /// ```
    pub const fn new(decimals: u8) -> Result<Decimals, AmountError> {
        if decimals > MAX_DECIMALS {
            Err(AmountError::DecimalsOutOfRange { decimals })
        } else {
            Ok(Decimals(decimals))
        }
    }

    /// The number of decimals.
    ///
    /// ```
    /// use securepay_core::amount::Decimals;
    /// assert_eq!(Decimals::new(6)?.get(), 6);
    /// assert_eq!(Decimals::ZERO.get(), 0);
    /// # Ok::<(), securepay_core::amount::AmountError>(())
    /// ```
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
///
/// ```
/// use securepay_core::amount::{Amount, Decimals};
///
/// let usdc = Decimals::new(6)?;
/// let amount = Amount::parse("10.50", usdc)?;
/// assert_eq!(amount.to_string(), "10.5");
/// assert_eq!(Amount::parse(&amount.to_string(), usdc)?, amount);
/// # Ok::<(), securepay_core::amount::AmountError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Amount {
    units: U256,
    decimals: Decimals,
}

impl Amount {
    /// An amount of `units` smallest units.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::amount::{Amount, Decimals};
    ///
    /// let wei = Amount::from_units(U256::from(1_500_000_000_000_000_000u64), Decimals::new(18)?);
    /// assert_eq!(wei.to_string(), "1.5");
    /// # Ok::<(), securepay_core::amount::AmountError>(())
    /// ```
    pub const fn from_units(units: U256, decimals: Decimals) -> Amount {
        Amount { units, decimals }
    }

    /// Parses human decimal text (`"10.50"`) exactly. Zero is allowed.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::amount::{Amount, AmountError, Decimals};
    ///
    /// let usdc = Decimals::new(6)?;
    /// assert_eq!(Amount::parse("10.50", usdc)?.units(), U256::from(10_500_000u64));
    /// assert!(Amount::parse("0", usdc)?.is_zero());
    /// assert_eq!(Amount::parse("1e6", usdc), Err(AmountError::Exponent { position: 1 }));
    /// # Ok::<(), AmountError>(())
    /// ```
    pub fn parse(text: &str, decimals: Decimals) -> Result<Amount, AmountError> {
        Ok(Amount {
            units: parse_units(text, decimals)?,
            decimals,
        })
    }

    /// Parses a payment amount: like [`Amount::parse`], and it must be greater than zero.
    ///
    /// ```
    /// use securepay_core::amount::{Amount, AmountError, Decimals};
    ///
    /// let usdc = Decimals::new(6)?;
    /// assert_eq!(Amount::parse_positive("0.000001", usdc)?.to_string(), "0.000001");
    /// assert_eq!(Amount::parse_positive("0.00", usdc), Err(AmountError::Zero));
    /// # Ok::<(), AmountError>(())
    /// ```
    pub fn parse_positive(text: &str, decimals: Decimals) -> Result<Amount, AmountError> {
        let amount = Amount::parse(text, decimals)?;
        if amount.units.is_zero() {
            return Err(AmountError::Zero);
        }
        Ok(amount)
    }

    /// The amount in smallest units.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::amount::{Amount, Decimals};
    ///
    /// let amount = Amount::parse("0.01", Decimals::new(6)?)?;
    /// assert_eq!(amount.units(), U256::from(10_000u64));
    /// # Ok::<(), securepay_core::amount::AmountError>(())
    /// ```
    pub const fn units(&self) -> U256 {
        self.units
    }

    /// The decimals of the currency.
    ///
    /// ```
    /// use securepay_core::amount::{Amount, Decimals};
    ///
    /// let amount = Amount::parse("1", Decimals::new(18)?)?;
    /// assert_eq!(amount.decimals().get(), 18);
    /// # Ok::<(), securepay_core::amount::AmountError>(())
    /// ```
    pub const fn decimals(&self) -> Decimals {
        self.decimals
    }

    /// Whether the amount is zero.
    ///
    /// ```
    /// use securepay_core::amount::{Amount, Decimals};
    ///
    /// let usdc = Decimals::new(6)?;
    /// assert!(Amount::parse("0.000", usdc)?.is_zero());
    /// assert!(!Amount::parse("0.000001", usdc)?.is_zero());
    /// # Ok::<(), securepay_core::amount::AmountError>(())
    /// ```
    pub fn is_zero(&self) -> bool {
        self.units.is_zero()
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_units(self.units, self.decimals))
    }
}
