//! LI.FI Across V4 decoding: selectors pinned, the selector table checked against
//! `reference/lifi-abi.json` (each selector recomputed with `keccak256`), every line of
//! `vectors/lifi-calldata-examples.jsonl` run, tampered calldata refused with its precise error,
//! the periphery addresses pinned, and encode → decode the identity for random calls and messages.

use crate::common;

use std::collections::BTreeSet;

use alloy_primitives::{Address, B256, Bytes, U256, hex, keccak256};
use alloy_sol_types::{SolCall, SolType};
use proptest::prelude::*;
use securepay::calldata::lifi::abi::{AcrossFacetV4, AcrossV4Message, ILiFi, LibSwap};
use securepay::calldata::lifi::{
    AcrossBridgeCall, AcrossV4, BridgeData, DestinationMessage, LifiDecodeError, SwapData,
    decode_bridge_call, decode_destination_message, executor, known_function, known_functions,
    receiver_across_v4,
};
use securepay::contracts::{Contract, Deployments};
use securepay::network::Network;
use serde_json::{Value, json};

const START: [u8; 4] = hex!("a1f1ce43");
const SWAP_AND_START: [u8; 4] = hex!("1794958f");

// ---------------------------------------------------------------------------------------------
// Selectors and the table

#[test]
fn the_two_allowed_selectors_are_pinned() {
    assert_eq!(
        AcrossFacetV4::startBridgeTokensViaAcrossV4Call::SELECTOR,
        START
    );
    assert_eq!(
        AcrossFacetV4::swapAndStartBridgeTokensViaAcrossV4Call::SELECTOR,
        SWAP_AND_START
    );
    assert_eq!(
        &keccak256(AcrossFacetV4::startBridgeTokensViaAcrossV4Call::SIGNATURE)[..4],
        &START
    );
    assert_eq!(
        &keccak256(AcrossFacetV4::swapAndStartBridgeTokensViaAcrossV4Call::SIGNATURE)[..4],
        &SWAP_AND_START
    );
}

/// The canonical type of an ABI parameter, tuples expanded.
fn canonical(param: &Value) -> String {
    let ty = common::s(param, "type");
    match ty.strip_prefix("tuple") {
        Some(suffix) => {
            let inner: Vec<String> = param["components"]
                .as_array()
                .expect("tuple components")
                .iter()
                .map(canonical)
                .collect();
            format!("({}){suffix}", inner.join(","))
        }
        None => ty.to_owned(),
    }
}

/// `(selector, name, signature)` of every function of `reference/lifi-abi.json`, each selector
/// computed with `keccak256` of the canonical signature.
fn abi_functions() -> BTreeSet<([u8; 4], String, String)> {
    let abi = common::read_json("reference/lifi-abi.json");
    let entries = abi.as_array().expect("an ABI array");
    let functions: BTreeSet<_> = entries
        .iter()
        .filter(|e| e["type"] == "function")
        .map(|e| {
            let name = common::s(e, "name").to_owned();
            let inputs: Vec<String> = e["inputs"]
                .as_array()
                .expect("inputs")
                .iter()
                .map(canonical)
                .collect();
            let signature = format!("{name}({})", inputs.join(","));
            let hash = keccak256(signature.as_bytes());
            let selector: [u8; 4] = hash[..4].try_into().unwrap();
            (selector, name, signature)
        })
        .collect();
    assert_eq!(
        functions.len(),
        entries.iter().filter(|e| e["type"] == "function").count(),
        "no function listed twice"
    );
    functions
}

