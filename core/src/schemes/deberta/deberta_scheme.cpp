// SPDX-License-Identifier: GPL-3.0-or-later
// The `deberta` scheme: its description, ParamSet -> DebertaParams, the cross-checks, and its
// views (what each one shows, computes and explains), on the maths of deberta.cpp.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/schemes/deberta/deberta.hpp"
#include "schemes/deberta/deberta_hooks.hpp"

namespace posenc {

namespace {

using detail::Cells;

// Model-width vectors a request holds per row and column (H rows and their projections, 4),
// with room for what it holds once (W_q and W_k, the rows of P and P W it reads), measured
// (ViewSpec::vectorsPerPosition; as tupe's).
constexpr double kWorkVectors = 8.0;

/// `spec`, left out of picture subtitles at its default (ParamSpec::quietAtDefault): the
/// pictures of the stand-in stay as they were before the parameter existed.
ParamSpec quietAtDefault(ParamSpec spec) {
  spec.quietAtDefault = true;
  return spec;
}

MatrixShape squareShape(const DebertaParams& p) { return {p.length, p.length}; }

Matrix bucketView(const DebertaParams& p, Cells rows, Cells cols) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (Index a = 0; a < out.rows(); ++a)
    for (Index b = 0; b < out.cols(); ++b)
      out(a, b) = static_cast<double>(
          debertaDelta(p, rows[static_cast<std::size_t>(a)], cols[static_cast<std::size_t>(b)]));
  return out;
}

enum class Part { C2c, C2p, P2c, Total };

template <Part P>
Matrix partView(const DebertaParams& p, Cells rows, Cells cols) {
  const DebertaTerms t = debertaTerms(p, rows, cols);
  if constexpr (P == Part::C2c) return t.c2c;
  if constexpr (P == Part::C2p) return t.c2p;
  if constexpr (P == Part::P2c) return t.p2c;
  return t.total();
}

std::vector<Term> explainBucket(const DebertaParams& p, Index row, Index col) {
  return {{"relative position i − j", static_cast<double>(row - col)},
          {"bucket δ(i, j)", static_cast<double>(debertaDelta(p, row, col))},
          {"table row of c2p and p2c  clamp(δ + span, 0, 2 span − 1)",
           static_cast<double>(debertaC2pRow(p, row, col))}};
}

/// The three terms of the cell, the scale and the logit; with the weight for attention.
template <bool WithWeight>
std::vector<Term> explainTerms(const DebertaParams& p, Index row, Index col) {
  const Index r[1] = {row};
  const Index c[1] = {col};
  const DebertaTerms t = debertaTerms(p, r, c);
  std::vector<Term> out = {
      {"c2c  Qᵢ · Kⱼ", t.c2c(0, 0)},
      {"c2p  Qᵢ · Kʳ[δ(i, j)]", t.c2p(0, 0)},
      {"p2c  Kⱼ · Qʳ[δ(i, j)]", t.p2c(0, 0)},
      {"scale  √(3 d_head)", t.scale},
      {"total  (c2c + c2p + p2c) / √(3 d_head)", t.total()(0, 0)},
  };
  if (WithWeight) out.push_back({"attention  softmaxⱼ", debertaAttention(p, r, c)(0, 0)});
  out.push_back({"relative position i − j", static_cast<double>(row - col)});
  out.push_back({"bucket δ(i, j)", static_cast<double>(debertaDelta(p, row, col))});
  out.push_back({"table row  clamp(δ + span, 0, 2 span − 1)",
                 static_cast<double>(debertaC2pRow(p, row, col))});
  if (!p.relTable.empty()) {
    // Which tensors are trained: never pass a stand-in off as the checkpoint's.
    out.push_back({"P = rel_embeddings from the file (1 = yes)", 1.0});
    out.push_back({"LayerNorm on P (1 = yes)", p.relNorm ? 1.0 : 0.0});
    out.push_back({"content H, W_q, W_k: random stand-ins, seed", static_cast<double>(p.seed)});
  }
  return out;
}

/// Offsets the bucket map shows: -R..R with R = max(length - 1, 1.25 max_relative_positions),
/// so the last log bucket and the clamp past it are in view (-640..640 at the defaults).
SeriesResult bucketMapSeries(const DebertaParams& p) {
  const Index reach = std::max(p.length - 1, p.maxRelative + p.maxRelative / 4);
  SeriesResult out;
  Curve bucket{"bucket δ(r)", {}, CurveStyle::Steps};
  Curve row{"table row − span read by c2p and p2c (clamped to −span .. span − 1)",
            {},
            CurveStyle::Steps};
  for (Index r = -reach; r <= reach; ++r) {
    out.x.push_back(static_cast<double>(r));
    const std::int64_t b = debertaBucket(r, p.buckets, p.maxRelative);
    bucket.y.push_back(static_cast<double>(b));
    row.y.push_back(static_cast<double>(std::clamp<std::int64_t>(b, -p.buckets, p.buckets - 1)));
  }
  out.curves.push_back(std::move(bucket));
  out.curves.push_back(std::move(row));
  return out;
}

detail::RowLength attentionRow(const DebertaParams& p) {
  return {"length", std::to_string(p.length), p.length, "length"};
}

/// A signed term view: length x length, rows query i, columns key j.
ViewSpec termSpec(std::string id, std::string title, std::string value, std::string desc) {
  return detail::signedTermSpec(std::move(id), std::move(title), std::move(value), std::move(desc),
                                kWorkVectors);
}

}  // namespace

