//! A small ERC-7730 reader for calldata descriptors: what a clear-signing wallet shows for a
//! transaction, read from the descriptor's JSON alone (ethereum/clear-signing-erc7730-registry
//! @3b66ba289cd3988ea791346629445f9ab6ae86f3:specs/erc-7730.md, "Contract keys", "Selector
//! matching", "Path references", "Field formats").
//!
//! The format is found by hashing each `display.formats` key's type-only signature; the
//! calldata is decoded with the types of that key (the ABI's head/tail encoding, strictly:
//! every offset and length inside the data); each field's `path` is resolved in the decoded
//! arguments (`_to`, `requestDetails.[]` with its nested fields, `path.[-1]`, `@.value`), and
//! its `format` applied (`tokenAmount` with `tokenPath` or `token`, `amount`, `addressName`,
//! `raw`, `enum`). Token symbols and decimals come from securepay's currency catalog.
//!
//! The generator writes the expected output of the registry's test files with it, and
//! securepay's `tests/it/erc7730.rs` includes this same file to check each descriptor against
//! the verifier's summary.
//!
//! ```
//! use securepay_erc7730::reader::Signature;
//!
//! let key = "transfer(address to,uint256 value)";
//! let signature = Signature::parse(key)?;
//! assert_eq!(signature.canonical(), "transfer(address,uint256)");
//! assert_eq!(signature.selector(), [0xa9, 0x05, 0x9c, 0xbb]);
//! # Ok::<(), securepay_erc7730::reader::ReaderError>(())
//! ```

use std::fmt;

use alloy_primitives::{Address, U256, keccak256};
use serde_json::Value as Json;

use securepay::address::ChainAddress;
use securepay::amount::{Decimals, format_units};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::verify::AssetRef;

/// Why a descriptor, a key or calldata could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReaderError(pub String);

impl fmt::Display for ReaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReaderError {}

/// A `ReaderError` from text.
fn error(text: impl Into<String>) -> ReaderError {
    ReaderError(text.into())
}

/// An ABI type of a format key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Type {
    /// `address`.
    Address,
    /// `uintN` (`N` bits).
    Uint(u16),
    /// `bool`.
    Bool,
    /// `bytes`.
    Bytes,
    /// `bytesN`.
    FixedBytes(u8),
    /// `string`.
    String,
    /// `T[]`.
    Array(Box<Type>),
    /// `(T1 name1,T2 name2,…)`.
    Tuple(Vec<(String, Type)>),
}

impl Type {
    /// The canonical type name (`(address,uint256)[]`).
    fn canonical(&self) -> String {
        match self {
            Type::Address => "address".to_owned(),
            Type::Uint(bits) => format!("uint{bits}"),
            Type::Bool => "bool".to_owned(),
            Type::Bytes => "bytes".to_owned(),
            Type::FixedBytes(n) => format!("bytes{n}"),
            Type::String => "string".to_owned(),
            Type::Array(inner) => format!("{}[]", inner.canonical()),
            Type::Tuple(components) => {
                let inner: Vec<String> = components.iter().map(|(_, t)| t.canonical()).collect();
                format!("({})", inner.join(","))
            }
        }
    }

    /// Whether the type is dynamic (encoded in the tail).
    fn is_dynamic(&self) -> bool {
        match self {
            Type::Bytes | Type::String | Type::Array(_) => true,
            Type::Tuple(components) => components.iter().any(|(_, t)| t.is_dynamic()),
            _ => false,
        }
    }

    /// The size of its head slot(s), in bytes.
    fn head_size(&self) -> usize {
        match self {
            Type::Tuple(components) if !self.is_dynamic() => {
                components.iter().map(|(_, t)| t.head_size()).sum()
            }
            _ => 32,
        }
    }
}

/// A function signature of a format key, with its parameter names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signature {
    /// The function name.
    pub name: String,
    /// The parameters, named.
    pub params: Vec<(String, Type)>,
}

