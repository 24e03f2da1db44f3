# End-to-end tests with two kernels registered, flash and splash: each verb runs the kernel --kernel names,
# and a scenario flag of the other kernel is refused with that kernel's name.
set(tw $<TARGET_FILE:tilewalk>)
set(splash_small --mask causal --q-len 256 --kv-len 256)

tilewalk_cli_test("kernels lists flash and splash" EXIT 0 COMMAND ${tw} kernels
  MATCH "^flash \\(default\\): [^\n]+\n" MATCH2 "\n\nsplash: Pallas TPU splash attention\n  [^\n]+\n  launches: fwd, dkv, dq\n")
tilewalk_cli_test("check --kernel splash runs splash and reports against its reference" EXIT 0
  COMMAND ${tw} check ${splash_small} --kernel splash
  MATCH "PASS: every output is within tolerance" MATCH2 "launch dkv: grid ")
tilewalk_cli_test("check --kernel splash --json reports splash's launches" EXIT 0
  COMMAND ${tw} check --kernel splash ${splash_small} --json
  MATCH "\"launches\": {[^}]*\"dkv\": {" MATCH2 "\"verdict\": \"pass\"")
tilewalk_cli_test("trace --kernel splash writes splash's events" EXIT 0
  COMMAND ${tw} trace ${splash_small} --launch dkv --out - --kernel splash
  MATCH "\n\"kernel\":\"splash\",\n" MATCH2 "\"launch\":\"dkv\"")
add_test(NAME "cli: export --kernel splash --format svg of a scenario names the kernel in its manifest"
  COMMAND ${CMAKE_COMMAND} -DTILEWALK=${tw} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/export-kernel-splash -DKERNEL=splash
          "-DFLAGS=--mask causal --q-len 128 --kv-len 128 --forward-only"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/export_kernel.cmake)

tilewalk_cli_test("a splash flag without --kernel splash is refused, naming splash" EXIT 2
  COMMAND ${tw} check --q-len 256 --block-kv 128
  MATCH "tilewalk check: --block-kv is a splash flag, and flash has no such option; add --kernel splash\\.")
tilewalk_cli_test("a splash flag with = is refused the same" EXIT 2 COMMAND ${tw} trace --soft-cap=30 --out x.json
  MATCH "--soft-cap is a splash flag, and flash has no such option; add --kernel splash")
tilewalk_cli_test("a flash flag with --kernel splash is refused, naming flash" EXIT 2
  COMMAND ${tw} check --causal --kernel splash
  MATCH "tilewalk check: --causal is a flash flag, and splash has no such option; give --kernel flash instead of --kernel splash\\.")
tilewalk_cli_test("export refuses a flash flag with --kernel splash" EXIT 2
  COMMAND ${tw} export --kernel splash --out x --bias MATCH "--bias is a flash flag, and splash has no such option")
tilewalk_cli_test("check --help lists splash's own flags with their kernel" EXIT 0 COMMAND ${tw} check --help
  MATCH "\n  --block-kv N +[^\n]*\\(splash only: with --kernel splash\\)" MATCH2 "\n  --causal +")
tilewalk_cli_test("a splash preset without --kernel splash is refused, naming splash" EXIT 2
  COMMAND ${tw} check --scenario window-512-4096
  MATCH "--scenario got 'window-512-4096': a splash preset, and flash has none of that name; add --kernel splash")
tilewalk_cli_test("trace refuses a launch a forward-only splash scenario does not run" EXIT 2
  COMMAND ${tw} trace --kernel splash ${splash_small} --forward-only --launch dq --out x.json
  MATCH "this scenario runs fwd only, not dq; change the scenario or trace --launch fwd")

# The issue's bad input for splash, through the real binary: each a clear message and exit 2.
tilewalk_cli_test("splash refuses a window of 0" EXIT 2
  COMMAND ${tw} check --kernel splash --mask local --window 0
  MATCH "--window must be at least 1 key for --mask local, got 0")
tilewalk_cli_test("splash refuses a window longer than the keys" EXIT 2
  COMMAND ${tw} check --kernel splash --mask local --window 9999 --q-len 256 --kv-len 256
  MATCH "--window 9999 is longer than the keys \\(--kv-len 256\\): use at most 256")
set(mask_files ${CMAKE_CURRENT_BINARY_DIR}/splash-mask-files)
file(MAKE_DIRECTORY ${mask_files})
file(WRITE ${mask_files}/two-by-four.txt "1010\n0101\n")
tilewalk_cli_test("splash refuses a mask file of the wrong shape" EXIT 2
  COMMAND ${tw} check --kernel splash --mask array --mask-file ${mask_files}/two-by-four.txt --q-len 256 --kv-len 256
  MATCH "--mask-file [^\n]*: line 1 has 4 characters"
  MATCH2 "expected q_len = 256 lines of kv_len = 256 characters 0 or 1")
tilewalk_cli_test("splash refuses a folder given as its mask file" EXIT 2
  COMMAND ${tw} check --kernel splash --mask array --mask-file ${mask_files} --q-len 256 --kv-len 256
  MATCH "it is a folder, not a file")
