# End-to-end tests of `tilewalk check`: reference agreement, the JSON contract, errors at their phase and
# site, bad flags, and --dump (atomic, refuses to overwrite, fails cleanly where it cannot write).
set(tw $<TARGET_FILE:tilewalk>)
set(small --q-len 256 --kv-len 256)

tilewalk_cli_test("check agrees with the reference on a causal step with every option" EXIT 0
  COMMAND ${tw} check ${small} --causal --bias --segments 2 --sm-scale 0.5 --block-k-major 256
  MATCH "PASS: every output is within tolerance" MATCH2 "launch dkv: grid \\(1, 1, 2, 2\\) = 4 steps, 3 ran, 1 skipped")
tilewalk_cli_test("check --json keeps the contract's names" EXIT 0
  COMMAND ${tw} check ${small} --causal --bias --json
  MATCH "\"launches\": {[^}]*\"dkv\": {[^}]*\"copies\": {"
  MATCH2 "\"outputs\": {.*\"ds\": {.*\"max_rel\":.*\"pass\": true")
tilewalk_cli_test("check --scenario block-k-64 fails while tracing at its line" EXIT 1
  COMMAND ${tw} check --scenario block-k-64
  MATCH "NotImplementedError: block_k=64 should be a multiple of 128\n  phase: tracing\n  at .*forward_kernel\\.cpp:[0-9]+ \\(site fwd\\.run\\.block_k_rule\\)"
  MATCH2 "raised in the Pallas original by _flash_attention_kernel_single_batch")
tilewalk_cli_test("check passes causal segments with q_len < kv_len and counts the fully masked rows" EXIT 0
  COMMAND ${tw} check --q-len 128 --kv-len 256 --causal --segments 2 --precision highest
  MATCH "64 query rows have no key to attend to" MATCH2 "PASS: every output is within tolerance")
tilewalk_cli_test("check calls dq and dk ill-conditioned, not failed, with a segment per token" EXIT 0
  COMMAND ${tw} check ${small} --segments 256
  MATCH "  dq +[-0-9.e+]+ +[-0-9.e+]+ +[-0-9.e+]+ +ill-conditioned\n"
  MATCH2 "dk is ill-conditioned: the terms it sums are [0-9.e+]+ times its largest value")
tilewalk_cli_test("check clamps the segment count to the shorter sequence and says so" EXIT 0
  COMMAND ${tw} check --q-len 128 --kv-len 256 --segments 1000 --forward-only
  MATCH "128 segments \\(asked 1000: at most one per token of the shorter sequence\\)")
tilewalk_cli_test("check passes sm_scale 100" EXIT 0 COMMAND ${tw} check ${small} --sm-scale 100
  MATCH "PASS: every output is within tolerance")
tilewalk_cli_test("check --json carries the verdict, the magnitudes and the segment count" EXIT 0
  COMMAND ${tw} check ${small} --segments 300 --json
  MATCH "\"term_magnitude\": [0-9.e+]+,\n *\"tolerance\": [0-9.e+-]+,\n *\"tolerance_terms\": {[^}]*},\n *\"verdict\": \"ill-conditioned\""
  MATCH2 "\"masked_rows\": 0,.*\"segments\": {\n *\"asked\": 300,\n *\"count\": 256")
tilewalk_cli_test("check reports an argument-check ValueError" EXIT 1
  COMMAND ${tw} check ${small} --block-q 512
  MATCH "ValueError: block_q=512 should be smaller or equal to q_seq_len=256\n  phase: argument check")
tilewalk_cli_test("check --json carries the error" EXIT 1
  COMMAND ${tw} check ${small} --block-k-dkv 64 --json
  MATCH "\"phase\": \"tracing\"" MATCH2 "\"pallas_function\": \"_flash_attention_dkv_kernel\"")
tilewalk_cli_test("check rejects a non-numeric block size" EXIT 2
  COMMAND ${tw} check --block-q abc MATCH "--block-q got 'abc': expected a whole number")
tilewalk_cli_test("check rejects a missing value" EXIT 2
  COMMAND ${tw} check --heads MATCH "--heads needs a whole number from 1 to 65536")
tilewalk_cli_test("check rejects an unknown preset and lists the presets" EXIT 2
  COMMAND ${tw} check --scenario nope MATCH "--scenario got 'nope': expected a preset: .*intro")
