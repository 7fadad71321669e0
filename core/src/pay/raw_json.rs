//! JSON a pay response carries that the SDK keeps as sent, unread: `metadata.rawStep` and
//! `metadata.bridge` (the schema leaves both open).

use crate::prelude::*;

use core::fmt;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::wire::json::{duplicate, key_given_twice};

/// The deepest nesting of arrays and objects a [`RawJson`] holds. serde_json builds a tree at
/// most 127 levels deep: within it, a raw value read as part of a response (body, `metadata`,
/// the field) can always be built into a tree, and read through a tree too.
pub const MAX_RAW_JSON_DEPTH: usize = 100;

/// A JSON value kept as its text: checked to be JSON nested at most [`MAX_RAW_JSON_DEPTH`]
/// levels deep, never built into a tree.
///
/// A tree ([`serde_json::Value`]) of text the service chose can take 20 to 90 times the text's
/// bytes in memory (every `{"a":0}` is a map of its own); the text takes what it takes in the
/// body. [`RawJson::to_value`] builds the tree for a caller who wants it.
///
/// ```
/// use securepay_core::pay::RawJson;
///
/// let step: RawJson = serde_json::from_str(r#"{"tool": "across", "estimate": {"toAmount": "10"}}"#)?;
/// assert_eq!(step.get(), r#"{"tool": "across", "estimate": {"toAmount": "10"}}"#);
/// assert_eq!(step.to_value()?["estimate"]["toAmount"], "10");
/// // Written back exactly as read.
/// assert_eq!(serde_json::to_string(&step)?, step.get());
/// assert!(serde_json::from_str::<RawJson>(r#"{"tool": }"#).is_err());
/// // A key given twice, at any depth, is refused.
/// let twice = serde_json::from_str::<RawJson>(r#"{"a": {"b": 1, "b": 2}}"#).unwrap_err();
/// assert!(twice.to_string().starts_with("duplicate field `b`"));
/// let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
/// assert!(serde_json::from_str::<RawJson>(&deep).unwrap_err().to_string().contains("nested deeper than 100"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Serialize)]
#[serde(transparent)]
pub struct RawJson(Box<RawValue>);

impl<'de> Deserialize<'de> for RawJson {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RawJson, D::Error> {
        RawJson::checked(Box::<RawValue>::deserialize(deserializer)?)
    }
}

impl RawJson {
    /// Reads JSON text, keeping it as it is.
    ///
    /// ```
    /// use securepay_core::pay::RawJson;
    ///
    /// assert_eq!(RawJson::parse("[1, 2]")?.get(), "[1, 2]");
    /// assert!(RawJson::parse("[1, 2").is_err());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<RawJson, serde_json::Error> {
        RawJson::checked(RawValue::from_string(text.to_owned())?)
    }

    /// `raw`, if it is nested at most [`MAX_RAW_JSON_DEPTH`] levels deep and gives no key twice
    /// in any of its objects (the README: every reader refuses a field given twice).
    fn checked<E: serde::de::Error>(raw: Box<RawValue>) -> Result<RawJson, E> {
        if depth_exceeds(raw.get().as_bytes(), MAX_RAW_JSON_DEPTH) {
            return Err(E::custom(format_args!(
                "JSON nested deeper than {MAX_RAW_JSON_DEPTH} levels"
            )));
        }
        if let Some(key) = key_given_twice(raw.get()) {
            return Err(duplicate(&key));
        }
        Ok(RawJson(raw))
    }

    /// The JSON text, as sent.
    pub fn get(&self) -> &str {
        self.0.get()
    }

    /// The JSON as a tree (it may take many times the text's size in memory).
    pub fn to_value(&self) -> Result<Value, serde_json::Error> {
        serde_json::from_str(self.get())
    }
}

/// Two values are equal when their texts are: `{"a":1}` and `{"a": 1}` differ.
impl PartialEq for RawJson {
    fn eq(&self, other: &RawJson) -> bool {
        self.get() == other.get()
    }
}

impl Eq for RawJson {}

impl fmt::Debug for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawJson").field(&self.get()).finish()
    }
}

impl fmt::Display for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get())
    }
}

/// Whether valid JSON text nests arrays and objects more than `max` levels deep (brackets in
/// strings do not count).
fn depth_exceeds(json: &[u8], max: usize) -> bool {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for &byte in json {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth = depth.saturating_add(1);
                if depth > max {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::depth_exceeds;

    #[test]
    fn depth_counts_brackets_outside_strings_only() {
        assert!(!depth_exceeds(br#"[[1], {"a": [2]}]"#, 3));
        assert!(depth_exceeds(br#"[[1], {"a": [[2]]}]"#, 3));
        assert!(!depth_exceeds(br#"["[[[[", "\\", "\"[[[["]"#, 1));
        assert!(depth_exceeds(br#"[["\\"]]"#, 1));
    }
}
