# fails_cleanly(MATCH regex [WITHIN seconds] COMMAND args...): runs a command that must fail in a fresh,
# empty ${PARENT} and checks that it exits 1 with a message matching `regex`, within `seconds` when given,
# and leaves nothing in ${PARENT}: neither its output (a file, an export, a dump) nor a hidden temporary
# beside it. Included by the failure scripts (export_interrupt.cmake, ...); run_fails_cleanly.cmake calls
# it from a test's command line.
function(fails_cleanly)
  cmake_parse_arguments(ARG "" "MATCH;WITHIN" "COMMAND" ${ARGN})
  file(REMOVE_RECURSE "${PARENT}")
  file(MAKE_DIRECTORY "${PARENT}")
  string(TIMESTAMP started "%s")
  execute_process(COMMAND ${ARG_COMMAND} RESULT_VARIABLE code OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  string(TIMESTAMP ended "%s")
  math(EXPR seconds "${ended} - ${started}")
  message(STATUS "exit ${code} after ${seconds} s\n${stdout}${stderr}")
  if(NOT code EQUAL 1 OR NOT stderr MATCHES "${ARG_MATCH}")
    message(FATAL_ERROR "expected exit 1 and a message matching '${ARG_MATCH}', got ${code}")
  endif()
  if(ARG_WITHIN AND seconds GREATER ARG_WITHIN)
    message(FATAL_ERROR "it took ${seconds} s, more than ${ARG_WITHIN} s")
  endif()
  file(GLOB left LIST_DIRECTORIES true "${PARENT}/*" "${PARENT}/.*")
  if(left)
    message(FATAL_ERROR "the failed run left: ${left}")
  endif()
endfunction()
