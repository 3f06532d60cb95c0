// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/tupe.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "ordered_product.hpp"
#include "parallel.hpp"
#include "table_cache.hpp"
#include "posenc/random.hpp"
#include "posenc/t5_bucket.hpp"

namespace posenc {

namespace {

using ConstRef = Eigen::Ref<const Matrix>;

/// Rows of a random tensor at the given positions: positions.size() x width, entry
/// normal(seed, tensor, position, column) * scale.
Matrix drawRows(std::uint64_t seed, Tensor tensor, std::span<const Index> positions, Index width,
                double scale = 1.0) {
  Matrix out(static_cast<Index>(positions.size()), width);
  for (Index a = 0; a < out.rows(); ++a) {
    const auto row = static_cast<std::uint64_t>(positions[static_cast<std::size_t>(a)]);
    for (Index k = 0; k < width; ++k)
      out(a, k) = normal(seed, tensor, row, static_cast<std::uint64_t>(k)) * scale;
  }
  return out;
}

/// This head's d_model x d_head block (columns head*d_head ..) of a d_model x d_model weight.
Matrix drawHeadWeight(const TupeParams& p, Tensor tensor) {
  const Index d = tupeHeadDim(p);
  const double scale = 1.0 / std::sqrt(static_cast<double>(p.dModel));
  Matrix out(p.dModel, d);
  for (Index k = 0; k < p.dModel; ++k)
    for (Index t = 0; t < d; ++t)
      out(k, t) = normal(p.seed, tensor, static_cast<std::uint64_t>(k),
                         static_cast<std::uint64_t>(p.head * d + t)) * scale;
  return out;
}

Matrix product(const ConstRef& a, const ConstRef& b) { return detail::orderedProduct(a, b); }

/// Rows of a random tensor at `positions` (std 1) times w: positions.size() x w.cols(). Drawn
/// kDrawRows positions at a time, so a million positions never hold a positions x d_model
/// table; equal bit for bit to product(drawRows(...), w) (orderedProduct is row-independent).
Matrix drawProjected(std::uint64_t seed, Tensor tensor, std::span<const Index> positions,
                     Index dModel, const Matrix& w) {
  constexpr std::size_t kDrawRows = 1024;
  // Small enough to keep: drawn once per (seed, tensor, d_model, positions) and reused when
  // only the head, the variant, the buckets or the like change.
  if (detail::tableBytes(static_cast<Index>(positions.size()), dModel) <=
      detail::kMaxCachedTableBytes)
    return product(*detail::normalRows(seed, tensor, positions, 0, dModel), w);
  Matrix out(static_cast<Index>(positions.size()), w.cols());
  for (std::size_t a0 = 0; a0 < positions.size(); a0 += kDrawRows) {
    const std::size_t m = std::min(kDrawRows, positions.size() - a0);
    out.middleRows(static_cast<Index>(a0), static_cast<Index>(m)) =
        product(drawRows(seed, tensor, positions.subspan(a0, m), dModel), w);
  }
  return out;
}

/// Which terms a caller needs; the others are left at 0 and cost nothing.
struct Need {
  bool cc = true, cp = true, pc = true, pp = true, bias = true;
};

Need needFor(std::string_view view) {
  if (view == "cc") return {true, false, false, false, false};
  if (view == "cp") return {false, true, false, false, false};
  if (view == "pc") return {false, false, true, false, false};
  if (view == "pp") return {false, false, false, true, false};
  if (view == "bias") return {false, false, false, false, true};
  if (view == "positional") return {false, false, false, true, true};
  return {};
}

/// What every row chunk of a block shares: projections and the bias of each offset.
struct Prepared {
  Matrix qc, qp;    ///< rows x d_head: x_i W^Q and p_i (W^Q tied | U^Q untied).
  Matrix kcT, kpT;  ///< d_head x cols: (x_j W^K)^T and (p_j (W^K tied | U^K untied))^T.
  Index rMin = 0;   ///< Smallest j - i of the block.
  Vector biasOf;    ///< biasOf(r - rMin) = b[bucket(r)], for the block's offsets r.
};

bool hasCrossTerms(TupeVariant v) {
  return v == TupeVariant::Tied || v == TupeVariant::UntiedCross;
}
bool hasPp(TupeVariant v) { return v != TupeVariant::UntiedCross; }
bool hasBias(TupeVariant v) { return v == TupeVariant::TupeR || v == TupeVariant::UntiedCross; }

Prepared prepare(const TupeParams& p, const TupeBlock& b, const Need& need) {
  const bool tied = p.variant == TupeVariant::Tied;
  const bool cross = hasCrossTerms(p.variant);
  const bool wantQc = need.cc || (cross && need.cp);
  const bool wantKc = need.cc || (cross && need.pc);
  const bool wantQp = (cross && need.pc) || (hasPp(p.variant) && need.pp);
  const bool wantKp = (cross && need.cp) || (hasPp(p.variant) && need.pp);
  // A block made by headBlock() has no x / p tables: draw them chunk by chunk.
  const bool drawn = b.xq.size() == 0 && b.xk.size() == 0 && b.pq.size() == 0 && b.pk.size() == 0;
  auto side = [&](const Matrix& table, std::uint64_t seed, Tensor tensor,
                  const std::vector<Index>& positions, const Matrix& w) {
    return drawn ? drawProjected(seed, tensor, positions, p.dModel, w) : product(table, w);
  };
  Prepared out;
  if (wantQc) out.qc = side(b.xq, p.contentSeed, Tensor::TupeContent, b.rows, b.wq);
  if (wantQp) out.qp = side(b.pq, p.seed, Tensor::TupePosition, b.rows, tied ? b.wq : b.uq);
  if (wantKc) out.kcT = side(b.xk, p.contentSeed, Tensor::TupeContent, b.cols, b.wk).transpose();
  if (wantKp)
    out.kpT = side(b.pk, p.seed, Tensor::TupePosition, b.cols, tied ? b.wk : b.uk).transpose();
  if (need.bias && hasBias(p.variant) && !b.rows.empty() && !b.cols.empty()) {
    const auto [rLo, rHi] = std::minmax_element(b.rows.begin(), b.rows.end());
    const auto [cLo, cHi] = std::minmax_element(b.cols.begin(), b.cols.end());
    out.rMin = *cLo - *rHi;
    out.biasOf.resize(*cHi - *rLo - out.rMin + 1);
    for (Index k = 0; k < out.biasOf.size(); ++k)
      out.biasOf(k) = b.b(static_cast<Index>(t5Bucket(out.rMin + k, true, p.buckets,
                                                       p.maxDistance)));
  }
  return out;
}

/// The bias of cell (i, j) and, for an untied [CLS] cell, the value that replaces its
/// positional part (Eq. 9 / 11): pp and bias hold the cell's computed pp (0 when absent) and
/// 0 on entry and are overwritten as the variant says.
inline void positionalCell(const TupeParams& p, const TupeBlock& blk, const Prepared& pr,
                           const Need& need, Index i, Index j, double& pp, double& bias) {
  if (need.bias && hasBias(p.variant)) bias = pr.biasOf(j - i - pr.rMin);
  if (!p.untieCls || p.variant == TupeVariant::Tied || !tupeIsClsCell(i, j)) return;
  // Eq. 9 / 11: the whole positional part (pp + b) of a [CLS] cell becomes theta.
  const double theta = i == 0 ? blk.theta1 : blk.theta2;
  if (p.variant == TupeVariant::UntiedCross) {
    if (need.bias) bias = theta;
  } else {
    if (need.pp) pp = theta;
    bias = 0.0;
  }
}

/// The scale of the products (Eq. 7 divides both untied terms by sqrt(2 d); BERT and seed
/// article 003 by sqrt(d)).
double termScale(const TupeParams& p) {
  const auto d = static_cast<double>(tupeHeadDim(p));
  const bool tupe = p.variant == TupeVariant::TupeA || p.variant == TupeVariant::TupeR;
  return 1.0 / std::sqrt(tupe ? 2.0 * d : d);
}

/// The terms for the block's rows rows[r0 .. r0 + n) and its columns cols[c0 .. c0 + nc)
/// (nc < 0: all columns from c0). A cell's terms do not depend on the rows or columns asked
/// for with it (orderedProduct sums each entry on its own, in order).
TupeTerms termsOfChunk(const TupeParams& p, const TupeBlock& blk, const Prepared& pr,
                       const Need& need, Index r0, Index n, Index c0 = 0, Index nc = -1) {
  if (nc < 0) nc = static_cast<Index>(blk.cols.size()) - c0;
  const double s = termScale(p);
  const bool cross = hasCrossTerms(p.variant);
  auto q = [&](const Matrix& m) { return m.middleRows(r0, n); };
  // The product, then each entry times s in place (no second n x nc matrix).
  auto scaled = [&](const Matrix& rowsSide, const Matrix& colsSide) {
    Matrix m = product(q(rowsSide), colsSide.middleCols(c0, nc));
    m *= s;
    return m;
  };
  TupeTerms t;
  t.cc = need.cc ? scaled(pr.qc, pr.kcT) : Matrix::Zero(n, nc);
  t.cp = need.cp && cross ? scaled(pr.qc, pr.kpT) : Matrix::Zero(n, nc);
  t.pc = need.pc && cross ? scaled(pr.qp, pr.kcT) : Matrix::Zero(n, nc);
  t.pp = need.pp && hasPp(p.variant) ? scaled(pr.qp, pr.kpT) : Matrix::Zero(n, nc);
  t.bias.setZero(n, nc);
  for (Index a = 0; a < n; ++a) {
    const Index i = blk.rows[static_cast<std::size_t>(r0 + a)];
    for (Index c = 0; c < nc; ++c)
      positionalCell(p, blk, pr, need, i, blk.cols[static_cast<std::size_t>(c0 + c)], t.pp(a, c),
                     t.bias(a, c));
  }
  return t;
}

/// total() of termsOfChunk(p, blk, pr, Need{}, r0, n, c0, nc), bit for bit, written into
/// out (n x nc, row stride ldo) without the five term matrices: the products the variant has,
/// each scaled as there, summed in total()'s order ((((cc + cp) + pc) + pp) + bias) with the
/// absent terms as the 0.0 they are there.
void totalOfTile(const TupeParams& p, const TupeBlock& blk, const Prepared& pr, Index r0,
                 Index n, Index c0, Index nc, double* out, Index ldo) {
  const Need all;
  const double s = termScale(p);
  const bool cross = hasCrossTerms(p.variant);
  auto scaled = [&](const Matrix& rowsSide, const Matrix& colsSide) {
    Matrix m = product(rowsSide.middleRows(r0, n), colsSide.middleCols(c0, nc));
    m *= s;
    return m;
  };
  const Matrix cc = scaled(pr.qc, pr.kcT);
  const Matrix cp = cross ? scaled(pr.qc, pr.kpT) : Matrix();
  const Matrix pc = cross ? scaled(pr.qp, pr.kcT) : Matrix();
  const Matrix pp = hasPp(p.variant) ? scaled(pr.qp, pr.kpT) : Matrix();
  for (Index a = 0; a < n; ++a) {
    const Index i = blk.rows[static_cast<std::size_t>(r0 + a)];
    double* o = out + a * ldo;
    for (Index c = 0; c < nc; ++c) {
      double ppCell = pp.size() != 0 ? pp(a, c) : 0.0;
      double bias = 0.0;
      positionalCell(p, blk, pr, all, i, blk.cols[static_cast<std::size_t>(c0 + c)], ppCell, bias);
      o[c] = (((cc(a, c) + (cross ? cp(a, c) : 0.0)) + (cross ? pc(a, c) : 0.0)) + ppCell) + bias;
    }
  }
}

/// Rows of the chunks evaluate() and tupeAttention() work in: at most 128, and at most
/// 2^20 / cols so the five terms of a chunk stay under 40 MB whatever the region.
Index chunkRows(Index cols) { return std::clamp<Index>((Index{1} << 20) / std::max<Index>(1, cols), 1, 128); }

/// Calls f(terms, firstRow) for consecutive row chunks of the block.
template <typename F>
void forEachChunk(const TupeParams& p, const TupeBlock& blk, const Need& need, F&& f) {
  const Prepared pr = prepare(p, blk, need);
  const auto n = static_cast<Index>(blk.rows.size());
  const Index chunk = chunkRows(static_cast<Index>(blk.cols.size()));
  for (Index r0 = 0; r0 < n; r0 += chunk) {
    const Index m = std::min(chunk, n - r0);
    f(termsOfChunk(p, blk, pr, need, r0, m), r0);
  }
}

std::vector<Index> allPositions(Index length) {
  std::vector<Index> v(static_cast<std::size_t>(length));
  for (Index k = 0; k < length; ++k) v[static_cast<std::size_t>(k)] = k;
  return v;
}

TupeBlock headBlock(const TupeParams& p, std::span<const Index> rows, std::span<const Index> cols);

const std::string kRemoved = "  (removed in this variant)";

class TupeScheme final : public Scheme {
 public:
  const SchemeInfo& info() const override {
    static const SchemeInfo s = makeInfo();
    return s;
  }

