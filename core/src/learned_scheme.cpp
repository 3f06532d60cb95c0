// SPDX-License-Identifier: GPL-3.0-or-later
// The `learned` scheme: its description, ParamSet -> LearnedParams, and its views (what each
// one shows, computes and explains), on the maths of learned.cpp.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "posenc/extrapolation.hpp"
#include "posenc/learned.hpp"
#include "posenc/random.hpp"
#include "view_table.hpp"

namespace posenc {

namespace {

// "table row r(p)", plus a note of the overflow rule when p is past the table.
void addRow(std::vector<Term>& out, const LearnedParams& p, Index position,
            const std::string& name) {
  const Index r = learnedTableRow(p, position);
  if (position < p.maxLen) {
    out.push_back({"table row r(" + name + ") = " + name, static_cast<double>(r)});
  } else if (p.overflow == LearnedOverflow::Clamp) {
    out.push_back({"table row r(" + name + "): clamped to max_len − 1", static_cast<double>(r)});
  } else {
    out.push_back({"table row r(" + name + ") = " + name + " mod max_len (repeated)",
                   static_cast<double>(r)});
    const Index repetition = position / p.maxLen;  // integer division: whole passes over T
    out.push_back({"repetition " + name + " div max_len", static_cast<double>(repetition)});
  }
}

std::vector<Term> explainEncoding(const LearnedParams& p, Index row, Index col) {
  std::vector<Term> out = {{"position p", static_cast<double>(row)}};
  addRow(out, p, row, "p");
  out.push_back({"dimension k", static_cast<double>(col)});
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
  const std::vector<Index> both = {learnedTableRow(p, row), learnedTableRow(p, col)};
  const Matrix t = learnedTableRows(p, both);
  const double np = t.row(0).norm(), nq = t.row(1).norm();
  out.push_back({"|T[r(p)]|", np});
  out.push_back({"|T[r(q)]|", nq});
  out.push_back({"cosine of the two rows", t.row(0).dot(t.row(1)) / (np * nq)});
  return out;
}

SeriesResult extrapolationSeries(const LearnedParams& p) {
  const Index count = std::max(p.length, 2 * p.maxLen);
  const std::vector<Index> at =
      chartPositions(count, kExtrapolationPoints, {p.maxLen - 1, p.maxLen});
  SeriesResult out;
  out.x.assign(at.begin(), at.end());
  Curve error{"error: row p, refused from max_len = " + std::to_string(p.maxLen) + " on", {}};
  Curve clamp{"clamp: row min(p, max_len − 1)", {}};
  Curve repeat{"repeat: row p mod max_len", {}};
  for (Index pos : at) {
    error.y.push_back(pos < p.maxLen ? static_cast<double>(pos) : kMasked);
    clamp.y.push_back(static_cast<double>(std::min(pos, p.maxLen - 1)));
    repeat.y.push_back(static_cast<double>(pos % p.maxLen));
  }
  out.curves = {std::move(error), std::move(clamp), std::move(repeat)};
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
  return p;
}

// ---- The learned scheme: description and views ------------------------------------------

namespace {

/// What learned is: id, name, description and parameters (the views come from learnedViews()).
SchemeInfo learnedInfo() {
  return {
      .id = "learned",
      .name = "Learned absolute table (BERT, GPT-2)",
      .description =
          "A trainable max_len × d table, one row per position, shown at its "
          "random initialisation N(0, std²); positions past max_len need an "
          "overflow rule",
      .params =
          {
              detail::lengthParam("Sequence length: positions 0 .. length-1"),
              {.id = "dim",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{128},
               .min = 1,
               .max = 16384,
               .description = "Model width d: columns of the table"},
              {.id = "max_len",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{512},
               .min = 1,
               .max = kMaxLength,
               .description = "Rows of the table: the longest sequence the model was built "
                              "for"},
              {.id = "std",
               .type = ParamType::Real,
               .defaultValue = 0.02,
               .min = 1e-6,
               .max = 10,
               .description = "Standard deviation of the initial entries (GPT / BERT use "
                              "0.02)"},
              seedParam(),
              {.id = "overflow",
               .type = ParamType::Choice,
               .defaultValue = std::string{"error"},
               .choices = {"error", "clamp", "repeat"},
               .description = "Positions p >= max_len: error = refuse (as a real model "
                              "does); clamp = reuse the last row; repeat = row p mod max_len "
                              "(patterns recur)"},
          },
  };
}

/// Every view of learned, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<LearnedParams>> learnedViews() {
  return {
      {.spec = {.id = "encoding",
                .title = "Learned position table T[r(p), k]",
                .xLabel = "dimension k",
                .yLabel = "position p",
                .valueLabel = "T[r(p), k]",
                .signedValues = true,
                .dimensionColumns = true,
                .randomStandIns = true,
                .description = "length x dim: row = position p, column = dimension k; the "
                               "table row r(p) = p below max_len, else per overflow; entries "
                               "N(0, std^2), no structure until trained"},
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
                .description = "length x length dot products of the rows used by p and q, "
                               "symmetric, about d std^2 on the diagonal; with overflow = "
                               "repeat the same pattern recurs every max_len positions (the "
                               "failure the seed article describes)"},
       .shape = detail::lengthByLength<LearnedParams>,
       .evaluate = learnedSimilarity,
       .explain = explainSimilarity},
      {.spec = {.id = "extrapolation",
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
}

}  // namespace

std::unique_ptr<Scheme> makeLearnedScheme() {
  // Not checked here: a hand-built set past max_len is refused by the rows it asks for.
  return detail::makeTableScheme<LearnedParams>({.info = learnedInfo(),
                                                 .read = learnedParamsFrom,
                                                 .validate = checkLearnedParams,
                                                 .views = learnedViews()});
}

}  // namespace posenc
