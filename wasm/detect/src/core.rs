//! Detection on Rust types: criteria JSON text and chain data bytes in, the settlement's JSON
//! text out, a [`Refusal`] (`invalid_criteria` or `invalid_chain_data`, and a one-line reason)
//! for unusable input. The `#[wasm_bindgen]` export only converts
//! at the boundary.

use securepay::currency::Catalog;
use securepay::detect::{ChainData, Criteria, CriteriaText};
pub use securepay_wasm_boundary::Json;
pub use securepay_wasm_boundary::Refusal;

/// The library's criteria from their JSON text ([`CriteriaText`]: `securepay detect`'s flags
/// by their camelCase names, and `refundAddress`, `headBlock`; an unknown field is refused, a
/// misspelt tie would otherwise go unchecked). Each reason names the field.
fn criteria(text: &str) -> Result<Criteria, Refusal> {
    let refuse = |reason: String| Refusal::new("invalid_criteria", reason);
    // Empty input is worded as every reader of the library words it (`EmptyInput`); other text
    // that is not an object as the expectation reader says it (`ExpectationError::NotAnObject`).
    securepay::EmptyInput::check(text.as_bytes(), "criteria (a JSON object)")
        .map_err(|e| refuse(e.to_string()))?;
    if !text.trim_start().starts_with('{') {
        return Err(refuse(
            "criteria: the criteria are a JSON object (starts with {)".to_owned(),
        ));
    }
    let text: CriteriaText =
        serde_json::from_str(text).map_err(|e| refuse(format!("criteria: {e}")))?;
    text.criteria(Catalog::builtin())
        .map_err(|e| refuse(e.to_string()))
}

/// The settlement of a request from chain data the caller fetched (`eth_getLogs` logs or
/// `eth_getTransactionReceipt` receipts, or the JSON-RPC answer holding them, from any
/// provider; TronGrid's event JSON on Tron), as `securepay detect` answers: `{network,
/// reference, currency, balance, payments, refunds, fees, feeBalance, ignored, unchecked}`.
/// Chain data above `securepay::detect::MAX_CHAIN_JSON_BYTES` (32 MiB) is refused.
///
/// ```
/// let logs = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/detect/base-usdc-logs.json"));
/// let criteria = r#"{"network":"base","reference":"0xe23a6b02059c2b30",
///   "payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","currency":"USDC-base"}"#;
/// let settlement: serde_json::Value = serde_json::from_str(&securepay_wasm_detect::core::detect(criteria, logs)?.0).map_err(|e| e.to_string())?;
/// assert_eq!(settlement["balance"], "827500000");
/// assert_eq!(settlement["payments"][0]["fee"], "300000");
/// assert_eq!(settlement["unchecked"], serde_json::json!(["fee_address"]));
/// // No payment: a zero balance, not an error.
/// let none = securepay_wasm_detect::core::detect(r#"{"network":"base","reference":"0x1a2b3c4d5e6f7081"}"#, b"[]")?;
/// assert!(none.0.contains(r#""balance":"0""#), "{}", none.0);
/// // A field the criteria do not have is refused, and so is what is not chain JSON.
/// let unknown = securepay_wasm_detect::core::detect(r#"{"network":"base","reference":"0x1a2b3c4d5e6f7081","txHash":"0x"}"#, b"[]").unwrap_err();
/// assert!(unknown.reason.starts_with("criteria: unknown field `txHash`"), "{unknown}");
/// assert_eq!(unknown.code, "invalid_criteria");
/// let logs_not = securepay_wasm_detect::core::detect(criteria, br#"{"not":"logs"}"#).unwrap_err();
/// assert!(logs_not.reason.starts_with("chain data: ") && logs_not.code == "invalid_chain_data");
/// # Ok::<(), String>(())
/// ```
pub fn detect(criteria: &str, chain: &[u8]) -> Result<Json, Refusal> {
    let criteria = self::criteria(criteria)?;
    let refuse = |e: String| Refusal::new("invalid_chain_data", format!("chain data: {e}"));
    let chain = ChainData::from_slice(criteria.network(), chain)
        .map_err(|e| e.to_string())
        .map_err(refuse)?;
    let settlement = securepay::detect::detect(&chain, &criteria)
        .map_err(|e| e.to_string())
        .map_err(refuse)?;
    securepay_wasm_boundary::json(&settlement).map_err(Refusal::with("internal"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::detect;

    const LOGS: &[u8] = include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/detect/base-usdc-logs.json"
    ));
    const CRITERIA: &str = r#"{"network":"base","reference":"0xe23a6b02059c2b30"}"#;

    /// The answer is the settlement as the library serializes it (the CLI's `detect` output),
    /// written in ASCII.
    #[test]
    fn the_answer_is_the_library_s_settlement() {
        use securepay::calldata::PaymentReference;
        use securepay::detect::{ChainData, Criteria};
        use securepay::network::Network;
        let answer = detect(CRITERIA, LOGS).unwrap().0;
        let criteria = Criteria::new(
            Network::Base,
            PaymentReference::parse("0xe23a6b02059c2b30").unwrap(),
        );
        let chain = ChainData::from_slice(Network::Base, LOGS).unwrap();
        let settlement = securepay::detect::detect(&chain, &criteria).unwrap();
        assert_eq!(answer, serde_json::to_string(&settlement).unwrap());
    }

    /// Each refusal names the field that was wrong.
    #[test]
    fn refusals_name_the_field() {
        let with = |field: &str| {
            let mut criteria: serde_json::Value = serde_json::from_str(CRITERIA).unwrap();
            let (name, value) = field.split_once('=').unwrap();
            criteria[name] = serde_json::Value::from(value);
            detect(&criteria.to_string(), LOGS).unwrap_err().reason
        };
        for (field, starts) in [
            ("network=basic", "network: "),
            ("reference=0x12", "reference: "),
            ("refundReference=x", "refundReference: "),
            ("payee=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "payee: "),
            ("refundAddress=0x12", "refundAddress: "),
            ("currency=USDC-mainnet", "currency: "),
            ("currency=NOPE", "currency: "),
            (
                "feeAddress=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
                "feeAddress: ",
            ),
            ("headBlock=1", "criteria: "), // a number, not a string
        ] {
            let reason = with(field);
            assert!(reason.starts_with(starts), "{field}: {reason}");
            assert!(!reason.contains('\n'), "{field}: {reason}");
        }
        // Tron events on an EVM network's criteria: not this network's data.
        let tron = detect(
            r#"{"network":"tron","reference":"0xe23a6b02059c2b30"}"#,
            LOGS,
        )
        .unwrap_err();
        assert!(tron.reason.starts_with("chain data: "), "{tron}");
        assert_eq!(tron.code, "invalid_chain_data");
    }
}
