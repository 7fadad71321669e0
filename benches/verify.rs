//! Verifying a pay response from its JSON bytes with `verify_slice` (parse, structural checks,
//! strict decoding of every call, accounting, summary) — a same-chain multicall of 1, 10, 150
//! and 1,000 children, a cross-chain one of 1 and 20 — beside `serde_json::from_slice::<Value>`
//! of the same bytes.
//!
//! `cargo bench --features fixtures --bench verify`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

mod ops;

fn benches(c: &mut criterion::Criterion) {
    ops::register(c, ops::verify_from_bytes());
}

criterion::criterion_group! { name = group; config = ops::config(); targets = benches }
criterion::criterion_main!(group);
