// Whole command lines run in-process through RunCli: global flags, the verb table, and the exit codes and
// messages for mistakes. The end-to-end twins of these, against the real binary, are in CMakeLists.txt.
#include "app/cli.hpp"

#include <doctest/doctest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "app/verb_table.hpp"
#include "app/version.hpp"
#include "tests/app/cli_run.hpp"
#include "tests/text_search.hpp"

namespace tilewalk::app {
namespace {

using tilewalk::test::Contains;

using testing::CliRun;
using testing::RunCliLine;

}  // namespace

TEST_CASE("cli: the verb table is well formed and holds the default verb") {
  std::set<std::string_view> names;
  for (const Verb& verb : VerbTable()) {
    CAPTURE(verb.name);
    CHECK_FALSE(verb.name.empty());
    CHECK_FALSE(verb.name.starts_with("-"));
    CHECK_FALSE(verb.summary.empty());
    CHECK((verb.run != nullptr));           // parenthesised: doctest cannot print a function pointer
    CHECK(names.insert(verb.name).second);  // no two verbs share a name
  }
  CHECK(FindVerb(kDefaultVerb) != nullptr);
  CHECK(FindVerb("no-such-verb") == nullptr);
}

TEST_CASE("cli: --help and -h list every verb with its summary") {
  for (std::string_view flag : {"--help", "-h"}) {
    const CliRun run = RunCliLine({flag});
    CHECK(run.code == 0);
    CHECK(run.err.empty());
    CHECK(Contains(run.out, "Usage: tilewalk"));
    for (const Verb& verb : VerbTable()) {
      CHECK(Contains(run.out, std::string(verb.name)));
      CHECK(Contains(run.out, std::string(verb.summary)));
    }
  }
}

TEST_CASE("cli: --version prints the configured project version") {
  const CliRun run = RunCliLine({"--version"});
  CHECK(run.code == 0);
  CHECK(run.out == "tilewalk " + std::string(kVersion) + "\n");
  CHECK_FALSE(kVersion.empty());
}

TEST_CASE("cli: every verb answers --help with its usage and options") {
  for (const Verb& verb : VerbTable()) {
    CAPTURE(verb.name);
    for (std::string_view flag : {"--help", "-h"}) {
      const CliRun run = RunCliLine({verb.name, flag});
      CHECK(run.code == 0);
      CHECK(Contains(run.out, "Usage: tilewalk " + std::string(verb.name)));
      CHECK(Contains(run.out, "--help"));
    }
  }
  CHECK(Contains(RunCliLine({"gui", "--help"}).out, "--screenshot"));
  CHECK(Contains(RunCliLine({"gui", "--size", "800x600", "--help"}).out, "--size"));  // --help anywhere wins
}

TEST_CASE("cli: an unknown verb exits 2, names it and points to --help") {
  const CliRun run = RunCliLine({"frobnicate"});
  CHECK(run.code == 2);
  CHECK(run.out.empty());
  CHECK(Contains(run.err, "unknown verb 'frobnicate'"));
  CHECK(Contains(run.err, "tilewalk --help"));
}

TEST_CASE("cli: an unknown option exits 2, names it and points to --help") {
  const CliRun with_verb = RunCliLine({"gui", "--frobnicate"});
  CHECK(with_verb.code == 2);
  CHECK(Contains(with_verb.err, "tilewalk gui: unknown option '--frobnicate'"));
  CHECK(Contains(with_verb.err, "tilewalk gui --help"));
  CHECK(Contains(with_verb.err, "tilewalk --help"));

  // With no verb the options go to the default verb, and the message says so.
  const CliRun without_verb = RunCliLine({"--frobnicate"});
  CHECK(without_verb.code == 2);
  CHECK(Contains(without_verb.err, "tilewalk: unknown option '--frobnicate'"));
  CHECK(Contains(without_verb.err, "no verb given"));
  CHECK(Contains(without_verb.err, "tilewalk --help"));
}

TEST_CASE("cli: a bad value exits 2 without opening anything") {
  const CliRun run = RunCliLine({"gui", "--size", "huge"});
  CHECK(run.code == 2);
  CHECK(Contains(run.err, "--size got 'huge': expected WIDTHxHEIGHT"));
}

// Empty values cannot be passed through the end-to-end table (a CMake list drops empty elements).
TEST_CASE("cli: empty values are usage errors, not the current folder or a tour named ''") {
  const CliRun tour = RunCliLine({"tour", "", "--print"});
  CHECK(tour.code == 2);
  CHECK(Contains(tour.err, "name a tour"));
  const CliRun library = RunCliLine({"tours", "--library", ""});
  CHECK(library.code == 2);
  CHECK(Contains(library.err, "--library needs a folder"));
  const CliRun dump = RunCliLine({"check", "--q-len", "256", "--kv-len", "256", "--dump", ""});
  CHECK(dump.code == 2);
  CHECK(Contains(dump.err, "--dump needs a folder"));
  const CliRun out = RunCliLine({"trace", "--out", ""});
  CHECK(out.code == 2);
  CHECK(Contains(out.err, "--out needs a file name"));
  const CliRun length = RunCliLine({"check", "--q-len", ""});
  CHECK(length.code == 2);
  CHECK(Contains(length.err, "--q-len needs a whole number from 1 to 1048576"));
}

}  // namespace tilewalk::app