impl Signature {
    /// Parses a key such as `transfer(address to,uint256 value)` (names required, the
    /// spelling the ERC requires: canonical type names, no space after a comma, one space
    /// between a type and its name).
    pub fn parse(key: &str) -> Result<Signature, ReaderError> {
        let open = key
            .find('(')
            .ok_or_else(|| error(format!("{key:?}: no parameter list")))?;
        let (name, rest) = key.split_at(open);
        let mut parser = Parser { text: rest, at: 0 };
        let params = parser.tuple()?;
        if parser.at != rest.len() {
            return Err(error(format!("{key:?}: text after the parameter list")));
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(error(format!("{key:?}: not a function name")));
        }
        Ok(Signature {
            name: name.to_owned(),
            params,
        })
    }

    /// The type-only signature the selector hashes (`transfer(address,uint256)`).
    pub fn canonical(&self) -> String {
        let types: Vec<String> = self.params.iter().map(|(_, t)| t.canonical()).collect();
        format!("{}({})", self.name, types.join(","))
    }

    /// The 4-byte selector: `keccak256(canonical)[..4]`.
    pub fn selector(&self) -> [u8; 4] {
        let hash = keccak256(self.canonical().as_bytes());
        let mut selector = [0u8; 4];
        for (out, byte) in selector.iter_mut().zip(hash.iter()) {
            *out = *byte;
        }
        selector
    }

    /// Decodes the arguments of `data` (the selector's four bytes first) as a value tree.
    pub fn decode(&self, data: &[u8]) -> Result<Value, ReaderError> {
        let (selector, args) = data
            .split_at_checked(4)
            .ok_or_else(|| error("calldata shorter than a selector"))?;
        if selector != self.selector() {
            return Err(error(format!(
                "calldata is not a call of {}",
                self.canonical()
            )));
        }
        decode_tuple(&self.params, args, 0)
    }
}

/// A cursor over a parameter list.
struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text
            .get(self.at..)
            .and_then(|rest| rest.chars().next())
    }

    fn expect(&mut self, c: char) -> Result<(), ReaderError> {
        match self.peek() {
            Some(found) if found == c => {
                self.at += c.len_utf8();
                Ok(())
            }
            found => Err(error(format!(
                "{:?}: expected {c:?} at {}, found {found:?}",
                self.text, self.at
            ))),
        }
    }

    fn word(&mut self) -> &str {
        let start = self.at;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '_' {
                self.at += 1;
            } else {
                break;
            }
        }
        self.text.get(start..self.at).unwrap_or_default()
    }

    /// `(type name,type name,…)`.
    fn tuple(&mut self) -> Result<Vec<(String, Type)>, ReaderError> {
        self.expect('(')?;
        let mut params = Vec::new();
        if self.peek() == Some(')') {
            self.at += 1;
            return Ok(params);
        }
        loop {
            let ty = self.ty()?;
            self.expect(' ')?;
            let name = self.word().to_owned();
            if name.is_empty() {
                return Err(error(format!(
                    "{:?}: a parameter without a name",
                    self.text
                )));
            }
            params.push((name, ty));
            match self.peek() {
                Some(',') => self.at += 1,
                Some(')') => {
                    self.at += 1;
                    return Ok(params);
                }
                found => {
                    return Err(error(format!(
                        "{:?}: expected ',' or ')' at {}, found {found:?}",
                        self.text, self.at
                    )));
                }
            }
        }
    }

    fn ty(&mut self) -> Result<Type, ReaderError> {
        let mut ty = if self.peek() == Some('(') {
            Type::Tuple(self.tuple()?)
        } else {
            let word = self.word().to_owned();
            match word.as_str() {
                "address" => Type::Address,
                "bool" => Type::Bool,
                "bytes" => Type::Bytes,
                "string" => Type::String,
                _ => {
                    if let Some(bits) = word.strip_prefix("uint") {
                        match bits.parse::<u16>() {
                            Ok(bits) if bits % 8 == 0 && (8..=256).contains(&bits) => {
                                Type::Uint(bits)
                            }
                            _ => return Err(error(format!("{word:?}: not a canonical type"))),
                        }
                    } else if let Some(n) = word.strip_prefix("bytes") {
                        match n.parse::<u8>() {
                            Ok(n) if (1..=32).contains(&n) => Type::FixedBytes(n),
                            _ => return Err(error(format!("{word:?}: not a canonical type"))),
                        }
                    } else {
                        return Err(error(format!("{word:?}: not a type this reader knows")));
                    }
                }
            }
        };
        while self
            .text
            .get(self.at..)
            .is_some_and(|r| r.starts_with("[]"))
        {
            self.at += 2;
            ty = Type::Array(Box::new(ty));
        }
        Ok(ty)
    }
}

