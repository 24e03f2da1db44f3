// The lanes and scores pictures over real recordings: the intro scenario (512 causal, block_q 128,
// block_k_major 256, block_k 128) and the lanes one (block_k 256). At alpha the lanes picture holds
// block_q rows × 128 alike lanes; at apply_mask in a diagonal block the scores picture hatches the upper
// triangle and keeps the mask value out of the scale; a value of the previous minor block is never shown
// as current; the detail tab follows the statement.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "app/session/heatmap_builders.hpp"
#include "app/session/tour_session.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "tests/flash_walk.hpp"
#include "walkthrough/timeline.hpp"

namespace tilewalk::session {
namespace {

std::shared_ptr<const walkthrough::Recording> Record(std::vector<std::string> flags) {
  const auto scenario = flash::ParseScenario(flags);
  REQUIRE(scenario.ok());
  return std::shared_ptr<const walkthrough::Recording>(
      walkthrough::Recording::Record(flash::Erased(*scenario)));
}

std::shared_ptr<const walkthrough::Recording> Intro() {
  static const auto recording = Record({"--scenario", "intro"});
  return recording;
}

// The k-th (1-based) event at `site`.
std::shared_ptr<const walkthrough::Snapshot> At(walkthrough::Timeline& timeline, const std::string& site,
                                                int k = 1) {
  const walkthrough::Recording& rec = timeline.recording();
  for (uint64_t e = 0; e < rec.EventCount(); ++e) {
    const tpu::SiteId id = rec.EventAt(e).site;
    if (id != tpu::kNoSite && tpu::GetSite(id).name == site && --k == 0) {
      REQUIRE(timeline.Seek(e));
      return timeline.Current();
    }
  }
  FAIL("no such event: " << site);
  return nullptr;
}

bool RowsAlike(const views::Heatmap& h) {
  for (int y = 0; y < h.rows; ++y)
    for (int x = 1; x < h.cols; ++x)
      if (h.image->Pixel(x, y) != h.image->Pixel(0, y)) return false;
  return true;
}

}  // namespace

TEST_CASE("lanes picture: at fwd.run.alpha, m, l and alpha are block_q rows x 128 alike lanes") {
  walkthrough::Timeline timeline(Intro());
  const auto snap = At(timeline, "fwd.run.alpha");
  const views::LanesPicture p = BuildLanesPicture(*snap);
  REQUIRE(p.empty_message.empty());
  CHECK(p.m.rows == 128);
  CHECK(p.m.cols == 128);
  CHECK(p.l.rows == 128);
  CHECK(p.l.cols == 128);
  CHECK(p.m_from == "m_next");
  CHECK(p.m_lanes_equal);
  CHECK(p.l_lanes_equal);
  CHECK(RowsAlike(p.m));
  REQUIRE(p.has_alpha);
  CHECK(p.alpha.rows == 128);
  CHECK(p.alpha.cols == 128);
  CHECK(p.tile_repeats == 1);  // block_k 128: one register wide
  CHECK(p.score_cols == 128);
  // The first block of a row: m_prev is -inf, so alpha = exp(-inf) = 0 on every row.
  CHECK(p.rows_rescaled == 128);
}

TEST_CASE("lanes picture: before alpha in the block there is none, and m comes from scratch until m_next") {
  walkthrough::Timeline timeline(Intro());
  const auto snap = At(timeline, "fwd.run.s", 2);  // the second minor block of the first step
  const views::LanesPicture p = BuildLanesPicture(*snap);
  CHECK_FALSE(p.has_alpha);  // alpha of the first minor block is stale here
  CHECK(p.m_from == "m_scratch");
  CHECK(p.m_lanes_equal);
}

TEST_CASE("lanes picture: block_k 256 tiles m twice") {
  walkthrough::Timeline timeline(Record({"--scenario", "tour-lanes"}));
  const views::LanesPicture p = BuildLanesPicture(*At(timeline, "fwd.run.p"));
  CHECK(p.tile_repeats == 2);
  CHECK(p.score_cols == 256);
  CHECK(BuildScoresPicture(*At(timeline, "fwd.run.p")).m_tiles == 2);
}

TEST_CASE("lanes picture: the backward launches show m and l as read from the forward's residuals") {
  walkthrough::Timeline timeline(Intro());
  const views::LanesPicture p = BuildLanesPicture(*At(timeline, "dkv.run.p"));
  REQUIRE(p.empty_message.empty());
  CHECK(p.m_from == "m input");
  CHECK(p.l_from == "l input");
  CHECK(p.m.cols == 128);
  CHECK(p.m_lanes_equal);
  CHECK(p.l_lanes_equal);
  CHECK_FALSE(p.has_alpha);
}

TEST_CASE(
    "scores picture: at apply_mask in a diagonal block the upper triangle is masked and off the scale") {
  walkthrough::Timeline timeline(Intro());
  const auto snap = At(timeline, "fwd.run.apply_mask");  // q block 0 against keys 0..127: on the diagonal
  const views::ScoresPicture p = BuildScoresPicture(*snap);
  REQUIRE(p.empty_message.empty());
  CHECK(p.s_from == "fwd.run.apply_mask");
  CHECK(p.mask_added);
  CHECK(p.has_causal);
  CHECK_FALSE(p.has_segment);
  CHECK(p.causal_masked == 128 * 127 / 2);
  CHECK(p.s.masked == 128 * 127 / 2);
  CHECK(p.s.has_range);
  CHECK(p.s.min > -1e30f);  // the mask value does not stretch the scale
  CHECK(p.s.max < 1e30f);
  CHECK_FALSE(p.has_p);  // p of this block comes later
  // Below the diagonal in colour, above it hatched: no pixel above is a ramp colour at the scale's ends.
  const views::Rgb top = views::ColourRamp(1.0f);
  const std::array<std::uint8_t, 4> top_rgba{top.r, top.g, top.b, 0xFF};
  int hatched_above = 0;
  for (int y = 0; y < 128; ++y)
    for (int x = y + 1; x < 128; ++x) {
      const auto px = p.s.image->Pixel(x, y);
      CHECK_FALSE(px == top_rgba);
      if (px ==
          std::array<std::uint8_t, 4>{views::kHatchLight.r, views::kHatchLight.g, views::kHatchLight.b, 0xFF})
        ++hatched_above;
    }
  CHECK(hatched_above >= 128 * 127 / 4);  // every other diagonal stripe

  // At p the same mask hatches p, whose colours span [0, 1] at most.
  const views::ScoresPicture at_p = BuildScoresPicture(*At(timeline, "fwd.run.p"));
  REQUIRE(at_p.has_p);
  CHECK(at_p.p.masked == 128 * 127 / 2);
  CHECK(at_p.p.min >= 0.0f);
  CHECK(at_p.p.max <= 1.0f);
}

TEST_CASE("scores picture: at s of a later minor block the previous block's mask is not shown") {
  walkthrough::Timeline timeline(Intro());
  const views::ScoresPicture p = BuildScoresPicture(*At(timeline, "fwd.run.s", 2));
  CHECK(p.s_from == "fwd.run.s");
  CHECK_FALSE(p.has_causal);
  CHECK_FALSE(p.has_p);
  CHECK(p.s.masked == 0);
}

TEST_CASE("scores picture: the backward launches show their own s and p, and a copy shows none") {
  walkthrough::Timeline timeline(Intro());
  const views::ScoresPicture dkv = BuildScoresPicture(*At(timeline, "dkv.run.p"));
  CHECK(dkv.launch == "dkv");
  CHECK(dkv.has_p);
  CHECK(dkv.p.rows > 0);
  REQUIRE(timeline.Seek(0));
  const views::ScoresPicture start = BuildScoresPicture(*timeline.Current());
  CHECK_FALSE(start.empty_message.empty());
}

TEST_CASE("scores picture: the forward's single-step body (one kv block) shows its s and p") {
  walkthrough::Timeline timeline(Record({"--scenario", "tour-kv-64", "--forward-only"}));
  const views::ScoresPicture at_s = BuildScoresPicture(*At(timeline, "fwd_single.s"));
  REQUIRE(at_s.empty_message.empty());
  CHECK(at_s.s_from == "fwd_single.s");
  CHECK(at_s.s.cols == 64);
  const views::ScoresPicture normalized = BuildScoresPicture(*At(timeline, "fwd_single.normalize"));
  REQUIRE(normalized.has_p);
  CHECK(normalized.p_from == "fwd_single.normalize");
  CHECK(normalized.m_tiles == 0);  // 64 columns: nothing tiled
}

TEST_CASE("detail tab: scores and masks pick Scores, the running max and sum Lanes, copies Memory") {
  CHECK(SuggestedTab("fwd.run.s", test::FlashWalk().sites) == DetailTab::Scores);
  CHECK(SuggestedTab("fwd.run.apply_mask", test::FlashWalk().sites) == DetailTab::Scores);
  CHECK(SuggestedTab("dkv.run.p", test::FlashWalk().sites) == DetailTab::Scores);
  CHECK(SuggestedTab("fwd.run.causal_mask", test::FlashWalk().sites) == DetailTab::Scores);
  CHECK(SuggestedTab("fwd.run.alpha", test::FlashWalk().sites) == DetailTab::Lanes);
  CHECK(SuggestedTab("fwd.run.m_next", test::FlashWalk().sites) == DetailTab::Lanes);
  CHECK(SuggestedTab("fwd.run.l_next", test::FlashWalk().sites) == DetailTab::Lanes);
  CHECK(SuggestedTab("", test::FlashWalk().sites) == DetailTab::Memory);
  CHECK(SuggestedTab("fwd.store.o", test::FlashWalk().sites) == DetailTab::Memory);
  CHECK_FALSE(SuggestedTab("fwd.run.acc_update", test::FlashWalk().sites));  // keeps whatever tab is up
}

}  // namespace tilewalk::session