#[test]
fn the_selector_table_equals_the_abi_file() {
    let from_abi = abi_functions();
    assert_eq!(from_abi.len(), 94, "lifi-notes: 94 functions");
    let table: BTreeSet<_> = known_functions()
        .iter()
        .map(|f| (f.selector, f.name.to_owned(), f.signature.to_owned()))
        .collect();
    assert_eq!(table.len(), known_functions().len(), "no row twice");
    assert_eq!(table, from_abi);
    for f in known_functions() {
        assert_eq!(
            &keccak256(f.signature.as_bytes())[..4],
            &f.selector,
            "{}",
            f.signature
        );
        assert_eq!(
            f.packed,
            f.contract.starts_with("AcrossFacetPacked"),
            "packed = a function of a packed Across facet: {}",
            f.name
        );
        assert_eq!(known_function(f.selector), Some(f));
    }
    let selectors: BTreeSet<_> = known_functions().iter().map(|f| f.selector).collect();
    assert_eq!(selectors.len(), 94, "selectors are unique");
    assert!(selectors.contains(&START) && selectors.contains(&SWAP_AND_START));
    let packed: BTreeSet<_> = known_functions()
        .iter()
        .filter(|f| f.packed)
        .map(|f| hex::encode(f.selector))
        .collect();
    let expected: BTreeSet<String> = [
        "c5d60e97", "36b92404", "72dd147e", "7260352d", // AcrossFacetPackedV4
        "df834e15", "cd48728d", "1dc3017e", "d24c2325", // AcrossFacetPackedV3
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(packed, expected, "lifi-notes §3a");
}

/// The contract names and the historical marks (`gen/lifi-provenance.json`, which the generator
/// compiles into the table) agree with the appendix of contract names in the reference notes
/// that `common::shared_text` reads; checked where those notes are present (developer machines
/// and CI), skipped elsewhere.
#[test]
fn the_contract_names_match_the_notes_appendix() {
    let Some(text) = common::shared_text("reference/lifi-notes.md") else {
        return;
    };
    let appendix = &text[text.find("## Appendix A").expect("appendix A")..];
    let mut rows = 0;
    for line in appendix.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 6 || cells[1] != "function" {
            continue;
        }
        rows += 1;
        let selector: [u8; 4] = hex::decode(cells[2].trim_matches('`'))
            .unwrap()
            .try_into()
            .unwrap();
        let known = known_function(selector).unwrap_or_else(|| panic!("{line}"));
        let (contract, historical) = match cells[3].strip_suffix(" (historical)") {
            Some(contract) => (contract, true),
            None => (cells[3], false),
        };
        assert_eq!(
            (known.contract, known.historical, known.name),
            (contract, historical, cells[4]),
            "{line}"
        );
    }
    assert_eq!(rows, 94);
}

#[test]
fn every_listed_function_but_the_two_is_refused_by_name() {
    for f in known_functions() {
        let mut data = f.selector.to_vec();
        data.extend_from_slice(&[0u8; 96]);
        let result = decode_bridge_call(&data);
        if f.selector == START || f.selector == SWAP_AND_START {
            assert!(
                !matches!(result, Err(LifiDecodeError::NotAllowed { .. })),
                "{}",
                f.name
            );
            continue;
        }
        assert_eq!(
            result,
            Err(LifiDecodeError::NotAllowed {
                selector: f.selector,
                function: f.name,
                packed: f.packed
            })
        );
        let message = result.unwrap_err().to_string();
        assert!(
            message.contains(f.name) && message.contains(f.contract),
            "{message}"
        );
    }
}

#[test]
fn short_and_unknown_selectors() {
    assert_eq!(decode_bridge_call(&[]), Err(LifiDecodeError::TooShort(0)));
    assert_eq!(
        decode_bridge_call(&START[..3]),
        Err(LifiDecodeError::TooShort(3))
    );
    assert_eq!(
        decode_bridge_call(&[0xde, 0xad, 0xbe, 0xef, 0, 0]),
        Err(LifiDecodeError::UnknownSelector([0xde, 0xad, 0xbe, 0xef]))
    );
}

// ---------------------------------------------------------------------------------------------
// The vector file

