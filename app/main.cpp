// tilewalk's entry point; everything lives in tilewalk::app (cli.hpp).
#include <csignal>

#include "app/cli.hpp"
#include "kernels/tpu/host_heap.hpp"

int main(int argc, char** argv) {
  // Each Apply, seek and export runs launches whose arrays are the size of the last run's: keep its pages.
  tilewalk::tpu::KeepFreedMemoryForReuse();
  // A write past the file-size limit (ulimit -f) then fails with EFBIG and is reported like a full disk,
  // with the partial file removed, instead of the process being killed mid-write.
  std::signal(SIGXFSZ, SIG_IGN);
  return tilewalk::app::Main(argc, argv);
}
