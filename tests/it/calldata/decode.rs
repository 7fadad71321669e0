//! Strict decoding: targets by (network, address), selectors that belong to their contract,
//! canonical encodings only.

use alloy_primitives::U256;
use securepay::address::ChainAddress;
use securepay::calldata::decode::LegacyBatchTokens;
use securepay::calldata::{
    Allowance, BatchPayee, Builder, Call, DecodeError, Decoder, Erc20FeePayment, Flow,
    NativeFeePayment, PaymentReference, Target,
};
use securepay::contracts::Contract;
use securepay::network::Network;

#[allow(clippy::unwrap_used)]
fn evm(text: &str) -> ChainAddress {
    ChainAddress::parse(Network::Mainnet, text).unwrap()
}

const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const USDC_BASE: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

fn reference() -> PaymentReference {
    PaymentReference::new([0x1a, 0x2b, 0x3c, 0x4d, 0x5e, 0x6f, 0x70, 0x81])
}

fn erc20_payment() -> securepay::transaction::Transaction {
    let payment = Erc20FeePayment::new(
        evm(USDC_BASE),
        evm(PAYEE),
        U256::from(10_500_000u64),
        reference(),
    )
    .with_fee(
        U256::from(300_000u64),
        evm("0x000000000000000000000000000000000000dEaD"),
    );
    Builder::new(Network::Base).erc20_fee(&payment).unwrap()
}

#[test]
fn a_built_payment_decodes_to_its_arguments() {
    let tx = erc20_payment();
    let decoded = Decoder::builtin()
        .decode(Network::Base, &tx.to, &tx.data, tx.value)
        .unwrap();
    assert_eq!(decoded.target, Target::Contract(Contract::Erc20FeeProxy));
    let Call::Erc20FeeTransfer(args) = &decoded.call else {
        panic!()
    };
    assert_eq!(args.token_address, evm(USDC_BASE));
    assert_eq!(args.to, evm(PAYEE));
    assert_eq!(args.amount, U256::from(10_500_000u64));
    assert_eq!(args.payment_reference.as_ref(), &reference().bytes());
    assert_eq!(args.fee_amount, U256::from(300_000u64));
    let json = serde_json::to_value(&decoded).unwrap();
    assert_eq!(json["contract"], "ERC20FeeProxy");
    assert_eq!(json["function"], "transferFromWithReferenceAndFee");
    assert_eq!(json["args"]["_amount"], "10500000");
    assert_eq!(json["args"]["_paymentReference"], "0x1a2b3c4d5e6f7081");
    assert_eq!(json["args"]["_to"], PAYEE);
}

#[test]
fn the_target_is_identified_by_network_and_address_never_the_address_alone() {
    let tx = erc20_payment();
    // The Base proxy address means nothing on Optimism.
    assert!(matches!(
        Decoder::builtin().decode(Network::Optimism, &tx.to, &tx.data, tx.value),
        Err(DecodeError::UnknownTarget {
            network: Network::Optimism,
            ..
        })
    ));
    // 0x370DE27f… is the ERC20FeeProxy on mainnet and the FAU token on Sepolia.
    let mainnet = Builder::new(Network::Mainnet)
        .erc20_fee(&Erc20FeePayment::new(
            evm(USDC_BASE),
            evm(PAYEE),
            U256::from(1u8),
            reference(),
        ))
        .unwrap();
    assert!(
        Decoder::builtin()
            .decode(Network::Mainnet, &mainnet.to, &mainnet.data, U256::ZERO)
            .is_ok()
    );
    let on_sepolia = Decoder::builtin()
        .decode(Network::Sepolia, &mainnet.to, &mainnet.data, U256::ZERO)
        .unwrap_err();
    assert!(
        matches!(
            on_sepolia,
            DecodeError::SelectorNotOnTarget {
                function: "transferFromWithReferenceAndFee",
                ..
            }
        ),
        "{on_sepolia}"
    );
    assert!(on_sepolia.to_string().contains("FAU-sepolia"));
}

#[test]
fn unknown_selector_and_selector_of_another_contract_are_distinct_errors() {
    let tx = erc20_payment();
    let mut unknown = tx.data.to_vec();
    unknown[..4].copy_from_slice(&[0xde, 0xad, 0xbe, 0xef]);
    assert_eq!(
        Decoder::builtin().decode(Network::Base, &tx.to, &unknown, U256::ZERO),
        Err(DecodeError::UnknownSelector([0xde, 0xad, 0xbe, 0xef]))
    );
    let approval = Builder::new(Network::Base)
        .approve_for(Flow::Erc20Fee, evm(USDC_BASE), Allowance::Unlimited)
        .unwrap();
    let to_proxy = Decoder::builtin()
        .decode(Network::Base, &tx.to, &approval.data, U256::ZERO)
        .unwrap_err();
    assert!(matches!(
        to_proxy,
        DecodeError::SelectorNotOnTarget {
            function: "approve",
            ..
        }
    ));
    let payment_to_token = Decoder::builtin()
        .decode(Network::Base, &evm(USDC_BASE), &tx.data, U256::ZERO)
        .unwrap_err();
    assert!(matches!(
        payment_to_token,
        DecodeError::SelectorNotOnTarget { .. }
    ));
    assert!(matches!(
        Decoder::builtin().decode(Network::Base, &tx.to, &[0xc2, 0x19], U256::ZERO),
        Err(DecodeError::TooShort(2))
    ));
    assert!(matches!(
        Decoder::builtin().decode(Network::Base, &evm(PAYEE), &[], U256::from(5u8)),
        Err(DecodeError::NoCalldata { .. })
    ));
    assert!(matches!(
        Decoder::builtin().decode(Network::Base, &evm(PAYEE), &tx.data, U256::ZERO),
        Err(DecodeError::UnknownTarget { .. })
    ));
}