fn vectors() -> Vec<Value> {
    let text = std::fs::read_to_string(common::data_path("vectors/lifi-calldata-examples.jsonl"))
        .expect("lifi-calldata-examples.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("vector line is JSON"))
        .collect()
}

fn data_of(vector: &Value) -> Vec<u8> {
    hex::decode(common::s(vector, "data")).expect("hex calldata")
}

fn addr(a: &Address) -> Value {
    json!(format!("{a:#x}"))
}

fn bridge_json(b: &BridgeData) -> Value {
    json!({
        "transactionId": format!("{:#x}", b.transaction_id),
        "bridge": b.bridge,
        "integrator": b.integrator,
        "referrer": addr(&b.referrer),
        "sendingAssetId": addr(&b.sending_asset_id),
        "receiver": addr(&b.receiver),
        "minAmount": b.min_amount.to_string(),
        "destinationChainId": b.destination_chain_id.to_string(),
        "hasSourceSwaps": b.has_source_swaps,
        "hasDestinationCall": b.has_destination_call,
    })
}

fn swap_json(s: &SwapData) -> Value {
    json!({
        "callTo": addr(&s.call_to),
        "approveTo": addr(&s.approve_to),
        "sendingAssetId": addr(&s.sending_asset_id),
        "receivingAssetId": addr(&s.receiving_asset_id),
        "fromAmount": s.from_amount.to_string(),
        "callData": format!("0x{}", hex::encode(&s.call_data)),
        "callDataSelector": format!("0x{}", hex::encode(s.call_data.get(..4).unwrap_or_default())),
        "requiresDeposit": s.requires_deposit,
    })
}

fn across_json(a: &AcrossV4) -> Value {
    json!({
        "receiverAddress": format!("{:#x}", a.receiver_address.into_word()),
        "refundAddress": format!("{:#x}", a.refund_address.into_word()),
        "sendingAssetId": format!("{:#x}", a.sending_asset_id.into_word()),
        "receivingAssetId": format!("{:#x}", a.receiving_asset_id.into_word()),
        "outputAmount": a.output_amount.to_string(),
        "outputAmountMultiplier": a.output_amount_multiplier.to_string(),
        "exclusiveRelayer": format!("{:#x}", a.exclusive_relayer),
        "quoteTimestamp": a.quote_timestamp,
        "fillDeadline": a.fill_deadline,
        "exclusivityParameter": a.exclusivity_parameter,
        "message": format!("0x{}", hex::encode(&a.message)),
    })
}

/// Every field the vector gives equals the decoded one (hex compared in lowercase).
fn assert_fields(line: usize, what: &str, expected: &Value, actual: &Value) {
    let fields = expected.as_object().expect("an object of fields");
    assert!(!fields.is_empty());
    for (field, value) in fields {
        let got = actual
            .get(field)
            .unwrap_or_else(|| panic!("line {line}: {what}.{field} has no decoded counterpart"));
        let normalise = |v: &Value| match v.as_str() {
            Some(s) if s.starts_with("0x") => json!(s.to_lowercase()),
            _ => v.clone(),
        };
        assert_eq!(
            normalise(got),
            normalise(value),
            "line {line}: {what}.{field}"
        );
    }
}

#[test]
fn every_vector_line_runs() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 9, "lifi-notes §9: nine examples");
    let (mut decoded, mut refused, mut unknown) = (0, 0, 0);
    for (index, vector) in vectors.iter().enumerate() {
        let line = index + 1;
        let data = data_of(vector);
        let selector: [u8; 4] = data[..4].try_into().unwrap();
        assert_eq!(
            format!("0x{}", hex::encode(selector)),
            common::s(vector, "selector"),
            "line {line}"
        );
        let function = common::s(vector, "function");
        let result = decode_bridge_call(&data);
        if selector == START || selector == SWAP_AND_START {
            decoded += 1;
            let call = result.unwrap_or_else(|e| panic!("line {line}: {e}"));
            assert_eq!(
                call.abi_encode(),
                data,
                "line {line}: byte-identical re-encoding"
            );
            assert_eq!(call.selector(), selector);
            assert!(function.starts_with(&format!("{} (AcrossFacetV4)", call.function())));
            let expected = &vector["decoded"];
            assert_fields(
                line,
                "bridgeData",
                &expected["bridgeData"],
                &bridge_json(&call.bridge),
            );
            assert_fields(
                line,
                "acrossData",
                &expected["acrossData"],
                &across_json(&call.across),
            );
            let swaps = expected["swapData"].as_array().cloned().unwrap_or_default();
            assert_eq!(swaps.len(), call.source_swaps.len(), "line {line}");
            for (swap, actual) in swaps.iter().zip(&call.source_swaps) {
                assert_fields(line, "swapData", swap, &swap_json(actual));
            }
            assert_eq!(
                call.bridge.has_source_swaps,
                !call.source_swaps.is_empty(),
                "line {line}"
            );
            assert!(
                call.across.message.is_empty(),
                "no example has a destination call"
            );
        } else if let Some(known) = known_function(selector) {
            refused += 1;
            assert_eq!(
                result,
                Err(LifiDecodeError::NotAllowed {
                    selector,
                    function: known.name,
                    packed: known.packed
                }),
                "line {line}"
            );
            assert_eq!(
                function,
                format!("{} ({})", known.name, known.contract),
                "line {line}: the jsonl names the same function"
            );
        } else {
            unknown += 1;
            assert_eq!(
                result,
                Err(LifiDecodeError::UnknownSelector(selector)),
                "line {line}"
            );
            assert!(
                common::s(vector, "note").contains("NOT decodable with lifi-abi.json"),
                "line {line}: the jsonl says it is not in lifi-abi.json"
            );
        }
    }
    // 2 AcrossFacetV4 calls; Permit2Proxy, StargateFacetV2, GenericSwapFacetV3, 3 × RelayFacet;
    // the 2023 StargateFacet v1 call.
    assert_eq!((decoded, refused, unknown), (2, 6, 1));
}

