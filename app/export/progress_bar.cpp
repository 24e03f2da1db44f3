#include "app/export/progress_bar.hpp"

#include <cstdio>
#include <string>

namespace tilewalk::app {

ProgressBar::ProgressBar(std::ostream& out, int total, bool is_terminal)
    : m_out(out),
      m_total(total),
      m_terminal(is_terminal),
      m_start(std::chrono::steady_clock::now()),
      m_last_draw() {}

double ProgressBar::FramesPerSecond(int done) const {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
  return seconds > 0 ? done / seconds : 0.0;
}

void ProgressBar::Update(int done) {
  m_last_done = done;
  const auto now = std::chrono::steady_clock::now();
  if (!m_terminal || now - m_last_draw < std::chrono::milliseconds(100)) return;
  m_last_draw = now;
  Draw(done);
}

void ProgressBar::Finish() {
  if (!m_terminal) return;
  Draw(m_last_done);
  m_out << "\n";
}

void ProgressBar::Draw(int done) {
  constexpr int kWidth = 30;
  const int filled = m_total > 0 ? done * kWidth / m_total : kWidth;
  char figures[96];
  std::snprintf(figures, sizeof figures, "] %5d/%d frames  %5.1f frames/s", done, m_total,
                FramesPerSecond(done));
  m_out << "\rexport [" << std::string(static_cast<std::size_t>(filled), '#')
        << std::string(static_cast<std::size_t>(kWidth - filled), '-') << figures << std::flush;
}

}  // namespace tilewalk::app
