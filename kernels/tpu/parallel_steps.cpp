#include "kernels/tpu/parallel_steps.hpp"

#include <cassert>

#include "kernels/tpu/launch.hpp"

namespace tilewalk::tpu {

namespace {
// Records waiting to be adopted hold the values the steps stored; beyond this a worker ahead of the
// runner waits, so a long recording's memory stays flat.
constexpr std::size_t kPendingBudgetBytes = 8u << 20;
}  // namespace

std::size_t StepRecord::Bytes() const {
  std::size_t bytes = events.size() * sizeof(Event) + durations.size() * sizeof(double);
  for (const LoggedStore& s : stores)
    bytes += sizeof(LoggedStore) + static_cast<std::size_t>(s.value.rows()) * s.value.cols() * sizeof(float);
  return bytes;
}

ParallelSteps::ParallelSteps(const LaunchRunner& runner, GridSlices slices, int workers)
    : m_slices(slices),
      m_window(4 * (static_cast<int64_t>(workers) + 1)),
      m_stride(static_cast<int64_t>(workers) + 1),
      m_records(static_cast<std::size_t>(slices.count)) {
  for (int i = 0; i < workers; ++i) m_workers.push_back(runner.MakeWorker());
  for (int i = 0; i < workers; ++i)
    m_threads.emplace_back([this, i, w = m_workers[static_cast<std::size_t>(i)].get()] { Work(*w, i + 1); });
}

ParallelSteps::~ParallelSteps() {
  {
    std::lock_guard lock(m_mutex);
    m_stop = true;
  }
  m_changed.notify_all();
  for (std::thread& t : m_threads) t.join();
}

void ParallelSteps::Work(LaunchRunner& worker, int64_t first) {
  for (int64_t slice = first; slice < m_slices.count; slice += m_stride) {
    {
      std::unique_lock lock(m_mutex);
      m_changed.wait(lock, [&] { return m_stop || slice < m_taking + m_window; });
      if (m_stop) return;
    }
    try {
      worker.BeginSlice(slice * m_slices.steps);
      for (int64_t i = 0; i < m_slices.steps; ++i) {
        StepRecord record = worker.RunCapturedStep();
        const bool ends_slice = record.error || record.depends_on_earlier_slices;
        if (!Publish(slice, std::move(record)) || ends_slice) break;
      }
    } catch (...) {
      std::lock_guard lock(m_mutex);
      m_records[static_cast<std::size_t>(slice)].failure = std::current_exception();
      m_changed.notify_all();
      return;
    }
  }
}

bool ParallelSteps::Publish(int64_t slice, StepRecord record) {
  std::unique_lock lock(m_mutex);
  m_pending_bytes += record.Bytes();
  m_records[static_cast<std::size_t>(slice)].ready.push_back(std::move(record));
  m_changed.notify_all();
  m_changed.wait(lock, [&] { return m_stop || slice == m_taking || m_pending_bytes <= kPendingBudgetBytes; });
  return !m_stop;
}

bool ParallelSteps::RunnerReaches(int64_t slice) {
  std::lock_guard lock(m_mutex);
  assert(slice >= m_taking && "the runner reaches the slices in grid order");
  m_taking = slice;
  m_changed.notify_all();  // the workers' window has moved
  return slice % m_stride == 0;
}

StepRecord ParallelSteps::Take(int64_t step) {
  const int64_t slice = step / m_slices.steps;
  std::unique_lock lock(m_mutex);
  assert(slice == m_taking && "steps are taken in grid order");
  SliceRecords& records = m_records[static_cast<std::size_t>(slice)];
  m_changed.wait(lock, [&] { return !records.ready.empty() || records.failure; });
  if (records.ready.empty()) std::rethrow_exception(records.failure);
  StepRecord record = std::move(records.ready.front());
  records.ready.pop_front();
  m_pending_bytes -= record.Bytes();
  m_taking = (step + 1) / m_slices.steps;
  m_changed.notify_all();
  return record;
}

}  // namespace tilewalk::tpu
