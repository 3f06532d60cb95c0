// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces every picture is made of: fonts, the header and notes (lines that shrink rather
// than widen the picture), axes with readable ticks, the equal-aspect axis rect and the legend.
#include "posenc_ui/plot/plot_parts.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QPointer>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"

namespace posenc::ui {

namespace {

const QColor kInk(34, 34, 34);
const QColor kSoftInk(80, 80, 80);
const QColor kGridColor(0, 0, 0, 28);

// ---------------------------------------------------------------------------------------------
// Tickers and layout elements

/// A linear ticker whose tick count follows the axis length and the size of its labels, so
/// tick labels never crowd, at any picture size and font scale. Steps are 1, 2, 2.5 or 5 times a
/// power of ten; with `integerSteps` they are whole numbers (1, 2, 5, 10, 20, ...) and sub-ticks
/// fall on whole numbers too, as suits cell indices and ids.
class ReadableTicker : public QCPAxisTicker {
 public:
  ReadableTicker(QCPAxis* axis, bool integerSteps) : m_axis(axis), m_integerSteps(integerSteps) {}

 protected:
  double getTickStep(const QCPRange& range) override {
    const double span = range.size();
    if (!(span > 0) || !std::isfinite(span)) return 1.0;
    const Spacing spacing = labelSpacing(range);
    const int maxIntervals = spacing.horizontal ? 10 : 8;
    const int intervals =
        spacing.length > 0
            ? std::clamp(static_cast<int>(spacing.length / spacing.preferred), 1, maxIntervals)
            : 5;
    const double raw = span / intervals;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double mantissa = raw / magnitude;
    double step = 10.0 * magnitude;
    for (double nice : {1.0, 2.0, 2.5, 5.0}) {
      if (m_integerSteps && nice == 2.5) continue;
      if (mantissa <= nice * (1.0 + 1e-9)) {
        step = nice * magnitude;
        break;
      }
    }
    // Two labelled ticks tell the scale: step down (5 -> 2 -> 1 -> 0.5 ...) while fewer are in
    // view, as long as the labels still do not touch.
    auto ticksInView = [&](double st) {
      return std::floor(range.upper / st) - std::ceil(range.lower / st) + 1.0;
    };
    for (int i = 0; i < 6 && ticksInView(step) < 2.0; ++i) {
      const double m = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
      const double lead = step / m;
      const double smaller = (lead > 4.0 ? 2.0 : lead > 1.5 ? 1.0 : 0.5) * m;
      if (spacing.length > 0 && smaller / span * spacing.length < spacing.minimum) break;
      if (m_integerSteps && smaller < 1.0) break;
      step = smaller;
    }
    return m_integerSteps ? std::max(1.0, std::round(step)) : step;
  }

  /// One number format for every label of the axis, chosen by its largest tick (labelUnit).
  QVector<QString> createLabelVector(const QVector<double>& ticks, const QLocale& locale,
                                     QChar formatChar, int precision) override {
    double largest = 0;
    for (double t : ticks)
      if (std::isfinite(t)) largest = std::max(largest, std::abs(t));
    m_unit = labelUnit(largest);
    return QCPAxisTicker::createLabelVector(ticks, locale, formatChar, precision);
  }

  QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                       int precision) override {
    QString label = m_unit > 0 ? integerLabel(tick, m_unit)
                               : QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision);
    label = powerOfTen(label);
    if (label.startsWith(QLatin1Char('-'))) label[0] = QChar(0x2212);  // a real minus sign
    return label;
  }

  /// "1.5e-14" as "1.5×10⁻¹⁴" and "1e-14" as "10⁻¹⁴" (a picture writes no computer
  /// notation); other labels as they are.
  static QString powerOfTen(const QString& label) {
    static const QRegularExpression exponent(
        QStringLiteral("^(-?)([0-9.]+)[eE]([+-]?)0*([0-9]+)$"));
    const QRegularExpressionMatch m = exponent.match(label);
    if (!m.hasMatch()) return label;
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString power = QStringLiteral("10");
    if (m.captured(3) == QLatin1String("-")) power += QChar(0x207B);  // superscript minus
    for (const QChar c : m.captured(4)) power += digits[c.digitValue()];
    const QString mantissa = m.captured(2);
    return m.captured(1) +
           (mantissa == QLatin1String("1") ? power : mantissa + QChar(0x00D7) + power);
  }

