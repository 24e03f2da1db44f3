// The heap setting the app's main makes: a launch's worth of arrays, freed and allocated again, reuses
// the pages the first round faulted in. With glibc's defaults the second round faults every page again.
#include <doctest/doctest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/host_heap.hpp"

using namespace tilewalk::tpu;

namespace {

long MinorFaults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// Eight arrays of 4 MiB (8192 pages in all), each written through, then freed: the page faults it took.
long FaultsOfOneRound() {
  const long before = MinorFaults();
  {
    std::vector<Array> arrays;
    for (int i = 0; i < 8; ++i) {
      arrays.emplace_back(Shape{1024, 1024}, DType::F32);
      std::memset(arrays.back().RawData(), 1, arrays.back().bytes());
    }
  }
  return MinorFaults() - before;
}

}  // namespace

TEST_CASE("host heap: arrays freed and allocated again reuse the pages they had") {
  // In a forked child, whose heap holds nothing from the other tests and whose setting dies with it.
  const pid_t child = fork();
  if (child == 0) {
    // A sanitizer's allocator ignores the setting: there is nothing to check then.
    if (!KeepFreedMemoryForReuse()) _exit(0);
    const long first = FaultsOfOneRound();
    const long second = FaultsOfOneRound();
    _exit(first >= 8000 && second < 100 ? 0 : 1);
  }
  int status = 0;
  REQUIRE(child > 0);
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
