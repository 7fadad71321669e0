//! The typed causes of [`SpecError`](super::SpecError): why a field was refused
//! ([`FieldError`]), and serde_json's error located in the text given ([`SpecJsonError`]).

use crate::prelude::*;

use core::fmt;

use crate::address::{ChainAddressError, EvmAddressError, TronAddressError};
use crate::amount::UintError;
use crate::calldata::{DecodeError, ReferenceError};
use crate::contracts::ContractsError;
use crate::network::NetworkError;
use crate::wire::JsonError;

/// Why a field of a call description was refused: the library's error for the value (its
/// [`source()`](core::error::Error::source)), or what the description lacks. Its message is
/// the text `securepay encode` prints after the field's name.
///
/// ```
/// use std::error::Error;
/// use securepay_core::amount::UintError;
/// use securepay_core::calldata::spec::{CallSpec, FieldError, SpecError};
///
/// let error = CallSpec::from_str(r#"{"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"1.5"}"#).unwrap_err();
/// let SpecError::Field { field, reason: FieldError::Uint(uint) } = &error else { panic!("{error}") };
/// assert_eq!(field, "amount");
/// assert_eq!(error.to_string(), format!("amount: {uint}"));
/// assert!(error.source().and_then(Error::source).is_some_and(|s| s.is::<UintError>()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FieldError {
    /// Not an integer in smallest units.
    #[error("{0}")]
    Uint(#[source] UintError),
    /// Not a network this library knows.
    #[error("{0}")]
    Network(#[source] NetworkError),
    /// Not an EVM address (no network, or `eip55`).
    #[error("{0}")]
    EvmAddress(#[source] EvmAddressError),
    /// An `eip55` address in mixed case whose checksum is wrong.
    #[error("mixed-case input with a {0}")]
    MixedCaseChecksum(#[source] EvmAddressError),
    /// Not an address of the description's network.
    #[error("{0}")]
    ChainAddress(#[source] ChainAddressError),
    /// Not a Tron address (`tron_address`).
    #[error("{0}")]
    TronAddress(#[source] TronAddressError),
    /// No deployment of the contract on the network in the table used.
    #[error("{0}")]
    Deployment(#[source] ContractsError),
    /// The built call does not decode strictly (a native batch's value is read from it).
    #[error("{0}")]
    Decode(#[source] DecodeError),
    /// A payment reference that cannot be derived.
    #[error("{0}")]
    Reference(#[source] ReferenceError),
    /// Not `0x`-prefixed even-length hex bytes: the text given.
    #[error("not 0x-prefixed even-length hex bytes: {0:?}")]
    NotHexBytes(String),
    /// Absent where it is required.
    #[error("missing")]
    Missing,
    /// A `token` without a `network`.
    #[error("only meaningful with network")]
    OnlyWithNetwork,
    /// A field that sets the value, without a `network`.
    #[error("only meaningful with network (it sets value)")]
    SetsValueWithoutNetwork,
    /// A field that sets the value, absent with a `network`.
    #[error("missing: needed with network to compute value")]
    ValueInputMissing,
    /// The token of `erc20_approve`/`erc20_transfer`, absent with a `network`.
    #[error("missing: needed with network")]
    TokenMissing,
    /// A fee above 0 without its recipient.
    #[error("missing: a fee above 0 needs its recipient")]
    FeeRecipientMissing,
    /// A `batchFee` that does not fit 32 bits.
    #[error("above 2^32 - 1")]
    BatchFeeAboveU32,
    /// No `batchFee` for a native batch whose contract charges one, with a `network`.
    #[error(
        "missing: the batch contract's on-chain rate (its batchFee(), per mille for BatchPayments, per ten thousand for BatchConversionPayments) is needed with network to compute value"
    )]
    BatchFeeMissing,
}

/// serde_json's error reading a call description, located in the text given: its message
/// and its [`source()`](core::error::Error::source), the `serde_json::Error`.
///
/// A description whose `kind` is not its first key is read from its text rewritten with
/// `kind` first; an error found there is located at the end of the object in the text given
/// (where reading that text itself reports it), and [`line`](SpecJsonError::line) and
/// [`column`](SpecJsonError::column) say so, while the `serde_json::Error`'s own position is
/// in the rewritten text.
///
/// ```
/// use std::error::Error;
/// use securepay_core::calldata::spec::{CallSpec, SpecError};
///
/// let text = "{\"spender\": \"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9\",\n \"kind\": \"erc20_approve\"}";
/// let error = CallSpec::from_str(text).unwrap_err();
/// let SpecError::Json(json) = &error else { panic!("{error}") };
/// assert_eq!(error.to_string(), "missing field `amount` at line 2 column 25");
/// assert_eq!((json.line(), json.column()), (2, 25));
/// assert!(json.get().is_data());
/// assert!(error.source().and_then(Error::source).is_some_and(|s| s.is::<serde_json::Error>()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecJsonError {
    json: JsonError,
    /// The line and column in the text given, when they are not the `serde_json::Error`'s.
    at: Option<(usize, usize)>,
}

impl SpecJsonError {
    /// `error` where serde_json located it.
    pub(super) fn new(error: serde_json::Error) -> SpecJsonError {
        SpecJsonError {
            json: error.into(),
            at: None,
        }
    }

    /// `error` (from reading the text rewritten with `kind` first) located at the end of the
    /// object `text`, where reading `text` itself would have reported it.
    pub(super) fn at_object_end(error: serde_json::Error, text: &str) -> SpecJsonError {
        let end = text.trim_end_matches([' ', '\t', '\n', '\r']).len();
        let before = text.get(..end).unwrap_or(text);
        let line = before.matches('\n').count().saturating_add(1);
        let column = before
            .len()
            .saturating_sub(before.rfind('\n').map_or(0, |i| i.saturating_add(1)));
        SpecJsonError {
            json: error.into(),
            at: Some((line, column)),
        }
    }

    /// The `serde_json::Error` (its position is in the text serde_json read).
    ///
    /// ```
    /// use securepay_core::calldata::spec::{CallSpec, SpecError};
    ///
    /// let Err(SpecError::Json(json)) = CallSpec::from_str("{") else { panic!() };
    /// assert!(json.get().is_eof());
    /// ```
    pub fn get(&self) -> &serde_json::Error {
        &self.json
    }

    /// The line of the error in the text given (1-based; 0 when the description was not read
    /// from text).
    ///
    /// ```
    /// use securepay_core::calldata::spec::{CallSpec, SpecError};
    ///
    /// let Err(SpecError::Json(json)) = CallSpec::from_str("{\n\"kind\": 1}") else { panic!() };
    /// assert_eq!((json.line(), json.column()), (2, 9));
    /// ```
    pub fn line(&self) -> usize {
        self.at.map_or(self.json.line(), |(line, _)| line)
    }

    /// The column of the error in the text given (1-based; 0 when the description was not
    /// read from text).
    ///
    /// ```
    /// use securepay_core::calldata::spec::{CallSpec, SpecError};
    /// use serde_json::json;
    ///
    /// let Err(SpecError::Json(json)) = CallSpec::from_value(&json!({"kind": 1})) else { panic!() };
    /// assert_eq!((json.line(), json.column()), (0, 0));
    /// ```
    pub fn column(&self) -> usize {
        self.at.map_or(self.json.column(), |(_, column)| column)
    }
}

impl fmt::Display for SpecJsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((line, column)) = self.at else {
            return fmt::Display::fmt(&*self.json, f);
        };
        let message = self.json.to_string();
        let message = match self.json.line() {
            0 => message.as_str(),
            at => message
                .strip_suffix(&format!(" at line {at} column {}", self.json.column()))
                .unwrap_or(&message),
        };
        write!(f, "{message} at line {line} column {column}")
    }
}

impl core::error::Error for SpecJsonError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(self.json.get())
    }
}