DebertaParams debertaParamsFrom(const ParamSet& params) {
  DebertaParams p;
  p.length = params.getInt("length");
  p.dModel = params.getInt("d_model");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.buckets = params.getInt("buckets");
  p.maxRelative = params.getInt("max_relative_positions");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.relTable = params.getText("rel_table");
  p.relNorm = params.getChoice("rel_norm") == "layer_norm";
  return p;
}

// ---- The deberta scheme: description and views ------------------------------------------

namespace {

/// What deberta is: id, name, description and parameters (the views come from debertaViews()).
SchemeInfo debertaInfo() {
  return {
      .id = "deberta",
      .name = "DeBERTa disentangled attention (He et al. 2021)",
      .description =
          "Content and relative position kept apart: the logit is content-to-content "
          "+ content-to-position + position-to-content over log-bucketed i − j, "
          "divided by √(3 d_head); the relative table P is a checkpoint's when "
          "rel_table names one, the content H and W_q, W_k are always random stand-ins",
      .params =
          {
              {.id = "length",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{512},
               .min = 1,
               .max = kMaxLength,
               .description = "Sequence length: queries and keys 0..length-1 (the attention "
                              "view: at most 65536)"},
              {.id = "d_model",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{64},
               .min = 1,
               .max = 1024,
               .description = "Model width (hidden_size), a multiple of heads"},
              {.id = "heads",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{4},
               .min = 1,
               .max = 64,
               .description = "Number of attention heads; d_head = d_model / heads"},
              {.id = "head",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{0},
               .min = 0,
               .max = 63,
               .description = "Head shown (less than heads)"},
              {.id = "buckets",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{256},
               .min = 4,
               .max = 2048,
               .description = "position_buckets: |i − j| up to buckets/2 keeps its own bucket, "
                              "farther ones are log-spaced; the relative table has 2 buckets "
                              "rows",
               .even = true},
              {.id = "max_relative_positions",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{512},
               .min = 4,
               .max = kMaxLength,
               .description = "max_relative_positions: the distance at which the log buckets "
                              "reach buckets − 1 (more than buckets/2 + 1)"},
              textParam("rel_table",
                        "Trained relative embeddings P (encoder.rel_embeddings.weight), "
                        "FILE or FILE:NAME, 2 buckets x d_model; empty: random stand-ins "
                        "from seed"),
              quietAtDefault(
                  choiceParam("rel_norm", "none", {"none", "layer_norm"},
                              "With rel_table: layer_norm applies the checkpoint's "
                              "encoder.LayerNorm to P as DeBERTa-v3 does (norm_rel_ebd = "
                              "layer_norm; weight and bias read from the same file), none uses "
                              "the rows as stored")),
              seedParam(),
          },
  };
}

/// Every view of deberta, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<DebertaParams>> debertaViews() {
  const std::string rows = " length x length, row = query i, column = key j, signed";
  return {
      {.spec = {.id = "buckets",
                .title = "Log bucket  δ(i, j) of i − j",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "bucket δ",
                .integerValues = true,
                .description = "length x length, row = query i, column = key j: "
                               "make_log_bucket_position(i - j) as build_relative_position "
                               "gives it (query minus key, so positive below the diagonal); "
                               "i - j itself up to buckets/2, log-spaced beyond, buckets - 1 "
                               "at |i - j| = max_relative_positions - 1"},
       .shape = squareShape,
       .evaluate = bucketView,
       .explain = explainBucket},
      {.spec = {.id = "bucket_map",
                .title = "Log bucket of each offset r = i − j",
                .xLabel = "relative position r = i − j (query minus key)",
                .yLabel = "bucket",
                .description = "bucket(r) for r from -R to R, R = max(length - 1, 1.25 "
                               "max_relative_positions): exact up to buckets/2, log-spaced "
                               "beyond; the second curve is the table row the c2p and p2c "
                               "gathers read (minus span), clamped to -span .. span - 1"},
       .series = bucketMapSeries},
      {.spec = termSpec("c2c", "content-to-content  Qᵢ · Kⱼ", "c2c",
                        "Q_i . K_j, Q = H W_q, K = H W_k of one head, unscaled; H, W "
                        "random stand-ins;" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<Part::C2c>,
       .explain = explainTerms<false>},
      {.spec = termSpec("c2p", "content-to-position  Qᵢ · Kʳ[δ(i, j)]", "c2p",
                        "Q_i . K^r at table row clamp(delta(i, j) + span, 0, 2 span - 1), "
                        "K^r = P W_k (share_att_key), unscaled; P the checkpoint's "
                        "when rel_table is set, H and W random stand-ins;" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<Part::C2p>,
       .explain = explainTerms<false>},
      {.spec = termSpec("p2c", "position-to-content  Kⱼ · Qʳ[δ(i, j)]", "p2c",
                        "K_j . Q^r at table row clamp(delta(i, j) + span, 0, 2 span - 1), "
                        "Q^r = P W_q (P the checkpoint's when rel_table is set, H and W "
                        "random stand-ins), unscaled: the code's gather and transpose give "
                        "delta(i, j) where the paper writes delta(j, i);" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<Part::P2c>,
       .explain = explainTerms<false>},
      {.spec = termSpec("total", "attention logit  (c2c + c2p + p2c) / √(3 d_head)", "logit",
                        "(c2c + c2p + p2c) / sqrt(3 d_head), the logit before softmax "
                        "(scale_factor 3 for c2p|p2c);" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<Part::Total>,
       .explain = explainTerms<false>},
      {.spec = {.id = "attention",
                .title = "attention weights  softmaxⱼ",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "weight",
                .maxRowLength = kDebertaAttentionMaxKeys,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "row-wise softmax of the total over every key j (no mask); "
                               "each row sums to 1; length x length, row = query i, column "
                               "= key j, in (0, 1]; length at most 65536 (a weight needs its "
                               "whole row)"},
       .shape = squareShape,
       .evaluate = debertaAttention,
       .explain = explainTerms<true>,
       .rowLength = attentionRow},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeDebertaScheme() {
  return detail::makeTableScheme<DebertaParams>(
      {.info = debertaInfo(),
       .read = debertaParamsFrom,
       .validate = checkDebertaParams,
       .views = debertaViews(),
       // No slips of its own yet (the generic ones apply).
       .hooks = {.model = detail::debertaModel()}});
}

}  // namespace posenc
