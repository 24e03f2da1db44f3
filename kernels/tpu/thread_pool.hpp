// Threads kept for the launches' workers. Starting a thread took 0.4 to 1.1 ms on the development machine,
// once per launch, while the recording thread had already begun its own slices; a kept thread waiting for
// work starts a task within tens of microseconds. The process keeps one pool, which grows to the most
// tasks ever running at once and never shrinks: a task that waits on another task (a worker on the
// recording thread's progress, say) cannot hold up a task queued behind it, because a queued task with no
// idle thread to take it gets a new one. A child process made by fork starts with an empty pool.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>

namespace tilewalk::tpu {

// Tasks run on the pool's threads, and the group's owner waits for them. A task must not throw; the group
// must outlive its tasks, so its destructor waits for them too.
class TaskGroup {
 public:
  TaskGroup() = default;
  ~TaskGroup();
  TaskGroup(const TaskGroup&) = delete;
  TaskGroup& operator=(const TaskGroup&) = delete;

  // Hands `task` to an idle thread, or to a new one; throws std::system_error when no thread can be made.
  void Run(std::function<void()> task);
  // Returns once every task run so far has returned.
  void Wait();

 private:
  friend class ThreadPool;
  void Done();

  std::mutex m_mutex;
  std::condition_variable m_done;
  int m_running = 0;
};

}  // namespace tilewalk::tpu
