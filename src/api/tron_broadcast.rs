//! `POST /v2/secure-payments/{token}/tron/broadcast`: relays a signed Tron transaction through
//! the service (its CatFee energy node), the service's answer, and the endpoint's statuses as
//! a typed error.
//!
//! The body is built only from a [`SignedTronTransaction`], the value
//! [`Verifier::signed_tron`](crate::verify::Verifier::signed_tron) hands back once the signed
//! bytes are checked against the verified pay response: nothing unchecked is relayed.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::outgoing::sealed::{Parts, Sealed};
use super::{Api, ApiError, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError};
use crate::pay::SecurePaymentToken;
use crate::verify::SignedTronTransaction;
use crate::wire::ErrorBody;

/// `POST /v2/secure-payments/{token}/tron/broadcast`: relays a checked, signed Tron transaction.
/// The body is `{"signedTransaction": {raw_data_hex, signature, txID, raw_data}}`, written from
/// the [`SignedTronTransaction`] alone.
///
/// It takes the intent endpoint's credential, a Client ID with its `Origin`, both required by
/// the OpenAPI description (see [`Endpoint::BroadcastTronTransaction`]).
///
/// ```
/// use securepay::api::{Api, BroadcastTronTransaction, Credential};
/// # use securepay::pay::PayResponse;
/// # use securepay::tron::TronTransaction;
/// # use securepay::verify::{Expectation, Verifier};
/// # use serde_json::json;
/// # let lines = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors/tron-transactions.jsonl"))?;
/// # let vector: serde_json::Value = serde_json::from_str(lines.lines().find(|l| l.contains(r#""id":"tron_tx_03""#)).ok_or("tron_tx_03")?)?;
/// // A USDT payment through the Tron ERC20FeeProxy, built and signed by TronWeb, checked
/// // against the pay response and what the payer agreed to.
/// # let response = PayResponse::from_slice(json!({"paymentType": "single", "feeBundle": null,
/// #   "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0},
/// #   "transactions": [{"to": vector["call"]["to"], "data": vector["call"]["data"], "value": "0"}]}).to_string().as_bytes())?;
/// # let expectation = Expectation::from_str(&json!({"network": "tron", "currency": "USDT-tron", "payer": vector["owner"],
/// #   "maxTronFeeLimit": "200", "payments": [{"payee": "TR85eDZs83zEPbx54KEx11AvwoFudbyJrp", "amount": "3718.464375", "reference": "0x0f1c513842a38eda"}]}).to_string())?;
/// let signed = TronTransaction::from_value(&vector["transaction"])?;
/// let checked = Verifier::builtin().signed_tron(&response, &expectation, signed).map_err(|verdict| verdict.to_string())?;
/// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
/// let broadcast = BroadcastTronTransaction::new("01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, &checked);
/// let request = Api::new().prepare(&client, &broadcast)?;
/// assert_eq!(request.method(), "POST");
/// let body: serde_json::Value = serde_json::from_slice(request.body())?;
/// let sent = &body["signedTransaction"];
/// assert_eq!(sent["txID"], "735d172da5a9c5426294df3dd0ed420336e12ed3c52943ee30b32f1328921fa5");
/// assert_eq!((&sent["raw_data_hex"], &sent["raw_data"]), (&vector["transaction"]["raw_data_hex"], &vector["transaction"]["raw_data"]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BroadcastTronTransaction {
    /// `{token}`.
    pub token: SecurePaymentToken,
    /// The checked transaction the body is written from.
    pub transaction: SignedTronTransaction,
}

