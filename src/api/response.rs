//! Responses: a 2xx body becomes the endpoint's typed model; anything else, or a 2xx body that
//! is not that model, becomes an [`ApiError`] `{ status, kind, body }`.

use std::fmt;

use http::StatusCode;
use serde::de::DeserializeOwned;

use crate::pay::{PayEndpointError, PayResponseError};
use crate::verify::MAX_RESPONSE_BYTES;
use crate::wire::{ErrorBody, JsonError};

/// What an error answer means, from its status.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, ApiErrorKind, RequestCreated};
///
/// let rate_limited = parse_parts::<RequestCreated>(StatusCode::TOO_MANY_REQUESTS, b"").unwrap_err();
/// assert_eq!(rate_limited.kind, ApiErrorKind::TooManyRequests);
/// // A 2xx answer that is not the documented model is an error too.
/// let odd = parse_parts::<RequestCreated>(StatusCode::CREATED, br#"{"ok":true}"#).unwrap_err();
/// assert!(matches!(odd.kind, ApiErrorKind::InvalidBody(_)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ApiErrorKind {
    /// 400: the request is invalid (validation, Tron batch, mixed networks…).
    BadRequest,
    /// 401: missing or refused credentials.
    Unauthorized,
    /// 403: not allowed (destination mismatch, expired or unpayable secure payment…).
    Forbidden,
    /// 404: not found.
    NotFound,
    /// 409: already completed.
    Conflict,
    /// 423: a Safe transaction is in progress.
    Locked,
    /// 429: rate-limited (300 requests a minute per Client ID and IP by default).
    TooManyRequests,
    /// 5xx: the service failed (500 is documented as safe to retry with backoff).
    Server,
    /// Any other non-2xx status.
    UnexpectedStatus,
    /// A 2xx answer whose body is not the endpoint's documented model: why (also the
    /// [`ApiError`]'s [`source()`](std::error::Error::source)), the body kept as
    /// [`ErrorBody::Raw`] (not kept when it is above
    /// [`MAX_RESPONSE_BYTES`](crate::verify::MAX_RESPONSE_BYTES): it is not read).
    InvalidBody(BodyCause),
}

/// Why a 2xx answer's body is not the endpoint's documented model. Its message is the
/// reader's; its [`source()`](std::error::Error::source) is the reader's error
/// (`serde_json::Error`, [`PayResponseError`]).
///
/// ```
/// use std::error::Error;
/// use http::StatusCode;
/// use securepay::api::{parse_parts, ApiErrorKind, BodyCause, PayerUpdated};
///
/// let error = parse_parts::<PayerUpdated>(StatusCode::OK, br#"{"success": "yes"}"#).unwrap_err();
/// let ApiErrorKind::InvalidBody(BodyCause::Json(json)) = &error.kind else { panic!("{error}") };
/// assert_eq!(json.column(), 17);
/// assert_eq!(error.to_string(), "status 200 with a body that is not the documented answer: invalid type: string \"yes\", expected a boolean at line 1 column 17");
/// let cause = error.source().and_then(|s| s.downcast_ref::<BodyCause>());
/// assert_eq!(cause, Some(&BodyCause::Json(json.clone())));
/// assert!(cause.and_then(|c| c.source()).is_some_and(|s| s.is::<serde_json::Error>()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BodyCause {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// Not JSON of the model: serde_json's message; its error is the `source()`.
    #[error("{0}")]
    Json(#[source] JsonError),
    /// Not a pay response ([`PayResponse::from_slice`](crate::pay::PayResponse::from_slice)).
    #[error("{0}")]
    PayResponse(#[source] PayResponseError),
    /// Above [`MAX_RESPONSE_BYTES`]: not read (`size` when its length was known first), or
    /// not read further.
    #[error("{}", too_large_message(*size))]
    TooLarge {
        /// The body's size, when it was known before reading it.
        size: Option<usize>,
    },
}

/// The message of [`BodyCause::TooLarge`].
fn too_large_message(size: Option<usize>) -> String {
    match size {
        Some(size) => format!(
            "the body is {size} bytes, above the {MAX_RESPONSE_BYTES} bytes an answer may have: not read"
        ),
        None => format!(
            "the body is above the {MAX_RESPONSE_BYTES} bytes an answer may have: not read further"
        ),
    }
}

/// An answer that is not the endpoint's typed model.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, ApiErrorKind, ErrorBody};
/// use securepay::api::RequestCreated;
///
/// let error = parse_parts::<RequestCreated>(StatusCode::NOT_FOUND, br#"{"statusCode":404,"message":"Wallet not found","error":"Not Found"}"#).unwrap_err();
/// assert_eq!((error.status, &error.kind), (StatusCode::NOT_FOUND, &ApiErrorKind::NotFound));
/// assert_eq!(error.body.message().as_deref(), Some("Wallet not found"));
/// assert!(!error.is_retryable());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What it means.
    pub kind: ApiErrorKind,
    /// The body: one of the documented error shapes, or the raw text (boxed: it can be large).
    pub body: Box<ErrorBody>,
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = self.body.message().unwrap_or_else(|| "(no message)".into());
        match &self.kind {
            ApiErrorKind::InvalidBody(reason) => write!(
                f,
                "status {} with a body that is not the documented answer: {reason}",
                self.status.as_u16()
            ),
            kind => write!(f, "status {} ({kind:?}): {message}", self.status.as_u16()),
        }
    }
}

