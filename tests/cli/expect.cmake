# Runs one command and checks both its exit code and its output, which PASS_REGULAR_EXPRESSION alone cannot.
#   cmake -DCOMMAND=a|b|c -DEXIT=N [-DMATCH=regex] [-DMATCH2=regex] [-DNO_MATCH=regex] -P expect.cmake
# COMMAND separates its arguments with '|' so that it survives being one -D value. MATCH and NO_MATCH are
# searched in stdout and stderr together.
string(REPLACE "|" ";" command "${COMMAND}")
execute_process(COMMAND ${command} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
set(all "${out}${err}")
message(STATUS "exit ${code}\n--- stdout ---\n${out}--- stderr ---\n${err}--------------")
if(NOT "${code}" STREQUAL "${EXIT}")
  message(FATAL_ERROR "expected exit code ${EXIT}, got ${code}")
endif()
foreach(pattern IN ITEMS "${MATCH}" "${MATCH2}")
  if(NOT pattern STREQUAL "" AND NOT all MATCHES "${pattern}")
    message(FATAL_ERROR "output does not match: ${pattern}")
  endif()
endforeach()
if(DEFINED NO_MATCH AND NOT NO_MATCH STREQUAL "" AND all MATCHES "${NO_MATCH}")
  message(FATAL_ERROR "output should not match: ${NO_MATCH}")
endif()
