//! Every benchmarked operation beside its baseline, defined once and shared by the criterion
//! benches (times) and `benches/report.rs` (allocation counts and the README table).
//!
//! Baselines are the raw work an SDK cannot avoid: `alloy-sol-types` encoding or strict
//! decoding of the same call, `serde_json` parsing the same bytes into a `Value`, alloy's own
//! parsers. A figure is read as the ratio ours / baseline.
#![allow(dead_code)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::hint::black_box;

use alloy_primitives::{Address, Bytes, U256, keccak256};
use alloy_sol_types::SolCall;
use alloy_sol_types::abi::AbiDecoderConfig;
use securepay::address::{ChainAddress, EvmAddress, InteropName, TronAddress};
use securepay::amount::{Decimals, format_units, parse_units};
use securepay::calldata::{BatchPayee, Builder, Decoder, Erc20FeePayment, PaymentReference};
use securepay::contracts::abi::{IBatchPayments, IERC20FeeProxy};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, CrossChainRoute, FeeBearer, PayResponse, PaymentPlan, PlannedFee, PlannedPayment,
};
use securepay::verify::{Expectation, verify_slice};

mod detect;
#[allow(unused_imports)]
pub use detect::{
    DETECT_SIZES, detect_comparisons, detect_criteria, detect_logs_bytes, detect_reference,
    raw_detect,
};

/// The sizes that show how an operation scales with the number of payees or children.
pub const SIZES: [usize; 4] = [1, 10, 100, 1000];

/// The numbers of children of the same-chain verify bench: one (the single shape), ten, the
/// service's documented cap (150) and its largest (1,000).
pub const VERIFY_SIZES: [usize; 4] = [1, 10, 150, 1000];

/// The numbers of children of the cross-chain verify bench (one is the single shape with
/// `routeType: "crosschain"`, more the `evm_cross_chain` multicall).
pub const CROSS_CHAIN_SIZES: [usize; 2] = [1, 20];

/// One side of a comparison: a name and a closure that does the work once.
pub struct Op {
    pub name: &'static str,
    pub run: Box<dyn FnMut()>,
}

/// An operation of securepay beside its baseline.
pub struct Comparison {
    pub group: &'static str,
    pub size: Option<usize>,
    pub ours: Op,
    pub baseline: Op,
}

fn op(name: &'static str, run: impl FnMut() + 'static) -> Op {
    Op {
        name,
        run: Box::new(run),
    }
}

const STRICT: AbiDecoderConfig = AbiDecoderConfig::new().strict(true);

fn address(network: Network, i: u64) -> ChainAddress {
    let mut bytes = [0x11u8; 20];
    bytes[12..].copy_from_slice(&i.to_be_bytes());
    ChainAddress::from_abi(network, Address::from(bytes))
}

pub fn primitives() -> Vec<Comparison> {
    let eighteen = Decimals::new(18).unwrap();
    let checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    let tron = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    let name = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C";
    vec![
        Comparison {
            group: "amount/parse 1234567.891011 (18 decimals)",
            size: None,
            ours: op("securepay parse_units", move || {
                black_box(parse_units(black_box("1234567.891011"), eighteen).unwrap());
            }),
            baseline: op("alloy_primitives::utils::parse_units", || {
                black_box(
                    alloy_primitives::utils::parse_units(black_box("1234567.891011"), 18u8)
                        .unwrap(),
                );
            }),
        },
        Comparison {
            group: "amount/format 1234567.891011 (18 decimals)",
            size: None,
            ours: op("securepay format_units", move || {
                black_box(format_units(
                    black_box(U256::from(1_234_567_891_011_000_000_000_000u128)),
                    eighteen,
                ));
            }),
            baseline: op("alloy_primitives::utils::format_units", || {
                black_box(
                    alloy_primitives::utils::format_units(
                        black_box(U256::from(1_234_567_891_011_000_000_000_000u128)),
                        18u8,
                    )
                    .unwrap(),
                );
            }),
        },
        Comparison {
            group: "address/EIP-55 parse",
            size: None,
            ours: op("securepay EvmAddress::parse", move || {
                black_box(EvmAddress::parse(black_box(checksummed)).unwrap());
            }),
            baseline: op("Address::parse_checksummed", move || {
                black_box(Address::parse_checksummed(black_box(checksummed), None).unwrap());
            }),
        },
        Comparison {
            group: "address/Tron Base58Check parse",
            size: None,
            ours: op("securepay TronAddress::parse", move || {
                black_box(TronAddress::parse(black_box(tron)).unwrap());
            }),
            baseline: op("bs58 decode (no checksum)", move || {
                black_box(bs58::decode(black_box(tron)).into_vec().unwrap());
            }),
        },
        Comparison {
            group: "address/ERC-7828 name parse + checksum",
            size: None,
            ours: op("securepay InteropName::parse", move || {
                black_box(InteropName::parse(black_box(name)).unwrap());
            }),
            baseline: op("parse_checksummed + keccak256 of 26 bytes", move || {
                let address = Address::parse_checksummed(black_box(&name[..42]), None).unwrap();
                black_box((address, keccak256(black_box([0u8; 26]))));
            }),
        },
    ]
}

