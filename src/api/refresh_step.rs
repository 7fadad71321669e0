//! `POST /v2/secure-payments/{token}/refresh-step-transaction`: a fresh `transactionRequest`
//! for a LI.FI bridge step chosen earlier (the service calls LI.FI's
//! `/advanced/stepTransaction`, which re-stamps the bridge deadline), to call for every step
//! just before bundling and submitting the user operation.
//!
//! The answer is a transaction the wallet will sign, from the service: it is read into the
//! strict [`Transaction`] (`to`, `data`, `value` and nothing else), never kept as free JSON, and
//! it is trusted no more than the transactions of a pay response: verify it
//! ([`crate::verify`]) before signing.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::outgoing::sealed::{Parts, Sealed};
use super::{Api, BodyError, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError};
use crate::pay::{RawJson, SecurePaymentToken};
use crate::transaction::Transaction;
use crate::wire::json::{Object, unique_fields};

/// A LI.FI route step (`step`, "LI.FI route step object from /advanced/routes"), kept as
/// given: the service forwards it to LI.FI, which needs the whole step. The fields the API
/// description requires are checked when it is made: `id`, `type`, `tool` (strings), and
/// `action.toChainId` (a number; read here as an integer chain id, so `8453.5` or `-1` is
/// refused) and `action.toAddress` (`^0x[0-9a-fA-F]{40}$`, the pattern only: LI.FI writes
/// addresses in lower case as often as checksummed). Like every
/// [`RawJson`], it gives no key twice and nests at most 100 levels.
///
/// ```
/// use securepay::api::RouteStep;
///
/// let step = RouteStep::parse(r#"{"id": "0x5c1b", "type": "lifi", "tool": "across",
///     "action": {"fromChainId": 10, "toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"},
///     "estimate": {"toAmount": "10000000"}}"#)?;
/// assert_eq!((step.tool(), step.to_chain_id()), ("across", 8453));
/// assert!(step.raw().get().contains("estimate")); // sent whole
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteStep {
    raw: RawJson,
    id: String,
    kind: String,
    tool: String,
    to_chain_id: u64,
    to_address: String,
}

/// The fields of a step the API description requires, read from its text (the others are
/// skipped, not built into a tree).
#[derive(Deserialize)]
struct StepFields {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    tool: String,
    action: Object<ActionFields>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ActionFields {
    to_chain_id: u64,
    to_address: String,
}

impl RouteStep {
    /// Reads a step from JSON text.
    ///
    /// ```
    /// use securepay::api::{BodyError, RouteStep};
    ///
    /// let short = RouteStep::parse(r#"{"id": "s", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923"}}"#);
    /// assert!(matches!(short, Err(BodyError::Invalid { field: "step.action.toAddress", .. })));
    /// let no_tool = RouteStep::parse(r#"{"id": "s", "type": "lifi", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#);
    /// assert!(no_tool.unwrap_err().to_string().starts_with("step: missing field `tool`"));
    /// ```
    pub fn parse(text: &str) -> Result<RouteStep, BodyError> {
        let raw = RawJson::parse(text).map_err(|e| BodyError::Invalid {
            field: "step",
            reason: e.to_string(),
        })?;
        RouteStep::from_raw(raw)
    }

    /// Checks a step given as [`RawJson`] (a pay response's `metadata.rawStep`).
    ///
    /// ```
    /// use securepay::api::{BodyError, RouteStep};
    /// use securepay::pay::RawJson;
    ///
    /// let raw = RawJson::parse(r#"[{"id": "s"}]"#)?;
    /// assert!(matches!(RouteStep::from_raw(raw), Err(BodyError::Invalid { field: "step", .. }))); // an object only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_raw(raw: RawJson) -> Result<RouteStep, BodyError> {
        let Object(fields) =
            serde_json::from_str::<Object<StepFields>>(raw.get()).map_err(|e| {
                BodyError::Invalid {
                    field: "step",
                    reason: e.to_string(),
                }
            })?;
        let Object(action) = fields.action;
        let hex = action.to_address.strip_prefix("0x").unwrap_or_default();
        if !action.to_address.starts_with("0x")
            || hex.len() != 40
            || !hex.bytes().all(|b| b.is_ascii_hexdigit())
        {
            return Err(BodyError::Invalid {
                field: "step.action.toAddress",
                reason: format!(
                    "{:?} does not match ^0x[0-9a-fA-F]{{40}}$",
                    action.to_address
                ),
            });
        }
        Ok(RouteStep {
            raw,
            id: fields.id,
            kind: fields.kind,
            tool: fields.tool,
            to_chain_id: action.to_chain_id,
            to_address: action.to_address,
        })
    }

    /// `id`.
    ///
    /// ```
    /// # use securepay::api::RouteStep;
    /// # let step = RouteStep::parse(r#"{"id": "0x5c1b", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#)?;
    /// assert_eq!(step.id(), "0x5c1b");
    /// # Ok::<(), securepay::api::BodyError>(())
    /// ```
    pub fn id(&self) -> &str {
        &self.id
    }

    /// `type`.
    ///
    /// ```
    /// # use securepay::api::RouteStep;
    /// # let step = RouteStep::parse(r#"{"id": "0x5c1b", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#)?;
    /// assert_eq!(step.kind(), "lifi");
    /// # Ok::<(), securepay::api::BodyError>(())
    /// ```
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// `tool`: the bridge.
    ///
    /// ```
    /// # use securepay::api::RouteStep;
    /// # let step = RouteStep::parse(r#"{"id": "0x5c1b", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#)?;
    /// assert_eq!(step.tool(), "across");
    /// # Ok::<(), securepay::api::BodyError>(())
    /// ```
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// `action.toChainId`.
    ///
    /// ```
    /// # use securepay::api::RouteStep;
    /// # let step = RouteStep::parse(r#"{"id": "0x5c1b", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#)?;
    /// assert_eq!(step.to_chain_id(), 8453);
    /// # Ok::<(), securepay::api::BodyError>(())
    /// ```
    pub fn to_chain_id(&self) -> u64 {
        self.to_chain_id
    }

