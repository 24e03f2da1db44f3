# `check --dump DIR --force` replaces an earlier dump and nothing else: the
# folder it runs in, by any name ('.', 'dd1/.', '../dd1'), and folders it did not write (a user's own .npy
# files, a config.json of someone else's) are refused before the run, and stay as they were.
#   cmake -DTW=binary -DPARENT=dir -P dump_force.cmake
file(REMOVE_RECURSE "${PARENT}")
file(MAKE_DIRECTORY "${PARENT}")
set(small --q-len 256 --kv-len 256 --forward-only)
execute_process(COMMAND ${TW} check ${small} --dump dd1 WORKING_DIRECTORY "${PARENT}" RESULT_VARIABLE code
                OUTPUT_QUIET)
if(NOT code EQUAL 0 OR NOT EXISTS "${PARENT}/dd1/config.json")
  message(FATAL_ERROR "the first dump failed (${code})")
endif()

# refused(label regex working-folder args...): exit 1, a message matching regex, and the check never ran.
function(refused label pattern where)
  execute_process(COMMAND ${TW} check ${small} ${ARGN} WORKING_DIRECTORY "${where}" RESULT_VARIABLE code
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${label}: exit ${code}\n${err}")
  if(NOT code EQUAL 1 OR NOT err MATCHES "${pattern}" OR out MATCHES "scenario:")
    message(FATAL_ERROR "${label}: expected exit 1 before the run and '${pattern}', got ${code}:\n${out}${err}")
  endif()
endfunction()

refused("--dump . from inside the dump" "names a folder by '\\.', '\\.\\.' or '/'" "${PARENT}/dd1" --dump . --force)
refused("--dump dd1/." "names a folder by '\\.'" "${PARENT}" --dump dd1/. --force)
refused("--dump ../dd1 from inside it" "it is the working folder or holds it" "${PARENT}/dd1" --dump ../dd1 --force)
refused("--dump of the folder holding the working folder" "it is the working folder or holds it" "${PARENT}/dd1"
        --dump "${PARENT}" --force)
if(NOT EXISTS "${PARENT}/dd1/q.npy" OR NOT EXISTS "${PARENT}/dd1/config.json")
  message(FATAL_ERROR "a refused --force deleted the earlier dump")
endif()

file(WRITE "${PARENT}/mine/weights.npy" "the user's own")
refused("--force onto a folder of .npy files" "it is not an earlier dump \\(it holds no config\\.json\\)"
        "${PARENT}" --dump mine --force)
file(WRITE "${PARENT}/theirs/config.json" "{\"tool\": \"someone else\"}")
refused("--force onto a folder with someone else's config.json" "its config\\.json is not one tilewalk wrote"
        "${PARENT}" --dump theirs --force)
if(NOT EXISTS "${PARENT}/mine/weights.npy" OR NOT EXISTS "${PARENT}/theirs/config.json")
  message(FATAL_ERROR "--force deleted a folder tilewalk did not write")
endif()

execute_process(COMMAND ${TW} check ${small} --dump dd1 --force WORKING_DIRECTORY "${PARENT}"
                RESULT_VARIABLE code OUTPUT_QUIET)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "--force did not replace an earlier dump (${code})")
endif()
file(GLOB left LIST_DIRECTORIES true "${PARENT}/.*")
if(left)
  message(FATAL_ERROR "a hidden folder was left: ${left}")
endif()
