// SPDX-License-Identifier: GPL-3.0-or-later
// A scheme as a table: its description plus one entry per view, each entry holding the view's
// spec and the functions that compute it. The seven schemes share the dispatch below, so a
// view id is written once (in its spec) and looked up, never compared in an if-chain.
#pragma once

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/base/message.hpp"
#include "posenc/base/scheme.hpp"
#include "scheme_hooks.hpp"  // beside this header (view_table_test includes it by path)

namespace posenc::detail {

/// What a view id must be when the table has no such view of the kind asked for (defined in
/// scheme.cpp, so each sentence is one template however many tables there are).
extern const MessageTemplate kMatrixViewOf;
extern const MessageTemplate kSeriesViewOf;
extern const MessageTemplate kMatrixViewOfNone;
extern const MessageTemplate kSeriesViewOfNone;

/// Absolute row or column indices of a request (increasing).
using Cells = std::span<const Index>;

/// What a view that needs whole rows (ViewSpec::maxRowLength > 0) reports when a row is too
/// long: the parameter to blame, its value, the row length and what it is made of
/// (the arguments of checkRowLength).
struct RowLength {
  std::string param{};
  std::string value{};
  Index length = 0;
  std::string lengthText{};
};

/// The `length` parameter most schemes share: positions 0 .. length - 1, default 128, up to
/// kMaxLength (2^20). `description` is the scheme's own wording of it.
inline ParamSpec lengthParam(std::string description) {
  return {.id = "length",
          .type = ParamType::Int,
          .defaultValue = std::int64_t{128},
          .min = 1,
          .max = kMaxLength,
          .description = std::move(description)};
}

/// A signed query x key view drawn from random stand-ins (an attention term: rows query
/// position i, columns key position j), as tupe, shaw and deberta draw theirs.
/// `vectorsPerPosition` is the scheme's working set (ViewSpec::vectorsPerPosition).
inline ViewSpec signedTermSpec(std::string id, std::string title, std::string value,
                               std::string description, double vectorsPerPosition) {
  return {.id = std::move(id),
          .title = std::move(title),
          .xLabel = "key position j",
          .yLabel = "query position i",
          .valueLabel = std::move(value),
          .signedValues = true,
          .vectorsPerPosition = vectorsPerPosition,
          .randomStandIns = true,
          .description = std::move(description)};
}

/// The shape of a length x length view (query x key, or position x position).
template <typename P>
MatrixShape lengthByLength(const P& p) {
  return MatrixShape{p.length, p.length};
}

/// One view of a scheme with typed parameters P. A matrix view sets shape and evaluate
/// (explain and rowLength optional); a series view sets series. The spec's kind follows
/// from that (SchemeTable fills it in), so an entry never states it twice.
template <typename P>
struct ViewEntry {
  ViewSpec spec{};
  MatrixShape (*shape)(const P&) = nullptr;
  /// rows.size() x cols.size() values at the given absolute cells (Scheme::evaluate).
  Matrix (*evaluate)(const P&, Cells rows, Cells cols) = nullptr;
  /// The hover readout of one cell (Scheme::explainCell); none when null.
  std::vector<Term> (*explain)(const P&, Index row, Index col) = nullptr;
  /// Checked against spec.maxRowLength by shape(); only for views that cap their rows.
  RowLength (*rowLength)(const P&) = nullptr;
  SeriesResult (*series)(const P&) = nullptr;
  /// Scheme::absentTerm: why the view's term is absent for these parameters, else empty;
  /// never absent when null.
  std::string (*absent)(const P&) = nullptr;
  /// Scheme::labels: the title and value label for these parameters; the spec's when null.
  ViewLabels (*labels)(const P&) = nullptr;
};

/// Everything a scheme is: the description (views excepted: they come from the table, in
/// its order), how the typed parameters are read, the cross-checks, and the views.
template <typename P>
struct SchemeTable {
  SchemeInfo info{};
  /// ParamSet -> P for shape, evaluate, explainCell and series (a scheme that checks its
  /// parameters there as well does it in here).
  P (*read)(const ParamSet&) = nullptr;
  /// Scheme::validate on the typed parameters; null = no cross-checks.
  void (*validate)(const P&) = nullptr;
  std::vector<ViewEntry<P>> views{};
  /// hooksOf: the oracle's slips and the model mapping of the scheme's own code
  /// (schemes/<id>/<id>_slips.cpp, <id>_model.cpp); empty when it has none.
  SchemeHooks hooks{};
};

/// The Scheme of a SchemeTable: looks each view up by id and calls its entry.
template <typename P>
class TableScheme final : public HookedScheme {
 public:
  explicit TableScheme(SchemeTable<P> table) : m_table(std::move(table)) {
    m_table.info.views.clear();
    for (ViewEntry<P>& e : m_table.views) {
      const bool isSeries = e.series != nullptr;
      if (isSeries == (e.evaluate != nullptr) || (!isSeries && e.shape == nullptr))
        throw std::logic_error("view " + e.spec.id + " of " + m_table.info.id +
                               ": set series, or shape and evaluate");
      e.spec.kind = isSeries ? ViewKind::Series : ViewKind::Matrix;
      m_table.info.views.push_back(e.spec);
    }
  }

