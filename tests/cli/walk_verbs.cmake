# End-to-end tests of the walkthrough verbs: tours, tour --print, anchors (against our own fixtures:
# the real Pallas file is never in this repository).
set(tw $<TARGET_FILE:tilewalk>)
set(fixtures ${CMAKE_SOURCE_DIR}/tests/walkthrough/fixtures)

tilewalk_cli_test("tours lists the tours and marks the default" EXIT 0 COMMAND ${tw} tours
  MATCH "intro +A first walk[^\n]*default" MATCH2 "whole-file")
tilewalk_cli_test("tour --print resolves every stop of the causal tour" EXIT 0 COMMAND ${tw} tour causal --print
  MATCH "1/[0-9]+  " MATCH2 "event [0-9]+" NO_MATCH "DOES NOT RESOLVE")
tilewalk_cli_test("tour --print of a stop on a rejected scenario shows the error type" EXIT 0
  COMMAND ${tw} tour q4-multiple-of-128 --print MATCH "rejected: NotImplementedError")
tilewalk_cli_test("tour names an unknown tour" EXIT 1 COMMAND ${tw} tour nope --print
  MATCH "no tour 'nope'; 'tilewalk tours' lists them")
tilewalk_cli_test("tour without --print or --json explains" EXIT 2 COMMAND ${tw} tour intro
  MATCH "give --print \\(text\\) or --json")
tilewalk_cli_test("tour --print and --json together are refused" EXIT 2 COMMAND ${tw} tour intro --print --json
  MATCH "not both")
tilewalk_cli_test("tour --print fills every narration line and the passage text" EXIT 0
  COMMAND ${tw} tour intro --print
  MATCH "\n    without ever holding the whole score matrix\\.\n" MATCH2 "passage text:\n      Four axes: [^{]*here \\(1, 1, 4, 2\\), 8 steps")
tilewalk_cli_test("tour --json lists every stop with its picture, event and filled text" EXIT 0
  COMMAND ${tw} tour intro --json
  MATCH "\"id\": \"intro/1\",\n *\"title\": \"The kernel runs as a grid of small steps\",\n *\"show\": \"grid\",\n *\"event\": 0,"
  MATCH2 "\"text\": \"Four axes: [^{]*here \\(1, 1, 4, 2\\)" NO_MATCH "\\{(fwd|dkv|dq|scenario)\\.")
tilewalk_cli_test("tour --print catches a bad placeholder on a later narration line" EXIT 1
  COMMAND ${tw} tour late --print --library ${CMAKE_SOURCE_DIR}/tests/cli/fixtures/late-placeholder
  MATCH "late\\.tour:37: stop 'The draft' does not resolve: narration: \\{fwd\\.step\\.99\\.ran\\}: the fwd launch runs 16 grid steps, not step 99")
tilewalk_cli_test("anchors on an unrelated file refuses it" EXIT 1
  COMMAND ${tw} anchors --pallas-source ${fixtures}/unrelated.py MATCH "does not define _flash_attention_impl")
tilewalk_cli_test("anchors on a missing file says what to pass" EXIT 1
  COMMAND ${tw} anchors --pallas-source ${fixtures}/missing.py MATCH "names '.*missing\\.py', but cannot read .*there is no such file")
tilewalk_cli_test("anchors on a stand-in file reports anchors not found and exits 1" EXIT 1
  COMMAND ${tw} anchors --pallas-source ${fixtures}/fake_flash_attention.py
  MATCH "constants +not_found" MATCH2 "passage anchor\\(s\\) are not found or ambiguous")
tilewalk_cli_test("anchors --json carries the coverage" EXIT 1
  COMMAND ${tw} anchors --pallas-source ${fixtures}/fake_flash_attention.py --json
  MATCH "\"total\": 19" MATCH2 "\"status\": \"not_found\"")
tilewalk_cli_test("anchors --json reports each kernel body in a scenario where it runs" EXIT 1
  COMMAND ${tw} anchors --pallas-source ${fixtures}/fake_flash_attention.py --json
  MATCH "\"lit_scenario\": \"single_step\"" MATCH2 "\"every_option\": \"--bias --segments 2")

# It only times frames, so the sanitizer pass leaves it out.
if(XVFB_RUN AND NOT TILEWALK_SANITIZE)
  tilewalk_cli_test("gui --benchmark-frames prints the mean and p95 frame time" EXIT 0
    COMMAND ${XVFB_RUN} ${tw} gui --library ${CMAKE_SOURCE_DIR}/tests/bench/gui_library --size 800x600
            --benchmark-frames 10
    MATCH "10 frames at 800x600: mean [0-9.]+ ms, p95 [0-9.]+ ms")