  void validate(const ParamSet& params) const override {
    const TupeParams p = tupeParamsFrom(params);
    checkHeadsDivide(p.dModel, p.heads);
    checkHeadIndex(p.head, p.heads);
    const Index maxExact = p.buckets / 2 / 2;
    if (p.maxDistance <= maxExact)
      throw ParamError("max_distance", std::to_string(p.maxDistance),
                       "greater than buckets/4 = " + std::to_string(maxExact) +
                           " (T5 bidirectional max_exact)");
  }

  MatrixShape shape(const ParamSet& params, std::string_view view) const override {
    const TupeParams p = tupeParamsFrom(params);
    if (view == "attention")
      checkRowLength(findView(*this, view), "length", std::to_string(p.length), p.length,
                     "length");
    return {p.length, p.length};
  }

  Matrix evaluate(const ParamSet& params, std::string_view view, std::span<const Index> rows,
                  std::span<const Index> cols) const override {
    const TupeParams p = tupeParamsFrom(params);
    if (view == "attention") return tupeAttention(p, rows, cols);
    const TupeBlock blk = headBlock(p, rows, cols);
    Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
    forEachChunk(p, blk, needFor(view), [&](const TupeTerms& t, Index r0) {
      out.middleRows(r0, t.cc.rows()) = pick(t, view);
    });
    return out;
  }

