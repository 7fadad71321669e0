//! The error bodies of the API (NestJS and Zod), each parsed into its own shape; anything else
//! keeps its raw text.

use crate::prelude::*;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::json::StrictValue;

/// One issue of a Zod validation error.
///
/// ```
/// use securepay_core::wire::{ErrorBody, NestMessage};
///
/// let body = ErrorBody::parse(br#"{"statusCode": 400, "error": "Bad Request", "message": [{"code": "custom",
///     "message": "firstOnly must be 'true' or 'false' if provided", "path": ["firstOnly"]}]}"#);
/// let ErrorBody::Nest { message: NestMessage::Issues(issues), .. } = body else { unreachable!() };
/// assert_eq!((issues[0].code.as_str(), &issues[0].path[0]), ("custom", &serde_json::json!("firstOnly")));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZodIssue {
    /// The Zod issue code (`custom`, `invalid_type`, …).
    pub code: String,
    /// What is wrong.
    pub message: String,
    /// Where (field names and indices).
    #[serde(default)]
    pub path: Vec<Value>,
}

/// The `message` of a NestJS error: text, or a list of Zod issues.
///
/// ```
/// use securepay_core::wire::NestMessage;
///
/// let text: NestMessage = serde_json::from_str(r#""Token not found""#)?;
/// assert_eq!(text, NestMessage::Text("Token not found".into()));
/// let issues: NestMessage = serde_json::from_str(r#"[{"code": "invalid_type", "message": "Required"}]"#)?;
/// assert!(matches!(issues, NestMessage::Issues(list) if list[0].path.is_empty()));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum NestMessage {
    /// A message.
    Text(String),
    /// Zod issues.
    Issues(Vec<ZodIssue>),
}

/// A field the service names as wrong, in its custom validation shape (`{field, message}`);
/// the crate's own field validation errors are `securepay::offramp::FieldError`.
///
/// ```
/// use securepay_core::wire::ErrorBody;
///
/// let body = ErrorBody::parse(br#"{"message": "Validation failed",
///     "errors": [{"field": "wallet", "message": "Invalid Ethereum address"}]}"#);
/// let ErrorBody::Validation { errors, .. } = &body else { unreachable!() };
/// assert_eq!(errors[0].field, "wallet");
/// assert_eq!(body.message().as_deref(), Some("Validation failed: wallet: Invalid Ethereum address"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldIssue {
    /// The field.
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

/// Why a multicall child was refused (an open enum: unknown reasons keep their text).
///
/// ```
/// use securepay_core::wire::MulticallFailureReason;
///
/// let reason: MulticallFailureReason = serde_json::from_str(r#""secure_payment_expired""#)?;
/// assert_eq!(reason, MulticallFailureReason::SecurePaymentExpired);
/// let unknown: MulticallFailureReason = serde_json::from_str(r#""sanctioned""#)?;
/// assert_eq!(unknown, MulticallFailureReason::Other("sanctioned".into()));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MulticallFailureReason {
    /// The child is already paid.
    AlreadyPaid,
    /// The child's secure payment expired.
    SecurePaymentExpired,
    /// The child is not an outgoing payment.
    NotOutgoing,
    /// The child failed compliance.
    ComplianceFailed,
    /// The child cannot be paid.
    NotPayableChild,
    /// Too many children.
    TooManyChildren,
    /// Over the configured cap.
    CapExceeded,
    /// A reason this version does not know.
    #[serde(untagged)]
    Other(String),
}

/// One refused child of a multicall.
///
/// ```
/// use securepay_core::wire::{MulticallFailure, MulticallFailureReason};
///
/// let failure: MulticallFailure = serde_json::from_str(
///     r#"{"securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ8A", "reason": "already_paid"}"#,
/// )?;
/// assert_eq!(failure.reason, MulticallFailureReason::AlreadyPaid);
/// assert_eq!(failure.secure_payment_token.as_deref(), Some("01JD3E6JD46KY4KKV7X9V0MZ8A"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MulticallFailure {
    /// The child's token.
    #[serde(default)]
    pub secure_payment_token: Option<String>,
    /// Why.
    pub reason: MulticallFailureReason,
    /// A message key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_key: Option<String>,
    /// Context.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<Value>,
    /// What to do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recovery_action: Option<Value>,
}

