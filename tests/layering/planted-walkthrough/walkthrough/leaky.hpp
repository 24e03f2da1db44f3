// Planted for the layering test: the walkthrough naming one kernel instead of taking the one it is given.
#pragma once
#include "kernels/flash/entry/kernel_entry.hpp"