    /// `action.toAddress`, as given.
    ///
    /// ```
    /// # use securepay::api::RouteStep;
    /// # let step = RouteStep::parse(r#"{"id": "0x5c1b", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#)?;
    /// assert_eq!(step.to_address(), "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
    /// # Ok::<(), securepay::api::BodyError>(())
    /// ```
    pub fn to_address(&self) -> &str {
        &self.to_address
    }

    /// The step as given, sent unchanged.
    ///
    /// ```
    /// # use securepay::api::RouteStep;
    /// let text = r#"{"id": "0x5c1b", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#;
    /// assert_eq!(RouteStep::parse(text)?.raw().get(), text);
    /// # Ok::<(), securepay::api::BodyError>(())
    /// ```
    pub fn raw(&self) -> &RawJson {
        &self.raw
    }
}

/// The body: `{"step": …}`.
#[derive(Serialize)]
struct Body<'a> {
    step: &'a RawJson,
}

/// `POST /v2/secure-payments/{token}/refresh-step-transaction`: a Client ID with its `Origin`
/// (both required by the API description).
///
/// ```
/// use securepay::api::{Api, Credential, RefreshStepTransaction, RouteStep};
///
/// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
/// let step = RouteStep::parse(r#"{"id": "0x5c1b", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#)?;
/// let refresh = RefreshStepTransaction::new("01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, step);
/// let request = Api::new().prepare(&client, &refresh)?;
/// assert_eq!(request.uri().path(), "/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W/refresh-step-transaction");
/// assert!(request.body().starts_with(br#"{"step":{"id": "0x5c1b""#)); // the step as given
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RefreshStepTransaction {
    /// `{token}`.
    pub token: SecurePaymentToken,
    /// `step`.
    pub step: RouteStep,
}

impl RefreshStepTransaction {
    /// The request refreshing `step` of the payment `token`.
    pub fn new(token: SecurePaymentToken, step: RouteStep) -> RefreshStepTransaction {
        RefreshStepTransaction { token, step }
    }
}

impl Sealed for RefreshStepTransaction {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new().path(self.token.to_string()).json(
            Self::ENDPOINT,
            &Body {
                step: &self.step.raw,
            },
        )
    }
}

impl OutgoingRequest for RefreshStepTransaction {
    const ENDPOINT: Endpoint = Endpoint::RefreshStepTransaction;
    type Response = RefreshedStepTransaction;
}

/// The answer (200) of `POST /v2/secure-payments/{token}/refresh-step-transaction`.
///
/// The API description gives no schema ("Fresh transactionRequest returned"), so this is
/// assumed: an object whose `transactionRequest` is the transaction, read into the strict
/// [`Transaction`]. As in pay responses, a transaction with any field but `to`, `data` and
/// `value` (`chainId`, `gasLimit`, `gasPrice`, `from`, as LI.FI's own `transactionRequest`
/// has) is refused, never ignored: the transaction verified must be exactly the transaction
/// signed. The answer's other fields are kept in `extra`, as given (no key twice), and mean
/// nothing to this layer. Nothing here is trusted: verify the transaction before signing it.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, RefreshedStepTransaction};
///
/// let answer: RefreshedStepTransaction = parse_parts(StatusCode::OK, br#"{"transactionRequest":
///     {"to": "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE", "data": "0xabcdef", "value": "0x0"}}"#)?;
/// assert_eq!(answer.transaction_request.to.to_string(), "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE");
/// let with_gas = br#"{"transactionRequest": {"to": "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE", "data": "0xabcdef",
///     "value": "0x0", "gasLimit": "0x55730"}}"#;
/// let error = parse_parts::<RefreshedStepTransaction>(StatusCode::OK, with_gas).unwrap_err();
/// assert!(error.to_string().contains("unknown field `gasLimit`"), "{error}");
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RefreshedStepTransaction {
    /// `transactionRequest`: the refreshed transaction, to verify before signing.
    pub transaction_request: Transaction,
    /// The answer's other fields, as given.
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

impl Api {
    /// `POST /v2/secure-payments/{token}/refresh-step-transaction`. Answer:
    /// [`RefreshedStepTransaction`] (a transaction to verify before signing).
    ///
    /// ```
    /// use securepay::api::{Api, Credential, RequestError, RouteStep};
    ///
    /// let token = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
    /// let step = RouteStep::parse(r#"{"id": "0x5c1b", "type": "lifi", "tool": "across", "action": {"toChainId": 8453, "toAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#)?;
    /// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
    /// let request = Api::new().refresh_step_transaction(&client, &token, &step)?;
    /// assert_eq!(request.method(), "POST");
    /// let no_origin = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None)?;
    /// assert!(matches!(Api::new().refresh_step_transaction(&no_origin, &token, &step), Err(RequestError::OriginRequired { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn refresh_step_transaction(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
        step: &RouteStep,
    ) -> Result<PreparedRequest<RefreshStepTransaction>, RequestError> {
        self.prepare(
            credential,
            &RefreshStepTransaction::new(*token, step.clone()),
        )
    }
}
