//! Recurring payouts after their creation (`POST /v2/payouts` with `recurrence`, answered by a
//! [`RecurringPayoutCreated`](super::RecurringPayoutCreated)): submit the signature of its
//! `recurringPaymentPermit` (`POST /v2/payouts/recurring/{id}`), read its status
//! (`GET /v2/payouts/recurring/{id}`), cancel or unpause it
//! (`PATCH /v2/payouts/recurring/{id}`).
//!
//! Source: <https://docs.request.network/api-reference/openapi.v2.json>, operations
//! `submitRecurringPaymentSignature`, `getRecurringPaymentStatus`, `updateRecurringPayment`.

use serde::{Deserialize, Serialize};

use super::body::check_identifier;
use super::outgoing::sealed::{Parts, Sealed};
use super::{
    Api, BodyError, Credential, Eip712Signature, Endpoint, OutgoingRequest, PreparedRequest,
    RecurringPaymentActivated, RecurringPaymentStatus, RecurringPaymentUpdated, RequestError,
};

/// Checks a recurring payment id for a path: non-empty, no control character (it is
/// percent-encoded in the path, so it cannot reach another path).
fn check_id(id: &str) -> Result<(), BodyError> {
    check_identifier("id", "a recurring payment id", id)
}

/// `POST /v2/payouts/recurring/{id}`: the signature of the recurring payment's
/// `recurringPaymentPermit` (EIP-712 `SchedulePermit`), which activates the schedule. The body
/// is `{"permitSignature": "0x…"}`.
///
/// ```
/// use securepay::api::{Api, Credential, SubmitRecurringSignature};
///
/// let signature = format!("0x{}1b", "1234567890abcdef".repeat(8)).parse()?;
/// let submit = SubmitRecurringSignature::new("01JXYJKCAHGFTDR15F2D072ESG", signature);
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &submit)?;
/// assert_eq!(request.uri().path(), "/v2/payouts/recurring/01JXYJKCAHGFTDR15F2D072ESG");
/// assert_eq!(request.body().as_slice(), format!(r#"{{"permitSignature":"0x{}1b"}}"#, "1234567890abcdef".repeat(8)).as_bytes());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct SubmitRecurringSignature {
    /// `{id}`: the recurring payment (the `id` of
    /// [`RecurringPayoutCreated`](super::RecurringPayoutCreated)); checked when the request is
    /// built (non-empty, no control character).
    #[serde(skip)]
    pub id: String,
    /// `permitSignature`: the signature of `recurringPaymentPermit`.
    pub permit_signature: Eip712Signature,
}

impl SubmitRecurringSignature {
    /// The signature `permit_signature` of the recurring payment `id`.
    pub fn new(id: &str, permit_signature: Eip712Signature) -> SubmitRecurringSignature {
        SubmitRecurringSignature {
            id: id.to_owned(),
            permit_signature,
        }
    }
}

impl Sealed for SubmitRecurringSignature {
    fn parts(&self) -> Result<Parts, RequestError> {
        check_id(&self.id)?;
        Parts::new()
            .path(self.id.as_str())
            .json(Self::ENDPOINT, self)
    }
}

impl OutgoingRequest for SubmitRecurringSignature {
    const ENDPOINT: Endpoint = Endpoint::SubmitRecurringPaymentSignature;
    type Response = RecurringPaymentActivated;
}

/// `GET /v2/payouts/recurring/{id}`: the status of a recurring payment.
///
/// ```
/// use securepay::api::{Api, Credential, GetRecurringPayment};
///
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &GetRecurringPayment::new("01JXYJKCAHGFTDR15F2D072ESG"))?;
/// assert_eq!((request.method().as_str(), request.uri().path()), ("GET", "/v2/payouts/recurring/01JXYJKCAHGFTDR15F2D072ESG"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetRecurringPayment {
    /// `{id}`: checked when the request is built (non-empty, no control character).
    pub id: String,
}

impl GetRecurringPayment {
    /// The request for the recurring payment `id`.
    pub fn new(id: &str) -> GetRecurringPayment {
        GetRecurringPayment { id: id.to_owned() }
    }
}

impl Sealed for GetRecurringPayment {
    fn parts(&self) -> Result<Parts, RequestError> {
        check_id(&self.id)?;
        Ok(Parts::new().path(self.id.as_str()))
    }
}

