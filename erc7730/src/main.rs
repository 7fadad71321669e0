//! `cargo run -p securepay-erc7730`: writes the ERC-7730 descriptors of Request Network's
//! contracts and their registry test files under `erc7730/registry/requestnetwork/`. With
//! `--check`, writes nothing and fails when a committed file differs from what it would write.
#![forbid(unsafe_code)]

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(other) => {
            eprintln!(
                "usage: cargo run -p securepay-erc7730 [-- --check] (unknown argument {other:?})"
            );
            return ExitCode::from(2);
        }
    };
    // The workspace root: this crate's parent directory.
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let outputs = match securepay_erc7730::generate() {
        Ok(outputs) => outputs,
        Err(error) => {
            eprintln!("securepay-erc7730: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut stale = 0;
    for output in &outputs {
        let path = root.join(&output.path);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current == output.text {
            println!("{} is up to date", output.path);
            continue;
        }
        stale += 1;
        if check {
            println!("{} is stale", output.path);
            continue;
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &output.text));
        match written {
            Ok(()) => println!("{} written", output.path),
            Err(error) => {
                eprintln!(
                    "securepay-erc7730: cannot write {}: {error}",
                    path.display()
                );
                return ExitCode::FAILURE;
            }
        }
    }
    if check && stale > 0 {
        eprintln!("securepay-erc7730: {stale} file(s) stale: run `cargo run -p securepay-erc7730`");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
