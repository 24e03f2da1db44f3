// Planted for the layering test: the base layer reaching up into the kernels.
#pragma once
#include "kernels/tpu/array.hpp"
