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

Matrix maskView(const NopeParams&, detail::Cells rows, detail::Cells cols) {
  return nopeMask(rows, cols);
}

std::vector<Term> explainMask(const NopeParams&, Index row, Index col) {
  return {{"query position i", static_cast<double>(row)},
          {"key position j", static_cast<double>(col)},
          {"may attend (1: j ≤ i, 0: masked)", col <= row ? 1.0 : 0.0}};
}

std::vector<Term> explainAttention(const NopeParams& p, Index row, Index col) {
  const Index r[1] = {row};
  const Vector q = nopeQueries(p, r).row(0).transpose();
  std::vector<Term> out{{"query position i", static_cast<double>(row)},
                        {"key position j", static_cast<double>(col)}};
  if (col > row) {
    out.push_back({"logit qᵢ·kⱼ/√d (masked: key after the query)", kMasked});
    out.push_back({"weight (masked)", kMasked});
  } else {
    // One key at a time: a hovered cell never holds the row's i + 1 keys at once.
    const double scale = 1.0 / std::sqrt(static_cast<double>(p.dim));
    Vector logits(row + 1);
    for (Index j = 0; j <= row; ++j) {
      logits(j) = nopeKeyRow(p, j).dot(q) * scale;
    }
    const double m = logits.maxCoeff();
    const double sum = (logits.array() - m).exp().sum();
    out.push_back({"logit qᵢ·kⱼ/√d", logits(col)});
    out.push_back({"weight softmaxⱼ", std::exp(logits(col) - m) / sum});
  }
  out.push_back({"keys in the row (i + 1)", static_cast<double>(row + 1)});
  out.push_back({"uniform weight 1/(i + 1)", 1.0 / static_cast<double>(row + 1)});
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
  Curve uniform{"ln(i + 1): uniform attention over i + 1 keys", {}};
  uniform.family = 1;
  for (std::size_t a = 0; a < at.size(); ++a) {
    const Index i = at[a];
    h.y.push_back(nopeEntropy(nopeRowWeights(q.row(static_cast<Index>(a)).transpose(), k, i)));
    uniform.y.push_back(std::log(static_cast<double>(i + 1)));
  }
  out.curves = {std::move(h), std::move(uniform)};
  return out;
}

}  // namespace

NopeParams nopeParamsFrom(const ParamSet& params) {
  NopeParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  return p;
}

// ---- The nope scheme: description and views ---------------------------------------------

namespace {

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
                               "gets -inf); nothing else in NoPE depends on positions"},
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
                               "(no position in them); masked for j > i; each row sums to 1; "
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
                               "spread of a row grow with its position; sampled evenly past "
                               "512 rows; length at most 65536"},
       .series = entropySeries},
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
