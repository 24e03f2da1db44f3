#include "app/export/html_player.hpp"

#include "app/pictures/svg_document.hpp"

#include <stdexcept>
#include <string_view>

namespace tilewalk::app {
namespace {

std::string_view PlayerFile(std::string_view name) {
  for (const EmbeddedFile& file : PlayerFiles())
    if (file.name == name) return file.text;
  throw std::logic_error("the player file " + std::string(name) + " is not embedded; see app/CMakeLists.txt");
}

// JSON inside <script> must not end the element ("</script>") nor put the HTML parser into its escaped
// states ("<!--", "<script"), which blank the page. JSON has <, > and & only inside strings, where \uXXXX
// is the same character, so every one is spelled that way.
std::string ScriptSafe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (const char c : json) {
    if (c == '<')
      out += "\\u003c";
    else if (c == '>')
      out += "\\u003e";
    else if (c == '&')
      out += "\\u0026";
    else
      out += c;
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
  ReplaceAll(page, "@TITLE@", pictures::XmlEscape(title));
  ReplaceAll(page, "@STYLE@", std::string(PlayerFile("player.css")));
  ReplaceAll(page, "@SCRIPT@", std::string(PlayerFile("player.js")));
  ReplaceAll(page, "@MANIFEST@", ScriptSafe(manifest_json));
  return page;
}

}  // namespace tilewalk::app
