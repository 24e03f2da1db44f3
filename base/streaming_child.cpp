#include "base/streaming_child.hpp"

#include "base/child_core.hpp"

namespace tilewalk::base {

Result<StreamingChild> StreamingChild::Start(const ChildSpec& spec) {
  auto core = std::make_unique<detail::ChildCore>(spec, true);
  if (core->done()) {
    if (auto status = core->run().Status(); !status) return status.error();
    return Error{Reason::ChildFailed, core->run().name + " ended before it was given any input"};
  }
  return StreamingChild(std::move(core));
}

StreamingChild::StreamingChild(std::unique_ptr<detail::ChildCore> core) : m_core(std::move(core)) {}
StreamingChild::StreamingChild(StreamingChild&&) noexcept = default;
StreamingChild& StreamingChild::operator=(StreamingChild&&) noexcept = default;
StreamingChild::~StreamingChild() = default;

Result<void> StreamingChild::Write(std::string_view bytes) {
  if (!m_core) return Error{Reason::Usage, "StreamingChild::Write was called on a moved-from child"};
  switch (m_core->WriteAll(bytes, m_core->spec().stall_limit)) {
    case detail::ChildCore::WriteEnd::Written:
      return Ok();
    case detail::ChildCore::WriteEnd::Closed:
      return Error{Reason::ChildFailed, m_core->run().name + " closed its input after " +
                                            std::to_string(m_core->bytes_written()) +
                                            " bytes; it probably failed, and its message tells why"};
    case detail::ChildCore::WriteEnd::Stalled:
    case detail::ChildCore::WriteEnd::Interrupted:
      break;
  }
  return m_core->run().Status();
}

ChildRun StreamingChild::Finish() {
  if (!m_core) return ChildRun{.name = "a moved-from child"};
  m_core->CloseStdin();
  const auto deadline = detail::ChildCore::Clock::now() + m_core->spec().time_limit;
  m_core->WaitUntil(deadline, "did not finish within " + DescribeDuration(m_core->spec().time_limit) +
                                  " after its input ended");
  return m_core->run();
}

const std::string& StreamingChild::name() const {
  return m_core->run().name;
}

}  // namespace tilewalk::base
