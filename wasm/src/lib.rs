//! securepay for JavaScript and TypeScript: the verifier, the decoder, the encoder, payment
//! references, exact amounts and webhook signatures, compiled to WebAssembly.
//!
//! Values cross the boundary as JSON text (parsed by the engine's `JSON.parse`, measured
//! faster than building objects field by field); amounts are decimal strings, never numbers.
//! Unusable input throws an `Error` whose `code` is `"invalid_input"` and whose message is the
//! library's one-line reason. [`core`] holds the same functions on Rust types, tested natively.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod core;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

/// An `Error` with `code = "invalid_input"` and the reason as its message.
fn invalid(reason: &str) -> JsValue {
    let error = js_sys::Error::new(reason);
    // Setting a property on a fresh Error object does not fail.
    let _ = js_sys::Reflect::set(&error, &"code".into(), &"invalid_input".into());
    error.into()
}

#[wasm_bindgen]
extern "C" {
    /// The engine's `TextEncoder`.
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    /// `encodeInto` writes a string's UTF-8 straight into a view of this module's memory:
    /// measured 0.7 µs for a 6 KB pay response, against 8 µs for wasm-bindgen's own string
    /// passing (a JavaScript loop over the characters).
    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(
        this: &TextEncoder,
        text: &js_sys::JsString,
        into: &mut [u8],
    ) -> EncodeIntoResult;
    /// What `encodeInto` answers.
    type EncodeIntoResult;
    #[wasm_bindgen(method, getter)]
    fn read(this: &EncodeIntoResult) -> u32;
    #[wasm_bindgen(method, getter)]
    fn written(this: &EncodeIntoResult) -> u32;
}

thread_local! {
    static ENCODER: TextEncoder = TextEncoder::new();
}

/// The UTF-8 of a JavaScript string: one byte per UTF-16 unit first (ASCII, the common case),
/// at most three when that was not enough.
fn utf8(text: &js_sys::JsString) -> Vec<u8> {
    let units = text.length() as usize;
    let mut buffer = vec![0; units];
    let result = ENCODER.with(|encoder| encoder.encode_into(text, &mut buffer));
    if result.read() as usize != units {
        buffer = vec![0; units.saturating_mul(3)];
        let result = ENCODER.with(|encoder| encoder.encode_into(text, &mut buffer));
        buffer.truncate(result.written() as usize);
        return buffer;
    }
    buffer.truncate(result.written() as usize);
    buffer
}

/// A JavaScript string as Rust text (lone surrogates become U+FFFD, as `TextEncoder` does).
fn string(text: &js_sys::JsString) -> String {
    String::from_utf8(utf8(text))
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// A string argument as Rust text. Anything else is refused: wasm-bindgen's own `&str`
/// parameter, given a number, reads the module's memory as if it were a string and traps.
fn text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    value
        .dyn_ref::<js_sys::JsString>()
        .map(string)
        .ok_or_else(|| invalid(&format!("{what}: expected a string")))
}

/// A number of decimals: a whole number. wasm-bindgen's own `u8` parameter would wrap 262 to
/// 6 and take 1.5 as 1; a whole number up to 255 goes on to the library, which says what it
/// supports (at most 77).
fn decimals(value: &JsValue) -> Result<u8, JsValue> {
    let number = value
        .as_f64()
        .ok_or_else(|| invalid("decimals: expected a number"))?;
    (0..=u8::MAX)
        .find(|d| f64::from(*d) == number)
        .ok_or_else(|| {
            invalid(&format!(
                "decimals: {number} is not a whole number from 0 to 77"
            ))
        })
}

/// An optional argument: `undefined` and `null` are no value.
fn given(value: Option<JsValue>) -> Option<JsValue> {
    value.filter(|v| !v.is_undefined() && !v.is_null())
}

/// Text as given, or the JSON text of an object.
fn json_text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        return Ok(string(text));
    }
    if value.is_object() {
        // `JSON.stringify` may throw, or answer `undefined` (a `toJSON` that returns nothing).
        return js_sys::JSON::stringify(value)
            .ok()
            .and_then(|text| JsValue::from(text).dyn_into::<js_sys::JsString>().ok())
            .map(|text| string(&text))
            .ok_or_else(|| invalid(&format!("{what}: not JSON-serializable")));
    }
    Err(invalid(&format!(
        "{what}: expected a JSON string or an object"
    )))
}

