// JSON as text, whatever its strings hold. Text read from a user's files may hold bytes that are not UTF-8
// (a tour saved as Latin-1), and a writer must not throw on them: each invalid byte is written as U+FFFD.
// Every JSON the app writes goes through here.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace tilewalk::app {

// `indent` as nlohmann's dump takes it: -1 for one line.
template <typename Json>
std::string JsonText(const Json& json, int indent = -1) {
  return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace tilewalk::app
