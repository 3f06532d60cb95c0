// SPDX-License-Identifier: GPL-3.0-or-later
// The diagnosis of a shape that differs from ours (check_diagnosis.hpp diagnoseShape): yours
// transposed, or one row longer or shorter (positions starting at 1, another length), each
// checked on the values.
#include <cmath>
#include <exception>
#include <functional>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "base/scheme_hooks.hpp"
#include "check/check_diagnosis.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kTransposedShapeDetail{
    "Yours has shape %1, ours %2: yours is ours transposed (ours has rows = %3, columns = %4); "
    "transpose yours (.T).",
    "%1, %2: shapes as (rows, columns); %3, %4: the view's row and column labels"};
const MessageTemplate kRowsFromOneShapeDetail{
    "Yours has %1 rows, ours %2, and your row i holds ours at position i + 1: your positions "
    "start at 1 where ours start at 0 (use positions = arange(0, L)).",
    "%1: your rows; %2: ours"};
const MessageTemplate kLengthHeadline{"Your array has one row more or less (another length)"};
const MessageTemplate kLengthDetail{
    "Yours has %1 rows, ours %2, and they agree on the positions both have: your length is %1: "
    "set length=%1.",
    "%1: your rows (your length); %2: ours"};

struct Shape2 {
  Index rows = 0;
  Index cols = 0;
};

/// rows x cols after dropping leading dimensions of size 1 (check.cpp's rule); {0, 0} when
/// more than two remain.
Shape2 matrixShapeOf(const std::vector<std::int64_t>& shape) {
  std::size_t first = 0;
  while (shape.size() - first > 2 && shape[first] == 1) ++first;
  const std::size_t dims = shape.size() - first;
  if (dims == 1) return {1, shape[first]};
  if (dims == 2) return {shape[first], shape[first + 1]};
  return {};
}

std::string shapeText(Index rows, Index cols) {
  return "(" + std::to_string(rows) + ", " + std::to_string(cols) + ")";
}

/// A slip of the shape, its scores to be filled.
Slip shapeSlip(std::string id, Message headline, Message detail, std::string setting) {
  SlipCandidate c{std::move(id), std::move(headline), std::move(detail), std::move(setting)};
  return slipOf(c);
}

/// Cells of `theirs` (rows x cols, NaN-masked) that yours matches, yours read by `at`.
template <typename At>
Slip scoreAgainst(const Matrix& theirs, const Tolerance& tol, At at, Slip s) {
  Index compared = 0, matched = 0;
  double maxAbs = 0;
  for (Index i = 0; i < theirs.rows(); ++i)
    for (Index j = 0; j < theirs.cols(); ++j) {
      const double o = theirs(i, j);
      if (std::isnan(o)) continue;
      const double y = at(i, j);
      const double err = std::isnan(y) ? INFINITY : std::abs(y - o);
      ++compared;
      if (err <= tol.atol + tol.rtol * std::abs(o)) ++matched;
      if (!(err <= maxAbs)) maxAbs = err;
    }
  s.matchedShare = compared > 0 ? static_cast<double>(matched) / static_cast<double>(compared) : 0;
  s.maxAbsError = maxAbs;
  s.explains = compared > 0 && matched == compared;
  return s;
}

/// Ours at absolute rows r0 .. r0 + n - 1 (asked with length + 1 past the end) and the
/// report's columns; empty when a row is before 0 or the view refuses.
Matrix oursRows(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                const CheckReport& r, Index r0, Index n) {
  if (r0 < 0) return {};
  std::vector<Index> rows(static_cast<std::size_t>(n)),
      cols(static_cast<std::size_t>(r.oursShape.cols));
  for (Index i = 0; i < n; ++i) rows[static_cast<std::size_t>(i)] = r0 + i;
  for (Index j = 0; j < r.oursShape.cols; ++j) cols[static_cast<std::size_t>(j)] = r.colStart + j;
  ParamSet p = params;
  if (params.has("length")) {
    ParamSet longer;
    if (withParam(scheme, params, "length", std::to_string(params.getInt("length") + 1), longer))
      p = longer;
  }
  try {
    const Matrix v = viewValuesAt(scheme, p, view, rows, cols);
    return v.hasNaN() && v.array().isNaN().all() ? Matrix{} : v;
  } catch (const std::exception&) {
    return {};
  }
}

