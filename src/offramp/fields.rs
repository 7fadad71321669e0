//! Local validation of the payer request bodies: the constraints of the OpenAPI description
//! (required fields, `YYYY-MM-DD` dates, 2-letter countries, 3-letter currencies, E.164
//! phones, e-mail addresses), and the client user id used in paths.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::wire::JsonError;

/// One field that does not meet its constraint.
///
/// ```
/// use securepay::offramp::{CreatePayer, FieldError};
///
/// let json = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-individualBeneficiary.json"));
/// let bad = json.replace(r#""country": "US""#, r#""country": "USA""#);
/// let error = CreatePayer::from_str(&bad).unwrap_err();
/// assert_eq!(error.fields(), [FieldError::NotACountryCode { field: "country", value: "USA".into() }]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FieldError {
    /// A required field is empty or blank.
    #[error("{field} is required")]
    Missing {
        /// The field's wire name.
        field: &'static str,
    },
    /// Not a real calendar date written `YYYY-MM-DD`.
    #[error("{field} {value:?} is not a date written YYYY-MM-DD")]
    NotADate {
        /// The field's wire name.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// Not two ASCII letters (ISO 3166-1 alpha-2).
    #[error("{field} {value:?} is not a 2-letter country code")]
    NotACountryCode {
        /// The field's wire name.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// Not three ASCII letters (ISO 4217).
    #[error("{field} {value:?} is not a 3-letter currency code")]
    NotACurrencyCode {
        /// The field's wire name.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// Not an e-mail address (`local@domain.tld`, no spaces).
    #[error("{field} {value:?} is not an e-mail address")]
    NotAnEmail {
        /// The field's wire name.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// Not an E.164 phone number (`^\+?[1-9]\d{1,14}$`).
    #[error("{field} {value:?} is not an E.164 phone number (+ and 2 to 15 digits, no spaces)")]
    NotAPhoneNumber {
        /// The field's wire name.
        field: &'static str,
        /// The value.
        value: String,
    },
    /// Not one of the values the API accepts.
    #[error("{field} {value:?} is not one of {allowed}")]
    NotAllowed {
        /// The field's wire name.
        field: &'static str,
        /// The value.
        value: String,
        /// The accepted values.
        allowed: &'static str,
    },
    /// The client user id cannot name a payer.
    #[error("clientUserId {value:?} {reason}")]
    InvalidClientUserId {
        /// The value.
        value: String,
        /// What is wrong.
        reason: &'static str,
    },
}

/// Why a payer request body was refused: every field that does not meet its constraint.
///
/// ```
/// use securepay::offramp::{CreatePayer, FieldError, PayerBodyError};
///
/// let error = CreatePayer::from_str(r#"{"clientUserId": "user-123"}"#).unwrap_err();
/// assert_eq!(error.fields().len(), 13); // every absent required field is named
/// assert_eq!(error.fields()[0], FieldError::Missing { field: "email" });
/// let error = CreatePayer::from_str("[]").unwrap_err();
/// assert_eq!(error, PayerBodyError::NotAnObject); // a body is a JSON object
/// assert!(error.fields().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PayerBodyError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// One or more fields are invalid (all of them are listed).
    #[error("{} invalid field(s): {}", .0.len(), list(.0))]
    Invalid(Vec<FieldError>),
    /// The body is not a JSON object (an array, a number…): a body is one.
    #[error("the body is not the expected JSON object: expected a JSON object")]
    NotAnObject,
    /// The body is not the expected JSON object (not JSON, a field of the wrong type, a field
    /// given twice). The `serde_json::Error` (line, column, category) is the
    /// [`source()`](std::error::Error::source).
    #[error("the body is not the expected JSON object: {0}")]
    NotJson(#[source] JsonError),
}

impl PayerBodyError {
    /// The invalid fields.
    ///
    /// ```
    /// use securepay::offramp::{CreatePayer, FieldError};
    ///
    /// let json = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-individualBeneficiary.json"))
    ///     .replace("+12125551234", "0212 555 1234")
    ///     .replace("1985-12-12", "12/12/1985");
    /// let error = CreatePayer::from_str(&json).unwrap_err();
    /// assert_eq!(error.fields().len(), 2); // every invalid field, in the body's order
    /// assert!(matches!(error.fields()[0], FieldError::NotADate { field: "dateOfBirth", .. }));
    /// assert!(matches!(error.fields()[1], FieldError::NotAPhoneNumber { field: "phone", .. }));
    /// ```
    pub fn fields(&self) -> &[FieldError] {
        match self {
            PayerBodyError::Invalid(errors) => errors,
            PayerBodyError::Empty(_) | PayerBodyError::NotAnObject | PayerBodyError::NotJson(_) => {
                &[]
            }
        }
    }
}

fn list(errors: &[FieldError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Collects the field errors of one body.
#[derive(Debug, Default)]
pub(crate) struct Checks(Vec<FieldError>);

impl Checks {
    pub(crate) fn finish(self) -> Result<(), PayerBodyError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(PayerBodyError::Invalid(self.0))
        }
    }

    pub(crate) fn push(&mut self, error: FieldError) {
        self.0.push(error);
    }

    /// A required text: not empty, not only whitespace.
    pub(crate) fn required(&mut self, field: &'static str, value: &str) -> bool {
        let present = !value.trim().is_empty();
        if !present {
            self.0.push(FieldError::Missing { field });
        }
        present
    }

    pub(crate) fn date(&mut self, field: &'static str, value: &str) {
        if self.required(field, value) && !is_date(value) {
            self.0.push(FieldError::NotADate {
                field,
                value: value.to_owned(),
            });
        }
    }

    pub(crate) fn country(&mut self, field: &'static str, value: &str) {
        if self.required(field, value) && !is_letters(value, 2) {
            self.0.push(FieldError::NotACountryCode {
                field,
                value: value.to_owned(),
            });
        }
    }

    pub(crate) fn currency(&mut self, field: &'static str, value: &str) {
        if self.required(field, value) && !is_letters(value, 3) {
            self.0.push(FieldError::NotACurrencyCode {
                field,
                value: value.to_owned(),
            });
        }
    }

    pub(crate) fn email(&mut self, field: &'static str, value: &str) {
        if self.required(field, value) && !is_email(value) {
            self.0.push(FieldError::NotAnEmail {
                field,
                value: value.to_owned(),
            });
        }
    }

    pub(crate) fn phone(&mut self, field: &'static str, value: &str) {
        if self.required(field, value) && !is_e164(value) {
            self.0.push(FieldError::NotAPhoneNumber {
                field,
                value: value.to_owned(),
            });
        }
    }

    /// A value from a closed set; `value` is `None` when the field is optional and absent.
    pub(crate) fn one_of(
        &mut self,
        field: &'static str,
        value: &str,
        allowed: &'static [&'static str],
        listed: &'static str,
    ) {
        if self.required(field, value) && !allowed.contains(&value) {
            self.0.push(FieldError::NotAllowed {
                field,
                value: value.to_owned(),
                allowed: listed,
            });
        }
    }
}

fn is_letters(value: &str, len: usize) -> bool {
    value.len() == len && value.bytes().all(|b| b.is_ascii_alphabetic())
}

/// `YYYY-MM-DD`, and a day that exists (leap years included).
fn is_date(value: &str) -> bool {
    let bytes = value.as_bytes();
    let shape = bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        });
    if !shape {
        return false;
    }
    let number = |range: std::ops::Range<usize>| {
        value
            .get(range)
            .and_then(|s| s.parse::<u32>().ok())
            .unwrap_or(0)
    };
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// One `@`, a non-empty local part, a dotted domain with non-empty labels, no whitespace or
/// control characters, at most 254 bytes.
fn is_email(value: &str) -> bool {
    if value.len() > 254 || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && domain.split('.').all(|label| !label.is_empty())
}

/// The OpenAPI pattern `^\+?[1-9]\d{1,14}$`.
fn is_e164(value: &str) -> bool {
    let digits = value.strip_prefix('+').unwrap_or(value);
    (2..=15).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0')
}

/// Your id of a payer (`clientUserId`): in request bodies and in the paths
/// `/v2/payer/{clientUserId}` and `/v2/payer/{clientUserId}/payment-details`.
///
/// Any non-empty text without control characters or surrounding whitespace; in paths it is
/// percent-encoded, so an id such as `a/b` or `../x` cannot reach another path.
///
/// ```
/// use securepay::offramp::ClientUserId;
///
/// let id = ClientUserId::parse("user-123")?;
/// assert_eq!(id.as_str(), "user-123");
/// let tricky = ClientUserId::parse("../admin?x=1")?;
/// let key = securepay::api::Credential::api_key("sk_test")?;
/// let request = securepay::api::Api::new().list_payment_details(&key, &tricky, None)?;
/// assert_eq!(request.uri().path(), "/v2/payer/..%2Fadmin%3Fx%3D1/payment-details");
/// assert!(ClientUserId::parse("").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClientUserId(String);

impl ClientUserId {
    /// Checks a client user id.
    ///
    /// ```
    /// use securepay::offramp::{ClientUserId, FieldError};
    ///
    /// assert_eq!(ClientUserId::parse("user_test123456789")?.as_str(), "user_test123456789");
    /// assert!(matches!(ClientUserId::parse(" user-123"), Err(FieldError::InvalidClientUserId { .. })));
    /// assert!(ClientUserId::parse("..").is_err()); // a path step, not an id
    /// # Ok::<(), FieldError>(())
    /// ```
    pub fn parse(text: &str) -> Result<ClientUserId, FieldError> {
        let invalid = |reason| FieldError::InvalidClientUserId {
            value: text.to_owned(),
            reason,
        };
        if text.is_empty() {
            return Err(invalid("is empty"));
        }
        if text.chars().any(char::is_control) {
            return Err(invalid("contains a control character"));
        }
        if text.trim() != text {
            return Err(invalid("has whitespace around it"));
        }
        if text == "." || text == ".." {
            return Err(invalid("is a path step, not an id"));
        }
        Ok(ClientUserId(text.to_owned()))
    }

    /// The id.
    ///
    /// ```
    /// use securepay::offramp::ClientUserId;
    ///
    /// let id: ClientUserId = "user 123".parse()?;
    /// assert_eq!(id.as_str(), "user 123"); // as given; only paths encode it
    /// # Ok::<(), securepay::offramp::FieldError>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ClientUserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for ClientUserId {
    type Err = FieldError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ClientUserId::parse(text)
    }
}

impl Serialize for ClientUserId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ClientUserId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, ClientUserId::parse)
    }
}

/// Reads a request body that must be a JSON object (serde would also take a struct written
/// as an array of its fields in order; a body is never that).
pub(crate) fn read_object<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, PayerBodyError> {
    crate::wire::EmptyInput::check(json.as_bytes(), "a request body (a JSON object)")?;
    if !crate::serde_util::opens_object(json.as_bytes()) {
        return Err(PayerBodyError::NotAnObject);
    }
    serde_json::from_str(json).map_err(|e| PayerBodyError::NotJson(e.into()))
}
