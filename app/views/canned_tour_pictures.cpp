#include "app/views/canned_tour_pictures.hpp"

#include <cmath>
#include <functional>
#include <memory>

namespace tilewalk::views {

namespace {

// A rows × cols heatmap painted from `at(r, c)`: t in [0, 1] on the colour ramp, or a negative t for a
// causally masked entry. The session paints real ones; these only have to look like them.
Heatmap Canned(std::string label, int rows, int cols, float lo, float hi,
               const std::function<float(int, int)>& at) {
  auto image = std::make_shared<HeatmapImage>();
  image->width = cols;
  image->height = rows;
  image->rgba.resize(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * 4);
  int masked = 0;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const float t = at(r, c);
      Rgb colour = ColourRamp(t);
      if (t < 0.0f) {
        ++masked;
        colour = ((r + c) & 3) < 2 ? kHatchLight : kHatchDark;
      }
      const std::size_t i =
          (static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c)) * 4;
      image->rgba[i] = colour.r;
      image->rgba[i + 1] = colour.g;
      image->rgba[i + 2] = colour.b;
      image->rgba[i + 3] = 0xFF;
    }
  }
  return {.label = std::move(label),
          .rows = rows,
          .cols = cols,
          .min = lo,
          .max = hi,
          .has_range = true,
          .masked = masked,
          .image = std::move(image)};
}

float Wave(int r, float k) {
  return 0.5f + 0.5f * std::sin(static_cast<float>(r) * k);
}

}  // namespace

SourcePicture CannedSourcePicture() {
  SourcePane cpp{
      .document = MakeSourceDocument(
          "forward_kernel.cpp (C++ mirror)", "forward_kernel.cpp", SourceLanguage::Cpp,
          {
              "// The running max, one 128-lane register row per q row.",
              "#include \"kernels/flash/forward_kernel.hpp\"",
              "",
              "void Body(Kernel& k) {",
              "  const Value m_prev = k.stmt(\"fwd.run.m_prev\", [&] { return m_scratch_ref[{0, 0}]; });",
              "  const Value m_curr = k.stmt(\"fwd.run.m_curr\", [&] { return max(s, 1); });",
              "  const Value m_next = k.stmt(\"fwd.run.m_next\", [&] { return maximum(m_prev, m_curr); });",
              "  /* a block comment",
              "     that spans two lines */",
              "  for (int i = 0; i < 128; ++i) k.tick(3.5e-2f);",
              "}",
          }),
      .lit_lines = {7},
      .passage_lines = {6, 7},
      .clickable = true};
  SourcePane py{.document = MakeSourceDocument(
                    "flash_attention.py (Pallas)", "flash_attention.py", SourceLanguage::Python,
                    {"def _flash_attention_kernel(q_ref, k_ref):", "  # the running max",
                     "  m_curr = jnp.max(s, axis=1)", "  m_next = jnp.maximum(m_prev,",
                     "                       m_curr)", "  return 'done'"}),
                .lit_lines = {4, 5},
                .passage_lines = {3, 4, 5},
                .clickable = true};
  return {.python = py, .cpp = cpp};
}

PassagePicture CannedPassagePicture() {
  return {.tour_title = "Does a causal kernel skip the blocks above the diagonal?",
          .stop_number = 2,
          .stop_count = 5,
          .stop_title = "The grid still visits every block",
          .narration =
              "The step above the diagonal is visited: its copies are issued.\n\nBut no arithmetic runs.",
          .passage_title = "Why the step runs at all",
          .passage_body = "The grid is a plain loop nest; a step cannot be removed from it, only emptied."};
}

