#!/usr/bin/env bash
# Instructions per call (callgrind) of `verify_slice` beside `serde_json::from_slice::<Value>`
# of the same bytes, and the allocator calls of each case: the README's Performance figures.
#
#   bash benches/callgrind.sh            # every case
#   bash benches/callgrind.sh single     # some cases: single, verify-N, cross-N
#
# Each side runs once with 1 iteration and once with 1 + N; the difference over N is the cost of
# one call, without the start-up and the building of the input. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."

cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(single verify-1 verify-10 verify-150 cross-1 cross-20)
fi

bin=$(cargo bench --features fixtures --bench profile --no-run 2>&1 |
  sed -n 's/^ *Executable .*(\(.*\))$/\1/p' | tail -n 1)
if [ -z "$bin" ]; then
  echo "could not build benches/profile.rs" >&2
  exit 1
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Instructions of `profile <case> <side> <iterations>`.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" "$1" "$2" "$3" \
    >/dev/null 2>&1
  sed -n 's/^summary: \([0-9]*\).*/\1/p' "$out/cg"
}

echo "== allocator calls"
"$bin" || echo "(above the ceiling benches/profile.rs pins)"
echo
echo "== instructions per call (callgrind)"
echo "| case | verify_slice | serde_json::from_slice::<Value> | ratio |"
echo "|---|---:|---:|---:|"
for case in "${cases[@]}"; do
  n=10
  case "$case" in verify-1?? | verify-1??? | cross-2?) n=3 ;; esac
  per_call() {
    local one more
    one=$(instructions "$case" "$1" 1)
    more=$(instructions "$case" "$1" $((1 + n)))
    echo $(((more - one) / n))
  }
  ours=$(per_call ours)
  value=$(per_call value)
  ratio=$(awk -v a="$ours" -v b="$value" 'BEGIN { printf "%.2fx", a / b }')
  printf '| %s | %s | %s | %s |\n' "$case" "$ours" "$value" "$ratio"
done
