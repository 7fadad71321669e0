//! The command line's integration tests, one binary: a module per subcommand family.
//! `common` runs the built `securepay` and shares the library's test helpers.

// Test code may unwrap, index and panic: a failure is the report.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::unwrap_used
)]

mod common;

mod bounds;
mod calldata_vectors;
mod cli;
mod decode_lifi;
mod detect_cli;
mod encode_rules;
mod encode_stream;
mod fuzz_regressions;
mod policy_cli;
mod readers;
mod readme;
mod streams;
mod webhook_cli;
