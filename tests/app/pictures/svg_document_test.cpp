// The SVG writer's pieces: XML escaping (markup, quotes, control characters, malformed UTF-8), the fixed
// number form, palette colours, the in-memory PNG and base64, and the print theme's patterns.
#include <doctest/doctest.h>

#include <string>

#include "app/pictures/png_bytes.hpp"
#include "app/pictures/svg_document.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

// Puts back the process-wide theme when a test that changed it ends.
struct ThemeScope {
  explicit ThemeScope(views::palette::Theme theme) { views::palette::SetTheme(theme); }
  ~ThemeScope() { views::palette::SetTheme(views::palette::Theme::Dark); }
  ThemeScope(const ThemeScope&) = delete;
  ThemeScope& operator=(const ThemeScope&) = delete;
};

}  // namespace

TEST_CASE("svg: markup and quotes in text are escaped") {
  CHECK(XmlEscape(R"(<!--<script> "q" & 'a' </script>)") ==
        "&lt;!--&lt;script&gt; &quot;q&quot; &amp; &#39;a&#39; &lt;/script&gt;");
  CHECK(XmlEscape("&amp;") == "&amp;amp;");
  CHECK(XmlEscape("plain text, 12.3 \xC2\xB5s") == "plain text, 12.3 \xC2\xB5s");
}

TEST_CASE("svg: what XML 1.0 cannot carry becomes U+FFFD") {
  const std::string replacement = "\xEF\xBF\xBD";
  CHECK(XmlEscape(std::string("a\0b", 3)) == "a" + replacement + "b");
  CHECK(XmlEscape("a\x1B[31mb") == "a" + replacement + "[31mb");
  CHECK(XmlEscape("tab\tand\nnewline") == "tab\tand\nnewline");
  CHECK(XmlEscape("\xFF") == replacement);                                      // never a UTF-8 byte
  CHECK(XmlEscape("\xC3") == replacement);                                      // cut off
  CHECK(XmlEscape("\xC0\xAF") == replacement + replacement);                    // overlong '/'
  CHECK(XmlEscape("\xED\xA0\x80") == replacement + replacement + replacement);  // a surrogate
  CHECK(XmlEscape("\xEF\xBF\xBE") == replacement + replacement + replacement);  // U+FFFE
  CHECK(XmlEscape("\xF0\x9F\x98\x80") == "\xF0\x9F\x98\x80");                   // an emoji stays
}

TEST_CASE("svg: numbers have one form") {
  CHECK(SvgNumber(12) == "12");
  CHECK(SvgNumber(0.5) == "0.5");
  CHECK(SvgNumber(1.0 / 3.0) == "0.33");
  CHECK(SvgNumber(-0.001) == "0");
  CHECK(SvgNumber(-2.25) == "-2.25");
  CHECK(SvgNumber(1e300 * 1e300) == "0");
  CHECK(SvgNumber(1e20) == "100000000000000000000");
}

TEST_CASE("svg: palette colours are #rrggbb, red in the low byte") {
  CHECK(SvgColour(IM_COL32(0x12, 0x34, 0x56, 0xFF)) == "#123456");
  CHECK(SvgColour(IM_COL32(0xF0, 0xE4, 0x42, 0x80)) == "#f0e442");
}

TEST_CASE("svg: text wraps at spaces") {
  const std::vector<std::string> lines = WrapWords("one two three four", 9);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "one two");
  CHECK(lines[1] == "three");
  CHECK(lines[2] == "four");
  CHECK(WrapWords("averyveryverylongword x", 5).front() == "averyveryverylongword");
  CHECK(WrapWords("", 10).empty());
}

TEST_CASE("svg: base64 as RFC 4648 gives it") {
  CHECK(Base64("") == "");
  CHECK(Base64("f") == "Zg==");
  CHECK(Base64("fo") == "Zm8=");
  CHECK(Base64("foo") == "Zm9v");
  CHECK(Base64("foob") == "Zm9vYg==");
  CHECK(Base64("foobar") == "Zm9vYmFy");
  CHECK(Base64(std::string("\xFF\x00\xFE", 3)) == "/wD+");
}

TEST_CASE("svg: a PNG in memory, or nothing for a buffer of the wrong size") {
  const std::vector<std::uint8_t> rgba(2 * 3 * 4, 0x80);
  const auto png = EncodePng(2, 3, rgba);
  REQUIRE(png);
  CHECK(png->substr(0, 8) == "\x89PNG\r\n\x1A\n");
  CHECK(EncodePng(2, 3, std::span(rgba).first(5)) == std::nullopt);
  CHECK(EncodePng(0, 3, {}) == std::nullopt);
}

TEST_CASE("svg: a document has a title, a ground, classes and escaped text") {
  SvgDocument svg("grid", "Title <with> & \"quotes\"");
  svg.Rect("cell ran", 1, 2, 3, 4, IM_COL32(0, 0x9E, 0x73, 0xFF));
  svg.Text("label", 5, 6, "a < b", {.colour = IM_COL32(0xFF, 0xFF, 0xFF, 0xFF)});
  const std::string out = svg.Finish(100.4, 50);
  CHECK(out.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  CHECK(out.find("class=\"tilewalk grid theme-dark\"") != std::string::npos);
  CHECK(out.find("viewBox=\"0 0 101 50\"") != std::string::npos);
  CHECK(out.find("<title>Title &lt;with&gt; &amp; &quot;quotes&quot;</title>") != std::string::npos);
  CHECK(out.find("<rect class=\"cell ran\" x=\"1\" y=\"2\" width=\"3\" height=\"4\" fill=\"#009e73\"/>") !=
        std::string::npos);
  CHECK(out.find(">a &lt; b</text>") != std::string::npos);
  CHECK(out.substr(out.size() - 7) == "</svg>\n");
}

TEST_CASE("svg: meanings are patterned in print and plain in dark and light") {
  for (const auto theme : {views::palette::Theme::Dark, views::palette::Theme::Light}) {
    const ThemeScope scope(theme);
    SvgDocument svg("memory", "m");
    svg.MeaningRect("bar skipped", 0, 0, 10, 10, views::Meaning::Skipped);
    const std::string out = svg.Finish(10, 10);
    CHECK(out.find("<pattern") == std::string::npos);
    CHECK(out.find(SvgColour(views::palette::Active().skipped)) != std::string::npos);
  }
  const ThemeScope print(views::palette::Theme::Print);
  SvgDocument svg("memory", "m");
  for (const views::Meaning m : {views::Meaning::Copied, views::Meaning::Skipped, views::Meaning::SkippedStep,
                                 views::Meaning::WrittenBack, views::Meaning::Error, views::Meaning::InVmem})
    svg.MeaningRect("mark", 0, 0, 10, 10, m);
  svg.MeaningRect("mark", 0, 0, 10, 10, views::Meaning::Current);
  const std::string out = svg.Finish(10, 10);
  for (const char* id : {"copied", "skipped", "skipped-step", "written-back", "error", "in-vmem"}) {
    CAPTURE(id);
    CHECK(out.find(std::string("<pattern id=\"pattern-") + id + "\"") != std::string::npos);
    CHECK(out.find(std::string("fill=\"url(#pattern-") + id + ")\"") != std::string::npos);
  }
  CHECK(out.find("pattern-current") == std::string::npos);  // solid
  CHECK(out.find("theme-print") != std::string::npos);
}

}  // namespace tilewalk::pictures
