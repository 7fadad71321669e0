#!/usr/bin/env bash
# Builds the JavaScript package of securepay: wasm/pkg/node (CommonJS, for Node) and
# wasm/pkg/web (an ES module, for browsers and bundlers), each with package.json, the .wasm,
# the JS glue and the .d.ts. Installs what it needs: the wasm32 target, and wasm-bindgen-cli at
# the exact version of the `wasm-bindgen` crate in Cargo.lock.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$root"

fail() { echo "wasm/build.sh failed: $*" >&2; exit 1; }

if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
  rustup target add wasm32-unknown-unknown || fail "could not install the wasm32-unknown-unknown target (is the download refused?)"
fi

version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[ -n "$version" ] || fail "no wasm-bindgen in Cargo.lock"
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version\$"; then
  echo "== installing wasm-bindgen-cli $version"
  # --locked first; a registry mirror missing one of its locked dependencies needs a fresh resolve.
  cargo install wasm-bindgen-cli --version "$version" --locked \
    || cargo install wasm-bindgen-cli --version "$version" \
    || fail "could not install wasm-bindgen-cli $version (is the download refused?)"
fi

echo "== cargo build securepay-wasm (wasm32-unknown-unknown, profile wasm-release)"
cargo build --locked -p securepay-wasm --lib --target wasm32-unknown-unknown --profile wasm-release
wasm="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm-release/securepay_wasm.wasm"

size() { echo "$(wc -c < "$1") bytes, $(gzip -9c "$1" | wc -c) gzipped"; }
echo "== cargo's wasm (profile wasm-release in Cargo.toml: fat LTO at opt-level 3, most crates \"s\", one codegen unit, with symbols): $(size "$wasm")"

echo "== npm install in wasm/ (typescript and viem, for the tests and the bench)"
(cd wasm && npm install --no-audit --no-fund --loglevel=error) || fail "npm install in wasm/ failed (is the registry refused?)"

pkg_version="$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)"
rm -rf wasm/pkg
for target in node web; do
  out="wasm/pkg/$target"
  case "$target" in
    node) bindgen_target=nodejs; type=commonjs ;;
    web) bindgen_target=web; type=module ;;
  esac
  # Symbols and the producers section removed here (saved 92 KB gzipped).
  wasm-bindgen --target "$bindgen_target" --out-dir "$out" --out-name securepay_wasm \
    --remove-name-section --remove-producers-section "$wasm"
  bg="$out/securepay_wasm_bg.wasm"
  # No wasm-opt: binaryen's `wasm-opt` (npm `binaryen`, -Oz or -O3) makes this file smaller raw
  # but larger gzipped (measured 1,187,070 -> 1,079,849 bytes but 390,396 -> 401,771 gzipped), and
  # gzipped is what is served.
  cat > "$out/package.json" <<JSON
{
  "name": "securepay-wasm",
  "version": "$pkg_version",
  "description": "securepay's verifier, decoder and encoder for Request Network's hosted payment API, in WebAssembly.",
  "license": "MIT OR Apache-2.0",
  "type": "$type",
  "main": "securepay_wasm.js",
  "types": "securepay_wasm.d.ts",
  "files": ["securepay_wasm.js", "securepay_wasm.d.ts", "securepay_wasm_bg.wasm", "securepay_wasm_bg.wasm.d.ts"]
}
JSON
done
echo "== after wasm-bindgen: $(size wasm/pkg/web/securepay_wasm_bg.wasm) (wasm/pkg/web, the browser's)"