/// The [`source()`](std::error::Error::source) of an [`InvalidBody`](ApiErrorKind::InvalidBody)
/// error is its [`BodyCause`]; an error answer has none (its body is in [`ApiError::body`]).
impl std::error::Error for ApiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ApiErrorKind::InvalidBody(cause) => Some(cause),
            _ => None,
        }
    }
}

impl ApiError {
    /// The error of a non-2xx answer.
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{ApiError, ApiErrorKind};
    ///
    /// let error = ApiError::from_status(StatusCode::BAD_REQUEST, br#"{"message": "All requests must be on the same network", "error": "Bad Request", "statusCode": 400}"#);
    /// assert_eq!(error.kind, ApiErrorKind::BadRequest);
    /// assert_eq!(error.to_string(), "status 400 (BadRequest): All requests must be on the same network");
    /// ```
    pub fn from_status(status: StatusCode, body: &[u8]) -> ApiError {
        ApiError {
            status,
            kind: kind_of(status),
            body: Box::new(ErrorBody::parse(body)),
        }
    }

    /// The error of an answer whose body is above [`MAX_RESPONSE_BYTES`] (`size` bytes, when
    /// known): the body is neither read nor kept. A 2xx answer is an
    /// [`InvalidBody`](ApiErrorKind::InvalidBody) that says so; any other keeps its status's
    /// kind.
    pub(crate) fn too_large(status: StatusCode, size: Option<usize>) -> ApiError {
        let kind = if status.is_success() {
            ApiErrorKind::InvalidBody(BodyCause::TooLarge { size })
        } else {
            kind_of(status)
        };
        ApiError {
            status,
            kind,
            body: Box::new(ErrorBody::Raw(String::new())),
        }
    }

    /// Whether sending the same request again later may succeed: 429 and 5xx only (see
    /// [`RetryPolicy`](super::RetryPolicy)).
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::ApiError;
    ///
    /// assert!(ApiError::from_status(StatusCode::INTERNAL_SERVER_ERROR, b"").is_retryable()); // documented as safe to retry
    /// assert!(!ApiError::from_status(StatusCode::FORBIDDEN, b"").is_retryable());
    /// ```
    pub fn is_retryable(&self) -> bool {
        super::RetryPolicy::is_retryable_status(self.status)
    }

    /// The error as the secure-payment token endpoints describe it (403 expired or not
    /// payable, 409 completed with the paying transactions, 423 Safe transaction in progress).
    /// Meant for [`Endpoint::GetSecurePayment`](super::Endpoint::GetSecurePayment) and
    /// [`Endpoint::GetSecurePaymentCalldata`](super::Endpoint::GetSecurePaymentCalldata).
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::ApiError;
    /// use securepay::pay::{PayEndpointError, SecurePaymentStatus};
    ///
    /// let error = ApiError::from_status(StatusCode::CONFLICT, br#"{"message": "Secure payment has already been completed", "status": "completed", "requestStatuses": []}"#);
    /// let PayEndpointError::AlreadyCompleted { status, .. } = error.to_pay_endpoint_error() else { unreachable!() };
    /// assert_eq!(status, Some(SecurePaymentStatus::Completed));
    /// ```
    pub fn to_pay_endpoint_error(&self) -> PayEndpointError {
        PayEndpointError::from_body(self.status.as_u16(), (*self.body).clone())
    }
}

