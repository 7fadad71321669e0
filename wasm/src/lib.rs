//! securepay for JavaScript and TypeScript: the verifier, the decoder, payment references,
//! exact amounts and webhook signatures, compiled to WebAssembly. (`encode` and `interopName`,
//! and `detect`, are modules of their own: the `securepay-wasm/encode` and
//! `securepay-wasm/detect` subpaths.)
//!
//! Values cross the boundary as JSON text (parsed by the engine's `JSON.parse`, measured
//! faster than building objects field by field); amounts are decimal strings, never numbers.
//! Unusable input throws an `Error` whose `code` says which input was refused (the boundary's
//! `ERROR_CODES`, the `ErrorCode` union of types.d.ts) and whose message is the library's
//! one-line reason. [`core`] holds the same functions on Rust types, tested natively.
#![forbid(unsafe_code)]
#![warn(unreachable_pub, unnameable_types, unused_crate_dependencies)]
// A unit-test build links the dev-dependencies the integration tests use.
#![cfg_attr(test, allow(unused_crate_dependencies))]
#![deny(missing_docs)]

pub mod core;

use securepay_wasm_boundary::{answer, bytes, error, given, json_text, text, throw};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

/// A number of decimals: a whole number. wasm-bindgen's own `u8` parameter would wrap 262 to
/// 6 and take 1.5 as 1; a whole number up to 255 goes on to the library, which says what it
/// supports (at most 77).
fn decimals(value: &JsValue) -> Result<u8, JsValue> {
    let number = value
        .as_f64()
        .ok_or_else(|| error("wrong_type", "decimals: expected a number"))?;
    (0..=u8::MAX)
        .find(|d| f64::from(*d) == number)
        .ok_or_else(|| {
            error(
                "invalid_decimals",
                &format!("decimals: {number} is not a whole number from 0 to 77"),
            )
        })
}

/// Verifies a pay response against what the payer agreed to (and, given, the TronWeb
/// transaction about to be signed). A response above 8 MiB (`MAX_RESPONSE_BYTES`) throws
/// before it is copied.
///
/// Answers the verdict's JSON text, `{"safe":…` first (the package's entries declare and
/// return the `Verdict` that `verdict()` of `wasm/npm/verdict.js` makes of it).
#[wasm_bindgen(js_name = verify)]
pub fn verify(
    #[wasm_bindgen(unchecked_param_type = "string | Expectation")] expectation: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] response: JsValue,
    #[wasm_bindgen(js_name = tronTransaction, unchecked_optional_param_type = "string | object")]
    tron_transaction: Option<JsValue>,
) -> Result<String, JsValue> {
    let expectation = json_text(&expectation, "expectation")?;
    let response = bytes(&response, "response", securepay::verify::MAX_RESPONSE_BYTES)?;
    let tron = given(tron_transaction)
        .map(|tx| json_text(&tx, "tronTransaction"))
        .transpose()?;
    core::verify(&expectation, &response, tron.as_deref())
        .map(|verdict| verdict.0)
        .map_err(throw)
}

/// Strictly decodes calldata sent to a known contract or token, or an Across V4 call to the
/// LI.FI diamond (a `DecodedBridgeCall`, with its destination message); with `call`, the
/// description `encode` makes the same call of.
#[wasm_bindgen(js_name = decode, unchecked_return_type = "DecodeAnswer")]
pub fn decode(
    #[wasm_bindgen(unchecked_param_type = "Network")] network: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] to: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] data: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] value: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let value = given(value).map(|v| text(&v, "value")).transpose()?;
    answer(core::decode(
        &text(&network, "network")?,
        &text(&to, "to")?,
        &text(&data, "data")?,
        value.as_deref(),
    ))
}

/// The payment reference of a request: `0x` and 16 hex digits.
#[wasm_bindgen(js_name = paymentReference)]
pub fn payment_reference(
    #[wasm_bindgen(js_name = requestId, unchecked_param_type = "string")] request_id: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] salt: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] address: JsValue,
) -> Result<String, JsValue> {
    core::payment_reference(
        &text(&request_id, "requestId")?,
        &text(&salt, "salt")?,
        &text(&address, "address")?,
    )
    .map_err(throw)
}

/// A human decimal amount in smallest units, exactly (a decimal string); `decimals` is a whole
/// number from 0 to 77.
#[wasm_bindgen(js_name = parseAmount)]
pub fn parse_amount(
    #[wasm_bindgen(js_name = text, unchecked_param_type = "string")] amount: JsValue,
    #[wasm_bindgen(js_name = decimals, unchecked_param_type = "number")] places: JsValue,
) -> Result<String, JsValue> {
    core::parse_amount(&text(&amount, "text")?, decimals(&places)?).map_err(throw)
}

/// Smallest units (a decimal string) as a human decimal amount; `decimals` is a whole number
/// from 0 to 77.
#[wasm_bindgen(js_name = formatAmount)]
pub fn format_amount(
    #[wasm_bindgen(unchecked_param_type = "string")] units: JsValue,
    #[wasm_bindgen(js_name = decimals, unchecked_param_type = "number")] places: JsValue,
) -> Result<String, JsValue> {
    core::format_amount(&text(&units, "units")?, decimals(&places)?).map_err(throw)
}

/// Whether `signature` (the `x-request-network-signature` header) signs `rawBody` with the
/// webhook secret: `false` for a header that does not, whatever its form (empty, not hex, not
/// 64 digits). An empty secret throws (`invalid_secret`).
#[wasm_bindgen(js_name = verifyWebhookSignature)]
pub fn verify_webhook_signature(
    #[wasm_bindgen(unchecked_param_type = "string")] secret: JsValue,
    #[wasm_bindgen(js_name = rawBody, unchecked_param_type = "Uint8Array | string")]
    raw_body: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] signature: JsValue,
) -> Result<bool, JsValue> {
    let secret = text(&secret, "secret")?;
    let body = bytes(&raw_body, "rawBody", usize::MAX)?;
    let signature = text(&signature, "signature")?;
    core::verify_webhook_signature(&secret, &body, &signature).map_err(throw)
}
