# A --library folder with everything that once crashed, hung or filled memory:
# a symbolic link loop named *.md, a sparse 20 GiB passage, a FIFO and a link to /dev/zero named like
# passages, and a 3.3 MB passage of stray braces. Every verb that loads it must answer at once, name each
# file and what is wrong with it, and exit 1; with --keep-going it uses what loaded and exits 0.
#   cmake -DTW=binary -DFIXTURE=dir -DLIBRARY=dir -P library_hazards.cmake
file(REMOVE_RECURSE "${LIBRARY}")
file(COPY "${FIXTURE}/" DESTINATION "${LIBRARY}")
file(CREATE_LINK "loop.md" "${LIBRARY}/passages/loop.md" SYMBOLIC)
file(CREATE_LINK "/dev/zero" "${LIBRARY}/passages/zero.md" SYMBOLIC)
execute_process(COMMAND truncate -s 20G "${LIBRARY}/passages/huge.md" RESULT_VARIABLE sparse)
execute_process(COMMAND mkfifo "${LIBRARY}/passages/fifo.md" RESULT_VARIABLE fifo)
if(NOT sparse EQUAL 0 OR NOT fifo EQUAL 0)
  message(FATAL_ERROR "could not make the sparse file or the FIFO")
endif()
string(REPEAT "{" 3300000 braces)
file(WRITE "${LIBRARY}/passages/02-braces.md"
     "---\nid: braces\ntitle: Braces\npallas: _kernel_body\ntokens: m_next\nhint: 1-2\ncpp: fwd.run.m_next\n---\n${braces}}\n")

# run(label exit args... MATCH re...): the verb must exit `exit` within 20 s, and its output match each re.
function(run label expected)
  cmake_parse_arguments(ARG "" "" "ARGS;MATCH" ${ARGN})
  string(TIMESTAMP started "%s")
  execute_process(COMMAND ${TW} ${ARG_ARGS} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err
                  TIMEOUT 60)
  string(TIMESTAMP ended "%s")
  math(EXPR seconds "${ended} - ${started}")
  message(STATUS "${label}: exit ${code} after ${seconds} s\n${out}${err}")
  if(NOT code STREQUAL "${expected}" OR seconds GREATER 20 OR "${out}${err}" MATCHES "internal error")
    message(FATAL_ERROR "${label}: expected exit ${expected} within 20 s, got ${code} after ${seconds} s")
  endif()
  foreach(pattern IN LISTS ARG_MATCH)
    if(NOT "${out}${err}" MATCHES "${pattern}")
      message(FATAL_ERROR "${label}: output does not match ${pattern}")
    endif()
  endforeach()
endfunction()

set(problems
  "passages/loop\\.md: cannot read '[^']*loop\\.md': the path is a loop of symbolic links"
  "passages/huge\\.md: cannot read '[^']*huge\\.md': it is 21474836480 bytes \\(20 GiB\\), more than the 4\\.0 MiB"
  "passages/fifo\\.md: cannot read '[^']*fifo\\.md': it is a named pipe"
  "passages/zero\\.md: cannot read '[^']*zero\\.md': it is a character device"
  "02-braces\\.md:9: unknown placeholder \\{\\{\\{\\{"
  "… and [0-9]+ more")
run("tours" 1 ARGS tours --library "${LIBRARY}"
    MATCH ${problems} "problem\\(s\\) in the passages and tours of '.*'; fix them, or pass --keep-going")
run("tours --keep-going" 0 ARGS tours --library "${LIBRARY}" --keep-going
    MATCH "going on with [0-9]+ problem\\(s\\)" "fixture +A small tour for the GUI tests")
run("tour --print" 1 ARGS tour fixture --print --library "${LIBRARY}" MATCH ${problems})
# export of a library with problems once exited 0; it stops before drawing anything now.
run("export" 1 ARGS export --library "${LIBRARY}" --out "${LIBRARY}-export" MATCH ${problems}
    "tilewalk export: [0-9]+ problem\\(s\\) in the passages and tours")
if(EXISTS "${LIBRARY}-export")
  message(FATAL_ERROR "export of a library with problems wrote ${LIBRARY}-export")
endif()
