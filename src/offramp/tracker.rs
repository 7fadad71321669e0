//! One crypto-to-fiat payment followed through its events: the payer's KYC and agreement,
//! the payment details, and the offramp of the request.

use serde::{Deserialize, Serialize};

use super::progress::{OfframpMachine, OfframpState};
use super::review::ReviewMachine;
use super::transition::{Rejection, Step};
use super::{ComplianceStatus, OfframpAction, Prerequisites, Readiness};
use crate::webhook::{AgreementStatus, Event, KycStatus, PaymentDetailStatus};

/// What one event did to a [`CryptoToFiatTracker`].
///
/// ```
/// use securepay::offramp::{Change, CryptoToFiatTracker, Step};
/// use securepay::webhook::{Event, KycStatus};
///
/// let mut payment = CryptoToFiatTracker::new("user_1");
/// let changes = payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "pending"}"#)?);
/// assert_eq!(changes, [Change::Kyc(Step::Moved { from: None, to: KycStatus::Pending })]);
/// let other = payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_2", "kycStatus": "approved"}"#)?);
/// assert_eq!(other, [Change::NotForThisPayment]);
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
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
    /// The event is about this payment but carries no status the tracker follows (a
    /// `compliance.updated` with neither `kycStatus` nor `agreementStatus`). Nothing moved.
    NoStatus,
}

impl Change {
    /// The rejection, if this change is a refused move.
    ///
    /// ```
    /// use securepay::offramp::{CryptoToFiatTracker, RejectionKind};
    /// use securepay::webhook::Event;
    ///
    /// let mut payment = CryptoToFiatTracker::new("user_1");
    /// payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "approved", "agreementStatus": "completed"}"#)?);
    /// let late = payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "pending"}"#)?);
    /// assert_eq!(late[0].rejection().map(|r| r.kind), Some(RejectionKind::Stale));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn rejection(&self) -> Option<&Rejection> {
        match self {
            Change::Kyc(step) => step.rejection(),
            Change::Agreement(step) => step.rejection(),
            Change::PaymentDetails(step) => step.rejection(),
            Change::Offramp(step) => step.rejection(),
            Change::NotForThisPayment | Change::NoStatus => None,
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
    ///
    /// ```
    /// use securepay::offramp::{CryptoToFiatTracker, OfframpState};
    ///
    /// let payment = CryptoToFiatTracker::new("user_1");
    /// assert_eq!((payment.kyc(), payment.offramp()), (None, &OfframpState::AwaitingPayment));
    /// ```
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
    ///
    /// ```
    /// use securepay::offramp::{Change, CryptoToFiatTracker};
    /// use securepay::webhook::{Event, PaymentDetailStatus};
    ///
    /// let mut payment = CryptoToFiatTracker::new("user_1").with_payment_details("pd_1");
    /// payment.apply(&Event::parse_unverified(br#"{"event": "payment_detail.updated", "paymentDetailsId": "pd_1", "status": "approved"}"#)?);
    /// assert_eq!(payment.payment_details(), Some(&PaymentDetailStatus::Approved));
    /// let other = Event::parse_unverified(br#"{"event": "payment_detail.updated", "paymentDetailsId": "pd_2", "status": "failed"}"#)?;
    /// assert_eq!(payment.apply(&other), [Change::NotForThisPayment]);
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn with_payment_details(mut self, payment_details_id: &str) -> CryptoToFiatTracker {
        self.payment_details_id = Some(payment_details_id.to_owned());
        self
    }

    /// Follows the crypto-to-fiat request `request_id` (the `requestId` of `POST /v2/request`).
    ///
    /// ```
    /// use securepay::offramp::{CryptoToFiatTracker, OfframpState};
    /// use securepay::webhook::{Event, SubStatus};
    ///
    /// let request = "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93";
    /// let mut payment = CryptoToFiatTracker::new("user_1").with_request(request);
    /// payment.apply(&Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.processing.json")))?);
    /// assert_eq!(payment.offramp(), &OfframpState::Processing(SubStatus::OngoingChecks));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn with_request(mut self, request_id: &str) -> CryptoToFiatTracker {
        self.request_id = Some(request_id.to_owned());
        self
    }

