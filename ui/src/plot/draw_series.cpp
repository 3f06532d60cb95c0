// SPDX-License-Identifier: GPL-3.0-or-later
// Charts: the curves of a series view as lines, steps, points, bars or a path, with their
// ranges, a legend placed where it covers no data, and dense lines thinned to the pixels.
#include "posenc_ui/plot/draw_series.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QFontMetricsF>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "posenc_ui/common/translation.h"
#include "posenc_ui/plot/colormaps.h"

namespace posenc::ui {

namespace {

constexpr int kMaxLegendEntries = 15;  ///< More curves than this: the legend names the first ones.

/// Okabe & Ito's colour-blind-safe palette, ordered for a white background (yellow last).
const std::array<QColor, 8> kPalette = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                        QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                        QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                        QColor(0x00, 0x00, 0x00), QColor(0xF0, 0xE4, 0x42)};

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

/// A path whose segments take the colour of their first point (Curve::colour through a colour
/// map): the order of the points (e.g. positions) reads from the colours. Drawn point to point
/// from its own copy of the data, segment by segment, markers excepted.
class ColouredPath : public QCPCurve {
 public:
  ColouredPath(QCPAxis* keyAxis, QCPAxis* valueAxis, QVector<double> keys, QVector<double> values,
               QVector<QColor> colours)
      : QCPCurve(keyAxis, valueAxis),
        m_keys(std::move(keys)),
        m_values(std::move(values)),
        m_colours(std::move(colours)) {}

 protected:
  void draw(QCPPainter* painter) override {
    if (!keyAxis() || !valueAxis()) return;
    applyDefaultAntialiasingHint(painter);
    QPen pen = mPen;
    auto at = [this](qsizetype i) {
      return QPointF(keyAxis()->coordToPixel(m_keys[i]), valueAxis()->coordToPixel(m_values[i]));
    };
    auto finite = [this](qsizetype i) {
      return std::isfinite(m_keys[i]) && std::isfinite(m_values[i]);
    };
    for (qsizetype i = 1; i < m_keys.size(); ++i) {
      if (!finite(i - 1) || !finite(i)) continue;
      pen.setColor(m_colours[i - 1]);
      painter->setPen(pen);
      painter->drawLine(at(i - 1), at(i));
    }
  }

 private:
  QVector<double> m_keys;
  QVector<double> m_values;
  QVector<QColor> m_colours;
};

/// A log axis labelled 10⁻², 10⁰, 10⁴: powers of ten with superscript exponents, as a page of
/// mathematics writes them (QCustomPlot's "1e+04" reads "1E+04" in Qt 6's locales).
class PowerOfTenTicker : public QCPAxisTickerLog {
 protected:
  QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                       int precision) override {
    const double exponent = std::round(std::log10(tick));
    if (!std::isfinite(exponent) || std::abs(tick / std::pow(10.0, exponent) - 1.0) > 1e-9)
      return QCPAxisTickerLog::getTickLabel(tick, locale, formatChar, precision);
    static const QString digits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString power;
    for (const QChar c : QString::number(static_cast<long long>(std::abs(exponent))))
      power += digits[c.digitValue()];
    return QStringLiteral("10") + (exponent < 0 ? QStringLiteral("⁻") : QString()) + power;
  }
};

/// The colour map's gradient over its 256 colours.
QCPColorGradient sequentialGradient(const std::vector<QColor>& table) {
  QCPColorGradient gradient;
  gradient.clearColorStops();
  QMap<double, QColor> stops;
  const double last = static_cast<double>(table.size() - 1);
  for (std::size_t i = 0; i < table.size(); ++i)
    stops.insert(static_cast<double>(i) / last, table[i]);
  gradient.setColorStops(stops);
  gradient.setColorInterpolation(QCPColorGradient::ciRGB);
  gradient.setLevelCount(1024);
  return gradient;
}

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
  const double factor = extent.hi > extent.lo ? std::pow(extent.hi / extent.lo, 0.05) : 2.0;
  return QCPRange(extent.lo / factor, extent.hi * factor);
}

