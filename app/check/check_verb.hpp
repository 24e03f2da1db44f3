// The `check` verb: runs a training step on the TPU model, then the dense reference, and reports the
// error of every output and what every launch did. `--json` for scripts, `--dump DIR` for NumPy.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "app/verb.hpp"
#include "kernels/api/scenario.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kCheckSynopsis =
    "[--kernel NAME] [SCENARIO FLAGS] [--json] [--dump DIR [--force]]";

struct CheckOptions {
  std::optional<kernel::Scenario> scenario{};   // set by ParseCheckOptions
  bool json = false;                            // --json: one JSON object
  std::optional<std::filesystem::path> dump{};  // --dump DIR: .npy files and config.json
  bool force = false;                           // --force: let --dump replace an earlier dump
};

std::string CheckHelp();  // the scenario flags, then the verb's own
base::Result<CheckOptions> ParseCheckOptions(std::span<const std::string_view> args);

VerbResult RunCheckVerb(const VerbCall& call);

}  // namespace tilewalk::app
