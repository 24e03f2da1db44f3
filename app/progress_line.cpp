#include "app/progress_line.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "base/interrupt_guard.hpp"

namespace tilewalk::app {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kQuietFor = std::chrono::seconds(1);            // work shorter than this shows no line
constexpr auto kRedrawEvery = std::chrono::milliseconds(100);  // at most ten redraws a second

std::string Bar(std::int64_t done, std::int64_t total) {
  constexpr std::int64_t kWidth = 20;
  const std::int64_t filled = total > 0 ? std::min(done, total) * kWidth / total : kWidth;
  return "[" + std::string(static_cast<std::size_t>(filled), '#') +
         std::string(static_cast<std::size_t>(kWidth - filled), '-') + "]";
}

}  // namespace

ProgressLine::ProgressLine(std::ostream& out, std::string label, bool is_terminal)
    : m_out(out),
      m_label(std::move(label)),
      m_terminal(is_terminal),
      m_start(Clock::now()),
      m_phase_start(m_start),
      m_last_draw() {}

ProgressLine::~ProgressLine() {
  Finish();
}

bool ProgressLine::StderrIsTerminal() {
  return isatty(STDERR_FILENO) != 0;
}

double ProgressLine::RatePerSecond(std::int64_t done) const {
  const double seconds = std::chrono::duration<double>(Clock::now() - m_start).count();
  return seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
}

void ProgressLine::Update(std::int64_t done, std::int64_t total, std::string_view unit) {
  if (!m_terminal) return;
  StopTicker();
  std::lock_guard lock(m_mutex);
  m_done = done;
  m_total = total;
  m_text = std::string(unit);
  DrawLocked();
}

void ProgressLine::Phase(std::string_view what) {
  if (!m_terminal) return;
  StopTicker();
  std::lock_guard lock(m_mutex);
  m_text = std::string(what);
  m_total = -1;
  m_phase_start = Clock::now();
  m_stopping = false;
  m_ticker = std::thread([this] {
    std::unique_lock ticking(m_mutex);
    while (!m_wake.wait_for(ticking, kRedrawEvery, [this] { return m_stopping; })) DrawLocked();
  });
}

void ProgressLine::Finish() {
  if (!m_terminal) return;
  StopTicker();
  std::lock_guard lock(m_mutex);
  if (m_drawn == 0) return;
  m_out << "\r" << std::string(m_drawn, ' ') << "\r" << std::flush;
  m_drawn = 0;
}

void ProgressLine::StopTicker() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_wake.notify_all();
  if (m_ticker.joinable()) m_ticker.join();
}

void ProgressLine::DrawLocked() {
  const auto now = Clock::now();
  if (now - m_start < kQuietFor) return;
  if (now - m_last_draw < kRedrawEvery) return;
  m_last_draw = now;
  char figures[96];
  if (m_total >= 0) {
    std::snprintf(figures, sizeof figures, " %lld/%lld  %.1f/s", static_cast<long long>(m_done),
                  static_cast<long long>(m_total), RatePerSecond(m_done));
  } else {
    std::snprintf(figures, sizeof figures, "  %.0f s",
                  std::chrono::duration<double>(now - m_phase_start).count());
  }
  std::string line = m_label + ": " + m_text;
  if (m_total >= 0) line += " " + Bar(m_done, m_total);
  line += figures;
  // After a first Ctrl-C the work runs on to a point where it can stop cleanly; say so, since a long call
  // into the simulator may take a while to get there.
  line += base::InterruptRequested() ? "  (stopping; Ctrl-C again stops at once)" : "  (Ctrl-C stops)";
  const std::size_t width = line.size();
  if (width < m_drawn) line.append(m_drawn - width, ' ');  // cover the longer line drawn before
  m_out << "\r" << line << std::flush;
  m_drawn = std::max(m_drawn, width);
}

}  // namespace tilewalk::app
