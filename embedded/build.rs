//! Puts `memory.x` where the linker looks for it (cortex-m-rt's `link.x` includes it).

use std::path::PathBuf;

fn main() {
    let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        panic!("cargo sets OUT_DIR for build scripts");
    };
    if let Err(error) = std::fs::copy("memory.x", out.join("memory.x")) {
        panic!("cannot copy memory.x: {error}");
    }
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=memory.x");
}
