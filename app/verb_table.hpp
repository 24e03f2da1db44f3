// The one table of verbs. To add a verb, write its handler and its help text in their own file pair and add
// a row in verb_table.cpp; `tilewalk --help`, `tilewalk VERB --help` and dispatch all read this table.
#pragma once

#include <span>
#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

// What `tilewalk` runs when the command line names no verb.
inline constexpr std::string_view kDefaultVerb = "gui";

std::span<const Verb> VerbTable();

// The verb called `name`, or null.
const Verb* FindVerb(std::string_view name);

}  // namespace tilewalk::app
