# `tilewalk export --kernel NAME --format svg` of a scenario: the export runs on that kernel, writes SVG
# frames, and its manifest names the kernel. Run with -DTILEWALK=<exe> -DOUT=<scratch folder>
# -DKERNEL=<name> -DFLAGS=<scenario flags, separated by spaces>.
file(REMOVE_RECURSE ${OUT})
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
execute_process(COMMAND ${TILEWALK} export ${flags} --format svg --panes grid,timeline --out ${OUT} --kernel ${KERNEL}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err MATCHES "frames \\(SVG per pane, ")
  message(FATAL_ERROR "export --kernel ${KERNEL} exited ${rc}:\n${out}\n${err}")
endif()
file(READ ${OUT}/manifest.json manifest)
string(JSON kernel GET "${manifest}" kernel)
string(JSON version GET "${manifest}" format_version)
string(JSON kind GET "${manifest}" kind)
if(NOT kernel STREQUAL KERNEL OR NOT version EQUAL 6 OR NOT kind STREQUAL "scenario")
  message(FATAL_ERROR "the manifest says kernel '${kernel}', version ${version}, kind ${kind}")
endif()
file(GLOB svgs ${OUT}/frames/*.svg)
list(LENGTH svgs count)
if(count EQUAL 0)
  message(FATAL_ERROR "export --kernel ${KERNEL} wrote no SVG")
endif()
file(REMOVE_RECURSE ${OUT})
