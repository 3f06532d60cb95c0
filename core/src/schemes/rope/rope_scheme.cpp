// SPDX-License-Identifier: GPL-3.0-or-later
// The `rope` scheme: its description, ParamSet -> RopeParams, and its views (what each one
// shows, computes and explains), on the maths of rope.cpp and rope_scaling.cpp. The views of
// the scalings (scale, cos, sin, extrapolation) are in rope_views.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>
#include <string>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/schemes/rope/rope.hpp"
#include "schemes/rope/rope_hooks.hpp"
#include "schemes/rope/rope_views.hpp"

namespace posenc {

namespace {

constexpr Index kInvarianceMaxDistances = 4096;  // invariance: x = 0..min(length, 4096)-1
constexpr Index kDecayMaxPoints = 65536;         // decay: r = 0..min(length, 65536)-1
constexpr Index kRotationMaxPosition = 2000;     // rotation: m = 0..min(length-1, 2000)
constexpr Index kCirclePoints = 361;             // rotation: circle drawn with 1-degree steps

std::string countText(std::int64_t v) { return std::to_string(v); }

/// Four significant digits, for names shown to people.
std::string shortText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

/// Query positions of the invariance view: m_j = (L-1) - floor(j L / Q), j = 0..Q-1, duplicates
/// (only when Q > L) removed. Decreasing.
std::vector<Index> invarianceQueries(const RopeParams& p) {
  std::vector<Index> ms;
  for (std::int64_t j = 0; j < p.queries; ++j) {
    const Index m = (p.length - 1) - (j * p.length) / p.queries;
    if (ms.empty() || ms.back() != m) ms.push_back(m);
  }
  return ms;
}

SeriesResult frequenciesSeries(const RopeParams& p) {
  const Vector before = ropeFrequencies(ropeRotaryDim(p), p.base);
  const Vector after = ropeScaledFrequencies(p);
  SeriesResult s;
  const std::string how = "after scaling (" + std::string(ropeScalingId(p.scaling)) + ")";
  Curve thetaBefore{"θₖ before scaling", {}}, thetaAfter{"θₖ " + how, {}};
  Curve waveBefore{"wavelength 2π/θₖ before scaling", {}};
  Curve waveAfter{"wavelength 2π/θₖ " + how, {}};
  for (Index k = 0; k < before.size(); ++k) {
    s.x.push_back(static_cast<double>(k));
    thetaBefore.y.push_back(before(k));
    thetaAfter.y.push_back(after(k));
    waveBefore.y.push_back(2.0 * std::numbers::pi / before(k));
    waveAfter.y.push_back(2.0 * std::numbers::pi / after(k));
  }
  s.curves = {thetaBefore, thetaAfter, waveBefore, waveAfter};
  return s;
}

SeriesResult invarianceSeries(const RopeParams& p) {
  const Index count = std::min<Index>(p.length, kInvarianceMaxDistances);
  std::vector<Index> xs(static_cast<std::size_t>(count));
  std::iota(xs.begin(), xs.end(), Index{0});
  const Vector profile = ropeFullProfile(p, xs);
  const std::vector<Index> ms = invarianceQueries(p);
  SeriesResult s;
  s.x.assign(xs.begin(), xs.end());
  for (const Index m : ms) {
    Curve c{"RoPE, m = " + countText(static_cast<std::int64_t>(m)),
            std::vector<double>(static_cast<std::size_t>(count), kMasked)};
    c.group = static_cast<int>(s.curves.size());  // one colour per query position
    c.family = 0;                                 // RoPE: solid
    const Index last = std::min(m, count - 1);    // n = m - x >= 0
    for (Index x = 0; x <= last; ++x) c.y[static_cast<std::size_t>(x)] = profile(x);
    s.curves.push_back(std::move(c));
  }
  for (std::size_t j = 0; j < ms.size(); ++j) {
    const Index m = ms[j];
    Curve c{"absolute sinusoidal, m = " + countText(static_cast<std::int64_t>(m)),
            std::vector<double>(static_cast<std::size_t>(count), kMasked)};
    c.group = static_cast<int>(j);  // the colour of RoPE's curve for the same m
    c.family = 1;                   // absolute sinusoidal: dashed
    const Index last = std::min(m, count - 1);
    std::vector<Index> keys(static_cast<std::size_t>(last + 1));
    for (Index x = 0; x <= last; ++x) keys[static_cast<std::size_t>(x)] = m - x;
    const Vector v = absoluteSinusoidalScores(p, m, keys);
    for (Index x = 0; x <= last; ++x) c.y[static_cast<std::size_t>(x)] = v(x);
    s.curves.push_back(std::move(c));
  }
  return s;
}

SeriesResult decaySeries(const RopeParams& p) {
  const Index count = std::min<Index>(p.length, kDecayMaxPoints);
  const Vector bound = ropeDecayBound(ropeScaledFrequencies(p), count);
  SeriesResult s;
  s.x.resize(static_cast<std::size_t>(count));
  std::iota(s.x.begin(), s.x.end(), 0.0);
  s.curves.push_back({"relative upper bound (1/(d/2)) Σⱼ |Sⱼ|",
                      std::vector<double>(bound.data(), bound.data() + bound.size())});
  return s;
}

SeriesResult rotationSeries(const RopeParams& p) {
  const Vector q = ropeQuery(p);
  const double theta = ropeScaledFrequencies(p)(p.pair);
  const auto [i, j] = ropePairDims(p.pair, ropeRotaryDim(p), p.layout);
  const double a = q(i), b = q(j);
  const Index last = std::min<Index>(p.length - 1, kRotationMaxPosition);
  const auto pathPoints = static_cast<std::size_t>(last + 1);
  SeriesResult s;
  Curve path{"Rₘ(a, b), m = 0.." + countText(static_cast<std::int64_t>(last)) + " (pair " +
                 countText(p.pair) + ": dims " + countText(static_cast<std::int64_t>(i)) + ", " +
                 countText(static_cast<std::int64_t>(j)) + ")",
             {},
             CurveStyle::Points};
  const double radius = std::hypot(a, b);
  Curve circle{"circle of radius |(a, b)| = " + shortText(radius), {}};
  for (Index m = 0; m <= last; ++m) {
    const double angle = static_cast<double>(m) * theta;
    const double c = std::cos(angle), sn = std::sin(angle);
    s.x.push_back(a * c - b * sn);
    path.y.push_back(a * sn + b * c);
  }
  circle.y.assign(pathPoints, kMasked);
  for (Index t = 0; t < kCirclePoints; ++t) {
    const double phi =
        2.0 * std::numbers::pi * static_cast<double>(t) / static_cast<double>(kCirclePoints - 1);
    s.x.push_back(radius * std::cos(phi));
    path.y.push_back(kMasked);
    circle.y.push_back(radius * std::sin(phi));
  }
  s.curves = {path, circle};
  return s;
}

/// Pair k (column), its frequency, the position (row) and the angle of an angles cell.
std::vector<Term> explainAngle(const RopeParams& p, Index row, Index col) {
  const double t = ropeScaledFrequencies(p)(col);
  const double angle = static_cast<double>(row) * t;
  return {{"pair k", static_cast<double>(col)},
          {"θₖ (rad per position, after scaling)", t},
          {"position m", static_cast<double>(row)},
          {"angle mθₖ (rad)", angle},
          {"angle mod 2π (rad)", std::fmod(angle, 2.0 * std::numbers::pi)},
          {"wavelength 2π/θₖ (positions)", 2.0 * std::numbers::pi / t}};
}

/// Total, the three pairs with the largest |term| and the sum of the others (the parts add
/// up to the total to rounding); then, where they apply, the attention factor a (each pair
/// term already holds its a^2) and the dot product of the unrotated dimensions (a part).
std::vector<Term> explainScore(const RopeParams& p, Index m, Index n) {
  const Vector theta = ropeScaledFrequencies(p);
  const Index r = m - n;
  const Index dRot = ropeRotaryDim(p);
  const Vector q = ropeQuery(p), key = ropeKey(p);
  Vector terms = ropePairTerms(q.head(dRot), key.head(dRot), theta, p.layout, r);
  const double a = ropeAttentionFactor(p);
  const double pass = dRot < p.dim ? q.tail(p.dim - dRot).dot(key.tail(p.dim - dRot)) : 0.0;
  double total = terms.sum();  // as ropeFullProfile forms it
  if (a != 1.0) {
    total *= a * a;
    terms *= a * a;
  }
  if (dRot < p.dim) total += pass;
  std::vector<Index> order(static_cast<std::size_t>(terms.size()));
  std::iota(order.begin(), order.end(), Index{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](Index x, Index y) { return std::fabs(terms(x)) > std::fabs(terms(y)); });
  std::vector<Term> out{{"query position m", static_cast<double>(m)},
                        {"key position n", static_cast<double>(n)},
                        {"distance m − n", static_cast<double>(r)},
                        {"score ⟨Rₘq, Rₙk⟩ (total)", total}};
  const std::size_t top = std::min<std::size_t>(3, order.size());
  double rest = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Index k = order[i];
    if (i < top) {
      out.push_back({"pair " + countText(static_cast<std::int64_t>(k)) +
                         " (θₖ = " + shortText(theta(k)) + ")",
                     terms(k)});
    } else {
      rest += terms(k);
    }
  }
  if (order.size() > top) {
    out.push_back(
        {"other " + countText(static_cast<std::int64_t>(order.size() - top)) + " pairs", rest});
  }
  if (a != 1.0) out.push_back({"attention factor a (pair terms hold a²)", a});
  if (dRot < p.dim)
    out.push_back({"unrotated dims " + countText(static_cast<std::int64_t>(dRot)) + ".." +
                       countText(p.dim - 1) + ": q·k",
                   pass});
  // The window's mask hides the cell after its terms are summed: the parts stay readable.
  for (Term& t : windowTerms(p.window, m, n)) out.push_back(std::move(t));
  return out;
}

/// The parameters every view works on, checked (a hand-built ParamSet included).
RopeParams checkedParams(const ParamSet& params) {
  RopeParams p = ropeParamsFrom(params);
  checkRopeParams(p);
  return p;
}

}  // namespace

