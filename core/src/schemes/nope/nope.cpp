// SPDX-License-Identifier: GPL-3.0-or-later
// NoPE maths (nope.hpp): the causal mask, the causal softmax of q·k/sqrt(d) with nothing
// added for positions, and row entropies. Written from the paper's definition of NoPE (the
// standard causal attention with no position encoding; its code, McGill-NLP/length-
// generalization, is Hugging Face's T5 decoder stack with the position bias removed), see
// tests/reference/nope.py. The window follows huggingface/transformers
// src/transformers/masking_utils.py (attention_window.hpp); the temperature tuning of Llama 4's
// NoPE layers src/transformers/models/llama4/modeling_llama4.py, Llama4TextAttention.forward.
// The `nope` scheme's description and views are in nope_scheme.cpp.
#include "posenc/schemes/nope/nope.hpp"

#include <algorithm>
#include <cmath>

#include "compute/parallel.hpp"
#include "posenc/base/random.hpp"

namespace posenc {

bool nopeAttends(const NopeParams& p, Index i, Index j) {
  return j <= i && windowBlock(p.window, i, j) == WindowBlock::None;
}

double nopeQueryScale(const NopeParams& p, Index i) {
  if (!p.temperatureTuning) return 1.0;
  // modeling_llama4.py: torch.log1p(torch.floor((cache_position.float() + 1.0) /
  // self.floor_scale)) * self.attn_scale + 1.0 (float32 there, double here).
  return std::log1p(std::floor((static_cast<double>(i) + 1.0) / p.floorScale)) * p.attnScale + 1.0;
}

Matrix nopeMask(std::span<const Index> rows, std::span<const Index> cols,
                const AttentionWindow& window) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      out(static_cast<Index>(a), static_cast<Index>(b)) =
          cols[b] <= rows[a] && windowBlock(window, rows[a], cols[b]) == WindowBlock::None ? 1.0
                                                                                           : 0.0;
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
  return nopeRowWeights(q, keys, 0, i);
}

Vector nopeRowWeights(const Vector& q, const Matrix& keys, Index first, Index i) {
  const double scale = 1.0 / std::sqrt(static_cast<double>(q.size()));
  const Index n = i - first + 1;
  Vector w = keys.middleRows(first, n) * q * scale;
  const double m = w.maxCoeff();
  double sum = 0;
  for (Index t = 0; t < n; ++t) {
    w(t) = std::exp(w(t) - m);
    sum += w(t);
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
      const Index first = windowFirstKey(p.window, i);
      // Llama 4 scales the query before the dot products (1: the query as drawn).
      const Vector qi = q.row(a).transpose() * nopeQueryScale(p, i);
      const Vector w = nopeRowWeights(qi, k, first, i);
      for (Index b = 0; b < out.cols(); ++b) {
        const Index j = cols[static_cast<std::size_t>(b)];
        if (nopeAttends(p, i, j)) out(a, b) = w(j - first);
      }
    }
  });
  return out;
}

}  // namespace posenc