  int getSubTickCount(double tickStep) override {
    if (!m_integerSteps) return QCPAxisTicker::getSubTickCount(tickStep);
    if (tickStep < 2.0) return 0;
    const double mantissa = tickStep / std::pow(10.0, std::floor(std::log10(tickStep) + 1e-9));
    if (std::abs(mantissa - 2.0) < 1e-6) return 1;  // 2, 20, 200: one sub-tick halfway
    return 4;                                       // 5 -> 1s, 10 -> 2s, 50 -> 10s, ...
  }

 private:
  /// Room a tick label needs along the axis, in pixels: `preferred` keeps the axis calm,
  /// `minimum` only keeps neighbouring labels from touching. length = 0: not laid out yet.
  struct Spacing {
    double length = 0;
    double preferred = 1;
    double minimum = 1;
    bool horizontal = true;
  };

  Spacing labelSpacing(const QCPRange& range) const {
    Spacing sp;
    if (!m_axis || !m_axis->axisRect()) return sp;
    sp.horizontal = m_axis->orientation() == Qt::Horizontal;
    const int length = sp.horizontal ? m_axis->axisRect()->width() : m_axis->axisRect()->height();
    // A short axis that was laid out gets few labels, not the default five: a square heatmap
    // in a thumbnail can be this small, and five wide labels would shrink it further.
    if (length <= 0) return sp;
    sp.length = length;
    const QFontMetricsF metrics(m_axis->tickLabelFont());
    if (!sp.horizontal) {
      sp.preferred = metrics.height() * 3.0;
      sp.minimum = metrics.height() * 1.4;
      return sp;
    }
    double widest = 0;
    for (double v : {range.lower, range.center(), range.upper}) {
      const QString label = m_integerSteps && std::abs(v) >= 1e4 && std::abs(v) < 1e15
                                ? compactInteger(std::round(v / 1e3) * 1e3)
                                : QString::number(v, 'g', 4);
      widest = std::max(widest, metrics.horizontalAdvance(label));
    }
    sp.preferred = widest + metrics.horizontalAdvance(QStringLiteral("000"));
    sp.minimum = widest + metrics.horizontalAdvance(QStringLiteral("0"));
    return sp;
  }

  /// The unit of an integer axis whose largest tick is `largest`: 0 = the plain format (not
  /// an integer axis, or below 10,000), 1 = thousands separators (below 100,000), else 1e3, 1e6
  /// or 1e9 (k, M, G). Every tick of the axis is then written in that unit.
  [[nodiscard]] double labelUnit(double largest) const {
    if (!m_integerSteps || largest < 1e4 || largest >= 1e15) return 0;
    if (largest >= 1e9) return 1e9;
    if (largest >= 1e6) return 1e6;
    if (largest >= 1e5) return 1e3;
    return 1;
  }

  /// `v` in `unit` (see labelUnit): 65536 in 1 -> "65,536", 50000 in 1e3 -> "50k", 0 -> "0".
  static QString integerLabel(double v, double unit) {
    if (v == 0) return QStringLiteral("0");
    if (unit <= 1)
      return QLocale(QLocale::English).toString(static_cast<qlonglong>(std::llround(v)));
    const QChar suffix = unit >= 1e9   ? QLatin1Char('G')
                         : unit >= 1e6 ? QLatin1Char('M')
                                       : QLatin1Char('k');
    return QString::number(v / unit, 'g', 10) + suffix;
  }

