// SPDX-License-Identifier: GPL-3.0-or-later
// The `sinusoidal` scheme: its description, ParamSet -> SinusoidalParams, and its views (what
// each one shows, computes and explains), on the maths of sinusoidal.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"
#include "schemes/sinusoidal/sinusoidal_hooks.hpp"

namespace posenc {

namespace {

// Longest shift series; longer sequences are sampled (sampleIndices), since every point
// costs d sines and cosines and the residual is rounding noise with no structure to miss.
constexpr Index kShiftSamples = 65536;

std::string num(double v) {
  char buf[32];
  // From 100 up to a million rounded to a whole number, anything else to 3 significant digits.
  std::snprintf(buf, sizeof buf, v >= 100 && v < 1e6 ? "%.0f" : "%.3g", v);
  return buf;
}

Vector frequencies(const SinusoidalParams& p) {
  return sinusoidalFrequencies(p.dim, p.base, p.layout);
}

std::vector<Term> explainEncoding(const SinusoidalParams& p, Index row, Index col) {
  const Vector w = frequencies(p);
  const auto [i, isSin] = pairOfColumn(col, p.dim, p.layout);
  const double angle = static_cast<double>(row) * w(i);
  return {
      {"position p", static_cast<double>(row)},
      {"dimension k", static_cast<double>(col)},
      {isSin ? "pair i (sine column)" : "pair i (cosine column)", static_cast<double>(i)},
      {"frequency wᵢ (rad per position)", w(i)},
      {"wavelength 2π/wᵢ (positions)", 2.0 * std::numbers::pi / w(i)},
      {"angle p·wᵢ (rad)", angle},
  };
}

// p, q, p - q, then the three largest pair terms cos((p-q) w_i) and the sum of the rest,
// which add up to the cell value.
std::vector<Term> explainSimilarity(const SinusoidalParams& p, Index row, Index col) {
  const Vector w = frequencies(p);
  const Index delta = row - col;
  const Index distance = delta < 0 ? -delta : delta;
  std::vector<std::pair<double, Index>> terms;
  for (Index i = 0; i < w.size(); ++i) terms.emplace_back(sinusoidalPairTerm(w(i), distance), i);
  std::vector<Term> out = {{"position p", static_cast<double>(row)},
                           {"position q", static_cast<double>(col)},
                           {"distance p − q", static_cast<double>(delta)}};
  // All pairs when there are at most 4, else the 3 largest and one line for the rest.
  const auto shownEnd = terms.size() <= 4 ? terms.end() : terms.begin() + 3;
  const auto shown = static_cast<std::size_t>(shownEnd - terms.begin());
  std::partial_sort(terms.begin(), shownEnd, terms.end(), [](const auto& a, const auto& b) {
    return std::fabs(a.first) > std::fabs(b.first) ||
           (std::fabs(a.first) == std::fabs(b.first) && a.second < b.second);
  });
  for (std::size_t t = 0; t < shown; ++t) {
    const std::string i = std::to_string(terms[t].second);
    out.push_back({"pair " + i + ": cos((p − q) w_" + i + ")", terms[t].first});
  }
  if (shown < terms.size()) {
    double rest = 0;
    for (std::size_t t = shown; t < terms.size(); ++t) rest += terms[t].first;
    out.push_back({"other " + std::to_string(terms.size() - shown) + " pairs", rest});
  }
  return out;
}

SeriesResult wavelengthsSeries(const SinusoidalParams& p) {
  SeriesResult out;
  const Vector lambda = sinusoidalWavelengths(p);
  out.x.resize(static_cast<std::size_t>(lambda.size()));
  for (std::size_t i = 0; i < out.x.size(); ++i) out.x[i] = static_cast<double>(i);
  out.curves.push_back({"wavelength 2π/wᵢ", {lambda.begin(), lambda.end()}});
  out.curves.push_back(
      {"sequence length", std::vector<double>(out.x.size(), static_cast<double>(p.length))});
  return out;
}

SeriesResult bandsSeries(const SinusoidalParams& p) {
  SeriesResult out;
  out.x.resize(static_cast<std::size_t>(p.length));
  for (std::size_t x = 0; x < out.x.size(); ++x) out.x[x] = static_cast<double>(x);
  const Vector w = frequencies(p);
  for (const Index i : sinusoidalBandPairs(p)) {
    Curve c;
    c.name = "dim " + std::to_string(sinColumn(i, p.dim, p.layout)) + " (sin, pair " +
             std::to_string(i) + ", λ = " + num(2.0 * std::numbers::pi / w(i)) + ")";
    c.y.resize(out.x.size());
    for (std::size_t x = 0; x < c.y.size(); ++x) c.y[x] = std::sin(out.x[x] * w(i));
    out.curves.push_back(std::move(c));
  }
  return out;
}

SeriesResult shiftSeries(const SinusoidalParams& p) {
  SeriesResult out;
  const std::vector<Index> at = sampleIndices(0, p.length, kShiftSamples);
  out.x.assign(at.begin(), at.end());
  const Vector r = sinusoidalShiftResidual(p, at);
  out.curves.push_back(
      {"‖PE(p+" + std::to_string(p.offset) + ") − M_" + std::to_string(p.offset) + " PE(p)‖₂",
       {r.begin(), r.end()}});
  return out;
}

SeriesResult extrapolationSeries(const SinusoidalParams& p) {
  const Vector w = frequencies(p);
  const Index train = p.trainLength;
  return periodsChart({{"training: positions 0 .. " + std::to_string(train - 1), w, train},
                       {"length: positions 0 .. " + std::to_string(p.length - 1), w, p.length}});
}

}  // namespace

SinusoidalParams sinusoidalParamsFrom(const ParamSet& params) {
  SinusoidalParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.base = params.getReal("base");
  p.layout = sinusoidalLayoutFromId(params.getChoice("layout"));
  p.offset = params.getInt("offset");
  p.bands = params.getInt("bands");
  p.trainLength = params.getInt("train_length");
  return p;
}

// ---- The sinusoidal scheme: description and views ---------------------------------------

namespace {

/// What sinusoidal is: id, name, description and parameters (the views come from
/// sinusoidalViews()).
SchemeInfo sinusoidalInfo() {
  return {
      .id = "sinusoidal",
      .name = "Sinusoidal (Vaswani et al. 2017)",
      .description =
          "Fixed table added to the token embeddings: pair i holds sin(p·wᵢ) and "
          "cos(p·wᵢ), wᵢ = base^(−2i/d)",
      .params =
          {
              detail::lengthParam("Sequence length: positions 0 .. length-1"),
              {.id = "dim",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{128},
               .min = 2,
               .max = 16384,
               .description = "Model width d (even): d/2 sin/cos pairs",
               .even = true},
              {.id = "base",
               .type = ParamType::Real,
               .defaultValue = 10000.0,
               .min = 2,
               .max = 1e12,
               .description = "Base of the frequencies w_i = base^(-2i/d) (the paper uses "
                              "10000)"},
              {.id = "layout",
               .type = ParamType::Choice,
               .defaultValue = std::string{"interleaved"},
               .choices = {"interleaved", "concatenated", "tensor2tensor"},
               .description = "Column order: interleaved = the paper (sin, cos of pair i in "
                              "columns 2i, 2i+1); concatenated = all sines then all cosines "
                              "(Transformer-XL, Marian, GPT-J); tensor2tensor = "
                              "concatenated with w_i = base^(-i/(d/2-1)) (tensor2tensor, "
                              "fairseq)"},
              {.id = "offset",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{1},
               .min = 1,
               .max = kMaxLength,
               .description = "Shift k of the shift view: PE(p+k) = M_k PE(p) with rotations "
                              "by k w_i"},
              {.id = "bands",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{4},
               .min = 1,
               .max = 8,
               .description = "How many sine columns the bands view draws, spread from the "
                              "fastest pair to the slowest"},
              {.id = "train_length",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{512},
               .min = 1,
               .max = kMaxLength,
               .description = "Longest sequence seen in training (the extrapolation view "
                              "compares it with length)"},
          },
      // Compare: the paper's interleaved columns against concatenated ones.
      .companions = {{"layout", "interleaved", {{"layout", "concatenated"}}},
                     {"layout", "", {{"layout", "interleaved"}}}},
      .animation = {.kind = AnimationKind::ClockHands,
                    .lengthParam = "length",
                    .drivers = {"bands"}},
  };
}

/// Every view of sinusoidal, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<SinusoidalParams>> sinusoidalViews() {
  return {
      {.spec = {.id = "encoding",
                .title = "Sinusoidal encoding PE[p, k]",
                .xLabel = "dimension k",
                .yLabel = "position p",
                .valueLabel = "PE[p, k]",
                .signedValues = true,
                .dimensionColumns = true,
                .description = "length x dim table: row = position p, column = dimension k; "
                               "values in [-1, 1]; the layout decides which column holds "
                               "sin(p w_i) or cos(p w_i) of pair i"},
       .shape =
           [](const SinusoidalParams& p) {
             return MatrixShape{p.length, p.dim};
           },
       .evaluate = sinusoidalEncoding,
       .explain = explainEncoding},
      {.spec = {.id = "similarity",
                .title = "Similarity of positions  PE[p] · PE[q] = Σᵢ cos((p − q) wᵢ)",
                .xLabel = "position q",
                .yLabel = "position p",
                .valueLabel = "PE[p] · PE[q]",
                .signedValues = true,
                .description = "length x length dot products of table rows: depends only on "
                               "p - q (constant along diagonals), d/2 on the diagonal, "
                               "values in [-d/2, d/2], symmetric"},
       .shape = detail::lengthByLength<SinusoidalParams>,
       .evaluate = sinusoidalSimilarity,
       .explain = explainSimilarity},
      {.spec = {.id = "wavelengths",
                .title = "Wavelength of each sin/cos pair",
                .xLabel = "pair index i",
                .yLabel = "wavelength 2π/wᵢ (positions)",
                .logY = true,
                .description = "d/2 wavelengths 2π/w_i, from 2π (pair 0) up to about 2π "
                               "base (last pair); pairs below the sequence-length line "
                               "complete a full period inside the sequence"},
       .series = wavelengthsSeries},
      {.spec = {.id = "bands",
                .title = "Sine columns over position",
                .xLabel = "position p",
                .yLabel = "PE[p, k]",
                .description = "PE[p, k] for p = 0 .. length-1 of a few sine columns spread "
                               "from the fastest pair (pair 0, wavelength 2π) to the "
                               "slowest; values in [-1, 1]"},
       .series = bandsSeries},
      {.spec = {.id = "shift",
                .title = "Rounding-level residual  ‖PE(p+k) − Mₖ PE(p)‖₂",
                .xLabel = "position p",
                .yLabel = "residual (rounding only)",
                .description = "For p = 0 .. length-1 and k = offset: PE(p+k) is exactly a "
                               "rotation M_k of PE(p) (sec. 3.5); the residual is "
                               "floating-point rounding, ~1e-16, growing with p (at most "
                               "65536 positions, sampled evenly when length is larger)"},
       .series = shiftSeries},
      {.spec = periodsView(
           "Beyond training: full periods of each pair",
           "For each sin/cos pair i: full periods (L - 1) w_i / 2π over positions 0 .. L-1, "
           "at L = train_length and at L = length. Pairs below the one-period line in "
           "training saw only part of their circle, so positions past train_length give "
           "(sin, cos) values the model never saw; pairs above it only revisit seen values"),
       .series = extrapolationSeries},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeSinusoidalScheme() {
  return detail::makeTableScheme<SinusoidalParams>({.info = sinusoidalInfo(),
                                                    .read = sinusoidalParamsFrom,
                                                    .views = sinusoidalViews(),
                                                    .hooks = {.slips = detail::sinusoidalSlips()}});
}

}  // namespace posenc
