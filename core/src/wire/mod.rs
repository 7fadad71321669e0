//! Pieces shared by the wire models of several layers: decimal text as the service writes it,
//! bare JSON numbers as JavaScript reads them, transaction hashes, the API's error bodies, and
//! the JSON reading rules (strict objects, no key twice) and percent-encoding.
//!
//! This module sits just above [`amount`](crate::amount) and imports nothing else of the
//! crate, so `pay` here and `webhook`, `partial` and `api` in `securepay` all take these
//! pieces from here instead of from one another. `securepay` re-exports each type where it has
//! always been public (`securepay::webhook::DecimalText`, `securepay::partial::TxHash`,
//! `securepay::api::ErrorBody`…); the reading helpers (`json`, `url`) are public only for
//! `securepay`'s layers, and hidden.

mod decimal;
mod error_body;
mod js_number;
#[doc(hidden)]
pub mod json;
mod tx_hash;
#[doc(hidden)]
pub mod url;

pub use decimal::DecimalText;
pub use error_body::{
    ErrorBody, FieldIssue, MulticallCap, MulticallFailure, MulticallFailureReason, NestMessage,
    RequestPaidStatus, ZodIssue,
};
pub use js_number::UnsafeJsonNumber;
pub use json::{EmptyInput, JsonError};
pub use tx_hash::{TxHash, TxHashError};