/// A corner of the axis rect that no data point falls in, preferring top right, top left,
/// bottom right, bottom left; or none. A corner is a third of the rect's width and height with
/// some air, or the legend's share (`legendWidth`, `legendHeight`, fractions of the rect) when
/// the legend is bigger.
std::optional<Qt::Alignment> emptyCorner(const std::vector<std::pair<double, double>>& points,
                                         const QCPRange& xr, const QCPRange& yr, bool logY,
                                         double legendWidth, double legendHeight) {
  const double leftOf = std::max(0.45, legendWidth);
  const double rightOf = std::min(0.55, 1.0 - legendWidth);
  const double below = std::max(0.38, legendHeight);
  const double above = std::min(0.62, 1.0 - legendHeight);
  std::array<std::size_t, 4> count{};  // top-right, top-left, bottom-right, bottom-left
  for (const auto& [x, y] : points) {
    const double u = (x - xr.lower) / xr.size();
    const double v =
        logY ? std::log(y / yr.lower) / std::log(yr.upper / yr.lower) : (y - yr.lower) / yr.size();
    if (!std::isfinite(u) || !std::isfinite(v)) continue;
    const bool right = u > rightOf;
    const bool left = u < leftOf;
    const bool top = v > above;
    const bool bottom = v < below;
    if (top && right) ++count[0];
    if (top && left) ++count[1];
    if (bottom && right) ++count[2];
    if (bottom && left) ++count[3];
  }
  const std::array<Qt::Alignment, 4> corners = {Qt::AlignTop | Qt::AlignRight,
                                                Qt::AlignTop | Qt::AlignLeft,
                                                Qt::AlignBottom | Qt::AlignRight,
                                                Qt::AlignBottom | Qt::AlignLeft};
  for (std::size_t c = 0; c < corners.size(); ++c)
    if (count[c] == 0) return corners[c];
  return std::nullopt;
}

bool allIntegers(const std::vector<double>& xs) {
  return std::all_of(xs.begin(), xs.end(), [](double x) {
    return !std::isfinite(x) || (std::abs(x) < 1e15 && x == std::round(x));
  });
}

/// The pen of curve `curve`, the k-th: its group's colour and its family's style when it has
/// them, else a colour by index and, past the palette, the next style.
QPen curvePen(const Curve& curve, std::size_t k, double s) {
  const std::size_t colour = curve.group >= 0 ? static_cast<std::size_t>(curve.group) : k;
  QPen pen(kPalette[colour % kPalette.size()], std::max(2.0, 2.0 * s * 0.85));
  static constexpr std::array<Qt::PenStyle, 4> kStyles = {Qt::SolidLine, Qt::DashLine, Qt::DotLine,
                                                          Qt::DashDotLine};
  const std::size_t style =
      curve.family >= 0 ? static_cast<std::size_t>(curve.family) : k / kPalette.size();
  pen.setStyle(kStyles[style % kStyles.size()]);
  pen.setCapStyle(Qt::RoundCap);
  pen.setJoinStyle(Qt::RoundJoin);
  return pen;
}

/// The smallest distance between two different x (the width a bar may take); 1 when there
/// are fewer than two different x.
double barSpacing(const std::vector<double>& x) {
  std::vector<double> sorted(x.begin(), x.end());
  std::sort(sorted.begin(), sorted.end());
  double spacing = std::numeric_limits<double>::infinity();
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i] > sorted[i - 1]) spacing = std::min(spacing, sorted[i] - sorted[i - 1]);
  return std::isfinite(spacing) ? spacing : 1.0;
}

