#include "kernels/tpu/thread_pool.hpp"

#include <pthread.h>

#include <cstddef>
#include <deque>
#include <new>
#include <thread>
#include <utility>

namespace tilewalk::tpu {

class ThreadPool {
 public:
  // The process's pool. It is never destroyed: its threads wait in it until the process ends.
  static ThreadPool& Get();
  void Submit(TaskGroup& group, std::function<void()> task);

 private:
  struct Queued {
    TaskGroup* group;
    std::function<void()> task;
  };
  void Serve();
  // Around fork: the pool's lock is held across it, so the child's copy of the queue is whole. None of
  // the threads exist in the child, which starts with no thread, a fresh lock and a fresh condition.
  void Forget();

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::deque<Queued> m_queue;
  std::size_t m_idle = 0;  // threads not running a task
};

namespace {
ThreadPool* g_pool = nullptr;
std::once_flag g_pool_made;
}  // namespace

ThreadPool& ThreadPool::Get() {
  std::call_once(g_pool_made, [] {
    g_pool = new ThreadPool;
    pthread_atfork([] { g_pool->m_mutex.lock(); }, [] { g_pool->m_mutex.unlock(); },
                   [] { g_pool->Forget(); });
  });
  return *g_pool;
}

void ThreadPool::Forget() {
  new (&m_mutex) std::mutex;
  new (&m_wake) std::condition_variable;
  m_queue.clear();  // the parent's tasks, whose groups wait in the parent
  m_idle = 0;
}

void ThreadPool::Submit(TaskGroup& group, std::function<void()> task) {
  std::lock_guard lock(m_mutex);
  if (m_queue.size() >= m_idle) {  // every idle thread has a task waiting for it already
    std::thread thread([this] { Serve(); });
#if !defined(__EMSCRIPTEN__)  // the web build never gets here (one thread), and its libc lacks the call
    pthread_setname_np(thread.native_handle(), "tilewalk-worker");
#endif
    thread.detach();
    ++m_idle;
  }
  m_queue.push_back({&group, std::move(task)});
  m_wake.notify_one();
}

void ThreadPool::Serve() {
  std::unique_lock lock(m_mutex);
  for (;;) {
    m_wake.wait(lock, [&] { return !m_queue.empty(); });
    Queued next = std::move(m_queue.front());
    m_queue.pop_front();
    --m_idle;
    lock.unlock();
    next.task();
    next.task = nullptr;  // what the task held goes before its group hears that it is done
    lock.lock();
    ++m_idle;  // before the group hears: a task its owner runs next finds this thread idle
    lock.unlock();
    next.group->Done();
    lock.lock();
  }
}

TaskGroup::~TaskGroup() {
  Wait();
}

void TaskGroup::Run(std::function<void()> task) {
  {
    std::lock_guard lock(m_mutex);
    ++m_running;
  }
  try {
    ThreadPool::Get().Submit(*this, std::move(task));
  } catch (...) {
    Done();
    throw;
  }
}

void TaskGroup::Wait() {
  std::unique_lock lock(m_mutex);
  m_done.wait(lock, [&] { return m_running == 0; });
}

void TaskGroup::Done() {
  // Notified under the lock: once Wait sees the count reach 0 the group may be gone, so nothing here may
  // touch it after the unlock.
  std::lock_guard lock(m_mutex);
  --m_running;
  m_done.notify_all();
}

}  // namespace tilewalk::tpu
