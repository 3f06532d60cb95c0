// SPDX-License-Identifier: GPL-3.0-or-later
// The `learned` scheme: its description, ParamSet -> LearnedParams, and its views (what each
// one shows, computes and explains), on the maths of learned.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/base/random.hpp"
#include "posenc/maths/extrapolation.hpp"
#include "posenc/maths/table_analysis.hpp"
#include "posenc/schemes/learned/learned.hpp"
#include "posenc/tensors/tensor_ref.hpp"
#include "schemes/learned/learned_hooks.hpp"

namespace posenc {

namespace {

const MessageTemplate kNonEmptyTable{"a table with at least one row and one column"};

// "table row r(p)", plus a note of the offset and of the overflow rule when p is past the
// table.
void addRow(std::vector<Term>& out, const LearnedParams& p, Index position,
            const std::string& name) {
  const Index r = learnedTableRow(p, position);
  const Index n = p.maxLen - p.offset;  // positions the table holds
  if (position < n) {
    out.push_back({p.offset > 0 ? "table row r(" + name + ") = " + name + " + offset"
                                : "table row r(" + name + ") = " + name,
                   static_cast<double>(r)});
  } else if (p.overflow == LearnedOverflow::Clamp) {
    out.push_back({"table row r(" + name + "): clamped to max_len − 1", static_cast<double>(r)});
  } else {
    out.push_back({p.offset > 0 ? "table row r(" + name + ") = offset + " + name +
                                      " mod (max_len − offset) (repeated)"
                                : "table row r(" + name + ") = " + name + " mod max_len (repeated)",
                   static_cast<double>(r)});
    const Index repetition = position / n;  // integer division: whole passes over T
    out.push_back({p.offset > 0 ? "repetition " + name + " div (max_len − offset)"
                                : "repetition " + name + " div max_len",
                   static_cast<double>(repetition)});
  }
}

// The trained table, for the readout: the file and tensor it was read from, with its rows.
Term tableTerm(const LearnedParams& p) {
  return {"trained table " + p.table + ", rows", static_cast<double>(p.maxLen)};
}

std::vector<Term> explainEncoding(const LearnedParams& p, Index row, Index col) {
  std::vector<Term> out = {{"position p", static_cast<double>(row)}};
  addRow(out, p, row, "p");
  out.push_back({"dimension k", static_cast<double>(col)});
  if (p.trained) {
    out.push_back(tableTerm(p));
    return out;
  }
  out.push_back({"std", p.stddev});
  out.push_back(
      {"N(0, 1) draw (value = std × draw)",
       normal(p.seed, Tensor::LearnedTable, static_cast<std::uint64_t>(learnedTableRow(p, row)),
              static_cast<std::uint64_t>(col))});
  return out;
}

std::vector<Term> explainSimilarity(const LearnedParams& p, Index row, Index col) {
  std::vector<Term> out = {{"position p", static_cast<double>(row)}};
  addRow(out, p, row, "p");
  out.push_back({"position q", static_cast<double>(col)});
  addRow(out, p, col, "q");
  if (p.trained) out.push_back(tableTerm(p));
  const std::vector<Index> both = {learnedTableRow(p, row), learnedTableRow(p, col)};
  const Matrix t = learnedTableRows(p, both);
  const double np = t.row(0).norm(), nq = t.row(1).norm();
  out.push_back({"|T[r(p)]|", np});
  out.push_back({"|T[r(q)]|", nq});
  out.push_back(
      {"cosine of the two rows", np > 0 && nq > 0 ? t.row(0).dot(t.row(1)) / (np * nq) : 0.0});
  return out;
}

// Where cell i of view grid is: patch (row, column) of ViT's grid, or position i.
void addGridCell(std::vector<Term>& out, const LearnedParams& p, Index side, Index cell,
                 const std::string& name) {
  if (p.grid > 0) {
    const Index patchRow = cell / side;  // whole rows of the grid
    out.push_back({name + " patch row", static_cast<double>(patchRow)});
    out.push_back({name + " patch column", static_cast<double>(cell % side)});
  } else {
    out.push_back(
        {name + " position (" + std::to_string(side) + " a row)", static_cast<double>(cell)});
  }
  out.push_back({name + " table row", static_cast<double>(learnedGridRow(p, cell))});
}

std::vector<Term> explainGrid(const LearnedParams& p, Index row, Index col) {
  const Index side = learnedGridSide(p);
  const Index u = (row / side) * side + col / side, v = (row % side) * side + col % side;
  std::vector<Term> out;
  addGridCell(out, p, side, u, "tile's");
  addGridCell(out, p, side, v, "compared");
  if (p.trained) out.push_back(tableTerm(p));
  const std::vector<Index> both = {learnedGridRow(p, u), learnedGridRow(p, v)};
  const Matrix t = learnedTableRows(p, both);
  out.push_back({"T_u · T_v", t.row(0).dot(t.row(1))});
  out.push_back({"|T_u|", t.row(0).norm()});
  out.push_back({"|T_v|", t.row(1).norm()});
  return out;
}

SeriesResult extrapolationSeries(const LearnedParams& p) {
  const Index count = std::max(p.length, 2 * p.maxLen);
  const Index n = p.maxLen - p.offset;  // positions the table holds
  const std::vector<Index> at = chartPositions(count, kExtrapolationPoints, {n - 1, n});
  SeriesResult out;
  out.x.assign(at.begin(), at.end());
  const bool shifted = p.offset > 0;
  Curve error{shifted ? "error: row p + offset, refused from p = " + std::to_string(n) + " on"
                      : "error: row p, refused from max_len = " + std::to_string(p.maxLen) + " on",
              {}};
  Curve clamp{shifted ? "clamp: row min(p + offset, max_len − 1)"
                      : "clamp: row min(p, max_len − 1)",
              {}};
  Curve repeat{shifted ? "repeat: row offset + p mod (max_len − offset)"
                       : "repeat: row p mod max_len",
               {}};
  for (Index pos : at) {
    error.y.push_back(pos < n ? static_cast<double>(pos + p.offset) : kMasked);
    clamp.y.push_back(static_cast<double>(std::min(pos + p.offset, p.maxLen - 1)));
    repeat.y.push_back(static_cast<double>(p.offset + pos % n));
  }
  out.curves = {std::move(error), std::move(clamp), std::move(repeat)};
  return out;
}

/// Most positions view pca analyses (sampled evenly past it), and most table entries views pca
/// and spectrum read at once.
constexpr Index kMaxPcaPositions = 2048;
constexpr Index kMaxSpectrumPositions = 8192;
constexpr Index kMaxAnalysedEntries = Index{1} << 24;

/// The rows the positions use (overflow and offset applied).
Matrix rowsAt(const LearnedParams& p, const std::vector<Index>& positions) {
  std::vector<Index> rows;
  rows.reserve(positions.size());
  for (const Index x : positions) rows.push_back(learnedTableRow(p, x));
  return learnedTableRows(p, rows);
}

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", 100 * fraction);
  return text;
}

SeriesResult pcaSeries(const LearnedParams& p) {
  const Index cap = std::max<Index>(2, std::min(kMaxPcaPositions,
                                                kMaxAnalysedEntries / std::max<Index>(p.dim, 1)));
  const std::vector<Index> positions = sampleIndices(0, p.length, cap);
  const RowPca pca = rowPca(rowsAt(p, positions), 3);
  SeriesResult out;
  Curve trace{"positions 0 .. " + std::to_string(p.length - 1) + ": PC1 " +
                  percent(pca.explained[0]) + " %, PC2 " + percent(pca.explained[1]) + " %, PC3 " +
                  percent(pca.explained[2]) + " % of the variance",
              {}};
  Curve start{"position 0", {}, CurveStyle::Points};
  start.group = 6;  // black: the start of the trace
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const auto r = static_cast<Index>(i);
    out.x.push_back(pca.coords(r, 0));
    trace.y.push_back(pca.coords(r, 1));
    trace.colour.push_back(static_cast<double>(positions[i]));
    start.y.push_back(i == 0 ? pca.coords(r, 1) : kMasked);
  }
  out.curves = {std::move(trace), std::move(start)};
  return out;
}

