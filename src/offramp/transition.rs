//! What a state machine did with a proposed move: moved, nothing to do, or rejected (with
//! why, so the caller can log it and answer the delivery correctly).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which state machine judged a move.
///
/// ```
/// use securepay::offramp::{Machine, ReviewMachine};
/// use securepay::webhook::KycStatus;
///
/// let mut kyc = ReviewMachine::new(KycStatus::Approved);
/// let step = kyc.apply(KycStatus::Pending);
/// assert_eq!(step.rejection().map(|r| r.machine), Some(Machine::Kyc));
/// assert_eq!(Machine::PaymentDetails.to_string(), "payment details");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Machine {
    /// The payer's KYC (`kycStatus`).
    Kyc,
    /// The payer's agreement (`agreementStatus`).
    Agreement,
    /// The review of the payer's bank details (`payment_detail.updated`).
    PaymentDetails,
    /// The offramp of a crypto-to-fiat payment (`payment.processing`, `payment.failed`,
    /// `payment.confirmed`).
    Offramp,
}

impl fmt::Display for Machine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Machine::Kyc => "KYC",
            Machine::Agreement => "agreement",
            Machine::PaymentDetails => "payment details",
            Machine::Offramp => "offramp",
        })
    }
}

/// Why a move was rejected, which also says how to answer the delivery.
///
/// ```
/// use securepay::offramp::{OfframpMachine, OfframpSignal, RejectionKind};
/// use securepay::webhook::SubStatus;
///
/// let mut offramp = OfframpMachine::default();
/// offramp.apply(&OfframpSignal::Failed(SubStatus::Failed));
/// let confirmed = offramp.apply(&OfframpSignal::Confirmed);
/// assert_eq!(confirmed.rejection().map(|r| r.kind), Some(RejectionKind::Conflict)); // for a person to look at
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RejectionKind {
    /// Older news: the machine is already past this state (an out-of-order delivery).
    /// Acknowledge it (2xx) and ignore it.
    Stale,
    /// Not allowed yet (`payment.confirmed` before `fiat_sent`). Answer non-2xx so the
    /// service delivers it again later (it retries after 1 s, 5 s and 15 s).
    Premature,
    /// Contradicts a final state (confirmed then failed, rejected then approved). Not applied;
    /// a person should look.
    Conflict,
    /// A status value this version does not know. Not applied; log it.
    Unknown,
}

/// A move a machine refused to apply.
///
/// ```
/// use securepay::offramp::{Machine, OfframpMachine, OfframpSignal, RejectionKind};
///
/// let mut offramp = OfframpMachine::default();
/// let step = offramp.apply(&OfframpSignal::Confirmed);
/// let rejection = step.rejection().ok_or("rejected")?;
/// assert_eq!((rejection.machine, rejection.kind), (Machine::Offramp, RejectionKind::Premature));
/// assert_eq!(rejection.to_string(),
///     "offramp move awaiting_payment -> confirmed rejected (premature: not allowed yet, have it delivered again)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Rejection {
    /// The machine.
    pub machine: Machine,
    /// The state it was in (`none` before any).
    pub from: String,
    /// The state the move asked for.
    pub to: String,
    /// Why it was refused.
    pub kind: RejectionKind,
}

impl Rejection {
    pub(crate) fn new(
        machine: Machine,
        from: impl fmt::Display,
        to: impl fmt::Display,
        kind: RejectionKind,
    ) -> Rejection {
        Rejection {
            machine,
            from: from.to_string(),
            to: to.to_string(),
            kind,
        }
    }

    /// Whether the delivery should be answered non-2xx so that the service sends it again.
    ///
    /// ```
    /// use securepay::offramp::{OfframpMachine, OfframpSignal};
    /// use securepay::webhook::SubStatus;
    ///
    /// let mut offramp = OfframpMachine::default();
    /// offramp.apply(&OfframpSignal::Processing(SubStatus::SendingFiat));
    /// // payment.confirmed before fiat_sent: answer non-2xx so the service sends it again.
    /// let early = offramp.apply(&OfframpSignal::Confirmed);
    /// assert!(early.rejection().is_some_and(|r| r.should_redeliver()));
    /// let stale = offramp.apply(&OfframpSignal::Processing(SubStatus::Initiated));
    /// assert!(stale.rejection().is_some_and(|r| !r.should_redeliver())); // acknowledge, ignore
    /// ```
    pub fn should_redeliver(&self) -> bool {
        self.kind == RejectionKind::Premature
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.kind {
            RejectionKind::Stale => "stale: the machine is already past it",
            RejectionKind::Premature => "premature: not allowed yet, have it delivered again",
            RejectionKind::Conflict => "conflicts with a final state",
            RejectionKind::Unknown => "unknown status value",
        };
        write!(
            f,
            "{} move {} -> {} rejected ({why})",
            self.machine, self.from, self.to
        )
    }
}

