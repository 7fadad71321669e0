//! The review machines: KYC, agreement and payment details, each a status that moves by the
//! rule of [`Phase`]: idempotent, rejecting (and reporting) a move it does not allow.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::transition::{Machine, Phase, Rejection, Step, judge};
use crate::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus};

/// A status a [`ReviewMachine`] can hold.
///
/// ```
/// use securepay::offramp::{Machine, ReviewMachine, Reviewed};
/// use securepay::webhook::{AgreementStatus, PaymentDetailStatus};
///
/// assert_eq!(AgreementStatus::MACHINE, Machine::Agreement);
/// let mut review = ReviewMachine::new(PaymentDetailStatus::Pending);
/// let step = review.apply(PaymentDetailStatus::parse("in_review"));
/// assert_eq!(step.rejection().map(|r| r.machine), Some(PaymentDetailStatus::MACHINE));
/// ```
pub trait Reviewed: Clone + PartialEq + fmt::Display {
    /// Which machine this status belongs to.
    const MACHINE: Machine;
    /// Where the status sits in the review.
    #[doc(hidden)]
    fn phase(&self) -> ReviewPhase;
}

/// The phase of a status (opaque: the rule lives in this module).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReviewPhase(Phase);

impl Reviewed for KycStatus {
    const MACHINE: Machine = Machine::Kyc;
    fn phase(&self) -> ReviewPhase {
        ReviewPhase(match self {
            KycStatus::NotStarted => Phase::Open(0),
            KycStatus::Initiated => Phase::Open(1),
            KycStatus::Pending => Phase::Open(2),
            KycStatus::RetryRequired | KycStatus::Failed => Phase::Retry,
            KycStatus::Approved | KycStatus::Completed => Phase::Passed,
            KycStatus::Rejected => Phase::Refused,
            KycStatus::Other(_) => Phase::Unknown,
        })
    }
}

impl Reviewed for AgreementStatus {
    const MACHINE: Machine = Machine::Agreement;
    fn phase(&self) -> ReviewPhase {
        ReviewPhase(match self {
            AgreementStatus::NotStarted => Phase::Open(0),
            AgreementStatus::Pending => Phase::Open(1),
            AgreementStatus::Failed => Phase::Retry,
            AgreementStatus::Completed => Phase::Passed,
            AgreementStatus::Rejected => Phase::Refused,
            AgreementStatus::Other(_) => Phase::Unknown,
        })
    }
}

impl Reviewed for PaymentDetailStatus {
    const MACHINE: Machine = Machine::PaymentDetails;
    fn phase(&self) -> ReviewPhase {
        ReviewPhase(match self {
            PaymentDetailStatus::Pending => Phase::Open(1),
            PaymentDetailStatus::Approved => Phase::Passed,
            PaymentDetailStatus::Failed => Phase::Refused,
            PaymentDetailStatus::Other(_) => Phase::Unknown,
        })
    }
}

/// A review status driven by events: KYC ([`KycStatus`]), agreement ([`AgreementStatus`]) or
/// payment details ([`PaymentDetailStatus`]).
///
/// The rule, the same for the three (no state diagram is published; this one fails closed):
///
/// - the same status twice is a no-op;
/// - an undocumented value (`Other`) is never applied ([`RejectionKind::Unknown`](super::RejectionKind::Unknown));
/// - progress only moves forward (`not_started` → `initiated` → `pending`); a move back is
///   stale (an out-of-order delivery);
/// - `retry_required` / `failed` (KYC, agreement) may follow any progress and be followed by a
///   new attempt;
/// - once approved, only a refusal moves it (a revoked approval is applied: fail closed);
///   anything else is stale;
/// - a refusal (`rejected`; `failed` for payment details) is final: a later approval is a
///   conflict for a person to look at, anything else is stale.
///
/// ```
/// use securepay::offramp::{RejectionKind, ReviewMachine, Step};
/// use securepay::webhook::KycStatus;
///
/// let mut kyc = ReviewMachine::new(KycStatus::NotStarted);
/// assert!(kyc.apply(KycStatus::Pending).moved());
/// assert!(kyc.apply(KycStatus::Approved).moved());
/// assert!(matches!(kyc.apply(KycStatus::Approved), Step::Unchanged { .. }));
/// // A late "pending" is older news: rejected, reported, not applied.
/// let step = kyc.apply(KycStatus::Pending);
/// assert_eq!(step.rejection().map(|r| r.kind), Some(RejectionKind::Stale));
/// assert!(kyc.is_passed());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ReviewMachine<S> {
    state: Option<S>,
}

