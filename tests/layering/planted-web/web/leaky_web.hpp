// Planted for the layering check: the web module runs whichever kernel a request names, through the
// registry, so it may not include a kernel's folder.
#pragma once

#include "kernels/flash/forward_kernel.hpp"
