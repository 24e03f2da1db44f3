# The third round of hostile inputs (docs/bad-input.md names each case): verdicts that can fail, exits that
# tell the truth, text from users' files, the OS's memory limits and children that cannot be steered. Each
# name starts with "bad input: r3." so that `ctest -R 'bad input: r3'` runs this round alone. Uses the
# bad_input() function and ${tw} of bad_input.cmake.

# ---- verdicts that can fail ----------------------------------------------------------------------------
bad_input("r3. check at sm_scale 1e6 in bfloat16 is no PASS" EXIT 1
  COMMAND ${tw} check --q-len 256 --kv-len 256 --dtype bfloat16 --sm-scale 1000000
  MATCH "cannot be checked at this scale: the tolerance is 1 or more.*lower --sm-scale"
  MATCH2 "CANNOT CHECK: no output failed" NO_MATCH "PASS")
bad_input("r3. check --json says cannot check" EXIT 1
  COMMAND ${tw} check --q-len 256 --kv-len 256 --dtype bfloat16 --sm-scale 1000000 --json
  MATCH "\"verdict\": \"cannot check\"" NO_MATCH "\"pass\": true")

# ---- honest exits --------------------------------------------------------------------------------------

# ---- one memory budget, from the OS's real limits --------------------------------------------------------
bad_input("r3. --max-memory 1PiB, the stated maximum, is taken" EXIT 0
  COMMAND ${tw} check ${small} --forward-only --max-memory 1PiB MATCH "PASS")
# Under ulimit -v the guard refuses what the address space cannot hold, before a byte is allocated; it names
# the limit, where before the run died of std::bad_alloc. (Not under the sanitizers: AddressSanitizer's
# shadow memory does not fit in such a limit.)
if(NOT TILEWALK_SANITIZE)
bad_input("r3. ulimit -v refuses a scenario past it, naming the limit" EXIT 1
  COMMAND sh -c "ulimit -v 2000000 && exec \"$0\" check --batch 8 --heads 8 --q-len 8192 --kv-len 8192" ${tw}
  MATCH "more than the .* tilewalk may use .*here the address-space limit \\(ulimit -v\\)\\)" MATCH2 "raise that limit"
  NO_MATCH "bad_alloc")
bad_input("r3. ulimit -d refuses a scenario past it, naming the limit" EXIT 1
  COMMAND sh -c "ulimit -d 1000000 && exec \"$0\" trace --batch 8 --heads 8 --q-len 8192 --kv-len 8192 --out x.json" ${tw}
  MATCH "here the data-segment limit \\(ulimit -d\\)\\)" NO_MATCH "bad_alloc")
endif()
# A stop whose placeholder cannot be filled ends the export with exit 1 and nothing written; --keep-going
# exports it with the problem shown, and says so as a warning.
set(late_library ${CMAKE_SOURCE_DIR}/tests/cli/fixtures/late-placeholder)
bad_input("r3. export of a stop that cannot be filled exits 1 and writes nothing" EXIT 1
  COMMAND sh -c "rm -rf \"$1\"
\"$0\" export --tour late --library \"$2\" --format svg --out \"$1\"
c=$?
test -e \"$1\" && echo \"the export folder exists\"
exit $c"
          ${tw} ${CMAKE_CURRENT_BINARY_DIR}/r3-late-export ${late_library}
  MATCH "stop 5 \\(The draft\\): A placeholder could not be filled: \\{fwd\\.step\\.99\\.ran\\}"
  MATCH2 "1 stop of the tour cannot be shown whole; fix the tour, or give --keep-going"
  NO_MATCH "the export folder exists")
bad_input("r3. export --keep-going exports a stop that cannot be filled, with a warning" EXIT 0
  COMMAND ${tw} export --tour late --library ${late_library} --format svg --keep-going --force
          --out ${CMAKE_CURRENT_BINARY_DIR}/r3-late-kept
  MATCH "tilewalk export: warning: stop 5 \\(The draft\\): A placeholder")

