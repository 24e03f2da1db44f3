// Planted for the layering test: the GUI-free session including ImGui.
#pragma once
#include <imgui.h>
