//! Calls described in JSON, as `vectors/abi-calls.jsonl` writes them: `{"kind": …, fields}`.
//! This is the input of `securepay encode`. A description is held to one of two rule sets
//! ([`Rules`]): the payment rules of the library's typed builders (`securepay encode`), or
//! the ABI layer alone, any ABI-valid call (amounts may be 0, references any bytes:
//! `securepay encode --raw`, [`CallSpec::from_str`], the ABI vectors).
//!
//! Amounts are integer strings in smallest units (decimal or `0x` hex), bytes are `0x` hex,
//! addresses are EVM hex, or Base58 when the optional `network` is `tron`. With a `network`, the
//! answer adds `to` (the canonical contract of that network, or the token for
//! `erc20_approve`/`erc20_transfer`, which then take a `token` field) and `value` (for
//! `eth_fee`, which then takes an `amount` field, amount + fee; for `eth_conversion`, its
//! `maxToSpend`).
//!
//! ```
//! use securepay_core::calldata::spec::{Answer, CallSpec};
//!
//! let line = r#"{"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"0"}"#;
//! let spec = CallSpec::from_value(&serde_json::from_str(line)?)?;
//! let Answer::Call { data, to, value } = spec.answer()? else { unreachable!() };
//! assert!(data.to_string().starts_with("0x095ea7b3"));
//! assert_eq!((to, value), (None, None));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::prelude::*;

use core::fmt;
use core::fmt::Write as _;

use alloy_primitives::{Bytes, U256};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::calldata::TRON_BATCH_MESSAGE;

pub use causes::{FieldError, SpecJsonError};

mod causes;
mod rules;
mod seen;
mod tagged;
mod text;
mod wire;

/// The rules a call description is held to, besides being a well-formed ABI call for the
/// network's contract (which both sets require: a Tron description has no native-currency,
/// conversion or batch contract, and addresses are of the network's family).
///
/// ```
/// use securepay_core::calldata::spec::{CallSpec, Rules};
///
/// // erc20_fee_01 of abi-calls.jsonl: amount 0, an empty fee to the zero address.
/// let line = r#"{"kind":"erc20_fee","token":"0x6B175474E89094C44Da98b954EedeAC495271d0F","to":"0xd74f6f6CCbA020e35BDb685821E4d4b25CE67917","amount":"0","reference":"0x356ba00bf5526eb4","feeAmount":"0","feeAddress":"0x0000000000000000000000000000000000000000"}"#;
/// assert!(CallSpec::from_str_with(line, Rules::Abi).is_ok());
/// let refused = CallSpec::from_str_with(line, Rules::Payment).unwrap_err();
/// assert_eq!(refused.to_string(), "erc20_fee: payment amount must be greater than 0");
/// assert!(refused.is_payment_rule());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The payment rules of `securepay_core::calldata::Builder`, each checked by the library's own
    /// check of the typed payment (`Erc20FeePayment::check`, `BatchPayee::check_batch`, …):
    /// payment amounts above 0 (`erc20_fee`, `eth_fee` with its amount, `eth_fee_exact`,
    /// `erc20_transfer`, the conversions, every payee and request of a batch), a fee above 0
    /// with its recipient, batches not empty with a non-zero fee address, `batchPayments`
    /// with one to five groups of ids 0 to 4 and the native-conversion group last, payment
    /// references of 8 bytes. Approvals take any amount (0 revokes). `securepay encode`.
    Payment,
    /// The ABI layer: any ABI-valid call. `securepay encode --raw`.
    Abi,
}

/// The kinds of call descriptions with their required and optional fields (`encode --help`).
pub fn kinds_help() -> String {
    wire::kinds_help()
}

/// The native value overflowed 256 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Overflow;

/// `a + b`, checked.
fn add(a: U256, b: U256) -> Result<U256, Overflow> {
    a.checked_add(b).ok_or(Overflow)
}
use crate::address::{ChainAddress, EvmAddress, TronAddress};
use crate::contracts::{Contract, Deployments};
use crate::network::Network;