    /// Applies an event; each machine it concerns answers with a [`Change`]. Rejected moves
    /// are also kept in [`CryptoToFiatTracker::rejections`].
    ///
    /// ```
    /// use securepay::offramp::{Change, CryptoToFiatTracker};
    /// use securepay::webhook::Event;
    ///
    /// // Without with_request, request events are not this tracker's.
    /// let mut payment = CryptoToFiatTracker::new("user_1");
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.processing.json")))?;
    /// assert_eq!(payment.apply(&event), [Change::NotForThisPayment]);
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
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
            _ => return vec![Change::NotForThisPayment],
        };
        if changes.is_empty() {
            return vec![Change::NoStatus];
        }
        self.rejections
            .extend(changes.iter().filter_map(Change::rejection).cloned());
        changes
    }

    /// Applies a `GET /v2/payer/{clientUserId}` answer to the KYC and agreement machines.
    ///
    /// ```
    /// use securepay::offramp::{ComplianceStatus, CryptoToFiatTracker};
    /// use securepay::webhook::{AgreementStatus, KycStatus};
    ///
    /// let mut payment = CryptoToFiatTracker::new("user_1");
    /// let status: ComplianceStatus = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/compliance-status.json")))?;
    /// assert_eq!(payment.apply_compliance(&status).len(), 2);
    /// assert_eq!((payment.kyc(), payment.agreement()), (Some(&KycStatus::Completed), Some(&AgreementStatus::Completed)));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
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
    ///
    /// ```
    /// use securepay::webhook::KycStatus;
    /// # use securepay::offramp::CryptoToFiatTracker;
    /// # use securepay::webhook::Event;
    /// let mut payment = CryptoToFiatTracker::new("user_1");
    /// payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "approved", "agreementStatus": "completed"}"#)?);
    /// let known = payment.prerequisites();
    /// assert_eq!((known.kyc, known.payment_details), (Some(KycStatus::Approved), None));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn prerequisites(&self) -> Prerequisites {
        Prerequisites {
            kyc: self.kyc.state().cloned(),
            agreement: self.agreement.state().cloned(),
            payment_details: self.payment_details.state().cloned(),
        }
    }

    /// Whether `action` may be taken now, with reasons.
    ///
    /// ```
    /// use securepay::offramp::{OfframpAction, Unmet};
    /// # use securepay::offramp::CryptoToFiatTracker;
    /// # use securepay::webhook::Event;
    /// let mut payment = CryptoToFiatTracker::new("user_1").with_payment_details("pd_1");
    /// payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "approved", "agreementStatus": "completed"}"#)?);
    /// assert_eq!(payment.readiness(OfframpAction::Pay).unmet, [Unmet::PaymentDetails(None)]);
    /// payment.apply(&Event::parse_unverified(br#"{"event": "payment_detail.updated", "paymentDetailsId": "pd_1", "status": "approved"}"#)?);
    /// assert!(payment.readiness(OfframpAction::Pay).ready);
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn readiness(&self, action: OfframpAction) -> Readiness {
        self.prerequisites().check(action)
    }

    /// The KYC status.
    ///
    /// ```
    /// use securepay::webhook::KycStatus;
    /// # use securepay::offramp::CryptoToFiatTracker;
    /// # use securepay::webhook::Event;
    /// let mut payment = CryptoToFiatTracker::new("user_1");
    /// payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "retry_required"}"#)?);
    /// assert_eq!(payment.kyc(), Some(&KycStatus::RetryRequired));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn kyc(&self) -> Option<&KycStatus> {
        self.kyc.state()
    }

    /// The agreement status.
    ///
    /// ```
    /// use securepay::webhook::AgreementStatus;
    /// # use securepay::offramp::CryptoToFiatTracker;
    /// # use securepay::webhook::Event;
    /// let mut payment = CryptoToFiatTracker::new("user_1");
    /// payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "approved", "agreementStatus": "completed"}"#)?);
    /// assert_eq!(payment.agreement(), Some(&AgreementStatus::Completed));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn agreement(&self) -> Option<&AgreementStatus> {
        self.agreement.state()
    }

    /// The payment-details status.
    ///
    /// ```
    /// # use securepay::offramp::CryptoToFiatTracker;
    /// # use securepay::webhook::Event;
    /// let payment = CryptoToFiatTracker::new("user_1").with_payment_details("pd_1");
    /// assert_eq!(payment.payment_details(), None); // no payment_detail.updated yet
    /// ```
    pub fn payment_details(&self) -> Option<&PaymentDetailStatus> {
        self.payment_details.state()
    }

    /// The offramp state.
    ///
    /// ```
    /// use securepay::offramp::OfframpState;
    /// use securepay::webhook::SubStatus;
    /// # use securepay::offramp::CryptoToFiatTracker;
    /// # use securepay::webhook::Event;
    /// let request = "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93";
    /// let mut payment = CryptoToFiatTracker::new("user_1").with_request(request);
    /// payment.apply(&Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.failed.json")))?);
    /// assert_eq!(payment.offramp(), &OfframpState::Failed(SubStatus::InsufficientFunds));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn offramp(&self) -> &OfframpState {
        self.offramp.state()
    }

    /// Every move rejected so far, in order.
    ///
    /// ```
    /// use securepay::offramp::RejectionKind;
    /// # use securepay::offramp::CryptoToFiatTracker;
    /// # use securepay::webhook::Event;
    /// let mut payment = CryptoToFiatTracker::new("user_1");
    /// payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "approved", "agreementStatus": "completed"}"#)?);
    /// payment.apply(&Event::parse_unverified(br#"{"event": "compliance.updated", "clientUserId": "user_1", "kycStatus": "not_started"}"#)?);
    /// let kinds: Vec<RejectionKind> = payment.rejections().iter().map(|r| r.kind).collect();
    /// assert_eq!(kinds, [RejectionKind::Stale]); // kept for the log
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn rejections(&self) -> &[Rejection] {
        &self.rejections
    }
}
