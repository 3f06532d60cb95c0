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
/// font (presentation mode) gives a larger formula. Made narrower than its size hint, it
/// scales the formula down to fit the width. Tooltip and accessible name: the plain text.
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

  [[nodiscard]] QSize sizeHint() const override;
  [[nodiscard]] QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  const FormulaLayout& layout() const;
  void invalidate();

  QString m_source{};
  FormulaStyle m_style{};
  mutable std::unique_ptr<FormulaLayout> m_layout{};
};

}  // namespace posenc::ui
