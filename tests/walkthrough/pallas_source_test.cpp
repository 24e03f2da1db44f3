// Locating the Pallas file: the flag wins, then the environment; missing, empty and unrelated files are
// problems with advice, never crashes.
#include <doctest/doctest.h>

#include <cstdlib>

#include "walkthrough/pallas_source.hpp"

using namespace tilewalk::walkthrough;

namespace {
const std::filesystem::path kFixtures = TILEWALK_WALKTHROUGH_FIXTURES;
bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}
}  // namespace

TEST_CASE("a file named by the flag is read line by line") {
  const auto r = FindPallasSource(kFixtures / "fake_flash_attention.py");
  REQUIRE(r.source);
  CHECK(r.source->origin == PallasSourceOrigin::Flag);
  CHECK(r.source->lines.size() == 5);
  CHECK(r.source->lines[3] == "def _flash_attention_impl(q, k, v):");
}

TEST_CASE("the environment variable is used when no flag is given") {
  setenv(kPallasSourceEnv, (kFixtures / "fake_flash_attention.py").c_str(), 1);
  const auto r = FindPallasSource(std::nullopt);
  unsetenv(kPallasSourceEnv);
  REQUIRE(r.source);
  CHECK(r.source->origin == PallasSourceOrigin::Environment);
}

TEST_CASE("missing, empty and unrelated files are reported with what to do") {
  auto missing = FindPallasSource(kFixtures / "no_such_file.py");
  CHECK_FALSE(missing.source);
  CHECK(Contains(missing.problem, "not a readable file"));
  auto empty = FindPallasSource(kFixtures / "empty.py");
  CHECK_FALSE(empty.source);
  CHECK(Contains(empty.problem, "is empty"));
  auto unrelated = FindPallasSource(kFixtures / "unrelated.py");
  CHECK_FALSE(unrelated.source);
  CHECK(Contains(unrelated.problem, "does not define _flash_attention_impl"));
  auto folder = FindPallasSource(kFixtures);
  CHECK_FALSE(folder.source);
}
