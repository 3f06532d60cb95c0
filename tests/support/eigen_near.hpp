// SPDX-License-Identifier: GPL-3.0-or-later
// EXPECT_MATRIX_NEAR: element-wise comparison of two Eigen matrices that prints a, b and a - b.
#pragma once

#include <algorithm>
#include <cmath>
#include <sstream>

#include <Eigen/Core>
#include <gtest/gtest.h>

namespace posenc::test {

/// Passes when a and b have the same shape and every pair of entries is within `tol`
/// absolutely, or relatively where both are larger than 1 in magnitude. NaN matches NaN
/// (masked cells must be masked in both).
template <typename A, typename B>
::testing::AssertionResult matrixNear(const char* ea, const char* eb, const char*,
                                      const Eigen::MatrixBase<A>& aExpr,
                                      const Eigen::MatrixBase<B>& bExpr, double tol) {
  // Evaluate once: an unevaluated product would otherwise be recomputed per coefficient.
  const auto a = aExpr.eval();
  const auto b = bExpr.eval();
  if (a.rows() != b.rows() || a.cols() != b.cols()) {
    return ::testing::AssertionFailure() << ea << " is " << a.rows() << "x" << a.cols() << " but "
                                         << eb << " is " << b.rows() << "x" << b.cols();
  }
  Eigen::Index bad = 0;
  double worst = 0;
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    for (Eigen::Index j = 0; j < a.cols(); ++j) {
      const double x = a(i, j), y = b(i, j);
      if (std::isnan(x) && std::isnan(y)) continue;
      const double scale = std::max({1.0, std::fabs(x), std::fabs(y)});
      const double err = std::fabs(x - y) / scale;
      if (!(err <= tol)) {
        ++bad;
        worst = std::isnan(err) ? err : std::max(worst, err);
      }
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  std::ostringstream os;
  Eigen::IOFormat fmt(Eigen::FullPrecision, 0, ", ", "\n", "[", "]");
  os << bad << " entries of " << ea << " and " << eb << " differ by more than " << tol
     << " (worst relative error " << worst << ")";
  if (a.size() <= 64) {
    os << "\n"
       << ea << " =\n"
       << a.format(fmt) << "\n"
       << eb << " =\n"
       << b.format(fmt) << "\ndifference =\n"
       << (a - b).format(fmt);
  }
  return ::testing::AssertionFailure() << os.str();
}

}  // namespace posenc::test

#define EXPECT_MATRIX_NEAR(a, b, tol) EXPECT_PRED_FORMAT3(::posenc::test::matrixNear, a, b, tol)
#define ASSERT_MATRIX_NEAR(a, b, tol) ASSERT_PRED_FORMAT3(::posenc::test::matrixNear, a, b, tol)
