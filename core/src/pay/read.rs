//! What the one reader of pay response bodies ([`PayResponse::from_slice`]) reads at most:
//! [`MAX_RESPONSE_BYTES`] of text, [`MAX_CHILDREN`] entries in each list of a multicall's
//! children; and why it refuses a body. Every entry point (the library's `from_slice` and
//! `verify_slice`, the command line, the WebAssembly package) reads a body through it.
//!
//! [`PayResponse::from_slice`]: super::PayResponse::from_slice

use crate::prelude::*;

use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};

use crate::wire::JsonError;

/// The largest pay response read: 8 MiB. The service caps a multicall at 150 children (its
/// documented deployed cap; [`MAX_CHILDREN`] at most); a 150-child cross-chain multicall is well
/// under 1 MiB.
pub const MAX_RESPONSE_BYTES: usize = 8 * 1024 * 1024;

/// The most children a multicall has: `POST /v2/secure-payments/multicall-payouts` takes at
/// most 1,000 `childTokens` (the OpenAPI's `maxItems`). `children` and each list that mirrors
/// them (`childTokens`, `requestIds`, `payees`, `amounts`, `references`, `destinationCalls`)
/// longer than this is refused as it is read, before it is built.
pub const MAX_CHILDREN: usize = 1_000;

/// The most entries of a list of transaction indices in `metadata`
/// (`approvalTransactionIndices`, `feeTransactionIndices`, `bridgeTxIndices`): 65,536. Each
/// index names a transaction with calldata (an approval, a fee payment, a bridge deposit), at
/// least 128 bytes of text each (its `to`, a selector and two words of `data`), so a body of
/// [`MAX_RESPONSE_BYTES`] holds fewer such transactions than this. A longer list is refused as
/// it is read: 8 MiB of `0,` would otherwise be 4 million indices of 8 bytes each.
///
/// ```
/// use securepay_core::pay::{PayResponse, MAX_TRANSACTION_INDICES};
///
/// let body = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/multicall_same_chain.json"));
/// let mut body: serde_json::Value = serde_json::from_str(body)?;
/// body["metadata"]["feeTransactionIndices"] = vec![0; MAX_TRANSACTION_INDICES + 1].into();
/// let error = PayResponse::from_slice(body.to_string().as_bytes()).unwrap_err();
/// assert!(error.to_string().starts_with("`feeTransactionIndices` has more than 65536 entries"));
/// # Ok::<(), serde_json::Error>(())
/// ```
pub const MAX_TRANSACTION_INDICES: usize = MAX_RESPONSE_BYTES / 128;

/// Why bytes are not a pay response.
///
/// ```
/// use securepay_core::pay::{PayResponse, PayResponseError, MAX_RESPONSE_BYTES};
///
/// let huge = vec![b' '; MAX_RESPONSE_BYTES + 1];
/// let error = PayResponse::from_slice(&huge).unwrap_err();
/// assert!(matches!(error, PayResponseError::TooLarge { size } if size == MAX_RESPONSE_BYTES + 1));
/// assert_eq!(error.to_string(), "the response is 8388609 bytes, above the 8388608 bytes a pay response may have");
/// assert!(matches!(PayResponse::from_slice(b"[]"), Err(PayResponseError::NotAnObject)));
/// assert!(matches!(PayResponse::from_slice(b"{}"), Err(PayResponseError::Json(_))));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PayResponseError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// More than [`MAX_RESPONSE_BYTES`]: refused before anything is read.
    #[error(
        "the response is {size} bytes, above the {MAX_RESPONSE_BYTES} bytes a pay response may have"
    )]
    TooLarge {
        /// The body's size.
        size: usize,
    },
    /// Not a JSON object: a body is an object (serde would also take a struct written as an
    /// array of its fields).
    #[error("a pay response is a JSON object (starts with {{)")]
    NotAnObject,
    /// Not UTF-8 text.
    #[error("a pay response is UTF-8 text: invalid UTF-8 at byte {}", .0.valid_up_to())]
    NotUtf8(#[source] core::str::Utf8Error),
    /// JSON that is not a pay response of any shape: malformed, a missing field, a field the
    /// shape does not define, a list longer than its cap… serde_json's message; its error is
    /// the [`source()`](core::error::Error::source).
    #[error("{0}")]
    Json(#[source] JsonError),
}

/// Reads an optional list of at most [`MAX_CHILDREN`] entries (`null` is none): entry 1,001 is
/// refused as it is read, so a longer list is never built.
pub(super) fn children_list<'de, D, T>(
    deserializer: D,
    field: &'static str,
) -> Result<Option<Vec<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    deserializer.deserialize_option(Optional(List {
        field,
        max: MAX_CHILDREN,
        why: "a multicall has at most 1000 children",
        items: PhantomData,
    }))
}

/// Reads an optional list of at most [`MAX_TRANSACTION_INDICES`] transaction indices.
pub(super) fn index_list<'de, D: Deserializer<'de>>(
    deserializer: D,
    field: &'static str,
) -> Result<Option<Vec<usize>>, D::Error> {
    deserializer.deserialize_option(Optional(List {
        field,
        max: MAX_TRANSACTION_INDICES,
        why: "each names a transaction with calldata, and 8 MiB holds fewer",
        items: PhantomData,
    }))
}

/// A list of at most `max` entries.
struct List<T> {
    field: &'static str,
    max: usize,
    /// Why no response needs more.
    why: &'static str,
    items: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> Visitor<'de> for List<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of at most {} entries", self.max)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(self.max));
        while let Some(item) = seq.next_element()? {
            if items.len() == self.max {
                return Err(de::Error::custom(format_args!(
                    "`{}` has more than {} entries: {}",
                    self.field, self.max, self.why
                )));
            }
            items.push(item);
        }
        Ok(items)
    }
}

/// `null` or a list.
struct Optional<T>(List<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for Optional<T> {
    type Value = Option<Vec<T>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "null or ")?;
        self.0.expecting(f)
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<Vec<T>>, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<Vec<T>>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<Vec<T>>, D::Error> {
        deserializer.deserialize_seq(self.0).map(Some)
    }
}