  [[nodiscard]] const SchemeInfo& info() const override { return m_table.info; }

  void validate(const ParamSet& params) const override {
    if (m_table.validate) m_table.validate(m_table.read(params));
  }

  [[nodiscard]] MatrixShape shape(const ParamSet& params, std::string_view view) const override {
    const ViewEntry<P>& e = entry(view, ViewKind::Matrix);
    const P p = m_table.read(params);
    if (e.rowLength) {
      const RowLength r = e.rowLength(p);
      checkRowLength(e.spec, r.param, r.value, r.length, r.lengthText);
    }
    return e.shape(p);
  }

  [[nodiscard]] Matrix evaluate(const ParamSet& params, std::string_view view, Cells rows,
                                Cells cols) const override {
    const ViewEntry<P>& e = entry(view, ViewKind::Matrix);
    return e.evaluate(m_table.read(params), rows, cols);
  }

  [[nodiscard]] std::vector<Term> explainCell(const ParamSet& params, std::string_view view,
                                              Index row, Index col) const override {
    const ViewEntry<P>& e = entry(view, ViewKind::Matrix);
    if (!e.explain) return {};
    return e.explain(m_table.read(params), row, col);
  }

  [[nodiscard]] SeriesResult series(const ParamSet& params, std::string_view view) const override {
    return entry(view, ViewKind::Series).series(m_table.read(params));
  }

  [[nodiscard]] std::string absentTerm(const ParamSet& params,
                                       std::string_view view) const override {
    for (const ViewEntry<P>& e : m_table.views)
      if (e.spec.id == view) return e.absent ? e.absent(m_table.read(params)) : std::string();
    return {};
  }

  [[nodiscard]] ViewLabels labels(const ParamSet& params, std::string_view view) const override {
    for (const ViewEntry<P>& e : m_table.views)
      if (e.spec.id == view) return e.labels ? e.labels(m_table.read(params)) : ViewLabels{};
    return {};
  }

  [[nodiscard]] const SchemeHooks& hooks() const override { return m_table.hooks; }

 private:
  /// The entry of view `id`, which must be of `kind`.
  /// @throws ParamError("view", id, "a matrix view of S: a, b or c") otherwise.
  const ViewEntry<P>& entry(std::string_view id, ViewKind kind) const {
    std::vector<std::string> ids;
    for (const ViewEntry<P>& e : m_table.views) {
      if (e.spec.kind != kind) continue;
      if (e.spec.id == id) return e;
      ids.push_back(e.spec.id);
    }
    const bool matrix = kind == ViewKind::Matrix;
    if (ids.empty())
      throw ParamError("view", std::string(id),
                       Message(matrix ? detail::kMatrixViewOfNone : detail::kSeriesViewOfNone,
                               {m_table.info.id}));
    throw ParamError("view", std::string(id),
                     Message(matrix ? detail::kMatrixViewOf : detail::kSeriesViewOf,
                             {m_table.info.id, MessageArg::list(ids)}));
  }

  SchemeTable<P> m_table;
};

/// The scheme of `table`. @throws std::logic_error for an entry that is neither a matrix nor
/// a series view (a programming error, caught by every test that makes the scheme).
template <typename P>
[[nodiscard]] std::unique_ptr<Scheme> makeTableScheme(SchemeTable<P> table) {
  return std::make_unique<TableScheme<P>>(std::move(table));
}

}  // namespace posenc::detail