/// Why a call description was rejected: the field and what was wrong with it.
///
/// ```
/// use securepay_core::calldata::spec::{CallSpec, SpecError};
/// use serde_json::json;
///
/// let err = CallSpec::from_value(&json!({"kind": "erc20_approve", "spender": "0x123", "amount": "0"})).unwrap_err();
/// assert!(matches!(err, SpecError::Field { ref field, .. } if field == "spender"));
/// let err = CallSpec::from_value(&json!({"kind": "eth_fee_exact", "network": "tron",
///     "to": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "amount": "1", "reference": "0x", "feeAmount": "0",
///     "feeAddress": "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"})).unwrap_err();
/// assert_eq!(err.to_string(), "eth_fee_exact: there is no EthereumFeeProxy on tron");
/// let err = CallSpec::from_value(&json!({"kind": "eth_fee_exact", "network": "tron"})).unwrap_err();
/// assert!(matches!(err, SpecError::Json(_))); // the shape first
/// assert_eq!(err.to_string(), "missing field `to`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// A field is missing, of the wrong type, or malformed.
    #[error("{field}: {reason}")]
    Field {
        /// The field (`payees[2].amount` inside arrays).
        field: String,
        /// What was wrong (also the [`source()`](core::error::Error::source)).
        #[source]
        reason: FieldError,
    },
    /// A batch for the Tron network.
    #[error("{}", TRON_BATCH_MESSAGE)]
    TronBatch,
    /// A call the network has no contract for (native or conversion proxies on Tron).
    #[error("{kind}: there is no {contract} on {network}")]
    NoContract {
        /// The kind.
        kind: String,
        /// The contract.
        contract: Contract,
        /// The network.
        network: Network,
    },
    /// The value overflows 256 bits.
    #[error("value: the native value overflows uint256")]
    ValueOverflow,
    /// A payment rule of the typed builders refused the call ([`Rules::Payment`]).
    #[error("{kind}: {source}")]
    Rule {
        /// The kind of the description.
        kind: &'static str,
        /// The builders' refusal.
        #[source]
        source: crate::calldata::BuildError,
    },
    /// A payment reference that is not 8 bytes ([`Rules::Payment`]).
    #[error("{field}: a payment reference is 8 bytes, found {length}")]
    ReferenceLength {
        /// The field (`payees[2].reference` inside arrays).
        field: String,
        /// Its length in bytes.
        length: usize,
    },
    /// A `batchPayments` group whose payment network is not one of 0 to 4
    /// ([`Rules::Payment`]).
    #[error("{field}: {id} is not a payment network of batchPayments (0 to 4)")]
    GroupNetwork {
        /// The field (`metaDetails[1].paymentNetworkId`).
        field: String,
        /// The id given.
        id: U256,
    },
    /// Not JSON, or not the shape of a call description: an unknown `kind`, a missing or
    /// unknown field, a value of the wrong type, a key given twice (serde_json's message,
    /// located in the text given; serde_json's error is down the
    /// [`source()`](core::error::Error::source) chain).
    #[error("{0}")]
    Json(#[source] SpecJsonError),
}

impl SpecError {
    /// Whether a payment rule refused the call ([`Rules::Payment`]): the same description is
    /// a valid ABI call ([`Rules::Abi`]).
    ///
    /// ```
    /// use securepay_core::calldata::spec::{CallSpec, Rules};
    ///
    /// let line = r#"{"kind":"erc20_transfer","to":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"0"}"#;
    /// assert!(CallSpec::from_str_with(line, Rules::Payment).unwrap_err().is_payment_rule());
    /// assert!(!CallSpec::from_str_with("{}", Rules::Payment).unwrap_err().is_payment_rule());
    /// ```
    pub fn is_payment_rule(&self) -> bool {
        matches!(
            self,
            SpecError::Rule { .. }
                | SpecError::ReferenceLength { .. }
                | SpecError::GroupNetwork { .. }
        )
    }
}

impl From<Overflow> for SpecError {
    fn from(_: Overflow) -> Self {
        SpecError::ValueOverflow
    }
}

fn field_error(field: impl fmt::Display, reason: FieldError) -> SpecError {
    SpecError::Field {
        field: field.to_string(),
        reason,
    }
}

