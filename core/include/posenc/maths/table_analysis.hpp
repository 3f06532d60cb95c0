// SPDX-License-Identifier: GPL-3.0-or-later
// What a trained table's rows look like: principal components of the rows (a trace of the
// positions), the dominant frequency of each column over position, and helpers shared by any
// scheme that draws a table (learned's views pca, spectrum, norms).
#pragma once

#include <vector>

#include "posenc/base/types.hpp"

namespace posenc {

/// Principal components of the rows of a table (one row per position).
struct RowPca {
  /// n x k: coordinate of row i on component c (the centred row projected on the c-th
  /// eigenvector of the covariance, largest eigenvalue first).
  Matrix coords{};
  /// k fractions of the total variance each component explains (0 when the rows are equal).
  std::vector<double> explained{};
};

/// PCA of the n rows of `rows` (n x d), after sklearn.decomposition.PCA: rows centred on their
/// mean, the covariance eigen-decomposed in double (Eigen::SelfAdjointEigenSolver, on the
/// d x d covariance, or on the n x n Gram matrix when n < d: the same components), the first
/// `components` kept. Signs as sklearn's svd_flip with u_based_decision: each component's
/// coordinate of largest magnitude (the first such row on ties) is positive. Components past
/// min(n, d) are zero.
[[nodiscard]] RowPca rowPca(const Matrix& rows, Index components);

/// Per column k of `rows` (n positions x d columns): the dominant frequency over position, in
/// cycles per position, m / n for the bin m = 1 .. floor(n / 2) of largest |DFT|^2 of the
/// column after removing its mean (the lowest m on ties); 0 for a column that does not vary
/// or when n < 2.
[[nodiscard]] std::vector<double> dominantFrequencies(const Matrix& rows);

}  // namespace posenc
