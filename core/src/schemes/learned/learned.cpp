// SPDX-License-Identifier: GPL-3.0-or-later
// Learned-table maths: which row a position uses, the table entries, the similarity of rows
// (learned.hpp). The `learned` scheme's description and views are in learned_scheme.cpp.
#include "posenc/schemes/learned/learned.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "posenc/base/random.hpp"

namespace posenc {

namespace {

const MessageTemplate kAtMostRowsAfterOffset{
    "at most max_len - offset (%1) when overflow = error; choose overflow = clamp or repeat to "
    "look past the table",
    "%1: max_len - offset"};
const MessageTemplate kAtMostRows{
    "at most max_len (%1) when overflow = error; choose overflow = clamp or repeat to look past "
    "the table",
    "%1: max_len"};
const MessageTemplate kOffsetBelowRows{"less than max_len (%1), the table's rows", "%1: max_len"};
const MessageTemplate kGridFits{"a side whose grid^2 patches and [CLS] fit in max_len (%1) rows",
                                "%1: max_len"};

ParamError tooLong(const LearnedParams& p, Index value) {
  if (p.offset > 0)
    return ParamError("length", std::to_string(value),
                      Message(kAtMostRowsAfterOffset, {std::to_string(p.maxLen - p.offset)}));
  return ParamError("length", std::to_string(value),
                    Message(kAtMostRows, {std::to_string(p.maxLen)}));
}

double entry(const LearnedParams& p, Index row, Index col) {
  if (p.trained) return p.trained->values[static_cast<std::size_t>(row * p.dim + col)];
  return p.stddev * normal(p.seed, Tensor::LearnedTable, static_cast<std::uint64_t>(row),
                           static_cast<std::uint64_t>(col));
}

/// Each row divided by its norm (a row of zeros stays zeros, so its cosines are 0).
Matrix normalisedRows(Matrix rows) {
  for (Index i = 0; i < rows.rows(); ++i) {
    const double norm = rows.row(i).norm();
    if (norm > 0) rows.row(i) /= norm;
  }
  return rows;
}

// Dot products G(i, j) = a_i . b_j, each summed in one fixed order whatever the sizes: eight
// interleaved partial sums s_l += a[k + l] b[k + l] over k = 0, 8, 16, ..., combined as
// ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)), then the tail k >= 8 floor(n/8) in order.
// So a cell is the same double in every request (a matrix product's order depends on the
// matrix sizes) and G(i, j) == G(j, i) when a == b. The work is tiled (blocks of cells,
// slices of k, with the partial sums kept between slices) so wide rows are read from cache;
// tiling does not change a single operation of any cell.
Matrix fixedOrderProducts(const Matrix& a, const Matrix& b, bool symmetric) {
  constexpr Index kLanes = 8, kBlock = 32, kSlice = 256;  // kSlice: a multiple of kLanes
  const Index n = a.cols();
  const Index body = n / kLanes * kLanes;
  Matrix g(a.rows(), b.rows());
  std::vector<double> acc(static_cast<std::size_t>(kBlock * kBlock * kLanes));
  for (Index i0 = 0; i0 < a.rows(); i0 += kBlock) {
    const Index i1 = std::min(i0 + kBlock, a.rows());
    for (Index j0 = symmetric ? i0 : 0; j0 < b.rows(); j0 += kBlock) {
      const Index j1 = std::min(j0 + kBlock, b.rows());
      std::fill(acc.begin(), acc.end(), 0.0);
      for (Index k0 = 0; k0 < body; k0 += kSlice) {
        const Index k1 = std::min(k0 + kSlice, body);
        for (Index i = i0; i < i1; ++i) {
          const double* x = a.row(i).data();
          for (Index j = j0; j < j1; ++j) {
            const double* y = b.row(j).data();
            double* s = &acc[static_cast<std::size_t>(((i - i0) * kBlock + (j - j0)) * kLanes)];
            double s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3];  // in registers, not memory
            double s4 = s[4], s5 = s[5], s6 = s[6], s7 = s[7];
            for (Index k = k0; k < k1; k += kLanes) {
              s0 += x[k] * y[k];
              s1 += x[k + 1] * y[k + 1];
              s2 += x[k + 2] * y[k + 2];
              s3 += x[k + 3] * y[k + 3];
              s4 += x[k + 4] * y[k + 4];
              s5 += x[k + 5] * y[k + 5];
              s6 += x[k + 6] * y[k + 6];
              s7 += x[k + 7] * y[k + 7];
            }
            s[0] = s0, s[1] = s1, s[2] = s2, s[3] = s3, s[4] = s4, s[5] = s5, s[6] = s6, s[7] = s7;
          }
        }
      }
      for (Index i = i0; i < i1; ++i) {
        for (Index j = j0; j < j1; ++j) {
          const double* s = &acc[static_cast<std::size_t>(((i - i0) * kBlock + (j - j0)) * kLanes)];
          double sum = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
          for (Index k = body; k < n; ++k) sum += a(i, k) * b(j, k);
          g(i, j) = sum;
        }
      }
    }
  }
  if (symmetric)  // blocks below the diagonal were skipped; the products are symmetric
    for (Index i = 0; i < g.rows(); ++i)
      for (Index j = 0; j < i; ++j) g(i, j) = g(j, i);
  return g;
}

// x . y over n entries in the order fixedOrderProducts uses (eight interleaved partial sums,
// then the tail), whatever the vectors' addresses: the same double in every request.
double fixedOrderDot(const double* x, const double* y, Index n) {
  constexpr Index kLanes = 8;
  std::array<double, kLanes> s{};
  const Index body = n / kLanes * kLanes;
  for (Index k = 0; k < body; k += kLanes)
    for (Index l = 0; l < kLanes; ++l) s[static_cast<std::size_t>(l)] += x[k + l] * y[k + l];
  double sum = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
  for (Index k = body; k < n; ++k) sum += x[k] * y[k];
  return sum;
}

// Sorted distinct values of v, and for each element of v its index among them.
std::pair<std::vector<Index>, std::vector<Index>> uniqueWithIndex(const std::vector<Index>& v) {
  std::vector<Index> u = v;
  std::sort(u.begin(), u.end());
  u.erase(std::unique(u.begin(), u.end()), u.end());
  std::vector<Index> where(v.size());
  for (std::size_t a = 0; a < v.size(); ++a)
    where[a] = std::lower_bound(u.begin(), u.end(), v[a]) - u.begin();
  return {u, where};
}

}  // namespace

