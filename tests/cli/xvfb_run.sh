#!/bin/sh
# xvfb-run with an authority file of ours. Left to make its own temporary folder, xvfb-run sometimes cannot
# remove it under load, and then exits 5 and loses the status of the command it ran.
#   tests/cli/xvfb_run.sh XVFB-RUN-ARGS... COMMAND...
auth=$(mktemp "${TMPDIR:-/tmp}/tilewalk-xauth.XXXXXX") || exit 1
xvfb-run -f "$auth" "$@"
status=$?
rm -f "$auth" "$auth-c" "$auth-l" "$auth-n"
exit $status
