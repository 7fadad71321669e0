//! The state machines: KYC, agreement, payment details and offramp. Each is idempotent and
//! rejects (and reports) a move it does not allow instead of applying it.

use securepay::offramp::{
    Machine, OfframpMachine, OfframpSignal, OfframpState, RejectionKind, ReviewMachine, Step,
};
use securepay::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus, SubStatus};

fn kind<S>(step: &Step<S>) -> Option<RejectionKind> {
    step.rejection().map(|r| r.kind)
}

#[test]
fn kyc_moves_forward_and_rejects_older_news() {
    let mut kyc = ReviewMachine::new(KycStatus::NotStarted);
    for next in [KycStatus::Initiated, KycStatus::Pending] {
        assert!(kyc.apply(next).moved());
    }
    assert_eq!(
        kind(&kyc.apply(KycStatus::Initiated)),
        Some(RejectionKind::Stale)
    );
    assert_eq!(
        kind(&kyc.apply(KycStatus::NotStarted)),
        Some(RejectionKind::Stale)
    );
    assert_eq!(kyc.state(), Some(&KycStatus::Pending));
    let step = kyc.apply(KycStatus::Approved);
    assert_eq!(
        step,
        Step::Moved {
            from: Some(KycStatus::Pending),
            to: KycStatus::Approved
        }
    );
    assert!(kyc.is_passed());
    for late in [
        KycStatus::Pending,
        KycStatus::RetryRequired,
        KycStatus::NotStarted,
    ] {
        let step = kyc.apply(late.clone());
        assert_eq!(kind(&step), Some(RejectionKind::Stale), "{late}");
        let rejection = step.rejection().unwrap();
        assert_eq!(rejection.machine, Machine::Kyc);
        assert_eq!(rejection.from, "approved");
        assert_eq!(rejection.to, late.to_string());
        assert!(!rejection.should_redeliver());
    }
    assert!(kyc.is_passed());
}

#[test]
fn the_same_status_twice_is_a_no_op() {
    let mut kyc = ReviewMachine::new(KycStatus::Pending);
    assert_eq!(
        kyc.apply(KycStatus::Pending),
        Step::Unchanged {
            state: KycStatus::Pending
        }
    );
    let mut details = ReviewMachine::<PaymentDetailStatus>::unknown();
    assert!(details.apply(PaymentDetailStatus::Approved).moved());
    assert!(matches!(
        details.apply(PaymentDetailStatus::Approved),
        Step::Unchanged { .. }
    ));
}

#[test]
fn a_retry_may_follow_progress_and_a_new_attempt_follows_it() {
    let mut kyc = ReviewMachine::new(KycStatus::Pending);
    assert!(kyc.apply(KycStatus::RetryRequired).moved());
    assert!(kyc.apply(KycStatus::Pending).moved());
    assert!(kyc.apply(KycStatus::Failed).moved());
    assert!(kyc.apply(KycStatus::Initiated).moved());
    assert!(kyc.apply(KycStatus::RetryRequired).moved());
    assert_eq!(
        kind(&kyc.apply(KycStatus::NotStarted)),
        Some(RejectionKind::Stale)
    );
    assert!(kyc.apply(KycStatus::Completed).moved());
    assert!(kyc.is_passed());
}

#[test]
fn an_approval_can_be_revoked_but_a_refusal_is_final() {
    let mut kyc = ReviewMachine::new(KycStatus::Approved);
    assert!(kyc.apply(KycStatus::Rejected).moved(), "fail closed");
    assert!(!kyc.is_passed());
    let approval = kyc.apply(KycStatus::Approved);
    assert_eq!(kind(&approval), Some(RejectionKind::Conflict));
    assert_eq!(
        kind(&kyc.apply(KycStatus::Pending)),
        Some(RejectionKind::Stale)
    );
    assert_eq!(kyc.state(), Some(&KycStatus::Rejected));

    let mut details = ReviewMachine::new(PaymentDetailStatus::Pending);
    assert!(details.apply(PaymentDetailStatus::Failed).moved());
    assert_eq!(
        kind(&details.apply(PaymentDetailStatus::Approved)),
        Some(RejectionKind::Conflict)
    );
    assert_eq!(
        kind(&details.apply(PaymentDetailStatus::Pending)),
        Some(RejectionKind::Stale)
    );
}

#[test]
fn agreement_follows_the_same_rule() {
    let mut agreement = ReviewMachine::new(AgreementStatus::NotStarted);
    assert!(agreement.apply(AgreementStatus::Pending).moved());
    assert!(agreement.apply(AgreementStatus::Failed).moved());
    assert!(agreement.apply(AgreementStatus::Completed).moved());
    assert_eq!(
        kind(&agreement.apply(AgreementStatus::Pending)),
        Some(RejectionKind::Stale)
    );
    assert_eq!(
        agreement
            .apply(AgreementStatus::Pending)
            .rejection()
            .unwrap()
            .machine,
        Machine::Agreement
    );
}

#[test]
fn unknown_values_are_never_applied() {
    let mut kyc = ReviewMachine::<KycStatus>::unknown();
    let step = kyc.apply(KycStatus::Other("manual_review".to_owned()));
    assert_eq!(kind(&step), Some(RejectionKind::Unknown));
    assert_eq!(step.rejection().unwrap().from, "none");
    assert_eq!(kyc.state(), None);
    assert!(kyc.apply(KycStatus::Pending).moved());
    assert_eq!(
        kind(&kyc.apply(KycStatus::Other("approved ".to_owned()))),
        Some(RejectionKind::Unknown)
    );
    let mut offramp = OfframpMachine::default();
    for sub in [
        SubStatus::Other("queued".to_owned()),
        SubStatus::Empty,
        SubStatus::InsufficientFunds,
    ] {
        let step = offramp.apply(&OfframpSignal::Processing(sub));
        assert_eq!(kind(&step), Some(RejectionKind::Unknown));
    }
    assert_eq!(offramp.state(), &OfframpState::AwaitingPayment);
}

