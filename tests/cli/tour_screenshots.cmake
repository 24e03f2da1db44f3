# Screenshots of two stops of the fixture tour under a virtual X server: each must be a real picture, and
# the two must differ in many pixels (the grid's current cell, the executing line, the passage, the
# timeline's cursor all move between them).
#   cmake -DXVFB_RUN=... -DTILEWALK=... -DINSPECT=... -DCOMPARE=... -DLIBRARY=... -DOUT_DIR=... -DSIZE=WxH
#         -P tour_screenshots.cmake
file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")
foreach(stop IN ITEMS 1 4)
  set(shot "${OUT_DIR}/stop-${stop}.png")
  execute_process(COMMAND "${XVFB_RUN}" -a "${TILEWALK}" gui --library "${LIBRARY}" --tour fixture --stop ${stop}
                          --size ${SIZE} --screenshot "${shot}"
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "tilewalk gui --stop ${stop} --screenshot exited ${code}\n${out}${err}")
  endif()
  if(err MATCHES "gallery|problem")
    message(FATAL_ERROR "the fixture tour did not open cleanly:\n${err}")
  endif()
  execute_process(COMMAND "${INSPECT}" "${shot}" --size ${SIZE} --min-colours 64
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${out}${err}")
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "the screenshot of stop ${stop} failed the pixel check")
  endif()
endforeach()
# Stop 1 is in the forward launch, stop 4 at the start of dK/dV: well over 1% of the pixels must change.
string(REPLACE "x" ";" dims "${SIZE}")
list(GET dims 0 width)
list(GET dims 1 height)
math(EXPR min_differing "${width} * ${height} / 100")
execute_process(COMMAND "${COMPARE}" "${OUT_DIR}/stop-1.png" "${OUT_DIR}/stop-4.png" --min-differing ${min_differing}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}${err}")
if(NOT code EQUAL 0)
  message(FATAL_ERROR "the screenshots of stops 1 and 4 do not differ enough")
endif()
