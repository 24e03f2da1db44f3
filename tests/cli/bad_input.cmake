# The bad-input table (docs/bad-input.md): every verb given wrong, missing and out-of-range input must say
# what was wrong and what to do, and exit with a documented code (1 failure, 2 bad command line, 3 no
# display), never crash. Cases already in CMakeLists.txt, check_verb.cmake and walk_verbs.cmake are not
# repeated here. Every test name starts with "bad input:" so that `ctest -R 'bad input'` runs the table.
set(tw $<TARGET_FILE:tilewalk>)
set(small --q-len 256 --kv-len 256)
set(usage "Run 'tilewalk [a-z]+ --help' for its options")
function(bad_input name)
  tilewalk_cli_test("bad input: ${name}" ${ARGN})
endfunction()

# ---- 1. Flags: unknown, missing values, not numbers, out of range, negative, past int, empty ----------
bad_input("check: an unknown option" EXIT 2 COMMAND ${tw} check --frobnicate
  MATCH "tilewalk check: unknown option '--frobnicate'" MATCH2 "${usage}")
bad_input("check: a length past the range of int" EXIT 2 COMMAND ${tw} check --q-len 99999999999999999999
  MATCH "--q-len got '99999999999999999999': expected a whole number from 1 to 1048576")
bad_input("check: a negative length" EXIT 2 COMMAND ${tw} check --kv-len -5
  MATCH "--kv-len got '-5': expected a whole number from 1 to 1048576")
bad_input("check: a batch of zero" EXIT 2 COMMAND ${tw} check --batch 0 MATCH "--batch got '0'")
bad_input("check: heads over the limit" EXIT 2 COMMAND ${tw} check --heads 70000
  MATCH "--heads got '70000': expected a whole number from 1 to 65536")
bad_input("check: a block size that is not whole" EXIT 2 COMMAND ${tw} check --block-k 1.5
  MATCH "--block-k got '1\\.5'")
bad_input("check: an empty value says what the option needs" EXIT 2 COMMAND ${tw} check --q-len=
  MATCH "--q-len needs a whole number from 1 to 1048576")
bad_input("check: a negative seed" EXIT 2 COMMAND ${tw} check --seed -1
  MATCH "--seed got '-1': expected a whole number from 0")
bad_input("check: --sm-scale nan" EXIT 2 COMMAND ${tw} check --sm-scale nan
  MATCH "--sm-scale got 'nan': expected a number from 1e-06 to 1000000")
bad_input("check: --sm-scale inf" EXIT 2 COMMAND ${tw} check --sm-scale inf MATCH "--sm-scale got 'inf'")
bad_input("check: a negative --sm-scale" EXIT 2 COMMAND ${tw} check --sm-scale -0.5 MATCH "--sm-scale got '-0\\.5'")
bad_input("check: an unknown --what-if" EXIT 2 COMMAND ${tw} check --what-if fix-everything
  MATCH "--what-if got 'fix-everything': expected one of none, redirect-lm-dkv")
bad_input("check: a negative block size" EXIT 2 COMMAND ${tw} check --block-k -128
  MATCH "--block-k got '-128': expected a whole number from 0 to 1048576")
bad_input("check: --pad takes nan or zeros" EXIT 2 COMMAND ${tw} check --pad zero
  MATCH "--pad got 'zero': expected one of nan, zeros")
bad_input("check: an unknown dtype" EXIT 2 COMMAND ${tw} check --dtype float16
  MATCH "--dtype got 'float16': expected one of float32, bfloat16")
bad_input("check: an empty chip" EXIT 2 COMMAND ${tw} check --chip= MATCH "--chip needs one of v4, v5e, v5p, v6e")
bad_input("check: a switch given a value" EXIT 2 COMMAND ${tw} check --causal=yes MATCH "--causal takes no value")
bad_input("check: --scenario without a name" EXIT 2 COMMAND ${tw} check --scenario
  MATCH "--scenario needs a preset name")
bad_input("check: --dump without a folder" EXIT 2 COMMAND ${tw} check --dump MATCH "--dump needs a folder")
bad_input("check: --dump with an empty folder name" EXIT 2 COMMAND ${tw} check ${small} --dump=
  MATCH "--dump needs a folder" NO_MATCH "scenario:")
bad_input("check: a thread count of zero" EXIT 2 COMMAND ${tw} check --threads 0
  MATCH "--threads got '0': expected a whole number from 1 to 256")
bad_input("check: TILEWALK_THREADS that is not a count is named and ignored" EXIT 0
  COMMAND ${CMAKE_COMMAND} -E env TILEWALK_THREADS=many ${tw} check ${small}
  MATCH "tilewalk: warning: TILEWALK_THREADS='many' is not a thread count \\(expected a whole number from 1 to 256\\), so it is ignored")
bad_input("trace: an unknown option" EXIT 2 COMMAND ${tw} trace --frobnicate --out x.json
  MATCH "tilewalk trace: unknown option '--frobnicate'")
bad_input("trace: --out with an empty name" EXIT 2 COMMAND ${tw} trace --out= MATCH "--out needs a file name")
bad_input("trace: --launch without a value" EXIT 2 COMMAND ${tw} trace --out x.json --launch
  MATCH "--launch needs a launch")
bad_input("trace: a length past the range of int" EXIT 2 COMMAND ${tw} trace --out x.json --q-len 99999999999999999999
  MATCH "--q-len got '99999999999999999999'")
bad_input("gui: --stop past the range of int is out of range" EXIT 2 COMMAND ${tw} gui --stop 99999999999999999999
  MATCH "--stop got '99999999999999999999': expected a whole number from 1 to 1000")
bad_input("gui: --ready-fd on a descriptor that is not open" EXIT 2 COMMAND ${tw} gui --ready-fd 1000
  MATCH "--ready-fd got '1000': no file descriptor of that number is open")
bad_input("gui: --ready-fd with a run that ends on its own" EXIT 2
  COMMAND ${tw} gui --ready-fd 3 --screenshot x.png MATCH "--ready-fd is for an interactive window")
