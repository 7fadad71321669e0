//! A transaction to sign: target, calldata, native value.

use crate::prelude::*;

use alloc::borrow::Cow;
use core::fmt;

use alloy_primitives::{Bytes, U256};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::address::{ChainAddress, ChainAddressError};
use crate::amount::{UintError, parse_uint};
use crate::wire::JsonError;
pub use crate::wire::UnsafeJsonNumber;

/// A call to sign and send: `to` (EIP-55 on EVM networks, Base58 on Tron), the calldata, and
/// the native value in smallest units.
///
/// Serde reads the API's forms of `value` (a decimal or `0x` hex string, a JSON number up to
/// `Number.MAX_SAFE_INTEGER`, or the ethers form `{"type":"BigNumber","hex":"0x…"}`) and writes
/// it back as a decimal string. A bare number above 2^53 - 1 is refused ([`UnsafeJsonNumber`]):
/// a wallet that reads the response with `JSON.parse` would sign another value. A
/// transaction object holds exactly what is verified: any other field (`chainId`, `gas`,
/// `gasPrice`, `type`, `nonce`, `authorizationList`, …) is refused, never ignored.
///
/// ```
/// use securepay_core::transaction::Transaction;
///
/// let signed_elsewhere = r#"{"to":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814","data":"0x","value":"0","chainId":1}"#;
/// let error = serde_json::from_str::<Transaction>(signed_elsewhere).unwrap_err();
/// assert!(error.to_string().contains("unknown field `chainId`"), "{error}");
/// ```
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::{Builder, NativeFeePayment};
/// use securepay_core::network::Network;
///
/// let builder = Builder::new(Network::Sepolia);
/// let payee = "0x29eAb540117632a112eA29bA8BE686a1B66467A7".parse()?;
/// let tx = builder.native_fee(&NativeFeePayment::new(payee, U256::from(200_000_000_000_000_000u64), "0xe23a6b02059c2b30".parse()?))?;
/// assert_eq!(tx.to.to_string(), "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687"); // EthereumFeeProxy on Sepolia
/// assert_eq!(tx.value, U256::from(200_000_000_000_000_000u64));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Transaction {
    /// The contract called.
    pub to: ChainAddress,
    /// The calldata: selector and ABI-encoded arguments.
    pub data: Bytes,
    /// The native value sent with the call, in smallest units.
    pub value: U256,
}

impl fmt::Display for Transaction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "to {} value {} data {}", self.to, self.value, self.data)
    }
}

/// The wire form of a transaction: `to` and `data` as strings, `value` in any of the forms the
/// API uses. Nothing else: a field a wallet might also sign (`chainId`, `gas`, `gasPrice`,
/// `type`, `nonce`, `authorizationList`, …) is refused, never ignored, because the transaction
/// verified must be exactly the transaction signed.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WireTransaction<'a> {
    #[serde(borrow)]
    to: Cow<'a, str>,
    #[serde(borrow)]
    data: Cow<'a, str>,
    #[serde(borrow)]
    value: TxValue<'a>,
}

/// `value` as the API writes it: a decimal or `0x` hex string, a JSON number (checked for
/// JavaScript by `Transaction::from_wire`), or the ethers v5
/// form `{"type":"BigNumber","hex":"0x…"}`. Read by a visitor of its own (not `untagged`, which
/// buffers the value and builds an error per variant tried).
#[derive(Serialize)]
#[serde(untagged)]
enum TxValue<'a> {
    Number(u64),
    Text(Cow<'a, str>),
    BigNumber(BigNumber<'a>),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BigNumber<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    #[serde(borrow)]
    hex: Cow<'a, str>,
}

impl<'de: 'a, 'a> Deserialize<'de> for TxValue<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor<'a>(core::marker::PhantomData<&'a ()>);

        impl<'de: 'a, 'a> serde::de::Visitor<'de> for Visitor<'a> {
            type Value = TxValue<'a>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a decimal or 0x hex string, a non-negative integer, or {\"type\":\"BigNumber\",\"hex\":\"0x…\"}",
                )
            }

            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<TxValue<'a>, E> {
                Ok(TxValue::Number(n))
            }

            fn visit_borrowed_str<E: serde::de::Error>(
                self,
                s: &'de str,
            ) -> Result<TxValue<'a>, E> {
                Ok(TxValue::Text(Cow::Borrowed(s)))
            }

            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<TxValue<'a>, E> {
                Ok(TxValue::Text(Cow::Owned(s.to_owned())))
            }

            fn visit_string<E: serde::de::Error>(self, s: String) -> Result<TxValue<'a>, E> {
                Ok(TxValue::Text(Cow::Owned(s)))
            }

            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                map: M,
            ) -> Result<TxValue<'a>, M::Error> {
                BigNumber::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(TxValue::BigNumber)
            }
        }

        deserializer.deserialize_any(Visitor(core::marker::PhantomData))
    }
}

