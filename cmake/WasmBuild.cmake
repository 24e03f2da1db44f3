# What the WebAssembly build (emscripten, the wasm preset) needs in place of the native build's packages.
# Eigen and nlohmann-json are header-only Debian packages, but emscripten's toolchain searches only its own
# sysroot, so find_package does not see them. Their folders are named here one by one: adding /usr/include
# wholesale would put glibc's headers before emscripten's libc.

# Exceptions: our errors are thrown and caught (Result at the layer edges, KernelError inside), and
# emscripten turns them off by default, where a throw aborts the module. Native wasm exceptions are
# smaller and faster than the JavaScript-based ones (Chrome 95+, Firefox 100+, node 17+).
add_compile_options(-fwasm-exceptions)
add_link_options(-fwasm-exceptions)

# 128-bit SIMD (Chrome 91+, Firefox 89+, Safari 16.4+): clang vectorises the loops of the TPU model with it.
# Bulk memory (Chrome 75+, Firefox 79+, Safari 15+): memcpy and memset of large blocks are one instruction,
# where emscripten otherwise calls out to JavaScript.
add_compile_options(-msimd128 -mbulk-memory)
add_link_options(-mbulk-memory)

# Eigen's SSE2 kernels (its products and exp above all), over emscripten's SSE headers, which are
# WebAssembly SIMD underneath: a product runs 1.5 to 2 times, an exp 1.5 times, as fast as Eigen's scalar
# code vectorised by clang. For that:
# - web/eigen_sse/ holds a stand-in for the MMX header emscripten lacks, and wasm_prelude.hpp, read first in
#   every file, which compiles out Eigen's x86-only inline assembly and converts floats to ints in SIMD;
# - a GCC version of 6.3 or later (clang says 4.2 by default) makes Eigen take the intrinsics over the
#   assembly it keeps for older GCCs' min and max;
# - 16 vector registers, as a WebAssembly engine has on x86-64 (32 on ARM64), give Eigen's product kernel
#   twice the rows a step of the 8 it assumes for an unknown 32-bit machine.
# Every file reads that header, whether or not it links Eigen, so its folders are everyone's. The outputs
# differ from the scalar build's in their last bits (sums in another order), as the native build's do: the
# equivalence test (tests/web) holds both to the reference's tolerance.
add_compile_options(-msse2 -fgnuc-version=6.3 -DEIGEN_ARCH_DEFAULT_NUMBER_OF_REGISTERS=16
                    -include ${PROJECT_SOURCE_DIR}/web/eigen_sse/wasm_prelude.hpp)
include_directories(SYSTEM /usr/include/eigen3 ${PROJECT_SOURCE_DIR}/web/eigen_sse)

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
