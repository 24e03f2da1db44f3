// Planted for the layering test: the splash masks reaching sideways into the flash kernels.
#pragma once
#include "kernels/flash/block_sizes.hpp"
