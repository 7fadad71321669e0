//! Strict JSON reading for the derived wire models of `webhook`, `policy` and the answers of
//! `api`: the error type that keeps serde_json's error (position and category), and the few
//! field readers serde's derive does not have: an object and never an array, a field that may
//! be absent but not `null`, and free-form JSON, kept fields and keyed maps that refuse a key
//! given twice (serde's derive refuses a modelled field given twice; `serde_json::Value`,
//! `Map` and `BTreeMap` keep the last one silently).

use crate::prelude::*;

use alloc::collections::BTreeMap;
use alloc::sync::Arc;
use core::fmt;
use core::marker::PhantomData;
use core::ops::Deref;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// A [`serde_json::Error`] that the error types of `policy` and `webhook` can hold while
/// staying `Clone` and `Eq`: shared behind an `Arc`, compared by category, position and
/// message.
///
/// It dereferences to the `serde_json::Error` (`line()`, `column()`, `classify()`), and the
/// error holding it gives that `serde_json::Error` itself as its
/// [`source()`](core::error::Error::source). It does not implement `Error` itself for that
/// reason: the chain is the holder, then serde_json's error.
///
/// ```
/// use std::error::Error;
/// use securepay_core::verify::{Expectation, ExpectationError};
///
/// let error = Expectation::from_str("{\n  \"network\": \"base\",\n  \"network\": \"base\"\n}").unwrap_err();
/// let ExpectationError::Json(json) = &error else { panic!("{error}") };
/// assert_eq!((json.line(), json.classify()), (3, serde_json::error::Category::Data));
/// assert!(json.to_string().starts_with("duplicate field `network`"));
/// let source = error.source().and_then(|s| s.downcast_ref::<serde_json::Error>());
/// assert_eq!(source.map(serde_json::Error::line), Some(3));
/// ```
#[derive(Clone)]
pub struct JsonError(Arc<serde_json::Error>);

impl JsonError {
    /// The `serde_json::Error`.
    ///
    /// ```
    /// use securepay_core::pay::{PayResponse, PayResponseError};
    ///
    /// let Err(PayResponseError::Json(error)) = PayResponse::from_slice(b"{\"transactions\": ") else { panic!() };
    /// assert!(error.get().is_eof());
    /// ```
    pub fn get(&self) -> &serde_json::Error {
        &self.0
    }
}

impl From<serde_json::Error> for JsonError {
    fn from(error: serde_json::Error) -> JsonError {
        JsonError(Arc::new(error))
    }
}

impl Deref for JsonError {
    type Target = serde_json::Error;

    fn deref(&self) -> &serde_json::Error {
        &self.0
    }
}

impl fmt::Debug for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl PartialEq for JsonError {
    fn eq(&self, other: &JsonError) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.classify() == other.classify()
                && self.line() == other.line()
                && self.column() == other.column()
                && self.to_string() == other.to_string())
    }
}

impl Eq for JsonError {}

/// A `T` read from a JSON object only. Serde's derive also reads a struct (and an internally
/// tagged enum) from an array of its fields in order; the wire models refuse that.
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = Object<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Object<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(Object)
            }
        }

        deserializer.deserialize_map(ObjectVisitor(PhantomData))
    }
}

/// Reads a JSON value that is an object into `Some(T)`, and any other JSON value into `None`.
pub struct IfObject<T>(pub Option<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for IfObject<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IfObjectVisitor<T>(PhantomData<T>);

        impl<'de, T: Deserialize<'de>> Visitor<'de> for IfObjectVisitor<T> {
            type Value = IfObject<T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<IfObject<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(|t| IfObject(Some(t)))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<IfObject<T>, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(IfObject(None))
            }

            fn visit_bool<E>(self, _: bool) -> Result<IfObject<T>, E> {
                Ok(IfObject(None))
            }

            fn visit_i64<E>(self, _: i64) -> Result<IfObject<T>, E> {
                Ok(IfObject(None))
            }

            fn visit_u64<E>(self, _: u64) -> Result<IfObject<T>, E> {
                Ok(IfObject(None))
            }

            fn visit_f64<E>(self, _: f64) -> Result<IfObject<T>, E> {
                Ok(IfObject(None))
            }

            fn visit_str<E>(self, _: &str) -> Result<IfObject<T>, E> {
                Ok(IfObject(None))
            }

            fn visit_unit<E>(self) -> Result<IfObject<T>, E> {
                Ok(IfObject(None))
            }
        }

        deserializer.deserialize_any(IfObjectVisitor(PhantomData))
    }
}

