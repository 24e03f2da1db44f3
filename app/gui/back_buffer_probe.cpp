#include "app/gui/back_buffer_probe.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cstring>
#include <string_view>

#include "app/gui/screenshot.hpp"

namespace tilewalk::app {
namespace {

bool SoftwareRasteriser() {
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  if (renderer == nullptr) return false;
  const std::string_view name(renderer);
  return name.find("llvmpipe") != std::string_view::npos || name.find("softpipe") != std::string_view::npos ||
         name.find("swrast") != std::string_view::npos;
}

std::uint64_t HashPixels(const std::vector<std::uint8_t>& pixels) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  std::size_t i = 0;
  for (; i + 8 <= pixels.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, pixels.data() + i, 8);
    h = (h ^ word) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  for (; i < pixels.size(); ++i) h = (h ^ pixels[i]) * 0x100000001b3ull;
  return h;
}

}  // namespace

const char* BackBufferProbe::Verdict() const {
  switch (m_state) {
    case State::Kept:
      return "kept";
    case State::NotKept:
      return "not kept";
    case State::Hardware:
      return "not probed (GPU)";
    case State::Unknown:
    case State::Probing:
      break;
  }
  return "probing";
}

void BackBufferProbe::BeforeDrawing(PixelSize framebuffer) {
  if (m_state == State::Unknown) m_state = SoftwareRasteriser() ? State::Probing : State::Hardware;
  if (m_state != State::Probing || m_drawn.empty()) return;
  const std::uint64_t drawn = HashPixels(m_drawn);
  const bool new_frame = std::find(m_earlier.begin(), m_earlier.end(), drawn) == m_earlier.end();
  m_earlier.push_back(drawn);
  if (framebuffer.width == m_drawn_size.width && framebuffer.height == m_drawn_size.height) {  // else resized
    if (ReadBackBuffer(framebuffer) != m_drawn) {
      m_state = State::NotKept;
    } else if (new_frame && ++m_proofs == kProofs) {
      m_state = State::Kept;
    } else if (++m_probes >= kMaxProbes) {
      m_state = State::NotKept;  // too few frames unlike the ones before: no proof
    }
  }
  m_drawn.clear();
  if (m_state != State::Probing) {
    m_earlier = {};
    m_drawn.shrink_to_fit();
  }
}

void BackBufferProbe::AfterDrawing(PixelSize framebuffer) {
  if (m_state != State::Probing) return;
  m_drawn = ReadBackBuffer(framebuffer);
  m_drawn_size = framebuffer;
}

}  // namespace tilewalk::app
