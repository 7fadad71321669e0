//! The public surface of the library, committed in `tests/public-api.txt`: every public item
//! as rustdoc sees it with all features (modules, types with their public fields and variants,
//! functions and methods with their signatures, traits, constants with their values, type
//! aliases, macros, trait implementations and the auto traits `Send`/`Sync`/`Unpin`), one line
//! each. Because it is read from rustdoc's output, the items that macros make are there too
//! (`FindingCode`'s variants, `Endpoint`/`ENDPOINTS`, the `open_enum!` types, the `sol!`
//! interfaces). This test fails when the surface changes and the file was not updated, so the
//! surface only changes on purpose:
//!
//! ```sh
//! SECUREPAY_UPDATE_PUBLIC_API=1 cargo test --all-features --test it public_api
//! ```
//!
//! `securepay` re-exports the modules of `securepay-core` at the paths they always had, and
//! rustdoc's JSON does not follow a re-export into another crate: the list is both crates'
//! items, the core's named by their `securepay::` paths (its `masked` and `wire` items where
//! `securepay` re-exports them), and a type of the core in a signature of `securepay` by the
//! same path. So
//! an item that moved between the crates and kept its path leaves the list unchanged.
//!
//! rustdoc's JSON output is unstable: the test asks the stable toolchain for it with
//! `RUSTC_BOOTSTRAP=1` (`cargo rustdoc -- -Z unstable-options --output-format json`, in
//! `target/public-api/` so the main build is not invalidated; about 10 s once that directory's
//! dependencies are built, a few minutes the first time), and renders only fields that have been
//! stable across format versions. A new toolchain whose format moved fails here with the format
//! version named.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const SNAPSHOT: &str = "tests/public-api.txt";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs rustdoc's JSON output on `package`'s library (all features) and reads it. The core's is
/// read with its hidden items (`wire`, where types that `securepay` re-exports are defined), and
/// then every item marked `#[doc(hidden)]` is dropped from its index.
fn rustdoc_json(package: &str) -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let metadata = Command::new(&cargo)
        .current_dir(root())
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .unwrap();
    assert!(metadata.status.success(), "cargo metadata failed");
    let metadata: Value = serde_json::from_slice(&metadata.stdout).unwrap();
    // A target directory of its own: `RUSTC_BOOTSTRAP` is part of the fingerprint of the
    // build scripts and proc-macros, so sharing the main one would rebuild them at every switch.
    let target = PathBuf::from(metadata["target_directory"].as_str().unwrap()).join("public-api");
    let out = Command::new(&cargo)
        .current_dir(root())
        .env("RUSTC_BOOTSTRAP", "1")
        .env_remove("RUSTDOCFLAGS")
        .arg("rustdoc")
        .arg("--target-dir")
        .arg(&target)
        .args(["-q", "-p", package, "--lib", "--all-features", "--"])
        .args(["-Z", "unstable-options", "--output-format", "json"])
        .args((package == "securepay-core").then_some("--document-hidden-items"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cargo rustdoc (JSON) failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = format!("doc/{}.json", package.replace('-', "_"));
    let text = std::fs::read_to_string(target.join(file)).unwrap();
    let mut json: Value = serde_json::from_str(&text).unwrap();
    if let Some(index) = json["index"].as_object_mut() {
        index.retain(|_, item| {
            !item["attrs"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|attr| attr.to_string().contains("#[doc(hidden)]"))
        });
    }
    json
}

struct Doc<'a> {
    index: &'a serde_json::Map<String, Value>,
    paths: &'a serde_json::Map<String, Value>,
    /// The public path of every item of the crate reached from its root.
    public: BTreeMap<String, String>,
    /// The `securepay::` path of each item of the core, by its defining path
    /// (`securepay_core::wire::json::JsonError` → `securepay::policy::JsonError`).
    core: &'a BTreeMap<String, String>,
}