/// The y range of bars: from zero (or the data's lowest, if below zero) to the highest, with a
/// margin on the side away from zero; a log axis starts below the lowest positive bar.
QCPRange barsYRange(const Extent& ys, bool logY) {
  // Log bars stand on the decade below the smallest one's: a bar's height then reads as its
  // size (Gemma 3's 1024-token windows a tenth of the way to its 131072-token layers), where
  // a bottom just under the smallest bar leaves it a stub that looks like zero.
  if (logY && ys.valid() && ys.lo > 0) {
    const QCPRange padded = paddedLog(ys);
    return QCPRange(std::pow(10.0, std::floor(std::log10(ys.lo)) - 1.0), padded.upper);
  }
  if (logY) return paddedLog(ys);
  Extent withZero = ys;
  withZero.add(0.0);
  const double pad = (withZero.hi - withZero.lo) * 0.06;
  return withZero.hi > withZero.lo ? QCPRange(withZero.lo < 0 ? withZero.lo - pad : 0.0,
                                              withZero.hi > 0 ? withZero.hi + pad : 0.0)
                                   : QCPRange(0, 1);
}

/// One entry of a chart's legend: a curve (its plottable), or a key of a factorised legend
/// (a colour group or a line-style family, drawn by a plottable without data).
struct LegendEntry {
  QString name;
  QPen pen;
  int curve = -1;  ///< The curve this entry names; -1 for a key.
};

/// The legend of `curves` as keys when they are a grid of colour groups x style families whose
/// names read "FAMILY, GROUP" (RoPE's invariance view: "RoPE, m = 255" ... "absolute
/// sinusoidal, m = 63"): one entry per family (its line style, in ink) and one per group (its
/// colour) name every curve in fewer, shorter entries (6 for 8 curves). Empty when they are
/// not such a grid.
std::vector<LegendEntry> factorisedLegend(const std::vector<Curve>& curves,
                                          const std::vector<QPen>& pens) {
  if (curves.size() < 4) return {};
  std::map<int, QString> groups;
  std::map<int, QString> families;
  std::map<int, QPen> familyPens;
  std::map<int, QPen> groupPens;
  std::set<std::pair<int, int>> cells;
  for (std::size_t k = 0; k < curves.size(); ++k) {
    const Curve& c = curves[k];
    if (c.group < 0 || c.family < 0 || !cells.insert({c.group, c.family}).second) return {};
    const QString name = coreText(c.name);
    qsizetype at = name.lastIndexOf(QStringLiteral(", "));
    qsizetype skip = 2;
    if (const qsizetype wide = name.lastIndexOf(QChar(0xFF0C)); wide > at) {  // "，"
      at = wide;
      skip = 1;
    }
    if (at <= 0) return {};
    const QString family = name.left(at);
    const QString group = name.mid(at + skip);
    if (families.try_emplace(c.family, family).first->second != family) return {};
    if (groups.try_emplace(c.group, group).first->second != group) return {};
    QPen style = pens[k];
    style.setColor(QColor(60, 60, 60));
    familyPens.try_emplace(c.family, style);
    QPen colour = pens[k];
    colour.setStyle(Qt::SolidLine);
    groupPens.try_emplace(c.group, colour);
  }
  if (groups.size() < 2 || families.size() < 2 || groups.size() + families.size() >= curves.size())
    return {};
  std::vector<LegendEntry> out;
  out.reserve(families.size() + groups.size());
  for (const auto& [id, name] : families) out.push_back({name, familyPens[id], -1});
  for (const auto& [id, name] : groups) out.push_back({name, groupPens[id], -1});
  return out;
}

/// Where the legend of a chart goes.
struct LegendChoice {
  LegendPlace place = LegendPlace::Hidden;
  Qt::Alignment corner = Qt::AlignTop | Qt::AlignRight;
  int aboveColumns = 0;  ///< Entries per row when the legend sits above the plot.
};

/// One drawSeries call: the chart's ranges, legend, axes and curves, in that order.
class ChartBuilder {
 public:
  ChartBuilder(QCustomPlot& plot, const ViewSpec& view, const SeriesResult& result, double s)
      : m_plot(plot),
        m_view(view),
        m_result(result),
        m_s(s),
        m_n(result.x.size()),
        m_logY(view.logY && !view.parametric) {}

