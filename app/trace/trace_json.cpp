#include "app/trace/trace_json.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "app/check/check_report.hpp"
#include "app/json_text.hpp"
#include "app/scenario_json.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {

namespace {

// printf into `out`: the trace's records are small and made by the hundred thousand.
template <typename... Args>
void Append(std::string& out, const char* format, Args... args) {
  char buffer[160];
  const int n = std::snprintf(buffer, sizeof buffer, format, args...);
  if (n > 0 && static_cast<std::size_t>(n) < sizeof buffer) {
    out.append(buffer, static_cast<std::size_t>(n));
    return;
  }
  std::string big(static_cast<std::size_t>(std::max(n, 0)) + 1, '\0');
  std::snprintf(big.data(), big.size(), format, args...);
  out.append(big.data(), big.size() - 1);
}

void AppendDims(std::string& out, const tpu::Dims& d) {
  out += '[';
  for (int i = 0; i < d.rank(); ++i) Append(out, i ? ",%lld" : "%lld", static_cast<long long>(d[i]));
  out += ']';
}

void AppendEvent(std::string& out, const walkthrough::Recording& rec, const walkthrough::LaunchTrack& t,
                 uint64_t global, const tpu::Event& e, const walkthrough::PallasIndex* pallas) {
  using tpu::EventKind;
  Append(out, "{\"i\":%llu,\"launch\":\"%s\",\"kind\":\"%s\",\"step\":%u,\"grid\":",
         static_cast<unsigned long long>(global), t.name.c_str(),
         std::string(tpu::EventKindName(e.kind)).c_str(), e.step);
  AppendDims(out, tpu::UnflattenStep(t.grid, e.step));
  if (e.site != tpu::kNoSite) {
    const tpu::SiteInfo site = tpu::GetSite(e.site);
    Append(out, ",\"site\":\"%s\",\"line\":%u", site.name.c_str(), site.line);
  }
  if (pallas != nullptr) {
    const std::vector<int> lit = pallas->LitLines(rec.SiteNameOf(global));
    if (lit.empty())
      out += ",\"pallas_line\":null";
    else
      Append(out, ",\"pallas_line\":%d", lit.front());
  }
  if (e.operand != tpu::kNoOperand && e.operand < t.operand_names.size())
    Append(out, ",\"operand\":\"%s\",\"slot\":%u", t.operand_names[e.operand].c_str(), e.slot);
  const std::size_t n_in = t.plan.inputs.size();
  switch (e.kind) {
    case EventKind::CopyIn:
    case EventKind::Writeback: {
      const tpu::OperandSchedule& sched =
          e.kind == EventKind::CopyIn ? t.plan.inputs[e.operand] : t.plan.outputs[e.operand - n_in];
      out += ",\"block\":";
      AppendDims(out, tpu::UnflattenBlock(sched.block_grid, e.block));
      Append(out, ",\"bytes\":%llu", static_cast<unsigned long long>(e.work));
      if (e.kind == EventKind::CopyIn)
        Append(out, ",\"issued\":%s,\"prologue\":%s",
               (e.flags & tpu::event_flags::kIssued) ? "true" : "false",
               (e.flags & tpu::event_flags::kPrologue) ? "true" : "false");
      break;
    }
    case EventKind::When:
      Append(out, ",\"taken\":%s", (e.flags & tpu::event_flags::kTaken) ? "true" : "false");
      break;
    case EventKind::StepEnd:
      Append(out, ",\"ran\":%s", (e.flags & tpu::event_flags::kRan) ? "true" : "false");
      break;
    case EventKind::LoopIteration:
      Append(out, ",\"iteration\":%u", e.block);
      break;
    case EventKind::Load:
    case EventKind::Store:
      Append(out, ",\"region\":{\"lead\":%u,\"row0\":%u,\"rows\":%u,\"col0\":%u,\"cols\":%u}", e.lead, e.row0,
             e.rows, e.col0, e.cols);
      break;
    case EventKind::MatMul:
      Append(out, ",\"flops\":%llu", static_cast<unsigned long long>(e.work));
      break;
    case EventKind::Vector:
      Append(out, ",\"vreg_ops\":%llu", static_cast<unsigned long long>(e.work));
      break;
    default:
      break;
  }
  Append(out, ",\"core\":%d,\"t_start_us\":%.6g,\"t_end_us\":%.6g}", e.core(), e.t_start_us, e.t_end_us);
}

}  // namespace

