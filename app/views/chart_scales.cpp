#include "app/views/chart_scales.hpp"

#include <algorithm>
#include <cmath>

namespace tilewalk::views {

std::vector<double> AxisTicks(double total, double max_ticks) {
  return AxisTicksBetween(0.0, total, max_ticks);
}

std::vector<double> AxisTicksBetween(double from, double to, double max_ticks) {
  std::vector<double> ticks;
  const double span = to - from;
  if (!(span > 0) || !(max_ticks >= 1.0)) return ticks;
  const double rough = span / max_ticks;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * power;
    if (step >= rough) break;
  }
  const double slack = span * 1e-9;
  for (double k = std::ceil((from - slack) / step); k * step <= to + slack; k += 1.0)
    ticks.push_back(k * step + 0.0);  // + 0.0: never -0
  return ticks;
}

CostWindow CostWindowAround(const CostPicture& p, int steps_each_side) {
  if (p.steps.empty()) return {0.0, std::max(p.total_us, 1e-6)};
  const int last = static_cast<int>(p.steps.size()) - 1;
  const int current = std::clamp(p.current_step, 0, last);
  // A core runs a contiguous run of steps: stay inside the current step's.
  const auto core_of = [&](int i) { return p.steps[static_cast<std::size_t>(i)].core; };
  const int core = core_of(current);
  int lo = current, hi = current;
  while (lo > 0 && lo > current - steps_each_side && core_of(lo - 1) == core) --lo;
  while (hi < last && hi < current + steps_each_side && core_of(hi + 1) == core) ++hi;
  const CostStep& first = p.steps[static_cast<std::size_t>(lo)];
  const CostStep& end = p.steps[static_cast<std::size_t>(hi)];
  double from = first.start_us - first.wait_us, to = end.end_us;
  // The copies the window's last step issued run past its compute; keep them in view.
  for (const CostCopy& c : p.copies)
    if (c.step >= lo && c.step <= hi) to = std::max(to, c.end_us);
  if (lo == 0 || core_of(lo - 1) != core) from = 0.0;  // the core's first step: its prologue starts at 0
  if (!(to > from)) to = from + 1e-6;
  return {from, to};
}

}  // namespace tilewalk::views