  /// Draws everything below the header, which ends before layout row `row`.
  void draw(int row);

 private:
  /// Curve `c`'s y at point i as drawn: NaN past its end, and where not positive on a log axis.
  [[nodiscard]] double yAt(const Curve& c, std::size_t i) const {
    const double y = i < c.y.size() ? c.y[i] : std::numeric_limits<double>::quiet_NaN();
    return m_logY && !(y > 0) ? std::numeric_limits<double>::quiet_NaN() : y;
  }
  void computeRanges();
  /// m_entries: the curves' names (the first kMaxLegendEntries), or the keys of a factorised
  /// legend (factorisedLegend).
  void listLegendEntries();
  [[nodiscard]] LegendChoice chooseLegend() const;
  QCPAxisRect* addAxes(QCPLayoutGrid* body);
  void addCurves(QCPLegend* legend);
  /// The keys and values of curve `curve` to draw: thinned to `columns` pixel columns when
  /// `thin`, without missing bars.
  void curvePoints(const Curve& curve, bool thin, int columns, QVector<double>& keys,
                   QVector<double>& values) const;
  QCPAbstractPlottable* addPlottable(const Curve& curve, const QVector<double>& keys,
                                     const QVector<double>& values, const QPen& pen, bool dense,
                                     QCPBarsGroup* group);

  QCustomPlot& m_plot;
  const ViewSpec& m_view;
  const SeriesResult& m_result;
  const double m_s;       ///< Font scale (safeScale of PlotOptions::fontScale).
  const std::size_t m_n;  ///< Points per curve (the x values).
  const bool m_logY;      ///< A log y axis (never for a path).
  QCPRange m_xRange;
  QCPRange m_yRange;
  double m_barWidth = 1.0;
  /// Curves coloured per point (Curve::colour): the colour map and the range of its values.
  QCPColorGradient m_gradient;
  QCPRange m_colourRange;
  bool m_coloured = false;
  std::vector<LegendEntry> m_entries;
  void addColourScale(QCPLayoutGrid* body);
};

void ChartBuilder::computeRanges() {
  Extent colours;
  for (const Curve& c : m_result.curves)
    for (const double v : c.colour) colours.add(v);
  m_coloured = colours.valid();
  if (m_coloured) {
    m_gradient = sequentialGradient(colormapTable(defaultColormap(m_view)));
    m_colourRange = colours.hi > colours.lo ? QCPRange(colours.lo, colours.hi)
                                            : QCPRange(colours.lo - 0.5, colours.lo + 0.5);
  }
  Extent xs;
  Extent ys;
  for (std::size_t i = 0; i < m_n; ++i) xs.add(m_result.x[i]);
  for (const Curve& c : m_result.curves)
    for (std::size_t i = 0; i < m_n; ++i) ys.add(yAt(c, i));

  if (m_view.parametric) {
    if (xs.valid() && ys.valid() && xs.lo <= 0 && xs.hi >= 0 && ys.lo <= 0 && ys.hi >= 0) {
      const double r =
          std::max({-xs.lo, xs.hi, -ys.lo, ys.hi, std::numeric_limits<double>::min()}) * 1.08;
      m_xRange = QCPRange(-r, r);  // centred on the origin: a circle stays a circle
      m_yRange = QCPRange(-r, r);
    } else {
      m_xRange = padded(xs, 0.06, -1, 1);
      m_yRange = padded(ys, 0.06, -1, 1);
    }
  } else if (m_view.bars) {
    const double spacing = barSpacing(m_result.x);
    m_barWidth = spacing;
    m_xRange = xs.valid() ? QCPRange(xs.lo - 0.6 * spacing, xs.hi + 0.6 * spacing) : QCPRange(0, 1);
    m_yRange = barsYRange(ys, m_logY);
  } else {
    m_xRange = padded(xs, 0.02, 0, 1);
    m_yRange = m_logY ? paddedLog(ys) : padded(ys, 0.06, 0, 1);
  }
}

