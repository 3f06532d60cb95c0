// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/alibi.hpp"

#include <bit>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "posenc/extrapolation.hpp"

namespace posenc {

namespace {

/// `get_slopes_power_of_2(n)` of the reference, operation for operation (Python's float `**`
/// is C pow, math.log2 is C log2), so every slope is the same double as in Python.
void appendPowerOfTwoSlopes(std::vector<double>& out, std::int64_t n, std::int64_t step,
                            std::int64_t count) {
  const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(static_cast<double>(n)) - 3.0)));
  const double ratio = start;
  for (std::int64_t h = 0, taken = 0; h < n && taken < count; h += step, ++taken)
    out.push_back(start * std::pow(ratio, static_cast<double>(h)));
}

const SchemeInfo& alibiInfo() {
  static const SchemeInfo info = [] {
    SchemeInfo s;
    s.id = "alibi";
    s.name = "ALiBi (Press et al. 2022)";
    s.description =
        "No position embedding: each head subtracts slope m_h times the query-key distance "
        "from the attention logits";
    s.params = {
        intParam("length", 128, 1, kMaxLength, "Sequence length L: queries and keys 0..L-1"),
        intParam("heads", 8, 1, 1024, "Number of attention heads n (sets the slopes)"),
        intParam("head", 0, 0, 1023, "Head whose bias is shown (0-based, less than heads)"),
        boolParam("causal", true,
                  "true: the paper's causal form, future keys masked; false: symmetric "
                  "-m_h |i - j| (encoder variant)"),
        intParam("train_length", 1024, 1, kMaxLength,
                 "Longest sequence seen in training (the paper trains on 512 or 1024; the "
                 "extrapolation view marks it)"),
    };
    ViewSpec slopes;
    slopes.id = "slopes";
    slopes.kind = ViewKind::Series;
    slopes.title = "ALiBi slope of each head";
    slopes.xLabel = "head h";
    slopes.yLabel = "slope m_h";
    slopes.bars = true;
    slopes.description =
        "Slope m_h for h = 0..heads-1 as get_slopes computes it: 2^(-8(h+1)/n) for n a power of "
        "two, otherwise the slopes of the closest smaller power of two followed by every other "
        "slope of twice that";
    ViewSpec bias;
    bias.id = "bias";
    bias.kind = ViewKind::Matrix;
    bias.title = "ALiBi bias of one head: -m_h (i - j)";
    bias.xLabel = "key position j";
    bias.yLabel = "query position i";
    bias.valueLabel = "bias  -m_h (i - j)";
    bias.signedValues = true;
    bias.description =
        "length x length for head `head`, rows query i, columns key j: the paper's form "
        "-m_h (i - j) for j <= i, masked for j > i (causal) or -m_h |i - j| (symmetric); never "
        "scaled. Implementations add +m_h j per row instead, which softmax cannot tell apart";
    ViewSpec extra;
    extra.id = "extrapolation";
    extra.kind = ViewKind::Series;
    extra.title = "Beyond training: the bias keeps falling linearly";
    extra.xLabel = "distance i - j (key before the query)";
    extra.yLabel = "bias -m_h (i - j)";
    extra.description =
        "Bias of head `head` over distances 0 .. max(length, 2 train_length) - 1, split at "
        "train_length: the part seen in training and the part past it, which is the same line "
        "continued (nothing new to learn, so ALiBi extrapolates); with the steepest (head 0) and "
        "flattest (last head) slopes for comparison; sampled evenly past 8192 distances";
    s.views = {slopes, bias, extra};
    return s;
  }();
  return info;
}

class AlibiScheme final : public Scheme {
 public:
  [[nodiscard]] const SchemeInfo& info() const override { return alibiInfo(); }

  void validate(const ParamSet& params) const override {
    validateAlibiParams(alibiParamsFrom(params));
  }

  [[nodiscard]] MatrixShape shape(const ParamSet& params, std::string_view view) const override {
    const AlibiParams p = checked(params);
    matrixView(view);
    return {p.length, p.length};
  }

  [[nodiscard]] Matrix evaluate(const ParamSet& params, std::string_view view,
                                std::span<const Index> rows,
                                std::span<const Index> cols) const override {
    const AlibiParams p = checked(params);
    matrixView(view);
    return alibiBiasMatrix(p, rows, cols);
  }

  [[nodiscard]] std::vector<Term> explainCell(const ParamSet& params, std::string_view view,
                                              Index row, Index col) const override {
    const AlibiParams p = checked(params);
    matrixView(view);
    const double m = alibiSlopes(p.heads)(p.head);
    const bool masked = p.causal && col > row;
    const Index d = row - col;
    return {
        {"slope m_h", m},
        {p.causal ? "distance i - j" : "distance |i - j|",
         static_cast<double>(p.causal ? d : std::abs(d))},
        {p.causal ? "bias -m_h (i - j)" : "bias -m_h |i - j|", alibiBias(m, row, col, p.causal)},
        {"masked (1: key after the query)", masked ? 1.0 : 0.0},
    };
  }

