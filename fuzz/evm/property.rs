//! The property's core, as `tests/it/evm/property/` has it (no proptest there).

#[path = "../../tests/it/evm/property/case.rs"]
pub mod case;
#[path = "../../tests/it/evm/property/check.rs"]
pub mod check;
#[path = "../../tests/it/evm/property/execute.rs"]
pub mod execute;
#[path = "../../tests/it/evm/property/mutate.rs"]
pub mod mutate;
#[path = "../../tests/it/evm/property/trial.rs"]
pub mod trial;
