//! Secure-payment tokens (ULIDs) and secure-payment statuses.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ulid::Ulid;

/// Why text is not a secure-payment token.
///
/// ```
/// use securepay_core::pay::{SecurePaymentToken, TokenError};
///
/// let error = SecurePaymentToken::parse("01JD3E6JD46KY4KKV7X9V0MZ7U").unwrap_err();
/// assert!(matches!(error, TokenError::InvalidCharacter { character: 'U', .. }));
/// assert!(matches!(SecurePaymentToken::parse("81JD3E6JD46KY4KKV7X9V0MZ7W"), Err(TokenError::Overflow(_))));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TokenError {
    /// Not 26 characters.
    #[error("secure payment token {text:?} has {len} characters; a ULID has 26")]
    WrongLength {
        /// The text.
        text: String,
        /// Its length in characters.
        len: usize,
    },
    /// A character outside Crockford's Base32 (`I`, `L`, `O`, `U` are not used).
    #[error("secure payment token {text:?} contains {character:?}, which is not Crockford Base32")]
    InvalidCharacter {
        /// The text.
        text: String,
        /// The character.
        character: char,
    },
    /// A first character above `7`: the value does not fit 128 bits.
    #[error("secure payment token {0:?} overflows 128 bits (its first character must be 0-7)")]
    Overflow(String),
}

/// A secure-payment token: a ULID (26 characters of Crockford Base32). Input is
/// case-insensitive; `Display` and serde write the canonical uppercase form.
///
/// ```
/// use securepay_core::pay::SecurePaymentToken;
///
/// let token: SecurePaymentToken = "01jd3e6jd46ky4kkv7x9v0mz7w".parse()?;
/// assert_eq!(token.to_string(), "01JD3E6JD46KY4KKV7X9V0MZ7W");
/// assert!("01ABC123DEF456GHI789JKL".parse::<SecurePaymentToken>().is_err()); // 23 characters
/// # Ok::<(), securepay_core::pay::TokenError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SecurePaymentToken(Ulid);

impl SecurePaymentToken {
    /// Parses a ULID, case-insensitively.
    ///
    /// ```
    /// use securepay_core::pay::{SecurePaymentToken, TokenError};
    ///
    /// let token = SecurePaymentToken::parse("01jd3e6jd46ky4kkv7x9v0mz7w")?;
    /// assert_eq!(token, SecurePaymentToken::parse("01JD3E6JD46KY4KKV7X9V0MZ7W")?);
    /// assert_eq!(
    ///     SecurePaymentToken::parse("01JD3E6JD46KY4KKV7X9V0MZ7"),
    ///     Err(TokenError::WrongLength { text: "01JD3E6JD46KY4KKV7X9V0MZ7".into(), len: 25 }),
    /// );
    /// # Ok::<(), TokenError>(())
    /// ```
    pub fn parse(text: &str) -> Result<SecurePaymentToken, TokenError> {
        let len = text.chars().count();
        if len != 26 {
            return Err(TokenError::WrongLength {
                text: text.to_owned(),
                len,
            });
        }
        const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
        if let Some(character) = text
            .chars()
            .find(|c| !ALPHABET.contains(c.to_ascii_uppercase()))
        {
            return Err(TokenError::InvalidCharacter {
                text: text.to_owned(),
                character,
            });
        }
        if !text.starts_with(|c: char| ('0'..='7').contains(&c)) {
            return Err(TokenError::Overflow(text.to_owned()));
        }
        Ulid::from_string(&text.to_ascii_uppercase())
            .map(SecurePaymentToken)
            .map_err(|_| TokenError::Overflow(text.to_owned()))
    }

    /// Wraps a ULID.
    ///
    /// ```
    /// use securepay_core::pay::SecurePaymentToken;
    /// use ulid::Ulid;
    ///
    /// let token = SecurePaymentToken::from_ulid(Ulid::from_parts(1_732_061_120_932, 0));
    /// assert_eq!(token.to_string(), "01JD3E6JD40000000000000000");
    /// ```
    pub const fn from_ulid(ulid: Ulid) -> SecurePaymentToken {
        SecurePaymentToken(ulid)
    }

    /// The ULID.
    ///
    /// ```
    /// use securepay_core::pay::SecurePaymentToken;
    ///
    /// let token: SecurePaymentToken = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
    /// assert_eq!(token.ulid().timestamp_ms(), 1_732_061_120_932); // 2024-11-20T00:05:20.932Z
    /// # Ok::<(), securepay_core::pay::TokenError>(())
    /// ```
    pub const fn ulid(&self) -> Ulid {
        self.0
    }
}