bad_input("gui: a negative --stop" EXIT 2 COMMAND ${tw} gui --stop -1 MATCH "--stop got '-1': expected a whole number from 1 to 1000")
bad_input("gui: --frames that is not a number" EXIT 2 COMMAND ${tw} gui --frames abc --screenshot x.png
  MATCH "--frames got 'abc': expected a whole number from 3 to 100000")
bad_input("gui: a negative --size" EXIT 2 COMMAND ${tw} gui --size -100x-100
  MATCH "--size got '-100x-100': expected WIDTHxHEIGHT in pixels, each side from 64 to 16384")
bad_input("gui: an empty --size" EXIT 2 COMMAND ${tw} gui --size= MATCH "--size needs a size such as 1600x900")
bad_input("gui: --play with an unknown clock" EXIT 2 COMMAND ${tw} gui --play fast
  MATCH "--play got 'fast': expected steps or time")
bad_input("gui: --play-rate 0" EXIT 2 COMMAND ${tw} gui --play time --play-rate 0
  MATCH "--play-rate: a rate of 0 µs a second does not play forward")
bad_input("gui: --play-rate -3" EXIT 2 COMMAND ${tw} gui --play time --play-rate -3
  MATCH "--play-rate: a rate of -3 µs a second does not play forward")
bad_input("gui: --play-rate nan" EXIT 2 COMMAND ${tw} gui --play time --play-rate nan
  MATCH "--play-rate got 'nan': expected a number of µs of TPU time a second")
bad_input("gui: --play-rate 1e12" EXIT 2 COMMAND ${tw} gui --play time --play-rate 1e12
  MATCH "--play-rate: a rate of 1e\\+12 µs a second is faster than the chip")
bad_input("gui: --play-rate without --play time" EXIT 2 COMMAND ${tw} gui --play-rate 2
  MATCH "--play-rate only applies with --play time")
bad_input("gui: --benchmark-frames 0" EXIT 2 COMMAND ${tw} gui --benchmark-frames 0
  MATCH "--benchmark-frames got '0': expected a whole number from 1 to 1000000")
bad_input("gui: --screenshot without a value" EXIT 2 COMMAND ${tw} gui --screenshot
  MATCH "--screenshot needs a file name")
bad_input("gui: --screenshot with an empty name" EXIT 2 COMMAND ${tw} gui --screenshot= MATCH "--screenshot needs a file name")
bad_input("gui: --tour with an empty name" EXIT 2 COMMAND ${tw} gui --tour= MATCH "--tour needs a tour name")
bad_input("gui: --library with an empty folder" EXIT 2 COMMAND ${tw} gui --library= MATCH "--library needs a folder")
bad_input("gui: a switch given a value" EXIT 2 COMMAND ${tw} gui --classroom=yes
  MATCH "--classroom takes no value")
bad_input("gui: a positional argument" EXIT 2 COMMAND ${tw} gui intro MATCH "unexpected argument 'intro'")
bad_input("anchors: an unknown option" EXIT 2 COMMAND ${tw} anchors --frobnicate
  MATCH "tilewalk anchors: unknown option '--frobnicate'")
bad_input("anchors: --pallas-source without a value" EXIT 2 COMMAND ${tw} anchors --pallas-source
  MATCH "--pallas-source needs a file")
bad_input("anchors: --pallas-source with an empty path" EXIT 2 COMMAND ${tw} anchors --pallas-source=
  MATCH "--pallas-source needs a file")
bad_input("anchors: a switch given a value" EXIT 2 COMMAND ${tw} anchors --json=1 MATCH "--json takes no value")
bad_input("tours: a positional argument" EXIT 2 COMMAND ${tw} tours intro MATCH "unexpected argument 'intro'")
bad_input("tours: --library with an empty folder" EXIT 2 COMMAND ${tw} tours --library= MATCH "--library needs a folder")
bad_input("tour: two tour names" EXIT 2 COMMAND ${tw} tour intro causal --print
  MATCH "unexpected argument 'causal'; name one tour")
bad_input("tour: --library without a folder" EXIT 2 COMMAND ${tw} tour intro --print --library
  MATCH "--library needs a folder")

# ---- 2. Block sizes: each rule the original enforces, with its error type and phase -----------------
bad_input("block_k_major must divide kv_seq_len (ValueError, argument check)" EXIT 1
  COMMAND ${tw} check ${small} --block-k-major 192 --block-k 64
  MATCH "ValueError: kv_seq_len=256 should be divisible by block_k_major=192\n  phase: argument check"
  MATCH2 "site fwd_impl\\.verify_block_k_major\\)\n  raised in the Pallas original by _flash_attention_impl")
bad_input("block_k may not exceed block_k_major (ValueError, argument check)" EXIT 1
  COMMAND ${tw} check ${small} --block-k-major 256 --block-k 384
  MATCH "ValueError: block_k=384 should be smaller than block_k_major=256\n  phase: argument check"
  MATCH2 "BlockSizes\\.__post_init__")
bad_input("block_k must divide block_k_major (ValueError, argument check)" EXIT 1
  COMMAND ${tw} check ${small} --block-k-major 256 --block-k 96
  MATCH "ValueError: block_k=96 should divide block_k_major=256\n  phase: argument check")
bad_input("block_b may not exceed the batch (ValueError, argument check)" EXIT 1
  COMMAND ${tw} check ${small} --block-b 2
  MATCH "ValueError: block_b=2 should be smaller or equal to batch=1\n  phase: argument check")
bad_input("backward blocks must divide q_seq_len (ValueError, argument check)" EXIT 1
  COMMAND ${tw} check --q-len 384 --kv-len 256 --block-q 128 --block-q-major-dkv 256 --block-q-dkv 128
  MATCH "ValueError: q_seq_len=384 should be divisible by block_q_major_dkv=256\n  phase: argument check"
  MATCH2 "_flash_attention_bwd_dkv")
bad_input("block_q_dq may not exceed q_seq_len (ValueError, argument check)" EXIT 1
  COMMAND ${tw} check ${small} --block-q-dq 512
  MATCH "ValueError: block_q_dq=512 should be smaller or equal to q_seq_len=256" MATCH2 "_flash_attention_bwd_dq")
