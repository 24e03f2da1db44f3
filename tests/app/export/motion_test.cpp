// export --motion's parts that need no GL: the animated WebP encoder, checked by decoding what it writes
// with libwebp's own animation decoder (frames, their pixels and times, rows given bottom first, the same
// bytes twice, a wrong frame refused, a missing library named by its package), and the model-time span a
// stop animates, against the recording's own clock.
#include <doctest/doctest.h>
#include <webp/demux.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "app/export/motion_span.hpp"
#include "app/export/webp_animation.hpp"
#include "kernels/flash/scenario_options.hpp"

namespace tilewalk::app {
namespace motion_test {

using Rgb = std::array<std::uint8_t, 3>;

// A frame of one colour, with its top row `top` (to see which way up the rows are read).
std::vector<std::uint8_t> Frame(int width, int height, Rgb colour, Rgb top) {
  std::vector<std::uint8_t> rgba;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const Rgb& c = y == 0 ? top : colour;
      rgba.insert(rgba.end(), {c[0], c[1], c[2], 255});
    }
  return rgba;
}

struct Decoded {
  int width = 0, height = 0, loops = -1;
  std::vector<std::vector<std::uint8_t>> frames;
  std::vector<int> end_ms;  // when each decoded frame ends
};

Decoded Decode(const std::string& bytes) {
  Decoded out;
  const WebPData data{.bytes = reinterpret_cast<const std::uint8_t*>(bytes.data()), .size = bytes.size()};
  WebPAnimDecoderOptions options;
  REQUIRE(WebPAnimDecoderOptionsInit(&options));
  options.color_mode = MODE_RGBA;
  WebPAnimDecoder* decoder = WebPAnimDecoderNew(&data, &options);
  REQUIRE(decoder != nullptr);
  WebPAnimInfo info;
  REQUIRE(WebPAnimDecoderGetInfo(decoder, &info));
  out.width = static_cast<int>(info.canvas_width);
  out.height = static_cast<int>(info.canvas_height);
  out.loops = static_cast<int>(info.loop_count);
  while (WebPAnimDecoderHasMoreFrames(decoder)) {
    std::uint8_t* pixels = nullptr;
    int timestamp = 0;
    REQUIRE(WebPAnimDecoderGetNext(decoder, &pixels, &timestamp));
    out.frames.emplace_back(pixels, pixels + static_cast<std::size_t>(out.width) * out.height * 4);
    out.end_ms.push_back(timestamp);
  }
  WebPAnimDecoderDelete(decoder);
  return out;
}

std::shared_ptr<const WebpAnimationEncoder> Encoder() {
  auto encoder = WebpAnimationEncoder::Load();
  REQUIRE_MESSAGE(encoder, (encoder ? "" : encoder.error().message));
  return *encoder;
}

std::string Encode(const std::vector<std::vector<std::uint8_t>>& frames, int width, int height,
                   bool bottom_up) {
  auto animation = Encoder()->Start({.width = width, .height = height}, 30);
  REQUIRE(animation);
  for (const auto& f : frames)
    REQUIRE((*animation)->Add({.width = width, .height = height, .rgba = f, .bottom_up = bottom_up}));
  CHECK((*animation)->frame_count() == static_cast<int>(frames.size()));
  auto bytes = (*animation)->Finish();
  REQUIRE(bytes);
  return *bytes;
}

constexpr Rgb kRed{200, 30, 30}, kBlue{30, 30, 200}, kWhite{255, 255, 255};

TEST_CASE("animated WebP: libwebp decodes every frame back, lossless, each shown 1/30 s, looping") {
  const auto red = Frame(8, 6, kRed, kRed), blue = Frame(8, 6, kBlue, kBlue);
  const std::string bytes = Encode({red, red, blue}, 8, 6, false);
  REQUIRE(bytes.size() > 12);
  CHECK(bytes.substr(0, 4) == "RIFF");
  CHECK(bytes.substr(8, 4) == "WEBP");
  CHECK(bytes.find("ANIM") != std::string::npos);
  const Decoded d = Decode(bytes);
  CHECK(d.width == 8);
  CHECK(d.height == 6);
  CHECK(d.loops == 0);  // for ever
  // The repeated frame is merged into the first, which then lasts two frames' time.
  REQUIRE(d.frames.size() == 2);
  CHECK(d.frames[0] == red);
  CHECK(d.frames[1] == blue);
  CHECK(d.end_ms == std::vector<int>{67, 100});
  CHECK(Encode({red, red, blue}, 8, 6, false) == bytes);  // the same frames, the same bytes
}

TEST_CASE("animated WebP: rows given bottom first, as GL reads them, come out top first") {
  const std::string bytes = Encode({Frame(4, 3, kRed, kWhite), Frame(4, 3, kBlue, kWhite)}, 4, 3, true);
  const Decoded d = Decode(bytes);
  REQUIRE(d.frames.size() == 2);
  // The first row given is the bottom one: white, at the picture's last row.
  CHECK(d.frames[0][0] == kRed[0]);
  CHECK(d.frames[0][(3 - 1) * 4 * 4] == kWhite[0]);
}

TEST_CASE("animated WebP: a frame of another size is refused, saying both sizes") {
  auto animation = Encoder()->Start({.width = 8, .height = 6}, 30);
  REQUIRE(animation);
  const auto small = Frame(4, 3, kRed, kRed);
  const base::Status added = (*animation)->Add({.width = 4, .height = 3, .rgba = small});
  REQUIRE_FALSE(added);
  CHECK(added.error().message.find("4x3") != std::string::npos);
  CHECK(added.error().message.find("8x6") != std::string::npos);
  CHECK_FALSE(Encoder()->Start({.width = 0, .height = 6}, 30));
}

TEST_CASE(
    "export --motion: a missing libwebpmux is named with its Debian package, before anything is drawn") {
  const auto missing = WebpAnimationEncoder::Load("libwebpmux-not-installed.so.3");
  REQUIRE_FALSE(missing);
  CHECK(missing.error().reason == base::Reason::NotFound);
  CHECK(missing.error().message.find("libwebpmux3") != std::string::npos);
  CHECK(missing.error().message.find("--motion") != std::string::npos);
  // A library that is there but has no animation encoder says so.
  const auto wrong = WebpAnimationEncoder::Load("libwebp.so.7");
  REQUIRE_FALSE(wrong);
  CHECK(wrong.error().message.find("lacks the animation encoder") != std::string::npos);
}

std::unique_ptr<walkthrough::Recording> Record() {
  flash::Scenario s;
  s.q_len = s.kv_len = 512;
  s.causal = true;
  return walkthrough::Recording::Record(flash::Erased(s));
}

TEST_CASE("motion span: a stop's grid step and the next two on the model's clock, cut at the launch's end") {
  const auto rec = Record();
  REQUIRE(rec);
  const int64_t steps = rec->StepCount(0);
  REQUIRE(steps >= 6);
  const uint64_t landing = *rec->FirstEventOfStep(0, 1) + 1;  // inside step 1
  const auto span = StopMotionSpan(*rec, landing, 3);
  REQUIRE(span);
  CHECK(span->launch == 0);
  CHECK(span->first_step == 1);
  CHECK(span->last_step == 3);
  CHECK(span->from_us == rec->TimeOfEvent(landing));
  CHECK(span->to_us == rec->TimeOfEvent(*rec->FirstEventOfStep(0, 4)));
  CHECK(span->RateUsPerSecond(3.0) == doctest::Approx((span->to_us - span->from_us) / 3.0));

  const auto last = StopMotionSpan(*rec, *rec->FirstEventOfStep(0, steps - 1), 3);
  REQUIRE(last);
  CHECK(last->first_step == steps - 1);
  CHECK(last->last_step == steps - 1);
  CHECK(last->to_us == rec->LaunchStartTime(1));

  CHECK_FALSE(StopMotionSpan(*rec, rec->EventCount(), 3));  // past the end
}

}  // namespace motion_test
}  // namespace tilewalk::app
