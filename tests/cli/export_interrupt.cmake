# Ctrl-C during an export: the process says it was interrupted and exits 1, and neither the --out folder
# nor the hidden staging folder beside it is left behind.
#   cmake -DTILEWALK=binary -DPARENT=dir -P export_interrupt.cmake
include(${CMAKE_CURRENT_LIST_DIR}/fails_cleanly.cmake)
# Every statement of a causal S=1024 step is far more than three seconds of frames.
fails_cleanly(MATCH "interrupted by Ctrl-C \\(SIGINT\\); nothing was written to '.*interrupted-export'"
  COMMAND timeout --preserve-status -s INT 3 "${TILEWALK}" export --out "${PARENT}/interrupted-export" --causal
          --q-len 1024 --kv-len 1024 --every statement --max-frames 1000000 --size 640x360)
# Ctrl-C while the first stop records: the recording stops between grid steps, so the export answers in
# seconds. 8192 causal queries in eight heads on one thread record for about 8.5 s on the 2026 development
# machine, so the signal lands well inside the recording on any machine up to about three times faster per
# core, whatever its number of cores.
fails_cleanly(MATCH "interrupted by Ctrl-C \\(SIGINT\\); nothing was written to '.*interrupted-planning'"
  WITHIN 20
  COMMAND timeout --preserve-status -s INT 3 /usr/bin/env TILEWALK_THREADS=1 "${TILEWALK}" export
          --out "${PARENT}/interrupted-planning" --causal --q-len 8192 --kv-len 8192 --heads 8 --figure)
# Ctrl-C while figures are written as WebP: nothing that looks finished either.
fails_cleanly(MATCH "interrupted by Ctrl-C \\(SIGINT\\); nothing was written to '.*interrupted-figures'"
  COMMAND timeout --preserve-status -s INT 4 "${TILEWALK}" export --out "${PARENT}/interrupted-figures"
          --causal --q-len 1024 --kv-len 1024 --every statement --max-frames 1000000 --figure --format webp)
