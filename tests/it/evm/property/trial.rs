//! One trial of the property's second direction: a fixture, a token behaviour and mutations
//! drawn from bytes, verified as the wallet would (from the response's bytes), executed when the
//! verdict binds, and judged. The code at the addresses the response chooses rotates with the
//! bytes (`hostility`): inert, or one of the hostile modes (issue 33).

use std::sync::OnceLock;

use securepay::pay::PayResponse;
use securepay::verify::{Verdict, verify_slice};

use super::case::{Case, build, fixture_specs};
use super::check::{binds, contradicts_facts, violations};
use super::execute::execute_with;
use super::mutate::{Draw, apply};
use crate::evm::hostile::Hostility;
use crate::evm::tokens::Behaviour;

/// The code at the addresses a trial's response chooses: a rotation over the bytes (their sum),
/// so that the draw's layout (`Draw::read`) stays as it was; `None` is inert (no code).
pub fn hostility(bytes: &[u8]) -> Option<Hostility> {
    let sum: usize = bytes.iter().map(|b| usize::from(*b)).sum();
    let modes = Hostility::ALL;
    match sum % (modes.len() + 1) {
        0 => None,
        k => modes.get(k - 1).copied(),
    }
}

/// Every fixture, built once.
pub fn fixtures() -> &'static [Case] {
    static FIXTURES: OnceLock<Vec<Case>> = OnceLock::new();
    FIXTURES.get_or_init(|| fixture_specs().iter().filter_map(build).collect())
}

/// How a trial ended.
#[derive(Debug)]
pub enum Trial {
    /// No mutation applied (or the draw made a run that contradicts a token fact).
    Skipped,
    /// The verdict has a danger: nothing to execute.
    Refused,
    /// The verdict has no danger but a caution naming the run token's behaviour.
    Excused,
    /// Bound, executed, and the agreement kept.
    Kept,
    /// Bound, executed, and the agreement broken: a counterexample.
    Broken {
        /// The mutated case.
        case: Box<Case>,
        /// Its verdict.
        verdict: Box<Verdict>,
        /// The token behaviour of the run.
        behaviour: Behaviour,
        /// How the execution breaks the agreement.
        violations: Vec<String>,
    },
}

/// The trial drawn from `bytes`.
pub fn trial(bytes: &[u8]) -> Trial {
    let fixtures = fixtures();
    let draw = Draw::read(bytes, fixtures.len());
    let Some(mut case) = fixtures.get(draw.fixture).cloned() else {
        return Trial::Skipped;
    };
    let mut applied = 0;
    for mutation in &draw.mutations {
        if let Some(next) = apply(&case, *mutation) {
            case = next;
            applied += 1;
        }
    }
    if applied == 0 {
        return Trial::Skipped;
    }
    let behaviour = match case.expectation.token() {
        Some(token) if contradicts_facts(case.network(), token.abi(), draw.behaviour) => {
            return Trial::Skipped;
        }
        Some(_) => draw.behaviour,
        None => Behaviour::Standard,
    };
    judge_with(case, behaviour, hostility(bytes))
}

/// Verifies `case` from its bytes and, if the verdict binds, executes and judges it.
pub fn judge(case: Case, behaviour: Behaviour) -> Trial {
    judge_with(case, behaviour, None)
}

/// As `judge`, with the code of `hostile` at every address the response chooses (named in the
/// case's name when the trial breaks).
pub fn judge_with(mut case: Case, behaviour: Behaviour, hostile: Option<Hostility>) -> Trial {
    let Ok(bytes) = serde_json::to_vec(&case.response) else {
        return Trial::Skipped;
    };
    let verdict = verify_slice(&bytes, &case.expectation);
    if !verdict.is_safe() {
        return Trial::Refused;
    }
    // What the wallet signs is what it read.
    let Ok(response) = PayResponse::from_slice(&bytes) else {
        return Trial::Refused;
    };
    case.response = response;
    let exec = execute_with(&case, &verdict, behaviour, hostile);
    if !binds(&verdict, &exec) {
        return Trial::Excused;
    }
    let wrong = violations(&case, &verdict, &exec);
    if wrong.is_empty() {
        Trial::Kept
    } else {
        if let Some(mode) = hostile {
            case.name
                .push_str(&format!("; {mode:?} code at {:?}", exec.hostile));
        }
        Trial::Broken {
            case: Box::new(case),
            verdict: Box::new(verdict),
            behaviour,
            violations: wrong,
        }
    }
}