#[test]
fn the_offramp_follows_its_sub_statuses_in_order() {
    let mut offramp = OfframpMachine::default();
    for sub in [
        SubStatus::Initiated,
        SubStatus::PendingInternalAssessment,
        SubStatus::OngoingChecks,
        SubStatus::SendingFiat,
        SubStatus::FiatSent,
    ] {
        assert!(offramp.apply(&OfframpSignal::Processing(sub)).moved());
    }
    assert!(offramp.apply(&OfframpSignal::Confirmed).moved());
    assert!(offramp.is_confirmed());
    assert!(matches!(
        offramp.apply(&OfframpSignal::Confirmed),
        Step::Unchanged { .. }
    ));
}

#[test]
fn the_offramp_skips_lost_steps_but_never_goes_back() {
    let mut offramp = OfframpMachine::default();
    assert!(
        offramp
            .apply(&OfframpSignal::Processing(SubStatus::OngoingChecks))
            .moved()
    );
    let back = offramp.apply(&OfframpSignal::Processing(SubStatus::Initiated));
    assert_eq!(kind(&back), Some(RejectionKind::Stale));
    assert_eq!(back.rejection().unwrap().machine, Machine::Offramp);
    assert!(
        offramp
            .apply(&OfframpSignal::Processing(SubStatus::FiatSent))
            .moved()
    );
    assert_eq!(
        kind(&offramp.apply(&OfframpSignal::Processing(SubStatus::SendingFiat))),
        Some(RejectionKind::Stale)
    );
    assert_eq!(
        kind(&offramp.apply(&OfframpSignal::Processing(SubStatus::RetryRequired))),
        Some(RejectionKind::Stale),
        "no retry after the fiat left"
    );
}

#[test]
fn a_retry_restarts_the_offramp_checks() {
    let mut offramp = OfframpMachine::default();
    offramp.apply(&OfframpSignal::Processing(SubStatus::OngoingChecks));
    assert!(
        offramp
            .apply(&OfframpSignal::Processing(SubStatus::RetryRequired))
            .moved()
    );
    assert!(
        offramp
            .apply(&OfframpSignal::Processing(SubStatus::Initiated))
            .moved()
    );
}

#[test]
fn confirmation_before_fiat_sent_is_premature_and_asks_for_redelivery() {
    for state in [
        None,
        Some(SubStatus::Initiated),
        Some(SubStatus::SendingFiat),
        Some(SubStatus::RetryRequired),
    ] {
        let mut offramp = OfframpMachine::default();
        if let Some(sub) = state.clone() {
            offramp.apply(&OfframpSignal::Processing(sub));
        }
        let before = offramp.state().clone();
        let step = offramp.apply(&OfframpSignal::Confirmed);
        assert_eq!(kind(&step), Some(RejectionKind::Premature), "{state:?}");
        assert!(step.rejection().unwrap().should_redeliver());
        assert_eq!(offramp.state(), &before, "not applied");
    }
}

#[test]
fn failure_ends_the_offramp_and_contradictions_are_conflicts() {
    let mut failed = OfframpMachine::default();
    failed.apply(&OfframpSignal::Processing(SubStatus::SendingFiat));
    assert!(
        failed
            .apply(&OfframpSignal::Failed(SubStatus::Bounced))
            .moved()
    );
    assert_eq!(failed.state(), &OfframpState::Failed(SubStatus::Bounced));
    assert_eq!(
        kind(&failed.apply(&OfframpSignal::Processing(SubStatus::FiatSent))),
        Some(RejectionKind::Stale)
    );
    assert_eq!(
        kind(&failed.apply(&OfframpSignal::Confirmed)),
        Some(RejectionKind::Conflict)
    );
    assert!(matches!(
        failed.apply(&OfframpSignal::Failed(SubStatus::Bounced)),
        Step::Unchanged { .. }
    ));

    let mut bounced = OfframpMachine::default();
    assert!(
        bounced
            .apply(&OfframpSignal::Processing(SubStatus::Bounced))
            .moved()
    );
    assert_eq!(bounced.state(), &OfframpState::Failed(SubStatus::Bounced));

    let mut confirmed = OfframpMachine::new(OfframpState::Processing(SubStatus::FiatSent));
    confirmed.apply(&OfframpSignal::Confirmed);
    assert_eq!(
        kind(&confirmed.apply(&OfframpSignal::Failed(SubStatus::Failed))),
        Some(RejectionKind::Conflict)
    );
    assert!(confirmed.is_confirmed());
}

#[test]
fn machines_persist_as_their_state() {
    let machine = OfframpMachine::new(OfframpState::Processing(SubStatus::SendingFiat));
    let stored = serde_json::to_value(&machine).unwrap();
    assert_eq!(
        stored,
        serde_json::json!({"state": "processing", "subStatus": "sending_fiat"})
    );
    assert_eq!(
        serde_json::from_value::<OfframpMachine>(stored).unwrap(),
        machine
    );
    let kyc = ReviewMachine::new(KycStatus::RetryRequired);
    let stored = serde_json::to_value(&kyc).unwrap();
    assert_eq!(stored, "retry_required");
    assert_eq!(
        serde_json::from_value::<ReviewMachine<KycStatus>>(stored).unwrap(),
        kyc
    );
}