void ChartBuilder::listLegendEntries() {
  std::vector<QPen> pens;
  for (std::size_t k = 0; k < m_result.curves.size(); ++k)
    pens.push_back(curvePen(m_result.curves[k], k, m_s));
  m_entries = factorisedLegend(m_result.curves, pens);
  if (!m_entries.empty()) return;
  for (std::size_t k = 0; k < m_result.curves.size() && k < std::size_t{kMaxLegendEntries}; ++k)
    m_entries.push_back({coreText(m_result.curves[k].name), pens[k], static_cast<int>(k)});
}

/// In an empty corner for a few entries, else above the plot; beside it for many entries or
/// for a path (which may fill its square). No legend for one curve. A legend above the plot
/// that would take more than a third of its height goes beside it when that leaves the chart
/// most of the width.
LegendChoice ChartBuilder::chooseLegend() const {
  LegendChoice choice;
  if (m_result.curves.size() <= 1) return choice;
  const std::size_t curveCount = m_entries.size();
  std::vector<std::pair<double, double>> points;  // what the legend must not cover
  for (const Curve& curve : m_result.curves) {
    for (std::size_t i = 0; i < m_n; ++i) {
      const double y = yAt(curve, i);
      if (!std::isfinite(y) || !std::isfinite(m_result.x[i])) continue;
      points.emplace_back(m_result.x[i], y);
      if (m_view.bars && !m_logY) {
        for (double f : {0.2, 0.4, 0.6, 0.8}) points.emplace_back(m_result.x[i], y * f);
      }
    }
  }
  const QFontMetricsF metrics(plotFont(kLegendPt, m_s));
  double longest = 0;
  for (const LegendEntry& e : m_entries)
    longest = std::max(longest, metrics.horizontalAdvance(e.name));
  const double entry = longest + px(28 + 9 + 20, m_s);
  // The boxed legend's share of the axis rect (its size with the inset's margins, over the
  // picture less the axes and the header): a corner must hold the whole box.
  const double rectWidth = std::max(1, m_plot.width() - px(90, m_s));
  const double rectHeight = std::max(1, m_plot.height() - px(130, m_s));
  const double boxHeight =
      static_cast<double>(std::min<std::size_t>(curveCount, kMaxLegendEntries)) *
          (metrics.height() + px(5, m_s)) +
      px(18, m_s);
  const auto empty = emptyCorner(points, m_xRange, m_yRange, m_logY,
                                 (entry + px(10, m_s)) / rectWidth, boxHeight / rectHeight);
  // Beside the plot only when the plot keeps most of the width; in a narrow picture (a grid
  // cell) the legend goes above it, as many entries per row as fit.
  const bool besideFits = entry + px(40, m_s) <= 0.4 * m_plot.width();
  const int fitPerRow = std::max(1, static_cast<int>((m_plot.width() - px(40, m_s)) / entry));
  if ((m_view.parametric || curveCount > 6) && besideFits) {
    choice.place = LegendPlace::Beside;
  } else if (empty && curveCount <= 6) {
    choice.place = LegendPlace::Inside;
    choice.corner = *empty;
  } else {
    const int wanted = curveCount <= 4 ? static_cast<int>(curveCount) : 3;
    if (fitPerRow >= std::min(wanted, 2) || !besideFits) {
      choice.place = LegendPlace::Above;
      const int count = static_cast<int>(curveCount);
      // A few short entries (keys) in one row when they fit; else up to four a row.
      choice.aboveColumns = curveCount <= 6 && fitPerRow >= count ? count : std::min(fitPerRow, 4);
      const int rows = (count + choice.aboveColumns - 1) / choice.aboveColumns;
      const double height = rows * (metrics.height() + px(5, m_s)) + px(8, m_s);
      if (height > m_plot.height() / 3.0 && besideFits) choice.place = LegendPlace::Beside;
    } else {
      choice.place = LegendPlace::Beside;
    }
  }
  return choice;
}

