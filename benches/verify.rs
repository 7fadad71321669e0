//! Verifying a pay response from its JSON bytes (parse + structural checks + strict decoding of
//! every call + accounting + summary), beside `serde_json::from_slice::<serde_json::Value>` of
//! the same bytes (the baseline).
//!
//! `cargo bench --bench verify`
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use securepay::pay::PayResponse;
use securepay::verify::{verify, Expectation};

#[path = "pay.rs"]
#[allow(dead_code)]
mod pay_bench;

fn expectation(children: usize) -> Expectation {
    let payments: Vec<serde_json::Value> = (0..children)
        .map(|i| {
            let mut address = [0u8; 20];
            address[12..].copy_from_slice(&(i as u64 + 1).to_be_bytes());
            serde_json::json!({
                "payee": format!("0x{}", alloy_primitives::hex::encode(address)),
                "amount": securepay::amount::format_units(alloy_primitives::U256::from(1_000_000u64 + i as u64), securepay::amount::Decimals::new(6).unwrap()),
                "reference": format!("0x{}", alloy_primitives::hex::encode((i as u64).to_be_bytes())),
            })
        })
        .collect();
    let json = serde_json::json!({"network": "base", "currency": "USDC-base", "payments": payments, "maxPayerFees": "0.30"});
    Expectation::from_json(&json.to_string()).unwrap()
}

fn verify_from_bytes(c: &mut Criterion) {
    for children in [1usize, 10, 150] {
        let bytes = pay_bench::response_bytes(children);
        let expectation = expectation(children);
        assert!(verify(&PayResponse::from_slice(&bytes).unwrap(), &expectation).is_safe());
        let mut group = c.benchmark_group("verify/from bytes");
        group.bench_with_input(
            BenchmarkId::new("securepay parse + verify", children),
            &bytes,
            |b, bytes| {
                b.iter(|| {
                    verify(
                        &PayResponse::from_slice(black_box(bytes)).unwrap(),
                        &expectation,
                    )
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("baseline serde_json::from_slice::<Value>", children),
            &bytes,
            |b, bytes| {
                b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(bytes)).unwrap())
            },
        );
        group.finish();
    }
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = verify_from_bytes }
criterion_main!(benches);