fn erc20_payment() -> (Erc20FeePayment, ChainAddress) {
    let fee_address = address(Network::Base, 3);
    let payment = Erc20FeePayment::new(
        address(Network::Base, 1),
        address(Network::Base, 2),
        U256::from(10_500_000u64),
        PaymentReference::new([1, 2, 3, 4, 5, 6, 7, 8]),
    )
    .with_fee(U256::from(300_000u64), fee_address);
    (payment, fee_address)
}

fn batch_payees(size: usize) -> Vec<BatchPayee> {
    (0..size as u64)
        .map(|i| BatchPayee {
            to: address(Network::Mainnet, 1000 + i),
            amount: U256::from(1_000_000 + i),
            reference: PaymentReference::new(i.to_be_bytes()),
            fee_amount: U256::from(i),
        })
        .collect()
}

pub fn calldata() -> Vec<Comparison> {
    let mut all = Vec::new();
    let builder = Builder::new(Network::Base);
    let (payment, fee_address) = erc20_payment();
    let p = payment.clone();
    all.push(Comparison {
        group: "calldata/erc20_fee build",
        size: None,
        ours: op("securepay Builder::erc20_fee", move || {
            black_box(builder.erc20_fee(black_box(&payment)).unwrap());
        }),
        baseline: op("sol! abi_encode", move || {
            let p = black_box(&p);
            black_box(
                IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
                    _tokenAddress: p.token.abi(),
                    _to: p.to.abi(),
                    _amount: p.amount,
                    _paymentReference: p.reference.into(),
                    _feeAmount: U256::from(300_000u64),
                    _feeAddress: fee_address.abi(),
                }
                .abi_encode(),
            );
        }),
    });

    let (payment, _) = erc20_payment();
    let tx = builder.erc20_fee(&payment).unwrap();
    let data = tx.data.clone();
    let decoder = Decoder::builtin();
    all.push(Comparison {
        group: "calldata/erc20_fee strict decode",
        size: None,
        ours: op("securepay Decoder::decode", move || {
            black_box(
                decoder
                    .decode(
                        Network::Base,
                        black_box(&tx.to),
                        black_box(&tx.data),
                        tx.value,
                    )
                    .unwrap(),
            );
        }),
        baseline: op("sol! abi_decode (strict)", move || {
            black_box(
                IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode_with_config(
                    black_box(&data),
                    STRICT,
                )
                .unwrap(),
            );
        }),
    });

    let builder = Builder::new(Network::Mainnet);
    let token = address(Network::Mainnet, 1);
    let fee_address = address(Network::Mainnet, 2);
    for size in SIZES {
        let payees = batch_payees(size);
        let raw = payees.clone();
        all.push(Comparison {
            group: "calldata/batch_erc20 build",
            size: Some(size),
            ours: op("securepay Builder::batch_erc20", move || {
                black_box(
                    builder
                        .batch_erc20(token, black_box(&payees), fee_address)
                        .unwrap(),
                );
            }),
            baseline: op("sol! abi_encode", move || {
                let payees = black_box(&raw);
                black_box(
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
                    .abi_encode(),
                );
            }),
        });
    }
    for size in SIZES {
        let tx = builder
            .batch_erc20(token, &batch_payees(size), fee_address)
            .unwrap();
        let data = tx.data.clone();
        all.push(Comparison {
            group: "calldata/batch_erc20 strict decode",
            size: Some(size),
            ours: op("securepay Decoder::decode", move || {
                black_box(
                    decoder
                        .decode(Network::Mainnet, &tx.to, black_box(&tx.data), tx.value)
                        .unwrap(),
                );
            }),
            baseline: op("sol! abi_decode (strict)", move || {
                black_box(
                    IBatchPayments::batchERC20PaymentsWithReferenceCall::abi_decode_with_config(
                        black_box(&data),
                        STRICT,
                    )
                    .unwrap(),
                );
            }),
        });
    }

    let request_id = "015e18bf1688373be7b1dd096c74c9405e88c22268b928a8d08d3c50182ef812e5";
    let salt = "05781d015567cc20";
    let payee = "0xa63d9B1143A11ADc351E2E9Acfa269d477ADD049";
    all.push(Comparison {
        group: "calldata/payment reference",
        size: None,
        ours: op("securepay PaymentReference::derive", move || {
            black_box(
                PaymentReference::derive(black_box(request_id), black_box(salt), black_box(payee))
                    .unwrap(),
            );
        }),
        baseline: op("keccak256(lowercase(concat))", move || {
            let text = format!(
                "{}{}{}",
                black_box(request_id),
                black_box(salt),
                black_box(payee)
            );
            black_box(keccak256(text.to_lowercase().as_bytes()));
        }),
    });
    all
}

