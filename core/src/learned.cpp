// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/learned.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "posenc/extrapolation.hpp"
#include "posenc/random.hpp"

namespace posenc {

namespace {

ParamError tooLong(const LearnedParams& p, Index value) {
  return ParamError("length", std::to_string(value),
                    "at most max_len (" + std::to_string(p.maxLen) +
                        ") when overflow = error; choose overflow = clamp or repeat to look past "
                        "the table");
}

double entry(const LearnedParams& p, Index row, Index col) {
  return p.stddev * normal(p.seed, Tensor::LearnedTable, static_cast<std::uint64_t>(row),
                           static_cast<std::uint64_t>(col));
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
  throw ParamError("overflow", std::string(id), "one of error, clamp or repeat");
}

LearnedParams learnedParamsFrom(const ParamSet& params) {
  LearnedParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.maxLen = params.getInt("max_len");
  p.stddev = params.getReal("std");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.overflow = learnedOverflowFromId(params.getChoice("overflow"));
  return p;
}

void checkLearnedParams(const LearnedParams& p) {
  if (p.overflow == LearnedOverflow::Error && p.length > p.maxLen) throw tooLong(p, p.length);
}

Index learnedTableRow(const LearnedParams& p, Index position) {
  if (position < p.maxLen) return position;
  switch (p.overflow) {
    case LearnedOverflow::Clamp:
      return p.maxLen - 1;
    case LearnedOverflow::Repeat:
      return position % p.maxLen;
    case LearnedOverflow::Error:
      break;
  }
  throw tooLong(p, std::max(p.length, position + 1));
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
  const Matrix a = learnedTableRows(p, ur);
  const bool square = ur == uc;  // the usual case: one triangle, mirrored
  const Matrix gram = square ? fixedOrderProducts(a, a, true)
                             : fixedOrderProducts(a, learnedTableRows(p, uc), false);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (Index i = 0; i < out.rows(); ++i)
    for (Index j = 0; j < out.cols(); ++j)
      out(i, j) = gram(whereR[static_cast<std::size_t>(i)], whereC[static_cast<std::size_t>(j)]);
  return out;
}

namespace {

class LearnedScheme final : public Scheme {
 public:
  const SchemeInfo& info() const override {
    static const SchemeInfo info = [] {
      SchemeInfo s;
      s.id = "learned";
      s.name = "Learned absolute table (BERT, GPT-2)";
      s.description =
          "A trainable max_len x d table, one row per position, shown at its random "
          "initialisation N(0, std^2); positions past max_len need an overflow rule";
      s.params = {
          intParam("length", 128, 1, kMaxLength, "Sequence length: positions 0 .. length-1"),
          intParam("dim", 128, 1, 16384, "Model width d: columns of the table"),
          intParam("max_len", 512, 1, kMaxLength,
                   "Rows of the table: the longest sequence the model was built for"),
          realParam("std", 0.02, 1e-6, 10,
                    "Standard deviation of the initial entries (GPT / BERT use 0.02)"),
          seedParam(),
          choiceParam("overflow", "error", {"error", "clamp", "repeat"},
                      "Positions p >= max_len: error = refuse (as a real model does); clamp = "
                      "reuse the last row; repeat = row p mod max_len (patterns recur)"),
      };
      ViewSpec enc;
      enc.id = "encoding";
      enc.title = "Learned position table T[r(p), k]";
      enc.xLabel = "dimension k";
      enc.yLabel = "position p";
      enc.valueLabel = "T[r(p), k]";
      enc.signedValues = true;
      enc.description =
          "length x dim: row = position p, column = dimension k; the table row r(p) = p below "
          "max_len, else per overflow; entries N(0, std^2), no structure until trained";
      ViewSpec sim;
      sim.id = "similarity";
      sim.title = "Similarity of positions  T[r(p)] · T[r(q)]";
      sim.xLabel = "position q";
      sim.yLabel = "position p";
      sim.valueLabel = "T[r(p)] · T[r(q)]";
      sim.signedValues = true;
      sim.description =
          "length x length dot products of the rows used by p and q, symmetric, about "
          "d std^2 on the diagonal; with overflow = repeat the same pattern recurs every "
          "max_len positions (the failure the seed article describes)";
      ViewSpec extra;
      extra.id = "extrapolation";
      extra.kind = ViewKind::Series;
      extra.title = "Beyond max_len: which table row each position uses";
      extra.xLabel = "position p";
      extra.yLabel = "table row r(p)";
      extra.description =
          "Row r(p) under each overflow rule for p = 0 .. max(length, 2 max_len) - 1: "
          "error stops at max_len (a real model refuses), clamp reuses row max_len - 1 for "
          "every later position (all look alike), repeat wraps to p mod max_len (positions "
          "max_len apart become identical); sampled evenly past 8192 positions";
      s.views = {enc, sim, extra};
      return s;
    }();
    return info;
  }

