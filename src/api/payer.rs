//! Payer compliance (crypto-to-fiat): create, read and update a payer, create and list their
//! payment details. The bodies and answers are the [`offramp`](crate::offramp) models.

use serde::{Deserialize, Serialize};

use super::body::check_identifier;
use super::outgoing::json_parts;
use super::outgoing::sealed::{Parts, Sealed};
use super::{Api, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError};
use crate::offramp::{
    ClientUserId, ComplianceStatus, CreatePayer, CreatePaymentDetails, PayerCreated,
    PaymentDetailCreated, PaymentDetailsList, UpdatePayer,
};

/// The answer of `PATCH /v2/payer/{clientUserId}`: `{"success": true}`.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, PayerUpdated};
///
/// let answer: PayerUpdated = parse_parts(StatusCode::OK, br#"{"success": true}"#)?;
/// assert!(answer.success);
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PayerUpdated {
    /// `success`.
    pub success: bool,
}

impl Sealed for CreatePayer {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/payer`: the body is the request (the path carries no id).
impl OutgoingRequest for CreatePayer {
    const ENDPOINT: Endpoint = Endpoint::CreatePayer;
    type Response = PayerCreated;
}

/// `GET /v2/payer/{clientUserId}`: the payer's compliance status.
///
/// ```
/// use securepay::api::{Api, Credential, GetPayer};
///
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &GetPayer::new("user-123".parse()?))?;
/// assert_eq!(request.uri().path(), "/v2/payer/user-123");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetPayer {
    /// `{clientUserId}`.
    pub client_user_id: ClientUserId,
}

impl GetPayer {
    /// The request for `client_user_id`.
    pub fn new(client_user_id: ClientUserId) -> GetPayer {
        GetPayer { client_user_id }
    }
}

impl Sealed for GetPayer {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new().path(self.client_user_id.as_str()))
    }
}

impl OutgoingRequest for GetPayer {
    const ENDPOINT: Endpoint = Endpoint::GetPayer;
    type Response = ComplianceStatus;
}

/// A payer body sent to one payer's path: `ForPayer<UpdatePayer>` is
/// `PATCH /v2/payer/{clientUserId}`, `ForPayer<CreatePaymentDetails>` is
/// `POST /v2/payer/{clientUserId}/payment-details` (the body types are the
/// [`offramp`](crate::offramp) models, which do not carry the id).
///
/// ```
/// use securepay::api::{Api, Credential, Endpoint, ForPayer, OutgoingRequest};
/// use securepay::offramp::UpdatePayer;
///
/// assert_eq!(ForPayer::<UpdatePayer>::ENDPOINT, Endpoint::UpdatePayer);
/// let update = ForPayer::new("user-123".parse()?, UpdatePayer::agreement_completed());
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &update)?;
/// assert_eq!((request.method().as_str(), request.uri().path()), ("PATCH", "/v2/payer/user-123"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ForPayer<B> {
    /// `{clientUserId}`.
    pub client_user_id: ClientUserId,
    /// The body.
    pub body: B,
}

impl<B> ForPayer<B> {
    /// `body` for `client_user_id`.
    pub fn new(client_user_id: ClientUserId, body: B) -> ForPayer<B> {
        ForPayer {
            client_user_id,
            body,
        }
    }
}

impl Sealed for ForPayer<UpdatePayer> {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new()
            .path(self.client_user_id.as_str())
            .json(Self::ENDPOINT, &self.body)
    }
}

impl OutgoingRequest for ForPayer<UpdatePayer> {
    const ENDPOINT: Endpoint = Endpoint::UpdatePayer;
    type Response = PayerUpdated;
}

impl Sealed for ForPayer<CreatePaymentDetails> {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new()
            .path(self.client_user_id.as_str())
            .json(Self::ENDPOINT, &self.body)
    }
}

impl OutgoingRequest for ForPayer<CreatePaymentDetails> {
    const ENDPOINT: Endpoint = Endpoint::CreatePaymentDetails;
    type Response = PaymentDetailCreated;
}

/// `GET /v2/payer/{clientUserId}/payment-details`, optionally only `paymentDetailsId`.
///
/// ```
/// use securepay::api::{Api, Credential, ListPaymentDetails};
///
/// let list = ListPaymentDetails::new("user-123".parse()?, Some("pd_123456"));
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &list)?;
/// assert_eq!(request.uri().query(), Some("paymentDetailsId=pd_123456"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ListPaymentDetails {
    /// `{clientUserId}`.
    pub client_user_id: ClientUserId,
    /// `paymentDetailsId`: checked when the request is built (non-empty, no control
    /// character).
    pub payment_details_id: Option<String>,
}

impl ListPaymentDetails {
    /// The request for `client_user_id`, optionally one of their payment details only.
    pub fn new(
        client_user_id: ClientUserId,
        payment_details_id: Option<&str>,
    ) -> ListPaymentDetails {
        ListPaymentDetails {
            client_user_id,
            payment_details_id: payment_details_id.map(str::to_owned),
        }
    }
}

