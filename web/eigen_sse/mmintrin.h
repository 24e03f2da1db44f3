// Stands in for <mmintrin.h> (MMX) in the WebAssembly build, where emscripten provides the SSE headers
// (xmmintrin.h, emmintrin.h, ...) over WebAssembly SIMD but no MMX header. Eigen includes it before
// them and uses none of it.
#pragma once
