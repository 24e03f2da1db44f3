#include <algorithm>

#include "app/views/source_picture.hpp"
#include "app/views/source_syntax.hpp"

namespace tilewalk::views {

std::shared_ptr<const SourceDocument> MakeSourceDocument(std::string title, std::string file,
                                                         SourceLanguage language,
                                                         std::vector<std::string> lines) {
  auto document = std::make_shared<SourceDocument>();
  document->title = std::move(title);
  document->file = std::move(file);
  document->language = language;
  document->lines = std::move(lines);
  document->in_block_comment.assign(document->lines.size(), false);
  bool inside = false;
  for (std::size_t i = 0; i < document->lines.size(); ++i) {
    document->longest = std::max(document->longest, document->lines[i].size());
    document->in_block_comment[i] = inside;
    ColourLine(document->lines[i], language, inside);
  }
  return document;
}

}  // namespace tilewalk::views