impl BroadcastTronTransaction {
    /// The request relaying `transaction` for `token`.
    ///
    /// ```
    /// use http::Method;
    /// use securepay::api::{BroadcastTronTransaction, Endpoint, OutgoingRequest};
    ///
    /// // `new` takes the `SignedTronTransaction` that `Verifier::signed_tron` hands back,
    /// // never an unchecked `TronTransaction` (a full example is on the type).
    /// assert_eq!(BroadcastTronTransaction::ENDPOINT, Endpoint::BroadcastTronTransaction);
    /// assert_eq!(Endpoint::BroadcastTronTransaction.method(), Method::POST);
    /// assert_eq!(Endpoint::BroadcastTronTransaction.path_template(), "/v2/secure-payments/{token}/tron/broadcast");
    /// ```
    pub fn new(
        token: SecurePaymentToken,
        transaction: &SignedTronTransaction,
    ) -> BroadcastTronTransaction {
        BroadcastTronTransaction {
            token,
            transaction: transaction.clone(),
        }
    }
}

/// The body: `{"signedTransaction": …}`.
#[derive(Serialize)]
struct Body {
    #[serde(rename = "signedTransaction")]
    signed_transaction: Value,
}

impl Sealed for BroadcastTronTransaction {
    fn parts(&self) -> Result<Parts, RequestError> {
        let body = Body {
            signed_transaction: self.transaction.transaction().to_json(),
        };
        Parts::new()
            .path(self.token.to_string())
            .json(Self::ENDPOINT, &body)
    }
}

impl OutgoingRequest for BroadcastTronTransaction {
    const ENDPOINT: Endpoint = Endpoint::BroadcastTronTransaction;
    type Response = TronBroadcastAnswer;
}

