# End-to-end tests of `tilewalk check --compare A,B` and of flash's --window: bad kernel lists and options
# refused with exit 2, and a windowed flash step checked against its reference.
set(tw $<TARGET_FILE:tilewalk>)

tilewalk_cli_test("check --window 512 at 1024 agrees with the reference" EXIT 0
  COMMAND ${tw} check --window 512 --q-len 1024 --kv-len 1024 --head-dim 64
  MATCH "scenario: batch 1, heads 1, q_len 1024, kv_len 1024, head_dim 64, window 512 in the bias"
  MATCH2 "PASS: every output is within tolerance")
tilewalk_cli_test("check --window larger than kv_len exits 2" EXIT 2
  COMMAND ${tw} check --window 600 --q-len 512 --kv-len 512
  MATCH "--window must be from 0 \\(none\\) to kv_len \\(512\\), got 600")
tilewalk_cli_test("check --help lists --compare" EXIT 0 COMMAND ${tw} check --help
  MATCH "--compare A,B +run the same scenario on each kernel named")
tilewalk_cli_test("check --compare with an unknown kernel exits 2 and names it" EXIT 2
  COMMAND ${tw} check --compare flash,frobnicate
  MATCH "--compare got 'frobnicate': expected kernel names separated by a comma \\(flash")
tilewalk_cli_test("check --compare with one kernel exits 2" EXIT 2
  COMMAND ${tw} check --compare flash
  MATCH "--compare needs two kernels or more, separated by a comma")
tilewalk_cli_test("check --compare with a kernel twice exits 2" EXIT 2
  COMMAND ${tw} check --compare flash,flash
  MATCH "--compare names flash twice; a kernel compared with itself tells nothing")
tilewalk_cli_test("check --compare --show without a display says so before it compares anything" EXIT 1
  COMMAND env -u DISPLAY -u WAYLAND_DISPLAY ${tw} check --compare flash,splash --show
  MATCH "--show needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set: draw the figure without one"
  NO_MATCH "side by side")
tilewalk_cli_test("check --compare refuses --dump" EXIT 2
  COMMAND ${tw} check --compare flash,flash --dump somewhere
  MATCH "--dump does not apply with --compare")
tilewalk_cli_test("check --compare refuses an unknown option" EXIT 2
  COMMAND ${tw} check --compare flash,flash --frobnicate
  MATCH "unknown option '--frobnicate'")
tilewalk_cli_test("check --compare refuses a word repeated after one --for" EXIT 2
  COMMAND ${tw} check --compare flash,nosuch --for flash --causal --q-len 128 --q-len 256
  MATCH "after --for flash: --q-len is given twice")

# With splash registered: the table, the words of one kernel refused by the other, --for a kernel not compared.
tilewalk_cli_test("check --compare flash,splash prints the table side by side, splash running fewer steps" EXIT 0
  COMMAND ${tw} check --compare flash,splash --q-len 1024 --kv-len 1024 --window 256 --for flash --causal
          --for splash --mask local
  MATCH "side by side +flash +splash +splash/flash\n  grid steps +192 +72 +0\\.375\n  steps run \\(did arithmetic\\) +108 +63 +0\\.583\n"
  MATCH2 "reference check +pass +pass\n\nPASS: every kernel's outputs")
tilewalk_cli_test("check --compare names the kernel that lacks a word" EXIT 2
  COMMAND ${tw} check --compare flash,splash --causal
  MATCH "--causal is not a setting of the splash kernel; give a kernel's own words after --for NAME")
tilewalk_cli_test("check --compare refuses --for a kernel not compared" EXIT 2
  COMMAND ${tw} check --compare flash,splash --for frobnicate --causal
  MATCH "--for got 'frobnicate': expected one of the kernels compared \\(flash, splash\\)")
tilewalk_cli_test("check --compare --chips adds the estimated time on other chips" EXIT 0
  COMMAND ${tw} check --compare flash,splash --q-len 256 --kv-len 256 --chips v4,v5e,v6e --for flash --causal
          --for splash --mask causal
  MATCH "estimated time \\(us\\) by chip +flash +splash +splash/flash\n  v5e \\(above\\) +[0-9.]+ +[0-9.]+ +[0-9.]+\n  v4 +[0-9.]+ +[0-9.]+ +[0-9.]+\n  v6e +[0-9.]+"
  MATCH2 "PASS: every kernel's outputs")
tilewalk_cli_test("check --compare --chips refuses an unknown chip" EXIT 2
  COMMAND ${tw} check --compare flash,splash --chips v4,tpu9
  MATCH "--chips got 'tpu9': expected chip names separated by a comma")
tilewalk_cli_test("check --compare refuses --kernel" EXIT 2
  COMMAND ${tw} check --compare flash,splash --kernel splash
  MATCH "--kernel does not apply with --compare")