  [[nodiscard]] SeriesResult series(const ParamSet& params, std::string_view view) const override {
    const AlibiParams p = checked(params);
    if (view != "slopes" && view != "extrapolation")
      throw ParamError("view", std::string(view),
                       "a series view of alibi: slopes or extrapolation");
    const Vector m = alibiSlopes(p.heads);
    SeriesResult out;
    if (view == "extrapolation") return extrapolationSeries(p, params.getInt("train_length"), m);
    Curve c{"slope m_h", std::vector<double>(m.data(), m.data() + m.size())};
    out.x.resize(static_cast<std::size_t>(m.size()));
    for (std::size_t h = 0; h < out.x.size(); ++h) out.x[h] = static_cast<double>(h);
    out.curves.push_back(std::move(c));
    return out;
  }

 private:
  static SeriesResult extrapolationSeries(const AlibiParams& p, Index train, const Vector& m) {
    const Index count = std::max<Index>(p.length, 2 * train);
    const std::vector<Index> at = chartPositions(count, kExtrapolationPoints, {train - 1, train});
    SeriesResult out;
    out.x.assign(at.begin(), at.end());
    const std::string h = "head " + std::to_string(p.head);
    Curve seen{h + ": seen in training (distance < " + std::to_string(train) + ")", {}};
    Curve beyond{h + ": beyond training, the same line continued", {}};
    for (Index d : at) {
      const double b = -m(p.head) * static_cast<double>(d);
      seen.y.push_back(d < train ? b : kMasked);
      beyond.y.push_back(d >= train - 1 ? b : kMasked);  // joined to the seen part
    }
    out.curves = {std::move(seen), std::move(beyond)};
    for (Index other : {Index{0}, p.heads - 1}) {
      if (other == p.head || (other == p.heads - 1 && p.heads == 1)) continue;
      Curve c{"head " + std::to_string(other) + (other == 0 ? " (steepest)" : " (flattest)"), {}};
      for (Index d : at) c.y.push_back(-m(other) * static_cast<double>(d));
      out.curves.push_back(std::move(c));
    }
    return out;
  }

  static AlibiParams checked(const ParamSet& params) {
    AlibiParams p = alibiParamsFrom(params);
    validateAlibiParams(p);
    return p;
  }

  static void matrixView(std::string_view view) {
    if (view != "bias")
      throw ParamError("view", std::string(view), "the matrix view of alibi: bias");
  }
};

}  // namespace

AlibiParams alibiParamsFrom(const ParamSet& params) {
  AlibiParams p;
  p.length = params.getInt("length");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.causal = params.getBool("causal");
  return p;
}

void validateAlibiParams(const AlibiParams& p) {
  checkHeadIndex(p.head, p.heads);
}

Vector alibiSlopes(std::int64_t heads) {
  if (heads < 1 || heads > kMaxLength)
    throw ParamError("heads", std::to_string(heads), "an integer from 1 to 1048576");
  std::vector<double> m;
  m.reserve(static_cast<std::size_t>(heads));
  const auto n = static_cast<std::uint64_t>(heads);
  if (std::has_single_bit(n)) {
    appendPowerOfTwoSlopes(m, heads, 1, heads);
  } else {
    const auto c = static_cast<std::int64_t>(std::bit_floor(n));
    appendPowerOfTwoSlopes(m, c, 1, c);
    appendPowerOfTwoSlopes(m, 2 * c, 2, heads - c);  // get_slopes(2c)[0::2][:n-c]
  }
  return Eigen::Map<const Vector>(m.data(), static_cast<Index>(m.size()));
}

double alibiBias(double m, Index i, Index j, bool causal) {
  if (causal && j > i) return kMasked;
  // m * (j - i) with the integer difference made first: exactly -(m (i - j)), and +0 (not
  // -0) on the diagonal.
  const Index negDistance = causal ? j - i : -std::abs(i - j);
  return m * static_cast<double>(negDistance);
}

Matrix alibiBiasMatrix(const AlibiParams& p, std::span<const Index> rows,
                       std::span<const Index> cols) {
  const double m = alibiSlopes(p.heads)(p.head);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      out(static_cast<Index>(a), static_cast<Index>(b)) = alibiBias(m, rows[a], cols[b], p.causal);
  return out;
}

std::unique_ptr<Scheme> makeAlibiScheme() { return std::make_unique<AlibiScheme>(); }

}  // namespace posenc
