// The script language of `gui --script` and the key table it shares with the window: each command parsed,
// each mistake refused with its file:line, and key names resolved to the bindings the window acts on.
#include "app/gui/gui_script.hpp"

#include <GLFW/glfw3.h>
#include <doctest/doctest.h>

#include <set>

using namespace tilewalk::app;

TEST_CASE("gui script: every command parses, comments and blank lines are skipped") {
  const auto script = ParseScript(
      "# a demo\n"
      "key Right\n"
      "tap PageDown   # a clicker\n"
      "\n"
      "set q_len 2048\n"
      "set poison nan\n"
      "apply\n"
      "wait recorded\n"
      "wait frames 3\n"
      "screenshot out/a.png\n"
      "expect q_len\n"
      "stats\n"
      "key Shift+Right\n",
      "demo.script");
  REQUIRE(script.ok());
  REQUIRE(script->size() == 11);
  const auto& c = *script;
  CHECK(c[0].op == ScriptOp::Key);
  CHECK(c[0].key.key == GLFW_KEY_RIGHT);
  CHECK(c[0].line == 2);
  CHECK(c[1].op == ScriptOp::Tap);
  CHECK(c[1].key.key == GLFW_KEY_PAGE_DOWN);
  CHECK(c[2].op == ScriptOp::Set);
  CHECK(c[2].field == "q_len");
  CHECK(c[2].value == "2048");
  CHECK(c[3].value == "nan");
  CHECK(c[4].op == ScriptOp::Apply);
  CHECK(c[5].op == ScriptOp::WaitRecorded);
  CHECK(c[6].frames == 3);
  CHECK(c[7].value == "out/a.png");
  CHECK(c[8].value == "q_len");
  CHECK(c[9].op == ScriptOp::Stats);
  CHECK(c[10].key.glfw_mods == GLFW_MOD_SHIFT);
}

TEST_CASE("gui script: set names the fields of the kernel gui --kernel chose") {
  const tilewalk::kernel::Kernel* splash = tilewalk::kernel::FindKernel("splash");
  REQUIRE(splash != nullptr);
  CHECK(ParseScript("set mask causal\nset block_kv 256", "s.script", *splash).ok());
  const auto flash_only = ParseScript("set causal true", "s.script", *splash);
  REQUIRE_FALSE(flash_only.ok());
  CHECK(flash_only.error().message.starts_with(
      "s.script:1: 'causal' is not a scenario field of splash (its fields: "));
  const auto on_flash = ParseScript("set mask causal", "s.script");
  REQUIRE_FALSE(on_flash.ok());
  CHECK(on_flash.error().message.starts_with("s.script:1: 'mask' is not a scenario field of flash"));
}

