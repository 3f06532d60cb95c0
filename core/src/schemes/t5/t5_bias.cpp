// SPDX-License-Identifier: GPL-3.0-or-later
// T5 bias maths: buckets and bias values over a region, tabulated per offset (t5_bias.hpp).
// The `t5` scheme's description and views are in t5_scheme.cpp.
#include "posenc/schemes/t5/t5_bias.hpp"

#include <algorithm>
#include <string>

#include "posenc/base/random.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/maths/t5_bucket.hpp"
#include "posenc/tensors/tensor_ref.hpp"

namespace posenc {

namespace {

const MessageTemplate kTableTransposed{
    "a bias table of buckets x heads = %1 x %2 (HF relative_attention_bias.weight is "
    "[num_buckets, n_heads]); this one is %2 x %1, transposed",
    "%1: buckets; %2: heads"};
const MessageTemplate kTableShape{
    "a bias table of buckets x heads = %1 x %2 (HF relative_attention_bias.weight is "
    "[num_buckets, n_heads]); this one is %3 x %4: set buckets = %3 and heads = %4 as the "
    "model's config.json does (relative_attention_num_buckets, num_heads)",
    "%1 x %2: the shape wanted (buckets x heads); %3 x %4: the shape of the file's table"};
const MessageTemplate kMaxDistanceBidirectional{
    "greater than max_exact = %1 (buckets/4 when bidirectional): the log-spaced buckets divide by "
    "ln(max_distance / max_exact), which is zero or negative otherwise",
    "%1: max_exact"};
const MessageTemplate kMaxDistanceUnidirectional{
    "greater than max_exact = %1 (buckets/2 when unidirectional): the log-spaced buckets divide "
    "by ln(max_distance / max_exact), which is zero or negative otherwise",
    "%1: max_exact"};
const MessageTemplate kDecoderCausal{
    "false when stack = decoder: the decoder's self-attention is causal (HF T5Attention: "
    "bidirectional = not is_decoder)"};

/// f(bucket(r)) for many offsets r = j - i at once. The bucket depends on r only through its
/// sign and the distance n, so with g(n) = t5Bucket(-n) (the shared function) it is tabulated
/// once per sign for n = 0 .. cap: r <= 0 -> f(g(n)); r > 0 -> f(n_b + g(n)) when
/// bidirectional, f(0) otherwise. Past max_distance every n has the last bucket (the float32
/// quotient is then >= (n_b - max_exact)(1 - 1e-6), whose trunc plus max_exact is at least
/// n_b - 1, the cap), so the tables never need more than max_distance + 1 entries.
class OffsetTable {
 public:
  template <typename F>
  OffsetTable(const T5Params& p, std::int64_t largestDistance, F f) {
    const std::int64_t offset = p.buckets / 2;
    m_last = std::min(largestDistance, p.maxDistance);
    m_past.resize(static_cast<std::size_t>(m_last + 1));
    m_future.resize(m_past.size());
    for (std::size_t n = 0; n < m_past.size(); ++n) {
      const std::int64_t g =
          t5Bucket(-static_cast<std::int64_t>(n), p.bidirectional, p.buckets, p.maxDistance);
      m_past[n] = f(g);
      m_future[n] = p.bidirectional ? f(offset + g) : f(std::int64_t{0});
    }
  }

  [[nodiscard]] double operator()(std::int64_t r) const {
    return r > 0 ? m_future[static_cast<std::size_t>(std::min(r, m_last))]
                 : m_past[static_cast<std::size_t>(std::min(-r, m_last))];
  }

 private:
  std::int64_t m_last = 0;
  std::vector<double> m_past;
  std::vector<double> m_future;
};

/// Largest distance |j - i| any cell of rows x cols has.
std::int64_t largestDistance(std::span<const Index> rows, std::span<const Index> cols) {
  if (rows.empty() || cols.empty()) return 0;
  const auto dist = [](Index r) { return static_cast<std::int64_t>(r < 0 ? -r : r); };
  return std::max(dist(cols.back() - rows.front()), dist(cols.front() - rows.back()));
}

/// f(bucket(j - i)) over rows x cols; direct calls when that is cheaper than the tables.
template <typename F>
Matrix perBucket(const T5Params& p, std::span<const Index> rows, std::span<const Index> cols, F f) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  const std::int64_t maxN = largestDistance(rows, cols);
  const auto cells = static_cast<std::int64_t>(rows.size() * cols.size());
  if (cells <= std::min(maxN, p.maxDistance)) {
    for (std::size_t a = 0; a < rows.size(); ++a)
      for (std::size_t b = 0; b < cols.size(); ++b)
        out(static_cast<Index>(a), static_cast<Index>(b)) =
            f(t5Bucket(cols[b] - rows[a], p.bidirectional, p.buckets, p.maxDistance));
    return out;
  }
  const OffsetTable table(p, maxN, f);
  for (std::size_t a = 0; a < rows.size(); ++a) {
    double* row = out.data() + static_cast<Index>(a) * out.cols();  // row-major
    for (std::size_t b = 0; b < cols.size(); ++b) row[b] = table(cols[b] - rows[a]);
  }
  return out;
}

/// The bucket id as a double (the buckets view).
double asValue(std::int64_t bucket) { return static_cast<double>(bucket); }

/// The table `p.table` names, read once (tensor_ref.hpp keeps it) and checked to be
/// buckets x heads. A table without a tensor name is the stack's (t5StackTensorName).
/// @throws ParamError("table", ...).
Table fileTable(const T5Params& p) {
  const std::string preferred[] = {t5StackTensorName(p)};
  Table t = tableParam("table", p.table, preferred);
  if (t.rows == p.buckets && t.cols == p.heads) return t;
  const auto num = [](std::int64_t v) { return std::to_string(v); };
  const bool transposed = t.rows == p.heads && t.cols == p.buckets && t.rows != t.cols;
  const Message why =
      transposed ? Message(kTableTransposed, {num(p.buckets), num(p.heads)})
                 : Message(kTableShape, {num(p.buckets), num(p.heads), num(t.rows), num(t.cols)});
  throw ParamError("table", p.table, why);
}

/// Column `head` of the bias table.
std::vector<double> tableColumn(const T5Params& p) {
  std::vector<double> col(static_cast<std::size_t>(p.buckets));
  if (!p.table.empty()) {
    const Table t = fileTable(p);
    for (std::int64_t b = 0; b < p.buckets; ++b) col[static_cast<std::size_t>(b)] = t(b, p.head);
    return col;
  }
  for (std::int64_t b = 0; b < p.buckets; ++b)
    col[static_cast<std::size_t>(b)] = t5TableValue(p, b, p.head);
  return col;
}

}  // namespace