tilewalk_cli_test("check refuses a scenario too big for the machine before allocating" EXIT 1
  COMMAND ${tw} check --batch 64 --heads 64 --q-len 65536 --kv-len 65536
  MATCH "needs about [0-9.]+ [KMGTPE]iB of host memory")
tilewalk_cli_test("check --help lists the scenario flags" EXIT 0
  COMMAND ${tw} check --help MATCH "--block-k-major-dq N" MATCH2 "--dump DIR")

set(dump ${CMAKE_CURRENT_BINARY_DIR}/check-dump)
add_test(NAME "cli: check --dump writes .npy files and config.json"
  COMMAND ${CMAKE_COMMAND} -DTW=${tw} -DDUMP=${dump} -P ${CMAKE_CURRENT_SOURCE_DIR}/check_dump.cmake)
tilewalk_cli_test("check --dump into an unwritable place fails cleanly" EXIT 1
  COMMAND ${tw} check ${small} --forward-only --dump /dev/null/dump
  MATCH "cannot write '/dev/null/dump': a part of the path is not a folder")

set(trace ${CMAKE_CURRENT_BINARY_DIR}/trace.json)
add_test(NAME "cli: trace writes the event log as JSON"
  COMMAND ${CMAKE_COMMAND} -DTW=${tw} -DOUT=${trace} -P ${CMAKE_CURRENT_SOURCE_DIR}/trace_json.cmake)
tilewalk_cli_test("trace needs --out" EXIT 2 COMMAND ${tw} trace --causal MATCH "--out FILE.json is required")
tilewalk_cli_test("trace rejects an unknown launch" EXIT 2 COMMAND ${tw} trace --launch up --out x.json
  MATCH "--launch got 'up': expected fwd, dkv, dq or step")
# Every verb parses through the one option parser, which takes an option with a value once.
tilewalk_cli_test("trace refuses --launch given twice" EXIT 2
  COMMAND ${tw} trace --launch fwd --out x.json --launch dq
  MATCH "--launch is given twice \\('fwd', then 'dq'\\); give it once")
tilewalk_cli_test("check refuses a scenario flag given twice" EXIT 2 COMMAND ${tw} check --q-len 256 --q-len=512
  MATCH "--q-len is given twice \\('256', then '512'\\)")
tilewalk_cli_test("gui refuses --tour given twice" EXIT 2 COMMAND ${tw} gui --tour intro --tour causal
  MATCH "--tour is given twice")
tilewalk_cli_test("export refuses --out given twice" EXIT 2 COMMAND ${tw} export --out a --out b
  MATCH "--out is given twice")
tilewalk_cli_test("trace into an unwritable place fails cleanly" EXIT 1
  COMMAND ${tw} trace --out /dev/null/t.json MATCH "cannot write '/dev/null/t.json'")
tilewalk_cli_test("trace of a rejected scenario writes the error and exits 1" EXIT 1
  COMMAND ${tw} trace --scenario block-k-64 --out ${CMAKE_CURRENT_BINARY_DIR}/rejected.json
  MATCH "NotImplementedError: block_k=64")
tilewalk_cli_test("check reports the below_or_on_diag edge case as a failure, as the original computes it" EXIT 1
  COMMAND ${tw} check --causal --q-len 129 --kv-len 256 --block-q 129 --forward-only --precision highest --sm-scale 0.01
  MATCH "FAIL: an output is outside its tolerance")
tilewalk_cli_test("check --what-if non-strict-diag lets the corner block run, and the edge case passes" EXIT 0
  COMMAND ${tw} check --causal --q-len 129 --kv-len 256 --block-q 129 --forward-only --precision highest --sm-scale 0.01 --what-if non-strict-diag
  MATCH "what-if non-strict-diag" MATCH2 "PASS: every output is within tolerance")
tilewalk_cli_test("check --json reports the what-if it ran" EXIT 0
  COMMAND ${tw} check --scenario intro --what-if redirect-lm-dkv --json
  MATCH "\"what_if\": \"redirect-lm-dkv\"" MATCH2 "\"l\": {[ \n]*\"bytes\": 851968,[ \n]*\"issued\": 13")
