# Ctrl-C during an export: the process says it was interrupted and exits 1, and neither the --out folder
# nor the hidden staging folder beside it is left behind.
#   cmake -DTILEWALK=binary -DPARENT=dir -P export_interrupt.cmake
set(out "${PARENT}/interrupted-export")
file(REMOVE_RECURSE "${PARENT}")
file(MAKE_DIRECTORY "${PARENT}")
# Every statement of a causal S=1024 step is far more than three seconds of frames.
execute_process(
  COMMAND timeout --preserve-status -s INT 3 "${TILEWALK}" export --out "${out}" --causal --q-len 1024 --kv-len 1024
          --every statement --max-frames 1000000 --size 640x360
  RESULT_VARIABLE code OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
message(STATUS "exit ${code}\n${stdout}${stderr}")
if(NOT code EQUAL 1 OR NOT stderr MATCHES "interrupted; nothing was written")
  message(FATAL_ERROR "expected exit 1 and 'interrupted', got ${code}")
endif()
file(GLOB left LIST_DIRECTORIES true "${PARENT}/*" "${PARENT}/.*")
if(left)
  message(FATAL_ERROR "the interrupted export left: ${left}")
endif()
