//! The offramp of one crypto-to-fiat payment: `payment.processing` sub-statuses, then
//! `payment.confirmed` (only after `fiat_sent`) or `payment.failed`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::transition::{Machine, Rejection, RejectionKind, Step};
use crate::webhook::{Event, SubStatus};

/// Where the offramp of a payment is.
///
/// ```
/// use securepay::offramp::OfframpState;
/// use securepay::webhook::SubStatus;
///
/// let state = OfframpState::Processing(SubStatus::SendingFiat);
/// assert_eq!(state.to_string(), "processing(sending_fiat)");
/// assert_eq!(serde_json::to_string(&state)?, r#"{"state":"processing","subStatus":"sending_fiat"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state", content = "subStatus")]
pub enum OfframpState {
    /// No offramp event yet.
    AwaitingPayment,
    /// `payment.processing` with this sub-status (`initiated`, `pending_internal_assessment`,
    /// `ongoing_checks`, `sending_fiat`, `fiat_sent`, `retry_required`).
    Processing(SubStatus),
    /// `payment.confirmed` after `fiat_sent`: done.
    Confirmed,
    /// `payment.failed` (or `payment.processing` with `bounced`), with the sub-status given.
    Failed(SubStatus),
}

impl fmt::Display for OfframpState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OfframpState::AwaitingPayment => f.write_str("awaiting_payment"),
            OfframpState::Processing(sub) => write!(f, "processing({sub})"),
            OfframpState::Confirmed => f.write_str("confirmed"),
            OfframpState::Failed(sub) => write!(f, "failed({sub})"),
        }
    }
}

/// What an offramp event says, independent of its wire shape.
///
/// ```
/// use securepay::offramp::{OfframpMachine, OfframpSignal, OfframpState};
/// use securepay::webhook::SubStatus;
///
/// let mut offramp = OfframpMachine::default();
/// offramp.apply(&OfframpSignal::Processing(SubStatus::OngoingChecks));
/// offramp.apply(&OfframpSignal::Processing(SubStatus::Bounced)); // the fiat transfer came back
/// assert_eq!(offramp.state(), &OfframpState::Failed(SubStatus::Bounced));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OfframpSignal {
    /// `payment.processing` with this `subStatus`.
    Processing(SubStatus),
    /// `payment.failed` with this `subStatus` (`failed`, `bounced`, …; empty when absent).
    Failed(SubStatus),
    /// `payment.confirmed`.
    Confirmed,
}

impl OfframpSignal {
    /// The signal an event carries, for the events that drive the offramp.
    ///
    /// ```
    /// use securepay::offramp::OfframpSignal;
    /// use securepay::webhook::{Event, SubStatus};
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.processing.json")))?;
    /// assert_eq!(OfframpSignal::of(&event), Some(OfframpSignal::Processing(SubStatus::OngoingChecks)));
    /// let other = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/compliance.updated.json")))?;
    /// assert_eq!(OfframpSignal::of(&other), None);
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn of(event: &Event) -> Option<OfframpSignal> {
        match event {
            Event::PaymentProcessing(p) => Some(OfframpSignal::Processing(p.sub_status.clone())),
            Event::PaymentFailed(p) => Some(OfframpSignal::Failed(
                p.sub_status.clone().unwrap_or(SubStatus::Empty),
            )),
            Event::PaymentConfirmed(_) => Some(OfframpSignal::Confirmed),
            _ => None,
        }
    }
}

/// The rank of a progress sub-status; `None` for other values.
fn rank(sub: &SubStatus) -> Option<u8> {
    Some(match sub {
        SubStatus::Initiated => 1,
        SubStatus::PendingInternalAssessment => 2,
        SubStatus::OngoingChecks => 3,
        SubStatus::SendingFiat => 4,
        SubStatus::FiatSent => 5,
        _ => return None,
    })
}

/// The offramp machine of one crypto-to-fiat payment.
///
/// - Progress follows `initiated → pending_internal_assessment → ongoing_checks →
///   sending_fiat → fiat_sent`; steps may be skipped (a delivery can be lost), a move back is
///   stale. `retry_required` (crypto-to-fiat page) may come before `fiat_sent` and is
///   followed by any progress.
/// - `payment.failed` (any sub-status) and `payment.processing` with `bounced` or `failed`
///   end it as failed.
/// - `payment.confirmed` is accepted only after `fiat_sent`; earlier it is premature: answer
///   non-2xx so the service delivers it again once `fiat_sent` has arrived.
/// - After confirmed or failed, progress events are stale; confirmed after failed (or the
///   reverse) is a conflict.
/// - An undocumented sub-status is never applied. The same event twice is a no-op.
///
/// ```
/// use securepay::offramp::{OfframpMachine, OfframpSignal, OfframpState, RejectionKind};
/// use securepay::webhook::SubStatus;
///
/// let mut offramp = OfframpMachine::default();
/// offramp.apply(&OfframpSignal::Processing(SubStatus::Initiated));
/// let early = offramp.apply(&OfframpSignal::Confirmed);
/// assert_eq!(early.rejection().map(|r| r.kind), Some(RejectionKind::Premature));
/// offramp.apply(&OfframpSignal::Processing(SubStatus::FiatSent));
/// assert!(offramp.apply(&OfframpSignal::Confirmed).moved());
/// assert_eq!(offramp.state(), &OfframpState::Confirmed);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OfframpMachine {
    state: OfframpState,
}

