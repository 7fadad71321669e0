//! Allocation counts and a fixed workload for callgrind: `verify_slice` of a pay response (the
//! bench's multicall of 1, 10 or 150 children, its cross-chain one of 1 or 20, or the one-payment
//! single response `tests/data/pay/single_erc20_fees.json`) beside `serde_json::from_slice::<Value>`
//! of the same bytes.
//!
//! - `cargo bench --features fixtures --bench profile` (also run by `cargo test --benches`):
//!   prints the allocator calls of parsing and of verifying each case and fails if the
//!   one-payment single response takes more than [`MAX_ONE_PAYMENT_ALLOCATIONS`].
//! - `profile <case> <ours|value> <iterations>`: the workload `benches/callgrind.sh` measures
//!   (it runs 1 and 1 + N iterations and reports the difference per iteration).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

mod ops;

use std::alloc::System;
use std::hint::black_box;

use securepay::pay::PayResponse;
use securepay::verify::{Expectation, verify, verify_slice};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The most allocator calls (allocations and reallocations) `verify_slice` may make for the
/// one-payment single response, parse and verification together: 39 since issue 37 rendered
/// the assumptions' text when asked (issue 28's goal was 40; 113 before the inline text, the
/// sorted lists and the inline references). A test in `tests/it` cannot count them: a counting
/// global allocator counts every thread of the test binary at once.
const MAX_ONE_PAYMENT_ALLOCATIONS: usize = 39;

/// The one-payment single response of `tests/data/pay/single_erc20_fees.json` and what was
/// agreed for it.
fn single() -> (Vec<u8>, Expectation) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pay/single_erc20_fees.json"
    );
    let bytes = std::fs::read(path).unwrap();
    let expectation = Expectation::from_str(
        r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
          "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50",
          "reference":"0xe23a6b02059c2b30"}]}"#,
    )
    .unwrap();
    (bytes, expectation)
}

/// The bytes and expectation of a case: `single`, `verify-<n>` or `cross-<n>`.
fn case(name: &str) -> (Vec<u8>, Expectation) {
    if name == "single" {
        return single();
    }
    let (kind, size) = name
        .split_once('-')
        .expect("a case: single, verify-N, cross-N");
    let size: usize = size.parse().expect("a number of children");
    match kind {
        "verify" => (ops::response_bytes(size), ops::expectation(size)),
        "cross" => (
            ops::cross_chain_bytes(size),
            ops::cross_chain_expectation(size),
        ),
        _ => panic!("unknown case {name}"),
    }
}

/// Allocator calls of `work`, after a warm-up run (the first run fills per-thread caches).
fn allocations<T>(mut work: impl FnMut() -> T) -> usize {
    drop(work());
    let region = Region::new(GLOBAL);
    let kept = work();
    let change = region.change();
    drop(kept);
    change.allocations + change.reallocations
}

fn report() {
    println!("| case | parse | verify (after the parse) | verify_slice | Value |");
    println!("|---|---:|---:|---:|---:|");
    let mut one_payment = None;
    for name in [
        "single",
        "verify-1",
        "verify-10",
        "verify-150",
        "cross-1",
        "cross-20",
    ] {
        let (bytes, expectation) = case(name);
        let verdict = verify_slice(&bytes, &expectation);
        assert!(verdict.is_safe(), "{name}: {verdict}");
        let parse = allocations(|| PayResponse::from_slice(&bytes).unwrap());
        let response = PayResponse::from_slice(&bytes).unwrap();
        let verification = allocations(|| verify(&response, &expectation));
        let whole = allocations(|| verify_slice(&bytes, &expectation));
        let value = allocations(|| serde_json::from_slice::<serde_json::Value>(&bytes).unwrap());
        println!("| {name} | {parse} | {verification} | {whole} | {value} |");
        if name == "single" {
            one_payment = Some(whole);
        }
    }
    let one_payment = one_payment.unwrap();
    assert!(
        one_payment <= MAX_ONE_PAYMENT_ALLOCATIONS,
        "verifying the one-payment response took {one_payment} allocator calls (at most {MAX_ONE_PAYMENT_ALLOCATIONS})"
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` and `cargo test --benches` probe targets this way
    }
    match args.as_slice() {
        [] => report(),
        [name, side, iterations] => {
            let (bytes, expectation) = case(name);
            let iterations: usize = iterations.parse().unwrap();
            match side.as_str() {
                "ours" => {
                    for _ in 0..iterations {
                        black_box(verify_slice(black_box(&bytes), &expectation));
                    }
                }
                "value" => {
                    for _ in 0..iterations {
                        black_box(
                            serde_json::from_slice::<serde_json::Value>(black_box(&bytes)).unwrap(),
                        );
                    }
                }
                _ => panic!("a side: ours or value"),
            }
        }
        _ => panic!("profile [<case> <ours|value> <iterations>]"),
    }
}
