#!/bin/bash
# Runs COMMAND, sends it SIGNAL after SECONDS (as a user's Ctrl-C or a supervisor's SIGTERM would), and
# exits with COMMAND's own exit code, so that a test can check what a stopped run says and returns.
#   tests/cli/signal_after.sh SECONDS SIGNAL COMMAND...
set -u
[ $# -ge 3 ] || { echo "usage: signal_after.sh SECONDS SIGNAL COMMAND..." >&2; exit 2; }
seconds=$1 signal=$2
shift 2
"$@" &
child=$!
sleep "$seconds"
kill -s "$signal" "$child" 2>/dev/null
wait "$child"
