//! The bytecode of `evm/compiled.json` (written by `evm/build.mjs`): Request Network's contracts
//! and the test tokens, by `unit:Contract` key.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use alloy_primitives::Bytes;
use serde::Deserialize;

/// The committed output of `evm/build.mjs`.
pub const COMPILED_JSON: &str = include_str!("../../../evm/compiled.json");

/// What the tests read of `evm/compiled.json`.
#[derive(Debug, Deserialize)]
pub struct Compiled {
    /// Per `unit:Contract`: its bytecode.
    pub contracts: BTreeMap<String, Artifact>,
    /// Per source unit: its hash and origin.
    pub sources: BTreeMap<String, Source>,
}

/// One compiled contract.
#[derive(Debug, Deserialize)]
pub struct Artifact {
    /// The creation bytecode (constructor arguments go after it).
    pub creation: Bytes,
    /// The runtime bytecode (immutables not yet filled in).
    pub runtime: Bytes,
}

/// One source unit of the compilation.
#[derive(Debug, Deserialize)]
pub struct Source {
    /// The sha256 of its text, hex.
    pub sha256: String,
    /// Where it comes from.
    pub origin: String,
}

/// `evm/compiled.json`, parsed once.
pub fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| {
        serde_json::from_str(COMPILED_JSON).expect("evm/compiled.json is the output of build.mjs")
    })
}

/// The contract `key` (`unit:Contract`), or a panic naming it.
pub fn artifact(key: &str) -> &'static Artifact {
    compiled()
        .contracts
        .get(key)
        .unwrap_or_else(|| panic!("{key} is not in evm/compiled.json: run node evm/build.mjs"))
}
