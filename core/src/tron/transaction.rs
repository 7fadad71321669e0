//! A Tron transaction as TronWeb hands it to a wallet: `raw_data` (the JSON the person is
//! shown), `raw_data_hex` (the bytes that are signed), `txID` (their SHA-256), `signature[]`
//! and `visible` (whether `raw_data` writes addresses in Base58 or in `41…` hex).

use crate::prelude::*;

use alloy_primitives::{B256, Bytes, hex};
use prost::Message;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::proto::{
    self, Any, Contract, ContractType, Raw, TransferContract, TriggerSmartContract,
};
use crate::address::{TronAddress, TronAddressError};
use crate::wire::{JsonError, UnsafeJsonNumber};

/// The largest transaction JSON [`TronTransaction::from_slice`] reads: 256 KiB (a payment's
/// transaction is under 2 KiB).
pub const MAX_TRANSACTION_BYTES: usize = 256 * 1024;

/// Why text is not a TronWeb transaction.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TronTransactionError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// Not JSON of a TronWeb transaction's shape (a missing field, a wrong type, a field the
    /// shape does not define, a key given twice). The `serde_json::Error` (line, column,
    /// category) is the [`source()`](core::error::Error::source).
    #[error("tron transaction: {0}")]
    Json(#[source] JsonError),
    /// A field that is not what it must be (hex, a 32-byte id, a 65-byte signature, a
    /// contract type a payment uses).
    #[error("tron transaction {field}: {reason}")]
    Field {
        /// The field (`signature[1]`).
        field: String,
        /// What is wrong (with the value given, when it says which).
        reason: String,
    },
    /// An object of `raw_data` (`raw_data` itself, a contract's `parameter.value`) that is not
    /// of its shape. The `serde_json::Error` is the [`source()`](core::error::Error::source).
    #[error("tron transaction {field}: {source}")]
    FieldJson {
        /// The object (`raw_data.contract[0].parameter.value`).
        field: String,
        /// What serde_json found wrong.
        source: JsonError,
    },
    /// An address of `raw_data` that is not a Tron address (Base58 when `visible`, else `41…`
    /// hex). The address's error is the [`source()`](core::error::Error::source).
    #[error("tron transaction {field}: {source}")]
    Address {
        /// The field (`raw_data.contract[0].parameter.value.owner_address`).
        field: String,
        /// Why it is not an address.
        source: TronAddressError,
    },
    /// An integer of `raw_data` (`timestamp`, `fee_limit`, a contract's `call_value`, …) above
    /// `Number.MAX_SAFE_INTEGER` (2^53 - 1) in magnitude. TronLink shows `raw_data` and
    /// TronWeb re-encodes it to check `raw_data_hex`, both in JavaScript, where `JSON.parse`
    /// reads the number as a double: `raw_data` would match the signed bytes here and not
    /// there. The number and what JavaScript reads are the
    /// [`source()`](core::error::Error::source).
    #[error("tron transaction {field}: {source}")]
    UnsafeNumber {
        /// The field (`raw_data.contract[0].parameter.value.call_value`).
        field: String,
        /// The number, and what a JavaScript wallet reads for it.
        source: UnsafeJsonNumber,
    },
    /// More bytes than [`MAX_TRANSACTION_BYTES`].
    #[error("tron transaction: {0} bytes, above the {MAX_TRANSACTION_BYTES} bytes read")]
    TooLarge(usize),
}

fn field(field: impl Into<String>, reason: impl Into<String>) -> TronTransactionError {
    TronTransactionError::Field {
        field: field.into(),
        reason: reason.into(),
    }
}

/// `n`, the integer `field` of `raw_data`, if a JavaScript wallet reads it as `n` (see
/// [`TronTransactionError::UnsafeNumber`]).
fn safe(field: impl FnOnce() -> String, n: i64) -> Result<i64, TronTransactionError> {
    UnsafeJsonNumber::check_i64(n).map_err(|source| TronTransactionError::UnsafeNumber {
        field: field(),
        source,
    })
}

fn field_json(field: impl Into<String>, error: serde_json::Error) -> TronTransactionError {
    TronTransactionError::FieldJson {
        field: field.into(),
        source: error.into(),
    }
}