void validateT5Params(const T5Params& p) {
  checkHeadIndex(p.head, p.heads);
  const std::int64_t maxExact = t5MaxExact(p);
  if (p.maxDistance <= maxExact)
    throw ParamError("max_distance", std::to_string(p.maxDistance),
                     Message(p.bidirectional ? kMaxDistanceBidirectional
                                             : kMaxDistanceUnidirectional,
                             {std::to_string(maxExact)}));
  if (p.decoder && p.bidirectional)
    throw ParamError("bidirectional", "true", Message(kDecoderCausal));
  if (!p.table.empty()) (void)fileTable(p);
}

std::string t5StackTensorName(const T5Params& p) {
  return std::string(p.decoder ? "decoder" : "encoder") +
         ".block.0.layer.0.SelfAttention.relative_attention_bias.weight";
}

std::int64_t t5BucketsPerSign(const T5Params& p) {
  return p.bidirectional ? p.buckets / 2 : p.buckets;
}

std::int64_t t5MaxExact(const T5Params& p) { return t5BucketsPerSign(p) / 2; }

std::int64_t t5Distance(const T5Params& p, std::int64_t r) {
  if (p.bidirectional) return r < 0 ? -r : r;
  return r < 0 ? -r : 0;
}

bool t5IsExactBucket(const T5Params& p, std::int64_t r) { return t5Distance(p, r) < t5MaxExact(p); }

double t5TableValue(const T5Params& p, std::int64_t bucket, std::int64_t head) {
  if (!p.table.empty()) return fileTable(p)(bucket, head);
  return normal(p.seed, Tensor::T5Bias, static_cast<std::uint64_t>(bucket),
                static_cast<std::uint64_t>(head));
}

Matrix t5BiasTable(const T5Params& p) {
  Matrix t(p.buckets, p.heads);
  if (!p.table.empty()) {
    const Table file = fileTable(p);
    for (Index b = 0; b < t.rows(); ++b)
      for (Index h = 0; h < t.cols(); ++h) t(b, h) = file(b, h);
    return t;
  }
  for (Index b = 0; b < t.rows(); ++b)
    for (Index h = 0; h < t.cols(); ++h) t(b, h) = t5TableValue(p, b, h);
  return t;
}

std::vector<Index> t5CurveOffsets(const T5Params& p) {
  const Index reach = std::max<Index>(p.length - 1, p.maxDistance);
  const std::vector<Index> at =
      chartPositions(2 * reach + 1, kExtrapolationPoints,
                     {reach - p.maxDistance, reach, reach + p.maxDistance});
  std::vector<Index> offsets(at.size());
  for (std::size_t k = 0; k < at.size(); ++k) offsets[k] = at[k] - reach;
  return offsets;
}

Matrix t5BiasCurves(const T5Params& p, std::span<const Index> offsets) {
  const Matrix table = t5BiasTable(p);
  Matrix out(p.heads, static_cast<Index>(offsets.size()));
  for (std::size_t k = 0; k < offsets.size(); ++k) {
    const std::int64_t b = t5Bucket(offsets[k], p.bidirectional, p.buckets, p.maxDistance);
    out.col(static_cast<Index>(k)) = table.row(b).transpose();
  }
  return out;
}

std::vector<std::int64_t> t5BucketMap(const T5Params& p) {
  const OffsetTable bucket(p, p.length - 1, asValue);
  std::vector<std::int64_t> map(static_cast<std::size_t>(2 * p.length - 1));
  for (std::size_t k = 0; k < map.size(); ++k)
    map[k] = static_cast<std::int64_t>(bucket(static_cast<std::int64_t>(k) - (p.length - 1)));
  return map;
}

Matrix t5BucketMatrix(const T5Params& p, std::span<const Index> rows, std::span<const Index> cols) {
  return perBucket(p, rows, cols, asValue);
}

Matrix t5BiasMatrix(const T5Params& p, std::span<const Index> rows, std::span<const Index> cols) {
  const std::vector<double> column = tableColumn(p);
  return perBucket(p, rows, cols,
                   [&](std::int64_t b) { return column[static_cast<std::size_t>(b)]; });
}

}  // namespace posenc
