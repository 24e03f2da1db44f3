// A fingerprint of a Python file: one 64-bit hash per line of the line with its comment dropped and its
// white space collapsed, so that re-indenting or re-commenting a line leaves its hash. tilewalk ships the
// fingerprint of a kernel's pinned Pallas file (our data, never the file's text) with the file's commit,
// SHA-256 and address, and aligns a user's file to it line by line (line_alignment.hpp). A second hash
// per line, of the line's key (what it assigns or calls), places a line whose text changed upstream.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/embedded_file.hpp"
#include "base/result.hpp"

namespace tilewalk::walkthrough {

// The line without its comment (a '#' outside quotes) and with runs of white space as one space, trimmed.
std::string NormalizeLine(std::string_view line);
// FNV-1a of the normalized line; 0 for a line that normalizes to nothing (blank or comment only).
uint64_t LineHash(std::string_view line);
// FNV-1a of the line's key: its normalized text up to the first " = " (or "+=" and the like), "(", "[" or
// ":", so that "do = pl.load(do_ref, ...)" and "do = do_ref[...]" share a key when an upstream edit
// rewrites the right-hand side. 0 for an empty line.
uint64_t LineKeyHash(std::string_view line);

// Per line, the hash of its whole text and of its key.
struct Fingerprint {
  std::vector<uint64_t> lines;
  std::vector<uint64_t> keys;
};
Fingerprint FingerprintLines(std::span<const std::string> lines);

struct PinnedFile {
  std::string commit;       // the jax commit
  std::string path;         // in the jax repository
  std::string sha256;       // of the file's bytes
  std::string url;          // where `tilewalk source fetch` downloads it
  Fingerprint fingerprint;  // one entry per line
};

// The text of a fingerprint file: "key value" header lines (commit, path, sha256, url, lines), then per
// line its text hash and its key hash in hex; '#' starts a comment line.
std::string FormatPinnedFile(const PinnedFile& pinned);
base::Result<PinnedFile> ParsePinnedFile(std::string_view text);

}  // namespace tilewalk::walkthrough
