//! Payer compliance (crypto-to-fiat): create, read and update a payer, create and list their
//! payment details. The bodies and answers are the [`offramp`](crate::offramp) models.

use serde::{Deserialize, Serialize};

use super::{Api, BodyError, Credential, Endpoint, RequestError};
use crate::offramp::{ClientUserId, CreatePayer, CreatePaymentDetails, UpdatePayer};

/// The answer of `PATCH /v2/payer/{clientUserId}`: `{"success": true}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct PayerUpdated {
    /// `success`.
    pub success: bool,
}

impl Api {
    /// `POST /v2/payer` (KYC data; the path carries no id). Answer:
    /// [`PayerCreated`](crate::offramp::PayerCreated).
    pub fn create_payer(
        &self,
        credential: &Credential,
        body: &CreatePayer,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        self.build_json(Endpoint::CreatePayer, credential, CreatePayer::PATH, body)
    }

    /// `GET /v2/payer/{clientUserId}`. Answer:
    /// [`ComplianceStatus`](crate::offramp::ComplianceStatus).
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
