# Playing in model time moves the window's clock by wall time × rate: a script plays at 0.5 µs a second for
# 0.6 s, and the model-time clock (`stats`' play_us, before and after) has moved by at least 0.15 µs and
# at most 0.6 µs: the frames until `pause` runs add to the 0.6 s, by tens of milliseconds each on a loaded
# machine, but never a second.
#   cmake -DXVFB_RUN=... -DTILEWALK=... -DLIBRARY=... -DSCRIPT=... -P gui_play_time.cmake
execute_process(COMMAND ${XVFB_RUN} -a ${TILEWALK} gui --library ${LIBRARY} --script ${SCRIPT}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
message(STATUS "exit ${code}\n${out}${err}")
if(NOT code EQUAL 0)
  message(FATAL_ERROR "the play script exited ${code}")
endif()
if(NOT out MATCHES "expect core 0 computes step: found")
  message(FATAL_ERROR "the pipeline chart's words were not drawn")
endif()
string(REGEX MATCHALL "play_us=[0-9.]+" clocks "${out}")
list(LENGTH clocks count)
if(NOT count EQUAL 2)
  message(FATAL_ERROR "expected two stats lines with play_us, got ${count}")
endif()
list(GET clocks 0 before)
list(GET clocks 1 after)
string(REPLACE "play_us=" "" before "${before}")
string(REPLACE "play_us=" "" after "${after}")
message(STATUS "play_us ${before} -> ${after}")
execute_process(COMMAND awk "BEGIN { d = ${after} - ${before}; exit !(d >= 0.15 && d <= 0.6) }" RESULT_VARIABLE in_range)
if(NOT in_range EQUAL 0)
  message(FATAL_ERROR "the model-time clock moved from ${before} to ${after} µs; 0.15 to 0.6 expected")
endif()
