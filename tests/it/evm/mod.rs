//! Proof by execution (issue 25): Request Network's contracts, compiled from their sources by
//! `evm/build.mjs` (bytecode and provenance in `evm/compiled.json`, see `evm/README.md`), run in
//! revm at the addresses of the crate's deployment table, against test tokens of each behaviour
//! that changes what a payment moves. Tron runs the TVM and stays out.
//!
//! The harness: `chain` (revm, one observed transaction after the other), `deploy` (the table's
//! contracts), `tokens` (the behaviours), `hostile` (the code at the addresses a response
//! chooses), `response` (a pay response sent as a wallet would), `observe` (balance changes,
//! allowances, logs, reverts). The tests: `provenance`, `builders`, `batch_fee_zero_address`,
//! `cannot_succeed`, `cross_chain`, `destination` (LI.FI's receiver and Executors, compiled
//! from lifinance/contracts), `fee_on_transfer`, `js_numbers`, `native_versions`, `responses`,
//! `table_rows`, `tokens_by_behaviour`, `property`: every verdict against the execution of its
//! response, and `reentry`: the attackers that take a batch's refund by re-entering it.

// The harness: not every test uses all of it.
#[allow(dead_code)]
mod abi;
#[allow(dead_code)]
mod artifacts;
#[allow(dead_code)]
mod chain;
#[allow(dead_code)]
mod deploy;
#[allow(dead_code)]
mod effects;
#[allow(dead_code)]
mod hostile;
#[allow(dead_code)]
mod observe;
#[allow(dead_code)]
mod response;
#[allow(dead_code)]
mod tokens;

mod batch_fee_zero_address;
mod builders;
mod cannot_succeed;
#[cfg(feature = "fixtures")]
mod cross_chain;
mod deployment;
#[cfg(feature = "fixtures")]
mod destination;
mod detected;
mod fee_on_transfer;
mod js_numbers;
mod native_versions;
#[cfg(feature = "fixtures")]
mod property;
mod provenance;
#[cfg(feature = "fixtures")]
mod reentry;
#[cfg(feature = "fixtures")]
mod responses;
mod table_rows;
mod tokens_by_behaviour;