RopeParams ropeParamsFrom(const ParamSet& params) {
  RopeParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.base = params.getReal("base");
  const std::string& layout = params.getChoice("layout");
  if (layout == "half") {
    p.layout = RopeLayout::Half;
  } else if (layout == "interleaved") {
    p.layout = RopeLayout::Interleaved;
  } else {
    throw ParamError("layout", layout,
                     Message(allowed::kOneOf, {MessageArg::list({"half", "interleaved"})}));
  }
  const std::string& scaling = params.getChoice("scaling");
  if (scaling == "none") {
    p.scaling = RopeScaling::None;
  } else if (scaling == "linear") {
    p.scaling = RopeScaling::Linear;
  } else if (scaling == "ntk") {
    p.scaling = RopeScaling::Ntk;
  } else if (scaling == "dynamic") {
    p.scaling = RopeScaling::Dynamic;
  } else if (scaling == "yarn") {
    p.scaling = RopeScaling::Yarn;
  } else if (scaling == "llama3") {
    p.scaling = RopeScaling::Llama3;
  } else if (scaling == "longrope") {
    p.scaling = RopeScaling::LongRope;
  } else {
    throw ParamError("scaling", scaling,
                     Message(allowed::kOneOf, {MessageArg::list({"none", "linear", "ntk", "dynamic",
                                                                 "yarn", "llama3", "longrope"})}));
  }
  p.factor = params.getReal("factor");
  p.trainLength = params.getInt("train_length");
  p.lowFreqFactor = params.getReal("low_freq_factor");
  p.highFreqFactor = params.getReal("high_freq_factor");
  p.betaFast = params.getReal("beta_fast");
  p.betaSlow = params.getReal("beta_slow");
  p.truncate = params.getBool("truncate");
  p.attentionFactor = params.getReal("attention_factor");
  p.mscale = params.getReal("mscale");
  p.mscaleAllDim = params.getReal("mscale_all_dim");
  p.shortFactor = params.getList("short_factor");
  p.longFactor = params.getList("long_factor");
  p.partialRotaryFactor = params.getReal("partial_rotary_factor");
  const std::string& partial = params.getChoice("partial_rotary");
  if (partial != "plain" && partial != "proportional")
    throw ParamError("partial_rotary", partial,
                     Message(allowed::kOneOf, {MessageArg::list({"plain", "proportional"})}));
  p.proportional = partial == "proportional";
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.pair = params.getInt("pair");
  p.queries = params.getInt("queries");
  p.window = attentionWindowFrom(params);
  return p;
}

