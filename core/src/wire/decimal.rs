//! Decimal strings as the API writes amounts (`"100.0"`, `"0.02"`): checked once, kept as text.

use crate::prelude::*;

use core::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::amount::{Amount, AmountError, Decimals, MAX_DECIMALS, parse_units};

/// A non-negative human decimal exactly as the service wrote it (`"100.0"`, `"75.00"`, `"0"`).
///
/// Parsing checks the amount grammar of the [`amount`](crate::amount) module
/// (`^(0|[1-9][0-9]*)(\.[0-9]+)?$`, no exponent, no sign, bounded length) but not a number of
/// decimals, which a webhook does not state; the text is kept unchanged so it serializes back
/// byte for byte. [`DecimalText::to_amount`] converts it once the currency's decimals are
/// known.
///
/// ```
/// use securepay_core::amount::Decimals;
/// use securepay_core::wire::DecimalText;
///
/// let paid = DecimalText::parse("100.0")?;
/// assert_eq!(paid.as_str(), "100.0");
/// assert_eq!(paid.to_amount(Decimals::new(6)?)?.units().to_string(), "100000000");
/// assert_eq!(paid.to_amount(Decimals::ZERO)?.to_string(), "100"); // trailing zeros are exact
/// assert!(DecimalText::parse("0.015")?.to_amount(Decimals::new(2)?).is_err()); // never rounded
/// assert!(DecimalText::parse("1e3").is_err());
/// # Ok::<(), securepay_core::amount::AmountError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DecimalText(String);

impl DecimalText {
    /// Checks `text` against the amount grammar.
    ///
    /// ```
    /// use securepay_core::amount::AmountError;
    /// use securepay_core::wire::DecimalText;
    ///
    /// assert_eq!(DecimalText::parse("0.02")?.to_string(), "0.02");
    /// assert!(DecimalText::parse("-1").is_err());
    /// assert!(DecimalText::parse("01.5").is_err()); // no leading zero
    /// # Ok::<(), AmountError>(())
    /// ```
    pub fn parse(text: &str) -> Result<DecimalText, AmountError> {
        let fraction_digits = text.split_once('.').map_or(0, |(_, f)| f.len());
        let decimals = u8::try_from(fraction_digits)
            .ok()
            .filter(|d| *d <= MAX_DECIMALS)
            .ok_or(AmountError::TooPrecise {
                given: fraction_digits,
                decimals: MAX_DECIMALS,
            })?;
        // With as many decimals as the text has fractional digits, parsing checks the grammar
        // and the size without padding.
        parse_units(text, Decimals::new(decimals)?)?;
        Ok(DecimalText(text.to_owned()))
    }

    /// The text as the service wrote it.
    ///
    /// ```
    /// use securepay_core::wire::DecimalText;
    ///
    /// let total: DecimalText = serde_json::from_str(r#""75.00""#)?;
    /// assert_eq!(total.as_str(), "75.00"); // kept exactly as sent
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The exact amount in a currency with `decimals`. Trailing fractional zeros beyond the
    /// currency's decimals are dropped (`"100.0"` is 100 for a 0-decimal currency: the value
    /// is unchanged); any other extra digit is [`AmountError::TooPrecise`], never rounded.
    ///
    /// ```
    /// use securepay_core::amount::{AmountError, Decimals};
    /// use securepay_core::wire::DecimalText;
    ///
    /// let six = Decimals::new(6)?;
    /// assert_eq!(DecimalText::parse("12.345")?.to_amount(six)?.units().to::<u64>(), 12_345_000);
    /// assert!(matches!(DecimalText::parse("12.3456789")?.to_amount(six), Err(AmountError::TooPrecise { .. })));
    /// # Ok::<(), AmountError>(())
    /// ```
    pub fn to_amount(&self, decimals: Decimals) -> Result<Amount, AmountError> {
        let text: alloc::borrow::Cow<'_, str> = match self.0.split_once('.') {
            Some((integer, fraction)) if fraction.len() > usize::from(decimals.get()) => {
                match fraction.trim_end_matches('0') {
                    "" => integer.into(),
                    significant => format!("{integer}.{significant}").into(),
                }
            }
            _ => self.0.as_str().into(),
        };
        Amount::parse(&text, decimals)
    }
}

impl fmt::Display for DecimalText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::str::FromStr for DecimalText {
    type Err = AmountError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        DecimalText::parse(text)
    }
}

impl Serialize for DecimalText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for DecimalText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| {
            DecimalText::parse(text).map_err(|e| format!("amount {text:?}: {e}"))
        })
    }
}
