// SPDX-License-Identifier: GPL-3.0-or-later
// The explanation panel: shows the explanations of io/explanation_data.h for the current view,
// with the hovered cell's numbers, in English or Simplified Chinese.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/types.hpp"
#include "posenc/base/view.hpp"
#include "posenc_ui/io/explanation_data.h"

class QLabel;
class QStackedWidget;

namespace posenc::ui {

class FormulaWidget;

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
  /// Parameters of the current scheme: choose the formula variant (e.g. TUPE's variant) and
  /// whether the texts for a trained table or for random stand-ins apply (learned's table).
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
  /// The rich text the "what" and "notice" sections draw, as given to their labels.
  [[nodiscard]] QString shownHtml() const;
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
  /// Whether the view draws a model's trained table where it would draw random stand-ins
  /// (posenc::standInSeed is none for a view with ViewSpec::randomStandIns), so its
  /// "trained" texts apply.
  [[nodiscard]] bool drawsTrainedData() const;
  /// The what and notice texts of `v` for the data drawn (trained or stand-in).
  [[nodiscard]] const ExplanationText& whatOf(const ViewExplanation& v) const;
  [[nodiscard]] const std::vector<ExplanationText>& noticeOf(const ViewExplanation& v) const;
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
