//! The module graph of `core/src/` and `src/` (the core's modules are re-exported by `securepay`
//! at the same paths, so the two read as one tree): every top-level module sits on a layer and
//! imports only from layers below it, and no files import each other in a circle. That the core
//! imports nothing of the layers above it is the compiler's to say: `securepay-core` does not
//! depend on `securepay`. Read from the source text
//! (`crate::…` and `super::…` paths outside comments and unit tests), so a new import that
//! breaks the layering fails here with the file that made it. And the sources cite only what
//! anyone can open: no comment of `core/src/`, `src/`, `cli/src`, `wasm/src` or the README names a file that
//! lives beside the repository.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Top-level modules from the bottom up. A module may import from any layer strictly below its
/// own, never from its own layer or above.
const LAYERS: &[&[&str]] = &[
    // The core's `alloc` prelude (`String`, `Vec`, `format!`…), imported by every core module.
    &["prelude"],
    &["serde_util", "text"],
    &["network", "amount"],
    &["address", "wire"],
    // `masked`: the payee hidden from people (`policy` re-exports it; `verify` renders it).
    &["currency", "contracts", "transaction", "masked"],
    // Tron's signed transactions: addresses and amounts below, read by verification above.
    &["tron"],
    &["calldata"],
    &["pay", "policy", "webhook"],
    // State machines driven by webhook events, and verification.
    &["verify", "partial", "offramp"],
    // Settlement from chain data: contracts and references below, webhooks and the ledger it
    // checks and feeds.
    &["detect"],
    &["api"],
];

fn layer_of(module: &str) -> usize {
    LAYERS
        .iter()
        .position(|layer| layer.contains(&module))
        .unwrap_or_else(|| panic!("src/{module} is on no layer of tests/it/architecture.rs"))
}

/// Every `.rs` file under `core/src/` and `src/`, as its module path (`pay::shapes`, `verify`,
/// `lib`): a path both crates have (`wire`, `lib`) holds both files.
fn modules() -> BTreeMap<String, Vec<PathBuf>> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<String, Vec<PathBuf>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut inner = prefix.to_vec();
                inner.push(name);
                walk(&path, &inner, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut segments = prefix.to_vec();
                if name != "mod" {
                    segments.push(name);
                }
                out.entry(segments.join("::")).or_default().push(path);
            }
        }
    }
    let mut out = BTreeMap::new();
    for dir in ["core/src", "src"] {
        walk(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(dir),
            &[],
            &mut out,
        );
    }
    out
}

/// The code of a file without comment lines and without its unit-test module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => &text[..],
    };
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a file names with `crate::` or `super::`, as absolute segment lists.
fn named_paths(module: &str, code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(start) {
            let at = from + found;
            from = at + start.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let rest: String = code[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let segments: Vec<String> = rest
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect();
            let mut base: Vec<String> = if module == "lib" {
                Vec::new()
            } else {
                module.split("::").map(str::to_owned).collect()
            };
            let mut rest = segments.as_slice();
            if rest.first().is_some_and(|s| s == "crate") {
                base.clear();
                rest = &rest[1..];
            } else {
                // `super` of `a/b.rs` and of `a/b/mod.rs` (both module `a::b`) is `a`.
                base.pop();
                rest = &rest[1..];
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
            base.extend(rest.iter().cloned());
            paths.push(base);
        }
    }
    paths
}

/// module → the modules (files) it names, each resolved to the longest file path it starts with.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let mut graph = BTreeMap::new();
    for (module, paths) in &modules {
        let mut targets = BTreeSet::new();
        let code: String = paths.iter().map(|path| code(path)).collect();
        for named in named_paths(module, &code) {
            let target = (1..=named.len())
                .rev()
                .map(|k| named[..k].join("::"))
                .find(|candidate| modules.contains_key(candidate));
            if let Some(target) = target {
                // A module naming its own descendants (`mod.rs` re-exports) is not an import.
                if &target != module && !target.starts_with(&format!("{module}::")) {
                    targets.insert(target);
                }
            }
        }
        graph.insert(module.clone(), targets);
    }
    graph
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or(module)
}