/// The JSON, as TronWeb writes it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TransactionJson {
    #[serde(default)]
    visible: bool,
    #[serde(rename = "txID")]
    tx_id: String,
    // Kept free-form (compared with raw_data_hex later), but no key may be given twice at any
    // depth, as `TronTransactionError::Json` says: a plain `Value` keeps the last one.
    #[serde(deserialize_with = "crate::wire::json::strict")]
    raw_data: Value,
    raw_data_hex: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    signature: Option<Vec<String>>,
}

/// `raw_data`: every field a payment transaction shows; any other is refused.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawJson {
    contract: Vec<ContractJson>,
    ref_block_bytes: String,
    #[serde(default)]
    ref_block_num: i64,
    ref_block_hash: String,
    expiration: i64,
    #[serde(default)]
    timestamp: i64,
    #[serde(default)]
    fee_limit: i64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContractJson {
    parameter: ParameterJson,
    #[serde(rename = "type")]
    kind: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ParameterJson {
    value: Value,
    type_url: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TriggerJson {
    owner_address: String,
    contract_address: String,
    #[serde(default)]
    data: Option<String>,
    #[serde(default)]
    call_value: i64,
    #[serde(default)]
    call_token_value: i64,
    #[serde(default)]
    token_id: i64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TransferJson {
    owner_address: String,
    to_address: String,
    amount: i64,
}

/// A TronWeb transaction, read: its parts as given, nothing checked yet but their shape
/// (the checks are [`verify_tron`](crate::verify::Verifier::verify_tron)'s, each a finding).
///
/// ```
/// use securepay_core::tron::TronTransaction;
///
/// let line = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/vectors/tron-transactions.jsonl"))?;
/// let vector: serde_json::Value = serde_json::from_str(line.lines().next().unwrap_or_default())?;
/// let tx = TronTransaction::from_value(&vector["transaction"])?;
/// assert_eq!(tx.tx_id().to_string(), "0x151fb1fc323aed619d9f22d9818e5a034e8dd78e2f43caade91152b9b4b3a291");
/// assert!(tx.tx_id_matches()); // sha256(raw_data_hex)
/// assert_eq!(tx.signatures().len(), 1);
/// assert_eq!(tx.signed_raw()?.fee_limit, 100_000_000);
/// assert_eq!(tx.shown_raw()?, tx.signed_raw()?); // raw_data shows what is signed
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TronTransaction {
    visible: bool,
    tx_id: B256,
    raw_data: Value,
    raw_data_hex: Bytes,
    signatures: Vec<[u8; 65]>,
}

impl TronTransaction {
    /// Reads TronWeb's transaction JSON (at most [`MAX_TRANSACTION_BYTES`]). A key given twice
    /// is refused, `raw_data`'s included.
    ///
    /// ```
    /// use securepay_core::tron::TronTransaction;
    ///
    /// let line = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/vectors/tron-transactions.jsonl"))?;
    /// let vector: serde_json::Value = serde_json::from_str(line.lines().next().unwrap_or_default())?;
    /// let text = serde_json::to_string(&vector["transaction"])?;
    /// assert!(TronTransaction::from_slice(text.as_bytes()).is_ok());
    /// let twice = text.replacen("\"fee_limit\":", "\"fee_limit\":1,\"fee_limit\":", 1);
    /// let refused = TronTransaction::from_slice(twice.as_bytes()).unwrap_err();
    /// assert!(refused.to_string().starts_with("tron transaction: duplicate field `fee_limit`"), "{refused}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_slice(bytes: &[u8]) -> Result<TronTransaction, TronTransactionError> {
        if bytes.len() > MAX_TRANSACTION_BYTES {
            return Err(TronTransactionError::TooLarge(bytes.len()));
        }
        crate::wire::EmptyInput::check(bytes, "a TronWeb transaction (a JSON object)")?;
        let json: TransactionJson =
            serde_json::from_slice(bytes).map_err(|e| TronTransactionError::Json(e.into()))?;
        TronTransaction::from_json(json)
    }

    /// Reads TronWeb's transaction JSON from text.
    pub fn from_str(text: &str) -> Result<TronTransaction, TronTransactionError> {
        TronTransaction::from_slice(text.as_bytes())
    }

    /// Reads TronWeb's transaction from a JSON value.
    pub fn from_value(value: &Value) -> Result<TronTransaction, TronTransactionError> {
        let json = TransactionJson::deserialize(value)
            .map_err(|e| TronTransactionError::Json(e.into()))?;
        TronTransaction::from_json(json)
    }

    fn from_json(json: TransactionJson) -> Result<TronTransaction, TronTransactionError> {
        let raw_data_hex = hex_bytes(&json.raw_data_hex).ok_or_else(|| {
            field(
                "raw_data_hex",
                "not hex bytes (an even number of hex digits)",
            )
        })?;
        let tx_id = hex_bytes(&json.tx_id)
            .and_then(|bytes| <[u8; 32]>::try_from(bytes.as_slice()).ok())
            .map(B256::from)
            .ok_or_else(|| field("txID", "not 32 bytes of hex (64 hex digits)"))?;
        let signatures = json
            .signature
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(i, text)| {
                hex_bytes(text)
                    .and_then(|bytes| <[u8; 65]>::try_from(bytes.as_slice()).ok())
                    .ok_or_else(|| {
                        field(
                            format!("signature[{i}]"),
                            "not 65 bytes of hex (r, s, v: 130 hex digits)",
                        )
                    })
            })
            .collect::<Result<_, _>>()?;
        Ok(TronTransaction {
            visible: json.visible,
            tx_id,
            raw_data: json.raw_data,
            raw_data_hex: raw_data_hex.into(),
            signatures,
        })
    }

    /// `txID` as given.
    pub fn tx_id(&self) -> B256 {
        self.tx_id
    }

    /// SHA-256 of the signed bytes: the id the signatures are over.
    pub fn computed_tx_id(&self) -> B256 {
        use sha2::Digest as _;
        B256::from(<[u8; 32]>::from(sha2::Sha256::digest(&self.raw_data_hex)))
    }

    /// Whether `txID` is SHA-256 of `raw_data_hex`.
    pub fn tx_id_matches(&self) -> bool {
        self.tx_id == self.computed_tx_id()
    }

    /// The signed bytes (`raw_data_hex`).
    pub fn raw_data_hex(&self) -> &Bytes {
        &self.raw_data_hex
    }

    /// `raw_data`, as given.
    pub fn raw_data(&self) -> &Value {
        &self.raw_data
    }

    /// Whether `raw_data` writes addresses in Base58.
    pub fn visible(&self) -> bool {
        self.visible
    }

    /// The signatures: `r`, `s`, `v` (65 bytes each), possibly none.
    pub fn signatures(&self) -> &[[u8; 65]] {
        &self.signatures
    }

    /// The signed bytes decoded strictly (see [`proto::decode_raw`]).
    pub fn signed_raw(&self) -> Result<Raw, proto::ProtoError> {
        proto::decode_raw(&self.raw_data_hex)
    }

    /// The message `raw_data` shows, as TronWeb's `txJsonToPb` builds it: its encoding is
    /// what signing what the person saw would sign. An integer a JavaScript wallet reads
    /// otherwise (above 2^53 - 1 in magnitude) is refused: there `raw_data` shows, and
    /// encodes to, another message ([`TronTransactionError::UnsafeNumber`]).
    ///
    /// ```
    /// use securepay_core::tron::{TronTransaction, TronTransactionError};
    ///
    /// let line = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/vectors/tron-transactions.jsonl"))?;
    /// let mut vector: serde_json::Value = serde_json::from_str(line.lines().next().unwrap_or_default())?;
    /// vector["transaction"]["raw_data"]["timestamp"] = 9007199254740993u64.into();
    /// let tx = TronTransaction::from_value(&vector["transaction"])?;
    /// let error = tx.shown_raw().unwrap_err();
    /// assert!(matches!(&error, TronTransactionError::UnsafeNumber { field, .. } if field == "raw_data.timestamp"));
    /// assert!(error.to_string().ends_with("a JavaScript wallet reads it as 9007199254740992, 1 less"), "{error}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shown_raw(&self) -> Result<Raw, TronTransactionError> {
        let raw = RawJson::deserialize(&self.raw_data).map_err(|e| field_json("raw_data", e))?;
        let at = |name: &'static str| move || format!("raw_data.{name}");
        let ref_block_num = safe(at("ref_block_num"), raw.ref_block_num)?;
        let expiration = safe(at("expiration"), raw.expiration)?;
        let timestamp = safe(at("timestamp"), raw.timestamp)?;
        let fee_limit = safe(at("fee_limit"), raw.fee_limit)?;
        let contract = raw
            .contract
            .iter()
            .enumerate()
            .map(|(i, c)| self.contract(i, c))
            .collect::<Result<_, _>>()?;
        Ok(Raw {
            ref_block_bytes: hex_bytes(&raw.ref_block_bytes)
                .ok_or_else(|| field("raw_data.ref_block_bytes", "not hex bytes"))?,
            ref_block_num,
            ref_block_hash: hex_bytes(&raw.ref_block_hash)
                .ok_or_else(|| field("raw_data.ref_block_hash", "not hex bytes"))?,
            expiration,
            contract,
            timestamp,
            fee_limit,
        })
    }

    fn contract(&self, i: usize, c: &ContractJson) -> Result<Contract, TronTransactionError> {
        let at = |name: &str| format!("raw_data.contract[{i}].{name}");
        let value = &c.parameter.value;
        let (kind, value) = match c.kind.as_str() {
            "TriggerSmartContract" => {
                let v = TriggerJson::deserialize(value)
                    .map_err(|e| field_json(at("parameter.value"), e))?;
                let message = TriggerSmartContract {
                    owner_address: self
                        .address(&at("parameter.value.owner_address"), &v.owner_address)?,
                    contract_address: self
                        .address(&at("parameter.value.contract_address"), &v.contract_address)?,
                    call_value: safe(|| at("parameter.value.call_value"), v.call_value)?,
                    data: match &v.data {
                        Some(data) => hex_bytes(data)
                            .ok_or_else(|| field(at("parameter.value.data"), "not hex bytes"))?,
                        None => Vec::new(),
                    },
                    call_token_value: safe(
                        || at("parameter.value.call_token_value"),
                        v.call_token_value,
                    )?,
                    token_id: safe(|| at("parameter.value.token_id"), v.token_id)?,
                };
                (ContractType::TriggerSmartContract, message.encode_to_vec())
            }
            "TransferContract" => {
                let v = TransferJson::deserialize(value)
                    .map_err(|e| field_json(at("parameter.value"), e))?;
                let message = TransferContract {
                    owner_address: self
                        .address(&at("parameter.value.owner_address"), &v.owner_address)?,
                    to_address: self.address(&at("parameter.value.to_address"), &v.to_address)?,
                    amount: safe(|| at("parameter.value.amount"), v.amount)?,
                };
                (ContractType::TransferContract, message.encode_to_vec())
            }
            other => {
                return Err(field(
                    at("type"),
                    format!(
                        "{other:?} is not a contract type a payment uses (TriggerSmartContract, TransferContract)"
                    ),
                ));
            }
        };
        Ok(Contract {
            r#type: kind as i32,
            parameter: Some(Any {
                type_url: c.parameter.type_url.clone(),
                value,
            }),
        })
    }

    /// An address of `raw_data`: Base58 when `visible`, else `41…` hex; as its 21 bytes.
    fn address(&self, at: &str, text: &str) -> Result<Vec<u8>, TronTransactionError> {
        let address = match self.visible {
            true => TronAddress::parse(text),
            false => TronAddress::from_hex(text),
        }
        .map_err(|source| TronTransactionError::Address {
            field: at.to_owned(),
            source,
        })?;
        Ok(address_bytes(&address).to_vec())
    }

    /// The body of the broadcast endpoint's `signedTransaction`: the transaction as given.
    #[doc(hidden)]
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "raw_data_hex": hex::encode(&self.raw_data_hex),
            "signature": self.signatures.iter().map(hex::encode).collect::<Vec<_>>(),
            "txID": hex::encode(self.tx_id),
            "raw_data": self.raw_data,
        })
    }
}

/// The 21 bytes a Tron address is in a transaction: `0x41` and its 20-byte body.
pub fn address_bytes(address: &TronAddress) -> [u8; 21] {
    let mut bytes = [0x41; 21];
    if let Some(body) = bytes.get_mut(1..) {
        body.copy_from_slice(address.abi().as_slice());
    }
    bytes
}

/// The Tron address of 21 transaction bytes (`0x41` and 20), if they are one.
pub fn address_of(bytes: &[u8]) -> Option<TronAddress> {
    match bytes {
        [0x41, body @ ..] if body.len() == 20 => Some(TronAddress::from_abi(
            alloy_primitives::Address::from_slice(body),
        )),
        _ => None,
    }
}

/// Hex digits (an optional `0x`), an even number of them.
fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    crate::serde_util::hex_digits(text.strip_prefix("0x").unwrap_or(text))
}
