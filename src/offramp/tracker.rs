//! One crypto-to-fiat payment followed through its events: the payer's KYC and agreement,
//! the payment details, and the offramp of the request.

use serde::{Deserialize, Serialize};

use super::progress::{OfframpMachine, OfframpState};
use super::review::ReviewMachine;
use super::transition::{Rejection, Step};
use super::{ComplianceStatus, OfframpAction, Prerequisites, Readiness};
use crate::webhook::{AgreementStatus, Event, KycStatus, PaymentDetailStatus};

/// What one event did to a [`CryptoToFiatTracker`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "machine", content = "step")]
pub enum Change {
    /// The KYC machine.
    Kyc(Step<KycStatus>),
    /// The agreement machine.
    Agreement(Step<AgreementStatus>),
    /// The payment-details machine.
    PaymentDetails(Step<PaymentDetailStatus>),
    /// The offramp machine.
    Offramp(Step<OfframpState>),
    /// The event is about another payer, other payment details, another request, or does
    /// not concern crypto-to-fiat.
    NotForThisPayment,
}

impl Change {
    /// The rejection, if this change is a refused move.
    pub fn rejection(&self) -> Option<&Rejection> {
        match self {
            Change::Kyc(step) => step.rejection(),
            Change::Agreement(step) => step.rejection(),
            Change::PaymentDetails(step) => step.rejection(),
            Change::Offramp(step) => step.rejection(),
            Change::NotForThisPayment => None,
        }
    }
}

/// A crypto-to-fiat payment followed through its webhooks: `compliance.updated` of its payer,
/// `payment_detail.updated` of its bank account, and `payment.processing` /
/// `payment.failed` / `payment.confirmed` of its request. Every machine is idempotent and
/// rejects (and this tracker logs) the moves it does not allow; the tracker serializes, so it
/// can be stored between deliveries.
///
/// ```
/// use securepay::offramp::{CryptoToFiatTracker, OfframpAction};
/// use securepay::webhook::Event;
///
/// let mut payment = CryptoToFiatTracker::new("user_1").with_payment_details("pd_1");
/// let event = |json: &str| Event::parse_unverified(json.as_bytes());
/// payment.apply(&event(r#"{"event":"compliance.updated","clientUserId":"user_1","kycStatus":"approved","agreementStatus":"completed"}"#)?);
/// payment.apply(&event(r#"{"event":"payment_detail.updated","paymentDetailsId":"pd_1","status":"approved"}"#)?);
/// assert!(payment.readiness(OfframpAction::Pay).ready);
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CryptoToFiatTracker {
    client_user_id: String,
    payment_details_id: Option<String>,
    request_id: Option<String>,
    kyc: ReviewMachine<KycStatus>,
    agreement: ReviewMachine<AgreementStatus>,
    payment_details: ReviewMachine<PaymentDetailStatus>,
    offramp: OfframpMachine,
    rejections: Vec<Rejection>,
}

impl CryptoToFiatTracker {
    /// A tracker for the payer `client_user_id`, nothing known yet.
    pub fn new(client_user_id: &str) -> CryptoToFiatTracker {
        CryptoToFiatTracker {
            client_user_id: client_user_id.to_owned(),
            payment_details_id: None,
            request_id: None,
            kyc: ReviewMachine::unknown(),
            agreement: ReviewMachine::unknown(),
            payment_details: ReviewMachine::unknown(),
            offramp: OfframpMachine::default(),
            rejections: Vec::new(),
        }
    }

    /// Follows the payment details `payment_details_id` (the `id` of
    /// `POST /v2/payer/{clientUserId}/payment-details`).
    pub fn with_payment_details(mut self, payment_details_id: &str) -> CryptoToFiatTracker {
        self.payment_details_id = Some(payment_details_id.to_owned());
        self
    }

    /// Follows the crypto-to-fiat request `request_id` (the `requestId` of `POST /v2/request`).
    pub fn with_request(mut self, request_id: &str) -> CryptoToFiatTracker {
        self.request_id = Some(request_id.to_owned());
        self
    }

    /// Applies an event; each machine it concerns answers with a [`Change`]. Rejected moves
    /// are also kept in [`CryptoToFiatTracker::rejections`].
    pub fn apply(&mut self, event: &Event) -> Vec<Change> {
        let changes = match event {
            Event::ComplianceUpdated(update) if update.client_user_id == self.client_user_id => {
                let mut changes = Vec::new();
                if let Some(kyc) = &update.kyc_status {
                    changes.push(Change::Kyc(self.kyc.apply(kyc.clone())));
                }
                if let Some(agreement) = &update.agreement_status {
                    changes.push(Change::Agreement(self.agreement.apply(agreement.clone())));
                }
                changes
            }
            Event::PaymentDetailUpdated(update)
                if self.payment_details_id.as_deref() == Some(&update.payment_details_id) =>
            {
                vec![Change::PaymentDetails(
                    self.payment_details.apply(update.status.clone()),
                )]
            }
            Event::PaymentProcessing(_) | Event::PaymentFailed(_) | Event::PaymentConfirmed(_)
                if self.request_id.is_some()
                    && event.request_id() == self.request_id.as_deref() =>
            {
                self.offramp
                    .apply_event(event)
                    .map(Change::Offramp)
                    .into_iter()
                    .collect()
            }
            _ => Vec::new(),
        };
        if changes.is_empty() {
            return vec![Change::NotForThisPayment];
        }
        self.rejections
            .extend(changes.iter().filter_map(Change::rejection).cloned());
        changes
    }

    /// Applies a `GET /v2/payer/{clientUserId}` answer to the KYC and agreement machines.
    pub fn apply_compliance(&mut self, status: &ComplianceStatus) -> Vec<Change> {
        let mut changes = Vec::new();
        if let Some(kyc) = &status.kyc_status {
            changes.push(Change::Kyc(self.kyc.apply(kyc.clone())));
        }
        if let Some(agreement) = &status.agreement_status {
            changes.push(Change::Agreement(self.agreement.apply(agreement.clone())));
        }
        self.rejections
            .extend(changes.iter().filter_map(Change::rejection).cloned());
        changes
    }

    /// The payer's statuses as the machines hold them.
    pub fn prerequisites(&self) -> Prerequisites {
        Prerequisites {
            kyc: self.kyc.state().cloned(),
            agreement: self.agreement.state().cloned(),
            payment_details: self.payment_details.state().cloned(),
        }
    }

    /// Whether `action` may be taken now, with reasons.
    pub fn readiness(&self, action: OfframpAction) -> Readiness {
        self.prerequisites().check(action)
    }

    /// The KYC status.
    pub fn kyc(&self) -> Option<&KycStatus> {
        self.kyc.state()
    }

    /// The agreement status.
    pub fn agreement(&self) -> Option<&AgreementStatus> {
        self.agreement.state()
    }

    /// The payment-details status.
    pub fn payment_details(&self) -> Option<&PaymentDetailStatus> {
        self.payment_details.state()
    }

    /// The offramp state.
    pub fn offramp(&self) -> &OfframpState {
        self.offramp.state()
    }

    /// Every move rejected so far, in order.
    pub fn rejections(&self) -> &[Rejection] {
        &self.rejections
    }
}
