#include "kernels/flash/scenario_flags.hpp"

#include <charconv>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>

#include "kernels/flash/scenario_presets.hpp"

namespace tilewalk::flash {

namespace {

using Setter = std::function<void(Scenario&, const std::string&)>;

struct Flag {
  const char* name;
  const char* value_hint;  // nullptr: a switch without a value
  const char* help;
  Setter set;
};

[[noreturn]] void Bad(const std::string& flag, const std::string& value, const std::string& want) {
  throw std::invalid_argument(flag + " got '" + value + "': expected " + want);
}

[[noreturn]] void Missing(const std::string& flag, const std::string& want) {
  throw std::invalid_argument(flag + " needs a value: expected " + want);
}

int ParseInt(const std::string& flag, const std::string& v, int lo, int hi) {
  int out = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || end != v.data() + v.size() || out < lo || out > hi)
    Bad(flag, v, "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return out;
}

Setter IntField(const char* flag, int Scenario::*field, int lo, int hi) {
  return [=](Scenario& s, const std::string& v) { s.*field = ParseInt(flag, v, lo, hi); };
}

Setter Block(const char* flag, int BlockSizes::*field) {
  return [=](Scenario& s, const std::string& v) { s.block_sizes.*field = ParseInt(flag, v, 1, 1 << 20); };
}

Setter OptionalBlock(const char* flag, std::optional<int> BlockSizes::*field) {
  return [=](Scenario& s, const std::string& v) { s.block_sizes.*field = ParseInt(flag, v, 1, 1 << 20); };
}

// "none, redirect-lm-dkv, ..." for messages.
std::string WhatIfNames() {
  std::string names = "none";
  for (WhatIf w : AllWhatIfs()) names += ", " + std::string(WhatIfName(w));
  return names;
}

// The help line lists every change with what it does (the names come from the one table in what_if.cpp).
const char* WhatIfFlagHelp() {
  static const std::string help = [] {
    std::string text = "what-if: one \"fix the file\" change to the mirror; NAME is one of";
    for (WhatIf w : AllWhatIfs())
      text += "\n" + std::string(31, ' ') + std::string(WhatIfName(w)) + ": " + std::string(WhatIfHelp(w));
    return text;
  }();
  return help.c_str();
}

const std::vector<Flag>& Flags() {
  static const std::vector<Flag> flags = {
      {"--batch", "N", "batch size", IntField("--batch", &Scenario::batch, 1, 1 << 16)},
      {"--heads", "N", "number of heads", IntField("--heads", &Scenario::heads, 1, 1 << 16)},
      {"--q-len", "N", "query sequence length", IntField("--q-len", &Scenario::q_len, 1, 1 << 20)},
      {"--kv-len", "N", "key/value sequence length", IntField("--kv-len", &Scenario::kv_len, 1, 1 << 20)},
      {"--head-dim", "N", "head dimension (d_model)",
       IntField("--head-dim", &Scenario::head_dim, 1, 1 << 14)},
      {"--causal", nullptr, "causal masking", [](Scenario& s, const std::string&) { s.causal = true; }},
      {"--bias", nullptr, "an attention bias (ab), with its gradient ds",
       [](Scenario& s, const std::string&) { s.bias = true; }},
      {"--segments", "N", "segment ids in N contiguous runs (0: none)",
       IntField("--segments", &Scenario::segments, 0, 1 << 20)},
      {"--sm-scale", "X", "softmax scale",
       [](Scenario& s, const std::string& v) {
         std::istringstream in(v);
         float x = 0;
         if (!(in >> x) || !in.eof() || !(x > 0.0f) || x > 1e6f) Bad("--sm-scale", v, "a positive number");
         s.sm_scale = x;
       }},
      {"--dtype", "float32|bfloat16", "input dtype",
       [](Scenario& s, const std::string& v) {
         if (v == "float32")
           s.dtype = tpu::DType::F32;
         else if (v == "bfloat16")
           s.dtype = tpu::DType::BF16;
         else
           Bad("--dtype", v, "float32 or bfloat16");
       }},
      {"--precision", "default|highest", "matmul precision",
       [](Scenario& s, const std::string& v) {
         if (v == "default")
           s.precision = tpu::Precision::Default;
         else if (v == "highest")
           s.precision = tpu::Precision::Highest;
         else
           Bad("--precision", v, "default or highest");
       }},
      {"--chip", "v4|v5e|v5p|v6e", "chip preset for VMEM and the cost model",
       [](Scenario& s, const std::string& v) {
         if (!tpu::ChipByName(v)) Bad("--chip", v, "v4, v5e, v5p or v6e");
         s.chip = v;
       }},
      {"--seed", "N", "random seed of the inputs",
       [](Scenario& s, const std::string& v) {
         s.seed = static_cast<uint64_t>(ParseInt("--seed", v, 0, 1 << 30));
       }},
      {"--naive-index-maps", nullptr, "what-if: replace every causal redirect with the plain index map",
       [](Scenario& s, const std::string&) { s.naive_index_maps = true; }},
      {"--what-if", "NAME", WhatIfFlagHelp(),
       [](Scenario& s, const std::string& v) {
         const auto w = WhatIfByName(v);
         if (!w) Bad("--what-if", v, WhatIfNames());
         s.what_if = *w;
       }},
      {"--forward-only", nullptr, "run the forward launch only",
       [](Scenario& s, const std::string&) { s.forward_only = true; }},
      {"--poison", "nan|inf", "what-if: set q[0,0,0,0] to NaN or +Inf and watch it spread",
       [](Scenario& s, const std::string& v) {
         if (v == "nan")
           s.poison = Poison::NaN;
         else if (v == "inf")
           s.poison = Poison::Inf;
         else if (v == "none")  // the setting as ScenarioSettings writes it, so that it reads back
           s.poison = Poison::None;
         else
           Bad("--poison", v, "nan or inf");
       }},
      {"--block-q", "N", "forward q block", Block("--block-q", &BlockSizes::block_q)},
      {"--block-k-major", "N", "forward kv block per DMA",
       Block("--block-k-major", &BlockSizes::block_k_major)},
      {"--block-k", "N", "forward kv block per matmul", Block("--block-k", &BlockSizes::block_k)},
      {"--block-b", "N", "forward batch block", Block("--block-b", &BlockSizes::block_b)},
      {"--block-q-major-dkv", "N", "dK/dV q block per DMA",
       OptionalBlock("--block-q-major-dkv", &BlockSizes::block_q_major_dkv)},
      {"--block-k-major-dkv", "N", "dK/dV kv block per DMA",
       OptionalBlock("--block-k-major-dkv", &BlockSizes::block_k_major_dkv)},
      {"--block-k-dkv", "N", "dK/dV kv block per matmul",
       OptionalBlock("--block-k-dkv", &BlockSizes::block_k_dkv)},
      {"--block-q-dkv", "N", "dK/dV q block per matmul",
       OptionalBlock("--block-q-dkv", &BlockSizes::block_q_dkv)},
      {"--block-k-major-dq", "N", "dQ kv block per DMA",
       OptionalBlock("--block-k-major-dq", &BlockSizes::block_k_major_dq)},
      {"--block-k-dq", "N", "dQ kv block per matmul", OptionalBlock("--block-k-dq", &BlockSizes::block_k_dq)},
      {"--block-q-dq", "N", "dQ q block", OptionalBlock("--block-q-dq", &BlockSizes::block_q_dq)},
  };
  return flags;
}

const Flag* Find(std::string_view name) {
  for (const Flag& f : Flags())
    if (name == f.name) return &f;
  return nullptr;
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    line = line.substr(0, line.find('#'));
    std::istringstream in(line);
    for (std::string w; in >> w;) words.push_back(w);
  }
  return words;
}

// Splits "--flag=value" into two words so both spellings work.
std::vector<std::string> SplitEquals(std::span<const std::string> args) {
  std::vector<std::string> out;
  for (const std::string& a : args) {
    const auto eq = a.find('=');
    if (a.starts_with("--") && eq != std::string::npos) {
      const Flag* f = Find(a.substr(0, eq));
      if (f && !f->value_hint) throw std::invalid_argument(a.substr(0, eq) + " takes no value");
      out.push_back(a.substr(0, eq));
      out.push_back(a.substr(eq + 1));
    } else {
      out.push_back(a);
    }
  }
  return out;
}

void Apply(const std::vector<std::string>& args, Scenario& s, std::vector<std::string>* rest,
           bool allow_rest) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--scenario") {
      ++i;  // applied up front
      continue;
    }
    const Flag* f = Find(a);
    if (!f) {
      if (!allow_rest) throw std::invalid_argument("'" + a + "' is not a scenario flag");
      rest->push_back(a);
      continue;
    }
    std::string value;
    if (f->value_hint) {
      if (i + 1 >= args.size() || args[i + 1].starts_with("--")) Missing(a, f->value_hint);
      value = args[++i];
    }
    f->set(s, value);
  }
}

}  // namespace