// ---------------------------------------------------------------------------------------------
// Tampered calldata

/// Line 1: AcrossFacetV4 `startBridgeTokensViaAcrossV4`, no swaps.
fn start_vector() -> Vec<u8> {
    data_of(&vectors()[0])
}

/// Line 3: AcrossFacetV4 `swapAndStartBridgeTokensViaAcrossV4`, one fee step.
fn swap_and_start_vector() -> Vec<u8> {
    data_of(&vectors()[2])
}

/// The argument word at `index` (after the selector) as an offset into the arguments.
fn offset_word(data: &[u8], index: usize) -> usize {
    let start = 4 + 32 * index;
    U256::from_be_slice(&data[start..start + 32]).to::<usize>()
}

/// Where the `AcrossV4Data` body starts in the calldata.
fn across_start(data: &[u8]) -> usize {
    let index = if data[..4] == START { 1 } else { 2 };
    4 + offset_word(data, index)
}

#[test]
fn an_extra_trailing_byte_is_refused() {
    for (data, function) in [
        (start_vector(), "startBridgeTokensViaAcrossV4"),
        (
            swap_and_start_vector(),
            "swapAndStartBridgeTokensViaAcrossV4",
        ),
    ] {
        let mut tampered = data.clone();
        tampered.push(0);
        assert_eq!(
            decode_bridge_call(&tampered),
            Err(LifiDecodeError::TrailingBytes { function, extra: 1 })
        );
        let mut tampered = data;
        tampered.extend_from_slice(&[0u8; 32]);
        assert_eq!(
            decode_bridge_call(&tampered),
            Err(LifiDecodeError::TrailingBytes {
                function,
                extra: 32
            })
        );
    }
}

#[test]
fn a_dirty_upper_byte_in_an_across_address_word_is_refused() {
    for data in [start_vector(), swap_and_start_vector()] {
        let across = across_start(&data);
        for (index, field) in [
            "receiverAddress",
            "refundAddress",
            "sendingAssetId",
            "receivingAssetId",
        ]
        .into_iter()
        .enumerate()
        {
            for byte in [0, 11] {
                let mut tampered = data.clone();
                tampered[across + 32 * index + byte] = 0x01;
                assert_eq!(
                    decode_bridge_call(&tampered),
                    Err(LifiDecodeError::AddressWord { field }),
                    "{field} byte {byte}"
                );
            }
        }
    }
}

