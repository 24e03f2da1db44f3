# tilewalk_embed(TARGET t NAME fn HEADER h FILES f...): compiles the files into target t as a function
#   std::span<const tilewalk::EmbeddedFile> fn();   (declared in header h, which the caller writes)
# The bytes are written as a hex array, so any content survives; editing a file rebuilds the table.
set(TILEWALK_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/EmbedScript.cmake)

function(tilewalk_embed)
  cmake_parse_arguments(ARG "" "TARGET;NAME;HEADER" "FILES" ${ARGN})
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${ARG_NAME}.cpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DNAME=${ARG_NAME} -DHEADER=${ARG_HEADER} "-DFILES=${ARG_FILES}"
            -P ${TILEWALK_EMBED_SCRIPT}
    DEPENDS ${ARG_FILES} ${TILEWALK_EMBED_SCRIPT}
    COMMENT "Embedding ${ARG_NAME}"
    VERBATIM)
  target_sources(${ARG_TARGET} PRIVATE ${out})
  # A table of bytes shares no header worth parsing once with its neighbours: it compiles on its own, beside
  # the unity batches rather than inside one.
  set_source_files_properties(${out} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
