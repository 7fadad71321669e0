//! The typed builders: targets, values and every payment rule.

use crate::common;

use alloy_primitives::{Address, U256, address};
use securepay::address::ChainAddress;
use securepay::calldata::{
    Allowance, BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, BatchTokenPayee,
    BuildError, Builder, Call, Decoder, Erc20ConversionPayment, Erc20FeePayment, Flow,
    NativeConversionPayment, NativeFeePayment, PaymentReference,
};
use securepay::network::Network;

fn evm(text: &str) -> ChainAddress {
    ChainAddress::parse(Network::Mainnet, text).unwrap()
}

fn tron(text: &str) -> ChainAddress {
    ChainAddress::parse(Network::Tron, text).unwrap()
}

fn reference() -> PaymentReference {
    "0x86dfbccad783599a".parse().unwrap()
}

const PAYEE: &str = "0xf17f52151EbEF6C7334FAD080c5704D77216b732";
const FEE: &str = "0xC5fdf4076b8F3A5357c5E395ab970B5B54098Fef";
const TOKEN: &str = "0x9FBDa871d559710256a2502A2517b794B482Db40";

#[test]
fn erc20_fee_matches_the_services_own_calldata() {
    let vector = common::abi_vectors()
        .into_iter()
        .find(|v| v["id"] == "erc20_fee_12")
        .unwrap();
    let payment = Erc20FeePayment::new(evm(TOKEN), evm(PAYEE), U256::from(100u8), reference())
        .with_fee(U256::from(2u8), evm(FEE));
    let tx = Builder::new(Network::Mainnet).erc20_fee(&payment).unwrap();
    assert_eq!(tx.data.to_string(), vector["expected"].as_str().unwrap());
    assert_eq!(
        tx.to.to_string(),
        "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C"
    );
    assert_eq!(tx.value, U256::ZERO);
}

#[test]
fn native_fee_value_is_amount_plus_fee_and_matches_the_vector() {
    let vector = common::abi_vectors()
        .into_iter()
        .find(|v| v["id"] == "eth_fee_04")
        .unwrap();
    let payment = NativeFeePayment::new(evm(PAYEE), U256::from(100u8), reference())
        .with_fee(U256::from(2u8), evm(FEE));
    let tx = Builder::new(Network::Base).native_fee(&payment).unwrap();
    assert_eq!(tx.data.to_string(), vector["expected"].as_str().unwrap());
    assert_eq!(tx.value, U256::from(102u8));
    assert_eq!(
        tx.to.to_string(),
        "0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2"
    );
    let exact = Builder::new(Network::Base)
        .native_fee_exact(&payment)
        .unwrap();
    assert_eq!(exact.value, U256::from(102u8));
    assert_eq!(&exact.data[..4], &[0xd7, 0xc9, 0x5e, 0x98]);
}

#[test]
fn a_fee_above_zero_needs_a_fee_address() {
    let payment = Erc20FeePayment::new(evm(TOKEN), evm(PAYEE), U256::from(100u8), reference())
        .with_fee(
            U256::from(2u8),
            evm("0x0000000000000000000000000000000000000000"),
        );
    assert_eq!(
        Builder::new(Network::Base).erc20_fee(&payment),
        Err(BuildError::FeeWithoutAddress {
            amount: U256::from(2u8)
        })
    );
    let zero_fee_zero_address =
        Erc20FeePayment::new(evm(TOKEN), evm(PAYEE), U256::from(100u8), reference()).with_fee(
            U256::ZERO,
            evm("0x0000000000000000000000000000000000000000"),
        );
    assert!(
        Builder::new(Network::Base)
            .erc20_fee(&zero_fee_zero_address)
            .is_ok()
    );
    let batch = [BatchPayee {
        to: evm(PAYEE),
        amount: U256::from(1u8),
        reference: reference(),
        fee_amount: U256::from(1u8),
    }];
    assert!(matches!(
        Builder::new(Network::Mainnet).batch_erc20(
            evm(TOKEN),
            &batch,
            evm("0x0000000000000000000000000000000000000000")
        ),
        Err(BuildError::BatchFeeAddressZero)
    ));
}

