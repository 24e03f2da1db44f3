// What the walkthrough suites share: their Python fixtures (tests/walkthrough/fixtures, files of our own)
// read as text, and site rows written by hand.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "walkthrough/site_table.hpp"

namespace tilewalk::walkthrough::testing {

// The whole text of a fixture; empty when it cannot be read, which the suites' checks then report.
inline std::string FixtureText(const std::string& name) {
  std::ifstream in(std::string(TILEWALK_WALKTHROUGH_FIXTURES) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline SiteRow Row(std::string site, std::string function, int first, int last) {
  SiteRow row;
  row.site = std::move(site);
  row.function = std::move(function);
  row.first = first;
  row.last = last;
  return row;
}

}  // namespace tilewalk::walkthrough::testing