  /// Whole numbers from 10,000 on, short and exact: 65536 -> "65,536", 250000 -> "250k",
  /// 1200000 -> "1.2M" (ticks are round numbers, so a few digits always suffice).
  static QString compactInteger(double v) {
    const double a = std::abs(v);
    if (a >= 1e9) return QString::number(v / 1e9, 'g', 10) + QLatin1Char('G');
    if (a >= 1e6) return QString::number(v / 1e6, 'g', 10) + QLatin1Char('M');
    if (a >= 1e5) return QString::number(v / 1e3, 'g', 10) + QLatin1Char('k');
    return QLocale(QLocale::English).toString(static_cast<qlonglong>(std::llround(v)));
  }

  QPointer<QCPAxis> m_axis;
  double m_unit = 0;  ///< labelUnit of the labels being made (createLabelVector).
  bool m_integerSteps;
};

/// A line of text (title, subtitle, note) that never widens the layout: when the picture is
/// too narrow for it, it is drawn smaller (down to 60 %), then cut with an ellipsis.
class FitText : public QCPTextElement {
 public:
  FitText(QCustomPlot* plot, const QString& text, const QFont& font)
      : QCPTextElement(plot, text, font) {}

 protected:
  QSize minimumOuterSizeHint() const override {
    QSize size = QCPTextElement::minimumOuterSizeHint();
    size.setWidth(mMargins.left() + mMargins.right());
    return size;
  }

  void draw(QCPPainter* painter) override {
    const QFont font = fittedFont(mText, mRect.width());
    painter->setFont(font);
    painter->setPen(QPen(mainTextColor()));
    painter->drawText(mRect, Qt::AlignCenter,
                      QFontMetrics(font).elidedText(mText, Qt::ElideRight, mRect.width()));
  }

  /// mainFont(), made smaller if `text` is wider than `width` pixels.
  QFont fittedFont(const QString& text, int width) const {
    QFont font = mainFont();
    const double natural = QFontMetricsF(font).horizontalAdvance(text);
    if (natural > width && natural > 0 && font.pixelSize() > 0) {
      const double factor = std::max(0.6, width / natural);
      font.setPixelSize(std::max(6, static_cast<int>(font.pixelSize() * factor)));
    }
    return font;
  }
};

/// A note with a colour swatch before its text, e.g. "[grey] masked cells".
class SwatchNote : public FitText {
 public:
  SwatchNote(QCustomPlot* plot, const QString& text, const QFont& font, const QColor& swatch)
      : FitText(plot, text, font), m_swatch(swatch) {}

 protected:
  void draw(QCPPainter* painter) override {
    const QFontMetrics nominal(mainFont());
    const int side = nominal.ascent();
    const int gap = nominal.horizontalAdvance(QStringLiteral("  "));
    const QFont font = fittedFont(mText, std::max(0, mRect.width() - side - gap));
    const QFontMetrics metrics(font);
    const QString shown =
        metrics.elidedText(mText, Qt::ElideRight, std::max(0, mRect.width() - side - gap));
    const int textWidth = metrics.horizontalAdvance(shown);
    const int left = mRect.left() + std::max(0, (mRect.width() - side - gap - textWidth) / 2);
    const QRect swatch(left, mRect.center().y() - side / 2, side, side);
    painter->setPen(QPen(kSoftInk, 1));
    painter->setBrush(m_swatch);
    painter->drawRect(swatch);
    painter->setFont(font);
    painter->setPen(mainTextColor());
    painter->drawText(QRect(swatch.right() + gap, mRect.top(), textWidth + 4, mRect.height()),
                      Qt::AlignLeft | Qt::AlignVCenter, shown);
  }

 private:
  QColor m_swatch;
};

/// An axis rect whose two axes keep one data unit the same length in pixels (a circle looks
/// round), showing at least the box it was given. When the user zooms or drags, the new view
/// becomes the box to show.
class EqualAspectRect : public QCPAxisRect {
 public:
  EqualAspectRect(QCustomPlot* plot, const QCPRange& boxX, const QCPRange& boxY)
      : QCPAxisRect(plot, true), m_boxX(boxX), m_boxY(boxY) {}