#[test]
fn a_non_evm_receiver_is_refused() {
    let mut call = decode_bridge_call(&start_vector()).unwrap();
    call.across.message = Bytes::new();
    let mut sol = AcrossFacetV4::startBridgeTokensViaAcrossV4Call {
        _bridgeData: call.bridge.clone().into(),
        _acrossData: call.across.clone().into(),
    };
    sol._acrossData.receiverAddress = B256::repeat_byte(0x5a); // a Solana-style 32-byte key
    assert_eq!(
        decode_bridge_call(&sol.abi_encode()),
        Err(LifiDecodeError::AddressWord {
            field: "receiverAddress"
        })
    );
}

#[test]
fn a_truncated_call_is_refused() {
    for (data, function) in [
        (start_vector(), "startBridgeTokensViaAcrossV4"),
        (
            swap_and_start_vector(),
            "swapAndStartBridgeTokensViaAcrossV4",
        ),
    ] {
        for cut in [1, 31, 32, 64, data.len() - 4 - 32, data.len() - 4] {
            let tampered = &data[..data.len() - cut];
            assert_eq!(
                decode_bridge_call(tampered),
                Err(LifiDecodeError::Truncated(function)),
                "cut {cut}"
            );
        }
    }
}

#[test]
fn a_non_canonical_offset_is_refused() {
    for (data, function) in [
        (start_vector(), "startBridgeTokensViaAcrossV4"),
        (
            swap_and_start_vector(),
            "swapAndStartBridgeTokensViaAcrossV4",
        ),
    ] {
        // Point the AcrossV4Data offset one word further and put a zero word in the gap: the
        // same values, decodable by a lenient decoder, but not the canonical encoding.
        let across = across_start(&data);
        let index = if data[..4] == START { 1 } else { 2 };
        let mut tampered = data[..across].to_vec();
        tampered.extend_from_slice(&[0u8; 32]);
        tampered.extend_from_slice(&data[across..]);
        let word = 4 + 32 * index;
        let moved = U256::from(across - 4 + 32).to_be_bytes::<32>();
        tampered[word..word + 32].copy_from_slice(&moved);
        assert_eq!(
            decode_bridge_call(&tampered),
            Err(LifiDecodeError::NonCanonical(function))
        );
        // An offset that points back into the head (overlap).
        let mut tampered = data.clone();
        let back = U256::from(0x20u8).to_be_bytes::<32>();
        tampered[word..word + 32].copy_from_slice(&back);
        assert!(decode_bridge_call(&tampered).is_err());
    }
}

#[test]
fn dirty_static_values_are_refused() {
    let data = start_vector();
    let bridge = 4 + offset_word(&data, 0);
    // hasSourceSwaps (+0x100) = 2: not a bool.
    let mut tampered = data.clone();
    tampered[bridge + 0x100 + 31] = 2;
    let function = "startBridgeTokensViaAcrossV4";
    assert_eq!(
        decode_bridge_call(&tampered),
        Err(LifiDecodeError::DirtyValue(function))
    );
    // BridgeData.receiver (+0xA0) with a dirty upper byte: an address word, not a bytes32.
    let mut tampered = data.clone();
    tampered[bridge + 0xa0] = 1;
    assert_eq!(
        decode_bridge_call(&tampered),
        Err(LifiDecodeError::DirtyValue(function))
    );
    // AcrossV4Data.quoteTimestamp (word 7) wider than uint32.
    let across = across_start(&data);
    let mut tampered = data.clone();
    tampered[across + 32 * 7 + 27] = 1;
    assert_eq!(
        decode_bridge_call(&tampered),
        Err(LifiDecodeError::DirtyValue(function))
    );
    // AcrossV4Data.outputAmountMultiplier (word 5) wider than uint128.
    let mut tampered = data;
    tampered[across + 32 * 5 + 15] = 1;
    assert_eq!(
        decode_bridge_call(&tampered),
        Err(LifiDecodeError::DirtyValue(function))
    );
}

