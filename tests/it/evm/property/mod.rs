//! The verifier's verdicts against the execution of what they judge (issue 25; README "Reliability"):
//! for every response the fixtures build, under every token behaviour, a verdict without
//! danger — and without a caution naming a behaviour the run's token has — implies that the
//! execution keeps the agreement (`check`); and for mutations of those responses, an
//! execution that breaks the agreement is never verified so. Every address a response chooses
//! also runs as hostile code (issue 33, `evm/hostile.rs`): re-entering, refusing, burning gas,
//! answering nothing or a megabyte (`execute::chosen`, `check`'s note on what stays excused).
//!
//! `case` builds the responses and their agreements, `execute` runs one on a chain of its
//! network, `check` says how an execution breaks the agreement. `fixtures` runs every fixture
//! under every behaviour; `mutations` the proptest of mutated responses; `regressions` the
//! counterexamples found, each with its fix. The core (`case`, `execute`, `check`, `mutate`,
//! `trial`) does not use proptest: the fuzz target `verify_against_evm` (fuzz/) includes it.

// The core is shared with the fuzz target, which does not use all of it.
#[allow(dead_code)]
pub mod case;
#[allow(dead_code)]
pub mod check;
#[allow(dead_code)]
pub mod execute;
#[allow(dead_code)]
pub mod mutate;
#[allow(dead_code)]
pub mod trial;

mod fixtures;
mod mutations;
mod regressions;