#[test]
fn no_module_imports_from_its_own_layer_or_above() {
    let mut wrong = Vec::new();
    for (module, targets) in graph() {
        if module == "lib" {
            continue;
        }
        for target in targets {
            let (from, to) = (top(&module), top(&target));
            if from != to && layer_of(to) >= layer_of(from) {
                wrong.push(format!("{module} imports {target}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "upward or sideways imports:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_files_import_each_other_in_a_circle() {
    let graph = graph();
    // Depth-first search for a back edge; prints the circle it closes.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, bool>,
        stack: &mut Vec<String>,
        circles: &mut Vec<String>,
    ) {
        state.insert(node.to_owned(), false);
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next) {
                None => visit(next, graph, state, stack, circles),
                Some(false) => {
                    let from = stack.iter().position(|m| m == next).unwrap();
                    circles.push(format!("{} -> {next}", stack[from..].join(" -> ")));
                }
                Some(true) => {}
            }
        }
        stack.pop();
        state.insert(node.to_owned(), true);
    }
    let (mut state, mut stack, mut circles) = (BTreeMap::new(), Vec::new(), Vec::new());
    for node in graph.keys() {
        if !state.contains_key(node) {
            visit(node, &graph, &mut state, &mut stack, &mut circles);
        }
    }
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

/// The reader above finds real imports: a file known to import another is seen doing so.
#[test]
fn the_graph_sees_known_imports() {
    let graph = graph();
    assert!(graph["verify::run"].iter().any(|t| t.starts_with("pay")));
    assert!(
        graph["calldata"].contains("contracts")
            || graph
                .iter()
                .any(|(m, t)| m.starts_with("calldata") && t.contains("contracts"))
    );
    assert!(
        LAYERS
            .iter()
            .flat_map(|l| l.iter())
            .all(|m| graph.contains_key(*m))
    );
}

// ---------------------------------------------------------------------------------------------
// Citations anyone can read

/// The names of files that live beside the repository (the project's research notes), never in
/// it: a comment that cites one sends a reader to a file they cannot open.
const OUTSIDE_FILES: &[&str] = &[
    "api-notes",
    "lifi-notes",
    "contracts-notes",
    "detection-notes",
    "token-behaviours",
    "DESIGN.md",
    "../shared",
    "/shared/",
];

/// Every file under `dir` whose name ends with one of `extensions`.
fn files_under(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, extensions, out);
        } else if extensions
            .iter()
            .any(|ext| path.extension().is_some_and(|e| e == *ext))
        {
            out.push(path);
        }
    }
}

/// The places in `text` that cite a file outside the repository: one of [`OUTSIDE_FILES`], or a
/// `reference/…` path that is not `tests/data/reference/…` (the repository's copies) or a docs
/// page's `api-reference/…`.
fn outside_citations(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for name in OUTSIDE_FILES {
            if line.contains(name) {
                found.push(format!("line {}: {name}: {}", number + 1, line.trim()));
            }
        }
        for (at, _) in line.match_indices("reference/") {
            let before = &line[..at];
            if !before.ends_with("tests/data/") && !before.ends_with("api-") {
                found.push(format!("line {}: reference/: {}", number + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_sources_cite_no_file_outside_the_repository() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["core/src", "src", "cli/src", "wasm/src"] {
        files_under(&root.join(dir), &["rs", "ts", "js", "mjs"], &mut files);
    }
    files.push(root.join("README.md"));
    assert!(files.len() > 100, "the walk found the sources");
    let found: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            let name = file.strip_prefix(&root).unwrap().display().to_string();
            outside_citations(&text)
                .into_iter()
                .map(move |place| format!("{name} {place}"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "cite the public source (a docs page, `owner/repo@commit:path:line`) or a file of this \
         repository instead:\n{}",
        found.join("\n")
    );
}

/// The reader above finds what it looks for, and lets the repository's own paths and the docs'
/// pages through.
#[test]
fn the_citation_reader_sees_outside_files() {
    for cited in [
        "/// Source: api-notes §4.2.",
        "//! per lifi-notes Appendix A",
        "// contracts-notes §1.1",
        "//! **Trust model** (DESIGN.md §6).",
        "/// artifacts (`reference/abis/`)",
        "/// copied from ../shared",
    ] {
        assert_eq!(outside_citations(cited).len(), 1, "{cited}");
    }
    for fine in [
        "/// `tests/data/reference/lifi-abi.json`",
        "/// <https://docs.request.network/api-reference/webhooks>",
        "/// `lifinance/contracts@ef00558f:src/Libraries/LibSwap.sol:60`",
    ] {
        assert_eq!(outside_citations(fine), Vec::<String>::new(), "{fine}");
    }
}
