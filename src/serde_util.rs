//! Serde helpers shared by the JSON models: `U256` as a decimal string, bytes as `0x` hex.

use alloy_primitives::{Bytes, U256};
use serde::Serializer;

/// Writes a `U256` as a decimal string.
pub(crate) fn u256_decimal<S: Serializer>(value: &U256, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Writes a list of `U256` as decimal strings.
pub(crate) fn u256_decimal_vec<S: Serializer>(
    values: &[U256],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(values.iter().map(|v| v.to_string()))
}

/// Writes bytes as lowercase `0x` hex.
pub(crate) fn bytes_hex<S: Serializer>(value: &Bytes, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Reads a field that the schema requires but allows to be `null`: absent is an error, `null`
/// is `None`. (Plain `Option` fields would take absent as `None`.)
pub(crate) fn nullable<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    <Option<T> as serde::Deserialize>::deserialize(deserializer)
}
