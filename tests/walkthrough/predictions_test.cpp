// A figure a stop predicts for its own `try:` flags ({with FLAGS: ...} with the stop's try flags) is what
// a recording of the stop's scenario with those flags gives: the prediction is the truth the try shows.
// (Each ask's answer is checked where its stop lands, in library_test.cpp.)
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

TEST_CASE("a figure a stop predicts for its try flags is what the try records") {
  const Library lib = LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE(lib.diagnostics.empty());
  StopLander lander;
  int predictions = 0;
  for (const Tour& t : lib.tours) {
    for (const TourStop& s : t.stops) {
      if (s.try_flags.empty()) continue;
      std::string text = s.narration;
      if (s.ask) text += s.ask->question + s.ask->explain + s.ask->answer;
      for (const std::string& id : s.passages)
        if (const Passage* p = lib.FindPassage(id)) text += p->body;
      TourStop tried = s;  // the try as the window applies it: its flags override the stop's own
      const auto tried_flags = TriedScenarioFlags(s);
      REQUIRE_MESSAGE(tried_flags, t.file << ":" << s.line << ": " << tried_flags.error().message);
      tried.scenario = *tried_flags;
      tried.land.kind = Landing::Kind::Launch;
      tried.land.launch = "fwd";
      std::shared_ptr<const Recording> before, after;
      std::unique_ptr<PlaceholderSource> predicted, recorded;
      ForEachPlaceholder(text, [&](std::size_t, std::string_view name, bool closed) {
        if (!closed) return;
        const auto parsed =
            ParsePlaceholder(name, tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
        if (!parsed || parsed->with_flags != s.try_flags) return;
        if (!before) {
          before = lander.Land(s).recording;
          after = lander.Land(tried).recording;
          REQUIRE(before);
          REQUIRE(after);
          predicted = std::make_unique<PlaceholderSource>(*before);
          recorded = std::make_unique<PlaceholderSource>(*after);
        }
        const Figure want = predicted->Value(name);
        const Figure got = recorded->Value(parsed->body + (parsed->unit.empty() ? "" : ":" + parsed->unit));
        CHECK_MESSAGE((want && got && *want == *got),
                      t.file << ":" << s.line << ": {" << name << "} predicts "
                             << (want ? *want : want.error().message) << ", the try records "
                             << (got ? *got : got.error().message));
        ++predictions;
      });
    }
  }
  CHECK(predictions >= 4);
}
