#!/bin/bash
# Runs COMMAND on an X server of its own, so that window tests run side by side: Xvfb picks a free display
# number itself and reports it once it accepts connections (-displayfd), which two `xvfb-run -a` started at
# the same moment could not agree on. The server is stopped when the command ends, and when this script is
# stopped.
#   tests/cli/xvfb_run.sh [-a] [-s "SERVER-ARGS"] COMMAND...
# -a is accepted for xvfb-run's sake and means nothing here; SERVER-ARGS default to a 1920x1080 screen.
set -u
server_args="-screen 0 1920x1080x24"
while [ $# -gt 0 ]; do
  case "$1" in
    -a) shift ;;
    -s) server_args=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: xvfb_run.sh [-s SERVER-ARGS] COMMAND..." >&2; exit 2; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tilewalk-xvfb.XXXXXX") || exit 1
xvfb=""
stop_server() {
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null && wait "$xvfb" 2>/dev/null
  rm -rf "$scratch"
}
trap stop_server EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

mkfifo "$scratch/display"
# shellcheck disable=SC2086 # the server arguments are words
Xvfb -displayfd 3 -nolisten tcp $server_args 3>"$scratch/display" 2>"$scratch/xvfb.log" &
xvfb=$!
if ! read -r -t 30 display <"$scratch/display" || [ -z "$display" ]; then
  echo "xvfb_run.sh: Xvfb did not start within 30 s:" >&2
  cat "$scratch/xvfb.log" >&2
  exit 1
fi
DISPLAY=":$display" "$@"
exit $?
