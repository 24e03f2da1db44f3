// One scenario's launches behind the kernel interface: prepared by Kernel::Prepare (inputs made, every
// check and trace done, as under jax.jit), then run grid step by grid step through each launch's runner,
// or to the end. Code above the kernels drives any kernel's run the same way; the calls are per launch,
// never per grid step or event (those stay inside tpu::LaunchRunner).
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <typeinfo>
#include <utility>
#include <vector>

#include "kernels/api/reference_check.hpp"
#include "kernels/tpu/chip.hpp"
#include "kernels/tpu/dma.hpp"
#include "kernels/tpu/launch.hpp"

namespace tilewalk::kernel {

// The TPU-model settings a kernel's scenario carries, as its launches run under them: what a replay of a
// launch and the cost model need.
struct RunSettings {
  tpu::Chip chip{};
  tpu::Precision precision = tpu::Precision::Default;
  tpu::PadFill pad = tpu::PadFill::NaN;
  // The launches the scenario runs, by name, in run order; empty: every launch of KernelInfo::launches.
  std::vector<std::string_view> launches{};
};

struct RunOptions {
  bool record_events = true;  // each launch keeps its events (tpu::LaunchOptions::record_events)
  int threads = 0;            // for the parallel grid axes; 0: tpu::DefaultThreadCount()
};

// A run's outputs: the kernel's own result, and a view of its arrays by name.
struct Outputs {
  std::shared_ptr<const void> typed;     // the kernel's result type (flash: TrainingStepResult); null: none
  const std::type_info* type = nullptr;  // typeid of *typed
  std::vector<std::pair<std::string_view, const tpu::Array*>> named{};  // into *typed: "o", "l", ...
  const tpu::Array* Find(std::string_view name) const;                  // by name, or null
  template <typename T>
  const T& As() const {
    assert(typed && *type == typeid(T) && "Outputs::As: these outputs are another kernel's");
    return *static_cast<const T*>(typed.get());
  }
};

struct LaunchOutcome {
  std::string name;  // the launch's name (its sites' prefix)
  tpu::LaunchResult result;
};

struct RunResult {
  std::optional<tpu::KernelError> error{};
  std::string error_launch{};             // the launch that failed; empty for a check before any launch
  std::vector<LaunchOutcome> launches{};  // those that ran, in order
  Outputs outputs{};                      // empty when the run failed
};

class KernelRun {
 public:
  virtual ~KernelRun() = default;
  virtual const std::optional<tpu::KernelError>& error() const = 0;  // set: nothing executed
  virtual const std::string& error_launch() const = 0;               // "" for a check before any launch
  virtual int LaunchCount() const = 0;
  virtual tpu::LaunchRunner& Runner(int launch) = 0;
  // Call before launch `launch` runs its first grid step (flash: launch 1 gets the forward's residuals).
  virtual void BeforeLaunch(int launch) = 0;
  virtual Outputs CollectOutputs() const = 0;  // as they stand in HBM
  // What RunToEnd does with the outputs: copies them, or moves them out of a run that will not go on.
  enum class Hand : uint8_t { Copied, Moved };
  // Runs every remaining grid step of every launch, calling BeforeLaunch as it goes.
  virtual RunResult RunToEnd(Hand outputs = Hand::Copied) = 0;
  // Lets the launches go (their machines, residuals and outputs in HBM), keeping the inputs: what a check
  // does before its dense reference, which needs the inputs and the room. After it, only InputArrays and
  // CompareWithReference may be called.
  virtual void ReleaseLaunches() = 0;
  // What the run holds in memory: its inputs, residuals and outputs, each once, and its runners.
  virtual std::size_t HeldBytes() const = 0;
  // The inputs it was made with, by name ("q", "do", ...), for a dump.
  virtual std::vector<std::pair<std::string, const tpu::Array*>> InputArrays() const = 0;
  // `outputs` (this run's) against the kernel's dense reference on this run's inputs.
  virtual ReferenceComparison CompareWithReference(const Outputs& outputs) const = 0;
};

}  // namespace tilewalk::kernel