  void update(UpdatePhase phase) override {
    if (phase == upPreparation) fit();  // so the ticks are made for the fitted ranges
    QCPAxisRect::update(phase);
    if (phase == upLayout) fit();  // the rect has its final size now
  }

 private:
  void fit() {
    QCPAxis* x = axis(QCPAxis::atBottom);
    QCPAxis* y = axis(QCPAxis::atLeft);
    if (!x || !y || width() < 2 || height() < 2) return;
    if (m_fitted && (x->range() != m_setX || y->range() != m_setY)) {
      m_boxX = x->range();
      m_boxY = y->range();
    }
    const double perPixel = std::max(m_boxX.size() / width(), m_boxY.size() / height());
    m_setX = QCPRange(m_boxX.center() - perPixel * width() / 2.0,
                      m_boxX.center() + perPixel * width() / 2.0);
    m_setY = QCPRange(m_boxY.center() - perPixel * height() / 2.0,
                      m_boxY.center() + perPixel * height() / 2.0);
    x->setRange(m_setX);
    y->setRange(m_setY);
    m_fitted = true;
  }

  QCPRange m_boxX, m_boxY;  ///< What must be visible.
  QCPRange m_setX, m_setY;  ///< The ranges last set, to notice a zoom or drag.
  bool m_fitted = false;
};

/// The grid of a heatmap whose cells must stay square: its axis rect in cell (0, 0), the colour
/// scale beside it. After the usual layout it gives up width (or height) in equal margins on
/// both sides, and lays out again, so that the rect's inside has the aspect of its visible
/// ranges (one data unit as many pixels across as down), centred in the space it was given.
/// The margins are its own doing, so its minimum size leaves them out (the picture can shrink).
/// A new result may bring narrower tick labels, which would leave room to grow a few pixels,
/// and its successor wider ones again: in the same space and aspect the rect does not grow by
/// less than kSquareSlack, so the size a view asked its region for stays the size it draws.
class SquareCellGrid : public QCPLayoutGrid {
 public:
  SquareCellGrid() { setAutoMargins(QCP::msNone); }

  [[nodiscard]] QSize minimumOuterSizeHint() const override {
    const QMargins m = margins();
    return QCPLayoutGrid::minimumOuterSizeHint() -
           QSize(m.left() + m.right(), m.top() + m.bottom());
  }

  void updateLayout() override {
    setMargins(QMargins());
    QCPLayoutGrid::updateLayout();
    auto* rect = qobject_cast<QCPAxisRect*>(element(0, 0));
    const QCPAxis* x = rect ? rect->axis(QCPAxis::atBottom) : nullptr;
    const QCPAxis* y = rect ? rect->axis(QCPAxis::atLeft) : nullptr;
    if (!x || !y) return;
    const double aspect = x->range().size() / y->range().size();  // width / height wanted
    const QRect inside = rect->rect();
    if (!std::isfinite(aspect) || !(aspect > 0) || inside.width() < 2 || inside.height() < 2)
      return;
    QSize want = inside.size();
    if (inside.height() * aspect < inside.width())
      want.setWidth(std::max(1, static_cast<int>(std::lround(inside.height() * aspect))));
    else want.setHeight(std::max(1, static_cast<int>(std::lround(inside.width() / aspect))));
    const bool same = outerRect() == m_outer && aspect == m_aspect;
    const bool small = want.width() <= m_size.width() * kSquareSlack &&
                       want.height() <= m_size.height() * kSquareSlack;
    if (same && small && m_size.width() <= want.width() && m_size.height() <= want.height())
      want = m_size;
    m_outer = outerRect();
    m_aspect = aspect;
    m_size = want;
    const int spareX = inside.width() - want.width();
    const int spareY = inside.height() - want.height();
    const QMargins m(spareX / 2, spareY / 2, spareX - spareX / 2, spareY - spareY / 2);
    if (m.isNull()) return;
    setMargins(m);
    QCPLayoutGrid::updateLayout();
  }

