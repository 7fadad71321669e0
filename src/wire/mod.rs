//! Pieces shared by the wire models of several layers: open enums of service values, decimal
//! text as the service writes it, bare JSON numbers as JavaScript reads them, transaction
//! hashes, percent-encoding, and the API's error bodies.
//!
//! This module sits just above [`amount`](crate::amount) and imports nothing else of the
//! crate, so `pay`, `webhook`, `partial` and `api` all take these pieces from here instead of
//! from one another. It is private: each public piece is re-exported where it has always been
//! public (`webhook::DecimalText`, `partial::TxHash`, `api::ErrorBody`…).

mod decimal;
mod error_body;
mod js_number;
pub(crate) mod json;
mod open_enum;
mod tx_hash;
pub(crate) mod url;

pub use decimal::DecimalText;
pub use error_body::{
    ErrorBody, FieldIssue, MulticallCap, MulticallFailure, MulticallFailureReason, NestMessage,
    RequestPaidStatus, ZodIssue,
};
pub use js_number::UnsafeJsonNumber;
pub use json::{EmptyInput, JsonError};
pub(crate) use open_enum::open_enum;
pub use tx_hash::{TxHash, TxHashError};
