// SPDX-License-Identifier: GPL-3.0-or-later
// FormulaWidget: one formula, laid out once per source, font, palette and style, and painted
// scaled down when the widget is narrower than the formula.
#include "posenc_ui/formula/formula_widget.h"

#include <QEvent>
#include <QPainter>
#include <QStringList>
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

namespace {

/// Splits `source` into pieces before each top-level relation or sum operator: outside braces,
/// \left...\right pairs and \begin...\end environments (which are never split). An existing
/// line break (\\) ends a piece and is kept as the piece "\\".
/// +1 where a group opens at `c` (the text from `c` on is `rest`), -1 where one closes.
int nesting(QChar c, QStringView rest) {
  const bool opens = c == QLatin1Char('{') || c == QLatin1Char('(') || c == QLatin1Char('[') ||
                     rest.startsWith(u"\\left") || rest.startsWith(u"\\begin");
  const bool closes = c == QLatin1Char('}') || c == QLatin1Char(')') || c == QLatin1Char(']') ||
                      rest.startsWith(u"\\right") || rest.startsWith(u"\\end");
  return opens ? 1 : (closes ? -1 : 0);
}

QStringList breakablePieces(const QString& source) {
  static const QStringList commands = {QStringLiteral("\\approx"), QStringLiteral("\\le"),
                                       QStringLiteral("\\ge"), QStringLiteral("\\neq"),
                                       QStringLiteral("\\quad")};
  QStringList pieces;
  int depth = 0, start = 0;
  for (int i = 0; i < source.size(); ++i) {
    const QChar c = source[i];
    const QStringView rest = QStringView(source).mid(i);
    depth += nesting(c, rest);
    if (depth != 0 || i == start) continue;
    if (rest.startsWith(u"\\\\")) {
      pieces << source.mid(start, i - start) << QStringLiteral("\\\\");
      start = i + 2;
      ++i;
      continue;
    }
    bool breakHere = c == QLatin1Char('=') || c == QLatin1Char('+') || c == QLatin1Char('-') ||
                     c == QChar(0x2212);
    for (const QString& command : commands) breakHere = breakHere || rest.startsWith(command);
    if (breakHere && !(i > 0 && source[i - 1] == QLatin1Char('\\'))) {
      pieces << source.mid(start, i - start);
      start = i;
    }
  }
  pieces << source.mid(start);
  pieces.removeAll(QString());
  return pieces;
}

}  // namespace

void FormulaWidget::setFormula(const QString& source) {
  if (source == m_source && m_layout) return;
  m_source = source;
  m_shown.clear();
  const QString text = formulaToPlainText(source);
  setToolTip(text);
  setAccessibleName(text);
  invalidate();
  if (width() > 0) breakLines(width());
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
    m_layout = std::make_unique<FormulaLayout>(shownSource(), font(), style, this);
  }
  return *m_layout;
}

void FormulaWidget::invalidate() {
  m_layout.reset();
  updateGeometry();
  update();
}

void FormulaWidget::breakLines(int width) {
  m_brokenFor = width;
  QString shown;
  const QSizeF natural = formulaSize(m_source, font(), this);
  if (natural.width() > width && width > 0 && !m_source.contains(QLatin1String("\\begin"))) {
    // Greedy, as a paragraph: each line takes pieces while it still fits.
    QString line;
    for (const QString& piece : breakablePieces(m_source)) {
      if (piece == QLatin1String("\\\\")) {
        shown += line + piece;
        line.clear();
        continue;
      }
      const QString longer = line + piece;
      if (!line.isEmpty() && formulaSize(longer, font(), this).width() > width) {
        shown += line + QStringLiteral(" \\\\ \\quad ");
        line = piece;
      } else {
        line = longer;
      }
    }
    shown += line;
  }
  if (shown == m_shown) return;
  m_shown = shown;
  invalidate();
}

void FormulaWidget::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (width() != m_brokenFor) breakLines(width());
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
      event->type() == QEvent::StyleChange) {
    m_shown.clear();  // the breaks depend on the font
    invalidate();
    if (width() > 0) breakLines(width());
  }
  QWidget::changeEvent(event);
}

}  // namespace posenc::ui