bad_input("the (8, 128) block-shape rule is the ValueError Pallas raises while lowering" EXIT 1
  COMMAND ${tw} check ${small} --block-q 100 --forward-only
  MATCH "ValueError: block shape \\(1, 1, 100, 128\\) of operand 'q'[^\n]*divisible by 8[^\n]*\n  phase: lowering"
  NO_MATCH "BlockShapeError")
bad_input("head_dim 192 fails while tracing (NotImplementedError)" EXIT 1
  COMMAND ${tw} check ${small} --head-dim 192 --forward-only
  MATCH "NotImplementedError: head_dim=192 should be a multiple of 128 if larger\n  phase: tracing")
bad_input("segment ids with block_k 64 fail while tracing the forward body (NotImplementedError)" EXIT 1
  COMMAND ${tw} check ${small} --segments 2 --block-k-major 128 --block-k 64 --forward-only
  MATCH "NotImplementedError: kv block size must be a multiple of 128\n  phase: tracing"
  MATCH2 "site fwd\\.run\\.segment_lane_rule")
bad_input("the dK/dV segment check raises without a message, and says so" EXIT 1
  COMMAND ${tw} check ${small} --segments 2 --block-k-major-dkv 128 --block-k-dkv 64
  MATCH "NotImplementedError \\(raised without a message\\)\n  phase: tracing"
  MATCH2 "site dkv\\.run\\.segment_lane_rule")
bad_input("block_k_dkv 192 fails while tracing inside lax.sub (TypeError)" EXIT 1
  COMMAND ${tw} check --q-len 256 --kv-len 384 --block-k-major 384 --block-k 128 --block-k-major-dkv 384
          --block-k-dkv 192 --block-k-major-dq 384 --block-k-dq 128
  MATCH "TypeError: sub got incompatible shapes for broadcasting: \\(128, 192\\), \\(128, 128\\)\\.\n  phase: tracing")
bad_input("block_k_dq 64 fails while tracing the dQ body (TypeError)" EXIT 1
  COMMAND ${tw} check ${small} --block-k-major-dq 128 --block-k-dq 64
  MATCH "TypeError: sub got incompatible shapes for broadcasting: \\(128, 64\\), \\(128, 0\\)\\.\n  phase: tracing"
  MATCH2 "_flash_attention_dq_kernel")
bad_input("block_k 0 is the divisor of BlockSizes' major % minor (ZeroDivisionError)" EXIT 1
  COMMAND ${tw} check ${small} --block-k 0
  MATCH "ZeroDivisionError: integer modulo by zero\n  phase: argument check"
  MATCH2 "BlockSizes\.__post_init__")
bad_input("block_q 0 passes _verify_block and fails in pl.cdiv (ZeroDivisionError)" EXIT 1
  COMMAND ${tw} check ${small} --block-q 0
  MATCH "ZeroDivisionError: integer division or modulo by zero\n  phase: argument check"
  MATCH2 "site fwd_impl\.grid")
bad_input("block_b 0 fails in pl.cdiv as well (ZeroDivisionError)" EXIT 1
  COMMAND ${tw} trace ${small} --block-b 0 --out ${CMAKE_CURRENT_BINARY_DIR}/block-b-0.json
  MATCH "ZeroDivisionError: integer division or modulo by zero")
bad_input("block_q_dq 0 is the divisor of _verify_block's modulo (ZeroDivisionError)" EXIT 1
  COMMAND ${tw} check ${small} --block-q-dq 0
  MATCH "ZeroDivisionError: integer modulo by zero\n  phase: argument check" MATCH2 "_flash_attention_bwd_dq")
bad_input("splash: a dQ block beside --fused-bwd is the original's ValueError, before any launch" EXIT 1
  COMMAND ${tw} check --kernel splash --q-len 256 --kv-len 256 --fused-bwd --block-kv-dq 128
  MATCH "ValueError: Block sizes for dq kernel are not needed with a fused kernel.\n  phase: argument check"
  MATCH2 "drop --block-q-dq and --block-kv-dq, or --fused-bwd")
bad_input("a partial q block padded with NaN passes check" EXIT 0
  COMMAND ${tw} check --q-len 200 --kv-len 256 --block-q 128 --block-q-major-dkv 200 --block-q-dkv 200
          --block-q-dq 200 --causal --segments 3 MATCH "PASS"
  MATCH2 "last q block padded with NaN \\(56 rows past q_len\\)")
bad_input("a partial q block padded with zeros passes check too" EXIT 0
  COMMAND ${tw} check --q-len 200 --kv-len 256 --block-q 128 --forward-only --pad zeros --json
  MATCH "\"pad\": \"zeros\"" MATCH2 "\"pass\": true")
bad_input("a kv length of 64 runs forward and fails in the backward trace" EXIT 1
  COMMAND ${tw} check --scenario tour-kv-64 MATCH "phase: tracing" MATCH2 "\\(launch dkv\\)")
bad_input("a kv length of 64 runs the forward launch alone" EXIT 0
  COMMAND ${tw} check --scenario tour-kv-64 --forward-only MATCH "PASS")
bad_input("blocks too big for VMEM are refused while lowering" EXIT 1
  COMMAND ${tw} check ${small} --chip v4 --block-q 256 --block-k-major 256 --head-dim 16384 --forward-only
  MATCH "OutOfVmemError: launch 'fwd' needs more VMEM than its scoped limit on the v4 allows"
  MATCH2 "phase: lowering")
bad_input("a launch over the v5e's default scoped VMEM limit names the limit and the physical size" EXIT 1
  COMMAND ${tw} check --q-len 128 --kv-len 4096 --head-dim 256 --block-k-major 4096 --forward-only
  MATCH "scoped VMEM limit of 16777216 bytes \\(16\\.00 MiB\\) of the 128 MiB of physical VMEM"
  MATCH2 "pytorch/xla#6611")
bad_input("--vmem-limit raises the limit, as vmem_limit_bytes does" EXIT 0
  COMMAND ${tw} check --q-len 128 --kv-len 4096 --head-dim 256 --block-k-major 4096 --forward-only
          --vmem-limit 67108864 MATCH "PASS")
bad_input("check: --vmem-limit past the largest VMEM" EXIT 2 COMMAND ${tw} check --vmem-limit 999999999999
  MATCH "--vmem-limit got '999999999999': expected a whole number from 0 to 134217728")