/// The axis rect in `body` (equal aspect for a path), its styled axes (a log y axis if
/// asked, zero lines) showing the ranges.
QCPAxisRect* ChartBuilder::addAxes(QCPLayoutGrid* body) {
  QCPAxisRect* rect = m_view.parametric ? newEqualAspectRect(m_plot, m_xRange, m_yRange)
                                        : new QCPAxisRect(&m_plot, true);
  body->addElement(0, 0, rect);
  adoptAxes(m_plot, rect);
  QCPAxis* xAxis = m_plot.xAxis;
  QCPAxis* yAxis = m_plot.yAxis;
  styleAxis(xAxis, coreText(m_view.xLabel), m_s, !m_view.parametric && allIntegers(m_result.x));
  styleAxis(yAxis, coreText(m_view.yLabel), m_s, false);
  frameAxis(m_plot.xAxis2, m_s);
  frameAxis(m_plot.yAxis2, m_s);
  const QPen zeroLine(QColor(0, 0, 0, 100), 1);
  yAxis->grid()->setZeroLinePen(zeroLine);  // the horizontal line y = 0
  if (m_view.parametric) xAxis->grid()->setZeroLinePen(zeroLine);
  if (m_logY) {
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new PowerOfTenTicker);
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    yAxis->setTicker(ticker);
    yAxis->setNumberFormat(QStringLiteral("g"));
    yAxis->setNumberPrecision(3);
    yAxis->grid()->setZeroLinePen(Qt::NoPen);
  }
  xAxis->setRange(m_xRange);
  yAxis->setRange(m_yRange);
  return rect;
}

void ChartBuilder::curvePoints(const Curve& curve, bool thin, int columns, QVector<double>& keys,
                               QVector<double>& values) const {
  if (thin) {
    std::vector<double> lineYs(m_n);
    for (std::size_t i = 0; i < m_n; ++i) lineYs[i] = yAt(curve, i);
    const std::vector<std::size_t> picked =
        thinnedLine(m_result.x, lineYs, m_xRange.lower, m_xRange.upper, columns);
    keys.reserve(static_cast<int>(picked.size()));
    values.reserve(static_cast<int>(picked.size()));
    for (const std::size_t i : picked) {
      keys.push_back(m_result.x[i]);
      values.push_back(lineYs[i]);
    }
    return;
  }
  keys.reserve(static_cast<int>(m_n));
  values.reserve(static_cast<int>(m_n));
  for (std::size_t i = 0; i < m_n; ++i) {
    const double y = yAt(curve, i);
    if (m_view.bars && !std::isfinite(y)) continue;  // a bar is there or not; no gaps to keep
    keys.push_back(m_result.x[i]);
    values.push_back(y);
  }
}

