//! Calls described in JSON, as `vectors/abi-calls.jsonl` writes them: `{"kind": …, fields}`.
//! This is the input of `securepay encode`, and a way to encode any call without the payment
//! rules of the typed builders (amounts may be 0, references any bytes).
//!
//! Amounts are integer strings in smallest units (decimal or `0x` hex), bytes are `0x` hex,
//! addresses are EVM hex, or Base58 when the optional `network` is `tron`. With a `network`, the
//! answer adds `to` (the canonical contract of that network, or the token for
//! `erc20_approve`/`erc20_transfer`, which then take a `token` field) and `value` (for
//! `eth_fee`, which then takes an `amount` field, amount + fee; for `eth_conversion`, its
//! `maxToSpend`).
//!
//! ```
//! use securepay_cli::spec::{Answer, CallSpec};
//!
//! let line = r#"{"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"0"}"#;
//! let spec = CallSpec::from_value(&serde_json::from_str(line)?)?;
//! let Answer::Call { data, to, value } = spec.answer()? else { unreachable!() };
//! assert!(data.to_string().starts_with("0x095ea7b3"));
//! assert_eq!((to, value), (None, None));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;
use serde::Serialize;
use serde_json::{Map, Value};

use securepay::calldata::{PaymentReference, TRON_BATCH_MESSAGE};

/// The native value overflowed 256 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Overflow;

/// `a + b`, checked.
fn add(a: U256, b: U256) -> Result<U256, Overflow> {
    a.checked_add(b).ok_or(Overflow)
}
use securepay::address::{ChainAddress, EvmAddress, TronAddress};
use securepay::amount::parse_uint;
use securepay::contracts::abi::{
    self, IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20, IERC20FeeProxy,
    IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy,
};
use securepay::contracts::{Contract, Deployments};
use securepay::network::Network;

/// Why a call description was rejected: the field and what was wrong with it.
///
/// ```
/// use securepay_cli::spec::{CallSpec, SpecError};
/// use serde_json::json;
///
/// let err = CallSpec::from_value(&json!({"kind": "erc20_approve", "spender": "0x123", "amount": "0"})).unwrap_err();
/// assert!(matches!(err, SpecError::Field { ref field, .. } if field == "spender"));
/// let err = CallSpec::from_value(&json!({"kind": "eth_fee_exact", "network": "tron"})).unwrap_err();
/// assert_eq!(err.to_string(), "eth_fee_exact: there is no EthereumFeeProxy on tron");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// A field is missing, of the wrong type, or malformed.
    #[error("{field}: {reason}")]
    Field {
        /// The field (`payees[2].amount` inside arrays).
        field: String,
        /// What was wrong.
        reason: String,
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
}

impl From<Overflow> for SpecError {
    fn from(_: Overflow) -> Self {
        SpecError::ValueOverflow
    }
}

fn field_error(field: impl fmt::Display, reason: impl fmt::Display) -> SpecError {
    SpecError::Field {
        field: field.to_string(),
        reason: reason.to_string(),
    }
}

/// A parsed call description.
///
/// ```
/// use securepay_cli::spec::{Answer, CallSpec};
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
/// use securepay_cli::spec::CallSpec;
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
            serialize_with = "crate::u256_decimal_opt"
        )]
        value: Option<U256>,
    },
    /// The result of `payment_reference`, `tron_address` or `eip55`.
    Result {
        /// The result.
        result: String,
    },
}

impl CallSpec {
    /// Reads a call description. A whole vector line (`{"id", "input": {…}, "expected"}`) is
    /// read through its `input`.
    ///
    /// ```
    /// use securepay_cli::spec::{Answer, CallSpec};
    /// use serde_json::json;
    ///
    /// let line = json!({"id": "tron_address_01", "input": {"kind": "tron_address", "address": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"},
    ///     "expected": "41a614f803b6fd780986a42c78ec9c7f77e6ded13c"});
    /// let Answer::Result { result } = CallSpec::from_value(&line)?.answer()? else { panic!("a result") };
    /// assert_eq!(result, line["expected"]);
    /// assert!(CallSpec::from_value(&json!({"kind": "erc20_fee", "colour": "red"})).is_err()); // unknown field
    /// # Ok::<(), securepay_cli::spec::SpecError>(())
    /// ```
    pub fn from_value(value: &Value) -> Result<CallSpec, SpecError> {
        let value = match (value.get("input"), value.get("kind")) {
            (Some(input), None) => input,
            _ => value,
        };
        let object = value
            .as_object()
            .ok_or_else(|| field_error("line", "not a JSON object"))?;
        let kind = object
            .get("kind")
            .and_then(Value::as_str)
            .ok_or_else(|| field_error("kind", "missing or not a string"))?;
        let network = match object.get("network") {
            None => None,
            Some(v) => {
                let id = v
                    .as_str()
                    .ok_or_else(|| field_error("network", "not a string"))?;
                Some(Network::from_id(id).map_err(|e| field_error("network", e))?)
            }
        };
        let fields = Fields {
            object,
            network,
            prefix: String::new(),
        };
        let body = parse_kind(kind, &fields)?;
        Ok(CallSpec { network, body })
    }

