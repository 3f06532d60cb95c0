// SPDX-License-Identifier: GPL-3.0-or-later
// TUPE maths: the five terms of one head's logit, evaluated in row chunks, and the attention
// weights (tupe.hpp). The `tupe` scheme's description and views are in tupe_scheme.cpp.
#include "posenc/schemes/tupe/tupe.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "base/table_cache.hpp"
#include "compute/ordered_product.hpp"
#include "compute/parallel.hpp"
#include "posenc/base/random.hpp"
#include "posenc/maths/sinusoidal_table.hpp"
#include "posenc/maths/t5_bucket.hpp"

namespace posenc {

namespace {

const MessageTemplate kFourVariants{"%1, %2, %3 or %4", "%1 .. %4: the ids of TUPE's variants"};
const MessageTemplate kTwoPositions{"%1 or %2", "%1, %2: the ids of TUPE's position rows"};

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

/// The position rows at `positions` (tupePositionRows) times w: positions.size() x w.cols().
/// Random rows come from drawProjected; sinusoidal rows are built kTableRows positions at a
/// time, so a million positions never hold a positions x d_model table. Equal bit for bit to
/// product(tupePositionRows(p, positions), w) (orderedProduct is row-independent).
Matrix projectPositions(const TupeParams& p, std::span<const Index> positions, const Matrix& w) {
  if (p.positions == TupePositions::Random)
    return drawProjected(p.seed, Tensor::TupePosition, positions, p.dModel, w);
  constexpr std::size_t kTableRows = 1024;
  Matrix out(static_cast<Index>(positions.size()), w.cols());
  for (std::size_t a0 = 0; a0 < positions.size(); a0 += kTableRows) {
    const std::size_t m = std::min(kTableRows, positions.size() - a0);
    out.middleRows(static_cast<Index>(a0), static_cast<Index>(m)) =
        product(tupePositionRows(p, positions.subspan(a0, m)), w);
  }
  return out;
}

/// Which terms a caller needs; the others are left at 0 and cost nothing.
struct Need {
  bool cc = true, cp = true, pc = true, pp = true, bias = true;
};

Need needFor(TupePart part) {
  switch (part) {
    case TupePart::Cc:
      return {true, false, false, false, false};
    case TupePart::Cp:
      return {false, true, false, false, false};
    case TupePart::Pc:
      return {false, false, true, false, false};
    case TupePart::Pp:
      return {false, false, false, true, false};
    case TupePart::Bias:
      return {false, false, false, false, true};
    case TupePart::Positional:
      return {false, false, false, true, true};
    case TupePart::Total:
      break;
  }
  return {};
}

/// The matrix of `part` among a chunk's terms.
Matrix pick(const TupeTerms& t, TupePart part) {
  switch (part) {
    case TupePart::Cc:
      return t.cc;
    case TupePart::Cp:
      return t.cp;
    case TupePart::Pc:
      return t.pc;
    case TupePart::Pp:
      return t.pp;
    case TupePart::Bias:
      return t.bias;
    case TupePart::Positional:
      return t.positional();
    case TupePart::Total:
      break;
  }
  return t.total();
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
  auto content = [&](const Matrix& table, const std::vector<Index>& positions, const Matrix& w) {
    return drawn ? drawProjected(p.contentSeed, Tensor::TupeContent, positions, p.dModel, w)
                 : product(table, w);
  };
  auto position = [&](const Matrix& table, const std::vector<Index>& positions, const Matrix& w) {
    return drawn ? projectPositions(p, positions, w) : product(table, w);
  };
  Prepared out;
  if (wantQc) out.qc = content(b.xq, b.rows, b.wq);
  if (wantQp) out.qp = position(b.pq, b.rows, tied ? b.wq : b.uq);
  if (wantKc) out.kcT = content(b.xk, b.cols, b.wk).transpose();
  if (wantKp) out.kpT = position(b.pk, b.cols, tied ? b.wk : b.uk).transpose();
  if (need.bias && hasBias(p.variant) && !b.rows.empty() && !b.cols.empty()) {
    const auto [rLo, rHi] = std::minmax_element(b.rows.begin(), b.rows.end());
    const auto [cLo, cHi] = std::minmax_element(b.cols.begin(), b.cols.end());
    out.rMin = *cLo - *rHi;
    out.biasOf.resize(*cHi - *rLo - out.rMin + 1);
    for (Index k = 0; k < out.biasOf.size(); ++k)
      out.biasOf(k) =
          b.b(static_cast<Index>(t5Bucket(out.rMin + k, true, p.buckets, p.maxDistance)));
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
void totalOfTile(const TupeParams& p, const TupeBlock& blk, const Prepared& pr, Index r0, Index n,
                 Index c0, Index nc, double* out, Index ldo) {
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
Index chunkRows(Index cols) {
  return std::clamp<Index>((Index{1} << 20) / std::max<Index>(1, cols), 1, 128);
}

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

}  // namespace

TupeVariant tupeVariantFromId(std::string_view id) {
  if (id == "tied") return TupeVariant::Tied;
  if (id == "tupe-a") return TupeVariant::TupeA;
  if (id == "tupe-r") return TupeVariant::TupeR;
  if (id == "untied-cross") return TupeVariant::UntiedCross;
  throw ParamError("variant", std::string(id),
                   Message(kFourVariants, {"tied", "tupe-a", "tupe-r", "untied-cross"}));
}

TupePositions tupePositionsFromId(std::string_view id) {
  if (id == "sinusoidal") return TupePositions::Sinusoidal;
  if (id == "random") return TupePositions::Random;
  throw ParamError("positions", std::string(id), Message(kTwoPositions, {"sinusoidal", "random"}));
}

Index tupeHeadDim(const TupeParams& p) { return p.dModel / p.heads; }

Matrix tupePositionRows(const TupeParams& p, std::span<const Index> positions) {
  if (p.positions == TupePositions::Random)
    return drawRows(p.seed, Tensor::TupePosition, positions, p.dModel);
  std::vector<double> at(positions.begin(), positions.end());
  return sinusoidalTable(at, p.dModel, 10000.0, SinusoidalLayout::Interleaved);
}

namespace {

/// A block without its x / p tables (prepare() draws and projects them chunk by chunk).
TupeBlock headBlock(const TupeParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  TupeBlock b;
  b.rows.assign(rows.begin(), rows.end());
  b.cols.assign(cols.begin(), cols.end());
  b.wq = normalHeadWeight(p.seed, Tensor::TupeWq, p.dModel, p.head, tupeHeadDim(p));
  b.wk = normalHeadWeight(p.seed, Tensor::TupeWk, p.dModel, p.head, tupeHeadDim(p));
  if (p.variant != TupeVariant::Tied) {  // tied never reads U: leave it empty
    b.uq = normalHeadWeight(p.seed, Tensor::TupeUq, p.dModel, p.head, tupeHeadDim(p));
    b.uk = normalHeadWeight(p.seed, Tensor::TupeUk, p.dModel, p.head, tupeHeadDim(p));
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

TupeBlock tupeBlock(const TupeParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  TupeBlock b = headBlock(p, rows, cols);
  b.xq = drawRows(p.contentSeed, Tensor::TupeContent, rows, p.dModel);
  b.xk = drawRows(p.contentSeed, Tensor::TupeContent, cols, p.dModel);
  b.pq = tupePositionRows(p, rows);
  b.pk = tupePositionRows(p, cols);
  return b;
}

Matrix TupeTerms::total() const { return cc + cp + pc + pp + bias; }

Matrix TupeTerms::positional() const { return pp + bias; }

TupeTerms tupeTerms(const TupeParams& p, const TupeBlock& block) {
  const Need all;
  return termsOfChunk(p, block, prepare(p, block, all), all, 0,
                      static_cast<Index>(block.rows.size()));
}

TupeTerms tupeTerms(const TupeParams& p, std::span<const Index> rows, std::span<const Index> cols) {
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

Matrix tupeTermView(const TupeParams& p, TupePart part, std::span<const Index> rows,
                    std::span<const Index> cols) {
  const TupeBlock blk = headBlock(p, rows, cols);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  forEachChunk(p, blk, needFor(part), [&](const TupeTerms& t, Index r0) {
    out.middleRows(r0, t.cc.rows()) = pick(t, part);
  });
  return out;
}

}  // namespace posenc