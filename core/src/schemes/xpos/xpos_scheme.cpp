// SPDX-License-Identifier: GPL-3.0-or-later
// The `xpos` scheme: its description, ParamSet -> XposParams, and its views (what each one
// shows, computes and explains), on the maths of xpos.cpp (torchscale's XPOS).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/schemes/xpos/xpos.hpp"
#include "schemes/xpos/xpos_hooks.hpp"

namespace posenc {

namespace {

const MessageTemplate kInvarianceLength{
    "at most %1 for the invariance view at these scale_base and gamma: it forms each q′ and k′, "
    "whose scale ζ₀^(±length/(2 scale_base)) leaves the range of a double beyond that (the "
    "scores view has no limit)",
    "%1: the longest length the invariance view can draw"};

/// Most distances the invariance view draws (sampled evenly beyond).
constexpr Index kInvariancePoints = 2048;

XposParams checkedParams(const ParamSet& params) {
  XposParams p = xposParamsFrom(params);
  checkXposParams(p);
  return p;
}

MatrixShape decayShape(const XposParams& p) { return {p.length, p.dim / 2}; }

std::vector<Term> explainDecay(const XposParams& p, Index row, Index col) {
  const double z = xposZeta(p.dim, p.gamma)(col);
  const double e = static_cast<double>(row) / p.scaleBase;
  return {{"pair j", static_cast<double>(col)},
          {"ζⱼ = (2j + γd)/((1 + γ)d)", z},
          {"distance m − n", static_cast<double>(row)},
          {"exponent (m − n)/scale_base", e},
          {"decay exp((m − n) ln ζⱼ / scale_base)", std::pow(z, e)}};
}

/// Positions, distance, total, the three pairs with the largest |term| and the sum of the
/// others (the parts add up to the total to rounding).
std::vector<Term> explainScore(const XposParams& p, Index m, Index n) {
  const Index r = m - n;
  std::vector<Term> out{{"query position m", static_cast<double>(m)},
                        {"key position n", static_cast<double>(n)},
                        {"distance m − n", static_cast<double>(r)}};
  if (r < 0) {
    out.push_back({"score q′·k′ (masked: key after the query)", kMasked});
    return out;
  }
  const Vector terms = xposPairTerms(p, xposQuery(p), xposKey(p), r);
  out.push_back({"score q′·k′ (total)", terms.sum()});
  std::vector<Index> order(static_cast<std::size_t>(terms.size()));
  std::iota(order.begin(), order.end(), Index{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](Index x, Index y) { return std::fabs(terms(x)) > std::fabs(terms(y)); });
  const std::size_t top = std::min<std::size_t>(3, order.size());
  double rest = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i < top)
      out.push_back(
          {"pair " + std::to_string(order[i]) + " (exp((m − n) ln ζⱼ / scale_base) × RoPE term)",
           terms(order[i])});
    else rest += terms(order[i]);
  }
  if (order.size() > top) out.push_back({"the other pairs together", rest});
  return out;
}

SeriesResult zetaSeries(const XposParams& p) {
  const Vector z = xposZeta(p.dim, p.gamma);
  const double far = static_cast<double>(p.length - 1) / p.scaleBase;
  SeriesResult out;
  Curve zeta{"ζⱼ", {}, CurveStyle::Points};
  Curve decayed{"exp((length − 1) ln ζⱼ / scale_base): the weight at the longest distance", {}};
  for (Index j = 0; j < z.size(); ++j) {
    out.x.push_back(static_cast<double>(j));
    zeta.y.push_back(z(j));
    decayed.y.push_back(std::pow(z(j), far));
  }
  out.curves = {std::move(zeta), std::move(decayed)};
  return out;
}

/// Up to four query positions spread over the sequence, the last one included.
std::vector<Index> invarianceQueries(Index length) {
  std::vector<Index> m;
  for (Index k = 4; k >= 1; --k) {
    const Index at = (length - 1) * k / 4;
    if (m.empty() || m.back() != at) m.push_back(at);
  }
  return m;
}

SeriesResult invarianceSeries(const XposParams& p) {
  const Index maxLength = xposMaxVectorLength(p);
  if (p.length > maxLength)
    throw ParamError("length", std::to_string(p.length),
                     Message(kInvarianceLength, {std::to_string(maxLength)}));
  const Vector q = xposQuery(p);
  const Vector k = xposKey(p);
  const std::vector<Index> at = chartPositions(p.length, kInvariancePoints, {});
  SeriesResult out;
  out.x.assign(at.begin(), at.end());
  int family = 0;
  for (Index m : invarianceQueries(p.length)) {
    const Vector qm = xposApply(p, q, m, false);
    Curve c{"query at m = " + std::to_string(m) + " (centred " +
                std::to_string(m + xposMinPos(p.length)) + ")",
            {}};
    c.family = family++ % 4;
    for (Index r : at) c.y.push_back(r <= m ? qm.dot(xposApply(p, k, m - r, true)) : kMasked);
    out.curves.push_back(std::move(c));
  }
  return out;
}

}  // namespace

