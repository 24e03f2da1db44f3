// Splash's embedded files, by kernels/splash/CMakeLists.txt (generated tables): its scenario presets and
// KernelInfo::assets.
#pragma once

#include <span>

#include "base/embedded_file.hpp"

std::span<const tilewalk::EmbeddedFile> SplashPresetFiles();       // assets/splash/scenarios/*.flags
std::span<const tilewalk::EmbeddedFile> SplashMirrorFiles();       // kernels/splash/*.{hpp,cpp}
std::span<const tilewalk::EmbeddedFile> SplashSiteFiles();         // assets/splash/sites/*.sites
std::span<const tilewalk::EmbeddedFile> SplashPassageFiles();      // assets/splash/passages/*.md
std::span<const tilewalk::EmbeddedFile> SplashTourFiles();         // assets/splash/tours/*.tour
std::span<const tilewalk::EmbeddedFile> SplashFingerprintFiles();  // assets/splash/pallas/*.fingerprint
