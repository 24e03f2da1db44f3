# splash's shipped tours through the real binary: listed beside flash's with the kernel they run on, and
# each printed whole: every stop landed, every placeholder filled, every ask revealed from its recording.
set(tw $<TARGET_FILE:tilewalk>)

tilewalk_cli_test("tours lists splash's tours with their kernel" EXIT 0 COMMAND ${tw} tours
  MATCH "\nsplash-skipping +How does splash skip blocks[^\n]+\\(7 stops, kernel splash, default\\)\n"
  MATCH2 "\nsplash-window +[^\n]+kernel splash\\)\n")
tilewalk_cli_test("tour splash-skipping --print reveals the padded step's copy from the recording" EXIT 0
  COMMAND ${tw} tour splash-skipping --print
  MATCH "answer: 16, choice 2\\. 16: the grid is \\(1, 4, 4\\)"
  MATCH2 "answer: issued, choice 1\\. It is issued: padding names block 0")
tilewalk_cli_test("tour splash-window --print shows the grid narrowed to the window" EXIT 0
  COMMAND ${tw} tour splash-window --print
  MATCH "answer: 24, choice 2\\. 24: the grid is \\(1, 8, 3\\)" MATCH2 "keys from\n    position 640:")
tilewalk_cli_test("tour splash-fused --print counts the dq partials" EXIT 0
  COMMAND ${tw} tour splash-fused --print
  MATCH "answer: 1024 KiB, choice 1\\." MATCH2 "answer: 64, choice 2\\.")
