//! `cargo run -p securepay-gen`: writes `core/src/contracts/builtin.rs`, `core/src/currency/builtin.rs`
//! and `core/src/calldata/lifi/known.rs` from `tests/data/reference/*.json` (and
//! `gen/lifi-provenance.json`). With `--check`, writes nothing and fails when a file differs
//! from what it would write.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(other) => {
            eprintln!(
                "usage: cargo run -p securepay-gen [-- --check] (unknown argument {other:?})"
            );
            return ExitCode::from(2);
        }
    };
    // The workspace root: this crate's parent directory.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let outputs = match securepay_gen::generate(&root) {
        Ok(outputs) => outputs,
        Err(error) => {
            eprintln!("securepay-gen: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut stale = 0;
    for output in &outputs {
        let path = root.join(output.path);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == output.text {
            println!("{} is up to date", output.path);
            continue;
        }
        stale += 1;
        if check {
            println!("{} is stale", output.path);
        } else if let Err(error) = std::fs::write(&path, &output.text) {
            eprintln!("securepay-gen: cannot write {}: {error}", path.display());
            return ExitCode::FAILURE;
        } else {
            println!("{} written", output.path);
        }
    }
    if check && stale > 0 {
        eprintln!("securepay-gen: {stale} file(s) stale: run `cargo run -p securepay-gen`");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
