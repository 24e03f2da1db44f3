// Planted for the layering test: a view that reaches into the walkthrough.
#pragma once
#include "walkthrough/timeline.hpp"
