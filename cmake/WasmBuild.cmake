# What the WebAssembly build (emscripten, the wasm preset) needs in place of the native build's packages.
# Eigen and nlohmann-json are header-only Debian packages, but emscripten's toolchain searches only its own
# sysroot, so find_package does not see them. Their folders are named here one by one: adding /usr/include
# wholesale would put glibc's headers before emscripten's libc.

# Exceptions: our errors are thrown and caught (Result at the layer edges, KernelError inside), and
# emscripten turns them off by default, where a throw aborts the module. Native wasm exceptions are
# smaller and faster than the JavaScript-based ones (Chrome 95+, Firefox 100+, node 17+).
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

# 128-bit SIMD (Chrome 91+, Firefox 89+, Safari 16.4+): clang vectorises the loops of the TPU model and
# Eigen's scalar code with it, which halves the time of a large recording. It changes no result: nothing is
# reassociated, and the equivalence test (tests/web) sees the same output bits with and without it.
add_compile_options(-msimd128)

add_library(Eigen3::Eigen INTERFACE IMPORTED)
# An imported target's include folders are system folders (-isystem): no warnings from them.
set_target_properties(Eigen3::Eigen PROPERTIES INTERFACE_INCLUDE_DIRECTORIES /usr/include/eigen3)

# <nlohmann/json.hpp> lives in /usr/include/nlohmann: a folder of our own holds only a link to it.
set(TILEWALK_WASM_INCLUDE ${CMAKE_BINARY_DIR}/wasm-include)
file(MAKE_DIRECTORY ${TILEWALK_WASM_INCLUDE})
file(CREATE_LINK /usr/include/nlohmann ${TILEWALK_WASM_INCLUDE}/nlohmann SYMBOLIC)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${TILEWALK_WASM_INCLUDE})

# imgui.h only (for ImU32 in the palette): header-only use, no library.
set(IMGUI_INCLUDE_DIRS /usr/include/imgui)
