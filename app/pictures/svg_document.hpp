// An SVG document written as text, for the pictures' vector renderer (picture_svg.hpp): rectangles, lines,
// paths, text and embedded PNG images, each with a class that names what it means ("cell skipped",
// "slot active") and colours from the active palette as presentation attributes, which a page's CSS
// overrides. Text is escaped for XML (&, <, >, both quotes) and cleaned of what XML 1.0 cannot carry
// (control characters, malformed UTF-8, both written as U+FFFD). Numbers have a fixed form (at most two
// decimals, no trailing zeros, never "-0"), so the same calls give the same bytes.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "app/views/meaning.hpp"
#include "app/views/tour_palette.hpp"  // ImU32 (from imgui.h, whose functions nothing here calls)

namespace tilewalk::pictures {

// "12", "12.5", "0.33": at most two decimals.
std::string SvgNumber(double value);
// `text` broken at spaces into lines of at most `columns` characters (a longer word stands alone).
std::vector<std::string> WrapWords(std::string_view text, std::size_t columns);
// "M1,2L3,4": a straight segment of path data.
std::string SvgSegment(double x1, double y1, double x2, double y2);
// `text` safe inside an XML element or a double-quoted attribute.
std::string XmlEscape(std::string_view text);
// "#rrggbb" of a palette colour (ImU32 packs red in the low byte).
std::string SvgColour(ImU32 colour);

// The class a mark of this meaning carries, so that a stylesheet can restyle it; its fill is the meaning's
// colour, or in a theme with patterns (print) its pattern (views/meaning.hpp) in the ground colour.
std::string_view SvgMeaningClass(views::Meaning meaning);  // "current", "copied", "skipped", ...

enum class TextAnchor { Start, Middle, End };

struct TextStyle {
  ImU32 colour = 0;
  TextAnchor anchor = TextAnchor::Start;
  bool bold = false;
  double size = 0;  // 0: the document's font size
};

class SvgDocument {
 public:
  // `kind` is the picture ("grid"), the root's class beside "tilewalk"; `title` its accessible name.
  SvgDocument(std::string_view kind, std::string_view title);

  void Rect(std::string_view cls, double x, double y, double w, double h, ImU32 fill, double rounding = 0);
  // A rectangle outlined, not filled; `dash` as Line's.
  void Frame(std::string_view cls, double x, double y, double w, double h, ImU32 stroke, double width,
             double rounding = 0, std::string_view dash = {});
  // Filled as the meaning is, with its pattern in a theme that has patterns.
  void MeaningRect(std::string_view cls, double x, double y, double w, double h, views::Meaning meaning,
                   double rounding = 0);
  void Line(std::string_view cls, double x1, double y1, double x2, double y2, ImU32 stroke, double width,
            std::string_view dash = {});
  // A path's d attribute as given (built with SvgNumber), stroked, not filled.
  void Path(std::string_view cls, std::string_view d, ImU32 stroke, double width);
  void Polygon(std::string_view cls, std::string_view points, ImU32 fill);
  // `y` is the text's baseline.
  void Text(std::string_view cls, double x, double y, std::string_view text, const TextStyle& style);
  // `text` wrapped at spaces to lines of at most `width` of the monospace font, the first baseline at y;
  // returns the y below the last line.
  double Paragraph(std::string_view cls, double x, double y, std::string_view text, const TextStyle& style,
                   double width);
  // A PNG image, pixels drawn as squares when scaled up.
  void PngImage(std::string_view cls, double x, double y, double w, double h, std::string_view png_bytes);
  // A group with a class; closed by EndGroup.
  void Group(std::string_view cls);
  void EndGroup();

  // The document, sized `width` by `height`, with the ground in the palette's window colour.
  std::string Finish(double width, double height) const;

  static constexpr double kFontSize = 13;
  static constexpr double kCharWidth = 7.9;  // of the monospace font at kFontSize (0.6 em, rounded up)
  static constexpr double kLine = 17;        // a line of text

 private:
  std::string FillOf(views::Meaning meaning);
  std::string m_kind, m_title, m_body;
  std::set<views::Meaning> m_patterns;
};

}  // namespace tilewalk::pictures
