//! Delivery headers: the delivery id (the idempotency key), the retry count and the test flag.

use std::fmt;
use std::str::FromStr;

use http::HeaderMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ulid::Ulid;

/// The header carrying the unique delivery id (a ULID). Use it as the idempotency key.
pub const DELIVERY_HEADER: &str = "x-request-network-delivery";
/// The header carrying the retry attempt (`0` to `3` under the documented policy).
pub const RETRY_COUNT_HEADER: &str = "x-request-network-retry-count";
/// The header present (`true`) only on test deliveries (`POST /v1/webhook/test`).
pub const TEST_HEADER: &str = "x-request-network-test";

/// Why delivery headers were not accepted.
///
/// ```
/// use http::HeaderMap;
/// use securepay::webhook::{Delivery, DeliveryError, DELIVERY_HEADER, TEST_HEADER};
///
/// let mut headers = HeaderMap::new();
/// assert_eq!(Delivery::from_headers(&headers), Err(DeliveryError::MissingDeliveryId));
/// headers.insert(DELIVERY_HEADER, "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?);
/// headers.insert(TEST_HEADER, "yes".parse()?);
/// assert_eq!(Delivery::from_headers(&headers), Err(DeliveryError::InvalidTestFlag { value: "yes".into() }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DeliveryError {
    /// No `x-request-network-delivery` header.
    #[error("the request has no {DELIVERY_HEADER} header")]
    MissingDeliveryId,
    /// A delivery header appears more than once.
    #[error("the request has {count} {name} headers; exactly one is expected")]
    RepeatedHeader {
        /// The header name.
        name: &'static str,
        /// How many there are.
        count: usize,
    },
    /// The delivery id is not a ULID (26 Crockford base-32 characters, first one `0`-`7`).
    #[error(
        "delivery id {value:?} is not a ULID (26 Crockford base-32 characters, the first one 0-7)"
    )]
    InvalidDeliveryId {
        /// The header value (lossy if it was not UTF-8).
        value: String,
    },
    /// The retry count is not a small decimal number.
    #[error("retry count {value:?} is not a decimal number from 0 to 255")]
    InvalidRetryCount {
        /// The header value.
        value: String,
    },
    /// The test header is neither `true` nor `false`.
    #[error("{TEST_HEADER} is {value:?}; expected true or false")]
    InvalidTestFlag {
        /// The header value.
        value: String,
    },
}

/// A delivery id: the ULID of `x-request-network-delivery`.
///
/// Parsing is case-insensitive (Crockford base 32) and refuses a first character above `7`,
/// which would not fit 128 bits (a lenient decoder silently drops those bits, so two different
/// ids could collide). `Display` writes the canonical uppercase form.
///
/// ```
/// use securepay::webhook::DeliveryId;
///
/// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// assert_eq!(id, "01arz3ndektsv4rrffq69g5fav".parse()?);
/// assert_eq!(id.timestamp_ms(), 1_469_922_850_259);
/// assert!("81ARZ3NDEKTSV4RRFFQ69G5FAV".parse::<DeliveryId>().is_err());
/// assert_eq!(format!("{id:?}"), "DeliveryId(01ARZ3NDEKTSV4RRFFQ69G5FAV)"); // the ULID text
/// # Ok::<(), securepay::webhook::DeliveryError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeliveryId(Ulid);

impl fmt::Debug for DeliveryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DeliveryId({})", self.0)
    }
}

impl DeliveryId {
    /// Parses a ULID.
    ///
    /// ```
    /// use securepay::webhook::{DeliveryError, DeliveryId};
    ///
    /// assert_eq!(DeliveryId::parse("01arz3ndektsv4rrffq69g5fav")?.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// assert!(matches!(DeliveryId::parse("delivery-1"), Err(DeliveryError::InvalidDeliveryId { .. })));
    /// # Ok::<(), DeliveryError>(())
    /// ```
    pub fn parse(text: &str) -> Result<DeliveryId, DeliveryError> {
        let invalid = || DeliveryError::InvalidDeliveryId {
            value: text.to_owned(),
        };
        if !text
            .as_bytes()
            .first()
            .is_some_and(|b| (b'0'..=b'7').contains(b))
        {
            return Err(invalid());
        }
        Ulid::from_string(text)
            .map(DeliveryId)
            .map_err(|_| invalid())
    }

    /// The millisecond timestamp inside the ULID (when the service created the delivery).
    ///
    /// ```
    /// use securepay::webhook::DeliveryId;
    ///
    /// let id = DeliveryId::parse("01ARZ3NDEKTSV4RRFFQ69G5FAV")?;
    /// assert_eq!(id.timestamp_ms(), 1_469_922_850_259); // 2016-07-30T23:54:10.259Z
    /// # Ok::<(), securepay::webhook::DeliveryError>(())
    /// ```
    pub fn timestamp_ms(&self) -> u64 {
        self.0.timestamp_ms()
    }

    /// The ULID.
    ///
    /// ```
    /// use securepay::webhook::DeliveryId;
    ///
    /// let id = DeliveryId::parse("01ARZ3NDEKTSV4RRFFQ69G5FAV")?;
    /// assert_eq!(id.ulid().to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// # Ok::<(), securepay::webhook::DeliveryError>(())
    /// ```
    pub const fn ulid(&self) -> Ulid {
        self.0
    }
}