impl<S> Default for ReviewMachine<S> {
    fn default() -> Self {
        ReviewMachine { state: None }
    }
}

impl<S: Reviewed> ReviewMachine<S> {
    /// A machine starting in `state` (as read from the API).
    ///
    /// ```
    /// use securepay::offramp::{RejectionKind, ReviewMachine};
    /// use securepay::webhook::PaymentDetailStatus;
    ///
    /// let mut review = ReviewMachine::new(PaymentDetailStatus::Failed); // as read from the API
    /// let step = review.apply(PaymentDetailStatus::Approved);
    /// assert_eq!(step.rejection().map(|r| r.kind), Some(RejectionKind::Conflict)); // refusals are final
    /// ```
    pub fn new(state: S) -> ReviewMachine<S> {
        ReviewMachine { state: Some(state) }
    }

    /// A machine that knows nothing yet: the first documented status is applied.
    ///
    /// ```
    /// use securepay::offramp::ReviewMachine;
    /// use securepay::webhook::AgreementStatus;
    ///
    /// let mut agreement = ReviewMachine::<AgreementStatus>::unknown();
    /// assert_eq!(agreement.state(), None);
    /// assert!(agreement.apply(AgreementStatus::Pending).moved()); // the first status is taken as is
    /// ```
    pub fn unknown() -> ReviewMachine<S> {
        ReviewMachine { state: None }
    }

    /// The current status, if any is known.
    ///
    /// ```
    /// use securepay::offramp::ReviewMachine;
    /// use securepay::webhook::KycStatus;
    ///
    /// let mut kyc = ReviewMachine::new(KycStatus::Initiated);
    /// kyc.apply(KycStatus::NotStarted); // stale: not applied
    /// assert_eq!(kyc.state(), Some(&KycStatus::Initiated));
    /// ```
    pub fn state(&self) -> Option<&S> {
        self.state.as_ref()
    }

    /// Whether the review passed (approved, completed).
    ///
    /// ```
    /// use securepay::offramp::ReviewMachine;
    /// use securepay::webhook::KycStatus;
    ///
    /// let mut kyc = ReviewMachine::new(KycStatus::Completed);
    /// assert!(kyc.is_passed());
    /// kyc.apply(KycStatus::Rejected); // a revoked approval is applied: fail closed
    /// assert!(!kyc.is_passed());
    /// ```
    pub fn is_passed(&self) -> bool {
        self.state
            .as_ref()
            .is_some_and(|s| s.phase().0 == Phase::Passed)
    }

    /// Applies a status reported by an event or a read.
    ///
    /// ```
    /// use securepay::offramp::{ReviewMachine, Step};
    /// use securepay::webhook::KycStatus;
    ///
    /// let mut kyc = ReviewMachine::new(KycStatus::Pending);
    /// let step = kyc.apply(KycStatus::RetryRequired);
    /// assert_eq!(step, Step::Moved { from: Some(KycStatus::Pending), to: KycStatus::RetryRequired });
    /// assert!(kyc.apply(KycStatus::Pending).moved()); // a new attempt after the retry
    /// ```
    pub fn apply(&mut self, to: S) -> Step<S> {
        let current = self.state.as_ref();
        if current == Some(&to) {
            return Step::Unchanged { state: to };
        }
        let from_phase = current.map_or(Phase::Open(0), |s| s.phase().0);
        // From nothing known, any documented status is accepted.
        let verdict = match current {
            None if to.phase().0 != Phase::Unknown => Ok(()),
            _ => judge(from_phase, to.phase().0),
        };
        match verdict {
            Ok(()) => {
                let from = self.state.replace(to.clone());
                Step::Moved { from, to }
            }
            Err(kind) => {
                let from = current.map_or_else(|| "none".to_owned(), ToString::to_string);
                Step::Rejected(Rejection::new(S::MACHINE, from, &to, kind))
            }
        }
    }
}