std::vector<std::string> ParseScenarioFlags(std::span<const std::string> raw, Scenario& s) {
  const std::vector<std::string> args = SplitEquals(raw);
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--scenario") continue;
    if (i + 1 >= args.size()) Missing("--scenario", "a preset name");
    const auto text = ScenarioPresetFlags(args[i + 1]);
    if (!text) {
      std::string names;
      for (const std::string& n : ScenarioPresetNames()) names += (names.empty() ? "" : ", ") + n;
      Bad("--scenario", args[i + 1], "one of the presets: " + names);
    }
    try {
      Apply(Words(*text), s, nullptr, /*allow_rest=*/false);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("preset '" + args[i + 1] + "': " + e.what());
    }
  }
  std::vector<std::string> rest;
  Apply(args, s, &rest, /*allow_rest=*/true);
  return rest;
}

std::string ScenarioFlagsHelp() {
  std::string text;
  text += "  --scenario NAME            a preset:";
  for (const std::string& n : ScenarioPresetNames()) text += " " + n;
  text += "\n";
  for (const Flag& f : Flags()) {
    std::string left = std::string("  ") + f.name + (f.value_hint ? std::string(" ") + f.value_hint : "");
    left.resize(std::max<std::size_t>(left.size() + 1, 29), ' ');
    text += left + f.help + "\n";
  }
  return text;
}

