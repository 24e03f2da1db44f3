#include "app/gui/gallery_shots.hpp"

#include <cstdio>
#include <string>

#include "app/gui/screenshot.hpp"
#include "base/output_file.hpp"

namespace tilewalk::app {
namespace {

constexpr const char* kIndexTitle = "# tilewalk gallery";

base::FolderOptions Options() {
  return {.replace = true,
          .marker = {.file_name = "index.md",
                     .accepts = [](std::string_view content) { return content.starts_with(kIndexTitle); },
                     .description = "a gallery tilewalk wrote"},
          .replace_hint = "--gallery --screenshot"};
}

}  // namespace

std::string GalleryShotName(const views::GalleryExhibit& exhibit, std::size_t index) {
  char number[16];
  std::snprintf(number, sizeof number, "%02zu", index + 1);
  return std::string(number) + "-" + exhibit.slug + ".png";
}

base::Result<void> GalleryShots::Check(const std::filesystem::path& folder) {
  return base::CheckOutputFolder(folder, Options());
}

base::Result<GalleryShots> GalleryShots::Start(const std::filesystem::path& folder) {
  auto created = base::OutputFolder::Create(folder, Options());
  if (!created) return created.error();
  return GalleryShots(std::move(*created));
}

base::Result<void> GalleryShots::Save(PixelSize framebuffer, const views::GalleryExhibit& exhibit,
                                      std::size_t index) {
  return SaveBackBufferPng(framebuffer, m_folder.path() / GalleryShotName(exhibit, index));
}

base::Result<void> GalleryShots::Finish(const std::vector<views::GalleryExhibit>& exhibits) {
  std::string index = std::string(kIndexTitle) +
                      "\n\nEach view of tilewalk in several states, drawn from the pictures named under "
                      "\"built by\" (app/views/gallery_exhibits.cpp).\n";
  for (std::size_t i = 0; i < exhibits.size(); ++i) {
    const views::GalleryExhibit& e = exhibits[i];
    const std::string name = GalleryShotName(e, i);
    index += "\n## " + std::string(views::GalleryViewName(e.view)) + ": " + e.state + "\n\nbuilt by `" +
             e.builder + "`\n\n![" + e.state + "](" + name + ")\n";
  }
  if (auto written = base::WriteFileContent(m_folder.path() / "index.md", index); !written) return written;
  return m_folder.Commit();
}

}  // namespace tilewalk::app