  std::vector<Term> explainCell(const ParamSet& params, std::string_view view, Index row,
                                Index col) const override {
    const TupeParams p = tupeParamsFrom(params);
    const Index r[1] = {row};
    const Index c[1] = {col};
    const TupeTerms t = tupeTerms(p, r, c);
    const bool cls = p.untieCls && p.variant != TupeVariant::Tied && tupeIsClsCell(row, col);
    const std::string theta = row == 0 ? "theta_1 ([CLS] row, untied)"
                                       : "theta_2 ([CLS] column, untied)";
    const bool tied = p.variant == TupeVariant::Tied;
    const bool tupe = p.variant == TupeVariant::TupeA || p.variant == TupeVariant::TupeR;
    const std::string s = tupe ? " / sqrt(2 d_head)" : " / sqrt(d_head)";
    const std::string w = tied ? "W" : "U";
    std::vector<Term> out;
    out.push_back({"cc  (x_i W^Q).(x_j W^K)" + s, t.cc(0, 0)});
    out.push_back({tupe ? "cp" + kRemoved : "cp  (x_i W^Q).(p_j " + w + "^K)" + s, t.cp(0, 0)});
    out.push_back({tupe ? "pc" + kRemoved : "pc  (p_i " + w + "^Q).(x_j W^K)" + s, t.pc(0, 0)});
    std::string pp = "pp  (p_i " + w + "^Q).(p_j " + w + "^K)" + s;
    if (p.variant == TupeVariant::UntiedCross) pp = "pp" + kRemoved;
    else if (cls) pp = "pp  " + theta;
    out.push_back({pp, t.pp(0, 0)});
    std::string bias = "bias  b_{j-i} (unscaled)";
    if (tied || p.variant == TupeVariant::TupeA) bias = "bias" + kRemoved;
    else if (cls && tupe) bias = "bias  0 ([CLS] cell: reset with pp, paper Eq. 11)";
    else if (cls) bias = "bias  " + theta;
    out.push_back({bias, t.bias(0, 0)});
    out.push_back({"total  alpha_ij = cc + cp + pc + pp + bias", t.total()(0, 0)});
    out.push_back({"positional part  pp + bias", t.positional()(0, 0)});
    if (view == "attention")
      out.push_back({"attention  softmax_j alpha_ij", tupeAttention(p, r, c)(0, 0)});
    out.push_back({"j - i", static_cast<double>(col - row)});
    out.push_back({"bucket of j - i", static_cast<double>(tupeBucket(p, row, col))});
    out.push_back({"[CLS] cell (1 if i = 0 or j = 0)", tupeIsClsCell(row, col) ? 1.0 : 0.0});
    if (cls) out.push_back({"untied [CLS] value  " + theta, t.positional()(0, 0)});
    return out;
  }

