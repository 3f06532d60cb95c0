// SPDX-License-Identifier: GPL-3.0-or-later
// The `tupe` scheme: its description, ParamSet -> TupeParams, the cross-checks, and its views
// (what each one shows, computes and explains), on the maths of tupe.cpp.
#include <string>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/schemes/tupe/tupe.hpp"

namespace posenc {

namespace {

const MessageTemplate kEvenWhenSinusoidal{
    "even when positions = sinusoidal (p_i holds d_model/2 sines and d_model/2 cosines)"};
const MessageTemplate kMaxDistance{"greater than buckets/4 = %1 (T5 bidirectional max_exact)",
                                   "%1: buckets/4"};

using detail::Cells;

const std::string kRemoved = "  (removed in this variant)";
// Model-width vectors a request holds per row and column: x, p and their projections (6),
// plus the two tables the table cache keeps (ViewSpec).
constexpr double kWorkVectors = 8.0;

void checkTupeParams(const TupeParams& p) {
  checkHeadsDivide(p.dModel, p.heads);
  checkHeadIndex(p.head, p.heads);
  if (p.positions == TupePositions::Sinusoidal && p.dModel % 2 != 0)
    throw ParamError("d_model", std::to_string(p.dModel), Message(kEvenWhenSinusoidal));
  const Index maxExact = p.buckets / 2 / 2;
  if (p.maxDistance <= maxExact)
    throw ParamError("max_distance", std::to_string(p.maxDistance),
                     Message(kMaxDistance, {std::to_string(maxExact)}));
}

MatrixShape squareShape(const TupeParams& p) { return {p.length, p.length}; }

template <TupePart Part>
Matrix partView(const TupeParams& p, Cells rows, Cells cols) {
  return tupeTermView(p, Part, rows, cols);
}

/// The five terms of the cell as the variant names them, their sums, the offset, its bucket
/// and the [CLS] status; with the weight too for the attention view.
template <bool WithWeight>
std::vector<Term> explainCell(const TupeParams& p, Index row, Index col) {
  const Index r[1] = {row};
  const Index c[1] = {col};
  const TupeTerms t = tupeTerms(p, r, c);
  const bool cls = p.untieCls && p.variant != TupeVariant::Tied && tupeIsClsCell(row, col);
  const std::string theta = row == 0 ? "θ₁ ([CLS] row, untied)" : "θ₂ ([CLS] column, untied)";
  const bool tied = p.variant == TupeVariant::Tied;
  const bool tupe = p.variant == TupeVariant::TupeA || p.variant == TupeVariant::TupeR;
  const std::string s = tupe ? " / √(2 d_head)" : " / √d_head";
  const std::string w = tied ? "W" : "U";
  std::vector<Term> out;
  out.push_back({"cc  (xᵢW^Q) · (xⱼW^K)" + s, t.cc(0, 0)});
  out.push_back({tupe ? "cp" + kRemoved : "cp  (xᵢW^Q) · (pⱼ" + w + "^K)" + s, t.cp(0, 0)});
  out.push_back({tupe ? "pc" + kRemoved : "pc  (pᵢ" + w + "^Q) · (xⱼW^K)" + s, t.pc(0, 0)});
  std::string pp = "pp  (pᵢ" + w + "^Q) · (pⱼ" + w + "^K)" + s;
  if (p.variant == TupeVariant::UntiedCross) pp = "pp" + kRemoved;
  else if (cls) pp = "pp  " + theta;
  out.push_back({pp, t.pp(0, 0)});
  std::string bias = "bias  bⱼ₋ᵢ (unscaled)";
  if (tied || p.variant == TupeVariant::TupeA) bias = "bias" + kRemoved;
  else if (cls && tupe) bias = "bias  0 ([CLS] cell: reset with pp, paper Eq. 11)";
  else if (cls) bias = "bias  " + theta;
  out.push_back({bias, t.bias(0, 0)});
  out.push_back({"total  αᵢⱼ = cc + cp + pc + pp + bias", t.total()(0, 0)});
  out.push_back({"positional part  pp + bias", t.positional()(0, 0)});
  if (WithWeight) out.push_back({"attention  softmaxⱼ αᵢⱼ", tupeAttention(p, r, c)(0, 0)});
  out.push_back({"j − i", static_cast<double>(col - row)});
  out.push_back({"bucket of j − i", static_cast<double>(tupeBucket(p, row, col))});
  out.push_back({"[CLS] cell (1 if i = 0 or j = 0)", tupeIsClsCell(row, col) ? 1.0 : 0.0});
  if (cls) out.push_back({"untied [CLS] value  " + theta, t.positional()(0, 0)});
  return out;
}

detail::RowLength attentionRow(const TupeParams& p) {
  return {"length", std::to_string(p.length), p.length, "length"};
}

// Scheme::absentTerm of the views whose term a variant removes (its values are exactly 0).
std::string crossAbsent(const TupeParams& p) {
  if (p.variant == TupeVariant::TupeA)
    return "Variant tupe-a has no cross terms between content and position; choose tied or "
           "untied-cross";
  if (p.variant == TupeVariant::TupeR)
    return "Variant tupe-r has no cross terms between content and position; choose tied or "
           "untied-cross";
  return {};
}
std::string ppAbsent(const TupeParams& p) {
  if (p.variant == TupeVariant::UntiedCross)
    return "Variant untied-cross has no position-to-position term (the relative bias replaces "
           "it); choose tied, tupe-a or tupe-r";
  return {};
}
std::string biasAbsent(const TupeParams& p) {
  if (p.variant == TupeVariant::TupeA)
    return "Variant tupe-a has no relative bias; choose tupe-r or untied-cross";
  if (p.variant == TupeVariant::Tied)
    return "Variant tied has no relative bias; choose tupe-r or untied-cross";
  return {};
}

/// A signed term view: length x length, rows query i, columns key j.
ViewSpec termSpec(std::string id, std::string title, std::string value, std::string desc) {
  return detail::signedTermSpec(std::move(id), std::move(title), std::move(value), std::move(desc),
                                kWorkVectors);
}

}  // namespace

TupeParams tupeParamsFrom(const ParamSet& params) {
  TupeParams p;
  p.length = params.getInt("length");
  p.dModel = params.getInt("d_model");
  p.heads = params.getInt("heads");
  p.head = params.getInt("head");
  p.variant = tupeVariantFromId(params.getChoice("variant"));
  p.positions = tupePositionsFromId(params.getChoice("positions"));
  p.untieCls = params.getBool("untie_cls");
  p.buckets = params.getInt("buckets");
  p.maxDistance = params.getInt("max_distance");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.contentSeed = p.seed;
  return p;
}

// ---- The tupe scheme: description and views ---------------------------------------------

namespace {

/// What tupe is: id, name, description and parameters (the views come from tupeViews()).
SchemeInfo tupeInfo() {
  return {
      .id = "tupe",
      .name = "TUPE (Ke, He, Liu 2021)",
      .description =
          "Untied positional encoding: content and position get separate projections; "
          "the attention logit of one head split into content and position terms",
      .params =
          {
              {.id = "length",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{32},
               .min = 1,
               .max = 1048576,
               .description = "Sequence length; position 0 is the [CLS] token (the attention "
                              "view: at most 65536)"},
              {.id = "d_model",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{64},
               .min = 1,
               .max = 1024,
               .description = "Model width d_model (a multiple of heads)"},
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
              {.id = "variant",
               .type = ParamType::Choice,
               .defaultValue = std::string{"tupe-a"},
               .choices = {"tied", "tupe-a", "tupe-r", "untied-cross"},
               .description = "tied: BERT (x+p)W; tupe-a: the paper, untied, no cross terms; "
                              "tupe-r: tupe-a + T5 relative bias; untied-cross: seed article "
                              "003, cross terms kept, pp replaced by relative bias"},
              {.id = "positions",
               .type = ParamType::Choice,
               .defaultValue = std::string{"sinusoidal"},
               .choices = {"sinusoidal", "random"},
               .description = "Absolute position table p_i: sinusoidal = the sinusoidal "
                              "encoding of width d_model (interleaved sin, cos as in the "
                              "Transformer paper; d_model even), so pp shows structure from "
                              "positions; random = N(0, 1) rows, a stand-in for an untrained "
                              "learned table"},
              {.id = "untie_cls",
               .type = ParamType::Bool,
               .defaultValue = true,
               .description = "Untie [CLS] (paper Eq. 9): positional part of row 0 = theta_1, "
                              "of column 0 = theta_2 (no effect on tied)"},
              {.id = "buckets",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{32},
               .min = 4,
               .max = 1024,
               .description = "T5 bidirectional buckets of the relative bias",
               .even = true},
              {.id = "max_distance",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{128},
               .min = 2,
               .max = 1048576,
               .description = "T5 max distance: beyond it |j - i| shares the last bucket (> "
                              "buckets/4)"},
              seedParam(),
          },
  };
}

/// Every view of tupe, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<TupeParams>> tupeViews() {
  const std::string rows = " length x length, row = query i, column = key j, signed";
  return {
      {.spec = termSpec("cc", "content-to-content  cc", "cc",
                        "(x_i W^Q).(x_j W^K) / sqrt(d_head) (tied, untied-cross) or / "
                        "sqrt(2 d_head) (tupe-a, tupe-r);" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<TupePart::Cc>,
       .explain = explainCell<false>},
      {.spec = termSpec("cp", "content-to-position  cp", "cp",
                        "(x_i W^Q).(p_j W^K) / sqrt(d_head) (tied) or (x_i W^Q).(p_j U^K) / "
                        "sqrt(d_head) (untied-cross); removed in this variant (exactly 0) "
                        "for tupe-a, tupe-r;" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<TupePart::Cp>,
       .explain = explainCell<false>,
       .absent = crossAbsent},
      {.spec = termSpec("pc", "position-to-content  pc", "pc",
                        "(p_i W^Q).(x_j W^K) / sqrt(d_head) (tied) or (p_i U^Q).(x_j W^K) / "
                        "sqrt(d_head) (untied-cross); removed in this variant (exactly 0) "
                        "for tupe-a, tupe-r;" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<TupePart::Pc>,
       .explain = explainCell<false>,
       .absent = crossAbsent},
      {.spec = termSpec("pp", "position-to-position  pp", "pp",
                        "(p_i W^Q).(p_j W^K) / sqrt(d_head) (tied), (p_i U^Q).(p_j U^K) / "
                        "sqrt(2 d_head) (tupe-a, tupe-r; with untie_cls row 0 = theta_1, "
                        "rest of column 0 = theta_2); removed in this variant (exactly 0) "
                        "for untied-cross;" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<TupePart::Pp>,
       .explain = explainCell<false>,
       .absent = ppAbsent},
      {.spec = termSpec("bias", "relative bias  bⱼ₋ᵢ", "bias",
                        "b[bucket(j - i)] from T5 bidirectional buckets, unscaled (tupe-r, "
                        "untied-cross); with untie_cls 0 in the [CLS] row and column "
                        "(tupe-r; the official code adds two extra buckets there) or "
                        "theta_1 / theta_2 (untied-cross); removed in this variant (exactly "
                        "0) for tied, tupe-a;" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<TupePart::Bias>,
       .explain = explainCell<false>,
       .absent = biasAbsent},
      {.spec = termSpec("total", "attention logit  αᵢⱼ", "αᵢⱼ",
                        "cc + cp + pc + pp + bias, the logit before softmax;" + rows),
       .shape = squareShape,
       .evaluate = partView<TupePart::Total>,
       .explain = explainCell<false>},
      {.spec = {.id = "attention",
                .title = "attention weights  softmaxⱼ αᵢⱼ",
                .xLabel = "key position j",
                .yLabel = "query position i",
                .valueLabel = "weight",
                .maxRowLength = kTupeAttentionMaxKeys,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "row-wise softmax of the total over all keys j; each row "
                               "sums to 1; length x length, row = query i, column = key j, "
                               "in (0, 1]; length at most 65536 (a weight needs its whole "
                               "row)"},
       .shape = squareShape,
       .evaluate = tupeAttention,
       .explain = explainCell<true>,
       .rowLength = attentionRow},
      {.spec = termSpec("positional", "positional part  pp + bias", "pp + bias",
                        "the content-independent part of the logit: pp + bias (the paper's "
                        "positional correlation v_ij); [CLS] row theta_1 and column theta_2 "
                        "with untie_cls;" +
                            rows),
       .shape = squareShape,
       .evaluate = partView<TupePart::Positional>,
       .explain = explainCell<false>},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeTupeScheme() {
  return detail::makeTableScheme<TupeParams>({.info = tupeInfo(),
                                              .read = tupeParamsFrom,
                                              .validate = checkTupeParams,
                                              .views = tupeViews()});
}

}  // namespace posenc