/// A decoded argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// An address.
    Address(Address),
    /// An unsigned integer.
    Uint(U256),
    /// A boolean.
    Bool(bool),
    /// Bytes (`bytes`, `bytesN`, `string`'s UTF-8).
    Bytes(Vec<u8>),
    /// An array.
    List(Vec<Value>),
    /// A tuple (or the arguments), named.
    Tuple(Vec<(String, Value)>),
}

/// The 32-byte word at `at`.
fn word(data: &[u8], at: usize) -> Result<&[u8], ReaderError> {
    at.checked_add(32)
        .and_then(|end| data.get(at..end))
        .ok_or_else(|| error(format!("calldata ends before the word at {at}")))
}

/// A word read as an offset or a length (at most what fits in the data).
fn small(data: &[u8], at: usize) -> Result<usize, ReaderError> {
    let value = U256::from_be_slice(word(data, at)?);
    usize::try_from(value)
        .ok()
        .filter(|n| *n <= data.len())
        .ok_or_else(|| error(format!("an offset or length beyond the calldata at {at}")))
}

/// Decodes a tuple whose head starts at `base` of `data`.
fn decode_tuple(
    components: &[(String, Type)],
    data: &[u8],
    base: usize,
) -> Result<Value, ReaderError> {
    let mut head = base;
    let mut out = Vec::with_capacity(components.len());
    for (name, ty) in components {
        let value = if ty.is_dynamic() {
            let offset = small(data, head)?;
            decode_at(ty, data, base + offset)?
        } else {
            decode_at(ty, data, head)?
        };
        head += ty.head_size();
        out.push((name.clone(), value));
    }
    Ok(Value::Tuple(out))
}

/// Decodes one value whose encoding starts at `at` (its tail for a dynamic type).
fn decode_at(ty: &Type, data: &[u8], at: usize) -> Result<Value, ReaderError> {
    match ty {
        Type::Address => {
            let w = word(data, at)?;
            let (pad, body) = w.split_at(12);
            if pad.iter().any(|b| *b != 0) {
                return Err(error(format!("a dirty address at {at}")));
            }
            Ok(Value::Address(Address::from_slice(body)))
        }
        Type::Uint(bits) => {
            let value = U256::from_be_slice(word(data, at)?);
            if *bits < 256 && value >> usize::from(*bits) != U256::ZERO {
                return Err(error(format!("a uint{bits} out of range at {at}")));
            }
            Ok(Value::Uint(value))
        }
        Type::Bool => match U256::from_be_slice(word(data, at)?) {
            v if v == U256::ZERO => Ok(Value::Bool(false)),
            v if v == U256::from(1u8) => Ok(Value::Bool(true)),
            _ => Err(error(format!("a bool neither 0 nor 1 at {at}"))),
        },
        Type::FixedBytes(n) => {
            let w = word(data, at)?;
            let (body, pad) = w.split_at(usize::from(*n));
            if pad.iter().any(|b| *b != 0) {
                return Err(error(format!("dirty bytes{n} at {at}")));
            }
            Ok(Value::Bytes(body.to_vec()))
        }
        Type::Bytes | Type::String => {
            let len = small(data, at)?;
            // The bytes, then zeros to a multiple of 32.
            let padded = len.div_ceil(32) * 32;
            let slot = data
                .get(at + 32..at + 32 + padded)
                .ok_or_else(|| error(format!("bytes at {at} run past the calldata")))?;
            let (body, pad) = slot.split_at(len);
            if pad.iter().any(|b| *b != 0) {
                return Err(error(format!("dirty padding of the bytes at {at}")));
            }
            Ok(Value::Bytes(body.to_vec()))
        }
        Type::Array(inner) => {
            let len = small(data, at)?;
            let base = at + 32;
            let mut items = Vec::with_capacity(len.min(1024));
            let mut head = base;
            for _ in 0..len {
                let item = if inner.is_dynamic() {
                    let offset = small(data, head)?;
                    decode_at(inner, data, base + offset)?
                } else {
                    decode_at(inner, data, head)?
                };
                head += inner.head_size();
                items.push(item);
            }
            Ok(Value::List(items))
        }
        Type::Tuple(components) => decode_tuple(components, data, at),
    }
}

