//! `POST /v2/request/payment-intents/{paymentIntentId}`: the signature of a legacy cross-chain
//! payment intent ([`LegacyPaymentIntent`](super::LegacyPaymentIntent), the answer of
//! `GET /v2/request/{requestId}/pay` before the March 2026 redesign), with the EIP-2612 permit
//! that lets Permit2 take the tokens when the token supports it.
//!
//! Source: <https://docs.request.network/api-reference/openapi.v2.json>, operation
//! `sendPaymentIntent`.

use alloy_primitives::U256;
use serde::Serialize;
use serde_json::Value;

use super::as_given::no_content_request;
use super::body::check_identifier;
use super::outgoing::sealed::{Parts, Sealed};
use super::{
    AnswerAsGiven, Api, BodyError, Credential, Eip712Signature, LegacyPaymentIntent,
    OutgoingRequest, PreparedRequest, RequestError,
};

/// A signed permit: `{signature, nonce, deadline}`, the form of `signedPaymentIntent` (the
/// Permit2 transfer) and `signedApprovalPermit` (the EIP-2612 approval). `nonce` and
/// `deadline` (Unix seconds) are written as decimal strings, as the API description types
/// them.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay::api::SignedPermit;
///
/// let signature = format!("0x{}1c", "ab".repeat(64)).parse()?;
/// let permit = SignedPermit::new(signature, U256::from(7u8), 1_742_205_771);
/// assert_eq!(serde_json::to_value(&permit)?, serde_json::json!({
///     "signature": format!("0x{}1c", "ab".repeat(64)), "nonce": "7", "deadline": "1742205771"}));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct SignedPermit {
    /// `signature`: 65 bytes.
    pub signature: Eip712Signature,
    /// `nonce`: the permit's nonce.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub nonce: U256,
    /// `deadline`: Unix seconds after which the permit is void.
    #[serde(serialize_with = "decimal_text")]
    pub deadline: u64,
}

/// Writes a number as decimal text.
fn decimal_text<S: serde::Serializer>(value: &u64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

impl SignedPermit {
    /// The signature of a permit with `nonce` and `deadline`.
    pub fn new(signature: Eip712Signature, nonce: U256, deadline: u64) -> SignedPermit {
        SignedPermit {
            signature,
            nonce,
            deadline,
        }
    }

    /// The signature of EIP-712 typed data given as JSON text (the `paymentIntent` or
    /// `approvalPermitPayload` of a [`LegacyPaymentIntent`]): `nonce` and `deadline` are read
    /// from its `message` (numbers or decimal strings), so the ones sent are the ones signed.
    ///
    /// ```
    /// use securepay::api::{BodyError, SignedPermit};
    ///
    /// let typed = r#"{"domain": {"name": "Permit2"}, "primaryType": "PermitBatchWitnessTransferFrom",
    ///     "message": {"nonce": "42", "deadline": 1742205771, "spender": "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE"}}"#;
    /// let signature = format!("0x{}1b", "12".repeat(64)).parse()?;
    /// let permit = SignedPermit::from_typed_data("paymentIntent", typed, signature)?;
    /// assert_eq!((permit.nonce.to::<u64>(), permit.deadline), (42, 1_742_205_771));
    /// let no_deadline = SignedPermit::from_typed_data("paymentIntent", r#"{"message": {"nonce": "1"}}"#, signature);
    /// assert_eq!(no_deadline.unwrap_err().to_string(), "paymentIntent: message.deadline is absent");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_typed_data(
        field: &'static str,
        typed_data: &str,
        signature: Eip712Signature,
    ) -> Result<SignedPermit, BodyError> {
        let invalid = |reason: String| BodyError::Invalid { field, reason };
        if let Some(key) = crate::wire::json::key_given_twice(typed_data) {
            return Err(invalid(format!("the key {key:?} is given twice")));
        }
        let data: Value = serde_json::from_str(typed_data)
            .map_err(|e| invalid(format!("not JSON typed data: {e}")))?;
        let read = |name: &str| -> Result<U256, BodyError> {
            let value = data
                .get("message")
                .and_then(|message| message.get(name))
                .ok_or_else(|| invalid(format!("message.{name} is absent")))?;
            let text = match value {
                Value::String(text) => text.clone(),
                Value::Number(number) if number.is_u64() => number.to_string(),
                other => {
                    return Err(invalid(format!(
                        "message.{name} is {other}, not an integer"
                    )));
                }
            };
            if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(invalid(format!(
                    "message.{name} {text:?} is not a decimal integer"
                )));
            }
            U256::from_str_radix(&text, 10)
                .map_err(|e| invalid(format!("message.{name} {text:?}: {e}")))
        };
        let nonce = read("nonce")?;
        let deadline = read("deadline")?;
        let deadline = u64::try_from(deadline)
            .map_err(|_| invalid(format!("message.deadline {deadline} is not Unix seconds")))?;
        Ok(SignedPermit::new(signature, nonce, deadline))
    }
}

/// `POST /v2/request/payment-intents/{paymentIntentId}`: the body
/// `{signedPaymentIntent, signedApprovalPermit?}` for one payment intent.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay::api::{Api, Credential, SendPaymentIntent, SignedPermit};
///
/// let signature = format!("0x{}1b", "12".repeat(64)).parse()?;
/// let send = SendPaymentIntent::new("01JNZYZPK7B4YBPD44TM72NDNJ", SignedPermit::new(signature, U256::from(1u8), 1_742_205_771));
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &send)?;
/// assert_eq!(request.uri().path(), "/v2/request/payment-intents/01JNZYZPK7B4YBPD44TM72NDNJ");
/// let body: serde_json::Value = serde_json::from_slice(request.body())?;
/// assert_eq!(body["signedPaymentIntent"]["nonce"], "1");
/// assert!(body.get("signedApprovalPermit").is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct SendPaymentIntent {
    /// `{paymentIntentId}`: checked when the request is built (non-empty, no control
    /// character).
    #[serde(skip)]
    pub payment_intent_id: String,
    /// `signedPaymentIntent`: the Permit2 transfer's signature.
    pub signed_payment_intent: SignedPermit,
    /// `signedApprovalPermit`: the EIP-2612 approval's signature (tokens that support it:
    /// `metadata.supportsEIP2612`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signed_approval_permit: Option<SignedPermit>,
}