/// The answer (200) of `POST /v2/secure-payments/{token}/tron/broadcast`: the relay's
/// broadcast result. A 200 answer with `result: false` is a broadcast that was refused;
/// `code` and `message` say why.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, TronBroadcastAnswer};
///
/// let sent: TronBroadcastAnswer = parse_parts(StatusCode::OK, br#"{"result": true, "txid": "151fb1fc323aed619d9f22d9818e5a034e8dd78e2f43e3bf4a8f1ec6d1d0a3f7"}"#)?;
/// assert!(sent.result && sent.code.is_none());
/// let refused: TronBroadcastAnswer = parse_parts(StatusCode::OK, br#"{"result": false, "code": "SIGERROR", "message": "validate signature error"}"#)?;
/// assert_eq!((refused.result, refused.code.as_deref()), (false, Some("SIGERROR")));
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct TronBroadcastAnswer {
    /// `result`: whether the transaction was broadcast. Absent (a Tron node's failure answer
    /// leaves it out) reads as `false`: never success by default.
    #[serde(default)]
    pub result: bool,
    /// `txid`: the transaction id, as the relay reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub txid: Option<String>,
    /// `code`: on failure, the relay's error code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// `message`: on failure, the relay's message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// A non-2xx answer of `POST /v2/secure-payments/{token}/tron/broadcast`, by the statuses the
/// API description gives it. The description gives each status a sentence and no body: the
/// bodies of these examples take the service's usual `{statusCode, message, error}` shape,
/// with that sentence as the message, and any body is kept whole.
///
/// ```
/// use securepay::api::TronBroadcastError;
///
/// let error = TronBroadcastError::from_response(502, br#"{"statusCode": 502, "message": "CatFee broadcast failed", "error": "Bad Gateway"}"#);
/// assert!(matches!(error, TronBroadcastError::RelayFailed(_)));
/// assert_eq!(error.to_string(), "502 the relay's broadcast failed: CatFee broadcast failed");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TronBroadcastError {
    /// 400: the transaction is invalid, or is not the one the service rebuilt for this secure
    /// payment.
    #[error("400 invalid or mismatched Tron transaction: {}", message(.0))]
    InvalidTransaction(ErrorBody),
    /// 401: missing or refused credentials.
    #[error("401 unauthorized: {}", message(.0))]
    Unauthorized(ErrorBody),
    /// 403: not allowed, or the secure payment is not payable.
    #[error("403 unauthorized or not payable: {}", message(.0))]
    Forbidden(ErrorBody),
    /// 404: no such secure payment.
    #[error("404 not found: {}", message(.0))]
    NotFound(ErrorBody),
    /// 429: rate-limited.
    #[error("429 too many requests")]
    TooManyRequests(ErrorBody),
    /// 502: the relay's (CatFee) broadcast failed. A proxy in front of the service may answer
    /// 502 too; the body is kept whole.
    #[error("502 the relay's broadcast failed: {}", message(.0))]
    RelayFailed(ErrorBody),
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

impl TronBroadcastError {
    /// The error of a non-2xx answer.
    ///
    /// ```
    /// use securepay::api::TronBroadcastError;
    ///
    /// let error = TronBroadcastError::from_response(400, br#"{"statusCode": 400, "message": "Invalid or mismatched TRON transaction", "error": "Bad Request"}"#);
    /// assert!(matches!(error, TronBroadcastError::InvalidTransaction(_)));
    /// assert_eq!(TronBroadcastError::from_response(502, b"Bad Gateway").status(), 502);
    /// ```
    pub fn from_response(status: u16, body: &[u8]) -> TronBroadcastError {
        TronBroadcastError::from_body(status, ErrorBody::parse(body))
    }

    /// The error of a non-2xx answer whose body is already parsed.
    ///
    /// ```
    /// use securepay::api::{ErrorBody, TronBroadcastError};
    ///
    /// let body = ErrorBody::parse(br#"{"statusCode": 404, "message": "Secure payment not found", "error": "Not Found"}"#);
    /// let error = TronBroadcastError::from_body(404, body);
    /// assert_eq!(error.to_string(), "404 not found: Secure payment not found");
    /// ```
    pub fn from_body(status: u16, body: ErrorBody) -> TronBroadcastError {
        match status {
            400 => TronBroadcastError::InvalidTransaction(body),
            401 => TronBroadcastError::Unauthorized(body),
            403 => TronBroadcastError::Forbidden(body),
            404 => TronBroadcastError::NotFound(body),
            429 => TronBroadcastError::TooManyRequests(body),
            502 => TronBroadcastError::RelayFailed(body),
            status => TronBroadcastError::Unexpected { status, body },
        }
    }

    /// The HTTP status.
    ///
    /// ```
    /// use securepay::api::TronBroadcastError;
    ///
    /// assert_eq!(TronBroadcastError::from_response(403, b"").status(), 403);
    /// assert_eq!(TronBroadcastError::from_response(503, b"").status(), 503);
    /// ```
    pub fn status(&self) -> u16 {
        match self {
            TronBroadcastError::InvalidTransaction(_) => 400,
            TronBroadcastError::Unauthorized(_) => 401,
            TronBroadcastError::Forbidden(_) => 403,
            TronBroadcastError::NotFound(_) => 404,
            TronBroadcastError::TooManyRequests(_) => 429,
            TronBroadcastError::RelayFailed(_) => 502,
            TronBroadcastError::Unexpected { status, .. } => *status,
        }
    }

    /// Whether retrying later may succeed: 429 and 5xx only, as for every endpoint (see
    /// [`RetryPolicy`](super::RetryPolicy)).
    ///
    /// ```
    /// use securepay::api::TronBroadcastError;
    ///
    /// assert!(TronBroadcastError::from_response(502, b"").is_retryable());
    /// assert!(!TronBroadcastError::from_response(400, b"").is_retryable()); // mismatched: do not resend it
    /// ```
    pub fn is_retryable(&self) -> bool {
        let status = self.status();
        status == 429 || (500..600).contains(&status)
    }
}

impl ApiError {
    /// The error as `POST /v2/secure-payments/{token}/tron/broadcast` describes it (400
    /// invalid or mismatched transaction, 403 not payable, 502 relay broadcast failed). Meant
    /// for [`Endpoint::BroadcastTronTransaction`].
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{parse_parts, ApiErrorKind, TronBroadcastAnswer, TronBroadcastError};
    ///
    /// let error = parse_parts::<TronBroadcastAnswer>(StatusCode::BAD_GATEWAY, br#"{"statusCode": 502, "message": "CatFee broadcast failed", "error": "Bad Gateway"}"#).unwrap_err();
    /// assert_eq!(error.kind, ApiErrorKind::Server);
    /// assert!(matches!(error.to_tron_broadcast_error(), TronBroadcastError::RelayFailed(_)));
    /// ```
    pub fn to_tron_broadcast_error(&self) -> TronBroadcastError {
        TronBroadcastError::from_body(self.status.as_u16(), (*self.body).clone())
    }
}

impl Api {
    /// `POST /v2/secure-payments/{token}/tron/broadcast`: relays `transaction`, a signed Tron
    /// transaction checked by [`Verifier::signed_tron`](crate::verify::Verifier::signed_tron).
    /// Takes a Client ID with its `Origin`, as the intent endpoint does. Answer:
    /// [`TronBroadcastAnswer`]; errors map to [`TronBroadcastError`] with
    /// [`ApiError::to_tron_broadcast_error`].
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{Api, Credential, TronBroadcastError};
    /// # use securepay::pay::PayResponse;
    /// # use securepay::tron::TronTransaction;
    /// # use securepay::verify::{Expectation, Verifier};
    /// # use serde_json::json;
    /// # let lines = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/vectors/tron-transactions.jsonl"))?;
    /// # let vector: serde_json::Value = serde_json::from_str(lines.lines().find(|l| l.contains(r#""id":"tron_tx_03""#)).ok_or("tron_tx_03")?)?;
    /// // A USDT payment through the Tron ERC20FeeProxy, built and signed by TronWeb, checked
    /// // against the pay response and what the payer agreed to.
    /// # let response = PayResponse::from_slice(json!({"paymentType": "single", "feeBundle": null,
    /// #   "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0},
    /// #   "transactions": [{"to": vector["call"]["to"], "data": vector["call"]["data"], "value": "0"}]}).to_string().as_bytes())?;
    /// # let expectation = Expectation::from_str(&json!({"network": "tron", "currency": "USDT-tron", "payer": vector["owner"],
    /// #   "maxTronFeeLimit": "200", "payments": [{"payee": "TR85eDZs83zEPbx54KEx11AvwoFudbyJrp", "amount": "3718.464375", "reference": "0x0f1c513842a38eda"}]}).to_string())?;
    /// let signed = TronTransaction::from_value(&vector["transaction"])?;
    /// let checked = Verifier::builtin().signed_tron(&response, &expectation, signed).map_err(|verdict| verdict.to_string())?;
    /// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
    /// let request = Api::new().broadcast_tron_transaction(&client, &"01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, &checked)?;
    /// assert_eq!(request.uri().path(), "/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W/tron/broadcast");
    /// assert_eq!(request.headers()["origin"], "https://mydomain.com");
    ///
    /// // … send it with any HTTP client, then:
    /// let answer = request.parse_parts(StatusCode::OK, br#"{"result": true, "txid": "735d172da5a9c5426294df3dd0ed420336e12ed3c52943ee30b32f1328921fa5"}"#)?;
    /// assert!(answer.result);
    /// let failed = request.parse_parts(StatusCode::BAD_GATEWAY, br#"{"statusCode": 502, "message": "CatFee broadcast failed", "error": "Bad Gateway"}"#).unwrap_err();
    /// assert!(matches!(failed.to_tron_broadcast_error(), TronBroadcastError::RelayFailed(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn broadcast_tron_transaction(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
        transaction: &SignedTronTransaction,
    ) -> Result<PreparedRequest<BroadcastTronTransaction>, RequestError> {
        let request = BroadcastTronTransaction::new(*token, transaction);
        self.prepare(credential, &request)
    }
}
