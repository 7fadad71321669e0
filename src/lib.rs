#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod address;
pub mod amount;
pub mod contracts;
pub mod currency;
mod error;
pub mod network;
pub mod offramp;
pub mod partial;
pub mod webhook;

#[cfg(feature = "cli")]
pub mod cli;

pub use error::Error;