std::vector<std::string> ScenarioToFlags(const Scenario& s) {
  std::vector<std::string> out = {
      "--batch",    std::to_string(s.batch),    "--heads",    std::to_string(s.heads),
      "--q-len",    std::to_string(s.q_len),    "--kv-len",   std::to_string(s.kv_len),
      "--head-dim", std::to_string(s.head_dim), "--segments", std::to_string(s.segments)};
  char scale[32];  // the shortest text that reads back as the same float (an ostream's 6 digits do not)
  const std::string scale_text(scale, std::to_chars(scale, scale + sizeof scale, s.sm_scale).ptr);
  out.insert(out.end(),
             {"--sm-scale", scale_text, "--dtype", std::string(tpu::DTypeName(s.dtype)), "--precision",
              tpu::PrecisionName(s.precision), "--chip", s.chip, "--seed", std::to_string(s.seed)});
  if (s.causal) out.push_back("--causal");
  if (s.bias) out.push_back("--bias");
  if (s.naive_index_maps) out.push_back("--naive-index-maps");
  if (s.what_if != WhatIf::None) out.insert(out.end(), {"--what-if", std::string(WhatIfName(s.what_if))});
  if (s.forward_only) out.push_back("--forward-only");
  if (s.poison != Poison::None) out.insert(out.end(), {"--poison", std::string(PoisonName(s.poison))});
  const BlockSizes& b = s.block_sizes;
  auto block = [&](const char* flag, int v) { out.insert(out.end(), {flag, std::to_string(v)}); };
  auto optional_block = [&](const char* flag, const std::optional<int>& v) {
    if (v) block(flag, *v);
  };
  block("--block-q", b.block_q);
  block("--block-k-major", b.block_k_major);
  block("--block-k", b.block_k);
  block("--block-b", b.block_b);
  optional_block("--block-q-major-dkv", b.block_q_major_dkv);
  optional_block("--block-k-major-dkv", b.block_k_major_dkv);
  optional_block("--block-k-dkv", b.block_k_dkv);
  optional_block("--block-q-dkv", b.block_q_dkv);
  optional_block("--block-k-major-dq", b.block_k_major_dq);
  optional_block("--block-k-dq", b.block_k_dq);
  optional_block("--block-q-dq", b.block_q_dq);
  return out;
}

}  // namespace tilewalk::flash