/// A parsed call description.
///
/// ```
/// use securepay_core::calldata::spec::{Answer, CallSpec};
///
/// let line = r#"{"id":"payment_reference_05","input":{"kind":"payment_reference","requestId":"abcd","salt":"salt","address":"0xf17f52151EbEF6C7334FAD080c5704D77216b732"},"expected":"86dfbccad783599a"}"#;
/// let spec = CallSpec::from_value(&serde_json::from_str(line)?)?;
/// assert_eq!(spec.answer()?, Answer::Result { result: "86dfbccad783599a".into() });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallSpec {
    network: Option<Network>,
    body: Body,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Body {
    /// An ABI call: its calldata, the contract it goes to (or the token), and its value.
    Call {
        data: Bytes,
        to: Destination,
        /// Reported only when a network asks for it.
        value: Value_,
    },
    /// A non-call kind answered with a text result.
    Result(String),
}

/// How the value of a call is found.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Value_ {
    /// Fixed by the description (0 for non-payable calls, amount + fee for `eth_fee`).
    Fixed(Result<U256, Overflow>),
    /// What the call needs per the effect table, with the batch contract's on-chain rate
    /// (`batchFee`, in the contract's own unit) when it charges one on native value.
    FromEffect {
        /// The rate given, if any.
        batch_fee: Option<u32>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Destination {
    Contract(Contract),
    Token(Option<ChainAddress>),
}

/// The answer to a call description.
///
/// Serializes as `{"data","to"?,"value"?}` or `{"result"}`.
///
/// ```
/// use securepay_core::calldata::spec::CallSpec;
/// use serde_json::json;
///
/// let spec = CallSpec::from_value(&json!({"kind": "erc20_approve", "network": "base",
///     "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "spender": "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814", "amount": "0"}))?;
/// let answer = serde_json::to_value(spec.answer()?)?;
/// assert_eq!(answer["to"], "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
/// assert_eq!(answer["value"], "0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// The calldata, and with a network the target and the value.
    Call {
        /// The calldata.
        data: Bytes,
        /// The target (with a network).
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<ChainAddress>,
        /// The native value (with a network), as a decimal string.
        #[serde(
            skip_serializing_if = "Option::is_none",
            serialize_with = "crate::serde_util::u256_decimal_opt"
        )]
        value: Option<U256>,
    },
    /// The result of `payment_reference`, `tron_address` or `eip55`.
    Result {
        /// The result.
        result: String,
    },
}

impl Answer {
    /// Appends the answer's JSON to `out`: the bytes `serde_json` writes for it, written
    /// without building the hex string of the calldata first (`encode`'s hot path).
    ///
    /// ```
    /// use securepay_core::calldata::spec::CallSpec;
    ///
    /// let line = r#"{"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"0"}"#;
    /// let answer = CallSpec::from_str(line)?.answer()?;
    /// let mut out = Vec::new();
    /// answer.write_json(&mut out);
    /// assert_eq!(out, serde_json::to_vec(&answer)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_json(&self, out: &mut Vec<u8>) {
        let Answer::Call { data, to, value } = self else {
            // A map of strings always serializes.
            if let Ok(json) = serde_json::to_vec(self) {
                out.extend_from_slice(&json);
            }
            return;
        };
        out.extend_from_slice(b"{\"data\":\"0x");
        let start = out.len();
        out.resize(start.saturating_add(data.len().saturating_mul(2)), 0);
        if let Some(digits) = out.get_mut(start..) {
            // The slice is exactly twice the bytes' length, so this cannot fail.
            let _ = alloy_primitives::hex::encode_to_slice(data, digits);
        }
        out.push(b'"');
        if let Some(to) = to {
            // An address serializes as a string of its text (hex or base58: nothing to escape).
            out.extend_from_slice(b",\"to\":\"");
            let _ = write!(AppendText(out), "{to}");
            out.push(b'"');
        }
        if let Some(value) = value {
            // Appending to a `Vec` does not fail.
            let _ = write!(AppendText(out), ",\"value\":\"{value}\"");
        }
        out.push(b'}');
    }
}

/// `fmt::Write` over the bytes of [`Answer::write_json`]'s output.
struct AppendText<'a>(&'a mut Vec<u8>);

impl fmt::Write for AppendText<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0.extend_from_slice(text.as_bytes());
        Ok(())
    }
}

