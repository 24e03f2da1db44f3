#include "app/pictures/svg_document.hpp"

#include <cmath>
#include <cstdio>

#include "app/pictures/png_bytes.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

// The length of the UTF-8 sequence at `text[i]` that XML 1.0 may carry, or 0 when it is malformed,
// overlong, a surrogate, a non-character U+FFFE/U+FFFF or a control character other than tab and newlines.
std::size_t XmlCharLength(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return lead >= 0x20 || lead == '\t' || lead == '\n' || lead == '\r' ? 1 : 0;
  std::size_t length = 0;
  std::uint32_t code = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    code = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    code = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    code = lead & 0x07;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  static constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF) return 0;
  if ((code >= 0xD800 && code <= 0xDFFF) || code == 0xFFFE || code == 0xFFFF) return 0;
  return length;
}

std::string_view AnchorName(TextAnchor anchor) {
  switch (anchor) {
    case TextAnchor::Middle:
      return "middle";
    case TextAnchor::End:
      return "end";
    case TextAnchor::Start:
      break;
  }
  return "start";
}

std::string Attr(std::string_view name, std::string_view value) {
  return " " + std::string(name) + "=\"" + std::string(value) + "\"";
}

std::string FillAttrs(ImU32 colour) {
  std::string out = Attr("fill", SvgColour(colour));
  const unsigned alpha = (colour >> 24) & 0xFF;
  if (alpha != 0xFF) out += Attr("fill-opacity", SvgNumber(alpha / 255.0));
  return out;
}

std::string StrokeAttrs(ImU32 colour, double width) {
  std::string out = Attr("stroke", SvgColour(colour)) + Attr("stroke-width", SvgNumber(width));
  const unsigned alpha = (colour >> 24) & 0xFF;
  if (alpha != 0xFF) out += Attr("stroke-opacity", SvgNumber(alpha / 255.0));
  return out;
}

// The marks of a meaning's pattern in a 4-unit tile, as path data in the ground's colour.
std::string_view PatternMarks(views::Meaning meaning) {
  switch (views::PatternOf(meaning)) {
    case views::Pattern::Dots:
      return "M1.5,1.5h1v1h-1z";
    case views::Pattern::Slash:
      return "M-1,1L1,-1M0,4L4,0M3,5L5,3";
    case views::Pattern::Backslash:
      return "M-1,3L1,5M0,0L4,4M3,-1L5,1";
    case views::Pattern::Rows:
      return "M0,2H4";
    case views::Pattern::Cross:
      return "M0,0L4,4M0,4L4,0";
    case views::Pattern::Columns:
      return "M2,0V4";
    case views::Pattern::Solid:
      break;
  }
  return {};
}

}  // namespace

std::string SvgNumber(double value) {
  if (!std::isfinite(value)) return "0";
  char text[320];  // the largest double has 309 digits
  std::snprintf(text, sizeof text, "%.2f", value);
  std::string out = text;
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  if (out == "-0") out = "0";
  return out;
}

std::vector<std::string> WrapWords(std::string_view text, std::size_t columns) {
  const auto width = [](std::string_view s) {
    std::size_t n = 0;
    for (char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80 ? 1 : 0;
    return n;
  };
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    if (!word.empty()) {
      if (!line.empty() && width(line) + 1 + width(word) > columns) {
        lines.push_back(std::move(line));
        line.clear();
      }
      if (!line.empty()) line += ' ';
      line += word;
    }
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

std::string SvgSegment(double x1, double y1, double x2, double y2) {
  return "M" + SvgNumber(x1) + "," + SvgNumber(y1) + "L" + SvgNumber(x2) + "," + SvgNumber(y2);
}

std::string XmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = XmlCharLength(text, i);
    if (length == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
      continue;
    }
    switch (text[i]) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

std::string SvgColour(ImU32 colour) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", colour & 0xFF, (colour >> 8) & 0xFF,
                (colour >> 16) & 0xFF);
  return text;
}

std::string_view SvgMeaningClass(views::Meaning meaning) {
  switch (meaning) {
    case views::Meaning::Current:
      return "current";
    case views::Meaning::SlotInUse:
      return "slot-in-use";
    case views::Meaning::Copied:
      return "copied";
    case views::Meaning::Skipped:
      return "skipped";
    case views::Meaning::SkippedStep:
      return "skipped-step";
    case views::Meaning::WrittenBack:
      return "written-back";
    case views::Meaning::Error:
      return "error";
    case views::Meaning::InVmem:
      return "in-vmem";
    case views::Meaning::Compute:
      return "compute";
    case views::Meaning::Idle:
      break;
  }
  return "idle";
}

SvgDocument::SvgDocument(std::string_view kind, std::string_view title) : m_kind(kind), m_title(title) {}

void SvgDocument::Rect(std::string_view cls, double x, double y, double w, double h, ImU32 fill,
                       double rounding) {
  m_body += "<rect" + Attr("class", cls) + Attr("x", SvgNumber(x)) + Attr("y", SvgNumber(y)) +
            Attr("width", SvgNumber(std::max(0.0, w))) + Attr("height", SvgNumber(std::max(0.0, h)));
  if (rounding > 0) m_body += Attr("rx", SvgNumber(rounding));
  m_body += FillAttrs(fill) + "/>\n";
}

void SvgDocument::Frame(std::string_view cls, double x, double y, double w, double h, ImU32 stroke,
                        double width, double rounding, std::string_view dash) {
  m_body += "<rect" + Attr("class", cls) + Attr("x", SvgNumber(x)) + Attr("y", SvgNumber(y)) +
            Attr("width", SvgNumber(std::max(0.0, w))) + Attr("height", SvgNumber(std::max(0.0, h)));
  if (rounding > 0) m_body += Attr("rx", SvgNumber(rounding));
  m_body += Attr("fill", "none") + StrokeAttrs(stroke, width);
  if (!dash.empty()) m_body += Attr("stroke-dasharray", dash);
  m_body += "/>\n";
}

