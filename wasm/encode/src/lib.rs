//! securepay's encoders for JavaScript and TypeScript: a call described in the CLI's JSON call
//! format (`securepay encode`, the library's `calldata::spec`) encoded by the library's
//! builders, and ERC-7828 interoperable names read into their ERC-7930 binary and back
//! (`securepay interop`), compiled to their own WebAssembly module, the npm package's
//! `securepay-wasm/encode` subpath, so that a wallet loading the verifier does not load them
//! (46 KB and 7 KB gzipped when they were part of the main module).
//!
//! The boundary is the main module's (`securepay-wasm-boundary`): JSON text both ways, amounts
//! as decimal strings, unusable input thrown as an `Error` whose `code` says which input was
//! refused (the `ErrorCode` union).
//! [`core`] holds the function on Rust types, tested natively.
#![forbid(unsafe_code)]
#![warn(unreachable_pub, unnameable_types, unused_crate_dependencies)]
// A unit-test build links the dev-dependencies the integration tests use.
#![cfg_attr(test, allow(unused_crate_dependencies))]
#![deny(missing_docs)]

pub mod core;

use securepay_wasm_boundary::{answer, json_text, text};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

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