SeriesResult spectrumSeries(const LearnedParams& p) {
  const Index n = std::max<Index>(1, std::min({p.length, kMaxSpectrumPositions,
                                               kMaxAnalysedEntries / std::max<Index>(p.dim, 1)}));
  std::vector<Index> positions(static_cast<std::size_t>(n));
  for (Index i = 0; i < n; ++i) positions[static_cast<std::size_t>(i)] = i;
  const std::vector<double> f = dominantFrequencies(rowsAt(p, positions));
  SeriesResult out;
  Curve curve{"dominant frequency over positions 0 .. " + std::to_string(n - 1),
              {},
              CurveStyle::Points};
  for (Index k = 0; k < p.dim; ++k) out.x.push_back(static_cast<double>(k));
  curve.y = f;
  out.curves = {std::move(curve)};
  return out;
}

SeriesResult normsSeries(const LearnedParams& p) {
  const std::vector<Index> at = chartPositions(p.length, kExtrapolationPoints, {});
  SeriesResult out;
  Curve curve{"|T[r(p)]|", {}};
  for (const Index pos : at) {
    const std::vector<Index> one = {learnedTableRow(p, pos)};
    out.x.push_back(static_cast<double>(pos));
    curve.y.push_back(learnedTableRows(p, one).row(0).norm());
  }
  out.curves = {std::move(curve)};
  return out;
}

}  // namespace

