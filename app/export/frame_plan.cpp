#include "app/export/frame_plan.hpp"

#include <array>

namespace tilewalk::app {
namespace {

constexpr std::array<std::string_view, 4> kEveryNames = {"statement", "dma", "step", "stop"};

bool Drawn(const tpu::Event& event, FrameEvery every) {
  switch (every) {
    case FrameEvery::Statement:
      return true;
    case FrameEvery::Dma:
      return event.kind == tpu::EventKind::CopyIn || event.kind == tpu::EventKind::Writeback;
    case FrameEvery::Step:
      return event.kind == tpu::EventKind::StepBegin;
    case FrameEvery::Stop:
      return false;
  }
  return false;
}

}  // namespace

std::optional<FrameEvery> ParseFrameEvery(std::string_view name) {
  for (std::size_t i = 0; i < kEveryNames.size(); ++i)
    if (kEveryNames[i] == name) return static_cast<FrameEvery>(i);
  return std::nullopt;
}

std::string_view FrameEveryName(FrameEvery every) {
  return kEveryNames[static_cast<std::size_t>(every)];
}

std::vector<std::uint64_t> PlanFrames(const walkthrough::Recording& recording, std::uint64_t first,
                                      FrameEvery every, FrameSpan span) {
  std::vector<std::uint64_t> frames{first};
  if (every == FrameEvery::Stop) return frames;
  const std::int64_t step = recording.StepOf(first);
  const std::uint64_t end =
      span == FrameSpan::Whole ? recording.EventCount() : recording.EventRange(recording.LaunchOf(first)).end;
  for (std::uint64_t e = first + 1; e < end; ++e) {
    const tpu::Event& event = recording.EventAt(e);
    if (span == FrameSpan::Natural && every == FrameEvery::Statement && event.step != step) break;
    if (Drawn(event, every)) frames.push_back(e);
  }
  return frames;
}

}  // namespace tilewalk::app
