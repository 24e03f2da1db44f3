# A test's command line for fails_cleanly():
#   cmake -DPARENT=dir -DMATCH=regex [-DWITHIN=seconds] -DCOMMAND=a|b|c -P run_fails_cleanly.cmake
# COMMAND separates its arguments with '|' so that it survives being one -D value; it runs in PARENT's
# place, so it can name ${PARENT} only through the value given here.
include(${CMAKE_CURRENT_LIST_DIR}/fails_cleanly.cmake)
string(REPLACE "|" ";" command "${COMMAND}")
fails_cleanly(MATCH "${MATCH}" WITHIN "${WITHIN}" COMMAND ${command})
