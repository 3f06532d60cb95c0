// SPDX-License-Identifier: GPL-3.0-or-later
// Transformer-XL maths: the reference rel-shift computation (xlTerm) and the cell-by-cell
// evaluation the views use (xlTermCells, xlAttentionCells). The `xl` scheme's description and
// views are in xl_scheme.cpp.
#include "posenc/schemes/xl/transformer_xl.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/table_cache.hpp"
#include "compute/ordered_product.hpp"
#include "compute/parallel.hpp"
#include "posenc/base/random.hpp"
#include "posenc/maths/sinusoidal_table.hpp"
#include "posenc/tensors/tensor_ref.hpp"

namespace posenc {

namespace {

const MessageTemplate kBiasTableShape{
    "a table of heads x d_head = %1 x %2 (HF %3 is [n_head, d_head], d_head = d_model / heads); "
    "this one is %4 x %5: set heads and d_model as the model's config.json does (n_head, "
    "d_model)",
    "%1 x %2: the shape wanted; %3: a tensor name (r_w_bias or r_r_bias); %4 x %5: the shape of "
    "the file's table"};

constexpr double kBase = 10000.0;  // `PositionalEmbedding`: 1 / 10000^(2i/d_model).

/// dModel x dHead block of a dModel x dModel random weight: columns col0 .. col0+dHead-1.
Matrix weightColumns(std::uint64_t seed, Tensor tensor, Index dModel, Index col0, Index dHead) {
  const double scale = std::sqrt(static_cast<double>(dModel));
  Matrix w(dModel, dHead);
  for (Index r = 0; r < dModel; ++r)
    for (Index c = 0; c < dHead; ++c)
      w(r, c) = normal(seed, tensor, static_cast<std::uint64_t>(r),
                       static_cast<std::uint64_t>(col0 + c)) /
                scale;
  return w;
}

Vector headBias(std::uint64_t seed, Tensor tensor, Index head, Index dHead) {
  Vector b(dHead);
  for (Index c = 0; c < dHead; ++c)
    b(c) = normal(seed, tensor, static_cast<std::uint64_t>(head), static_cast<std::uint64_t>(c));
  return b;
}

Matrix contentRows(std::uint64_t seed, Index first, Index count, Index dModel) {
  Matrix h(count, dModel);
  for (Index r = 0; r < count; ++r)
    for (Index c = 0; c < dModel; ++c)
      h(r, c) = normal(seed, Tensor::XlContent, static_cast<std::uint64_t>(first + r),
                       static_cast<std::uint64_t>(c));
  return h;
}

void applyMask(Matrix& m, Index mlen) {
  for (Index i = 0; i < m.rows(); ++i)
    for (Index j = i + mlen + 1; j < m.cols(); ++j) m(i, j) = kMasked;
}

/// x.rowwise() + b^T for a row-major matrix and a column vector.
Matrix addRowBias(const Matrix& x, const Vector& b) {
  Matrix out = x;
  out.rowwise() += b.transpose();
  return out;
}

/// R rows at the given (already clamped) lookup distances: lookups.size() x dModel.
Matrix relativeRowsAt(const XlParams& p, const std::vector<Index>& lookups) {
  const auto n = static_cast<Index>(lookups.size());
  if (p.relative == XlRelative::Sinusoidal) {
    const std::vector<double> pos(lookups.begin(), lookups.end());
    return sinusoidalTable(pos, p.dModel, kBase, SinusoidalLayout::Concatenated);
  }
  Matrix rel(n, p.dModel);
  for (Index c = 0; c < n; ++c) rel.row(c) = xlRelativeRow(p, lookups[static_cast<std::size_t>(c)]);
  return rel;
}

}  // namespace

std::vector<std::string> xlBiasTensorNames(XlBias which) {
  const char* const name = which == XlBias::U ? "r_w_bias" : "r_r_bias";
  return {std::string("transformer.layers.0.dec_attn.") + name, std::string("transformer.") + name};
}

Vector xlHeadBias(const XlParams& p, XlBias which) {
  const bool u = which == XlBias::U;
  const std::string& text = u ? p.uTable : p.vTable;
  const Index dHead = xlHeadDim(p);
  if (text.empty()) return headBias(p.seed, u ? Tensor::XlU : Tensor::XlV, p.head, dHead);
  // HF modeling_transfo_xl.py RelPartialLearnableMultiHeadAttn: r_w_bias, r_r_bias are
  // nn.Parameter(torch.FloatTensor(n_head, d_head)), added to every query of head h as
  // w_head_q + r_w_bias (term c) and w_head_q + r_r_bias (term d).
  const std::string param = u ? "u_table" : "v_table";
  const Table t = tableParam(param, text, xlBiasTensorNames(which));
  if (t.rows != p.heads || t.cols != dHead)
    throw ParamError(param, text,
                     Message(kBiasTableShape, {std::to_string(p.heads), std::to_string(dHead),
                                               u ? "r_w_bias" : "r_r_bias", std::to_string(t.rows),
                                               std::to_string(t.cols)}));
  Vector b(dHead);
  for (Index c = 0; c < dHead; ++c) b(c) = t(p.head, c);
  return b;
}

Index xlLookupDistance(const XlParams& p, Index delta) {
  Index d = delta;
  if (p.clampLen > 0) d = std::min<Index>(d, p.clampLen);
  if (p.relative == XlRelative::Learned) d = std::clamp<Index>(d, 1 - p.maxLen, p.maxLen - 1);
  return d;
}

Matrix xlRelativeRow(const XlParams& p, Index lookupDistance) {
  if (p.relative == XlRelative::Sinusoidal) {
    const double pos = static_cast<double>(lookupDistance);
    return sinusoidalTable(std::span<const double>(&pos, 1), p.dModel, kBase,
                           SinusoidalLayout::Concatenated);
  }
  const double scale = std::sqrt(2.0);
  const auto row = static_cast<std::uint64_t>(lookupDistance + kXlMaxLen - 1);
  Matrix r(1, p.dModel);
  for (Index c = 0; c < p.dModel; ++c)
    r(0, c) = normal(p.seed, Tensor::XlRelTable, row, static_cast<std::uint64_t>(c)) / scale;
  return r;
}

Matrix xlRelativeRows(const XlParams& p) {
  const Index klen = xlKeyLength(p);
  std::vector<Index> lookups(static_cast<std::size_t>(klen));
  for (Index c = 0; c < klen; ++c)
    lookups[static_cast<std::size_t>(c)] = xlLookupDistance(p, klen - 1 - c);
  return relativeRowsAt(p, lookups);
}

XlTensors xlTensors(const XlParams& p) {
  const Index dHead = xlHeadDim(p);
  const Index col0 = Index{p.head} * dHead;
  XlTensors t;
  t.mlen = p.mlen;
  t.content = contentRows(p.seed, 0, xlKeyLength(p), p.dModel);
  t.wq = weightColumns(p.seed, Tensor::XlWq, p.dModel, col0, dHead);
  t.wk = weightColumns(p.seed, Tensor::XlWk, p.dModel, col0, dHead);
  t.wr = weightColumns(p.seed, Tensor::XlWr, p.dModel, col0, dHead);
  t.u = xlHeadBias(p, XlBias::U);
  t.v = xlHeadBias(p, XlBias::V);
  t.rel = xlRelativeRows(p);
  return t;
}

Matrix xlRelShift(const Matrix& x) {
  const Index qlen = x.rows();
  const Index klen = x.cols();
  // torch.cat([zero_pad, x], dim=1): qlen x (klen+1), C order.
  Matrix padded(qlen, klen + 1);
  padded.col(0).setZero();
  padded.rightCols(klen) = x;
  // .view(klen+1, qlen)[1:] skips the first qlen values; .view_as(x) reads the rest as
  // qlen x klen. Matrix is row-major, so a Map of the same buffer is exactly that view.
  return Eigen::Map<const Matrix>(padded.data() + qlen, qlen, klen);
}

Matrix xlTerm(const XlTensors& t, XlTerm term) {
  const Index klen = t.content.rows();
  const Index qlen = klen - t.mlen;
  const double scale = 1.0 / std::sqrt(static_cast<double>(t.wq.cols()));
  const bool needQ = term != XlTerm::C && term != XlTerm::D;
  const bool needK =
      term == XlTerm::A || term == XlTerm::C || term == XlTerm::AC || term == XlTerm::Scores;
  const bool needR =
      term == XlTerm::B || term == XlTerm::D || term == XlTerm::BD || term == XlTerm::Scores;
  const Matrix q = needQ ? Matrix(t.content.bottomRows(qlen) * t.wq) : Matrix();
  const Matrix k = needK ? Matrix(t.content * t.wk) : Matrix();
  const Matrix r = needR ? Matrix(t.rel * t.wr) : Matrix();

  Matrix out;
  switch (term) {
    case XlTerm::A:
      out = q * k.transpose();
      break;
    case XlTerm::C:
      out = Vector::Ones(qlen) * (k * t.u).transpose();
      break;
    case XlTerm::AC:
      out = addRowBias(q, t.u) * k.transpose();
      break;
    case XlTerm::B:
      out = xlRelShift(q * r.transpose());
      break;
    case XlTerm::D:
      out = xlRelShift(Vector::Ones(qlen) * (r * t.v).transpose());
      break;
    case XlTerm::BD:
      out = xlRelShift(addRowBias(q, t.v) * r.transpose());
      break;
    case XlTerm::Scores:
      // The reference: attn_score = AC + BD; attn_score.mul_(scale).
      out = addRowBias(q, t.u) * k.transpose();
      out += xlRelShift(addRowBias(q, t.v) * r.transpose());
      break;
  }
  out *= scale;
  applyMask(out, t.mlen);
  return out;
}

Matrix xlAttention(const Matrix& scores) {
  Matrix out = scores;
  for (Index i = 0; i < out.rows(); ++i) {
    double mx = -std::numeric_limits<double>::infinity();
    for (Index j = 0; j < out.cols(); ++j)
      if (!std::isnan(out(i, j))) mx = std::max(mx, out(i, j));
    if (!std::isfinite(mx)) continue;
    double sum = 0;
    for (Index j = 0; j < out.cols(); ++j)
      if (!std::isnan(out(i, j))) sum += (out(i, j) = std::exp(out(i, j) - mx));
    for (Index j = 0; j < out.cols(); ++j)
      if (!std::isnan(out(i, j))) out(i, j) /= sum;
  }
  return out;
}

XlMemory xlMemoryBytes(Index qlen, Index klen, Index dHead) {
  const auto q = static_cast<double>(qlen);
  const auto k = static_cast<double>(klen);
  const auto d = static_cast<double>(dHead);
  return {q * k * d * 4.0, (k * d + q * (k + 1.0)) * 4.0};
}

namespace {

/// The weights, biases and projections of one head, from which xlTermCells and
/// xlAttentionCells form each cell (the regrouping R . (W_r q) is documented at xlTermCells).
class XlCells {
 public:
  explicit XlCells(const XlParams& p)
      : m_p(p), m_dHead(xlHeadDim(p)), m_scale(1.0 / std::sqrt(static_cast<double>(xlHeadDim(p)))) {
    const Index col0 = Index{p.head} * m_dHead;
    m_wq = weightColumns(p.seed, Tensor::XlWq, p.dModel, col0, m_dHead);
    m_wk = weightColumns(p.seed, Tensor::XlWk, p.dModel, col0, m_dHead);
    m_wrT = weightColumns(p.seed, Tensor::XlWr, p.dModel, col0, m_dHead).transpose();
    m_u = xlHeadBias(p, XlBias::U);
    m_v = xlHeadBias(p, XlBias::V);
  }

