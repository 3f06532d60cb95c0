// SPDX-License-Identifier: GPL-3.0-or-later
// Heatmaps and charts drawn with QCustomPlot, and the picture files written from them.
// Sizes below are in points at 96 dpi and are applied as pixel sizes, so a picture is laid
// out the same on every screen and in every file format.
#include "posenc_ui/plot/plot_render.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QPointer>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "posenc/data_io.hpp"
#include "posenc/scheme.hpp"
#include "posenc_ui/app/translation.h"

namespace posenc::ui {

namespace {

constexpr double kTickPt = 11.0;      ///< Tick labels.
constexpr double kLabelPt = 12.0;     ///< Axis and colour-scale labels.
constexpr double kTitlePt = 15.0;     ///< Title (bold).
constexpr double kSubtitlePt = 11.5;  ///< Subtitle line under the title.
constexpr double kNotePt = 11.0;      ///< Notes under the plot ("masked", "sampled").
constexpr double kLegendPt = 11.0;    ///< Legend entries.

constexpr int kMaxLegendEntries = 15;  ///< More curves than this: the legend names the first ones.
constexpr int kMaxSteppedLevels = 64;  ///< Integer views with at most this many values get steps.
constexpr int kMaxPictureSide = 16384;  ///< Largest PNG side in pixels.

const char* const kTitleProperty = "posencPictureTitle";
const char* const kDescriptionProperty = "posencPictureDescription";

const QColor kInk(34, 34, 34);
const QColor kSoftInk(80, 80, 80);
const QColor kGridColor(0, 0, 0, 28);
const QColor kMaskedGrey(192, 192, 192);  ///< NaN cells: a neutral light grey.
const QColor kMaskedOnGray(233, 196, 150);  ///< NaN cells on the "gray" map, where grey is data.

/// Okabe & Ito's colour-blind-safe palette, ordered for a white background (yellow last).
const std::array<QColor, 8> kPalette = {
    QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73),
    QColor(0xCC, 0x79, 0xA7), QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
    QColor(0x00, 0x00, 0x00), QColor(0xF0, 0xE4, 0x42)};

double safeScale(double scale) {
  return std::isfinite(scale) && scale > 0 ? std::clamp(scale, 0.25, 8.0) : 1.0;
}

/// `value` points-at-96-dpi (or pixels) times the font scale, at least 1.
int px(double value, double scale) { return std::max(1, qRound(value * scale)); }

/// A sans-serif font of `points` points at 96 dpi times `scale`. DejaVu Sans draws Latin and
/// Greek text (and embeds in PDF as TrueType); Noto Sans CJK SC takes over for Chinese.
QFont plotFont(double points, double scale, bool bold = false) {
  QFont font;
  font.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
  font.setStyleHint(QFont::SansSerif);
  font.setPixelSize(std::max(6, qRound(points * scale * 96.0 / 72.0)));
  font.setBold(bold);
  return font;
}

/// A subtitle in the current language. Exports write "<scheme name>    <parameters>"
/// (view_export.cpp): the scheme's name is translated, the parameters are ids and values.
QString localizedSubtitle(const QString& subtitle) {
  if (subtitle.isEmpty()) return subtitle;
  for (const auto& scheme : allSchemes()) {
    const QString name = QString::fromStdString(scheme->info().name);
    if (subtitle == name || subtitle.startsWith(name + QLatin1Char(' ')))
      return coreText(scheme->info().name) + subtitle.mid(name.size());
  }
  return subtitle;
}

// ---------------------------------------------------------------------------------------------
// Layout elements and tickers

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

  QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                       int precision) override {
    QString label = m_integerSteps && std::abs(tick) >= 1e4 && std::abs(tick) < 1e15
                        ? compactInteger(tick)
                        : QCPAxisTicker::getTickLabel(tick, locale, formatChar, precision);
    if (label.startsWith(QLatin1Char('-'))) label[0] = QChar(0x2212);  // a real minus sign
    return label;
  }

  int getSubTickCount(double tickStep) override {
    if (!m_integerSteps) return QCPAxisTicker::getSubTickCount(tickStep);
    if (tickStep < 2.0) return 0;
    const double mantissa = tickStep / std::pow(10.0, std::floor(std::log10(tickStep) + 1e-9));
    if (std::abs(mantissa - 2.0) < 1e-6) return 1;  // 2, 20, 200: one sub-tick halfway
    return 4;                                        // 5 -> 1s, 10 -> 2s, 50 -> 10s, ...
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
    if (length < 20) return sp;
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

// ---------------------------------------------------------------------------------------------
// Common parts of every picture

/// A line graph whose line is stroked segment by segment in raster pictures (solid pens):
/// QPainter strokes a polyline as one path, and a dense line's self-overlapping zigzags (every
/// pixel column spanning the whole amplitude) take seconds to fill; segments with the pens'
/// round caps look the same and take milliseconds. Vector pictures (SVG, PDF) keep one
/// polyline per unbroken run.
class SegmentedGraph : public QCPGraph {
 public:
  using QCPGraph::QCPGraph;

 protected:
  void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override {
    const QPen pen = painter->pen();  // set by QCPGraph::draw (the graph's or selection pen)
    if (painter->modes().testFlag(QCPPainter::pmVectorized) || pen.style() != Qt::SolidLine) {
      QCPGraph::drawLinePlot(painter, lines);
      return;
    }
    if (pen.color().alpha() == 0) return;
    applyDefaultAntialiasingHint(painter);
    auto finite = [](const QPointF& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); };
    for (qsizetype i = 1; i < lines.size(); ++i)
      if (finite(lines[i - 1]) && finite(lines[i])) painter->drawLine(lines[i - 1], lines[i]);
  }
};

/// What a heatmap drawMatrix drew is made of, kept as a child of the plot (resetPlot deletes
/// it): a later drawMatrix with reuse and the same key only replaces the values.
class MatrixDrawing : public QObject {
 public:
  struct Key {
    std::string view;
    QString title, subtitle, xLabel, yLabel, valueLabel, colormap, note;
    double scale = 1.0;
    int steps = 0;
    bool anyNan = false;
    bool operator==(const Key&) const = default;
  };
  MatrixDrawing(QCustomPlot* plot, Key key, QCPColorMap* map, QCPColorScale* colorScale)
      : QObject(plot), key(std::move(key)), map(map), colorScale(colorScale) {}