/// The transaction container (`@.` paths).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Container {
    /// The chain.
    pub network: Network,
    /// `@.to`.
    pub to: Address,
    /// `@.value`.
    pub value: U256,
}

/// What a displayed value is, for a program comparing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// An address (`addressName`).
    Address(Address),
    /// An amount: its units and asset (`None` for the native currency; unknown assets keep
    /// their address and show raw units).
    Amount {
        /// Smallest units.
        units: U256,
        /// The token, `None` for the native currency.
        token: Option<Address>,
        /// Whether the catalog knows the asset (its decimals and symbol).
        known: bool,
    },
    /// Anything else, as text (`raw`, `enum`).
    Text,
}

/// One displayed field: its label, the text a wallet shows, and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The label.
    pub label: String,
    /// The text shown.
    pub text: String,
    /// What it is.
    pub shown: Shown,
}

/// What a wallet shows for one transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Screen {
    /// The format key matched.
    pub key: String,
    /// The intent.
    pub intent: String,
    /// The owner (`metadata.owner`).
    pub owner: String,
    /// The fields, in order.
    pub fields: Vec<Field>,
}

/// The JSON value at `steps` of `value` (`null` where there is none).
fn at<'a>(value: &'a Json, steps: &[&str]) -> &'a Json {
    static NULL: Json = Json::Null;
    steps
        .iter()
        .try_fold(value, |node, step| node.get(step))
        .unwrap_or(&NULL)
}

/// Whether the descriptor is bound to `(chain id, address)`.
pub fn binds(descriptor: &Json, chain_id: u64, address: Address) -> bool {
    at(descriptor, &["context", "contract", "deployments"])
        .as_array()
        .is_some_and(|deployments| {
            deployments.iter().any(|d| {
                at(d, &["chainId"]).as_u64() == Some(chain_id)
                    && at(d, &["address"])
                        .as_str()
                        .and_then(|a| a.parse::<Address>().ok())
                        == Some(address)
            })
        })
}

/// What `descriptor` shows for the call `data` in `container`: the format whose key hashes to
/// the selector, its fields resolved and formatted.
pub fn render(descriptor: &Json, container: Container, data: &[u8]) -> Result<Screen, ReaderError> {
    let formats = at(descriptor, &["display", "formats"])
        .as_object()
        .ok_or_else(|| error("no display.formats"))?;
    let selector = data.get(..4).ok_or_else(|| error("no selector"))?;
    let mut matched = None;
    for (key, format) in formats {
        let signature = Signature::parse(key)?;
        if signature.selector() == selector {
            if matched.is_some() {
                return Err(error(format!("two keys of selector {selector:02x?}")));
            }
            matched = Some((key, signature, format));
        }
    }
    let (key, signature, format) =
        matched.ok_or_else(|| error(format!("no format for selector {selector:02x?}")))?;
    let args = signature.decode(data)?;
    let context = Context {
        descriptor,
        container,
        root: &args,
    };
    let mut fields = Vec::new();
    let entries = at(format, &["fields"])
        .as_array()
        .ok_or_else(|| error(format!("{key}: no fields")))?;
    context.entries(entries, &Scope::root(&args), &mut fields)?;
    Ok(Screen {
        key: key.clone(),
        intent: at(format, &["intent"])
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        owner: at(descriptor, &["metadata", "owner"])
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        fields,
    })
}