/// Why text is not a call description: no `kind` (it may be a whole vector line), or another
/// reason (located in the text).
enum DescriptionError {
    MissingKind(SpecJsonError),
    Other(SpecJsonError),
}

/// The call description in JSON text, `kind` first (read straight into its struct) or anywhere
/// (the object rewritten with `kind` first), handed to `then`.
fn description<T>(
    text: &str,
    then: impl FnOnce(wire::Kind<'_>) -> T,
) -> Result<T, DescriptionError> {
    let missing_kind =
        |error: &serde_json::Error| error.to_string().starts_with("missing field `kind`");
    match serde_json::from_str::<tagged::KindFirst>(text) {
        Ok(kind) => Ok(then(kind.0)),
        Err(error) if error.to_string().starts_with(tagged::KIND_NOT_FIRST) => {
            let rewritten = match tagged::kind_first(text) {
                Ok(rewritten) => rewritten,
                Err(error) if missing_kind(&error) => {
                    return Err(DescriptionError::MissingKind(SpecJsonError::at_object_end(
                        error, text,
                    )));
                }
                Err(error) => return Err(DescriptionError::Other(SpecJsonError::new(error))),
            };
            serde_json::from_str::<tagged::KindFirst>(&rewritten)
                .map(|kind| then(kind.0))
                .map_err(|error| DescriptionError::Other(SpecJsonError::at_object_end(error, text)))
        }
        Err(error) if missing_kind(&error) => {
            Err(DescriptionError::MissingKind(SpecJsonError::new(error)))
        }
        Err(error) => Err(DescriptionError::Other(SpecJsonError::new(error))),
    }
}

impl CallSpec {
    /// Reads a call description. A whole vector line (`{"id", "input": {…}, "expected"}`) is
    /// read through its `input`.
    ///
    /// ```
    /// use securepay_core::calldata::spec::{Answer, CallSpec};
    /// use serde_json::json;
    ///
    /// let line = json!({"id": "tron_address_01", "input": {"kind": "tron_address", "address": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"},
    ///     "expected": "41a614f803b6fd780986a42c78ec9c7f77e6ded13c"});
    /// let Answer::Result { result } = CallSpec::from_value(&line)?.answer()? else { panic!("a result") };
    /// assert_eq!(result, line["expected"]);
    /// assert!(CallSpec::from_value(&json!({"kind": "erc20_fee", "colour": "red"})).is_err()); // unknown field
    /// # Ok::<(), securepay_core::calldata::spec::SpecError>(())
    /// ```
    pub fn from_value(value: &Value) -> Result<CallSpec, SpecError> {
        CallSpec::from_value_with(value, Rules::Abi)
    }

    /// [`CallSpec::from_value`] held to `rules`.
    ///
    /// ```
    /// use securepay_core::calldata::spec::{CallSpec, Rules};
    /// use serde_json::json;
    ///
    /// let empty = json!({"kind": "batch_eth", "payees": [], "feeAddress": "0x9795d480C2C50392A4714A0F468059C6448DeCe2"});
    /// assert!(CallSpec::from_value_with(&empty, Rules::Abi).is_ok());
    /// let refused = CallSpec::from_value_with(&empty, Rules::Payment).unwrap_err();
    /// assert_eq!(refused.to_string(), "batch_eth: a batch needs at least one payment");
    /// ```
    pub fn from_value_with(value: &Value, rules: Rules) -> Result<CallSpec, SpecError> {
        let kind = match (value.get("input"), value.get("kind")) {
            (Some(input), None) => tagged::Tagged::deserialize(input),
            _ => tagged::Tagged::deserialize(value),
        };
        let kind = kind
            .map_err(|error| SpecError::Json(SpecJsonError::new(error)))?
            .0;
        match rules {
            Rules::Payment => CallSpec::from_kind::<true>(kind),
            Rules::Abi => CallSpec::from_kind::<false>(kind),
        }
    }

    /// Reads a call description from JSON text, refusing a key given twice (which a
    /// [`Value`] cannot show). A whole vector line is read through its `input`.
    ///
    /// ```
    /// use securepay_core::calldata::spec::{CallSpec, SpecError};
    ///
    /// let line = r#"{"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"0"}"#;
    /// assert!(CallSpec::from_str(line).is_ok());
    /// let twice = r#"{"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"0","amount":"5"}"#;
    /// assert!(matches!(CallSpec::from_str(twice), Err(SpecError::Json(message)) if message.to_string().contains("duplicate field `amount`")));
    /// let vector = r#"{"id":"eip55_01","input":{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"},"expected":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"}"#;
    /// assert!(CallSpec::from_str(vector).is_ok());
    /// ```
    pub fn from_str(text: &str) -> Result<CallSpec, SpecError> {
        crate::wire::EmptyInput::check(text.as_bytes(), "a call description (a JSON object)")?;
        CallSpec::parse::<false>(text)
    }

    /// [`CallSpec::from_str`] held to `rules`.
    ///
    /// ```
    /// use securepay_core::calldata::spec::{CallSpec, Rules};
    ///
    /// let line = r#"{"kind":"erc20_fee","token":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","to":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"100","reference":"0xe23a6b02059c2b30"}"#;
    /// assert!(CallSpec::from_str_with(line, Rules::Payment).is_ok());
    /// let long_reference = line.replace("0xe23a6b02059c2b30", "0xe23a6b02059c2b3000");
    /// assert_eq!(CallSpec::from_str_with(&long_reference, Rules::Payment).unwrap_err().to_string(),
    ///     "reference: a payment reference is 8 bytes, found 9");
    /// assert!(CallSpec::from_str_with(&long_reference, Rules::Abi).is_ok());
    /// ```
    pub fn from_str_with(text: &str, rules: Rules) -> Result<CallSpec, SpecError> {
        crate::wire::EmptyInput::check(text.as_bytes(), "a call description (a JSON object)")?;
        match rules {
            Rules::Payment => CallSpec::parse::<true>(text),
            Rules::Abi => CallSpec::parse::<false>(text),
        }
    }

    /// [`CallSpec::from_str_with`], the rules a constant (`PAYMENT`: [`Rules::Payment`]): the
    /// ABI layer alone reaches no rule code.
    fn parse<const PAYMENT: bool>(text: &str) -> Result<CallSpec, SpecError> {
        let from_kind = CallSpec::from_kind::<PAYMENT>;
        match description(text, from_kind) {
            Ok(spec) => spec,
            Err(DescriptionError::MissingKind(error)) => {
                serde_json::from_str::<wire::VectorLine>(text)
                    .ok()
                    .and_then(|line| description(line.input.get(), from_kind).ok())
                    .ok_or(SpecError::Json(error))?
            }
            Err(DescriptionError::Other(error)) => Err(SpecError::Json(error)),
        }
    }

    fn from_kind<const PAYMENT: bool>(kind: wire::Kind) -> Result<CallSpec, SpecError> {
        let (network, body) = kind.into_body::<PAYMENT>()?;
        Ok(CallSpec { network, body })
    }

    /// The answer: calldata (with `to` and `value` when a network is given) or a result.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::spec::{Answer, CallSpec};
    /// use serde_json::json;
    ///
    /// let spec = CallSpec::from_value(&json!({"kind": "eth_fee", "network": "base", "amount": "1000",
    ///     "to": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "reference": "0xe23a6b02059c2b30",
    ///     "feeAmount": "5", "feeAddress": "0x9795d480C2C50392A4714A0F468059C6448DeCe2"}))?;
    /// let Answer::Call { data, to, value } = spec.answer()? else { panic!("a call") };
    /// assert!(data.starts_with(&[0xb8, 0x68, 0x98, 0x0b]));
    /// assert_eq!(to.map(|a| a.to_string()).as_deref(), Some("0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2")); // EthereumFeeProxy
    /// assert_eq!(value, Some(U256::from(1005u16))); // amount + fee
    /// # Ok::<(), securepay_core::calldata::spec::SpecError>(())
    /// ```
    pub fn answer(&self) -> Result<Answer, SpecError> {
        self.answer_with(Deployments::builtin())
    }

    /// The answer, taking `to` from the caller's deployment table.
    ///
    /// ```
    /// use securepay_core::calldata::spec::CallSpec;
    /// use securepay_core::contracts::Deployments;
    /// use serde_json::json;
    ///
    /// let spec = CallSpec::from_value(&json!({"kind": "erc20_fee", "network": "base",
    ///     "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "to": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    ///     "amount": "1", "reference": "0xe23a6b02059c2b30", "feeAmount": "0", "feeAddress": "0x0000000000000000000000000000000000000000"}))?;
    /// assert!(spec.answer_with(Deployments::builtin()).is_ok());
    /// assert!(spec.answer_with(&Deployments::empty()).is_err()); // no ERC20FeeProxy on Base in this table
    /// # Ok::<(), securepay_core::calldata::spec::SpecError>(())
    /// ```
    pub fn answer_with(&self, deployments: &Deployments) -> Result<Answer, SpecError> {
        match (&self.body, self.network) {
            (Body::Result(result), _) => Ok(Answer::Result {
                result: result.clone(),
            }),
            (Body::Call { data, .. }, None) => Ok(Answer::Call {
                data: data.clone(),
                to: None,
                value: None,
            }),
            (Body::Call { data, to, value }, Some(network)) => {
                let to = match to {
                    Destination::Token(token) => {
                        token.ok_or_else(|| field_error("token", FieldError::TokenMissing))?
                    }
                    Destination::Contract(contract) => deployments
                        .address(network, *contract)
                        .map_err(|e| field_error("network", FieldError::Deployment(e)))?,
                };
                let value = match value {
                    Value_::Fixed(value) => (*value)?,
                    Value_::FromEffect { batch_fee } => {
                        effect_value(deployments, network, &to, data, *batch_fee)?
                    }
                };
                Ok(Answer::Call {
                    data: data.clone(),
                    to: Some(to),
                    value: Some(value),
                })
            }
        }
    }
}

fn call(data: Vec<u8>, to: Destination, value: Result<U256, Overflow>) -> Body {
    Body::Call {
        data: data.into(),
        to,
        value: Value_::Fixed(value),
    }
}

/// A native batch: its value comes from the effect table, with the `batchFee` rate given.
fn native_batch(data: Vec<u8>, to: Destination, batch_fee: Option<u32>) -> Body {
    Body::Call {
        data: data.into(),
        to,
        value: Value_::FromEffect { batch_fee },
    }
}

/// The value a built call needs, from the effect of its own calldata decoded strictly.
fn effect_value(
    deployments: &Deployments,
    network: Network,
    to: &ChainAddress,
    data: &[u8],
    batch_fee: Option<u32>,
) -> Result<U256, SpecError> {
    let decoded = crate::calldata::Decoder::new(deployments, crate::currency::Catalog::builtin())
        .decode(network, to, data, U256::ZERO)
        .map_err(|e| field_error("line", FieldError::Decode(e)))?;
    let effect = crate::calldata::effect::effect_of(&decoded);
    let charges_native_fee = effect.batch_fee.as_ref().is_some_and(|fee| {
        fee.bases.iter().any(|(asset, base)| {
            *asset == crate::calldata::effect::Asset::Native && !base.is_zero()
        })
    });
    let rate = match batch_fee {
        Some(rate) => rate,
        None if charges_native_fee => {
            return Err(field_error("batchFee", FieldError::BatchFeeMissing));
        }
        None => 0,
    };
    effect.required_value(rate).ok_or(SpecError::ValueOverflow)
}

/// Base58 → `41…` hex; `41…` hex, `0x41…` hex or a `0x` 20-byte body → Base58.
fn convert_tron_address(text: &str) -> Result<String, FieldError> {
    let digits = text.strip_prefix("0x").unwrap_or(text);
    let is_hex = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_hexdigit());
    if text.starts_with("0x") && is_hex && digits.len() == 40 {
        let body = EvmAddress::parse(&text.to_lowercase()).map_err(FieldError::EvmAddress)?;
        return Ok(TronAddress::from_abi(body.into_inner()).to_base58());
    }
    if is_hex && digits.len() == 42 {
        return TronAddress::from_hex(text)
            .map(|a| a.to_base58())
            .map_err(FieldError::TronAddress);
    }
    TronAddress::parse(text)
        .map(|a| a.to_hex())
        .map_err(FieldError::TronAddress)
}
