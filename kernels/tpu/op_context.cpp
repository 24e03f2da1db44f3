#include "kernels/tpu/op_context.hpp"

namespace tilewalk::tpu {

namespace {
thread_local OpContext g_default_context;
thread_local OpContext* g_current = nullptr;
}  // namespace

const char* PrecisionName(Precision p) {
  return p == Precision::Default ? "default" : "highest";
}

OpContext& CurrentOpContext() {
  return g_current ? *g_current : g_default_context;
}

ScopedOpContext::ScopedOpContext(Precision precision, bool tracing) : m_previous(g_current) {
  m_context.precision = precision;
  m_context.tracing = tracing;
  g_current = &m_context;
}

ScopedOpContext::~ScopedOpContext() {
  g_current = m_previous;
}

}  // namespace tilewalk::tpu
