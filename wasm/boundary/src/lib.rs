//! The JavaScript boundary of securepay's WebAssembly modules (`securepay-wasm` and its
//! `securepay-wasm/detect` subpath), in one place: arguments read from JavaScript values
//! (strings through the engine's `TextEncoder`, bytes, JSON text or objects), answers written
//! as ASCII JSON text and parsed by the engine's `JSON.parse`, and unusable input thrown as an
//! `Error` whose `code` says which input was refused ([`ERROR_CODES`], the `ErrorCode` union of
//! each module's declarations) and whose message is the library's one-line reason.
//!
//! The functions taking or giving a `JsValue` call the JavaScript host: they run in a
//! WebAssembly module only (natively they panic), so their examples are compiled, not run.
//! [`json`] and [`Json`] are plain Rust and tested natively.
#![forbid(unsafe_code)]
#![warn(unreachable_pub, unnameable_types, unused_crate_dependencies)]
// A unit-test build links the dev-dependencies the integration tests use.
#![cfg_attr(test, allow(unused_crate_dependencies))]
#![deny(missing_docs)]

use wasm_bindgen::prelude::*;

/// The `code` of every `Error` the package throws, in the order of the `ErrorCode` union of
/// each module's declarations (a test of each crate holds them to this list). A program
/// branches on the code; the message is for people.
pub const ERROR_CODES: &[&str] = &[
    // Thrown by the package's JavaScript (wasm/npm/loader.js): a function of a browser entry
    // called before its `init()`.
    "not_initialized",
    // An argument of the wrong JavaScript type (a number where a string is read…).
    "wrong_type",
    // Text or bytes above the size the function reads.
    "too_large",
    // verify: the expectation, or the TronWeb transaction, is refused.
    "invalid_expectation",
    "invalid_tron_transaction",
    // decode: the network, the address called, the native value, calldata that is not hex, a
    // call that does not decode strictly (an unknown contract or function, non-canonical
    // encoding, a LI.FI function other than the two Across V4 entry points).
    "invalid_network",
    "invalid_address",
    "invalid_value",
    "invalid_calldata",
    "undecodable_call",
    // paymentReference: a request id, salt or address that does not derive a reference.
    "invalid_reference_input",
    // parseAmount, formatAmount: the amount, the number of decimals.
    "invalid_amount",
    "invalid_decimals",
    // verifyWebhookSignature: the secret is empty.
    "invalid_secret",
    // securepay-wasm/encode: a call description refused, an ERC-7828 name or ERC-7930 address.
    "invalid_call",
    "invalid_interop_name",
    // securepay-wasm/detect: the criteria, the chain data.
    "invalid_criteria",
    "invalid_chain_data",
    // An answer the module could not write: a bug to report.
    "internal",
];

/// Unusable input: the `code` of [`ERROR_CODES`] that says which input, and the library's
/// one-line reason. What the core functions of the modules answer; [`throw`] makes it the
/// `Error` the export throws.
///
/// ```
/// use securepay_wasm_boundary::Refusal;
/// let refusal = Refusal::new("invalid_amount", "amount \"x\" is not a decimal number");
/// assert_eq!(refusal.code, "invalid_amount");
/// assert_eq!(refusal.to_string(), "amount \"x\" is not a decimal number");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// One of [`ERROR_CODES`].
    pub code: &'static str,
    /// The one-line reason (the `Error`'s message).
    pub reason: String,
}

impl Refusal {
    /// A refusal with `code` (one of [`ERROR_CODES`]) and `reason`.
    pub fn new(code: &'static str, reason: impl Into<String>) -> Refusal {
        debug_assert!(ERROR_CODES.contains(&code), "{code}");
        Refusal {
            code,
            reason: reason.into(),
        }
    }

