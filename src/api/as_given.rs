//! Answers the API description gives no schema for (`200`/`201` with no content): the JSON kept
//! as given, read strictly (no key twice at any depth), and an empty body read as no content
//! rather than refused.

use http::StatusCode;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::{ApiError, parse_parts};
use crate::verify::MAX_RESPONSE_BYTES;
use crate::wire::json::strict;

/// An answer whose shape the API description does not give
/// (<https://docs.request.network/api-reference/openapi.v2.json> describes the success status
/// with no content): the JSON as the service sent it, with no key given twice at any depth.
/// An empty body (no content, as described) reads as `null`.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{AnswerAsGiven, DeactivatePayeeDestination, OutgoingRequest};
///
/// let answer = DeactivatePayeeDestination::parse_parts(StatusCode::OK, br#"{"success": true}"#)?;
/// assert_eq!(answer.0["success"], true);
/// // No content, as the description says: read as null, not refused.
/// assert_eq!(DeactivatePayeeDestination::parse_parts(StatusCode::OK, b"")?, AnswerAsGiven::default());
/// // A key given twice is refused.
/// assert!(DeactivatePayeeDestination::parse_parts(StatusCode::OK, br#"{"a": 1, "a": 2}"#).is_err());
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct AnswerAsGiven(pub Value);

impl<'de> Deserialize<'de> for AnswerAsGiven {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        strict(deserializer).map(AnswerAsGiven)
    }
}

/// [`parse_parts`], except that a success answer with an empty body (the "no content" the API
/// description gives these endpoints) reads as `T::default()`.
pub(crate) fn parse_no_content<T: DeserializeOwned + Default>(
    status: StatusCode,
    body: &[u8],
) -> Result<T, ApiError> {
    let blank = body
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
    if status.is_success() && blank && body.len() <= MAX_RESPONSE_BYTES {
        return Ok(T::default());
    }
    parse_parts(status, body)
}

/// Implements [`OutgoingRequest`](super::OutgoingRequest) for a request whose described success
/// answer has no content: an empty body reads as the answer's default.
macro_rules! no_content_request {
    ($request:ty, $endpoint:ident, $response:ty) => {
        impl $crate::api::OutgoingRequest for $request {
            const ENDPOINT: $crate::api::Endpoint = $crate::api::Endpoint::$endpoint;
            type Response = $response;

            /// As [`parse_parts`](crate::api::parse_parts), but a success answer with an empty
            /// body (the description gives it no content) reads as the answer's default.
            fn parse_parts(
                status: ::http::StatusCode,
                body: &[u8],
            ) -> Result<$response, $crate::api::ApiError> {
                $crate::api::as_given::parse_no_content(status, body)
            }

            /// As [`parse_response`](crate::api::parse_response), but a success answer with an
            /// empty body reads as the answer's default.
            fn parse_response<B: AsRef<[u8]>>(
                response: &::http::Response<B>,
            ) -> Result<$response, $crate::api::ApiError> {
                $crate::api::as_given::parse_no_content(response.status(), response.body().as_ref())
            }
        }
    };
}

pub(crate) use no_content_request;
