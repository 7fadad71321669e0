//! The public surface of the library, committed in `tests/public-api.txt`: every public item
//! of `src/` (modules, types with their public fields, variants and derives, functions and
//! methods with their signatures, traits, constants, re-exports, trait implementations), one
//! line each, with the feature it needs. This test fails when the surface changes and the file
//! was not updated, so the surface only changes on purpose:
//!
//! ```sh
//! SECUREPAY_UPDATE_PUBLIC_API=1 cargo test --all-features --test it public_api
//! ```
//!
//! Read from the source with `syn`, so it runs on stable without rustdoc's JSON output.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use quote::ToTokens;
use syn::{Attribute, Fields, ImplItem, Item, UseTree, Visibility};

const SNAPSHOT: &str = "tests/public-api.txt";

/// Tokens as text, with the spaces `to_string` puts around punctuation taken out.
fn text(tokens: &impl ToTokens) -> String {
    let mut out = tokens.to_token_stream().to_string();
    for (from, to) in [
        (" :: ", "::"),
        (":: ", "::"),
        (" ::", "::"),
        ("& ", "&"),
        (" ,", ","),
        ("< ", "<"),
        (" <", "<"),
        (" >", ">"),
        ("( ", "("),
        (" (", "("),
        (" )", ")"),
        ("[ ", "["),
        (" ]", "]"),
        (" ;", ";"),
        ("# ", "#"),
        ("' ", "'"),
        (" !", "!"),
        (" ?", "?"),
    ] {
        while out.contains(from) {
            out = out.replace(from, to);
        }
    }
    out.replace(" : ", ": ")
}

