// SPDX-License-Identifier: GPL-3.0-or-later
// The `nope` scheme: its description, ParamSet -> NopeParams, and its views (what each one
// shows, computes and explains), on the maths of nope.cpp.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/base/memory_budget.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/schemes/nope/nope.hpp"

namespace posenc {

namespace {

const MessageTemplate kEntropyRequest{"nope view 'entropy' with %1 keys of width %2",
                                      "%1: the number of keys; %2: their width (dim)"};

/// Most query positions the entropy view draws (sampled evenly beyond).
constexpr Index kEntropyPoints = 512;
// Model-width vectors an attention request holds per row and column: the keys of the whole
// row (the columns are every key) and the queries of the rows, with a margin.
constexpr double kAttentionVectors = 2.0;

detail::RowLength attentionRow(const NopeParams& p) {
  return {"length", std::to_string(p.length), p.length, "length"};
}

/// Most positions the temperature view draws (sampled evenly beyond, its steps kept).
constexpr Index kTemperaturePoints = 4096;
/// Most steps of the scale the temperature view marks exactly (both sides of each).
constexpr Index kTemperatureSteps = 1024;

Matrix maskView(const NopeParams& p, detail::Cells rows, detail::Cells cols) {
  return nopeMask(rows, cols, p.window);
}

/// The readout's lines of the window and the temperature tuning, after the view's own.
void appendLayerTerms(const NopeParams& p, Index row, Index col, std::vector<Term>& out) {
  if (p.temperatureTuning)
    out.push_back(
        {"query scale sᵢ = ln(⌊(i + 1)/floor_scale⌋ + 1)·attn_scale + 1", nopeQueryScale(p, row)});
  for (Term& t : windowTerms(p.window, row, col)) out.push_back(std::move(t));
}

std::vector<Term> explainMask(const NopeParams& p, Index row, Index col) {
  std::vector<Term> out{{"query position i", static_cast<double>(row)},
                        {"key position j", static_cast<double>(col)},
                        {p.window.size > 0 ? "may attend (1: j ≤ i and in the window, 0: masked)"
                                           : "may attend (1: j ≤ i, 0: masked)",
                         nopeAttends(p, row, col) ? 1.0 : 0.0}};
  for (Term& t : windowTerms(p.window, row, col)) out.push_back(std::move(t));
  return out;
}

std::vector<Term> explainAttention(const NopeParams& p, Index row, Index col) {
  const Index r[1] = {row};
  const Vector q = nopeQueries(p, r).row(0).transpose() * nopeQueryScale(p, row);
  const bool windowed = p.window.size > 0;
  const bool tuned = p.temperatureTuning;
  const Index first = windowFirstKey(p.window, row);
  const Index keys = row - first + 1;
  std::vector<Term> out{{"query position i", static_cast<double>(row)},
                        {"key position j", static_cast<double>(col)}};
  if (col > row) {
    out.push_back({"logit qᵢ·kⱼ/√d (masked: key after the query)", kMasked});
    out.push_back({"weight (masked)", kMasked});
  } else if (!nopeAttends(p, row, col)) {
    out.push_back({"logit qᵢ·kⱼ/√d (masked: key outside the window)", kMasked});
    out.push_back({"weight (masked)", kMasked});
  } else {
    // One key at a time: a hovered cell never holds the row's keys at once.
    const double scale = 1.0 / std::sqrt(static_cast<double>(p.dim));
    Vector logits(keys);
    for (Index t = 0; t < keys; ++t) logits(t) = nopeKeyRow(p, first + t).dot(q) * scale;
    const double m = logits.maxCoeff();
    const double sum = (logits.array() - m).exp().sum();
    out.push_back(
        {tuned ? "logit sᵢqᵢ·kⱼ/√d (query scaled)" : "logit qᵢ·kⱼ/√d", logits(col - first)});
    out.push_back({"weight softmaxⱼ", std::exp(logits(col - first) - m) / sum});
  }
  out.push_back(
      {windowed ? "keys in the window" : "keys in the row (i + 1)", static_cast<double>(keys)});
  out.push_back({windowed ? "uniform weight 1/(keys in the window)" : "uniform weight 1/(i + 1)",
                 1.0 / static_cast<double>(keys)});
  appendLayerTerms(p, row, col, out);
  return out;
}

SeriesResult entropySeries(const NopeParams& p) {
  checkRowLength({.id = "entropy", .maxRowLength = kNopeAttentionMaxKeys}, "length",
                 std::to_string(p.length), p.length, "length");
  // The keys of the longest row are held at once (as in the attention view).
  checkMemory(static_cast<double>(p.length) * static_cast<double>(p.dim) * 8.0 * 1.1,
              Message(kEntropyRequest, {std::to_string(p.length), std::to_string(p.dim)}),
              "length");
  const std::vector<Index> at = chartPositions(p.length, kEntropyPoints, {});
  const Matrix q = nopeQueries(p, at);
  const Matrix k = nopeKeys(p, p.length);
  SeriesResult out;
  out.x.assign(at.begin(), at.end());
  Curve h{"entropy of the attention row i", {}};
  Curve uniform{p.window.size > 0 ? "ln(n): uniform attention over the n keys in the window"
                                  : "ln(i + 1): uniform attention over i + 1 keys",
                {}};
  uniform.family = 1;
  for (std::size_t a = 0; a < at.size(); ++a) {
    const Index i = at[a];
    const Index first = windowFirstKey(p.window, i);
    const Vector qi = q.row(static_cast<Index>(a)).transpose() * nopeQueryScale(p, i);
    h.y.push_back(nopeEntropy(nopeRowWeights(qi, k, first, i)));
    uniform.y.push_back(std::log(static_cast<double>(i - first + 1)));
  }
  out.curves = {std::move(h), std::move(uniform)};
  return out;
}

/// Llama 4's query scale over the positions (modeling_llama4.py, Llama4TextAttention.forward),
/// sampled evenly past kTemperaturePoints with both sides of each step kept (up to
/// kTemperatureSteps steps), so the staircase is exact.
SeriesResult temperatureSeries(const NopeParams& p) {
  std::vector<Index> steps;
  const double perStep = p.floorScale;
  if (static_cast<double>(p.length) / perStep <= static_cast<double>(kTemperatureSteps)) {
    // The scale steps up at the first i with floor((i + 1) / floor_scale) = k, k = 1, 2, ...
    for (Index k = 1;; ++k) {
      const double edge = static_cast<double>(k) * perStep - 1;
      if (edge >= static_cast<double>(p.length)) break;
      const auto at = static_cast<Index>(std::ceil(edge));
      steps.push_back(at - 1);
      steps.push_back(at);
    }
  }
  const std::vector<Index> at = chartPositions(p.length, kTemperaturePoints, steps);
  SeriesResult out;
  out.x.assign(at.begin(), at.end());
  Curve c{p.temperatureTuning ? "query scale ln(⌊(i + 1)/floor_scale⌋ + 1)·attn_scale + 1"
                              : "query scale 1 (temperature_tuning off)",
          {},
          CurveStyle::Steps};
  for (const Index i : at) c.y.push_back(nopeQueryScale(p, i));
  out.curves = {std::move(c)};
  return out;
}

}  // namespace

NopeParams nopeParamsFrom(const ParamSet& params) {
  NopeParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.window = attentionWindowFrom(params);
  p.temperatureTuning = params.getBool("temperature_tuning");
  p.floorScale = params.getReal("floor_scale");
  p.attnScale = params.getReal("attn_scale");
  return p;
}

// ---- The nope scheme: description and views ---------------------------------------------

namespace {

/// `spec` left out of picture subtitles at its default.
ParamSpec quiet(ParamSpec spec) {
  spec.quietAtDefault = true;
  return spec;
}

/// `spec` shown in the parameter panel only with temperature_tuning on.
ParamSpec shownWhenTuned(ParamSpec spec) {
  spec.shownWhen = {"temperature_tuning", {"true"}};
  return spec;
}

SchemeInfo nopeInfo() {
  ParamSpec length = detail::lengthParam(
      "Sequence length L: queries and keys 0..L-1 (attention and entropy: at most 65536)");
  length.defaultValue = std::int64_t{64};
  return {
      .id = "nope",
      .name = "NoPE (Kazemnejad et al. 2023)",
      .description =
          "No position encoding at all: a causal decoder whose only position "
          "signal is the mask that hides the keys after each query",
      .params =
          {
              std::move(length),
              intParam("dim", 64, 1, 1024, "Head width d of the random q and k"),
              seedParam(),
              windowParam("Attention window of the layer in tokens, 0 = full causal "
                          "attention: the mask, attention and entropy views mask the keys "
                          "outside it (window_kind says how), as transformers' "
                          "masking_utils.py"),
              windowKindParam(),
              quiet(boolParam("temperature_tuning", false,
                              "Llama 4's attention temperature tuning of its NoPE layers: the "
                              "query of position i is multiplied by ln(floor((i + 1) / "
                              "floor_scale) + 1) attn_scale + 1 (modeling_llama4.py)")),
              shownWhenTuned(quiet(realParam(
                  "floor_scale", 8192.0, 1.0, 1e9,
                  "temperature_tuning: positions per step of the query scale (Llama 4: 8192)"))),
              shownWhenTuned(quiet(realParam(
                  "attn_scale", 0.1, 0.0, 100.0,
                  "temperature_tuning: the query scale grows by attn_scale ln(k + 1) after k "
                  "steps (Llama 4: 0.1)"))),
          },
  };
}

std::vector<detail::ViewEntry<NopeParams>> nopeViews() {
  return {
      {.spec = {.id = "mask",
                .title = "The causal mask: the only position signal",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "may attend (1) / masked (0)",
                .integerValues = true,
                .description = "length x length, row = query i, column = key j: 1 where j <= i "
                               "(the query may attend to the key), 0 where j > i (the logit "
                               "gets -inf); with a window also 0 outside it (sliding: i - j >= "
                               "window; chunked: another chunk), as transformers' "
                               "masking_utils.py; nothing else in NoPE depends on positions"},
       .shape = detail::lengthByLength<NopeParams>,
       .evaluate = maskView,
       .explain = explainMask},
      {.spec = {.id = "attention",
                .title = "Causal attention with no position information: softmaxⱼ(qᵢ·kⱼ/√d)",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "weight",
                .maxRowLength = kNopeAttentionMaxKeys,
                .vectorsPerPosition = kAttentionVectors,
                .randomStandIns = true,
                .description = "length x length, row = query i, column = key j: softmax over "
                               "keys 0..i of q_i.k_j/sqrt(d) with random q and k per position "
                               "(no position in them); masked for j > i and outside the window "
                               "(the softmax renormalised over the keys left); q_i scaled by "
                               "Llama 4's temperature tuning when on; each row sums to 1; "
                               "length at most 65536 (a weight needs its whole row)"},
       .shape = detail::lengthByLength<NopeParams>,
       .evaluate = nopeAttention,
       .explain = explainAttention,
       .rowLength = attentionRow},
      {.spec = {.id = "entropy",
                .title = "Entropy of each attention row against ln(i + 1)",
                .xLabel = "query position i",
                .yLabel = "entropy (nats)",
                .randomStandIns = true,
                .description = "-sum_j a_ij ln a_ij of row i of the attention view (0 for row "
                               "0, which has one key) and ln(i + 1), the entropy of uniform "
                               "attention over the i + 1 visible keys: the mask alone makes the "
                               "spread of a row grow with its position (with a window: ln of "
                               "the keys in it); sampled evenly past 512 rows; length at most "
                               "65536"},
       .series = entropySeries},
      {.spec = {.id = "temperature",
                .title = "Llama 4's attention temperature tuning: the query scale sᵢ",
                .xLabel = "query position i",
                .yLabel = "query scale sᵢ",
                .description = "s_i = ln(floor((i + 1) / floor_scale) + 1) attn_scale + 1 for "
                               "i = 0..length-1 (modeling_llama4.py Llama4TextAttention: "
                               "log1p of the floor), 1 while i + 1 < floor_scale, then a step "
                               "every floor_scale positions; 1 everywhere with "
                               "temperature_tuning off; the attention views multiply q_i by "
                               "it; sampled evenly past 4096 positions, steps kept"},
       .series = temperatureSeries},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeNopeScheme() {
  return detail::makeTableScheme<NopeParams>(
      {.info = nopeInfo(),
       .read = nopeParamsFrom,
       .views = nopeViews(),
       // No slips of its own yet (the generic ones apply) and no model mapping.
       .hooks = {}});
}

}  // namespace posenc
