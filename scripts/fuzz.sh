#!/usr/bin/env bash
# Builds the libFuzzer targets (the fuzz preset: clang, ASan + UBSan, build-fuzz/) and runs each on its
# seeds for SECONDS (default 20). Any crash, sanitizer report, failed invariant or input that takes a
# second or more (-timeout=1; the parsers that were once quadratic also time their input repeated to
# 128 KiB) fails the script; the input that caused it is saved as
# build-fuzz/fuzz-artifacts/<target>/crash-* or timeout-*. Each target's slowest input is reported.
#   scripts/fuzz.sh [SECONDS]
# The seeds in tests/fuzz/corpus/ are only read: each run works in a fresh copy under build-fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-20}"
case "$seconds" in
  '' | *[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2 ;;
esac
targets=(fuzz_passage_tour fuzz_placeholders fuzz_anchor_engine fuzz_python_outline fuzz_plain_text fuzz_scenario_flags
  fuzz_settings fuzz_terminal_text)

scripts/install-deps.sh
cmake --preset fuzz
cmake --build --preset fuzz

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
failed=()
for t in "${targets[@]}"; do
  work="build-fuzz/fuzz-corpus/$t" artifacts="build-fuzz/fuzz-artifacts/$t"
  rm -rf "$work" "$artifacts"
  mkdir -p "$work" "$artifacts"
  cp tests/fuzz/corpus/"$t"/* "$work"/
  echo "== $t: ${seconds}s on $(ls "$work" | wc -l) seeds"
  # -max_len keeps inputs file-sized; -timeout reports an input that takes a second or more.
  if ! "build-fuzz/tests/fuzz/$t" "$work" -max_total_time="$seconds" -max_len=4096 -timeout=1 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$artifacts/" 2>"build-fuzz/fuzz-$t.log"; then
    tail -n 40 "build-fuzz/fuzz-$t.log" >&2
    failed+=("$t")
  else
    grep -E "^(stat::number_of_executed_units|stat::new_units_added|stat::slowest_unit_time_sec|fuzz: slowest)" \
      "build-fuzz/fuzz-$t.log" || true
  fi
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: FAILED: ${failed[*]} (inputs in build-fuzz/fuzz-artifacts/; replay one with build-fuzz/tests/fuzz/TARGET FILE)" >&2
  exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran ${seconds}s without a finding"