  Index dHead() const { return m_dHead; }
  double scale() const { return m_scale; }
  const Vector& u() const { return m_u; }
  const Vector& v() const { return m_v; }

  /// q_i for query rows i (positions mlen + i): rows.size() x d_head.
  Matrix queries(std::span<const Index> rows) const { return project(rows, m_p.mlen, m_wq); }
  /// k_j for keys j: cols.size() x d_head.
  Matrix keys(std::span<const Index> cols) const { return project(cols, 0, m_wk); }

  /// W_r x for each row x of `x` (n x d_head): n x d_model.
  Matrix positionWeights(const Matrix& x) const { return detail::orderedProduct(x, m_wrT); }

  /// R rows at sorted lookup distances: lookups.size() x d_model. Kept in the table cache
  /// (they depend on relative, d_model and, for a learned table, the seed only), so a change
  /// of the head or the weights reuses them.
  std::shared_ptr<const Matrix> relRows(const std::vector<Index>& lookups) const {
    if (detail::tableBytes(static_cast<Index>(lookups.size()), m_p.dModel) >
        detail::kMaxCachedTableBytes)
      return std::make_shared<const Matrix>(relativeRowsAt(m_p, lookups));
    const bool learned = m_p.relative == XlRelative::Learned;
    detail::TableKey key{2, learned ? 1 : 0, m_p.dModel,
                         learned ? static_cast<std::int64_t>(m_p.seed) : 0};
    key.insert(key.end(), lookups.begin(), lookups.end());
    return detail::cachedTable(key, [&] { return relativeRowsAt(m_p, lookups); });
  }

