//! Calldata build and strict decode, each beside the raw `alloy-sol-types` encoding or strict
//! decoding of the same call (the baseline), so each figure reads as a ratio.
//!
//! `cargo bench --bench calldata`
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use alloy_primitives::{keccak256, Address, Bytes, U256};
use alloy_sol_types::abi::AbiDecoderConfig;
use alloy_sol_types::SolCall;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use securepay::address::PayeeAddress;
use securepay::calldata::{BatchPayee, Builder, Decoder, Erc20FeePayment, PaymentReference};
use securepay::contracts::abi::{IBatchPayments, IERC20FeeProxy};
use securepay::network::Network;

const STRICT: AbiDecoderConfig = AbiDecoderConfig::new().strict(true);

fn address(i: u64) -> PayeeAddress {
    let mut bytes = [0x11u8; 20];
    bytes[12..].copy_from_slice(&i.to_be_bytes());
    PayeeAddress::from_abi(Network::Base, Address::from(bytes))
}

fn erc20_fee(c: &mut Criterion) {
    let builder = Builder::new(Network::Base);
    let token = address(1);
    let payee = address(2);
    let fee_address = address(3);
    let reference = PaymentReference::new([1, 2, 3, 4, 5, 6, 7, 8]);
    let payment = Erc20FeePayment::new(token, payee, U256::from(10_500_000u64), reference)
        .with_fee(U256::from(300_000u64), fee_address);

    let mut group = c.benchmark_group("erc20_fee/build");
    group.bench_function("securepay Builder::erc20_fee", |b| {
        b.iter(|| builder.erc20_fee(black_box(&payment)).unwrap())
    });
    group.bench_function("baseline sol! abi_encode", |b| {
        b.iter(|| {
            let p = black_box(&payment);
            IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
                _tokenAddress: p.token.abi(),
                _to: p.to.abi(),
                _amount: p.amount,
                _paymentReference: p.reference.into(),
                _feeAmount: U256::from(300_000u64),
                _feeAddress: fee_address.abi(),
            }
            .abi_encode()
        })
    });
    group.finish();

    let tx = builder.erc20_fee(&payment).unwrap();
    let decoder = Decoder::builtin();
    let mut group = c.benchmark_group("erc20_fee/strict decode");
    group.bench_function("securepay Decoder::decode", |b| {
        b.iter(|| {
            decoder
                .decode(
                    Network::Base,
                    black_box(&tx.to),
                    black_box(&tx.data),
                    tx.value,
                )
                .unwrap()
        })
    });
    group.bench_function("baseline sol! abi_decode (strict)", |b| {
        b.iter(|| {
            IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode_with_config(
                black_box(&tx.data),
                STRICT,
            )
            .unwrap()
        })
    });
    group.finish();
}

fn batches(c: &mut Criterion) {
    let builder = Builder::new(Network::Mainnet);
    let token = PayeeAddress::from_abi(Network::Mainnet, address(1).abi());
    let fee_address = PayeeAddress::from_abi(Network::Mainnet, address(2).abi());
    for size in [100u64, 1000] {
        let payees: Vec<BatchPayee> = (0..size)
            .map(|i| BatchPayee {
                to: PayeeAddress::from_abi(Network::Mainnet, address(1000 + i).abi()),
                amount: U256::from(1_000_000 + i),
                reference: PaymentReference::new(i.to_be_bytes()),
                fee_amount: U256::from(i),
            })
            .collect();
        let mut group = c.benchmark_group("batch_erc20/build");
        group.bench_with_input(
            BenchmarkId::new("securepay Builder::batch_erc20", size),
            &payees,
            |b, payees| {
                b.iter(|| {
                    builder
                        .batch_erc20(token, black_box(payees), fee_address)
                        .unwrap()
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("baseline sol! abi_encode", size),
            &payees,
            |b, payees| {
                b.iter(|| {
                    let payees = black_box(payees);
                    IBatchPayments::batchERC20PaymentsWithReferenceCall {
                        _tokenAddress: token.abi(),
                        _recipients: payees.iter().map(|p| p.to.abi()).collect(),
                        _amounts: payees.iter().map(|p| p.amount).collect(),
                        _paymentReferences: payees
                            .iter()
                            .map(|p| Bytes::from(p.reference))
                            .collect(),
                        _feeAmounts: payees.iter().map(|p| p.fee_amount).collect(),
                        _feeAddress: fee_address.abi(),
                    }
                    .abi_encode()
                })
            },
        );
        group.finish();

        let tx = builder.batch_erc20(token, &payees, fee_address).unwrap();
        let decoder = Decoder::builtin();
        let mut group = c.benchmark_group("batch_erc20/strict decode");
        group.bench_with_input(
            BenchmarkId::new("securepay Decoder::decode", size),
            &tx,
            |b, tx| {
                b.iter(|| {
                    decoder
                        .decode(Network::Mainnet, &tx.to, black_box(&tx.data), tx.value)
                        .unwrap()
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new("baseline sol! abi_decode (strict)", size),
            &tx,
            |b, tx| {
                b.iter(|| {
                    IBatchPayments::batchERC20PaymentsWithReferenceCall::abi_decode_with_config(
                        black_box(&tx.data),
                        STRICT,
                    )
                    .unwrap()
                })
            },
        );
        group.finish();
    }
}

fn payment_reference(c: &mut Criterion) {
    let request_id = "015e18bf1688373be7b1dd096c74c9405e88c22268b928a8d08d3c50182ef812e5";
    let salt = "05781d015567cc20";
    let address = "0xa63d9B1143A11ADc351E2E9Acfa269d477ADD049";
    let mut group = c.benchmark_group("payment_reference");
    group.bench_function("securepay PaymentReference::derive", |b| {
        b.iter(|| {
            PaymentReference::derive(black_box(request_id), black_box(salt), black_box(address))
                .unwrap()
        })
    });
    group.bench_function("baseline keccak256(lowercase(concat))", |b| {
        b.iter(|| {
            keccak256(
                format!(
                    "{}{}{}",
                    black_box(request_id),
                    black_box(salt),
                    black_box(address)
                )
                .to_lowercase()
                .as_bytes(),
            )
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! { name = benches; config = config(); targets = erc20_fee, batches, payment_reference }
criterion_main!(benches);
