# export_fails_cleanly(MATCH regex COMMAND args...): runs a failing export in a fresh, empty ${PARENT} and
# checks that it exits 1 with a message matching `regex`, and leaves nothing in ${PARENT}: neither the
# --out folder nor the hidden staging folder beside it. Included by the export failure scripts.
function(export_fails_cleanly)
  cmake_parse_arguments(ARG "" "MATCH" "COMMAND" ${ARGN})
  file(REMOVE_RECURSE "${PARENT}")
  file(MAKE_DIRECTORY "${PARENT}")
  execute_process(COMMAND ${ARG_COMMAND} RESULT_VARIABLE code OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  message(STATUS "exit ${code}\n${stdout}${stderr}")
  if(NOT code EQUAL 1 OR NOT stderr MATCHES "${ARG_MATCH}")
    message(FATAL_ERROR "expected exit 1 and a message matching '${ARG_MATCH}', got ${code}")
  endif()
  file(GLOB left LIST_DIRECTORIES true "${PARENT}/*" "${PARENT}/.*")
  if(left)
    message(FATAL_ERROR "the failed export left: ${left}")
  endif()
endfunction()