#[test]
fn a_swap_and_start_call_without_swaps_is_refused() {
    let call = decode_bridge_call(&start_vector()).unwrap();
    let sol = AcrossFacetV4::swapAndStartBridgeTokensViaAcrossV4Call {
        _bridgeData: call.bridge.into(),
        _swapData: vec![],
        _acrossData: call.across.into(),
    };
    assert_eq!(
        decode_bridge_call(&sol.abi_encode()),
        Err(LifiDecodeError::EmptySourceSwaps)
    );
}

#[test]
fn the_encoder_is_the_sol_encoding() {
    let call = decode_bridge_call(&swap_and_start_vector()).unwrap();
    let sol = AcrossFacetV4::swapAndStartBridgeTokensViaAcrossV4Call {
        _bridgeData: ILiFi::BridgeData::from(call.bridge.clone()),
        _swapData: call
            .source_swaps
            .iter()
            .cloned()
            .map(LibSwap::SwapData::from)
            .collect(),
        _acrossData: call.across.clone().into(),
    };
    assert_eq!(sol.abi_encode(), call.abi_encode());
}

// ---------------------------------------------------------------------------------------------
// Destination messages

/// A Request Network-shaped message (lifi-notes §4.5, [inference] there): one ERC20FeeProxy call.
fn payment_message() -> DestinationMessage {
    let proxy: Address = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814"
        .parse()
        .unwrap();
    DestinationMessage {
        transaction_id: B256::repeat_byte(0x11),
        swaps: vec![SwapData {
            call_to: proxy,
            approve_to: proxy,
            sending_asset_id: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
                .parse()
                .unwrap(),
            receiving_asset_id: Address::ZERO,
            from_amount: U256::from(10_500_000u64),
            call_data: Bytes::from(
                hex!("c219a14d00000000000000000000000000000000000000000000000000000000000000aa")
                    .to_vec(),
            ),
            requires_deposit: false,
        }],
        receiver: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
            .parse()
            .unwrap(),
    }
}

#[test]
fn a_destination_message_round_trips_as_abi_encode_of_three_values() {
    let message = payment_message();
    let bytes = message.abi_encode();
    // abi.encode(bytes32, SwapData[], address): the id, then the offset of the list (0x60).
    assert_eq!(&bytes[..32], message.transaction_id.as_slice());
    assert_eq!(U256::from_be_slice(&bytes[32..64]), U256::from(0x60u8));
    let params = <(
        alloy_sol_types::sol_data::FixedBytes<32>,
        alloy_sol_types::sol_data::Array<LibSwap::SwapData>,
        alloy_sol_types::sol_data::Address,
    ) as SolType>::abi_encode_params(&(
        message.transaction_id,
        message
            .swaps
            .iter()
            .cloned()
            .map(LibSwap::SwapData::from)
            .collect::<Vec<_>>(),
        message.receiver,
    ));
    assert_eq!(bytes, params);
    assert_eq!(
        AcrossV4Message::abi_encode_params(&AcrossV4Message {
            transactionId: message.transaction_id,
            swapData: message.swaps.iter().cloned().map(Into::into).collect(),
            receiver: message.receiver,
        }),
        bytes
    );
    assert_eq!(decode_destination_message(&bytes), Ok(message));
}