/// Bytes of a `Uint8Array`, or the UTF-8 of a string; more than `max` bytes is refused before
/// anything is copied.
fn bytes(value: &JsValue, what: &str, max: usize) -> Result<Vec<u8>, JsValue> {
    let too_large = |size: usize, unit: &str| {
        invalid(&format!(
            "{what}: {size} {unit}, above the {max} bytes it may have"
        ))
    };
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        // A UTF-16 unit is at least one byte of UTF-8.
        let units = text.length() as usize;
        if units > max {
            return Err(too_large(units, "characters"));
        }
        return Ok(utf8(text));
    }
    if let Some(array) = value.dyn_ref::<js_sys::Uint8Array>() {
        let size = array.length() as usize;
        if size > max {
            return Err(too_large(size, "bytes"));
        }
        return Ok(array.to_vec());
    }
    Err(invalid(&format!(
        "{what}: expected a string or a Uint8Array"
    )))
}

/// JSON text to a JavaScript value.
fn to_js(json: core::Json) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(&json.0).map_err(|_| invalid("internal: an answer is not JSON"))
}

fn answer(result: Result<core::Json, String>) -> Result<JsValue, JsValue> {
    result.map_err(|reason| invalid(&reason)).and_then(to_js)
}

/// Verifies a pay response against what the payer agreed to (and, given, the TronWeb
/// transaction about to be signed). A response above 8 MiB (`MAX_RESPONSE_BYTES`) throws
/// before it is copied.
#[wasm_bindgen(js_name = verify, unchecked_return_type = "Verdict")]
pub fn verify(
    #[wasm_bindgen(unchecked_param_type = "string | Expectation")] expectation: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] response: JsValue,
    #[wasm_bindgen(js_name = tronTransaction, unchecked_optional_param_type = "string | object")]
    tron_transaction: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let expectation = json_text(&expectation, "expectation")?;
    let response = bytes(&response, "response", securepay::verify::MAX_RESPONSE_BYTES)?;
    let tron = given(tron_transaction)
        .map(|tx| json_text(&tx, "tronTransaction"))
        .transpose()?;
    answer(core::verify(&expectation, &response, tron.as_deref()))
}

/// Strictly decodes calldata sent to a known contract or token, or an Across V4 call to the
/// LI.FI diamond (a `DecodedBridgeCall`, with its destination message).
#[wasm_bindgen(js_name = decode, unchecked_return_type = "DecodedCall | DecodedBridgeCall")]
pub fn decode(
    #[wasm_bindgen(unchecked_param_type = "string")] network: JsValue,
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

/// Encodes a call described in the CLI's JSON call format.
#[wasm_bindgen(js_name = encode, unchecked_return_type = "EncodedCall")]
pub fn encode(
    #[wasm_bindgen(unchecked_param_type = "CallDescription | string")] call: JsValue,
) -> Result<JsValue, JsValue> {
    let call = json_text(&call, "call")?;
    answer(core::encode(&call))
}

/// Reads and checks an ERC-7828 interoperable name or ERC-7930 binary address.
#[wasm_bindgen(js_name = interopName, unchecked_return_type = "InteropNameInfo")]
pub fn interop_name(
    #[wasm_bindgen(js_name = text, unchecked_param_type = "string")] name: JsValue,
) -> Result<JsValue, JsValue> {
    answer(core::interop_name(&text(&name, "text")?))
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
    .map_err(|r| invalid(&r))
}

/// A human decimal amount in smallest units, exactly (a decimal string); `decimals` is a whole
/// number from 0 to 77.
#[wasm_bindgen(js_name = parseAmount)]
pub fn parse_amount(
    #[wasm_bindgen(js_name = text, unchecked_param_type = "string")] amount: JsValue,
    #[wasm_bindgen(js_name = decimals, unchecked_param_type = "number")] places: JsValue,
) -> Result<String, JsValue> {
    core::parse_amount(&text(&amount, "text")?, decimals(&places)?).map_err(|r| invalid(&r))
}

/// Smallest units (a decimal string) as a human decimal amount; `decimals` is a whole number
/// from 0 to 77.
#[wasm_bindgen(js_name = formatAmount)]
pub fn format_amount(
    #[wasm_bindgen(unchecked_param_type = "string")] units: JsValue,
    #[wasm_bindgen(js_name = decimals, unchecked_param_type = "number")] places: JsValue,
) -> Result<String, JsValue> {
    core::format_amount(&text(&units, "units")?, decimals(&places)?).map_err(|r| invalid(&r))
}

/// Whether `signature` (the `x-request-network-signature` header) signs `rawBody` with the
/// webhook secret. A malformed signature or an empty secret throws.
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
    core::verify_webhook_signature(&secret, &body, &signature).map_err(|r| invalid(&r))
}
