# A trace written through a link to /proc/self/fd/1 while stdout is redirected to a file: the trace lands in
# that file, after nothing was renamed over the link, which stays a link, and the file holds the JSON alone
# (the status line goes to stderr). (The test never names /dev/stdout itself: a regression would then
# replace the system's link for every process.)
#   cmake -DTW=binary -DPARENT=dir -P trace_to_stdout_link.cmake
file(REMOVE_RECURSE "${PARENT}")
file(MAKE_DIRECTORY "${PARENT}")
file(CREATE_LINK /proc/self/fd/1 "${PARENT}/stdout.json" SYMBOLIC)
execute_process(
  COMMAND sh -c "exec \"$0\" trace --q-len 256 --kv-len 256 --forward-only --out \"$1/stdout.json\" > \"$1/log\""
          "${TW}" "${PARENT}"
  RESULT_VARIABLE code ERROR_VARIABLE stderr)
message(STATUS "exit ${code}\n${stderr}")
if(NOT code EQUAL 0)
  message(FATAL_ERROR "trace through a link to stdout exited ${code}")
endif()
file(READ_SYMLINK "${PARENT}/stdout.json" target)
if(NOT IS_SYMLINK "${PARENT}/stdout.json" OR NOT target STREQUAL "/proc/self/fd/1")
  message(FATAL_ERROR "the link was replaced")
endif()
file(READ "${PARENT}/log" log)
if(NOT log MATCHES "^{\"schema\":\"tilewalk-trace/1\"" OR NOT log MATCHES "\n\\]}\n$")
  message(FATAL_ERROR "stdout holds more or less than the whole trace")
endif()
if(NOT stderr MATCHES "wrote [0-9]+ events to ")
  message(FATAL_ERROR "stderr holds no status line")
endif()
file(GLOB left LIST_DIRECTORIES true "${PARENT}/.*")
if(left)
  message(FATAL_ERROR "a temporary was left: ${left}")
endif()
