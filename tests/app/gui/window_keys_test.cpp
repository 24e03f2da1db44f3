// The window's own keys and options: text scale steps and their bounds, --classroom.
#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "app/gui/frame_input.hpp"
#include "app/gui/gui_verb.hpp"

using namespace tilewalk::app;

TEST_CASE("Ctrl +/- scale text by 10% a step, within 0.6 and 2.5") {
  CHECK(NextTextScale(1.0f, 1) == doctest::Approx(1.1f));
  CHECK(NextTextScale(1.1f, -1) == doctest::Approx(1.0f));
  CHECK(NextTextScale(1.0f, 0) == 1.0f);
  float scale = 1.0f;
  for (int i = 0; i < 50; ++i) scale = NextTextScale(scale, 1);
  CHECK(scale == 2.5f);
  for (int i = 0; i < 50; ++i) scale = NextTextScale(scale, -1);
  CHECK(scale == 0.6f);
}

TEST_CASE("--classroom is a gui option, and the help lists F11 and Ctrl +/-") {
  const std::vector<std::string_view> args = {"--classroom", "--tour", "causal"};
  const auto options = ParseGuiOptions(args);
  REQUIRE(options.ok());
  CHECK(options->classroom);
  CHECK(options->tour == "causal");
  bool f10 = false, f11 = false, ctrl = false;
  for (const KeyHelp& k : HelpRows()) {
    f10 = f10 || k.keys == "F10";
    f11 = f11 || k.keys == "F11";
    ctrl = ctrl || k.keys.find("Ctrl +") != std::string_view::npos;
  }
  CHECK(f10);
  CHECK(f11);
  CHECK(ctrl);
}

namespace tilewalk::app {

TEST_CASE("key bindings: each key and modifier is bound once, and the help lists each row once") {
  const std::span<const KeyBinding> bindings = KeyBindings();
  for (std::size_t i = 0; i < bindings.size(); ++i)
    for (std::size_t j = i + 1; j < bindings.size(); ++j) {
      CAPTURE(bindings[i].keys);
      CHECK_FALSE((bindings[i].key == bindings[j].key && bindings[i].mods == bindings[j].mods));
    }
  const std::vector<KeyHelp> rows = HelpRows();
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = i + 1; j < rows.size(); ++j) CHECK(rows[i].keys != rows[j].keys);
}

}  // namespace tilewalk::app
