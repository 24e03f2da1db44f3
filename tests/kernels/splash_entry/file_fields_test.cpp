// Words someone else wrote (a tour's scenario: and try: lines, a passage's {with FLAGS: ...} variant) may not
// set a scenario field that names a file, splash's --mask-file: a tour from another person's library would
// otherwise make tilewalk read a file of that person's choosing when its stop lands. The user's own words
// (the command line) still may.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "kernels/api/scenario_args.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/placeholder_syntax.hpp"
#include "walkthrough/tour.hpp"

using namespace tilewalk;

namespace {

const kernel::Kernel& KernelNamedForFileFields(const char* name) {
  const kernel::Kernel* k = kernel::FindKernel(name);
  REQUIRE(k != nullptr);
  return *k;
}

bool DiagnosticsSay(const walkthrough::Diagnostics& d, const std::string& what) {
  for (const walkthrough::Diagnostic& x : d)
    if (x.ToString().find(what) != std::string::npos) return true;
  return false;
}

std::string FiveStopsWith(const std::string& line) {
  std::string tour = "# tour: t\ntitle: T\nkernel: splash\n\n";
  for (int i = 0; i < 5; ++i)
    tour += "## stop: S\npassage: splash-block-classes\nscenario: --mask causal\n" + line +
            "\nland: launch fwd\nshow: grid\n\nSome narration.\n\n";
  return tour;
}

}  // namespace

TEST_CASE("only splash's --mask-file names a file, in either spelling of the flag") {
  const kernel::Kernel& splash = KernelNamedForFileFields("splash");
  const std::vector<std::string> bare = {"--mask", "array", "--mask-file", "/etc/passwd"};
  const std::vector<std::string> joined = {"--mask=array", "--mask-file=/etc/passwd"};
  const auto refused =
      kernel::RefuseFileFields(splash, bare, "a tour's 'scenario:'", kernel::kFileFieldsInTheApp);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("--mask-file names a file, which a tour's 'scenario:' may not do") == 0);
  CHECK(refused.error().message.find("on the command line or in the Scenario pane instead") !=
        std::string::npos);
  CHECK_FALSE(kernel::RefuseFileFields(splash, joined, "a link", kernel::kFileFieldsInTheApp));
  // A word that only begins like the flag is another word.
  const std::vector<std::string> fine = {"--mask", "local",          "--window",
                                         "64",     "--mask-filex=1", "--mask-files"};
  CHECK(kernel::RefuseFileFields(splash, fine, "a link", kernel::kFileFieldsInTheApp));
  // The command line is the user's own: it still reads the flag.
  CHECK(kernel::ParseScenario(splash, bare));
  for (const kernel::ScenarioField& field : KernelNamedForFileFields("flash").info().scenario.fields)
    CHECK_FALSE(field.names_file);
}

TEST_CASE("a tour whose scenario or try words name a file is refused at its line, its words dropped") {
  const walkthrough::KernelWalk& walk = walkthrough::WalkOf(KernelNamedForFileFields("splash"));
  walkthrough::Diagnostics d;
  const auto clean = walkthrough::ParseTour("t.tour", FiveStopsWith("try: --mask local"), walk, d);
  REQUIRE(clean);
  CHECK(d.empty());

  const auto tried =
      walkthrough::ParseTour("t.tour", FiveStopsWith("try: --mask array --mask-file=/dev/zero"), walk, d);
  CHECK(DiagnosticsSay(d, "t.tour:8: --mask-file names a file, which a tour's 'try:' may not do"));
  if (tried) CHECK(tried->stops.front().try_flags.empty());

  d.clear();
  std::string scenario = FiveStopsWith("try: --mask local");
  scenario.replace(scenario.find("scenario: --mask causal"), 23, "scenario: --mask-file /etc/passwd");
  walkthrough::ParseTour("t.tour", scenario, walk, d);
  CHECK(DiagnosticsSay(d, "t.tour:7: --mask-file names a file, which a tour's 'scenario:' may not do"));
}

TEST_CASE("a passage's variant may not name a file either") {
  const walkthrough::KernelWalk& walk = walkthrough::WalkOf(KernelNamedForFileFields("splash"));
  const auto fine = walkthrough::ParsePlaceholder("with --mask causal: fwd.steps", walk);
  CHECK(fine);
  const auto refused =
      walkthrough::ParsePlaceholder("with --mask array --mask-file /etc/passwd: fwd.steps", walk);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.find("--mask-file names a file, which a passage's variant may not do") == 0);
}
