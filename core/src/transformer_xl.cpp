// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/transformer_xl.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ordered_product.hpp"
#include "parallel.hpp"
#include "table_cache.hpp"
#include "posenc/random.hpp"
#include "posenc/sinusoidal_table.hpp"

namespace posenc {

namespace {

constexpr double kBase = 10000.0;  // `PositionalEmbedding`: 1 / 10000^(2i/d_model).

Index dHeadOf(const XlParams& p) { return p.dModel / p.heads; }
Index klenOf(const XlParams& p) { return Index{p.mlen} + p.qlen; }

/// dModel x dHead block of a dModel x dModel random weight: columns col0 .. col0+dHead-1.
Matrix weightColumns(std::uint64_t seed, Tensor tensor, Index dModel, Index col0, Index dHead) {
  const double scale = std::sqrt(static_cast<double>(dModel));
  Matrix w(dModel, dHead);
  for (Index r = 0; r < dModel; ++r)
    for (Index c = 0; c < dHead; ++c)
      w(r, c) = normal(seed, tensor, static_cast<std::uint64_t>(r),
                       static_cast<std::uint64_t>(col0 + c)) / scale;
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

bool isMasked(Index i, Index j, Index mlen) { return j > i + mlen; }

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

XlParams xlParamsFrom(const ParamSet& params) {
  XlParams p;
  p.qlen = static_cast<int>(params.getInt("qlen"));
  p.mlen = static_cast<int>(params.getInt("mlen"));
  p.dModel = static_cast<int>(params.getInt("d_model"));
  p.heads = static_cast<int>(params.getInt("heads"));
  p.head = static_cast<int>(params.getInt("head"));
  p.clampLen = static_cast<int>(params.getInt("clamp_len"));
  p.relative = params.getChoice("relative") == "learned" ? XlRelative::Learned
                                                         : XlRelative::Sinusoidal;
  p.maxLen = static_cast<int>(params.getInt("max_len"));
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  return p;
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
  const Index klen = klenOf(p);
  std::vector<Index> lookups(static_cast<std::size_t>(klen));
  for (Index c = 0; c < klen; ++c)
    lookups[static_cast<std::size_t>(c)] = xlLookupDistance(p, klen - 1 - c);
  return relativeRowsAt(p, lookups);
}

XlTensors xlTensors(const XlParams& p) {
  const Index dHead = dHeadOf(p);
  const Index col0 = Index{p.head} * dHead;
  XlTensors t;
  t.mlen = p.mlen;
  t.content = contentRows(p.seed, 0, klenOf(p), p.dModel);
  t.wq = weightColumns(p.seed, Tensor::XlWq, p.dModel, col0, dHead);
  t.wk = weightColumns(p.seed, Tensor::XlWk, p.dModel, col0, dHead);
  t.wr = weightColumns(p.seed, Tensor::XlWr, p.dModel, col0, dHead);
  t.u = headBias(p.seed, Tensor::XlU, p.head, dHead);
  t.v = headBias(p.seed, Tensor::XlV, p.head, dHead);
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
  const bool needK = term == XlTerm::A || term == XlTerm::C || term == XlTerm::AC ||
                     term == XlTerm::Scores;
  const bool needR = term == XlTerm::B || term == XlTerm::D || term == XlTerm::BD ||
                     term == XlTerm::Scores;
  const Matrix q = needQ ? Matrix(t.content.bottomRows(qlen) * t.wq) : Matrix();
  const Matrix k = needK ? Matrix(t.content * t.wk) : Matrix();
  const Matrix r = needR ? Matrix(t.rel * t.wr) : Matrix();

  Matrix out;
  switch (term) {
    case XlTerm::A: out = q * k.transpose(); break;
    case XlTerm::C: out = Vector::Ones(qlen) * (k * t.u).transpose(); break;
    case XlTerm::AC: out = addRowBias(q, t.u) * k.transpose(); break;
    case XlTerm::B: out = xlRelShift(q * r.transpose()); break;
    case XlTerm::D: out = xlRelShift(Vector::Ones(qlen) * (r * t.v).transpose()); break;
    case XlTerm::BD: out = xlRelShift(addRowBias(q, t.v) * r.transpose()); break;
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

const char* const kKeyAxis = "key position j (j < mlen: memory)";
const char* const kQueryAxis = "query i (position mlen + i)";

struct TermView {
  std::string_view id;
  XlTerm term;
};
constexpr TermView kTermViews[] = {{"a", XlTerm::A},   {"b", XlTerm::B},   {"c", XlTerm::C},
                                   {"d", XlTerm::D},   {"ac", XlTerm::AC}, {"bd", XlTerm::BD},
                                   {"scores", XlTerm::Scores}};

const XlTerm* termOf(std::string_view view) {
  for (const auto& tv : kTermViews)
    if (tv.id == view) return &tv.term;
  return nullptr;
}

ViewSpec matrixView(std::string id, std::string title, std::string valueLabel, bool isSigned,
                    std::string description) {
  ViewSpec v;
  v.id = std::move(id);
  v.kind = ViewKind::Matrix;
  v.title = std::move(title);
  v.xLabel = kKeyAxis;
  v.yLabel = kQueryAxis;
  v.valueLabel = std::move(valueLabel);
  v.signedValues = isSigned;
  v.description = std::move(description);
  return v;
}

SchemeInfo buildInfo() {
  SchemeInfo s;
  s.id = "xl";
  s.name = "Transformer-XL relative attention (Dai et al. 2019)";
  s.description =
      "One head's attention logits split into the four terms (a) q.k, (b) q.r, (c) u.k, "
      "(d) v.r over a segment plus memory; equal to the reference's rel-shift computation, "
      "evaluated for the cells on screen";
  s.params = {
      intParam("qlen", 16, 1, kXlMaxSegment, "Query length q_len: tokens of the current segment h"),
      intParam("mlen", 0, 0, kXlMaxSegment,
               "Memory length mlen: cached hidden states of the previous segment (keys only); "
               "k_len = mlen + q_len"),
      intParam("d_model", 64, 2, 1024,
               "Model width d_model; a multiple of heads; even when relative = sinusoidal"),
      intParam("heads", 4, 1, 64, "Number of heads; d_head = d_model / heads"),
      intParam("head", 0, 0, 63, "Head shown, 0 .. heads-1"),
      intParam("clamp_len", 0, 0, 1048576,
               "Distances above clamp_len use R_clamp_len (the reference's clamp_len); 0 = none"),
      choiceParam("relative", "sinusoidal", {"sinusoidal", "learned"},
                  "R_delta: sinusoidal (the paper, concatenated sin|cos, base 10000) or learned "
                  "(the seed article's table of 2 max_len - 1 rows)"),
      intParam("max_len", 512, 1, kXlMaxLen,
               "relative = learned: table rows for delta in -(max_len-1) .. max_len-1; larger "
               "distances are clamped to max_len - 1"),
      seedParam(),
  };
  const std::string shapeText =
      "q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked "
      "(j > i + mlen) cells empty";
  const std::string scaled = " / sqrt(d_head); " + shapeText;
  s.views = {
      matrixView("a", "(a) content-content  q_i . k_j / sqrt(d_head)", "(a)", true,
                 "Term (a): content query against content key q_i . k_j" + scaled),
      matrixView("b", "(b) content-position  q_i . r_(i+mlen-j) / sqrt(d_head)", "(b)", true,
                 "Term (b): content query against relative position q_i . r_delta" + scaled),
      matrixView("c", "(c) global content bias  u . k_j / sqrt(d_head)", "(c)", true,
                 "Term (c): global bias u against content key u . k_j (same in every row)" +
                     scaled),
      matrixView("d", "(d) global position bias  v . r_(i+mlen-j) / sqrt(d_head)", "(d)", true,
                 "Term (d): global bias v against relative position v . r_delta (constant along "
                 "diagonals)" + scaled),
      matrixView("ac", "AC = (q_i + u) . k_j / sqrt(d_head)", "(a) + (c)", true,
                 "Content part AC = (a) + (c), as the reference computes it" + scaled),
      matrixView("bd", "BD = (q_i + v) . r_(i+mlen-j) / sqrt(d_head)", "(b) + (d)", true,
                 "Position part BD = (b) + (d): the reference's _rel_shift((q + v) r^T) "
                 "(equal to it, tested), evaluated for the cells drawn" + scaled),
      matrixView("scores", "Attention logits  (a) + (b) + (c) + (d)", "score", true,
                 "Logits (AC + BD) / sqrt(d_head), the causal mask applied after summing; " +
                     shapeText),
      matrixView("mask", "Causal mask over segment + memory  (1 = attended)", "attended", false,
                 "1 where key j <= i + mlen (attended), 0 where j > i + mlen (masked); "
                 "q_len x k_len, row = query i, col = key j"),
      matrixView("attention", "Attention weights  softmax over keys", "probability", false,
                 "softmax of the scores over the unmasked keys of each row (rows sum to 1); "
                 "q_len x k_len, masked cells empty; k_len at most 65536 (a weight needs "
                 "its whole row)"),
  };
  s.views[7].integerValues = true;
  s.views[8].maxRowLength = kXlAttentionMaxKeys;
  ViewSpec memory;
  memory.id = "memory";
  memory.kind = ViewKind::Series;
  memory.title = "Memory of the relative-position term: explicit tensor vs rel-shift";
  memory.xLabel = "query length q_len";
  memory.yLabel = "bytes per head (float32)";
  memory.logY = true;
  memory.description =
      "float32 bytes per head, batch 1, over q_len = 1..max(1024, qlen) at the current mlen and "
      "d_head: the explicit [q_len, k_len, d_head] tensor of r vectors vs the rel-shift trick's "
      "extra r (k_len x d_head) and padded q_len x (k_len+1) copy of scalars, about d_head times "
      "smaller; points mark the current q_len and the seed article's figures at head_dim 64 "
      "(512: 67,108,864 B ~ 67 MB; 1024: 268,435,456 B ~ 268 MB)";
  s.views.push_back(std::move(memory));
  return s;
}

void checkCell(const XlParams& p, Index row, Index col) {
  if (row < 0 || row >= p.qlen)
    throw ParamError("row", std::to_string(row), "0 .. " + std::to_string(p.qlen - 1));
  if (col < 0 || col >= klenOf(p))
    throw ParamError("col", std::to_string(col), "0 .. " + std::to_string(klenOf(p) - 1));
}

/// One head of one parameter set, evaluated cell by cell (what evaluate() and explainCell()
/// use). Every cell is computed by the same arithmetic whichever region it belongs to, so a
/// sampled region equals the same cells of the whole matrix bit for bit, and nothing of size
/// k_len x d_model or q_len x k_len is ever built for a term view:
///   q_i = h_(mlen+i) W_q,  k_j = h_j W_k           (d_head each, ordered products)
///   (a) = q_i . k_j,  (c) = u . k_j,  AC = (q_i + u) . k_j
///   (b) = R_delta . (W_r q_i),  (d) = R_delta . (W_r v),  BD = R_delta . (W_r (q_i + v))
/// i.e. q . (R W_r) regrouped as R . (W_r q): a d_model-long dot per cell instead of a
/// d_model x d_head projection per distance, and only the R rows of the distances a region
/// contains. Each is then divided by sqrt(d_head); Scores = (AC + BD) / sqrt(d_head) as the
/// reference sums before scaling. Equal to the rel-shift computation (xlTerm) up to rounding
/// (tested to 1e-12).
class XlCells {
 public:
  explicit XlCells(const XlParams& p)
      : m_p(p), m_dHead(dHeadOf(p)), m_scale(1.0 / std::sqrt(static_cast<double>(dHeadOf(p)))) {
    const Index col0 = Index{p.head} * m_dHead;
    m_wq = weightColumns(p.seed, Tensor::XlWq, p.dModel, col0, m_dHead);
    m_wk = weightColumns(p.seed, Tensor::XlWk, p.dModel, col0, m_dHead);
    m_wrT = weightColumns(p.seed, Tensor::XlWr, p.dModel, col0, m_dHead).transpose();
    m_u = headBias(p.seed, Tensor::XlU, p.head, m_dHead);
    m_v = headBias(p.seed, Tensor::XlV, p.head, m_dHead);
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
      return detail::orderedProduct(
          *detail::normalRows(m_p.seed, Tensor::XlContent, idx, offset, m_p.dModel), w);
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
          if (!isMasked(i, j, p.mlen))
            m_dense[static_cast<std::size_t>(xlLookupDistance(p, i + p.mlen - j) - lo)] = 0;
      for (std::size_t k = 0; k < m_dense.size(); ++k)
        if (m_dense[k] == 0) {
          m_dense[k] = static_cast<Index>(lookups.size());
          lookups.push_back(lo + static_cast<Index>(k));
        }
    } else {
      for (Index i : rows)
        for (Index j : cols)
          if (!isMasked(i, j, p.mlen)) lookups.push_back(xlLookupDistance(p, i + p.mlen - j));
      std::sort(lookups.begin(), lookups.end());
      lookups.erase(std::unique(lookups.begin(), lookups.end()), lookups.end());
      m_sorted = lookups;
    }
    m_rel = x.relRows(lookups);
  }

  /// The R row (d_model values) of true distance delta.
  const double* row(Index delta) const {
    const Index lookup = xlLookupDistance(m_p, delta);
    const Index k = m_dense.empty()
                        ? static_cast<Index>(std::lower_bound(m_sorted.begin(), m_sorted.end(),
                                                              lookup) - m_sorted.begin())
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

/// Values of term view `term` on rows x cols. Rows are taken in chunks whose R rows stay
/// under about 32 MB whatever the region (a contiguous block needs one R row per distance in
/// its span, a sampled one up to one per cell).
Matrix termCells(const XlParams& p, XlTerm term, std::span<const Index> rows,
                 std::span<const Index> cols) {
  const XlCells x(p);
  const auto nr = static_cast<Index>(rows.size());
  const auto nc = static_cast<Index>(cols.size());
  Matrix out(nr, nc);
  if (nr == 0 || nc == 0) return out;
  const bool needQ = term != XlTerm::C && term != XlTerm::D;
  const bool needK = term == XlTerm::A || term == XlTerm::C || term == XlTerm::AC ||
                     term == XlTerm::Scores;
  const bool needR = term == XlTerm::B || term == XlTerm::D || term == XlTerm::BD ||
                     term == XlTerm::Scores;
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
    while (a1 < nr && RelRowsOfBlock::bound(p, rows[static_cast<std::size_t>(a1)] -
                                                   rows[static_cast<std::size_t>(a0)],
                                            colSpan, (a1 - a0 + 1) * nc) <= kMaxHeld)
      ++a1;
    const auto chunkRows =
        rows.subspan(static_cast<std::size_t>(a0), static_cast<std::size_t>(a1 - a0));
    const std::optional<RelRowsOfBlock> rel =
        needR ? std::optional<RelRowsOfBlock>(std::in_place, p, x, chunkRows, cols)
              : std::nullopt;
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
          else for (int c = 0; c < count; ++c) content[c] = detail::orderedDot(qa, yk[c], k.cols());
        }
        if (needR) {
          if (count == 4) detail::orderedDot4(ga, yr.data(), p.dModel, position.data());
          else for (int c = 0; c < count; ++c) position[c] = detail::orderedDot(ga, yr[c], p.dModel);
        }
        for (int c = 0; c < count; ++c) out(a, group[c]) = (content[c] + position[c]) * x.scale();
      };
      int count = 0;
      for (Index b = 0; b < nc; ++b) {
        const Index j = cols[static_cast<std::size_t>(b)];
        if (isMasked(i, j, p.mlen)) {
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

/// Softmax weights of the unmasked keys of each requested row, at the requested columns.
/// Every score of a row is needed first (the row's normaliser), so this view is capped at
/// kXlAttentionMaxKeys keys. Scores as termCells(Scores); a row's weights are summed in key
/// order, so they do not depend on the region asked for.
Matrix attentionCells(const XlParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  const XlCells x(p);
  const Index klen = klenOf(p);
  std::vector<Index> allKeys(static_cast<std::size_t>(klen));
  for (Index j = 0; j < klen; ++j) allKeys[static_cast<std::size_t>(j)] = j;
  const Matrix k = x.keys(allKeys);
  const Matrix q = x.queries(rows);
  const Matrix qc = plusRow(q, x.u());
  const Matrix g = x.positionWeights(plusRow(q, x.v()));
  // R at every lookup of distances 0 .. klen-1 (all a row can need), in distance order.
  std::vector<Index> lookups(static_cast<std::size_t>(klen));
  for (Index d = 0; d < klen; ++d) lookups[static_cast<std::size_t>(d)] = xlLookupDistance(p, d);
  std::vector<Index> distinct = lookups;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  const std::shared_ptr<const Matrix> relTable = x.relRows(distinct);
  const Matrix& rel = *relTable;
  std::vector<Index> relIndex(static_cast<std::size_t>(klen));
  for (Index d = 0; d < klen; ++d)
    relIndex[static_cast<std::size_t>(d)] = static_cast<Index>(
        std::lower_bound(distinct.begin(), distinct.end(), lookups[static_cast<std::size_t>(d)]) -
        distinct.begin());

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
  const double scale = x.scale();
  const Index dHead = k.cols();
  auto relOf = [&](Index delta) {
    return rel.row(relIndex[static_cast<std::size_t>(delta)]).data();
  };
  detail::parallelBlocks(nr, kRowBlock, [&](Index a0, Index a1) {
    const Index m = a1 - a0;
    Matrix content(m, klen), position(m, klen);  // C(j) and P(delta) of each row of the block
    std::array<Index, kRowBlock> len{};  // keys 0 .. i + mlen (and distances 0 .. i + mlen)
    for (Index a = a0; a < a1; ++a)
      len[static_cast<std::size_t>(a - a0)] = std::min(klen, rows[static_cast<std::size_t>(a)] + p.mlen + 1);
    const Index longest = *std::max_element(len.begin(), len.begin() + m);
    for (Index t0 = 0; t0 < longest; t0 += kTile) {
      for (Index b = 0; b < m; b += 2) {
        const bool pair = b + 1 < m;
        const Index need = pair ? std::max(len[static_cast<std::size_t>(b)], len[static_cast<std::size_t>(b + 1)])
                                : len[static_cast<std::size_t>(b)];
        const Index end = std::min(t0 + kTile, need);
        const double* q0 = qc.row(a0 + b).data();
        const double* g0 = g.row(a0 + b).data();
        const double* q1 = pair ? qc.row(a0 + b + 1).data() : nullptr;
        const double* g1 = pair ? g.row(a0 + b + 1).data() : nullptr;
        Index t = t0;
        for (; t + 4 <= end; t += 4) {
          const double* yk[4] = {k.row(t).data(), k.row(t + 1).data(), k.row(t + 2).data(),
                                 k.row(t + 3).data()};
          const double* yr[4] = {relOf(t), relOf(t + 1), relOf(t + 2), relOf(t + 3)};
          if (pair) {
            detail::orderedDot2x4(q0, q1, yk, dHead, &content(b, t), &content(b + 1, t));
            detail::orderedDot2x4(g0, g1, yr, p.dModel, &position(b, t), &position(b + 1, t));
          } else {
            detail::orderedDot4(q0, yk, dHead, &content(b, t));
            detail::orderedDot4(g0, yr, p.dModel, &position(b, t));
          }
        }
        for (; t < end; ++t) {
          content(b, t) = detail::orderedDot(q0, k.row(t).data(), dHead);
          position(b, t) = detail::orderedDot(g0, relOf(t), p.dModel);
          if (!pair) continue;
          content(b + 1, t) = detail::orderedDot(q1, k.row(t).data(), dHead);
          position(b + 1, t) = detail::orderedDot(g1, relOf(t), p.dModel);
        }
      }
    }
    for (Index b = 0; b < m; ++b) {
      const Index n = len[static_cast<std::size_t>(b)];
      const Index last = n - 1;  // i + mlen, the distance of key 0
      double* s = content.row(b).data();
      const double* pos = position.row(b).data();
      for (Index j = 0; j < n; ++j) s[j] = (s[j] + pos[last - j]) * scale;
      const double mx = *std::max_element(s, s + n);
      double sum = 0;
      for (Index j = 0; j < n; ++j) sum += (s[j] = std::exp(s[j] - mx));
      for (Index c = 0; c < out.cols(); ++c) {
        const Index key = cols[static_cast<std::size_t>(c)];
        out(a0 + b, c) = key < n ? s[key] / sum : kMasked;
      }
    }
  });
  return out;
}

/// The hover readout of term views: the four terms and their sums, each from termCells on
/// the one cell, so "score" is exactly the value the scores view draws.
std::vector<Term> explainTerms(const XlParams& p, Index i, Index j) {
  const Index delta = p.mlen + i - j;
  const Index lookup = xlLookupDistance(p, delta);
  const Index r[1] = {i};
  const Index c[1] = {j};
  auto cell = [&](XlTerm t) { return termCells(p, t, r, c)(0, 0); };
  return {{"(a) q_i . k_j / sqrt(d_head)", cell(XlTerm::A)},
          {"(b) q_i . r_delta / sqrt(d_head)", cell(XlTerm::B)},
          {"(c) u . k_j / sqrt(d_head)", cell(XlTerm::C)},
          {"(d) v . r_delta / sqrt(d_head)", cell(XlTerm::D)},
          {"score = (a) + (b) + (c) + (d)", cell(XlTerm::Scores)},
          {"AC = (a) + (c)", cell(XlTerm::AC)},
          {"BD = (b) + (d)", cell(XlTerm::BD)},
          {"distance delta = i + mlen - j", static_cast<double>(delta)},
          {"delta used for R (after clamping)", static_cast<double>(lookup)},
          {"clamped (1 = yes)", lookup != delta ? 1.0 : 0.0}};
}

class XlScheme final : public Scheme {
 public:
  const SchemeInfo& info() const override {
    static const SchemeInfo s = buildInfo();
    return s;
  }

  void validate(const ParamSet& params) const override {
    const XlParams p = xlParamsFrom(params);
    checkHeadsDivide(p.dModel, p.heads);
    checkHeadIndex(p.head, p.heads);
    if (p.relative == XlRelative::Sinusoidal && p.dModel % 2 != 0)
      throw ParamError("d_model", std::to_string(p.dModel),
                       "even when relative = sinusoidal (R_delta holds d_model/2 sines and "
                       "d_model/2 cosines)");
  }

  MatrixShape shape(const ParamSet& params, std::string_view view) const override {
    requireMatrix(view);
    const XlParams p = xlParamsFrom(params);
    if (view == "attention")
      checkRowLength(findView(*this, view), "qlen", std::to_string(p.qlen), klenOf(p),
                     "q_len + mlen = " + std::to_string(p.qlen) + " + " + std::to_string(p.mlen) +
                         " = k_len");
    return {p.qlen, klenOf(p)};
  }

  Matrix evaluate(const ParamSet& params, std::string_view view, std::span<const Index> rows,
                  std::span<const Index> cols) const override {
    requireMatrix(view);
    const XlParams p = xlParamsFrom(params);
    for (Index r : rows) checkCell(p, r, 0);
    for (Index c : cols) checkCell(p, 0, c);
    const auto nr = static_cast<Index>(rows.size());
    const auto nc = static_cast<Index>(cols.size());
    Matrix out(nr, nc);
    if (view == "mask") {
      for (Index a = 0; a < nr; ++a)
        for (Index b = 0; b < nc; ++b)
          out(a, b) = isMasked(rows[static_cast<std::size_t>(a)],
                               cols[static_cast<std::size_t>(b)], p.mlen) ? 0.0 : 1.0;
      return out;
    }
    if (const XlTerm* term = termOf(view)) return termCells(p, *term, rows, cols);
    return attentionCells(p, rows, cols);
  }

  std::vector<Term> explainCell(const ParamSet& params, std::string_view view, Index row,
                                Index col) const override {
    requireMatrix(view);
    const XlParams p = xlParamsFrom(params);
    checkCell(p, row, col);
    const Index delta = p.mlen + row - col;
    const Term distance{"distance delta = i + mlen - j", static_cast<double>(delta)};
    const bool masked = isMasked(row, col, p.mlen);
    if (view == "mask") return {{"attended (1) or masked (0)", masked ? 0.0 : 1.0}, distance};
    if (masked) return {{"masked: key j > i + mlen (in the future)", 1.0}, distance};
    if (termOf(view)) return explainTerms(p, row, col);
    // attention: the row's scores (every attended key) and their log-sum-exp.
    std::vector<Index> keys(static_cast<std::size_t>(row + p.mlen + 1));
    for (Index j = 0; j < static_cast<Index>(keys.size()); ++j) keys[static_cast<std::size_t>(j)] = j;
    const Index r[1] = {row};
    const Index c[1] = {col};
    const Matrix scores = termCells(p, XlTerm::Scores, r, keys);
    const double mx = scores.maxCoeff();
    const double sum = (scores.array() - mx).exp().sum();
    const double lse = mx + std::log(sum);
    return {{"score s_ij", scores(0, col)},
            {"row log-sum-exp  log sum_j exp(s_ij)", lse},
            {"attention = exp(s_ij - log-sum-exp)", attentionCells(p, r, c)(0, 0)},
            distance};
  }

  SeriesResult series(const ParamSet& params, std::string_view view) const override {
    const ViewSpec& spec = findView(*this, view);
    if (spec.kind != ViewKind::Series)
      throw ParamError("view", spec.id, "a series view of xl (memory)");
    const XlParams p = xlParamsFrom(params);
    // Curves over q_len = 1 .. max(1024, qlen) at the current mlen and d_head: both grow as
    // q_len * k_len, but the rel-shift copy holds scalars where the explicit tensor holds
    // d_head-vectors, so it is about d_head times smaller. The current q_len and
    // the seed article's two figures (head_dim 64, k_len = q_len) are marked as points.
    const Index last = std::max<Index>(1024, p.qlen);
    const Index dHead = dHeadOf(p);
    const std::string shape = "k_len = q_len + " + std::to_string(p.mlen) + ", d_head = " +
                              std::to_string(dHead);
    SeriesResult out;
    out.curves = {
        {"explicit [q_len, k_len, d_head] tensor (" + shape + ")", {}, CurveStyle::Line},
        {"rel-shift extra: r and the padded copy (" + shape + ")", {}, CurveStyle::Line},
        {"current q_len = " + std::to_string(p.qlen), {}, CurveStyle::Points},
        {"seed article: explicit tensor at head_dim 64 (67 MB, 268 MB)", {}, CurveStyle::Points}};
    // Every q_len up to 4096; beyond, 4096 steps plus the marked points (a million-token
    // segment would otherwise make a million-point chart of two smooth curves).
    const Index step = std::max<Index>(1, last / 4096);
    for (Index q = 1; q <= last; ++q) {
      if (q % step != 0 && q != 1 && q != last && q != p.qlen && q != 512 && q != 1024) continue;
      const XlMemory m = xlMemoryBytes(q, q + p.mlen, dHead);
      out.x.push_back(static_cast<double>(q));
      out.curves[0].y.push_back(m.explicitBytes);
      out.curves[1].y.push_back(m.relShiftBytes);
      out.curves[2].y.push_back(q == p.qlen ? m.explicitBytes : kMasked);
      out.curves[3].y.push_back(q == 512 || q == 1024 ? xlMemoryBytes(q, q, 64).explicitBytes
                                                      : kMasked);
    }
    return out;
  }

 private:
  void requireMatrix(std::string_view view) const {
    const ViewSpec& spec = findView(*this, view);
    if (spec.kind != ViewKind::Matrix)
      throw ParamError("view", spec.id, "a matrix view of xl (this one is a series)");
  }
};

}  // namespace

std::unique_ptr<Scheme> makeXlScheme() { return std::make_unique<XlScheme>(); }

}  // namespace posenc
