# A disk that fills up during an export, simulated with a file-size limit (prlimit --fsize) that no frame
# fits under: the export says which file could not be written and why, exits 1, and leaves nothing beside
# the --out it was given.
#   cmake -DTILEWALK=binary -DPARENT=dir -P export_full_disk.cmake
file(REMOVE_RECURSE "${PARENT}")
file(MAKE_DIRECTORY "${PARENT}")
execute_process(
  COMMAND prlimit --fsize=20000 "${TILEWALK}" export --out "${PARENT}/full" --html
  RESULT_VARIABLE code OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
message(STATUS "exit ${code}\n${stdout}${stderr}")
if(NOT code EQUAL 1 OR NOT stderr MATCHES "frames/00001\\.png.*File too large")
  message(FATAL_ERROR "expected exit 1 naming the frame and 'File too large', got ${code}")
endif()
file(GLOB left LIST_DIRECTORIES true "${PARENT}/*" "${PARENT}/.*")
if(left)
  message(FATAL_ERROR "the failed export left: ${left}")
endif()
