#!/usr/bin/env bash
# Sets everything up and runs the test suite: installs the dependencies, builds, runs ctest.
#   scripts/test.sh              Release build in build/ and the web module in build-wasm/, then ctest
#   scripts/test.sh --sanitize   the same under AddressSanitizer + UndefinedBehaviorSanitizer, in build-sanitize/
set -euo pipefail
cd "$(dirname "$0")/.."

preset=release
case "${1:-}" in
  "") ;;
  --sanitize) preset=sanitize ;;
  *) echo "usage: scripts/test.sh [--sanitize]" >&2; exit 2 ;;
esac

scripts/install-deps.sh
cmake --preset "$preset"
cmake --build --preset "$preset"
# The web module (emscripten), which tests/web compares with the app just built. Emscripten's JavaScript
# optimizer needs Debian's node modules when the node on PATH is not Debian's.
if [ "$preset" = release ]; then
  export NODE_PATH=/usr/share/nodejs
  cmake --preset wasm
  cmake --build --preset wasm
fi
if [ "$preset" = sanitize ]; then
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1"
  export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
fi
ctest --preset "$preset" -j2