  Key key;
  QPointer<QCPColorMap> map;
  QPointer<QCPColorScale> colorScale;
};

/// The record of the heatmap drawMatrix last drew on `plot`, or null.
MatrixDrawing* matrixDrawingOf(const QCustomPlot& plot) {
  for (QObject* child : plot.children())
    if (auto* drawing = dynamic_cast<MatrixDrawing*>(child)) return drawing;
  return nullptr;
}

/// Removes everything drawn before: plottables, items, layout elements and the groups that
/// tied them together. QCustomPlot resets plot.xAxis, .yAxis and .legend when they go.
void resetPlot(QCustomPlot& plot) {
  plot.clearPlottables();
  plot.clearItems();
  plot.plotLayout()->clear();
  const QObjectList children = plot.children();
  for (QObject* child : children) {
    if (qobject_cast<QCPMarginGroup*>(child) || qobject_cast<QCPBarsGroup*>(child) ||
        dynamic_cast<MatrixDrawing*>(child))
      delete child;
  }
  plot.setBackground(QBrush(Qt::white));
  plot.setProperty(kTitleProperty, QVariant());
  plot.setProperty(kDescriptionProperty, QVariant());
}

/// Adds the title and subtitle rows at the top of the plot layout; returns the next free row.
int addHeader(QCustomPlot& plot, const QString& title, const QString& subtitle, double s,
              const QString& description) {
  QCPLayoutGrid* layout = plot.plotLayout();
  layout->setRowSpacing(0);
  int row = 0;
  if (!title.isEmpty()) {
    auto* element = new FitText(&plot, title, plotFont(kTitlePt, s, true));
    element->setTextColor(kInk);
    element->setMargins(QMargins(px(10, s), px(10, s), px(10, s), subtitle.isEmpty() ? px(6, s) : 0));
    layout->addElement(row++, 0, element);
  }
  if (!subtitle.isEmpty()) {
    auto* element = new FitText(&plot, subtitle, plotFont(kSubtitlePt, s));
    element->setTextColor(kSoftInk);
    element->setMargins(QMargins(px(10, s), px(title.isEmpty() ? 10 : 3, s), px(10, s), px(6, s)));
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

/// Makes `rect`'s axes the plot's default axes, as code elsewhere expects plot.xAxis etc.
void adoptAxes(QCustomPlot& plot, QCPAxisRect* rect) {
  plot.xAxis = rect->axis(QCPAxis::atBottom);
  plot.yAxis = rect->axis(QCPAxis::atLeft);
  plot.xAxis2 = rect->axis(QCPAxis::atTop);
  plot.yAxis2 = rect->axis(QCPAxis::atRight);
  rect->setLayer(QStringLiteral("background"));
  for (QCPAxis* axis : rect->axes()) {  // axes above the plottables, grids below them
    axis->setLayer(QStringLiteral("axes"));
    axis->grid()->setLayer(QStringLiteral("grid"));
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

/// The top and right axes as a plain frame: a line, no ticks, no labels.
void frameAxis(QCPAxis* axis, double s) {
  axis->setVisible(true);
  axis->setTicks(false);
  axis->setTickLabels(false);
  axis->setBasePen(QPen(kInk, std::max(1.0, s)));
  axis->grid()->setVisible(false);
}

/// Where a legend goes.
enum class LegendPlace {
  Hidden,  ///< One curve or a heatmap: no legend shown (it exists, invisible, as plot.legend).
  Inside,  ///< In an empty corner of the axis rect.
  Above,   ///< In a centred row between the title and the plot.
  Beside,  ///< In a column right of the plot, top-aligned.
};

/// An empty layout element that takes the space its stretch factor gives it.
QCPLayoutElement* spacer(QCustomPlot& plot) { return new QCPLayoutElement(&plot); }

/// Makes the legend, puts it in its place and makes it plot.legend, so that new plottables
/// add themselves to it. `aboveRow` is the plot-layout row for LegendPlace::Above; `body` holds
/// the axis rect in (0, 0) and takes the legend in (0, 1) for LegendPlace::Beside.
QCPLegend* makeLegend(QCustomPlot& plot, LegendPlace place, Qt::Alignment corner,
                      QCPAxisRect* rect, QCPLayoutGrid* body, int aboveRow, int items, double s,
                      int aboveColumns = 0) {
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

// ---------------------------------------------------------------------------------------------
// Matrices

struct ValueStats {
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
  double maxAbs = 0;
  bool anyFinite = false;
  bool anyNan = false;
  bool anyInf = false;
};

ValueStats valueStats(const Matrix& values, Index rows, Index cols) {
  ValueStats st;
  for (Index a = 0; a < rows; ++a) {
    for (Index b = 0; b < cols; ++b) {
      const double v = values(a, b);
      if (std::isnan(v)) {
        st.anyNan = true;
      } else if (!std::isfinite(v)) {
        st.anyInf = true;
      } else {
        st.anyFinite = true;
        st.min = std::min(st.min, v);
        st.max = std::max(st.max, v);
        st.maxAbs = std::max(st.maxAbs, std::abs(v));
      }
    }
  }
  return st;
}

/// The colour-scale range; `steps` > 0 when integer values get one colour band each.
QCPRange matrixDataRange(const ViewSpec& view, const ValueStats& st, int& steps) {
  steps = 0;
  if (view.integerValues) {
    double lo = st.anyFinite ? std::floor(st.min) : 0.0;
    double hi = st.anyFinite ? std::ceil(st.max) : 0.0;
    if (view.signedValues) {
      hi = st.anyFinite ? std::ceil(st.maxAbs) : 1.0;
      lo = -hi;
    }
    const double count = hi - lo + 1;
    if (count <= kMaxSteppedLevels) steps = static_cast<int>(count);
    return QCPRange(lo - 0.5, hi + 0.5);
  }
  if (view.signedValues) {
    const double m = st.maxAbs > 0 ? st.maxAbs : 1.0;
    return QCPRange(-m, m);
  }
  if (!st.anyFinite) return QCPRange(0, 1);
  if (st.max > st.min) return QCPRange(st.min, st.max);
  const double widen = std::max(1.0, std::abs(st.min) * 1e-6);  // a constant matrix still draws
  return QCPRange(st.min - widen, st.max + widen);
}

/// A gradient through the 256 colours of `table`; with `steps` > 0, `steps` flat bands instead
/// (band k takes the table colour at k / (steps - 1)), so each integer value has its colour.
QCPColorGradient makeGradient(const std::vector<QColor>& table, int steps, const QColor& nan) {
  QCPColorGradient gradient;
  gradient.clearColorStops();
  QMap<double, QColor> stops;
  const double last = static_cast<double>(table.size() - 1);
  if (steps <= 0) {
    for (std::size_t i = 0; i < table.size(); ++i) stops.insert(static_cast<double>(i) / last, table[i]);
  } else {
    for (int k = 0; k < steps; ++k) {
      const double at = steps == 1 ? 0.5 : static_cast<double>(k) / (steps - 1);
      const QColor c = table[static_cast<std::size_t>(std::lround(at * last))];
      stops.insert(static_cast<double>(k) / steps, c);
      stops.insert(static_cast<double>(k + 1) / steps - 1e-6, c);
    }
    stops.insert(1.0, stops.last());
  }
  gradient.setColorStops(stops);
  gradient.setColorInterpolation(QCPColorGradient::ciRGB);
  gradient.setLevelCount(1024);
  gradient.setPeriodic(false);
  gradient.setNanHandling(QCPColorGradient::nhNanColor);
  gradient.setNanColor(nan);
  return gradient;
}

/// Mean distance between consecutive sampled indices (1 for a single index).
double indexSpacing(const std::vector<Index>& idx, Index count) {
  if (count < 2) return 1.0;
  return static_cast<double>(idx[static_cast<std::size_t>(count - 1)] - idx[0]) /
         static_cast<double>(count - 1);
}

/// The data range of a colour-map dimension: cell centres on the first and last index.
QCPRange cellCentres(const std::vector<Index>& idx, Index count) {
  const auto first = static_cast<double>(idx[0]);
  if (count < 2) return QCPRange(first - 0.5, first + 0.5);  // one cell spans the whole range
  return QCPRange(first, static_cast<double>(idx[static_cast<std::size_t>(count - 1)]));
}

/// The axis range that shows every cell whole: half a cell beyond the first and last centre.
QCPRange cellExtent(const std::vector<Index>& idx, Index count) {
  const double half = indexSpacing(idx, count) / 2.0;
  return QCPRange(static_cast<double>(idx[0]) - half,
                  static_cast<double>(idx[static_cast<std::size_t>(count - 1)]) + half);
}

/// QCPColorMapData's cell buffer and its "modified" flag, reached the legal way for
/// protected members (pointers to member formed in a derived class). setCell costs a library
/// call, a bounds check and a bounds update per cell: about a tenth of a parameter change's
/// CPU time at 390k cells.
struct ColorMapDataAccess : QCPColorMapData {
  static double* QCPColorMapData::*cells() { return &ColorMapDataAccess::mData; }
  static bool QCPColorMapData::*modified() { return &ColorMapDataAccess::mDataModified; }
  static QCPRange QCPColorMapData::*bounds() { return &ColorMapDataAccess::mDataBounds; }
};

/// Puts the rows x cols values of `result` into `map`: its size, the cell centres of its
/// first and last key and value, and every cell (row a of the result is value index a, its
/// cells are key indices 0 .. cols-1, stored one value row after the other). `stats` are the
/// values' own (valueStats): they become the map's data bounds, which QCustomPlot would
/// otherwise find by another pass over every cell (what recalculateDataBounds does; it skips
/// NaN the same way, and no finite value means no bounds to set).
void fillColorMap(QCPColorMap& map, const MatrixResult& result, Index rows, Index cols,
                  const ValueStats& stats) {
  QCPColorMapData* data = map.data();
  data->setSize(static_cast<int>(cols), static_cast<int>(rows));
  data->setRange(cellCentres(result.cols, cols), cellCentres(result.rows, rows));
  double* cells = data->*ColorMapDataAccess::cells();
  if (!cells || data->keySize() != cols || data->valueSize() != rows) {
    for (Index a = 0; a < rows; ++a)
      for (Index b = 0; b < cols; ++b)
        data->setCell(static_cast<int>(b), static_cast<int>(a), result.values(a, b));
    return;
  }
  for (Index a = 0; a < rows; ++a)
    std::memcpy(cells + a * cols, result.values.row(a).data(),
                static_cast<std::size_t>(cols) * sizeof(double));
  data->*ColorMapDataAccess::modified() = true;  // the colour image is made again
  if (stats.anyFinite && !stats.anyInf) data->*ColorMapDataAccess::bounds() = QCPRange(stats.min, stats.max);
  else data->recalculateDataBounds();
}

/// Cells per drawn cell along one axis: the mean distance between consecutive sampled indices,
/// 1 when every index of the span is there (exact).
double cellsPerSample(const std::vector<Index>& idx, Index count) {
  if (count < 2) return 1.0;
  const auto span = idx[static_cast<std::size_t>(count - 1)] - idx[0] + 1;
  return span == count ? 1.0 : indexSpacing(idx, count);
}

/// "1 px = 512 x 512 cells, sampled" (rows x columns per drawn cell; the window asks for one
/// drawn cell per pixel), or empty when every cell is drawn (exact: a cell covers one pixel
/// or more). Counts below 10 keep one decimal ("1 px = 1.4 x 6.8 cells").
QString samplingNote(const MatrixResult& result, Index rows, Index cols) {
  const double sr = cellsPerSample(result.rows, rows);
  const double sc = cellsPerSample(result.cols, cols);
  if (!(sr > 1.0) && !(sc > 1.0)) return {};
  auto count = [](double k) {
    if (k >= 9.95) return QString::number(std::llround(k));
    return QString::number(std::round(k * 10.0) / 10.0, 'g', 2);
  };
  return QCoreApplication::translate("posenc::ui::PlotRender", "1 px = %1 x %2 cells, sampled",
                                     "%1 = rows, %2 = columns of the matrix per drawn cell")
      .arg(count(sr), count(sc));
}

// ---------------------------------------------------------------------------------------------
// Series

struct Extent {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  [[nodiscard]] bool valid() const { return lo <= hi; }
};

/// `extent` with `margin` (a fraction of its size) on both sides; never empty.
QCPRange padded(const Extent& extent, double margin, double fallbackLo, double fallbackHi) {
  if (!extent.valid()) return QCPRange(fallbackLo, fallbackHi);
  if (extent.hi > extent.lo) {
    const double pad = (extent.hi - extent.lo) * margin;
    return QCPRange(extent.lo - pad, extent.hi + pad);
  }
  const double pad = std::max(1.0, std::abs(extent.lo) * 0.1);
  return QCPRange(extent.lo - pad, extent.hi + pad);
}

/// A log-axis range around positive `extent`, a twentieth of its decades beyond each end.
QCPRange paddedLog(const Extent& extent) {
  if (!extent.valid() || extent.lo <= 0) return QCPRange(1, 10);
  const double factor =
      extent.hi > extent.lo ? std::pow(extent.hi / extent.lo, 0.05) : 2.0;
  return QCPRange(extent.lo / factor, extent.hi * factor);
}

/// A corner of the axis rect (a third of its width and height, with some air) that no data
/// point falls in, preferring top right, top left, bottom right, bottom left; or none.
std::optional<Qt::Alignment> emptyCorner(const std::vector<std::pair<double, double>>& points,
                                         const QCPRange& xr, const QCPRange& yr, bool logY) {
  std::array<std::size_t, 4> count{};  // top-right, top-left, bottom-right, bottom-left
  for (const auto& [x, y] : points) {
    const double u = (x - xr.lower) / xr.size();
    const double v = logY ? std::log(y / yr.lower) / std::log(yr.upper / yr.lower)
                          : (y - yr.lower) / yr.size();
    if (!std::isfinite(u) || !std::isfinite(v)) continue;
    const bool right = u > 0.55;
    const bool left = u < 0.45;
    const bool top = v > 0.62;
    const bool bottom = v < 0.38;
    if (top && right) ++count[0];
    if (top && left) ++count[1];
    if (bottom && right) ++count[2];
    if (bottom && left) ++count[3];
  }
  const std::array<Qt::Alignment, 4> corners = {
      Qt::AlignTop | Qt::AlignRight, Qt::AlignTop | Qt::AlignLeft,
      Qt::AlignBottom | Qt::AlignRight, Qt::AlignBottom | Qt::AlignLeft};
  for (std::size_t c = 0; c < corners.size(); ++c)
    if (count[c] == 0) return corners[c];
  return std::nullopt;
}

bool allIntegers(const std::vector<double>& xs) {
  return std::all_of(xs.begin(), xs.end(), [](double x) {
    return !std::isfinite(x) || (std::abs(x) < 1e15 && x == std::round(x));
  });
}

QPen curvePen(std::size_t k, double s) {
  QPen pen(kPalette[k % kPalette.size()], std::max(2.0, 2.0 * s * 0.85));
  static constexpr std::array<Qt::PenStyle, 4> kStyles = {Qt::SolidLine, Qt::DashLine,
                                                          Qt::DotLine, Qt::DashDotLine};
  pen.setStyle(kStyles[(k / kPalette.size()) % kStyles.size()]);
  pen.setCapStyle(Qt::RoundCap);
  pen.setJoinStyle(Qt::RoundJoin);
  return pen;
}

// ---------------------------------------------------------------------------------------------
// Files

QString cannotWrite(const QString& path, const QString& reason) {
  return QStringLiteral("cannot write %1: %2").arg(path, reason);
}

/// SVG text keeps the first family of the font it was drawn with, also for the runs Qt drew
/// with a fallback font (Chinese in Noto Sans CJK SC is written as font-family="DejaVu Sans"),
/// so a viewer would look for CJK glyphs in DejaVu Sans. Every font-family becomes a list:
/// the original, then fonts with Simplified Chinese glyphs on Linux, Windows and macOS, then
/// the generic family. Text stays text (editable, searchable); a viewer with none of these
/// fonts falls back to its own sans-serif font.
QByteArray withFallbackFamilies(const QByteArray& svg) {
  static const QRegularExpression family(QStringLiteral(R"re(font-family="([^"]*)")re"));
  const QString fallbacks = QStringLiteral(
      "'Noto Sans CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', 'PingFang SC', sans-serif");
  QString text = QString::fromUtf8(svg);
  text.replace(family, QStringLiteral("font-family=\"'\\1', ") + fallbacks + QStringLiteral("\""));
  return text.toUtf8();
}

/// Draws the plot once at `size` into a throw-away 1x1 image, so that everything sized from
/// the previous layout (tick counts, equal-aspect ranges) is right for this size. Cheap: the
/// colour-map image is made once and kept.
void layOutFor(QCustomPlot& plot, QSize size) {
  if (size.width() <= 0 || size.height() <= 0) return;
  QImage scratch(1, 1, QImage::Format_ARGB32_Premultiplied);
  QCPPainter painter(&scratch);
  plot.toPainter(&painter, size.width(), size.height());
  painter.end();
}

QString writePng(QCustomPlot& plot, QIODevice& file, QSize size, double dpi) {
  const QPixmap pixmap = plot.toPixmap(size.width(), size.height(), dpi / 96.0);
  if (pixmap.isNull()) return QStringLiteral("could not draw the picture");
  QImage image = pixmap.toImage();
  const int dotsPerMeter = qRound(dpi / 0.0254);
  image.setDotsPerMeterX(dotsPerMeter);
  image.setDotsPerMeterY(dotsPerMeter);
  image.setText(QStringLiteral("Title"), plot.property(kTitleProperty).toString());
  image.setText(QStringLiteral("Software"), QStringLiteral("PosEnc Explorer"));
  if (!image.save(&file, "PNG")) return QStringLiteral("PNG encoding failed");
  return {};
}

QString writeSvg(QCustomPlot& plot, QIODevice& file, QSize size) {
  QBuffer svg;  // written here first: the font families are completed below
  QSvgGenerator generator;
  generator.setOutputDevice(&svg);
  generator.setSize(size);
  generator.setViewBox(QRect(QPoint(0, 0), size));
  generator.setResolution(96);
  generator.setTitle(plot.property(kTitleProperty).toString());
  generator.setDescription(plot.property(kDescriptionProperty).toString());
  QCPPainter painter;
  if (!painter.begin(&generator)) return QStringLiteral("could not start the SVG writer");
  painter.setMode(QCPPainter::pmVectorized);
  painter.setMode(QCPPainter::pmNoCaching);
  plot.toPainter(&painter, size.width(), size.height());
  painter.end();
  if (file.write(withFallbackFamilies(svg.data())) < 0) return file.errorString();
  return {};
}

QString writePdf(QCustomPlot& plot, QIODevice& file, QSize size) {
  QPdfWriter writer(&file);
  writer.setResolution(96);
  writer.setCreator(QStringLiteral("PosEnc Explorer"));
  writer.setTitle(plot.property(kTitleProperty).toString());
  // One page exactly the picture's size at 96 dpi (1 px = 0.75 pt), no margins.
  const QPageSize page(QSizeF(size.width() * 0.75, size.height() * 0.75), QPageSize::Point,
                       QString(), QPageSize::ExactMatch);
  writer.setPageLayout(QPageLayout(page, QPageLayout::Portrait, QMarginsF(0, 0, 0, 0),
                                   QPageLayout::Point));
  QCPPainter painter;
  if (!painter.begin(&writer)) return QStringLiteral("could not start the PDF writer");
  painter.setMode(QCPPainter::pmVectorized);
  painter.setMode(QCPPainter::pmNoCaching);
  painter.setWindow(QRect(QPoint(0, 0), size));  // logical pixels, whatever the rounding of points
  plot.toPainter(&painter, size.width(), size.height());
  painter.end();
  return {};
}

}  // namespace

// ---------------------------------------------------------------------------------------------

std::vector<std::size_t> thinnedLine(const std::vector<double>& x, const std::vector<double>& y,
                                     double x0, double x1, int columns) {
  const std::size_t n = std::min(x.size(), y.size());
  std::vector<std::size_t> out;
  const double width = x1 - x0;
  if (columns <= 0 || !(width > 0) || !std::isfinite(width) ||
      n <= 4 * static_cast<std::size_t>(columns)) {
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = i;
    return out;
  }
  out.reserve(4 * static_cast<std::size_t>(columns) + 16);
  // The points of the current column: first, last, lowest and highest.
  bool open = false;
  long long column = 0;
  std::size_t first = 0, last = 0, low = 0, high = 0;
  auto flush = [&] {
    if (!open) return;
    std::array<std::size_t, 4> keep{first, low, high, last};
    std::sort(keep.begin(), keep.end());
    for (std::size_t k = 0; k < keep.size(); ++k)
      if (k == 0 || keep[k] != keep[k - 1]) out.push_back(keep[k]);
    open = false;
  };
  bool lastWasGap = false;
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(x[i]) || !std::isfinite(y[i])) {
      // A gap breaks the line: keep one point of each run of gaps, where it is.
      flush();
      if (!lastWasGap) out.push_back(i);
      lastWasGap = true;
      continue;
    }
    lastWasGap = false;
    const double at = std::floor((x[i] - x0) * columns / width);
    const auto c = static_cast<long long>(std::clamp(at, -1.0, static_cast<double>(columns)));
    if (open && c == column) {
      last = i;
      if (y[i] < y[low]) low = i;
      if (y[i] > y[high]) high = i;
      continue;
    }
    flush();
    open = true;
    column = c;
    first = last = low = high = i;
  }
  flush();
  return out;
}

bool drawMatrix(QCustomPlot& plot, const ViewSpec& view, const MatrixResult& result,
                const PlotOptions& options, bool reuse) {
  const double s = safeScale(options.fontScale);
  const QString title = options.title.isEmpty() ? coreText(view.title) : options.title;
  const Index rows = std::min<Index>(result.values.rows(), static_cast<Index>(result.rows.size()));
  const Index cols = std::min<Index>(result.values.cols(), static_cast<Index>(result.cols.size()));
  const ValueStats stats = valueStats(result.values, rows, cols);
  int steps = 0;
  const QCPRange dataRange = matrixDataRange(view, stats, steps);
  const QString mapId = isColormap(options.colormap) ? options.colormap : defaultColormap(view);
  const QString sampled = samplingNote(result, rows, cols);
  MatrixDrawing::Key key{view.id, title, options.subtitle, coreText(view.xLabel),
                         coreText(view.yLabel), coreText(view.valueLabel), mapId, sampled, s,
                         steps, stats.anyNan};

  // The same picture but for the values: replace them, keep everything else (no new layout
  // objects, axes or colour map, no layout pass; the next replot lays out the new ticks).
  MatrixDrawing* kept = reuse ? matrixDrawingOf(plot) : nullptr;
  if (kept && kept->key == key && kept->map && kept->colorScale && rows > 0 && cols > 0 &&
      kept->map->keyAxis() && kept->map->valueAxis()) {
    fillColorMap(*kept->map, result, rows, cols, stats);
    kept->colorScale->setDataRange(dataRange);
    kept->map->setDataRange(dataRange);
    kept->map->keyAxis()->setRange(cellExtent(result.cols, cols));
    kept->map->valueAxis()->setRange(cellExtent(result.rows, rows));
    return true;
  }

  resetPlot(plot);
  int row = addHeader(plot, title, localizedSubtitle(options.subtitle), s, coreText(view.description));

  auto* body = new QCPLayoutGrid;
  plot.plotLayout()->addElement(row++, 0, body);
  auto* rect = new QCPAxisRect(&plot, true);
  body->addElement(0, 0, rect);
  adoptAxes(plot, rect);
  auto* scale = new QCPColorScale(&plot);
  body->addElement(0, 1, scale);
  body->setColumnSpacing(px(10, s));
  body->setColumnStretchFactor(0, 1.0);
  body->setColumnStretchFactor(1, 0.01);

  makeLegend(plot, LegendPlace::Hidden, Qt::AlignTop | Qt::AlignRight, rect, body, 0, 0, s);
  // (a note under the plot names the grey of masked cells)

  QCPAxis* xAxis = plot.xAxis;
  QCPAxis* yAxis = plot.yAxis;
  styleAxis(xAxis, coreText(view.xLabel), s, true);
  styleAxis(yAxis, coreText(view.yLabel), s, true);
  yAxis->setRangeReversed(true);  // row 0 at the top, as a matrix is read
  frameAxis(plot.xAxis2, s);
  frameAxis(plot.yAxis2, s);
  for (QCPAxis* axis : {xAxis, yAxis}) axis->grid()->setVisible(false);

  const QColor nanColor = mapId == QLatin1String("gray") ? kMaskedOnGray : kMaskedGrey;
  const QCPColorGradient gradient = makeGradient(colormapTable(mapId), steps, nanColor);

  scale->setType(QCPAxis::atRight);
  scale->setBarWidth(px(20, s));
  scale->setGradient(gradient);
  scale->setDataRange(dataRange);
  scale->setRangeDrag(false);
  scale->setRangeZoom(false);
  styleAxis(scale->axis(), coreText(view.valueLabel), s, view.integerValues);
  scale->axis()->setSubTicks(view.integerValues);  // sub-ticks only between whole values

  auto* margins = new QCPMarginGroup(&plot);
  rect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
  scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);

  QCPColorMap* map = nullptr;
  if (rows > 0 && cols > 0) {
    map = new QCPColorMap(xAxis, yAxis);
    map->setName(coreText(view.valueLabel));
    map->setInterpolate(false);
    map->setTightBoundary(false);
    fillColorMap(*map, result, rows, cols, stats);
    map->setColorScale(scale);
    map->setGradient(gradient);
    map->setDataRange(dataRange);
    xAxis->setRange(cellExtent(result.cols, cols));
    yAxis->setRange(cellExtent(result.rows, rows));
  } else {
    xAxis->setRange(-0.5, 0.5);
    yAxis->setRange(-0.5, 0.5);
  }

  if (stats.anyNan) {
    auto* note = new SwatchNote(&plot, QCoreApplication::translate("posenc::ui::PlotRender", "masked cells (no value)"),
                                plotFont(kNotePt, s), nanColor);
    note->setTextColor(kSoftInk);
    note->setMargins(QMargins(px(10, s), px(4, s), px(10, s), px(2, s)));
    plot.plotLayout()->addElement(row++, 0, note);
  }
  if (!sampled.isEmpty()) addNote(plot, row++, sampled, s);
  // Air below the plot when no note closes it.
  if (!stats.anyNan && sampled.isEmpty()) rect->setMinimumMargins(QMargins(0, 0, 0, px(4, s)));
  plot.plotLayout()->setMargins(QMargins(0, 0, px(6, s), px(4, s)));
  layOutFor(plot, plot.size());
  new MatrixDrawing(&plot, std::move(key), map, scale);
  return false;
}

void drawSeries(QCustomPlot& plot, const ViewSpec& view, const SeriesResult& result,
                const PlotOptions& options) {
  const double s = safeScale(options.fontScale);
  resetPlot(plot);
  const QString title = options.title.isEmpty() ? coreText(view.title) : options.title;
  int row = addHeader(plot, title, localizedSubtitle(options.subtitle), s, coreText(view.description));

  const std::size_t n = result.x.size();
  const bool logY = view.logY && !view.parametric;
  auto yAt = [&](const Curve& c, std::size_t i) {
    const double y = i < c.y.size() ? c.y[i] : std::numeric_limits<double>::quiet_NaN();
    return logY && !(y > 0) ? std::numeric_limits<double>::quiet_NaN() : y;
  };

  Extent xs;
  Extent ys;
  for (std::size_t i = 0; i < n; ++i) xs.add(result.x[i]);
  for (const Curve& c : result.curves)
    for (std::size_t i = 0; i < n; ++i) ys.add(yAt(c, i));

  // Ranges.
  QCPRange xRange;
  QCPRange yRange;
  double barWidth = 1.0;
  if (view.parametric) {
    if (xs.valid() && ys.valid() && xs.lo <= 0 && xs.hi >= 0 && ys.lo <= 0 && ys.hi >= 0) {
      const double r =
          std::max({-xs.lo, xs.hi, -ys.lo, ys.hi, std::numeric_limits<double>::min()}) * 1.08;
      xRange = QCPRange(-r, r);  // centred on the origin: a circle stays a circle
      yRange = QCPRange(-r, r);
    } else {
      xRange = padded(xs, 0.06, -1, 1);
      yRange = padded(ys, 0.06, -1, 1);
    }
  } else if (view.bars) {
    std::vector<double> sorted(result.x.begin(), result.x.end());
    std::sort(sorted.begin(), sorted.end());
    double spacing = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i] > sorted[i - 1]) spacing = std::min(spacing, sorted[i] - sorted[i - 1]);
    if (!std::isfinite(spacing)) spacing = 1.0;
    barWidth = spacing;
    xRange = xs.valid() ? QCPRange(xs.lo - 0.6 * spacing, xs.hi + 0.6 * spacing) : QCPRange(0, 1);
    if (logY) {
      yRange = paddedLog(ys);
    } else {
      Extent withZero = ys;
      withZero.add(0.0);
      const double pad = (withZero.hi - withZero.lo) * 0.06;
      yRange = withZero.hi > withZero.lo
                   ? QCPRange(withZero.lo < 0 ? withZero.lo - pad : 0.0,
                              withZero.hi > 0 ? withZero.hi + pad : 0.0)
                   : QCPRange(0, 1);
    }
  } else {
    xRange = padded(xs, 0.02, 0, 1);
    yRange = logY ? paddedLog(ys) : padded(ys, 0.06, 0, 1);
  }

  // Legend: in an empty corner for a few curves, else above the plot; beside it for many
  // curves or for a path (which may fill its square).
  const std::size_t curveCount = result.curves.size();
  std::vector<std::pair<double, double>> points;  // what the legend must not cover
  for (const Curve& curve : result.curves) {
    for (std::size_t i = 0; i < n; ++i) {
      const double y = yAt(curve, i);
      if (!std::isfinite(y) || !std::isfinite(result.x[i])) continue;
      points.emplace_back(result.x[i], y);
      if (view.bars && !logY) {
        for (double f : {0.2, 0.4, 0.6, 0.8}) points.emplace_back(result.x[i], y * f);
      }
    }
  }
  LegendPlace place = LegendPlace::Hidden;
  Qt::Alignment corner = Qt::AlignTop | Qt::AlignRight;
  int aboveColumns = 0;  // entries per row when the legend sits above the plot
  if (curveCount > 1) {
    const auto empty = emptyCorner(points, xRange, yRange, logY);
    const QFontMetricsF metrics(plotFont(kLegendPt, s));
    double longest = 0;
    for (const Curve& curve : result.curves)
      longest = std::max(longest, metrics.horizontalAdvance(coreText(curve.name)));
    const double entry = longest + px(28 + 9 + 20, s);
    // Beside the plot only when the plot keeps most of the width; in a narrow picture (a grid
    // cell) the legend goes above it, as many entries per row as fit.
    const bool besideFits = entry + px(40, s) <= 0.4 * plot.width();
    const int fitPerRow = std::max(1, static_cast<int>((plot.width() - px(40, s)) / entry));
    if ((view.parametric || curveCount > 6) && besideFits) {
      place = LegendPlace::Beside;
    } else if (empty && curveCount <= 6) {
      place = LegendPlace::Inside;
      corner = *empty;
    } else {
      const int wanted = curveCount <= 4 ? static_cast<int>(curveCount) : 3;
      if (fitPerRow >= std::min(wanted, 2) || !besideFits) {
        place = LegendPlace::Above;
        aboveColumns = std::min(fitPerRow, curveCount <= 4 ? static_cast<int>(curveCount) : 4);
      } else {
        place = LegendPlace::Beside;
      }
    }
  }
  const int legendRow = place == LegendPlace::Above ? row++ : -1;

  auto* body = new QCPLayoutGrid;
  plot.plotLayout()->addElement(row++, 0, body);
  QCPAxisRect* rect = view.parametric ? new EqualAspectRect(&plot, xRange, yRange)
                                      : new QCPAxisRect(&plot, true);
  body->addElement(0, 0, rect);
  adoptAxes(plot, rect);
  QCPAxis* xAxis = plot.xAxis;
  QCPAxis* yAxis = plot.yAxis;
  styleAxis(xAxis, coreText(view.xLabel), s, !view.parametric && allIntegers(result.x));
  styleAxis(yAxis, coreText(view.yLabel), s, false);
  frameAxis(plot.xAxis2, s);
  frameAxis(plot.yAxis2, s);
  const QPen zeroLine(QColor(0, 0, 0, 100), 1);
  yAxis->grid()->setZeroLinePen(zeroLine);  // the horizontal line y = 0
  if (view.parametric) xAxis->grid()->setZeroLinePen(zeroLine);
  if (logY) {
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    yAxis->setTicker(ticker);
    yAxis->setNumberFormat(QStringLiteral("eb"));
    yAxis->setNumberPrecision(0);
    yAxis->grid()->setZeroLinePen(Qt::NoPen);
  }
  xAxis->setRange(xRange);
  yAxis->setRange(yRange);

  QCPLegend* legend = makeLegend(plot, place, corner, rect, body, legendRow,
                                 static_cast<int>(std::min<std::size_t>(curveCount, kMaxLegendEntries)), s,
                                 aboveColumns);
  QCPBarsGroup* group = nullptr;
  if (view.bars && curveCount > 1) {
    group = new QCPBarsGroup(&plot);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(px(2, s));
  }
  const bool markers = n <= 40;
  // Dense lines (thousands of points per curve): each line keeps, per pixel column, its first,
  // last, lowest and highest point (thinnedLine), at four times the widget's resolution so a
  // zoom still shows every pixel column's envelope. QPainter strokes a long polyline as one
  // path whose self-overlapping zigzags take seconds to fill, so a line with more than two
  // points per pixel column is drawn segment by segment (SegmentedGraph).
  const bool sortedX = std::is_sorted(result.x.begin(), result.x.end());
  const int pixels = std::max(256, qRound(plot.width() * plot.devicePixelRatioF()));
  const int columns = 4 * std::max(1024, pixels);
  for (std::size_t k = 0; k < curveCount; ++k) {
    const Curve& curve = result.curves[k];
    const QPen pen = curvePen(k, s);
    QVector<double> keys;
    QVector<double> values;
    const bool thin = !view.bars && !view.parametric && sortedX &&
                      curve.style == CurveStyle::Line && n > 2 * static_cast<std::size_t>(columns);
    std::vector<double> lineYs;
    std::vector<std::size_t> picked;
    if (thin) {
      lineYs.resize(n);
      for (std::size_t i = 0; i < n; ++i) lineYs[i] = yAt(curve, i);
      picked = thinnedLine(result.x, lineYs, xRange.lower, xRange.upper, columns);
    }
    const bool dense = curve.style == CurveStyle::Line && n > 2 * static_cast<std::size_t>(pixels);
    keys.reserve(static_cast<int>(thin ? picked.size() : n));
    values.reserve(static_cast<int>(thin ? picked.size() : n));
    if (thin) {
      for (const std::size_t i : picked) {
        keys.push_back(result.x[i]);
        values.push_back(lineYs[i]);
      }
    }
    for (std::size_t i = 0; i < n && !thin; ++i) {
      const double y = yAt(curve, i);
      if (view.bars && !std::isfinite(y)) continue;  // a bar is there or not; no gaps to keep
      keys.push_back(result.x[i]);
      values.push_back(y);
    }
    QCPAbstractPlottable* plottable = nullptr;
    const QCPScatterStyle marker(QCPScatterStyle::ssDisc, pen.color(), px(6, s) + 1.0);
    if (view.parametric) {
      auto* path = new QCPCurve(xAxis, yAxis);
      QVector<double> t(keys.size());
      for (int i = 0; i < t.size(); ++i) t[i] = i;
      path->setData(t, keys, values, true);
      if (curve.style == CurveStyle::Points) {
        path->setLineStyle(QCPCurve::lsNone);
        path->setScatterStyle(marker);
      } else if (markers) {
        path->setScatterStyle(marker);
      }
      plottable = path;
    } else if (view.bars) {
      auto* bars = new QCPBars(xAxis, yAxis);
      bars->setWidthType(QCPBars::wtPlotCoords);
      bars->setWidth(barWidth * (curveCount > 1 ? 0.84 / static_cast<double>(curveCount) : 0.7));
      if (logY) bars->setBaseValue(yRange.lower);
      const QColor fill = pen.color();
      bars->setPen(QPen(fill.darker(130), 1));
      bars->setBrush(fill);
      bars->setData(keys, values);
      if (group) bars->setBarsGroup(group);
      plottable = bars;
    } else {
      auto* graph = dense ? new SegmentedGraph(xAxis, yAxis) : new QCPGraph(xAxis, yAxis);
      graph->setData(keys, values, std::is_sorted(keys.begin(), keys.end()));
      switch (curve.style) {
        case CurveStyle::Line:
          graph->setLineStyle(QCPGraph::lsLine);
          if (markers) graph->setScatterStyle(marker);
          break;
        case CurveStyle::Steps:
          graph->setLineStyle(QCPGraph::lsStepCenter);
          break;
        case CurveStyle::Points:
          graph->setLineStyle(QCPGraph::lsNone);
          graph->setScatterStyle(marker);
          break;
      }
      plottable = graph;
    }
    plottable->setName(coreText(curve.name));
    if (!view.bars) plottable->setPen(pen);
    plottable->setAntialiased(true);
    const bool listed = static_cast<int>(k) < kMaxLegendEntries;
    if (listed && !legend->hasItemWithPlottable(plottable)) plottable->addToLegend(legend);
    if (!listed) plottable->removeFromLegend(legend);
  }
  // Room below each entry: DejaVu's underscore reaches below the font's descent.
  // (itemCount counts the cells of the legend's grid: a last row not full has empty ones.)
  for (int i = 0; i < legend->itemCount(); ++i)
    if (QCPAbstractLegendItem* item = legend->item(i)) item->setMargins(QMargins(0, 0, 0, px(3, s)));

  if (static_cast<int>(curveCount) > kMaxLegendEntries) {
    addNote(plot, row++,
            QCoreApplication::translate("posenc::ui::PlotRender", "legend names the first %1 of %2 curves")
                .arg(kMaxLegendEntries)
                .arg(curveCount),
            s);
  }
  rect->setMinimumMargins(QMargins(0, 0, 0, px(4, s)));
  plot.plotLayout()->setMargins(QMargins(0, 0, px(10, s), px(4, s)));
  layOutFor(plot, plot.size());
}

QString savePicture(QCustomPlot& plot, const QString& path, QSize size, double dpi) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") &&
      suffix != QLatin1String("pdf")) {
    return QStringLiteral("%1: unknown picture format '%2' (use .png, .svg or .pdf)")
        .arg(path, QFileInfo(path).suffix());
  }
  if (size.width() <= 0 || size.height() <= 0) {
    return QStringLiteral("%1: picture size %2 x %3 must be positive")
        .arg(path)
        .arg(size.width())
        .arg(size.height());
  }
  if (!std::isfinite(dpi) || dpi <= 0) {
    return QStringLiteral("%1: resolution %2 dpi must be positive").arg(path).arg(dpi);
  }
  const double pixelScale = suffix == QLatin1String("png") ? dpi / 96.0 : 1.0;
  const double maxSide = std::max(size.width(), size.height()) * pixelScale;
  if (maxSide > kMaxPictureSide || std::min(size.width(), size.height()) * pixelScale < 1) {
    return QStringLiteral("%1: a picture of %2 x %3 pixels cannot be made (1 to %4 on a side)")
        .arg(path)
        .arg(qRound(size.width() * pixelScale))
        .arg(qRound(size.height() * pixelScale))
        .arg(kMaxPictureSide);
  }

  // The picture is encoded in memory, then written by the core's writeFileAtomically, the
  // one writer of every exported file: a temporary beside the file, synced and renamed into
  // place (a failure leaves the old file whole), links followed, devices and FIFOs written in
  // place, and each error with its system reason (QSaveFile says "Unknown error" when a full
  // disk takes part of a write, and libpng prints its own line about it).
  QBuffer encoded;
  encoded.open(QIODevice::WriteOnly);
  layOutFor(plot, size);  // twice: tick labels set margins, and margins set the tick count
  layOutFor(plot, size);
  QString error;
  if (suffix == QLatin1String("png")) {
    error = writePng(plot, encoded, size, dpi);
  } else if (suffix == QLatin1String("svg")) {
    error = writeSvg(plot, encoded, size);
  } else {
    error = writePdf(plot, encoded, size);
  }
  encoded.close();
  plot.replot(QCustomPlot::rpQueuedReplot);  // back to the widget's own size when it shows
  if (!error.isEmpty()) return cannotWrite(path, error);
  try {
    const QByteArray& bytes = encoded.data();
    writeFileAtomically(QFile::encodeName(path).toStdString(), [&](std::ostream& out) {
      out.write(bytes.constData(), static_cast<std::streamsize>(bytes.size()));
    });
  } catch (const IoError& e) {
    return QString::fromStdString(e.what());  // "cannot write PATH: reason"
  }
  return {};
}

}  // namespace posenc::ui
