//! The EVM harness of `tests/it/evm/` and the property's core (`tests/it/evm/property/`),
//! included as they are by the target `verify_against_evm`: Request Network's contracts in
//! revm, the test tokens, the responses the fixtures build, their mutations, the property.
#![allow(dead_code, missing_docs, clippy::all)]

#[path = "../../tests/it/evm/abi.rs"]
pub mod abi;
#[path = "../../tests/it/evm/artifacts.rs"]
pub mod artifacts;
#[path = "../../tests/it/evm/chain.rs"]
pub mod chain;
#[path = "../../tests/it/evm/deploy.rs"]
pub mod deploy;
#[path = "../../tests/it/evm/hostile.rs"]
pub mod hostile;
#[path = "../../tests/it/evm/observe.rs"]
pub mod observe;
#[path = "../../tests/it/evm/response.rs"]
pub mod response;
#[path = "../../tests/it/evm/tokens.rs"]
pub mod tokens;

pub mod property;