/// An optional field that may be absent but not `null` (`#[serde(default, deserialize_with =
/// "present")]`): plain `Option` fields take `null` as absent.
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

/// An optional and nullable field (`#[serde(default, deserialize_with = "nullable")]`):
/// absent is `None`, `null` is `Some(None)`.
pub fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

/// Free-form JSON (`#[serde(default, deserialize_with = "strict_value")]` on an
/// `Option<Value>`): `null` is `None`, as for a plain `Option<Value>`, and no key may be given
/// twice at any depth.
pub fn strict_value<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Option::<StrictValue>::deserialize(deserializer).map(|value| value.map(|StrictValue(v)| v))
}

/// Free-form JSON that must be given (`#[serde(deserialize_with = "strict")]` on a `Value`):
/// `null` is `Value::Null`, and no key may be given twice at any depth.
pub fn strict<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
    StrictValue::deserialize(deserializer).map(|StrictValue(value)| value)
}

/// A list of free-form JSON values (`#[serde(default, deserialize_with = "strict_values")]` on
/// an `Option<Vec<Value>>`): `null` is `None`, and no key may be given twice at any depth.
pub fn strict_values<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Vec<Value>>, D::Error> {
    Option::<Vec<StrictValue>>::deserialize(deserializer)
        .map(|values| values.map(|list| list.into_iter().map(|StrictValue(v)| v).collect()))
}

/// The fields a model does not know (`#[serde(flatten, deserialize_with = "unique_fields")]`),
/// or a free-form object (`#[serde(deserialize_with = "unique_fields")]` on a `Map`): no key
/// given twice at any depth.
pub fn unique_fields<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Map<String, Value>, D::Error> {
    deserializer.deserialize_map(MapOnly(StrictVisitor { skip: None }))
}

/// [`unique_fields`] of a webhook payload read from the whole body: its `event` field is the
/// envelope's, read before the payload, and not one of the payload's fields.
pub fn payload_fields<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Map<String, Value>, D::Error> {
    deserializer.deserialize_map(MapOnly(StrictVisitor {
        skip: Some("event"),
    }))
}

/// A field an answer's form requires, read as optional until the form is known: absent is
/// serde's own error (`missing field `x``).
pub fn required<T, E: de::Error>(value: Option<T>, field: &'static str) -> Result<T, E> {
    value.ok_or_else(|| E::missing_field(field))
}

/// The error of a key given twice, worded as serde's derive words a modelled field given twice.
pub fn duplicate<E: de::Error>(key: &str) -> E {
    E::custom(format_args!("duplicate field `{key}`"))
}

/// JSON text that is empty or only JSON whitespace: every reader of JSON text refuses it with
/// this error, worded alike (`empty input: expected …`), before serde_json would answer "EOF
/// while parsing a value at line 1 column 0".
///
/// ```
/// use securepay_core::EmptyInput;
/// use securepay_core::pay::{PayResponse, PayResponseError};
///
/// let error = PayResponse::from_str(" \n").unwrap_err();
/// assert_eq!(error.to_string(), "empty input: expected a pay response (a JSON object)");
/// let PayResponseError::Empty(empty) = error else { panic!("{error}") };
/// assert_eq!(empty.expected(), "a pay response (a JSON object)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("empty input: expected {expected}")]
pub struct EmptyInput {
    expected: &'static str,
}

impl EmptyInput {
    /// What the reader expected (`"a pay response (a JSON object)"`).
    ///
    /// ```
    /// use securepay_core::EmptyInput;
    /// use securepay_core::verify::{Expectation, ExpectationError};
    ///
    /// let Err(ExpectationError::Empty(empty)) = Expectation::from_str("") else { panic!() };
    /// assert_eq!(empty.expected(), "an expectation (a JSON object)");
    /// ```
    pub const fn expected(&self) -> &'static str {
        self.expected
    }

    /// `Err` when `json` is empty or only JSON whitespace (space, tab, line feed, carriage
    /// return): `expected` says what it should have held. For readers of JSON text outside the
    /// crate (the command line's, the npm package's) to word it alike.
    ///
    /// ```
    /// use securepay_core::EmptyInput;
    ///
    /// let error = EmptyInput::check(b" \t\r\n", "criteria (a JSON object)").unwrap_err();
    /// assert_eq!(error.to_string(), "empty input: expected criteria (a JSON object)");
    /// assert!(EmptyInput::check(b"{}", "criteria (a JSON object)").is_ok());
    /// ```
    pub fn check(json: &[u8], expected: &'static str) -> Result<(), EmptyInput> {
        if json
            .iter()
            .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        {
            return Err(EmptyInput { expected });
        }
        Ok(())
    }
}