 private:
  static constexpr double kSquareSlack = 1.1;  ///< Growth kept back: up to 10 %.
  QRect m_outer;                               ///< The space of the last layout.
  double m_aspect = 0;                         ///< The aspect of the last layout.
  QSize m_size;                                ///< The rect's inside at the last layout.
};

/// An empty layout element that takes the space its stretch factor gives it.
QCPLayoutElement* spacer(QCustomPlot& plot) { return new QCPLayoutElement(&plot); }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Fonts and sizes

double safeScale(double scale) {
  return std::isfinite(scale) && scale > 0 ? std::clamp(scale, 0.25, 8.0) : 1.0;
}

int px(double value, double scale) { return std::max(1, qRound(value * scale)); }

QFont plotFont(double points, double scale, bool bold) {
  QFont font;
  font.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
  font.setStyleHint(QFont::SansSerif);
  font.setPixelSize(std::max(6, qRound(points * scale * 96.0 / 72.0)));
  font.setBold(bold);
  return font;
}

QString localizedSubtitle(const QString& subtitle) {
  if (subtitle.isEmpty()) return subtitle;
  // "MODEL · Scheme name   params": the model's label stays, the scheme's name is translated.
  const QString separator = QStringLiteral(" · ");
  if (const qsizetype at = subtitle.indexOf(separator); at > 0) {
    const QString rest = subtitle.mid(at + separator.size());
    const QString localized = localizedSubtitle(rest);
    if (localized != rest) return subtitle.left(at + separator.size()) + localized;
  }
  for (const auto& scheme : allSchemes()) {
    const QString name = qs(scheme->info().name);
    if (subtitle == name || subtitle.startsWith(name + QLatin1Char(' ')))
      return coreText(scheme->info().name) + subtitle.mid(name.size());
  }
  return subtitle;
}

// ---------------------------------------------------------------------------------------------
// Common parts of every picture

void resetPlot(QCustomPlot& plot) {
  plot.clearPlottables();
  plot.clearItems();
  plot.plotLayout()->clear();
  const QObjectList children = plot.children();
  for (QObject* child : children) {
    if (qobject_cast<QCPMarginGroup*>(child) || qobject_cast<QCPBarsGroup*>(child) ||
        dynamic_cast<PlotRecord*>(child))
      delete child;
  }
  plot.setBackground(QBrush(Qt::white));
  plot.setProperty(kTitleProperty, QVariant());
  plot.setProperty(kDescriptionProperty, QVariant());
}

void describeValues(PlotOptions& options, const Scheme& scheme, const ParamSet& params,
                    std::string_view view) {
  options.standInSeed = standInSeed(scheme, params, view);
  const ViewLabels labels = scheme.labels(params, view);
  if (options.title.isEmpty() && !labels.title.empty()) options.title = coreText(labels.title);
  options.valueLabel = qs(labels.valueLabel);
  const std::string absent = scheme.absentTerm(params, view);
  options.absentTerm = absent.empty() ? QString() : coreText(absent);
}

ViewSpec relabelled(const ViewSpec& view, const PlotOptions& options) {
  ViewSpec out = view;
  if (!options.valueLabel.isEmpty()) out.valueLabel = options.valueLabel.toStdString();
  return out;
}

QString standInLine(const PlotOptions& options) {
  if (!options.standInSeed) return {};
  return QCoreApplication::translate("posenc::ui::PlotRender", "random stand-in weights, seed %1",
                                     "picture line: the values come from random weights, not "
                                     "a trained model; %1 = the seed parameter")
      .arg(*options.standInSeed);
}

