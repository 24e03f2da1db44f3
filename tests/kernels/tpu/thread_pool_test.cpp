// The kept threads behind the launches' workers: every task of a group runs before Wait returns, a task
// waiting on one queued after it is not stuck behind it, groups run one after another reuse a thread
// rather than start one each, and a child process made by fork runs tasks on threads of its own.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include "kernels/tpu/thread_pool.hpp"
#include "tests/base/scratch.hpp"

using namespace tilewalk::tpu;

TEST_CASE("thread pool: Wait returns once every task of the group has run") {
  std::atomic<int> finished{0};
  TaskGroup group;
  for (int i = 0; i < 8; ++i)
    group.Run([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      finished.fetch_add(1);
    });
  group.Wait();
  CHECK(finished.load() == 8);
  group.Run([&] { finished.fetch_add(1); });  // a group can be used again after Wait
  group.Wait();
  CHECK(finished.load() == 9);
}

TEST_CASE("thread pool: a task waiting on a task queued after it gets a thread of its own") {
  std::promise<void> second_ran;
  std::atomic<bool> first_saw_it{false};
  TaskGroup group;
  group.Run([&, ran = second_ran.get_future().share()] {
    first_saw_it = ran.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
  });
  group.Run([&] { second_ran.set_value(); });
  group.Wait();
  CHECK(first_saw_it.load());
}

TEST_CASE("thread pool: the destructor waits for the group's tasks") {
  std::atomic<bool> done{false};
  {
    TaskGroup group;
    group.Run([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      done = true;
    });
  }
  CHECK(done.load());
}

TEST_CASE("thread pool: after fork, groups run one after another share one new thread") {
  TaskGroup warm;  // the parent's pool has threads, which the child does not inherit
  warm.Run([] {});
  warm.Wait();
  // In a forked child, where the pool starts empty.
  const auto end = tilewalk::base::testing::RunForked([] {
    std::mutex mutex;
    std::set<std::thread::id> ran_on;
    for (int i = 0; i < 200; ++i) {
      TaskGroup group;
      group.Run([&] {
        std::lock_guard lock(mutex);
        ran_on.insert(std::this_thread::get_id());
      });
      group.Wait();
    }
    return ran_on.size() == 1 && !ran_on.contains(std::this_thread::get_id()) ? 0 : 1;
  });
  CHECK(end.exited);
  CHECK(end.code == 0);
}
