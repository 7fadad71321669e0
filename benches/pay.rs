//! Parsing and structurally validating pay responses from bytes, beside
//! `serde_json::from_slice::<serde_json::Value>` of the same bytes (the baseline).
//!
//! `cargo bench --bench pay`
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use alloy_primitives::{Address, U256};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use securepay::address::PayeeAddress;
use securepay::calldata::PaymentReference;
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, FeeBearer, PayResponse, PaymentPlan, PlannedFee, PlannedPayment,
};

/// A response of `children` payees (1: Shape A; more: Shape C), with a payer fee.
pub fn response_bytes(children: usize) -> Vec<u8> {
    let payments: Vec<PlannedPayment> = (0..children)
        .map(|i| PlannedPayment {
            request_id: format!("01{i:064x}"),
            secure_payment_token: Some(format!("01JD3E6JD46KY4KKV7X9V0{:04X}", i).parse().unwrap()),
            payee: PayeeAddress::from_abi(
                Network::Base,
                Address::left_padding_from(&(i as u64 + 1).to_be_bytes()),
            ),
            amount: U256::from(1_000_000u64 + i as u64),
            reference: PaymentReference::new((i as u64).to_be_bytes()),
        })
        .collect();
    let plan = PaymentPlan {
        network: Network::Base,
        currency: Catalog::builtin().get("USDC-base").unwrap().clone(),
        fees: vec![PlannedFee {
            request_id: payments[0].request_id.clone(),
            fee_component_id: Some("fc_platform".into()),
            fee_type: Some("platform".into()),
            fee_label: Some("Platform fee".into()),
            bearer: FeeBearer::Payer,
            amount: U256::from(300_000u64),
            recipient: "0x9795d480C2C50392A4714A0F468059C6448DeCe2"
                .parse()
                .unwrap(),
        }],
        payments,
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    };
    serde_json::to_vec(&plan.build().unwrap()).unwrap()
}

pub fn parse_and_validate(c: &mut Criterion) {
    for children in [1usize, 150] {
        let bytes = response_bytes(children);
        let mut group = c.benchmark_group("pay/parse+validate");
        group.bench_with_input(
            BenchmarkId::new("securepay PayResponse::from_slice + problems", children),
            &bytes,
            |b, bytes| {
                b.iter(|| {
                    let response = PayResponse::from_slice(black_box(bytes)).unwrap();
                    assert!(response.problems().is_empty());
                    response
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

pub fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = parse_and_validate }
criterion_main!(benches);
