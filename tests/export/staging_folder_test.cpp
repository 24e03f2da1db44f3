// The export's staging folder: nothing appears at --out until Commit(); an existing folder is refused
// unless replacing was asked for, and is kept if the export fails; an abandoned export leaves nothing.
#include <doctest/doctest.h>

#include <fstream>

#include "app/export/staging_folder.hpp"
#include "temp_folder.hpp"

namespace tilewalk::app {
namespace {

namespace fs = std::filesystem;

struct TempDir : tests::TempFolder {
  TempDir() : TempFolder("tilewalk-staging-test") {}
};

int Entries(const fs::path& folder) {
  return static_cast<int>(std::distance(fs::directory_iterator(folder), fs::directory_iterator()));
}

void Touch(const fs::path& file) {
  std::ofstream(file) << "x";
}

}  // namespace

TEST_CASE("staging folder: the destination appears only at commit, complete") {
  TempDir dir;
  const fs::path out = dir.path / "export";
  {
    auto created = StagingFolder::Create(out, false);
    REQUIRE(std::holds_alternative<StagingFolder>(created));
    StagingFolder& staging = std::get<StagingFolder>(created);
    CHECK(staging.path().parent_path() == dir.path);
    CHECK(staging.path().filename().string().front() == '.');  // hidden while partial
    Touch(staging.path() / "manifest.json");
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(staging.Commit().has_value());
  }
  CHECK(fs::exists(out / "manifest.json"));
  CHECK(Entries(dir.path) == 1);
}

TEST_CASE("staging folder: an abandoned export leaves nothing behind") {
  TempDir dir;
  {
    auto created = StagingFolder::Create(dir.path / "export", false);
    REQUIRE(std::holds_alternative<StagingFolder>(created));
    Touch(std::get<StagingFolder>(created).path() / "frame.png");
  }
  CHECK(Entries(dir.path) == 0);
}

TEST_CASE("staging folder: an existing folder is refused without replace, swapped at commit with it") {
  TempDir dir;
  const fs::path out = dir.path / "export";
  fs::create_directory(out);
  Touch(out / "old.txt");
  auto refused = StagingFolder::Create(out, false);
  REQUIRE(std::holds_alternative<std::string>(refused));
  CHECK(std::get<std::string>(refused).find("--force") != std::string::npos);

  {
    auto created = StagingFolder::Create(out, true);
    REQUIRE(std::holds_alternative<StagingFolder>(created));
    Touch(std::get<StagingFolder>(created).path() / "new.txt");
    CHECK(fs::exists(out / "old.txt"));  // a failed export would keep the old folder as it was
  }
  CHECK(fs::exists(out / "old.txt"));
  {
    auto created = StagingFolder::Create(out, true);
    REQUIRE(std::holds_alternative<StagingFolder>(created));
    Touch(std::get<StagingFolder>(created).path() / "new.txt");
    CHECK_FALSE(std::get<StagingFolder>(created).Commit().has_value());
  }
  CHECK(fs::exists(out / "new.txt"));
  CHECK_FALSE(fs::exists(out / "old.txt"));
  CHECK(Entries(dir.path) == 1);
}

TEST_CASE("staging folder: a missing parent or a file in the way is a sentence, not a crash") {
  TempDir dir;
  auto missing = StagingFolder::Create(dir.path / "no" / "such" / "export", false);
  REQUIRE(std::holds_alternative<std::string>(missing));
  CHECK(std::get<std::string>(missing).find("does not exist") != std::string::npos);

  Touch(dir.path / "a-file");
  auto file = StagingFolder::Create(dir.path / "a-file", true);
  REQUIRE(std::holds_alternative<std::string>(file));
  CHECK(std::get<std::string>(file).find("not a folder") != std::string::npos);
}

}  // namespace tilewalk::app
