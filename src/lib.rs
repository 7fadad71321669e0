#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod address;
pub mod amount;
pub mod api;
pub mod calldata;
pub mod contracts;
pub mod currency;
mod error;
pub mod network;
pub mod offramp;
pub mod partial;
pub mod pay;
pub mod policy;
mod serde_util;
pub mod transaction;
pub mod verify;
pub mod webhook;

#[cfg(feature = "cli")]
pub mod cli;

pub use error::Error;
