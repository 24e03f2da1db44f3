// Whether the window's back buffer still holds the frame last drawn after the swap, so that a frame may
// redraw only what changed. OpenGL leaves the back buffer undefined after a swap; Mesa's software
// rasterisers under X keep it, but they offer no GLX_EXT_buffer_age to say so. So it is proven here, in this
// window: while probing, each frame is read back after drawing and again after its swap, and the buffer
// counts as kept once two frames came back unchanged that each differ from every frame drawn before them (a
// chain of buffers that hands back an older, equal frame, or a fresh buffer that happens to look like the
// first frame, is not mistaken for a kept one). A frame that comes back changed, or no proof within
// kMaxProbes frames, and the answer is no for the window's life. Only a software
// rasteriser (GL_RENDERER names llvmpipe, softpipe or swrast) is probed: a GPU draws whole frames cheaply.
#pragma once

#include <cstdint>
#include <vector>

#include "app/pixel_size.hpp"

namespace tilewalk::app {

class BackBufferProbe {
 public:
  static constexpr int kProofs = 2;
  static constexpr int kMaxProbes = 120;

  bool Kept() const { return m_state == State::Kept; }
  // The answer is no for good: not a software rasteriser, or not kept.
  bool Refused() const { return m_state == State::NotKept || m_state == State::Hardware; }
  // "kept", "not kept", "probing", "not probed (GPU)": for a script's `check redraw`.
  const char* Verdict() const;
  // With the window's context current, before anything is drawn into the back buffer.
  void BeforeDrawing(PixelSize framebuffer);
  // With the frame drawn, before the swap.
  void AfterDrawing(PixelSize framebuffer);

 private:
  enum class State : std::uint8_t { Unknown, Probing, Kept, NotKept, Hardware };
  State m_state = State::Unknown;
  std::vector<std::uint8_t> m_drawn;  // the frame drawn last, as read before its swap
  PixelSize m_drawn_size{};
  std::vector<std::uint64_t> m_earlier;  // hashes of the frames drawn while probing
  int m_proofs = 0;                      // frames that came back unchanged, each unlike the frames before
  int m_probes = 0;
};

}  // namespace tilewalk::app
