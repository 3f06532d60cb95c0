// SPDX-License-Identifier: GPL-3.0-or-later
// The `rope` views of the scalings: scale (theta'_k / theta_k per pair with the llama3 band
// edges or the YaRN correction range), cos and sin (the caches HF's rotary embedding returns),
// and the extrapolation chart comparing every scaling. Maths in rope_scaling.cpp.
#include "schemes/rope/rope_views.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "compute/bulk_math.hpp"
#include "posenc/maths/extrapolation.hpp"

namespace posenc::detail {

namespace {

/// Four significant digits, for names shown to people.
std::string shortText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string text(Index v) { return std::to_string(v); }

/// The frequencies of `p` under another scaling.
Vector scaledWith(const RopeParams& p, RopeScaling scaling) {
  RopeParams q = p;
  q.scaling = scaling;
  return ropeScaledFrequencies(q);
}

/// Periods chart: training (unscaled, train_length), then length with each scaling.
SeriesResult extrapolationSeries(const RopeParams& p) {
  const std::string s = shortText(p.factor);
  const std::string len = "length " + std::to_string(p.length);
  std::vector<PeriodsLine> lines = {
      {"training: " + std::to_string(p.trainLength) + " positions, no scaling",
       scaledWith(p, RopeScaling::None), p.trainLength},
      {len + ", no scaling", scaledWith(p, RopeScaling::None), p.length},
      {len + ", linear s = " + s, scaledWith(p, RopeScaling::Linear), p.length}};
  if (ropeRotaryDim(p) >= 4) {  // NTK and dynamic need d > 2 (exponent d / (d - 2))
    lines.push_back({len + ", NTK s = " + s, scaledWith(p, RopeScaling::Ntk), p.length});
    lines.push_back({len + ", dynamic s = " + s, scaledWith(p, RopeScaling::Dynamic), p.length});
  }
  lines.push_back({len + ", YaRN s = " + s, scaledWith(p, RopeScaling::Yarn), p.length});
  lines.push_back({len + ", Llama 3.1 s = " + s, scaledWith(p, RopeScaling::Llama3), p.length});
  if (!p.shortFactor.empty() && !p.longFactor.empty()) {
    lines.push_back(
        {len + (ropeUsesLongFactor(p) ? ", LongRoPE long_factor" : ", LongRoPE short_factor"),
         scaledWith(p, RopeScaling::LongRope), p.length});
  }
  return periodsChart(lines);
}

/// A constant curve over every pair (a threshold drawn as a horizontal line).
Curve level(std::string name, double y, std::size_t count) {
  return {std::move(name), std::vector<double>(count, y)};
}

/// Scale view: theta'_k / theta_k, the wavelengths before and after, the training length and,
/// for llama3 and yarn, the wavelength thresholds of their bands (YaRN's correction range is
/// the pairs whose wavelength lies between L / beta_fast and L / beta_slow, rounded).
SeriesResult scaleSeries(const RopeParams& p) {
  const Vector before = ropeFrequencies(ropeRotaryDim(p), p.base);
  const Vector after = ropeScaledFrequencies(p);
  const auto n = static_cast<std::size_t>(before.size());
  const std::string id(ropeScalingId(p.scaling));
  SeriesResult s;
  Curve ratio{"θ'ₖ / θₖ (scaling " + id + ")", {}};
  Curve waveBefore{"wavelength 2π/θₖ before scaling", {}};
  Curve waveAfter{"wavelength 2π/θ'ₖ after scaling (" + id + ")", {}};
  for (Index k = 0; k < before.size(); ++k) {
    s.x.push_back(static_cast<double>(k));
    ratio.y.push_back(after(k) / before(k));
    waveBefore.y.push_back(2.0 * std::numbers::pi / before(k));
    waveAfter.y.push_back(2.0 * std::numbers::pi / after(k));
  }
  s.curves = {ratio, waveBefore, waveAfter};
  const auto L = static_cast<double>(p.trainLength);
  s.curves.push_back(
      level("train_length L = " + text(p.trainLength) + " (one turn in training)", L, n));
  if (p.scaling == RopeScaling::Llama3) {
    s.curves.push_back(level("L / high_freq_factor = " + shortText(L / p.highFreqFactor) +
                                 ": shorter wavelengths kept",
                             L / p.highFreqFactor, n));
    s.curves.push_back(level("L / low_freq_factor = " + shortText(L / p.lowFreqFactor) +
                                 ": longer wavelengths divided by s",
                             L / p.lowFreqFactor, n));
  } else if (p.scaling == RopeScaling::Yarn) {
    const RopeRange r = ropeYarnRange(p);
    s.curves.push_back(
        level("L / beta_fast = " + shortText(L / p.betaFast) + ": pairs turning more often kept",
              L / p.betaFast, n));
    s.curves.push_back(level("L / beta_slow = " + shortText(L / p.betaSlow) +
                                 ": pairs turning less often divided by s",
                             L / p.betaSlow, n));
    Curve ramp{"YaRN ramp: correction range low = " + shortText(r.low) +
                   " to high = " + shortText(r.high),
               std::vector<double>(n, kMasked), CurveStyle::Points};
    for (std::size_t k = 0; k < n; ++k)
      if (static_cast<double>(k) >= r.low && static_cast<double>(k) <= r.high)
        ramp.y[k] = s.curves[0].y[k];
    s.curves.push_back(std::move(ramp));
  }
  return s;
}

/// Position, column, pair, frequency, angle, attention factor and the unscaled cos or sin of a
/// cache cell; the cell is the attention factor times the last term.
std::vector<Term> explainCache(const RopeParams& p, Index row, Index col, bool sine) {
  const Vector theta = ropeScaledFrequencies(p);
  const Index pair = p.layout == RopeLayout::Half ? col % theta.size() : col / 2;
  const double t = theta(pair);
  const double angle = static_cast<double>(row) * t;
  return {{"position m", static_cast<double>(row)},
          {"pair j of column c", static_cast<double>(pair)},
          {"θⱼ (rad per position, after scaling)", t},
          {"angle mθⱼ (rad)", angle},
          {"attention factor a", ropeAttentionFactor(p)},
          {sine ? "sin(mθⱼ)" : "cos(mθⱼ)", detail::cosOrSin(angle, sine)}};  // as ropeCache
}

MatrixShape cacheShape(const RopeParams& p) { return {p.length, ropeRotaryDim(p)}; }

ViewEntry<RopeParams> cacheView(bool sine) {
  const std::string f = sine ? "sin" : "cos";
  ViewEntry<RopeParams> e;
  e.spec = {.id = f,
            .title = sine ? "sin cache a · sin(mθⱼ) (HF rotary embedding)"
                          : "cos cache a · cos(mθⱼ) (HF rotary embedding)",
            .xLabel = "column c (rotated dimension)",
            .yLabel = "position m",
            .valueLabel = sine ? "a · sin(mθⱼ)" : "a · cos(mθⱼ)",
            .signedValues = true,
            .dimensionColumns = true,
            .description =
                sine ? "length x d_rot: the sin cache as HF's rotary embedding returns it: "
                       "a sin(m theta_j), a the attention factor; half layout: j = c mod "
                       "d_rot/2 (emb = cat(freqs, freqs)); interleaved: j = c / 2 (each "
                       "theta twice, adjacent); row 0 is 0"
                     : "length x d_rot: the cos cache as HF's rotary embedding returns it: "
                       "a cos(m theta_j), a the attention factor; half layout: j = c mod "
                       "d_rot/2 (emb = cat(freqs, freqs)); interleaved: j = c / 2 (each "
                       "theta twice, adjacent); row 0 holds a"};
  e.shape = cacheShape;
  if (sine) {
    e.evaluate = [](const RopeParams& p, Cells rows, Cells cols) {
      return ropeCache(p, rows, cols, true);
    };
    e.explain = [](const RopeParams& p, Index row, Index col) {
      return explainCache(p, row, col, true);
    };
  } else {
    e.evaluate = [](const RopeParams& p, Cells rows, Cells cols) {
      return ropeCache(p, rows, cols, false);
    };
    e.explain = [](const RopeParams& p, Index row, Index col) {
      return explainCache(p, row, col, false);
    };
  }
  return e;
}

}  // namespace

ViewEntry<RopeParams> ropeExtrapolationView() {
  return {.spec = periodsView(
              "Beyond training: full periods of each rotation pair",
              "For each pair k: full turns (L - 1) theta_k / 2π of the rotation over "
              "positions 0 .. L-1: in training (L = train_length, unscaled theta), and at L = "
              "length without scaling and with linear, NTK, dynamic, YaRN and Llama 3.1 "
              "scaling by `factor` (and LongRoPE when its lists are given). Pairs under the "
              "one-period line in training never completed a turn, so longer contexts rotate "
              "them to angles never seen; scaling pulls the length curves back down under the "
              "training curve (linear exactly by 1/s, the others mostly for the slow pairs)"),
          .series = extrapolationSeries};
}

std::vector<ViewEntry<RopeParams>> ropeScalingViews() {
  ViewEntry<RopeParams> scale;
  scale.spec = {.id = "scale",
                .title = "Scaling per pair θ'ₖ / θₖ and the bands",
                .xLabel = "pair index k",
                .yLabel = "θ'ₖ / θₖ / wavelength (positions)",
                .logY = true,
                .description =
                    "Over pair index k = 0..d_rot/2-1: theta'_k / theta_k (1 = kept, 1/s = "
                    "interpolated), the wavelengths 2 pi / theta before and after scaling, "
                    "train_length, and the band edges: llama3 L / high_freq_factor and L / "
                    "low_freq_factor, YaRN L / beta_fast and L / beta_slow with the ramp pairs "
                    "(log scale)"};
  scale.series = scaleSeries;
  return {scale, cacheView(false), cacheView(true)};
}

}  // namespace posenc::detail
