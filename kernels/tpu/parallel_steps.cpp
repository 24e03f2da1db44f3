#include "kernels/tpu/parallel_steps.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

#include "kernels/tpu/launch.hpp"
#include "kernels/tpu/value_storage.hpp"

namespace tilewalk::tpu {

namespace {
// Records waiting to be adopted hold the values the steps stored; beyond this a worker ahead of the
// runner waits, so a long recording's memory stays flat.
constexpr std::size_t kPendingBudgetBytes = 8u << 20;
// A worker stopped by the budget resumes below this, so it sleeps once per few hundred records at most.
constexpr std::size_t kResumeBytes = kPendingBudgetBytes / 4 * 3;
// The runner waits for this many records of its slice (or the rest of the slice) before it wakes.
constexpr std::size_t kBatchRecords = 16;
// A worker may run this many rounds of slices (one per thread) beyond the slice the runner is taking from.
constexpr int64_t kWindowRounds = 4;
}  // namespace

std::size_t StepRecord::Bytes() const {
  std::size_t bytes = events.size() * sizeof(Event) + durations.size() * sizeof(double);
  for (const LoggedStore& s : stores)
    bytes += sizeof(LoggedStore) + static_cast<std::size_t>(s.value.rows()) * s.value.cols() * sizeof(float);
  return bytes;
}

ParallelSteps::ParallelSteps(const LaunchRunner& runner, GridSlices slices, int workers)
    : m_slices(slices),
      m_stride(static_cast<int64_t>(workers) + 1),
      m_records(static_cast<std::size_t>(slices.count)),
      m_claimed(static_cast<std::size_t>(slices.count), false) {
  m_claimed[0] = true;  // the runner's first
  for (int i = 0; i < workers; ++i) m_workers.push_back(runner.MakeWorker());
  try {
    for (int i = 0; i < workers; ++i)
      m_tasks.Run([this, i, w = m_workers[static_cast<std::size_t>(i)].get()] {
        Work(*w, i + 1);
        ValueStorage::GiveBackThreadStorages();  // the kept thread may wait long for its next task
      });
  } catch (...) {
    Stop();  // the workers already running, before the members they use are gone
    throw;
  }
}

ParallelSteps::~ParallelSteps() {
  Stop();
}

void ParallelSteps::Stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stop = true;
  }
  m_workers_wake.notify_all();
  m_tasks.Wait();
}

int64_t ParallelSteps::Claim(int64_t& dealt) {
  std::unique_lock lock(m_mutex);
  for (;;) {
    if (m_stop) return -1;
    while (dealt < m_slices.count && m_claimed[static_cast<std::size_t>(dealt)]) dealt += m_stride;
    const int64_t window_end = std::min(m_slices.count, m_taking + kWindowRounds * m_stride);
    int64_t slice = dealt < window_end ? dealt : -1;
    // Past its own in the window, the furthest unclaimed slice of it: the recording thread (or another
    // worker) is behind, and will find it done by the time it gets there.
    for (int64_t s = window_end - 1; slice < 0 && s > m_taking; --s)
      if (!m_claimed[static_cast<std::size_t>(s)]) slice = s;
    if (slice >= 0) {
      m_claimed[static_cast<std::size_t>(slice)] = true;
      return slice;
    }
    if (dealt >= m_slices.count &&
        std::find(m_claimed.begin() + m_taking, m_claimed.end(), false) == m_claimed.end())
      return -1;  // every slice is someone's
    ++m_window_waiters;
    m_workers_wake.wait(lock);
    --m_window_waiters;
  }
}

void ParallelSteps::Work(LaunchRunner& worker, int64_t first) {
  for (int64_t dealt = first, slice; (slice = Claim(dealt)) >= 0;) {
    try {
      worker.BeginSlice(slice * m_slices.steps);
      for (int64_t i = 0; i < m_slices.steps; ++i) {
        StepRecord record = worker.RunCapturedStep();
        const bool ends_slice = record.error || record.depends_on_earlier_slices;
        if (!Publish(slice, std::move(record), ends_slice) || ends_slice) break;
      }
    } catch (...) {
      {
        std::lock_guard lock(m_mutex);
        m_records[static_cast<std::size_t>(slice)].failure = std::current_exception();
      }
      m_runner_wake.notify_one();
      return;
    }
  }
}