MemoryPicture CannedMemoryPicture() {
  MemoryPicture p{.launch = "fwd", .copy_in_flight = "k (0,0,2,0) into slot 0"};
  p.inputs.push_back({.name = "q",
                      .slots = {{{true, "(0,0,1,0)", true, false}, {true, "(0,0,0,0)", false, false}}},
                      .reused = true});
  p.inputs.push_back(
      {.name = "k", .slots = {{{true, "(0,0,2,0)", true, true}, {true, "(0,0,1,0)", false, false}}}});
  p.inputs.push_back({.name = "v", .slots = {{{true, "(0,0,1,0)", true, false}, {false, "", false, false}}}});
  p.outputs.push_back({.name = "o",
                       .slots = {{{true, "(0,0,1,0)", true, false}, {true, "(0,0,0,0)", false, false}}},
                       .written_back = true});
  for (const char* name : {"m_scratch", "l_scratch", "acc_scratch"}) {
    const int cols = std::string(name) == "acc_scratch" ? 64 : 128;
    p.scratch.push_back({.text = std::string(name) + "  (1, 128, " + std::to_string(cols) + ") float32",
                         .tile = {.label = name, .rows = 128, .cols = cols}});
  }
  // In HBM: four q blocks and four kv blocks; k asks for block 2 while v, redirected, asks for block 0.
  p.inputs[0].hbm = {.rows = 4, .cols = 1, .cells = {1, 1, 0, 0}, .wanted = 1};
  p.inputs[1].hbm = {.rows = 4, .cols = 1, .cells = {0, 1, 1, 0}, .wanted = 2};
  p.inputs[2].hbm = {.rows = 4, .cols = 1, .cells = {1, 0, 0, 0}, .wanted = 0, .naive = 3};
  p.outputs[0].hbm = {.rows = 4, .cols = 1, .cells = {3, 1, 0, 0}, .wanted = 1};
  p.redirect = "Redirect: v asks for (0,0,0,0); a naive map would ask for (0,0,3,0).";
  p.has_naive = true;
  p.bytes_in = 5u << 17;
  p.naive_bytes_in = 7u << 17;
  p.launch_bytes_in = 3u << 20;
  p.launch_naive_bytes_in = 4u << 20;
  return p;
}

TimelinePicture CannedTimelinePicture() {
  // On the time axis the forward launch takes a third of the time of the two backward ones together.
  TimelinePicture p{.event_count = 3000,
                    .cursor = 812,
                    .landing = 790,
                    .total_us = 90.0,
                    .cursor_us = 17.5,
                    .landing_us = 17.0};
  p.launches = {{"fwd", 0, 1000, 0.0, 22.5}, {"dkv", 1000, 2000, 22.5, 58.5}, {"dq", 2000, 3000, 58.5, 90.0}};
  auto time_of = [&](std::uint64_t e) {
    const TimelineBand& band = p.launches[static_cast<std::size_t>(e / 1000)];
    return band.start_us + (band.end_us - band.start_us) * static_cast<double>(e % 1000) / 1000.0;
  };
  auto add = [&](std::uint64_t first, std::uint64_t every, MarkerKind kind) {
    for (std::uint64_t e = first; e < 3000; e += every) p.markers.push_back({e, kind, time_of(e)});
  };
  add(10, 97, MarkerKind::IssuedCopy);
  add(40, 211, MarkerKind::SkippedCopy);
  add(90, 333, MarkerKind::Writeback);
  add(120, 400, MarkerKind::SkippedStep);
  p.markers.push_back({2999, MarkerKind::Error, time_of(2999)});
  p.position = "event 813 of 3000  fwd step 6/16 (0, 0, 1, 1)  12.30 µs into fwd (est.)";
  p.statement = "matmul at fwd.run.s";
  return p;
}

LanesPicture CannedLanesPicture() {
  LanesPicture p{.launch = "fwd",
                 .m_from = "m_next",
                 .l_from = "l_scratch",
                 .m_lanes_equal = true,
                 .l_lanes_equal = true,
                 .tile_repeats = 2,
                 .score_cols = 256,
                 .has_alpha = true,
                 .rows_rescaled = 43,
                 .alpha_min = 0.02f};
  // Every lane of a row alike: the value depends on the row only.
  p.m = Canned("m", 128, 128, -3.1f, 4.7f, [](int r, int) { return Wave(r, 0.37f); });
  p.l = Canned("l", 128, 128, 1.0f, 9.6f, [](int r, int) { return Wave(r, 0.11f); });
  p.alpha =
      Canned("alpha", 128, 128, 0.02f, 1.0f, [](int r, int) { return r % 3 == 0 ? Wave(r, 0.9f) : 1.0f; });
  return p;
}