fn id_key(id: &Value) -> String {
    match id {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl<'a> Doc<'a> {
    fn item(&self, id: &Value) -> Option<&'a Value> {
        self.index.get(&id_key(id))
    }

    /// The name of a path: our public path for our items, the defining path for others.
    fn path_name(&self, path: &Value) -> String {
        let key = id_key(&path["id"]);
        if let Some(public) = self.public.get(&key) {
            return public.clone();
        }
        if let Some(Value::Array(parts)) = self.paths.get(&key).map(|p| &p["path"]) {
            let parts: Vec<&str> = parts.iter().filter_map(Value::as_str).collect();
            let defined = parts.join("::");
            return self.core.get(&defined).cloned().unwrap_or(defined);
        }
        path["path"]
            .as_str()
            .or_else(|| path["name"].as_str())
            .unwrap_or("?")
            .to_owned()
    }

    fn path(&self, path: &Value) -> String {
        format!("{}{}", self.path_name(path), self.args(&path["args"]))
    }

    fn args(&self, args: &Value) -> String {
        if let Some(angle) = args.get("angle_bracketed") {
            let mut parts: Vec<String> = angle["args"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|arg| match arg {
                    Value::String(s) if s == "infer" => "_".to_owned(),
                    _ if arg.get("type").is_some() => self.ty(&arg["type"]),
                    _ if arg.get("lifetime").is_some() => {
                        arg["lifetime"].as_str().unwrap_or("'_").to_owned()
                    }
                    _ => arg.get("const").map_or_else(
                        || arg.to_string(),
                        |c| c["expr"].as_str().unwrap_or("_").to_owned(),
                    ),
                })
                .collect();
            for constraint in angle["constraints"].as_array().into_iter().flatten() {
                let name = constraint["name"].as_str().unwrap_or("?");
                let binding = &constraint["binding"];
                if let Some(ty) = binding.get("equality").and_then(|e| e.get("type")) {
                    parts.push(format!("{name} = {}", self.ty(ty)));
                } else {
                    parts.push(format!("{name}: {}", self.bounds(&binding["constraint"])));
                }
            }
            if parts.is_empty() {
                String::new()
            } else {
                format!("<{}>", parts.join(", "))
            }
        } else if let Some(paren) = args.get("parenthesized") {
            let inputs: Vec<String> = paren["inputs"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| self.ty(t))
                .collect();
            let output = match &paren["output"] {
                Value::Null => String::new(),
                t => format!(" -> {}", self.ty(t)),
            };
            format!("({}){output}", inputs.join(", "))
        } else {
            String::new()
        }
    }

    fn bounds(&self, bounds: &Value) -> String {
        let parts: Vec<String> = bounds
            .as_array()
            .into_iter()
            .flatten()
            .map(|b| {
                if let Some(t) = b.get("trait_bound") {
                    let maybe = if t["modifier"] == "maybe" { "?" } else { "" };
                    format!("{maybe}{}", self.path(&t["trait"]))
                } else if let Some(l) = b.get("outlives") {
                    l.as_str().unwrap_or("'_").to_owned()
                } else {
                    b.to_string()
                }
            })
            .collect();
        parts.join(" + ")
    }

    fn ty(&self, ty: &Value) -> String {
        let Some((kind, t)) = ty.as_object().and_then(|o| o.iter().next()) else {
            return match ty.as_str() {
                Some("infer") => "_".into(),
                _ => ty.to_string(),
            };
        };
        match kind.as_str() {
            "resolved_path" => self.path(t),
            "generic" | "primitive" => t.as_str().unwrap_or("?").to_owned(),
            "borrowed_ref" => {
                let lifetime = t["lifetime"]
                    .as_str()
                    .map_or(String::new(), |l| format!("{l} "));
                let m = if t["is_mutable"] == true { "mut " } else { "" };
                format!("&{lifetime}{m}{}", self.ty(&t["type"]))
            }
            "raw_pointer" => {
                let m = if t["is_mutable"] == true {
                    "mut"
                } else {
                    "const"
                };
                format!("*{m} {}", self.ty(&t["type"]))
            }
            "slice" => format!("[{}]", self.ty(t)),
            "array" => format!(
                "[{}; {}]",
                self.ty(&t["type"]),
                t["len"].as_str().unwrap_or("?")
            ),
            "tuple" => {
                let parts: Vec<String> = t
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|x| self.ty(x))
                    .collect();
                format!("({})", parts.join(", "))
            }
            "impl_trait" => format!("impl {}", self.bounds(t)),
            "dyn_trait" => {
                let traits: Vec<String> = t["traits"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|p| self.path(&p["trait"]))
                    .collect();
                let lifetime = t["lifetime"]
                    .as_str()
                    .map_or(String::new(), |l| format!(" + {l}"));
                format!("dyn {}{lifetime}", traits.join(" + "))
            }
            "qualified_path" => {
                let trait_ = match &t["trait"] {
                    Value::Null => String::new(),
                    tr => format!(" as {}", self.path(tr)),
                };
                format!(
                    "<{}{trait_}>::{}{}",
                    self.ty(&t["self_type"]),
                    t["name"].as_str().unwrap_or("?"),
                    self.args(&t["args"])
                )
            }
            "function_pointer" => format!("fn{}", self.sig(&t["sig"])),
            _ => format!("{kind}:{t}"),
        }
    }

    fn generics(&self, generics: &Value) -> String {
        let params: Vec<String> = generics["params"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["kind"]["type"]["is_synthetic"] != true)
            .map(|p| {
                let name = p["name"].as_str().unwrap_or("?").to_owned();
                let kind = &p["kind"];
                if let Some(t) = kind.get("type") {
                    let bounds = self.bounds(&t["bounds"]);
                    if bounds.is_empty() {
                        name
                    } else {
                        format!("{name}: {bounds}")
                    }
                } else if let Some(c) = kind.get("const") {
                    format!("const {name}: {}", self.ty(&c["type"]))
                } else {
                    name
                }
            })
            .collect();
        if params.is_empty() {
            String::new()
        } else {
            format!("<{}>", params.join(", "))
        }
    }

    fn sig(&self, sig: &Value) -> String {
        let inputs: Vec<String> = sig["inputs"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|pair| {
                let name = pair[0].as_str().unwrap_or("_");
                let ty = self.ty(&pair[1]);
                match name {
                    "self" => match ty.as_str() {
                        "Self" => "self".to_owned(),
                        "&Self" => "&self".to_owned(),
                        "&mut Self" => "&mut self".to_owned(),
                        _ => format!("self: {ty}"),
                    },
                    _ => format!("{name}: {ty}"),
                }
            })
            .collect();
        let output = match &sig["output"] {
            Value::Null => String::new(),
            t => format!(" -> {}", self.ty(t)),
        };
        format!("({}){output}", inputs.join(", "))
    }

    fn function(&self, path: &str, f: &Value) -> String {
        let h = &f["header"];
        let mut prefix = String::new();
        for (flag, word) in [
            ("is_const", "const "),
            ("is_async", "async "),
            ("is_unsafe", "unsafe "),
        ] {
            if h[flag] == true {
                prefix.push_str(word);
            }
        }
        format!(
            "pub {prefix}fn {path}{}{}",
            self.generics(&f["generics"]),
            self.sig(&f["sig"])
        )
    }

    fn attrs(item: &Value) -> String {
        let non_exhaustive = item["attrs"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|a| a == "non_exhaustive" || a.to_string().contains("non_exhaustive"));
        if non_exhaustive {
            "#[non_exhaustive] ".into()
        } else {
            String::new()
        }
    }
}

