// SPDX-License-Identifier: GPL-3.0-or-later
// The documented softmax of the attention views, written out for tests: per row, over the
// cells that are not masked (NaN), the largest score is subtracted, exp is summed in key
// order, and each weight is exp(s - max) / sum; masked cells stay NaN.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "posenc/base/types.hpp"

namespace posenc::test {

inline Matrix softmaxRowsInKeyOrder(const Matrix& scores) {
  Matrix out(scores.rows(), scores.cols());
  for (Index i = 0; i < scores.rows(); ++i) {
    double mx = -std::numeric_limits<double>::infinity();
    for (Index j = 0; j < scores.cols(); ++j)
      if (!std::isnan(scores(i, j))) mx = std::max(mx, scores(i, j));
    double sum = 0;
    for (Index j = 0; j < scores.cols(); ++j)
      if (!std::isnan(scores(i, j))) sum += std::exp(scores(i, j) - mx);
    for (Index j = 0; j < scores.cols(); ++j)
      out(i, j) = std::isnan(scores(i, j)) ? kMasked : std::exp(scores(i, j) - mx) / sum;
  }
  return out;
}

/// Bitwise equality; NaN cells (masked) equal any NaN.
inline bool sameCells(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (Index i = 0; i < a.rows(); ++i)
    for (Index j = 0; j < a.cols(); ++j) {
      if (std::isnan(a(i, j)) || std::isnan(b(i, j))) {
        if (std::isnan(a(i, j)) != std::isnan(b(i, j))) return false;
        continue;
      }
      if (std::memcmp(&a(i, j), &b(i, j), sizeof(double)) != 0) return false;
    }
  return true;
}

}  // namespace posenc::test
