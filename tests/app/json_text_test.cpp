// JSON text never throws on what a user's file held: a byte that is not UTF-8 (a Latin-1 "é") is written as
// U+FFFD, in one line or indented, plain or ordered JSON, while valid UTF-8 passes through unchanged.
#include "app/json_text.hpp"

#include <doctest/doctest.h>

namespace tilewalk::app {

TEST_CASE("json text: a Latin-1 byte is written as U+FFFD, not thrown on") {
  const nlohmann::json latin1 = {{"title", "Caf\xe9 au lait"}};
  CHECK_THROWS(latin1.dump());  // what the writers did before
  CHECK(JsonText(latin1) == "{\"title\":\"Caf\xef\xbf\xbd au lait\"}");
  const nlohmann::ordered_json ordered = {{"b", "x\xff"}, {"a", "\xc3\xa9t\xc3\xa9"}};
  CHECK(JsonText(ordered, 2) == "{\n  \"b\": \"x\xef\xbf\xbd\",\n  \"a\": \"\xc3\xa9t\xc3\xa9\"\n}");
}

}  // namespace tilewalk::app
