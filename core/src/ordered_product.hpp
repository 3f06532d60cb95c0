// SPDX-License-Identifier: GPL-3.0-or-later
// Matrix product whose entries do not depend on which other rows or columns are computed.
#pragma once

#include <algorithm>

#include "posenc/types.hpp"

namespace posenc::detail {

/// a (n x k) times b (k x m). Each entry is summed over k in increasing order, so its value
/// does not depend on which other rows or columns are computed: a sampled region equals the
/// full matrix bit for bit, and a row computed alone equals the same row of a larger product
/// (Eigen's GEMM picks its blocking, hence its rounding, from the sizes). Tiled for the
/// cache; the inner axpy runs over independent entries and vectorises.
inline Matrix orderedProduct(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b) {
  constexpr Index kColBlock = 256;
  constexpr Index kDepthBlock = 64;
  const Index n = a.rows();
  const Index depth = a.cols();
  const Index m = b.cols();
  Matrix out = Matrix::Zero(n, m);
  for (Index j0 = 0; j0 < m; j0 += kColBlock) {
    const Index nj = std::min(kColBlock, m - j0);
    for (Index k0 = 0; k0 < depth; k0 += kDepthBlock) {
      const Index k1 = std::min(depth, k0 + kDepthBlock);
      for (Index i = 0; i < n; ++i) {
        auto o = out.row(i).segment(j0, nj);
        for (Index k = k0; k < k1; ++k) o += a(i, k) * b.row(k).segment(j0, nj);
      }
    }
  }
  return out;
}

/// x . y with a fixed summation order: four running sums over k mod 4, combined as
/// (s0 + s1) + (s2 + s3), then the tail. The order depends only on n, never on where x and y
/// live or what else is computed, so a cell has the same value in every region; four
/// independent sums run about four times faster than one chain.
inline double orderedDot(const double* x, const double* y, Index n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  Index k = 0;
  for (; k + 4 <= n; k += 4) {
    s0 += x[k] * y[k];
    s1 += x[k + 1] * y[k + 1];
    s2 += x[k + 2] * y[k + 2];
    s3 += x[k + 3] * y[k + 3];
  }
  double s = (s0 + s1) + (s2 + s3);
  for (; k < n; ++k) s += x[k] * y[k];
  return s;
}

}  // namespace posenc::detail