XposParams xposParamsFrom(const ParamSet& params) {
  XposParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.base = params.getReal("base");
  p.scaleBase = params.getReal("scale_base");
  p.gamma = params.getReal("gamma");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  return p;
}

// ---- The xpos scheme: description and views ---------------------------------------------

namespace {

SchemeInfo xposInfo() {
  return {
      .id = "xpos",
      .name = "xPos (Sun et al. 2022)",
      .description =
          "RoPE with a per-pair exponential scale: the query pair j is multiplied by "
          "ζⱼ^(m/B), the key pair by ζⱼ^(−n/B), so q′·k′ decays as ζⱼ^((m − n)/B) "
          "(B = scale_base)",
      .params =
          {
              detail::lengthParam("Sequence length L: queries and keys 0..L-1"),
              intParam("dim", 64, 2, 4096, "Head width d (even): d/2 rotation pairs", true),
              realParam("base", 10000.0, 2.0, 1e12,
                        "Rotation frequencies θ_j = base^(-2j/d) (torchscale fixes 10000)"),
              realParam("scale_base", 512.0, 1.0, 1e9,
                        "Distance over which the scale ζ_j is applied once (torchscale "
                        "scale_base, 512)"),
              realParam("gamma", 0.4, 0.01, 100.0,
                        "The 0.4 of ζ_j = (2j + 0.4 d)/(1.4 d): smaller gamma, faster decay "
                        "of the fast pairs"),
              seedParam(),
          },
  };
}

std::vector<detail::ViewEntry<XposParams>> xposViews() {
  return {
      {.spec = {.id = "zeta",
                .title = "xPos scale of each pair: ζⱼ",
                .xLabel = "pair j",
                .yLabel = "ζⱼ",
                .description = "ζ_j = (2j + gamma d)/((1 + gamma) d) for pairs j = 0..d/2-1 "
                               "(torchscale's `scale` buffer), in [gamma/(1+gamma), 1), and "
                               "ζ_j^((length-1)/scale_base), the weight of pair j at the longest "
                               "distance: the fast pairs (small j) decay most"},
       .series = zetaSeries},
      {.spec = {.id = "decay",
                .title = "xPos decay of each pair: exp((m − n) ln ζⱼ / scale_base)",
                .xLabel = "pair j",
                .yLabel = "distance m − n",
                .valueLabel = "exp((m − n) ln ζⱼ / scale_base)",
                .dimensionColumns = true,
                .description = "length x d/2: row = distance m - n >= 0 (key before the "
                               "query), column = pair j; the factor that multiplies pair j's "
                               "RoPE term in q'.k', in (0, 1], 1 at distance 0"},
       .shape = decayShape,
       .evaluate = xposDecay,
       .explain = explainDecay},
      {.spec = {.id = "scores",
                .title = "xPos scores q′·k′ (random q and k)",
                .xLabel = "key position n",
                .yLabel = "query position m",
                .valueLabel = "q′·k′",
                .signedValues = true,
                .randomStandIns = true,
                .description = "length x length, row = query m, column = key n: the raw dot "
                               "product (no 1/sqrt(d)) of q scaled and rotated at m and k "
                               "downscaled and rotated at n, the same random q and k at every "
                               "position; depends on m - n only; masked for n > m (xPos is "
                               "used causally: there the scale would grow, not decay)"},
       .shape = detail::lengthByLength<XposParams>,
       .evaluate = xposScores,
       .explain = explainScore},
      {.spec = {.id = "invariance",
                .title = "Still relative: q′·k′ against m − n at several query positions",
                .xLabel = "distance m − n",
                .yLabel = "q′·k′",
                .randomStandIns = true,
                .description = "q'_m . k'_n formed from the two vectors as torchscale forms "
                               "them (scales at the centred positions t + min_pos), for up to "
                               "four query positions m, against m - n = 0..m: the curves "
                               "coincide, the centring cancels in the product; sampled evenly "
                               "past 2048 distances"},
       .series = invarianceSeries},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeXposScheme() {
  return detail::makeTableScheme<XposParams>(
      {.info = xposInfo(),
       .read = checkedParams,
       .validate = checkXposParams,
       .views = xposViews(),
       // The scale applied in the other direction (xpos_slips.cpp).
       .hooks = {.slips = detail::xposSlips()}});
}

}  // namespace posenc