impl fmt::Display for DeliveryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for DeliveryId {
    type Err = DeliveryError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        DeliveryId::parse(text)
    }
}

impl Serialize for DeliveryId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for DeliveryId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, DeliveryId::parse)
    }
}

/// What the delivery headers say about one delivery.
///
/// ```
/// use http::HeaderMap;
/// use securepay::webhook::{Delivery, DELIVERY_HEADER, RETRY_COUNT_HEADER};
///
/// let mut headers = HeaderMap::new();
/// headers.insert(DELIVERY_HEADER, "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?);
/// headers.insert(RETRY_COUNT_HEADER, "2".parse()?);
/// let delivery = Delivery::from_headers(&headers)?;
/// assert_eq!(delivery.retry_count(), 2);
/// assert!(!delivery.is_test());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Delivery {
    id: DeliveryId,
    retry_count: u8,
    test: bool,
}

impl Delivery {
    /// Reads `x-request-network-delivery` (required), `x-request-network-retry-count`
    /// (absent means 0) and `x-request-network-test` (absent means false).
    ///
    /// ```
    /// use http::HeaderMap;
    /// use securepay::webhook::{Delivery, DeliveryError, DELIVERY_HEADER};
    ///
    /// let mut headers = HeaderMap::new();
    /// headers.insert(DELIVERY_HEADER, "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?);
    /// assert_eq!(Delivery::from_headers(&headers)?.retry_count(), 0); // absent: the first attempt
    /// headers.append(DELIVERY_HEADER, "01ARZ3NDEKTSV4RRFFQ69G5FAW".parse()?);
    /// assert!(matches!(Delivery::from_headers(&headers), Err(DeliveryError::RepeatedHeader { count: 2, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_headers(headers: &HeaderMap) -> Result<Delivery, DeliveryError> {
        let id = single(headers, DELIVERY_HEADER)?.ok_or(DeliveryError::MissingDeliveryId)?;
        let id = DeliveryId::parse(&id)?;
        let retry_count = match single(headers, RETRY_COUNT_HEADER)? {
            None => 0,
            Some(value) => {
                if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(DeliveryError::InvalidRetryCount { value });
                }
                value
                    .parse::<u8>()
                    .map_err(|_| DeliveryError::InvalidRetryCount { value })?
            }
        };
        let test = match single(headers, TEST_HEADER)?.as_deref() {
            None | Some("false") => false,
            Some("true") => true,
            Some(other) => {
                return Err(DeliveryError::InvalidTestFlag {
                    value: other.to_owned(),
                });
            }
        };
        Ok(Delivery {
            id,
            retry_count,
            test,
        })
    }

    /// The delivery id.
    ///
    /// ```
    /// use http::HeaderMap;
    /// use securepay::webhook::{Delivery, DELIVERY_HEADER};
    ///
    /// let mut headers = HeaderMap::new();
    /// headers.insert(DELIVERY_HEADER, "01arz3ndektsv4rrffq69g5fav".parse()?);
    /// assert_eq!(Delivery::from_headers(&headers)?.id().to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn id(&self) -> DeliveryId {
        self.id
    }

    /// The retry attempt: 0 for the first delivery.
    ///
    /// ```
    /// use http::HeaderMap;
    /// use securepay::webhook::{Delivery, DELIVERY_HEADER, RETRY_COUNT_HEADER};
    ///
    /// let mut headers = HeaderMap::new();
    /// headers.insert(DELIVERY_HEADER, "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?);
    /// headers.insert(RETRY_COUNT_HEADER, "3".parse()?);
    /// assert_eq!(Delivery::from_headers(&headers)?.retry_count(), 3); // the last retry (after 15 s)
    /// headers.insert(RETRY_COUNT_HEADER, "-1".parse()?);
    /// assert!(Delivery::from_headers(&headers).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn retry_count(&self) -> u8 {
        self.retry_count
    }

    /// Whether this is a test delivery (`x-request-network-test: true`): never fulfil on it.
    ///
    /// ```
    /// use http::HeaderMap;
    /// use securepay::webhook::{Delivery, DELIVERY_HEADER, TEST_HEADER};
    ///
    /// let mut headers = HeaderMap::new();
    /// headers.insert(DELIVERY_HEADER, "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?);
    /// headers.insert(TEST_HEADER, "true".parse()?);
    /// assert!(Delivery::from_headers(&headers)?.is_test()); // never fulfil on it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_test(&self) -> bool {
        self.test
    }
}

/// The value of a header that may appear at most once, as (lossy) text.
fn single(headers: &HeaderMap, name: &'static str) -> Result<Option<String>, DeliveryError> {
    let mut values = headers.get_all(name).iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    let extra = values.count();
    if extra > 0 {
        return Err(DeliveryError::RepeatedHeader {
            name,
            count: extra.saturating_add(1),
        });
    }
    Ok(Some(String::from_utf8_lossy(value.as_bytes()).into_owned()))
}