LearnedOverflow learnedOverflowFromId(std::string_view id) {
  if (id == "error") return LearnedOverflow::Error;
  if (id == "clamp") return LearnedOverflow::Clamp;
  if (id == "repeat") return LearnedOverflow::Repeat;
  throw ParamError("overflow", std::string(id),
                   Message(allowed::kOneOf, {MessageArg::list({"error", "clamp", "repeat"})}));
}

LearnedMeasure learnedMeasureFromId(std::string_view id) {
  if (id == "dot") return LearnedMeasure::Dot;
  if (id == "cosine") return LearnedMeasure::Cosine;
  throw ParamError("measure", std::string(id),
                   Message(allowed::kOneOf, {MessageArg::list({"dot", "cosine"})}));
}

const std::vector<std::string>& learnedTableNames() {
  static const std::vector<std::string> names = {
      "wpe.weight",
      "transformer.wpe.weight",
      "embeddings.position_embeddings.weight",
      "bert.embeddings.position_embeddings.weight",
      "roberta.embeddings.position_embeddings.weight",
      "decoder.embed_positions.weight",
      "model.decoder.embed_positions.weight",
      "vit.embeddings.position_embeddings",
      "embeddings.position_embeddings",
  };
  return names;
}

void checkLearnedParams(const LearnedParams& p) {
  if (p.offset >= p.maxLen)
    throw ParamError("offset", std::to_string(p.offset),
                     Message(kOffsetBelowRows, {std::to_string(p.maxLen)}));
  if (p.grid > 0 && p.grid * p.grid + 1 > p.maxLen)
    throw ParamError("grid", std::to_string(p.grid),
                     Message(kGridFits, {std::to_string(p.maxLen)}));
  if (p.overflow == LearnedOverflow::Error && p.length > p.maxLen - p.offset)
    throw tooLong(p, p.length);
}

Index learnedTableRow(const LearnedParams& p, Index position) {
  const Index n = p.maxLen - p.offset;  // positions the table holds
  if (position < n) return position + p.offset;
  switch (p.overflow) {
    case LearnedOverflow::Clamp:
      return p.maxLen - 1;
    case LearnedOverflow::Repeat:
      return p.offset + position % n;
    case LearnedOverflow::Error:
      break;
  }
  throw tooLong(p, std::max(p.length, position + 1));
}

Index learnedGridSide(const LearnedParams& p) {
  if (p.grid > 0) return p.grid;
  Index n = std::min(p.length, kMaxGridSide * kMaxGridSide);
  if (p.overflow == LearnedOverflow::Error) n = std::min(n, p.maxLen - p.offset);
  auto side = static_cast<Index>(std::sqrt(static_cast<double>(n)));
  while (side * side > n) --side;
  while ((side + 1) * (side + 1) <= n) ++side;
  return std::max<Index>(side, 1);
}