bool ParallelSteps::Publish(int64_t slice, StepRecord record, bool ends_slice) {
  std::unique_lock lock(m_mutex);
  m_pending_bytes += record.Bytes();
  SliceRecords& records = m_records[static_cast<std::size_t>(slice)];
  records.ready.push_back(std::move(record));
  records.ended_early = ends_slice;
  if (m_runner_wants > 0 && slice == m_taking && (records.ready.size() >= m_runner_wants || ends_slice)) {
    m_runner_wants = 0;
    lock.unlock();
    m_runner_wake.notify_one();
    lock.lock();
  }
  if (slice != m_taking && m_pending_bytes > kPendingBudgetBytes) {
    ++m_budget_waiters;
    m_workers_wake.wait(lock, [&] { return m_stop || slice == m_taking || m_pending_bytes <= kResumeBytes; });
    --m_budget_waiters;
  }
  return !m_stop;
}

bool ParallelSteps::RunnerReaches(int64_t slice) {
  std::unique_lock lock(m_mutex);
  assert(slice >= m_taking && "the runner reaches the slices in grid order");
  const int64_t taking = std::exchange(m_taking, slice);
  const bool wake_workers = SettleAdopted(taking);
  // A slice no worker has claimed is the runner's, whoever it was dealt to: its worker is behind.
  const bool own = !m_claimed[static_cast<std::size_t>(slice)];
  m_claimed[static_cast<std::size_t>(slice)] = true;
  lock.unlock();
  if (wake_workers) m_workers_wake.notify_all();
  return own;
}

bool ParallelSteps::SettleAdopted(int64_t taking_before) {
  m_pending_bytes -= m_adopted_bytes;
  m_adopted_bytes = 0;
  // A moved window lets waiting workers claim a slice, and publish for the slice now taken from; fewer
  // bytes held may let a worker held by the budget go on.
  return (m_taking != taking_before && m_window_waiters + m_budget_waiters > 0) ||
         (m_budget_waiters > 0 && m_pending_bytes <= kResumeBytes);
}

StepRecord ParallelSteps::Take(int64_t step) {
  if (m_batch.empty()) TakeBatch(step);
  StepRecord record = std::move(m_batch.front());
  m_batch.pop_front();
  m_adopted_bytes += record.Bytes();
  return record;
}

void ParallelSteps::TakeBatch(int64_t step) {
  const int64_t slice = step / m_slices.steps;
  const auto left = static_cast<std::size_t>((slice + 1) * m_slices.steps - step);
  const std::size_t wants = std::min(kBatchRecords, left);
  std::unique_lock lock(m_mutex);
  assert(slice == m_taking && "steps are taken in grid order");
  if (SettleAdopted(m_taking)) m_workers_wake.notify_all();  // before waiting: a held worker may go on
  SliceRecords& records = m_records[static_cast<std::size_t>(slice)];
  const auto ready = [&] { return records.ready.size() >= wants || records.ended_early || records.failure; };
  while (!ready()) {
    m_runner_wants = wants;
    m_runner_wake.wait(lock);
  }
  m_runner_wants = 0;
  if (records.ready.empty()) std::rethrow_exception(records.failure);
  const auto taken = static_cast<int64_t>(records.ready.size());
  for (StepRecord& record : records.ready) m_batch.push_back(std::move(record));
  records.ready.clear();
  const int64_t taking = std::exchange(m_taking, (step + taken) / m_slices.steps);
  const bool wake_workers = SettleAdopted(taking);
  lock.unlock();
  if (wake_workers) m_workers_wake.notify_all();
}

}  // namespace tilewalk::tpu
