#include "app/export/html_player.hpp"

#include <stdexcept>
#include <string_view>

namespace tilewalk::app {
namespace {

std::string_view PlayerFile(std::string_view name) {
  for (const EmbeddedFile& file : PlayerFiles())
    if (file.name == name) return file.text;
  throw std::logic_error("the player file " + std::string(name) + " is not embedded; see app/CMakeLists.txt");
}

std::string HtmlEscaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
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
      default:
        out += c;
    }
  }
  return out;
}

// JSON inside <script> must not contain "</" (it would end the element); "<\/" is the same JSON string.
std::string ScriptSafe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (std::size_t i = 0; i < json.size(); ++i) {
    out += json[i];
    if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') out += '\\';
  }
  return out;
}

void ReplaceAll(std::string& text, std::string_view marker, const std::string& with) {
  for (std::size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at + with.size()))
    text.replace(at, marker.size(), with);
}

}  // namespace

std::string PlayerHtml(const std::string& title, const std::string& manifest_json) {
  std::string page(PlayerFile("player.html"));
  // The manifest goes in last, so that nothing in it is taken for a marker.
  ReplaceAll(page, "@TITLE@", HtmlEscaped(title));
  ReplaceAll(page, "@STYLE@", std::string(PlayerFile("player.css")));
  ReplaceAll(page, "@SCRIPT@", std::string(PlayerFile("player.js")));
  ReplaceAll(page, "@MANIFEST@", ScriptSafe(manifest_json));
  return page;
}

}  // namespace tilewalk::app
