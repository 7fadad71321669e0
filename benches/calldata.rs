//! Calldata build and strict decode, each beside the raw `alloy-sol-types` encoding or strict
//! decoding of the same call.
//!
//! `cargo bench --features fixtures --bench calldata`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

mod ops;

fn benches(c: &mut criterion::Criterion) {
    ops::register(c, ops::calldata());
}

criterion::criterion_group! { name = group; config = ops::config(); targets = benches }
criterion::criterion_main!(group);