    /// The answer: calldata (with `to` and `value` when a network is given) or a result.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_cli::spec::{Answer, CallSpec};
    /// use serde_json::json;
    ///
    /// let spec = CallSpec::from_value(&json!({"kind": "eth_fee", "network": "base", "amount": "1000",
    ///     "to": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "reference": "0xe23a6b02059c2b30",
    ///     "feeAmount": "5", "feeAddress": "0x9795d480C2C50392A4714A0F468059C6448DeCe2"}))?;
    /// let Answer::Call { data, to, value } = spec.answer()? else { panic!("a call") };
    /// assert!(data.starts_with(&[0xb8, 0x68, 0x98, 0x0b]));
    /// assert_eq!(to.map(|a| a.to_string()).as_deref(), Some("0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2")); // EthereumFeeProxy
    /// assert_eq!(value, Some(U256::from(1005u16))); // amount + fee
    /// # Ok::<(), securepay_cli::spec::SpecError>(())
    /// ```
    pub fn answer(&self) -> Result<Answer, SpecError> {
        self.answer_with(Deployments::builtin())
    }

    /// The answer, taking `to` from the caller's deployment table.
    ///
    /// ```
    /// use securepay_cli::spec::CallSpec;
    /// use securepay::contracts::Deployments;
    /// use serde_json::json;
    ///
    /// let spec = CallSpec::from_value(&json!({"kind": "erc20_fee", "network": "base",
    ///     "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "to": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    ///     "amount": "1", "reference": "0xe23a6b02059c2b30", "feeAmount": "0", "feeAddress": "0x0000000000000000000000000000000000000000"}))?;
    /// assert!(spec.answer_with(Deployments::builtin()).is_ok());
    /// assert!(spec.answer_with(&Deployments::empty()).is_err()); // no ERC20FeeProxy on Base in this table
    /// # Ok::<(), securepay_cli::spec::SpecError>(())
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
                        token.ok_or_else(|| field_error("token", "missing: needed with network"))?
                    }
                    Destination::Contract(contract) => deployments
                        .address(network, *contract)
                        .map_err(|e| field_error("network", e))?,
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

/// A JSON object being read, with the network its addresses belong to.
struct Fields<'a> {
    object: &'a Map<String, Value>,
    network: Option<Network>,
    prefix: String,
}