bool WriteTraceJson(std::FILE* out, const walkthrough::Recording& rec,
                    const std::vector<std::string>& launches, const walkthrough::PallasIndex* pallas,
                    const TraceWriteCheck& keep_going) {
  auto wanted = [&](const std::string& name) {
    return launches.empty() || std::find(launches.begin(), launches.end(), name) != launches.end();
  };
  std::fprintf(out,
               "{\"schema\":\"tilewalk-trace/1\",\n\"estimate_note\":\"times are cost-model estimates\",\n");
  std::fprintf(out, "\"kernel\":%s,\n",
               JsonText(nlohmann::json(rec.scenario().kernel().info().name)).c_str());
  std::fprintf(out, "\"scenario\":%s,\n", JsonText(ScenarioJson(rec.scenario())).c_str());
  if (pallas != nullptr)
    std::fprintf(
        out, "\"pallas\":%s,\n",
        JsonText(nlohmann::json{{"file", pallas->source().path.string()},
                                {"sha256", pallas->source().sha256},
                                {"pinned", pallas->source().sha256 ==
                                               walkthrough::WalkOf(rec.scenario().kernel()).pinned.sha256}})
            .c_str());
  if (rec.error())
    std::fprintf(
        out, "\"error\":%s,\n",
        JsonText(KernelErrorJson(*rec.error(), rec.error_launch(), rec.scenario().kernel())).c_str());
  std::fputs("\"launches\":[", out);
  bool first = true;
  for (int launch = 0; launch < static_cast<int>(rec.launches().size()); ++launch) {
    const walkthrough::LaunchTrack& t = rec.launches()[static_cast<std::size_t>(launch)];
    if (!wanted(t.name)) continue;
    const walkthrough::EventSpan span = rec.EventRange(launch);
    nlohmann::json j = {{"name", t.name},
                        {"first_event", span.first},
                        {"event_count", span.size()},
                        {"steps", t.grid.Product()},
                        {"steps_run", t.stats.steps_run},
                        {"steps_skipped", t.stats.steps_skipped},
                        {"cores", t.plan.cores.cores},
                        {"operands", t.operand_names},
                        {"est_total_us", t.stats.cost.total_us},
                        {"est_compute_us", t.stats.cost.compute_us},
                        {"est_step_overhead_us", t.stats.cost.overhead_us},
                        {"est_dma_us", t.stats.cost.dma_us},
                        {"est_bubble_us", t.stats.cost.bubble_us},
                        {"est_bound", std::string(tpu::BoundName(t.stats.cost.bound))}};
    j["grid"] = std::vector<int64_t>(t.grid.begin(), t.grid.end());
    std::fprintf(out, "%s\n%s", first ? "" : ",", JsonText(j).c_str());
    first = false;
  }
  std::fputs("],\n\"events\":[", out);
  std::string record;
  uint64_t total = 0, written = 0;
  for (int launch = 0; launch < static_cast<int>(rec.launches().size()); ++launch)
    if (wanted(rec.launches()[static_cast<std::size_t>(launch)].name)) total += rec.EventRange(launch).size();
  for (int launch = 0; launch < static_cast<int>(rec.launches().size()); ++launch) {
    const walkthrough::LaunchTrack& t = rec.launches()[static_cast<std::size_t>(launch)];
    if (!wanted(t.name)) continue;
    const walkthrough::EventSpan span = rec.EventRange(launch);
    for (uint64_t e = span.first; e < span.end; ++e, ++written) {
      if (keep_going && written % 4096 == 0 && !keep_going(written, total)) return false;
      record.assign(written == 0 ? "\n" : ",\n");
      AppendEvent(record, rec, t, e, rec.EventAt(e), pallas);
      std::fwrite(record.data(), 1, record.size(), out);
    }
  }
  std::fputs("\n]}\n", out);
  return true;
}

std::string EventJson(const walkthrough::Recording& recording, uint64_t event,
                      const walkthrough::PallasIndex* pallas) {
  const walkthrough::LaunchTrack& track =
      recording.launches()[static_cast<std::size_t>(recording.LaunchOf(event))];
  std::string out;
  AppendEvent(out, recording, track, event, recording.EventAt(event), pallas);
  return out;
}

}  // namespace tilewalk::app
