//! Calldata build and strict decode, each beside the raw `alloy-sol-types` encoding or strict
//! decoding of the same call.
//!
//! `cargo bench --features fixtures --bench calldata`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(missing_docs)]

mod ops;

ops::bench_main!(ops::calldata);