impl Default for OfframpMachine {
    fn default() -> Self {
        OfframpMachine {
            state: OfframpState::AwaitingPayment,
        }
    }
}

impl OfframpMachine {
    /// A machine in `state` (for example restored from storage).
    ///
    /// ```
    /// use securepay::offramp::{OfframpMachine, OfframpSignal, OfframpState};
    /// use securepay::webhook::SubStatus;
    ///
    /// let stored = OfframpState::Processing(SubStatus::FiatSent); // restored from storage
    /// let mut offramp = OfframpMachine::new(stored);
    /// assert!(offramp.apply(&OfframpSignal::Confirmed).moved());
    /// ```
    pub const fn new(state: OfframpState) -> OfframpMachine {
        OfframpMachine { state }
    }

    /// The current state.
    ///
    /// ```
    /// use securepay::offramp::{OfframpMachine, OfframpState};
    ///
    /// assert_eq!(OfframpMachine::default().state(), &OfframpState::AwaitingPayment);
    /// ```
    pub const fn state(&self) -> &OfframpState {
        &self.state
    }

    /// Whether the fiat arrived and the service confirmed the payment.
    ///
    /// ```
    /// use securepay::offramp::{OfframpMachine, OfframpSignal};
    /// use securepay::webhook::SubStatus;
    ///
    /// let mut offramp = OfframpMachine::default();
    /// offramp.apply(&OfframpSignal::Processing(SubStatus::FiatSent));
    /// assert!(!offramp.is_confirmed()); // fiat sent, but not confirmed yet
    /// offramp.apply(&OfframpSignal::Confirmed);
    /// assert!(offramp.is_confirmed());
    /// ```
    pub fn is_confirmed(&self) -> bool {
        self.state == OfframpState::Confirmed
    }

    /// Applies the signal of an event; `None` for events that do not drive the offramp.
    ///
    /// ```
    /// use securepay::offramp::{OfframpMachine, OfframpState};
    /// use securepay::webhook::{Event, SubStatus};
    ///
    /// let mut offramp = OfframpMachine::default();
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.failed.json")))?;
    /// assert!(offramp.apply_event(&event).is_some_and(|step| step.moved()));
    /// assert_eq!(offramp.state(), &OfframpState::Failed(SubStatus::InsufficientFunds));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn apply_event(&mut self, event: &Event) -> Option<Step<OfframpState>> {
        OfframpSignal::of(event).map(|signal| self.apply(&signal))
    }

    /// Applies a signal.
    ///
    /// ```
    /// use securepay::offramp::{OfframpMachine, OfframpSignal, RejectionKind};
    /// use securepay::webhook::SubStatus;
    ///
    /// let mut offramp = OfframpMachine::default();
    /// offramp.apply(&OfframpSignal::Processing(SubStatus::SendingFiat));
    /// let late = offramp.apply(&OfframpSignal::Processing(SubStatus::OngoingChecks)); // delivered late
    /// assert_eq!(late.rejection().map(|r| r.kind), Some(RejectionKind::Stale));
    /// let typo = offramp.apply(&OfframpSignal::Processing(SubStatus::parse("fiat-sent")));
    /// assert_eq!(typo.rejection().map(|r| r.kind), Some(RejectionKind::Unknown));
    /// ```
    pub fn apply(&mut self, signal: &OfframpSignal) -> Step<OfframpState> {
        let to = match signal {
            OfframpSignal::Processing(sub @ (SubStatus::Bounced | SubStatus::Failed)) => {
                OfframpState::Failed(sub.clone())
            }
            OfframpSignal::Processing(sub) => OfframpState::Processing(sub.clone()),
            OfframpSignal::Failed(sub) => OfframpState::Failed(sub.clone()),
            OfframpSignal::Confirmed => OfframpState::Confirmed,
        };
        if to == self.state {
            return Step::Unchanged { state: to };
        }
        match self.judge(&to) {
            Ok(()) => {
                let from = std::mem::replace(&mut self.state, to.clone());
                Step::Moved {
                    from: Some(from),
                    to,
                }
            }
            Err(kind) => Step::Rejected(Rejection::new(Machine::Offramp, &self.state, &to, kind)),
        }
    }

    fn judge(&self, to: &OfframpState) -> Result<(), RejectionKind> {
        use OfframpState::{AwaitingPayment, Confirmed, Failed, Processing};
        match (&self.state, to) {
            (_, Processing(sub)) if rank(sub).is_none() && *sub != SubStatus::RetryRequired => {
                Err(RejectionKind::Unknown)
            }
            (Confirmed, Failed(_)) | (Failed(_), Confirmed) => Err(RejectionKind::Conflict),
            (Confirmed | Failed(_), Processing(_)) => Err(RejectionKind::Stale),
            (Failed(_), Failed(_)) | (_, Failed(_)) => Ok(()),
            (Processing(SubStatus::FiatSent), Confirmed) => Ok(()),
            (_, Confirmed) => Err(RejectionKind::Premature),
            (AwaitingPayment, _) => Ok(()),
            (Processing(from), Processing(SubStatus::RetryRequired)) => match rank(from) {
                Some(5) => Err(RejectionKind::Stale),
                _ => Ok(()),
            },
            (Processing(from), Processing(to)) => match (rank(from), rank(to)) {
                (Some(a), Some(b)) if b <= a => Err(RejectionKind::Stale),
                _ => Ok(()),
            },
            // No signal leads back to awaiting payment.
            (_, AwaitingPayment) => Err(RejectionKind::Stale),
        }
    }
}
