// The heatmap cache: the same source gives the same image without building again, another source builds
// its own, the least recently used goes first, and over a real recording a cached lanes picture is the
// picture built afresh, pixel for pixel, while steps that leave m and l alone reuse their images.
#include "app/session/heatmap_cache.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "app/session/heatmap_builders.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/timeline.hpp"

namespace tilewalk::session {
namespace {

views::Heatmap Painted(int& builds) {
  ++builds;
  auto image = std::make_shared<views::HeatmapImage>();
  image->width = image->height = 1;
  image->rgba = {1, 2, 3, 255};
  return {.label = "x", .rows = 1, .cols = 1, .image = std::move(image)};
}

}  // namespace

TEST_CASE("heatmap cache: a source is built once, another source again, the oldest evicted first") {
  HeatmapCache cache;
  int builds = 0;
  const auto a = std::make_shared<int>(1), b = std::make_shared<int>(2);
  const views::Heatmap first = cache.Get("m", a, [&] { return Painted(builds); });
  CHECK(cache.Get("m", a, [&] { return Painted(builds); }).image == first.image);
  CHECK(builds == 1);
  CHECK(cache.Get("l", a, [&] { return Painted(builds); }).image != first.image);  // the label counts
  CHECK(cache.Get("m", b, [&] { return Painted(builds); }).image != first.image);
  CHECK(builds == 3);
  cache.Get("m", nullptr, [&] { return Painted(builds); });  // no source: built, never kept
  CHECK(builds == 4);
  CHECK(cache.size() == 3);

  std::vector<std::shared_ptr<int>> others;
  for (std::size_t i = 0; i + 1 < HeatmapCache::kEntries; ++i) {
    cache.Get("m", a, [&] { return Painted(builds); });  // a stays the most recently used
    others.push_back(std::make_shared<int>(0));
    cache.Get("m", others.back(), [&] { return Painted(builds); });
  }
  CHECK(cache.size() == HeatmapCache::kEntries);
  const int before = builds;
  cache.Get("m", a, [&] { return Painted(builds); });
  CHECK(builds == before);  // kept: used all along
  cache.Get("m", b, [&] { return Painted(builds); });
  CHECK(builds == before + 1);  // evicted: not used since
}

TEST_CASE(
    "heatmap cache: over a recording, cached lanes pictures equal fresh ones and reuse unchanged images") {
  const auto scenario = flash::ParseScenario(std::vector<std::string>{"--scenario", "intro"});
  REQUIRE(scenario.ok());
  walkthrough::Timeline timeline(std::shared_ptr<const walkthrough::Recording>(
      walkthrough::Recording::Record(flash::Erased(*scenario))));
  HeatmapCache cache;
  std::shared_ptr<const views::HeatmapImage> previous_m;
  int reused = 0, steps = 0;
  for (; steps < 400 && timeline.Step(walkthrough::Granularity::Statement, walkthrough::Direction::Forward);
       ++steps) {
    const auto snap = timeline.Current();
    const views::LanesPicture cached = BuildLanesPicture(*snap, &cache);
    const views::LanesPicture fresh = BuildLanesPicture(*snap);
    CHECK(cached.empty_message == fresh.empty_message);
    if (fresh.m.image == nullptr) continue;  // no lanes in this launch yet
    REQUIRE(cached.m.image != nullptr);
    CHECK(cached.m.image->rgba == fresh.m.image->rgba);
    CHECK(cached.l.image->rgba == fresh.l.image->rgba);
    CHECK(cached.m.min == fresh.m.min);
    CHECK(cached.m.max == fresh.m.max);
    CHECK(cached.has_alpha == fresh.has_alpha);
    if (cached.has_alpha) CHECK(cached.alpha.image->rgba == fresh.alpha.image->rgba);
    reused += cached.m.image == previous_m ? 1 : 0;
    previous_m = cached.m.image;
  }
  CHECK(steps == 400);
  CHECK(reused > steps / 2);  // most statements leave m as it was
}

}  // namespace tilewalk::session
