#!/bin/bash
# Opens an interactive `tilewalk gui ARGS...` (run it on a display: tests/cli/xvfb_run.sh), waits for the
# window's own signal that it has drawn its first stop and waits for input (--ready-fd), then closes it with
# SIGINT, as Ctrl-C or File > Quit would, and exits with the window's exit code.
#   tests/cli/gui_until_ready.sh [--idle-share SECONDS MAX_PERCENT] TILEWALK ARGS...
# --idle-share first reads the waiting window's CPU time (/proc/PID/stat, utime + stime) over SECONDS,
# prints "idle CPU over N s: X % of one core" and fails when X exceeds MAX_PERCENT: a window that waits for
# input draws nothing, so only one that keeps drawing comes near it.
set -u
idle_seconds="" idle_max=""
if [ "${1:-}" = "--idle-share" ]; then
  idle_seconds=$2 idle_max=$3
  shift 3
fi
[ $# -ge 1 ] || { echo "usage: gui_until_ready.sh [--idle-share SECONDS MAX_PERCENT] TILEWALK ARGS..." >&2; exit 2; }
tilewalk=$1
shift

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tilewalk-ready.XXXXXX") || exit 1
window=""
cleanup() {
  [ -n "$window" ] && kill -KILL "$window" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT
mkfifo "$scratch/ready"
"$tilewalk" gui "$@" --ready-fd 3 3>"$scratch/ready" &
window=$!
if ! read -r -t 120 said <"$scratch/ready" || [ "$said" != "ready" ]; then
  echo "gui_until_ready.sh: the window did not signal ready within 120 s" >&2
  exit 1
fi

if [ -n "$idle_seconds" ]; then
  ticks() { awk '{print $14 + $15}' "/proc/$window/stat"; }
  before=$(ticks)
  sleep "$idle_seconds"
  after=$(ticks)
  share=$(awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v s="$idle_seconds" \
    'BEGIN { printf "%.2f", 100 * t / hz / s }')
  echo "idle CPU over $idle_seconds s: $share % of one core ($((after - before)) ticks)"
  if awk -v x="$share" -v max="$idle_max" 'BEGIN { exit !(x > max) }'; then
    echo "gui_until_ready.sh: the waiting window used $share % of a core, more than $idle_max %" >&2
    kill -INT "$window"
    wait "$window"
    window=""
    exit 1
  fi
fi

kill -INT "$window"
wait "$window"
status=$?
window=""
exit $status