impl Fields<'_> {
    fn name(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }

    fn only(&self, allowed: &[&str]) -> Result<(), SpecError> {
        match self.object.keys().find(|k| {
            !allowed.contains(&k.as_str()) && k.as_str() != "kind" && k.as_str() != "network"
        }) {
            Some(unknown) => Err(field_error(self.name(unknown), "unknown field")),
            None => Ok(()),
        }
    }

    fn get(&self, name: &str) -> Result<&Value, SpecError> {
        self.object
            .get(name)
            .ok_or_else(|| field_error(self.name(name), "missing"))
    }

    fn has(&self, name: &str) -> bool {
        self.object.contains_key(name)
    }

    fn text(&self, name: &str) -> Result<&str, SpecError> {
        self.get(name)?
            .as_str()
            .ok_or_else(|| field_error(self.name(name), "not a string"))
    }

    fn address_text(&self, name: &str, text: &str) -> Result<Address, SpecError> {
        match self.network {
            None => EvmAddress::parse(text)
                .map(EvmAddress::into_inner)
                .map_err(|e| field_error(self.name(name), e)),
            Some(network) => ChainAddress::parse(network, text)
                .map(|a| a.abi())
                .map_err(|e| field_error(self.name(name), e)),
        }
    }

    fn address(&self, name: &str) -> Result<Address, SpecError> {
        self.address_text(name, self.text(name)?)
    }

    fn payee(&self, name: &str) -> Result<Option<ChainAddress>, SpecError> {
        match (self.network, self.has(name)) {
            (_, false) => Ok(None),
            (None, true) => Err(field_error(self.name(name), "only meaningful with network")),
            (Some(network), true) => Ok(Some(ChainAddress::from_abi(network, self.address(name)?))),
        }
    }

    fn uint(&self, name: &str) -> Result<U256, SpecError> {
        parse_uint(self.text(name)?).map_err(|e| field_error(self.name(name), e))
    }

    fn bytes(&self, name: &str) -> Result<Bytes, SpecError> {
        let text = self.text(name)?;
        let invalid = || {
            field_error(
                self.name(name),
                format!("not 0x-prefixed even-length hex bytes: {text:?}"),
            )
        };
        let digits = text.strip_prefix("0x").ok_or_else(invalid)?;
        crate::hex_digits(digits)
            .map(Bytes::from)
            .ok_or_else(invalid)
    }

    fn boolean(&self, name: &str) -> Result<bool, SpecError> {
        self.get(name)?
            .as_bool()
            .ok_or_else(|| field_error(self.name(name), "not a boolean"))
    }

    fn array(&self, name: &str) -> Result<&Vec<Value>, SpecError> {
        self.get(name)?
            .as_array()
            .ok_or_else(|| field_error(self.name(name), "not an array"))
    }

    fn addresses(&self, name: &str) -> Result<Vec<Address>, SpecError> {
        self.array(name)?
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let item = format!("{name}[{i}]");
                let text = v
                    .as_str()
                    .ok_or_else(|| field_error(self.name(&item), "not a string"))?;
                self.address_text(&item, text)
            })
            .collect()
    }

    fn paths(&self, name: &str) -> Result<Vec<Vec<Address>>, SpecError> {
        (0..self.array(name)?.len())
            .map(|i| {
                let inner = self
                    .array(name)?
                    .get(i)
                    .and_then(Value::as_array)
                    .ok_or_else(|| {
                        field_error(self.name(&format!("{name}[{i}]")), "not an array")
                    })?;
                inner
                    .iter()
                    .enumerate()
                    .map(|(j, v)| {
                        let item = format!("{name}[{i}][{j}]");
                        let text = v
                            .as_str()
                            .ok_or_else(|| field_error(self.name(&item), "not a string"))?;
                        self.address_text(&item, text)
                    })
                    .collect()
            })
            .collect()
    }

    /// The objects of array `name`, each read with a prefix naming its position.
    fn objects(&self, name: &str) -> Result<Vec<Fields<'_>>, SpecError> {
        self.array(name)?
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let at = format!("{}{name}[{i}]", self.prefix);
                let object = v
                    .as_object()
                    .ok_or_else(|| field_error(&at, "not an object"))?;
                let prefix = format!("{at}.");
                Ok(Fields {
                    object,
                    network: self.network,
                    prefix,
                })
            })
            .collect()
    }

    fn request_details(&self, name: &str) -> Result<Vec<abi::RequestDetail>, SpecError> {
        self.objects(name)?
            .iter()
            .map(|r| {
                r.only(&[
                    "recipient",
                    "requestAmount",
                    "path",
                    "paymentReference",
                    "feeAmount",
                    "maxToSpend",
                    "maxRateTimespan",
                ])?;
                Ok(abi::RequestDetail {
                    recipient: r.address("recipient")?,
                    requestAmount: r.uint("requestAmount")?,
                    path: r.addresses("path")?,
                    paymentReference: r.bytes("paymentReference")?,
                    feeAmount: r.uint("feeAmount")?,
                    maxToSpend: r.uint("maxToSpend")?,
                    maxRateTimespan: r.uint("maxRateTimespan")?,
                })
            })
            .collect()
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
fn native_batch(data: Vec<u8>, to: Destination, f: &Fields<'_>) -> Result<Body, SpecError> {
    let batch_fee = match (f.network, f.has("batchFee")) {
        (None, true) => {
            return Err(field_error(
                "batchFee",
                "only meaningful with network (it sets value)",
            ));
        }
        (_, false) => None,
        (Some(_), true) => {
            let rate = f.uint("batchFee")?;
            Some(u32::try_from(rate).map_err(|_| field_error("batchFee", "above 2^32 - 1"))?)
        }
    };
    Ok(Body::Call {
        data: data.into(),
        to,
        value: Value_::FromEffect { batch_fee },
    })
}

/// The value a built call needs, from the effect of its own calldata decoded strictly.
fn effect_value(
    deployments: &Deployments,
    network: Network,
    to: &ChainAddress,
    data: &[u8],
    batch_fee: Option<u32>,
) -> Result<U256, SpecError> {
    let decoded =
        securepay::calldata::Decoder::new(deployments, securepay::currency::Catalog::builtin())
            .decode(network, to, data, U256::ZERO)
            .map_err(|e| field_error("line", e))?;
    let effect = securepay::calldata::effect::effect_of(&decoded);
    let charges_native_fee = effect.batch_fee.as_ref().is_some_and(|fee| {
        fee.bases.iter().any(|(asset, base)| {
            *asset == securepay::calldata::effect::Asset::Native && !base.is_zero()
        })
    });
    let rate = match batch_fee {
        Some(rate) => rate,
        None if charges_native_fee => {
            return Err(field_error(
                "batchFee",
                "missing: the batch contract's on-chain rate (its batchFee(), per mille for BatchPayments, per ten thousand for BatchConversionPayments) is needed with network to compute value",
            ));
        }
        None => 0,
    };
    effect.required_value(rate).ok_or(SpecError::ValueOverflow)
}

fn contract(c: Contract) -> Destination {
    Destination::Contract(c)
}

fn parse_kind(kind: &str, f: &Fields<'_>) -> Result<Body, SpecError> {
    let batch = kind.starts_with("batch_");
    if batch && f.network == Some(Network::Tron) {
        return Err(SpecError::TronBatch);
    }
    let no_tron = |c: Contract| -> Result<(), SpecError> {
        match f.network {
            Some(Network::Tron) => Err(SpecError::NoContract {
                kind: kind.to_owned(),
                contract: c,
                network: Network::Tron,
            }),
            _ => Ok(()),
        }
    };
    Ok(match kind {
        "erc20_fee" => {
            f.only(&[
                "token",
                "to",
                "amount",
                "reference",
                "feeAmount",
                "feeAddress",
            ])?;
            let data = IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
                _tokenAddress: f.address("token")?,
                _to: f.address("to")?,
                _amount: f.uint("amount")?,
                _paymentReference: f.bytes("reference")?,
                _feeAmount: f.uint("feeAmount")?,
                _feeAddress: f.address("feeAddress")?,
            };
            call(
                data.abi_encode(),
                contract(Contract::Erc20FeeProxy),
                Ok(U256::ZERO),
            )
        }
        "eth_fee" => {
            f.only(&["to", "reference", "feeAmount", "feeAddress", "amount"])?;
            no_tron(Contract::EthereumFeeProxy)?;
            let data = IEthereumFeeProxy::transferWithReferenceAndFeeCall {
                _to: f.address("to")?,
                _paymentReference: f.bytes("reference")?,
                _feeAmount: f.uint("feeAmount")?,
                _feeAddress: f.address("feeAddress")?,
            };
            let value = match (f.network, f.has("amount")) {
                (None, true) => {
                    return Err(field_error(
                        "amount",
                        "only meaningful with network (it sets value)",
                    ));
                }
                (None, false) => Ok(U256::ZERO),
                (Some(_), false) => {
                    return Err(field_error(
                        "amount",
                        "missing: needed with network to compute value",
                    ));
                }
                (Some(_), true) => add(f.uint("amount")?, data._feeAmount),
            };
            call(
                data.abi_encode(),
                contract(Contract::EthereumFeeProxy),
                value,
            )
        }
        "eth_fee_exact" => {
            f.only(&["to", "amount", "reference", "feeAmount", "feeAddress"])?;
            no_tron(Contract::EthereumFeeProxy)?;
            let data = IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall {
                _to: f.address("to")?,
                _amount: f.uint("amount")?,
                _paymentReference: f.bytes("reference")?,
                _feeAmount: f.uint("feeAmount")?,
                _feeAddress: f.address("feeAddress")?,
            };
            let value = add(data._amount, data._feeAmount);
            call(
                data.abi_encode(),
                contract(Contract::EthereumFeeProxy),
                value,
            )
        }
        "erc20_approve" => {
            f.only(&["spender", "amount", "token"])?;
            let data = IERC20::approveCall {
                spender: f.address("spender")?,
                amount: f.uint("amount")?,
            };
            call(
                data.abi_encode(),
                Destination::Token(f.payee("token")?),
                Ok(U256::ZERO),
            )
        }
        "erc20_transfer" => {
            f.only(&["to", "amount", "token"])?;
            let data = IERC20::transferCall {
                to: f.address("to")?,
                amount: f.uint("amount")?,
            };
            call(
                data.abi_encode(),
                Destination::Token(f.payee("token")?),
                Ok(U256::ZERO),
            )
        }
        "erc20_conversion" => {
            f.only(&[
                "to",
                "requestAmount",
                "path",
                "reference",
                "feeAmount",
                "feeAddress",
                "maxToSpend",
                "maxRateTimespan",
            ])?;
            no_tron(Contract::Erc20ConversionProxy)?;
            let data = IErc20ConversionProxy::transferFromWithReferenceAndFeeCall {
                _to: f.address("to")?,
                _requestAmount: f.uint("requestAmount")?,
                _path: f.addresses("path")?,
                _paymentReference: f.bytes("reference")?,
                _feeAmount: f.uint("feeAmount")?,
                _feeAddress: f.address("feeAddress")?,
                _maxToSpend: f.uint("maxToSpend")?,
                _maxRateTimespan: f.uint("maxRateTimespan")?,
            };
            call(
                data.abi_encode(),
                contract(Contract::Erc20ConversionProxy),
                Ok(U256::ZERO),
            )
        }
        "eth_conversion" => {
            f.only(&[
                "to",
                "requestAmount",
                "path",
                "reference",
                "feeAmount",
                "feeAddress",
                "maxRateTimespan",
                "maxToSpend",
            ])?;
            no_tron(Contract::EthConversionProxy)?;
            let data = IEthConversionProxy::transferWithReferenceAndFeeCall {
                _to: f.address("to")?,
                _requestAmount: f.uint("requestAmount")?,
                _path: f.addresses("path")?,
                _paymentReference: f.bytes("reference")?,
                _feeAmount: f.uint("feeAmount")?,
                _feeAddress: f.address("feeAddress")?,
                _maxRateTimespan: f.uint("maxRateTimespan")?,
            };
            let value = match (f.network, f.has("maxToSpend")) {
                (None, true) => {
                    return Err(field_error(
                        "maxToSpend",
                        "only meaningful with network (it sets value)",
                    ));
                }
                (Some(_), false) => {
                    return Err(field_error(
                        "maxToSpend",
                        "missing: needed with network to compute value",
                    ));
                }
                (Some(_), true) => Ok(f.uint("maxToSpend")?),
                (None, false) => Ok(U256::ZERO),
            };
            call(
                data.abi_encode(),
                contract(Contract::EthConversionProxy),
                value,
            )
        }
        "batch_erc20" | "batch_erc20_multi" | "batch_eth" => legacy_batch(kind, f)?,
        "batch_nc_erc20" | "batch_nc_multi_erc20" | "batch_nc_native" | "batch_conv_payments" => {
            conversion_batch(kind, f)?
        }
        "payment_reference" => {
            f.only(&["requestId", "salt", "address"])?;
            let reference =
                PaymentReference::derive(f.text("requestId")?, f.text("salt")?, f.text("address")?)
                    .map_err(|e| field_error("reference", e))?;
            Body::Result(reference.to_hex_digits())
        }
        "tron_address" => {
            f.only(&["address"])?;
            Body::Result(
                convert_tron_address(f.text("address")?).map_err(|e| field_error("address", e))?,
            )
        }
        "eip55" => {
            f.only(&["address"])?;
            let address = EvmAddress::parse(f.text("address")?).map_err(|e| match e {
                securepay::address::EvmAddressError::BadChecksum(_) => {
                    field_error("address", format!("mixed-case input with a {e}"))
                }
                other => field_error("address", other),
            })?;
            Body::Result(address.to_checksum())
        }
        other => return Err(field_error("kind", format!("unknown kind {other:?}"))),
    })
}

