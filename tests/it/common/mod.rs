//! Helpers shared by the integration tests: the copies of `../shared` in `tests/data/`.
#![allow(dead_code)]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::PathBuf;

use serde_json::Value;

/// The path of a file under the library's `tests/data/` (from the library or from `cli/`).
pub fn data_path(relative: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = if root.join("tests/data").is_dir() {
        root.join("tests/data")
    } else {
        root.join("../tests/data")
    };
    data.join(relative)
}

/// A JSON file under `tests/data/`.
pub fn read_json(relative: &str) -> Value {
    let text = std::fs::read_to_string(data_path(relative))
        .unwrap_or_else(|e| panic!("cannot read tests/data/{relative}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("tests/data/{relative} is not JSON: {e}"))
}

/// The service's API description, `tests/data/reference/openapi.v2.json` (a verbatim copy of
/// the published `openapi.v2.json`, version 0.13.0), parsed once.
pub fn api_description() -> &'static Value {
    static DESCRIPTION: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    DESCRIPTION.get_or_init(|| read_json("reference/openapi.v2.json"))
}

/// The lines of `vectors/abi-calls.jsonl`, parsed.
pub fn abi_vectors() -> Vec<Value> {
    let text =
        std::fs::read_to_string(data_path("vectors/abi-calls.jsonl")).expect("abi-calls.jsonl");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("vector line is JSON"))
        .collect()
}

/// The vectors of `abi-calls.jsonl` whose input kind is `kind`.
pub fn abi_vectors_of(kind: &str) -> Vec<Value> {
    abi_vectors()
        .into_iter()
        .filter(|v| v["input"]["kind"] == kind)
        .collect()
}

/// A string field of a JSON value.
pub fn s<'a>(value: &'a Value, field: &str) -> &'a str {
    value[field]
        .as_str()
        .unwrap_or_else(|| panic!("field {field} is not a string in {value}"))
}

/// The text of `../shared/<relative>` (beside the repository), or `None` where `../shared` is
/// absent. Under CI (`CI` set) an absent `../shared` fails the test: a comparison with it must
/// never pass silently there.
pub fn shared_text(relative: &str) -> Option<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let candidates = [root.join("../shared"), root.join("../../shared")];
    shared_text_in(&candidates, std::env::var_os("CI").is_some(), relative)
}

/// [`shared_text`] with the places `shared` may be and whether CI is set given.
pub fn shared_text_in(candidates: &[PathBuf], ci: bool, relative: &str) -> Option<String> {
    let Some(shared) = candidates.iter().find(|dir| dir.is_dir()) else {
        assert!(
            !ci,
            "../shared is missing and CI is set: the comparison with {relative} cannot be skipped"
        );
        eprintln!("../shared is absent: nothing to compare with {relative}");
        return None;
    };
    let path = shared.join(relative);
    Some(
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())),
    )
}

/// A JSON value's members (an object's, in order) or elements (an array's), as their text.
enum Parts {
    Object(Vec<(String, Box<serde_json::value::RawValue>)>),
    Array(Vec<Box<serde_json::value::RawValue>>),
}

impl<'de> serde::Deserialize<'de> for Parts {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Parts, D::Error> {
        struct Of;
        impl<'de> serde::de::Visitor<'de> for Of {
            type Value = Parts;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object or an array")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Parts, A::Error> {
                let mut members = Vec::new();
                while let Some(member) = map.next_entry()? {
                    members.push(member);
                }
                Ok(Parts::Object(members))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Parts, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Parts::Array(items))
            }
        }
        deserializer.deserialize_any(Of)
    }
}

/// `text` once for every object in it (itself included), with that object's first member given
/// twice (again at its end), and the key given twice: what every reader of JSON must refuse
/// naming the key (issue 34, item 2). The rest of the text is as it was.
pub fn twice_everywhere(text: &str) -> Vec<(String, String)> {
    let trimmed = text.trim();
    if !trimmed.starts_with(['{', '[']) {
        return Vec::new();
    }
    let Ok(parts) = serde_json::from_str::<Parts>(trimmed) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match parts {
        Parts::Object(members) => {
            let write = |members: &[(String, String)]| {
                let members: Vec<String> = members
                    .iter()
                    .map(|(key, value)| {
                        format!("{}:{value}", serde_json::Value::from(key.as_str()))
                    })
                    .collect();
                format!("{{{}}}", members.join(","))
            };
            let members: Vec<(String, String)> = members
                .into_iter()
                .map(|(key, value)| (key, value.get().to_owned()))
                .collect();
            if let Some(first) = members.first() {
                let mut doubled = members.clone();
                doubled.push(first.clone());
                out.push((first.0.clone(), write(&doubled)));
            }
            for (at, (_, value)) in members.iter().enumerate() {
                for (key, inner) in twice_everywhere(value) {
                    let mut changed = members.clone();
                    changed[at].1 = inner;
                    out.push((key, write(&changed)));
                }
            }
        }
        Parts::Array(items) => {
            let items: Vec<String> = items.into_iter().map(|i| i.get().to_owned()).collect();
            for (at, item) in items.iter().enumerate() {
                for (key, inner) in twice_everywhere(item) {
                    let mut changed = items.clone();
                    changed[at] = inner;
                    out.push((key, format!("[{}]", changed.join(","))));
                }
            }
        }
    }
    out
}