/// Where relative paths start: a value, and the index of a bundled iteration.
#[derive(Clone, Copy)]
struct Scope<'a> {
    value: &'a Value,
    index: Option<usize>,
}

impl<'a> Scope<'a> {
    fn root(value: &'a Value) -> Scope<'a> {
        Scope { value, index: None }
    }
}

/// One step of a path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Name(String),
    Index(i64),
    All,
}

/// The steps of a path relative to its root.
fn steps(path: &str) -> Result<Vec<Step>, ReaderError> {
    path.split('.')
        .map(|part| match part {
            "[]" => Ok(Step::All),
            _ if part.starts_with('[') && part.ends_with(']') => part
                .get(1..part.len() - 1)
                .and_then(|n| n.parse::<i64>().ok())
                .map(Step::Index)
                .ok_or_else(|| error(format!("{path:?}: a selector this reader does not know"))),
            _ if !part.is_empty() => Ok(Step::Name(part.to_owned())),
            _ => Err(error(format!("{path:?}: an empty step"))),
        })
        .collect()
}

struct Context<'a> {
    descriptor: &'a Json,
    container: Container,
    root: &'a Value,
}

impl Context<'_> {
    /// The values `path` selects from `scope` (several through `[]` outside a bundled scope).
    fn select<'v>(
        &'v self,
        path: &str,
        scope: &Scope<'v>,
    ) -> Result<Vec<Selected<'v>>, ReaderError> {
        if let Some(rest) = path.strip_prefix("@.") {
            return match rest {
                "value" => Ok(vec![Selected::Owned(Value::Uint(self.container.value))]),
                "to" => Ok(vec![Selected::Owned(Value::Address(self.container.to))]),
                _ => Err(error(format!(
                    "{path:?}: a container field this reader does not know"
                ))),
            };
        }
        let (start, rel) = match path.strip_prefix("#.") {
            Some(rest) => (
                Scope {
                    value: self.root,
                    index: scope.index,
                },
                rest,
            ),
            None => (*scope, path),
        };
        let mut current: Vec<&'v Value> = vec![start.value];
        for step in steps(rel)? {
            let mut next = Vec::new();
            for value in current {
                match (&step, value) {
                    (Step::Name(name), Value::Tuple(fields)) => {
                        let found = fields
                            .iter()
                            .find(|(n, _)| n == name)
                            .map(|(_, v)| v)
                            .ok_or_else(|| error(format!("{path:?}: no argument {name:?}")))?;
                        next.push(found);
                    }
                    (Step::Index(i), Value::List(items)) => {
                        let len = i64::try_from(items.len()).unwrap_or(i64::MAX);
                        let at = if *i < 0 { len + i } else { *i };
                        let item = usize::try_from(at)
                            .ok()
                            .and_then(|at| items.get(at))
                            .ok_or_else(|| error(format!("{path:?}: index {i} out of range")))?;
                        next.push(item);
                    }
                    (Step::All, Value::List(items)) => match start.index {
                        Some(i) => next.push(
                            items
                                .get(i)
                                .ok_or_else(|| error(format!("{path:?}: no element {i}")))?,
                        ),
                        None => next.extend(items.iter()),
                    },
                    _ => return Err(error(format!("{path:?}: does not fit the arguments"))),
                }
            }
            current = next;
        }
        Ok(current.into_iter().map(Selected::Borrowed).collect())
    }

    /// Renders a list of field entries in `scope`.
    fn entries(
        &self,
        entries: &[Json],
        scope: &Scope<'_>,
        out: &mut Vec<Field>,
    ) -> Result<(), ReaderError> {
        for entry in entries {
            if entry.get("fields").is_some() {
                self.group(entry, scope, out)?;
            } else {
                self.field(entry, scope, out)?;
            }
        }
        Ok(())
    }

    /// A field group: over each element of its path, or index by index over the arrays of
    /// its fields (`"iteration": "bundled"`).
    fn group(
        &self,
        group: &Json,
        scope: &Scope<'_>,
        out: &mut Vec<Field>,
    ) -> Result<(), ReaderError> {
        let fields = at(group, &["fields"])
            .as_array()
            .ok_or_else(|| error("a group without fields"))?;
        if let Some(path) = at(group, &["path"]).as_str() {
            for element in self.select(path, scope)? {
                let value = element.value();
                self.entries(fields, &Scope::root(value), out)?;
            }
            return Ok(());
        }
        if at(group, &["iteration"]).as_str() != Some("bundled") {
            return self.entries(fields, scope, out);
        }
        // Bundled: every array of the group's fields has the same length.
        let mut len = None;
        for field in fields {
            if let Some(path) = at(field, &["path"]).as_str().filter(|p| p.contains("[]")) {
                let n = self.select(path, scope)?.len();
                match len {
                    None => len = Some(n),
                    Some(m) if m == n => {}
                    Some(m) => {
                        return Err(error(format!(
                            "bundled arrays of different lengths ({m} and {n})"
                        )));
                    }
                }
            }
        }
        for index in 0..len.unwrap_or(0) {
            let bundled = Scope {
                value: scope.value,
                index: Some(index),
            };
            self.entries(fields, &bundled, out)?;
        }
        Ok(())
    }

    /// One field: its values formatted.
    fn field(
        &self,
        field: &Json,
        scope: &Scope<'_>,
        out: &mut Vec<Field>,
    ) -> Result<(), ReaderError> {
        if at(field, &["visible"]).as_str() == Some("never") {
            return Ok(());
        }
        let path = at(field, &["path"])
            .as_str()
            .ok_or_else(|| error(format!("a field without a path: {field}")))?;
        let label = at(field, &["label"]).as_str().unwrap_or(path).to_owned();
        let format = at(field, &["format"]).as_str().unwrap_or("raw");
        let skipped: Vec<&str> = at(field, &["visible", "ifNotIn"])
            .as_array()
            .map(|values| values.iter().filter_map(Json::as_str).collect())
            .unwrap_or_default();
        for selected in self.select(path, scope)? {
            let value = selected.value();
            if skipped.contains(&raw(value).as_str()) {
                continue;
            }
            let (text, shown) = match format {
                "addressName" => match value {
                    Value::Address(a) => (a.to_checksum(None), Shown::Address(*a)),
                    _ => return Err(error(format!("{path}: addressName of a non-address"))),
                },
                "amount" => self.amount(uint(value, path)?, None)?,
                "tokenAmount" => {
                    let params = at(field, &["params"]);
                    let token = match (
                        at(params, &["tokenPath"]).as_str(),
                        at(params, &["token"]).as_str(),
                    ) {
                        (Some(token_path), _) => {
                            let tokens = self.select(token_path, scope)?;
                            match tokens.as_slice() {
                                [one] => match one.value() {
                                    Value::Address(a) => *a,
                                    _ => {
                                        return Err(error(format!("{token_path}: not an address")));
                                    }
                                },
                                _ => {
                                    return Err(error(format!(
                                        "{token_path}: not one token for {path}"
                                    )));
                                }
                            }
                        }
                        (None, Some(constant)) => constant
                            .parse()
                            .map_err(|_| error(format!("{constant:?}: not an address")))?,
                        (None, None) => {
                            return Err(error(format!("{path}: a token amount of no token")));
                        }
                    };
                    let native = match at(params, &["nativeCurrencyAddress"]) {
                        Json::String(a) => a.parse::<Address>().ok() == Some(token),
                        Json::Array(list) => list.iter().any(|a| {
                            a.as_str().and_then(|a| a.parse::<Address>().ok()) == Some(token)
                        }),
                        _ => false,
                    };
                    let token = if native { None } else { Some(token) };
                    self.amount(uint(value, path)?, token)?
                }
                "enum" => {
                    let reference = at(field, &["params", "$ref"]).as_str().unwrap_or_default();
                    let key = match value {
                        Value::Uint(u) => u.to_string(),
                        _ => return Err(error(format!("{path}: an enum of a non-integer"))),
                    };
                    let name = reference
                        .strip_prefix("$.")
                        .map(|p| p.split('.').fold(self.descriptor, |node, step| &node[step]))
                        .and_then(|values| values[&key].as_str())
                        .map_or_else(|| key.clone(), ToOwned::to_owned);
                    (name, Shown::Text)
                }
                _ => (raw(value), Shown::Text),
            };
            out.push(Field {
                label: label.clone(),
                text,
                shown,
            });
        }
        Ok(())
    }

    /// An amount of a token, or of the native currency (`token` `None`), as a wallet shows it.
    fn amount(&self, units: U256, token: Option<Address>) -> Result<(String, Shown), ReaderError> {
        let network = self.container.network;
        let asset = AssetRef::lookup(
            Catalog::builtin(),
            network,
            token.map(|t| ChainAddress::from_abi(network, t)),
        );
        let decimals = match token {
            // The native currency: the catalog's, else 18 (every EVM chain of the table).
            None => Some(asset.decimals.unwrap_or(18)),
            Some(_) => asset.decimals,
        };
        let symbol = match (&asset.symbol, token) {
            (Some(symbol), Some(_)) if asset.decimals.is_some() => Some(symbol.to_string()),
            (_, None) => Some(network.native_symbol().to_owned()),
            _ => None,
        };
        let known = symbol.is_some() && decimals.is_some();
        let text = match (symbol, decimals.and_then(|d| Decimals::new(d).ok())) {
            (Some(symbol), Some(decimals)) => {
                format!(
                    "{} {symbol}",
                    group_thousands(&format_units(units, decimals))
                )
            }
            _ => format!(
                "{units} (unknown token {})",
                token.map(|t| t.to_checksum(None)).unwrap_or_default()
            ),
        };
        Ok((
            text,
            Shown::Amount {
                units,
                token,
                known,
            },
        ))
    }
}

