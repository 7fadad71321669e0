//! securepay's payment detection for JavaScript and TypeScript: the settlement of a request
//! from the chain data its caller fetched (`eth_getLogs` logs, `eth_getTransactionReceipt`
//! receipts, TronGrid events), compiled to its own WebAssembly module, the npm package's
//! `securepay-wasm/detect` subpath, so that a wallet loading the verifier does not load it.
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

use securepay_wasm_boundary::{answer, bytes, json_text};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

/// The settlement of a request from chain data: `eth_getLogs` logs or
/// `eth_getTransactionReceipt` receipts (any provider's JSON, or the JSON-RPC answer holding
/// them; TronGrid's event JSON on Tron) as text, bytes or the parsed value. Text or bytes above
/// 32 MiB (`MAX_CHAIN_JSON_BYTES`) throw before they are copied.
#[wasm_bindgen(js_name = detect, unchecked_return_type = "Settlement")]
pub fn detect(
    #[wasm_bindgen(unchecked_param_type = "string | DetectCriteria")] criteria: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array | object")] chain: JsValue,
) -> Result<JsValue, JsValue> {
    let criteria = json_text(&criteria, "criteria")?;
    let max = securepay::detect::MAX_CHAIN_JSON_BYTES;
    let chain = match chain.is_string() || chain.is_instance_of::<js_sys::Uint8Array>() {
        true => bytes(&chain, "chain data", max)?,
        // A parsed value: its JSON text, bounded by the library when it reads it.
        false => json_text(&chain, "chain data")?.into_bytes(),
    };
    answer(core::detect(&criteria, &chain))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    const TYPES: &str = include_str!("types.d.ts");

    /// The quoted strings of the union `name` of this module's declarations.
    fn union(name: &str) -> Vec<&'static str> {
        securepay_wasm_boundary::typescript_union(TYPES, name).unwrap()
    }

    /// The repeated unions of networks and contract names are the library's lists, in order.
    #[test]
    fn the_typescript_networks_and_contracts_are_the_library_s() {
        use securepay::contracts::Contract;
        use securepay::network::Network;
        let networks: Vec<&str> = Network::ALL.iter().map(|n| n.id()).collect();
        assert_eq!(union("Network"), networks);
        let contracts: Vec<&str> = Contract::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(union("ContractName"), contracts);
    }

    /// The TypeScript union of error codes is the boundary's list, in order.
    #[test]
    fn the_typescript_error_codes_are_the_boundary_s() {
        assert_eq!(
            securepay_wasm_boundary::typescript_union(TYPES, "ErrorCode").unwrap(),
            securepay_wasm_boundary::ERROR_CODES
        );
    }
}