ScoresPicture CannedScoresPicture() {
  ScoresPicture p{.launch = "fwd",
                  .s_from = "fwd.run.apply_mask",
                  .p_from = "fwd.run.p",
                  .has_p = true,
                  .has_causal = true,
                  .causal_masked = 128 * 127 / 2,
                  .m_tiles = 1,
                  .mask_added = true};
  p.s = Canned("s", 128, 128, -5.2f, 6.8f, [](int r, int c) {
    return c > r ? -1.0f
                 : 0.5f + 0.25f * std::sin(static_cast<float>(r * 7 + c * 3) * 0.05f) +
                       0.2f * std::cos(static_cast<float>(c) * 0.3f);
  });
  p.p = Canned("p", 128, 128, 0.0f, 1.0f,
               [](int r, int c) { return c > r ? -1.0f : (c == r / 2 ? 1.0f : 0.05f); });
  return p;
}

}  // namespace tilewalk::views

namespace tilewalk::views {

CostPicture CannedCostPicture() {
  CostPicture p{.launch = "fwd",
                .chip_name = "v5e",
                .chip = "TPU v5e, its one TensorCore (chip: 820 GB/s HBM, 197 bf16 TFLOP/s)"};
  // Eight steps of 2 µs; steps 2, 3 and 4 skipped (no arithmetic, a sliver of time); each step prefetches
  // the next step's inputs (1.2 µs) under its compute, and the first waits for its prologue copies.
  double t = 1.5;
  for (int s = 0; s < 8; ++s) {
    const bool ran = s < 2 || s > 4;
    const double compute = ran ? 2.0 : 0.2;
    p.steps.push_back(
        {.start_us = t, .end_us = t + compute, .wait_us = s == 0 ? 1.5 : (s == 5 ? 0.6 : 0.0), .ran = ran});
    if (s == 0) p.copies.push_back({.start_us = 0.0, .end_us = 1.5, .step = 0});
    if (s < 7) p.copies.push_back({.start_us = t, .end_us = t + 1.2, .step = s});
    t += compute + (s == 4 ? 0.6 : 0.0);
  }
  p.copies.push_back({.start_us = t, .end_us = t + 0.5, .step = 7, .writeback = true});
  p.total_us = t + 0.5;
  p.compute_us = 5 * 2.0 + 3 * 0.2;
  p.dma_us = 1.5 + 7 * 1.2 + 0.5;
  p.bubble_us = p.total_us - p.compute_us;
  p.current_step = 5;
  p.cursor_us = p.steps[5].start_us + 0.7;
  return p;
}

}  // namespace tilewalk::views

namespace tilewalk::views {

ScenarioPicture CannedScenarioPicture() {
  ScenarioPicture p{
      .key = "--scenario causal-small --block-k 64 ", .edited = true, .try_words = "block_k = 64"};
  p.rejection =
      "NotImplementedError during tracing of the fwd launch: block_k=64 should be a multiple of 128";
  auto add = [&](const char* key, const char* flag, const char* group, FieldKind kind, const char* value,
                 std::vector<std::string> choices = {}) {
    p.fields.push_back({.key = key,
                        .flag = flag,
                        .group = group,
                        .kind = kind,
                        .value = value,
                        .choices = std::move(choices)});
  };
  add("q_len", "--q-len", "shapes", FieldKind::Int, "512");
  add("kv_len", "--kv-len", "shapes", FieldKind::Int, "512");
  add("head_dim", "--head-dim", "shapes", FieldKind::Int, "128");
  add("causal", "--causal", "flags", FieldKind::Bool, "true");
  add("bias", "--bias", "flags", FieldKind::Bool, "false");
  add("sm_scale", "--sm-scale", "flags", FieldKind::Number, "1");
  add("dtype", "--dtype", "numbers and chip", FieldKind::Choice, "float32", {"float32", "bfloat16"});
  add("chip", "--chip", "numbers and chip", FieldKind::Choice, "v5e", {"v4", "v5e", "v5p", "v6e"});
  add("block_q", "--block-q", "blocks of the forward launch", FieldKind::Int, "128");
  add("block_k", "--block-k", "blocks of the forward launch", FieldKind::Int, "64");
  add("block_q_dq", "--block-q-dq", "blocks of the dQ launch", FieldKind::OptionalInt, "");
  return p;
}

}  // namespace tilewalk::views
