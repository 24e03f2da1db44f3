#include "app/views/chart_scales.hpp"

#include <algorithm>
#include <cmath>

namespace tilewalk::views {

std::vector<double> AxisTicks(double total, double max_ticks) {
  std::vector<double> ticks;
  if (!(total > 0) || !(max_ticks >= 1.0)) return ticks;
  const double rough = total / max_ticks;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * power;
    if (step >= rough) break;
  }
  for (int i = 0; static_cast<double>(i) * step <= total * (1.0 + 1e-9); ++i)
    ticks.push_back(static_cast<double>(i) * step);
  return ticks;
}

CostWindow CostWindowAround(const CostPicture& p, int steps_each_side) {
  if (p.steps.empty()) return {0.0, std::max(p.total_us, 1e-6)};
  const int last = static_cast<int>(p.steps.size()) - 1;
  const int current = std::clamp(p.current_step, 0, last);
  const CostStep& first = p.steps[static_cast<std::size_t>(std::max(0, current - steps_each_side))];
  const CostStep& end = p.steps[static_cast<std::size_t>(std::min(last, current + steps_each_side))];
  double from = first.start_us - first.wait_us, to = end.end_us;
  // The copies the window's last step issued run past its compute; keep them in view.
  for (const CostCopy& c : p.copies)
    if (c.step >= current - steps_each_side && c.step <= current + steps_each_side)
      to = std::max(to, c.end_us);
  if (current == 0) from = 0.0;
  if (!(to > from)) to = from + 1e-6;
  return {from, to};
}

}  // namespace tilewalk::views