fn is_public(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

/// `#[cfg(…)]` conditions other than `test`, and whether the item is hidden from docs or only
/// for tests.
struct Attrs {
    cfg: Vec<String>,
    skip: bool,
    non_exhaustive: bool,
    derives: Vec<String>,
}

fn attrs(attributes: &[Attribute]) -> Attrs {
    let mut out = Attrs {
        cfg: Vec::new(),
        skip: false,
        non_exhaustive: false,
        derives: Vec::new(),
    };
    for attribute in attributes {
        let path = attribute.path();
        if path.is_ident("cfg") {
            let condition = text(&attribute.meta.require_list().unwrap().tokens);
            if condition == "test" {
                out.skip = true;
            } else {
                out.cfg.push(condition);
            }
        } else if path.is_ident("doc") {
            if let Ok(list) = attribute.meta.require_list() {
                if text(&list.tokens) == "hidden" {
                    out.skip = true;
                }
            }
        } else if path.is_ident("non_exhaustive") {
            out.non_exhaustive = true;
        } else if path.is_ident("derive") {
            let list = attribute.meta.require_list().unwrap();
            out.derives.extend(
                text(&list.tokens)
                    .split(',')
                    .map(|d| d.trim().rsplit("::").next().unwrap().to_owned()),
            );
        }
    }
    out
}

struct Lister {
    lines: BTreeSet<String>,
    /// The private types declared in the module being read (their impls are not public).
    private: BTreeSet<String>,
}

impl Lister {
    fn push(&mut self, cfg: &[String], line: String) {
        let prefix: String = cfg.iter().map(|c| format!("#[cfg({c})] ")).collect();
        self.lines.insert(format!("{prefix}{line}"));
    }

    fn file(&mut self, file: &Path, scope: &Scope, cfg: &[String]) {
        let source = std::fs::read_to_string(file).unwrap();
        let parsed = syn::parse_file(&source).unwrap();
        let dir = if file.ends_with("mod.rs") || file.ends_with("lib.rs") {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        self.items(&parsed.items, &dir, scope, cfg);
    }

    fn items(&mut self, items: &[Item], dir: &Path, scope: &Scope, cfg: &[String]) {
        let reexports = reexports(items);
        let private = items
            .iter()
            .filter_map(|item| match item {
                Item::Struct(s) if !is_public(&s.vis) => Some(s.ident.to_string()),
                Item::Enum(e) if !is_public(&e.vis) => Some(e.ident.to_string()),
                _ => None,
            })
            .collect();
        let outer = std::mem::replace(&mut self.private, private);
        for item in items {
            self.item(item, dir, scope, &reexports, cfg);
        }
        self.private = outer;
    }

    fn item(
        &mut self,
        item: &Item,
        dir: &Path,
        scope: &Scope,
        reexports: &[(String, String)],
        cfg: &[String],
    ) {
        let module = scope.path.as_str();
        let item_attrs = match item {
            Item::Const(i) => &i.attrs,
            Item::Enum(i) => &i.attrs,
            Item::Fn(i) => &i.attrs,
            Item::Impl(i) => &i.attrs,
            Item::Macro(i) => &i.attrs,
            Item::Mod(i) => &i.attrs,
            Item::Static(i) => &i.attrs,
            Item::Struct(i) => &i.attrs,
            Item::Trait(i) => &i.attrs,
            Item::Type(i) => &i.attrs,
            Item::Use(i) => &i.attrs,
            _ => return,
        };
        let a = attrs(item_attrs);
        if a.skip {
            return;
        }
        let cfg: Vec<String> = cfg.iter().cloned().chain(a.cfg.iter().cloned()).collect();
        let path = |name: &dyn std::fmt::Display| format!("{module}::{name}");
        let named = |ident: &syn::Ident| scope.shows(&ident.to_string());
        let marks = |kind: &str| {
            let mut s = String::new();
            if a.non_exhaustive {
                s.push_str("#[non_exhaustive] ");
            }
            s.push_str(kind);
            s
        };
        match item {
            Item::Mod(m) => {
                let name = m.ident.to_string();
                let child = if is_public(&m.vis) && scope.visible.is_none() {
                    self.push(&cfg, format!("mod {}", path(&name)));
                    Scope {
                        path: format!("{module}::{name}"),
                        visible: None,
                    }
                } else {
                    // A private module: its items appear under this module's path, those of
                    // them this module re-exports.
                    let visible = reexports
                        .iter()
                        .filter_map(|(source, shown)| {
                            let rest = source.strip_prefix(&format!("{name}::"))?;
                            scope.shows(shown).then(|| rest.to_owned())
                        })
                        .collect();
                    Scope {
                        path: module.to_owned(),
                        visible: Some(visible),
                    }
                };
                if let Some((_, items)) = &m.content {
                    self.items(items, &dir.join(&name), &child, &cfg);
                } else {
                    let file = [
                        dir.join(format!("{name}.rs")),
                        dir.join(&name).join("mod.rs"),
                    ]
                    .into_iter()
                    .find(|p: &PathBuf| p.exists())
                    .unwrap_or_else(|| panic!("no file for mod {module}::{name}"));
                    self.file(&file, &child, &cfg);
                }
            }
            Item::Use(u) if is_public(&u.vis) => {
                let mut leaves = Vec::new();
                flatten(&u.tree, String::new(), &mut leaves);
                let children: Vec<String> = local_modules(dir);
                for (source, shown) in leaves {
                    let first = source.split("::").next().unwrap_or_default();
                    let local = children.iter().any(|c| c == first) || first == "self";
                    if !local && scope.shows(&shown) {
                        self.push(&cfg, format!("use {}: {source}", path(&shown)));
                    }
                }
            }
            Item::Fn(f) if is_public(&f.vis) && named(&f.sig.ident) => {
                self.push(&cfg, format!("fn {}: {}", path(&f.sig.ident), text(&f.sig)));
            }
            Item::Const(c) if is_public(&c.vis) && named(&c.ident) => {
                self.push(&cfg, format!("const {}: {}", path(&c.ident), text(&c.ty)));
            }
            Item::Static(s) if is_public(&s.vis) && named(&s.ident) => {
                self.push(&cfg, format!("static {}: {}", path(&s.ident), text(&s.ty)));
            }
            Item::Type(t) if is_public(&t.vis) && named(&t.ident) => {
                self.push(&cfg, format!("type {} = {}", path(&t.ident), text(&t.ty)));
            }
            Item::Trait(t) if is_public(&t.vis) && named(&t.ident) => {
                let name = path(&t.ident);
                self.push(&cfg, format!("trait {name}{}", text(&t.generics)));
                for inner in &t.items {
                    self.push(&cfg, format!("trait item {name}: {}", one_line(inner)));
                }
            }
            Item::Struct(s) if is_public(&s.vis) && named(&s.ident) => {
                let name = path(&s.ident);
                self.push(
                    &cfg,
                    format!("{} {name}{}", marks("struct"), text(&s.generics)),
                );
                self.derives(&cfg, &name, &a.derives);
                if let Fields::Named(fields) = &s.fields {
                    for field in fields.named.iter().filter(|f| is_public(&f.vis)) {
                        let field_name = field.ident.as_ref().unwrap();
                        self.push(
                            &cfg,
                            format!("field {name}.{field_name}: {}", text(&field.ty)),
                        );
                    }
                } else if let Fields::Unnamed(fields) = &s.fields {
                    for (index, field) in fields.unnamed.iter().enumerate() {
                        if is_public(&field.vis) {
                            self.push(&cfg, format!("field {name}.{index}: {}", text(&field.ty)));
                        }
                    }
                }
            }
            Item::Enum(e) if is_public(&e.vis) && named(&e.ident) => {
                let name = path(&e.ident);
                self.push(
                    &cfg,
                    format!("{} {name}{}", marks("enum"), text(&e.generics)),
                );
                self.derives(&cfg, &name, &a.derives);
                for variant in &e.variants {
                    let v = attrs(&variant.attrs);
                    if v.skip {
                        continue;
                    }
                    let fields = fields_text(&variant.fields);
                    let mark = if v.non_exhaustive {
                        "#[non_exhaustive] "
                    } else {
                        ""
                    };
                    self.push(
                        &cfg,
                        format!("variant {mark}{name}::{}{fields}", variant.ident),
                    );
                }
            }
            Item::Impl(i) => {
                let self_ty = text(&i.self_ty);
                let base = self_ty.split('<').next().unwrap_or_default();
                let base = base
                    .rsplit("::")
                    .next()
                    .unwrap_or_default()
                    .trim_start_matches('&');
                if !scope.shows(base) || self.private.contains(base) {
                    return;
                }
                let generics = text(&i.generics);
                if let Some((bang, trait_path, _)) = &i.trait_ {
                    let not = if bang.is_some() { "!" } else { "" };
                    self.push(
                        &cfg,
                        format!(
                            "impl{generics} {not}{} for {module}::{self_ty}",
                            text(trait_path)
                        ),
                    );
                    return;
                }
                for inner in &i.items {
                    match inner {
                        ImplItem::Fn(f) if is_public(&f.vis) && !attrs(&f.attrs).skip => {
                            let mut inner_cfg = cfg.clone();
                            inner_cfg.extend(attrs(&f.attrs).cfg);
                            self.push(
                                &inner_cfg,
                                format!(
                                    "method {module}::{self_ty}::{}: {}{}",
                                    f.sig.ident,
                                    generics,
                                    text(&f.sig)
                                ),
                            );
                        }
                        ImplItem::Const(c) if is_public(&c.vis) && !attrs(&c.attrs).skip => {
                            self.push(
                                &cfg,
                                format!(
                                    "assoc const {module}::{self_ty}::{}: {}",
                                    c.ident,
                                    text(&c.ty)
                                ),
                            );
                        }
                        _ => {}
                    }
                }
            }
            Item::Macro(m) if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                if let Some(ident) = &m.ident {
                    self.push(&cfg, format!("macro {ident}!"));
                }
            }
            _ => {}
        }
    }

    fn derives(&mut self, cfg: &[String], name: &str, derives: &[String]) {
        if !derives.is_empty() {
            let mut sorted = derives.to_vec();
            sorted.sort();
            self.push(cfg, format!("derive {name}: {}", sorted.join(", ")));
        }
    }
}

/// A variant's fields without their attributes: ` { a: A, b: B }`, `(A, B)` or nothing.
fn fields_text(fields: &Fields) -> String {
    match fields {
        Fields::Unit => String::new(),
        Fields::Named(named) => {
            let list: Vec<String> = named
                .named
                .iter()
                .map(|f| format!("{}: {}", f.ident.as_ref().unwrap(), text(&f.ty)))
                .collect();
            format!(" {{ {} }}", list.join(", "))
        }
        Fields::Unnamed(unnamed) => {
            let list: Vec<String> = unnamed.unnamed.iter().map(|f| text(&f.ty)).collect();
            format!("({})", list.join(", "))
        }
    }
}

/// A trait item on one line: its signature, without a default body.
fn one_line(item: &syn::TraitItem) -> String {
    match item {
        syn::TraitItem::Fn(f) => text(&f.sig),
        syn::TraitItem::Const(c) => format!("const {}: {}", c.ident, text(&c.ty)),
        syn::TraitItem::Type(t) => format!("type {}", t.ident),
        other => text(other),
    }
}

/// Where listed items appear: a public module's path, and for a private module the names its
/// parent re-exports from it (`None`: everything public is visible).
struct Scope {
    path: String,
    visible: Option<BTreeSet<String>>,
}

impl Scope {
    fn shows(&self, name: &str) -> bool {
        self.visible
            .as_ref()
            .is_none_or(|names| names.contains(name) || names.contains("*"))
    }
}

/// The `pub use` leaves of a module's items: (source path, name it is shown as).
fn reexports(items: &[Item]) -> Vec<(String, String)> {
    let mut leaves = Vec::new();
    for item in items {
        if let Item::Use(u) = item {
            if is_public(&u.vis) {
                flatten(&u.tree, String::new(), &mut leaves);
            }
        }
    }
    leaves
        .into_iter()
        .map(|(source, shown)| (source.trim_start_matches("self::").to_owned(), shown))
        .collect()
}

/// The child module names of a directory module (files and folders).
fn local_modules(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| Some(e.ok()?.path().file_stem()?.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// Flattens a use tree into (source path, shown name) pairs.
fn flatten(tree: &UseTree, prefix: String, out: &mut Vec<(String, String)>) {
    let join = |name: &dyn std::fmt::Display| {
        if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{prefix}::{name}")
        }
    };
    match tree {
        UseTree::Path(p) => flatten(&p.tree, join(&p.ident), out),
        UseTree::Name(n) => out.push((join(&n.ident), n.ident.to_string())),
        UseTree::Rename(r) => out.push((join(&r.ident), r.rename.to_string())),
        UseTree::Glob(_) => out.push((join(&"*"), "*".to_owned())),
        UseTree::Group(g) => {
            for inner in &g.items {
                flatten(inner, prefix.clone(), out);
            }
        }
    }
}

fn surface() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lister = Lister {
        lines: BTreeSet::new(),
        private: BTreeSet::new(),
    };
    let scope = Scope {
        path: "securepay".to_owned(),
        visible: None,
    };
    lister.file(&root.join("src/lib.rs"), &scope, &[]);
    let mut out = String::from(
        "# The public surface of securepay, written by tests/it/public_api.rs; update it with\n\
         # SECUREPAY_UPDATE_PUBLIC_API=1 cargo test --all-features --test it public_api\n",
    );
    for line in lister.lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn the_public_surface_changes_only_on_purpose() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SNAPSHOT);
    let now = surface();
    if std::env::var_os("SECUREPAY_UPDATE_PUBLIC_API").is_some() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != now {
        let old: BTreeSet<&str> = committed.lines().collect();
        let new: BTreeSet<&str> = now.lines().collect();
        let removed: Vec<_> = old.difference(&new).map(|l| format!("- {l}")).collect();
        let added: Vec<_> = new.difference(&old).map(|l| format!("+ {l}")).collect();
        panic!(
            "the public surface differs from {SNAPSHOT} (update it with \
             SECUREPAY_UPDATE_PUBLIC_API=1 cargo test --all-features --test it public_api, \
             and say why in CHANGELOG.md):\n{}\n{}",
            removed.join("\n"),
            added.join("\n")
        );
    }
}

