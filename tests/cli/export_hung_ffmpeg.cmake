# A hung ffmpeg (tests/cli/fixtures/hung-ffmpeg) and a SIGTERM while it runs: the export says it
# was stopped, does not blame ffmpeg, exits 1, leaves nothing beside --out, and leaves no ffmpeg running.
# With -DMOTION=ON the video is --motion's, whose frames are streamed to ffmpeg as they are drawn.
#   cmake -DTILEWALK=binary -DLIBRARY=dir -DHUNG=dir -DPARENT=dir [-DMOTION=ON] -P export_hung_ffmpeg.cmake
file(REMOVE_RECURSE "${PARENT}")
file(MAKE_DIRECTORY "${PARENT}")
set(pid_file "${PARENT}.ffmpeg-pid")
file(REMOVE "${pid_file}")
set(video_args "--video --size 480x320 --panes grid")
set(expected "interrupted by SIGTERM while ffmpeg ran; it was stopped; nothing was written")
if(MOTION)
  set(video_args "--motion --video --size 480x320")
  set(expected "interrupted by SIGTERM; nothing was written")
endif()
# SIGTERM only once the fake ffmpeg has started: drawing the frames takes a while under the sanitizers.
execute_process(
  COMMAND env "PATH=${HUNG}:$ENV{PATH}" "TILEWALK_TEST_FFMPEG_PID=${pid_file}" sh -c "\"$0\" export --library \"$1\" --out \"$2/video\" $4 & pid=$!
                 while [ ! -s \"$3\" ]; do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
                 sleep 0.3; kill -TERM $pid; wait $pid"
          "${TILEWALK}" "${LIBRARY}" "${PARENT}" "${pid_file}" "${video_args}"
  RESULT_VARIABLE code ERROR_VARIABLE stderr OUTPUT_VARIABLE stdout TIMEOUT 120)
message(STATUS "exit ${code}\n${stdout}${stderr}")
if(NOT code EQUAL 1 OR NOT stderr MATCHES "${expected}")
  message(FATAL_ERROR "expected exit 1 and '${expected}', got ${code}")
endif()
if(stderr MATCHES "ffmpeg (failed|exited|was killed)")
  message(FATAL_ERROR "the message blames ffmpeg for the user's SIGTERM")
endif()
file(GLOB left LIST_DIRECTORIES true "${PARENT}/*" "${PARENT}/.*")
if(left)
  message(FATAL_ERROR "the stopped export left: ${left}")
endif()
file(READ "${pid_file}" ffmpeg_pid)
string(STRIP "${ffmpeg_pid}" ffmpeg_pid)
execute_process(COMMAND kill -0 ${ffmpeg_pid} RESULT_VARIABLE alive ERROR_QUIET)
if(alive EQUAL 0)
  message(FATAL_ERROR "ffmpeg (pid ${ffmpeg_pid}) is still running")
endif()
