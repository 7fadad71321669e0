//! Verifying a pay response from its JSON bytes with `verify_slice` (parse, structural checks,
//! strict decoding of every call, accounting, summary) — a same-chain multicall of 1, 10, 150
//! and 1,000 children, a cross-chain one of 1 and 20 — beside `serde_json::from_slice::<Value>`
//! of the same bytes.
//!
//! `cargo bench --features fixtures --bench verify`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(missing_docs)]

mod ops;

ops::bench_main!(ops::verify_from_bytes);