/// The cap a multicall went over.
///
/// ```
/// use securepay_core::wire::ErrorBody;
///
/// let body = ErrorBody::parse(br#"{"message": "Multicall validation failed", "code": "multicall_validation_failed",
///     "failures": [], "cap": {"type": "child_count", "maximum": 150, "actual": 180, "reduceBy": 30}}"#);
/// let ErrorBody::Multicall { cap: Some(cap), .. } = body else { unreachable!() };
/// assert_eq!((cap.kind.as_str(), cap.maximum, cap.reduce_by), ("child_count", 150, 30));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MulticallCap {
    /// What is capped (`child_count`).
    #[serde(rename = "type")]
    pub kind: String,
    /// The maximum.
    pub maximum: u64,
    /// The count sent.
    pub actual: u64,
    /// How many to remove.
    pub reduce_by: u64,
}

/// The payment state a 409 or 423 answer carries.
///
/// ```
/// use securepay_core::wire::RequestPaidStatus;
///
/// let paid: RequestPaidStatus =
///     serde_json::from_str(r#"{"requestId": "01e273ecc29d", "hasBeenPaid": true, "txHash": "0xabc"}"#)?;
/// assert!(paid.has_been_paid);
/// assert_eq!((paid.tx_hash.as_deref(), paid.safe_tx_hash), (Some("0xabc"), None));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestPaidStatus {
    /// The request.
    pub request_id: String,
    /// Whether it is paid.
    pub has_been_paid: bool,
    /// The transaction that paid it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_hash: Option<String>,
    /// 423: the Safe transaction in progress (the API description's example puts it here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe_tx_hash: Option<String>,
    /// 423: the Safe transaction's chain id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain_id: Option<u64>,
    /// 423: the Safe execution window (Unix seconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe_payment_deadline: Option<u64>,
}

/// An error body of the API.
///
/// ```
/// use securepay_core::wire::ErrorBody;
///
/// let body = ErrorBody::parse(br#"{"message": "Secure payment is in progress", "safeTxHash": "0xabc",
///     "chainId": 8453, "safePaymentDeadline": 1742205771}"#);
/// let ErrorBody::SecurePayment { safe_tx_hash, chain_id, .. } = &body else { unreachable!() };
/// assert_eq!((safe_tx_hash.as_deref(), *chain_id), (Some("0xabc"), Some(8453)));
/// assert_eq!(ErrorBody::parse(b"Bad Gateway"), ErrorBody::Raw("Bad Gateway".into()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum ErrorBody {
    /// `{"statusCode","message","error"}`, the message being text or Zod issues.
    Nest {
        /// `statusCode`.
        status_code: Option<u16>,
        /// `message`.
        message: NestMessage,
        /// `error` (`"Bad Request"`, …).
        error: Option<String>,
    },
    /// `{"message","errors":[{"field","message"}], "statusCode"?}`.
    Validation {
        /// `message`.
        message: String,
        /// `errors`.
        errors: Vec<FieldIssue>,
        /// `statusCode`, when given.
        status_code: Option<u16>,
    },
    /// `{"message","code":"multicall_validation_failed","failures":[…],"cap"?}`.
    Multicall {
        /// `message`.
        message: String,
        /// `code`.
        code: String,
        /// `failures`.
        failures: Vec<MulticallFailure>,
        /// `cap`.
        cap: Option<MulticallCap>,
    },
    /// A secure payment's state (409 completed, 423 Safe transaction in progress).
    SecurePayment {
        /// `message`.
        message: Option<String>,
        /// `status`.
        status: Option<String>,
        /// `requestStatuses`.
        request_statuses: Vec<RequestPaidStatus>,
        /// 423: the Safe transaction hash.
        safe_tx_hash: Option<String>,
        /// 423: the chain id.
        chain_id: Option<u64>,
        /// 423: the Safe execution window (Unix seconds).
        safe_payment_deadline: Option<u64>,
        /// The payment page branding, as given.
        branding: Option<Value>,
    },
    /// Any other body, kept as text.
    Raw(String),
}

