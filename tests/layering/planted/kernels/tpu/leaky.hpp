// A fixture for the layering test: a core header that wrongly reaches for the GUI.
#pragma once
#include <imgui.h>