TEST_CASE("gui script: mistakes are refused with file:line and what was expected") {
  const auto message = [](std::string text) {
    const auto script = ParseScript(text, "s.script");
    return script.ok() ? std::string("(accepted)") : script.error().message;
  };
  CHECK(message("stats\njump 3\n") ==
        "s.script:2: unknown command 'jump'; expected key, tap, set, apply, wait recorded, wait frames, "
        "wait ms, play, pause, screenshot, expect, absent, drag, splits, stats or check redraw");
  CHECK(message("key Sideways") ==
        "s.script:1: 'Sideways' is not a key name (such as Right, PageDown, F10, Space, a)");
  CHECK(
      message("set qlen 3").starts_with("s.script:1: 'qlen' is not a scenario field of flash (its fields: "));
  CHECK(message("set qlen 3").find(", q_len, ") != std::string::npos);
  CHECK(message("set q_len 0") == "s.script:1: set q_len '0': expected a whole number from 1 to 1048576");
  CHECK(message("set dtype float16") == "s.script:1: set dtype 'float16': expected one of float32, bfloat16");
  CHECK(message("wait frames 0") == "s.script:1: wait frames: expected a whole number from 1 to 100000");
  CHECK(message("wait a bit") == "s.script:1: expected 'wait recorded', 'wait frames N' or 'wait ms N'");
  CHECK(message("wait ms 0") == "s.script:1: wait ms: expected a whole number from 1 to 600000");
  CHECK(message("play fast") ==
        "s.script:1: expected 'play time RATE' (µs of TPU time a second) or 'play steps SPEED' (steps a "
        "second)");
  CHECK(message("play time nan") == "s.script:1: play time: 'nan' is not a number of µs a second");
  CHECK(message("play time 0")
            .starts_with("s.script:1: play time: a rate of 0 µs a second does not play forward"));
  CHECK(message("play time -2").starts_with("s.script:1: play time: a rate of -2 µs a second does not play"));
  CHECK(message("play time 1e9")
            .starts_with("s.script:1: play time: a rate of 1e+09 µs a second is faster than"));
  CHECK(message("play steps 500") == "s.script:1: play steps: expected a whole number from 1 to 120");
  CHECK(message("pause now").starts_with("s.script:1: unknown command 'pause'"));
  const auto play = ParseScript("play time 0.25\nwait ms 40\nplay steps 8\npause", "s.script");
  REQUIRE(play.ok());
  CHECK((*play)[0].op == ScriptOp::PlayTime);
  CHECK((*play)[0].rate_us == 0.25);
  CHECK((*play)[1].op == ScriptOp::WaitMs);
  CHECK((*play)[1].frames == 40);
  CHECK((*play)[2].op == ScriptOp::PlaySteps);
  CHECK((*play)[2].frames == 8);
  CHECK((*play)[3].op == ScriptOp::Pause);
  CHECK(message("expect") == "s.script:1: expect needs a text");
  CHECK(message("absent") == "s.script:1: absent needs a text");
  CHECK(message("apply now").starts_with("s.script:1: unknown command 'apply'"));
  CHECK(message("drag 1 2 3").starts_with("s.script:1: drag takes four whole numbers, X Y to X Y in pixels"));
  CHECK(message("drag 1 2 3 -4").starts_with("s.script:1: drag takes four whole numbers"));
  CHECK(message("drag 1 2 3 4 5") == "s.script:1: drag takes four numbers, X Y to X Y; '5' is one too many");
  CHECK(message("check") == "s.script:1: expected 'check redraw'");
  CHECK(message("check frames") == "s.script:1: expected 'check redraw'");
  const auto drag = ParseScript("drag 10 20 300 40\nsplits\ncheck redraw", "s.script");
  REQUIRE(drag.ok());
  CHECK((*drag)[0].op == ScriptOp::Drag);
  CHECK((*drag)[0].from_x == 10);
  CHECK((*drag)[0].from_y == 20);
  CHECK((*drag)[0].to_x == 300);
  CHECK((*drag)[0].to_y == 40);
  CHECK((*drag)[1].op == ScriptOp::Splits);
  CHECK((*drag)[2].op == ScriptOp::CheckRedraw);
}

TEST_CASE("key table: each binding is found by its key, repeats only where they should") {
  const KeyBinding* right = FindBinding(GLFW_KEY_RIGHT, 0, /*repeat=*/true);
  REQUIRE(right != nullptr);
  REQUIRE(right->intent);
  CHECK(right->intent->kind == tilewalk::views::IntentKind::Step);
  const KeyBinding* grid = FindBinding(GLFW_KEY_RIGHT, GLFW_MOD_SHIFT, false);
  REQUIRE(grid != nullptr);
  CHECK(grid->intent->kind == tilewalk::views::IntentKind::StepGridStep);
  CHECK(FindBinding(GLFW_KEY_SPACE, 0, /*repeat=*/true) == nullptr);  // a held Space toggles once
  CHECK(FindBinding(GLFW_KEY_B, 0, false)->action == WindowAction::ToggleBlank);
  CHECK(FindBinding(GLFW_KEY_PERIOD, 0, false)->action == WindowAction::ToggleBlank);
  CHECK(FindBinding(GLFW_KEY_SLASH, GLFW_MOD_SHIFT, false)->action == WindowAction::ToggleHelp);
  CHECK(FindBinding(GLFW_KEY_EQUAL, GLFW_MOD_CONTROL, false)->action == WindowAction::LargerText);
  CHECK(FindBinding(GLFW_KEY_Q, 0, false) == nullptr);
  // Every key the help lists, and every named key, resolves.
  std::set<int> keys;
  for (const KeyBinding& b : KeyBindings()) keys.insert(b.key);
  for (const char* name : {"Right", "Left", "PageDown", "PageUp", "Space", "F10", "F11", "Home", "End", "a",
                           "b", ".", "?", "Escape"}) {
    CAPTURE(name);
    const auto named = KeyByName(name);
    REQUIRE(named);
    CHECK(keys.contains(named->key));
  }
  CHECK(KeyByName("?")->glfw_mods == GLFW_MOD_SHIFT);
  CHECK(KeyByName("Ctrl+=")->glfw_mods == GLFW_MOD_CONTROL);
  CHECK_FALSE(KeyByName("Sideways"));
}