bad_input("check: --vmem-limit that is not a number" EXIT 2 COMMAND ${tw} check --vmem-limit 16MiB
  MATCH "--vmem-limit got '16MiB'")

# ---- 3. Shapes too large for the machine: refused before any allocation -------------------------------
set(over_cap "needs about [0-9.]+ [KMGTPE]iB of host memory, more than the [0-9.]+ [KMGTPE]iB --max-memory allows")
bad_input("trace refuses a scenario too big for the machine" EXIT 1
  COMMAND ${tw} trace --batch 64 --heads 64 --q-len 65536 --kv-len 65536 --out x.json
  MATCH "needs about [0-9.]+ [KMGTPE]iB of host memory, more than the [0-9.]+ [KMGTPE]iB tilewalk may use \\(--max-memory's default: the least of .*here half of this machine's memory\\)")
bad_input("every flag at its limit does not wrap the estimate" EXIT 1
  COMMAND ${tw} check --batch 65536 --heads 65536 --q-len 1048576 --kv-len 1048576 --head-dim 16384 --bias
  MATCH "needs about more than 8 EiB of host memory")
bad_input("a bias on long sequences is refused" EXIT 1
  COMMAND ${tw} check --heads 16 --q-len 32768 --kv-len 32768 --bias MATCH "drop --bias")
bad_input("check: a scenario over --max-memory" EXIT 1 COMMAND ${tw} check ${small} --max-memory 1MiB
  MATCH "needs about [0-9.]+ MiB of host memory, more than the 1\\.0 MiB --max-memory allows"
  MATCH2 "or raise --max-memory")
bad_input("trace: a scenario over --max-memory in bytes" EXIT 1
  COMMAND ${tw} trace ${small} --max-memory 2097152 --out x.json MATCH "more than the 2\\.0 MiB --max-memory")
bad_input("export: a scenario over --max-memory" EXIT 1
  COMMAND ${tw} export ${small} --max-memory 1MiB --out never-made MATCH "${over_cap}")
bad_input("tour --print: every stop over --max-memory does not resolve" EXIT 1
  COMMAND ${tw} tour intro --print --max-memory 1MiB
  MATCH "intro\\.tour:[0-9]+: stop '[^']+' does not resolve: scenario: this scenario needs about"
  NO_MATCH "internal error")
bad_input("check: --max-memory that is not a size" EXIT 2 COMMAND ${tw} check --max-memory 4GB
  MATCH "--max-memory got '4GB': expected a size from 1\\.0 MiB to 1\\.0 PiB, in bytes or with KiB, MiB, GiB, TiB or PiB")
bad_input("check: --max-memory below 1 MiB" EXIT 2 COMMAND ${tw} check --max-memory 1KiB
  MATCH "--max-memory got '1KiB': expected a size from 1\\.0 MiB")
bad_input("gui: --max-memory without a size" EXIT 2 COMMAND ${tw} gui --max-memory
  MATCH "--max-memory needs a size")

# ---- 4. NaN and Inf in the inputs (--poison sets q[0,0,0,0]) ------------------------------------------
bad_input("a NaN in q spreads as in the reference, and check says where" EXIT 0
  COMMAND ${tw} check ${small} --poison nan
  MATCH "o: 128 NaN or Inf values, the reference 128, at the same places"
  MATCH2 "dk: 32768 NaN or Inf values, the reference 32768, at the same places")
bad_input("an Inf in q turns into NaN the same way" EXIT 0
  COMMAND ${tw} check ${small} --poison inf --bias --dtype bfloat16
  MATCH "ds: 256 NaN or Inf values, the reference 256, at the same places" MATCH2 "q\\[0,0,0,0\\] = inf")
bad_input("under causal masking the NaN misses the skipped blocks: a mismatch, exit 1" EXIT 1
  COMMAND ${tw} check ${small} --poison nan --causal
  MATCH "dk: 16384 NaN or Inf values, the reference 32768; they differ at 16384 places"
  MATCH2 "FAIL: an output has NaN or Inf where the dense reference does not")
bad_input("--json counts the non-finite values" EXIT 0
  COMMAND ${tw} check ${small} --poison nan --forward-only --json
  MATCH "\"nonfinite\": 128,\n *\"nonfinite_mismatches\": 0" MATCH2 "\"poison\": \"nan\"")
bad_input("trace of a poisoned scenario" EXIT 0
  COMMAND ${tw} trace ${small} --poison nan --forward-only --out ${CMAKE_CURRENT_BINARY_DIR}/poisoned.json
  MATCH "wrote [0-9]+ events")
bad_input("--poison takes none, nan or inf" EXIT 2 COMMAND ${tw} check --poison -inf MATCH "--poison got '-inf': expected one of none, nan, inf")

# ---- 5. Malformed and truncated passage and tour files (--library DIR) --------------------------------
set(bad_libraries ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/bad-libraries)
bad_input("an empty tour file" EXIT 1 COMMAND ${tw} tours --library ${bad_libraries}/empty-tour
  MATCH "empty-tour/tours/empty\\.tour:1: a tour starts with '# tour: ID'"
  MATCH2 "1 problem\\(s\\) in the passages and tours of '.*empty-tour'; fix them, or pass --keep-going")
bad_input("a tour cut off inside a stop" EXIT 1 COMMAND ${tw} tours --library ${bad_libraries}/truncated-tour
  MATCH "truncated\\.tour:37: stop 'Stop 5' needs 'scenario:'" MATCH2 "truncated\\.tour:37: stop 'Stop 5' needs 'land:'")
bad_input("a passage cut off inside its front matter" EXIT 1
  COMMAND ${tw} tours --library ${bad_libraries}/truncated-passage
  MATCH "01-cut-short\\.md:5: the front matter never ends" MATCH2 "uses-cut\\.tour:5: stop 'Stop 1' names no passage 'cut-short'")
bad_input("a passage with malformed keys" EXIT 1 COMMAND ${tw} tours --library ${bad_libraries}/malformed-passage
  MATCH "01-bad-keys\\.md:4: 'title' is given twice \\(first at line 3\\)"
  MATCH2 "01-bad-keys\\.md:6: tokens takes 1 to 6 fragments")
