//! Primitives: amounts and addresses, each beside alloy's or bs58's own parser.
//!
//! `cargo bench --features fixtures --bench primitives`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

mod ops;

fn benches(c: &mut criterion::Criterion) {
    ops::register(c, ops::primitives());
}

criterion::criterion_group! { name = group; config = ops::config(); targets = benches }
criterion::criterion_main!(group);
