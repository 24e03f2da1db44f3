// Finds a passage's region in the real Pallas file: the function by name (falling back to wherever the
// tokens all occur, if the function was renamed), then the tokens inside it, each at the occurrence
// nearest the hint. Reports resolved (with the line range and its drift from the pinned commit's hint),
// ambiguous, or not found, and why.
#pragma once

#include <string>
#include <vector>

#include "walkthrough/pallas_outline.hpp"
#include "walkthrough/passage.hpp"

namespace tilewalk::walkthrough {

enum class AnchorStatus : uint8_t { Resolved, Ambiguous, NotFound };
const char* AnchorStatusName(AnchorStatus s);  // "resolved", "ambiguous", "not found"

struct AnchorResult {
  AnchorStatus status = AnchorStatus::NotFound;
  int first = 0, last = 0;  // the lines, when resolved
  int drift = 0;            // first − hint_first
  std::string function;     // where it was found (differs from the anchor's when renamed)
  std::string note;         // why it is ambiguous or not found, or what was noticed (a rename)
};

AnchorResult ResolveAnchor(const std::vector<std::string>& lines, const PythonOutline& outline,
                           const PallasAnchor& anchor);

}  // namespace tilewalk::walkthrough