bad_input("a tour with malformed header and stop lines" EXIT 1 COMMAND ${tw} tours --library ${bad_libraries}/malformed-tour
  MATCH "wrong-name\\.tour:1: the tour id 'not-the-file-name' must equal the file name 'wrong-name'"
  MATCH2 "wrong-name\\.tour:34: land takes 'site NAME #N'")
bad_input("stops that name an unknown passage or bad flags" EXIT 1 COMMAND ${tw} tours --library ${bad_libraries}/bad-stops
  MATCH "bad-stops\\.tour:5: stop 'An unknown passage' names no passage 'no-such-passage'"
  MATCH2 "bad-stops\\.tour:29: stop 'A value past the range of int': --q-len got '99999999999999999999'")
bad_input("malformed asks: a choice before its question, too few choices" EXIT 1
  COMMAND ${tw} tours --library ${bad_libraries}/bad-ask
  MATCH "bad-ask\\.tour:10: 'choice yes' belongs to an ask: write the 'ask:' line first"
  MATCH2 "bad-ask\\.tour:19: an ask has 2 to 4 choices; this one has 1")
bad_input("two default tours" EXIT 1 COMMAND ${tw} tours --library ${bad_libraries}/two-defaults
  MATCH "two-defaults/tours: exactly one tour must say 'default: yes'; 2 do")
bad_input("a library with no tours" EXIT 1 COMMAND ${tw} tours --library ${bad_libraries}/no-tours
  MATCH "tilewalk tours: there are no tours in '.*no-tours/tours'")
bad_input("a library folder that does not exist" EXIT 1 COMMAND ${tw} tours --library ${bad_libraries}/nope
  MATCH "tilewalk tours: cannot read the folder '.*nope/(passages|tours)'" MATCH2 "--library takes a folder")
bad_input("tour --print of a truncated tour" EXIT 1
  COMMAND ${tw} tour truncated --print --library ${bad_libraries}/truncated-tour MATCH "truncated\\.tour:37: ")
bad_input("tour --print of stops that parse but cannot land, one too big for the machine" EXIT 1
  COMMAND ${tw} tour unlandable --print --library ${bad_libraries}/unlandable
  MATCH "unlandable\\.tour:5: stop 'Stop 1' does not resolve: scenario: this scenario needs about [0-9.]+ [KMGTPE]iB"
  MATCH2 "unlandable\\.tour:37: stop 'No such event' does not resolve: the scenario has 0 matching events")