/// A path (in point order), bars, or a graph (lines, steps or points; SegmentedGraph when
/// `dense`), with markers on lines of at most 40 points.
QCPAbstractPlottable* ChartBuilder::addPlottable(const Curve& curve, const QVector<double>& keys,
                                                 const QVector<double>& values, const QPen& pen,
                                                 bool dense, QCPBarsGroup* group) {
  const bool markers = m_n <= 40;
  const QCPScatterStyle marker(QCPScatterStyle::ssDisc, pen.color(), px(6, m_s) + 1.0);
  if (m_view.parametric && !curve.colour.empty()) {
    QVector<QColor> colours;
    for (int i = 0; i < keys.size(); ++i)
      colours.push_back(m_gradient.color(i < static_cast<int>(curve.colour.size())
                                             ? curve.colour[static_cast<std::size_t>(i)]
                                             : std::numeric_limits<double>::quiet_NaN(),
                                         m_colourRange));
    auto* path = new ColouredPath(m_plot.xAxis, m_plot.yAxis, keys, values, colours);
    QVector<double> t(keys.size());
    for (int i = 0; i < t.size(); ++i) t[i] = i;
    path->setData(t, keys, values, true);  // for hover and ranges; drawn from its own copy
    return path;
  }
  if (m_view.parametric) {
    auto* path = new QCPCurve(m_plot.xAxis, m_plot.yAxis);
    QVector<double> t(keys.size());
    for (int i = 0; i < t.size(); ++i) t[i] = i;
    path->setData(t, keys, values, true);
    if (curve.style == CurveStyle::Points) {
      path->setLineStyle(QCPCurve::lsNone);
      path->setScatterStyle(marker);
    } else if (markers) {
      path->setScatterStyle(marker);
    }
    return path;
  }
  if (m_view.bars) {
    const std::size_t curveCount = m_result.curves.size();
    auto* bars = new QCPBars(m_plot.xAxis, m_plot.yAxis);
    bars->setWidthType(QCPBars::wtPlotCoords);
    // Disjoint bars (each x in one curve only) stand full width at their own x.
    const bool apart = curveCount > 1 && !m_view.disjointBars;
    bars->setWidth(m_barWidth * (apart ? 0.84 / static_cast<double>(curveCount) : 0.7));
    const QColor fill = pen.color();
    bars->setPen(QPen(fill.darker(130), 1));
    bars->setBrush(fill);
    if (m_logY) {
      // A bar stands from its base to base + value (QCPBars stacks its value on the base):
      // on a log axis the base is the range's bottom, so each bar holds y - base and its top
      // is at y (a window of 1024 tokens was drawn at 1024 + base, 1.8 times too high).
      const double base = m_yRange.lower;
      bars->setBaseValue(base);
      QVector<double> heights(values.size());
      for (int i = 0; i < values.size(); ++i) heights[i] = values[i] - base;
      bars->setData(keys, heights);
    } else {
      bars->setData(keys, values);
    }
    if (group) bars->setBarsGroup(group);
    return bars;
  }
  QCPGraph* graph = dense ? new SegmentedGraph(m_plot.xAxis, m_plot.yAxis)
                          : new QCPGraph(m_plot.xAxis, m_plot.yAxis);
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
  return graph;
}

/// One plottable per curve, the first kMaxLegendEntries named in `legend`.
void ChartBuilder::addCurves(QCPLegend* legend) {
  const std::size_t curveCount = m_result.curves.size();
  QCPBarsGroup* group = nullptr;
  if (m_view.bars && curveCount > 1 && !m_view.disjointBars) {
    group = new QCPBarsGroup(&m_plot);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(px(2, m_s));
  }
  // Dense lines (thousands of points per curve): each line keeps, per pixel column, its first,
  // last, lowest and highest point (thinnedLine), at four times the widget's resolution so a
  // zoom still shows every pixel column's envelope. QPainter strokes a long polyline as one
  // path whose self-overlapping zigzags take seconds to fill, so a line with more than two
  // points per pixel column is drawn segment by segment (SegmentedGraph).
  const bool sortedX = std::is_sorted(m_result.x.begin(), m_result.x.end());
  const int pixels = std::max(256, qRound(m_plot.width() * m_plot.devicePixelRatioF()));
  const int columns = 4 * std::max(1024, pixels);
  for (std::size_t k = 0; k < curveCount; ++k) {
    const Curve& curve = m_result.curves[k];
    QPen pen = curvePen(curve, k, m_s);
    if (!curve.colour.empty() && m_coloured)  // the legend's line: the colour map's middle
      pen.setColor(m_gradient.color(m_colourRange.center(), m_colourRange));
    const bool thin = !m_view.bars && !m_view.parametric && sortedX &&
                      curve.style == CurveStyle::Line &&
                      m_n > 2 * static_cast<std::size_t>(columns);
    const bool dense =
        curve.style == CurveStyle::Line && m_n > 2 * static_cast<std::size_t>(pixels);
    QVector<double> keys;
    QVector<double> values;
    curvePoints(curve, thin, columns, keys, values);
    QCPAbstractPlottable* plottable = addPlottable(curve, keys, values, pen, dense, group);
    plottable->setName(coreText(curve.name));
    if (!m_view.bars) plottable->setPen(pen);
    plottable->setAntialiased(true);
    const bool listed = std::any_of(m_entries.begin(), m_entries.end(), [k](const LegendEntry& e) {
      return e.curve == static_cast<int>(k);
    });
    if (listed && !legend->hasItemWithPlottable(plottable)) plottable->addToLegend(legend);
    if (!listed) plottable->removeFromLegend(legend);
  }
  // The keys of a factorised legend: plottables without data, after every curve (the hover
  // counts curves from plottable 0).
  for (const LegendEntry& e : m_entries) {
    if (e.curve >= 0) continue;
    auto* key = new QCPGraph(m_plot.xAxis, m_plot.yAxis);
    key->setName(e.name);
    key->setPen(e.pen);
    key->setSelectable(QCP::stNone);
    if (!legend->hasItemWithPlottable(key)) key->addToLegend(legend);
  }
  // Room below each entry: DejaVu's underscore reaches below the font's descent.
  // (itemCount counts the cells of the legend's grid: a last row not full has empty ones.)
  for (int i = 0; i < legend->itemCount(); ++i)
    if (QCPAbstractLegendItem* item = legend->item(i))
      item->setMargins(QMargins(0, 0, 0, px(3, m_s)));
}

