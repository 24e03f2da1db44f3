# Warnings are errors on our own targets only; system headers (Eigen, ImGui) stay quiet.
# -Wno-restrict: GCC 12 reports false positives on std::string concatenation at -O2/-O3 (GCC bug 105329).
# -Wno-maybe-uninitialized, only for GCC before 12.3 compiling for an AVX-512 machine (-march=native): its
# AVX-512 intrinsics start from an undefined register, which it reports as maybe uninitialized once Eigen's
# packet code is inlined into ours (GCC bug 105593; Debian 12 ships 12.2). Other machines keep the warning.
set(TILEWALK_AVX512_FALSE_POSITIVES OFF)
if(TILEWALK_NATIVE AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 12.3)
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS -march=native)
  check_cxx_source_compiles("#ifndef __AVX512F__\n#error no AVX-512\n#endif\nint main() {}"
                            TILEWALK_NATIVE_HAS_AVX512)
  unset(CMAKE_REQUIRED_FLAGS)
  set(TILEWALK_AVX512_FALSE_POSITIVES ${TILEWALK_NATIVE_HAS_AVX512})
endif()

function(tilewalk_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(TILEWALK_AVX512_FALSE_POSITIVES)
    target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
  endif()
endfunction()
