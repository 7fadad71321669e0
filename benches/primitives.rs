//! Primitives: amounts and addresses, each beside alloy's or bs58's own parser.
//!
//! `cargo bench --features fixtures --bench primitives`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(missing_docs)]

mod ops;

ops::bench_main!(ops::primitives);
