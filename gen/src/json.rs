//! JSON read with the order of object members kept, so the tables follow the files' order.
//! (serde_json's own `Value` sorts members unless its `preserve_order` feature is on, and that
//! feature would reach the library too through the workspace's feature unification.)

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::GenError;

/// A JSON value whose objects keep their members in file order.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A non-negative integer.
    Unsigned(u64),
    /// A negative integer.
    Signed(i64),
    /// Any other number.
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, members in file order.
    Object(Vec<(String, Json)>),
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Unsigned(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(Json::Signed(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
        Ok(Json::Float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::Str(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::Str(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut members = Vec::new();
        while let Some(member) = map.next_entry::<String, Json>()? {
            members.push(member);
        }
        Ok(Json::Object(members))
    }
}

/// Typed reads of a [`Json`] value that name the file and the entry when they fail.
#[derive(Clone)]
pub(crate) struct At<'a> {
    file: &'static str,
    path: String,
    value: &'a Json,
}

impl<'a> At<'a> {
    pub fn new(file: &'static str, value: &'a Json) -> Self {
        At {
            file,
            path: String::new(),
            value,
        }
    }

    pub fn error(&self, why: impl fmt::Display) -> GenError {
        let path = if self.path.is_empty() {
            "."
        } else {
            &self.path
        };
        GenError::Fact {
            file: self.file,
            what: format!("{path}: {why}"),
        }
    }

    /// The member `key`, absent or `null` as `None`.
    pub fn get(&self, key: &str) -> Option<At<'a>> {
        match self.value {
            Json::Object(members) => members
                .iter()
                .find(|(k, v)| k == key && *v != Json::Null)
                .map(|(_, value)| At {
                    file: self.file,
                    path: format!("{}.{key}", self.path),
                    value,
                }),
            _ => None,
        }
    }

    /// The member `key`, which must be there.
    pub fn req(&self, key: &str) -> Result<At<'a>, GenError> {
        self.get(key)
            .ok_or_else(|| self.error(format_args!("no {key:?}")))
    }

    /// The members of an object, in file order.
    pub fn members(&self) -> Result<Vec<(&'a str, At<'a>)>, GenError> {
        match self.value {
            Json::Object(members) => Ok(members
                .iter()
                .map(|(key, value)| {
                    (
                        key.as_str(),
                        At {
                            file: self.file,
                            path: format!("{}.{key}", self.path),
                            value,
                        },
                    )
                })
                .collect()),
            _ => Err(self.error("not an object")),
        }
    }

    /// The items of an array.
    pub fn items(&self) -> Result<Vec<At<'a>>, GenError> {
        match self.value {
            Json::Array(items) => Ok(items
                .iter()
                .enumerate()
                .map(|(i, value)| At {
                    file: self.file,
                    path: format!("{}[{i}]", self.path),
                    value,
                })
                .collect()),
            _ => Err(self.error("not an array")),
        }
    }

    pub fn str(&self) -> Result<&'a str, GenError> {
        match self.value {
            Json::Str(s) => Ok(s),
            _ => Err(self.error("not a string")),
        }
    }

    pub fn u64(&self) -> Result<u64, GenError> {
        match self.value {
            Json::Unsigned(n) => Ok(*n),
            _ => Err(self.error("not a non-negative integer")),
        }
    }

    pub fn bool(&self) -> Result<bool, GenError> {
        match self.value {
            Json::Bool(b) => Ok(*b),
            _ => Err(self.error("not a boolean")),
        }
    }

    /// The strings of an array of strings.
    pub fn strs(&self) -> Result<Vec<&'a str>, GenError> {
        self.items()?.iter().map(At::str).collect()
    }
}
