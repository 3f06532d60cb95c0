// SPDX-License-Identifier: GPL-3.0-or-later
// The `shaw` scheme: its description, ParamSet -> ShawParams, and its views (what each one
// shows, computes and explains), on the maths of shaw.cpp.
#include <string>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/schemes/shaw/shaw.hpp"

namespace posenc {

namespace {

using detail::Cells;

// Width-d_z vectors a request holds per row and column (q, k and their table rows), measured
// with a margin (ViewSpec::vectorsPerPosition).
constexpr double kWorkVectors = 3.0;
// The values view holds every key, and the rows of a^K and a^V its queries reach: at most
// 2 length - 1 each, so 4 vectors per position cover them; with the key and a margin, 6.
constexpr double kValuesVectors = 6.0;

MatrixShape squareShape(const ShawParams& p) { return {p.length, p.length}; }
MatrixShape tableShape(const ShawParams& p) { return {2 * p.clip + 1, p.dim}; }
MatrixShape valuesShape(const ShawParams& p) { return {p.length, p.dim}; }

Matrix indexView(const ShawParams& p, Cells rows, Cells cols) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (Index a = 0; a < out.rows(); ++a)
    for (Index b = 0; b < out.cols(); ++b)
      out(a, b) = static_cast<double>(
          shawIndex(rows[static_cast<std::size_t>(a)], cols[static_cast<std::size_t>(b)], p.clip));
  return out;
}

Matrix keyTableView(const ShawParams& p, Cells rows, Cells cols) {
  return shawTable(p, true, rows, cols);
}

Matrix scoresView(const ShawParams& p, Cells rows, Cells cols) {
  return shawScores(p, rows, cols).total();
}

std::vector<Term> explainIndex(const ShawParams& p, Index row, Index col) {
  return {{"relative distance j − i", static_cast<double>(col - row)},
          {"clipped distance clip(j − i, −k, k)",
           static_cast<double>(shawIndex(row, col, p.clip) - p.clip)},
          {"index clip(j − i, −k, k) + k", static_cast<double>(shawIndex(row, col, p.clip))}};
}

std::vector<Term> explainTable(const ShawParams& p, Index row, Index col) {
  const Index r[1] = {row};
  const Index c[1] = {col};
  return {{"relative distance t − k (row t)", static_cast<double>(row - p.clip)},
          {"dimension", static_cast<double>(col)},
          {"a^K value", shawTable(p, true, r, c)(0, 0)}};
}

std::vector<Term> explainScores(const ShawParams& p, Index row, Index col) {
  const Index r[1] = {row};
  const Index c[1] = {col};
  const ShawScores s = shawScores(p, r, c);
  return {{"content term  (qᵢ · kⱼ) / √d_z", s.content(0, 0)},
          {"relative term  (qᵢ · aᴷᵢⱼ) / √d_z", s.relative(0, 0)},
          {"logit eᵢⱼ = content + relative", s.total()(0, 0)},
          {"relative distance j − i", static_cast<double>(col - row)},
          {"index clip(j − i, −k, k) + k", static_cast<double>(shawIndex(row, col, p.clip))}};
}

std::vector<Term> explainValues(const ShawParams& p, Index row, Index col) {
  const ShawValueParts v = shawValueParts(p, row, col);
  return {{"keys j ≤ i − k (clipped to −k): Σα · aⱽ₋ₖ", v.farBefore},
          {"keys |j − i| < k: Σ α · aⱽ", v.inside},
          {"keys j ≥ i + k (clipped to +k): Σα · aⱽₖ", v.farAfter},
          {"value side Σⱼ αᵢⱼ aⱽᵢⱼ", v.valueSide()},
          {"attention on keys j ≤ i − k", v.massBefore},
          {"attention on keys j ≥ i + k", v.massAfter},
          {"content side Σⱼ αᵢⱼ vⱼ (not drawn)", v.content},
          {"zᵢ = content side + value side", v.content + v.valueSide()}};
}

detail::RowLength valuesRow(const ShawParams& p) {
  return {"length", std::to_string(p.length), p.length, "length"};
}

/// A signed term view: length x length, rows query i, columns key j.
ViewSpec squareSpec(std::string id, std::string title, std::string value, std::string desc) {
  return detail::signedTermSpec(std::move(id), std::move(title), std::move(value), std::move(desc),
                                kWorkVectors);
}

}  // namespace

ShawParams shawParamsFrom(const ParamSet& params) {
  ShawParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.clip = params.getInt("clip");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  return p;
}

