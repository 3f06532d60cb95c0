// SPDX-License-Identifier: GPL-3.0-or-later
// The `alibi` scheme: its description, ParamSet -> AlibiParams, and its views (what each one
// shows, computes and explains), on the maths of alibi.cpp.
#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/schemes/alibi/alibi.hpp"
#include "schemes/alibi/alibi_hooks.hpp"

namespace posenc {

namespace {

/// The parameters every view works on, checked (a hand-built ParamSet included).
AlibiParams checkedParams(const ParamSet& params) {
  AlibiParams p = alibiParamsFrom(params);
  validateAlibiParams(p);
  return p;
}

std::vector<Term> explainBias(const AlibiParams& p, Index row, Index col) {
  const double m = alibiSlopes(p.heads)(p.head);
  const bool masked = p.causal && col > row;
  const Index d = row - col;
  return {
      {"slope mₕ", m},
      {p.causal ? "distance i − j" : "distance |i − j|",
       static_cast<double>(p.causal ? d : std::abs(d))},
      {p.causal ? "bias −mₕ(i − j)" : "bias −mₕ|i − j|", alibiBias(m, row, col, p.causal)},
      {"masked (1: key after the query)", masked ? 1.0 : 0.0},
  };
}

SeriesResult slopesSeries(const AlibiParams& p) {
  const Vector m = alibiSlopes(p.heads);
  SeriesResult out;
  Curve c{"slope mₕ", std::vector<double>(m.data(), m.data() + m.size())};
  out.x.resize(static_cast<std::size_t>(m.size()));
  for (std::size_t h = 0; h < out.x.size(); ++h) out.x[h] = static_cast<double>(h);
  out.curves.push_back(std::move(c));
  return out;
}

SeriesResult extrapolationSeries(const AlibiParams& p) {
  const Vector m = alibiSlopes(p.heads);
  const Index train = p.trainLength;
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

}  // namespace

AlibiParams alibiParamsFrom(const ParamSet& params) {
  AlibiParams p;
  p.length = params.getInt("length");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.causal = params.getBool("causal");
  p.trainLength = params.getInt("train_length");
  return p;
}

// ---- The alibi scheme: description and views --------------------------------------------

namespace {

/// What alibi is: id, name, description and parameters (the views come from alibiViews()).
SchemeInfo alibiInfo() {
  return {
      .id = "alibi",
      .name = "ALiBi (Press et al. 2022)",
      .description =
          "No position embedding: each head subtracts slope mₕ times the "
          "query-key distance from the attention logits",
      .params =
          {
              detail::lengthParam("Sequence length L: queries and keys 0..L-1"),
              {.id = "heads",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{8},
               .min = 1,
               .max = 1024,
               .description = "Number of attention heads n (sets the slopes)"},
              {.id = "head",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{0},
               .min = 0,
               .max = 1023,
               .description = "Head whose bias is shown (0-based, less than heads)"},
              {.id = "causal",
               .type = ParamType::Bool,
               .defaultValue = true,
               .description = "true: the paper's causal form, future keys masked; false: "
                              "symmetric -m_h |i - j| (encoder variant)"},
              {.id = "train_length",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{1024},
               .min = 1,
               .max = kMaxLength,
               .description = "Longest sequence seen in training (the paper trains on 512 or "
                              "1024; the extrapolation view marks it)"},
          },
  };
}

/// Every view of alibi, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<AlibiParams>> alibiViews() {
  return {
      {.spec = {.id = "slopes",
                .title = "ALiBi slope of each head",
                .xLabel = "head h",
                .yLabel = "slope mₕ",
                .bars = true,
                .description = "Slope m_h for h = 0..heads-1 as get_slopes computes it: "
                               "2^(-8(h+1)/n) for n a power of two, otherwise the slopes of "
                               "the closest smaller power of two followed by every other "
                               "slope of twice that"},
       .series = slopesSeries},
      {.spec = {.id = "bias",
                .title = "ALiBi bias of one head: −mₕ(i − j)",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "bias  −mₕ(i − j)",
                .signedValues = true,
                .description =
                    "length x length for head `head`, rows query i, columns key j: the "
                    "paper's form -m_h (i - j) for j <= i, masked for j > i (causal) or -m_h "
                    "|i - j| (symmetric); never scaled. Implementations add +m_h j per row "
                    "instead, which softmax cannot tell apart"},
       .shape = detail::lengthByLength<AlibiParams>,
       .evaluate = alibiBiasMatrix,
       .explain = explainBias},
      {.spec = {.id = "extrapolation",
                .title = "Beyond training: the bias keeps falling linearly",
                .xLabel = "distance i − j (key before the query)",
                .yLabel = "bias −mₕ(i − j)",
                .description =
                    "Bias of head `head` over distances 0 .. max(length, 2 train_length) - "
                    "1, split at train_length: the part seen in training and the part past "
                    "it, which is the same line continued (nothing new to learn, so ALiBi "
                    "extrapolates); with the steepest (head 0) and flattest (last head) "
                    "slopes for comparison; sampled evenly past 8192 distances"},
       .series = extrapolationSeries},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeAlibiScheme() {
  return detail::makeTableScheme<AlibiParams>(
      {.info = alibiInfo(),
       .read = checkedParams,
       .validate = validateAlibiParams,
       .views = alibiViews(),
       .hooks = {.slips = detail::alibiSlips(), .model = detail::alibiModel()}});
}

}  // namespace posenc