if(XVFB_RUN)
  bad_input("gui opens on a stop too big for the machine without running it" EXIT 0
    COMMAND ${XVFB_RUN} -a ${tw} gui --library ${bad_libraries}/unlandable --tour unlandable --stop 1
            --size 800x600 --screenshot ${CMAKE_CURRENT_BINARY_DIR}/unlandable.png
    NO_MATCH "internal error")
  set_tests_properties("cli: bad input: gui opens on a stop too big for the machine without running it" PROPERTIES
    ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
endif()

# ---- 6. The Pallas file: missing, empty, unrelated, not a file, truncated, binary ---------------------
set(pallas ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/pallas)
bad_input("anchors on an empty file" EXIT 1
  COMMAND ${tw} anchors --pallas-source ${CMAKE_SOURCE_DIR}/tests/walkthrough/fixtures/empty.py
  MATCH "--pallas-source names '.*empty\\.py', which is empty")
bad_input("anchors on a folder" EXIT 1 COMMAND ${tw} anchors --pallas-source ${pallas}
  MATCH "names '.*pallas', but cannot read .*it is a folder")
bad_input("anchors on a device" EXIT 1 COMMAND ${tw} anchors --pallas-source /dev/null
  MATCH "names '/dev/null', but cannot read .*it is a character device")
bad_input("anchors on a binary file" EXIT 1 COMMAND ${tw} anchors --pallas-source ${pallas}/binary.py
  MATCH "holds NUL bytes, so it is not a text file")
bad_input("anchors on a file cut off after the entry point" EXIT 1 COMMAND ${tw} anchors --pallas-source ${pallas}/truncated.py
  MATCH "passage anchor\\(s\\) are not found or ambiguous in .*truncated\\.py")
# gui and export refuse a bad --pallas-source as anchors does, before a window opens or a frame is drawn.
set(gui_args "")
set(export_args --out ${CMAKE_CURRENT_BINARY_DIR}/never-exported)
foreach(verb gui export)
  bad_input("${verb} on an empty --pallas-source" EXIT 1
    COMMAND ${tw} ${verb} ${${verb}_args} --pallas-source ${CMAKE_SOURCE_DIR}/tests/walkthrough/fixtures/empty.py
    MATCH "tilewalk ${verb}: --pallas-source names '.*empty\\.py', which is empty")
  bad_input("${verb} on a missing --pallas-source" EXIT 1
    COMMAND ${tw} ${verb} ${${verb}_args} --pallas-source ${pallas}/missing.py
    MATCH "tilewalk ${verb}: --pallas-source names '.*missing\\.py', but cannot read .*there is no such file")
  bad_input("${verb} on a --pallas-source that is a folder" EXIT 1 COMMAND ${tw} ${verb} ${${verb}_args} --pallas-source ${pallas}
    MATCH "tilewalk ${verb}: --pallas-source names '.*pallas', but cannot read .*it is a folder")
endforeach()
# An unknown --theme is a usage error from gui and export alike, before a window opens or a frame is drawn.
foreach(verb gui export)
  bad_input("${verb} with an unknown --theme" EXIT 2 COMMAND ${tw} ${verb} ${${verb}_args} --theme sepia
    MATCH "tilewalk ${verb}: --theme got 'sepia': expected dark, light or print")
endforeach()
# --format, --figure and --stop-pane: an unknown format, a video of figures, and a stop's own pane where there
# is none to pick or --panes picks others, refused before recording.
set(never_exported ${CMAKE_CURRENT_BINARY_DIR}/never-exported)
bad_input("export with an unknown --format" EXIT 2 COMMAND ${tw} export --out ${never_exported} --format gif
  MATCH "tilewalk export: --format got 'gif': expected png, webp or svg")
bad_input("export --figure with --video" EXIT 2 COMMAND ${tw} export --out ${never_exported} --figure --video
  MATCH "--figure writes one image per pane, and a video needs one per frame; drop --video or --figure")
bad_input("export --stop-pane without --figure" EXIT 2 COMMAND ${tw} export --out ${never_exported} --stop-pane
  MATCH "--stop-pane picks the pane of each stop's figure, and the frames are of the whole screen; add --figure")
bad_input("export --stop-pane with --panes" EXIT 2
  COMMAND ${tw} export --out ${never_exported} --figure --stop-pane --panes grid
  MATCH "--stop-pane draws the pane each stop names in its show: line, and --panes names panes of its own")
bad_input("export --stop-pane of a scenario" EXIT 2
  COMMAND ${tw} export --out ${never_exported} --figure --stop-pane --causal
  MATCH "--stop-pane draws the pane each tour stop names, and a scenario has no stops; give --tour")
bad_input("export --figure of a text pane" EXIT 2
  COMMAND ${tw} export --out ${never_exported} --figure --panes grid,source
  MATCH "--figure draws the panes grid, memory, lanes, scores, cost and timeline; 'source' is text")
bad_input("export --video from WebP frames" EXIT 2
  COMMAND ${tw} export --out ${never_exported} --format webp --video
  MATCH "--video is made from PNG frames; drop --format webp or --video")
# export --format: an unknown format, and svg (one picture per pane) with what only PNG frames of the whole
# screen have, or with a pane that has no picture; refused before anything is recorded or drawn.
foreach(raster --size=800x600 --scale=2 --html --video)
  string(REGEX REPLACE "=.*" "" flag "${raster}")
  bad_input("export --format svg with ${flag}" EXIT 2
    COMMAND ${tw} export ${export_args} --format svg ${raster}
    MATCH "tilewalk export: ${flag} applies to PNG frames of the whole screen; --format svg writes one SVG"
    MATCH2 "drop ${flag} or use --format png")
endforeach()
bad_input("export --format svg with a pane that has no picture" EXIT 2
  COMMAND ${tw} export ${export_args} --panes grid,passage --format svg
  MATCH "--format svg draws the grid, memory, lanes, scores, cost and timeline panes; 'passage' has no SVG")
bad_input("anchors with TILEWALK_PALLAS_SOURCE naming a missing file" EXIT 1
  COMMAND env TILEWALK_PALLAS_SOURCE=${pallas}/missing.py ${tw} anchors
  MATCH "TILEWALK_PALLAS_SOURCE names '.*missing\\.py', but cannot read .*there is no such file")

# ---- 7. No display: exit 3 with advice, whatever else was asked --------------------------------------
bad_input("no display with a tour and a stop" EXIT 3
  COMMAND env -u DISPLAY -u WAYLAND_DISPLAY ${tw} gui --tour causal --stop 2
  MATCH "no display found" MATCH2 "xvfb-run -a tilewalk")
bad_input("no display with a writable screenshot destination" EXIT 3
  COMMAND env -u DISPLAY -u WAYLAND_DISPLAY ${tw} gui --screenshot ${CMAKE_CURRENT_BINARY_DIR}/no-display.png
  MATCH "no display found")
bad_input("no display with --benchmark-frames" EXIT 3
  COMMAND env -u DISPLAY -u WAYLAND_DISPLAY ${tw} gui --benchmark-frames 5 MATCH "no display found")

# ---- 8. Unwritable destinations and a full disk --------------------------------------------------------
# As root, permissions do not stop a write, so the unwritable places are /proc (no new files) and paths
# under a file. /dev/full fails every write with ENOSPC; `ulimit -f` with SIGXFSZ ignored makes a regular
# file fail with EFBIG past its limit, which is what a full disk looks like to the temporary file.
bad_input("trace into /proc" EXIT 1 COMMAND ${tw} trace ${small} --forward-only --out /proc/tilewalk.json
  MATCH "cannot write '/proc/tilewalk\\.json': the folder '/proc' takes no new files \\(No such file or directory\\); choose another place")
bad_input("trace onto a folder, refused before recording" EXIT 1 COMMAND ${tw} trace --out ${CMAKE_CURRENT_BINARY_DIR}
  MATCH "cannot write '.*': it is a folder")
bad_input("check --dump into /proc" EXIT 1 COMMAND ${tw} check ${small} --forward-only --dump /proc/tilewalk-dump
  MATCH "cannot write the folder '/proc/tilewalk-dump': the folder '/proc' takes no new folders" NO_MATCH "scenario:")
bad_input("check --dump --force will not replace a device, and says so before running" EXIT 1
  COMMAND ${tw} check ${small} --forward-only --dump /dev/full --force
  MATCH "cannot write the folder '/dev/full': it exists and is not a folder" NO_MATCH "scenario:")
bad_input("a screenshot into /proc" EXIT 1 COMMAND ${tw} gui --screenshot /proc/tilewalk.png
  MATCH "cannot write '/proc/tilewalk\\.png'" NO_MATCH "no display")
add_test(NAME "bad input: writers on a full disk report it and leave nothing behind"
  COMMAND ${CMAKE_COMMAND} -DTW=${tw} -DOUT_DIR=${CMAKE_CURRENT_BINARY_DIR}/full-disk
          -P ${CMAKE_CURRENT_SOURCE_DIR}/full_disk.cmake)
set_tests_properties("bad input: writers on a full disk report it and leave nothing behind" PROPERTIES TIMEOUT 150)
if(XVFB_RUN)
  bad_input("a screenshot onto /dev/full" EXIT 1
    COMMAND ${XVFB_RUN} -a ${tw} gui --size 800x600 --screenshot /dev/full
    MATCH "cannot write '/dev/full': the disk is full \\(No space left on device\\)")
  set_tests_properties("cli: bad input: a screenshot onto /dev/full" PROPERTIES
    ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
endif()

# ---- 9. Nothing lost, nothing hung ---------------------------------------------------------------------
# Writers, readers and child processes under hostile conditions. Scripts that need a shell, a folder of
# their own or a signal at the right moment are in tests/cli/*.cmake; run_fails_cleanly.cmake checks that a
# failed or interrupted run exits 1 with its message, in time, and leaves nothing beside its output.
set(fails_cleanly ${CMAKE_CURRENT_SOURCE_DIR}/run_fails_cleanly.cmake)
set(slow_library ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/slow-library)
# bad_input_script(name SCRIPT file DEFINES -Dk=v...): a -P script as a bad-input test.
function(bad_input_script name)
  cmake_parse_arguments(ARG "" "SCRIPT;TIMEOUT" "DEFINES" ${ARGN})
  add_test(NAME "bad input: ${name}" COMMAND ${CMAKE_COMMAND} ${ARG_DEFINES} -P ${ARG_SCRIPT})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 150)
  endif()
  set_tests_properties("bad input: ${name}" PROPERTIES TIMEOUT ${ARG_TIMEOUT} ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
endfunction()
# bad_input_cleanly(name MATCH re WITHIN s COMMAND args...): fails_cleanly() in a folder of its own.
function(bad_input_cleanly name)
  cmake_parse_arguments(ARG "" "MATCH;WITHIN" "COMMAND" ${ARGN})
  string(MAKE_C_IDENTIFIER "${name}" folder)
  list(JOIN ARG_COMMAND "|" command)
  string(REPLACE "@PARENT@" "${CMAKE_CURRENT_BINARY_DIR}/cleanly/${folder}" command "${command}")
  bad_input_script("${name}" SCRIPT ${fails_cleanly}
    DEFINES "-DPARENT=${CMAKE_CURRENT_BINARY_DIR}/cleanly/${folder}" "-DMATCH=${ARG_MATCH}"
            "-DWITHIN=${ARG_WITHIN}" "-DCOMMAND=${command}")
endfunction()

# 1. A link to /proc/self/fd/1 (and so /dev/stdout) with stdout redirected to a file: written through it.
bad_input_script("1. trace through a link to stdout writes stdout and keeps the link"
  SCRIPT ${CMAKE_CURRENT_SOURCE_DIR}/trace_to_stdout_link.cmake
  DEFINES -DTW=${tw} -DPARENT=${CMAKE_CURRENT_BINARY_DIR}/stdout-link)
# 2 and 3. --dump --force never deletes the working folder, nor a folder tilewalk did not write.
bad_input_script("2 and 3. check --dump --force replaces only an earlier dump, never the working folder"
  SCRIPT ${CMAKE_CURRENT_SOURCE_DIR}/dump_force.cmake DEFINES -DTW=${tw} -DPARENT=${CMAKE_CURRENT_BINARY_DIR}/dump-force)
# 5, 6 and 10. A link loop, a 20 GiB file, a FIFO, /dev/zero and a 3.3 MB passage of braces in --library.
bad_input_script("5, 6 and 10. a library of link loops, huge files, FIFOs and braces answers at once"
  SCRIPT ${CMAKE_CURRENT_SOURCE_DIR}/library_hazards.cmake
  DEFINES -DTW=${tw} -DFIXTURE=${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library
          -DLIBRARY=${CMAKE_CURRENT_BINARY_DIR}/library-hazards)
# 11. Ctrl-C while export plans its stops (each records a scenario): answered between stops.
bad_input_cleanly("11. export interrupted while it plans its stops" WITHIN 45
  MATCH "interrupted by Ctrl-C \\(SIGINT\\); nothing was written to '.*planned'"
  COMMAND timeout --preserve-status -s INT 2 ${tw} export --library ${slow_library} --out @PARENT@/planned)
bad_input("11. tour --print interrupted between its stops" EXIT 1
  COMMAND timeout --preserve-status -s INT 3 ${tw} tour slow --print --library ${slow_library}
  MATCH "tilewalk tour: interrupted by Ctrl-C \\(SIGINT\\); stopped after [0-5] of 6 stops")
# 12. A hung ffmpeg and a SIGTERM: stopped with its process group, and not blamed.
bad_input_script("12. export --video with a hung ffmpeg, stopped by SIGTERM"
  SCRIPT ${CMAKE_CURRENT_SOURCE_DIR}/export_hung_ffmpeg.cmake
  DEFINES -DTILEWALK=${tw} -DLIBRARY=${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library
          -DHUNG=${CMAKE_CURRENT_SOURCE_DIR}/fixtures/hung-ffmpeg -DPARENT=${CMAKE_CURRENT_BINARY_DIR}/hung-ffmpeg)
bad_input_script("12. export --motion --video with a hung ffmpeg fed frame by frame, stopped by SIGTERM"
  SCRIPT ${CMAKE_CURRENT_SOURCE_DIR}/export_hung_ffmpeg.cmake
  DEFINES -DTILEWALK=${tw} -DLIBRARY=${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library -DMOTION=ON
          -DHUNG=${CMAKE_CURRENT_SOURCE_DIR}/fixtures/hung-ffmpeg -DPARENT=${CMAKE_CURRENT_BINARY_DIR}/hung-ffmpeg-motion)
# Text from a user's file that is not UTF-8 (a tour saved as Latin-1) never makes a writer throw: the
# manifest, SVG and figures are written, the byte as U+FFFD.
bad_input("a tour title with a Latin-1 byte exports with --keep-going, the byte written as U+FFFD" EXIT 0
  COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && cp -r \"$2/.\" \"$1/lib\" && sed -i '2s/^title: .*/title: Caf\\xe9 tour/' \"$1/lib/tours/fixture.tour\" && \"$3\" export --library \"$1/lib\" --out \"$1/out\" --figure --size 480x320 --keep-going && grep -o -m1 'Caf[^ ]* tour' \"$1/out/manifest.json\""
          sh ${CMAKE_CURRENT_BINARY_DIR}/latin1 ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library ${tw}
  MATCH "fixture.tour:2: byte 0xE9 is not UTF-8 \\(was the file saved as Latin-1\\?\\); save the file as UTF-8" MATCH2 "Caf� tour")
set_tests_properties("cli: bad input: a tour title with a Latin-1 byte exports with --keep-going, the byte written as U+FFFD"
  PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
bad_input("12. export --motion --video with a failing ffmpeg names it, with its words, and writes nothing" EXIT 1
  COMMAND /usr/bin/env PATH=${CMAKE_CURRENT_SOURCE_DIR}/fixtures/failing-ffmpeg:/usr/bin:/bin ${tw} export
          --library ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library --out ${CMAKE_CURRENT_BINARY_DIR}/failing-ffmpeg
          --motion --video --size 480x320
  MATCH "cannot make video.mp4: ffmpeg exited with code 1: fake ffmpeg: this input cannot be encoded"
  MATCH2 "nothing was written to")
# It draws with Mesa, as the other GL tests: what Mesa's driver allocates and keeps is not ours to free.
set_tests_properties(
  "cli: bad input: 12. export --motion --video with a failing ffmpeg names it, with its words, and writes nothing"
  PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
# Interrupts leave nothing: SIGTERM during check --dump, SIGINT during trace. Both run on one thread, so
# how long they take does not depend on the machine's number of cores: on the 2026 AVX-512 development
# machine check at 8192² with two heads takes about 8 s and trace with four heads about 6 s, so the signal
# at 2 s lands mid-run on any machine up to about three times faster per core. (Smaller runs were done
# before the signal once the simulator got faster.)
bad_input_cleanly("check --dump stopped by SIGTERM leaves no folder" WITHIN 30
  MATCH "tilewalk check: interrupted by SIGTERM; nothing was written to '.*dump'"
  COMMAND timeout --preserve-status -s TERM 2 /usr/bin/env TILEWALK_THREADS=1 ${tw} check --q-len 8192
          --kv-len 8192 --heads 2 --causal --dump @PARENT@/dump)
bad_input_cleanly("trace interrupted while recording leaves no file" WITHIN 60
  MATCH "tilewalk trace: interrupted by Ctrl-C \\(SIGINT\\); nothing was written to '.*t\\.json'"
  COMMAND timeout --preserve-status -s INT 2 /usr/bin/env TILEWALK_THREADS=1 ${tw} trace --q-len 8192
          --kv-len 8192 --heads 4 --causal --out @PARENT@/t.json)
# What a SIGKILLed run left is removed by the next run that writes there (no lock held, and older than a
# run takes to lock what it makes).
set(stale ${CMAKE_CURRENT_BINARY_DIR}/stale)
file(REMOVE_RECURSE ${stale})
bad_input("temporaries of a killed run are removed by the next run" EXIT 0
  COMMAND sh -c "mkdir -p '${stale}' && touch -d '1 hour ago' '${stale}/.t.json.tilewalk-partial-1-99999999999-1' && mkdir -p '${stale}/.d.tilewalk-partial-1-99999999999-2' && touch -d '1 hour ago' '${stale}/.d.tilewalk-partial-1-99999999999-2' && '${tw}' trace --q-len 256 --kv-len 256 --forward-only --out '${stale}/t.json' && ls -A '${stale}'"
  MATCH "^t\\.json\n" NO_MATCH "tilewalk-partial")
# Honest exits: a report that never reached stdout is a failure.
bad_input("check --json onto a full stdout exits 1" EXIT 1
  COMMAND sh -c "exec '${tw}' check --q-len 256 --kv-len 256 --json > /dev/full"
  MATCH "tilewalk: cannot write to standard output: .*; the output is incomplete")
bad_input("tours onto a full stdout exits 1" EXIT 1
  COMMAND sh -c "exec '${tw}' tours > /dev/full" MATCH "cannot write to standard output")
# An export too large to draw says so, and what to lower; it is not a display problem.
bad_input("export frames over 64 megapixels are refused before anything runs" EXIT 2
  COMMAND ${tw} export --out x --size 7680x4320 --scale 4
  MATCH "--size 7680x4320 at --scale 4 makes frames of 30720x17280 pixels \\(1\\.9 GiB each\\), more than the 64 megapixels"
  NO_MATCH "display")
bad_input("export frames larger than OpenGL draws say so" EXIT 1
  COMMAND ${tw} export --library ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library --out ${CMAKE_CURRENT_BINARY_DIR}/tall
          --size 320x7680 --scale 4
  MATCH "cannot draw the frames: frames of 1280x30720 pixels are larger than this OpenGL draws \\(at most [0-9]+ a side\\); lower --size or --scale"
  NO_MATCH "display")
# As for the other GL tests: what Mesa's driver allocates and keeps is not ours to free.
set_tests_properties("cli: bad input: export frames larger than OpenGL draws say so" PROPERTIES
  ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
# 8. The settings file: a FIFO must not block the window, /dev/zero must not fill memory, and garbage must
# reach the terminal escaped. Only interactive runs read it, so each run is closed by SIGINT once the window
# says it is ready (as Ctrl-C or File > Quit would).
if(XVFB_RUN)
  string(ASCII 27 escape)
  # settings_case(what make said): `make` (a shell command, $1 the config folder) puts the thing in the
  # settings file's place; the run must exit 0 and warn with `said`, and print no raw escape byte.
  function(settings_case what make said)
    string(MAKE_C_IDENTIFIER "${what}" folder)
    set(name "8. gui with a settings file that is ${what} starts, warns and closes")
    bad_input("${name}" EXIT 0
      COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1/tilewalk\" && ${make} && XDG_CONFIG_HOME=\"$1\" exec \"$2\" \"$5\" \"$3\" --library \"$4\""
              sh ${CMAKE_CURRENT_BINARY_DIR}/settings-${folder} ${XVFB_RUN} ${tw} ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/library
              ${CMAKE_CURRENT_SOURCE_DIR}/gui_until_ready.sh
      MATCH "tilewalk gui: warning: ${said}" NO_MATCH "${escape}")
    set_tests_properties("cli: bad input: ${name}" PROPERTIES ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0")
  endfunction()
  settings_case("a FIFO" "mkfifo \"$1/tilewalk/settings\"" "cannot read '[^']*settings': it is a named pipe")
  settings_case("a link to /dev/zero" "ln -s /dev/zero \"$1/tilewalk/settings\""
                "cannot read '[^']*settings': it is a character device")
  # (No '[' or ';' here: either would split or join the arguments of CMake's list.)
  settings_case("garbage with escape sequences" "printf 'axis = \\033(0owned\\007\\n' > \"$1/tilewalk/settings\""
                "[^ ]*/settings:1: axis = '\\\\x1b\\(0owned\\\\x07': expected events or time")
endif()