/// Why a transaction's fields could not be read.
///
/// ```
/// use securepay_core::transaction::{Transaction, TransactionError};
///
/// let to = "0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2";
/// let err = Transaction::from_parts(to, "0x095ea7b", &serde_json::json!(0)).unwrap_err();
/// assert_eq!(err, TransactionError::Data); // odd number of hex digits
/// let err = Transaction::from_parts(to, "0x", &serde_json::json!(-1)).unwrap_err();
/// assert!(matches!(err, TransactionError::ValueForm(_)));
/// // 2^53 + 1: `JSON.parse` reads 2^53.
/// let err = Transaction::from_parts(to, "0x", &serde_json::json!(9007199254740993u64)).unwrap_err();
/// assert!(matches!(&err, TransactionError::UnsafeNumber(n) if n.read_as == 9007199254740992));
/// // A cause is kept typed: `source()` is the address's own error.
/// let err = Transaction::from_parts("0x123", "0x", &serde_json::json!(0)).unwrap_err();
/// assert!(matches!(err, TransactionError::To(_)));
/// assert!(std::error::Error::source(&err).is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TransactionError {
    /// `to` is neither an EVM nor a Tron address.
    #[error("to: {0}")]
    To(#[source] ChainAddressError),
    /// `data` is not `0x` followed by an even number of hex digits.
    #[error("data: not 0x-prefixed even-length hex")]
    Data,
    /// `value` is text that is not a uint (decimal, or `0x` hex), or above 256 bits.
    #[error("value: {0}")]
    Value(#[source] UintError),
    /// `value` is none of the accepted forms (a string, a JSON number, a `BigNumber` object):
    /// serde_json's message; its error is the [`source()`](core::error::Error::source).
    #[error("value: {0}")]
    ValueForm(#[source] JsonError),
    /// `value` is a bare JSON number above `Number.MAX_SAFE_INTEGER` (2^53 - 1): a wallet that
    /// reads the response with `JSON.parse` holds a double, and signs the double's integer
    /// (the number and that integer are the [`source()`](core::error::Error::source)).
    #[error("value: {0}")]
    UnsafeNumber(#[source] UnsafeJsonNumber),
    /// `value` is an object that is not a `BigNumber` (`{"type":"BigNumber","hex":"0x…"}`):
    /// its `type` and `hex` as given.
    #[error(
        "value: expected {{\"type\":\"BigNumber\",\"hex\":\"0x…\"}}, found type {kind:?} hex {hex:?}"
    )]
    NotBigNumber {
        /// Its `type`.
        kind: String,
        /// Its `hex`.
        hex: String,
    },
}

impl Transaction {
    /// Reads the API's fields: `to` (EVM hex or Tron Base58), `data` (`0x` hex), `value` (a
    /// decimal or `0x` hex string, a JSON number up to 2^53 - 1, or
    /// `{"type":"BigNumber","hex":"0x…"}`).
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use serde_json::json;
    /// use securepay_core::transaction::Transaction;
    ///
    /// let to = "0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2"; // EthereumFeeProxy on Base
    /// let tx = Transaction::from_parts(to, "0x", &json!("200000000000000000"))?;
    /// assert_eq!(tx.value, U256::from(200_000_000_000_000_000u64));
    /// let big = json!({"type": "BigNumber", "hex": "0x2c68af0bb140000"});
    /// assert_eq!(Transaction::from_parts(to, "0x", &big)?.value, tx.value);
    /// let tron = Transaction::from_parts("TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd", "0x", &json!(0))?;
    /// assert!(tron.to.is_tron());
    /// # Ok::<(), securepay_core::transaction::TransactionError>(())
    /// ```
    pub fn from_parts(
        to: &str,
        data: &str,
        value: &serde_json::Value,
    ) -> Result<Transaction, TransactionError> {
        let value =
            TxValue::deserialize(value).map_err(|e| TransactionError::ValueForm(e.into()))?;
        Transaction::from_wire(to, data, value)
    }

    fn from_wire(
        to: &str,
        data: &str,
        value: TxValue<'_>,
    ) -> Result<Transaction, TransactionError> {
        let to = ChainAddress::parse_any(to).map_err(TransactionError::To)?;
        let data = data
            .strip_prefix("0x")
            .and_then(crate::serde_util::hex_digits)
            .ok_or(TransactionError::Data)?;
        let value = match value {
            // What a JavaScript wallet reads as this very integer, or refused.
            TxValue::Number(n) => {
                U256::from(UnsafeJsonNumber::check_u64(n).map_err(TransactionError::UnsafeNumber)?)
            }
            TxValue::Text(text) => parse_uint(&text).map_err(TransactionError::Value)?,
            TxValue::BigNumber(big) => {
                if big.kind != "BigNumber" || !big.hex.starts_with("0x") {
                    return Err(TransactionError::NotBigNumber {
                        kind: big.kind.into_owned(),
                        hex: big.hex.into_owned(),
                    });
                }
                parse_uint(&big.hex).map_err(TransactionError::Value)?
            }
        };
        Ok(Transaction {
            to,
            data: data.into(),
            value,
        })
    }
}

impl Serialize for Transaction {
    /// `{"to","data","value"}` with `value` as a decimal string.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        WireTransaction {
            to: Cow::Owned(self.to.to_string()),
            data: Cow::Owned(self.data.to_string()),
            value: TxValue::Text(Cow::Owned(self.value.to_string())),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Transaction {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = WireTransaction::deserialize(deserializer)?;
        Transaction::from_wire(&wire.to, &wire.data, wire.value).map_err(serde::de::Error::custom)
    }
}
