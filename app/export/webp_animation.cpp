#include "app/export/webp_animation.hpp"

#include <webp/mux.h>

#include <cmath>

#include "app/export/library_symbol.hpp"
#include "app/export/webp_picture.hpp"

namespace tilewalk::app {

// Only the declarations of libwebp's headers are used, through decltype: nothing links against libwebp.
// dlsym on libwebpmux's handle also finds the picture functions of libwebp, which libwebpmux needs.
struct WebpAnimationEncoder::Functions {
  decltype(&WebPAnimEncoderOptionsInitInternal) options_init = nullptr;
  decltype(&WebPAnimEncoderNewInternal) encoder_new = nullptr;
  decltype(&WebPAnimEncoderAdd) add = nullptr;
  decltype(&WebPAnimEncoderAssemble) assemble = nullptr;
  decltype(&WebPAnimEncoderGetError) get_error = nullptr;
  decltype(&WebPAnimEncoderDelete) encoder_delete = nullptr;
  WebpPictureFunctions picture;
  decltype(&WebPFree) free = nullptr;
};

namespace {

// Lossless, at libwebp's speed level 1 (of 0-9), as the still frames. On the causal tour's grid and memory
// animations it averages 130 KiB a file, as lossy does at quality 75 (128 KiB; 193 KiB at 90), and keeps
// every pixel as drawn, where lossy softens the one-pixel hatches and the text. Either way the encoder
// writes only the rectangle that changed since the last frame, and merges frames that did not change.
constexpr int kAnimationLosslessLevel = 1;

std::string AnimError(const WebpAnimationEncoder::Functions& f, void* anim, const char* what) {
  const char* said = f.get_error(static_cast<WebPAnimEncoder*>(anim));
  return std::string("libwebp could not ") + what +
         (said != nullptr && *said != '\0' ? ": " + std::string(said) : "");
}

}  // namespace

base::Result<std::shared_ptr<const WebpAnimationEncoder>> WebpAnimationEncoder::Load(const char* library) {
  std::shared_ptr<WebpAnimationEncoder> encoder(new WebpAnimationEncoder());
  encoder->m_library = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  const std::string install =
      "install Debian's libwebpmux3 (apt-get install libwebpmux3, which libwebp-dev and "
      "scripts/install-deps.sh pull in), or drop --motion";
  if (encoder->m_library == nullptr)
    return base::Fail(base::Reason::NotFound, "--motion needs " + std::string(library) +
                                                  " for animated WebP, which could not be loaded; " +
                                                  install);
  auto f = std::make_unique<Functions>();
  void* lib = encoder->m_library;
  if (!FindSymbol(lib, "WebPAnimEncoderOptionsInitInternal", f->options_init) ||
      !FindSymbol(lib, "WebPAnimEncoderNewInternal", f->encoder_new) ||
      !FindSymbol(lib, "WebPAnimEncoderAdd", f->add) ||
      !FindSymbol(lib, "WebPAnimEncoderAssemble", f->assemble) ||
      !FindSymbol(lib, "WebPAnimEncoderGetError", f->get_error) ||
      !FindSymbol(lib, "WebPAnimEncoderDelete", f->encoder_delete) || !f->picture.Find(lib) ||
      !FindSymbol(lib, "WebPFree", f->free))
    return base::Fail(base::Reason::NotFound,
                      std::string(library) +
                          " lacks the animation encoder's functions (is it libwebp 1.0 or "
                          "later?); " +
                          install);
  encoder->m_functions = std::move(f);
  return std::shared_ptr<const WebpAnimationEncoder>(std::move(encoder));
}

WebpAnimationEncoder::~WebpAnimationEncoder() {
  if (m_library != nullptr) dlclose(m_library);
}

base::Result<std::unique_ptr<WebpAnimation>> WebpAnimationEncoder::Start(PixelSize size, int fps) const {
  if (size.width <= 0 || size.height <= 0 || fps <= 0)
    return base::Fail(base::Reason::Malformed, "an animation of " + std::to_string(size.width) + "x" +
                                                   std::to_string(size.height) + " pixels at " +
                                                   std::to_string(fps) + " frames a second");
  const Functions& f = *m_functions;
  WebPAnimEncoderOptions options;
  if (!f.options_init(&options, WEBP_MUX_ABI_VERSION))
    return base::Fail(base::Reason::System, "this libwebpmux does not match its header");
  options.anim_params.loop_count = 0;        // for ever
  options.anim_params.bgcolor = 0xFF000000;  // opaque black, under nothing: every frame is opaque
  options.allow_mixed = 0;                   // every frame lossless
  WebPAnimEncoder* anim = f.encoder_new(size.width, size.height, &options, WEBP_MUX_ABI_VERSION);
  if (anim == nullptr) return base::Fail(base::Reason::System, "libwebp could not start an animation");
  return std::make_unique<WebpAnimation>(shared_from_this(), f, anim, size, fps);
}

WebpAnimation::WebpAnimation(std::shared_ptr<const WebpAnimationEncoder> encoder,
                             const WebpAnimationEncoder::Functions& f, void* anim, PixelSize size, int fps)
    : m_encoder(std::move(encoder)), m_f(f), m_anim(anim), m_size(size), m_fps(fps) {}

WebpAnimation::~WebpAnimation() {
  m_f.encoder_delete(static_cast<WebPAnimEncoder*>(m_anim));
}

int WebpAnimation::TimestampMs(int frame) const {
  return static_cast<int>(std::lround(1000.0 * frame / m_fps));
}

base::Status WebpAnimation::Add(const RgbaImage& frame) {
  if (frame.width != m_size.width || frame.height != m_size.height)
    return base::Fail(base::Reason::Malformed,
                      "a " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                          " frame in an animation of " + std::to_string(m_size.width) + "x" +
                          std::to_string(m_size.height));
  WebPConfig config;
  WebPPicture picture;
  if (const base::Status made = LosslessPicture(m_f.picture, frame, kAnimationLosslessLevel, config, picture);
      !made)
    return made;
  const bool added = m_f.add(static_cast<WebPAnimEncoder*>(m_anim), &picture, TimestampMs(m_frames), &config);
  m_f.picture.picture_free(&picture);
  if (!added) return base::Fail(base::Reason::System, AnimError(m_f, m_anim, "add a frame"));
  ++m_frames;
  return {};
}

base::Result<std::string> WebpAnimation::Finish() {
  auto* anim = static_cast<WebPAnimEncoder*>(m_anim);
  // A last call without a picture says when the last frame ends.
  if (!m_f.add(anim, nullptr, TimestampMs(m_frames), nullptr))
    return base::Fail(base::Reason::System, AnimError(m_f, m_anim, "end the animation"));
  WebPData data{.bytes = nullptr, .size = 0};
  if (!m_f.assemble(anim, &data))
    return base::Fail(base::Reason::System, AnimError(m_f, m_anim, "assemble the animation"));
  std::string bytes(reinterpret_cast<const char*>(data.bytes), data.size);
  m_f.free(const_cast<std::uint8_t*>(data.bytes));
  return bytes;
}

}  // namespace tilewalk::app
