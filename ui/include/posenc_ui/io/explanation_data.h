// SPDX-License-Identifier: GPL-3.0-or-later
// Explanations of every view in English and Simplified Chinese (resources/explanations/*.json):
// what it shows, its formula, the formula with the hovered cell's numbers, what to notice, and
// per scheme a page (uses, strengths, limits) with the comparison table of seed article 002.
// The data and the number substitution; the widget that shows them is ExplanationPanel
// (panels/explanation_panel.h).
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <map>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/types.hpp"
#include "posenc/base/view.hpp"
#include "posenc_ui/io/json_reader.h"

namespace posenc::ui {

/// A text of an explanation in every supported language ("en", "zh_CN").
struct ExplanationText {
  QString en{};
  QString zhCN{};
  /// The text in `language`; English for an unknown language or a missing translation.
  [[nodiscard]] QString in(const QString& language) const;
  [[nodiscard]] bool isEmpty() const { return en.isEmpty() && zhCN.isEmpty(); }
};

/// A formula that replaces the default one when every condition holds: parameter id ->
/// accepted values as posenc::formatValue prints them (e.g. "variant" -> {"tupe-a", "tupe-r"}).
struct FormulaVariant {
  std::map<QString, QStringList> when{};
  ExplanationText formula{};
  ExplanationText substituted{};  ///< Empty = keep the view's default substituted template.
  [[nodiscard]] bool matches(const posenc::ParamSet& params) const;
};

/// The explanation of one view.
struct ViewExplanation {
  QString viewId{};
  ExplanationText title{};
  ExplanationText what{};
  ExplanationText formula{};  ///< In the formula language of formula.h.
  /// The formula with {row}, {col}, {value} and {term:N} placeholders (see substitute());
  /// empty for series views, which have no hovered cell.
  ExplanationText substituted{};
  std::vector<ExplanationText> notice{};
  std::vector<FormulaVariant> variants{};
  /// "trained": what the view shows when it draws a model's trained table rather than random
  /// stand-ins (its ViewSpec::standInsUnless parameter is set): `what` (required in the
  /// block) and, if given, `notice`. Empty: the view has no such block.
  ExplanationText trainedWhat{};
  std::vector<ExplanationText> trainedNotice{};

  /// Formula for these parameters: the first matching variant's, else the default.
  [[nodiscard]] const ExplanationText& formulaFor(const posenc::ParamSet& params) const;
  /// Substituted template for these parameters, likewise.
  [[nodiscard]] const ExplanationText& substitutedFor(const posenc::ParamSet& params) const;
};

/// The short page of a scheme.
struct SchemePage {
  ExplanationText name{};
  ExplanationText summary{};
  ExplanationText usedIn{};
  std::vector<ExplanationText> strengths{};
  std::vector<ExplanationText> limits{};
};

/// Everything resources/explanations/<scheme>.json holds.
struct SchemeExplanation {
  QString schemeId{};
  SchemePage page{};
  std::map<QString, ViewExplanation> views{};
  /// The view's explanation, or null when the file has none.
  [[nodiscard]] const ViewExplanation* view(const QString& viewId) const;
};

/// Seed article 002's comparison table with our corrections and the rows it lacks.
struct ComparisonTable {
  struct Column {
    QString id;
    ExplanationText title;
  };
  struct Row {
    QString scheme;  ///< Scheme id ("sinusoidal", ...).
    ExplanationText name;
    bool inSeed = true;                        ///< False for rows we added (xl, tupe).
    std::map<QString, ExplanationText> cells;  ///< Column id -> our (corrected) text.
  };
  /// Where our table differs from the article: the article's text, ours and why.
  struct Correction {
    QString scheme;
    QString column;  ///< Column id of the corrected cell; empty for a note on the article text.
    ExplanationText seed;
    ExplanationText ours;
    ExplanationText why;
    QString basis;  ///< What decides it, e.g. "CONVENTIONS.md (alibi)" or a paper.
  };
  ExplanationText title{};
  ExplanationText source{};
  std::vector<Column> columns{};
  std::vector<Row> rows{};
  std::vector<Correction> corrections{};
  /// 1-based numbers of the corrections of cell (scheme, column), for the marks in the table.
  [[nodiscard]] std::vector<int> correctionsOf(const QString& scheme, const QString& column) const;
};

/// Largest explanation or comparison document read (1 MiB); the real ones are under 30 KiB.
inline constexpr qint64 kMaxExplanationBytes = qint64{1024} * 1024;

/// Parses an explanation document ("format": "posenc-explanations", version 1) through the one
/// JSON reader. @throws ReadError naming `origin` as the file and the place, e.g.
/// "x.json: views.v.what: missing (an object {\"en\", \"zh_CN\"})".
[[nodiscard]] SchemeExplanation parseSchemeExplanation(const QByteArray& json,
                                                       const QString& origin);
/// Loads ":/explanations/<schemeId>.json". @throws ReadError when missing or invalid.
[[nodiscard]] SchemeExplanation loadSchemeExplanation(const QString& schemeId);
/// Parses the comparison document ("format": "posenc-comparison", version 1).
/// @throws ReadError naming `origin`.
[[nodiscard]] ComparisonTable parseComparisonTable(const QByteArray& json, const QString& origin);
/// Loads ":/explanations/comparison.json". @throws ReadError when missing or invalid.
[[nodiscard]] ComparisonTable loadComparisonTable();

/// A number in the formula language, highlighted: "\hl{0.123457}", "\hl{-3}",
/// "\hl{1.5\times10^{-7}}"; ~6 significant digits, integers exactly; `masked` text for NaN.
[[nodiscard]] QString formulaNumber(double value, const QString& masked = QStringLiteral("masked"));

/// Indices N of the {term:N} placeholders of `formula`, in order (negative N counts from the
/// end: {term:-1} is the last term).
[[nodiscard]] std::vector<int> termPlaceholders(const QString& formula);

/// Fills the placeholders of a substituted template with highlighted numbers:
/// {row} and {col} (the cell), {value} (its value), {term:N} (terms[N], N < 0 from the end).
/// A negative number after + − · × or * is put in parentheses. A term index out of range
/// becomes a highlighted "?". No placeholder is left.
[[nodiscard]] QString substitute(const QString& formula, posenc::Index row, posenc::Index col,
                                 double value, const std::vector<posenc::Term>& terms,
                                 const QString& masked = QStringLiteral("masked"));

}  // namespace posenc::ui