fn legacy_batch(kind: &str, f: &Fields<'_>) -> Result<Body, SpecError> {
    let multi = kind == "batch_erc20_multi";
    let native = kind == "batch_eth";
    f.only(if native {
        &["payees", "feeAddress", "batchFee"]
    } else if multi {
        &["payees", "feeAddress"]
    } else {
        &["token", "payees", "feeAddress"]
    })?;
    let payees = f.objects("payees")?;
    let mut tokens = Vec::new();
    let mut recipients = Vec::with_capacity(payees.len());
    let mut amounts = Vec::with_capacity(payees.len());
    let mut references = Vec::with_capacity(payees.len());
    let mut fees = Vec::with_capacity(payees.len());
    for payee in &payees {
        payee.only(if multi {
            &["token", "to", "amount", "reference", "feeAmount"]
        } else {
            &["to", "amount", "reference", "feeAmount"]
        })?;
        if multi {
            tokens.push(payee.address("token")?);
        }
        recipients.push(payee.address("to")?);
        amounts.push(payee.uint("amount")?);
        references.push(payee.bytes("reference")?);
        fees.push(payee.uint("feeAmount")?);
    }
    let fee_address = f.address("feeAddress")?;
    let destination = contract(Contract::BatchPayments);
    Ok(if multi {
        let data = Bp::batchERC20PaymentsMultiTokensWithReferenceCall {
            _tokenAddresses: tokens,
            _recipients: recipients,
            _amounts: amounts,
            _paymentReferences: references,
            _feeAmounts: fees,
            _feeAddress: fee_address,
        };
        call(data.abi_encode(), destination, Ok(U256::ZERO))
    } else if native {
        let data = Bp::batchEthPaymentsWithReferenceCall {
            _recipients: recipients,
            _amounts: amounts,
            _paymentReferences: references,
            _feeAmounts: fees,
            _feeAddress: fee_address,
        };
        native_batch(data.abi_encode(), destination, f)?
    } else {
        let data = Bp::batchERC20PaymentsWithReferenceCall {
            _tokenAddress: f.address("token")?,
            _recipients: recipients,
            _amounts: amounts,
            _paymentReferences: references,
            _feeAmounts: fees,
            _feeAddress: fee_address,
        };
        call(data.abi_encode(), destination, Ok(U256::ZERO))
    })
}

