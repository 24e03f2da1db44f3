# Takes a screenshot under a virtual X server and checks the PNG's pixels, and that no temporary file is
# left beside it.
#   cmake -DXVFB_RUN=... -DTILEWALK=... -DINSPECT=... -DOUT_DIR=... -DSIZE=WxH [-DSIZE_FLAG=ON]
#         [-DEXTRA=--classroom] [-DGROUND=light|dark] -P screenshot.cmake
file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")
set(shot "${OUT_DIR}/shot.png")
set(size_args)
if(SIZE_FLAG)
  set(size_args --size ${SIZE})
endif()
execute_process(COMMAND "${XVFB_RUN}" -a "${TILEWALK}" gui --screenshot "${shot}" ${size_args} ${EXTRA}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "tilewalk gui --screenshot exited ${code}\n${out}${err}")
endif()
# 16 colours at least: cells in every state, text and the window chrome; a blank or single-colour frame fails.
set(ground_args)
if(GROUND)
  set(ground_args --ground ${GROUND})
endif()
execute_process(COMMAND "${INSPECT}" "${shot}" --size ${SIZE} --min-colours 16 ${ground_args}
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}${err}")
if(NOT code EQUAL 0)
  message(FATAL_ERROR "the screenshot failed the pixel check")
endif()
file(GLOB leftovers "${OUT_DIR}/.*")
if(leftovers)
  message(FATAL_ERROR "temporary files left behind: ${leftovers}")
endif()
