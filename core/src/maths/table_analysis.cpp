// SPDX-License-Identifier: GPL-3.0-or-later
// Principal components and dominant frequencies of a table's rows (table_analysis.hpp).
// PCA follows scikit-learn (sklearn/decomposition/_pca.py, PCA._fit_full: centre, SVD,
// svd_flip(U, Vt) with u_based_decision=True, X_transformed = U * S); here the SVD's U S and
// S^2 come from the eigen-decomposition of the covariance (or the Gram matrix), which gives
// the same numbers. The spectrum is numpy.fft.rfft's bins (unnormalised DFT,
// X_m = sum_p x_p exp(-2 pi i m p / n)).
#include "posenc/maths/table_analysis.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <complex>
#include <unsupported/Eigen/FFT>

namespace posenc {

namespace {

/// Flips each column of `coords` so that its entry of largest magnitude is positive.
void flipSigns(Matrix& coords) {
  for (Index c = 0; c < coords.cols(); ++c) {
    Index at = 0;
    for (Index i = 1; i < coords.rows(); ++i)
      if (std::abs(coords(i, c)) > std::abs(coords(at, c))) at = i;
    if (coords.rows() > 0 && coords(at, c) < 0) coords.col(c) *= -1.0;
  }
}

}  // namespace

RowPca rowPca(const Matrix& rows, Index components) {
  const Index n = rows.rows(), d = rows.cols();
  RowPca out;
  out.coords = Matrix::Zero(n, components);
  out.explained.assign(static_cast<std::size_t>(components), 0.0);
  if (n < 2 || d < 1) return out;
  const Matrix centred = rows.rowwise() - rows.colwise().mean();
  const bool gram = n < d;  // eigenvalues of X X^T and X^T X agree; decompose the smaller
  Matrix m;
  if (gram) m = centred * centred.transpose();  // n x n
  else m = centred.transpose() * centred;       // d x d
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(m);
  const Vector& values = eig.eigenvalues();  // ascending
  const double total = std::max(0.0, values.sum());
  const Index kept = std::min(components, std::min(n, d));
  for (Index c = 0; c < kept; ++c) {
    const Index at = values.size() - 1 - c;
    const double lambda = std::max(0.0, values(at));
    if (!(total > 0) || lambda <= total * 1e-15) break;  // nothing more to explain
    out.explained[static_cast<std::size_t>(c)] = lambda / total;
    // Gram: X = U S V^T and X X^T u = s^2 u, so X V = U S = u sqrt(lambda); covariance:
    // X v directly.
    out.coords.col(c) = gram ? Vector(eig.eigenvectors().col(at) * std::sqrt(lambda))
                             : Vector(centred * eig.eigenvectors().col(at));
  }
  flipSigns(out.coords);
  return out;
}

std::vector<double> dominantFrequencies(const Matrix& rows) {
  const Index n = rows.rows();
  std::vector<double> out(static_cast<std::size_t>(rows.cols()), 0.0);
  if (n < 2) return out;
  Eigen::FFT<double> fft;
  std::vector<double> column(static_cast<std::size_t>(n));
  std::vector<std::complex<double>> bins;
  for (Index k = 0; k < rows.cols(); ++k) {
    const double mean = rows.col(k).mean();
    for (Index p = 0; p < n; ++p) column[static_cast<std::size_t>(p)] = rows(p, k) - mean;
    fft.fwd(bins, column);
    double best = 0;
    Index bestAt = 0;
    double scale = 0;  // the column's energy: bins below a rounding error of it are noise
    for (const double x : column) scale += x * x;
    for (Index m = 1; m <= n / 2; ++m) {
      const double power = std::norm(bins[static_cast<std::size_t>(m)]);
      if (power > best) best = power, bestAt = m;
    }
    if (best > scale * static_cast<double>(n) * 1e-24)
      out[static_cast<std::size_t>(k)] = static_cast<double>(bestAt) / static_cast<double>(n);
  }
  return out;
}

}  // namespace posenc
