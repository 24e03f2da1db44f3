#include "kernels/flash/flash_error.hpp"

#include <utility>

namespace tilewalk::flash {

void RaiseArgumentError(tpu::ErrorType type, const char* site, std::string message, base::SourceSite where) {
  throw tpu::KernelException(
      tpu::KernelError{type, tpu::Phase::ArgumentCheck, tpu::InternSite(site, where), std::move(message)});
}

std::string ErrorAdvice(const tpu::KernelError& e, const std::string& launch) {
  const std::string in = launch.empty() ? "" : " (launch " + launch + ")";
  switch (e.type) {
    case tpu::ErrorType::ValueError:
    case tpu::ErrorType::TypeError:
    case tpu::ErrorType::NotImplementedError:
    case tpu::ErrorType::ZeroDivisionError:
    case tpu::ErrorType::AssertionError:
    case tpu::ErrorType::AttributeError:
    case tpu::ErrorType::IndexError:
      return "The original rejects this scenario" + in + "; change the setting it names.";
    case tpu::ErrorType::OutOfVmem:
    case tpu::ErrorType::OutOfSmem:
    case tpu::ErrorType::BlockShapeError:
      return "The compiler would refuse this launch" + in + "; use other block sizes.";
    case tpu::ErrorType::IndexMapError:
    case tpu::ErrorType::OutputRevisited:
      return "The real kernel would not report this: it would move the wrong data" + in +
             ". The TPU model stops here so that you can see where; change the shapes or block sizes.";
  }
  return {};
}

}  // namespace tilewalk::flash
