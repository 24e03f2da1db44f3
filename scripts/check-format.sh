#!/usr/bin/env bash
# Fails when a C++ file differs from what clang-format 14 makes of it (.clang-format).
#   scripts/check-format.sh         every tracked .cpp/.hpp file (CI: the tree was reformatted once, so
#                                   this is the changed lines and more)
#   scripts/check-format.sh BASE    only the lines changed since the merge base with BASE, as git
#                                   clang-format sees them (for a branch before it is merged)
set -euo pipefail
cd "$(dirname "$0")/.."
formatter=clang-format-14
command -v "$formatter" >/dev/null || { echo "check-format: $formatter is missing; run scripts/install-deps.sh" >&2; exit 1; }

if [ $# -gt 0 ]; then
  base=$(git merge-base "$1" HEAD)
  diff=$(git clang-format-14 --binary "$(command -v "$formatter")" --diff "$base" -- '*.cpp' '*.hpp' || true)
  case "$diff" in
    ""|"no modified files to format"*|"clang-format did not modify any files"*) echo "check-format: changed lines are formatted"; exit 0 ;;
  esac
  printf '%s\n' "$diff"
  echo "check-format: the lines above differ from clang-format; run 'git clang-format-14 $base'" >&2
  exit 1
fi

mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
if ! "$formatter" --dry-run --Werror "${files[@]}"; then
  echo "check-format: the files above differ from clang-format; run 'clang-format-14 -i FILE'" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
