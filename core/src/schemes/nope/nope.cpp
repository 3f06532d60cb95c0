// SPDX-License-Identifier: GPL-3.0-or-later
// NoPE maths (nope.hpp): the causal mask, the causal softmax of q·k/sqrt(d) with nothing
// added for positions, and row entropies. Written from the paper's definition of NoPE (the
// standard causal attention with no position encoding; its code, McGill-NLP/length-
// generalization, is Hugging Face's T5 decoder stack with the position bias removed), see
// tests/reference/nope.py. The `nope` scheme's description and views are in nope_scheme.cpp.
#include "posenc/schemes/nope/nope.hpp"

#include <algorithm>
#include <cmath>

#include "compute/parallel.hpp"
#include "posenc/base/random.hpp"

namespace posenc {

Matrix nopeMask(std::span<const Index> rows, std::span<const Index> cols) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      out(static_cast<Index>(a), static_cast<Index>(b)) = cols[b] <= rows[a] ? 1.0 : 0.0;
  return out;
}

Matrix nopeQueries(const NopeParams& p, std::span<const Index> rows) {
  Matrix q(static_cast<Index>(rows.size()), p.dim);
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (Index c = 0; c < p.dim; ++c)
      q(static_cast<Index>(a), c) =
          normal(p.seed, Tensor::NopeQuery, static_cast<std::uint64_t>(rows[a]),
                 static_cast<std::uint64_t>(c));
  return q;
}

Matrix nopeKeys(const NopeParams& p, Index count) {
  Matrix k(count, p.dim);
  for (Index j = 0; j < count; ++j)
    for (Index c = 0; c < p.dim; ++c)
      k(j, c) = normal(p.seed, Tensor::NopeKey, static_cast<std::uint64_t>(j),
                       static_cast<std::uint64_t>(c));
  return k;
}

Vector nopeKeyRow(const NopeParams& p, Index j) {
  Vector k(p.dim);
  for (Index c = 0; c < p.dim; ++c)
    k(c) = normal(p.seed, Tensor::NopeKey, static_cast<std::uint64_t>(j),
                  static_cast<std::uint64_t>(c));
  return k;
}

Vector nopeRowWeights(const Vector& q, const Matrix& keys, Index i) {
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size()));
  Vector w = keys.topRows(i + 1) * q * scale;
  const double m = w.maxCoeff();
  double sum = 0;
  for (Index j = 0; j <= i; ++j) {
    w(j) = std::exp(w(j) - m);
    sum += w(j);
  }
  return w / sum;
}

double nopeEntropy(const Vector& weights) {
  double h = 0;
  for (Index j = 0; j < weights.size(); ++j)
    if (weights(j) > 0) h -= weights(j) * std::log(weights(j));
  return std::max(h, 0.0);
}

Matrix nopeAttention(const NopeParams& p, std::span<const Index> rows,
                     std::span<const Index> cols) {
  Matrix out =
      Matrix::Constant(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()), kMasked);
  if (rows.empty() || cols.empty()) return out;
  const Matrix q = nopeQueries(p, rows);
  const Matrix k = nopeKeys(p, rows.back() + 1);
  // Rows in blocks to the cores; a row's weights depend only on that row, so the bits do not
  // depend on the threads.
  detail::parallelBlocks(out.rows(), 8, [&](Index a0, Index a1) {
    for (Index a = a0; a < a1; ++a) {
      const Index i = rows[static_cast<std::size_t>(a)];
      const Vector w = nopeRowWeights(q.row(a).transpose(), k, i);
      for (Index b = 0; b < out.cols(); ++b) {
        const Index j = cols[static_cast<std::size_t>(b)];
        if (j <= i) out(a, b) = w(j);
      }
    }
  });
  return out;
}

}  // namespace posenc
