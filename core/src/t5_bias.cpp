// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/t5_bias.hpp"

#include <algorithm>
#include <string>

#include "posenc/extrapolation.hpp"
#include "posenc/random.hpp"
#include "posenc/t5_bucket.hpp"

namespace posenc {

namespace {

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
Matrix perBucket(const T5Params& p, std::span<const Index> rows, std::span<const Index> cols,
                 F f) {
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

/// Column `head` of the bias table.
std::vector<double> tableColumn(const T5Params& p) {
  std::vector<double> col(static_cast<std::size_t>(p.buckets));
  for (std::int64_t b = 0; b < p.buckets; ++b)
    col[static_cast<std::size_t>(b)] = t5TableValue(p, b, p.head);
  return col;
}

const SchemeInfo& t5Info() {
  static const SchemeInfo info = [] {
    SchemeInfo s;
    s.id = "t5";
    s.name = "T5 relative bias (Raffel et al. 2020)";
    s.description =
        "A learned scalar per bucket of the offset j - i, added to the attention logits unscaled";
    s.params = {
        intParam("length", 128, 1, kMaxLength, "Sequence length L: queries and keys 0..L-1"),
        intParam("buckets", 32, 4, 1024,
                 "Number of buckets (HF relative_attention_num_buckets; T5 uses 32)", true),
        intParam("max_distance", 128, 2, kMaxLength,
                 "Distance from which every key shares the last, catch-all bucket (HF "
                 "relative_attention_max_distance; T5 uses 128; the log spacing can reach that "
                 "bucket a little earlier, at 91 with the defaults); must exceed max_exact"),
        boolParam("bidirectional", true,
                  "Encoder (true: half the buckets for keys after the query) or decoder (false: "
                  "every future key in bucket 0)"),
        intParam("heads", 8, 1, 128, "Number of attention heads (columns of the bias table)"),
        intParam("head", 0, 0, 127, "Head whose bias is shown (0-based, less than heads)"),
        seedParam(),
    };
    ViewSpec buckets;
    buckets.id = "buckets";
    buckets.kind = ViewKind::Matrix;
    buckets.title = "T5 bucket of the offset r = j - i";
    buckets.xLabel = "key position j";
    buckets.yLabel = "query position i";
    buckets.valueLabel = "bucket id";
    buckets.integerValues = true;
    buckets.description =
        "length x length, rows query i, columns key j: bucket(j - i) as HF "
        "_relative_position_bucket computes it; keys after the query (r > 0, upper triangle) use "
        "buckets n_b+1..2n_b-1 (n_b = buckets/2) when bidirectional and bucket 0 when "
        "unidirectional";
    ViewSpec map;
    map.id = "bucket_map";
    map.kind = ViewKind::Series;
    map.title = "Bucket of each offset r = j - i";
    map.xLabel = "relative position r = j - i (key minus query)";
    map.yLabel = "bucket id";
    map.description =
        "Bucket of every r from -(length-1) to length-1 (whole range): exact for distances below "
        "max_exact, log-spaced up to max_distance, the last bucket beyond";
    ViewSpec bias;
    bias.id = "bias";
    bias.kind = ViewKind::Matrix;
    bias.title = "T5 bias of one head: table[bucket(j - i)][h]";
    bias.xLabel = "key position j";
    bias.yLabel = "query position i";
    bias.valueLabel = "bias  table[bucket(j - i)][h]";
    bias.signedValues = true;
    bias.description =
        "length x length for head `head`, rows query i, columns key j: table[bucket(j - i)][head], "
        "added to q_i . k_j unscaled; the table is N(0, 1) from seed, standing in for learned "
        "values (cells of one bucket share one value)";
    ViewSpec extra;
    extra.id = "extrapolation";
    extra.kind = ViewKind::Series;
    extra.title = "Beyond max_distance: every farther key shares the last bucket";
    extra.xLabel = "distance d = |j - i|";
    extra.yLabel = "bucket id";
    extra.description =
        "Bucket of a key d positions before the query (r = -d) and, bidirectional, after it "
        "(r = +d), for d = 0 .. max(length, 2 max_distance) - 1: exact below max_exact, "
        "log-spaced up to max_distance, then constant: T5 cannot tell distances past "
        "max_distance apart, which is why it extrapolates gracefully but blindly; sampled "
        "evenly past 8192 distances";
    s.views = {buckets, map, bias, extra};
    return s;
  }();
  return info;
}

class T5Scheme final : public Scheme {
 public:
  [[nodiscard]] const SchemeInfo& info() const override { return t5Info(); }

  void validate(const ParamSet& params) const override { validateT5Params(t5ParamsFrom(params)); }

  [[nodiscard]] MatrixShape shape(const ParamSet& params, std::string_view view) const override {
    const T5Params p = checked(params);
    matrixView(view);
    return {p.length, p.length};
  }

  [[nodiscard]] Matrix evaluate(const ParamSet& params, std::string_view view,
                                std::span<const Index> rows,
                                std::span<const Index> cols) const override {
    const T5Params p = checked(params);
    if (matrixView(view) == "buckets") return t5BucketMatrix(p, rows, cols);
    return t5BiasMatrix(p, rows, cols);
  }

  [[nodiscard]] std::vector<Term> explainCell(const ParamSet& params, std::string_view view,
                                              Index row, Index col) const override {
    const T5Params p = checked(params);
    matrixView(view);
    const std::int64_t r = col - row;
    const std::int64_t b = t5Bucket(r, p.bidirectional, p.buckets, p.maxDistance);
    return {
        {"relative position r = j - i", static_cast<double>(r)},
        {"distance n in the bucket formula", static_cast<double>(t5Distance(p, r))},
        {"bucket", static_cast<double>(b)},
        {"exact bucket (1) or log-spaced (0)", t5IsExactBucket(p, r) ? 1.0 : 0.0},
        {"bias table[bucket][h]", t5TableValue(p, b, p.head)},
    };
  }

  [[nodiscard]] SeriesResult series(const ParamSet& params, std::string_view view) const override {
    const T5Params p = checked(params);
    if (view == "extrapolation") return extrapolationSeries(p);
    if (view != "bucket_map")
      throw ParamError("view", std::string(view),
                       "a series view of t5: bucket_map or extrapolation");
    const OffsetTable bucket(p, p.length - 1, asValue);
    const auto size = static_cast<std::size_t>(2 * p.length - 1);
    SeriesResult out;
    out.x.resize(size);
    Curve c{"bucket", std::vector<double>(size), CurveStyle::Steps};
    for (std::size_t k = 0; k < size; ++k) {
      const std::int64_t r = static_cast<std::int64_t>(k) - (p.length - 1);
      out.x[k] = static_cast<double>(r);
      c.y[k] = bucket(r);
    }
    out.curves.push_back(std::move(c));
    return out;
  }

 private:
  static SeriesResult extrapolationSeries(const T5Params& p) {
    const Index count = std::max<Index>(p.length, 2 * p.maxDistance);
    const std::vector<Index> at =
        chartPositions(count, kExtrapolationPoints, {p.maxDistance - 1, p.maxDistance});
    SeriesResult out;
    out.x.assign(at.begin(), at.end());
    Curve back{"key d positions before the query (r = -d)", {}, CurveStyle::Steps};
    Curve ahead{"key d positions after the query (r = +d)", {}, CurveStyle::Steps};
    Curve mark{"max_distance = " + std::to_string(p.maxDistance) + ": every farther key shares the last bucket",
               {}, CurveStyle::Points};
    for (Index d : at) {
      back.y.push_back(static_cast<double>(t5Bucket(-d, p.bidirectional, p.buckets, p.maxDistance)));
      ahead.y.push_back(static_cast<double>(t5Bucket(d, p.bidirectional, p.buckets, p.maxDistance)));
      mark.y.push_back(d == p.maxDistance ? back.y.back() : kMasked);
    }
    out.curves.push_back(std::move(back));
    if (p.bidirectional) out.curves.push_back(std::move(ahead));
    out.curves.push_back(std::move(mark));
    return out;
  }

  static T5Params checked(const ParamSet& params) {
    T5Params p = t5ParamsFrom(params);
    validateT5Params(p);
    return p;
  }

  static std::string_view matrixView(std::string_view view) {
    if (view != "buckets" && view != "bias")
      throw ParamError("view", std::string(view), "a matrix view of t5: buckets or bias");
    return view;
  }
};

}  // namespace

T5Params t5ParamsFrom(const ParamSet& params) {
  T5Params p;
  p.length = params.getInt("length");
  p.buckets = params.getInt("buckets");
  p.maxDistance = params.getInt("max_distance");
  p.bidirectional = params.getBool("bidirectional");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  return p;
}

void validateT5Params(const T5Params& p) {
  checkHeadIndex(p.head, p.heads);
  const std::int64_t maxExact = t5MaxExact(p);
  if (p.maxDistance <= maxExact)
    throw ParamError("max_distance", std::to_string(p.maxDistance),
                     "greater than max_exact = " + std::to_string(maxExact) + " (buckets/" +
                         (p.bidirectional ? "4 when bidirectional" : "2 when unidirectional") +
                         "): the log-spaced buckets divide by ln(max_distance / max_exact), "
                         "which is zero or negative otherwise");
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
  return normal(p.seed, Tensor::T5Bias, static_cast<std::uint64_t>(bucket),
                static_cast<std::uint64_t>(head));
}

Matrix t5BiasTable(const T5Params& p) {
  Matrix t(p.buckets, p.heads);
  for (Index b = 0; b < t.rows(); ++b)
    for (Index h = 0; h < t.cols(); ++h) t(b, h) = t5TableValue(p, b, h);
  return t;
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

std::unique_ptr<Scheme> makeT5Scheme() { return std::make_unique<T5Scheme>(); }

}  // namespace posenc