fn conversion_batch(kind: &str, f: &Fields<'_>) -> Result<Body, SpecError> {
    let destination = contract(Contract::BatchConversionPayments);
    Ok(match kind {
        "batch_nc_erc20" | "batch_nc_multi_erc20" => {
            f.only(&["requests", "pathsToUSD", "feeAddress"])?;
            let (details, paths, fee) = (
                f.request_details("requests")?,
                f.paths("pathsToUSD")?,
                f.address("feeAddress")?,
            );
            let data = if kind == "batch_nc_erc20" {
                Bcp::batchERC20PaymentsCall {
                    requestDetails: details,
                    pathsToUSD: paths,
                    feeAddress: fee,
                }
                .abi_encode()
            } else {
                Bcp::batchMultiERC20PaymentsCall {
                    requestDetails: details,
                    pathsToUSD: paths,
                    feeAddress: fee,
                }
                .abi_encode()
            };
            call(data, destination, Ok(U256::ZERO))
        }
        "batch_nc_native" => {
            f.only(&["requests", "skipFeeUSDLimit", "feeAddress", "batchFee"])?;
            let data = Bcp::batchNativePaymentsCall {
                requestDetails: f.request_details("requests")?,
                skipFeeUSDLimit: f.boolean("skipFeeUSDLimit")?,
                feeAddress: f.address("feeAddress")?,
            };
            native_batch(data.abi_encode(), destination, f)?
        }
        _ => {
            f.only(&["metaDetails", "pathsToUSD", "feeAddress", "batchFee"])?;
            let mut meta_details = Vec::new();
            for group in f.objects("metaDetails")? {
                group.only(&["paymentNetworkId", "requests"])?;
                meta_details.push(abi::MetaDetail {
                    paymentNetworkId: group.uint("paymentNetworkId")?,
                    requestDetails: group.request_details("requests")?,
                });
            }
            let data = Bcp::batchPaymentsCall {
                metaDetails: meta_details,
                pathsToUSD: f.paths("pathsToUSD")?,
                feeAddress: f.address("feeAddress")?,
            };
            native_batch(data.abi_encode(), destination, f)?
        }
    })
}

/// Base58 → `41…` hex; `41…` hex, `0x41…` hex or a `0x` 20-byte body → Base58.
fn convert_tron_address(text: &str) -> Result<String, String> {
    let digits = text.strip_prefix("0x").unwrap_or(text);
    let is_hex = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_hexdigit());
    if text.starts_with("0x") && is_hex && digits.len() == 40 {
        let body = EvmAddress::parse(&text.to_lowercase()).map_err(|e| e.to_string())?;
        return Ok(TronAddress::from_abi(body.into_inner()).to_base58());
    }
    if is_hex && digits.len() == 42 {
        return TronAddress::from_hex(text)
            .map(|a| a.to_base58())
            .map_err(|e| e.to_string());
    }
    TronAddress::parse(text)
        .map(|a| a.to_hex())
        .map_err(|e| e.to_string())
}
