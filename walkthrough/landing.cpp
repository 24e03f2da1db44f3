#include "walkthrough/landing.hpp"

#include <sstream>

#include "base/number_text.hpp"

namespace tilewalk::walkthrough {

std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

namespace {

std::optional<Moment> ParseMoment(const std::string& word) {
  if (word == "skipped-step") return Moment::SkippedStep;
  if (word == "issued-copy") return Moment::IssuedCopy;
  if (word == "skipped-copy") return Moment::SkippedCopy;
  if (word == "writeback") return Moment::Writeback;
  if (word == "when-taken") return Moment::WhenTaken;
  if (word == "error") return Moment::Error;
  return std::nullopt;
}

bool IsLaunch(const std::string& w) {
  return w == "fwd" || w == "dkv" || w == "dq";
}

}  // namespace

base::Result<Landing> ParseLanding(const std::string& value) {
  std::vector<std::string> w = Words(value);
  Landing land;
  std::optional<base::Error> failure;
  auto occurrence = [&](const std::string& word) {
    const auto n = word.starts_with('#') ? base::ParseWhole(std::string_view(word).substr(1), 1, 1 << 30)
                                         : base::Result<int64_t>(base::Fail(base::Reason::Malformed, ""));
    if (!n) {
      failure = base::Fail(base::Reason::Malformed, "expected an occurrence like #1, got '" + word + "'");
      return false;
    }
    land.occurrence = static_cast<int>(*n);
    return true;
  };
  if (w.size() == 1 && w[0] == "rejected") {
    land.kind = Landing::Kind::Rejected;
    return land;
  }
  if (w.size() == 2 && w[0] == "launch" && IsLaunch(w[1])) {
    land.kind = Landing::Kind::Launch;
    land.launch = w[1];
    return land;
  }
  if ((w.size() == 2 || w.size() == 3) && w[0] == "site") {
    land.kind = Landing::Kind::Site;
    land.site = w[1];
    if (w.size() == 3 && !occurrence(w[2])) return *failure;
    return land;
  }
  if (w.size() >= 2 && w[0] == "moment") {
    const auto m = ParseMoment(w[1]);
    if (!m) {
      return base::Fail(base::Reason::Malformed,
                        "unknown moment '" + w[1] +
                            "': use skipped-step, issued-copy, skipped-copy, writeback, when-taken or error");
    }
    land.kind = Landing::Kind::Moment;
    land.moment = *m;
    std::size_t i = 2;
    if (i < w.size() && w[i] == "in") {
      if (i + 1 >= w.size() || !IsLaunch(w[i + 1])) {
        return base::Fail(base::Reason::Malformed, "'in' takes fwd, dkv or dq");
      }
      land.launch = w[i + 1];
      i += 2;
    }
    if (i < w.size() && !occurrence(w[i++])) return *failure;
    if (i == w.size()) return land;
  }
  return base::Fail(
      base::Reason::Malformed,
      "land takes 'site NAME #N', 'moment KIND [in LAUNCH] #N', 'launch LAUNCH' or 'rejected', got '" +
          value + "'");
}

}  // namespace tilewalk::walkthrough
