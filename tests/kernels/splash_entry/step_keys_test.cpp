// {LAUNCH.step.N.keys} and {LAUNCH.step.N.queries} on splash's shrunk grids: a step axis counts the useful
// blocks of a row, so the keys a step holds are read from the block its k copy holds, not from the grid
// index. Under a sliding window the third kv step of q block 4 holds keys 512–639, not 256–383.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "kernels/api/scenario_args.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/recording.hpp"

using namespace tilewalk;

namespace {

std::string StepFigure(walkthrough::PlaceholderSource& source, const std::string& name) {
  const walkthrough::Figure figure = source.Value(name);
  REQUIRE_MESSAGE(figure, name);
  return *figure;
}

}  // namespace

TEST_CASE("splash step keys and queries name the blocks a shrunk grid's step holds") {
  const kernel::Kernel* splash = kernel::FindKernel("splash");
  REQUIRE(splash != nullptr);
  const std::vector<std::string> words{"--q-len", "1024",  "--kv-len", "1024",
                                       "--mask",  "local", "--window", "256"};
  const auto scenario = kernel::ParseScenario(*splash, words);
  REQUIRE(scenario);
  const auto recording = walkthrough::Recording::Record(*scenario, {.threads = 1});
  REQUIRE(recording);
  walkthrough::PlaceholderSource source(*recording);
  // The forward grid is (head, q block, kv step), 8 × 3: step 14 is q block 4's third kv step. Its row
  // sees keys 256 to 639 (the window of 256 behind queries 512–639), blocks 2, 3 and 4.
  CHECK(StepFigure(source, "fwd.step.14.queries") == "512\u2013639");
  CHECK(StepFigure(source, "fwd.step.12.keys") == "256\u2013383");
  CHECK(StepFigure(source, "fwd.step.14.keys") == "512\u2013639");
  // Step 0 is q block 0's first kv step: block 0, the only one its row needs.
  CHECK(StepFigure(source, "fwd.step.0.keys") == "0\u2013127");
  // The dK/dV grid is (kv block, head, q step): its third q step of kv block 2 holds queries 512–639.
  CHECK(StepFigure(source, "dkv.step.8.keys") == "256\u2013383");
  CHECK(StepFigure(source, "dkv.step.8.queries") == "512\u2013639");
}
