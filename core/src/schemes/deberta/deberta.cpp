// SPDX-License-Identifier: GPL-3.0-or-later
// DeBERTa's log buckets and disentangled attention terms (deberta.hpp), following Hugging Face
// transformers' modeling_deberta_v2.py (commit 967ed0db): make_log_bucket_position,
// build_relative_position, DisentangledSelfAttention.forward and disentangled_attention_bias.
// The `deberta` scheme's description and views are in deberta_scheme.cpp.
#include "posenc/schemes/deberta/deberta.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "base/table_cache.hpp"
#include "compute/ordered_product.hpp"
#include "compute/parallel.hpp"
#include "posenc/base/random.hpp"
#include "posenc/tensors/tensor_ref.hpp"

namespace posenc {

namespace {

const MessageTemplate kNormMissing{
    "none unless the rel_table file also holds %1 (HF DebertaV2Encoder applies encoder.LayerNorm "
    "to rel_embeddings when norm_rel_ebd has layer_norm): %2",
    "%1: a tensor name; %2: what is wrong with the file"};
const MessageTemplate kNotANormVector{"it is not a vector of d_model = %1 values", "%1: d_model"};
const MessageTemplate kMaxRelative{
    "greater than buckets/2 + 1 = %1 (the log bucket divides by log((max_relative_positions - 1) "
    "/ (buckets/2)), which must be positive)",
    "%1: buckets/2 + 1"};
const MessageTemplate kRelTableShape{
    "a table of 2 buckets x d_model = %1 x %2 (HF rel_embeddings holds 2 position_buckets rows of "
    "hidden_size); this one is %3 x %4: set buckets and d_model as the model's config.json does "
    "(position_buckets, hidden_size)",
    "%1 x %2: the shape wanted; %3 x %4: the shape of the file's table"};

Index headDim(const DebertaParams& p) { return p.dModel / p.heads; }

/// x W (orderedProduct: row-independent, so a row's bits do not depend on the other rows
/// asked for with it).
Matrix project(const Matrix& x, const Matrix& w) { return detail::orderedProduct(x, w); }

/// Rows `positions` of tensor t (width d_model) projected by w, drawn 1024 rows at a time so a
/// long request never holds positions x d_model numbers.
Matrix drawProjected(const DebertaParams& p, Tensor t, std::span<const Index> positions,
                     const Matrix& w) {
  constexpr std::size_t kChunk = 1024;
  Matrix out(static_cast<Index>(positions.size()), w.cols());
  for (std::size_t a0 = 0; a0 < positions.size(); a0 += kChunk) {
    const std::size_t m = std::min(kChunk, positions.size() - a0);
    out.middleRows(static_cast<Index>(a0), static_cast<Index>(m)) =
        project(*detail::normalRows(p.seed, t, positions.subspan(a0, m), 0, p.dModel), w);
  }
  return out;
}

/// Rows `rows` of the file's relative table (debertaRelEmbeddings): rows.size() x d_model.
Matrix fileRelRows(const DebertaParams& p, std::span<const Index> rows) {
  const Matrix table = debertaRelEmbeddings(p);
  Matrix picked(static_cast<Index>(rows.size()), p.dModel);
  for (std::size_t a = 0; a < rows.size(); ++a)
    picked.row(static_cast<Index>(a)) = table.row(rows[a]);
  return picked;
}

/// A vector of `width` values named by one of `names` in `file` (the LayerNorm's weight or
/// bias). @throws ParamError("rel_norm", ...) when none is there or it has another shape.
std::vector<double> normVector(const std::filesystem::path& file,
                               const std::vector<std::string>& names, Index width) {
  const auto refuse = [&](const MessageArg& why) {
    throw ParamError("rel_norm", "layer_norm", Message(kNormMissing, {names.front(), why}));
  };
  std::shared_ptr<const Array> a;
  try {
    a = loadTensor({file, {}}, names);
  } catch (const FileError& e) {
    refuse(e.message());
  }
  if (a->shape.size() != 1 || a->shape[0] != width)
    refuse(Message(kNotANormVector, {std::to_string(width)}));
  return a->values;
}

/// Row ra of a . row rb of b, in orderedDot's fixed order (the same bits whichever region
/// asks for the cell).
double dot(const Matrix& a, Index ra, const Matrix& b, Index rb) {
  return detail::orderedDot(a.row(ra).data(), b.row(rb).data(), a.cols());
}

/// What every cell of a head needs: the weights and the rows first..last of the projected
/// relative table (only the rows a request reads are drawn and projected).
struct HeadTables {
  Matrix wq, wk;    ///< d_model x d.
  Matrix qr, kr;    ///< (last - first + 1) x d: rows of P W_q and P W_k.
  Index first = 0;  ///< Table row of qr.row(0) and kr.row(0).
};

/// The weights and the table rows c2p and p2c read for offsets r = i - j in rMin..rMax (the
/// row is monotone in r).
HeadTables headTables(const DebertaParams& p, Index rMin, Index rMax) {
  HeadTables h;
  h.wq = normalHeadWeight(p.seed, Tensor::DebertaWq, p.dModel, p.head, headDim(p));
  h.wk = normalHeadWeight(p.seed, Tensor::DebertaWk, p.dModel, p.head, headDim(p));
  h.first = debertaC2pRow(p, std::max<Index>(rMin, 0), std::max<Index>(rMin, 0) - rMin);
  const Index last = debertaC2pRow(p, std::max<Index>(rMax, 0), std::max<Index>(rMax, 0) - rMax);
  std::vector<Index> rows;
  for (Index m = h.first; m <= last; ++m) rows.push_back(m);
  if (p.relTable.empty()) {
    h.qr = drawProjected(p, Tensor::DebertaRelEmbed, rows, h.wq);
    h.kr = drawProjected(p, Tensor::DebertaRelEmbed, rows, h.wk);
  } else {
    const Matrix rel = fileRelRows(p, rows);
    h.qr = project(rel, h.wq);
    h.kr = project(rel, h.wk);
  }
  return h;
}

/// The table rows c2p and p2c read for every r = i - j of -(length - 1) .. length - 1
/// (index r + length - 1): the buckets of a whole attention row, each computed once.
struct RowsByOffset {
  std::vector<Index> c2p, p2c;
};

RowsByOffset rowsByOffset(const DebertaParams& p) {
  RowsByOffset out;
  for (Index r = -(p.length - 1); r <= p.length - 1; ++r) {
    // Cell (i, j) = (r, 0) or (0, -r): the rows depend on i - j only.
    const Index i = std::max<Index>(r, 0);
    out.c2p.push_back(debertaC2pRow(p, i, i - r));
    out.p2c.push_back(debertaP2cRow(p, i, i - r));
  }
  return out;
}

std::vector<Index> allPositions(Index n) {
  std::vector<Index> v(static_cast<std::size_t>(n));
  for (Index k = 0; k < n; ++k) v[static_cast<std::size_t>(k)] = k;
  return v;
}

double termScale(const DebertaParams& p) {
  // scale = sqrt(d * scale_factor), scale_factor = 1 + ("c2p" in pos_att_type) + ("p2c" in ...).
  return std::sqrt(static_cast<double>(headDim(p)) * 3.0);
}

}  // namespace

void checkDebertaParams(const DebertaParams& p) {
  checkHeadsDivide(p.dModel, p.heads);
  checkHeadIndex(p.head, p.heads);
  const Index mid = p.buckets / 2;
  if (p.maxRelative - 1 <= mid)
    throw ParamError("max_relative_positions", std::to_string(p.maxRelative),
                     Message(kMaxRelative, {std::to_string(mid + 1)}));
  if (!p.relTable.empty()) (void)debertaRelEmbeddings(p);
}

std::vector<std::string> debertaRelTensorNames() {
  return {"encoder.rel_embeddings.weight", "deberta.encoder.rel_embeddings.weight"};
}

Matrix debertaRelEmbeddings(const DebertaParams& p) {
  // HF modeling_deberta_v2.py: rel_embeddings = nn.Embedding(position_buckets * 2, hidden);
  // DebertaV2Encoder.get_rel_embedding applies self.LayerNorm when "layer_norm" in
  // norm_rel_ebd (DeBERTa-v3's configs say "layer_norm").
  const Table t = tableParam("rel_table", p.relTable, debertaRelTensorNames());
  if (t.rows != 2 * p.buckets || t.cols != p.dModel)
    throw ParamError("rel_table", p.relTable,
                     Message(kRelTableShape,
                             {std::to_string(2 * p.buckets), std::to_string(p.dModel),
                              std::to_string(t.rows), std::to_string(t.cols)}));
  Matrix out(t.rows, t.cols);
  for (Index m = 0; m < t.rows; ++m)
    for (Index c = 0; c < t.cols; ++c) out(m, c) = t(m, c);
  if (!p.relNorm) return out;
  const TensorRef ref = parseTensorRef(p.relTable);
  std::string prefix = "encoder.";
  const std::string tail = "rel_embeddings.weight";
  if (ref.name.size() >= tail.size() && ref.name.ends_with(tail))
    prefix = ref.name.substr(0, ref.name.size() - tail.size());
  const auto names = [&](const char* what) {
    std::vector<std::string> n{prefix + "LayerNorm." + what};
    if (ref.name.empty()) n.push_back(std::string("deberta.encoder.LayerNorm.") + what);
    return n;
  };
  const std::vector<double> w = normVector(ref.file, names("weight"), p.dModel);
  const std::vector<double> b = normVector(ref.file, names("bias"), p.dModel);
  const auto n = static_cast<double>(p.dModel);
  for (Index m = 0; m < out.rows(); ++m) {
    const double mean = out.row(m).sum() / n;
    const double var = (out.row(m).array() - mean).square().sum() / n;  // biased, as torch
    const double inv = 1.0 / std::sqrt(var + kDebertaLayerNormEps);
    for (Index c = 0; c < out.cols(); ++c)
      out(m, c) = (out(m, c) - mean) * inv * w[static_cast<std::size_t>(c)] +
                  b[static_cast<std::size_t>(c)];
  }
  return out;
}

std::int64_t debertaBucket(std::int64_t r, Index bucketSize, Index maxPosition) {
  const std::int64_t mid = bucketSize / 2;
  const std::int64_t sign = (r > 0) - (r < 0);
  const std::int64_t absPos = (r < mid && r > -mid) ? mid - 1 : std::abs(r);
  if (absPos <= mid) return r;
  // Every step in float, as torch computes it on float32 tensors.
  const float ratio = static_cast<float>(absPos) / static_cast<float>(mid);
  const auto base =
      static_cast<float>(static_cast<double>(maxPosition - 1) / static_cast<double>(mid));
  const float logPos = std::ceil(std::log(ratio) / std::log(base) * static_cast<float>(mid - 1)) +
                       static_cast<float>(mid);
  return static_cast<std::int64_t>(logPos * static_cast<float>(sign));
}

std::int64_t debertaBucketDouble(std::int64_t r, Index bucketSize, Index maxPosition) {
  const std::int64_t mid = bucketSize / 2;
  const std::int64_t sign = (r > 0) - (r < 0);
  const std::int64_t absPos = (r < mid && r > -mid) ? mid - 1 : std::abs(r);
  if (absPos <= mid) return r;
  const double m = static_cast<double>(mid);
  const double logPos = std::ceil(std::log(static_cast<double>(absPos) / m) /
                                  std::log(static_cast<double>(maxPosition - 1) / m) * (m - 1)) +
                        m;
  return static_cast<std::int64_t>(logPos) * sign;
}

std::int64_t debertaDelta(const DebertaParams& p, Index i, Index j) {
  return debertaBucket(i - j, p.buckets, p.maxRelative);
}

Index debertaC2pRow(const DebertaParams& p, Index i, Index j) {
  const Index span = p.buckets;
  return std::clamp<Index>(debertaDelta(p, i, j) + span, 0, 2 * span - 1);
}

Index debertaP2cRow(const DebertaParams& p, Index i, Index j) {
  const Index span = p.buckets;
  // p2c_pos[j, i] = clamp(-r_pos[j, i] + span), r_pos[j, i] = delta(j, i); the transpose puts
  // it at cell (i, j).
  return std::clamp<Index>(-debertaDelta(p, j, i) + span, 0, 2 * span - 1);
}

Matrix DebertaTerms::total() const {
  Matrix out(c2c.rows(), c2c.cols());
  for (Index a = 0; a < out.rows(); ++a)
    for (Index b = 0; b < out.cols(); ++b)
      out(a, b) = c2c(a, b) / scale + (c2p(a, b) / scale + p2c(a, b) / scale);
  return out;
}

namespace {

/// debertaTermsOf with the relative tables given from table row `first` on.
DebertaTerms termsWith(const DebertaParams& p, std::span<const Index> rows, const Matrix& q,
                       std::span<const Index> cols, const Matrix& k, const Matrix& qr,
                       const Matrix& kr, Index first) {
  const auto nr = static_cast<Index>(rows.size());
  const auto nc = static_cast<Index>(cols.size());
  DebertaTerms t{Matrix(nr, nc), Matrix(nr, nc), Matrix(nr, nc), termScale(p)};
  for (Index a = 0; a < nr; ++a) {
    const Index i = rows[static_cast<std::size_t>(a)];
    for (Index b = 0; b < nc; ++b) {
      const Index j = cols[static_cast<std::size_t>(b)];
      t.c2c(a, b) = dot(q, a, k, b);
      t.c2p(a, b) = dot(q, a, kr, debertaC2pRow(p, i, j) - first);
      t.p2c(a, b) = dot(k, b, qr, debertaP2cRow(p, i, j) - first);
    }
  }
  return t;
}

}  // namespace

DebertaTerms debertaTermsOf(const DebertaParams& p, std::span<const Index> rows, const Matrix& q,
                            std::span<const Index> cols, const Matrix& k, const Matrix& qr,
                            const Matrix& kr) {
  return termsWith(p, rows, q, cols, k, qr, kr, 0);
}

DebertaTerms debertaTerms(const DebertaParams& p, std::span<const Index> rows,
                          std::span<const Index> cols) {
  if (rows.empty() || cols.empty()) {
    const auto nr = static_cast<Index>(rows.size());
    const auto nc = static_cast<Index>(cols.size());
    return {Matrix(nr, nc), Matrix(nr, nc), Matrix(nr, nc), termScale(p)};
  }
  const HeadTables h = headTables(p, rows.front() - cols.back(), rows.back() - cols.front());
  return termsWith(p, rows, drawProjected(p, Tensor::DebertaContent, rows, h.wq), cols,
                   drawProjected(p, Tensor::DebertaContent, cols, h.wk), h.qr, h.kr, h.first);
}

Matrix debertaAttention(const DebertaParams& p, std::span<const Index> rows,
                        std::span<const Index> cols) {
  if (rows.empty() || cols.empty())
    return Matrix(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  const HeadTables h = headTables(p, rows.front() - (p.length - 1), rows.back());
  const std::vector<Index> keys = allPositions(p.length);
  const Matrix q = drawProjected(p, Tensor::DebertaContent, rows, h.wq);
  const Matrix k = drawProjected(p, Tensor::DebertaContent, keys, h.wk);
  const double scale = termScale(p);
  const RowsByOffset byOffset = rowsByOffset(p);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  // One row at a time per task; a row's logits, maximum and sum (in key order) depend on
  // nothing else, so the bits depend neither on the blocks nor on the threads.
  detail::parallelBlocks(out.rows(), 4, [&](Index a0, Index a1) {
    std::vector<double> row(static_cast<std::size_t>(p.length));
    for (Index a = a0; a < a1; ++a) {
      const Index i = rows[static_cast<std::size_t>(a)];
      for (Index j = 0; j < p.length; ++j) {
        const auto at = static_cast<std::size_t>(i - j + p.length - 1);
        const double c2c = dot(q, a, k, j);
        const double c2p = dot(q, a, h.kr, byOffset.c2p[at] - h.first);
        const double p2c = dot(k, j, h.qr, byOffset.p2c[at] - h.first);
        // As DebertaTerms::total() adds them (forward's order).
        row[static_cast<std::size_t>(j)] = c2c / scale + (c2p / scale + p2c / scale);
      }
      const double m = *std::max_element(row.begin(), row.end());
      double sum = 0;
      for (double& x : row) {
        x = std::exp(x - m);
        sum += x;
      }
      for (Index b = 0; b < out.cols(); ++b)
        out(a, b) = row[static_cast<std::size_t>(cols[static_cast<std::size_t>(b)])] / sum;
    }
  });
  return out;
}

}  // namespace posenc