impl fmt::Display for SecurePaymentToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.to_string())
    }
}

impl FromStr for SecurePaymentToken {
    type Err = TokenError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SecurePaymentToken::parse(s)
    }
}

impl Serialize for SecurePaymentToken {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for SecurePaymentToken {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, SecurePaymentToken::parse)
    }
}

/// The status of a secure payment. An open enum: a status the service adds later is kept as
/// [`SecurePaymentStatus::Other`] with its text.
///
/// ```
/// use securepay_core::pay::SecurePaymentStatus;
///
/// let status: SecurePaymentStatus = serde_json::from_str(r#""partially_settled""#)?;
/// assert_eq!(status, SecurePaymentStatus::PartiallySettled);
/// let later: SecurePaymentStatus = serde_json::from_str(r#""refunded""#)?;
/// assert_eq!(later, SecurePaymentStatus::Other("refunded".into()));
/// assert_eq!(serde_json::to_string(&later)?, r#""refunded""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SecurePaymentStatus {
    /// `pending`: payable.
    Pending,
    /// `completed`: paid (the pay endpoint answers 409).
    Completed,
    /// `expired`: 7 days passed (403).
    Expired,
    /// `invalidated` (403).
    Invalidated,
    /// `compliance_failed`: screening refused the payment (403).
    ComplianceFailed,
    /// `partially_settled`: some children of a multicall are paid.
    PartiallySettled,
    /// A status this version does not know.
    Other(String),
}

impl SecurePaymentStatus {
    /// The API's spelling.
    ///
    /// ```
    /// use securepay_core::pay::SecurePaymentStatus;
    ///
    /// assert_eq!(SecurePaymentStatus::ComplianceFailed.as_str(), "compliance_failed");
    /// assert_eq!(SecurePaymentStatus::Other("refunded".into()).as_str(), "refunded");
    /// ```
    pub fn as_str(&self) -> &str {
        match self {
            SecurePaymentStatus::Pending => "pending",
            SecurePaymentStatus::Completed => "completed",
            SecurePaymentStatus::Expired => "expired",
            SecurePaymentStatus::Invalidated => "invalidated",
            SecurePaymentStatus::ComplianceFailed => "compliance_failed",
            SecurePaymentStatus::PartiallySettled => "partially_settled",
            SecurePaymentStatus::Other(text) => text,
        }
    }

    /// Reads the API's spelling; unknown values are kept.
    ///
    /// ```
    /// use securepay_core::pay::SecurePaymentStatus;
    ///
    /// assert_eq!(SecurePaymentStatus::parse("expired"), SecurePaymentStatus::Expired);
    /// assert_eq!(SecurePaymentStatus::parse("Expired"), SecurePaymentStatus::Other("Expired".into()));
    /// ```
    pub fn parse(text: &str) -> SecurePaymentStatus {
        match text {
            "pending" => SecurePaymentStatus::Pending,
            "completed" => SecurePaymentStatus::Completed,
            "expired" => SecurePaymentStatus::Expired,
            "invalidated" => SecurePaymentStatus::Invalidated,
            "compliance_failed" => SecurePaymentStatus::ComplianceFailed,
            "partially_settled" => SecurePaymentStatus::PartiallySettled,
            other => SecurePaymentStatus::Other(other.to_owned()),
        }
    }

    /// Whether a payer may still pay (pending, or a multicall with children left to pay).
    /// Unknown statuses are not payable (fail closed).
    ///
    /// ```
    /// use securepay_core::pay::SecurePaymentStatus;
    ///
    /// assert!(SecurePaymentStatus::Pending.is_payable());
    /// assert!(SecurePaymentStatus::PartiallySettled.is_payable()); // children left to pay
    /// assert!(!SecurePaymentStatus::Completed.is_payable());
    /// assert!(!SecurePaymentStatus::parse("on_hold").is_payable()); // unknown: fail closed
    /// ```
    pub fn is_payable(&self) -> bool {
        matches!(
            self,
            SecurePaymentStatus::Pending | SecurePaymentStatus::PartiallySettled
        )
    }
}

impl fmt::Display for SecurePaymentStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for SecurePaymentStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for SecurePaymentStatus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| {
            Ok::<_, core::convert::Infallible>(SecurePaymentStatus::parse(text))
        })
    }
}
