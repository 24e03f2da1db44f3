# Runs two commands and checks that they exit with the same code and print the same bytes, on stdout and
# on stderr: how `--kernel NAME` of the default kernel is shown to change nothing.
#   cmake -DFIRST=a|b -DSECOND=a|b|c -DEXIT=N -P same_output.cmake
# Each command separates its arguments with '|' so that it survives being one -D value.
foreach(which FIRST SECOND)
  string(REPLACE "|" ";" command "${${which}}")
  execute_process(COMMAND ${command} RESULT_VARIABLE code_${which} OUTPUT_VARIABLE out_${which}
                  ERROR_VARIABLE err_${which} TIMEOUT 300)
  message(STATUS "${which}: exit ${code_${which}}\n--- stdout ---\n${out_${which}}--- stderr ---\n${err_${which}}")
endforeach()
if(NOT "${code_FIRST}" STREQUAL "${EXIT}")
  message(FATAL_ERROR "expected exit code ${EXIT}, got ${code_FIRST}")
endif()
foreach(part code out err)
  if(NOT "${${part}_FIRST}" STREQUAL "${${part}_SECOND}")
    message(FATAL_ERROR "the two commands differ in their ${part}")
  endif()
endforeach()
