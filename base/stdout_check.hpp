// Honest exits: a verb whose output did not arrive has failed. `check --json > /dev/full` used to exit 0,
// because nobody looked at whether the bytes printed to std::cout reached the file. The CLI calls
// ExitCodeAfterFlush() once, after the verb returns and before main() returns: it flushes std::cout,
// stdout, std::cerr and stderr and checks each for an earlier or a final write error. A failure turns
// exit 0 into exit 1 with a message on stderr (when stderr still works), and keeps a failing code as it is.
#pragma once

#include <string_view>

#include "base/result.hpp"

namespace tilewalk::base {

// Flushes the four standard streams; Ok when everything written to them arrived, else an Error saying
// which stream failed and why ("cannot write to standard output: the disk is full (No space left on
// device)").
Result<void> FlushStandardStreams();

// `exit_code` when the standard streams are fine; else prints "<program>: <message>" to stderr and
// returns 1 (or `exit_code`, when that already says failure).
int ExitCodeAfterFlush(int exit_code, std::string_view program = "tilewalk");

}  // namespace tilewalk::base
