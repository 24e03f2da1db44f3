# 20 quick taps of Right (press and release inside one frame) move the cursor exactly as far as 20 keys
# held for a frame each, and further than 19: every press counts once.
#   cmake -DXVFB_RUN=... -DTILEWALK=... -DLIBRARY=... -DSCRIPTS=... -P gui_script_taps.cmake
function(cursor_after script out_var)
  execute_process(COMMAND ${XVFB_RUN} -a ${TILEWALK} gui --library ${LIBRARY} --script ${SCRIPTS}/${script}
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  message(STATUS "${script}: exit ${code}\n${out}${err}")
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${script} exited ${code}")
  endif()
  if(NOT out MATCHES "cursor=([0-9]+)")
    message(FATAL_ERROR "${script} printed no stats")
  endif()
  set(${out_var} ${CMAKE_MATCH_1} PARENT_SCOPE)
endfunction()
cursor_after(taps.script taps)
cursor_after(keys.script keys)
cursor_after(keys19.script keys19)
if(NOT taps EQUAL keys)
  message(FATAL_ERROR "20 taps left the cursor at ${taps}, 20 keys at ${keys}")
endif()
if(taps EQUAL keys19)
  message(FATAL_ERROR "20 taps moved no further than 19 keys (${keys19})")
endif()
