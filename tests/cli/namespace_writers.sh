#!/bin/bash
# Two writers in one folder, in different PID namespaces (a container, or a CI job on a bind-mounted
# workspace): an export runs inside `unshare --pid`, and while it writes, a trace outside writes into the
# same folder, which cleans stale temporaries first. The export's staging folder names a PID that means
# another process, or none, out here, and it is dated an hour back so that its age cannot save it: only the
# export's lock can. The export must finish whole. Exits 77 (skipped) where unshare cannot make a PID
# namespace (no root, no user namespaces).
#   namespace_writers.sh TILEWALK SCRATCH
set -u
tw=$1 scratch=$2
unshare --pid --fork --mount-proc true 2>/dev/null || { echo "unshare --pid is not available here: skipped"; exit 77; }
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
unshare --pid --fork --mount-proc "$tw" export --tour causal --every step --size 640x360 --out ex 2> export.err &
export_pid=$!
for _ in $(seq 600); do
  staging=$(find . -maxdepth 1 -name '.ex.tilewalk-partial-*' -print -quit)
  [ -n "$staging" ] && [ -d "$staging/frames" ] && break
  sleep 0.05
done
[ -n "$staging" ] || { echo "FAIL: the export made no staging folder"; cat export.err; exit 1; }
touch -d '1 hour ago' "$staging"
"$tw" trace --q-len 256 --kv-len 256 --forward-only --out t.json || { echo "FAIL: the trace failed"; exit 1; }
wait "$export_pid"
code=$?
[ "$code" -eq 0 ] || { echo "FAIL: the export exited $code"; cat export.err; exit 1; }
[ -s ex/manifest.json ] || { echo "FAIL: the export has no manifest"; exit 1; }
echo "ok: the export in its own PID namespace finished whole beside the trace"
