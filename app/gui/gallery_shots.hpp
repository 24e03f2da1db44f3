// `tilewalk gui --gallery --screenshot DIR`: one PNG per gallery exhibit and an index.md that names each
// one's view, state and builder, written into a staging folder that becomes DIR only when every exhibit
// is saved (base::OutputFolder), so an interrupted run leaves no folder that looks complete. An existing
// DIR is replaced only when it holds an index.md this writes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

#include "app/pixel_size.hpp"
#include "app/views/gallery_exhibits.hpp"
#include "base/output_folder.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

class GalleryShots {
 public:
  // Refuses a bad folder (base::OutputFolder's rules) before anything is drawn.
  static base::Result<void> Check(const std::filesystem::path& folder);
  static base::Result<GalleryShots> Start(const std::filesystem::path& folder);

  // Saves what the window just rendered as the exhibit's PNG (call after Render, before Present).
  base::Result<void> Save(PixelSize framebuffer, const views::GalleryExhibit& exhibit, std::size_t index);
  // Writes index.md and moves the folder into place.
  base::Result<void> Finish(const std::vector<views::GalleryExhibit>& exhibits);

 private:
  explicit GalleryShots(base::OutputFolder folder) : m_folder(std::move(folder)) {}
  base::OutputFolder m_folder;
};

// "03-memory-skipped-copy.png": the exhibit's place and slug.
std::string GalleryShotName(const views::GalleryExhibit& exhibit, std::size_t index);

}  // namespace tilewalk::app
