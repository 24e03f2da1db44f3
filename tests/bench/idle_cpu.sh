#!/usr/bin/env bash
# The window's CPU use while idle: opens `tilewalk gui` under Xvfb, lets it settle, then reads its
# utime+stime from /proc/PID/stat over a span and prints the share of one core. Asserts nothing timed (the
# figure depends on the machine); it fails only when the window did not run.
#   tests/bench/idle_cpu.sh TILEWALK [SECONDS]
set -euo pipefail
tilewalk=$1
span=${2:-10}
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
XDG_CONFIG_HOME=$home xvfb-run -a -s "-screen 0 1600x900x24" "$tilewalk" gui &
runner=$!
pid=""
for _ in $(seq 100); do
  pid=$(pgrep -P "$runner" -x tilewalk || true)
  [ -z "$pid" ] && pid=$(pgrep -f "^$tilewalk gui$" | head -1 || true)
  [ -n "$pid" ] && break
  sleep 0.1
done
[ -n "$pid" ] || { echo "idle_cpu: the window did not start" >&2; exit 1; }
sleep 3  # the first frames build fonts and record the first stop
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
before=$(ticks "$pid")
sleep "$span"
after=$(ticks "$pid")
echo "idle_cpu: pid $pid, $(cat /proc/$pid/comm), $after ticks since it started"
kill -INT "$pid"
wait "$runner" || true
hz=$(getconf CLK_TCK)
awk -v t=$((after - before)) -v hz="$hz" -v s="$span" \
  'BEGIN { printf "idle CPU over %d s: %.2f %% of one core (%d ticks at %d Hz)\n", s, 100 * t / hz / s, t, hz }'
