//! Short text kept inline: the informational strings of a pay response (amounts as the service
//! writes them, labels, ids, timestamps), read without a heap allocation each.

use crate::prelude::*;

use alloc::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The longest text a [`ShortText`] keeps inline, in bytes.
pub const INLINE_CAPACITY: usize = 30;

/// A string of text, kept inline when it is at most [`INLINE_CAPACITY`] bytes long (most of
/// what a pay response writes: `"827.50"`, `"platform fee"`, `"2026-03-15T10:00:00.000Z"`) and
/// on the heap otherwise. It reads as a `&str` (`Deref`), compares, hashes and orders as its
/// text, and (de)serializes as a JSON string.
///
/// ```
/// use securepay_core::text::ShortText;
///
/// let label: ShortText = serde_json::from_str(r#""platform fee""#)?;
/// assert_eq!(label, "platform fee");
/// assert!(label.starts_with("platform"));
/// let long = ShortText::from("0x9795d480C2C50392A4714A0F468059C6448DeCe2");
/// assert_eq!(long.len(), 42);
/// assert_eq!(serde_json::to_string(&long)?, r#""0x9795d480C2C50392A4714A0F468059C6448DeCe2""#);
/// assert_eq!(Some(label).as_deref(), Some("platform fee"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone)]
pub struct ShortText(Repr);

#[derive(Clone)]
enum Repr {
    /// `len` bytes of UTF-8 at the start of `bytes`.
    Inline {
        len: u8,
        bytes: [u8; INLINE_CAPACITY],
    },
    Heap(Box<str>),
}

impl ShortText {
    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Only whole UTF-8 text is ever stored: the fallback is never taken.
            Repr::Inline { len, bytes } => bytes
                .get(..usize::from(*len))
                .and_then(|b| core::str::from_utf8(b).ok())
                .unwrap_or_default(),
            Repr::Heap(text) => text,
        }
    }
}

impl From<&str> for ShortText {
    fn from(text: &str) -> ShortText {
        let mut bytes = [0u8; INLINE_CAPACITY];
        match (bytes.get_mut(..text.len()), u8::try_from(text.len())) {
            (Some(inline), Ok(len)) => {
                inline.copy_from_slice(text.as_bytes());
                ShortText(Repr::Inline { len, bytes })
            }
            _ => ShortText(Repr::Heap(text.into())),
        }
    }
}

impl From<String> for ShortText {
    fn from(text: String) -> ShortText {
        if text.len() <= INLINE_CAPACITY {
            ShortText::from(text.as_str())
        } else {
            ShortText(Repr::Heap(text.into_boxed_str()))
        }
    }
}

impl From<ShortText> for String {
    fn from(text: ShortText) -> String {
        match text.0 {
            Repr::Heap(text) => text.into_string(),
            Repr::Inline { .. } => text.as_str().to_owned(),
        }
    }
}

impl FromStr for ShortText {
    type Err = core::convert::Infallible;

    fn from_str(text: &str) -> Result<ShortText, Self::Err> {
        Ok(ShortText::from(text))
    }
}

impl Default for ShortText {
    fn default() -> ShortText {
        ShortText::from("")
    }
}

impl Deref for ShortText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for ShortText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for ShortText {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for ShortText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for ShortText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl PartialEq for ShortText {
    fn eq(&self, other: &ShortText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for ShortText {}

impl PartialEq<str> for ShortText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ShortText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for ShortText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<ShortText> for str {
    fn eq(&self, other: &ShortText) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<ShortText> for &str {
    fn eq(&self, other: &ShortText) -> bool {
        *self == other.as_str()
    }
}

impl PartialOrd for ShortText {
    fn partial_cmp(&self, other: &ShortText) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ShortText {
    fn cmp(&self, other: &ShortText) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for ShortText {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl Serialize for ShortText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ShortText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;

        impl serde::de::Visitor<'_> for Text {
            type Value = ShortText;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<ShortText, E> {
                Ok(ShortText::from(text))
            }

            fn visit_string<E: serde::de::Error>(self, text: String) -> Result<ShortText, E> {
                Ok(ShortText::from(text))
            }

            fn visit_bytes<E: serde::de::Error>(self, bytes: &[u8]) -> Result<ShortText, E> {
                core::str::from_utf8(bytes)
                    .map(ShortText::from)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Bytes(bytes), &self))
            }
        }

        deserializer.deserialize_str(Text)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::{INLINE_CAPACITY, Repr, ShortText};
    use crate::prelude::*;

    #[test]
    fn short_text_is_inline_and_long_text_on_the_heap() {
        let edge = "x".repeat(INLINE_CAPACITY);
        assert!(matches!(
            ShortText::from(edge.as_str()).0,
            Repr::Inline { .. }
        ));
        let over = "x".repeat(INLINE_CAPACITY + 1);
        assert!(matches!(ShortText::from(over.as_str()).0, Repr::Heap(_)));
        assert_eq!(ShortText::from(over.clone()), over);
        assert_eq!(String::from(ShortText::from(edge.as_str())), edge);
        assert_eq!(ShortText::from("é€").as_str(), "é€");
        assert_eq!(ShortText::default(), "");
    }

    #[test]
    fn escaped_text_reads_unescaped() {
        let text: ShortText = serde_json::from_str(r#""a\"b\u00e9""#).unwrap();
        assert_eq!(text, "a\"bé");
        assert!(serde_json::from_str::<ShortText>("1").is_err());
        let tree: ShortText = serde_json::from_value(serde_json::json!("tree")).unwrap();
        assert_eq!(tree, "tree");
    }
}
