//! Every response the fixtures build (`case::fixture_specs`), under every token behaviour: the
//! verdict is safe, and each run it binds keeps the agreement. A run is bound unless the verdict
//! says the run's token may have its behaviour (`token_behaviour`): then the execution may
//! break the agreement, and does for the fee-on-transfer token, which is why the caution exists.
//!
//! The addresses each response chooses (`execute::chosen`: fee addresses, rows and spenders
//! that are not agreed payees or the table's, tokens outside the catalog) run as hostile code
//! too (issue 33): a native response re-entering, and inert or under one of the refusing modes
//! in rotation (only native value calls them; re-entering code accepts what an account without
//! code accepts, and the refusing modes only make a transaction revert, which clause 1 excuses
//! there: one of them per fixture keeps the test within its time); a token response under one
//! code per behaviour, in rotation (a token never calls its recipients: the codes differ there
//! only as tokens outside the catalog and as spenders, which the re-entering mode drains).

use securepay::currency::TokenBehaviour;
use securepay::verify::verify;

use super::case::{Case, build, fixture_specs};
use super::check::{behaviour_caution, binds, contradicts_facts, violations};
use super::execute::execute_with;
use crate::evm::hostile::Hostility;
use crate::evm::tokens::Behaviour;

/// Inert, then every hostile mode.
fn every_code() -> Vec<Option<Hostility>> {
    std::iter::once(None)
        .chain(Hostility::ALL.into_iter().map(Some))
        .collect()
}

/// Every fixture, built.
fn cases() -> Vec<Case> {
    fixture_specs()
        .iter()
        .map(|spec| build(spec).unwrap_or_else(|| panic!("the fixtures build {spec:?}")))
        .collect()
}

#[test]
fn every_fixture_keeps_the_agreement_under_every_token_behaviour() {
    let cases = cases();
    let mut runs = 0;
    let mut bound = 0;
    let mut failures = Vec::new();
    let codes = every_code();
    for (n, case) in cases.iter().enumerate() {
        let verdict = verify(&case.response, &case.expectation);
        assert!(verdict.is_safe(), "{}: {verdict}", case.name);
        let runs_of_case: Vec<(Behaviour, Option<Hostility>)> =
            if case.expectation.token().is_some() {
                Behaviour::ALL
                    .iter()
                    .enumerate()
                    .map(|(k, b)| (*b, codes[(n + k) % codes.len()]))
                    .collect()
            } else {
                // Re-entering, and one of the others in rotation.
                let others: Vec<Option<Hostility>> = codes
                    .iter()
                    .copied()
                    .filter(|c| *c != Some(Hostility::ReEnter))
                    .collect();
                [Some(Hostility::ReEnter), others[n % others.len()]]
                    .into_iter()
                    .map(|c| (Behaviour::Standard, c))
                    .collect()
            };
        for (behaviour, hostile) in runs_of_case {
            let token = case.expectation.token().map(|t| t.abi());
            if token.is_some_and(|t| contradicts_facts(case.network(), t, behaviour)) {
                continue;
            }
            let exec = execute_with(case, &verdict, behaviour, hostile);
            runs += 1;
            if !binds(&verdict, &exec) {
                continue;
            }
            bound += 1;
            let wrong = violations(case, &verdict, &exec);
            if !wrong.is_empty() {
                failures.push(format!(
                    "{} with a {behaviour:?} token, {hostile:?} code at {:?}:\n  {}\nverdict:\n{verdict}",
                    case.name,
                    exec.hostile,
                    wrong.join("\n  ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Only the fee-on-transfer runs of tokens no fact proves without one, and the zero-value
    // ones of batches with a zero fee, are excused, by their caution.
    let token_cases = cases.iter().filter(|c| may_take_a_fee(c)).count();
    assert!(runs - bound >= token_cases, "{runs} runs, {bound} bound");
    assert!(bound * 10 >= runs * 8, "{runs} runs, {bound} bound");
    println!(
        "{} fixtures, {runs} runs, {bound} bound by the property",
        cases.len()
    );
}

/// Whether no fact proves that the case's token takes no fee on transfer.
fn may_take_a_fee(case: &Case) -> bool {
    case.expectation.token().is_some_and(|token| {
        !contradicts_facts(
            case.network(),
            token.abi(),
            Behaviour::FeeOnTransfer { bps: 100 },
        )
    })
}

#[test]
fn the_fee_on_transfer_caution_is_there_and_needed() {
    let cases = cases();
    // A token proven to take no fee (DAI and USDT on Ethereum, Circle's USDC): no caution, the
    // fact is an assumption of the verdict, with its source (issue 34, item 3).
    let mut proven = 0;
    for case in cases
        .iter()
        .filter(|c| c.expectation.token().is_some() && !may_take_a_fee(c))
    {
        let verdict = verify(&case.response, &case.expectation);
        assert!(
            !verdict
                .findings
                .iter()
                .any(|f| f.details.behaviour == Some(TokenBehaviour::FeeOnTransfer)),
            "{}: {verdict}",
            case.name
        );
        assert!(
            verdict
                .assumptions
                .iter()
                .any(|a| a.behaviour == TokenBehaviour::FeeOnTransfer && !a.source.is_empty()),
            "{}: {verdict}",
            case.name
        );
        proven += 1;
    }
    assert!(proven > 0);
    // Without it, a verdict would be clean while the payee receives 1 % less.
    let mut unproven = 0;
    for case in cases.iter().filter(|c| may_take_a_fee(c)) {
        unproven += 1;
        let verdict = verify(&case.response, &case.expectation);
        let exec = execute_with(case, &verdict, Behaviour::FeeOnTransfer { bps: 100 }, None);
        let caution = behaviour_caution(&verdict, &exec);
        assert!(caution.is_some(), "{}: {verdict}", case.name);
        let wrong = violations(case, &verdict, &exec);
        assert!(
            !wrong.is_empty(),
            "{}: the fee-on-transfer token kept the agreement",
            case.name
        );
    }
    assert!(unproven > 0);
}