 private:
  /// Content rows h_(offset + index) for each index, projected by w, drawn in chunks so no
  /// positions x d_model table is held when many positions are asked for (attention keys).
  Matrix project(std::span<const Index> idx, Index offset, const Matrix& w) const {
    constexpr Index kChunkRows = 1024;
    const auto n = static_cast<Index>(idx.size());
    // Small enough to keep: drawn once per (seed, d_model, positions) and reused by every
    // head and weight (orderedProduct is row-independent, so this equals the chunks bit for
    // bit).
    if (detail::tableBytes(n, m_p.dModel) <= detail::kMaxCachedTableBytes)
      return detail::orderedProduct(*detail::normalRows(m_p.seed, Tensor::XlContent, idx, offset,
                                                        m_p.dModel),
                                    w);
    Matrix out(n, m_dHead);
    for (Index a0 = 0; a0 < n; a0 += kChunkRows) {
      const Index m = std::min(kChunkRows, n - a0);
      Matrix h(m, m_p.dModel);
      for (Index a = 0; a < m; ++a) {
        const auto row = static_cast<std::uint64_t>(idx[static_cast<std::size_t>(a0 + a)] + offset);
        for (Index c = 0; c < m_p.dModel; ++c)
          h(a, c) = normal(m_p.seed, Tensor::XlContent, row, static_cast<std::uint64_t>(c));
      }
      out.middleRows(a0, m) = detail::orderedProduct(h, w);
    }
    return out;
  }

