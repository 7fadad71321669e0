//! `PATCH /v2/request/{requestId}`: stop or resume a recurring request
//! (`{"isRecurrenceStopped": true|false}`), and [`Acknowledged`], the answer of the endpoints
//! whose success answer the API description gives no body for.

use http::StatusCode;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::outgoing::sealed::{Parts, Sealed};
use super::requests::check_request_id;
use super::{Api, ApiError, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError};
use crate::wire::json::StrictValue;

/// The success answer of an endpoint whose answer the API description does not give
/// (`PATCH /v2/request/{requestId}`: "Recurrence updated successfully";
/// `POST /v2/request/payment-intents/{paymentIntentId}`: "Payment intent sent successfully"):
/// no body (`None`), or the JSON the service sent, kept as given (no key given twice at any
/// depth).
///
/// The request types of these endpoints ([`UpdateRequest`], [`SendPaymentIntent`](super::SendPaymentIntent))
/// read an empty 2xx body as `Acknowledged(None)`; [`parse_parts`](super::parse_parts), which
/// reads JSON only, refuses it.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{Acknowledged, OutgoingRequest, UpdateRequest};
///
/// assert_eq!(UpdateRequest::parse_parts(StatusCode::OK, b"")?, Acknowledged(None));
/// let answer = UpdateRequest::parse_parts(StatusCode::OK, br#"{"isRecurrenceStopped": true}"#)?;
/// assert_eq!(answer.0.map(|body| body["isRecurrenceStopped"] == true), Some(true));
/// assert!(UpdateRequest::parse_parts(StatusCode::OK, br#"{"a": 1, "a": 2}"#).is_err());
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Acknowledged(pub Option<Value>);

impl<'de> Deserialize<'de> for Acknowledged {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        StrictValue::deserialize(deserializer).map(|StrictValue(value)| {
            Acknowledged(match value {
                Value::Null => None,
                value => Some(value),
            })
        })
    }
}

/// Reads an answer that may have no body: an empty 2xx body is `Acknowledged(None)`, anything
/// else is read by [`parse_parts`](super::parse_parts).
pub(crate) fn parse_acknowledged(
    status: StatusCode,
    body: &[u8],
) -> Result<Acknowledged, ApiError> {
    if status.is_success() && crate::wire::EmptyInput::check(body, "no body").is_err() {
        return Ok(Acknowledged(None));
    }
    super::parse_parts(status, body)
}

/// `PATCH /v2/request/{requestId}`: stop (`true`) or resume (`false`) the recurrence of a
/// recurring request. The body is `{"isRecurrenceStopped": …}`, its one required field.
///
/// ```
/// use securepay::api::{Api, Credential, UpdateRequest};
///
/// let stop = UpdateRequest::stop_recurrence("01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb");
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &stop)?;
/// assert_eq!(request.method(), "PATCH");
/// assert_eq!(request.uri().path(), "/v2/request/01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb");
/// assert_eq!(request.body().as_slice(), br#"{"isRecurrenceStopped":true}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UpdateRequest {
    /// `{requestId}`: checked when the request is built (non-empty, no control character).
    pub request_id: String,
    /// `isRecurrenceStopped`.
    pub is_recurrence_stopped: bool,
}

impl UpdateRequest {
    /// Sets `isRecurrenceStopped` of `request_id`.
    pub fn new(request_id: &str, is_recurrence_stopped: bool) -> UpdateRequest {
        UpdateRequest {
            request_id: request_id.to_owned(),
            is_recurrence_stopped,
        }
    }

    /// `{"isRecurrenceStopped": true}`: no further occurrence is created.
    pub fn stop_recurrence(request_id: &str) -> UpdateRequest {
        UpdateRequest::new(request_id, true)
    }

    /// `{"isRecurrenceStopped": false}`: the recurrence resumes.
    ///
    /// ```
    /// use securepay::api::UpdateRequest;
    ///
    /// assert!(!UpdateRequest::resume_recurrence("01e273ec").is_recurrence_stopped);
    /// ```
    pub fn resume_recurrence(request_id: &str) -> UpdateRequest {
        UpdateRequest::new(request_id, false)
    }
}

/// The JSON body of [`UpdateRequest`].
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UpdateRequestBody {
    is_recurrence_stopped: bool,
}

impl Sealed for UpdateRequest {
    fn parts(&self) -> Result<Parts, RequestError> {
        check_request_id(&self.request_id)?;
        let body = UpdateRequestBody {
            is_recurrence_stopped: self.is_recurrence_stopped,
        };
        Parts::new()
            .path(self.request_id.as_str())
            .json(Self::ENDPOINT, &body)
    }
}

/// The answer has no documented body: an empty one is read as `Acknowledged(None)`.
impl OutgoingRequest for UpdateRequest {
    const ENDPOINT: Endpoint = Endpoint::UpdateRequest;
    type Response = Acknowledged;

    fn parse_parts(status: StatusCode, body: &[u8]) -> Result<Acknowledged, ApiError> {
        parse_acknowledged(status, body)
    }

    fn parse_response<B: AsRef<[u8]>>(
        response: &http::Response<B>,
    ) -> Result<Acknowledged, ApiError> {
        parse_acknowledged(response.status(), response.body().as_ref())
    }
}

impl Api {
    /// `PATCH /v2/request/{requestId}`: stop (`true`) or resume (`false`) a recurring request.
    /// Answer: [`Acknowledged`] (no body is documented).
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{Acknowledged, Api, Credential, RequestError};
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let request = Api::new().update_request(&key, "01e273ecc29d", false)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/request/01e273ecc29d");
    /// assert_eq!(request.body().as_slice(), br#"{"isRecurrenceStopped":false}"#);
    /// assert_eq!(request.parse_parts(StatusCode::OK, b"")?, Acknowledged(None));
    /// assert!(matches!(Api::new().update_request(&key, "", true), Err(RequestError::Body(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update_request(
        &self,
        credential: &Credential,
        request_id: &str,
        is_recurrence_stopped: bool,
    ) -> Result<PreparedRequest<UpdateRequest>, RequestError> {
        self.prepare(
            credential,
            &UpdateRequest::new(request_id, is_recurrence_stopped),
        )
    }
}
