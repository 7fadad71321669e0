//! Parsing and structurally validating pay responses of 1 to 1000 children, beside
//! `serde_json::from_slice::<Value>` of the same bytes.
//!
//! `cargo bench --features fixtures --bench pay`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(missing_docs)]

mod ops;

ops::bench_main!(ops::pay);
