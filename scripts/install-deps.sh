#!/usr/bin/env bash
# Installs every build, test and benchmark dependency of tilewalk from Debian's packages, and the browser
# test's driver (playwright-core) from npm.
# Idempotent: when every package is already present it changes nothing and touches no network.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libimgui-dev libstb-dev libglfw3-dev python3-glad libgl1
  libeigen3-dev doctest-dev nlohmann-json3-dev libpng-dev libbenchmark-dev
  libwebp-dev                 # export --format webp and --motion: the headers; libwebp7 and libwebpmux3 are dlopened
  libegl1 libegl-mesa0 libgl1-mesa-dri xvfb xauth fonts-dejavu-core
  clang-format-14             # scripts/check-format.sh, which CI runs
  clang-16 libclang-rt-16-dev  # scripts/fuzz.sh: libFuzzer; clang 16 because clang 14 lacks std::source_location
  chromium                     # tests/browser: the export's HTML player in a real browser
  ffmpeg                       # export --video, and its test (tilewalk itself only needs it for --video)
  curl python3                 # tilewalk source fetch, and its test (a loopback HTTP server in Python)
  libxml2-utils                # xmllint: the test that every SVG export --format svg writes parses
  emscripten                   # the web module (the wasm preset): Debian's 3.1.6, which works offline
)
# Node.js for the browser test's driver; a machine that already has node (and its npm) keeps its own.
command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$p")
done

# playwright-core, pinned by tests/browser/package-lock.json; it drives Debian's chromium and never
# downloads a browser of its own.
install_browser_driver() {
  local dir
  dir="$(cd "$(dirname "$0")/.." && pwd)/tests/browser"
  if [ -d "$dir/node_modules/playwright-core" ]; then
    echo "install-deps: playwright-core already installed"
    return
  fi
  echo "install-deps: installing playwright-core into tests/browser"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  install_browser_driver
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
  sudo="sudo"
fi

echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
install_browser_driver
