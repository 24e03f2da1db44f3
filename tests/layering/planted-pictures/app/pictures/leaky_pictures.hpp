// Planted for the layering check: the SVG renderer may not call into ImGui, so it may not include it.
#pragma once

#include <imgui.h>
