//! `{"kind": …, fields}` read without buffering the object. serde's internally tagged enums
//! collect every field into an intermediate tree before choosing the variant; here, when
//! `kind` is the first key (as every writer of these lines puts it), the rest of the object
//! is deserialized straight into the kind's struct. Otherwise: from text, the object is
//! rewritten with `kind` first from its members' text ([`kind_first`]: each value's text as
//! given, a key given twice refused) and read the same way; from a [`Value`] ([`Tagged`]), the
//! object is collected into a JSON map and read from that. The same answers either way.

use crate::prelude::*;

use alloc::borrow::Cow;
use alloc::collections::BTreeSet;
use core::fmt;
use core::marker::PhantomData;

use serde::de::value::{CowStrDeserializer, MapAccessDeserializer};
use serde::de::{self, Deserialize, Deserializer, EnumAccess, MapAccess, VariantAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::text::Text;
use super::wire::Kind;

/// A call description, its variant chosen by its `kind` field wherever it is.
#[derive(Debug)]
pub(super) struct Tagged<'a>(pub(super) Kind<'a>);

impl<'de: 'a, 'a> Deserialize<'de> for Tagged<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_map(TaggedVisitor::<true>)
            .map(Tagged)
    }
}

/// A call description whose first key is `kind`; any other first key is the error
/// [`KIND_NOT_FIRST`]. Its reader has no intermediate tree (a smaller WebAssembly package).
#[derive(Debug)]
pub(super) struct KindFirst<'a>(pub(super) Kind<'a>);

/// The error of [`KindFirst`] for an object whose first key is not `kind`.
pub(super) const KIND_NOT_FIRST: &str = "`kind` is not the first key";

impl<'de: 'a, 'a> Deserialize<'de> for KindFirst<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_map(TaggedVisitor::<false>)
            .map(KindFirst)
    }
}

/// The members of a JSON object, each value's text as given; a key given twice is refused.
struct Members<'a>(Vec<(Text<'a>, &'a RawValue)>);

impl<'de: 'a, 'a> Deserialize<'de> for Members<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MembersVisitor;
        impl<'de> Visitor<'de> for MembersVisitor {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a call description {\"kind\": …, fields}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members<'de>, A::Error> {
                let mut members: Vec<(Text<'de>, &'de RawValue)> = Vec::new();
                let mut seen = BTreeSet::new();
                while let Some(key) = map.next_key::<Text>()? {
                    let value = map.next_value()?;
                    if !seen.insert(key.0.clone()) {
                        return Err(de::Error::custom(format_args!(
                            "duplicate field `{}`",
                            &*key
                        )));
                    }
                    members.push((key, value));
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(MembersVisitor)
    }
}

/// The object `text` with its `kind` member first, as JSON text (the other members in their
/// order, every value's text as given). Errors are located at the object's end, as reading
/// the rewritten text would locate them elsewhere.
pub(super) fn kind_first(text: &str) -> Result<String, serde_json::Error> {
    let Members(members) = serde_json::from_str(text)?;
    let kind = members
        .iter()
        .position(|(key, _)| &**key == "kind")
        .ok_or_else(|| de::Error::missing_field("kind"))?;
    let mut out = String::with_capacity(text.len());
    out.push('{');
    let order = core::iter::once(kind).chain((0..members.len()).filter(|i| *i != kind));
    for (n, i) in order.enumerate() {
        if let Some((key, value)) = members.get(i) {
            if n > 0 {
                out.push(',');
            }
            // A string always serializes.
            out.push_str(&serde_json::to_string(&**key).unwrap_or_default());
            out.push(':');
            out.push_str(value.get());
        }
    }
    out.push('}');
    Ok(out)
}

struct TaggedVisitor<const ANY_ORDER: bool>;

impl<'de, const ANY_ORDER: bool> Visitor<'de> for TaggedVisitor<ANY_ORDER> {
    type Value = Kind<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a call description {\"kind\": …, fields}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Kind<'de>, A::Error> {
        let Some(Text(first)) = map.next_key::<Text>()? else {
            return Err(de::Error::missing_field("kind"));
        };
        if first == "kind" {
            let Text(kind) = map.next_value()?;
            // No kind's struct has a field `kind`: met again, it was given twice.
            return Kind::deserialize(Variant {
                kind,
                fields: MapAccessDeserializer::new(map),
                error: PhantomData,
            })
            .map_err(|error: A::Error| {
                if error.to_string().starts_with("unknown field `kind`") {
                    de::Error::duplicate_field("kind")
                } else {
                    error
                }
            });
        }
        if !ANY_ORDER {
            return Err(de::Error::custom(KIND_NOT_FIRST));
        }
        let mut fields = Map::new();
        let mut kind = None;
        let mut key = Some(first);
        while let Some(name) = key {
            if name == "kind" {
                let Text(text) = map.next_value()?;
                if kind.replace(text).is_some() {
                    return Err(de::Error::duplicate_field("kind"));
                }
            } else {
                let value: Value = map.next_value()?;
                if let Some(_twice) = fields.insert(name.clone().into_owned(), value) {
                    return Err(de::Error::custom(format_args!("duplicate field `{name}`")));
                }
            }
            key = map.next_key::<Text>()?.map(|Text(name)| name);
        }
        let kind = kind.ok_or_else(|| de::Error::missing_field("kind"))?;
        Kind::deserialize(Variant {
            kind,
            fields: Value::Object(fields),
            error: PhantomData,
        })
        .map_err(de::Error::custom)
    }
}

/// The enum [`Kind`] seen as `{kind: fields}`: its variant named by `kind`, its struct read
/// from `fields`.
struct Variant<'de, F, E> {
    kind: Cow<'de, str>,
    fields: F,
    error: PhantomData<E>,
}

