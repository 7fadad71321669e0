//! A validator for the part of OpenAPI 3.0's schema objects that the service's description
//! uses in its request bodies and parameters (`$ref`, `type`, `nullable`, `enum`, `required`,
//! `properties`, `additionalProperties`, `items`, `minItems`/`maxItems`,
//! `minLength`/`maxLength`, `pattern`, `minimum`/`maximum`/`exclusiveMinimum`, `anyOf`/`oneOf`/
//! `allOf`, `format` `date-time`/`uuid`/`uri`/`email`), so that the tests can check every
//! request the crate builds against the description, as a validating mock server would.
//!
//! A keyword the validator does not know fails the check: a description that starts using one
//! must not pass unchecked.

use serde_json::Value;

/// The keywords this validator reads or deliberately ignores (documentation only).
const KNOWN: &[&str] = &[
    "$ref",
    "type",
    "nullable",
    "enum",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "anyOf",
    "oneOf",
    "allOf",
    "format",
    // Documentation: no effect on validity.
    "description",
    "example",
    "examples",
    "default",
    "title",
    "deprecated",
];

/// The errors of `value` against `schema` (empty when valid), each with its JSON pointer.
pub(crate) fn errors(description: &Value, schema: &Value, value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    check(description, schema, value, "", &mut out, 0);
    out
}

/// The schema a `$ref` (or a chain of them) names; the schema itself when it is not a `$ref`.
pub(crate) fn resolve<'a>(description: &'a Value, mut schema: &'a Value) -> &'a Value {
    for _ in 0..16 {
        let Some(reference) = schema.get("$ref").and_then(Value::as_str) else {
            return schema;
        };
        schema = description
            .pointer(reference.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("unresolved {reference}"));
    }
    panic!("a chain of more than 16 $ref")
}

fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn check(
    description: &Value,
    schema: &Value,
    value: &Value,
    at: &str,
    out: &mut Vec<String>,
    depth: usize,
) {
    assert!(depth < 64, "schema nesting at {at}");
    let schema = resolve(description, schema);
    let Some(object) = schema.as_object() else {
        return; // `true`/`{}`: anything
    };
    for key in object.keys() {
        assert!(
            KNOWN.contains(&key.as_str()),
            "schema keyword {key} at {at} is not checked by tests/it/api/schema.rs"
        );
    }
    if value.is_null() {
        if schema["nullable"] != true && schema.get("type").is_some() {
            out.push(format!("{at}: null where the schema is not nullable"));
        }
        return;
    }
    if let Some(all) = schema["allOf"].as_array() {
        for part in all {
            check(description, part, value, at, out, depth + 1);
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(choices) = schema[key].as_array() {
            let passing = choices
                .iter()
                .filter(|choice| {
                    let mut inner = Vec::new();
                    check(description, choice, value, at, &mut inner, depth + 1);
                    inner.is_empty()
                })
                .count();
            let ok = if key == "oneOf" {
                passing == 1
            } else {
                passing >= 1
            };
            if !ok {
                out.push(format!("{at}: {passing} of the {key} choices match"));
            }
        }
    }
    if let Some(expected) = schema["type"].as_str() {
        let actual = type_of(value);
        let fits = actual == expected || (expected == "number" && actual == "integer");
        if !fits {
            out.push(format!("{at}: {actual} where the schema says {expected}"));
            return;
        }
    }
    if let Some(allowed) = schema["enum"].as_array() {
        if !allowed.contains(value) {
            out.push(format!("{at}: {value} is not one of {allowed:?}"));
        }
    }
    match value {
        Value::String(text) => string(schema, text, at, out),
        Value::Number(number) => {
            let n = number.as_f64().unwrap_or(f64::NAN);
            if let Some(min) = schema["minimum"].as_f64() {
                let exclusive = schema["exclusiveMinimum"] == true;
                if n < min || (exclusive && n == min) {
                    out.push(format!("{at}: {n} below the minimum {min}"));
                }
            }
            if let Some(max) = schema["maximum"].as_f64() {
                if n > max {
                    out.push(format!("{at}: {n} above the maximum {max}"));
                }
            }
        }
        Value::Array(items) => {
            if let Some(min) = schema["minItems"].as_u64() {
                if (items.len() as u64) < min {
                    out.push(format!("{at}: {} items, fewer than {min}", items.len()));
                }
            }
            if let Some(max) = schema["maxItems"].as_u64() {
                if (items.len() as u64) > max {
                    out.push(format!("{at}: {} items, more than {max}", items.len()));
                }
            }
            if let Some(item) = schema.get("items") {
                for (i, value) in items.iter().enumerate() {
                    check(
                        description,
                        item,
                        value,
                        &format!("{at}/{i}"),
                        out,
                        depth + 1,
                    );
                }
            }
        }
        Value::Object(fields) => {
            for name in schema["required"].as_array().into_iter().flatten() {
                let name = name.as_str().unwrap();
                if !fields.contains_key(name) {
                    out.push(format!("{at}: the required {name} is missing"));
                }
            }
            let properties = schema["properties"].as_object();
            for (name, value) in fields {
                let inner = format!("{at}/{name}");
                match properties.and_then(|p| p.get(name)) {
                    Some(property) => check(description, property, value, &inner, out, depth + 1),
                    None => match schema.get("additionalProperties") {
                        Some(Value::Bool(true)) => {}
                        Some(extra @ Value::Object(_)) => {
                            check(description, extra, value, &inner, out, depth + 1)
                        }
                        Some(Value::Bool(false)) => {
                            out.push(format!("{inner}: not a property of the schema"))
                        }
                        _ => {}
                    },
                }
            }
        }
        Value::Null | Value::Bool(_) => {}
    }
}

fn string(schema: &Value, text: &str, at: &str, out: &mut Vec<String>) {
    let length = text.chars().count() as u64;
    if let Some(min) = schema["minLength"].as_u64() {
        if length < min {
            out.push(format!("{at}: {length} characters, fewer than {min}"));
        }
    }
    if let Some(max) = schema["maxLength"].as_u64() {
        if length > max {
            out.push(format!("{at}: {length} characters, more than {max}"));
        }
    }
    if let Some(pattern) = schema["pattern"].as_str() {
        let regex = regex::Regex::new(pattern).unwrap_or_else(|e| panic!("{pattern}: {e}"));
        if !regex.is_match(text) {
            out.push(format!("{at}: {text:?} does not match {pattern}"));
        }
    }
    let valid = match schema["format"].as_str() {
        None => true,
        Some("date-time") => date_time(text),
        Some("uuid") => {
            let groups: Vec<&str> = text.split('-').collect();
            groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12])
                && groups
                    .iter()
                    .all(|g| g.chars().all(|c| c.is_ascii_hexdigit()))
        }
        Some("uri") => text.contains("://") && !text.chars().any(char::is_whitespace),
        Some("email") => {
            let (user, host) = text.split_once('@').unwrap_or_default();
            !user.is_empty() && host.contains('.') && !text.chars().any(char::is_whitespace)
        }
        Some(other) => panic!("format {other} at {at} is not checked by tests/it/api/schema.rs"),
    };
    if !valid {
        out.push(format!("{at}: {text:?} is not a {}", schema["format"]));
    }
}

/// RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`.
fn date_time(text: &str) -> bool {
    let regex = regex::Regex::new(
        r"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$",
    )
    .unwrap();
    regex.is_match(text)
}

/// The value a query parameter's text stands for under its schema (`"true"` for a boolean,
/// `"10"` for an integer), so that it can be validated as JSON.
pub(crate) fn query_value(description: &Value, schema: &Value, text: &str) -> Value {
    let schema = resolve(description, schema);
    match schema["type"].as_str() {
        Some("boolean") => match text {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => Value::String(text.to_owned()),
        },
        Some("integer" | "number") => serde_json::from_str::<serde_json::Number>(text)
            .map(Value::Number)
            .unwrap_or_else(|_| Value::String(text.to_owned())),
        _ => Value::String(text.to_owned()),
    }
}

#[test]
fn the_validator_refuses_what_the_schema_forbids() {
    let description = serde_json::json!({"components": {"schemas": {"Item": {
        "type": "object",
        "required": ["amount"],
        "properties": {
            "amount": {"type": "string", "minLength": 1, "pattern": "^[0-9]+$"},
            "when": {"type": "string", "format": "date-time", "nullable": true},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}, "maxItems": 2},
            "count": {"type": "integer", "minimum": 0, "exclusiveMinimum": true},
            "closed": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false}
        }
    }}}});
    let schema = serde_json::json!({"$ref": "#/components/schemas/Item"});
    let valid = serde_json::json!({"amount": "10", "when": null, "tags": ["a"], "count": 1});
    assert_eq!(errors(&description, &schema, &valid), Vec::<String>::new());
    for (wrong, needle) in [
        (serde_json::json!({}), "the required amount is missing"),
        (serde_json::json!({"amount": "1x"}), "does not match"),
        (serde_json::json!({"amount": ""}), "fewer than 1"),
        (
            serde_json::json!({"amount": "1", "when": "yesterday"}),
            "not a \"date-time\"",
        ),
        (
            serde_json::json!({"amount": "1", "tags": ["c"]}),
            "is not one of",
        ),
        (
            serde_json::json!({"amount": "1", "tags": ["a", "a", "b"]}),
            "more than 2",
        ),
        (
            serde_json::json!({"amount": "1", "count": 0}),
            "below the minimum",
        ),
        (
            serde_json::json!({"amount": "1", "closed": {"b": "x"}}),
            "/closed/b: not a property",
        ),
        (
            serde_json::json!({"amount": 1}),
            "integer where the schema says string",
        ),
    ] {
        let found = errors(&description, &schema, &wrong);
        assert!(
            found.iter().any(|e| e.contains(needle)),
            "{wrong}: {found:?}"
        );
    }
}
