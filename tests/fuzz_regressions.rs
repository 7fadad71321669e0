#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
//! Inputs found by the fuzz targets (`fuzz/`), each fed through the entry point that failed,
//! with the exact result it must give now.

use securepay::address::{InteropAddress, InteropError};
use securepay::calldata::spec::{CallSpec, SpecError};
use securepay::pay::{DestinationCall, PayResponse};
use securepay::transaction::{Transaction, TransactionError};
use serde_json::json;

/// `fuzz/artifacts/interop_binary/crash-c7627aba8860959566168f7487f9aa89a11b08f3` (minimized):
/// ERC-7930 hex with a second `0x`. `alloy_primitives::hex::decode` strips a `0x` prefix itself,
/// so after `from_hex` had stripped the first one the text was read as if it had one prefix.
const DOUBLED_PREFIX: &str = "0x0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045";

#[test]
fn interop_binary_text_with_a_doubled_0x_prefix_is_invalid_hex() {
    assert_eq!(
        InteropAddress::from_hex(DOUBLED_PREFIX),
        Err(InteropError::InvalidHex(DOUBLED_PREFIX.to_owned()))
    );
    assert_eq!(
        DOUBLED_PREFIX.parse::<InteropAddress>(),
        Err(InteropError::InvalidHex(DOUBLED_PREFIX.to_owned()))
    );
    let upper = "0x0X00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045";
    assert_eq!(
        InteropAddress::from_hex(upper),
        Err(InteropError::InvalidHex(upper.to_owned()))
    );
    // The same address with one prefix still reads, and writes back as given.
    let single = &DOUBLED_PREFIX[2..];
    assert_eq!(InteropAddress::from_hex(single).unwrap().to_hex(), single);
}

// The same doubled prefix, read by the other `0x` + hex readers that relied on
// `hex::decode` after stripping `0x` (found by review after the crash above).

#[test]
fn transaction_data_with_a_doubled_0x_prefix_is_rejected() {
    let to = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814";
    assert_eq!(
        Transaction::from_parts(to, "0x0x12", &json!("0")),
        Err(TransactionError::Data)
    );
    assert_eq!(
        Transaction::from_parts(to, "0x0X12", &json!("0")),
        Err(TransactionError::Data)
    );
    assert_eq!(
        Transaction::from_parts(to, "0x12", &json!("0"))
            .unwrap()
            .data
            .to_vec(),
        vec![0x12]
    );

    let body = json!({
        "paymentType": "single",
        "transactions": [{"to": to, "data": "0x0x12", "value": "0"}],
        "feeBundle": null,
        "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0}
    });
    let error = PayResponse::from_slice(body.to_string().as_bytes()).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("data: not 0x-prefixed even-length hex"),
        "{error}"
    );
}

#[test]
fn destination_call_calldata_with_a_doubled_0x_prefix_is_rejected() {
    let call = |calldata: &str| {
        serde_json::from_value::<DestinationCall>(json!({
            "network": "base",
            "chain": "bas",
            "chainId": 8453,
            "target": "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814",
            "contractAddress": "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814",
            "calldata": calldata,
        }))
    };
    let error = call("0x0xc219a14d").unwrap_err();
    assert_eq!(
        error.to_string(),
        "calldata: not 0x-prefixed even-length hex"
    );
    assert_eq!(
        call("0xc219a14d").unwrap().calldata.to_vec(),
        vec![0xc2, 0x19, 0xa1, 0x4d]
    );
}

#[test]
fn call_spec_reference_with_a_doubled_0x_prefix_is_a_field_error() {
    let spec = |reference: &str| {
        CallSpec::from_json(&json!({
            "kind": "eth_fee",
            "network": "sepolia",
            "to": "0x29eAb540117632a112eA29bA8BE686a1B66467A7",
            "reference": reference,
            "feeAmount": "2",
            "feeAddress": "0x000000000000000000000000000000000000dEaD",
            "amount": "200000000000000000"
        }))
    };
    assert_eq!(
        spec("0x0xe23a6b02059c2b30"),
        Err(SpecError::Field {
            field: "reference".to_owned(),
            reason: "not 0x-prefixed even-length hex bytes: \"0x0xe23a6b02059c2b30\"".to_owned(),
        })
    );
    assert!(spec("0xe23a6b02059c2b30").is_ok());
}

#[cfg(feature = "cli")]
#[test]
fn cli_decode_refuses_data_with_a_doubled_0x_prefix() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_securepay"))
        .args([
            "decode",
            "--network",
            "mainnet",
            "--to",
            "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C",
            "0x0x095ea7b3",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("data: not 0x-prefixed even-length hex: \"0x0x095ea7b3\""),
        "{stderr}"
    );
}