impl<'de, F: Deserializer<'de, Error = E>, E: de::Error> Deserializer<'de> for Variant<'de, F, E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

impl<'de, F: Deserializer<'de, Error = E>, E: de::Error> EnumAccess<'de> for Variant<'de, F, E> {
    type Error = E;
    type Variant = Fields<F>;

    fn variant_seed<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Fields<F>), E> {
        let variant = seed.deserialize(CowStrDeserializer::<E>::new(self.kind))?;
        Ok((variant, Fields(self.fields)))
    }
}

/// The fields of the chosen kind.
struct Fields<F>(F);

impl<'de, F: Deserializer<'de>> VariantAccess<'de> for Fields<F> {
    type Error = F::Error;

    fn unit_variant(self) -> Result<(), F::Error> {
        Err(de::Error::custom("a kind without fields"))
    }

    fn newtype_variant_seed<S: de::DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<S::Value, F::Error> {
        seed.deserialize(self.0)
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        _visitor: V,
    ) -> Result<V::Value, F::Error> {
        Err(de::Error::custom("a kind of tuple fields"))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, F::Error> {
        Err(de::Error::custom("a kind of inline struct fields"))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]
mod tests {
    use super::super::wire::KINDS;
    use super::Tagged;
    use crate::prelude::*;
    use serde::Deserialize;
    use serde_json::{Map, Value, json};

    /// A value of the right JSON type for a field (serde checks types, not contents).
    fn dummy(field: &str) -> Value {
        match field {
            "path" | "payees" | "requests" | "metaDetails" | "pathsToUSD" => json!([]),
            "skipFeeUSDLimit" => json!(false),
            _ => json!("x"),
        }
    }

    /// The names serde lists after "expected" in an unknown-field or unknown-variant message
    /// (`` `a` ``, `` `a` or `b` ``, `` one of `a`, `b`, `c` ``).
    fn expected(message: &str) -> Vec<String> {
        let (_, list) = message.split_once("expected ").unwrap_or(("", ""));
        let list = list.strip_prefix("one of ").unwrap_or(list);
        let mut names: Vec<String> = list
            .split(", ")
            .flat_map(|part| part.split(" or "))
            .map(|name| name.trim().trim_matches('`').to_owned())
            .collect();
        names.sort();
        names
    }

    fn object(kind: &str, fields: &[&str]) -> Value {
        let mut object = Map::new();
        object.insert("kind".into(), json!(kind));
        for field in fields {
            object.insert((*field).into(), dummy(field));
        }
        Value::Object(object)
    }

    /// The help table lists each kind's fields exactly (serde's unknown-field message names
    /// every field a kind takes), and a line with only the required fields has the shape.
    #[test]
    fn the_help_table_is_the_structs() {
        let mut kinds: Vec<&str> = KINDS.iter().map(|(kind, _, _)| *kind).collect();
        for (kind, required, optional) in KINDS {
            let error = Tagged::deserialize(&object(kind, &["zzz"]))
                .unwrap_err()
                .to_string();
            let fields = expected(&error);
            let mut listed: Vec<String> = required
                .iter()
                .chain(optional.iter())
                .chain(["network"].iter())
                .map(|f| (*f).to_owned())
                .collect();
            listed.sort();
            assert_eq!(fields, listed, "{kind}: {error}");
            assert!(
                Tagged::deserialize(&object(kind, required)).is_ok(),
                "{kind}"
            );
            for field in optional.iter() {
                let mut all = required.to_vec();
                all.push(field);
                assert!(
                    Tagged::deserialize(&object(kind, &all)).is_ok(),
                    "{kind}.{field}"
                );
            }
        }
        // Every kind of the enum is in the table (serde names the variants it expects).
        let error = Tagged::deserialize(&json!({"kind": "zzz"}))
            .unwrap_err()
            .to_string();
        kinds.sort_unstable();
        assert_eq!(expected(&error), kinds);
    }
}