# ---- a run stopped by a signal exits non-zero and says "interrupted" -------------------------------------
# An interactive window closed by Ctrl-C exits 0 (it is how a person quits); a run that was to produce
# something says what it did not produce. The window needs a display, so these run under Xvfb.
if(XVFB_RUN)
  set(signal_after ${CMAKE_CURRENT_SOURCE_DIR}/signal_after.sh)
  set(gui_library --library ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library)
  bad_input("r3. gui --script stopped by SIGTERM exits 1, interrupted" EXIT 1
    COMMAND ${XVFB_RUN} -a ${signal_after} 4 TERM ${tw} gui ${gui_library}
            --script ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/scripts/wait_long.script
    MATCH "tilewalk gui: interrupted by SIGTERM; the script did not finish")
  bad_input("r3. gui --benchmark-frames stopped by SIGINT exits 1, interrupted" EXIT 1
    COMMAND ${XVFB_RUN} -a ${signal_after} 4 INT ${tw} gui ${gui_library} --benchmark-frames 1000000
    MATCH "interrupted by Ctrl-C \\(SIGINT\\); the benchmark did not finish" NO_MATCH "p95_ms")
  set_tests_properties("cli: bad input: r3. gui --script stopped by SIGTERM exits 1, interrupted"
    "cli: bad input: r3. gui --benchmark-frames stopped by SIGINT exits 1, interrupted"
    PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
endif()

# ---- children launched safely --------------------------------------------------------------------------
# An ffmpeg that exits 0 and writes nothing is not believed, for the video of frames and for the stream.
foreach(mode "--video" "--motion;--video")
  string(REPLACE ";" " " words "${mode}")
  set(name "r3. export ${words} with an ffmpeg that writes nothing and exits 0 fails, writes nothing")
  string(MAKE_C_IDENTIFIER "${words}" folder)
  bad_input("${name}" EXIT 1
    COMMAND /usr/bin/env PATH=${CMAKE_CURRENT_SOURCE_DIR}/fixtures/silent-ffmpeg:/usr/bin:/bin ${tw} export
            --library ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library --out ${CMAKE_CURRENT_BINARY_DIR}/silent-${folder}
            ${mode} --size 480x320
    MATCH "cannot make video.mp4: ffmpeg exited 0 but wrote no video" MATCH2 "nothing was written to")
  set_tests_properties("cli: bad input: ${name}" PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
endforeach()
# source fetch hands curl nothing it could take as an option, a glob or another protocol.
bad_input("r3. source fetch --url -K FILE is refused before curl runs" EXIT 2
  COMMAND ${tw} source fetch --url=-K/etc/passwd MATCH "--url got '-K/etc/passwd': expected an address that starts with https:// or http://")
bad_input("r3. source fetch --url file:// is refused" EXIT 2
  COMMAND ${tw} source fetch --url file:///etc/passwd MATCH "starts with https:// or http://")
bad_input("r3. source fetch --url with a control character is refused, escaped" EXIT 2
  COMMAND sh -c "exec \"$0\" source fetch --url \"$(printf 'https://x/\\033t\\007')\"" ${tw}
  MATCH "--url got 'https://x/\\\\x1bt\\\\x07': an address has no spaces, control characters")

# ---- text from a user's file is checked once, where it is read ---------------------------------------------
# A library copied from the fixture, with one file changed by `edit` (a sed script run on $1/lib/FILE).
function(library_text_case what file edit exit match)
  string(MAKE_C_IDENTIFIER "${what}" folder)
  bad_input("r3. a library with ${what}" EXIT ${exit}
    COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && cp -r \"$2/.\" \"$1/lib\" && ${edit} && \"$3\" tours --library \"$1/lib\""
            sh ${CMAKE_CURRENT_BINARY_DIR}/r3-text-${folder} ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library ${tw}
    MATCH "${match}")
endfunction()
library_text_case("a Latin-1 byte in a passage names its line and exits 1" passages/01-fixture-running-max.md
  "sed -i '3s/$/ caf\\xe9/' \"$1/lib/passages/01-fixture-running-max.md\"" 1
  "01-fixture-running-max\\.md:3: byte 0xE9 is not UTF-8")
library_text_case("a byte-order mark and CRLF line ends in a tour loads" tours/fixture.tour
  "printf '\\357\\273\\277' > \"$1/t\" && sed 's/$/\\r/' \"$1/lib/tours/fixture.tour\" >> \"$1/t\" && mv \"$1/t\" \"$1/lib/tours/fixture.tour\"" 0
  "fixture +A small tour for the GUI tests")
library_text_case("CR-only line ends in a tour loads" tours/fixture.tour
  "tr '\\n' '\\r' < \"$1/lib/tours/fixture.tour\" > \"$1/t\" && mv \"$1/t\" \"$1/lib/tours/fixture.tour\"" 0
  "fixture +A small tour for the GUI tests")
library_text_case("a NUL byte in a tour names its line" tours/fixture.tour
  "sed -i '2s/$/\\x00/' \"$1/lib/tours/fixture.tour\"" 1 "fixture\\.tour:2: a NUL byte is not text")
library_text_case("a 1 MB line quotes 60 characters of it" tours/fixture.tour
  "head -c 1000000 /dev/zero > \"$1/z\" && tr '\\0' x < \"$1/z\" > \"$1/x\" && echo >> \"$1/x\" && sed -i \"1r $1/x\" \"$1/lib/tours/fixture.tour\"" 1
  "got 'x+… \\(1000000 bytes\\)'")
bad_input("r3. a script with a Latin-1 byte names its line" EXIT 1
  COMMAND sh -c "printf 'stats\\nexpect caf\\351\\n' > \"$1\" && exec \"$0\" gui --script \"$1\"" ${tw}
          ${CMAKE_CURRENT_BINARY_DIR}/r3-latin1.script
  MATCH "r3-latin1\\.script:2: byte 0xE9 is not UTF-8")

# ---- staleness that holds across PID namespaces ---------------------------------------------------------
add_test(NAME "cli: bad input: r3. an export in another PID namespace is not taken for stale by a trace beside it"
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/namespace_writers.sh ${tw} ${CMAKE_CURRENT_BINARY_DIR}/r3-namespaces)
set_tests_properties("cli: bad input: r3. an export in another PID namespace is not taken for stale by a trace beside it"
  PROPERTIES TIMEOUT 150 SKIP_RETURN_CODE 77 ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")

# ---- blocking writes have a deadline ----------------------------------------------------------------------
# A FIFO whose reader holds it open and never reads: the script's screenshot gives up at --timeout, and a
# trace into it stops at the first Ctrl-C. `hold` opens the FIFO for reading and sleeps.
set(fifo_dir ${CMAKE_CURRENT_BINARY_DIR}/r3-fifo)
if(XVFB_RUN)
  bad_input("r3. a script's screenshot into a FIFO nobody reads gives up at --timeout" EXIT 1
    COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && mkfifo \"$1/f\" && printf 'screenshot %s\\n' \"$1/f\" > \"$1/s.script\" && (exec 3<\"$1/f\" && exec sleep 20) >/dev/null 2>&1 & sleep 0.3 && exec timeout 25 \"$2\" -a \"$0\" gui --script \"$1/s.script\" --timeout 3 --library \"$3\""
            ${tw} ${fifo_dir}-script ${XVFB_RUN} ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library
    MATCH "cannot write '.*/f': its reader took nothing before the run's time limit")
  set_tests_properties("cli: bad input: r3. a script's screenshot into a FIFO nobody reads gives up at --timeout"
    PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
endif()
bad_input("r3. a trace into a FIFO nobody reads stops at the first Ctrl-C" EXIT 1
  COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && mkfifo \"$1/f\" && (exec 3<\"$1/f\" && exec sleep 20) >/dev/null 2>&1 & sleep 0.3 && exec timeout 25 \"$2\" 3 INT \"$0\" trace --q-len 1024 --kv-len 1024 --out \"$1/f\""
          ${tw} ${fifo_dir}-trace ${CMAKE_CURRENT_SOURCE_DIR}/signal_after.sh
  MATCH "interrupted by Ctrl-C \\(SIGINT\\); the trace on '.*/f' is incomplete")

# ---- '-' is standard output only where a verb says so (trace --out) ---------------------------------------
bad_input("r3. export --out - is refused, not a folder named '-'" EXIT 2
  COMMAND ${tw} export --out - MATCH "'-' would be a folder named '-', not standard output")
bad_input("r3. gui --screenshot - is refused before a window opens" EXIT 1
  COMMAND ${tw} gui --screenshot - MATCH "'-' would be a file named '-', not standard output" NO_MATCH "display")
bad_input("r3. check --dump - is refused before the run" EXIT 2
  COMMAND ${tw} check ${small} --dump - MATCH "'-' would be a folder named '-'")

# ---- the settings, when HOME names no folder ---------------------------------------------------------------
if(XVFB_RUN)
  bad_input("r3. gui with HOME unset warns that the settings are not saved" EXIT 0
    COMMAND env -u HOME -u XDG_CONFIG_HOME ${XVFB_RUN} -a ${CMAKE_CURRENT_SOURCE_DIR}/gui_until_ready.sh ${tw}
            --library ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library
    MATCH "tilewalk gui: warning: neither XDG_CONFIG_HOME nor HOME names a folder .*so the settings are neither read nor saved")
  set_tests_properties("cli: bad input: r3. gui with HOME unset warns that the settings are not saved"
    PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
endif()

# ---- a mount point as a destination is refused before the run ----------------------------------------------
add_test(NAME "cli: bad input: r3. check --dump onto a mount point is refused before the run"
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/mount_point_dump.sh ${tw} ${CMAKE_CURRENT_BINARY_DIR}/r3-mount)
set_tests_properties("cli: bad input: r3. check --dump onto a mount point is refused before the run"
  PROPERTIES SKIP_RETURN_CODE 77 PASS_REGULAR_EXPRESSION "ok: refused before the run")

# ---- "permission denied" only where permissions deny ---------------------------------------------------------
# /sys/kernel refuses new files even to root, whose permission bits allow writing: say the folder takes none.
# (As another user the bits deny, and "permission denied" is then the truth.)
bad_input("r3. a folder that takes no new files is not called a permissions problem when it is not one" EXIT 1
  COMMAND sh -c "if test -w /sys/kernel\nthen exec \"$0\" trace --q-len 128 --kv-len 128 --forward-only --out /sys/kernel/t.json\nelse echo 'skipped: /sys/kernel is not writable by its bits here' && exit 1\nfi" ${tw}
  MATCH "takes no new files")
# Where the bits deny writing, there is nothing to test: the output says so and the test is skipped.
set_tests_properties("cli: bad input: r3. a folder that takes no new files is not called a permissions problem when it is not one"
  PROPERTIES SKIP_REGULAR_EXPRESSION "skipped: /sys/kernel is not writable")

# ---- export says what trace says of an unusable Pallas file ------------------------------------------------
bad_input("r3. export warns of an unusable Pallas file named by the environment" EXIT 0
  COMMAND /usr/bin/env TILEWALK_PALLAS_SOURCE=${CMAKE_SOURCE_DIR}/tests/walkthrough/fixtures/unrelated.py
          ${tw} export --tour intro --format svg --force --out ${CMAKE_CURRENT_BINARY_DIR}/r3-unusable-pallas
  MATCH "tilewalk export: warning: No Pallas file: TILEWALK_PALLAS_SOURCE names .*does not define _flash_attention_impl")

# ---- too few file descriptors is not a missing EGL -------------------------------------------------------
# (Not under the sanitizers, whose runtime needs descriptors of its own before main.)
if(NOT TILEWALK_SANITIZE)
bad_input("r3. export under ulimit -n 5 says too many files are open, not that EGL is missing" EXIT 1
  COMMAND sh -c "ulimit -n 5 && exec \"$0\" export --tour intro --force --out \"$1\"" ${tw}
          ${CMAKE_CURRENT_BINARY_DIR}/r3-few-files
  MATCH "too many files are open" NO_MATCH "Install Mesa")
set_tests_properties("cli: bad input: r3. export under ulimit -n 5 says too many files are open, not that EGL is missing"
  PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
endif()

# ---- found by this round's own hostile pass ----------------------------------------------------------------
# An output that is one of the run's inputs: the trace would have replaced the user's Pallas file.
bad_input("r3. trace --out the Pallas file it reads is refused, the file kept" EXIT 1
  COMMAND sh -c "cp \"$1\" \"$2\" && ln -sf \"$2\" \"$2.link\"
\"$0\" trace --q-len 128 --kv-len 128 --pallas-source \"$2\" --out \"$2.link\"
c=$?
head -c 9 \"$2\"
exit $c"
          ${tw} ${CMAKE_SOURCE_DIR}/tests/walkthrough/fixtures/fake_flash_attention.py ${CMAKE_CURRENT_BINARY_DIR}/r3-own-input.py
  MATCH "--out names the Pallas file trace reads .*the trace would replace it" MATCH2 "# A stand")
# A tour name of 10 000 characters is quoted by its first 60.
bad_input("r3. a 10 000-character tour name is quoted cut" EXIT 1
  COMMAND sh -c "exec \"$0\" tour \"$(printf '%010000d' 0)\" --print" ${tw}
  MATCH "no tour '0+… \\(10000 bytes\\)'")

# ---- check --json reports what the guard judged ---------------------------------------------------------
bad_input("r3. check --json reports the memory estimate and the cap" EXIT 0
  COMMAND ${tw} check ${small} --forward-only --json --max-memory 4GiB
  MATCH "\"memory\": \\{\n *\"cap_bytes\": 4294967296,\n *\"cap_source\": \"--max-memory\",\n *\"estimate_bytes\": [0-9.e+]+")

# A trace to standard output whose reader stops reading stops at the first Ctrl-C, as a FIFO does: here
# standard output is a FIFO whose reader holds it open and never reads.
bad_input("r3. a trace to a standard output nobody reads stops at the first Ctrl-C" EXIT 1
  COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && mkfifo \"$1/f\" && (exec 3<\"$1/f\" && exec sleep 20) >/dev/null 2>&1 & sleep 0.3 && exec timeout 25 \"$2\" 3 INT \"$0\" trace --q-len 1024 --kv-len 1024 --out - > \"$1/f\""
          ${tw} ${fifo_dir}-stdout ${CMAKE_CURRENT_SOURCE_DIR}/signal_after.sh
  MATCH "interrupted by Ctrl-C \\(SIGINT\\); the trace on standard output is incomplete")

# A flag's value is quoted escaped and cut, as every user's text is: an ESC does not reach the terminal, and
# a 5000-character value is not a 5000-character line.
bad_input("r3. a flag value with an ESC is quoted escaped" EXIT 2
  COMMAND sh -c "exec \"$0\" check --chip \"$(printf 'a\\033b')\"" ${tw}
  MATCH "--chip got 'a\\\\x1bb': expected one of v4, v5e, v5p, v6e")
bad_input("r3. a 5000-character flag value is quoted by its first 60 characters" EXIT 2
  COMMAND sh -c "exec \"$0\" check --chip \"$(printf '%05000d' 7)\"" ${tw}
  MATCH "--chip got '0+… \\(5000 bytes\\)'")

# A library that is not a folder is named for what it is, not by the "passages" folder read inside it.
bad_input("r3. --library naming a FIFO says it is a named pipe, not a folder" EXIT 1
  COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && mkfifo \"$1/lib\" && exec \"$0\" tours --library \"$1/lib\""
          ${tw} ${fifo_dir}-library
  MATCH "cannot read the library '[^']*/lib': it is a named pipe \\(FIFO\\), not a folder; --library takes a folder")
bad_input("r3. --library naming a file says it is a file, not a folder" EXIT 1
  COMMAND ${tw} tours --library ${CMAKE_CURRENT_SOURCE_DIR}/signal_after.sh
  MATCH "cannot read the library '[^']*signal_after.sh': it is a file, not a folder")

# A stop's flag is quoted as typed by the parser and escaped once where the library's problems are printed:
# its backslash shows doubled once, not twice.
bad_input("r3. a stop's flag with a backslash is quoted escaped once" EXIT 1
  COMMAND ${tw} tours --library ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/backslash-flag
  MATCH "backslash.tour:5: stop 'The chip with a backslash': --chip got 'v9\\\\\\\\x': expected one of")
