// Planted for the layering test: the export including the window's code.
#pragma once
#include "app/gui/tour_screen.hpp"
