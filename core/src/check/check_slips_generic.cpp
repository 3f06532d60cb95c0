// SPDX-License-Identifier: GPL-3.0-or-later
// The slips every scheme can have (check_diagnosis.hpp genericSlips): another value of a
// choice or flag, positions shifted by one, the transpose, the sign, a scalar factor, a
// constant per row, another base (estimated from yours) and rounding to a narrower type.
#include <algorithm>
#include <cmath>
#include <exception>

#include "base/scheme_hooks.hpp"
#include "check/check_diagnosis.hpp"

namespace posenc::detail {

const MessageTemplate kRowsShiftedHeadline{"Your positions are shifted by one (they start at 1?)"};
const MessageTemplate kColsShiftedHeadline{"Your key positions are shifted by one"};
const MessageTemplate kTransposeHeadline{"Yours is ours transposed (i − j for j − i)"};
const MessageTemplate kRowsFromOneDetail{
    "Your row i holds ours at position i + 1: your positions start at 1 where ours start at 0 "
    "(use positions = arange(0, L))."};
const MessageTemplate kColsFromOneDetail{
    "Your column j holds ours at key position j + 1: your key positions start at 1 where ours "
    "start at 0 (use arange(0, L))."};

const MessageTemplate kChoiceHeadline{"Yours matches another value of %1",
                                      "%1: a parameter's id (causal, bidirectional, ...)"};
const MessageTemplate kChoiceDetail{"Yours matches %1=%2; ours has %1=%3: set %1=%2.",
                                    "%1: a parameter's id; %2: your value; %3: ours"};

namespace {

const MessageTemplate kRowsBehindHeadline{"Your positions are one behind ours"};
const MessageTemplate kRowsBehindDetail{
    "Your row i holds ours at position i − 1: your positions are one behind ours (row 0 must be "
    "position 0)."};
const MessageTemplate kColsBehindDetail{
    "Your column j holds ours at key position j − 1: your key positions are one behind ours "
    "(column 0 must be position 0)."};
const MessageTemplate kTransposeDetail{
    "Yours is ours transposed (your cell (i, j) holds ours at (j, i)): rows are %1 and columns "
    "%2, so you used the opposite difference (i − j for j − i, or the reverse); transpose yours "
    "or swap the roles.",
    "%1: the view's row label; %2: its column label (\"query position i\", ...)"};
const MessageTemplate kSignHeadline{"Yours has the opposite sign"};
const MessageTemplate kSignDetail{
    "Yours is ours with the opposite sign (yours = −ours): for a relative bias or offset you used "
    "i − j where ours is j − i, or dropped a minus; negate yours."};
const MessageTemplate kScaleHeadline{"Yours is ours times a constant factor"};
const MessageTemplate kScaleDetail{
    "Yours is ours times k = %1 in every cell: a factor applied where ours has none (or missing "
    "where ours has one), e.g. a scale, a temperature or 1/sqrt(d).",
    "%1: the factor k"};
const MessageTemplate kRowOffsetHeadline{
    "Yours adds a constant to each row (softmax cannot tell them apart)"};
const MessageTemplate kRowOffsetDetail{
    "Yours is ours plus a constant in each row (row %1 adds %2): softmax over a row's keys "
    "cannot tell the two apart, so attention is the same (BLOOM's build_alibi_tensor adds m·j "
    "instead of −m(i − j)); subtract each row's offset to compare.",
    "%1: the last row's index; %2: the constant it adds"};

/// Values taken from the report's ours, transformed cell by cell; with `columns`, yours'
/// column c is ours' column columns[c].
template <typename F>
CellValues fromOurs(const DiagnosisContext& ctx, F f, std::vector<Index> columns = {}) {
  const Matrix* ours = &ctx.report.ours;
  return [ours, f, map = std::move(columns)](std::span<const Index> rows,
                                             std::span<const Index> cols) {
    Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
    std::vector<Index> source(cols.begin(), cols.end());
    if (!map.empty())
      for (Index& c : source) c = map[static_cast<std::size_t>(c)];
    for (std::size_t a = 0; a < rows.size(); ++a)
      for (std::size_t b = 0; b < cols.size(); ++b)
        out(static_cast<Index>(a), static_cast<Index>(b)) = f((*ours)(rows[a], source[b]), rows[a]);
    return out;
  };
}

void addChoiceFlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  for (const ParamSpec& spec : ctx.scheme.info().params) {
    std::vector<std::string> others;
    if (spec.type == ParamType::Choice) others = spec.choices;
    if (spec.type == ParamType::Bool) others = {"true", "false"};
    if (others.empty()) continue;
    const std::string ours = formatValue(ctx.params.get(spec.id));
    for (const std::string& v : others) {
      ParamSet p;
      if (v == ours || !withParam(ctx.scheme, ctx.params, spec.id, v, p)) continue;
      SlipCandidate c{spec.id, Message(kChoiceHeadline, {spec.id}),
                      Message(kChoiceDetail, {spec.id, v, ours}), spec.id + "=" + v,
                      recomputeWith(ctx, p)};
      if (const auto refine = hooksOf(ctx.scheme).slips.choice) refine(ctx, spec.id, v, ours, c);
      out.push_back(std::move(c));
    }
  }
}

/// yours(i, j) = ours(i + dr, j + dc), one of dr, dc zero: taken from the report's ours inside
/// the compared region, computed outside it (past the view's last row or column with length
/// + 1; before position 0 there is no value).
CellValues shifted(const DiagnosisContext& ctx, Index dr, Index dc) {
  ParamSet longer = ctx.params;
  if (ctx.params.has("length")) {
    const std::string more = std::to_string(ctx.params.getInt("length") + 1);
    if (!withParam(ctx.scheme, ctx.params, "length", more, longer)) longer = ctx.params;
  }
  const Scheme* scheme = &ctx.scheme;
  const ViewSpec* view = &ctx.view;
  const CheckReport* rep = &ctx.report;
  return [scheme, view, rep, dr, dc, longer](std::span<const Index> rows,
                                             std::span<const Index> cols) {
    const Matrix& ours = rep->ours;
    Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
    // Along the shifted axis: the indices whose source is outside the region, computed.
    const bool alongRows = dr != 0;
    const std::span<const Index> axis = alongRows ? rows : cols;
    const Index size = alongRows ? ours.rows() : ours.cols();
    const Index shift = alongRows ? dr : dc;
    std::vector<Index> outside, at;
    for (std::size_t k = 0; k < axis.size(); ++k) {
      const Index src = axis[k] + shift;
      if (src >= 0 && src < size) {
        for (std::size_t o = 0; o < (alongRows ? cols.size() : rows.size()); ++o) {
          const auto a = static_cast<Index>(alongRows ? k : o);
          const auto b = static_cast<Index>(alongRows ? o : k);
          out(a, b) = alongRows ? ours(src, cols[o]) : ours(rows[o], src);
        }
      } else {
        outside.push_back(src + (alongRows ? rep->rowStart : rep->colStart));
        at.push_back(static_cast<Index>(k));
      }
    }
    if (outside.empty()) return out;
    const std::vector<Index> other =
        absolute(alongRows ? cols : rows, alongRows ? rep->colStart : rep->rowStart);
    const Matrix v = alongRows ? viewValuesAt(*scheme, longer, *view, outside, other)
                               : Matrix(viewValuesAt(*scheme, longer, *view, other, outside));
    for (std::size_t k = 0; k < at.size(); ++k) {
      if (alongRows) out.row(at[k]) = v.row(static_cast<Index>(k));
      else out.col(at[k]) = v.col(static_cast<Index>(k));
    }
    return out;
  };
}

void addShifts(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (ctx.view.kind != ViewKind::Matrix) return;
  // Starting at 1 first: on a relative matrix (a function of j - i) a row one behind and a
  // column one ahead are the same numbers, and counting from 1 is the usual slip.
  const bool keys = !ctx.view.dimensionColumns;
  out.push_back({"rows_shifted", Message(kRowsShiftedHeadline), Message(kRowsFromOneDetail), "",
                 shifted(ctx, 1, 0)});
  if (keys)
    out.push_back({"cols_shifted", Message(kColsShiftedHeadline), Message(kColsFromOneDetail), "",
                   shifted(ctx, 0, 1)});
  out.push_back({"rows_shifted", Message(kRowsBehindHeadline), Message(kRowsBehindDetail), "",
                 shifted(ctx, -1, 0)});
  if (keys)
    out.push_back({"cols_shifted", Message(kColsShiftedHeadline), Message(kColsBehindDetail), "",
                   shifted(ctx, 0, -1)});
}

void addTranspose(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (ctx.view.kind != ViewKind::Matrix || ctx.view.dimensionColumns) return;
  const MatrixShape full = ctx.scheme.shape(ctx.params, ctx.view.id);
  if (full.rows != full.cols) return;
  const Scheme* scheme = &ctx.scheme;
  const ViewSpec* view = &ctx.view;
  const ParamSet params = ctx.params;
  const Index r0 = ctx.report.rowStart;
  const Index c0 = ctx.report.colStart;
  CellValues values = [scheme, view, params, r0, c0](std::span<const Index> rows,
                                                     std::span<const Index> cols) {
    return Matrix(
        viewValuesAt(*scheme, params, *view, absolute(cols, c0), absolute(rows, r0)).transpose());
  };
  Message detail =
      slipDetail(ctx, "transpose", Message(kTransposeDetail, {ctx.view.yLabel, ctx.view.xLabel}));
  out.push_back(
      {"transpose", Message(kTransposeHeadline), std::move(detail), "", std::move(values)});
}

void addSign(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  Message detail = slipDetail(ctx, "sign", Message(kSignDetail));
  out.push_back({"sign", Message(kSignHeadline), std::move(detail), "",
                 fromOurs(ctx, [](double o, Index) { return -o; })});
}

/// Least-squares factor k with yours = k ours on the sample (0 when undefined).
double fittedFactor(const DiagnosisContext& ctx) {
  double yo = 0, oo = 0;
  for (Index j = 0; j < ctx.ours.cols(); ++j)
    for (Index i = 0; i < ctx.ours.rows(); ++i) {
      const double o = ctx.ours(i, j), y = ctx.yours(i, j);
      if (!std::isfinite(o) || !std::isfinite(y)) continue;
      yo += y * o;
      oo += o * o;
    }
  return oo > 0 && std::isfinite(yo / oo) ? yo / oo : 0.0;
}

/// `v` with the fewest significant digits (1 .. 7) within `rel` of it.
double roundNumber(double v, double rel) {
  for (int digits = 1; digits <= 7; ++digits) {
    const double r = roundSignificant(v, digits);
    if (std::abs(r - v) <= rel * std::abs(v)) return r;
  }
  return v;
}

void addScale(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  double k = fittedFactor(ctx);
  if (k == 0 || std::abs(k - 1) < 1e-9 || std::abs(k + 1) < 1e-9) return;
  // A round factor when the fit is one to float64 rounding; the fit itself otherwise.
  const double round = roundNumber(k, 1e-12);
  if (round != k) k = round;
  SlipCandidate c{"scale", Message(kScaleHeadline), Message(kScaleDetail, {slipNumber(k)}), ""};
  SlipCandidate named;
  if (nameFactor(ctx, k, named)) {
    c.id = named.id;
    c.headline = named.headline;
    c.detail = named.detail;
    c.setting = named.setting;
  }
  c.values = fromOurs(ctx, [k](double o, Index) { return k * o; });
  out.push_back(std::move(c));
}

/// yours = ours + c_i per row (softmax cannot tell): c_i the mean offset of row i over the
/// sampled columns.
void addRowOffset(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (ctx.view.kind != ViewKind::Matrix || ctx.view.dimensionColumns || ctx.cols.size() < 4) return;
  const CheckReport& r = ctx.report;
  std::vector<double> offset(static_cast<std::size_t>(r.ours.rows()), 0.0);
  bool nonZero = false;
  for (Index i = 0; i < r.ours.rows(); ++i) {
    double sum = 0;
    Index n = 0;
    for (const Index j : ctx.cols) {
      const double d = r.yours(i, j) - r.ours(i, j);
      if (std::isfinite(d)) {
        sum += d;
        ++n;
      }
    }
    offset[static_cast<std::size_t>(i)] = n > 0 ? sum / static_cast<double>(n) : 0.0;
    nonZero = nonZero || offset[static_cast<std::size_t>(i)] != 0;
  }
  if (!nonZero) return;
  out.push_back({"row_offset", Message(kRowOffsetHeadline),
                 Message(kRowOffsetDetail, {std::to_string(r.ours.rows() - 1 + r.rowStart),
                                            slipNumber(offset.back())}),
                 "", fromOurs(ctx, [offset](double o, Index i) {
                   return o + offset[static_cast<std::size_t>(i)];
                 })});
}

}  // namespace

Index wholeEvenRows(const DiagnosisContext& ctx) {
  const CheckReport& r = ctx.report;
  if (ctx.view.kind != ViewKind::Matrix) return 0;
  const Index d = ctx.scheme.shape(ctx.params, ctx.view.id).cols;
  if (r.colStart != 0 || r.ours.cols() != d || d % 2 != 0) return 0;
  return d;
}

CellValues oursReordered(const DiagnosisContext& ctx, std::vector<Index> columns) {
  return fromOurs(
      ctx, [](double o, Index) { return o; }, std::move(columns));
}

std::vector<SlipCandidate> genericSlips(const DiagnosisContext& ctx) {
  std::vector<SlipCandidate> out;
  // Each maker on its own: one that cannot run for this view leaves the others' slips.
  for (auto* make : {&addChoiceFlips, &addShifts, &addTranspose, &addSign, &addBaseSlip,
                     &addRowOffset, &addRoundingSlips, &addScale}) {
    try {
      make(ctx, out);
    } catch (const std::exception&) {
      continue;
    }
  }
  return out;
}

}  // namespace posenc::detail