// ---- The shaw scheme: description and views ---------------------------------------------

namespace {

/// What shaw is: id, name, description and parameters (the views come from shawViews()).
SchemeInfo shawInfo() {
  return {
      .id = "shaw",
      .name = "Relative position representations (Shaw et al. 2018)",
      .description =
          "A learned vector per clipped distance clip(j − i, −k, k), added to the "
          "key (aᴷ) and to the value (aⱽ) inside attention",
      .params =
          {
              {.id = "length",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{32},
               .min = 1,
               .max = kMaxLength,
               .description = "Sequence length: queries and keys 0..length-1 (the values "
                              "view: at most 65536)"},
              {.id = "dim",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{64},
               .min = 1,
               .max = 1024,
               .description = "Head width d_z (t2t key_depth_per_head): q, k, v, aᴷ and aⱽ "
                              "have d_z entries"},
              {.id = "clip",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{4},
               .min = 1,
               .max = 1024,
               .description = "Clipping distance k (t2t max_relative_position): distances "
                              "beyond ±k share the table rows of ±k; the tables have 2k+1 rows"},
              seedParam(),
          },
  };
}

/// Every view of shaw, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<ShawParams>> shawViews() {
  const std::string rows = " length x length, row = query i, column = key j";
  return {
      {.spec = {.id = "index",
                .title = "Table row  clip(j − i, −k, k) + k",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "index",
                .integerValues = true,
                .description = "The row of aᴷ and aⱽ used by query i and key j: clip(j - i, -k, "
                               "k) + k in 0..2k, as tensor2tensor's "
                               "_generate_relative_positions_matrix (key minus query); k at "
                               "the diagonal, 0 for keys k or more before the query, 2k for "
                               "keys k or more after it;" +
                               rows},
       .shape = squareShape,
       .evaluate = indexView,
       .explain = explainIndex},
      {.spec = {.id = "key_table",
                .title = "Relative key table  aᴷ",
                .xLabel = "dimension of d_z",
                .yLabel = "row t (relative distance t − k)",
                .valueLabel = "aᴷ",
                .signedValues = true,
                .dimensionColumns = true,
                .vectorsPerPosition = 1.0,  // the drawn rows (width d_z), once
                .randomStandIns = true,
                .description = "The (2k+1) x d_z table of key-side relative vectors, row t for "
                               "the clipped distance t - k (-k..k); N(0, 1) from seed, "
                               "standing in for learned values"},
       .shape = tableShape,
       .evaluate = keyTableView,
       .explain = explainTable},
      {.spec = squareSpec("scores", "Logits  eᵢⱼ = qᵢ·kⱼ/√d_z + qᵢ·aᴷᵢⱼ/√d_z", "eᵢⱼ",
                          "(q_i . k_j + q_i . a^K_ij) / sqrt(d_z), the two terms of t2t's "
                          "_relative_attention_inner (q scaled by d_z^-0.5 before the call, "
                          "in multihead_attention); q, k and a^K are N(0, 1) stand-ins drawn "
                          "per position; signed;" +
                              rows),
       .shape = squareShape,
       .evaluate = scoresView,
       .explain = explainScores},
      {.spec = {.id = "values",
                .title = "Value side of zᵢ  Σⱼ αᵢⱼ aⱽᵢⱼ",
                .xLabel = "dimension of d_z",
                .yLabel = "query position i",
                .valueLabel = "Σⱼ αᵢⱼ aⱽᵢⱼ",
                .signedValues = true,
                .dimensionColumns = true,
                .maxRowLength = kShawValuesMaxKeys,
                .vectorsPerPosition = kValuesVectors,
                .randomStandIns = true,
                .description = "length x d_z: the relative part sum_j alpha_ij a^V_ij of the "
                               "output z_i (the content part sum_j alpha_ij v_j is left out), "
                               "alpha = softmax of the scores over every key with no mask "
                               "(an encoder, t2t's default); signed; length at most 65536 "
                               "(a weight needs its whole row)"},
       .shape = valuesShape,
       .evaluate = shawValues,
       .explain = explainValues,
       .rowLength = valuesRow},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeShawScheme() {
  return detail::makeTableScheme<ShawParams>(
      {.info = shawInfo(),
       .read = shawParamsFrom,
       .views = shawViews(),
       // No slips of its own yet (the generic ones apply) and no model mapping.
       .hooks = {}});
}

}  // namespace posenc
