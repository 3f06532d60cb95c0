// SPDX-License-Identifier: GPL-3.0-or-later
// A widget that shows one formula (formula_layout.h), sized to it.
#pragma once

#include <QSize>
#include <QString>
#include <QWidget>
#include <memory>

#include "posenc_ui/formula/formula_layout.h"

class QEvent;
class QPaintEvent;

namespace posenc::ui {

/// Shows one formula at the widget's font size; its size hint follows the layout, so a larger
/// font (presentation mode) gives a larger formula. Made narrower than the formula, it first
/// breaks its lines before top-level relations and sums (=, +, −, ≈, ...; not inside braces,
/// \left...\right or environments), as a typesetter would, then scales down what still does
/// not fit. Tooltip and accessible name: the plain text.
class FormulaWidget : public QWidget {
  Q_OBJECT
 public:
  explicit FormulaWidget(QWidget* parent = nullptr);
  explicit FormulaWidget(const QString& source, QWidget* parent = nullptr);
  ~FormulaWidget() override;

  void setFormula(const QString& source);
  [[nodiscard]] QString formula() const { return m_source; }
  void setFormulaStyle(const FormulaStyle& style);
  [[nodiscard]] const FormulaStyle& formulaStyle() const { return m_style; }
  /// Whether the current formula failed to parse.
  [[nodiscard]] bool hasError() const;
  /// The scale the formula is painted at: 1, or less when the widget is narrower.
  [[nodiscard]] double paintScale() const;

  /// The source laid out now: the formula, with line breaks added where it is too wide.
  [[nodiscard]] QString shownSource() const { return m_shown.isEmpty() ? m_source : m_shown; }

  [[nodiscard]] QSize sizeHint() const override;
  [[nodiscard]] QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  const FormulaLayout& layout() const;
  void invalidate();
  /// Breaks m_source into lines no wider than `width` where it can (m_shown).
  void breakLines(int width);

  QString m_source{};
  QString m_shown{};     ///< m_source with added line breaks; empty = as written.
  int m_brokenFor = -1;  ///< The width m_shown was made for.
  FormulaStyle m_style{};
  mutable std::unique_ptr<FormulaLayout> m_layout{};
};

}  // namespace posenc::ui
