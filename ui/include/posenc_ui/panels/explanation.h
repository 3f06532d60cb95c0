// SPDX-License-Identifier: GPL-3.0-or-later
// Explanations of every view in English and Simplified Chinese (resources/explanations/*.json):
// what it shows, its formula, the formula with the hovered cell's numbers, what to notice, and
// per scheme a page (uses, strengths, limits) with the comparison table of seed article 002.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>
#include <map>
#include <stdexcept>
#include <vector>

#include "posenc/params.hpp"
#include "posenc/types.hpp"
#include "posenc/view.hpp"

class QLabel;
class QStackedWidget;

namespace posenc::ui {

class FormulaWidget;

/// A problem in an explanation file: names the file and what is wrong where.
class ExplanationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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

/// Parses an explanation document. @throws ExplanationError naming `origin`.
[[nodiscard]] SchemeExplanation parseSchemeExplanation(const QByteArray& json,
                                                       const QString& origin);
/// Loads ":/explanations/<schemeId>.json". @throws ExplanationError when missing or invalid.
[[nodiscard]] SchemeExplanation loadSchemeExplanation(const QString& schemeId);
/// Parses the comparison document. @throws ExplanationError naming `origin`.
[[nodiscard]] ComparisonTable parseComparisonTable(const QByteArray& json, const QString& origin);
/// Loads ":/explanations/comparison.json". @throws ExplanationError when missing or invalid.
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

/// The explanation panel: what the current view shows, its formula, the formula with the
/// hovered cell's numbers, what to notice, and a link to the scheme's page (uses, strengths,
/// limits and the comparison table). Every text in English or Simplified Chinese.
class ExplanationPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ExplanationPanel(QWidget* parent = nullptr);
  ~ExplanationPanel() override;

  /// Shows view `viewId` of scheme `schemeId` (parameters reset to the scheme's defaults
  /// until setParams), with no hovered cell, on the view page.
  void setView(const QString& schemeId, const QString& viewId);
  /// Parameters of the current scheme: choose the formula variant (e.g. TUPE's variant).
  void setParams(const posenc::ParamSet& params);
  /// Cell (row, col) with its value (NaN = masked) and the core's explainCell terms.
  void setHoveredCell(posenc::Index row, posenc::Index col, double value,
                      std::vector<posenc::Term> terms);
  void clearHover();
  /// "en" or "zh_CN"; other ids fall back to English.
  void setLanguage(const QString& language);
  [[nodiscard]] QString language() const { return m_language; }
  /// Multiplies all font sizes (presentation mode); 1 = the widget's font.
  void setScale(double scale);

  /// Switches to the scheme page / back to the view page.
  void showSchemePage();
  void showViewPage();
  [[nodiscard]] bool isSchemePageShown() const;

  // Read back for tests and accessibility.
  [[nodiscard]] QString whatText() const;
  [[nodiscard]] QString formulaSource() const;
  /// Substituted formula of the hovered cell (empty when none is hovered or it is masked).
  [[nodiscard]] QString substitutedSource() const;
  [[nodiscard]] QStringList noticeTexts() const;
  /// All text of the scheme page (name, uses, strengths, limits, table, corrections).
  [[nodiscard]] QString schemePageText() const;
  /// The load error shown instead of an explanation, if any.
  [[nodiscard]] QString errorText() const { return m_error; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  QString ui(const char* key) const;
  void rebuild();
  void rebuildHover();
  void rebuildSchemePage();
  void applyFonts();

  QString m_language = QStringLiteral("en");
  QString m_schemeId{};
  QString m_viewId{};
  posenc::ParamSet m_params{};
  SchemeExplanation m_scheme{};
  bool m_haveScheme = false;
  QString m_error{};
  double m_scale = 1.0;
  bool m_applyingFonts = false;

  bool m_hovered = false;
  posenc::Index m_row = 0;
  posenc::Index m_col = 0;
  double m_value = 0;
  std::vector<posenc::Term> m_terms{};

  QStackedWidget* m_stack = nullptr;
  // View page.
  QLabel* m_title = nullptr;
  QLabel* m_whatHeader = nullptr;
  QLabel* m_what = nullptr;
  QLabel* m_formulaHeader = nullptr;
  FormulaWidget* m_formula = nullptr;
  QLabel* m_hoverHeader = nullptr;
  QLabel* m_hoverNote = nullptr;
  FormulaWidget* m_substituted = nullptr;
  QLabel* m_noticeHeader = nullptr;
  QLabel* m_notice = nullptr;
  QLabel* m_pageLink = nullptr;  ///< "About <scheme> ...": opens the scheme page.
  // Scheme page.
  QLabel* m_backLink = nullptr;
  QLabel* m_page = nullptr;
};

}  // namespace posenc::ui