    /// A function that makes a reason a refusal with `code`, for `map_err`.
    pub fn with<E: std::fmt::Display>(code: &'static str) -> impl Fn(E) -> Refusal {
        move |error| Refusal::new(code, error.to_string())
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Refusal {}

impl From<Refusal> for String {
    fn from(refusal: Refusal) -> String {
        refusal.reason
    }
}

/// The `Error` thrown for a refusal: its reason as the message, its code as `code`.
///
/// ```
/// use securepay_wasm_boundary::{throw, Refusal};
/// use wasm_bindgen::JsValue;
/// fn refuse(what: &str) -> JsValue { throw(Refusal::new("wrong_type", format!("{what}: expected a string"))) }
/// ```
pub fn throw(refusal: Refusal) -> JsValue {
    let error = js_sys::Error::new(&refusal.reason);
    // Setting a property on a fresh Error object does not fail.
    let _ = js_sys::Reflect::set(&error, &"code".into(), &refusal.code.into());
    error.into()
}

/// An `Error` with `code` (one of [`ERROR_CODES`]) and `reason` as its message.
///
/// ```
/// use securepay_wasm_boundary::error;
/// use wasm_bindgen::JsValue;
/// fn refuse(what: &str) -> JsValue { error("wrong_type", &format!("{what}: expected a string")) }
/// ```
pub fn error(code: &'static str, reason: &str) -> JsValue {
    throw(Refusal::new(code, reason))
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
///
/// ```
/// fn size(text: &js_sys::JsString) -> usize { securepay_wasm_boundary::utf8(text).len() }
/// ```
pub fn utf8(text: &js_sys::JsString) -> Vec<u8> {
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
///
/// ```
/// fn rust(text: &js_sys::JsString) -> String { securepay_wasm_boundary::string(text) }
/// ```
pub fn string(text: &js_sys::JsString) -> String {
    String::from_utf8(utf8(text))
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// A string argument as Rust text. Anything else is refused: wasm-bindgen's own `&str`
/// parameter, given a number, reads the module's memory as if it were a string and traps.
///
/// ```
/// use wasm_bindgen::JsValue;
/// fn network(value: &JsValue) -> Result<String, JsValue> { securepay_wasm_boundary::text(value, "network") }
/// ```
pub fn text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    value
        .dyn_ref::<js_sys::JsString>()
        .map(string)
        .ok_or_else(|| error("wrong_type", &format!("{what}: expected a string")))
}

/// An optional argument: `undefined` and `null` are no value.
///
/// ```
/// use wasm_bindgen::JsValue;
/// fn value(v: Option<JsValue>) -> Option<JsValue> { securepay_wasm_boundary::given(v) }
/// ```
pub fn given(value: Option<JsValue>) -> Option<JsValue> {
    value.filter(|v| !v.is_undefined() && !v.is_null())
}

/// Text as given, or the JSON text of an object.
///
/// ```
/// use wasm_bindgen::JsValue;
/// fn call(value: &JsValue) -> Result<String, JsValue> { securepay_wasm_boundary::json_text(value, "call") }
/// ```
pub fn json_text(value: &JsValue, what: &str) -> Result<String, JsValue> {
    if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        return Ok(string(text));
    }
    if value.is_object() {
        // `JSON.stringify` may throw, or answer `undefined` (a `toJSON` that returns nothing).
        return js_sys::JSON::stringify(value)
            .ok()
            .and_then(|text| JsValue::from(text).dyn_into::<js_sys::JsString>().ok())
            .map(|text| string(&text))
            .ok_or_else(|| error("wrong_type", &format!("{what}: not JSON-serializable")));
    }
    Err(error(
        "wrong_type",
        &format!("{what}: expected a JSON string or an object"),
    ))
}

/// Bytes of a `Uint8Array`, or the UTF-8 of a string; more than `max` bytes is refused before
/// anything is copied.
///
/// ```
/// use wasm_bindgen::JsValue;
/// fn body(value: &JsValue) -> Result<Vec<u8>, JsValue> { securepay_wasm_boundary::bytes(value, "rawBody", 1 << 20) }
/// ```
pub fn bytes(value: &JsValue, what: &str, max: usize) -> Result<Vec<u8>, JsValue> {
    let too_large = |size: usize, unit: &str| {
        error(
            "too_large",
            &format!("{what}: {size} {unit}, above the {max} bytes it may have"),
        )
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
    Err(error(
        "wrong_type",
        &format!("{what}: expected a string or a Uint8Array"),
    ))
}

/// JSON text of an answer.
///
/// ```
/// let answer = securepay_wasm_boundary::json(&serde_json::json!({"safe": true}))?;
/// assert_eq!(answer, securepay_wasm_boundary::Json(r#"{"safe":true}"#.to_owned()));
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Json(pub String);

/// JSON text in ASCII: every other character written as a `\u` escape, so that the engine
/// turns the answer into a string on its fast path (measured 0.3 µs against 1.4 µs for a
/// 2 KB verdict with one `…`).
///
/// ```
/// let answer = securepay_wasm_boundary::json(&"0x6923\u{2026}C7D7")?;
/// assert_eq!(answer.0, r#""0x6923\u2026C7D7""#);
/// # Ok::<(), String>(())
/// ```
pub fn json(value: &impl serde::Serialize) -> Result<Json, String> {
    let mut out = Vec::with_capacity(4096); // a verdict of one payment is about 2 KB
    value
        .serialize(&mut serde_json::Serializer::with_formatter(&mut out, Ascii))
        .map_err(|e| e.to_string())?;
    String::from_utf8(out).map(Json).map_err(|e| e.to_string())
}

/// serde_json's compact format, escaping what is not ASCII.
struct Ascii;

impl serde_json::ser::Formatter for Ascii {
    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        if fragment.is_ascii() {
            return writer.write_all(fragment.as_bytes());
        }
        let mut rest = fragment;
        while let Some(at) = rest.bytes().position(|b| !b.is_ascii()) {
            let (ascii, tail) = rest.split_at(at);
            writer.write_all(ascii.as_bytes())?;
            let mut chars = tail.chars();
            if let Some(c) = chars.next() {
                for unit in c.encode_utf16(&mut [0; 2]) {
                    write!(writer, "\\u{unit:04x}")?;
                }
            }
            rest = chars.as_str();
        }
        writer.write_all(rest.as_bytes())
    }
}

/// JSON text to a JavaScript value.
///
/// ```
/// use securepay_wasm_boundary::Json;
/// use wasm_bindgen::JsValue;
/// fn value(json: Json) -> Result<JsValue, JsValue> { securepay_wasm_boundary::to_js(json) }
/// ```
pub fn to_js(json: Json) -> Result<JsValue, JsValue> {
    js_sys::JSON::parse(&json.0).map_err(|_| error("internal", "internal: an answer is not JSON"))
}

/// An answer of a core function as the export returns it: its JSON as a JavaScript value, or
/// its refusal thrown as an Error with its code.
///
/// ```
/// use securepay_wasm_boundary::{json, Json, Refusal};
/// use wasm_bindgen::JsValue;
/// fn export(n: u32) -> Result<JsValue, JsValue> {
///     securepay_wasm_boundary::answer(json(&n).map_err(Refusal::with("internal")))
/// }
/// ```
pub fn answer(result: Result<Json, Refusal>) -> Result<JsValue, JsValue> {
    result.map_err(throw).and_then(to_js)
}

/// The quoted strings of the TypeScript union of string literals `export type {name} = …;` in
/// `types` (a module's declarations), in order: what the tests compare with the library's
/// closed lists. `None` when there is no such type.
///
/// ```
/// let types = r#"export type Network = "base" | "tron"; export type X = "x";"#;
/// assert_eq!(securepay_wasm_boundary::typescript_union(types, "Network"), Some(vec!["base", "tron"]));
/// assert_eq!(securepay_wasm_boundary::typescript_union(types, "Y"), None);
/// ```
pub fn typescript_union<'a>(types: &'a str, name: &str) -> Option<Vec<&'a str>> {
    let start = types.find(&format!("export type {name} ="))?;
    let rest = types.get(start..)?;
    let union = rest.get(..rest.find(';')?)?;
    Some(union.split('"').skip(1).step_by(2).collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    /// Answers are ASCII, and read back as the same JSON (escapes for every other character,
    /// surrogate pairs above U+FFFF).
    #[test]
    fn answers_are_ascii_json_of_the_same_value() {
        let value = serde_json::json!({"text": "0x6923\u{2026}C7D7 \u{e9} \u{1F4B8} \"q\" \\ \n", "n": [1, "a"]});
        let answer = super::json(&value).unwrap().0;
        assert!(answer.is_ascii(), "{answer}");
        assert!(
            answer.contains(r"\u2026") && answer.contains(r"\ud83d\udcb8"),
            "{answer}"
        );
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&answer).unwrap(),
            value
        );
    }
}
