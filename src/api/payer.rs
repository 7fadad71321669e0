//! Payer compliance (crypto-to-fiat): create, read and update a payer, create and list their
//! payment details. The bodies and answers are the [`offramp`](crate::offramp) models.

use serde::{Deserialize, Serialize};

use super::{Api, BodyError, Credential, Endpoint, RequestError};
use crate::offramp::{ClientUserId, CreatePayer, CreatePaymentDetails, UpdatePayer};

/// The answer of `PATCH /v2/payer/{clientUserId}`: `{"success": true}`.
///
/// ```
/// use securepay::api::{parse_parts, PayerUpdated};
///
/// let answer: PayerUpdated = parse_parts(200, br#"{"success": true}"#)?;
/// assert!(answer.success);
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PayerUpdated {
    /// `success`.
    pub success: bool,
}

impl Api {
    /// `POST /v2/payer` (KYC data; the path carries no id). Answer:
    /// [`PayerCreated`](crate::offramp::PayerCreated).
    ///
    /// ```no_run
    /// use securepay::api::{Api, Credential};
    /// use securepay::offramp::CreatePayer;
    ///
    /// let body = CreatePayer::from_json(include_str!("../../tests/data/offramp/payer-individualBeneficiary.json"))?;
    /// let request = Api::new().create_payer(&Credential::api_key("sk_test")?, &body)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/payer");
    /// assert_eq!(serde_json::from_slice::<serde_json::Value>(request.body())?["clientUserId"], "user-123");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_payer(
        &self,
        credential: &Credential,
        body: &CreatePayer,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        self.build_json(Endpoint::CreatePayer, credential, CreatePayer::PATH, body)
    }

    /// `GET /v2/payer/{clientUserId}`. Answer:
    /// [`ComplianceStatus`](crate::offramp::ComplianceStatus).
    ///
    /// ```no_run
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
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let path = client_user_id.payer_path();
        self.build(Endpoint::GetPayer, credential, &path, &[], None)
    }

    /// `PATCH /v2/payer/{clientUserId}` (`{"agreementCompleted": true}`). Answer:
    /// [`PayerUpdated`].
    ///
    /// ```no_run
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
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let path = client_user_id.payer_path();
        self.build_json(Endpoint::UpdatePayer, credential, &path, body)
    }

    /// `POST /v2/payer/{clientUserId}/payment-details` (a bank account). Answer:
    /// [`PaymentDetailCreated`](crate::offramp::PaymentDetailCreated).
    ///
    /// ```no_run
    /// use securepay::offramp::CreatePaymentDetails;
    /// # use securepay::api::{Api, Credential};
    /// # let key = Credential::api_key("sk_test")?;
    /// let body = CreatePaymentDetails::from_json(include_str!("../../tests/data/offramp/payment-details-ukAccount.json"))?;
    /// let request = Api::new().create_payment_details(&key, &"user-123".parse()?, &body)?;
    /// assert_eq!(request.uri().path(), "/v2/payer/user-123/payment-details");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_payment_details(
        &self,
        credential: &Credential,
        client_user_id: &ClientUserId,
        body: &CreatePaymentDetails,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let path = client_user_id.payment_details_path();
        self.build_json(Endpoint::CreatePaymentDetails, credential, &path, body)
    }

    /// `GET /v2/payer/{clientUserId}/payment-details`, optionally only `paymentDetailsId`.
    /// Answer: [`PaymentDetailsList`](crate::offramp::PaymentDetailsList).
    ///
    /// ```no_run
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
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let mut query = Vec::new();
        if let Some(id) = payment_details_id {
            if id.is_empty() || id.chars().any(char::is_control) {
                return Err(BodyError::Invalid {
                    field: "paymentDetailsId",
                    reason: format!("{id:?} is not an id"),
                }
                .into());
            }
            query.push(("paymentDetailsId", id.to_owned()));
        }
        let path = client_user_id.payment_details_path();
        self.build(
            Endpoint::ListPaymentDetails,
            credential,
            &path,
            &query,
            None,
        )
    }
}
