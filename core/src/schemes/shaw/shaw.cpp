// SPDX-License-Identifier: GPL-3.0-or-later
// Shaw et al.'s relative position representations (shaw.hpp), following tensor2tensor's
// common_attention.py (commit 75b75f2e): _generate_relative_positions_matrix for the index,
// _relative_attention_inner for the two terms of the logits and the value side,
// dot_product_attention_relative for the softmax, multihead_attention for the q scaling.
// The `shaw` scheme's description and views are in shaw_scheme.cpp.
#include "posenc/schemes/shaw/shaw.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <vector>

#include "base/table_cache.hpp"
#include "compute/ordered_product.hpp"
#include "compute/parallel.hpp"
#include "posenc/base/random.hpp"

namespace posenc {

namespace {

/// Rows `positions` of random tensor `tensor`, width d: positions.size() x d, through the
/// table cache (kept when small), shared rather than copied.
std::shared_ptr<const Matrix> drawRows(std::uint64_t seed, Tensor tensor,
                                       std::span<const Index> positions, Index d) {
  return detail::normalRows(seed, tensor, positions, 0, d);
}

/// Table rows first..last (inclusive) of a^K or a^V: (last - first + 1) x d, drawn entry by
/// entry and never kept (a table tile is used once).
Matrix drawTableRange(const ShawParams& p, Tensor tensor, Index first, Index last) {
  Matrix out(last - first + 1, p.dim);
  for (Index t = first; t <= last; ++t)
    for (Index c = 0; c < p.dim; ++c)
      out(t - first, c) =
          normal(p.seed, tensor, static_cast<std::uint64_t>(t), static_cast<std::uint64_t>(c));
  return out;
}

/// t2t's q * key_depth_per_head**-0.5.
Matrix scaledQueries(const Matrix& q) {
  const double s = std::pow(static_cast<double>(q.cols()), -0.5);
  Matrix out = q;
  out *= s;
  return out;
}

/// Row ra of a . row rb of b, in orderedDot's fixed order (the same bits whichever region
/// asks for the cell).
double dot(const Matrix& a, Index ra, const Matrix& b, Index rb) {
  return detail::orderedDot(a.row(ra).data(), b.row(rb).data(), a.cols());
}

/// Rows first..last of a key table: a slice of a given table, or drawn.
using TableRows = std::function<Matrix(Index first, Index last)>;

/// Table rows a request holds at once while it fills the relative term.
constexpr Index kTableTile = 64;

/// The two terms. The relative term is filled table tile by table tile (kTableTile rows of
/// a^K at a time, from `tableRows`): the cells of row a whose index falls in the tile are a
/// run of columns (the index does not decrease along a row), so a request never holds the
/// whole (2k + 1) x d table. A cell's value does not depend on the tile it is computed in.
ShawScores scoresWith(Index clip, std::span<const Index> rows, const Matrix& q,
                      std::span<const Index> cols, const Matrix& k, const TableRows& tableRows) {
  const Matrix qs = scaledQueries(q);
  const auto nr = static_cast<Index>(rows.size());
  const auto nc = static_cast<Index>(cols.size());
  ShawScores out{Matrix(nr, nc), Matrix(nr, nc)};
  for (Index a = 0; a < nr; ++a)
    for (Index b = 0; b < nc; ++b) out.content(a, b) = dot(qs, a, k, b);
  if (nr == 0 || nc == 0) return out;
  const Index first = shawIndex(rows.back(), cols.front(), clip);
  const Index last = shawIndex(rows.front(), cols.back(), clip);
  for (Index t0 = first; t0 <= last; t0 += kTableTile) {
    const Index t1 = std::min(last, t0 + kTableTile - 1);
    const Matrix tile = tableRows(t0, t1);
    for (Index a = 0; a < nr; ++a) {
      const Index i = rows[static_cast<std::size_t>(a)];
      const auto lo = std::partition_point(cols.begin(), cols.end(),
                                           [&](Index j) { return shawIndex(i, j, clip) < t0; });
      const auto hi = std::partition_point(lo, cols.end(),
                                           [&](Index j) { return shawIndex(i, j, clip) <= t1; });
      for (auto it = lo; it != hi; ++it) {
        const auto b = static_cast<Index>(it - cols.begin());
        out.relative(a, b) = dot(qs, a, tile, shawIndex(i, *it, clip) - t0);
      }
    }
  }
  return out;
}

std::vector<Index> allPositions(Index n) {
  std::vector<Index> v(static_cast<std::size_t>(n));
  for (Index k = 0; k < n; ++k) v[static_cast<std::size_t>(k)] = k;
  return v;
}

/// Everything a row of the values view needs, drawn once per request: every key, and the
/// table rows the requested queries reach.
struct WholeRows {
  std::shared_ptr<const Matrix> k;  ///< length x d, every key.
  Matrix aK;                        ///< rows first..last of a^K (at most 2k + 1).
  Index first = 0;
  Index last = 0;
};

WholeRows wholeRows(const ShawParams& p, std::span<const Index> rows) {
  WholeRows w;
  w.k = drawRows(p.seed, Tensor::ShawKey, allPositions(p.length), p.dim);
  w.first = shawIndex(rows.back(), 0, p.clip);
  w.last = shawIndex(rows.front(), p.length - 1, p.clip);
  w.aK = drawTableRange(p, Tensor::ShawKeyTable, w.first, w.last);
  return w;
}

/// Softmax weights of query i over every key (logits as scoresWith computes them).
std::vector<double> rowWeights(const ShawParams& p, const WholeRows& w, Index i) {
  const Index row[1] = {i};
  const Matrix qs = scaledQueries(*drawRows(p.seed, Tensor::ShawQuery, row, p.dim));
  // The relative term of each table row this query reaches, once (as scoresWith's dot).
  const Index lo = shawIndex(i, 0, p.clip);
  const Index hi = shawIndex(i, p.length - 1, p.clip);
  std::vector<double> relative(static_cast<std::size_t>(hi - lo + 1));
  for (Index t = lo; t <= hi; ++t)
    relative[static_cast<std::size_t>(t - lo)] = dot(qs, 0, w.aK, t - w.first);
  std::vector<double> out(static_cast<std::size_t>(p.length));
  for (Index j = 0; j < p.length; ++j)
    out[static_cast<std::size_t>(j)] =
        dot(qs, 0, *w.k, j) + relative[static_cast<std::size_t>(shawIndex(i, j, p.clip) - lo)];
  const double m = *std::max_element(out.begin(), out.end());
  double sum = 0;
  for (double& x : out) {
    x = std::exp(x - m);
    sum += x;
  }
  for (double& x : out) x /= sum;
  return out;
}

/// Sum of the weights of row i per table row t (index 0..2k), from `first` on.
std::vector<double> massPerIndex(const ShawParams& p, const std::vector<double>& weights, Index i,
                                 Index first, Index last) {
  std::vector<double> mass(static_cast<std::size_t>(last - first + 1), 0.0);
  for (Index j = 0; j < p.length; ++j)
    mass[static_cast<std::size_t>(shawIndex(i, j, p.clip) - first)] +=
        weights[static_cast<std::size_t>(j)];
  return mass;
}

}  // namespace

Index shawIndex(Index i, Index j, Index clip) { return std::clamp(j - i, -clip, clip) + clip; }

Matrix ShawScores::total() const { return content + relative; }

ShawScores shawScoresOf(Index clip, std::span<const Index> rows, const Matrix& q,
                        std::span<const Index> cols, const Matrix& k, const Matrix& aK) {
  return scoresWith(clip, rows, q, cols, k, [&](Index first, Index last) {
    return Matrix(aK.middleRows(first, last - first + 1));
  });
}

Matrix shawSoftmaxRows(const Matrix& logits) {
  Matrix out(logits.rows(), logits.cols());
  for (Index a = 0; a < logits.rows(); ++a) {
    const double m = logits.row(a).maxCoeff();
    double sum = 0;
    for (Index j = 0; j < logits.cols(); ++j) {
      out(a, j) = std::exp(logits(a, j) - m);
      sum += out(a, j);
    }
    out.row(a) /= sum;
  }
  return out;
}

Matrix shawValueSideOf(Index clip, std::span<const Index> rows, const Matrix& weights,
                       const Matrix& aV) {
  Matrix out = Matrix::Zero(static_cast<Index>(rows.size()), aV.cols());
  for (Index a = 0; a < out.rows(); ++a)
    for (Index j = 0; j < weights.cols(); ++j)
      out.row(a) += weights(a, j) * aV.row(shawIndex(rows[static_cast<std::size_t>(a)], j, clip));
  return out;
}

ShawScores shawScores(const ShawParams& p, std::span<const Index> rows,
                      std::span<const Index> cols) {
  return scoresWith(p.clip, rows, *drawRows(p.seed, Tensor::ShawQuery, rows, p.dim), cols,
                    *drawRows(p.seed, Tensor::ShawKey, cols, p.dim), [&](Index first, Index last) {
                      return drawTableRange(p, Tensor::ShawKeyTable, first, last);
                    });
}

Matrix shawTable(const ShawParams& p, bool keys, std::span<const Index> tableRows,
                 std::span<const Index> dims) {
  const Tensor t = keys ? Tensor::ShawKeyTable : Tensor::ShawValueTable;
  Matrix out(static_cast<Index>(tableRows.size()), static_cast<Index>(dims.size()));
  for (Index a = 0; a < out.rows(); ++a)
    for (Index b = 0; b < out.cols(); ++b)
      out(a, b) =
          normal(p.seed, t, static_cast<std::uint64_t>(tableRows[static_cast<std::size_t>(a)]),
                 static_cast<std::uint64_t>(dims[static_cast<std::size_t>(b)]));
  return out;
}

Matrix shawValues(const ShawParams& p, std::span<const Index> rows, std::span<const Index> dims) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(dims.size()));
  if (rows.empty() || dims.empty()) return out;
  const WholeRows w = wholeRows(p, rows);
  // dims x (last - first + 1): row b holds a^V(t, dims[b]) for t = first..last, contiguous.
  Matrix aVT(out.cols(), w.last - w.first + 1);
  for (Index b = 0; b < aVT.rows(); ++b)
    for (Index t = w.first; t <= w.last; ++t)
      aVT(b, t - w.first) = normal(p.seed, Tensor::ShawValueTable, static_cast<std::uint64_t>(t),
                                   static_cast<std::uint64_t>(dims[static_cast<std::size_t>(b)]));
  // One row per task: a row's weights, masses and sums depend on nothing else (each sum runs
  // over the row's own table rows, from its own first one), so the bits depend neither on the
  // other rows asked for, nor on the blocks, nor on the threads.
  detail::parallelBlocks(out.rows(), 4, [&](Index a0, Index a1) {
    for (Index a = a0; a < a1; ++a) {
      const Index i = rows[static_cast<std::size_t>(a)];
      const std::vector<double> mass = massPerIndex(p, rowWeights(p, w, i), i, w.first, w.last);
      const Index lo = shawIndex(i, 0, p.clip) - w.first;
      const Index n = shawIndex(i, p.length - 1, p.clip) - w.first - lo + 1;
      for (Index b = 0; b < out.cols(); ++b)
        out(a, b) = detail::orderedDot(mass.data() + lo, aVT.row(b).data() + lo, n);
    }
  });
  return out;
}

ShawValueParts shawValueParts(const ShawParams& p, Index i, Index c) {
  const Index row[1] = {i};
  const WholeRows w = wholeRows(p, row);
  const std::vector<double> weights = rowWeights(p, w, i);
  const std::vector<double> mass = massPerIndex(p, weights, i, w.first, w.last);
  ShawValueParts out;
  for (std::size_t m = 0; m < mass.size(); ++m) {
    const Index t = w.first + static_cast<Index>(m);
    const double part =
        mass[m] * normal(p.seed, Tensor::ShawValueTable, static_cast<std::uint64_t>(t),
                         static_cast<std::uint64_t>(c));
    if (t == 0) {
      out.farBefore += part;
      out.massBefore += mass[m];
    } else if (t == 2 * p.clip) {
      out.farAfter += part;
      out.massAfter += mass[m];
    } else {
      out.inside += part;
    }
  }
  for (Index j = 0; j < p.length; ++j)
    out.content += weights[static_cast<std::size_t>(j)] * normal(p.seed, Tensor::ShawValue,
                                                                 static_cast<std::uint64_t>(j),
                                                                 static_cast<std::uint64_t>(c));
  return out;
}

}  // namespace posenc
