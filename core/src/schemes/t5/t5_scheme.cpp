// SPDX-License-Identifier: GPL-3.0-or-later
// The `t5` scheme: its description, ParamSet -> T5Params, and its views (what each one shows,
// computes and explains), on the maths of t5_bias.cpp and t5_bucket.cpp.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/maths/t5_bucket.hpp"
#include "posenc/schemes/t5/t5_bias.hpp"
#include "schemes/t5/t5_hooks.hpp"

namespace posenc {

namespace {

/// `spec`, left out of picture subtitles at its default (ParamSpec::quietAtDefault): the
/// pictures of the stand-in stay as they were before the parameter existed.
ParamSpec quietAtDefault(ParamSpec spec) {
  spec.quietAtDefault = true;
  return spec;
}

/// The parameters every view works on, checked (a hand-built ParamSet included).
T5Params checkedParams(const ParamSet& params) {
  T5Params p = t5ParamsFrom(params);
  validateT5Params(p);
  return p;
}

MatrixShape squareShape(const T5Params& p) { return {p.length, p.length}; }

std::vector<Term> explainBucket(const T5Params& p, Index row, Index col) {
  const std::int64_t r = col - row;
  const std::int64_t b = t5Bucket(r, p.bidirectional, p.buckets, p.maxDistance);
  return {
      {"relative position r = j − i", static_cast<double>(r)},
      {"distance n in the bucket formula", static_cast<double>(t5Distance(p, r))},
      {"bucket", static_cast<double>(b)},
      {"exact bucket (1) or log-spaced (0)", t5IsExactBucket(p, r) ? 1.0 : 0.0},
      {p.table.empty() ? "bias table[bucket][h] (random stand-in)"
                       : "bias table[bucket][h] (the file's trained table)",
       t5TableValue(p, b, p.head)},
  };
}

/// One curve per head: its bias against r = j - i (t5BiasCurves).
SeriesResult curvesSeries(const T5Params& p) {
  const std::vector<Index> offsets = t5CurveOffsets(p);
  const Matrix bias = t5BiasCurves(p, offsets);
  SeriesResult out;
  out.x.assign(offsets.begin(), offsets.end());
  for (Index h = 0; h < bias.rows(); ++h) {
    Curve c{"head " + std::to_string(h), std::vector<double>(offsets.size()), CurveStyle::Steps};
    for (Index k = 0; k < bias.cols(); ++k) c.y[static_cast<std::size_t>(k)] = bias(h, k);
    out.curves.push_back(std::move(c));
  }
  return out;
}

SeriesResult bucketMapSeries(const T5Params& p) {
  const std::vector<std::int64_t> map = t5BucketMap(p);
  SeriesResult out;
  out.x.resize(map.size());
  Curve c{"bucket", std::vector<double>(map.size()), CurveStyle::Steps};
  for (std::size_t k = 0; k < map.size(); ++k) {
    out.x[k] = static_cast<double>(static_cast<std::int64_t>(k) - (p.length - 1));
    c.y[k] = static_cast<double>(map[k]);
  }
  out.curves.push_back(std::move(c));
  return out;
}

SeriesResult extrapolationSeries(const T5Params& p) {
  const Index count = std::max<Index>(p.length, 2 * p.maxDistance);
  const std::vector<Index> at =
      chartPositions(count, kExtrapolationPoints, {p.maxDistance - 1, p.maxDistance});
  SeriesResult out;
  out.x.assign(at.begin(), at.end());
  Curve back{"key d positions before the query (r = −d)", {}, CurveStyle::Steps};
  Curve ahead{"key d positions after the query (r = +d)", {}, CurveStyle::Steps};
  Curve mark{"max_distance = " + std::to_string(p.maxDistance) +
                 ": every farther key shares the last bucket",
             {},
             CurveStyle::Points};
  for (Index d : at) {
    back.y.push_back(static_cast<double>(t5Bucket(-d, p.bidirectional, p.buckets, p.maxDistance)));
    ahead.y.push_back(static_cast<double>(t5Bucket(d, p.bidirectional, p.buckets, p.maxDistance)));
    mark.y.push_back(d == p.maxDistance ? back.y.back() : kMasked);
  }
  out.curves.push_back(std::move(back));
  if (p.bidirectional) out.curves.push_back(std::move(ahead));
  out.curves.push_back(std::move(mark));
  return out;
}

}  // namespace

T5Params t5ParamsFrom(const ParamSet& params) {
  T5Params p;
  p.length = params.getInt("length");
  p.buckets = params.getInt("buckets");
  p.maxDistance = params.getInt("max_distance");
  p.decoder = params.getChoice("stack") == "decoder";
  p.bidirectional = params.getBool("bidirectional");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.table = params.getText("table");
  return p;
}

// ---- The t5 scheme: description and views -----------------------------------------------

namespace {

/// What t5 is: id, name, description and parameters (the views come from t5Views()).
SchemeInfo t5Info() {
  return {
      .id = "t5",
      .name = "T5 relative bias (Raffel et al. 2020)",
      .description =
          "A learned scalar per bucket of the offset j − i, added to the "
          "attention logits unscaled; the table is a checkpoint's when `table` names one, "
          "else N(0, 1) random stand-ins from seed",
      .params =
          {
              detail::lengthParam("Sequence length L: queries and keys 0..L-1"),
              {.id = "buckets",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{32},
               .min = 4,
               .max = 1024,
               .description = "Number of buckets (HF relative_attention_num_buckets; T5 uses "
                              "32)",
               .even = true},
              {.id = "max_distance",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{128},
               .min = 2,
               .max = kMaxLength,
               .description = "Distance from which every key shares the last, catch-all bucket "
                              "(HF relative_attention_max_distance; T5 uses 128; the log "
                              "spacing can reach that bucket a little earlier, at 91 with the "
                              "defaults); must exceed max_exact"},
              {.id = "bidirectional",
               .type = ParamType::Bool,
               .defaultValue = true,
               .description = "Encoder (true: half the buckets for keys after the query) or "
                              "decoder (false: every future key in bucket 0); false when "
                              "stack = decoder"},
              quietAtDefault(
                  choiceParam("stack", "encoder", {"encoder", "decoder"},
                              "Which stack's bias: encoder or decoder (its self-attention is "
                              "causal, so it needs bidirectional = false, as HF's bidirectional "
                              "= not is_decoder); a `table` file without a tensor name reads this "
                              "stack's first-layer relative_attention_bias")),
              {.id = "heads",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{8},
               .min = 1,
               .max = 128,
               .description = "Number of attention heads (columns of the bias table)"},
              {.id = "head",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{0},
               .min = 0,
               .max = 127,
               .description = "Head whose bias is shown (0-based, less than heads)"},
              textParam("table",
                        "Trained bias table, FILE or FILE:NAME (.safetensors, its "
                        ".index.json, .npy, .npz), shape buckets x heads as HF's "
                        "relative_attention_bias.weight; empty: random stand-ins from seed"),
              seedParam(),
          },
  };
}

/// Every view of t5, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<T5Params>> t5Views() {
  return {
      {.spec = {.id = "buckets",
                .title = "T5 bucket of the offset r = j − i",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "bucket id",
                .integerValues = true,
                .description =
                    "length x length, rows query i, columns key j: bucket(j - i) as HF "
                    "_relative_position_bucket computes it; keys after the query (r > 0, "
                    "upper triangle) use buckets n_b+1..2n_b-1 (n_b = buckets/2) when "
                    "bidirectional and bucket 0 when unidirectional"},
       .shape = squareShape,
       .evaluate = t5BucketMatrix,
       .explain = explainBucket},
      {.spec = {.id = "bucket_map",
                .title = "Bucket of each offset r = j − i",
                .xLabel = "relative position r = j − i (key minus query)",
                .yLabel = "bucket id",
                .description = "Bucket of every r from -(length-1) to length-1 (whole "
                               "range): exact for distances below max_exact, log-spaced up "
                               "to max_distance, the last bucket beyond"},
       .series = bucketMapSeries},
      {.spec = {.id = "bias",
                .title = "T5 bias of one head: table[bucket(j − i)][h]",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "bias  table[bucket(j − i)][h]",
                .signedValues = true,
                .randomStandIns = true,
                .standInsUnless = "table",
                .description =
                    "length x length for head `head`, rows query i, columns key j: "
                    "table[bucket(j - i)][head], added to q_i . k_j unscaled; the table is "
                    "the checkpoint's when `table` names one, else N(0, 1) from seed, "
                    "standing in for learned values (cells of one bucket share one value)"},
       .shape = squareShape,
       .evaluate = t5BiasMatrix,
       .explain = explainBucket},
      {.spec = {.id = "extrapolation",
                .title = "Beyond max_distance: every farther key shares the last bucket",
                .xLabel = "distance d = |j − i|",
                .yLabel = "bucket id",
                .description =
                    "Bucket of a key d positions before the query (r = -d) and, "
                    "bidirectional, after it (r = +d), for d = 0 .. max(length, 2 "
                    "max_distance) - 1: exact below max_exact, log-spaced up to "
                    "max_distance, then constant: T5 cannot tell distances past max_distance "
                    "apart, which is why it extrapolates gracefully but blindly; sampled "
                    "evenly past 8192 distances"},
       .series = extrapolationSeries},
      {.spec = {.id = "curves",
                .title = "T5 bias of every head against r = j − i",
                .xLabel = "relative position r = j − i (key minus query)",
                .yLabel = "bias  table[bucket(r)][h]",
                .randomStandIns = true,
                .standInsUnless = "table",
                .description =
                    "One curve per head: table[bucket(r)][h] for r from -R to R, R = "
                    "max(length - 1, max_distance) (sampled evenly past 8192 offsets); each "
                    "head of a trained table learns its own decay with distance and its own "
                    "preference for earlier or later keys; the table is the checkpoint's "
                    "when `table` names one, else N(0, 1) random stand-ins from seed"},
       .series = curvesSeries},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeT5Scheme() {
  return detail::makeTableScheme<T5Params>(
      {.info = t5Info(),
       .read = checkedParams,
       .validate = validateT5Params,
       .views = t5Views(),
       .hooks = {.slips = detail::t5Slips(), .model = detail::t5Model()}});
}

}  // namespace posenc
