// The vector and MXU operations a kernel body uses, named as in jax.numpy / jax.lax so that a body reads
// like its Pallas original. Every op checks shapes (NumPy broadcasting on 2-D tiles) and, unless its
// operands are shape-only (tracing), computes real values and counts its work in the current OpContext.
// Broadcasting never copies the smaller operand out to the full shape: the arithmetic reads it in place.
// jnp.tile and transpose return lazy layouts (Tiled, Transposed) that the op consuming them reads in
// place; they become a Value, copied out, only when a statement returns one as its own value.
#pragma once

#include "kernels/tpu/op_context.hpp"
#include "kernels/tpu/value.hpp"

namespace tilewalk::tpu::jnp {

// jnp.tile(x, (reps_rows, reps_cols)), not yet copied out.
struct Tiled {
  Value value;
  int reps_rows = 1, reps_cols = 1;
  int rows() const { return value.rows() * reps_rows; }
  int cols() const { return value.cols() * reps_cols; }
  operator Value() const;  // copies the repeats out
};

// x.T, not yet copied out.
struct Transposed {
  Value value;  // the untransposed operand
  int rows() const { return value.cols(); }
  int cols() const { return value.rows(); }
  operator Value() const;  // copies the transpose out
};

// Elementwise arithmetic with broadcasting; Value–scalar forms keep the Value's dtype (weak typing).
// int32 operands are read through their exact integers (Value::ints) wherever ints meet ints.
Value operator+(const Value& a, const Value& b);
Value operator-(const Value& a, const Value& b);
Value operator*(const Value& a, const Value& b);
Value operator/(const Value& a, const Value& b);
Value operator-(const Value& a, const Tiled& b);
Value operator*(const Value& a, const Tiled& b);
Value operator+(const Value& a, float b);
Value operator+(const Value& a, int b);  // int32 values add exactly (iota + block offset); others as float
Value operator-(const Value& a, float b);
Value operator*(const Value& a, float b);
Value operator/(float a, const Value& b);
Value operator/(const Value& a, float b);
Value operator-(float a, const Value& b);  // a - x, in x's dtype
Value maximum(const Value& a, const Value& b);
Value exp(const Value& a);   // counted as a transcendental
Value log(const Value& a);   // counted as a transcendental
Value tanh(const Value& a);  // counted as a transcendental

// Comparisons and logic produce bool values.
Value equal(const Value& a, const Value& b);
Value less_equal(const Value& a, const Value& b);
Value logical_and(const Value& a, const Value& b);
Value logical_or(const Value& a, const Value& b);               // jnp.bitwise_or on bool values is the same
Value where(const Value& cond, float if_true, float if_false);  // float32 result
Value where(const Value& cond, float if_true, const Value& if_false);  // if_false's dtype
Value where(const Value& cond, const Value& if_true, float if_false);  // if_true's dtype
Value equal(const Value& a, float b);

// Reductions over the lane axis, keeping it as size 1: jnp.max(x, axis=1)[:, None].
Value row_max(const Value& a);
Value row_sum(const Value& a);

// Layout: jnp.tile(x, (reps_rows, reps_cols)), a column slice x[:, start:start+n], broadcast to a shape.
Tiled tile(const Value& a, int reps_rows, int reps_cols);
Value slice_cols(const Value& a, int start, int n);
Value broadcast_to(const Value& a, int rows, int cols);
Transposed transpose(const Value& a);
// jnp.expand_dims(x, -1) of a 1-d x, which a body holds as one row (1, n): the column (n, 1). Only the
// shape changes, so it counts no vector work.
Value expand_dims(const Value& a, int axis);

// Constructors.
Value full(int rows, int cols, float value, DType dtype = DType::F32);
Value zeros(int rows, int cols, DType dtype = DType::F32);
Value broadcasted_iota(int rows, int cols, int dimension);  // int32

Value astype(const Value& a, DType dtype);
Transposed astype(const Transposed& a, DType dtype);

// MXU: always accumulate in float32 (preferred_element_type=float32). Under Precision::Default, float32
// operands are first rounded to bfloat16, as the MXU does; bf16 × bf16 products are exact in float32.
Value dot(const Value& a, const Value& b);                  // [m, k] · [k, n]
Value dot(const Transposed& a, const Value& b);             // [k, m]ᵀ · [k, n]
Value dot_general_trans_b(const Value& a, const Value& b);  // [m, k] · [n, k]ᵀ, TRANS_B_DIM_NUMBERS

// Vector-register operations for an elementwise op over a rows × cols tile: ceil(rows/8) · ceil(cols/128).
uint64_t VregCount(int rows, int cols);

}  // namespace tilewalk::tpu::jnp
