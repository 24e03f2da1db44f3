#!/usr/bin/env bash
# `tilewalk source fetch` against a loopback HTTP server of ours: a good download is verified and kept in
# the cache, after which `tilewalk source` and `anchors` find it with no flag; a wrong hash, a download
# that fails halfway and a missing file each fail with a clear message and leave nothing in the cache; an
# unknown action is a usage error. `--kernel flash` (the default kernel) changes no byte, `--kernel nosuch`
# is a usage error, and a file that is no kernel's is refused saying which file flash expects.
#   source_fetch_test.sh TILEWALK FIXTURE.py SERVER.py
set -u
tw=$1 fixture=$2 server=$3
scratch=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; rm -rf "$scratch"' EXIT
python3 "$server" "$fixture" "$scratch/port" "$scratch/requests" &
pid=$!
for _ in $(seq 50); do [ -s "$scratch/port" ] && break; sleep 0.1; done
port=$(cat "$scratch/port")
base="http://127.0.0.1:$port"
sha=$(sha256sum "$fixture" | cut -d' ' -f1)
export XDG_CACHE_HOME="$scratch/cache" TILEWALK_PALLAS_SOURCE= PATH="$PATH"
unset TILEWALK_PALLAS_SOURCE
fail() { echo "FAIL: $*"; exit 1; }
cached() { find "$scratch/cache" -type f 2>/dev/null | wc -l; }

out=$("$tw" source fetch --url "$base/good" --sha256 0000000000000000000000000000000000000000000000000000000000000000 2>&1)
[ $? -eq 1 ] || fail "a wrong hash should exit 1: $out"
echo "$out" | grep -q "has SHA-256 $sha, not 0000" || fail "a wrong hash should say both hashes: $out"
[ "$(cached)" -eq 0 ] || fail "a wrong hash left a file in the cache"

out=$("$tw" source fetch --url "$base/partial" --sha256 "$sha" 2>&1)
[ $? -eq 1 ] || fail "a download cut off halfway should exit 1: $out"
echo "$out" | grep -q "failed, and nothing was written" || fail "a cut-off download should say so: $out"
[ "$(cached)" -eq 0 ] || fail "a cut-off download left a file in the cache"

out=$("$tw" source fetch --url "$base/missing" --sha256 "$sha" 2>&1)
[ $? -eq 1 ] || fail "a 404 should exit 1: $out"
[ "$(cached)" -eq 0 ] || fail "a 404 left a file in the cache"

# A scheme in capitals is still http.
out=$("$tw" source fetch --url "HTTP://127.0.0.1:$port/missing" --sha256 "$sha" 2>&1)
[ $? -eq 1 ] || fail "HTTP:// should reach the server (a 404 here, exit 1): $out"
tail -1 "$scratch/requests" | grep -qx "/missing" || fail "HTTP:// did not reach the server"

# A URL with a curl glob is one request for that very path, not 40.
: > "$scratch/requests"
out=$("$tw" source fetch --url "$base/good[1-40]" --sha256 "$sha" 2>&1)
[ $? -eq 1 ] || fail "a globbed URL is one missing file, exit 1: $out"
[ "$(wc -l < "$scratch/requests")" -eq 1 ] || fail "a globbed URL made $(wc -l < "$scratch/requests") requests"
grep -qxF "/good[1-40]" "$scratch/requests" || fail "the globbed URL was not asked for as written"

out=$("$tw" source fetch --url "$base/good" --sha256 "$sha" 2>&1)
[ $? -eq 0 ] || fail "a good download should exit 0: $out"
[ "$(cached)" -eq 1 ] || fail "a good download should leave one file in the cache"
cmp -s "$fixture" "$(find "$scratch/cache" -type f)" || fail "the cached file differs from the served one"

out=$("$tw" source fetch --url "$base/good" --sha256 "$sha" 2>&1)
echo "$out" | grep -q "already in the cache" || fail "a second fetch should find the cached file: $out"

out=$(env PATH=/usr/bin:/bin "$tw" source 2>&1)
echo "$out" | grep -q "found by:    the cache of tilewalk source fetch" || fail "source should name the cache: $out"

[ "$(basename "$(find "$scratch/cache" -type f)")" = "flash_attention-15c420602cf2.py" ] ||
  fail "the cached file is not named after flash's file and the pinned commit"
out=$("$tw" source fetch --url "$base/good" --sha256 "$sha" 2>&1)
again=$("$tw" source fetch --kernel flash --url "$base/good" --sha256 "$sha" 2>&1)
[ $? -eq 0 ] || fail "fetch --kernel flash should exit 0: $again"
[ "$again" = "$out" ] || fail "fetch --kernel flash should print what fetch prints: $again"
out=$("$tw" source fetch --kernel nosuch 2>&1)
[ $? -eq 2 ] || fail "fetch --kernel nosuch should exit 2: $out"
echo "$out" | grep -q "\-\-kernel got 'nosuch': expected one of flash" || fail "--kernel nosuch should name the kernels: $out"

printf '# not a Pallas kernel\ndef something_else(x):\n  return x\n' > "$scratch/not_a_kernel.py"
for action in "" fingerprint; do
  if [ -z "$action" ]; then
    out=$("$tw" source --pallas-source "$scratch/not_a_kernel.py" 2>&1)
  else
    out=$("$tw" source fingerprint "$scratch/not_a_kernel.py" 2>&1)
  fi
  [ $? -eq 1 ] || fail "source $action on a file that is no kernel's should exit 1: $out"
  echo "$out" | grep -qF "which does not define _flash_attention_impl, so it is not the Pallas TPU flash attention file; give the path of jax's pallas/ops/tpu/flash_attention.py" ||
    fail "source $action should say which file flash expects: $out"
done

out=$("$tw" source frobnicate 2>&1)
[ $? -eq 2 ] || fail "an unknown action should exit 2: $out"
echo "ok"