#[test]
fn tampered_destination_messages_are_refused() {
    let what = "destination message";
    let bytes = payment_message().abi_encode();
    let mut tampered = bytes.clone();
    tampered.push(0);
    assert_eq!(
        decode_destination_message(&tampered),
        Err(LifiDecodeError::TrailingBytes {
            function: what,
            extra: 1
        })
    );
    assert_eq!(
        decode_destination_message(&bytes[..bytes.len() - 1]),
        Err(LifiDecodeError::Truncated(what))
    );
    assert_eq!(
        decode_destination_message(&[]),
        Err(LifiDecodeError::Truncated(what))
    );
    // receiver (word 2) with a dirty upper byte.
    let mut tampered = bytes.clone();
    tampered[64] = 1;
    assert_eq!(
        decode_destination_message(&tampered),
        Err(LifiDecodeError::DirtyValue(what))
    );
    // The list offset one word further, a zero word in the gap.
    let mut tampered = bytes[..96].to_vec();
    tampered.extend_from_slice(&[0u8; 32]);
    tampered.extend_from_slice(&bytes[96..]);
    tampered[32..64].copy_from_slice(&U256::from(0x80u8).to_be_bytes::<32>());
    assert_eq!(
        decode_destination_message(&tampered),
        Err(LifiDecodeError::NonCanonical(what))
    );
}

// ---------------------------------------------------------------------------------------------
// Compiled facts

const SIX: [Network; 6] = [
    Network::Mainnet,
    Network::ArbitrumOne,
    Network::Optimism,
    Network::Base,
    Network::Matic,
    Network::Bsc,
];

