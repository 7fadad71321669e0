//! The counterexamples the property found, each the smallest response that showed it, with the
//! verdict it gets now. Each failed before its fix (in src/verify/ or src/calldata/effect.rs).

use securepay::currency::TokenBehaviour;
use securepay::verify::{FindingCode, Severity, verify};

use super::case::{Caps, FeeSpec, Kind, Spec, build};
use super::check::{behaviour_caution, binds, violations};
use super::execute::execute;
use crate::evm::tokens::Behaviour;

/// Counterexample 1 (fixtures, ZeroValueRevert token). A legacy ERC-20 batch on BSC at a
/// batch fee rate of 0: `BatchPayments` still pulls the batch fee, `transferFrom(payer,
/// feeAddress, 0)`, and a token that refuses zero-value transfers (LEND) reverts the whole
/// batch, which the verdict called a clean payment of three rows. The revert is in the calldata
/// and the agreed rate, not in a state the verifier cannot see: the verdict now says it, a
/// `token_behaviour` caution (`revert_on_zero_value_transfer`) on the batch call, for every
/// token not proven to accept zero-value transfers (USDC and DAI on Ethereum are).
#[test]
fn regression_a_zero_batch_fee_of_a_token_that_may_refuse_zero_values_is_said() {
    let mut spec = Spec::new(Kind::LegacyErc20, "USDC-bsc");
    spec.amounts = vec![100_000, 2_500];
    let case = build(&spec).unwrap();
    let verdict = verify(&case.response, &case.expectation);
    assert!(verdict.is_safe(), "{verdict}");
    let exec = execute(&case, &verdict, Behaviour::ZeroValueRevert);
    assert!(!violations(&case, &verdict, &exec).is_empty());
    let caution = behaviour_caution(&verdict, &exec).expect("the caution");
    assert_eq!(caution.severity, Severity::Caution);
    assert_eq!(
        caution.details.behaviour,
        Some(TokenBehaviour::RevertOnZeroValueTransfer)
    );
    assert!(caution.transaction.is_some(), "{caution:?}");
    // A standard token pays the rows and the fee of 0: bound and kept.
    let exec = execute(&case, &verdict, Behaviour::Standard);
    assert!(binds(&verdict, &exec));
    assert_eq!(violations(&case, &verdict, &exec), Vec::<String>::new());
    // At a rate that makes a fee, nothing to say.
    spec.rate = 10;
    let case = build(&spec).unwrap();
    let verdict = verify(&case.response, &case.expectation);
    assert!(
        !verdict
            .findings
            .iter()
            .any(|f| { f.details.behaviour == Some(TokenBehaviour::RevertOnZeroValueTransfer) })
    );
    // USDC on Ethereum accepts a transfer of 0 (FiatToken checks no value): nothing to say.
    let usdc = build(&Spec::new(Kind::LegacyErc20, "USDC-mainnet")).unwrap();
    let verdict = verify(&usdc.response, &usdc.expectation);
    assert!(
        !verdict
            .findings
            .iter()
            .any(|f| { f.details.behaviour == Some(TokenBehaviour::RevertOnZeroValueTransfer) })
    );
}

/// Counterexample 0 (the reason for the caution, DESIGN.md §7): a single USDC payment on Base
/// with a payer-borne fee, paid with a token that takes 1 % on every transfer: the payee and the
/// fee recipient receive 1 % less than the verdict's summary says. Before `token_behaviour`,
/// that verdict had no finding at all.
#[test]
fn regression_a_fee_on_transfer_is_said_for_a_token_not_proven_without_one() {
    let mut spec = Spec::new(Kind::Plan, "USDC-base");
    spec.fees = vec![FeeSpec {
        payee_borne: false,
        amount: 30,
        request: 0,
        second: false,
    }];
    spec.caps = Caps::Exact;
    let case = build(&spec).unwrap();
    let verdict = verify(&case.response, &case.expectation);
    let codes: Vec<FindingCode> = verdict.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [FindingCode::TokenBehaviour], "{verdict}");
    let exec = execute(&case, &verdict, Behaviour::FeeOnTransfer { bps: 100 });
    let wrong = violations(&case, &verdict, &exec);
    assert!(
        wrong.iter().any(|w| w.contains("less than agreed")),
        "{wrong:?}"
    );
    assert!(!binds(&verdict, &exec));
}