/// A value selected: borrowed from the arguments, or made from the container.
enum Selected<'v> {
    Borrowed(&'v Value),
    Owned(Value),
}

impl Selected<'_> {
    fn value(&self) -> &Value {
        match self {
            Selected::Borrowed(v) => v,
            Selected::Owned(v) => v,
        }
    }
}

fn uint(value: &Value, path: &str) -> Result<U256, ReaderError> {
    match value {
        Value::Uint(u) => Ok(*u),
        _ => Err(error(format!("{path}: an amount of a non-integer"))),
    }
}

/// `raw`: integers in decimal, bytes and addresses in hex, booleans as words.
fn raw(value: &Value) -> String {
    match value {
        Value::Address(a) => a.to_checksum(None),
        Value::Uint(u) => u.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Bytes(b) => alloy_primitives::hex::encode_prefixed(b),
        Value::List(items) => {
            let inner: Vec<String> = items.iter().map(raw).collect();
            format!("[{}]", inner.join(", "))
        }
        Value::Tuple(fields) => {
            let inner: Vec<String> = fields.iter().map(|(_, v)| raw(v)).collect();
            format!("({})", inner.join(", "))
        }
    }
}

/// `1234567.5` → `1,234,567.5`.
pub fn group_thousands(number: &str) -> String {
    let (whole, fraction) = match number.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (number, None),
    };
    let mut out = String::with_capacity(number.len() + whole.len() / 3);
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    out
}