/// The colour scale of the per-point colours, right of the plot (and of a legend beside it),
/// labelled ViewSpec::valueLabel.
void ChartBuilder::addColourScale(QCPLayoutGrid* body) {
  auto* scale = new QCPColorScale(&m_plot);
  const int column = body->columnCount();
  body->addElement(0, column, scale);
  body->setColumnStretchFactor(column, 0.01);
  body->setColumnSpacing(px(10, m_s));
  scale->setType(QCPAxis::atRight);
  scale->setBarWidth(px(20, m_s));
  scale->setGradient(m_gradient);
  scale->setDataRange(m_colourRange);
  scale->setRangeDrag(false);
  scale->setRangeZoom(false);
  styleAxis(scale->axis(), coreText(m_view.valueLabel), m_s, true);
}

void ChartBuilder::draw(int row) {
  computeRanges();
  listLegendEntries();
  const LegendChoice legendChoice = chooseLegend();
  const int legendRow = legendChoice.place == LegendPlace::Above ? row++ : -1;
  auto* body = new QCPLayoutGrid;
  m_plot.plotLayout()->addElement(row++, 0, body);
  QCPAxisRect* rect = addAxes(body);
  const std::size_t curveCount = m_result.curves.size();
  QCPLegend* legend =
      makeLegend(m_plot, legendChoice.place, legendChoice.corner, rect, body, legendRow,
                 static_cast<int>(m_entries.size()), m_s, legendChoice.aboveColumns);
  addCurves(legend);
  if (m_coloured) addColourScale(body);
  if (static_cast<int>(curveCount) > kMaxLegendEntries) {
    addNote(m_plot, row++,
            QCoreApplication::translate("posenc::ui::PlotRender",
                                        "legend names the first %1 of %2 curves")
                .arg(kMaxLegendEntries)
                .arg(curveCount),
            m_s);
  }
  rect->setMinimumMargins(QMargins(0, 0, 0, px(4, m_s)));
}

}  // namespace

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

void drawSeries(QCustomPlot& plot, const ViewSpec& spec, const SeriesResult& result,
                const PlotOptions& options) {
  const ViewSpec view = relabelled(spec, options);
  const double s = safeScale(options.fontScale);
  resetPlot(plot);
  const QString title = options.title.isEmpty() ? coreText(view.title) : options.title;
  const int row = addHeader(plot, title, localizedSubtitle(options.subtitle), s,
                            coreText(view.description), standInLine(options));
  ChartBuilder(plot, view, result, s).draw(row);
  plot.plotLayout()->setMargins(QMargins(0, 0, px(10, s), px(4, s)));
  layOutFor(plot, plot.size());
  if (fitAxisLabels(plot)) layOutFor(plot, plot.size());
}

}  // namespace posenc::ui
