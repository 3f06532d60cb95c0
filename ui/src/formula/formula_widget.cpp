// SPDX-License-Identifier: GPL-3.0-or-later
// FormulaWidget: one formula, laid out once per source, font, palette and style, and painted
// scaled down when the widget is narrower than the formula.
#include "posenc_ui/formula/formula_widget.h"

#include <QEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "posenc_ui/formula/formula_parser.h"

namespace posenc::ui {

FormulaWidget::FormulaWidget(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

FormulaWidget::FormulaWidget(const QString& source, QWidget* parent) : FormulaWidget(parent) {
  setFormula(source);
}

FormulaWidget::~FormulaWidget() = default;

void FormulaWidget::setFormula(const QString& source) {
  if (source == m_source && m_layout) return;
  m_source = source;
  const QString text = formulaToPlainText(source);
  setToolTip(text);
  setAccessibleName(text);
  invalidate();
}

void FormulaWidget::setFormulaStyle(const FormulaStyle& style) {
  m_style = style;
  invalidate();
}

bool FormulaWidget::hasError() const { return layout().hasError(); }

const FormulaLayout& FormulaWidget::layout() const {
  if (!m_layout) {
    FormulaStyle style = m_style;
    if (style.color == QColor(Qt::black)) style.color = palette().color(QPalette::WindowText);
    m_layout = std::make_unique<FormulaLayout>(m_source, font(), style, this);
  }
  return *m_layout;
}

void FormulaWidget::invalidate() {
  m_layout.reset();
  updateGeometry();
  update();
}

QSize FormulaWidget::sizeHint() const {
  const QSizeF s = layout().size();
  return {static_cast<int>(std::ceil(s.width())), static_cast<int>(std::ceil(s.height()))};
}

QSize FormulaWidget::minimumSizeHint() const {
  // Narrower than the formula is allowed: it is then scaled down to fit (better than clipping
  // it or scrolling sideways in a side panel).
  const QSize s = sizeHint();
  return {std::min(s.width(), fontMetrics().averageCharWidth() * 12), s.height()};
}

double FormulaWidget::paintScale() const {
  const double natural = layout().size().width();
  return natural > width() && natural > 0 ? width() / natural : 1.0;
}

void FormulaWidget::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  const FormulaLayout& l = layout();
  const QSizeF size = l.size();
  const double scale = paintScale();
  const double y = std::max(0.0, (height() - size.height() * scale) / 2);
  painter.translate(0, y);
  painter.scale(scale, scale);
  l.paint(painter, QPointF(0, 0));
}

void FormulaWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange ||
      event->type() == QEvent::StyleChange)
    invalidate();
  QWidget::changeEvent(event);
}

}  // namespace posenc::ui
