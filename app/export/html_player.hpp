// index.html for an export: the player page of assets/player/ (our own HTML, CSS and JavaScript, compiled
// into the binary) in one file, with the manifest inline. Inline because a page opened from disk may not
// fetch the files beside it; the frames themselves are plain <img> loads, which it may.
#pragma once

#include <span>
#include <string>

#include "base/embedded_file.hpp"

std::span<const tilewalk::EmbeddedFile> PlayerFiles();  // generated: player.html, player.css, player.js

namespace tilewalk::app {

std::string PlayerHtml(const std::string& title, const std::string& manifest_json);

}  // namespace tilewalk::app
