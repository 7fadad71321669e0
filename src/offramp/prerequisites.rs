//! The prerequisites of a crypto-to-fiat payment, with reasons: payer KYC approved,
//! agreement completed, payment details approved.

use std::fmt;

use serde::Serialize;

use crate::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus};

/// A step of the crypto-to-fiat flow that has prerequisites.
///
/// ```
/// use securepay::offramp::{OfframpAction, Prerequisites};
///
/// let payer = Prerequisites::default(); // nothing known yet
/// assert!(payer.check(OfframpAction::CreateRequest).ready);
/// assert!(!payer.check(OfframpAction::Pay).ready);
/// assert_eq!(serde_json::to_string(&OfframpAction::CreateRequest)?, r#""create_request""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OfframpAction {
    /// `POST /v2/request` with `isCryptoToFiatAvailable: true`: allowed at any time, but the
    /// recommended order is KYC, agreement, payment details, then the request.
    CreateRequest,
    /// `GET /v2/request/{id}/pay?clientUserId=…&paymentDetailsId=…`: needs all three.
    Pay,
}

/// A prerequisite that is not met, with what the payer's status is.
///
/// ```
/// use securepay::offramp::{Prerequisites, Unmet};
/// use securepay::webhook::KycStatus;
///
/// let payer = Prerequisites { kyc: Some(KycStatus::RetryRequired), ..Default::default() };
/// let first = &payer.unmet()[0];
/// assert_eq!(first, &Unmet::Kyc(Some(KycStatus::RetryRequired)));
/// assert!(first.to_string().starts_with("payer KYC is retry_required; it must be approved"));
/// assert_eq!(serde_json::to_string(first)?, r#"{"prerequisite":"kyc","status":"retry_required"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "prerequisite", content = "status")]
pub enum Unmet {
    /// KYC is not approved (`None`: no status known yet).
    Kyc(Option<KycStatus>),
    /// The agreement is not completed.
    Agreement(Option<AgreementStatus>),
    /// The payment details (bank account) are not approved.
    PaymentDetails(Option<PaymentDetailStatus>),
}

impl fmt::Display for Unmet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unmet::Kyc(s) => write!(
                f,
                "payer KYC is {}; it must be approved (POST /v2/payer returns the kycUrl to complete it)",
                or_unknown(s)
            ),
            Unmet::Agreement(s) => write!(
                f,
                "payer agreement is {}; it must be completed (PATCH /v2/payer/{{clientUserId}} with agreementCompleted: true)",
                or_unknown(s)
            ),
            Unmet::PaymentDetails(s) => write!(
                f,
                "payment details are {}; they must be approved (wait for payment_detail.updated with status approved)",
                or_unknown(s)
            ),
        }
    }
}

fn or_unknown<T: fmt::Display>(status: &Option<T>) -> String {
    status
        .as_ref()
        .map_or_else(|| "not known yet".to_owned(), ToString::to_string)
}

/// The payer's statuses as known from events or reads.
///
/// ```
/// use securepay::offramp::{OfframpAction, Prerequisites};
/// use securepay::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus};
///
/// let mut payer = Prerequisites { kyc: Some(KycStatus::Pending), ..Default::default() };
/// let create = payer.check(OfframpAction::CreateRequest);
/// assert!(create.ready && !create.out_of_order.is_empty()); // allowed, but out of order
/// assert!(!payer.check(OfframpAction::Pay).ready);
///
/// payer.kyc = Some(KycStatus::Approved);
/// payer.agreement = Some(AgreementStatus::Completed);
/// payer.payment_details = Some(PaymentDetailStatus::Approved);
/// assert!(payer.check(OfframpAction::Pay).ready);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Prerequisites {
    /// `kycStatus`.
    pub kyc: Option<KycStatus>,
    /// `agreementStatus`.
    pub agreement: Option<AgreementStatus>,
    /// The status of the payment details to be used.
    pub payment_details: Option<PaymentDetailStatus>,
}

/// Whether an action may be taken now, and why not.
///
/// ```
/// use securepay::offramp::{OfframpAction, Prerequisites, Unmet};
/// use securepay::webhook::{AgreementStatus, KycStatus};
///
/// let payer = Prerequisites {
///     kyc: Some(KycStatus::Completed),
///     agreement: Some(AgreementStatus::Completed),
///     payment_details: None,
/// };
/// let pay = payer.check(OfframpAction::Pay);
/// assert!(!pay.ready);
/// assert_eq!(pay.unmet, [Unmet::PaymentDetails(None)]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Readiness {
    /// The action.
    pub action: OfframpAction,
    /// Whether it may be taken.
    pub ready: bool,
    /// What blocks it (empty when ready).
    pub unmet: Vec<Unmet>,
    /// Prerequisites not met yet for an action that is allowed anyway: the request is being
    /// created out of the recommended order.
    pub out_of_order: Vec<Unmet>,
}

impl Prerequisites {
    /// The prerequisites that are not met, in the recommended order.
    ///
    /// ```
    /// use securepay::offramp::{Prerequisites, Unmet};
    /// use securepay::webhook::PaymentDetailStatus;
    ///
    /// let payer = Prerequisites { payment_details: Some(PaymentDetailStatus::Failed), ..Default::default() };
    /// assert_eq!(payer.unmet(), [Unmet::Kyc(None), Unmet::Agreement(None), Unmet::PaymentDetails(Some(PaymentDetailStatus::Failed))]);
    /// ```
    pub fn unmet(&self) -> Vec<Unmet> {
        let mut unmet = Vec::new();
        if !self.kyc.as_ref().is_some_and(KycStatus::is_approved) {
            unmet.push(Unmet::Kyc(self.kyc.clone()));
        }
        if !self
            .agreement
            .as_ref()
            .is_some_and(AgreementStatus::is_completed)
        {
            unmet.push(Unmet::Agreement(self.agreement.clone()));
        }
        if self.payment_details != Some(PaymentDetailStatus::Approved) {
            unmet.push(Unmet::PaymentDetails(self.payment_details.clone()));
        }
        unmet
    }

    /// Whether `action` may be taken now.
    ///
    /// ```
    /// use securepay::offramp::{OfframpAction, Prerequisites};
    /// use securepay::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus};
    ///
    /// let payer = Prerequisites {
    ///     kyc: Some(KycStatus::Approved),
    ///     agreement: Some(AgreementStatus::Completed),
    ///     payment_details: Some(PaymentDetailStatus::Approved),
    /// };
    /// let pay = payer.check(OfframpAction::Pay);
    /// assert!(pay.ready && pay.unmet.is_empty());
    /// ```
    pub fn check(&self, action: OfframpAction) -> Readiness {
        let unmet = self.unmet();
        match action {
            OfframpAction::CreateRequest => Readiness {
                action,
                ready: true,
                unmet: Vec::new(),
                out_of_order: unmet,
            },
            OfframpAction::Pay => Readiness {
                action,
                ready: unmet.is_empty(),
                unmet,
                out_of_order: Vec::new(),
            },
        }
    }
}
