//! The status codes of the secure-payment endpoints, as typed errors.

use crate::prelude::*;

use crate::wire::{ErrorBody, RequestPaidStatus};

use super::token::SecurePaymentStatus;

/// A non-2xx answer of `GET /v2/secure-payments/{token}` or `…/pay`.
///
/// ```
/// use securepay_core::pay::PayEndpointError;
///
/// let error = PayEndpointError::from_response(423, br#"{"message":"Secure payment is in progress","safeTxHash":"0xabc","chainId":8453,"safePaymentDeadline":1742205771}"#);
/// let PayEndpointError::InProgress { safe_tx_hash, chain_id, .. } = &error else { unreachable!() };
/// assert_eq!((safe_tx_hash.as_deref(), *chain_id), (Some("0xabc"), Some(8453)));
/// assert!(!error.is_retryable());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PayEndpointError {
    /// 400: the query is invalid.
    #[error("400 invalid request: {}", message(.0))]
    InvalidRequest(ErrorBody),
    /// 401: missing or refused credentials.
    #[error("401 unauthorized: {}", message(.0))]
    Unauthorized(ErrorBody),
    /// 403: the secure payment expired or is not payable (invalidated, compliance failed).
    #[error("403 expired or not payable: {}", message(.0))]
    ExpiredOrInvalidStatus(ErrorBody),
    /// 404: no such secure payment.
    #[error("404 not found: {}", message(.0))]
    NotFound(ErrorBody),
    /// 409: already paid.
    #[error("409 already completed")]
    AlreadyCompleted {
        /// The status the body reports.
        status: Option<SecurePaymentStatus>,
        /// The requests and the transactions that paid them.
        request_statuses: Vec<RequestPaidStatus>,
        /// The whole body.
        body: ErrorBody,
    },
    /// 423: a Safe transaction is in progress.
    #[error("423 a Safe transaction is in progress")]
    InProgress {
        /// The Safe transaction hash.
        safe_tx_hash: Option<String>,
        /// Its chain id.
        chain_id: Option<u64>,
        /// Its execution window (Unix seconds).
        safe_payment_deadline: Option<u64>,
        /// The whole body.
        body: ErrorBody,
    },
    /// 429: rate-limited.
    #[error("429 too many requests")]
    TooManyRequests(ErrorBody),
    /// Any other status.
    #[error("unexpected status {status}: {}", message(.body))]
    Unexpected {
        /// The status code.
        status: u16,
        /// The body.
        body: ErrorBody,
    },
}

fn message(body: &ErrorBody) -> String {
    body.message_text()
}

impl PayEndpointError {
    /// The error of a non-2xx answer.
    ///
    /// ```
    /// use securepay_core::pay::{PayEndpointError, SecurePaymentStatus};
    ///
    /// let body = br#"{"message": "Secure payment has already been completed", "status": "completed",
    ///     "requestStatuses": [{"requestId": "01e273ecc29d", "hasBeenPaid": true, "txHash": "0xabc"}]}"#;
    /// let PayEndpointError::AlreadyCompleted { status, request_statuses, .. } =
    ///     PayEndpointError::from_response(409, body) else { unreachable!() };
    /// assert_eq!(status, Some(SecurePaymentStatus::Completed));
    /// assert_eq!(request_statuses[0].tx_hash.as_deref(), Some("0xabc"));
    /// ```
    pub fn from_response(status: u16, body: &[u8]) -> PayEndpointError {
        PayEndpointError::from_body(status, ErrorBody::parse(body))
    }

    /// The error of a non-2xx answer whose body is already parsed.
    ///
    /// ```
    /// use securepay_core::wire::ErrorBody;
    /// use securepay_core::pay::PayEndpointError;
    ///
    /// let body = ErrorBody::parse(br#"{"statusCode": 404, "message": "Token not found", "error": "Not Found"}"#);
    /// let error = PayEndpointError::from_body(404, body);
    /// assert!(matches!(error, PayEndpointError::NotFound(_)));
    /// assert_eq!(error.to_string(), "404 not found: Token not found");
    /// ```
    pub fn from_body(status: u16, body: ErrorBody) -> PayEndpointError {
        match status {
            400 => PayEndpointError::InvalidRequest(body),
            401 => PayEndpointError::Unauthorized(body),
            403 => PayEndpointError::ExpiredOrInvalidStatus(body),
            404 => PayEndpointError::NotFound(body),
            409 => {
                let (status, request_statuses) = match &body {
                    ErrorBody::SecurePayment {
                        status,
                        request_statuses,
                        ..
                    } => (
                        status.as_deref().map(SecurePaymentStatus::parse),
                        request_statuses.clone(),
                    ),
                    _ => (None, Vec::new()),
                };
                PayEndpointError::AlreadyCompleted {
                    status,
                    request_statuses,
                    body,
                }
            }
            423 => {
                let (safe_tx_hash, chain_id, safe_payment_deadline) = match &body {
                    ErrorBody::SecurePayment {
                        safe_tx_hash: None,
                        request_statuses,
                        ..
                    } => {
                        // The API description's 423 example carries the Safe fields inside
                        // `requestStatuses[]` rather than at the top level.
                        match request_statuses.iter().find(|s| s.safe_tx_hash.is_some()) {
                            Some(s) => {
                                (s.safe_tx_hash.clone(), s.chain_id, s.safe_payment_deadline)
                            }
                            None => (None, None, None),
                        }
                    }
                    ErrorBody::SecurePayment {
                        safe_tx_hash,
                        chain_id,
                        safe_payment_deadline,
                        ..
                    } => (safe_tx_hash.clone(), *chain_id, *safe_payment_deadline),
                    _ => (None, None, None),
                };
                PayEndpointError::InProgress {
                    safe_tx_hash,
                    chain_id,
                    safe_payment_deadline,
                    body,
                }
            }
            429 => PayEndpointError::TooManyRequests(body),
            status => PayEndpointError::Unexpected { status, body },
        }
    }

    /// The HTTP status.
    ///
    /// ```
    /// use securepay_core::pay::PayEndpointError;
    ///
    /// assert_eq!(PayEndpointError::from_response(403, b"").status(), 403);
    /// assert_eq!(PayEndpointError::from_response(502, b"Bad Gateway").status(), 502);
    /// ```
    pub fn status(&self) -> u16 {
        match self {
            PayEndpointError::InvalidRequest(_) => 400,
            PayEndpointError::Unauthorized(_) => 401,
            PayEndpointError::ExpiredOrInvalidStatus(_) => 403,
            PayEndpointError::NotFound(_) => 404,
            PayEndpointError::AlreadyCompleted { .. } => 409,
            PayEndpointError::InProgress { .. } => 423,
            PayEndpointError::TooManyRequests(_) => 429,
            PayEndpointError::Unexpected { status, .. } => *status,
        }
    }

    /// Whether retrying later may succeed: 429 and 5xx only.
    ///
    /// ```
    /// use securepay_core::pay::PayEndpointError;
    ///
    /// assert!(PayEndpointError::from_response(429, b"").is_retryable());
    /// assert!(PayEndpointError::from_response(503, b"").is_retryable());
    /// assert!(!PayEndpointError::from_response(409, b"").is_retryable()); // already paid: do not retry
    /// ```
    pub fn is_retryable(&self) -> bool {
        let status = self.status();
        status == 429 || (500..600).contains(&status)
    }
}