impl OutgoingRequest for GetRecurringPayment {
    const ENDPOINT: Endpoint = Endpoint::GetRecurringPaymentStatus;
    type Response = RecurringPaymentStatus;
}

/// The `action` of `PATCH /v2/payouts/recurring/{id}`. A closed enum: the API description
/// lists these two.
///
/// ```
/// use securepay::api::RecurringAction;
///
/// assert_eq!(serde_json::to_string(&RecurringAction::Unpause)?, r#""unpause""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum RecurringAction {
    /// `cancel`: stop the schedule (the answer may carry a transaction that lowers the
    /// allowance).
    Cancel,
    /// `unpause`: resume a paused schedule.
    Unpause,
}

/// `PATCH /v2/payouts/recurring/{id}`: `{"action": "cancel" | "unpause"}`.
///
/// ```
/// use securepay::api::{Api, Credential, RecurringAction, UpdateRecurringPayment};
///
/// let cancel = UpdateRecurringPayment::new("01JXYJKCAHGFTDR15F2D072ESG", RecurringAction::Cancel);
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &cancel)?;
/// assert_eq!(request.method(), "PATCH");
/// assert_eq!(request.body().as_slice(), br#"{"action":"cancel"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct UpdateRecurringPayment {
    /// `{id}`: checked when the request is built (non-empty, no control character).
    #[serde(skip)]
    pub id: String,
    /// `action`.
    pub action: RecurringAction,
}

impl UpdateRecurringPayment {
    /// `action` on the recurring payment `id`.
    pub fn new(id: &str, action: RecurringAction) -> UpdateRecurringPayment {
        UpdateRecurringPayment {
            id: id.to_owned(),
            action,
        }
    }
}

impl Sealed for UpdateRecurringPayment {
    fn parts(&self) -> Result<Parts, RequestError> {
        check_id(&self.id)?;
        Parts::new()
            .path(self.id.as_str())
            .json(Self::ENDPOINT, self)
    }
}

impl OutgoingRequest for UpdateRecurringPayment {
    const ENDPOINT: Endpoint = Endpoint::UpdateRecurringPayment;
    type Response = RecurringPaymentUpdated;
}

impl Api {
    /// `POST /v2/payouts/recurring/{id}`: activates a recurring payment with the signature of
    /// its `recurringPaymentPermit`. Answer: [`RecurringPaymentActivated`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential, RequestError};
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let signature = format!("0x{}1c", "ab".repeat(64)).parse()?;
    /// let request = Api::new().submit_recurring_payment_signature(&key, "01JXYJKCAHGFTDR15F2D072ESG", &signature)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/payouts/recurring/01JXYJKCAHGFTDR15F2D072ESG");
    /// assert!(matches!(Api::new().submit_recurring_payment_signature(&key, "", &signature), Err(RequestError::Body(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn submit_recurring_payment_signature(
        &self,
        credential: &Credential,
        id: &str,
        permit_signature: &Eip712Signature,
    ) -> Result<PreparedRequest<SubmitRecurringSignature>, RequestError> {
        self.prepare(
            credential,
            &SubmitRecurringSignature::new(id, *permit_signature),
        )
    }

    /// `GET /v2/payouts/recurring/{id}`. Answer: [`RecurringPaymentStatus`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let request = Api::new().get_recurring_payment(&Credential::api_key("sk_test")?, "01JXYJKCAHGFTDR15F2D072ESG")?;
    /// assert_eq!(request.uri().path(), "/v2/payouts/recurring/01JXYJKCAHGFTDR15F2D072ESG");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_recurring_payment(
        &self,
        credential: &Credential,
        id: &str,
    ) -> Result<PreparedRequest<GetRecurringPayment>, RequestError> {
        self.prepare(credential, &GetRecurringPayment::new(id))
    }

    /// `PATCH /v2/payouts/recurring/{id}`: cancel or unpause. Answer:
    /// [`RecurringPaymentUpdated`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential, RecurringAction};
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let request = Api::new().update_recurring_payment(&key, "01JXYJKCAHGFTDR15F2D072ESG", RecurringAction::Unpause)?;
    /// assert_eq!(request.body().as_slice(), br#"{"action":"unpause"}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update_recurring_payment(
        &self,
        credential: &Credential,
        id: &str,
        action: RecurringAction,
    ) -> Result<PreparedRequest<UpdateRecurringPayment>, RequestError> {
        self.prepare(credential, &UpdateRecurringPayment::new(id, action))
    }
}
