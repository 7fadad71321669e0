//! The keys of the JSON objects the chain readers take: each known field read once, other
//! fields (providers add their own: `l1Fee`, `gasUsedForL1`, `blockTimestamp`…) accepted and
//! ignored, and no key given twice, known or not (serde_json would keep the last one).

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};

use crate::wire::json::StrictValue;

/// The most keys an object may have beyond the known ones.
pub(super) const MAX_OTHER_KEYS: usize = 64;

/// A field a reader knows: its name, and its bit in [`Seen`].
pub(super) trait Field: Copy {
    /// The field named `name`, if known.
    fn from_name(name: &str) -> Option<Self>;
    /// A distinct bit per field.
    fn bit(self) -> u64;
    /// The name as written in JSON.
    fn name(self) -> &'static str;
}

/// A key read from an object: a known field, or another key kept for the duplicate check.
pub(super) enum Key<'de, F> {
    Known(F),
    Other(Cow<'de, str>),
}

/// Reads a key without copying it when the input lends it.
pub(super) struct KeySeed<F>(pub(super) PhantomData<F>);

impl<'de, F: Field> DeserializeSeed<'de> for KeySeed<F> {
    type Value = Key<'de, F>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(KeyVisitor(PhantomData))
    }
}

struct KeyVisitor<F>(PhantomData<F>);

impl<'de, F: Field> Visitor<'de> for KeyVisitor<F> {
    type Value = Key<'de, F>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Self::Value, E> {
        Ok(F::from_name(key).map_or(Key::Other(Cow::Borrowed(key)), Key::Known))
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok(F::from_name(key).map_or_else(|| Key::Other(Cow::Owned(key.to_owned())), Key::Known))
    }
}

/// The keys seen so far in one object.
pub(super) struct Seen<'de> {
    known: u64,
    others: Vec<Cow<'de, str>>,
}

impl<'de> Seen<'de> {
    pub(super) fn new() -> Seen<'de> {
        Seen {
            known: 0,
            others: Vec::new(),
        }
    }

    /// Records a known field; a second time is an error.
    pub(super) fn known<F: Field, E: de::Error>(&mut self, field: F) -> Result<(), E> {
        if self.known & field.bit() != 0 {
            return Err(E::custom(format_args!(
                "duplicate field `{}`",
                field.name()
            )));
        }
        self.known |= field.bit();
        Ok(())
    }

    /// Whether a known field was seen.
    pub(super) fn has<F: Field>(&self, field: F) -> bool {
        self.known & field.bit() != 0
    }

    /// Records another key and skips its value (which may hold no key twice either).
    pub(super) fn skip_other<A: MapAccess<'de>>(
        &mut self,
        key: Cow<'de, str>,
        map: &mut A,
    ) -> Result<(), A::Error> {
        if self.others.contains(&key) {
            return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
        }
        if self.others.len() >= MAX_OTHER_KEYS {
            return Err(de::Error::custom(format_args!(
                "more than {MAX_OTHER_KEYS} fields besides the known ones"
            )));
        }
        self.others.push(key);
        map.next_value::<StrictValue>().map(drop)
    }
}

/// Declares a field enum for [`Seen`]: `fields!(LogField { Address = "address", … })`.
macro_rules! fields {
    ($name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        enum $name {
            $($variant),+
        }

        impl super::keys::Field for $name {
            fn from_name(name: &str) -> Option<Self> {
                match name {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }

            fn bit(self) -> u64 {
                1u64.checked_shl(self as u32).unwrap_or(0)
            }

            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }
    };
}
pub(super) use fields;
