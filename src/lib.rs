//! securepay: build, check and explain crypto payments for a hosted payment API.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod address;
pub mod amount;
pub mod contracts;
pub mod currency;
mod error;
pub mod network;

pub use error::Error;

#[cfg(feature = "cli")]
pub mod cli;
