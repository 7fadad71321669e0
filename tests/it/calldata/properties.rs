//! Properties of the calldata engine: `decode(build(x)) == x` for every call kind, and any
//! single-byte change to built calldata either fails strict decoding or decodes to other
//! arguments.

use alloy_primitives::{Address, Bytes, U256};
use proptest::prelude::*;
use securepay::address::ChainAddress;
use securepay::calldata::decode::{
    Approve, BatchFunction, BatchRequests, Erc20ConversionTransfer, Erc20FeeTransfer, LegacyBatch,
    LegacyBatchTokens, NativeConversionTransfer, NativeFeeExactTransfer, NativeFeeTransfer,
    RequestDetail, Transfer, UsdLimit,
};
use securepay::calldata::{
    Allowance, BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, Builder, Call, Decoder,
    Erc20ConversionPayment, Erc20FeePayment, Fee, NativeConversionPayment, NativeFeePayment,
    PaymentReference,
};
use securepay::network::Network;
use securepay::transaction::Transaction;

const USDC_MAINNET: &str = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

fn usdc() -> ChainAddress {
    USDC_MAINNET.parse().unwrap_or_else(|_| unreachable!())
}

fn address() -> impl Strategy<Value = ChainAddress> {
    any::<[u8; 20]>().prop_map(|b| ChainAddress::from_abi(Network::Mainnet, Address::from(b)))
}

fn nonzero() -> impl Strategy<Value = U256> {
    prop_oneof![
        (1u64..).prop_map(U256::from),
        any::<[u8; 16]>().prop_map(|b| U256::from(u128::from_be_bytes(b)).max(U256::from(1u8)))
    ]
}

fn small() -> impl Strategy<Value = U256> {
    any::<u64>().prop_map(U256::from)
}

fn reference() -> impl Strategy<Value = PaymentReference> {
    any::<[u8; 8]>().prop_map(PaymentReference::new)
}

fn fee() -> impl Strategy<Value = Option<Fee>> {
    proptest::option::of(
        (nonzero(), address())
            .prop_filter("non-zero recipient", |(_, a)| !a.is_zero())
            .prop_map(|(amount, recipient)| Fee { amount, recipient }),
    )
}

fn fee_parts(fee: &Option<Fee>) -> (U256, ChainAddress) {
    fee.map_or(
        (
            U256::ZERO,
            ChainAddress::from_abi(Network::Mainnet, Address::ZERO),
        ),
        |f| (f.amount, f.recipient),
    )
}

fn bytes(reference: PaymentReference) -> Bytes {
    reference.into()
}

/// A call built with the typed builder, and the call it must decode to.
#[derive(Debug, Clone)]
struct Case {
    tx: Transaction,
    expected: Call,
}