int addHeader(QCustomPlot& plot, const QString& title, const QString& subtitle, double s,
              const QString& description, const QString& standIn) {
  QCPLayoutGrid* layout = plot.plotLayout();
  layout->setRowSpacing(0);
  int row = 0;
  const bool below = !subtitle.isEmpty() || !standIn.isEmpty();  // a line under the title
  if (!title.isEmpty()) {
    auto* element = new FitText(&plot, title, plotFont(kTitlePt, s, true));
    element->setTextColor(kInk);
    element->setMargins(QMargins(px(10, s), px(10, s), px(10, s), below ? 0 : px(6, s)));
    layout->addElement(row++, 0, element);
  }
  if (!subtitle.isEmpty()) {
    auto* element = new FitText(&plot, subtitle, plotFont(kSubtitlePt, s));
    element->setTextColor(kSoftInk);
    element->setMargins(QMargins(px(10, s), px(title.isEmpty() ? 10 : 3, s), px(10, s),
                                 standIn.isEmpty() ? px(6, s) : 0));
    layout->addElement(row++, 0, element);
  }
  if (!standIn.isEmpty()) {
    QFont font = plotFont(kSubtitlePt, s);
    font.setItalic(true);
    auto* element = new FitText(&plot, standIn, font);
    element->setTextColor(kSoftInk);
    const bool first = title.isEmpty() && subtitle.isEmpty();
    element->setMargins(QMargins(px(10, s), px(first ? 10 : 3, s), px(10, s), px(6, s)));
    layout->addElement(row++, 0, element);
  }
  plot.setProperty(kTitleProperty, title);
  plot.setProperty(kDescriptionProperty, subtitle.isEmpty() ? description : subtitle);
  return row;
}

QCPTextElement* addNote(QCustomPlot& plot, int row, const QString& text, double s) {
  auto* note = new FitText(&plot, text, plotFont(kNotePt, s));
  note->setTextColor(kSoftInk);
  note->setMargins(QMargins(px(10, s), px(2, s), px(10, s), px(4, s)));
  plot.plotLayout()->addElement(row, 0, note);
  return note;
}

void addSwatchNote(QCustomPlot& plot, int row, const QString& text, double s,
                   const QColor& swatch) {
  auto* note = new SwatchNote(&plot, text, plotFont(kNotePt, s), swatch);
  note->setTextColor(kSoftInk);
  note->setMargins(QMargins(px(10, s), px(4, s), px(10, s), px(2, s)));
  plot.plotLayout()->addElement(row, 0, note);
}

void adoptAxes(QCustomPlot& plot, QCPAxisRect* rect) {
  plot.xAxis = rect->axis(QCPAxis::atBottom);
  plot.yAxis = rect->axis(QCPAxis::atLeft);
  plot.xAxis2 = rect->axis(QCPAxis::atTop);
  plot.yAxis2 = rect->axis(QCPAxis::atRight);
  rect->setLayer(QStringLiteral("background"));
  // Axes above the plottables, grids below them, moved in the order the rect made them:
  // rect->axes() walks a QHash, whose order changes with Qt's per-process hash seed, and the
  // order on a layer is the drawing order (every SVG differed from one run to the next).
  for (const QCPAxis::AxisType side :
       {QCPAxis::atBottom, QCPAxis::atLeft, QCPAxis::atTop, QCPAxis::atRight}) {
    for (QCPAxis* axis : rect->axes(side)) {
      axis->setLayer(QStringLiteral("axes"));
      axis->grid()->setLayer(QStringLiteral("grid"));
    }
  }
  rect->setRangeDragAxes(plot.xAxis, plot.yAxis);
  rect->setRangeZoomAxes(plot.xAxis, plot.yAxis);
}