  XlParams m_p;
  Index m_dHead;
  double m_scale;
  Matrix m_wq, m_wk, m_wrT;
  Vector m_u, m_v;
};

/// Rows of `x` (n x d) plus the vector b^T.
Matrix plusRow(const Matrix& x, const Vector& b) { return addRowBias(x, b); }

/// The R rows a block of cells needs, and which row each lookup distance uses.
class RelRowsOfBlock {
 public:
  /// Lookups of the unmasked cells of rows x cols: when their range is at most a few times
  /// the cell count, a dense table over the range marks and indexes them; otherwise a
  /// sorted list of the distinct values.
  RelRowsOfBlock(const XlParams& p, const XlCells& x, std::span<const Index> rows,
                 std::span<const Index> cols)
      : m_p(p) {
    const Index lo = xlLookupDistance(p, std::max<Index>(0, rows.front() + p.mlen - cols.back()));
    const Index hi = xlLookupDistance(p, rows.back() + p.mlen - cols.front());
    const auto cells = static_cast<Index>(rows.size() * cols.size());
    m_lo = lo;
    std::vector<Index> lookups;
    if (hi >= lo && hi - lo + 1 <= 4 * cells + 1024) {
      m_dense.assign(static_cast<std::size_t>(hi - lo + 1), -1);
      for (Index i : rows)
        for (Index j : cols)
          if (!xlIsMasked(i, j, p.mlen))
            m_dense[static_cast<std::size_t>(xlLookupDistance(p, i + p.mlen - j) - lo)] = 0;
      for (std::size_t k = 0; k < m_dense.size(); ++k)
        if (m_dense[k] == 0) {
          m_dense[k] = static_cast<Index>(lookups.size());
          lookups.push_back(lo + static_cast<Index>(k));
        }
    } else {
      for (Index i : rows)
        for (Index j : cols)
          if (!xlIsMasked(i, j, p.mlen)) lookups.push_back(xlLookupDistance(p, i + p.mlen - j));
      std::sort(lookups.begin(), lookups.end());
      lookups.erase(std::unique(lookups.begin(), lookups.end()), lookups.end());
      m_sorted = lookups;
    }
    m_rel = x.relRows(lookups);
  }

