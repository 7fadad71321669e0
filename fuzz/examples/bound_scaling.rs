//! How `verify_slice` scales on structured `verify_bound` inputs (`securepay_fuzz::bound`):
//! for each series, the input with a growing length parameter, its expanded size, the best of
//! three times and the nanoseconds per byte, the peak memory per byte. A per-byte figure that
//! grows with the size is a superlinear step; a large one is an amplification. This is how
//! the target's bounds were calibrated: run it on a release build.
//!
//! ```sh
//! cargo +nightly run --release --manifest-path fuzz/Cargo.toml --example bound_scaling [series]
//! ```

use std::time::Duration;

use securepay::verify::Expectation;
use securepay_fuzz::bound::{Counting, expand, measure};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The best time of three runs, and the peak memory of one.
fn best_of_three(bytes: &[u8], expectation: &Expectation) -> (Duration, usize) {
    let (time, memory) = measure(bytes, expectation);
    let time = (0..2).fold(time, |best, _| best.min(measure(bytes, expectation).0));
    (time, memory)
}

/// A series: a name and the input for a length parameter `n` (`u16`, times a multiplier).
type Series = (&'static str, fn(u16) -> Vec<u8>);

fn main() {
    let series: Vec<Series> = vec![
        ("feeTransactionIndices shuffled, 10 children", |n| {
            let [x, y] = n.to_le_bytes();
            vec![3, 3, 1, 0, 3, x, y, 0]
        }),
        ("feeTransactionIndices ascending, 10 children", |n| {
            let [x, y] = n.to_le_bytes();
            vec![3, 3, 1, 0, 0, x, y, 0]
        }),
        ("approvalTransactionIndices shuffled in range", |n| {
            let [x, y] = n.to_le_bytes();
            vec![3, 3, 1, 1, 6, x, y, 0]
        }),
        ("bridgeTxIndices huge values, cross-chain", |n| {
            let [x, y] = n.to_le_bytes();
            vec![5, 3, 1, 2, 5, x, y, 0]
        }),
        ("children repeated, renumbered", |n| {
            let [x, y] = n.to_le_bytes();
            vec![3, 2, 2, 1, 3, x, y]
        }),
        ("transactions repeated", |n| {
            let [x, y] = n.to_le_bytes();
            vec![3, 2, 2, 0, 0, x, y]
        }),
        ("eoaApprovalTransactions from transactions", |n| {
            let [x, y] = n.to_le_bytes();
            vec![3, 2, 2, 10, 0, x, y]
        }),
        ("feeBundle.fees repeated", |n| {
            let [x, y] = n.to_le_bytes();
            vec![7, 3, 2, 2, 0, x, y]
        }),
        ("batch calldata words repeated", |n| {
            let [x, y] = n.to_le_bytes();
            vec![6, 3, 3, 1, 6, 0, 0, x, y]
        }),
        ("bridge offset bomb", |n| {
            let [x, y] = n.to_le_bytes();
            vec![5, 1, 5, 1, 0, 0, x, y]
        }),
        ("rawStep wide", |n| {
            let [x, y] = n.to_le_bytes();
            vec![3, 1, 7, 100, x, y]
        }),
        ("long string", |n| {
            let [x, y] = n.to_le_bytes();
            vec![3, 1, 6, 0, 0, 1, x, y, 15]
        }),
    ];
    let only = std::env::args().nth(1);
    for (name, input) in series {
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        println!("{name}");
        for n in [1_000u16, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000] {
            let (bytes, expectation) = expand(&input(n));
            let (time, memory) = best_of_three(&bytes, expectation);
            let len = bytes.len().max(1) as f64;
            println!(
                "  n {n:>6}: {:>9} bytes {:>12.3?} {:>8.1} ns/byte {:>6.1} bytes/byte",
                bytes.len(),
                time,
                time.as_nanos() as f64 / len,
                memory as f64 / len,
            );
        }
    }
}
