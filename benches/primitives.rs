//! Parsing the primitives, each beside the raw library call it builds on (the baseline), so a
//! figure reads as a ratio: our checks on top of the raw work.
//!
//! `cargo bench --bench primitives`
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#![allow(missing_docs)]

use std::hint::black_box;

use alloy_primitives::Address;
use criterion::{criterion_group, criterion_main, Criterion};
use securepay::address::{EvmAddress, InteropName, TronAddress};
use securepay::amount::{parse_units, Decimals};

fn amounts(c: &mut Criterion) {
    let mut group = c.benchmark_group("amount/parse 1234567.891011 (18 decimals)");
    let eighteen = Decimals::new(18).unwrap();
    group.bench_function("securepay::parse_units", |b| {
        b.iter(|| parse_units(black_box("1234567.891011"), eighteen))
    });
    group.bench_function("baseline alloy_primitives::utils::parse_units", |b| {
        b.iter(|| alloy_primitives::utils::parse_units(black_box("1234567.891011"), 18u8))
    });
    group.finish();
}

fn addresses(c: &mut Criterion) {
    let checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    let mut group = c.benchmark_group("address/EIP-55 parse");
    group.bench_function("securepay EvmAddress::parse", |b| {
        b.iter(|| EvmAddress::parse(black_box(checksummed)))
    });
    group.bench_function("baseline Address::parse_checksummed", |b| {
        b.iter(|| Address::parse_checksummed(black_box(checksummed), None))
    });
    group.finish();

    let tron = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    let mut group = c.benchmark_group("address/Tron Base58Check parse");
    group.bench_function("securepay TronAddress::parse", |b| {
        b.iter(|| TronAddress::parse(black_box(tron)))
    });
    group.bench_function("baseline bs58 decode (no checksum)", |b| {
        b.iter(|| bs58::decode(black_box(tron)).into_vec())
    });
    group.finish();

    let name = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C";
    let mut group = c.benchmark_group("address/ERC-7828 name parse + checksum");
    group.bench_function("securepay InteropName::parse", |b| {
        b.iter(|| InteropName::parse(black_box(name)))
    });
    group.bench_function("baseline parse_checksummed + keccak256 of 26 bytes", |b| {
        b.iter(|| {
            let address = Address::parse_checksummed(black_box(&name[..42]), None);
            let hash = alloy_primitives::keccak256(black_box([0u8; 26]));
            (address, hash)
        })
    });
    group.finish();
}

criterion_group!(benches, amounts, addresses);
criterion_main!(benches);
