# export --video: ffmpeg (installed by scripts/install-deps.sh) turns the frames into video.mp4, one video
# frame per PNG, H.264 at the layout's size.
#   cmake -DTILEWALK=binary -DLIBRARY=dir -DOUT=dir -P export_video.cmake
find_program(FFPROBE ffprobe)
if(NOT FFPROBE)
  message(FATAL_ERROR "ffprobe is missing; run scripts/install-deps.sh (it installs ffmpeg)")
endif()
file(REMOVE_RECURSE "${OUT}")
execute_process(
  COMMAND "${TILEWALK}" export --library "${LIBRARY}" --out "${OUT}" --video --size 480x320 --fps 4
  RESULT_VARIABLE code OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
message(STATUS "exit ${code}\n${stdout}${stderr}")
if(NOT code EQUAL 0 OR NOT stderr MATCHES "video\\.mp4")
  message(FATAL_ERROR "export --video failed (${code})")
endif()
file(GLOB frames "${OUT}/frames/*.png")
list(LENGTH frames frame_count)
execute_process(
  COMMAND "${FFPROBE}" -v error -count_frames -select_streams v:0
          -show_entries stream=codec_name,width,height,nb_read_frames -of csv=p=0 "${OUT}/video.mp4"
  RESULT_VARIABLE probed OUTPUT_VARIABLE stream OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT probed EQUAL 0 OR NOT stream STREQUAL "h264,480,320,${frame_count}")
  message(FATAL_ERROR "video.mp4 is '${stream}', expected 'h264,480,320,${frame_count}'")
endif()