/// Assigns the public path of every item reachable from the root, breadth first so the
/// shortest path wins.
fn public_paths(index: &serde_json::Map<String, Value>, root: &Value) -> BTreeMap<String, String> {
    public_and_foreign_paths(index, &serde_json::Map::new(), root).0
}

/// [`public_paths`], and the items of other crates re-exported on the way: their defining path
/// (from `paths`) → their public path here.
fn public_and_foreign_paths(
    index: &serde_json::Map<String, Value>,
    paths: &serde_json::Map<String, Value>,
    root: &Value,
) -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let mut public = BTreeMap::new();
    let mut foreign = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([(id_key(root), "securepay".to_owned())]);
    while let Some((id, path)) = queue.pop_front() {
        if public.contains_key(&id) {
            continue;
        }
        let Some(item) = index.get(&id) else {
            if let Some(Value::Array(parts)) = paths.get(&id).map(|p| &p["path"]) {
                let parts: Vec<&str> = parts.iter().filter_map(Value::as_str).collect();
                foreign.entry(parts.join("::")).or_insert(path);
            }
            continue;
        };
        public.insert(id.clone(), path.clone());
        let Some(module) = item["inner"].get("module") else {
            continue;
        };
        for child in module["items"].as_array().into_iter().flatten() {
            let Some(c) = index.get(&id_key(child)) else {
                continue;
            };
            if c["visibility"] != "public" {
                continue;
            }
            if let Some(u) = c["inner"].get("use") {
                if u["id"].is_null() {
                    continue;
                }
                if u["is_glob"] == true {
                    if let Some(target) = index.get(&id_key(&u["id"])) {
                        for grand in target["inner"]["module"]["items"]
                            .as_array()
                            .into_iter()
                            .flatten()
                        {
                            let g = &index[&id_key(grand)];
                            if g["visibility"] == "public" {
                                if let Some(name) = g["name"].as_str() {
                                    queue.push_back((id_key(grand), format!("{path}::{name}")));
                                }
                            }
                        }
                    }
                } else {
                    let name = u["name"].as_str().unwrap_or("?");
                    queue.push_back((id_key(&u["id"]), format!("{path}::{name}")));
                }
            } else if let Some(name) = c["name"].as_str() {
                queue.push_back((id_key(child), format!("{path}::{name}")));
            }
        }
    }
    (public, foreign)
}

