# End-to-end tests of choosing a kernel: `tilewalk kernels`, and --kernel NAME on every verb that runs one
# (anywhere on the line, one message for an unknown name).
set(tw $<TARGET_FILE:tilewalk>)
set(small --q-len 128 --kv-len 128)

tilewalk_cli_test("kernels lists every kernel with its launches and Pallas file" EXIT 0
  COMMAND ${tw} kernels
  MATCH "flash \\(default\\): Pallas TPU flash attention\n  [^\n]+\n  launches: fwd, dkv, dq\n"
  MATCH2 "  Python: +jax/experimental/pallas/ops/tpu/flash_attention\\.py at jax 15c420602cf2\n  scenario: --batch")
tilewalk_cli_test("kernels --json names each kernel, its launches, flags and Python file" EXIT 0
  COMMAND ${tw} kernels --json
  MATCH "\"name\": \"flash\",\n *\"title\": [^\n]+\n *\"summary\": [^\n]+\n *\"default\": true,\n *\"launches\": \\[\n *\"fwd\",\n *\"dkv\",\n *\"dq\"\n *\\]"
  MATCH2 "\"python\": {\n *\"path\": \"jax/experimental/pallas/ops/tpu/flash_attention\\.py\",\n *\"commit\": \"15c420602cf29fc9a163efcb1f22d25443f8bbae\"")
tilewalk_cli_test("kernels takes no other option" EXIT 2 COMMAND ${tw} kernels --causal
  MATCH "unknown option '--causal'")
tilewalk_cli_test("--help lists the kernels verb" EXIT 0 COMMAND ${tw} --help
  MATCH "\n  kernels +List the kernels" MATCH2 "'tilewalk kernels' lists them")

# --kernel stands anywhere: after the scenario flags, or first, with = or a space.
tilewalk_cli_test("check --kernel flash after the scenario flags runs flash" EXIT 0
  COMMAND ${tw} check ${small} --causal --forward-only --kernel flash
  MATCH "scenario: batch 1, heads 1, q_len 128, kv_len 128, head_dim 128, causal," MATCH2 "PASS")
tilewalk_cli_test("check --kernel=flash before the scenario flags runs flash" EXIT 0
  COMMAND ${tw} check --kernel=flash ${small} --forward-only --json
  MATCH "\"segments\": {\n *\"asked\": 0,\n *\"count\": 0" MATCH2 "\"verdict\": \"pass\"")
foreach(verb IN ITEMS check trace export gui)
  tilewalk_cli_test("${verb} refuses an unknown --kernel with the kernels there are" EXIT 2
    COMMAND ${tw} ${verb} --kernel flashy --tour intro
    MATCH "tilewalk ${verb}: --kernel got 'flashy': expected one of flash[^\n]*\\(`tilewalk kernels` lists them\\)")
  tilewalk_cli_test("${verb} --help lists --kernel" EXIT 0 COMMAND ${tw} ${verb} --help
    MATCH "\n  --kernel NAME +the kernel: flash[^\n]*\\(default flash")
endforeach()
tilewalk_cli_test("check --kernel needs a name" EXIT 2 COMMAND ${tw} check --kernel --q-len 128
  MATCH "--kernel needs a kernel's name, got '--q-len'")
tilewalk_cli_test("check refuses --kernel given twice" EXIT 2 COMMAND ${tw} check --kernel flash --kernel=flash
  MATCH "--kernel is given twice")

tilewalk_cli_test("trace --launch takes the kernel's launches" EXIT 2
  COMMAND ${tw} trace --kernel flash --launch up --out x.json
  MATCH "--launch got 'up': expected fwd, dkv, dq or step")
tilewalk_cli_test("trace refuses a launch the scenario does not run" EXIT 2
  COMMAND ${tw} trace ${small} --forward-only --launch dkv --out x.json
  MATCH "this scenario runs fwd only, not dkv; change the scenario or trace --launch fwd")
tilewalk_cli_test("trace --kernel flash writes the launch asked for" EXIT 0
  COMMAND ${tw} trace ${small} --launch fwd --out - --kernel flash
  MATCH "^{\"schema\":\"tilewalk-trace/1\",\n[^\n]*\n\"kernel\":\"flash\",\n" MATCH2 "\"launch\":\"fwd\"" NO_MATCH "\"launch\":\"dkv\"")

add_test(NAME "cli: export --kernel flash --format svg of a scenario names the kernel in its manifest"
  COMMAND ${CMAKE_COMMAND} -DTILEWALK=${tw} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/export-kernel-flash -DKERNEL=flash
          "-DFLAGS=--q-len 128 --kv-len 128 --forward-only" -P ${CMAKE_CURRENT_SOURCE_DIR}/export_kernel.cmake)