#[test]
fn payment_amounts_must_be_above_zero_but_approvals_may_be_zero() {
    let builder = Builder::new(Network::Base);
    let zero = Erc20FeePayment::new(evm(TOKEN), evm(PAYEE), U256::ZERO, reference());
    assert_eq!(
        builder.erc20_fee(&zero),
        Err(BuildError::ZeroAmount { payee: None })
    );
    assert!(
        builder
            .native_fee(&NativeFeePayment::new(evm(PAYEE), U256::ZERO, reference()))
            .is_err()
    );
    assert!(
        builder
            .erc20_transfer(evm(TOKEN), evm(PAYEE), U256::ZERO)
            .is_err()
    );
    assert!(
        builder
            .approve_for(Flow::Erc20Fee, evm(TOKEN), Allowance::Exact(U256::ZERO))
            .is_ok(),
        "revoking is an approval of 0"
    );
    let batch = [
        BatchPayee {
            to: evm(PAYEE),
            amount: U256::from(1u8),
            reference: reference(),
            fee_amount: U256::ZERO,
        },
        BatchPayee {
            to: evm(PAYEE),
            amount: U256::ZERO,
            reference: reference(),
            fee_amount: U256::ZERO,
        },
    ];
    assert_eq!(
        Builder::new(Network::Mainnet).batch_erc20(evm(TOKEN), &batch, evm(FEE)),
        Err(BuildError::ZeroAmount { payee: Some(1) })
    );
}

#[test]
fn approvals_go_to_the_contract_that_pulls_the_funds() {
    let builder = Builder::new(Network::Mainnet);
    let decoder = Decoder::builtin();
    let usdc = evm("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    let cases = [
        (Flow::Erc20Fee, "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C"),
        (
            Flow::Erc20Conversion,
            "0xe72Ecea44b6d8B2b3cf5171214D9730E86213cA2",
        ),
        (
            Flow::LegacyBatch,
            "0x0DD57FFe83a53bCbd657e234B16A3e74fEDb8fBA",
        ),
        (
            Flow::BatchConversion,
            "0x3cF63891928B8CeebB81C95426600a18cd59C03f",
        ),
    ];
    for (flow, spender) in cases {
        for allowance in [
            Allowance::Unlimited,
            Allowance::Exact(U256::from(250_000_000u64)),
        ] {
            let tx = builder.approve_for(flow, usdc, allowance).unwrap();
            assert_eq!(tx.to, usdc);
            let Call::Approve(approve) = decoder
                .decode(Network::Mainnet, &tx.to, &tx.data, tx.value)
                .unwrap()
                .call
            else {
                panic!()
            };
            assert_eq!(approve.spender.to_string(), spender, "{flow:?}");
            assert_eq!(approve.amount, allowance.amount());
        }
    }
    assert_eq!(Allowance::Unlimited.amount(), U256::MAX);
}