impl Sealed for ListPaymentDetails {
    fn parts(&self) -> Result<Parts, RequestError> {
        let mut query = Vec::new();
        if let Some(id) = &self.payment_details_id {
            check_identifier("paymentDetailsId", "an id", id)?;
            query.push(("paymentDetailsId", id.clone()));
        }
        Ok(Parts::new().path(self.client_user_id.as_str()).query(query))
    }
}

impl OutgoingRequest for ListPaymentDetails {
    const ENDPOINT: Endpoint = Endpoint::ListPaymentDetails;
    type Response = PaymentDetailsList;
}

impl Api {
    /// `POST /v2/payer` (KYC data; the path carries no id). Answer:
    /// [`PayerCreated`](crate::offramp::PayerCreated).
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    /// use securepay::offramp::CreatePayer;
    ///
    /// let body = CreatePayer::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-individualBeneficiary.json")))?;
    /// let request = Api::new().create_payer(&Credential::api_key("sk_test")?, &body)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/payer");
    /// assert_eq!(serde_json::from_slice::<serde_json::Value>(request.body())?["clientUserId"], "user-123");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_payer(
        &self,
        credential: &Credential,
        body: &CreatePayer,
    ) -> Result<PreparedRequest<CreatePayer>, RequestError> {
        self.prepare(credential, body)
    }

    /// `GET /v2/payer/{clientUserId}`. Answer:
    /// [`ComplianceStatus`](crate::offramp::ComplianceStatus).
    ///
    /// ```
    /// # use securepay::api::{Api, Credential};
    /// # let key = Credential::api_key("sk_test")?;
    /// let request = Api::new().get_payer(&key, &"user 123".parse()?)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/payer/user%20123");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_payer(
        &self,
        credential: &Credential,
        client_user_id: &ClientUserId,
    ) -> Result<PreparedRequest<GetPayer>, RequestError> {
        self.prepare(credential, &GetPayer::new(client_user_id.clone()))
    }

    /// `PATCH /v2/payer/{clientUserId}` (`{"agreementCompleted": true}`). Answer:
    /// [`PayerUpdated`].
    ///
    /// ```
    /// use securepay::offramp::UpdatePayer;
    /// # use securepay::api::{Api, Credential};
    /// # let key = Credential::api_key("sk_test")?;
    /// let request = Api::new().update_payer(&key, &"user-123".parse()?, &UpdatePayer::agreement_completed())?;
    /// assert_eq!(request.method(), "PATCH");
    /// assert_eq!(request.body().as_slice(), br#"{"agreementCompleted":true}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update_payer(
        &self,
        credential: &Credential,
        client_user_id: &ClientUserId,
        body: &UpdatePayer,
    ) -> Result<PreparedRequest<ForPayer<UpdatePayer>>, RequestError> {
        self.prepare(credential, &ForPayer::new(client_user_id.clone(), *body))
    }

    /// `POST /v2/payer/{clientUserId}/payment-details` (a bank account). Answer:
    /// [`PaymentDetailCreated`](crate::offramp::PaymentDetailCreated).
    ///
    /// ```
    /// use securepay::offramp::CreatePaymentDetails;
    /// # use securepay::api::{Api, Credential};
    /// # let key = Credential::api_key("sk_test")?;
    /// let body = CreatePaymentDetails::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payment-details-ukAccount.json")))?;
    /// let request = Api::new().create_payment_details(&key, &"user-123".parse()?, &body)?;
    /// assert_eq!(request.uri().path(), "/v2/payer/user-123/payment-details");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_payment_details(
        &self,
        credential: &Credential,
        client_user_id: &ClientUserId,
        body: &CreatePaymentDetails,
    ) -> Result<PreparedRequest<ForPayer<CreatePaymentDetails>>, RequestError> {
        let request = ForPayer::new(client_user_id.clone(), body.clone());
        self.prepare(credential, &request)
    }

    /// `GET /v2/payer/{clientUserId}/payment-details`, optionally only `paymentDetailsId`.
    /// Answer: [`PaymentDetailsList`](crate::offramp::PaymentDetailsList).
    ///
    /// ```
    /// # use securepay::api::{Api, Credential};
    /// # let key = Credential::api_key("sk_test")?;
    /// let user = "user-123".parse()?;
    /// let request = Api::new().list_payment_details(&key, &user, Some("pd_123456"))?;
    /// assert_eq!(request.uri().query(), Some("paymentDetailsId=pd_123456"));
    /// assert!(Api::new().list_payment_details(&key, &user, Some("")).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn list_payment_details(
        &self,
        credential: &Credential,
        client_user_id: &ClientUserId,
        payment_details_id: Option<&str>,
    ) -> Result<PreparedRequest<ListPaymentDetails>, RequestError> {
        let request = ListPaymentDetails::new(client_user_id.clone(), payment_details_id);
        self.prepare(credential, &request)
    }
}
