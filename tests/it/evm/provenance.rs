//! The committed bytecode is the compilation of the committed sources: every source file under
//! evm/contracts/ is in evm/compiled.json with its sha256, and nothing else is (the bytecode
//! itself is checked by CI, which runs evm/build.mjs again: see evm/README.md).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::artifacts::compiled;

fn solidity_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            solidity_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "sol") {
            out.push(path);
        }
    }
}

#[test]
fn every_source_of_evm_contracts_is_compiled_with_its_hash() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("evm/contracts");
    let mut files = Vec::new();
    solidity_files(&root, &mut files);
    let on_disk: BTreeMap<String, String> = files
        .iter()
        .map(|path| {
            let unit = path
                .strip_prefix(&root)
                .unwrap()
                .to_str()
                .unwrap()
                .replace('\\', "/");
            let digest = Sha256::digest(std::fs::read(path).unwrap());
            (unit, alloy_primitives::hex::encode(digest))
        })
        .collect();
    let recorded: BTreeMap<String, String> = compiled()
        .sources
        .iter()
        .filter(|(unit, _)| !unit.starts_with("@openzeppelin/"))
        .map(|(unit, source)| (unit.clone(), source.sha256.clone()))
        .collect();
    assert_eq!(
        on_disk, recorded,
        "evm/compiled.json is stale: run node evm/build.mjs"
    );
    assert!(on_disk.len() > 30, "{} sources", on_disk.len());
    // The imported OpenZeppelin files are recorded with the npm package they come from.
    let openzeppelin: Vec<&str> = compiled()
        .sources
        .iter()
        .filter(|(unit, _)| unit.starts_with("@openzeppelin/"))
        .map(|(_, source)| source.origin.as_str())
        .collect();
    assert!(!openzeppelin.is_empty());
    assert!(
        openzeppelin
            .iter()
            .all(|o| *o == "npm @openzeppelin/contracts@4.9.6")
    );
}