/// The lister sees what it must: a known function, a re-export, a field, a variant, a derive.
#[test]
fn the_lister_sees_known_items() {
    let surface = surface();
    for expected in [
        "fn securepay::verify::verify: fn verify(",
        "use securepay::offramp::KycStatus: crate::webhook::KycStatus",
        "variant securepay::network::ChainKind::Tron",
        "derive securepay::network::ChainKind: Clone, Copy, Debug, Deserialize, Eq, Hash, PartialEq, Serialize",
    ] {
        assert!(surface.contains(expected), "{expected} is not listed");
    }
}

/// Types that deserialize JSON but are not `#[non_exhaustive]`, each for a reason. Every other
/// public type with public fields or variants that implements `Deserialize` is a model of
/// something the service sends, which may gain a field or a value: it is `#[non_exhaustive]`,
/// so the crate can follow without a breaking change. (A struct without public fields needs no
/// mark: it cannot be built or destructured outside the crate anyway.)
const NOT_NON_EXHAUSTIVE: &[(&str, &str)] = &[
    // Closed sets the crate or a standard fixes: a new member is a breaking change on purpose.
    (
        "securepay::network::Network",
        "the networks the crate supports",
    ),
    ("securepay::network::ChainKind", "EVM or Tron"),
    ("securepay::network::Feature", "the crate's feature matrix"),
    ("securepay::address::ChainAddress", "EVM or Tron"),
    (
        "securepay::address::ChecksumStatus",
        "ERC-7828 checksum states",
    ),
    (
        "securepay::verify::Severity",
        "the crate's finding severities",
    ),
    ("securepay::policy::Source", "the crate's policy levels"),
    ("securepay::offramp::Machine", "the crate's state machines"),
    (
        "securepay::offramp::RejectionKind",
        "the crate's state machines",
    ),
    (
        "securepay::offramp::OfframpState",
        "the crate's state machine (persisted)",
    ),
    (
        "securepay::partial::LedgerStatus",
        "the crate's ledger (persisted)",
    ),
    (
        "securepay::webhook::SeenKey",
        "the crate's de-duplication keys (persisted)",
    ),
    (
        "securepay::transaction::Transaction",
        "a call is {to, data, value} on every chain",
    ),
    // Newtypes of one wire value: the value is the type.
    ("securepay::pay::ChainIdText", "a chain id written as text"),
    (
        "securepay::api::BatchPayoutCalldata",
        "the transactions of a batch payout",
    ),
    // Inputs the user writes field by field.
    (
        "securepay::offramp::PayerDraft",
        "a payer the user fills in",
    ),
    (
        "securepay::offramp::PaymentDetailsDraft",
        "bank details the user fills in",
    ),
    ("securepay::currency::CurrencyFields", "builds a Currency"),
    (
        "securepay::policy::AccessPolicyFields",
        "an access policy the user writes",
    ),
    (
        "securepay::api::TransactionIndex",
        "a leg of the intent the user records",
    ),
];