void styleAxis(QCPAxis* axis, const QString& label, double s, bool integerTicks) {
  axis->setLabel(label);
  axis->setLabelFont(plotFont(kLabelPt, s));
  axis->setTickLabelFont(plotFont(kTickPt, s));
  axis->setLabelColor(kInk);
  axis->setTickLabelColor(kInk);
  const QPen pen(kInk, std::max(1.0, s));
  axis->setBasePen(pen);
  axis->setTickPen(pen);
  axis->setSubTickPen(QPen(kInk, 1));
  axis->setTickLength(0, px(6, s));
  axis->setSubTickLength(0, px(3, s));
  axis->setTickLabelPadding(px(4, s));
  axis->setLabelPadding(px(6, s));
  axis->setTicker(QSharedPointer<QCPAxisTicker>(new ReadableTicker(axis, integerTicks)));
  if (integerTicks) {
    axis->setNumberFormat(QStringLiteral("f"));
    axis->setNumberPrecision(0);
  } else {
    axis->setNumberFormat(QStringLiteral("gbd"));
    axis->setNumberPrecision(6);
  }
  axis->grid()->setPen(QPen(kGridColor, 1));
  axis->grid()->setSubGridVisible(false);
  axis->grid()->setZeroLinePen(Qt::NoPen);
}

void frameAxis(QCPAxis* axis, double s) {
  axis->setVisible(true);
  axis->setTicks(false);
  axis->setTickLabels(false);
  axis->setBasePen(QPen(kInk, std::max(1.0, s)));
  axis->grid()->setVisible(false);
}

QCPAxisRect* newEqualAspectRect(QCustomPlot& plot, const QCPRange& boxX, const QCPRange& boxY) {
  return new EqualAspectRect(&plot, boxX, boxY);
}

QCPLayoutGrid* newSquareCellGrid() { return new SquareCellGrid; }

QCPLegend* makeLegend(QCustomPlot& plot, LegendPlace place, Qt::Alignment corner, QCPAxisRect* rect,
                      QCPLayoutGrid* body, int aboveRow, int items, double s, int aboveColumns) {
  auto* legend = new QCPLegend;
  switch (place) {
    case LegendPlace::Hidden:
    case LegendPlace::Inside:
      rect->insetLayout()->addElement(legend, corner);
      rect->insetLayout()->setAutoMargins(QCP::msNone);
      rect->insetLayout()->setMargins(QMargins(px(10, s), px(10, s), px(10, s), px(10, s)));
      break;
    case LegendPlace::Above: {
      auto* strip = new QCPLayoutGrid;
      plot.plotLayout()->addElement(aboveRow, 0, strip);
      strip->addElement(0, 0, spacer(plot));
      strip->addElement(0, 1, legend);
      strip->addElement(0, 2, spacer(plot));
      strip->setColumnStretchFactors({1.0, 0.001, 1.0});
      plot.plotLayout()->setRowStretchFactor(aboveRow, 0.001);  // as tall as the legend, no more
      strip->setMargins(QMargins(0, 0, 0, px(4, s)));
      legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
      legend->setWrap(aboveColumns > 0 ? aboveColumns : (items <= 4 ? items : 3));
      legend->setColumnSpacing(px(20, s));
      break;
    }
    case LegendPlace::Beside: {
      auto* side = new QCPLayoutGrid;
      body->addElement(0, 1, side);
      side->addElement(0, 0, legend);
      side->addElement(1, 0, spacer(plot));
      side->setRowStretchFactors({0.001, 1.0});
      body->setColumnStretchFactors({1.0, 0.001});
      body->setColumnSpacing(px(6, s));
      break;
    }
  }
  legend->setLayer(QStringLiteral("legend"));  // only once the legend belongs to the plot
  legend->setFont(plotFont(kLegendPt, s));
  legend->setTextColor(kInk);
  const bool boxed = place == LegendPlace::Inside;
  legend->setBrush(boxed ? QBrush(QColor(255, 255, 255, 215)) : QBrush(Qt::NoBrush));
  legend->setBorderPen(boxed ? QPen(QColor(160, 160, 160), 1) : QPen(Qt::NoPen));
  legend->setIconSize(px(28, s), px(14, s));
  legend->setIconTextPadding(px(9, s));
  legend->setRowSpacing(px(2, s));
  legend->setMargins(QMargins(px(8, s), px(5, s), px(8, s), px(3, s)));
  legend->setVisible(place != LegendPlace::Hidden);
  plot.legend = legend;
  return legend;
}