const AUTO_TRAITS: &[&str] = &["Send", "Sync", "Unpin"];

/// The core's public items by their `securepay::` path: the core's root is `securepay`'s, and
/// an item of `masked` or `wire` (or of a hidden module) has the path `securepay` re-exports it
/// at (`foreign`: defining path → public path).
fn core_public_paths(json: &Value, foreign: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let index = json["index"].as_object().unwrap();
    let paths = json["paths"].as_object().unwrap();
    let mut public: BTreeMap<String, String> = public_paths(index, &json["root"])
        .into_iter()
        // `masked` and `wire` are not modules of `securepay`: their items are where it
        // re-exports them (`policy`, `api`, `partial`, `webhook`…), found through `foreign`.
        .filter(|(_, path)| {
            !["securepay::masked", "securepay::wire"]
                .iter()
                .any(|module| path == module || path.starts_with(&format!("{module}::")))
        })
        .collect();
    for (id, entry) in paths {
        if entry["crate_id"] != 0 || !index.contains_key(id) || public.contains_key(id) {
            continue;
        }
        let parts: Vec<&str> = entry["path"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if let Some(path) = foreign.get(&parts.join("::")) {
            public.insert(id.clone(), path.clone());
        }
    }
    public
}

/// The defining path of every item of the core (from its own `paths`) → its `securepay::` path.
fn core_by_definition(
    json: &Value,
    foreign: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let paths = json["paths"].as_object().unwrap();
    core_public_paths(json, foreign)
        .into_iter()
        .filter_map(|(id, public)| {
            let parts = paths.get(&id)?["path"].as_array()?;
            let parts: Vec<&str> = parts.iter().filter_map(Value::as_str).collect();
            Some((parts.join("::"), public))
        })
        .collect()
}

/// The lines of `json`'s items; `foreign` given for the core (see [`core_public_paths`]).
fn render(
    json: &Value,
    core: &BTreeMap<String, String>,
    foreign: Option<&BTreeMap<String, String>>,
) -> BTreeSet<String> {
    let index = json["index"].as_object().unwrap();
    let paths = json["paths"].as_object().unwrap();
    let public = match foreign {
        Some(foreign) => core_public_paths(json, foreign),
        None => public_paths(index, &json["root"]),
    };
    let doc = Doc {
        index,
        paths,
        public: public.clone(),
        core,
    };
    let mut lines = BTreeSet::new();
    for (id, path) in &public {
        let item = &index[id];
        let Some((kind, inner)) = item["inner"].as_object().and_then(|o| o.iter().next()) else {
            continue;
        };
        let attrs = Doc::attrs(item);
        let deprecated = if item["deprecation"].is_null() {
            ""
        } else {
            "#[deprecated] "
        };
        match kind.as_str() {
            "module" => {
                lines.insert(format!("pub mod {path}"));
            }
            "struct" | "union" => {
                lines.insert(format!(
                    "{deprecated}{attrs}pub {kind} {path}{}",
                    doc.generics(&inner["generics"])
                ));
                let kind = &inner["kind"];
                let fields = kind
                    .get("plain")
                    .map(|p| &p["fields"])
                    .or_else(|| kind.get("tuple"))
                    .or_else(|| inner.get("fields"));
                for (n, field) in fields
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    if field.is_null() {
                        continue;
                    }
                    let Some(f) = doc.item(field) else { continue };
                    if f["visibility"] != "public" {
                        continue;
                    }
                    let name = f["name"].as_str().map_or(n.to_string(), str::to_owned);
                    lines.insert(format!(
                        "pub {path}::{name}: {}",
                        doc.ty(&f["inner"]["struct_field"])
                    ));
                }
                impls(&doc, path, &inner["impls"], &mut lines);
            }
            "enum" => {
                lines.insert(format!(
                    "{deprecated}{attrs}pub enum {path}{}",
                    doc.generics(&inner["generics"])
                ));
                for variant in inner["variants"].as_array().into_iter().flatten() {
                    let Some(v) = doc.item(variant) else { continue };
                    let name = v["name"].as_str().unwrap_or("?");
                    let vk = &v["inner"]["variant"]["kind"];
                    let field_types = |ids: &Value| -> Vec<(String, String)> {
                        ids.as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|f| doc.item(f))
                            .map(|f| {
                                (
                                    f["name"].as_str().unwrap_or("_").to_owned(),
                                    doc.ty(&f["inner"]["struct_field"]),
                                )
                            })
                            .collect()
                    };
                    let shape = if let Some(t) = vk.get("tuple") {
                        let types: Vec<String> =
                            field_types(t).into_iter().map(|(_, t)| t).collect();
                        format!("({})", types.join(", "))
                    } else if let Some(s) = vk.get("struct") {
                        let fields: Vec<String> = field_types(&s["fields"])
                            .into_iter()
                            .map(|(n, t)| format!("{n}: {t}"))
                            .collect();
                        format!(" {{ {} }}", fields.join(", "))
                    } else {
                        String::new()
                    };
                    lines.insert(format!("{}pub {path}::{name}{shape}", Doc::attrs(v)));
                }
                impls(&doc, path, &inner["impls"], &mut lines);
            }
            "function" => {
                lines.insert(format!("{deprecated}{}", doc.function(path, inner)));
            }
            "constant" => {
                let value = inner["const"]["expr"].as_str().unwrap_or("_");
                lines.insert(format!(
                    "pub const {path}: {} = {value}",
                    doc.ty(&inner["type"])
                ));
            }
            "static" => {
                lines.insert(format!("pub static {path}: {}", doc.ty(&inner["type"])));
            }
            "type_alias" => {
                lines.insert(format!(
                    "{deprecated}pub type {path}{} = {}",
                    doc.generics(&inner["generics"]),
                    doc.ty(&inner["type"])
                ));
            }
            "trait" => {
                let bounds = doc.bounds(&inner["bounds"]);
                let bounds = if bounds.is_empty() {
                    bounds
                } else {
                    format!(": {bounds}")
                };
                lines.insert(format!(
                    "pub trait {path}{}{bounds}",
                    doc.generics(&inner["generics"])
                ));
                for member in inner["items"].as_array().into_iter().flatten() {
                    let Some(m) = doc.item(member) else { continue };
                    let name = m["name"].as_str().unwrap_or("?");
                    if let Some(f) = m["inner"].get("function") {
                        lines.insert(doc.function(&format!("{path}::{name}"), f));
                    } else {
                        lines.insert(format!("pub {path}::{name}"));
                    }
                }
            }
            "macro" | "proc_macro" => {
                lines.insert(format!("pub macro {path}!"));
            }
            _ => {}
        }
    }
    lines
}