  /// The R row (d_model values) of true distance delta.
  const double* row(Index delta) const {
    const Index lookup = xlLookupDistance(m_p, delta);
    const Index k =
        m_dense.empty()
            ? static_cast<Index>(std::lower_bound(m_sorted.begin(), m_sorted.end(), lookup) -
                                 m_sorted.begin())
            : m_dense[static_cast<std::size_t>(lookup - m_lo)];
    return m_rel->row(k).data();
  }

  /// Upper bound of the R rows held for rows x cols (for chunking).
  static Index bound(const XlParams& p, Index rowSpan, Index colSpan, Index cells) {
    return std::min(rowSpan + colSpan + 1, cells + 1) * p.dModel;
  }

 private:
  XlParams m_p;
  Index m_lo = 0;
  std::vector<Index> m_dense;   ///< lookup - m_lo -> row of m_rel (dense case).
  std::vector<Index> m_sorted;  ///< distinct lookups, sorted (sparse case).
  std::shared_ptr<const Matrix> m_rel;
};

}  // namespace

// Rows are taken in chunks whose R rows stay under about 32 MB whatever the region (a
// contiguous block needs one R row per distance in its span, a sampled one up to one per cell).

Matrix xlTermCells(const XlParams& p, XlTerm term, std::span<const Index> rows,
                   std::span<const Index> cols) {
  const XlCells x(p);
  const auto nr = static_cast<Index>(rows.size());
  const auto nc = static_cast<Index>(cols.size());
  Matrix out(nr, nc);
  if (nr == 0 || nc == 0) return out;
  const bool needQ = term != XlTerm::C && term != XlTerm::D;
  const bool needK =
      term == XlTerm::A || term == XlTerm::C || term == XlTerm::AC || term == XlTerm::Scores;
  const bool needR =
      term == XlTerm::B || term == XlTerm::D || term == XlTerm::BD || term == XlTerm::Scores;
  const Matrix q = needQ ? x.queries(rows) : Matrix();
  const Matrix k = needK ? x.keys(cols) : Matrix();
  // The d_head vector each term dots with k_j (content) and the d_head vector W_r maps to the
  // d_model vector R_delta is dotted with (position).
  Matrix qc, qr;
  if (term == XlTerm::A) qc = q;
  if (term == XlTerm::AC || term == XlTerm::Scores) qc = plusRow(q, x.u());
  if (term == XlTerm::C) qc = x.u().transpose();
  if (term == XlTerm::B) qr = q;
  if (term == XlTerm::BD || term == XlTerm::Scores) qr = plusRow(q, x.v());
  if (term == XlTerm::D) qr = x.v().transpose();
  const Matrix g = needR ? x.positionWeights(qr) : Matrix();  // rows (or 1) x d_model
  const bool oneQc = term == XlTerm::C;
  const bool oneG = term == XlTerm::D;
  const Index colSpan = cols.back() - cols.front();
  constexpr Index kMaxHeld = Index{1} << 22;  // doubles of R rows per chunk (32 MB)

  for (Index a0 = 0; a0 < nr;) {
    Index a1 = a0 + 1;  // grow the chunk while its R rows fit
    while (a1 < nr && RelRowsOfBlock::bound(p,
                                            rows[static_cast<std::size_t>(a1)] -
                                                rows[static_cast<std::size_t>(a0)],
                                            colSpan, (a1 - a0 + 1) * nc) <= kMaxHeld)
      ++a1;
    const auto chunkRows =
        rows.subspan(static_cast<std::size_t>(a0), static_cast<std::size_t>(a1 - a0));
    const std::unique_ptr<const RelRowsOfBlock> rel =
        needR ? std::make_unique<const RelRowsOfBlock>(p, x, chunkRows, cols) : nullptr;
    // Unmasked cells of a row go four at a time through orderedDot4 (the same bits as one
    // orderedDot per cell, about three times faster).
    std::array<Index, 4> group{};
    std::array<const double*, 4> yk{}, yr{};
    std::array<double, 4> content{}, position{};
    for (Index a = a0; a < a1; ++a) {
      const Index i = rows[static_cast<std::size_t>(a)];
      const double* qa = needK ? qc.row(oneQc ? 0 : a).data() : nullptr;
      const double* ga = needR ? g.row(oneG ? 0 : a).data() : nullptr;
      auto flush = [&](int count) {
        content.fill(0.0);
        position.fill(0.0);
        if (needK) {
          if (count == 4) detail::orderedDot4(qa, yk.data(), k.cols(), content.data());
          else
            for (int c = 0; c < count; ++c) content[c] = detail::orderedDot(qa, yk[c], k.cols());
        }
        if (needR) {
          if (count == 4) detail::orderedDot4(ga, yr.data(), p.dModel, position.data());
          else
            for (int c = 0; c < count; ++c) position[c] = detail::orderedDot(ga, yr[c], p.dModel);
        }
        for (int c = 0; c < count; ++c) out(a, group[c]) = (content[c] + position[c]) * x.scale();
      };
      int count = 0;
      for (Index b = 0; b < nc; ++b) {
        const Index j = cols[static_cast<std::size_t>(b)];
        if (xlIsMasked(i, j, p.mlen)) {
          out(a, b) = kMasked;
          continue;
        }
        group[count] = b;
        if (needK) yk[count] = k.row(b).data();
        if (needR) yr[count] = rel->row(i + p.mlen - j);
        if (++count == 4) {
          flush(4);
          count = 0;
        }
      }
      if (count > 0) flush(count);
    }
    a0 = a1;
  }
  return out;
}

namespace {

/// What every row of the attention view shares: every key, each requested row's (q_i + u)
/// and W_r (q_i + v), and R at every distance 0 .. klen-1 (all a row can need).
struct AttentionInputs {
  Matrix k;                           ///< klen x d_head: k_j of every key j.
  Matrix qc;                          ///< rows x d_head: q_i + u.
  Matrix g;                           ///< rows x d_model: W_r (q_i + v).
  std::shared_ptr<const Matrix> rel;  ///< R at the distinct lookups, sorted.
  std::vector<Index> relIndex;        ///< distance delta -> row of rel.
  double scale = 1;                   ///< 1 / sqrt(d_head).

