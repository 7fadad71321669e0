#!/usr/bin/env bash
# Builds the npm package securepay-wasm into wasm/pkg: three .wasm (the main module, and the
# `securepay-wasm/encode` and `securepay-wasm/detect` subpaths', wasm/encode and wasm/detect,
# so that the verifier's carries neither the encoders nor detection), for each wasm-bindgen's
# glue for Node (CommonJS, loads the module when required) and for browsers and bundlers (an
# ES module whose `init()` fetches it), the entry points and package.json of wasm/npm
# (exports: Node `require` and `import`, then the browser build), the README and the
# licences. `npm pack` in wasm/pkg makes the tarball. Installs what it needs: the wasm32
# target, and wasm-bindgen-cli at the exact version of the `wasm-bindgen` crate in Cargo.lock:
# the `wasm-bindgen` on PATH when it is that version, else one built into the build's own
# folder, `${CARGO_TARGET_DIR:-target}/wasm-bindgen-cli-<version>` (never the global cargo bin).
# The first build compiles it (about 12 minutes on two cores, on top of compiling the three
# modules); later builds reuse it.
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
# `wasm-bindgen` refuses a module made by another version of the crate: the CLI's version must
# be the lock file's.
target_dir="${CARGO_TARGET_DIR:-target}"
case "$target_dir" in /*) ;; *) target_dir="$root/$target_dir" ;; esac
bindgen_root="$target_dir/wasm-bindgen-cli-$version"
if wasm-bindgen --version 2>/dev/null | grep -q " $version\$"; then
  wasm_bindgen="$(command -v wasm-bindgen)"
  echo "== wasm-bindgen $version: $wasm_bindgen (on PATH)"
elif "$bindgen_root/bin/wasm-bindgen" --version 2>/dev/null | grep -q " $version\$"; then
  wasm_bindgen="$bindgen_root/bin/wasm-bindgen"
  echo "== wasm-bindgen $version: $wasm_bindgen"
else
  echo "== installing wasm-bindgen-cli $version into $bindgen_root (the first build only: about 12 minutes on two cores)"
  # --locked first; a registry mirror missing one of its locked dependencies needs a fresh resolve.
  cargo install wasm-bindgen-cli --version "$version" --root "$bindgen_root" --locked \
    || cargo install wasm-bindgen-cli --version "$version" --root "$bindgen_root" \
    || fail "could not install wasm-bindgen-cli $version (is the download refused?)"
  wasm_bindgen="$bindgen_root/bin/wasm-bindgen"
fi

echo "== cargo build securepay-wasm, securepay-wasm-encode, securepay-wasm-detect (wasm32-unknown-unknown, profile wasm-release)"
cargo build --locked -p securepay-wasm -p securepay-wasm-encode -p securepay-wasm-detect --lib --target wasm32-unknown-unknown --profile wasm-release
built="$target_dir/wasm32-unknown-unknown/wasm-release"
wasm="$built/securepay_wasm.wasm"
encode_wasm="$built/securepay_wasm_encode.wasm"
detect_wasm="$built/securepay_wasm_detect.wasm"

# gzip reads standard input: no file name in its header, the size of the compressed data.
size() { echo "$(wc -c < "$1") bytes, $(gzip -9c < "$1" | wc -c) gzipped"; }
echo "== cargo's wasm (profile wasm-release in Cargo.toml: fat LTO at opt-level 3, most crates \"s\", one codegen unit, with symbols): $(size "$wasm")"
echo "== cargo's encode wasm (fat LTO at opt-level \"s\"): $(size "$encode_wasm")"
echo "== cargo's detect wasm (fat LTO at opt-level \"s\"): $(size "$detect_wasm")"

echo "== npm install in wasm/ (typescript, vite and viem, for the tests and the bench)"
(cd wasm && npm install --no-audit --no-fund --loglevel=error) || fail "npm install in wasm/ failed (is the registry refused?)"

pkg_version="$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)"
out=wasm/pkg
rm -rf "$out"
node_glue="$(mktemp -d)"
trap 'rm -rf "$node_glue"' EXIT
# Symbols and the producers section removed here (saved 92 KB gzipped).
# No wasm-opt: binaryen's `wasm-opt` (npm `binaryen`, -Oz or -O3) makes this file smaller raw
# but larger gzipped (measured 1,187,070 -> 1,079,849 bytes but 390,396 -> 401,771 gzipped), and
# gzipped is what is served.
# `bindgen NAME INPUT`: NAME.js (web) and NAME_node.cjs (Node) with their .d.ts, and NAME_bg.wasm.
bindgen() {
  local target
  for target in web nodejs; do
    local dir="$out"
    [ "$target" = web ] || dir="$node_glue"
    "$wasm_bindgen" --target "$target" --out-dir "$dir" --out-name "$1" \
      --remove-name-section --remove-producers-section "$2"
  done
  # Both glues load the same .wasm: the package holds one.
  cmp -s "$out/$1_bg.wasm" "$node_glue/$1_bg.wasm" \
    || fail "wasm-bindgen's web and nodejs $1_bg.wasm differ: the package cannot share one"
  # The package is "type": "module"; the Node glue is CommonJS, hence .cjs.
  mv "$node_glue/$1.js" "$out/$1_node.cjs"
  mv "$node_glue/$1.d.ts" "$out/$1_node.d.cts"
  rm "$out/$1_bg.wasm.d.ts" # for wasm-bindgen's bundler target; nothing imports it
}
bindgen securepay_wasm "$wasm"
bindgen securepay_encode "$encode_wasm"
bindgen securepay_detect "$detect_wasm"
cp wasm/npm/index.js wasm/npm/index.d.ts wasm/npm/index.node.cjs wasm/npm/index.node.d.cts \
  wasm/npm/index.node.mjs wasm/npm/index.node.d.mts \
  wasm/npm/loader.js wasm/npm/encode.js wasm/npm/encode.d.ts wasm/npm/encode.node.cjs \
  wasm/npm/encode.node.d.cts wasm/npm/encode.node.mjs wasm/npm/encode.node.d.mts \
  wasm/npm/detect.js wasm/npm/detect.d.ts wasm/npm/detect.node.cjs wasm/npm/detect.node.d.cts \
  wasm/npm/detect.node.mjs wasm/npm/detect.node.d.mts \
  wasm/npm/verdict.js wasm/npm/README.md LICENSE-MIT LICENSE-APACHE "$out/"
# verdict.js is the source; Node's CommonJS entry requires its copy as CommonJS.
{
  echo "// Written by wasm/build.sh from verdict.js: the same code as CommonJS."
  sed -e 's/^export function /function /' wasm/npm/verdict.js
  echo 'module.exports = { verdict };'
} > "$out/verdict.cjs"
node -e '
  const [template, version, to] = process.argv.slice(1);
  const pkg = JSON.parse(require("fs").readFileSync(template, "utf8"));
  pkg.version = version;
  require("fs").writeFileSync(to, JSON.stringify(pkg, null, 2) + "\n");
' wasm/npm/package.json "$pkg_version" "$out/package.json"
echo "== after wasm-bindgen: $(size "$out/securepay_wasm_bg.wasm"); encode: $(size "$out/securepay_encode_bg.wasm"); detect: $(size "$out/securepay_detect_bg.wasm") (wasm/pkg: npm pack there makes the tarball)"
