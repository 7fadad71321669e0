//! One version everywhere (issue 34 item 7): every `securepay` dependency line the README (the
//! crate's documentation, `src/lib.rs` includes it) and the rustdoc of `api::Client` show names
//! the version of this crate, and that version is the latest one the changelog has released.

use std::path::PathBuf;

fn read(path: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The versions named by `securepay` dependency lines in `text`: `securepay = "X"` and
/// `securepay = { … version = "X" … }`, and the prose `securepay X is not on crates.io`.
fn named_versions(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let line = line.trim_start_matches(['/', '!', '#', ' ']);
        if let Some(rest) = line.split("securepay = \"").nth(1) {
            found.extend(rest.split('"').next().map(str::to_owned));
        }
        if line.contains("securepay = {") {
            match line.split("version = \"").nth(1) {
                Some(rest) => found.extend(rest.split('"').next().map(str::to_owned)),
                None => panic!("a securepay dependency line without its version: {line}"),
            }
        }
        if let Some((before, _)) = line.split_once(" is not on crates.io") {
            found.extend(before.strip_prefix("securepay ").map(str::to_owned));
        }
    }
    found
}

#[test]
fn the_docs_name_the_crates_version() {
    let version = env!("CARGO_PKG_VERSION");
    for (file, at_least) in [("README.md", 4), ("src/api/client.rs", 2)] {
        let named = named_versions(&read(file));
        assert!(named.len() >= at_least, "{file}: {named:?}");
        for named in named {
            assert_eq!(named, version, "{file} names securepay {named}");
        }
    }
    // The crate's documentation is the README.
    assert!(read("src/lib.rs").contains("#![doc = include_str!(\"../README.md\")]"));
}

#[test]
fn the_crates_version_is_the_changelogs_latest_release() {
    let changelog = read("CHANGELOG.md");
    let released = changelog
        .lines()
        .filter_map(|line| line.strip_prefix("## ["))
        .find(|heading| !heading.starts_with("Unreleased"))
        .and_then(|heading| heading.split(']').next());
    assert_eq!(released, Some(env!("CARGO_PKG_VERSION")));
}

/// The README's measurements of the next version say that it is not released: every mention of
/// the version of the changelog's `## [Unreleased] (X)` heading reads "unreleased X".
#[test]
fn the_next_version_is_named_unreleased() {
    let changelog = read("CHANGELOG.md");
    let next = changelog
        .lines()
        .find_map(|line| line.strip_prefix("## [Unreleased] ("))
        .and_then(|rest| rest.strip_suffix(')'))
        .expect("the changelog's Unreleased heading names the next version");
    let readme = read("README.md");
    let unmarked: Vec<&str> = readme
        .lines()
        .filter(|line| {
            line.match_indices(next)
                .any(|(at, _)| !line[..at].ends_with("unreleased "))
        })
        .collect();
    assert!(
        unmarked.is_empty(),
        "{next} not named unreleased: {unmarked:#?}"
    );
}

#[test]
fn the_reader_finds_every_form() {
    let text = "securepay 1.2.3 is not on crates.io yet\n\
                /// securepay = { path = \"../securepay\", version = \"1.2.3\", features = [\"client\"] }\n\
                # securepay = \"1.2.3\"\n";
    assert_eq!(named_versions(text), ["1.2.3", "1.2.3", "1.2.3"]);
}
