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

// Resolved: found where the anchor says. Approximate: placed by its neighbours, or by some of its tokens,
// inside the right function; the note says how. Ambiguous: found in more than one place.
enum class AnchorStatus : uint8_t { Resolved, Approximate, Ambiguous, NotFound };
const char* AnchorStatusName(AnchorStatus s);  // "resolved", "approximate", "ambiguous", "not_found"

struct AnchorResult {
  AnchorStatus status = AnchorStatus::NotFound;
  int first = 0, last = 0;  // the lines, when resolved
  int drift = 0;            // first − hint_first
  std::string function;     // where it was found (differs from the anchor's when renamed)
  std::string note;         // why it is ambiguous or not found, or what was noticed (a rename)
};

AnchorResult ResolveAnchor(const std::vector<std::string>& lines, const PythonOutline& outline,
                           const PallasAnchor& anchor);

// The best partial match when not every token occurs: the scope of the anchor's function holding the most
// of its tokens (at least one), as Approximate with a note naming the tokens found and missing; NotFound
// when the function is missing or holds none.
AnchorResult ResolvePartialTokens(const std::vector<std::string>& lines, const PythonOutline& outline,
                                  const PallasAnchor& anchor);

}  // namespace tilewalk::walkthrough