/// What a non-2xx status means.
fn kind_of(status: StatusCode) -> ApiErrorKind {
    match status {
        StatusCode::BAD_REQUEST => ApiErrorKind::BadRequest,
        StatusCode::UNAUTHORIZED => ApiErrorKind::Unauthorized,
        StatusCode::FORBIDDEN => ApiErrorKind::Forbidden,
        StatusCode::NOT_FOUND => ApiErrorKind::NotFound,
        StatusCode::CONFLICT => ApiErrorKind::Conflict,
        StatusCode::LOCKED => ApiErrorKind::Locked,
        StatusCode::TOO_MANY_REQUESTS => ApiErrorKind::TooManyRequests,
        server if server.is_server_error() => ApiErrorKind::Server,
        _ => ApiErrorKind::UnexpectedStatus,
    }
}

/// Parses an answer given as status and body bytes: the typed model for a 2xx status, else an
/// [`ApiError`]. Headers carry nothing the models need (no rate-limit or `Retry-After` header
/// is documented), so they are not read.
///
/// The model is the caller's choice here; [`PreparedRequest::parse_parts`](super::PreparedRequest::parse_parts)
/// and [`OutgoingRequest::parse_parts`](super::OutgoingRequest::parse_parts) take it from the
/// request.
///
/// Every answer is read strictly, as pay responses are: a key of a 2xx body given twice (a
/// modelled field, a field kept in `extra`, a key inside JSON kept as given, a key of a map
/// such as `paymentOptions`) is an [`InvalidBody`](ApiErrorKind::InvalidBody) error that names
/// it; an error body with a key given twice is kept as [`ErrorBody::Raw`], not interpreted; a
/// body above [`MAX_RESPONSE_BYTES`] is not read at all.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, ApiErrorKind, PayerUpdated};
///
/// // Any 2xx is a success, whatever the documented status.
/// let updated: PayerUpdated = parse_parts(StatusCode::OK, br#"{"success": true}"#)?;
/// assert!(updated.success);
/// assert_eq!(parse_parts::<PayerUpdated>(StatusCode::UNAUTHORIZED, b"").unwrap_err().status, 401);
/// // A key given twice: which one is meant is not guessed.
/// let twice = parse_parts::<PayerUpdated>(StatusCode::OK, br#"{"success": false, "success": true}"#).unwrap_err();
/// assert!(matches!(twice.kind, ApiErrorKind::InvalidBody(reason) if reason.to_string().starts_with("duplicate field `success`")));
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
pub fn parse_parts<T: DeserializeOwned>(status: StatusCode, body: &[u8]) -> Result<T, ApiError> {
    if body.len() > MAX_RESPONSE_BYTES {
        return Err(ApiError::too_large(status, Some(body.len())));
    }
    if !status.is_success() {
        return Err(ApiError::from_status(status, body));
    }
    if let Err(empty) = crate::wire::EmptyInput::check(body, "the service's JSON answer") {
        return Err(ApiError {
            status,
            kind: ApiErrorKind::InvalidBody(BodyCause::Empty(empty)),
            body: Box::new(ErrorBody::Raw(String::from_utf8_lossy(body).into_owned())),
        });
    }
    serde_json::from_slice(body).map_err(|e| ApiError {
        status,
        kind: ApiErrorKind::InvalidBody(BodyCause::Json(e.into())),
        body: Box::new(ErrorBody::Raw(String::from_utf8_lossy(body).into_owned())),
    })
}

/// Parses an `http::Response`: see [`parse_parts`].
///
/// ```
/// use securepay::api::{parse_response, RequestCreated};
///
/// let response = http::Response::builder().status(201).body(&br#"{"paymentReference":"0xb3581f0b0f74cc61","requestId":"01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"}"#[..])?;
/// let created: RequestCreated = parse_response(&response)?;
/// assert_eq!(created.payment_reference.to_string(), "0xb3581f0b0f74cc61");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_response<T: DeserializeOwned, B: AsRef<[u8]>>(
    response: &http::Response<B>,
) -> Result<T, ApiError> {
    parse_parts(response.status(), response.body().as_ref())
}
