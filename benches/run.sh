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
#   detect     `securepay detect` against viem's parseEventLogs at 1,000, 10,000 and 40,000 logs
#              (benches/compare/detect.mjs)
#
# The machine and tools come first; each part prints its table with the goals of issues 28 and
# 37 beside the figures (met or not); read the figures as ratios (the machine's speed moves between runs,
# each comparison runs its two sides in the same run).
set -euo pipefail
cd "$(dirname "$0")/.."

all=(criterion callgrind wasm encode detect)
chosen=("$@")
if [ ${#chosen[@]} -eq 0 ]; then
  chosen=("${all[@]}")
fi

# The machine the figures come from: ratios move with it.
echo "== machine: $(nproc) CPU(s), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //'), $(free -g 2>/dev/null | awk '/Mem:/ {print $2 " GiB"}'), $(uname -sr)"
echo "== tools: $(rustc --version), node $(node --version 2>/dev/null || echo none), $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

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
        for logs in 1000 10000 40000; do
          (cd benches/compare && RUNS=$([ "$logs" = 10000 ] && echo 5 || echo 3) node detect.mjs "$logs")
        done
      fi
      ;;
    *)
      echo "benches/run.sh: no benchmark named '$name' (one of: ${all[*]})" >&2
      exit 2
      ;;
  esac
done
