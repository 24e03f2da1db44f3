#!/usr/bin/env bash
# Regenerates the screenshots of the README and docs/ in docs/images/ with tilewalk's own --screenshot, under
# Xvfb: a tour stop at 1600x900, the same at 1920x1080, and classroom mode at 1280x720. They are made without any Pallas
# file, so that they hold only our own code and words (the C++ mirror, passages and tours).
#   scripts/screenshots.sh [PALLAS_FILE]
# With PALLAS_FILE (e.g. the one `build/tilewalk source fetch` stores), it also writes
# docs/images/local/source-side-by-side.png: the Python file beside the C++ mirror, the same statement lit
# in both. That folder is not committed, because the file's text is jax's, not ours.
# Each image is written to a temporary name and renamed into place, so a failed run leaves the old ones.
set -euo pipefail
cd "$(dirname "$0")/.."

tw=build/tilewalk
if [ ! -x "$tw" ]; then
  echo "screenshots: $tw is missing; build first (cmake --preset release && cmake --build --preset release)" >&2
  exit 2
fi
if [ -n "${1:-}" ] && [ ! -f "$1" ]; then
  echo "screenshots: '$1' is not a file; give the path of flash_attention.py, or nothing" >&2
  exit 2
fi

# No Pallas file for the committed images: no flag, no environment variable, an empty cache folder.
no_cache=$(mktemp -d)
trap 'rm -rf "$no_cache"' EXIT

shoot() {  # FOLDER NAME WIDTHxHEIGHT tilewalk-gui-arguments...
  local folder=$1 name=$2 size=$3
  shift 3
  mkdir -p "$folder"
  local partial="$folder/.$name.partial.png"
  env -u TILEWALK_PALLAS_SOURCE XDG_CACHE_HOME="$no_cache" \
    xvfb-run -a -s "-screen 0 ${size}x24" "$tw" gui --size "$size" --screenshot "$partial" "$@"
  mv "$partial" "$folder/$name.png"
  echo "$folder/$name.png"
}

shoot docs/images tour-stop 1600x900 --tour intro --stop 4
shoot docs/images tour-stop-1080p 1920x1080 --tour intro --stop 2
shoot docs/images classroom 1280x720 --tour intro --stop 1 --classroom
if [ -n "${1:-}" ]; then
  shoot docs/images/local source-side-by-side 1920x1080 --pallas-source "$1" --tour intro --stop 4
fi
