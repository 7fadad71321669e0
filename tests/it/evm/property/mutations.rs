//! The second direction, as a proptest: mutated fixtures (`mutate`), under every token
//! behaviour and, in rotation, every hostile code at the addresses the response chooses
//! (`trial::hostility`); whenever the verdict binds, the execution keeps the agreement. The draw is bytes,
//! read by `Draw::read`, as in the fuzz target `verify_against_evm` (a larger run). Default 256
//! cases; `PROPTEST_CASES` for more.

use proptest::prelude::*;

use super::trial::{Trial, trial};

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(cases),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// An execution that breaks the agreement is never verified safe (without the caution that
    /// names the run token's behaviour).
    #[test]
    fn a_mutated_response_verified_safe_keeps_the_agreement(bytes in prop::collection::vec(any::<u8>(), 4..40)) {
        if let Trial::Broken { case, verdict, behaviour, violations } = trial(&bytes) {
            prop_assert!(false, "COUNTEREXAMPLE {}\nwith a {behaviour:?} token:\n  {}\nverdict:\n{verdict}\nresponse: {}\nexpectation: {}",
                case.name, violations.join("\n  "),
                serde_json::to_string(&case.response).unwrap(),
                serde_json::to_string(&case.expectation).unwrap());
        }
    }
}

/// How the trials fall (run with `--ignored --nocapture`; `STAT_CASES`, default 2000;
/// `STAT_RANDOM` for other draws than the fixed ones). Each counterexample is printed with its
/// bytes, for `replay`.
#[test]
#[ignore = "statistics for people, not a check"]
fn statistics() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    // Fixed draws unless STAT_RANDOM is set.
    let mut runner = match std::env::var("STAT_RANDOM") {
        Ok(_) => TestRunner::default(),
        Err(_) => TestRunner::deterministic(),
    };
    let strategy = prop::collection::vec(any::<u8>(), 4..40);
    let n: usize = std::env::var("STAT_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(2000);
    let (mut skipped, mut refused, mut excused, mut kept, mut broken) = (0, 0, 0, 0, 0);
    let start = std::time::Instant::now();
    for _ in 0..n {
        let bytes = strategy.new_tree(&mut runner).unwrap().current();
        match trial(&bytes) {
            Trial::Skipped => skipped += 1,
            Trial::Refused => refused += 1,
            Trial::Excused => excused += 1,
            Trial::Kept => kept += 1,
            Trial::Broken {
                case, violations, ..
            } => {
                broken += 1;
                println!("BROKEN {bytes:?} {}: {violations:?}", case.name);
            }
        }
    }
    println!(
        "{n} trials in {:?}: {skipped} skipped, {refused} refused, {excused} excused, {kept} executed and kept, {broken} broken",
        start.elapsed()
    );
}

/// Replays the trial of `TRIAL_BYTES` (`[1, 2, 3]` as printed) with everything it did.
#[test]
#[ignore = "a tool for people"]
fn replay() {
    let Ok(text) = std::env::var("TRIAL_BYTES") else {
        return;
    };
    let bytes: Vec<u8> = serde_json::from_str(&text).unwrap();
    match trial(&bytes) {
        Trial::Broken {
            case,
            verdict,
            behaviour,
            violations,
        } => {
            println!("{}\n{behaviour:?}\n{violations:#?}\n{verdict}", case.name);
            println!("{}", serde_json::to_string_pretty(&case.response).unwrap());
            let hostile = super::trial::hostility(&bytes);
            let exec = super::execute::execute_with(&case, &verdict, behaviour, hostile);
            println!("hostile code: {hostile:?} at {:?}", exec.hostile);
            for (what, outcome) in exec.outcomes.iter().chain(&exec.after) {
                println!("{what}: {:?}\n{}", outcome.status, outcome.changes);
            }
        }
        other => println!("{other:?}"),
    }
}
