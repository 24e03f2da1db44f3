// The heap setting the app's main makes: a launch's worth of arrays, freed and allocated again, reuses
// the pages the first round faulted in. With glibc's defaults the second round faults every page again.
#include <doctest/doctest.h>
#include <sys/resource.h>

#include <cstring>
#include <vector>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/host_heap.hpp"
#include "tests/base/scratch.hpp"

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
  const auto end = tilewalk::base::testing::RunForked([] {
    // A sanitizer's allocator ignores the setting: there is nothing to check then.
    if (!KeepFreedMemoryForReuse()) return 0;
    const long first = FaultsOfOneRound();
    const long second = FaultsOfOneRound();
    return first >= 8000 && second < 100 ? 0 : 1;
  });
  CHECK(end.exited);
  CHECK(end.code == 0);
}
