//! Human decimal text as the API writes amounts (`"10.50"`), kept as text and compared by value.

use crate::prelude::*;

use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use alloy_primitives::U256;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::text::ShortText;

use super::{AmountError, Decimals, MAX_DECIMALS, format_units, parse_units};

/// A non-negative decimal amount in the API's human form (`"827.50"`), in units of some currency.
///
/// The text is checked once against the amount grammar and kept as given, so a response
/// serializes back unchanged. Comparisons are by exact value (`827.50` equals `827.5`), never
/// through floating point; [`HumanAmount::to_units`] converts with the currency's decimals and
/// fails with [`AmountError::TooPrecise`] rather than round.
///
/// ```
/// use securepay_core::amount::{Decimals, HumanAmount};
///
/// let a: HumanAmount = "827.50".parse()?;
/// let b: HumanAmount = "827.5".parse()?;
/// assert!(a.same_value(&b));
/// assert_eq!(a.to_string(), "827.50");
/// assert_eq!(a.to_units(Decimals::new(6)?)?.to_string(), "827500000");
/// assert!("1e3".parse::<HumanAmount>().is_err());
/// # Ok::<(), securepay_core::amount::AmountError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HumanAmount(ShortText);

impl HumanAmount {
    /// Checks `text` against the amount grammar (any number of fractional digits up to
    /// [`MAX_DECIMALS`]).
    pub fn parse(text: &str) -> Result<HumanAmount, AmountError> {
        let (_, fraction) = super::decimal::lex(text)?;
        if fraction.len() > usize::from(MAX_DECIMALS) {
            return Err(AmountError::TooPrecise {
                given: fraction.len(),
                decimals: MAX_DECIMALS,
            });
        }
        Ok(HumanAmount(ShortText::from(text)))
    }

    /// The canonical text of `units` smallest units of a currency with `decimals`.
    pub fn from_units(units: U256, decimals: Decimals) -> HumanAmount {
        HumanAmount(ShortText::from(format_units(units, decimals)))
    }

    /// The text as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number of fractional digits written.
    pub fn fraction_digits(&self) -> usize {
        let text = self.as_str();
        text.bytes().position(|b| b == b'.').map_or(0, |point| {
            text.len().saturating_sub(point).saturating_sub(1)
        })
    }

    /// The amount in smallest units of a currency with `decimals`: exact or
    /// [`AmountError::TooPrecise`] / [`AmountError::Overflow`].
    pub fn to_units(&self, decimals: Decimals) -> Result<U256, AmountError> {
        parse_units(self.as_str(), decimals)
    }

    /// The value in smallest units of a currency with `decimals`, whatever its trailing zeros:
    /// `0.0100000000` is 10000 units of a 6-decimal currency, `0.0100001` is
    /// [`AmountError::TooPrecise`]. For amounts a server writes, compared by value.
    ///
    /// ```
    /// use securepay_core::amount::{AmountError, Decimals, HumanAmount};
    ///
    /// let usdc = Decimals::new(6)?;
    /// assert_eq!(HumanAmount::parse("0.0100000000")?.value_in(usdc)?.to::<u64>(), 10_000);
    /// assert!(matches!(HumanAmount::parse("0.0100001")?.value_in(usdc), Err(AmountError::TooPrecise { .. })));
    /// assert!(HumanAmount::parse("0.0100000000")?.to_units(usdc).is_err()); // as written: too precise
    /// # Ok::<(), AmountError>(())
    /// ```
    pub fn value_in(&self, decimals: Decimals) -> Result<U256, AmountError> {
        // Trailing zeros of the fraction carry no value: `whole.fraction` without them is a
        // prefix of the text, read in place.
        // The text is read once (its inline form is checked as UTF-8 on each read).
        let text = self.as_str();
        let bytes = text.as_bytes();
        let kept = match bytes.iter().position(|&b| b == b'.') {
            Some(point) => match bytes.iter().rposition(|&b| b != b'0') {
                // Nothing but zeros after the point: the whole part alone.
                Some(last) if last == point => point,
                Some(last) => last.saturating_add(1),
                None => point,
            },
            None => bytes.len(),
        };
        parse_units(text.get(..kept).unwrap_or(text), decimals)
    }

    /// Whether the amount is zero.
    pub fn is_zero(&self) -> bool {
        self.0.bytes().all(|b| b == b'0' || b == b'.')
    }

    /// Whether both amounts are the same value, whatever their trailing zeros.
    pub fn same_value(&self, other: &HumanAmount) -> bool {
        self.cmp_value(other) == Some(Ordering::Equal)
    }

    /// Compares by value, exactly. `None` only if a value does not fit 256 bits at the common
    /// scale.
    pub fn cmp_value(&self, other: &HumanAmount) -> Option<Ordering> {
        let scale = common_scale([self, other])?;
        Some(self.to_units(scale).ok()?.cmp(&other.to_units(scale).ok()?))
    }
}

/// Why text is not a fee percentage (a decimal from 0 to 100, as the API writes
/// `feePercentage`).
///
/// ```
/// use std::error::Error;
/// use securepay_core::amount::PercentageError;
/// use securepay_core::pay::{PayQueryError, RequestPayQuery};
///
/// let address = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
/// let query = RequestPayQuery::new().fee("100.5", address);
/// let Err(PayQueryError::FeePercentage(PercentageError::AboveHundred(text))) = query.pairs() else { panic!() };
/// assert_eq!(text, "100.5");
/// let error = RequestPayQuery::new().fee("2,5", address).pairs().unwrap_err();
/// assert_eq!(error.to_string(), "feePercentage: amount contains a ',' at position 1: use '.' as the decimal point and no thousands separators");
/// let cause = error.source().and_then(|e| e.downcast_ref::<PercentageError>());
/// assert!(matches!(cause, Some(PercentageError::Amount(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PercentageError {
    /// Not a decimal amount. The amount's error is the
    /// [`source()`](core::error::Error::source).
    #[error("{0}")]
    Amount(#[source] AmountError),
    /// Above 100 (the text given).
    #[error("{0} is above 100")]
    AboveHundred(String),
    /// More fraction digits than any amount can have (the text given).
    #[error("{0} has more fraction digits than any amount can")]
    TooPrecise(String),
}

/// A fee percentage as the API writes it (`"2.5"` for 2.5 %): a decimal from 0 to 100, or
/// why it is not one. Shared by every body and query that carries `feePercentage`.
#[doc(hidden)]
pub fn parse_percentage(text: &str) -> Result<HumanAmount, PercentageError> {
    let value = HumanAmount::parse(text).map_err(PercentageError::Amount)?;
    let hundred = HumanAmount(ShortText::from("100"));
    match value.cmp_value(&hundred) {
        Some(Ordering::Greater) => Err(PercentageError::AboveHundred(text.to_owned())),
        Some(_) => Ok(value),
        None => Err(PercentageError::TooPrecise(text.to_owned())),
    }
}

/// The decimals needed to write every amount exactly.
pub(crate) fn common_scale<'a>(
    amounts: impl IntoIterator<Item = &'a HumanAmount>,
) -> Option<Decimals> {
    let digits = amounts
        .into_iter()
        .map(HumanAmount::fraction_digits)
        .max()
        .unwrap_or(0);
    Decimals::new(u8::try_from(digits).ok()?).ok()
}

impl fmt::Display for HumanAmount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for HumanAmount {
    type Err = AmountError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HumanAmount::parse(s)
    }
}

impl Serialize for HumanAmount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for HumanAmount {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, HumanAmount::parse)
    }
}