/// A pay response of `children` payees (1: the `single` shape; more: a same-chain multicall),
/// with a payer-borne platform fee, as the service would send it.
pub fn response_bytes(children: usize) -> Vec<u8> {
    let payments: Vec<PlannedPayment> = (0..children)
        .map(|i| PlannedPayment {
            request_id: format!("01{i:064x}"),
            secure_payment_token: Some(format!("01JD3E6JD46KY4KKV7X9V0{i:04X}").parse().unwrap()),
            payee: ChainAddress::from_abi(
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

/// What the payer agreed to for [`response_bytes`]`(children)`.
pub fn expectation(children: usize) -> Expectation {
    let payments: Vec<serde_json::Value> = (0..children)
        .map(|i| {
            let payee = Address::left_padding_from(&(i as u64 + 1).to_be_bytes());
            serde_json::json!({
                "payee": payee.to_checksum(None),
                "amount": format_units(U256::from(1_000_000u64 + i as u64), Decimals::new(6).unwrap()),
                "reference": format!("0x{}", alloy_primitives::hex::encode((i as u64).to_be_bytes())),
            })
        })
        .collect();
    let json = serde_json::json!({"network": "base", "currency": "USDC-base", "payments": payments, "maxPayerFees": "0.30"});
    Expectation::from_str(&json.to_string()).unwrap()
}

fn value_baseline(bytes: Vec<u8>) -> Op {
    op("serde_json::from_slice::<Value>", move || {
        black_box(serde_json::from_slice::<serde_json::Value>(black_box(&bytes)).unwrap());
    })
}

pub fn pay() -> Vec<Comparison> {
    SIZES
        .into_iter()
        .map(|size| {
            let bytes = response_bytes(size);
            let ours = bytes.clone();
            Comparison {
                group: "pay/parse + validate",
                size: Some(size),
                ours: op("securepay PayResponse::from_slice + problems", move || {
                    let response = PayResponse::from_slice(black_box(&ours)).unwrap();
                    assert!(response.problems().is_empty());
                    black_box(response);
                }),
                baseline: value_baseline(bytes),
            }
        })
        .collect()
}

/// A cross-chain pay response of `children` payments: USDT on Optimism bridged to USDC on Base
/// through LI.FI's Across V4 facet, each bridge call's destination message paying its payee
/// through the Base ERC20FeeProxy ([`PaymentPlan::build_cross_chain`]).
pub fn cross_chain_bytes(children: usize) -> Vec<u8> {
    let catalog = Catalog::builtin();
    let payments: Vec<PlannedPayment> = (0..children)
        .map(|i| PlannedPayment {
            request_id: format!("01{i:064x}"),
            secure_payment_token: Some(format!("01JD3E6JD46KY4KKV7X9V0{i:04X}").parse().unwrap()),
            payee: ChainAddress::from_abi(
                Network::Base,
                Address::left_padding_from(&(i as u64 + 1).to_be_bytes()),
            ),
            amount: U256::from(1_000_000u64 + i as u64),
            reference: PaymentReference::new((i as u64).to_be_bytes()),
        })
        .collect();
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: catalog.get("USDT-optimism").unwrap().clone(),
        payer: CROSS_CHAIN_PAYER.parse().unwrap(),
        // each payment and 0.1 USDT of bridge costs
        source_amounts: payments
            .iter()
            .map(|p| p.amount + U256::from(100_000u64))
            .collect(),
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    let plan = PaymentPlan {
        network: Network::Base,
        currency: catalog.get("USDC-base").unwrap().clone(),
        payments,
        fees: vec![],
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    };
    serde_json::to_vec(&plan.build_cross_chain(&route).unwrap()).unwrap()
}

const CROSS_CHAIN_PAYER: &str = "0x2222222222222222222222222222222222222222";

/// What the payer agreed to for [`cross_chain_bytes`]`(children)`: the payments on Base, and
/// the route from Optimism with at most what the bridge calls take.
pub fn cross_chain_expectation(children: usize) -> Expectation {
    let payments: Vec<serde_json::Value> = (0..children)
        .map(|i| {
            let payee = Address::left_padding_from(&(i as u64 + 1).to_be_bytes());
            serde_json::json!({
                "payee": payee.to_checksum(None),
                "amount": format_units(U256::from(1_000_000u64 + i as u64), Decimals::new(6).unwrap()),
                "reference": format!("0x{}", alloy_primitives::hex::encode((i as u64).to_be_bytes())),
            })
        })
        .collect();
    let source: u64 = (0..children as u64).map(|i| 1_100_000 + i).sum();
    let json = serde_json::json!({
        "network": "base", "currency": "USDC-base", "payments": payments,
        "sourceNetwork": "optimism", "sourceCurrency": "USDT-optimism",
        "maxSourceAmount": format_units(U256::from(source), Decimals::new(6).unwrap()),
        "payer": CROSS_CHAIN_PAYER,
    });
    Expectation::from_str(&json.to_string()).unwrap()
}

/// `verify_slice` of the bytes beside `serde_json::from_slice::<Value>` of the same bytes.
fn verify_comparison(
    group: &'static str,
    size: usize,
    bytes: Vec<u8>,
    expectation: Expectation,
) -> Comparison {
    let verdict = verify_slice(&bytes, &expectation);
    assert!(verdict.is_safe(), "{group} {size}: {verdict}");
    let ours = bytes.clone();
    Comparison {
        group,
        size: Some(size),
        ours: op("securepay verify_slice", move || {
            black_box(verify_slice(black_box(&ours), &expectation));
        }),
        baseline: value_baseline(bytes),
    }
}

/// Verifying from the response's bytes (`verify_slice`: parse, structural checks, strict
/// decoding of every call, accounting, summary): a same-chain multicall of 1 to 1,000 children,
/// and a cross-chain one of 1 and 20.
pub fn verify_from_bytes() -> Vec<Comparison> {
    let same_chain = VERIFY_SIZES.into_iter().map(|size| {
        verify_comparison(
            "verify/from bytes",
            size,
            response_bytes(size),
            expectation(size),
        )
    });
    let cross_chain = CROSS_CHAIN_SIZES.into_iter().map(|size| {
        verify_comparison(
            "verify/cross-chain from bytes",
            size,
            cross_chain_bytes(size),
            cross_chain_expectation(size),
        )
    });
    same_chain.chain(cross_chain).collect()
}

/// Registers each comparison as a criterion group of two functions.
pub fn register(c: &mut criterion::Criterion, comparisons: Vec<Comparison>) {
    use criterion::{BenchmarkId, SamplingMode};
    for Comparison {
        group,
        size,
        mut ours,
        mut baseline,
    } in comparisons
    {
        let mut g = c.benchmark_group(group);
        if size.is_some_and(|s| s >= 100) {
            g.sampling_mode(SamplingMode::Flat).sample_size(30);
        }
        for side in [&mut ours, &mut baseline] {
            let run = &mut side.run;
            match size {
                Some(size) => {
                    g.bench_function(BenchmarkId::new(side.name, size), |b| b.iter(&mut *run))
                }
                None => g.bench_function(side.name, |b| b.iter(&mut *run)),
            };
        }
        g.finish();
    }
}

/// Short runs: the figures are ratios of two measurements taken side by side.
pub fn config() -> criterion::Criterion {
    criterion::Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2))
}

/// The `main` of a criterion bench over one group of comparisons, for example
/// `ops::bench_main!(ops::pay);` (`report` has its own `main`).
#[allow(unused_macros)]
macro_rules! bench_main {
    ($comparisons:path) => {
        fn benches(c: &mut criterion::Criterion) {
            ops::register(c, $comparisons());
        }
        criterion::criterion_group! { name = group; config = ops::config(); targets = benches }
        criterion::criterion_main!(group);
    };
}
#[allow(unused_imports)]
pub(crate) use bench_main;
