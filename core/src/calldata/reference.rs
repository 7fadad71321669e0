//! Payment references: the 8 bytes that tie an on-chain payment to a request.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use alloy_primitives::{B256, Bytes, keccak256};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Why a payment reference could not be derived or parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReferenceError {
    /// An input of the derivation is empty.
    #[error("payment reference: {0} is empty")]
    EmptyInput(&'static str),
    /// Text that is not 16 hex digits (with or without `0x`).
    #[error("payment reference {0:?} is not 8 bytes of hex (0x followed by 16 hex digits)")]
    Malformed(String),
}

/// An 8-byte payment reference.
///
/// Derived as the last 8 bytes of keccak256 over the UTF-8 lowercase concatenation
/// `requestId + salt + address` (every input non-empty), exactly as the service computes it.
/// `Display` and serde write `0x` + 16 lowercase hex digits; parsing accepts that, with or
/// without `0x`, in either case.
///
/// ```
/// use securepay_core::calldata::PaymentReference;
///
/// let reference = PaymentReference::derive("abcd", "salt", "0xf17f52151EbEF6C7334FAD080c5704D77216b732")?;
/// assert_eq!(reference.to_string(), "0x86dfbccad783599a");
/// assert_eq!("86DFBCCAD783599A".parse::<PaymentReference>()?, reference);
/// # Ok::<(), securepay_core::calldata::ReferenceError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PaymentReference([u8; 8]);

impl PaymentReference {
    /// Wraps 8 bytes.
    pub const fn new(bytes: [u8; 8]) -> PaymentReference {
        PaymentReference(bytes)
    }

    /// Derives the reference of a request: last 8 bytes of
    /// `keccak256(lowercase(request_id + salt + address))`.
    pub fn derive(
        request_id: &str,
        salt: &str,
        address: &str,
    ) -> Result<PaymentReference, ReferenceError> {
        for (name, input) in [
            ("requestId", request_id),
            ("salt", salt),
            ("address", address),
        ] {
            if input.is_empty() {
                return Err(ReferenceError::EmptyInput(name));
            }
        }
        let text = format!("{request_id}{salt}{address}").to_lowercase();
        let hash = keccak256(text.as_bytes());
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(hash.get(24..).unwrap_or(&[0; 8]));
        Ok(PaymentReference(bytes))
    }

    /// Parses `0x` + 16 hex digits (the `0x` is optional; either case).
    pub fn parse(text: &str) -> Result<PaymentReference, ReferenceError> {
        let digits = text.strip_prefix("0x").unwrap_or(text);
        let mut bytes = [0u8; 8];
        if digits.len() != 16 {
            return Err(ReferenceError::Malformed(text.to_owned()));
        }
        alloy_primitives::hex::decode_to_slice(digits, &mut bytes)
            .map_err(|_| ReferenceError::Malformed(text.to_owned()))?;
        Ok(PaymentReference(bytes))
    }

    /// The 8 bytes.
    pub const fn bytes(&self) -> [u8; 8] {
        self.0
    }

    /// The 16 hex digits without `0x`, as the service's SDK stores references.
    pub fn to_hex_digits(&self) -> String {
        alloy_primitives::hex::encode(self.0)
    }

    /// The indexed event topic of the reference: keccak256 of its 8 bytes.
    pub fn topic(&self) -> B256 {
        keccak256(self.0)
    }
}

impl From<PaymentReference> for Bytes {
    fn from(reference: PaymentReference) -> Self {
        Bytes::copy_from_slice(&reference.0)
    }
}

impl fmt::Display for PaymentReference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{}", self.to_hex_digits())
    }
}

impl fmt::Debug for PaymentReference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PaymentReference({self})")
    }
}

impl FromStr for PaymentReference {
    type Err = ReferenceError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PaymentReference::parse(s)
    }
}

impl Serialize for PaymentReference {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PaymentReference {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, PaymentReference::parse)
    }
}
