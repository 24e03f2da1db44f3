// Running a launch's parallel grid axes on several threads. The grid is cut into slices along its leading
// "parallel" axes (for the forward pass, one slice per batch row, head and q block: the kv steps of one
// row of the grid); each slice is a contiguous run of grid steps that carries nothing over from the slice
// before it. The launch's runner is one of the threads. With W workers the slices are dealt out in turn:
// slice i goes to the runner when i mod (W + 1) is 0 and to worker i mod (W + 1) - 1 otherwise, so
// neighbouring slices, which cost about the same, run side by side. The deal is where each thread starts:
// a worker that is a window of rounds ahead of the runner takes the furthest slice in the window that no
// one has claimed, and the runner runs any slice it reaches that no worker has claimed, so a thread whose
// slices cost more (under a causal mask, alternate rows of dK/dV) hands some over. The runner runs its
// own slices as a serial run would. Each worker runs its slices ahead of the runner on its own copy of the
// machine (a task on the process's kept threads, thread_pool.hpp) and hands over a record of every step
// (step_record.hpp), which the runner adopts in grid order.
// Either way the runner's events, clock, statistics, buffers and outputs are those of a serial run, bit for
// bit.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <vector>

#include "kernels/tpu/grid_slices.hpp"
#include "kernels/tpu/step_record.hpp"
#include "kernels/tpu/thread_pool.hpp"

namespace tilewalk::tpu {

class LaunchRunner;

class ParallelSteps {
 public:
  // Starts `workers` tasks on the thread pool, each on its own copy of `runner`'s machine, which has run
  // no step yet.
  ParallelSteps(const LaunchRunner& runner, GridSlices slices, int workers);
  ~ParallelSteps();  // stops the workers and waits for them
  ParallelSteps(const ParallelSteps&) = delete;
  ParallelSteps& operator=(const ParallelSteps&) = delete;

  // The runner has reached `slice`; true when the slice is the runner's own to run.
  bool RunnerReaches(int64_t slice);
  // The record of `step`, once a worker has made it; steps are taken in grid order. A record that ends
  // its slice early (an error, or a step that depends on earlier slices) is the last one to take. The
  // runner takes records in batches, so it sleeps and wakes a few times per slice rather than per step.
  StepRecord Take(int64_t step);

 private:
  struct SliceRecords {
    std::deque<StepRecord> ready;
    bool ended_early = false;    // its last record is published before the slice's last step
    std::exception_ptr failure;  // a host exception in the worker, rethrown by Take
  };
  // Stops the workers and waits until none is running.
  void Stop();
  // Runs the slices a worker claims, beginning with those dealt to it from `first` on.
  void Work(LaunchRunner& worker, int64_t first);
  // A worker's next slice, claimed: its next dealt one (`dealt`, moved on past those claimed) when that
  // lies in the window, else an unclaimed one in the window; waits while there is none; -1 once every
  // slice is claimed or the workers stop.
  int64_t Claim(int64_t& dealt);
  // Publishes a step's record; returns false when the worker should stop. Once the records not yet
  // adopted exceed the budget, waits until the runner has adopted a good part of them, unless this is
  // the slice the runner is taking from.
  bool Publish(int64_t slice, StepRecord record, bool ends_slice);
  // The runner's side: waits until a batch of `step`'s slice is ready and moves it into m_batch.
  void TakeBatch(int64_t step);
  // Under the lock, once the runner has moved m_taking on from `taking_before` (or not): counts the
  // records adopted since it last held the lock as gone, and says whether waiting workers should wake.
  bool SettleAdopted(int64_t taking_before);

  GridSlices m_slices;
  int64_t m_stride = 1;  // threads, the runner's included: slices are dealt out in turn
  std::mutex m_mutex;
  // Each side is woken only when what it waits for has come true: the runner when its batch is ready,
  // the workers when a slice may be claimed or the records' memory has come down.
  std::condition_variable m_runner_wake, m_workers_wake;
  std::vector<SliceRecords> m_records;  // per slice
  std::vector<bool> m_claimed;          // per slice: someone runs it (the runner, or a worker)
  int64_t m_taking = 0;                 // the slice the runner runs or takes from
  std::size_t m_pending_bytes = 0;      // held by records not yet adopted (those in m_batch included)
  std::size_t m_runner_wants = 0;       // records of m_taking the runner is waiting for; 0: not waiting
  int m_window_waiters = 0, m_budget_waiters = 0;
  bool m_stop = false;
  std::vector<std::unique_ptr<LaunchRunner>> m_workers;
  // The runner's own, outside the lock: records moved out of m_records, and the bytes of those it has
  // adopted since it last took the lock (m_pending_bytes drops by them at the next batch).
  std::deque<StepRecord> m_batch;
  std::size_t m_adopted_bytes = 0;
  TaskGroup m_tasks;  // runs Work for each worker; last, so that it waits for them before any member goes
};

}  // namespace tilewalk::tpu