impl ErrorBody {
    /// Parses an error body; anything that is not one of the documented shapes is
    /// [`ErrorBody::Raw`] with the text (lossily decoded as UTF-8), and so is a body with a key
    /// given twice anywhere: which of the two is meant is not for the reader to guess.
    ///
    /// ```
    /// use securepay_core::wire::ErrorBody;
    ///
    /// let body = ErrorBody::parse(br#"{"statusCode":404,"message":"Token not found","error":"Not Found"}"#);
    /// assert_eq!(body.message(), Some("Token not found".to_owned()));
    /// assert!(matches!(ErrorBody::parse(b"<html>bad gateway</html>"), ErrorBody::Raw(_)));
    /// // Which message? Not interpreted.
    /// let twice = br#"{"statusCode":404,"message":"Token not found","message":"Paid"}"#;
    /// assert_eq!(ErrorBody::parse(twice), ErrorBody::Raw(String::from_utf8_lossy(twice).into_owned()));
    /// ```
    pub fn parse(bytes: &[u8]) -> ErrorBody {
        let raw = || ErrorBody::Raw(String::from_utf8_lossy(bytes).into_owned());
        // Read strictly: a body with a key given twice anywhere is not interpreted.
        let Ok(StrictValue(Value::Object(object))) = serde_json::from_slice::<StrictValue>(bytes)
        else {
            return raw();
        };
        let text = |key: &str| object.get(key).and_then(Value::as_str).map(str::to_owned);
        let number = |key: &str| object.get(key).and_then(Value::as_u64);
        if let Some(Ok(failures)) = field(&object, "failures") {
            let cap = match object.get("cap") {
                Some(cap) => serde_json::from_value(cap.clone()).ok(),
                None => None,
            };
            return ErrorBody::Multicall {
                message: text("message").unwrap_or_default(),
                code: text("code").unwrap_or_default(),
                failures,
                cap,
            };
        }
        if let Some(Ok(errors)) = field(&object, "errors") {
            return ErrorBody::Validation {
                message: text("message").unwrap_or_default(),
                errors,
                status_code: number("statusCode").and_then(|n| u16::try_from(n).ok()),
            };
        }
        let secure_payment_keys = [
            "status",
            "requestStatuses",
            "safeTxHash",
            "safePaymentDeadline",
            "branding",
        ];
        if secure_payment_keys.iter().any(|k| object.contains_key(*k))
            && !object.contains_key("statusCode")
        {
            let request_statuses = match field(&object, "requestStatuses") {
                Some(Ok(statuses)) => statuses,
                Some(Err(_)) => return raw(),
                None => Vec::new(),
            };
            return ErrorBody::SecurePayment {
                message: text("message"),
                status: text("status"),
                request_statuses,
                safe_tx_hash: text("safeTxHash"),
                chain_id: number("chainId"),
                safe_payment_deadline: number("safePaymentDeadline"),
                branding: object.get("branding").cloned(),
            };
        }
        if let Some(Ok(message)) = field(&object, "message") {
            return ErrorBody::Nest {
                status_code: number("statusCode").and_then(|n| u16::try_from(n).ok()),
                message,
                error: text("error"),
            };
        }
        raw()
    }

    /// A one-line message for people: the body's message, or its Zod issues joined.
    ///
    /// ```
    /// use securepay_core::wire::ErrorBody;
    ///
    /// let issues = ErrorBody::parse(br#"{"statusCode": 400, "message": [{"code": "custom", "message": "a"},
    ///     {"code": "custom", "message": "b"}]}"#);
    /// assert_eq!(issues.message().as_deref(), Some("a; b"));
    /// assert_eq!(ErrorBody::parse(b"").message(), None);
    /// ```
    pub fn message(&self) -> Option<String> {
        match self {
            ErrorBody::Nest {
                message: NestMessage::Text(text),
                ..
            } => Some(text.clone()),
            ErrorBody::Nest {
                message: NestMessage::Issues(issues),
                ..
            } => Some(
                issues
                    .iter()
                    .map(|i| i.message.as_str())
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
            ErrorBody::Validation {
                message, errors, ..
            } => Some(format!(
                "{message}: {}",
                errors
                    .iter()
                    .map(|e| format!("{}: {}", e.field, e.message))
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
            ErrorBody::Multicall { message, .. } => Some(message.clone()),
            ErrorBody::SecurePayment { message, .. } => message.clone(),
            ErrorBody::Raw(text) => (!text.is_empty()).then(|| text.chars().take(200).collect()),
        }
    }

    /// The message, or `(no message)`: the text error types show.
    #[doc(hidden)]
    pub fn message_text(&self) -> String {
        self.message().unwrap_or_else(|| "(no message)".to_owned())
    }
}

/// The field `key` of `object`, deserialized; `None` when absent.
fn field<T: serde::de::DeserializeOwned>(
    object: &serde_json::Map<String, Value>,
    key: &str,
) -> Option<Result<T, serde_json::Error>> {
    object.get(key).map(|value| T::deserialize(value))
}