/// One line per trait implementation (auto traits: only `Send`, `Sync`, `Unpin`; blanket
/// implementations of other crates are left out), and the public methods and constants of the
/// inherent ones.
fn impls(doc: &Doc<'_>, path: &str, ids: &Value, lines: &mut BTreeSet<String>) {
    for id in ids.as_array().into_iter().flatten() {
        let Some(imp) = doc.item(id) else { continue };
        let i = &imp["inner"]["impl"];
        if !i["blanket_impl"].is_null() {
            continue;
        }
        let generics = doc.generics(&i["generics"]);
        let for_ = doc.ty(&i["for"]);
        if i["trait"].is_null() {
            for member in i["items"].as_array().into_iter().flatten() {
                let Some(m) = doc.item(member) else { continue };
                if m["visibility"] != "public" {
                    continue;
                }
                let name = m["name"].as_str().unwrap_or("?");
                let inner = &m["inner"];
                let deprecated = if m["deprecation"].is_null() {
                    ""
                } else {
                    "#[deprecated] "
                };
                if let Some(f) = inner.get("function") {
                    lines.insert(format!(
                        "{deprecated}{}",
                        doc.function(&format!("{path}::{name}"), f)
                    ));
                } else if let Some(c) = inner.get("assoc_const") {
                    let value = c["value"].as_str().unwrap_or("_");
                    lines.insert(format!(
                        "pub const {path}::{name}: {} = {value}",
                        doc.ty(&c["type"])
                    ));
                }
            }
            continue;
        }
        let trait_ = doc.path(&i["trait"]);
        let last = trait_.rsplit("::").next().unwrap_or_default();
        if i["is_synthetic"] == true && !AUTO_TRAITS.contains(&last) {
            continue;
        }
        let negative = if i["is_negative"] == true { "!" } else { "" };
        lines.insert(format!("impl{generics} {negative}{trait_} for {for_}"));
    }
}

