//! The Tron protobuf reader: `proto::decode_raw` on any bytes never panics, and what it
//! accepts encodes back to exactly those bytes (no field skipped, nothing trailing); a
//! `TronTransaction` made of those bytes (and of any JSON) never panics the Tron checks.
#![no_main]

use libfuzzer_sys::fuzz_target;
use prost::Message;
use securepay::pay::PayResponse;
use securepay::tron::TronTransaction;
use securepay::tron::proto::{TriggerSmartContract, decode_raw, decode_strict};
use securepay::verify::{Expectation, Verifier};

/// A Tron payment response and its expectation, read once.
fn payment() -> &'static (PayResponse, Expectation) {
    static PAYMENT: std::sync::OnceLock<(PayResponse, Expectation)> = std::sync::OnceLock::new();
    PAYMENT.get_or_init(|| {
        let response = PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_tron.json"))
            .expect("the fixture reads");
        let expectation = Expectation::from_str(
            r#"{"network":"tron","currency":"USDT-tron","payer":"TBk2oyqfG7Ai231iEAzw92GbcDkpwYDUjP",
            "maxTronFeeLimit":"300","payments":[{"payee":"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE","amount":"10"}]}"#,
        )
        .expect("the expectation reads");
        (response, expectation)
    })
}

fuzz_target!(|data: &[u8]| {
    if let Ok(raw) = decode_raw(data) {
        assert_eq!(raw.encode_to_vec(), data);
        for contract in &raw.contract {
            if let Some(any) = &contract.parameter {
                if let Ok(call) = decode_strict::<TriggerSmartContract>("TriggerSmartContract", &any.value) {
                    assert_eq!(call.encode_to_vec(), any.value);
                }
            }
        }
    }
    if let Ok(call) = decode_strict::<TriggerSmartContract>("TriggerSmartContract", data) {
        assert_eq!(call.encode_to_vec(), data);
    }
    // The same bytes as the signed part of a transaction, and as its JSON.
    let hex = alloy_primitives::hex::encode(data);
    let wrapped = format!(r#"{{"txID":"{}","raw_data":{{}},"raw_data_hex":"{hex}"}}"#, "00".repeat(32));
    for text in [wrapped.as_bytes(), data] {
        if let Ok(tx) = TronTransaction::from_slice(text) {
            let _ = tx.signed_raw();
            let _ = tx.shown_raw();
            let (response, expectation) = payment();
            let verdict = Verifier::builtin().verify_tron(response, expectation, &tx);
            assert!(!verdict.summary.lines.is_empty());
        }
    }
});