/// Another value of a choice or flag of the scheme under which the view has yours' shape and
/// values (RoPE's plain partial rotary, d_rot columns, for proportional, the whole head dim):
/// the scheme's choice hook names it. Only when the check covers the whole view.
std::optional<Slip> choiceShape(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                                const CheckReport& r, Shape2 given,
                                const std::function<double(Index, Index)>& y) {
  const MatrixShape whole = scheme.shape(params, view.id);
  if (r.rowStart != 0 || r.colStart != 0 || whole.rows != r.oursShape.rows ||
      whole.cols != r.oursShape.cols)
    return std::nullopt;
  const DiagnosisContext ctx{scheme, params, view, r};
  for (const ParamSpec& spec : scheme.info().params) {
    if (spec.type != ParamType::Choice && spec.type != ParamType::Bool) continue;
    const std::vector<std::string> values =
        spec.type == ParamType::Choice ? spec.choices : std::vector<std::string>{"true", "false"};
    const std::string ours = formatValue(params.get(spec.id));
    for (const std::string& v : values) {
      ParamSet p;
      if (v == ours || !withParam(scheme, params, spec.id, v, p)) continue;
      const MatrixShape theirs = scheme.shape(p, view.id);
      if (theirs.rows != given.rows || theirs.cols != given.cols) continue;
      std::vector<Index> rows(static_cast<std::size_t>(given.rows));
      std::vector<Index> cols(static_cast<std::size_t>(given.cols));
      std::iota(rows.begin(), rows.end(), Index{0});
      std::iota(cols.begin(), cols.end(), Index{0});
      SlipCandidate c{spec.id, Message(kChoiceHeadline, {spec.id}),
                      Message(kChoiceDetail, {spec.id, v, ours}), spec.id + "=" + v};
      if (const auto refine = hooksOf(scheme).slips.choice) refine(ctx, spec.id, v, ours, c);
      Slip s = scoreAgainst(viewValuesAt(scheme, p, view, rows, cols), r.tolerance, y, slipOf(c));
      if (s.explains) return s;
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<Slip> diagnoseShape(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                                const CheckReport& r, const Array& yours) {
  if (view.kind != ViewKind::Matrix) return {};
  const Shape2 given = matrixShapeOf(yours.shape);
  const Index nr = r.oursShape.rows, nc = r.oursShape.cols;
  const auto y = [&](Index i, Index j) {
    return yours.values[static_cast<std::size_t>(i * given.cols + j)];
  };
  if (given.rows == nc && given.cols == nr && nr != nc) {
    const Matrix ours = oursRows(scheme, params, view, r, r.rowStart, nr);
    if (ours.size() == 0) return {};
    return {scoreAgainst(
        ours, r.tolerance, [&](Index i, Index j) { return y(j, i); },
        shapeSlip("transpose", Message(kTransposeHeadline),
                  Message(kTransposedShapeDetail,
                          {shapeText(nc, nr), shapeText(nr, nc), view.yLabel, view.xLabel}),
                  ""))};
  }
  try {
    if (std::optional<Slip> s = choiceShape(scheme, params, view, r, given, y)) return {*s};
  } catch (const std::exception&) {
    // the scheme refuses the other value here: no slip of that kind
  }
  if (given.cols != nc || std::abs(given.rows - nr) != 1) return {};
  const Index n = given.rows;
  // Row i of yours against ours at row i + 1 (positions starting at 1), then at row i (the
  // same positions, another length).
  const Matrix shiftedOurs = oursRows(scheme, params, view, r, r.rowStart + 1, n);
  if (shiftedOurs.size() != 0) {
    Slip s = scoreAgainst(
        shiftedOurs, r.tolerance, y,
        shapeSlip("rows_shifted", Message(kRowsShiftedHeadline),
                  Message(kRowsFromOneShapeDetail, {std::to_string(n), std::to_string(nr)}), ""));
    if (s.explains) return {s};
  }
  const Matrix sameOurs = oursRows(scheme, params, view, r, r.rowStart, n);
  if (sameOurs.size() != 0 && r.rowStart == 0 && params.has("length")) {
    Slip s = scoreAgainst(sameOurs, r.tolerance, y,
                          shapeSlip("length", Message(kLengthHeadline),
                                    Message(kLengthDetail, {std::to_string(n), std::to_string(nr)}),
                                    "length=" + std::to_string(n)));
    if (s.explains) return {s};
  }
  return {};
}

}  // namespace posenc::detail