fn single_cases() -> impl Strategy<Value = Case> {
    let builder = Builder::new(Network::Mainnet);
    prop_oneof![
        (address(), address(), nonzero(), reference(), fee()).prop_map(
            move |(token, to, amount, reference, fee)| {
                let payment = Erc20FeePayment {
                    token,
                    to,
                    amount,
                    reference,
                    fee,
                };
                let (fee_amount, fee_address) = fee_parts(&fee);
                Case {
                    tx: builder
                        .erc20_fee(&payment)
                        .unwrap_or_else(|e| panic!("{e}")),
                    expected: Call::Erc20FeeTransfer(Erc20FeeTransfer {
                        token_address: token,
                        to,
                        amount,
                        payment_reference: bytes(reference),
                        fee_amount,
                        fee_address,
                    }),
                }
            }
        ),
        (
            address(),
            small().prop_map(|a| a + U256::from(1u8)),
            reference(),
            fee(),
            any::<bool>()
        )
            .prop_map(move |(to, amount, reference, fee, exact)| {
                let payment = NativeFeePayment {
                    to,
                    amount,
                    reference,
                    fee,
                };
                let (fee_amount, fee_address) = fee_parts(&fee);
                if exact {
                    Case {
                        tx: builder
                            .native_fee_exact(&payment)
                            .unwrap_or_else(|e| panic!("{e}")),
                        expected: Call::NativeFeeExactTransfer(NativeFeeExactTransfer {
                            to,
                            amount,
                            payment_reference: bytes(reference),
                            fee_amount,
                            fee_address,
                        }),
                    }
                } else {
                    Case {
                        tx: builder
                            .native_fee(&payment)
                            .unwrap_or_else(|e| panic!("{e}")),
                        expected: Call::NativeFeeTransfer(NativeFeeTransfer {
                            to,
                            payment_reference: bytes(reference),
                            fee_amount,
                            fee_address,
                            amount,
                        }),
                    }
                }
            }),
        (address(), any::<Option<u64>>()).prop_map(move |(spender, amount)| {
            let allowance =
                amount.map_or(Allowance::Unlimited, |a| Allowance::Exact(U256::from(a)));
            Case {
                tx: builder
                    .approve(usdc(), spender, allowance)
                    .unwrap_or_else(|e| panic!("{e}")),
                expected: Call::Approve(Approve {
                    spender,
                    amount: allowance.amount(),
                }),
            }
        }),
        (address(), nonzero()).prop_map(move |(to, amount)| Case {
            tx: builder
                .erc20_transfer(usdc(), to, amount)
                .unwrap_or_else(|e| panic!("{e}")),
            expected: Call::Transfer(Transfer { to, amount }),
        }),
        (
            address(),
            nonzero(),
            proptest::collection::vec(any::<[u8; 20]>().prop_map(Address::from), 0..4),
            reference(),
            fee(),
            small(),
            small(),
            any::<bool>()
        )
            .prop_map(
                move |(
                    to,
                    request_amount,
                    path,
                    reference,
                    fee,
                    max_to_spend,
                    max_rate_timespan,
                    native,
                )| {
                    let (fee_amount, fee_address) = fee_parts(&fee);
                    if native {
                        let payment = NativeConversionPayment {
                            to,
                            request_amount,
                            path: path.clone(),
                            reference,
                            fee,
                            max_to_spend,
                            max_rate_timespan,
                        };
                        Case {
                            tx: builder
                                .native_conversion(&payment)
                                .unwrap_or_else(|e| panic!("{e}")),
                            expected: Call::NativeConversionTransfer(NativeConversionTransfer {
                                to,
                                request_amount,
                                path,
                                payment_reference: bytes(reference),
                                fee_amount,
                                fee_address,
                                max_rate_timespan,
                            }),
                        }
                    } else {
                        let payment = Erc20ConversionPayment {
                            to,
                            request_amount,
                            path: path.clone(),
                            reference,
                            fee,
                            max_to_spend,
                            max_rate_timespan,
                        };
                        Case {
                            tx: builder
                                .erc20_conversion(&payment)
                                .unwrap_or_else(|e| panic!("{e}")),
                            expected: Call::Erc20ConversionTransfer(Erc20ConversionTransfer {
                                to,
                                request_amount,
                                path,
                                payment_reference: bytes(reference),
                                fee_amount,
                                fee_address,
                                max_to_spend,
                                max_rate_timespan,
                            }),
                        }
                    }
                }
            ),
    ]
}

fn batch_payee() -> impl Strategy<Value = BatchPayee> {
    (
        address(),
        small().prop_map(|a| a + U256::from(1u8)),
        reference(),
        small(),
    )
        .prop_map(|(to, amount, reference, fee_amount)| BatchPayee {
            to,
            amount,
            reference,
            fee_amount,
        })
}

fn fee_address() -> impl Strategy<Value = ChainAddress> {
    address().prop_filter("non-zero", |a| !a.is_zero())
}

