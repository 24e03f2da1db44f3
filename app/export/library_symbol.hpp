// A function of a library opened with dlopen, typed by its declaration in the library's own header
// (decltype(&WebPEncode)), so that a library tilewalk does not link is still called type-checked.
#pragma once

#include <dlfcn.h>

namespace tilewalk::app {

// Sets `into` to `name` in `library` (searched with its dependencies); false when it has no such symbol.
template <typename F>
bool FindSymbol(void* library, const char* name, F& into) {
  into = reinterpret_cast<F>(dlsym(library, name));
  return into != nullptr;
}

}  // namespace tilewalk::app