/// The first key given twice in an object of `json` (JSON text that parses: a `RawValue`'s),
/// at any depth, or `None`: a check of free-form JSON kept as text, which builds no tree.
pub fn key_given_twice(json: &str) -> Option<String> {
    let twice = core::cell::RefCell::new(None);
    let mut deserializer = serde_json::Deserializer::from_str(json);
    // Any other error (none, for text a `RawValue` holds) is the reader's own to report.
    let _ = serde::de::DeserializeSeed::deserialize(
        unique_keys::Unique { twice: &twice },
        &mut deserializer,
    );
    twice.into_inner()
}

/// The reader behind [`key_given_twice`].
mod unique_keys {
    use alloc::borrow::Cow;
    use core::cell::RefCell;
    use core::fmt;

    use serde::Deserialize;
    use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

    use super::duplicate;
    use crate::prelude::*;

    /// Reads one value, recording in `twice` the first key given twice in one of its objects.
    #[derive(Clone, Copy)]
    pub(super) struct Unique<'a> {
        pub(super) twice: &'a RefCell<Option<String>>,
    }

    impl<'de> DeserializeSeed<'de> for Unique<'_> {
        type Value = ();

        fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
            deserializer.deserialize_any(self)
        }
    }

    impl<'de> Visitor<'de> for Unique<'_> {
        type Value = ();

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("any JSON value")
        }

        fn visit_bool<E>(self, _: bool) -> Result<(), E> {
            Ok(())
        }

        fn visit_i64<E>(self, _: i64) -> Result<(), E> {
            Ok(())
        }

        fn visit_u64<E>(self, _: u64) -> Result<(), E> {
            Ok(())
        }

        fn visit_f64<E>(self, _: f64) -> Result<(), E> {
            Ok(())
        }

        fn visit_str<E>(self, _: &str) -> Result<(), E> {
            Ok(())
        }

        fn visit_unit<E>(self) -> Result<(), E> {
            Ok(())
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            while seq.next_element_seed(self)?.is_some() {}
            Ok(())
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
            // The keys as the text lends them (copied only when escaped). The first
            // `INLINE_KEYS` are kept on the stack and each new one is compared with them (an
            // object of the service has a handful); past that, every key goes to a list sorted
            // once at the end: a key costs its `Cow` (24 bytes), not a set's node and a copy.
            const INLINE_KEYS: usize = 16;
            let mut inline: [Option<Cow<'de, str>>; INLINE_KEYS] = [const { None }; INLINE_KEYS];
            let mut count = 0usize;
            let mut spilled: Vec<Cow<'de, str>> = Vec::new();
            while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
                if spilled.is_empty() {
                    if inline.iter().flatten().any(|seen| *seen == key) {
                        return self.refuse(&key);
                    }
                    if let Some(slot) = inline.get_mut(count) {
                        *slot = Some(key);
                        count = count.saturating_add(1);
                    } else {
                        spilled.extend(inline.iter_mut().filter_map(Option::take));
                        spilled.push(key);
                    }
                } else {
                    spilled.push(key);
                }
                map.next_value_seed(self)?;
            }
            spilled.sort_unstable();
            let twice = spilled.windows(2).find_map(|pair| match pair {
                [a, b] if a == b => Some(a),
                _ => None,
            });
            match twice {
                Some(key) => self.refuse(key),
                None => Ok(()),
            }
        }
    }

    impl Unique<'_> {
        /// Records `key` as given twice and stops the reading.
        fn refuse<E: serde::de::Error>(self, key: &str) -> Result<(), E> {
            *self.twice.borrow_mut() = Some(key.to_owned());
            Err(duplicate(key))
        }
    }

    /// An object's key, lent by the text when it has no escape.
    struct Key<'de>(Cow<'de, str>);

    impl<'de> Deserialize<'de> for Key<'de> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key<'de>, D::Error> {
            struct Text;

            impl<'de> Visitor<'de> for Text {
                type Value = Key<'de>;

                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a key")
                }

                fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Key<'de>, E> {
                    Ok(Key(Cow::Borrowed(key)))
                }

                fn visit_str<E>(self, key: &str) -> Result<Key<'de>, E> {
                    Ok(Key(Cow::Owned(key.to_owned())))
                }
            }

            deserializer.deserialize_str(Text)
        }
    }
}

