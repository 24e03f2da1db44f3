// Helpers for the splash tests: dense masks written out by hand, tables compared row by row, and the
// error a call raises.
#pragma once

#include <doctest/doctest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kernels/splash/block_table.hpp"
#include "kernels/splash/call_checks.hpp"
#include "kernels/splash/mask.hpp"
#include "kernels/splash/mask_kinds.hpp"
#include "kernels/splash/splash_error.hpp"
#include "kernels/tpu/sites.hpp"

namespace tilewalk::splash::testing {

using Rows = std::vector<std::vector<int>>;

// A 2-d mask's values as rows of 0/1, read through Attends.
inline Rows Dense(const Mask& m) {
  Rows rows;
  for (int64_t q = 0; q < m.shape()[0]; ++q) {
    rows.emplace_back();
    for (int64_t kv = 0; kv < m.shape()[1]; ++kv) rows.back().push_back(m.Attends(q, kv) ? 1 : 0);
  }
  return rows;
}

// A dense mask from rows of 0/1.
inline Mask FromRows(const Rows& rows) {
  std::vector<uint8_t> values;
  for (const auto& r : rows)
    for (int v : r) values.push_back(static_cast<uint8_t>(v));
  const int64_t cols = rows.empty() ? 0 : static_cast<int64_t>(rows[0].size());
  return NumpyMask(BoolArray(tpu::Shape{static_cast<int64_t>(rows.size()), cols}, values));
}

// One head of a table as rows.
inline Rows Head(const BlockTable& t, int64_t h) {
  Rows rows;
  for (int64_t q = 0; q < t.rows; ++q) {
    rows.emplace_back();
    for (int64_t kv = 0; kv < t.cols; ++kv) rows.back().push_back(t.at(h, q, kv));
  }
  return rows;
}

struct Raised {
  tpu::ErrorType type;
  std::string message;
  std::string site;
};

// The error `body` raises through RaiseSplashError; fails the test when it raises none.
inline Raised RaisedBy(const std::function<void()>& body) {
  const std::optional<tpu::KernelError> e = CatchSplashError(body);
  REQUIRE_MESSAGE(e.has_value(), "expected an error, none was raised");
  CHECK(e->phase == tpu::Phase::ArgumentCheck);
  return {e->type, e->message, tpu::GetSite(e->site).name};
}

// Whether `body` raises through RaiseSplashError.
inline bool Raises(const std::function<void()>& body) {
  return CatchSplashError(body).has_value();
}

struct WantError {
  tpu::ErrorType type;
  tpu::Phase phase;
  std::string message;
  std::string site;
};

inline void CheckRaised(const std::optional<tpu::KernelError>& e, const WantError& want) {
  REQUIRE_MESSAGE(e.has_value(), "expected an error, none was raised");
  CHECK(e->type == want.type);
  CHECK(e->phase == want.phase);
  CHECK(e->message == want.message);
  CHECK(tpu::GetSite(e->site).name == want.site);
}

// The first error of a call's entry checks (call_checks.hpp), against what the original raises.
inline void CheckCallError(const SplashCallShapes& call, SplashPass pass, const WantError& want) {
  CheckRaised(SplashCallError(call, pass), want);
}

}  // namespace tilewalk::splash::testing
