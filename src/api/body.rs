//! Why a request body or query value was refused, and the checks the bodies share.

use crate::address::ChainAddressError;
use crate::amount::{HumanAmount, PercentageError};
use crate::currency::CurrencyIdError;
use crate::network::Network;
use crate::offramp::EligibilityError;

/// Why a request body (or query value) was refused before anything was sent.
///
/// ```
/// use securepay::api::{BatchItem, BodyError};
///
/// let tron = BatchItem::new("TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd", "10".parse()?, "USDT-tron", "USDT-tron");
/// let error = tron.unwrap_err(); // a batch cannot pay on Tron
/// assert_eq!(error, BodyError::TronBatch);
/// assert_eq!(error.to_string(), "Batch payments are not supported for TRON networks. Please submit individual payment requests.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BodyError {
    /// A batch that pays a Tron payee (batches are EVM-only).
    #[error("{}", crate::calldata::TRON_BATCH_MESSAGE)]
    TronBatch,
    /// A list with fewer items than the API takes.
    #[error("{field} needs at least {min} item(s), found {given}")]
    TooFew {
        /// The field.
        field: &'static str,
        /// The minimum.
        min: usize,
        /// The count given.
        given: usize,
    },
    /// A list with more items than the API takes.
    #[error("{field} takes at most {max} item(s), found {given}")]
    TooMany {
        /// The field.
        field: &'static str,
        /// The maximum.
        max: usize,
        /// The count given.
        given: usize,
    },
    /// A text whose length (in characters) is outside the API's bounds.
    #[error("{field} must have {min} to {max} characters, found {given}")]
    Length {
        /// The field.
        field: &'static str,
        /// The minimum.
        min: usize,
        /// The maximum.
        max: usize,
        /// The length given.
        given: usize,
    },
    /// An amount of zero where a payable amount is needed.
    #[error("{field} must be greater than 0")]
    ZeroAmount {
        /// The field.
        field: &'static str,
    },
    /// `redirectLabel` without `redirectUrl`.
    #[error("redirectLabel cannot be provided without redirectUrl")]
    RedirectLabelWithoutUrl,
    /// A `redirectUrl` that is not a plain http(s) URL.
    #[error("redirectUrl must be a safe http(s) URL with no script/HTML payload: {0:?}")]
    UnsafeRedirectUrl(String),
    /// A character the API's pattern refuses.
    #[error("{field} must not contain {character:?} (pattern {pattern})")]
    Pattern {
        /// The field.
        field: &'static str,
        /// The character.
        character: char,
        /// The API's pattern.
        pattern: &'static str,
    },
    /// Items of one secure payment naming different destinations (every item resolves to the
    /// caller's one destination; the service answers 403 otherwise).
    #[error(
        "requests[{index}].destinationId {other} differs from {first}: every item of one secure payment goes to the same destination"
    )]
    DestinationMismatch {
        /// The first destination id.
        first: String,
        /// The different one.
        other: String,
        /// Its index.
        index: usize,
    },
    /// Items on different networks.
    #[error("All requests must be on the same network: {first} and {other}")]
    MixedNetworks {
        /// The first item's network.
        first: Network,
        /// A different one.
        other: Network,
    },
    /// An address of the wrong family, or a currency of another network.
    #[error("{field} {value} is not on {network}")]
    WrongNetwork {
        /// The field.
        field: &'static str,
        /// The value.
        value: String,
        /// The network it should be on.
        network: Network,
    },
    /// The same value twice where each must be unique.
    #[error("{field} lists {value} twice")]
    Duplicate {
        /// The field.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// Any other value the API refuses: what is wrong with it.
    #[error("{field}: {reason}")]
    Invalid {
        /// The field.
        field: &'static str,
        /// What is wrong (with the value given, when it says which).
        reason: String,
    },
    /// A value that is neither an EVM nor a Tron address. The address's error is the
    /// [`source()`](std::error::Error::source).
    #[error("{field}: {source}")]
    Address {
        /// The field.
        field: &'static str,
        /// Why it is not an address.
        source: ChainAddressError,
    },
    /// A value that is not a currency id. The id's error is the
    /// [`source()`](std::error::Error::source).
    #[error("{field}: {source}")]
    Currency {
        /// The field.
        field: &'static str,
        /// Why it is not a currency id.
        source: CurrencyIdError,
    },
    /// `feePercentage` that is not a decimal from 0 to 100. Why is the
    /// [`source()`](std::error::Error::source).
    #[error("feePercentage: {0}")]
    FeePercentage(#[source] PercentageError),
    /// `isCryptoToFiatAvailable` for a payment currency that cannot be off-ramped. Why is the
    /// [`source()`](std::error::Error::source).
    #[error("isCryptoToFiatAvailable: {0}")]
    NotEligible(#[source] EligibilityError),
}

/// Checks a text's length in characters.
pub(crate) fn check_length(
    field: &'static str,
    text: &str,
    min: usize,
    max: usize,
) -> Result<(), BodyError> {
    let given = text.chars().count();
    if given < min || given > max {
        return Err(BodyError::Length {
            field,
            min,
            max,
            given,
        });
    }
    Ok(())
}

/// A payable amount: above zero.
/// Checks an identifier sent as a path segment or query value: non-empty, no control
/// character (it is percent-encoded, so it cannot reach another path). `what` completes the
/// message `"{text:?} is not {what}"`.
pub(crate) fn check_identifier(
    field: &'static str,
    what: &str,
    text: &str,
) -> Result<(), BodyError> {
    if text.is_empty() || text.chars().any(char::is_control) {
        return Err(BodyError::Invalid {
            field,
            reason: format!("{text:?} is not {what}"),
        });
    }
    Ok(())
}

pub(crate) fn check_positive(field: &'static str, amount: &HumanAmount) -> Result<(), BodyError> {
    if amount.is_zero() {
        return Err(BodyError::ZeroAmount { field });
    }
    Ok(())
}

/// `redirectUrl` and `redirectLabel`: the URL is `http(s)://…` without whitespace, quotes or
/// angle brackets; the label is 1–255 characters matching ``^[^<>&"'`]*$`` and needs the URL.
pub(crate) fn check_redirect(url: Option<&str>, label: Option<&str>) -> Result<(), BodyError> {
    if let Some(label) = label {
        if url.is_none() {
            return Err(BodyError::RedirectLabelWithoutUrl);
        }
        check_length("redirectLabel", label, 1, 255)?;
        if let Some(character) = label.chars().find(|c| "<>&\"'`".contains(*c)) {
            return Err(BodyError::Pattern {
                field: "redirectLabel",
                character,
                pattern: "^[^<>&\"'`]*$",
            });
        }
    }
    if let Some(url) = url {
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"));
        let safe = rest.is_some_and(|rest| {
            !rest.is_empty()
                && !rest.starts_with('/')
                && !rest
                    .chars()
                    .any(|c| c.is_whitespace() || c.is_control() || "<>\"'`\\".contains(c))
        });
        if !safe {
            return Err(BodyError::UnsafeRedirectUrl(url.to_owned()));
        }
    }
    Ok(())
}

/// `YYYY-MM-DD` with a month 1–12 and a day that exists in it.
pub(crate) fn check_date(field: &'static str, text: &str) -> Result<(), BodyError> {
    let invalid = |reason: &str| BodyError::Invalid {
        field,
        reason: format!("{text:?} {reason}"),
    };
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts.as_slice() else {
        return Err(invalid("is not YYYY-MM-DD"));
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !(digits(year, 4) && digits(month, 2) && digits(day, 2)) {
        return Err(invalid("is not YYYY-MM-DD"));
    }
    let (year, month, day): (u32, u32, u32) = match (year.parse(), month.parse(), day.parse()) {
        (Ok(y), Ok(m), Ok(d)) => (y, m, d),
        _ => return Err(invalid("is not YYYY-MM-DD")),
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(invalid("has no such month")),
    };
    if day == 0 || day > days {
        return Err(invalid("has no such day"));
    }
    Ok(())
}

/// A fee percentage as the API writes it (`"2.5"` for 2.5 %): a decimal from 0 to 100.
pub(crate) fn check_fee_percentage(text: &str) -> Result<HumanAmount, BodyError> {
    crate::amount::parse_percentage(text).map_err(BodyError::FeePercentage)
}
