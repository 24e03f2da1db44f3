// Planted for the layering test: the shared screen reaching into the window for its key table.
#pragma once
#include "app/gui/key_bindings.hpp"