#[test]
fn tron_payments_use_base58_and_the_tron_proxy() {
    let builder = Builder::new(Network::Tron);
    let payment = Erc20FeePayment::new(
        tron("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
        tron("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"),
        U256::from(1_000_000u64),
        PaymentReference::derive(
            "0x123",
            "a6475e4c3d45feb6",
            "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
        )
        .unwrap(),
    )
    .with_fee(U256::from(10u8), tron("TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"));
    let tx = builder.erc20_fee(&payment).unwrap();
    assert_eq!(tx.to.to_string(), "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
    let decoded = Decoder::builtin()
        .decode(Network::Tron, &tx.to, &tx.data, tx.value)
        .unwrap();
    let Call::Erc20FeeTransfer(args) = decoded.call else {
        panic!()
    };
    assert_eq!(
        args.token_address.to_string(),
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
    );
    assert_eq!(
        args.fee_address.to_string(),
        "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"
    );
    let approval = builder
        .approve_for(
            Flow::Erc20Fee,
            tron("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
            Allowance::Exact(U256::from(1_000_010u64)),
        )
        .unwrap();
    let Call::Approve(approve) = Decoder::builtin()
        .decode(Network::Tron, &approval.to, &approval.data, approval.value)
        .unwrap()
        .call
    else {
        panic!()
    };
    assert_eq!(
        approve.spender.to_string(),
        "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd"
    );
}

#[test]
fn tron_has_no_native_or_conversion_proxy_and_addresses_cannot_mix() {
    let builder = Builder::new(Network::Tron);
    let payee = tron("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
    assert!(matches!(
        builder.native_fee(&NativeFeePayment::new(payee, U256::from(1u8), reference())),
        Err(BuildError::NotOnTron(_))
    ));
    let conversion = Erc20ConversionPayment {
        to: payee,
        request_amount: U256::from(1u8),
        path: vec![],
        reference: reference(),
        fee: None,
        max_to_spend: U256::from(1u8),
        max_rate_timespan: U256::ZERO,
    };
    assert!(matches!(
        builder.erc20_conversion(&conversion),
        Err(BuildError::NotOnTron(_))
    ));
    assert!(matches!(
        builder.approve_for(Flow::Erc20Conversion, payee, Allowance::Unlimited),
        Err(BuildError::NotOnTron(_))
    ));
    let evm_payee = Erc20FeePayment::new(
        tron("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
        evm(PAYEE),
        U256::from(1u8),
        reference(),
    );
    assert!(matches!(
        builder.erc20_fee(&evm_payee),
        Err(BuildError::WrongFamily { role: "payee", .. })
    ));
    let tron_on_base = Erc20FeePayment::new(evm(TOKEN), payee, U256::from(1u8), reference());
    assert!(matches!(
        Builder::new(Network::Base).erc20_fee(&tron_on_base),
        Err(BuildError::WrongFamily { .. })
    ));
}

#[test]
fn batches_with_a_tron_payee_or_on_tron_are_refused_with_the_services_message() {
    let message = "Batch payments are not supported for TRON networks. Please submit individual payment requests.";
    let tron_payee = [BatchPayee {
        to: tron("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"),
        amount: U256::from(1u8),
        reference: reference(),
        fee_amount: U256::ZERO,
    }];
    let error = Builder::new(Network::Mainnet)
        .batch_erc20(evm(TOKEN), &tron_payee, evm(FEE))
        .unwrap_err();
    assert_eq!(error, BuildError::TronBatch);
    assert_eq!(error.to_string(), message);
    let payees = [BatchPayee {
        to: evm(PAYEE),
        amount: U256::from(1u8),
        reference: reference(),
        fee_amount: U256::ZERO,
    }];
    let on_tron = Builder::new(Network::Tron);
    assert_eq!(
        on_tron
            .batch_erc20(
                tron("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
                &payees,
                tron("TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs")
            )
            .unwrap_err()
            .to_string(),
        message
    );
    assert_eq!(
        on_tron.batch_native(&payees, evm(FEE), 0).unwrap_err(),
        BuildError::TronBatch
    );
    assert_eq!(
        on_tron.batch_payments(&[], &[], evm(FEE), 0).unwrap_err(),
        BuildError::TronBatch
    );
    assert_eq!(
        on_tron
            .approve_for(
                Flow::LegacyBatch,
                tron("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
                Allowance::Unlimited
            )
            .unwrap_err(),
        BuildError::TronBatch
    );
}

#[test]
fn legacy_batches_match_the_services_vectors_and_native_value_adds_the_batch_fee() {
    let vectors = common::abi_vectors();
    let expected = |id: &str| {
        vectors.iter().find(|v| v["id"] == id).unwrap()["expected"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let dai = evm("0x38cF23C52Bb4B13F051Aec09580a2dE845a7FA35");
    let payee = BatchPayee {
        to: evm(PAYEE),
        amount: U256::from(1000u16),
        reference: reference(),
        fee_amount: U256::from(2u8),
    };
    let builder = Builder::new(Network::Mainnet);
    let multi = builder
        .batch_erc20_multi(
            &[
                BatchTokenPayee { token: dai, payee },
                BatchTokenPayee {
                    token: evm(TOKEN),
                    payee,
                },
            ],
            evm(FEE),
        )
        .unwrap();
    assert_eq!(multi.data.to_string(), expected("batch_erc20_multi_05"));
    assert_eq!(
        multi.to.to_string(),
        "0x0DD57FFe83a53bCbd657e234B16A3e74fEDb8fBA"
    );
    let native = builder.batch_native(&[payee, payee], evm(FEE), 0).unwrap();
    assert_eq!(native.data.to_string(), expected("batch_eth_04"));
    assert_eq!(native.value, U256::from(2004u16));
    let with_batch_fee = builder.batch_native(&[payee, payee], evm(FEE), 10).unwrap();
    assert_eq!(with_batch_fee.value, U256::from(2004u16 + 20), "1% of 2000");
    assert_eq!(
        builder.batch_erc20(dai, &[], evm(FEE)),
        Err(BuildError::EmptyBatch)
    );
}

fn request(amount: u64, token: Address) -> BatchRequest {
    BatchRequest {
        recipient: evm(PAYEE),
        request_amount: U256::from(amount),
        path: vec![token],
        reference: reference(),
        fee_amount: U256::from(100u8),
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    }
}

#[test]
fn batch_payments_matches_the_services_vector_and_enforces_its_group_rules() {
    let dai = address!("38cF23C52Bb4B13F051Aec09580a2dE845a7FA35");
    let test_erc20 = address!("9FBDa871d559710256a2502A2517b794B482Db40");
    let group = BatchGroup {
        network: BatchPaymentNetwork::MultiErc20,
        requests: vec![request(100_000, dai), request(100_000, test_erc20)],
    };
    let builder = Builder::new(Network::Mainnet);
    let tx = builder
        .batch_payments(std::slice::from_ref(&group), &[], evm(FEE), 0)
        .unwrap();
    assert!(tx.data.starts_with(&[0x92, 0xcd, 0xdb, 0x91]));
    assert_eq!(tx.value, U256::ZERO);
    assert_eq!(
        tx.to.to_string(),
        "0x3cF63891928B8CeebB81C95426600a18cd59C03f"
    );

    let eth_hash = address!("f5af88e117747e87fc5929f2ff87221b1447652e");
    let native = BatchGroup {
        network: BatchPaymentNetwork::Native,
        requests: vec![request(1000, eth_hash)],
    };
    let mut conversion = request(5, eth_hash);
    conversion.max_to_spend = U256::from(7000u16);
    let native_conversion = BatchGroup {
        network: BatchPaymentNetwork::NativeConversion,
        requests: vec![conversion],
    };
    let tx = builder
        .batch_payments(
            &[group.clone(), native.clone(), native_conversion.clone()],
            &[],
            evm(FEE),
            0,
        )
        .unwrap();
    assert_eq!(
        tx.value,
        U256::from(1000u16 + 100 + 7000),
        "Σ(amount+fee) of group 3 + Σ maxToSpend of group 4"
    );
    let with_fee = builder
        .batch_payments(
            &[group.clone(), native.clone(), native_conversion.clone()],
            &[],
            evm(FEE),
            30,
        )
        .unwrap();
    assert_eq!(
        with_fee.value,
        U256::from(1000u16 + 100 + 7000 + 24),
        "plus 0.3 % of the native amounts (1000 + 7000): the contract reverts below it"
    );
    assert_eq!(
        builder.batch_payments(
            &[native_conversion.clone(), native.clone()],
            &[],
            evm(FEE),
            0
        ),
        Err(BuildError::NativeConversionNotLast)
    );
    let six = vec![group.clone(); 6];
    assert_eq!(
        builder.batch_payments(&six, &[], evm(FEE), 0),
        Err(BuildError::TooManyGroups(6))
    );
    let decoded = Decoder::builtin()
        .decode(Network::Mainnet, &tx.to, &tx.data, tx.value)
        .unwrap();
    let Call::BatchPayments(batch) = decoded.call else {
        panic!()
    };
    assert_eq!(batch.meta_details.len(), 3);
    assert_eq!(
        batch.meta_details[2].payment_network_id,
        BatchPaymentNetwork::NativeConversion
    );
}

#[test]
fn batch_payments_reproduces_the_services_multi_erc20_calldata() {
    let expected = "0x92cddb9100000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000400000000000000000000000000c5fdf4076b8f3a5357c5e395ab970b5b54098fef00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000000000004000000000000000000000000000000000000000000000000000000000000001a0000000000000000000000000f17f52151ebef6c7334fad080c5704d77216b73200000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000000000e00000000000000000000000000000000000000000000000000000000000000120000000000000000000000000000000000000000000000000000000000000006400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000100000000000000000000000038cf23c52bb4b13f051aec09580a2de845a7fa35000000000000000000000000000000000000000000000000000000000000000886dfbccad783599a000000000000000000000000000000000000000000000000000000000000000000000000f17f52151ebef6c7334fad080c5704d77216b73200000000000000000000000000000000000000000000000000000000000186a000000000000000000000000000000000000000000000000000000000000000e0000000000000000000000000000000000000000000000000000000000000012000000000000000000000000000000000000000000000000000000000000000640000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000000000000009fbda871d559710256a2502a2517b794b482db40000000000000000000000000000000000000000000000000000000000000000886dfbccad783599a0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000";
    let group = BatchGroup {
        network: BatchPaymentNetwork::MultiErc20,
        requests: vec![
            request(
                100_000,
                address!("38cF23C52Bb4B13F051Aec09580a2dE845a7FA35"),
            ),
            request(
                100_000,
                address!("9FBDa871d559710256a2502A2517b794B482Db40"),
            ),
        ],
    };
    let tx = Builder::new(Network::Mainnet)
        .batch_payments(&[group], &[], evm(FEE), 0)
        .unwrap();
    assert_eq!(
        tx.data.to_string(),
        expected,
        "RequestNetwork batch-proxy.test.ts:817"
    );
}

#[test]
fn conversion_payments_target_the_conversion_proxies() {
    let vector = common::abi_vectors()
        .into_iter()
        .find(|v| v["id"] == "erc20_conversion_05")
        .unwrap();
    let payment = Erc20ConversionPayment {
        to: evm(PAYEE),
        request_amount: U256::from(100_000_000u64),
        path: vec![
            address!("17B4158805772Ced11225E77339F90BeB5aAE968"),
            address!("775EB53d00DD0Acd3EC1696472105d579B9b386b"),
            address!("38cF23C52Bb4B13F051Aec09580a2dE845a7FA35"),
        ],
        reference: reference(),
        fee: Some(securepay::calldata::Fee {
            amount: U256::from(2_000_000u64),
            recipient: evm(FEE),
        }),
        max_to_spend: U256::MAX,
        max_rate_timespan: U256::ZERO,
    };
    let tx = Builder::new(Network::Sepolia)
        .erc20_conversion(&payment)
        .unwrap();
    assert_eq!(tx.data.to_string(), vector["expected"].as_str().unwrap());
    assert_eq!(
        tx.to.to_string(),
        "0xaD61121DAfAAe495095Cd466022b519Cb7503a4E"
    );
    let native = NativeConversionPayment {
        to: evm(PAYEE),
        request_amount: U256::from(100_000_000u64),
        path: payment.path.clone(),
        reference: reference(),
        fee: None,
        max_to_spend: U256::from(2_500_000_000_000_000u64),
        max_rate_timespan: U256::ZERO,
    };
    let tx = Builder::new(Network::Sepolia)
        .native_conversion(&native)
        .unwrap();
    assert_eq!(
        tx.value,
        U256::from(2_500_000_000_000_000u64),
        "value = max to spend"
    );
    assert_eq!(
        tx.to.to_string(),
        "0xc861aE0Cd70b73b0C8F1D62Fa669E6D1d7D7e0aB"
    );
}

#[test]
fn payment_reference_vectors_and_rules() {
    for vector in common::abi_vectors_of("payment_reference") {
        let input = &vector["input"];
        let reference = PaymentReference::derive(
            common::s(input, "requestId"),
            common::s(input, "salt"),
            common::s(input, "address"),
        )
        .unwrap();
        assert_eq!(
            reference.to_hex_digits(),
            common::s(&vector, "expected"),
            "{}",
            vector["id"]
        );
    }
    assert!(PaymentReference::derive("", "salt", "0x1").is_err());
    assert!(PaymentReference::derive("abcd", "", "0x1").is_err());
    assert!(PaymentReference::derive("abcd", "salt", "").is_err());
    let reference: PaymentReference = "0x2d7476c48c63ba65".parse().unwrap();
    assert_eq!(
        reference.topic().to_string(),
        "0x6c93723bc5f82e6fbb2ea994bf0fb572fa19f7a2a3146065e21752b95668efe5"
    );
    assert_eq!(
        PaymentReference::derive(
            "0188791633ff0ec72a7dbdefb886d2db6cccfa98287320839c2f173c7a4e3ce7e1",
            "0ee84db293a752c6",
            "0x5000ee9fb9c96a2a09d8efb695ac21d6c429ff11"
        )
        .unwrap(),
        reference
    );
    for bad in [
        "0x2d7476c48c63ba",
        "0x2d7476c48c63ba6500",
        "2d7476c48c63ba6g",
        "",
    ] {
        assert!(bad.parse::<PaymentReference>().is_err(), "{bad}");
    }
}
