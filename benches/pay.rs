//! Parsing and structurally validating pay responses of 1 to 1000 children, beside
//! `serde_json::from_slice::<Value>` of the same bytes.
//!
//! `cargo bench --features fixtures --bench pay`; `cargo bench --features fixtures --bench report` then prints the README table.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

mod ops;

fn benches(c: &mut criterion::Criterion) {
    ops::register(c, ops::pay());
}

criterion::criterion_group! { name = group; config = ops::config(); targets = benches }
criterion::criterion_main!(group);
