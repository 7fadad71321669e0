//! Detecting a request's payments from an `eth_getLogs` answer of 10 to 10,000 ERC20FeeProxy
//! logs (half of them the request's): reading the JSON strictly, decoding each event, matching
//! it and settling, beside `serde_json::from_slice::<Value>` of the same bytes and beside the
//! raw way (`Value`, hex, `sol!` strict decode, the same match).
//!
//! `cargo bench --features fixtures --bench detect`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(missing_docs)]

mod ops;

ops::bench_main!(ops::detect_comparisons);