  /// The R row (d_model values) of distance delta.
  [[nodiscard]] const double* relOf(Index delta) const {
    return rel->row(relIndex[static_cast<std::size_t>(delta)]).data();
  }
};

AttentionInputs attentionInputs(const XlParams& p, std::span<const Index> rows) {
  const XlCells x(p);
  const Index klen = xlKeyLength(p);
  std::vector<Index> allKeys(static_cast<std::size_t>(klen));
  for (Index j = 0; j < klen; ++j) allKeys[static_cast<std::size_t>(j)] = j;
  AttentionInputs in;
  in.k = x.keys(allKeys);
  const Matrix q = x.queries(rows);
  in.qc = plusRow(q, x.u());
  in.g = x.positionWeights(plusRow(q, x.v()));
  // R at every lookup of distances 0 .. klen-1, in distance order.
  std::vector<Index> lookups(static_cast<std::size_t>(klen));
  for (Index d = 0; d < klen; ++d) lookups[static_cast<std::size_t>(d)] = xlLookupDistance(p, d);
  std::vector<Index> distinct = lookups;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  in.rel = x.relRows(distinct);
  in.relIndex.resize(static_cast<std::size_t>(klen));
  for (Index d = 0; d < klen; ++d)
    in.relIndex[static_cast<std::size_t>(d)] = static_cast<Index>(
        std::lower_bound(distinct.begin(), distinct.end(), lookups[static_cast<std::size_t>(d)]) -
        distinct.begin());
  in.scale = x.scale();
  return in;
}

/// C(t) = (q_i + u) . k_t and P(t) = g_i . R_t for t in [t0, end), of block row b (input row
/// a0 + b) and, when `pair`, of row b + 1 too: two rows share each key and R row read
/// (orderedDot2x4), four keys at a time. Each value is the orderedDot of one cell.
void tileDots(const AttentionInputs& in, Index dModel, Index a0, Index b, bool pair, Index t0,
              Index end, Matrix& content, Matrix& position) {
  const Index dHead = in.k.cols();
  const double* q0 = in.qc.row(a0 + b).data();
  const double* g0 = in.g.row(a0 + b).data();
  const double* q1 = pair ? in.qc.row(a0 + b + 1).data() : nullptr;
  const double* g1 = pair ? in.g.row(a0 + b + 1).data() : nullptr;
  Index t = t0;
  for (; t + 4 <= end; t += 4) {
    const double* yk[4] = {in.k.row(t).data(), in.k.row(t + 1).data(), in.k.row(t + 2).data(),
                           in.k.row(t + 3).data()};
    const double* yr[4] = {in.relOf(t), in.relOf(t + 1), in.relOf(t + 2), in.relOf(t + 3)};
    if (pair) {
      detail::orderedDot2x4(q0, q1, yk, dHead, &content(b, t), &content(b + 1, t));
      detail::orderedDot2x4(g0, g1, yr, dModel, &position(b, t), &position(b + 1, t));
    } else {
      detail::orderedDot4(q0, yk, dHead, &content(b, t));
      detail::orderedDot4(g0, yr, dModel, &position(b, t));
    }
  }
  for (; t < end; ++t) {
    content(b, t) = detail::orderedDot(q0, in.k.row(t).data(), dHead);
    position(b, t) = detail::orderedDot(g0, in.relOf(t), dModel);
    if (!pair) continue;
    content(b + 1, t) = detail::orderedDot(q1, in.k.row(t).data(), dHead);
    position(b + 1, t) = detail::orderedDot(g1, in.relOf(t), dModel);
  }
}

/// The weights of one row from its C over keys 0 .. n-1 (`s`, overwritten) and P over
/// distances 0 .. n-1 (n - 1 = i + mlen, the distance of key 0), summed in key order, at the
/// requested columns of output row `outRow`.
void softmaxRow(double* s, const double* pos, Index n, double scale, std::span<const Index> cols,
                Matrix& out, Index outRow) {
  const Index last = n - 1;
  for (Index j = 0; j < n; ++j) s[j] = (s[j] + pos[last - j]) * scale;
  const double mx = *std::max_element(s, s + n);
  double sum = 0;
  for (Index j = 0; j < n; ++j) sum += (s[j] = std::exp(s[j] - mx));
  for (Index c = 0; c < out.cols(); ++c) {
    const Index key = cols[static_cast<std::size_t>(c)];
    out(outRow, c) = key < n ? s[key] / sum : kMasked;
  }
}

}  // namespace

Matrix xlAttentionCells(const XlParams& p, std::span<const Index> rows,
                        std::span<const Index> cols) {
  const AttentionInputs in = attentionInputs(p, rows);
  const Index klen = xlKeyLength(p);
  // A row's score at key j is (C(j) + P(i + mlen - j)) * scale with C(j) = (q_i + u) . k_j
  // and P(delta) = g_i . R_delta: every row needs C over keys 0 .. i + mlen and P over
  // distances 0 .. i + mlen. Rows go in blocks of kRowBlock (to the cores in parallel), keys
  // and distances in tiles of kTile: a tile's 256 keys and 256 R rows (32 KB + 128 KB) stay in
  // the core's cache while every row of the block uses them, and two rows at a time share each
  // key or R row read (orderedDot2x4). Every dot is the orderedDot of one cell and a row's
  // weights are summed in key order, so the bits do not depend on the blocking, the pairing or
  // the number of threads.
  constexpr Index kRowBlock = 8;
  constexpr Index kTile = 256;
  const auto nr = static_cast<Index>(rows.size());
  Matrix out(nr, static_cast<Index>(cols.size()));
  detail::parallelBlocks(nr, kRowBlock, [&](Index a0, Index a1) {
    const Index m = a1 - a0;
    Matrix content(m, klen), position(m, klen);  // C(j) and P(delta) of each row of the block
    std::array<Index, kRowBlock> len{};          // keys 0 .. i + mlen (and distances 0 .. i + mlen)
    for (Index a = a0; a < a1; ++a)
      len[static_cast<std::size_t>(a - a0)] =
          std::min(klen, rows[static_cast<std::size_t>(a)] + p.mlen + 1);
    const Index longest = *std::max_element(len.begin(), len.begin() + m);
    for (Index t0 = 0; t0 < longest; t0 += kTile) {
      for (Index b = 0; b < m; b += 2) {
        const bool pair = b + 1 < m;
        const Index need =
            pair ? std::max(len[static_cast<std::size_t>(b)], len[static_cast<std::size_t>(b + 1)])
                 : len[static_cast<std::size_t>(b)];
        tileDots(in, p.dModel, a0, b, pair, t0, std::min(t0 + kTile, need), content, position);
      }
    }
    for (Index b = 0; b < m; ++b)
      softmaxRow(content.row(b).data(), position.row(b).data(), len[static_cast<std::size_t>(b)],
                 in.scale, cols, out, a0 + b);
  });
  return out;
}

}  // namespace posenc
