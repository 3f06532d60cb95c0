// SPDX-License-Identifier: GPL-3.0-or-later
// The `xl` scheme: its description, ParamSet -> XlParams, the cross-checks, and its views
// (what each one shows, computes and explains), on the maths of transformer_xl.cpp.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "base/view_table.hpp"
#include "posenc/schemes/xl/transformer_xl.hpp"
#include "schemes/xl/xl_hooks.hpp"

namespace posenc {

namespace {

const MessageTemplate kEvenWhenSinusoidal{
    "even when relative = sinusoidal (R_delta holds d_model/2 sines and d_model/2 cosines)"};
const MessageTemplate kIndexRange{"0 .. %1", "%1: the last index"};

using detail::Cells;

const char* const kKeyAxis = "key position j (j < mlen: memory)";
const char* const kQueryAxis = "query i (position mlen + i)";
// Model-width vectors a term or attention request holds per row and column: content rows,
// projections and R rows (6), plus the tables the table cache keeps (ViewSpec).
constexpr double kWorkVectors = 8.0;

void checkXlParams(const XlParams& p) {
  checkHeadsDivide(p.dModel, p.heads);
  checkHeadIndex(p.head, p.heads);
  if (p.relative == XlRelative::Sinusoidal && p.dModel % 2 != 0)
    throw ParamError("d_model", std::to_string(p.dModel), Message(kEvenWhenSinusoidal));
  if (!p.uTable.empty()) (void)xlHeadBias(p, XlBias::U);
  if (!p.vTable.empty()) (void)xlHeadBias(p, XlBias::V);
}

/// Which tensors of the readout are a checkpoint's and which random stand-ins (shown once a
/// file is given, so a readout never passes a stand-in off as trained).
void appendProvenance(const XlParams& p, std::vector<Term>& terms) {
  if (p.uTable.empty() && p.vTable.empty()) return;
  terms.push_back(
      {"u = r_w_bias from the file (1) or a random stand-in (0)", p.uTable.empty() ? 0.0 : 1.0});
  terms.push_back(
      {"v = r_r_bias from the file (1) or a random stand-in (0)", p.vTable.empty() ? 0.0 : 1.0});
  terms.push_back(
      {"content h, W_q, W_k, W_R: random stand-ins, seed", static_cast<double>(p.seed)});
}

/// @throws ParamError("row" or "col", ...) for a cell outside the q_len x k_len matrix.
void checkCell(const XlParams& p, Index row, Index col) {
  if (row < 0 || row >= p.qlen)
    throw ParamError("row", std::to_string(row),
                     Message(kIndexRange, {std::to_string(p.qlen - 1)}));
  if (col < 0 || col >= xlKeyLength(p))
    throw ParamError("col", std::to_string(col),
                     Message(kIndexRange, {std::to_string(xlKeyLength(p) - 1)}));
}

void checkCells(const XlParams& p, Cells rows, Cells cols) {
  for (Index r : rows) checkCell(p, r, 0);
  for (Index c : cols) checkCell(p, 0, c);
}

MatrixShape segmentShape(const XlParams& p) { return {p.qlen, xlKeyLength(p)}; }

Term distanceTerm(const XlParams& p, Index row, Index col) {
  return {"distance δ = i + mlen − j", static_cast<double>(p.mlen + row - col)};
}

template <XlTerm T>
Matrix termView(const XlParams& p, Cells rows, Cells cols) {
  checkCells(p, rows, cols);
  return xlTermCells(p, T, rows, cols);
}

Matrix maskView(const XlParams& p, Cells rows, Cells cols) {
  checkCells(p, rows, cols);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (Index a = 0; a < out.rows(); ++a)
    for (Index b = 0; b < out.cols(); ++b)
      out(a, b) =
          xlIsMasked(rows[static_cast<std::size_t>(a)], cols[static_cast<std::size_t>(b)], p.mlen)
              ? 0.0
              : 1.0;
  return out;
}

Matrix attentionView(const XlParams& p, Cells rows, Cells cols) {
  checkCells(p, rows, cols);
  return xlAttentionCells(p, rows, cols);
}

/// The hover readout of term views: the four terms and their sums, each from xlTermCells on
/// the one cell, so "score" is exactly the value the scores view draws.
std::vector<Term> explainTerms(const XlParams& p, Index i, Index j) {
  checkCell(p, i, j);
  if (xlIsMasked(i, j, p.mlen))
    return {{"masked: key j > i + mlen (in the future)", 1.0}, distanceTerm(p, i, j)};
  const Index delta = p.mlen + i - j;
  const Index lookup = xlLookupDistance(p, delta);
  const Index r[1] = {i};
  const Index c[1] = {j};
  auto cell = [&](XlTerm t) { return xlTermCells(p, t, r, c)(0, 0); };
  std::vector<Term> terms = {{"(a) qᵢ · kⱼ / √d_head", cell(XlTerm::A)},
                             {"(b) qᵢ · r[δ] / √d_head", cell(XlTerm::B)},
                             {"(c) u · kⱼ / √d_head", cell(XlTerm::C)},
                             {"(d) v · r[δ] / √d_head", cell(XlTerm::D)},
                             {"score = (a) + (b) + (c) + (d)", cell(XlTerm::Scores)},
                             {"AC = (a) + (c)", cell(XlTerm::AC)},
                             {"BD = (b) + (d)", cell(XlTerm::BD)},
                             distanceTerm(p, i, j),
                             {"δ used for R (after clamping)", static_cast<double>(lookup)},
                             {"clamped (1 = yes)", lookup != delta ? 1.0 : 0.0}};
  appendProvenance(p, terms);
  return terms;
}

std::vector<Term> explainMask(const XlParams& p, Index row, Index col) {
  checkCell(p, row, col);
  return {{"attended (1) or masked (0)", xlIsMasked(row, col, p.mlen) ? 0.0 : 1.0},
          distanceTerm(p, row, col)};
}

/// The row's scores (every attended key), their log-sum-exp and the weight.
std::vector<Term> explainAttention(const XlParams& p, Index row, Index col) {
  checkCell(p, row, col);
  if (xlIsMasked(row, col, p.mlen))
    return {{"masked: key j > i + mlen (in the future)", 1.0}, distanceTerm(p, row, col)};
  std::vector<Index> keys(static_cast<std::size_t>(row + p.mlen + 1));
  for (Index j = 0; j < static_cast<Index>(keys.size()); ++j) keys[static_cast<std::size_t>(j)] = j;
  const Index r[1] = {row};
  const Index c[1] = {col};
  const Matrix scores = xlTermCells(p, XlTerm::Scores, r, keys);
  const double mx = scores.maxCoeff();
  const double sum = (scores.array() - mx).exp().sum();
  const double lse = mx + std::log(sum);
  return {{"score sᵢⱼ", scores(0, col)},
          {"row log-sum-exp  log Σⱼ exp(sᵢⱼ)", lse},
          {"attention = exp(sᵢⱼ − log-sum-exp)", xlAttentionCells(p, r, c)(0, 0)},
          distanceTerm(p, row, col)};
}

detail::RowLength attentionRow(const XlParams& p) {
  return {"qlen", std::to_string(p.qlen), xlKeyLength(p),
          "q_len + mlen = " + std::to_string(p.qlen) + " + " + std::to_string(p.mlen) + " = k_len"};
}

/// Curves over q_len = 1 .. max(1024, qlen) at the current mlen and d_head: both grow as
/// q_len * k_len, but the rel-shift copy holds scalars where the explicit tensor holds
/// d_head-vectors, so it is about d_head times smaller. The current q_len and the seed
/// article's two figures (head_dim 64, k_len = q_len) are marked as points.
SeriesResult memorySeries(const XlParams& p) {
  const Index last = std::max<Index>(1024, p.qlen);
  const Index dHead = xlHeadDim(p);
  const std::string shape =
      "k_len = q_len + " + std::to_string(p.mlen) + ", d_head = " + std::to_string(dHead);
  SeriesResult out;
  out.curves = {{"explicit [q_len, k_len, d_head] tensor (" + shape + ")", {}, CurveStyle::Line},
                {"rel-shift extra: r and the padded copy (" + shape + ")", {}, CurveStyle::Line},
                {"current q_len = " + std::to_string(p.qlen), {}, CurveStyle::Points},
                {"seed article: explicit tensor at head_dim 64 (67 MB, 268 MB)",
                 {},
                 CurveStyle::Points}};
  // Every q_len up to 4096; beyond, 4096 steps plus the marked points (a million-token
  // segment would otherwise make a million-point chart of two smooth curves).
  const Index step = std::max<Index>(1, last / 4096);
  for (Index q = 1; q <= last; ++q) {
    if (q % step != 0 && q != 1 && q != last && q != p.qlen && q != 512 && q != 1024) continue;
    const XlMemory m = xlMemoryBytes(q, q + p.mlen, dHead);
    out.x.push_back(static_cast<double>(q));
    out.curves[0].y.push_back(m.explicitBytes);
    out.curves[1].y.push_back(m.relShiftBytes);
    out.curves[2].y.push_back(q == p.qlen ? m.explicitBytes : kMasked);
    out.curves[3].y.push_back(q == 512 || q == 1024 ? xlMemoryBytes(q, q, 64).explicitBytes
                                                    : kMasked);
  }
  return out;
}

}  // namespace

XlParams xlParamsFrom(const ParamSet& params) {
  XlParams p;
  p.qlen = static_cast<int>(params.getInt("qlen"));
  p.mlen = static_cast<int>(params.getInt("mlen"));
  p.dModel = static_cast<int>(params.getInt("d_model"));
  p.heads = static_cast<int>(params.getInt("heads"));
  p.head = static_cast<int>(params.getInt("head"));
  p.clampLen = static_cast<int>(params.getInt("clamp_len"));
  p.relative =
      params.getChoice("relative") == "learned" ? XlRelative::Learned : XlRelative::Sinusoidal;
  p.maxLen = static_cast<int>(params.getInt("max_len"));
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.uTable = params.getText("u_table");
  p.vTable = params.getText("v_table");
  return p;
}

// ---- The xl scheme: description and views -----------------------------------------------

namespace {

/// What xl is: id, name, description and parameters (the views come from xlViews()).
SchemeInfo xlInfo() {
  return {
      .id = "xl",
      .name = "Transformer-XL relative attention (Dai et al. 2019)",
      .description =
          "One head's attention logits split into the four terms (a) q·k, (b) q·r, (c) "
          "u·k, (d) v·r over a segment plus memory; equal to the reference's rel-shift "
          "computation, evaluated for the cells on screen; u and v are a checkpoint's "
          "r_w_bias / r_r_bias when u_table / v_table name them, the content and W_q, W_k, "
          "W_R are always random stand-ins from seed",
      .params =
          {
              {.id = "qlen",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{16},
               .min = 1,
               .max = kXlMaxSegment,
               .description = "Query length q_len: tokens of the current segment h"},
              {.id = "mlen",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{0},
               .min = 0,
               .max = kXlMaxSegment,
               .description = "Memory length mlen: cached hidden states of the previous "
                              "segment (keys only); k_len = mlen + q_len"},
              {.id = "d_model",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{64},
               .min = 2,
               .max = 1024,
               .description = "Model width d_model; a multiple of heads; even when relative = "
                              "sinusoidal"},
              {.id = "heads",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{4},
               .min = 1,
               .max = 64,
               .description = "Number of heads; d_head = d_model / heads"},
              {.id = "head",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{0},
               .min = 0,
               .max = 63,
               .description = "Head shown, 0 .. heads-1"},
              {.id = "clamp_len",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{0},
               .min = 0,
               .max = 1048576,
               .description = "Distances above clamp_len use R_clamp_len (the reference's "
                              "clamp_len); 0 = none"},
              {.id = "relative",
               .type = ParamType::Choice,
               .defaultValue = std::string{"sinusoidal"},
               .choices = {"sinusoidal", "learned"},
               .description = "R_delta: sinusoidal (the paper, concatenated sin|cos, base "
                              "10000) or learned (the seed article's table of 2 max_len - 1 "
                              "rows)"},
              {.id = "max_len",
               .type = ParamType::Int,
               .defaultValue = std::int64_t{512},
               .min = 1,
               .max = kXlMaxLen,
               .description = "relative = learned: table rows for delta in -(max_len-1) .. "
                              "max_len-1; larger distances are clamped to max_len - 1"},
              textParam("u_table",
                        "Trained u (r_w_bias), FILE or FILE:NAME, heads x d_head; row `head` "
                        "is used in term (c); empty: a random stand-in from seed"),
              textParam("v_table",
                        "Trained v (r_r_bias), FILE or FILE:NAME, heads x d_head; row `head` "
                        "is used in term (d); empty: a random stand-in from seed"),
              seedParam(),
          },
  };
}

/// Every view of xl, in display order: its spec and the functions that compute it.
std::vector<detail::ViewEntry<XlParams>> xlViews() {
  const std::string shapeText =
      "q_len x k_len, row = query i, col = key j, delta = i + mlen - j; signed; masked "
      "(j > i + mlen) cells empty";
  const std::string scaled = " / sqrt(d_head); " + shapeText;
  return {
      {.spec = {.id = "a",
                .title = "(a) content-content  qᵢ · kⱼ / √d_head",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "(a)",
                .signedValues = true,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "Term (a): content query against content key q_i . k_j" + scaled},
       .shape = segmentShape,
       .evaluate = termView<XlTerm::A>,
       .explain = explainTerms},
      {.spec = {.id = "b",
                .title = "(b) content-position  qᵢ · r[i + mlen − j] / √d_head",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "(b)",
                .signedValues = true,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "Term (b): content query against relative position q_i . "
                               "r_delta" +
                               scaled},
       .shape = segmentShape,
       .evaluate = termView<XlTerm::B>,
       .explain = explainTerms},
      {.spec = {.id = "c",
                .title = "(c) global content bias  u · kⱼ / √d_head",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "(c)",
                .signedValues = true,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "Term (c): global bias u against content key u . k_j (same "
                               "in every row)" +
                               scaled},
       .shape = segmentShape,
       .evaluate = termView<XlTerm::C>,
       .explain = explainTerms},
      {.spec = {.id = "d",
                .title = "(d) global position bias  v · r[i + mlen − j] / √d_head",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "(d)",
                .signedValues = true,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "Term (d): global bias v against relative position v . "
                               "r_delta (constant along diagonals)" +
                               scaled},
       .shape = segmentShape,
       .evaluate = termView<XlTerm::D>,
       .explain = explainTerms},
      {.spec = {.id = "ac",
                .title = "AC = (qᵢ + u) · kⱼ / √d_head",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "(a) + (c)",
                .signedValues = true,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description =
                    "Content part AC = (a) + (c), as the reference computes it" + scaled},
       .shape = segmentShape,
       .evaluate = termView<XlTerm::AC>,
       .explain = explainTerms},
      {.spec = {.id = "bd",
                .title = "BD = (qᵢ + v) · r[i + mlen − j] / √d_head",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "(b) + (d)",
                .signedValues = true,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "Position part BD = (b) + (d): the reference's _rel_shift((q "
                               "+ v) r^T) (equal to it, tested), evaluated for the cells "
                               "drawn" +
                               scaled},
       .shape = segmentShape,
       .evaluate = termView<XlTerm::BD>,
       .explain = explainTerms},
      {.spec = {.id = "scores",
                .title = "Attention logits  (a) + (b) + (c) + (d)",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "score",
                .signedValues = true,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "Logits (AC + BD) / sqrt(d_head), the causal mask applied "
                               "after summing; " +
                               shapeText},
       .shape = segmentShape,
       .evaluate = termView<XlTerm::Scores>,
       .explain = explainTerms},
      {.spec = {.id = "mask",
                .title = "Causal mask over segment + memory  (1 = attended)",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "attended",
                .integerValues = true,
                .description = "1 where key j <= i + mlen (attended), 0 where j > i + mlen "
                               "(masked); q_len x k_len, row = query i, col = key j"},
       .shape = segmentShape,
       .evaluate = maskView,
       .explain = explainMask},
      {.spec = {.id = "attention",
                .title = "Attention weights  softmax over keys",
                .xLabel = kKeyAxis,
                .yLabel = kQueryAxis,
                .valueLabel = "probability",
                .maxRowLength = kXlAttentionMaxKeys,
                .vectorsPerPosition = kWorkVectors,
                .randomStandIns = true,
                .description = "softmax of the scores over the unmasked keys of each row "
                               "(rows sum to 1); q_len x k_len, masked cells empty; k_len "
                               "at most 65536 (a weight needs its whole row)"},
       .shape = segmentShape,
       .evaluate = attentionView,
       .explain = explainAttention,
       .rowLength = attentionRow},
      {.spec = {.id = "memory",
                .title = "Memory of the relative-position term: explicit tensor vs "
                         "rel-shift",
                .xLabel = "query length q_len",
                .yLabel = "bytes per head (float32)",
                .logY = true,
                .description =
                    "float32 bytes per head, batch 1, over q_len = 1..max(1024, qlen) at "
                    "the current mlen and d_head: the explicit [q_len, k_len, d_head] "
                    "tensor of r vectors vs the rel-shift trick's extra r (k_len x d_head) "
                    "and padded q_len x (k_len+1) copy of scalars, about d_head times "
                    "smaller; points mark the current q_len and the seed article's figures "
                    "at head_dim 64 (512: 67,108,864 B ~ 67 MB; 1024: 268,435,456 B ~ 268 "
                    "MB)"},
       .series = memorySeries},
  };
}

}  // namespace

std::unique_ptr<Scheme> makeXlScheme() {
  return detail::makeTableScheme<XlParams>({.info = xlInfo(),
                                            .read = xlParamsFrom,
                                            .validate = checkXlParams,
                                            .views = xlViews(),
                                            .hooks = {.model = detail::xlModel()}});
}

}  // namespace posenc
