//! The README's Performance table: for every operation of `benches/ops`, the criterion medians
//! of securepay and its baseline (from the last `cargo bench` run), their ratio, the time per
//! payee or child, and the number of allocator calls of one run of each side (counted here with
//! a counting global allocator).
//!
//! `cargo bench --features fixtures --bench primitives --bench calldata --bench pay --bench verify --bench detect && cargo bench --features fixtures --bench report`
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

mod ops;

use std::alloc::System;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Allocator calls (allocations and reallocations) of one run, after a warm-up run.
fn allocations(op: &mut ops::Op) -> usize {
    (op.run)();
    let region = Region::new(GLOBAL);
    (op.run)();
    let change = region.change();
    change.allocations + change.reallocations
}

/// Where criterion writes: `CRITERION_HOME`, else `<target dir>/criterion`.
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            let cargo = std::env::var_os("CARGO")?;
            let output = std::process::Command::new(cargo)
                .args(["metadata", "--format-version", "1", "--no-deps"])
                .output()
                .ok()?;
            let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).ok()?;
            metadata["target_directory"].as_str().map(PathBuf::from)
        })
        .unwrap_or_else(|| PathBuf::from("target"));
    target.join("criterion")
}

/// Median nanoseconds by `(group, function, size)` from every `new/` result under `dir`.
fn medians(dir: &Path, found: &mut HashMap<(String, String, String), f64>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "new") {
            let read = |name: &str| -> Option<serde_json::Value> {
                serde_json::from_slice(&std::fs::read(path.join(name)).ok()?).ok()
            };
            if let (Some(benchmark), Some(estimates)) =
                (read("benchmark.json"), read("estimates.json"))
            {
                let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_owned();
                if let Some(median) = estimates["median"]["point_estimate"].as_f64() {
                    found.insert(
                        (
                            text(&benchmark["group_id"]),
                            text(&benchmark["function_id"]),
                            text(&benchmark["value_str"]),
                        ),
                        median,
                    );
                }
            }
        } else {
            medians(&path, found);
        }
    }
}

fn time(ns: f64) -> String {
    match ns {
        ns if ns < 1e3 => format!("{ns:.0} ns"),
        ns if ns < 1e6 => format!("{:.2} µs", ns / 1e3),
        ns => format!("{:.2} ms", ns / 1e6),
    }
}

/// The most a row's ratio may be, where an issue set a goal for it (issues 28 and 37): one
/// verification from bytes at most 1.2x parsing the same bytes into a `Value`, a cross-chain
/// one at most 2x, one strict decode at most 1.2x `sol!`'s.
fn goal(group: &str, size: Option<usize>) -> Option<f64> {
    match (group, size) {
        ("verify/from bytes", _) => Some(1.2),
        ("verify/cross-chain from bytes", _) => Some(2.0),
        ("calldata/erc20_fee strict decode", _) => Some(1.2),
        _ => None,
    }
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` and `cargo test --benches` probe targets this way
    }
    let dir = criterion_dir();
    let mut found = HashMap::new();
    medians(&dir, &mut found);
    let comparisons = ops::primitives()
        .into_iter()
        .chain(ops::calldata())
        .chain(ops::pay())
        .chain(ops::verify_from_bytes())
        .chain(ops::detect_comparisons());
    println!(
        "| operation | n | securepay | baseline | ratio | goal | per item | allocations (securepay / baseline) |"
    );
    println!("|---|---:|---:|---:|---:|---|---:|---:|");
    let mut missing = 0;
    for mut comparison in comparisons {
        let size = comparison.size.map(|s| s.to_string()).unwrap_or_default();
        let ours_allocs = allocations(&mut comparison.ours);
        let baseline_allocs = allocations(&mut comparison.baseline);
        let median = |name: &str| {
            found
                .get(&(comparison.group.to_owned(), name.to_owned(), size.clone()))
                .copied()
        };
        let (ours, baseline) = (
            median(comparison.ours.name),
            median(comparison.baseline.name),
        );
        let cell = |t: Option<f64>| t.map_or_else(|| "–".to_owned(), time);
        let ratio = match (ours, baseline) {
            (Some(o), Some(b)) => Some(o / b),
            _ => {
                missing += 1;
                None
            }
        };
        let goal = match (goal(comparison.group, comparison.size), ratio) {
            (Some(most), Some(r)) if r <= most => format!("≤ {most}x: met"),
            (Some(most), Some(_)) => format!("≤ {most}x: **not met**"),
            (Some(most), None) => format!("≤ {most}x"),
            (None, _) => String::new(),
        };
        let ratio = ratio.map_or_else(|| "–".to_owned(), |r| format!("{r:.2}x"));
        let per_item = match (ours, comparison.size) {
            (Some(o), Some(n)) => time(o / n as f64),
            _ => String::new(),
        };
        // A name with `<…>` in code quotes: the README is the crate's documentation, where a bare
        // `<Value>` is an unclosed HTML tag.
        let baseline_name = match comparison.baseline.name.contains('<') {
            true => format!("`{}`", comparison.baseline.name),
            false => comparison.baseline.name.to_owned(),
        };
        println!(
            "| {} vs {baseline_name} | {size} | {} | {} | {ratio} | {goal} | {per_item} | {ours_allocs} / {baseline_allocs} |",
            comparison.group,
            cell(ours),
            cell(baseline),
        );
    }
    if missing > 0 {
        eprintln!(
            "{missing} row(s) have no criterion result under {}: run the benches first",
            dir.display()
        );
    }
}
