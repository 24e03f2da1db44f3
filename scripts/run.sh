#!/usr/bin/env bash
# Sets everything up and opens tilewalk on its built-in default tour. Extra arguments go to tilewalk.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release
exec build/tilewalk "$@"
