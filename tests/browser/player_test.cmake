# Exports a library's default tour with --html into a fresh folder, then opens its player in Chromium
# (SCRIPT, player_test.mjs unless given), which leaves screenshots in OUT-screenshots. Fails, never skips,
# when node or playwright-core is missing: CI must run it.
# -DTILEWALK=binary -DLIBRARY=dir -DEXPORT_ARGS="more export flags" -DOUT=dir -DNODE=node-or-NOTFOUND
# -DSCRIPT_DIR=tests/browser [-DSCRIPT=figure_player_test.mjs]
if(NOT SCRIPT)
  set(SCRIPT player_test.mjs)
endif()
include(${CMAKE_CURRENT_LIST_DIR}/browser_prerequisites.cmake)
file(REMOVE_RECURSE "${OUT}" "${OUT}-screenshots")
separate_arguments(extra UNIX_COMMAND "${EXPORT_ARGS}")
execute_process(
  COMMAND "${TILEWALK}" export --library "${LIBRARY}" --out "${OUT}" --html ${extra}
  RESULT_VARIABLE exported OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT exported EQUAL 0)
  message(FATAL_ERROR "tilewalk export failed (${exported}):\n${out}${err}")
endif()
execute_process(
  COMMAND "${NODE}" "${SCRIPT_DIR}/${SCRIPT}" "${OUT}" "${OUT}-screenshots"
  RESULT_VARIABLE played OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT played EQUAL 0)
  message(FATAL_ERROR "the player test failed (${played})")
endif()
