// Planted for the layering test: the kernel interface reaching down into one kernel it must not name.
#pragma once
#include "kernels/flash/scenario.hpp"
