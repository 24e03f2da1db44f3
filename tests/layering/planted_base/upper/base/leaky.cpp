// A planted violation: the layering test must fail on this file (base/ includes a layer above it).
#include "walkthrough/recording.hpp"