// ---- The rope scheme: description and views --------------------------------------------

namespace {

/// `spec` marked quiet: left out of picture subtitles at its default (a scaling's knob).
ParamSpec quiet(ParamSpec spec) {
  spec.quietAtDefault = true;
  return spec;
}

/// `spec` shown in the parameter panel only under these scalings (ParamSpec::shownWhen).
ParamSpec forScalings(ParamSpec spec, std::vector<std::string> scalings) {
  spec.shownWhen = {"scaling", std::move(scalings)};
  return spec;
}

/// A real parameter above 0 (exclusive) and at most `max`.
ParamSpec openReal(std::string id, double def, double max, std::string description) {
  ParamSpec s = realParam(std::move(id), def, 0.0, max, std::move(description));
  s.openMin = true;
  return s;
}

/// What rope is: id, name, description and parameters (the views come from ropeViews()).
SchemeInfo ropeInfo() {
  return {
      .id = "rope",
      .name = "RoPE (Su et al. 2021, RoFormer)",
      .description =
          "Rotary position embedding: each pair of dimensions of q and k is rotated by "
          "mθₖ; the score ⟨Rₘq, Rₙk⟩ depends only on m − n",
      .params =
          {
              detail::lengthParam("Sequence length: positions 0..length-1"),
              {.id = "dim",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{64},
               .min = 2,
               .max = 4096,
               .description = "Head width d (even): d/2 rotation pairs",
               .even = true},
              {.id = "base",
               .type = ParamType::Real,
               .defaultValue = 10000.0,
               .min = 2.0,
               .max = 1e12,
               .description = "Base of the frequencies theta_k = base^(-2k/d)"},
              {.id = "layout",
               .type = ParamType::Choice,
               .defaultValue = std::string{"half"},
               .choices = {"half", "interleaved"},
               .description = "Pairing: half = LLaMA/NeoX rotate_half (k, k + d/2); "
                              "interleaved = RoFormer/GPT-J rotate_every_two (2k, 2k + 1)"},
              quiet(ParamSpec{
                  .id = "partial_rotary",
                  .type = ParamType::Choice,
                  .defaultValue = std::string{"plain"},
                  .choices = {"plain", "proportional"},
                  .description =
                      "How a partial_rotary_factor below 1 is built: plain = the first d_rot "
                      "dims rotate, theta_k = base^(-2k/d_rot); proportional (Gemma 4's full "
                      "layers) = theta_k = base^(-2k/dim) for k < int(f dim / 2), the other "
                      "pairs at frequency 0 (cos 1)"}),
              {.id = "scaling",
               .type = ParamType::Choice,
               .defaultValue = std::string{"none"},
               .choices = {"none", "linear", "ntk", "dynamic", "yarn", "llama3", "longrope"},
               .description = "Context extension: linear theta_k / s; ntk base "
                              "s^(d/(d-2)); dynamic (HF) base (s L / L_train - (s - "
                              "1))^(d/(d-2)), L = max(length, L_train); yarn, llama3 and "
                              "longrope as Hugging Face transformers computes them"},
              {.id = "factor",
               .type = ParamType::Real,
               .defaultValue = 1.0,
               .min = 1.0,
               .max = 1024.0,
               .description = "Scaling factor s (at least 1); longrope uses it only for its "
                              "attention factor"},
              {.id = "train_length",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{2048},
               .min = 1,
               .max = kMaxLength,
               .description = "Trained context length L_train (HF "
                              "original_max_position_embeddings) of dynamic, yarn, llama3 "
                              "and longrope"},
              forScalings(
                  quiet(openReal(
                      "low_freq_factor", 1.0, 1e6,
                      "llama3: pairs whose wavelength exceeds L_train / low_freq_factor are "
                      "divided by s (at most high_freq_factor)")),
                  {"llama3"}),
              forScalings(quiet(openReal(
                              "high_freq_factor", 4.0, 1e6,
                              "llama3: pairs whose wavelength is below L_train / high_freq_factor "
                              "are kept; a smooth blend between the two")),
                          {"llama3"}),
              forScalings(quiet(openReal(
                              "beta_fast", 32.0, 1e6,
                              "yarn: pairs turning more than beta_fast times over L_train are kept "
                              "(at least beta_slow)")),
                          {"yarn"}),
              forScalings(
                  quiet(openReal("beta_slow", 1.0, 1e6,
                                 "yarn: pairs turning fewer than beta_slow times over L_train are "
                                 "divided by s; a linear ramp between")),
                  {"yarn"}),
              forScalings(
                  quiet(boolParam("truncate", true,
                                  "yarn: floor and ceil the correction range as HF does (false: "
                                  "unrounded, as gpt-oss and keras_hub)")),
                  {"yarn"}),
              quiet(realParam("attention_factor", 0.0, 0.0, 100.0,
                              "Multiplies the cos and sin caches (so q and k): 0 = the scaling's "
                              "own rule (yarn 0.1 ln s + 1 or the mscale ratio, longrope sqrt(1 + "
                              "ln s / ln L_train), 1 otherwise)")),
              forScalings(quiet(realParam(
                              "mscale", 0.0, 0.0, 100.0,
                              "yarn (DeepSeek): with mscale_all_dim, attention factor (0.1 mscale "
                              "ln s + 1) / (0.1 mscale_all_dim ln s + 1); 0 = not given")),
                          {"yarn"}),
              forScalings(
                  quiet(realParam("mscale_all_dim", 0.0, 0.0, 100.0,
                                  "yarn (DeepSeek): the denominator's mscale (see mscale); 0 = not "
                                  "given")),
                  {"yarn"}),
              forScalings(quiet(listParam(
                              "short_factor", 0.0, 1e6, 2048,
                              "longrope: d_rot/2 factors dividing theta_k while length <= L_train "
                              "(Phi-3's short_factor)")),
                          {"longrope"}),
              forScalings(quiet(listParam(
                              "long_factor", 0.0, 1e6, 2048,
                              "longrope: d_rot/2 factors dividing theta_k when length > L_train "
                              "(Phi-3's long_factor)")),
                          {"longrope"}),
              quiet(openReal("partial_rotary_factor", 1.0, 1.0,
                             "Share of dim that rotates: the first d_rot = int(dim f) dims (even, "
                             "at least 2); the rest pass unrotated (GPT-NeoX: 0.25)")),
              windowParam("Attention window of the layer in tokens, 0 = none: the scores "
                          "view then masks what a causal decoder layer with this window does "
                          "not attend (j > i and outside the window; window_kind says how), as "
                          "transformers' masking_utils.py"),
              windowKindParam(),
              seedParam(),
              {.id = "pair",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{0},
               .min = 0,
               .max = 2047,
               .description = "Rotation pair k followed by the rotation view (< d_rot/2)"},
              {.id = "queries",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{4},
               .min = 1,
               .max = 8,
               .description = "Query positions compared in the invariance view"},
          },
      // Compare: scaled against unscaled (none -> linear interpolation by 4).
      .companions = {{"scaling", "none", {{"scaling", "linear"}, {"factor", "4"}}},
                     {"scaling", "", {{"scaling", "none"}}}},
      .animation = {.kind = AnimationKind::RotatingPair,
                    .lengthParam = "length",
                    .drivers = {"pair"},
                    .usesGap = true,
                    .offered = true},
  };
}

/// Every view of rope, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<RopeParams>> ropeViews() {
  std::vector<detail::ViewEntry<RopeParams>> views = {
      {.spec = {.id = "angles",
                .title = "Rotation angles mθₖ",
                .xLabel = "pair index k",
                .yLabel = "position m",
                .valueLabel = "angle mθₖ (rad)",
                .dimensionColumns = true,
                .description =
                    "length x d_rot/2: angle m theta_k (after scaling) in radians by which "
                    "pair k is rotated at position m; rows m, columns k; >= 0, not "
                    "reduced mod 2 pi"},
       .shape =
           [](const RopeParams& p) {
             return MatrixShape{p.length, ropeRotaryDim(p) / 2};
           },
       .evaluate = ropeAngles,
       .explain = explainAngle},
      {.spec = {.id = "frequencies",
                .title = "Frequencies θₖ and wavelengths 2π/θₖ",
                .xLabel = "pair index k",
                .yLabel = "θₖ (rad per position) / wavelength (positions)",
                .logY = true,
                .description =
                    "Over pair index k = 0..d/2-1: theta_k = base^(-2k/d) and wavelength "
                    "2 pi / theta_k, before and after scaling (log scale)"},
       .series = frequenciesSeries},
      {.spec = {.id = "scores",
                .title = "RoPE scores ⟨Rₘq, Rₙk⟩",
                .xLabel = "key position n",
                .yLabel = "query position m",
                .valueLabel = "score ⟨Rₘq, Rₙk⟩",
                .signedValues = true,
                .randomStandIns = true,
                .description =
                    "length x length: raw dot product <R_m q, R_n k> (no 1/sqrt(d)) of "
                    "one fixed random q and k rotated to query position m (row) and key "
                    "position n (column); signed; constant along diagonals (depends only "
                    "on m - n); every (m, n) without a window; with window > 0 the cells the "
                    "layer does not attend are masked: n > m (a window's mask is causal, as in "
                    "transformers) and n outside the window (sliding: m - n >= window; "
                    "chunked: another chunk)"},
       .shape = detail::lengthByLength<RopeParams>,
       .evaluate = ropeScores,
       .explain = explainScore},
      {.spec = {.id = "invariance",
                .title = "Relative property: RoPE vs absolute sinusoidal",
                .xLabel = "relative distance x = m − n",
                .yLabel = "score (raw dot product)",
                .randomStandIns = true,
                .description =
                    "For `queries` query positions m: RoPE score(m, m - x), whose curves "
                    "coincide, and (q + PE_m) . (k + PE_n) with the interleaved sinusoidal "
                    "table, whose curves do not; x = 0..min(length, 4096)-1 (keys at or "
                    "before the query), gaps where n < 0"},
       .series = invarianceSeries},
      {.spec = {.id = "decay",
                .title = "Long-term decay bound (RoFormer sec. 3.4.3)",
                .xLabel = "relative distance r = m − n",
                .yLabel = "(1/(d/2)) Σⱼ |Sⱼ|",
                .description = "(1/(d/2)) sum_{j=1..d/2} |S_j|, S_j = sum_{k<j} e^{i r theta_k} "
                               "(scaled theta), for r = 0..min(length, 65536)-1; starts at (d/2 + "
                               "1)/2; decays, but not monotonically"},
       .series = decaySeries},
      {.spec = {.id = "rotation",
                .title = "Rotation of one pair of q as the position grows",
                .xLabel = "first component a' = a cos(mθₖ) − b sin(mθₖ)",
                .yLabel = "second component b' = a sin(mθₖ) + b cos(mθₖ)",
                .parametric = true,
                .randomStandIns = true,
                .description =
                    "Path of pair `pair` (a, b) of q rotated to m = 0..min(length-1, 2000) "
                    "(half: dims k, k + d/2; interleaved: 2k, 2k + 1), on the circle of "
                    "radius |(a, b)|: norm preserved"},
       .series = rotationSeries},
      detail::ropeExtrapolationView(),
  };
  for (auto& e : detail::ropeScalingViews()) views.push_back(std::move(e));
  return views;
}

}  // namespace

std::unique_ptr<Scheme> makeRopeScheme() {
  return detail::makeTableScheme<RopeParams>(
      {.info = ropeInfo(),
       .read = checkedParams,
       .validate = checkRopeParams,
       .views = ropeViews(),
       .hooks = {.slips = detail::ropeSlips(), .model = detail::ropeModel()}});
}

}  // namespace posenc
