// SPDX-License-Identifier: GPL-3.0-or-later
// The `kerple` scheme: its description, ParamSet -> KerpleParams, the cross-checks, and its
// views (what each one shows, computes and explains), on the maths of kerple.cpp.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/schemes/alibi/alibi.hpp"
#include "posenc/schemes/kerple/kerple.hpp"
#include "schemes/kerple/kerple_hooks.hpp"

namespace posenc {

namespace {

KerpleParams checkedParams(const ParamSet& params) {
  KerpleParams p = kerpleParamsFrom(params);
  checkKerpleParams(p);
  return p;
}

std::vector<Term> explainBias(const KerpleParams& p, Index row, Index col) {
  const Index d = row - col;
  const bool log = p.variant == KerpleVariant::Log;
  std::vector<Term> out{{"distance i − j", static_cast<double>(d)}};
  if (log) {
    out.push_back({"r₁ (scale)", p.r1});
    out.push_back({"r₂ (distance factor)", p.r2});
    out.push_back(
        {"log(1 + r₂(i − j))", d < 0 ? kMasked : std::log1p(p.r2 * static_cast<double>(d))});
  } else {
    out.push_back({"a (scale)", p.a});
    out.push_back({"p (exponent)", p.p});
    out.push_back({"(i − j)^p", d < 0 ? kMasked : std::pow(static_cast<double>(d), p.p)});
  }
  out.push_back({log ? "bias −r₁ log(1 + r₂(i − j))" : "bias −a(i − j)^p",
                 d < 0 ? kMasked : kerpleBias(p, d)});
  out.push_back({"masked (1: key after the query)", d < 0 ? 1.0 : 0.0});
  return out;
}

SeriesResult curveSeries(const KerpleParams& p) {
  const std::vector<Index> at = chartPositions(p.length, kExtrapolationPoints, {});
  const double slope = alibiSlopes(p.heads)(p.head);
  const std::string h = "head " + std::to_string(p.head) + ", ";
  Curve logCurve{h + "log: −r₁ log(1 + r₂ d)", {}};
  Curve powerCurve{h + "power: −a dᵖ", {}};
  Curve alibi{"ALiBi slope of head " + std::to_string(p.head) + " of " + std::to_string(p.heads) +
                  ": −mₕ d (power kernel, p = 1)",
              {}};
  logCurve.family = 0;
  powerCurve.family = 1;
  alibi.family = 2;
  SeriesResult out;
  out.x.assign(at.begin(), at.end());
  for (Index d : at) {
    const auto x = static_cast<double>(d);
    logCurve.y.push_back(kerpleLogBias(p.r1, p.r2, x));
    powerCurve.y.push_back(kerplePowerBias(p.a, p.p, x));
    alibi.y.push_back(d == 0 ? 0.0 : -slope * x);
  }
  if (p.variant == KerpleVariant::Log)
    out.curves = {std::move(logCurve), std::move(powerCurve), std::move(alibi)};
  else out.curves = {std::move(powerCurve), std::move(logCurve), std::move(alibi)};
  return out;
}

}  // namespace

KerpleParams kerpleParamsFrom(const ParamSet& params) {
  KerpleParams p;
  p.length = params.getInt("length");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.variant = kerpleVariantFromId(params.getChoice("variant"));
  p.r1 = params.getReal("r1");
  p.r2 = params.getReal("r2");
  p.a = params.getReal("a");
  p.p = params.getReal("p");
  return p;
}

// ---- The kerple scheme: description and views -------------------------------------------

namespace {

SchemeInfo kerpleInfo() {
  return {
      .id = "kerple",
      .name = "KERPLE (Chi et al. 2022)",
      .description =
          "A learned kernel of the distance added to the causal attention logits: "
          "log −r₁ log(1 + r₂|i − j|) or power −a|i − j|^p, per head",
      .params =
          {
              detail::lengthParam("Sequence length L: queries and keys 0..L-1"),
              intParam("heads", 8, 1, 1024,
                       "Number of attention heads (sets the ALiBi slope the curve view "
                       "compares with)"),
              intParam("head", 0, 0, 1023,
                       "Head shown (less than heads): r1, r2, a and p are this head's learned "
                       "values"),
              choiceParam("variant", "log", {"log", "power"},
                          "log: -r1 log(1 + r2 |i - j|) (the paper's best); power: -a |i - j|^p"),
              realParam("r1", 1.0, 0.01, 1000.0,
                        "Log kernel scale r1 > 0 (the code's bias_p, clamped to >= 0.01)"),
              realParam("r2", 1.0, 0.01, 1000.0,
                        "Log kernel distance factor r2 > 0 (the code's bias_a, clamped to >= "
                        "0.01)"),
              realParam("a", 1.0, 0.01, 1000.0,
                        "Power kernel scale a > 0 (the code's bias_a, clamped to >= 0.01)"),
              realParam("p", 0.5, 0.01, 2.0,
                        "Power kernel exponent 0 < p <= 2 (the code's bias_p, clamped to "
                        "[0.01, 2]); p = 1 with a = the ALiBi slope is ALiBi"),
          },
  };
}

std::vector<detail::ViewEntry<KerpleParams>> kerpleViews() {
  return {
      {.spec = {.id = "bias",
                .title = "KERPLE bias of one head",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "bias",
                .signedValues = true,
                .description = "length x length, row = query i, column = key j: -r1 log(1 + "
                               "r2 (i - j)) (log) or -a (i - j)^p (power) for j <= i, added to "
                               "the logits unscaled; <= 0, 0 on the diagonal; masked for j > i "
                               "(the code's tril gives 0 there, which the causal mask hides)"},
       .shape = detail::lengthByLength<KerpleParams>,
       .evaluate = kerpleBiasMatrix,
       .explain = explainBias},
      {.spec = {.id = "curve",
                .title = "KERPLE bias over distance: log, power and ALiBi",
                .xLabel = "distance d = i − j",
                .yLabel = "bias",
                .description = "The bias of head `head` over distances 0..length-1 with both "
                               "kernels at the given parameters (the chosen variant first), "
                               "and ALiBi's -m_h d for the same head, which is the power kernel "
                               "with p = 1 and a fixed slope; sampled evenly past 8192 "
                               "distances"},
       .series = curveSeries},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeKerpleScheme() {
  return detail::makeTableScheme<KerpleParams>(
      {.info = kerpleInfo(),
       .read = checkedParams,
       .validate = checkKerpleParams,
       .views = kerpleViews(),
       // The two numbers of a kernel swapped (kerple_slips.cpp).
       .hooks = {.slips = detail::kerpleSlips()}});
}

}  // namespace posenc
