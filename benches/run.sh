#!/usr/bin/env bash
# Every benchmark behind the README's Performance section, from one command, in the order the
# section gives them:
#
#   bash benches/run.sh                      # all of them (about half an hour on a 2-core VM)
#   bash benches/run.sh criterion wasm       # some of them, by name:
#
#   criterion  criterion's medians of every operation beside its raw baseline, then the table
#              with ratios and allocator calls (benches/report.rs)
#   callgrind  allocator calls and instructions of a verification (benches/callgrind.sh; needs
#              valgrind)
#   wasm       verify in WebAssembly in Node against native and against viem's decoding
#              (builds the package first: wasm/build.sh)
#   encode     streaming `securepay encode` against viem, ethers and the payment processor
#              (benches/compare/compare.mjs)
#   detect     `securepay detect` against viem's parseEventLogs (benches/compare/detect.mjs)
#
# Each prints its table; read the figures as ratios (the machine's speed moves between runs,
# each comparison runs its two sides in the same run).
set -euo pipefail
cd "$(dirname "$0")/.."

all=(criterion callgrind wasm encode detect)
chosen=("$@")
if [ ${#chosen[@]} -eq 0 ]; then
  chosen=("${all[@]}")
fi

for name in "${chosen[@]}"; do
  case "$name" in
    criterion)
      echo "== criterion: every operation beside its baseline, then the table"
      cargo bench --locked --features fixtures --bench primitives --bench calldata --bench pay \
        --bench verify --bench detect
      cargo bench --locked --features fixtures --bench report
      ;;
    callgrind)
      echo "== callgrind: allocator calls and instructions of a verification"
      bash benches/callgrind.sh
      ;;
    wasm)
      echo "== WebAssembly: verify in Node against native and viem"
      bash wasm/build.sh
      node wasm/bench.mjs
      ;;
    encode | detect)
      echo "== $name: securepay's process against the JavaScript libraries"
      cargo build --locked --release -p securepay-cli
      (cd benches/compare && npm install --no-audit --no-fund --loglevel=error)
      if [ "$name" = encode ]; then
        (cd benches/compare && node compare.mjs 20000)
      else
        (cd benches/compare && node detect.mjs 10000)
      fi
      ;;
    *)
      echo "benches/run.sh: no benchmark named '$name' (one of: ${all[*]})" >&2
      exit 2
      ;;
  esac
done
