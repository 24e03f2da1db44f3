#include "kernels/tpu/kernel_error.hpp"

namespace tilewalk::tpu {

std::string_view ErrorTypeName(ErrorType t) {
  switch (t) {
    case ErrorType::ValueError:
      return "ValueError";
    case ErrorType::TypeError:
      return "TypeError";
    case ErrorType::NotImplementedError:
      return "NotImplementedError";
    case ErrorType::OutOfVmem:
      return "OutOfVmemError";
    case ErrorType::BlockShapeError:
      return "ValueError";  // what Pallas raises for the (8, 128) rule
    case ErrorType::IndexMapError:
      return "IndexMapError";
    case ErrorType::OutputRevisited:
      return "OutputRevisitedError";
    case ErrorType::ZeroDivisionError:
      return "ZeroDivisionError";
    case ErrorType::OutOfSmem:
      return "OutOfSmemError";
    case ErrorType::AssertionError:
      return "AssertionError";
    case ErrorType::AttributeError:
      return "AttributeError";
    case ErrorType::IndexError:
      return "IndexError";
  }
  return "?";
}

std::string_view PhaseName(Phase p) {
  switch (p) {
    case Phase::ArgumentCheck:
      return "argument check";
    case Phase::Tracing:
      return "tracing";
    case Phase::Lowering:
      return "lowering";
    case Phase::Execution:
      return "execution";
  }
  return "?";
}

std::string KernelError::Describe() const {
  return std::string(ErrorTypeName(type)) + ": " + message + " (raised during " +
         std::string(PhaseName(phase)) + ")";
}

}  // namespace tilewalk::tpu
