# Writers on a full disk. Each must exit 1 with the system's reason, leave no file and no temporary file
# behind, and leave a device destination a device (an atomic rename over /dev/full would replace it).
#   cmake -DTW=... -DOUT_DIR=... -P full_disk.cmake
file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")

# Runs `args` under a shell; fails unless it exits 1 and its stderr matches `pattern`.
function(expect_failure label pattern)
  execute_process(COMMAND sh -c "${ARGN}" RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
  message(STATUS "${label}: exit ${code}\n${err}")
  if(NOT code EQUAL 1 OR NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "${label}: expected exit 1 and '${pattern}', got ${code}:\n${out}${err}")
  endif()
endfunction()

function(expect_device path)
  execute_process(COMMAND test -c "${path}" RESULT_VARIABLE code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${path} is no longer a character device")
  endif()
endfunction()

function(expect_empty_folder)
  file(GLOB left "${OUT_DIR}/*" "${OUT_DIR}/.*")
  if(left)
    message(FATAL_ERROR "left behind: ${left}")
  endif()
endfunction()

set(small "--q-len 256 --kv-len 256 --forward-only")
# SIGXFSZ ignored (dispositions set to ignore survive exec), so a write past `ulimit -f` fails with EFBIG
# instead of killing the process. The limit is in 512-byte blocks.
set(limited "trap '' XFSZ && ulimit -f 8 && exec")

expect_failure("trace --out /dev/full" "cannot write '/dev/full': the disk is full \\(No space left on device\\)"
               "exec '${TW}' trace ${small} --out /dev/full")
expect_device(/dev/full)
file(GLOB temporaries "/dev/.full.*")
if(temporaries)
  message(FATAL_ERROR "temporary files left in /dev: ${temporaries}")
endif()

expect_failure("trace --out past the file-size limit" "cannot write '.*/t\\.json': the file-size limit was reached \\(File too large\\)"
               "${limited} '${TW}' trace ${small} --out '${OUT_DIR}/t.json'")
expect_empty_folder()

expect_failure("check --dump past the file-size limit"
               "cannot write '.*/\\.d\\.tilewalk-partial-[^/]*/q\\.npy': the file-size limit was reached \\(File too large\\).*; nothing was written to '.*/d'"
               "${limited} '${TW}' check ${small} --dump '${OUT_DIR}/d'")
expect_empty_folder()

# --force replaces only an earlier dump: a folder holding anything else survives.
file(WRITE "${OUT_DIR}/notes/keep.txt" "mine\n")
expect_failure("check --dump --force onto a folder that is not a dump" "it is not an earlier dump \\(it holds no config\\.json\\)"
               "exec '${TW}' check ${small} --dump '${OUT_DIR}/notes' --force")
if(NOT EXISTS "${OUT_DIR}/notes/keep.txt")
  message(FATAL_ERROR "--force deleted a folder that was not a dump")
endif()