/// An address exactly as lifi-notes writes it, its EIP-55 checksum verified.
fn checksummed(s: &str) -> Address {
    Address::parse_checksummed(s, None).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn receiver_across_v4_is_the_registry_value_of_lifi_notes_4_4() {
    let expected = [
        "0x07Cc0a0b41641D349240e1988169Fa11b31FC24E",
        "0x33b255b5db44A78c34381f89f1a454bc0Ef49871",
        "0xe417AD5eb9e919567620A48B3757cc182cCdf9e4", // optimism, redeployed 2026-07-20
        "0x33b255b5db44A78c34381f89f1a454bc0Ef49871",
        "0x33b255b5db44A78c34381f89f1a454bc0Ef49871",
        "0x33b255b5db44A78c34381f89f1a454bc0Ef49871",
    ];
    for (network, address) in SIX.into_iter().zip(expected) {
        assert_eq!(
            receiver_across_v4(network),
            Some(checksummed(address)),
            "{network}"
        );
    }
    assert_eq!(receiver_across_v4(Network::Sepolia), None);
    assert_eq!(receiver_across_v4(Network::Tron), None);
}

#[test]
fn executor_is_the_registry_value_of_lifi_notes_4_4() {
    let expected = [
        "0xd9B2Da9C45b118e4e93A004FB1452bCDB6cC0E88",
        "0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D",
        "0xC9E66aa9b08EB667e450e072E96F7086AD9f2c91", // optimism, redeployed 2026-07-20
        "0x4DaC9d1769b9b304cb04741DCDEb2FC14aBdF110",
        "0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D",
        "0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D",
    ];
    for (network, address) in SIX.into_iter().zip(expected) {
        assert_eq!(executor(network), Some(checksummed(address)), "{network}");
    }
    assert_eq!(executor(Network::Sepolia), None);
    assert_eq!(executor(Network::Tron), None);
}

#[test]
fn the_lifi_diamond_is_the_deployments_value_of_lifi_notes_5() {
    let diamond = checksummed("0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE");
    let table = Deployments::builtin();
    for network in SIX {
        assert_eq!(
            table.address(network, Contract::LiFiDiamond).unwrap().abi(),
            diamond,
            "{network}"
        );
    }
    // The AcrossFacetV4 vectors are sent to it.
    for vector in vectors().iter().filter(|v| {
        let s = common::s(v, "selector");
        s == "0xa1f1ce43" || s == "0x1794958f"
    }) {
        assert_eq!(checksummed(common::s(vector, "to")), diamond);
    }
}

// ---------------------------------------------------------------------------------------------
// Properties

fn address() -> impl Strategy<Value = Address> {
    any::<[u8; 20]>().prop_map(Address::from)
}

fn word() -> impl Strategy<Value = B256> {
    any::<[u8; 32]>().prop_map(B256::from)
}

fn amount() -> impl Strategy<Value = U256> {
    prop_oneof![
        any::<u64>().prop_map(U256::from),
        any::<[u8; 32]>().prop_map(U256::from_be_bytes),
    ]
}

fn bytes() -> impl Strategy<Value = Bytes> {
    proptest::collection::vec(any::<u8>(), 0..80).prop_map(Bytes::from)
}

fn swap() -> impl Strategy<Value = SwapData> {
    (
        (address(), address(), address(), address()),
        amount(),
        bytes(),
        any::<bool>(),
    )
        .prop_map(
            |(
                (call_to, approve_to, sending_asset_id, receiving_asset_id),
                from_amount,
                call_data,
                requires_deposit,
            )| SwapData {
                call_to,
                approve_to,
                sending_asset_id,
                receiving_asset_id,
                from_amount,
                call_data,
                requires_deposit,
            },
        )
}

fn bridge_data() -> impl Strategy<Value = BridgeData> {
    (
        word(),
        ".{0,40}",
        ".{0,40}",
        (address(), address(), address()),
        (amount(), amount()),
        (any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(
                transaction_id,
                bridge,
                integrator,
                (referrer, sending_asset_id, receiver),
                (min_amount, destination_chain_id),
                (has_source_swaps, has_destination_call),
            )| BridgeData {
                transaction_id,
                bridge,
                integrator,
                referrer,
                sending_asset_id,
                receiver,
                min_amount,
                destination_chain_id,
                has_source_swaps,
                has_destination_call,
            },
        )
}

fn across() -> impl Strategy<Value = AcrossV4> {
    (
        (address(), address(), address(), address()),
        amount(),
        any::<u128>(),
        word(),
        (any::<u32>(), any::<u32>(), any::<u32>()),
        bytes(),
    )
        .prop_map(
            |(
                (receiver_address, refund_address, sending_asset_id, receiving_asset_id),
                output_amount,
                output_amount_multiplier,
                exclusive_relayer,
                (quote_timestamp, fill_deadline, exclusivity_parameter),
                message,
            )| AcrossV4 {
                receiver_address,
                refund_address,
                sending_asset_id,
                receiving_asset_id,
                output_amount,
                output_amount_multiplier,
                exclusive_relayer,
                quote_timestamp,
                fill_deadline,
                exclusivity_parameter,
                message,
            },
        )
}

fn message() -> impl Strategy<Value = DestinationMessage> {
    (word(), proptest::collection::vec(swap(), 0..4), address()).prop_map(
        |(transaction_id, swaps, receiver)| DestinationMessage {
            transaction_id,
            swaps,
            receiver,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn encode_then_decode_is_the_identity_for_calls(
        bridge in bridge_data(),
        source_swaps in proptest::collection::vec(swap(), 0..4),
        across in across(),
    ) {
        let call = AcrossBridgeCall { bridge, source_swaps, across };
        let data = call.abi_encode();
        prop_assert_eq!(&data[..4], &call.selector());
        let decoded = decode_bridge_call(&data);
        prop_assert_eq!(decoded.as_ref(), Ok(&call));
        prop_assert_eq!(decoded.unwrap().abi_encode(), data);
    }

    #[test]
    fn encode_then_decode_is_the_identity_for_messages(message in message()) {
        let bytes = message.abi_encode();
        let decoded = decode_destination_message(&bytes);
        prop_assert_eq!(decoded.as_ref(), Ok(&message));
        prop_assert_eq!(decoded.unwrap().abi_encode(), bytes);
    }

    #[test]
    fn a_message_inside_a_call_round_trips(message in message(), mut across in across(), bridge in bridge_data()) {
        across.message = message.abi_encode().into();
        let call = AcrossBridgeCall { bridge, source_swaps: vec![], across };
        let decoded = decode_bridge_call(&call.abi_encode()).unwrap();
        prop_assert_eq!(decode_destination_message(&decoded.across.message), Ok(message));
    }
}