endif()
tilewalk_cli_test("gui rejects --benchmark-frames with --screenshot" EXIT 2
  COMMAND ${tw} gui --benchmark-frames 5 --screenshot x.png MATCH "separate runs")
tilewalk_cli_test("tour --print shows a stop's question, its choices and the recorded answer" EXIT 0
  COMMAND ${tw} tour fixture --print --library ${CMAKE_SOURCE_DIR}/tests/cli/fixtures/library
  MATCH "ask: Will the next step, step 2, do any arithmetic\\?\n      1\\) Yes[^\n]*\n      2\\) No"
  MATCH2 "answer: no, choice 2\\. Step 2 pairs queries 0-127 with keys 256-383: 6 steps skip like it\\.")

# --kernel: the default kernel named changes no byte; an unknown one is the one message of every verb.
function(tilewalk_same_output name)
  cmake_parse_arguments(ARG "" "EXIT" "FIRST;SECOND" ${ARGN})
  list(JOIN ARG_FIRST "|" first)
  list(JOIN ARG_SECOND "|" second)
  add_test(NAME "cli: ${name}"
    COMMAND ${CMAKE_COMMAND} "-DFIRST=${first}" "-DSECOND=${second}" "-DEXIT=${ARG_EXIT}"
            -P ${CMAKE_CURRENT_SOURCE_DIR}/same_output.cmake)
  set_tests_properties("cli: ${name}" PROPERTIES TIMEOUT 300)
endfunction()
set(fake ${fixtures}/fake_flash_attention.py)
tilewalk_same_output("source --kernel flash prints what source prints" EXIT 0
  FIRST ${tw} source --pallas-source ${fake} SECOND ${tw} source --kernel flash --pallas-source ${fake})
tilewalk_same_output("source fingerprint --kernel flash prints what source fingerprint prints" EXIT 0
  FIRST ${tw} source fingerprint ${fake} SECOND ${tw} source --kernel flash fingerprint ${fake})
tilewalk_same_output("source --kernel flash refuses an unrelated file in the same words" EXIT 1
  FIRST ${tw} source --pallas-source ${fixtures}/unrelated.py
  SECOND ${tw} source --pallas-source ${fixtures}/unrelated.py --kernel flash)
tilewalk_same_output("anchors --kernel flash prints what anchors prints" EXIT 1
  FIRST ${tw} anchors --pallas-source ${fake} SECOND ${tw} anchors --kernel flash --pallas-source ${fake})
tilewalk_same_output("anchors --json --kernel flash prints what anchors --json prints" EXIT 1
  FIRST ${tw} anchors --json --pallas-source ${fake}
  SECOND ${tw} anchors --json --pallas-source ${fake} --kernel flash)
foreach(verb "source" "source|fetch" "source|fingerprint|${fake}" "anchors")
  string(REPLACE "${fake}" "FILE" label "${verb}")
  string(REPLACE "|" " " label "${label}")
  string(REPLACE "|" ";" words "${verb}")
  tilewalk_cli_test("${label} --kernel nosuch names the kernels there are" EXIT 2
    COMMAND ${tw} ${words} --kernel nosuch
    MATCH "--kernel got 'nosuch': expected one of flash[^\n]* \\(`tilewalk kernels` lists them\\)")
endforeach()

# splash's Pallas file: its anchor goals on the real file (skipped without TILEWALK_SPLASH_SOURCE), and the
# advice, naming its kernel, when there is none.
add_test(NAME "cli: anchors --kernel splash meets its goals on the pinned file"
  COMMAND ${CMAKE_COMMAND} -DTILEWALK=${tw} -DSITES=${CMAKE_SOURCE_DIR}/assets/splash/sites
          -P ${CMAKE_CURRENT_SOURCE_DIR}/splash_anchors.cmake)
set_tests_properties("cli: anchors --kernel splash meets its goals on the pinned file" PROPERTIES
  TIMEOUT 300 SKIP_REGULAR_EXPRESSION "SKIPPED: set TILEWALK_SPLASH_SOURCE")
tilewalk_cli_test("source --kernel splash without a file says how to fetch splash's" EXIT 1
  COMMAND env -u TILEWALK_SPLASH_SOURCE XDG_CACHE_HOME=${CMAKE_CURRENT_BINARY_DIR}/no-cache PATH=/nonexistent
          ${tw} source --kernel splash
  MATCH "no Pallas splash_attention_kernel\\.py was found: run 'tilewalk source fetch --kernel splash'"
  MATCH2 "TILEWALK_SPLASH_SOURCE")
