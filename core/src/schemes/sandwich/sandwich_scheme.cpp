// SPDX-License-Identifier: GPL-3.0-or-later
// The `sandwich` scheme: its description, ParamSet -> SandwichParams, the cross-checks, and
// its views (what each one shows, computes and explains), on the maths of sandwich.cpp.
#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/schemes/sandwich/sandwich.hpp"

namespace posenc {

namespace {

/// Heads up to which the curve view draws every head; beyond, the chosen, first and last.
constexpr std::int64_t kAllHeadsUpTo = 8;

SandwichParams checkedParams(const ParamSet& params) {
  SandwichParams p = sandwichParamsFrom(params);
  checkSandwichParams(p);
  return p;
}

std::vector<Term> explainBias(const SandwichParams& p, Index row, Index col) {
  const Index d = std::abs(row - col);
  const bool masked = p.causal && col > row;
  const double raw = sandwichRawBias(sandwichFrequencies(p.dim), p.dim, d);
  const double divisor = sandwichHeadDivisor(p.head, p.heads);
  return {{"distance |i − j|", static_cast<double>(d)},
          {"Σₖ cos(|i − j| ωₖ)", masked ? kMasked : raw + static_cast<double>(p.dim) / 2.0},
          {"d/2", static_cast<double>(p.dim) / 2.0},
          {"head divisor (h + 1)·8/heads", divisor},
          {"bias (Σₖ cos − d/2)/divisor", masked ? kMasked : raw / divisor},
          {"masked (1: key after the query)", masked ? 1.0 : 0.0}};
}

std::vector<std::int64_t> curveHeads(const SandwichParams& p) {
  std::vector<std::int64_t> heads;
  if (p.heads <= kAllHeadsUpTo) {
    for (std::int64_t h = 0; h < p.heads; ++h) heads.push_back(h);
    return heads;
  }
  heads.push_back(p.head);
  for (std::int64_t h : {std::int64_t{0}, p.heads - 1})
    if (h != p.head) heads.push_back(h);
  return heads;
}

SeriesResult curveSeries(const SandwichParams& p) {
  const std::vector<Index> at = chartPositions(p.length, kExtrapolationPoints, {});
  const Vector omega = sandwichFrequencies(p.dim);
  std::vector<double> raw;
  raw.reserve(at.size());
  for (Index d : at) raw.push_back(sandwichRawBias(omega, p.dim, d));
  SeriesResult out;
  out.x.assign(at.begin(), at.end());
  for (std::int64_t h : curveHeads(p)) {
    const double divisor = sandwichHeadDivisor(h, p.heads);
    std::string name = "head " + std::to_string(h);
    if (h == p.head) name += " (the bias view's)";
    Curve c{std::move(name), {}};
    for (double v : raw) c.y.push_back(v / divisor);
    out.curves.push_back(std::move(c));
  }
  return out;
}

}  // namespace

SandwichParams sandwichParamsFrom(const ParamSet& params) {
  SandwichParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.causal = params.getBool("causal");
  return p;
}

// ---- The sandwich scheme: description and views -----------------------------------------

namespace {

SchemeInfo sandwichInfo() {
  return {
      .id = "sandwich",
      .name = "Sandwich (Chi et al. 2023)",
      .description =
          "The inner product of two sinusoidal embeddings as a bias: Σₖ cos((i − j) "
          "ωₖ) − d/2, divided per head, 0 at distance 0 and falling then flattening "
          "with the distance",
      .params =
          {
              detail::lengthParam("Sequence length L: queries and keys 0..L-1"),
              intParam("dim", 64, 2, 4096,
                       "d, NeMo's hidden_size (even): d/2 frequencies ω_k = 10000^(-2k/d), "
                       "k = 1..d/2",
                       true),
              intParam("heads", 8, 1, 1024, "Number of heads n: head h divides by (h + 1)·8/n"),
              intParam("head", 0, 0, 1023, "Head whose bias is shown (0-based, less than heads)"),
              boolParam("causal", true,
                        "true: decoder, keys after the query masked (NeMo bidirectional = "
                        "false); false: symmetric in i - j"),
          },
  };
}

std::vector<detail::ViewEntry<SandwichParams>> sandwichViews() {
  return {
      {.spec = {.id = "bias",
                .title = "Sandwich bias of one head: (Σₖ cos((i − j)ωₖ) − d/2)/((h + 1)·8/n)",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "bias",
                .signedValues = true,
                .description = "length x length for head `head`, row = query i, column = key "
                               "j: (sum_k cos(|i - j| w_k) - d/2) / ((h + 1) 8 / heads), added "
                               "to the logits; <= 0, 0 on the diagonal, symmetric in i - j; "
                               "masked for j > i when causal (NeMo's tril gives 0 there, which "
                               "the causal mask hides)"},
       .shape = detail::lengthByLength<SandwichParams>,
       .evaluate = sandwichBias,
       .explain = explainBias},
      {.spec = {.id = "curve",
                .title = "Sandwich bias over distance, per head",
                .xLabel = "distance |i − j|",
                .yLabel = "bias",
                .description = "The bias over distances 0..length-1 for every head (up to 8 "
                               "heads; beyond, the chosen head, the first and the last): one "
                               "shape, divided by (h + 1) 8 / heads, so head 0 is the steepest; "
                               "it falls fast over the first distances, then ever more slowly and "
                               "with waves towards -d/2 divided by the head's divisor; sampled "
                               "evenly past 8192 distances"},
       .series = curveSeries},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeSandwichScheme() {
  return detail::makeTableScheme<SandwichParams>(
      {.info = sandwichInfo(),
       .read = checkedParams,
       .validate = checkSandwichParams,
       .views = sandwichViews(),
       // No slips of its own yet (the generic ones apply) and no model mapping.
       .hooks = {}});
}

}  // namespace posenc
