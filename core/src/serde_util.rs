//! Serde helpers shared by the JSON models: `U256` as a decimal string, bytes as `0x` hex.

use crate::prelude::*;

use alloy_primitives::{Bytes, U256};
use serde::Serializer;

/// Writes a `U256` as a decimal string.
pub fn u256_decimal<S: Serializer>(value: &U256, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Whether JSON text opens an object: its first byte after JSON whitespace is `{`. The
/// readers of request and response bodies check this before serde, which would also take a
/// struct written as an array of its fields in order.
pub fn opens_object(json: &[u8]) -> bool {
    json.iter()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        == Some(&b'{')
}

/// Writes an optional `U256` as a decimal string, or `null`.
pub fn u256_decimal_opt<S: Serializer>(
    value: &Option<U256>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.collect_str(value),
        None => serializer.serialize_none(),
    }
}

/// Writes a list of `U256` as decimal strings.
pub fn u256_decimal_vec<S: Serializer>(values: &[U256], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(values.iter().map(|v| v.to_string()))
}

/// Writes one entry of an object: out of line, so that a field costs a call rather than the
/// entry's code inlined at every field (the size budget of the WebAssembly package counts it).
/// Objects written this way are maps (`serialize_map`): `serde_json` writes a struct as the
/// same JSON, but every struct field of it carries a branch for raw values.
#[inline(never)]
pub fn entry<M: serde::ser::SerializeMap, T: serde::Serialize + ?Sized>(
    map: &mut M,
    key: &'static str,
    value: &T,
) -> Result<(), M::Error> {
    map.serialize_entry(key, value)
}

/// Writes bytes as lowercase `0x` hex.
pub fn bytes_hex<S: Serializer>(value: &Bytes, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Reads a string and makes it a value with `parse`, without copying the text: serde's own
/// `String` and `Cow<str>` impls allocate a copy even when the input could lend it. Errors
/// read as serde's own (`invalid type: integer `5`, expected a string`) or as `parse`'s.
pub fn parse_str<'de, D, T, E>(
    deserializer: D,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    E: core::fmt::Display,
{
    struct Text<F>(F);

    impl<'de, T, E: core::fmt::Display, F: FnOnce(&str) -> Result<T, E>> serde::de::Visitor<'de>
        for Text<F>
    {
        type Value = T;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a string")
        }

        fn visit_str<Er: serde::de::Error>(self, text: &str) -> Result<T, Er> {
            (self.0)(text).map_err(Er::custom)
        }

        fn visit_bytes<Er: serde::de::Error>(self, bytes: &[u8]) -> Result<T, Er> {
            match core::str::from_utf8(bytes) {
                Ok(text) => self.visit_str(text),
                Err(_) => Err(Er::invalid_value(
                    serde::de::Unexpected::Bytes(bytes),
                    &self,
                )),
            }
        }
    }

    deserializer.deserialize_str(Text(parse))
}

/// Decodes the hex digits that follow a `0x` the caller has already stripped: only
/// `[0-9a-fA-F]`, an even number of them. `alloy_primitives::hex::decode` alone would strip a
/// second `0x`/`0X` itself and read `0x0x12` as `0x12`, so that prefix is refused here; every
/// other character is checked by the decoder itself (one pass, not a second scan).
pub fn hex_digits(digits: &str) -> Option<Vec<u8>> {
    if matches!(digits.as_bytes(), [b'0', b'x' | b'X', ..]) {
        return None;
    }
    alloy_primitives::hex::decode(digits).ok()
}

/// Reads a field that the schema requires but allows to be `null`: absent is an error, `null`
/// is `None`. (Plain `Option` fields would take absent as `None`.)
pub fn nullable<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    <Option<T> as serde::Deserialize>::deserialize(deserializer)
}

/// A shape written with its `paymentType` tag first and its own fields after it (the pay
/// responses and the secure-payment display data).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentTypeTagged<'a, T: serde::Serialize> {
    pub payment_type: &'static str,
    #[serde(flatten)]
    pub shape: &'a T,
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::prelude::*;
    /// A decimal number read through `parse_str`.
    #[derive(Debug, PartialEq)]
    struct Digits(u64);

    impl<'de> serde::Deserialize<'de> for Digits {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            super::parse_str(deserializer, |text| text.parse().map(Digits))
        }
    }

    #[test]
    fn parse_str_reads_lent_copied_and_tree_text_alike() {
        let lent: Digits = serde_json::from_str("\"1234\"").unwrap();
        // An escape makes serde_json copy the text instead of lending it.
        let copied: Digits = serde_json::from_str("\"\\u0031234\"").unwrap();
        let tree: Digits = serde_json::from_value(serde_json::json!("1234")).unwrap();
        let bytes: Digits = serde_json::from_slice(b"\"1234\"").unwrap();
        assert_eq!(
            [lent, copied, tree, bytes],
            [Digits(1234), Digits(1234), Digits(1234), Digits(1234)]
        );
    }

    #[test]
    fn parse_str_says_what_was_wrong() {
        let error = serde_json::from_str::<Digits>("5").unwrap_err().to_string();
        assert_eq!(
            error,
            "invalid type: integer `5`, expected a string at line 1 column 1"
        );
        let error = serde_json::from_str::<Digits>("\"12a\"")
            .unwrap_err()
            .to_string();
        assert_eq!(error, "invalid digit found in string at line 1 column 5");
    }
}