#[test]
fn wire_models_are_non_exhaustive_by_one_rule() {
    let surface = surface();
    let mut kinds = std::collections::BTreeMap::new();
    let mut marked = BTreeSet::new();
    let mut with_fields = BTreeSet::new();
    let mut deserialize = BTreeSet::new();
    for line in surface.lines() {
        let mut line = line;
        while let Some(rest) = line.strip_prefix("#[cfg(") {
            line = rest.split_once(")] ").unwrap().1; // drop the cfg prefixes
        }
        let (mark, rest) = match line.strip_prefix("#[non_exhaustive] ") {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        for kind in ["struct", "enum"] {
            if let Some(name) = rest.strip_prefix(kind).and_then(|r| r.strip_prefix(' ')) {
                let name = name.split('<').next().unwrap().to_owned();
                if mark {
                    marked.insert(name.clone());
                }
                kinds.insert(name, kind);
            }
        }
        if let Some(field) = rest.strip_prefix("field ") {
            with_fields.insert(field.split('.').next().unwrap().to_owned());
        }
        if let Some(derive) = rest.strip_prefix("derive ") {
            let (name, derives) = derive.split_once(": ").unwrap();
            if derives.split(", ").any(|d| d == "Deserialize") {
                deserialize.insert(name.to_owned());
            }
        }
        if rest.starts_with("impl") && rest.contains(" Deserialize<") {
            let name = rest
                .rsplit(" for ")
                .next()
                .unwrap()
                .split('<')
                .next()
                .unwrap();
            deserialize.insert(name.to_owned());
        }
    }
    let exempt: BTreeSet<&str> = NOT_NON_EXHAUSTIVE.iter().map(|(name, _)| *name).collect();
    let mut unmarked = Vec::new();
    let mut stale = Vec::new();
    for name in &deserialize {
        let Some(kind) = kinds.get(name) else {
            continue;
        };
        let opaque = *kind == "struct" && !with_fields.contains(name);
        let needs = !opaque && !exempt.contains(name.as_str());
        if needs && !marked.contains(name) {
            unmarked.push(name.clone());
        }
    }
    for name in &exempt {
        if marked.contains(*name) || !deserialize.contains(*name) {
            stale.push(*name);
        }
    }
    assert!(
        unmarked.is_empty(),
        "wire models without #[non_exhaustive] (mark them, or add them to NOT_NON_EXHAUSTIVE with a reason): {unmarked:#?}"
    );
    assert!(
        stale.is_empty(),
        "stale NOT_NON_EXHAUSTIVE entries: {stale:#?}"
    );
}