impl SendPaymentIntent {
    /// The signed intent `payment_intent_id`, without an approval permit.
    pub fn new(payment_intent_id: &str, signed_payment_intent: SignedPermit) -> SendPaymentIntent {
        SendPaymentIntent {
            payment_intent_id: payment_intent_id.to_owned(),
            signed_payment_intent,
            signed_approval_permit: None,
        }
    }

    /// `signedApprovalPermit`: the signed EIP-2612 permit.
    pub fn approval_permit(mut self, permit: SignedPermit) -> SendPaymentIntent {
        self.signed_approval_permit = Some(permit);
        self
    }

    /// The signatures of a [`LegacyPaymentIntent`]: `intent_signature` over its
    /// `paymentIntent`, and `permit_signature` over its `approvalPermitPayload`, which must
    /// be given exactly when the intent has one. Nonces and deadlines are read from the typed
    /// data ([`SignedPermit::from_typed_data`]).
    ///
    /// ```
    /// use securepay::api::{BodyError, RequestPayResponse, SendPaymentIntent};
    ///
    /// let answer: RequestPayResponse = serde_json::from_str(r#"{"paymentIntentId": "01JNZYZPK7B4YBPD44TM72NDNJ",
    ///     "paymentIntent": "{\"message\": {\"nonce\": \"3\", \"deadline\": \"1742205771\"}}",
    ///     "approvalPermitPayload": null, "approvalCalldata": null, "metadata": {"supportsEIP2612": false}}"#)?;
    /// let RequestPayResponse::PaymentIntent(intent) = answer else { unreachable!() };
    /// let signature = format!("0x{}1b", "12".repeat(64)).parse()?;
    /// let send = SendPaymentIntent::for_intent(&intent, signature, None)?;
    /// assert_eq!(send.payment_intent_id, "01JNZYZPK7B4YBPD44TM72NDNJ");
    /// assert_eq!(send.signed_payment_intent.deadline, 1_742_205_771);
    /// // No approvalPermitPayload: nothing to sign.
    /// assert!(matches!(SendPaymentIntent::for_intent(&intent, signature, Some(signature)),
    ///     Err(BodyError::Invalid { field: "signedApprovalPermit", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_intent(
        intent: &LegacyPaymentIntent,
        intent_signature: Eip712Signature,
        permit_signature: Option<Eip712Signature>,
    ) -> Result<SendPaymentIntent, BodyError> {
        let signed = SignedPermit::from_typed_data(
            "paymentIntent",
            &intent.payment_intent,
            intent_signature,
        )?;
        let mut send = SendPaymentIntent::new(&intent.payment_intent_id, signed);
        match (&intent.approval_permit_payload, permit_signature) {
            (Some(payload), Some(signature)) => {
                send = send.approval_permit(SignedPermit::from_typed_data(
                    "approvalPermitPayload",
                    payload,
                    signature,
                )?);
            }
            (None, None) => {}
            (Some(_), None) => {
                return Err(BodyError::Invalid {
                    field: "signedApprovalPermit",
                    reason: "the intent has an approvalPermitPayload: sign it too".to_owned(),
                });
            }
            (None, Some(_)) => {
                return Err(BodyError::Invalid {
                    field: "signedApprovalPermit",
                    reason: "the intent has no approvalPermitPayload to sign".to_owned(),
                });
            }
        }
        Ok(send)
    }
}

impl Sealed for SendPaymentIntent {
    fn parts(&self) -> Result<Parts, RequestError> {
        let id = &self.payment_intent_id;
        check_identifier("paymentIntentId", "a payment intent id", id)?;
        Parts::new().path(id.as_str()).json(Self::ENDPOINT, self)
    }
}

// The answer has no documented body ("Payment intent sent successfully"): an empty one reads
// as `AnswerAsGiven(null)`.
no_content_request!(SendPaymentIntent, SendPaymentIntent, AnswerAsGiven);

impl Api {
    /// `POST /v2/request/payment-intents/{paymentIntentId}`: sends the signed legacy payment
    /// intent. Answer: [`AnswerAsGiven`] (no body is documented).
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay::api::{Api, Credential, SendPaymentIntent, SignedPermit};
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let signature = format!("0x{}1b", "12".repeat(64)).parse()?;
    /// let permit = SignedPermit::new(signature, U256::from(9u8), 1_742_205_771);
    /// let send = SendPaymentIntent::new("01JNZYZPK7B4YBPD44TM72NDNJ", permit.clone()).approval_permit(permit);
    /// let request = Api::new().send_payment_intent(&key, &send)?;
    /// assert_eq!(request.method(), "POST");
    /// let body: serde_json::Value = serde_json::from_slice(request.body())?;
    /// assert_eq!(body["signedApprovalPermit"]["deadline"], "1742205771");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn send_payment_intent(
        &self,
        credential: &Credential,
        body: &SendPaymentIntent,
    ) -> Result<PreparedRequest<SendPaymentIntent>, RequestError> {
        self.prepare(credential, body)
    }
}
