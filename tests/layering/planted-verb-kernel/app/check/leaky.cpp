// Planted: a verb that reads flash's scenario type instead of asking the kernel it was given.
#include "kernels/flash/scenario.hpp"