Index learnedGridRow(const LearnedParams& p, Index i) {
  return p.grid > 0 ? 1 + i : learnedTableRow(p, i);
}

Matrix learnedGridCosines(const LearnedParams& p, std::span<const Index> rows,
                          std::span<const Index> cols) {
  const Index side = learnedGridSide(p);
  // Picture row R = a side + i and column C = b side + j: tile (a, b) is cell u = a side + b,
  // inside it (i, j) is cell v = i side + j. One picture row fixes a and i, so it needs the
  // rows of cells a side + b and i side + j for the b and j of the requested columns only.
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  std::vector<Index> bs, js;  // distinct tile columns and inner columns, increasing
  for (const Index c : cols) {
    bs.push_back(c / side);
    js.push_back(c % side);
  }
  auto distinct = [](std::vector<Index> v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  const std::vector<Index> ub = distinct(bs), uj = distinct(js);
  auto at = [](const std::vector<Index>& u, Index x) {
    return std::lower_bound(u.begin(), u.end(), x) - u.begin();
  };
  auto unitRows = [&](Index base, const std::vector<Index>& offsets) {
    std::vector<Index> tableRows(offsets.size());
    for (std::size_t k = 0; k < offsets.size(); ++k)
      tableRows[k] = learnedGridRow(p, base + offsets[k]);
    return normalisedRows(learnedTableRows(p, tableRows));
  };
  for (Index r = 0; r < out.rows(); ++r) {
    const Index row = rows[static_cast<std::size_t>(r)];
    const Index a = row / side, i = row % side;
    const Matrix us = unitRows(a * side, ub), vs = unitRows(i * side, uj);
    for (Index c = 0; c < out.cols(); ++c) {
      const auto cs = static_cast<std::size_t>(c);
      const Index u = a * side + bs[cs], v = i * side + js[cs];
      const double* x = us.row(at(ub, bs[cs])).data();
      const double* y = vs.row(at(uj, js[cs])).data();
      // The lower cell first: (u, v) and (v, u) are the same sum in the same order.
      out(r, c) = u <= v ? fixedOrderDot(x, y, p.dim) : fixedOrderDot(y, x, p.dim);
    }
  }
  return out;
}

Matrix learnedTableRows(const LearnedParams& p, std::span<const Index> tableRows) {
  Matrix t(static_cast<Index>(tableRows.size()), p.dim);
  for (Index a = 0; a < t.rows(); ++a)
    for (Index k = 0; k < p.dim; ++k) t(a, k) = entry(p, tableRows[static_cast<std::size_t>(a)], k);
  return t;
}

Matrix learnedEncoding(const LearnedParams& p, std::span<const Index> positions,
                       std::span<const Index> cols) {
  Matrix out(static_cast<Index>(positions.size()), static_cast<Index>(cols.size()));
  for (Index a = 0; a < out.rows(); ++a) {
    const Index r = learnedTableRow(p, positions[static_cast<std::size_t>(a)]);
    for (Index b = 0; b < out.cols(); ++b)
      out(a, b) = entry(p, r, cols[static_cast<std::size_t>(b)]);
  }
  return out;
}

Matrix learnedSimilarity(const LearnedParams& p, std::span<const Index> rows,
                         std::span<const Index> cols) {
  std::vector<Index> rowTable, colTable;
  for (const Index x : rows) rowTable.push_back(learnedTableRow(p, x));
  for (const Index x : cols) colTable.push_back(learnedTableRow(p, x));
  // Clamp and repeat map many positions to one row: form each distinct row once and the
  // dot products of distinct rows only, then spread them over the requested cells.
  const auto [ur, whereR] = uniqueWithIndex(rowTable);
  const auto [uc, whereC] = uniqueWithIndex(colTable);
  const bool cosine = p.measure == LearnedMeasure::Cosine;
  auto rowsOf = [&](const std::vector<Index>& u) {
    return cosine ? normalisedRows(learnedTableRows(p, u)) : learnedTableRows(p, u);
  };
  const Matrix a = rowsOf(ur);
  const bool square = ur == uc;  // the usual case: one triangle, mirrored
  const Matrix gram =
      square ? fixedOrderProducts(a, a, true) : fixedOrderProducts(a, rowsOf(uc), false);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (Index i = 0; i < out.rows(); ++i)
    for (Index j = 0; j < out.cols(); ++j)
      out(i, j) = gram(whereR[static_cast<std::size_t>(i)], whereC[static_cast<std::size_t>(j)]);
  return out;
}

}  // namespace posenc
