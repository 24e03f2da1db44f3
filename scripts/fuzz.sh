#!/usr/bin/env bash
# Builds the libFuzzer targets (in the sanitize preset's tree, build-sanitize/: clang, ASan + UBSan; after
# `scripts/test.sh --sanitize` there is nothing left to build) and runs each on its seeds for SECONDS
# (default 20). Any crash, sanitizer report, failed invariant or input that takes a second or more
# (-timeout=1; the parsers that were once quadratic also time their input repeated to 128 KiB) fails the
# script; the input that caused it is saved as build-sanitize/fuzz-artifacts/<target>/crash-* or
# timeout-*. Each target's slowest input is reported.
#   scripts/fuzz.sh [SECONDS]
# The seeds in tests/fuzz/corpus/ are only read: each run works in a fresh copy under build-sanitize/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-20}"
case "$seconds" in
  '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2 ;;
esac
targets=(fuzz_passage_tour fuzz_placeholders fuzz_anchor_engine fuzz_python_outline fuzz_plain_text fuzz_scenario_flags
  fuzz_settings fuzz_terminal_text)

scripts/install-deps.sh
cmake --preset sanitize
cmake --build --preset sanitize --target "${targets[@]}"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# fuzz_one TARGET: runs it on a fresh copy of its seeds; its report lands in build-sanitize/fuzz-TARGET.report
# and its status in build-sanitize/fuzz-TARGET.status.
fuzz_one() {
  local t=$1 work="build-sanitize/fuzz-corpus/$1" artifacts="build-sanitize/fuzz-artifacts/$1"
  local log="build-sanitize/fuzz-$t.log" report="build-sanitize/fuzz-$t.report"
  rm -rf "$work" "$artifacts"
  mkdir -p "$work" "$artifacts"
  cp tests/fuzz/corpus/"$t"/* "$work"/
  echo "== $t: ${seconds}s on $(ls "$work" | wc -l) seeds" >"$report"
  # -max_len keeps inputs file-sized; -timeout reports an input that takes a second or more.
  if "build-sanitize/tests/fuzz/$t" "$work" -max_total_time="$seconds" -max_len=4096 -timeout=1 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$artifacts/" 2>"$log"; then
    grep -E "^(stat::number_of_executed_units|stat::new_units_added|stat::slowest_unit_time_sec|fuzz: slowest)" \
      "$log" >>"$report" || true
    echo 0 >"build-sanitize/fuzz-$t.status"
  else
    tail -n 40 "$log" >>"$report"
    echo 1 >"build-sanitize/fuzz-$t.status"
  fi
}

# One target per core at a time: each gets a core of its own, so -timeout=1 still means a slow input.
jobs=$(nproc)
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "$t" &
done
wait

failed=()
for t in "${targets[@]}"; do
  cat "build-sanitize/fuzz-$t.report"
  [ "$(cat "build-sanitize/fuzz-$t.status" 2>/dev/null)" = 0 ] || failed+=("$t")
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: FAILED: ${failed[*]} (inputs in build-sanitize/fuzz-artifacts/; replay one with build-sanitize/tests/fuzz/TARGET FILE)" >&2
  exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran ${seconds}s without a finding"
