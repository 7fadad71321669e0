//! Serde helpers shared by the JSON models: `U256` as a decimal string, bytes as `0x` hex.

use alloy_primitives::{Bytes, U256};
use serde::Serializer;

/// Writes a `U256` as a decimal string.
pub(crate) fn u256_decimal<S: Serializer>(value: &U256, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Whether JSON text opens an object: its first byte after JSON whitespace is `{`. The
/// readers of request and response bodies check this before serde, which would also take a
/// struct written as an array of its fields in order.
pub(crate) fn opens_object(json: &[u8]) -> bool {
    json.iter()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        == Some(&b'{')
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

/// Decodes the hex digits that follow a `0x` the caller has already stripped: only
/// `[0-9a-fA-F]`, an even number of them. `alloy_primitives::hex::decode` alone would strip a
/// second `0x`/`0X` itself and read `0x0x12` as `0x12`.
pub(crate) fn hex_digits(digits: &str) -> Option<Vec<u8>> {
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    alloy_primitives::hex::decode(digits).ok()
}

/// Reads a field that the schema requires but allows to be `null`: absent is an error, `null`
/// is `None`. (Plain `Option` fields would take absent as `None`.)
pub(crate) fn nullable<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    <Option<T> as serde::Deserialize>::deserialize(deserializer)
}

/// A shape written with its `paymentType` tag first and its own fields after it (the pay
/// responses and the secure-payment display data).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PaymentTypeTagged<'a, T: serde::Serialize> {
    pub(crate) payment_type: &'static str,
    #[serde(flatten)]
    pub(crate) shape: &'a T,
}
