//! `PATCH /v2/request/{requestId}`: stop or resume a recurring request
//! (`{"isRecurrenceStopped": true|false}`).

use serde::Serialize;

use super::as_given::no_content_request;
use super::outgoing::sealed::{Parts, Sealed};
use super::requests::check_request_id;
use super::{AnswerAsGiven, Api, Credential, OutgoingRequest, PreparedRequest, RequestError};

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

// The answer has no documented body ("Recurrence updated successfully"): an empty one reads
// as `AnswerAsGiven(null)`.
no_content_request!(UpdateRequest, UpdateRequest, AnswerAsGiven);

impl Api {
    /// `PATCH /v2/request/{requestId}`: stop (`true`) or resume (`false`) a recurring request.
    /// Answer: [`AnswerAsGiven`] (no body is documented).
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{AnswerAsGiven, Api, Credential, RequestError};
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let request = Api::new().update_request(&key, "01e273ecc29d", false)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/request/01e273ecc29d");
    /// assert_eq!(request.body().as_slice(), br#"{"isRecurrenceStopped":false}"#);
    /// assert_eq!(request.parse_parts(StatusCode::OK, b"")?, AnswerAsGiven::default()); // no body: null
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
