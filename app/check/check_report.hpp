// The report of `tilewalk check`: per output, its error against the reference; per launch, its grid,
// steps run and skipped, copies issued and skipped per operand, bytes each way, matmuls and estimated
// time. As a table for people and as one JSON object for scripts (the names are a kept contract).
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "kernels/api/host_memory.hpp"
#include "kernels/api/reference_check.hpp"
#include "kernels/api/run.hpp"
#include "kernels/api/scenario.hpp"

namespace tilewalk::app {

struct CheckRun {
  kernel::Scenario scenario;
  kernel::RunResult step{};
  kernel::ReferenceComparison comparison{};  // empty when the step failed
  double simulate_ms = 0;
  bool pass = false;
  double memory_estimate = 0;    // what the memory guard estimated before the run
  kernel::HostCap memory_cap{};  // and the cap it judged by, read then (an OS limit's room shrinks as we run)
};

nlohmann::json CheckReportJson(const CheckRun& run);
nlohmann::json KernelErrorJson(const tpu::KernelError& error, const std::string& launch,
                               const kernel::Kernel& kernel);
void PrintCheckReport(const CheckRun& run, std::ostream& out);

}  // namespace tilewalk::app