/// A map keyed by the service (`paymentOptions` by chain, then by token), no key given twice:
/// a `BTreeMap` keeps the last one.
pub struct UniqueMap<V>(pub BTreeMap<String, V>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for UniqueMap<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct UniqueMapVisitor<V>(PhantomData<V>);

        impl<'de, V: Deserialize<'de>> Visitor<'de> for UniqueMapVisitor<V> {
            type Value = UniqueMap<V>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueMap<V>, A::Error> {
                let mut entries = BTreeMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    if entries.contains_key(&key) {
                        return Err(duplicate(&key));
                    }
                    let value = map.next_value()?;
                    entries.insert(key, value);
                }
                Ok(UniqueMap(entries))
            }
        }

        deserializer.deserialize_map(UniqueMapVisitor(PhantomData))
    }
}

/// A JSON value with no key given twice in any of its objects (serde_json keeps the last one).
pub struct StrictValue(pub Value);

impl StrictValue {
    /// The value as a `T`, once the model it is read into is known (JSON read strictly first
    /// because two forms of an answer give the same key different models).
    pub fn into_model<T: DeserializeOwned, E: de::Error>(self) -> Result<T, E> {
        T::deserialize(self.0).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for StrictValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_any(StrictVisitor { skip: None })
            .map(StrictValue)
    }
}

/// Builds a [`Value`] (a [`Map`] for `deserialize_map`), refusing a key given twice; a key
/// equal to `skip` is read and left out.
#[derive(Clone, Copy)]
struct StrictVisitor {
    skip: Option<&'static str>,
}

impl<'de> DeserializeSeed<'de> for StrictVisitor {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(StrictVisitor { skip: None })
    }
}

impl StrictVisitor {
    fn entries<'de, A: MapAccess<'de>>(self, mut map: A) -> Result<Map<String, Value>, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if self.skip == Some(key.as_str()) {
                map.next_value::<IgnoredAny>()?;
                continue;
            }
            if object.contains_key(&key) {
                return Err(duplicate(&key));
            }
            let value = map.next_value_seed(StrictVisitor { skip: None })?;
            object.insert(key, value);
        }
        Ok(object)
    }
}

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element_seed(StrictVisitor { skip: None })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
        self.entries(map).map(Value::Object)
    }
}

/// `deserialize_map` of a flattened field: the visitor's value must be the map itself.
struct MapOnly(StrictVisitor);

impl<'de> Visitor<'de> for MapOnly {
    type Value = Map<String, Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Map<String, Value>, A::Error> {
        self.0.entries(map)
    }
}

#[cfg(test)]
mod tests {
    use super::key_given_twice;
    use crate::prelude::*;

    /// An object of `count` distinct keys `k0`…, then `extra` keys.
    fn object(count: usize, extra: &[&str]) -> String {
        let keys = (0..count).map(|i| format!("\"k{i}\":{i}")).chain(
            extra
                .iter()
                .map(|key| format!("\"{key}\":[{{\"{key}\":1}}]")),
        );
        format!("{{{}}}", keys.collect::<Vec<_>>().join(","))
    }

    /// A key given twice is found whether the object has few keys (compared one by one) or
    /// more than the 16 kept inline (sorted), whether the repeat comes before or after the
    /// 16th, escaped or not, and at any depth; the same key in two objects is no repeat.
    #[test]
    fn a_key_given_twice_is_found_in_small_and_large_objects() {
        for count in [0, 1, 15, 16, 17, 40] {
            assert_eq!(key_given_twice(&object(count, &[])), None, "{count} keys");
            assert_eq!(
                key_given_twice(&object(count, &["x", "x"])).as_deref(),
                Some("x"),
                "{count} keys"
            );
            if count > 0 {
                assert_eq!(
                    key_given_twice(&object(count, &["k0"])).as_deref(),
                    Some("k0"),
                    "{count} keys, the first again"
                );
                let last = format!("k{}", count - 1);
                assert_eq!(
                    key_given_twice(&object(count, &[last.as_str()])).as_deref(),
                    Some(last.as_str()),
                    "{count} keys, the last again"
                );
            }
            assert_eq!(
                key_given_twice(&format!("[{}]", object(count, &["a\\u0062", "ab"]))).as_deref(),
                Some("ab"),
                "{count} keys, the repeat escaped"
            );
        }
    }
}
