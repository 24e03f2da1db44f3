#!/usr/bin/env bash
# Runs two tilewalk binaries on the same work and says whether their outputs are byte for byte the same:
# the proof, per commit of a refactor, that nothing a user sees has changed (same machine, same compiler,
# so float bits must agree too). Not run by CTest: it takes minutes.
#   scripts/ab_compare.sh OLD_BIN NEW_BIN [WORK_DIR]
# For every scenario preset and every coverage scenario of `anchors`: `trace --out -` and `check --json`;
# for every tour: `tour ID --print` and `export --tour ID --format svg --figure`; `tours`; and
# `anchors --json` against the fake Pallas file of the tests. Each run's standard output, standard error
# and exit status are kept under WORK_DIR/{old,new}/ (a fresh temporary folder by default), with the
# lines that differ from run to run left out or masked (the "tilewalk_version" key, the wall times
# "simulate_ms" and "reference_ms" of check, the images per second an export prints), and compared with
# diff -r. Exit 0 when they are the same, 1 when not,
# 2 on a usage error.
set -uo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: scripts/ab_compare.sh OLD_BIN NEW_BIN [WORK_DIR]" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
old=$(realpath "$1")
new=$(realpath "$2")
for bin in "$old" "$new"; do
  [ -x "$bin" ] || { echo "ab_compare: $bin is not an executable" >&2; exit 2; }
done
work=${3:-$(mktemp -d "${TMPDIR:-/tmp}/ab_compare.XXXXXX")}
mkdir -p "$work"
fake_pallas=$root/tests/walkthrough/fixtures/fake_flash_attention.py

# Both binaries see the same empty settings and cache, and neither finds a Pallas file of its own.
export XDG_CONFIG_HOME=$work/config XDG_CACHE_HOME=$work/cache
unset TILEWALK_PALLAS_SOURCE
mkdir -p "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"

# run SIDE NAME ARGS...: one run of SIDE's binary, kept as NAME.{out,err,rc}
run() {
  local side=$1 name=$2 bin
  shift 2
  [ "$side" = old ] && bin=$old || bin=$new
  local base=$work/$side/$name
  mkdir -p "$(dirname "$base")"
  "$bin" "$@" >"$base.out" 2>"$base.err"
  echo $? >"$base.rc"
  sed -i -E '/"(tilewalk_version|simulate_ms|reference_ms)"/d' "$base.out"
  sed -i -E 's|[0-9.]+ images/s|N images/s|' "$base.err"
}

presets=$(ls "$root"/assets/flash/scenarios/*.flags | xargs -n1 basename | sed 's/\.flags$//')
# The coverage scenarios, as the old binary's `anchors --json` lists them: name<TAB>flags.
coverage=$("$old" anchors --json --pallas-source "$fake_pallas" 2>/dev/null | python3 -c '
import json, sys
for name, flags in json.load(sys.stdin)["coverage"]["bodies"]["scenarios"].items():
    print(name + "\t" + flags)')
[ -n "$coverage" ] || { echo "ab_compare: the old binary listed no coverage scenarios" >&2; exit 2; }
tours=$("$old" tours | awk '{print $1}')

for side in old new; do
  echo "ab_compare: running the $side binary" >&2
  run "$side" tours tours
  run "$side" anchors anchors --json --pallas-source "$fake_pallas"
  for p in $presets; do
    run "$side" "trace/$p" trace --scenario "$p" --out -
    run "$side" "check/$p" check --scenario "$p" --json
  done
  while IFS=$'\t' read -r name flags; do
    # shellcheck disable=SC2086 # the flags are words
    run "$side" "trace/coverage-$name" trace $flags --out -
    # shellcheck disable=SC2086
    run "$side" "check/coverage-$name" check $flags --json
  done <<<"$coverage"
  for t in $tours; do
    run "$side" "tour/$t" tour "$t" --print
    run "$side" "export/$t" export --tour "$t" --format svg --figure --out "$work/$side/export-$t"
    [ -f "$work/$side/export-$t/manifest.json" ] && sed -i '/"tilewalk_version"/d' "$work/$side/export-$t/manifest.json"
  done
done

# The export folders are named after their side only in the messages; compare without that.
sed -i "s|$work/old/|$work/SIDE/|g; s|$work/new/|$work/SIDE/|g" "$work"/old/export/*.out "$work"/old/export/*.err \
  "$work"/new/export/*.out "$work"/new/export/*.err
runs=$(find "$work/old" -name '*.rc' | wc -l)
if diff -r "$work/old" "$work/new" >"$work/diff.txt"; then
  echo "ab_compare: the same, byte for byte ($runs runs each; outputs in $work)"
  exit 0
fi
echo "ab_compare: DIFFERENT ($runs runs each): $(grep -c '^diff\|^Only in\|^Binary' "$work/diff.txt") files differ; see $work/diff.txt" >&2
head -40 "$work/diff.txt" >&2
exit 1
