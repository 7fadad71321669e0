//! The integration tests, one binary (one link instead of one per file): a module per area.
//! Test data is in `tests/data/`; `common` reads it and the copies of `../shared`.

// Test code may unwrap, index and panic: a failure is the report.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::string_slice,
    clippy::unwrap_used
)]

mod common;

mod abi_selectors;
mod address;
mod amount;
mod api;
mod architecture;
mod calldata;
mod contracts;
mod currency;
mod detect;
#[cfg(feature = "fixtures")]
mod erc7730;
mod error_sources;
mod evm;
mod fuzz_regressions;
mod interop;
mod lifi;
mod network;
mod offramp;
mod partial;
mod pay;
mod policy;
mod properties;
mod public_api;
mod readers;
mod reference_copies;
#[cfg(feature = "fixtures")]
mod tron;
mod verify;
mod version;
mod webhook;
mod wire_strings;
