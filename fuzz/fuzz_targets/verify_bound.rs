//! `verify::verify_slice`: the work is bounded by the response's bytes (DESIGN.md §6, "Bounded
//! work"): no count, index or length in the response sizes a loop or an allocation.
//!
//! Two modes, by the first byte:
//! - below 8: structured (`securepay_fuzz::bound`): the input describes a valid response of a
//!   shape and size and ops that blow it up (huge counts and indices, long index lists, many
//!   children or transactions, repeated calldata words, ABI offset bombs, long strings), and
//!   the expanded bytes are verified against the valid response's own expectation;
//! - otherwise: the input is the response body, verified against four fixed expectations
//!   (same-chain multicall, Tron, cross-chain multicall, legacy batch).
//!
//! Each verification is timed: above `BASE + PER_BYTE × len` it panics (the best of three runs
//! counts, so a run preempted on a shared machine is not a finding). Its memory is counted too
//! (a counting global allocator): a peak above `MEM_BASE + MEM_PER_BYTE × len` bytes live at
//! once panics, so an amplification shows long before the process runs out of memory. Run
//! with `-rss_limit_mb=512 -timeout=2` as well.
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use securepay::verify::Expectation;
use securepay_fuzz::bound::{Counting, STRUCTURED_BELOW, expand, measure};
use securepay_fuzz::verify_cases;

/// Fixed cost allowed to any input (scheduling noise on a shared machine included).
const BASE: Duration = Duration::from_millis(50);

/// Allowed per byte of response. Valid responses of every shape take 3–30 ns per byte in a
/// fuzz build (release, no sanitizer; ~2x that with AddressSanitizer): this is ~30x above
/// the slowest, low enough that a quadratic step shows within the 8 MiB a response may have.
const PER_BYTE: Duration = Duration::from_nanos(1_000);

/// Memory allowed to any input, live at once during one verification.
const MEM_BASE: usize = 4 << 20;

/// Memory allowed per byte of response. Valid responses of every shape peak at 4–12 bytes per
/// byte (the typed response, the decoded calls, the verdict): this is ~5x above the largest.
const MEM_PER_BYTE: usize = 64;

#[global_allocator]
static GLOBAL: Counting = Counting;

/// `VERIFY_BOUND_REPORT=1`: print every measurement (bytes, time, ns per byte) to stderr.
fn report() -> bool {
    static REPORT: OnceLock<bool> = OnceLock::new();
    *REPORT.get_or_init(|| std::env::var_os("VERIFY_BOUND_REPORT").is_some())
}

fn check(bytes: &[u8], expectation: &Expectation, what: &str) {
    let limit = BASE + PER_BYTE * u32::try_from(bytes.len()).unwrap_or(u32::MAX);
    let memory_limit = MEM_BASE.saturating_add(MEM_PER_BYTE.saturating_mul(bytes.len()));
    let (mut best, memory) = measure(bytes, expectation);
    if report() {
        eprintln!(
            "verify_bound: {what}: {} bytes, {best:?}, {:.1} ns/byte, peak {memory} bytes, {:.1} bytes/byte",
            bytes.len(),
            best.as_nanos() as f64 / bytes.len().max(1) as f64,
            memory as f64 / bytes.len().max(1) as f64,
        );
    }
    if memory > memory_limit {
        panic!(
            "verify_slice of {} bytes ({what}) had {memory} bytes live at once, above the bound \
             {memory_limit} ({MEM_BASE} + {MEM_PER_BYTE} per byte)",
            bytes.len()
        );
    }
    for _ in 0..2 {
        if best <= limit {
            return;
        }
        best = best.min(measure(bytes, expectation).0);
    }
    if best > limit {
        panic!(
            "verify_slice of {} bytes ({what}) took {best:?} (best of 3), above the bound {limit:?} \
             ({BASE:?} + {PER_BYTE:?} per byte)",
            bytes.len()
        );
    }
}

fuzz_target!(|data: &[u8]| {
    match data.first() {
        Some(&shape) if shape < STRUCTURED_BELOW => {
            let (bytes, expectation) = expand(data);
            check(&bytes, expectation, "structured");
        }
        _ => {
            let cases = verify_cases();
            // same-chain multicall, Tron, cross-chain multicall, legacy batch
            for index in [3, 2, 4, 6] {
                if let Some(case) = cases.get(index) {
                    check(data, &case.expectation, case.name);
                }
            }
        }
    }
});