  void validate(const ParamSet& params) const override {
    checkLearnedParams(learnedParamsFrom(params));
  }

  MatrixShape shape(const ParamSet& params, std::string_view view) const override {
    const LearnedParams p = learnedParamsFrom(params);
    if (view == "encoding") return {p.length, p.dim};
    if (view == "similarity") return {p.length, p.length};
    throw notMatrix(view);
  }

  Matrix evaluate(const ParamSet& params, std::string_view view, std::span<const Index> rows,
                  std::span<const Index> cols) const override {
    const LearnedParams p = learnedParamsFrom(params);
    if (view == "encoding") return learnedEncoding(p, rows, cols);
    if (view == "similarity") return learnedSimilarity(p, rows, cols);
    throw notMatrix(view);
  }

  std::vector<Term> explainCell(const ParamSet& params, std::string_view view, Index row,
                                Index col) const override {
    const LearnedParams p = learnedParamsFrom(params);
    if (view == "encoding") {
      std::vector<Term> out = {{"position p", static_cast<double>(row)}};
      addRow(out, p, row, "p");
      out.push_back({"dimension k", static_cast<double>(col)});
      out.push_back({"std", p.stddev});
      out.push_back(
          {"N(0, 1) draw (value = std x draw)",
           normal(p.seed, Tensor::LearnedTable, static_cast<std::uint64_t>(learnedTableRow(p, row)),
                  static_cast<std::uint64_t>(col))});
      return out;
    }
    if (view == "similarity") {
      std::vector<Term> out = {{"position p", static_cast<double>(row)}};
      addRow(out, p, row, "p");
      out.push_back({"position q", static_cast<double>(col)});
      addRow(out, p, col, "q");
      const std::vector<Index> both = {learnedTableRow(p, row), learnedTableRow(p, col)};
      const Matrix t = learnedTableRows(p, both);
      const double np = t.row(0).norm(), nq = t.row(1).norm();
      out.push_back({"|T[r(p)]|", np});
      out.push_back({"|T[r(q)]|", nq});
      out.push_back({"cosine of the two rows", t.row(0).dot(t.row(1)) / (np * nq)});
      return out;
    }
    return {};  // series views have no cells
  }

  SeriesResult series(const ParamSet& params, std::string_view view) const override {
    if (view != "extrapolation")
      throw ParamError("view", std::string(view),
                       "a view of learned: encoding, similarity or extrapolation");
    const LearnedParams p = learnedParamsFrom(params);
    const Index count = std::max(p.length, 2 * p.maxLen);
    const std::vector<Index> at = chartPositions(count, kExtrapolationPoints, {p.maxLen - 1, p.maxLen});
    SeriesResult out;
    out.x.assign(at.begin(), at.end());
    Curve error{"error: row p, refused from max_len = " + std::to_string(p.maxLen) + " on", {}};
    Curve clamp{"clamp: row min(p, max_len - 1)", {}};
    Curve repeat{"repeat: row p mod max_len", {}};
    for (Index pos : at) {
      error.y.push_back(pos < p.maxLen ? static_cast<double>(pos) : kMasked);
      clamp.y.push_back(static_cast<double>(std::min(pos, p.maxLen - 1)));
      repeat.y.push_back(static_cast<double>(pos % p.maxLen));
    }
    out.curves = {std::move(error), std::move(clamp), std::move(repeat)};
    return out;
  }

 private:
  static ParamError notMatrix(std::string_view view) {
    return ParamError("view", std::string(view),
                      "a matrix view of learned: encoding or similarity");
  }

  // "table row r(p)", plus a note of the overflow rule when p is past the table.
  static void addRow(std::vector<Term>& out, const LearnedParams& p, Index position,
                     const std::string& name) {
    const Index r = learnedTableRow(p, position);
    if (position < p.maxLen) {
      out.push_back({"table row r(" + name + ") = " + name, static_cast<double>(r)});
    } else if (p.overflow == LearnedOverflow::Clamp) {
      out.push_back({"table row r(" + name + "): clamped to max_len - 1", static_cast<double>(r)});
    } else {
      out.push_back({"table row r(" + name + ") = " + name + " mod max_len (repeated)",
                     static_cast<double>(r)});
      const Index repetition = position / p.maxLen;  // integer division: whole passes over T
      out.push_back({"repetition " + name + " div max_len", static_cast<double>(repetition)});
    }
  }
};

}  // namespace

std::unique_ptr<Scheme> makeLearnedScheme() { return std::make_unique<LearnedScheme>(); }

}  // namespace posenc
