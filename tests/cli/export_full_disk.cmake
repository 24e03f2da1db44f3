# A disk that fills up during an export, simulated with a file-size limit (prlimit --fsize) that no frame
# fits under: the export says which file could not be written and why (the first frame's PNG, or one of its
# picture JSON files, whichever reaches the limit first), exits 1, and leaves nothing beside the --out it
# was given.
#   cmake -DTILEWALK=binary -DPARENT=dir -P export_full_disk.cmake
include(${CMAKE_CURRENT_LIST_DIR}/fails_cleanly.cmake)
fails_cleanly(MATCH "(frames/00001\\.png|pictures/00001-[a-z]+\\.json).*File too large"
  COMMAND prlimit --fsize=20000 "${TILEWALK}" export --out "${PARENT}/full" --html)