#[test]
fn public_api_matches_the_committed_list() {
    let json = rustdoc_json("securepay");
    let core_json = rustdoc_json("securepay-core");
    let version = json["format_version"].clone();
    let (_, foreign) = public_and_foreign_paths(
        json["index"].as_object().unwrap(),
        json["paths"].as_object().unwrap(),
        &json["root"],
    );
    let core = core_by_definition(&core_json, &foreign);
    let mut lines = render(&json, &core, None);
    lines.extend(render(&core_json, &core, Some(&foreign)));
    // `TryFrom<Object<…Wire>>` impls of `policy`: `Object` is the core's strict JSON object
    // (a hidden item), its type arguments private to `securepay`: nothing outside can name them.
    lines.retain(|line| !line.contains("securepay_core::wire::json::Object<"));
    assert!(
        lines.len() > 1000
            && lines.contains("#[non_exhaustive] pub enum securepay::verify::FindingCode")
            && lines.contains("pub securepay::verify::FindingCode::PaymentAmount"),
        "rustdoc's JSON (format version {version}) did not read as expected: has its format moved?"
    );
    let current: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SNAPSHOT);
    if std::env::var_os("SECUREPAY_UPDATE_PUBLIC_API").is_some() {
        std::fs::write(&path, &current).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let committed: BTreeSet<&str> = committed.lines().collect();
    let removed: Vec<&&str> = committed.iter().filter(|l| !lines.contains(**l)).collect();
    let added: Vec<&String> = lines
        .iter()
        .filter(|l| !committed.contains(l.as_str()))
        .collect();
    assert!(
        removed.is_empty() && added.is_empty(),
        "the public API changed (rustdoc JSON format version {version}): removed {removed:#?}, \
         added {added:#?}. If on purpose: SECUREPAY_UPDATE_PUBLIC_API=1 cargo test \
         --all-features --test it public_api, and say why in CHANGELOG.md"
    );
}