fn batch_cases() -> impl Strategy<Value = Case> {
    let builder = Builder::new(Network::Mainnet);
    let legacy = (
        proptest::collection::vec(batch_payee(), 1..6),
        fee_address(),
        any::<bool>(),
    )
        .prop_map(move |(payees, fee_address, native)| {
            let tokens = if native {
                LegacyBatchTokens::Native {}
            } else {
                LegacyBatchTokens::Single {
                    token_address: usdc(),
                }
            };
            let tx = if native {
                builder.batch_native(&payees, fee_address, 0)
            } else {
                builder.batch_erc20(usdc(), &payees, fee_address)
            };
            Case {
                tx: tx.unwrap_or_else(|e| panic!("{e}")),
                expected: Call::LegacyBatch(LegacyBatch {
                    tokens,
                    recipients: payees.iter().map(|p| p.to).collect(),
                    amounts: payees.iter().map(|p| p.amount).collect(),
                    payment_references: payees.iter().map(|p| bytes(p.reference)).collect(),
                    fee_amounts: payees.iter().map(|p| p.fee_amount).collect(),
                    fee_address,
                }),
            }
        });
    let request = (
        address(),
        small().prop_map(|a| a + U256::from(1u8)),
        proptest::collection::vec(any::<[u8; 20]>().prop_map(Address::from), 1..3),
        reference(),
        small(),
        small(),
    )
        .prop_map(
            |(recipient, request_amount, path, reference, fee_amount, max_to_spend)| BatchRequest {
                recipient,
                request_amount,
                path,
                reference,
                fee_amount,
                max_to_spend,
                max_rate_timespan: U256::ZERO,
            },
        );
    let requests = (
        proptest::collection::vec(request, 1..5),
        fee_address(),
        0u8..3,
        any::<bool>(),
    )
        .prop_map(move |(requests, fee_address, which, skip)| {
            let details: Vec<RequestDetail> = requests
                .iter()
                .map(|r| RequestDetail {
                    recipient: r.recipient,
                    request_amount: r.request_amount,
                    path: r.path.clone(),
                    payment_reference: bytes(r.reference),
                    fee_amount: r.fee_amount,
                    max_to_spend: r.max_to_spend,
                    max_rate_timespan: r.max_rate_timespan,
                })
                .collect();
            let (tx, function, usd_limit) = match which {
                0 => (
                    builder.batch_requests_erc20(&requests, &[], fee_address),
                    BatchFunction::Erc20,
                    UsdLimit::Paths {
                        paths_to_usd: vec![],
                    },
                ),
                1 => (
                    builder.batch_requests_multi_erc20(&requests, &[], fee_address),
                    BatchFunction::MultiErc20,
                    UsdLimit::Paths {
                        paths_to_usd: vec![],
                    },
                ),
                _ => (
                    builder.batch_requests_native(&requests, skip, fee_address, 0),
                    BatchFunction::Native,
                    UsdLimit::Skip {
                        skip_fee_usd_limit: skip,
                    },
                ),
            };
            Case {
                tx: tx.unwrap_or_else(|e| panic!("{e}")),
                expected: Call::BatchRequests(BatchRequests {
                    function,
                    request_details: details,
                    usd_limit,
                    fee_address,
                }),
            }
        });
    prop_oneof![legacy, requests]
}

fn any_case() -> impl Strategy<Value = Case> {
    prop_oneof![single_cases(), batch_cases()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn decode_of_build_is_the_input(case in any_case()) {
        let decoded = Decoder::builtin().decode(Network::Mainnet, &case.tx.to, &case.tx.data, case.tx.value);
        prop_assert!(decoded.is_ok(), "{:?}", decoded);
        let decoded = decoded.unwrap_or_else(|_| unreachable!());
        prop_assert_eq!(decoded.call, case.expected);
        prop_assert_eq!(decoded.value, case.tx.value);
    }

    #[test]
    fn a_single_byte_change_fails_or_changes_the_arguments(case in any_case(), position in any::<prop::sample::Index>(), flip in 1u8..=255) {
        let decoder = Decoder::builtin();
        let original = decoder.decode(Network::Mainnet, &case.tx.to, &case.tx.data, case.tx.value).unwrap_or_else(|e| panic!("{e}"));
        let mut data = case.tx.data.to_vec();
        let index = position.index(data.len());
        data[index] ^= flip;
        if let Ok(changed) = decoder.decode(Network::Mainnet, &case.tx.to, &data, case.tx.value) {
            prop_assert_ne!(changed.call, original.call, "byte {} changed without effect", index);
        }
    }

    #[test]
    fn batch_payments_groups_round_trip(requests in proptest::collection::vec((address(), 1u64..1_000_000, reference()), 1..4), fee_address in fee_address()) {
        let group = BatchGroup {
            network: BatchPaymentNetwork::MultiErc20,
            requests: requests.iter().map(|(recipient, amount, reference)| BatchRequest { recipient: *recipient, request_amount: U256::from(*amount), path: vec![Address::ZERO], reference: *reference, fee_amount: U256::ZERO, max_to_spend: U256::ZERO, max_rate_timespan: U256::ZERO }).collect(),
        };
        let tx = Builder::new(Network::Base).batch_payments(std::slice::from_ref(&group), &[], fee_address, 0).unwrap_or_else(|e| panic!("{e}"));
        let decoded = Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, tx.value).unwrap_or_else(|e| panic!("{e}"));
        let Call::BatchPayments(batch) = decoded.call else { panic!("batchPayments") };
        prop_assert_eq!(batch.meta_details.len(), 1);
        prop_assert_eq!(batch.meta_details[0].request_details.len(), group.requests.len());
        for (detail, request) in batch.meta_details[0].request_details.iter().zip(&group.requests) {
            prop_assert_eq!(detail.recipient, request.recipient);
            prop_assert_eq!(detail.request_amount, request.request_amount);
            prop_assert_eq!(detail.payment_reference.as_ref(), &request.reference.bytes());
        }
    }
}
