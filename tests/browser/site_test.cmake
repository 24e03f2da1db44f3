# Exports the live page with `export --site` (the wasm module from the web preset's build, and the test
# fixture standing in for the Pallas file), then runs site_test.mjs on it in Chromium, which serves the
# folder itself. Fails, never skips, when the module is not built, node or playwright-core is missing: CI
# must run it. Screenshots go to OUT-screenshots.
# -DTILEWALK=binary -DOUT=dir -DPALLAS=file -DNODE=node-or-NOTFOUND -DSCRIPT_DIR=tests/browser
include(${CMAKE_CURRENT_LIST_DIR}/browser_prerequisites.cmake)
# With the real Pallas file at hand (TILEWALK_PALLAS_SOURCE), the page shows that one instead, and the test
# also checks that the executing line is lit and scrolled into view (the fixture has no line to light).
if(DEFINED ENV{TILEWALK_PALLAS_SOURCE} AND EXISTS "$ENV{TILEWALK_PALLAS_SOURCE}")
  set(PALLAS "$ENV{TILEWALK_PALLAS_SOURCE}")
endif()
file(REMOVE_RECURSE "${OUT}" "${OUT}-screenshots")
execute_process(
  COMMAND "${TILEWALK}" export --site "${OUT}" --pallas-source "${PALLAS}"
  RESULT_VARIABLE exported OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT exported EQUAL 0)
  message(FATAL_ERROR "tilewalk export --site failed (${exported}):\n${out}${err}")
endif()
execute_process(
  COMMAND "${NODE}" "${SCRIPT_DIR}/site_test.mjs" "${OUT}" "${OUT}-screenshots"
  RESULT_VARIABLE played OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT played EQUAL 0)
  message(FATAL_ERROR "the site test failed (${played})")
endif()