/// What applying a status did.
///
/// ```
/// use securepay::offramp::{ReviewMachine, Step};
/// use securepay::webhook::AgreementStatus;
///
/// let mut agreement = ReviewMachine::new(AgreementStatus::Completed);
/// let again = agreement.apply(AgreementStatus::Completed);
/// assert_eq!(again, Step::Unchanged { state: AgreementStatus::Completed }); // a redelivery
/// assert_eq!(serde_json::to_string(&again)?, r#"{"step":"unchanged","state":"completed"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step<S> {
    /// The machine moved.
    Moved {
        /// The state before (`None` when nothing was known).
        from: Option<S>,
        /// The new state.
        to: S,
    },
    /// The machine was already there: applying the same event twice is a no-op.
    Unchanged {
        /// The state.
        state: S,
    },
    /// The move was refused and not applied.
    Rejected(Rejection),
}

impl<S> Step<S> {
    /// The rejection, if the move was refused.
    ///
    /// ```
    /// use securepay::offramp::ReviewMachine;
    /// use securepay::webhook::KycStatus;
    ///
    /// let mut kyc = ReviewMachine::new(KycStatus::Pending);
    /// assert!(kyc.apply(KycStatus::Approved).rejection().is_none());
    /// let unknown = kyc.apply(KycStatus::parse("on_hold"));
    /// assert_eq!(unknown.rejection().map(|r| r.to.as_str()), Some("on_hold"));
    /// ```
    pub fn rejection(&self) -> Option<&Rejection> {
        match self {
            Step::Rejected(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the machine moved.
    ///
    /// ```
    /// use securepay::offramp::ReviewMachine;
    /// use securepay::webhook::KycStatus;
    ///
    /// let mut kyc = ReviewMachine::new(KycStatus::NotStarted);
    /// assert!(kyc.apply(KycStatus::Initiated).moved());
    /// assert!(!kyc.apply(KycStatus::Initiated).moved()); // unchanged
    /// ```
    pub fn moved(&self) -> bool {
        matches!(self, Step::Moved { .. })
    }
}

/// Where a status sits in the life of a review: the shared rule of the KYC, agreement and
/// payment-details machines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// On the way, with a rank: only higher ranks move it forward.
    Open(u8),
    /// Must be redone (`retry_required`, `failed` for KYC and agreement).
    Retry,
    /// Passed (`approved`, `completed`).
    Passed,
    /// Refused for good (`rejected`; `failed` for payment details).
    Refused,
    /// Not a documented value.
    Unknown,
}

/// Judges a move between two different statuses.
///
/// - unknown values are never applied;
/// - a refusal can come at any time (fail closed: a revoked approval is applied), and after
///   it only news older than it can arrive (stale), or a contradiction (a later approval);
/// - once passed, anything but a refusal is older news;
/// - open ranks only move forward; a retry can come from any open rank and is followed by a
///   new attempt (any rank but the very first, "not started").
pub(crate) fn judge(from: Phase, to: Phase) -> Result<(), RejectionKind> {
    match (from, to) {
        (_, Phase::Unknown) => Err(RejectionKind::Unknown),
        (Phase::Refused, Phase::Passed) => Err(RejectionKind::Conflict),
        (Phase::Refused, _) => Err(RejectionKind::Stale),
        (_, Phase::Refused) => Ok(()),
        (Phase::Passed, Phase::Passed) => Ok(()),
        (Phase::Passed, _) => Err(RejectionKind::Stale),
        (_, Phase::Passed) => Ok(()),
        (Phase::Open(a), Phase::Open(b)) if b <= a => Err(RejectionKind::Stale),
        (Phase::Retry, Phase::Open(0)) => Err(RejectionKind::Stale),
        _ => Ok(()),
    }
}