std::string SvgDocument::FillOf(views::Meaning meaning) {
  if (!views::palette::Active().patterns || PatternMarks(meaning).empty())
    return FillAttrs(views::MeaningColour(meaning));
  m_patterns.insert(meaning);
  return Attr("fill", "url(#pattern-" + std::string(SvgMeaningClass(meaning)) + ")");
}

void SvgDocument::MeaningRect(std::string_view cls, double x, double y, double w, double h,
                              views::Meaning meaning, double rounding) {
  m_body += "<rect" + Attr("class", cls) + Attr("x", SvgNumber(x)) + Attr("y", SvgNumber(y)) +
            Attr("width", SvgNumber(std::max(0.0, w))) + Attr("height", SvgNumber(std::max(0.0, h)));
  if (rounding > 0) m_body += Attr("rx", SvgNumber(rounding));
  m_body += FillOf(meaning) + "/>\n";
}

void SvgDocument::Line(std::string_view cls, double x1, double y1, double x2, double y2, ImU32 stroke,
                       double width, std::string_view dash) {
  m_body += "<line" + Attr("class", cls) + Attr("x1", SvgNumber(x1)) + Attr("y1", SvgNumber(y1)) +
            Attr("x2", SvgNumber(x2)) + Attr("y2", SvgNumber(y2)) + StrokeAttrs(stroke, width);
  if (!dash.empty()) m_body += Attr("stroke-dasharray", dash);
  m_body += "/>\n";
}

void SvgDocument::Path(std::string_view cls, std::string_view d, ImU32 stroke, double width) {
  m_body += "<path" + Attr("class", cls) + Attr("d", d) + Attr("fill", "none") + StrokeAttrs(stroke, width) +
            Attr("stroke-linejoin", "round") + "/>\n";
}

void SvgDocument::Polygon(std::string_view cls, std::string_view points, ImU32 fill) {
  m_body += "<polygon" + Attr("class", cls) + Attr("points", points) + FillAttrs(fill) + "/>\n";
}

void SvgDocument::Text(std::string_view cls, double x, double y, std::string_view text,
                       const TextStyle& style) {
  m_body += "<text" + Attr("class", cls) + Attr("x", SvgNumber(x)) + Attr("y", SvgNumber(y));
  if (style.anchor != TextAnchor::Start) m_body += Attr("text-anchor", AnchorName(style.anchor));
  if (style.bold) m_body += Attr("font-weight", "bold");
  if (style.size > 0) m_body += Attr("font-size", SvgNumber(style.size));
  m_body += FillAttrs(style.colour) + ">" + XmlEscape(text) + "</text>\n";
}

double SvgDocument::Paragraph(std::string_view cls, double x, double y, std::string_view text,
                              const TextStyle& style, double width) {
  const auto columns = static_cast<std::size_t>(std::max(8.0, width / kCharWidth));
  for (const std::string& line : WrapWords(text, columns)) {
    Text(cls, x, y, line, style);
    y += kLine;
  }
  return y;
}

void SvgDocument::PngImage(std::string_view cls, double x, double y, double w, double h,
                           std::string_view png_bytes) {
  m_body += "<image" + Attr("class", cls) + Attr("x", SvgNumber(x)) + Attr("y", SvgNumber(y)) +
            Attr("width", SvgNumber(w)) + Attr("height", SvgNumber(h)) + Attr("preserveAspectRatio", "none") +
            Attr("image-rendering", "optimizeSpeed") + Attr("style", "image-rendering:pixelated") +
            Attr("xlink:href", "data:image/png;base64," + Base64(png_bytes)) + "/>\n";
}

void SvgDocument::Group(std::string_view cls) {
  m_body += "<g" + Attr("class", cls) + ">\n";
}

void SvgDocument::EndGroup() {
  m_body += "</g>\n";
}

std::string SvgDocument::Finish(double width, double height) const {
  const views::palette::Colours& c = views::palette::Active();
  const std::string w = SvgNumber(std::ceil(width)), h = SvgNumber(std::ceil(height));
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"" +
         Attr("class", "tilewalk " + m_kind + " theme-" +
                           std::string(views::palette::ThemeName(views::palette::ActiveTheme()))) +
         Attr("width", w) + Attr("height", h) + Attr("viewBox", "0 0 " + w + " " + h) +
         Attr("font-family", "DejaVu Sans Mono, Menlo, Consolas, monospace") +
         Attr("font-size", SvgNumber(kFontSize)) + ">\n";
  out += "<title>" + XmlEscape(m_title) + "</title>\n";
  if (!m_patterns.empty()) {
    out += "<defs>\n";
    for (views::Meaning meaning : m_patterns) {
      out += "<pattern" + Attr("id", "pattern-" + std::string(SvgMeaningClass(meaning))) +
             Attr("width", "4") + Attr("height", "4") + Attr("patternUnits", "userSpaceOnUse") + ">" +
             "<rect width=\"4\" height=\"4\"" + FillAttrs(views::MeaningColour(meaning)) + "/>" + "<path" +
             Attr("d", PatternMarks(meaning)) + StrokeAttrs(c.window, 1) + "/></pattern>\n";
    }
    out += "</defs>\n";
  }
  out += "<rect class=\"ground\" width=\"100%\" height=\"100%\"" + FillAttrs(c.window) + "/>\n";
  out += m_body;
  out += "</svg>\n";
  return out;
}

}  // namespace tilewalk::pictures