LearnedParams learnedParamsFrom(const ParamSet& params) {
  LearnedParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.maxLen = params.getInt("max_len");
  p.stddev = params.getReal("std");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.overflow = learnedOverflowFromId(params.getChoice("overflow"));
  p.offset = params.getInt("offset");
  p.grid = params.getInt("grid");
  p.measure = learnedMeasureFromId(params.getChoice("measure"));
  p.table = params.getText("table");
  if (!p.table.empty()) {
    const Table t = tableParam("table", p.table, learnedTableNames());
    if (t.rows < 1 || t.cols < 1) throw ParamError("table", p.table, Message(kNonEmptyTable));
    p.maxLen = t.rows;
    p.dim = t.cols;
    p.trained = t.array;
  }
  return p;
}

// ---- The learned scheme: description and views ------------------------------------------

namespace {

/// Shown in the panel only for the random stand-in (a trained table fixes these).
std::pair<std::string, std::vector<std::string>> standInOnly() { return {"table", {""}}; }

ParamSpec standInSeed() {
  ParamSpec s = seedParam();
  s.shownWhen = standInOnly();
  return s;
}

ParamSpec quiet(ParamSpec s) {
  s.quietAtDefault = true;
  return s;
}

/// What learned is: id, name, description and parameters (the views come from learnedViews()).
SchemeInfo learnedInfo() {
  return {
      .id = "learned",
      .name = "Learned absolute table (BERT, GPT-2)",
      .description =
          "A trainable max_len × d table, one row per position: a model's trained table "
          "(table = its checkpoint) or a random stand-in at initialisation N(0, std²); "
          "positions past max_len need an overflow rule",
      .params =
          {
              detail::lengthParam("Sequence length: positions 0 .. length-1"),
              {.id = "dim",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{128},
               .min = 1,
               .max = 16384,
               .description = "Model width d: columns of the table",
               .shownWhen = standInOnly()},
              {.id = "max_len",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{512},
               .min = 1,
               .max = kMaxLength,
               .description = "Rows of the table: the longest sequence the model was built "
                              "for",
               .shownWhen = standInOnly()},
              {.id = "std",
               .type = ParamType::Real,
               .defaultValue = 0.02,
               .min = 1e-6,
               .max = 10,
               .description = "Standard deviation of the initial entries (GPT / BERT use "
                              "0.02)",
               .shownWhen = standInOnly()},
              standInSeed(),
              {.id = "overflow",
               .type = ParamType::Choice,
               .defaultValue = std::string{"error"},
               .choices = {"error", "clamp", "repeat"},
               .description = "Positions p >= max_len: error = refuse (as a real model "
                              "does); clamp = reuse the last row; repeat = row p mod max_len "
                              "(patterns recur)"},
              quiet(textParam("table",
                              "A trained position table, FILE or FILE:NAME (.safetensors, "
                              ".npy, .npz): dim and max_len are its columns and rows; empty = "
                              "the random stand-in")),
              quiet(intParam("offset", 0, 0, kMaxLength - 1,
                             "Position p uses table row p + offset (RoBERTa, XLM-R and OPT: "
                             "2, rows 0 and 1 unused)")),
              quiet(intParam("grid", 0, 0, kMaxGridSide,
                             "Side of a ViT patch grid: row 0 is [CLS], rows 1 .. grid² the "
                             "patches row by row (image_size / patch_size); 0 = not an image "
                             "model")),
              quiet(choiceParam("measure", "dot", {"dot", "cosine"},
                                "View similarity: dot product of the two rows, or their "
                                "cosine")),
          },
  };
}

/// The views of the rows a table holds for the positions used: a trained table's structure
/// (GPT-2's helix), or the stand-in's lack of it.
std::vector<detail::ViewEntry<LearnedParams>> tableViews() {
  return {
      {.spec = {.id = "pca",
                .title = "Rows on their first two principal components",
                .xLabel = "PC1",
                .yLabel = "PC2",
                .valueLabel = "position p",
                .parametric = true,
                .randomStandIns = true,
                .standInsUnless = "table",
                .description = "The rows T[r(p)] of positions p = 0 .. length - 1 (2048 "
                               "sampled evenly past that), centred, on the first two "
                               "eigenvectors of their covariance, joined in position order and "
                               "coloured by position; the legend gives each component's share "
                               "of the variance. A trained table traces a smooth curve (GPT-2: "
                               "a helix seen as an arc), the stand-in a tangle"},
       .series = pcaSeries},
      {.spec = {.id = "spectrum",
                .title = "Dominant frequency of each dimension over position",
                .xLabel = "dimension k",
                .yLabel = "cycles per position",
                .randomStandIns = true,
                .standInsUnless = "table",
                .description = "For each column k, the frequency m / n (cycles per position) "
                               "of the largest DFT bin m = 1 .. n / 2 of T[r(p), k] over "
                               "p = 0 .. n - 1 after removing its mean (n = length, at most "
                               "8192); a trained table's columns are slow waves, the stand-in's "
                               "spread over all frequencies"},
       .series = spectrumSeries},
      {.spec = {.id = "norms",
                .title = "Norm of each position's row  |T[r(p)]|",
                .xLabel = "position p",
                .yLabel = "|T[r(p)]|",
                .randomStandIns = true,
                .standInsUnless = "table",
                .description = "The Euclidean norm of the row each position uses, p = 0 .. "
                               "length - 1 (sampled evenly past 8192); the stand-in's are all "
                               "about std sqrt(d)"},
       .series = normsSeries},
      {.spec = {.id = "grid",
                .title = "Cosine similarity of patch position embeddings",
                .xLabel = "patch column (tiles), compared column (inside)",
                .yLabel = "patch row (tiles), compared row (inside)",
                .valueLabel = "cosine",
                .signedValues = true,
                .vectorsPerPosition = 1.5,
                .randomStandIns = true,
                .standInsUnless = "table",
                .description = "After Fig. 7 of the ViT paper: side x side tiles, one per "
                               "patch (a, b) of the grid; inside tile (a, b), cell (i, j) is the "
                               "cosine of the rows of patches (a, b) and (i, j). With grid = 0, "
                               "positions 0 .. side^2 - 1 wrapped in rows of side = "
                               "floor(sqrt(length)) take the patches' place"},
       .shape =
           [](const LearnedParams& p) {
             const Index side = learnedGridSide(p);
             return MatrixShape{side * side, side * side};
           },
       .evaluate = learnedGridCosines,
       .explain = explainGrid},
  };
}

/// Every view of learned, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<LearnedParams>> learnedViews() {
  std::vector<detail::ViewEntry<LearnedParams>>
      views =
          {
              {.spec = {.id = "encoding",
                        .title = "Learned position table T[r(p), k]",
                        .xLabel = "dimension k",
                        .yLabel = "position p",
                        .valueLabel = "T[r(p), k]",
                        .signedValues = true,
                        .dimensionColumns = true,
                        .randomStandIns = true,
                        .standInsUnless = "table",
                        .description =
                            "length x dim: row = position p, column = dimension k; the "
                            "table row r(p) = p + offset below max_len - offset, else per "
                            "overflow; a trained table's values as stored, or the stand-in's "
                            "N(0, std^2) entries, no structure until trained"},
               .shape =
                   [](const LearnedParams& p) {
                     return MatrixShape{p.length, p.dim};
                   },
               .evaluate = learnedEncoding,
               .explain = explainEncoding},
              {.spec = {.id = "similarity",
                        .title = "Similarity of positions  T[r(p)] · T[r(q)]",
                        .xLabel = "position q",
                        .yLabel = "position p",
                        .valueLabel = "T[r(p)] · T[r(q)]",
                        .signedValues = true,
                        .vectorsPerPosition = 1.5,  // each table row formed once (1 measured)
                        .randomStandIns = true,
                        .standInsUnless = "table",
                        .description =
                            "length x length dot products (measure = dot) or cosines "
                            "(measure = cosine) of the rows used by p and q, symmetric; the "
                            "stand-in has about d std^2 on the diagonal and noise elsewhere, "
                            "a trained table a band along it; with overflow = repeat the "
                            "same pattern recurs every max_len positions"},
               .shape = detail::lengthByLength<LearnedParams>,
               .evaluate = learnedSimilarity,
               .explain = explainSimilarity,
               .labels =
                   [](const LearnedParams& p) {
                     return p.measure == LearnedMeasure::Cosine
                        ? ViewLabels{"Cosine similarity of positions  cos(T[r(p)], T[r(q)])",
                                     "cos(T[r(p)], T[r(q)])"}
                        : ViewLabels{};
                   }},
              {.spec =
                   {.id = "extrapolation",
                    .title = "Beyond max_len: which table row each position uses",
                    .xLabel = "position p",
                    .yLabel = "table row r(p)",
                    .description =
                        "Row r(p) under each overflow rule for p = 0 .. max(length, 2 max_len) - "
                        "1: error stops at max_len (a real model refuses), clamp reuses row "
                        "max_len - 1 for every later position (all look alike), repeat wraps to "
                        "p mod max_len (positions max_len apart become identical); sampled "
                        "evenly past 8192 positions"},
               .series = extrapolationSeries},
          };
  for (auto& e : tableViews()) views.push_back(std::move(e));
  return views;
}

}  // namespace

std::unique_ptr<Scheme> makeLearnedScheme() {
  // Not checked here: a hand-built set past max_len is refused by the rows it asks for.
  return detail::makeTableScheme<LearnedParams>({.info = learnedInfo(),
                                                 .read = learnedParamsFrom,
                                                 .validate = checkLearnedParams,
                                                 .views = learnedViews(),
                                                 .hooks = {.model = detail::learnedModel()}});
}

}  // namespace posenc
