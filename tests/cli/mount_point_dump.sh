#!/bin/bash
# A dump folder of ours that is also a mount point (bind-mounted onto itself in a private mount namespace)
# is refused by `check --dump --force` before the run, not by the rename after it. Exits 77 (skipped) where
# unshare cannot make a mount namespace (no root).
#   mount_point_dump.sh TILEWALK SCRATCH
set -u
tw=$1 scratch=$2
unshare --mount true 2>/dev/null || { echo "unshare --mount is not available here: skipped"; exit 77; }
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
"$tw" check --q-len 128 --kv-len 128 --forward-only --dump "$scratch/d" > /dev/null || { echo "FAIL: the first dump"; exit 1; }
out=$(unshare --mount sh -c 'mount --bind "$2" "$2" && exec "$1" check --q-len 128 --kv-len 128 --forward-only --dump "$2" --force' \
  sh "$tw" "$scratch/d" 2>&1)
code=$?
[ "$code" -eq 1 ] || { echo "FAIL: exit $code, not 1: $out"; exit 1; }
case "$out" in
  *"it is a mount point, which cannot be moved or replaced"*) ;;
  *) echo "FAIL: the refusal does not name the mount point: $out"; exit 1 ;;
esac
case "$out" in
  *"timing:"*) echo "FAIL: the run went ahead before the refusal: $out"; exit 1 ;;
esac
echo "ok: refused before the run"
