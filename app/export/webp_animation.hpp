// Animated WebP files through Debian's libwebpmux (WebPAnimEncoder), loaded at run time with dlopen
// (libwebpmux.so.3, from the package libwebpmux3, which pulls in libwebp7), as webp_file.hpp loads the
// still encoder: tilewalk runs without it, and only `export --motion` needs it. A machine without it gets
// a sentence naming the package before anything is recorded. Frames go in one at a time, so an animation
// of any length holds only the encoder's own few frames in memory; each is shown for 1/fps s, and the
// animation loops forever. The encoder runs single-threaded with fixed settings: the same frames give the
// same bytes.
#pragma once

#include <memory>
#include <string>

#include "app/pixel_size.hpp"
#include "app/screen/png_file.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

inline constexpr const char* kWebpMuxLibrary = "libwebpmux.so.3";

class WebpAnimation;

class WebpAnimationEncoder : public std::enable_shared_from_this<WebpAnimationEncoder> {
 public:
  // Loads `library` and finds the animation encoder; fails (Reason::NotFound) naming the Debian package.
  static base::Result<std::shared_ptr<const WebpAnimationEncoder>> Load(
      const char* library = kWebpMuxLibrary);
  WebpAnimationEncoder(const WebpAnimationEncoder&) = delete;
  WebpAnimationEncoder& operator=(const WebpAnimationEncoder&) = delete;
  ~WebpAnimationEncoder();

  // An animation of frames of `size` pixels shown `fps` times a second; it keeps this encoder alive.
  base::Result<std::unique_ptr<WebpAnimation>> Start(PixelSize size, int fps) const;

  struct Functions;

 private:
  WebpAnimationEncoder() = default;
  void* m_library = nullptr;
  std::unique_ptr<Functions> m_functions;
};

// One animation being encoded.
class WebpAnimation {
 public:
  WebpAnimation(std::shared_ptr<const WebpAnimationEncoder> encoder, const WebpAnimationEncoder::Functions& f,
                void* anim, PixelSize size, int fps);
  WebpAnimation(const WebpAnimation&) = delete;
  WebpAnimation& operator=(const WebpAnimation&) = delete;
  ~WebpAnimation();

  // Appends a frame of the animation's size (alpha dropped, as the still frames drop it). A frame the
  // same as the one before costs almost nothing: the encoder stretches the earlier one.
  base::Status Add(const RgbaImage& frame);
  int frame_count() const { return m_frames; }
  // The file's bytes: every frame added, the last shown for 1/fps s too. Call once.
  base::Result<std::string> Finish();

 private:
  int TimestampMs(int frame) const;  // when frame `frame` (from 0) starts

  std::shared_ptr<const WebpAnimationEncoder> m_encoder;  // so that the library outlives the animation
  const WebpAnimationEncoder::Functions& m_f;
  void* m_anim;  // WebPAnimEncoder
  PixelSize m_size;
  int m_fps;
  int m_frames = 0;
};

}  // namespace tilewalk::app
