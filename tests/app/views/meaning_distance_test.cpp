// One meaning per colour: no two Meaning colours of a theme are so alike that a room in front of
// a projector could take one for the other. The distance is CIEDE2000 (ΔE00), the CIE's difference formula
// that corrects CIE76's overstatement of saturated blues and its understatement of greys; about 2 is the
// smallest difference one sees with two patches side by side, and palettes made for telling categories
// apart keep their marks some 10-20 apart. kMinDistance sits at 15: the megacore hues this test replaced
// came 13 (dark) and 8 (light) from compute's blue. Print draws in greys and tells its meanings apart by
// pattern (meaning_fill_test.cpp), so there only meanings that share a pattern must differ in grey.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <utility>

#include "app/views/meaning.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::views {
namespace {

constexpr double kMinDistance = 15.0;
constexpr double kPi = 3.14159265358979323846;

struct Lab {
  double l = 0, a = 0, b = 0;
};

double Linear(unsigned channel) {
  const double c = channel / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// sRGB to CIELAB under D65.
Lab ToLab(ImU32 colour) {
  const double r = Linear((colour >> IM_COL32_R_SHIFT) & 0xFF),
               g = Linear((colour >> IM_COL32_G_SHIFT) & 0xFF),
               b = Linear((colour >> IM_COL32_B_SHIFT) & 0xFF);
  const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * b,
               z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const auto f = [](double t) {
    return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
  };
  return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

double Degrees(double radians) {
  const double d = radians * 180.0 / kPi;
  return d < 0 ? d + 360.0 : d;
}

double Cos(double degrees) {
  return std::cos(degrees * kPi / 180.0);
}

// CIEDE2000, as Sharma, Wu and Dalal (2005) set it out, with kL = kC = kH = 1.
double DeltaE2000(const Lab& p, const Lab& q) {
  const double c_mean = 0.5 * (std::hypot(p.a, p.b) + std::hypot(q.a, q.b));
  const double c7 = std::pow(c_mean, 7.0), g = 0.5 * (1.0 - std::sqrt(c7 / (c7 + std::pow(25.0, 7.0))));
  const double a1 = (1.0 + g) * p.a, a2 = (1.0 + g) * q.a;
  const double c1 = std::hypot(a1, p.b), c2 = std::hypot(a2, q.b);
  const double h1 = c1 == 0 ? 0 : Degrees(std::atan2(p.b, a1)),
               h2 = c2 == 0 ? 0 : Degrees(std::atan2(q.b, a2));
  double dh = h2 - h1;
  if (c1 * c2 == 0)
    dh = 0;
  else if (dh > 180)
    dh -= 360;
  else if (dh < -180)
    dh += 360;
  const double d_l = q.l - p.l, d_c = c2 - c1, d_h = 2.0 * std::sqrt(c1 * c2) * std::sin(dh * kPi / 360.0);
  const double l_mean = 0.5 * (p.l + q.l), cp_mean = 0.5 * (c1 + c2);
  double h_mean = h1 + h2;
  if (c1 * c2 != 0)
    h_mean = std::abs(h1 - h2) <= 180 ? 0.5 * (h1 + h2)
                                      : (h1 + h2 < 360 ? 0.5 * (h1 + h2 + 360) : 0.5 * (h1 + h2 - 360));
  const double t = 1 - 0.17 * Cos(h_mean - 30) + 0.24 * Cos(2 * h_mean) + 0.32 * Cos(3 * h_mean + 6) -
                   0.20 * Cos(4 * h_mean - 63);
  const double l50 = (l_mean - 50) * (l_mean - 50);
  const double s_l = 1 + 0.015 * l50 / std::sqrt(20 + l50), s_c = 1 + 0.045 * cp_mean,
               s_h = 1 + 0.015 * cp_mean * t;
  const double cp7 = std::pow(cp_mean, 7.0);
  const double r_t = -2.0 * std::sqrt(cp7 / (cp7 + std::pow(25.0, 7.0))) *
                     std::sin(60.0 * std::exp(-std::pow((h_mean - 275) / 25, 2.0)) * kPi / 180.0);
  const double l = d_l / s_l, c = d_c / s_c, h = d_h / s_h;
  return std::sqrt(l * l + c * c + h * h + r_t * c * h);
}

double Distance(ImU32 x, ImU32 y) {
  return DeltaE2000(ToLab(x), ToLab(y));
}

// Pairs a theme lets sit closer than kMinDistance, each for a reason:
// - light's in-VMEM and idle greys (13.0): HBM blocks also in VMEM on the Memory pane, steps with no
//   arithmetic on the Cost pane; never in one pane, and neither is a hue.
// - light's copy-skipped orange and step-skipped vermilion (14.0): the orange is deepened to read on white.
//   Their marks differ in shape as well (a tick and a diamond on the timeline, a hatch and a solid bar).
bool Excepted(palette::Theme theme, Meaning x, Meaning y) {
  if (theme != palette::Theme::Light) return false;
  const std::set<std::pair<Meaning, Meaning>> excepted = {{Meaning::InVmem, Meaning::Idle},
                                                          {Meaning::Skipped, Meaning::SkippedStep}};
  return excepted.count({x, y}) > 0 || excepted.count({y, x}) > 0;
}

}  // namespace

TEST_CASE("meaning distance: CIEDE2000 gives the published value for a reference pair") {
  // Sharma, Wu and Dalal's test data, pair 1: ΔE00 2.0425.
  CHECK(DeltaE2000({50.0, 2.6772, -79.7751}, {50.0, 0.0, -82.7485}) == doctest::Approx(2.0425).epsilon(1e-3));
  CHECK(DeltaE2000({50.0, 2.5, 0.0}, {73.0, 25.0, -18.0}) == doctest::Approx(27.1492).epsilon(1e-3));
  // The megacore blue this test replaced sat 13 from compute's blue on a dark ground: too close.
  CHECK(Distance(IM_COL32(0x56, 0xB4, 0xE9, 0xFF), IM_COL32(0x4F, 0x8F, 0xEA, 0xFF)) < kMinDistance);
}

TEST_CASE("meaning distance: in dark and light no two meanings' colours are alike") {
  for (const palette::Theme theme : {palette::Theme::Dark, palette::Theme::Light}) {
    palette::SetTheme(theme);
    for (std::size_t i = 0; i < std::size(kAllMeanings); ++i)
      for (std::size_t j = i + 1; j < std::size(kAllMeanings); ++j) {
        if (Excepted(theme, kAllMeanings[i], kAllMeanings[j])) continue;
        CAPTURE(palette::ThemeName(theme));
        CAPTURE(static_cast<int>(kAllMeanings[i]));
        CAPTURE(static_cast<int>(kAllMeanings[j]));
        CHECK(Distance(MeaningColour(kAllMeanings[i]), MeaningColour(kAllMeanings[j])) >= kMinDistance);
      }
  }
  palette::SetTheme(palette::Theme::Dark);
}

TEST_CASE(
    "meaning distance: the current moment, the executing line, a slot in use and a question each own a "
    "colour") {
  for (const palette::Theme theme : {palette::Theme::Dark, palette::Theme::Light}) {
    palette::SetTheme(theme);
    const palette::Colours& c = palette::Active();
    // The executing line's gutter and text, since its fill is a wash in light.
    const std::pair<const char*, ImU32> own[] = {{"current moment", c.current},
                                                 {"executing line", c.executing_edge},
                                                 {"slot in use", c.slot},
                                                 {"question", c.question}};
    for (std::size_t i = 0; i < std::size(own); ++i) {
      CAPTURE(palette::ThemeName(theme));
      CAPTURE(own[i].first);
      for (std::size_t j = i + 1; j < std::size(own); ++j) {
        CAPTURE(own[j].first);
        CHECK(Distance(own[i].second, own[j].second) >= kMinDistance);
      }
      // Nor is any of them a colour of the marks: a copy, a skip, a writeback, an error, ...
      for (const Meaning m : kAllMeanings) {
        if ((i == 0 && m == Meaning::Current) || (i == 2 && m == Meaning::SlotInUse)) continue;
        CAPTURE(static_cast<int>(m));
        CHECK(Distance(own[i].second, MeaningColour(m)) >= kMinDistance);
      }
    }
  }
  palette::SetTheme(palette::Theme::Dark);
}

TEST_CASE("meaning distance: in print, meanings that share a pattern differ in grey") {
  palette::SetTheme(palette::Theme::Print);
  for (std::size_t i = 0; i < std::size(kAllMeanings); ++i)
    for (std::size_t j = i + 1; j < std::size(kAllMeanings); ++j) {
      if (PatternOf(kAllMeanings[i]) != PatternOf(kAllMeanings[j])) continue;
      CAPTURE(static_cast<int>(kAllMeanings[i]));
      CAPTURE(static_cast<int>(kAllMeanings[j]));
      CHECK(Distance(MeaningColour(kAllMeanings[i]), MeaningColour(kAllMeanings[j])) >= kMinDistance);
    }
  palette::SetTheme(palette::Theme::Dark);
}

}  // namespace tilewalk::views
