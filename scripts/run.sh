#!/usr/bin/env bash
# Sets everything up and opens tilewalk on its built-in default tour. Extra arguments go to tilewalk
# (`scripts/run.sh --screenshot first.png` under xvfb-run draws the window into a PNG and exits).
# It builds the app alone; scripts/test.sh builds the tests in the same build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset app
exec build/tilewalk "$@"
