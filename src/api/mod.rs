//! The sans-IO API layer: error bodies (and, as they land, request builders and response
//! parsers for every endpoint). No I/O happens here: the caller's HTTP client sends requests.

mod error_body;
pub(crate) mod url;

pub use error_body::{
    ErrorBody, FieldError, MulticallCap, MulticallFailure, MulticallFailureReason, NestMessage,
    RequestPaidStatus, ZodIssue,
};