#[test]
fn non_canonical_encodings_are_rejected_with_their_reason() {
    let tx = erc20_payment();
    let decode = |data: &[u8]| Decoder::builtin().decode(Network::Base, &tx.to, data, U256::ZERO);
    let mut trailing = tx.data.to_vec();
    trailing.extend([0u8; 32]);
    assert_eq!(
        decode(&trailing),
        Err(DecodeError::TrailingBytes {
            function: "transferFromWithReferenceAndFee",
            extra: 32
        })
    );
    let mut one_byte = tx.data.to_vec();
    one_byte.push(0);
    assert_eq!(
        decode(&one_byte),
        Err(DecodeError::TrailingBytes {
            function: "transferFromWithReferenceAndFee",
            extra: 1
        })
    );
    let mut dirty_address = tx.data.to_vec();
    dirty_address[4 + 32 + 3] = 0x01; // inside the 12 padding bytes of `_to`
    assert_eq!(
        decode(&dirty_address),
        Err(DecodeError::DirtyValue("transferFromWithReferenceAndFee"))
    );
    let mut dirty_bytes = tx.data.to_vec();
    let last = dirty_bytes.len() - 1;
    dirty_bytes[last] = 0x01; // padding after the 8 reference bytes
    assert_eq!(
        decode(&dirty_bytes),
        Err(DecodeError::NonCanonical("transferFromWithReferenceAndFee"))
    );
    let mut moved = tx.data.to_vec();
    moved[4 + 3 * 32 + 31] = 0xe0; // the offset of `_paymentReference` points one word further
    moved.splice(4 + 6 * 32..4 + 6 * 32, [0u8; 32]);
    assert_eq!(
        decode(&moved),
        Err(DecodeError::NonCanonical("transferFromWithReferenceAndFee"))
    );
    assert_eq!(
        decode(&tx.data[..tx.data.len() - 32]),
        Err(DecodeError::Truncated("transferFromWithReferenceAndFee"))
    );
}

#[test]
fn value_rules_at_decode() {
    let tx = erc20_payment();
    assert!(matches!(
        Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, U256::from(1u8)),
        Err(DecodeError::ValueOnNonPayable {
            function: "transferFromWithReferenceAndFee",
            ..
        })
    ));
    let native = Builder::new(Network::Base)
        .native_fee(
            &NativeFeePayment::new(evm(PAYEE), U256::from(1000u16), reference())
                .with_fee(U256::from(10u8), evm(PAYEE)),
        )
        .unwrap();
    let decoded = Decoder::builtin()
        .decode(Network::Base, &native.to, &native.data, native.value)
        .unwrap();
    let Call::NativeFeeTransfer(args) = decoded.call else {
        panic!()
    };
    assert_eq!(args.amount, U256::from(1000u16), "amount = value - fee");
    assert_eq!(
        Decoder::builtin().decode(Network::Base, &native.to, &native.data, U256::from(9u8)),
        Err(DecodeError::ValueBelowFee {
            value: U256::from(9u8),
            fee: U256::from(10u8)
        })
    );
}

#[test]
fn tokens_of_the_catalog_decode_approve_and_transfer_with_their_currency() {
    let transfer = Builder::new(Network::ArbitrumOne)
        .erc20_transfer(
            evm("0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9"),
            evm(PAYEE),
            U256::from(7u8),
        )
        .unwrap();
    let decoded = Decoder::builtin()
        .decode(
            Network::ArbitrumOne,
            &transfer.to,
            &transfer.data,
            U256::ZERO,
        )
        .unwrap();
    let Target::Token { currencies } = &decoded.target else {
        panic!()
    };
    let ids: Vec<&str> = currencies.iter().map(|c| c.as_str()).collect();
    assert_eq!(ids, ["USDT-arbitrum-one", "USDT0-arbitrum-one"]);
    assert_eq!(serde_json::to_value(&decoded).unwrap()["contract"], "ERC20");
    let unknown_token = Decoder::builtin().decode(
        Network::ArbitrumOne,
        &evm("0x000000000000000000000000000000000000dEaD"),
        &transfer.data,
        U256::ZERO,
    );
    assert!(matches!(
        unknown_token,
        Err(DecodeError::UnknownTarget { .. })
    ));
}

#[test]
fn legacy_batch_decodes_into_rows_and_by_chain_id() {
    let payee = BatchPayee {
        to: evm(PAYEE),
        amount: U256::from(5u8),
        reference: reference(),
        fee_amount: U256::from(1u8),
    };
    let tx = Builder::new(Network::Matic)
        .batch_erc20(
            evm("0xc2132D05D31c914a87C6611C10748AEb04B58e8F"),
            &[payee, payee],
            evm(PAYEE),
        )
        .unwrap();
    let decoded = Decoder::builtin()
        .decode_on_chain(137, tx.to.abi(), &tx.data, tx.value)
        .unwrap();
    let Call::LegacyBatch(batch) = decoded.call else {
        panic!()
    };
    assert!(matches!(batch.tokens, LegacyBatchTokens::Single { .. }));
    let rows: Vec<_> = batch.payments().collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1].2, U256::from(5u8));
    assert!(matches!(
        Decoder::builtin().decode_on_chain(5, tx.to.abi(), &tx.data, tx.value),
        Err(DecodeError::Network(_))
    ));
}
