// Included first in every file of the WebAssembly build (cmake/WasmBuild.cmake): Eigen/Core, so that Eigen
// compiles its SSE kernels (products, exp, max, ...) over emscripten's SSE headers, which are WebAssembly
// SIMD underneath.
//
// Eigen's SSE code holds a few empty inline-assembly statements with x86 register constraints, hints to
// GCC's register allocator (bug 1637 in Eigen's tracker) that no WebAssembly compiler accepts. They change
// no value, so they are compiled out here: `__asm__` means nothing while Eigen's headers are read. The
// standard headers Eigen includes are included first, so that they keep theirs.
//
// Two of emscripten's SSE2 conversions are replaced, for all code that follows, by ones that give x86's
// results in SIMD rather than lane by lane.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cerrno>
#include <climits>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <iostream>
#include <limits>
#include <new>
#include <sstream>
#include <string>
#include <type_traits>

#include <emmintrin.h>
#include <wasm_simd128.h>

namespace tilewalk::web {

// x86's conversions of four floats to int32, with x86's answer where the value does not fit (a NaN, an
// infinity, or |x| >= 2^31): 0x80000000. Emscripten's SSE2 header (3.1.6) converts lane by lane through
// lrint; these are four WebAssembly SIMD instructions, and Eigen's exp turns every packet through one.
inline __m128i TruncatedToInt32(__m128 x) {
  const v128_t fits = wasm_f32x4_lt(wasm_f32x4_abs(x), wasm_f32x4_splat(2147483648.0f));
  return wasm_v128_bitselect(wasm_i32x4_trunc_sat_f32x4(x), wasm_i32x4_splat(INT32_MIN), fits);
}
inline __m128i RoundedToInt32(__m128 x) {  // to nearest, ties to even: x86's default rounding mode
  return TruncatedToInt32(wasm_f32x4_nearest(x));
}

}  // namespace tilewalk::web

#define _mm_cvttps_epi32 tilewalk::web::TruncatedToInt32
#define _mm_cvtps_epi32 tilewalk::web::RoundedToInt32

#define __asm__(...)
#include <Eigen/Core>
#undef __asm__
