// Flash's walkthrough files, embedded by kernels/flash/CMakeLists.txt (generated tables): KernelInfo::assets.
#pragma once

#include <span>

#include "base/embedded_file.hpp"

std::span<const tilewalk::EmbeddedFile> FlashMirrorFiles();   // kernels/flash/*.{hpp,cpp}
std::span<const tilewalk::EmbeddedFile> FlashSiteFiles();     // assets/flash/sites/*.sites
std::span<const tilewalk::EmbeddedFile> FlashPassageFiles();  // assets/flash/passages/*.md
std::span<const tilewalk::EmbeddedFile> FlashTourFiles();     // assets/flash/tours/*.tour
std::span<const tilewalk::EmbeddedFile>
FlashFingerprintFiles();  // assets/flash/pallas/flash_attention.fingerprint