  SeriesResult series(const ParamSet&, std::string_view view) const override {
    throw ParamError("view", std::string(view), "a series view (tupe has none)");
  }

 private:
  static Matrix pick(const TupeTerms& t, std::string_view view) {
    if (view == "cc") return t.cc;
    if (view == "cp") return t.cp;
    if (view == "pc") return t.pc;
    if (view == "pp") return t.pp;
    if (view == "bias") return t.bias;
    if (view == "positional") return t.positional();
    if (view == "total") return t.total();
    throw ParamError("view", std::string(view),
                     "cc, cp, pc, pp, bias, total, attention or positional");
  }

  static ViewSpec term(std::string id, std::string title, std::string value, std::string desc) {
    ViewSpec v;
    v.id = std::move(id);
    v.title = std::move(title);
    v.xLabel = "key position j";
    v.yLabel = "query position i";
    v.valueLabel = std::move(value);
    v.signedValues = true;
    v.description = std::move(desc);
    return v;
  }

  static SchemeInfo makeInfo() {
    SchemeInfo s;
    s.id = "tupe";
    s.name = "TUPE (Ke, He, Liu 2021)";
    s.description =
        "Untied positional encoding: content and position get separate projections; the "
        "attention logit of one head split into content and position terms";
    s.params = {
        intParam("length", 32, 1, 1048576,
                 "Sequence length; position 0 is the [CLS] token (the attention view: at most "
                 "65536)"),
        intParam("d_model", 64, 1, 1024, "Model width d_model (a multiple of heads)"),
        intParam("heads", 4, 1, 64, "Number of attention heads; d_head = d_model / heads"),
        intParam("head", 0, 0, 63, "Head shown (less than heads)"),
        choiceParam("variant", "tupe-a", {"tied", "tupe-a", "tupe-r", "untied-cross"},
                    "tied: BERT (x+p)W; tupe-a: the paper, untied, no cross terms; tupe-r: "
                    "tupe-a + T5 relative bias; untied-cross: seed article 003, cross terms "
                    "kept, pp replaced by relative bias"),
        boolParam("untie_cls", true,
                  "Untie [CLS] (paper Eq. 9): positional part of row 0 = theta_1, of column 0 "
                  "= theta_2 (no effect on tied)"),
        intParam("buckets", 32, 4, 1024, "T5 bidirectional buckets of the relative bias", true),
        intParam("max_distance", 128, 2, 1048576,
                 "T5 max distance: beyond it |j - i| shares the last bucket (> buckets/4)"),
        seedParam(),
    };
    const std::string rows = " length x length, row = query i, column = key j, signed";
    s.views = {
        term("cc", "content-to-content  cc", "cc",
             "(x_i W^Q).(x_j W^K) / sqrt(d_head) (tied, untied-cross) or / sqrt(2 d_head) "
             "(tupe-a, tupe-r);" + rows),
        term("cp", "content-to-position  cp", "cp",
             "(x_i W^Q).(p_j W^K) / sqrt(d_head) (tied) or (x_i W^Q).(p_j U^K) / sqrt(d_head) "
             "(untied-cross); removed in this variant (exactly 0) for tupe-a, tupe-r;" + rows),
        term("pc", "position-to-content  pc", "pc",
             "(p_i W^Q).(x_j W^K) / sqrt(d_head) (tied) or (p_i U^Q).(x_j W^K) / sqrt(d_head) "
             "(untied-cross); removed in this variant (exactly 0) for tupe-a, tupe-r;" + rows),
        term("pp", "position-to-position  pp", "pp",
             "(p_i W^Q).(p_j W^K) / sqrt(d_head) (tied), (p_i U^Q).(p_j U^K) / sqrt(2 d_head) "
             "(tupe-a, tupe-r; with untie_cls row 0 = theta_1, rest of column 0 = theta_2); "
             "removed in this variant (exactly 0) for untied-cross;" + rows),
        term("bias", "relative bias  b_{j-i}", "bias",
             "b[bucket(j - i)] from T5 bidirectional buckets, unscaled (tupe-r, untied-cross); "
             "with untie_cls 0 in the [CLS] row and column (tupe-r; the official code adds "
             "two extra buckets there) or theta_1 / theta_2 (untied-cross); removed in this "
             "variant (exactly 0) for tied, tupe-a;" + rows),
        term("total", "attention logit  alpha_ij", "alpha_ij",
             "cc + cp + pc + pp + bias, the logit before softmax;" + rows),
        [&] {
          ViewSpec v = term("attention", "attention weights  softmax_j alpha_ij", "weight",
                            "row-wise softmax of the total over all keys j; each row sums to "
                            "1; length x length, row = query i, column = key j, in (0, 1]; "
                            "length at most 65536 (a weight needs its whole row)");
          v.signedValues = false;
          v.maxRowLength = kTupeAttentionMaxKeys;
          return v;
        }(),
        term("positional", "positional part  pp + bias", "pp + bias",
             "the content-independent part of the logit: pp + bias (the paper's positional "
             "correlation v_ij); [CLS] row theta_1 and column theta_2 with untie_cls;" +
                 rows),
    };
    return s;
  }
};

}  // namespace

TupeVariant tupeVariantFromId(std::string_view id) {
  if (id == "tied") return TupeVariant::Tied;
  if (id == "tupe-a") return TupeVariant::TupeA;
  if (id == "tupe-r") return TupeVariant::TupeR;
  if (id == "untied-cross") return TupeVariant::UntiedCross;
  throw ParamError("variant", std::string(id), "tied, tupe-a, tupe-r or untied-cross");
}

TupeParams tupeParamsFrom(const ParamSet& params) {
  TupeParams p;
  p.length = params.getInt("length");
  p.dModel = params.getInt("d_model");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.variant = tupeVariantFromId(params.getChoice("variant"));
  p.untieCls = params.getBool("untie_cls");
  p.buckets = params.getInt("buckets");
  p.maxDistance = params.getInt("max_distance");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.contentSeed = p.seed;
  return p;
}

Index tupeHeadDim(const TupeParams& p) { return p.dModel / p.heads; }

namespace {

/// A block without its x / p tables (prepare() draws and projects them chunk by chunk).
TupeBlock headBlock(const TupeParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  TupeBlock b;
  b.rows.assign(rows.begin(), rows.end());
  b.cols.assign(cols.begin(), cols.end());
  b.wq = drawHeadWeight(p, Tensor::TupeWq);
  b.wk = drawHeadWeight(p, Tensor::TupeWk);
  if (p.variant != TupeVariant::Tied) {  // tied never reads U: leave it empty
    b.uq = drawHeadWeight(p, Tensor::TupeUq);
    b.uk = drawHeadWeight(p, Tensor::TupeUk);
  }
  b.b.resize(p.buckets);
  const auto h = static_cast<std::uint64_t>(p.head);
  for (Index k = 0; k < p.buckets; ++k)
    b.b(k) = normal(p.seed, Tensor::TupeBias, static_cast<std::uint64_t>(k), h);
  b.theta1 = normal(p.seed, Tensor::TupeCls, h, 0);
  b.theta2 = normal(p.seed, Tensor::TupeCls, h, 1);
  return b;
}

}  // namespace

TupeBlock tupeBlock(const TupeParams& p, std::span<const Index> rows,
                    std::span<const Index> cols) {
  TupeBlock b = headBlock(p, rows, cols);
  b.xq = drawRows(p.contentSeed, Tensor::TupeContent, rows, p.dModel);
  b.xk = drawRows(p.contentSeed, Tensor::TupeContent, cols, p.dModel);
  b.pq = drawRows(p.seed, Tensor::TupePosition, rows, p.dModel);
  b.pk = drawRows(p.seed, Tensor::TupePosition, cols, p.dModel);
  return b;
}

Matrix TupeTerms::total() const { return cc + cp + pc + pp + bias; }

Matrix TupeTerms::positional() const { return pp + bias; }

TupeTerms tupeTerms(const TupeParams& p, const TupeBlock& block) {
  const Need all;
  return termsOfChunk(p, block, prepare(p, block, all), all, 0,
                      static_cast<Index>(block.rows.size()));
}

TupeTerms tupeTerms(const TupeParams& p, std::span<const Index> rows,
                    std::span<const Index> cols) {
  return tupeTerms(p, tupeBlock(p, rows, cols));
}

std::int64_t tupeBucket(const TupeParams& p, Index i, Index j) {
  return t5Bucket(j - i, true, p.buckets, p.maxDistance);
}

bool tupeIsClsCell(Index i, Index j) { return i == 0 || j == 0; }

Matrix tupeAttention(const TupeParams& p, std::span<const Index> rows,
                     std::span<const Index> cols) {
  const std::vector<Index> keys = allPositions(p.length);
  const TupeBlock blk = headBlock(p, rows, keys);
  const Need all;
  const Prepared pr = prepare(p, blk, all);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  // Rows in blocks of kRowBlock, to the cores in parallel, and keys in tiles of kKeyTile: a
  // tile's key columns (4 x 16 x 512 doubles at the default widths) stay in the core's cache
  // while the block's rows use them. A cell's terms are the same products whatever block or
  // tile it is in, and a row's weights are summed in key order, so the bits depend neither on
  // the blocks nor on the threads.
  constexpr Index kRowBlock = 8;
  constexpr Index kKeyTile = 512;
  const Index nk = p.length;
  detail::parallelBlocks(out.rows(), kRowBlock, [&](Index a0, Index a1) {
    Matrix a(a1 - a0, nk);
    for (Index c0 = 0; c0 < nk; c0 += kKeyTile) {
      const Index w = std::min(kKeyTile, nk - c0);
      totalOfTile(p, blk, pr, a0, a1 - a0, c0, w, a.data() + c0, a.outerStride());
    }
    for (Index r = 0; r < a.rows(); ++r) {
      // Max-subtracted softmax (same weights, no overflow), summed in key order.
      const double m = a.row(r).maxCoeff();
      double sum = 0;
      for (Index j = 0; j < a.cols(); ++j) {
        a(r, j) = std::exp(a(r, j) - m);
        sum += a(r, j);
      }
      for (Index c = 0; c < out.cols(); ++c)
        out(a0 + r, c) = a(r, cols[static_cast<std::size_t>(c)]) / sum;
    }
  });
  return out;
}

std::unique_ptr<Scheme> makeTupeScheme() { return std::make_unique<TupeScheme>(); }

}  // namespace posenc
