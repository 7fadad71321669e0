//! Fuzz findings that concern the command line and its JSON call format, pinned.

use securepay::calldata::spec::{CallSpec, FieldError, SpecError};
use serde_json::json;

#[test]
fn call_spec_reference_with_a_doubled_0x_prefix_is_a_field_error() {
    let spec = |reference: &str| {
        CallSpec::from_value(&json!({
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
            reason: FieldError::NotHexBytes("0x0xe23a6b02059c2b30".to_owned()),
        })
    );
    assert_eq!(
        spec("0x0xe23a6b02059c2b30").unwrap_err().to_string(),
        "reference: not 0x-prefixed even-length hex bytes: \"0x0xe23a6b02059c2b30\""
    );
    assert!(spec("0xe23a6b02059c2b30").is_ok());
}

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
