# `check --compare flash,splash` end to end on a sliding window at 1024: the JSON says splash runs fewer
# grid steps and steps than flash and less estimated time, both pass their references; the SVG and the PNG
# are written and show every cell state; with Xvfb, the window is shot too.
#   cmake -DTILEWALK=... -DINSPECT=png_inspect -DOUT=dir [-DXVFB_RUN=xvfb_run.sh] -P compare_figure.cmake
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
set(words --q-len 1024 --kv-len 1024 --window 256 --for flash --causal --for splash --mask local)
execute_process(COMMAND ${TILEWALK} check --compare flash,splash ${words} --json --svg ${OUT}/compare.svg
                        --png ${OUT}/compare.png
  RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check --compare exited ${rc}:\n${json}\n${err}")
endif()
foreach(i 0 1)
  string(JSON kernel${i} GET "${json}" kernels ${i} kernel)
  string(JSON verdict${i} GET "${json}" kernels ${i} verdict)
  string(JSON grid${i} GET "${json}" kernels ${i} total grid_steps)
  string(JSON run${i} GET "${json}" kernels ${i} total steps_run)
  if(NOT verdict${i} STREQUAL "pass")
    message(FATAL_ERROR "${kernel${i}} did not pass its reference: ${verdict${i}}")
  endif()
endforeach()
if(NOT kernel0 STREQUAL "flash" OR NOT kernel1 STREQUAL "splash")
  message(FATAL_ERROR "kernels in the wrong order: ${kernel0}, ${kernel1}")
endif()
if(NOT grid1 LESS grid0 OR NOT run1 LESS run0)
  message(FATAL_ERROR "under a window splash should run fewer grid steps (${grid1} vs ${grid0}) and steps "
                      "(${run1} vs ${run0}) than flash")
endif()
string(JSON time_ratio GET "${json}" ratios "splash/flash" est_time_us)
if(NOT time_ratio LESS 1)
  message(FATAL_ERROR "splash/flash estimated time is ${time_ratio}, not below 1")
endif()

file(READ ${OUT}/compare.svg svg)
foreach(needle "<svg" "class=\"cell ran\"" "class=\"cell idle\"" "class=\"cell not-in-grid\""
               "splash/flash: estimated time" "reference check: pass")
  string(FIND "${svg}" "${needle}" at)
  if(at LESS 0)
    message(FATAL_ERROR "the SVG lacks ${needle}")
  endif()
endforeach()
execute_process(COMMAND ${INSPECT} ${OUT}/compare.png --min-colours 8 RESULT_VARIABLE rc OUTPUT_VARIABLE out
                        ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compare.png: ${out}${err}")
endif()

if(XVFB_RUN)
  execute_process(COMMAND ${XVFB_RUN} ${TILEWALK} check --compare flash,splash ${words} --show --screenshot
                          ${OUT}/window.png
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "check --compare --show --screenshot exited ${rc}:\n${out}\n${err}")
  endif()
  execute_process(COMMAND ${INSPECT} ${OUT}/window.png --size 1600x1000 --min-colours 8 --ground dark
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "window.png: ${out}${err}")
  endif()
endif()
message(STATUS "compare: flash ${run0} of ${grid0} steps, splash ${run1} of ${grid1}, time ratio ${time_ratio}")
