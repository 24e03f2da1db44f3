// A planted violation: the layering test must fail on this file (base/ includes a GUI header).
#pragma once

#include <imgui.h>