namespace {

/// The width of the widest line of `text` in `font`.
double widestLine(const QFont& font, const QString& text) {
  const QFontMetricsF metrics(font);
  double widest = 0;
  for (const QString& line : text.split(QLatin1Char('\n')))
    widest = std::max(widest, metrics.horizontalAdvance(line));
  return widest;
}

/// `text` in two lines, broken at the space nearest its middle; `text` when it has none.
QString twoLines(const QString& text) {
  const qsizetype middle = text.size() / 2;
  qsizetype best = -1;
  for (qsizetype k = 0; k < text.size(); ++k)
    if (text[k] == QLatin1Char(' ') && (best < 0 || std::abs(k - middle) < std::abs(best - middle)))
      best = k;
  return best < 0 ? text : text.left(best) + QLatin1Char('\n') + text.mid(best + 1);
}

/// `font` at `factor` of its pixel size (at least 6 px).
QFont scaledPixels(QFont font, double factor) {
  font.setPixelSize(std::max(6, static_cast<int>(font.pixelSize() * factor)));
  return font;
}

}  // namespace

bool fitAxisLabels(QCustomPlot& plot) {
  constexpr double kSmallest = 0.7;  ///< Labels are drawn down to this share of their size.
  bool changed = false;
  for (int i = 0; i < plot.axisRectCount(); ++i) {
    QCPAxisRect* rect = plot.axisRect(i);
    for (QCPAxis* axis : rect->axes()) {
      if (!axis->visible() || axis->label().isEmpty()) continue;
      // QCustomPlot centres an axis label on its axis and does not clip it (Qt::TextDontClip):
      // an x label may run past a narrow axis into the margins beside it, as far as the
      // picture reaches on the nearer side (a square heatmap's axis is much narrower than its
      // picture, and its label was cut short although the picture had room for it whole).
      const int centre = rect->left() + rect->width() / 2;
      const int room =
          2 * std::min(centre - plot.viewport().left(), plot.viewport().right() - centre) - 8;
      const int length =
          axis->orientation() == Qt::Horizontal ? std::max(rect->width(), room) : rect->height();
      const QFont font = axis->labelFont();
      const QString text = axis->label();
      if (length <= 0 || font.pixelSize() <= 0 || widestLine(font, text) <= length) continue;
      // Smaller on one line, else on two lines (smaller if need be), else cut with an ellipsis.
      // Only a vertical axis's label takes a second line: it costs the chart width, which a
      // chart has to spare, where a second line under the x axis costs height, and a heatmap's
      // square cells then take the same from its width (the Transformer-XL lesson's 2 x 2 grid
      // on a 1024 x 768 slide fell below a 200 px wide axis).
      QString fitted = text;
      double factor = std::max(kSmallest, length / widestLine(font, text));
      if (axis->orientation() == Qt::Horizontal &&
          widestLine(scaledPixels(font, factor), text) > length) {
        factor = kSmallest;
        fitted = QFontMetrics(scaledPixels(font, factor)).elidedText(text, Qt::ElideRight, length);
      } else if (widestLine(scaledPixels(font, factor), text) > length) {
        const QString split = twoLines(text);
        factor = std::min(1.0, std::max(kSmallest, length / widestLine(font, split)));
        fitted = split;
        if (widestLine(scaledPixels(font, factor), split) > length) {
          factor = kSmallest;
          fitted =
              QFontMetrics(scaledPixels(font, factor)).elidedText(text, Qt::ElideRight, length);
        }
      }
      axis->setLabelFont(scaledPixels(font, factor));
      if (fitted != text) axis->setLabel(fitted);
      changed = true;
    }
  }
  return changed;
}

void layOutFor(QCustomPlot& plot, QSize size) {
  if (size.width() <= 0 || size.height() <= 0) return;
  QImage scratch(1, 1, QImage::Format_ARGB32_Premultiplied);
  QCPPainter painter(&scratch);
  plot.toPainter(&painter, size.width(), size.height());
  painter.end();
}

}  // namespace posenc::ui
