// SPDX-License-Identifier: GPL-3.0-or-later
// Heatmaps: a matrix view's values as coloured cells on integer indices, with a colour scale,
// notes for masked cells and sampling, and a cheap redraw when only the values change.
#include "posenc_ui/plot/draw_matrix.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QPointer>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>

#include "posenc_ui/common/translation.h"
#include "posenc_ui/plot/colormaps.h"

namespace posenc::ui {

namespace {

constexpr int kMaxSteppedLevels = 64;  ///< Integer views with at most this many values get steps.

const QColor kMaskedGrey(192, 192, 192);    ///< NaN cells: a neutral light grey.
const QColor kMaskedOnGray(233, 196, 150);  ///< NaN cells on the "gray" map, where grey is data.

/// What a heatmap drawMatrix drew is made of, kept as a child of the plot (resetPlot deletes
/// it): a later drawMatrix with reuse and the same key only replaces the values.
class MatrixDrawing : public PlotRecord {
 public:
  struct Key {
    std::string view;
    QString title, subtitle, standIn, absent, xLabel, yLabel, valueLabel, colormap, note;
    double scale = 1.0;
    int steps = 0;
    bool anyNan = false;
    bool squareCells = false;
    bool operator==(const Key&) const = default;
  };
  MatrixDrawing(QCustomPlot* plot, Key key, QCPColorMap* map, QCPColorScale* colorScale)
      : PlotRecord(plot), key(std::move(key)), map(map), colorScale(colorScale) {}

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

/// `stats` widened to cover `span` (PlotOptions::valueSpan) when it is set and finite.
ValueStats withSpan(ValueStats stats, const std::optional<std::pair<double, double>>& span) {
  if (!span || !std::isfinite(span->first) || !std::isfinite(span->second)) return stats;
  stats.min = std::min({stats.min, span->first, span->second});
  stats.max = std::max({stats.max, span->first, span->second});
  stats.maxAbs = std::max({stats.maxAbs, std::abs(span->first), std::abs(span->second)});
  stats.anyFinite = true;
  return stats;
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
    for (std::size_t i = 0; i < table.size(); ++i)
      stops.insert(static_cast<double>(i) / last, table[i]);
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
  if (stats.anyFinite && !stats.anyInf)
    data->*ColorMapDataAccess::bounds() = QCPRange(stats.min, stats.max);
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

/// A message written in the middle of an axis rect, wrapped to its width (a view whose term
/// is absent in the chosen variant says so where its cells would be).
class AxisMessage : public QCPAbstractItem {
 public:
  AxisMessage(QCustomPlot* plot, QCPAxisRect* rect, QString text, const QFont& font)
      : QCPAbstractItem(plot), m_text(std::move(text)), m_font(font) {
    setClipAxisRect(rect);
    setClipToAxisRect(true);
    setSelectable(false);
  }

  double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }

 protected:
  void draw(QCPPainter* painter) override {
    const QRect area = clipRect();
    const int margin = std::max(4, area.width() / 12);
    painter->setFont(m_font);
    painter->setPen(QColor(80, 80, 80));
    painter->drawText(area.adjusted(margin, margin, -margin, -margin),
                      Qt::AlignCenter | Qt::TextWordWrap, m_text);
  }

 private:
  QString m_text;
  QFont m_font;
};

/// The heatmap's frame, below the header in layout row `row`: the axis rect (row axis
/// downwards, integer ticks) with the colour scale to its right (none when `withScale` is
/// false), and the hidden legend. The scale is null without one. With `squareCells` (a square
/// matrix) the rect keeps its cells square (newSquareCellGrid).
std::pair<QCPAxisRect*, QCPColorScale*> addMatrixFrame(QCustomPlot& plot, int row,
                                                       const ViewSpec& view, double s,
                                                       bool squareCells, bool withScale = true) {
  QCPLayoutGrid* body = squareCells ? newSquareCellGrid() : new QCPLayoutGrid;
  plot.plotLayout()->addElement(row, 0, body);
  auto* rect = new QCPAxisRect(&plot, true);
  body->addElement(0, 0, rect);
  adoptAxes(plot, rect);
  QCPColorScale* scale = nullptr;
  if (withScale) {
    scale = new QCPColorScale(&plot);
    body->addElement(0, 1, scale);
    body->setColumnSpacing(px(10, s));
    body->setColumnStretchFactor(0, 1.0);
    body->setColumnStretchFactor(1, 0.01);
  }

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
  return {rect, scale};
}

void styleColorScale(QCPColorScale* scale, const ViewSpec& view, const QCPColorGradient& gradient,
                     const QCPRange& dataRange, double s) {
  scale->setType(QCPAxis::atRight);
  scale->setBarWidth(px(20, s));
  scale->setGradient(gradient);
  scale->setDataRange(dataRange);
  scale->setRangeDrag(false);
  scale->setRangeZoom(false);
  styleAxis(scale->axis(), coreText(view.valueLabel), s, view.integerValues);
  scale->axis()->setSubTicks(view.integerValues);  // sub-ticks only between whole values
}

/// The colour map of the rows x cols values on the plot's axes, and the axis ranges that show
/// every cell whole; null (and a unit range) when there are no cells.
QCPColorMap* addColorMap(QCustomPlot& plot, const ViewSpec& view, const MatrixResult& result,
                         Index rows, Index cols, const ValueStats& stats, QCPColorScale* scale,
                         const QCPColorGradient& gradient, const QCPRange& dataRange) {
  QCPAxis* xAxis = plot.xAxis;
  QCPAxis* yAxis = plot.yAxis;
  if (rows <= 0 || cols <= 0) {
    xAxis->setRange(-0.5, 0.5);
    yAxis->setRange(-0.5, 0.5);
    return nullptr;
  }
  auto* map = new QCPColorMap(xAxis, yAxis);
  map->setName(coreText(view.valueLabel));
  map->setInterpolate(false);
  map->setTightBoundary(false);
  fillColorMap(*map, result, rows, cols, stats);
  map->setColorScale(scale);
  map->setGradient(gradient);
  map->setDataRange(dataRange);
  xAxis->setRange(cellExtent(result.cols, cols));
  yAxis->setRange(cellExtent(result.rows, rows));
  return map;
}

/// The notes under the heatmap from layout row `row` on: the swatch of masked cells, the
/// sampling note; air below the plot when no note closes it.
void addMatrixNotes(QCustomPlot& plot, int row, QCPAxisRect* rect, bool anyNan,
                    const QColor& nanColor, const QString& sampled, double s) {
  if (anyNan) {
    addSwatchNote(plot, row++,
                  QCoreApplication::translate("posenc::ui::PlotRender", "masked cells (no value)"),
                  s, nanColor);
  }
  if (!sampled.isEmpty()) addNote(plot, row++, sampled, s);
  if (!anyNan && sampled.isEmpty()) rect->setMinimumMargins(QMargins(0, 0, 0, px(4, s)));
}

/// The picture of a view whose term is absent (options.absentTerm): header, axes over the
/// whole region and the message in the axis area; no colour scale, no notes. The cells are
/// kept in a hidden colour map, so the hover readout still finds each cell's value and terms.
void drawAbsentTerm(QCustomPlot& plot, const ViewSpec& view, const MatrixResult& result, Index rows,
                    Index cols, const MatrixDrawing::Key& key, double s) {
  resetPlot(plot);
  const int row = addHeader(plot, key.title, localizedSubtitle(key.subtitle), s,
                            coreText(view.description), key.standIn);
  QCPAxisRect* rect =
      addMatrixFrame(plot, row, view, s, key.squareCells, /*withScale=*/false).first;
  const ValueStats stats = valueStats(result.values, rows, cols);
  int steps = 0;
  const QCPRange range = matrixDataRange(view, stats, steps);
  if (QCPColorMap* map =
          addColorMap(plot, view, result, rows, cols, stats, nullptr, QCPColorGradient(), range))
    map->setVisible(false);
  new AxisMessage(&plot, rect, key.absent, plotFont(kLabelPt, s));
  rect->setMinimumMargins(QMargins(0, 0, 0, px(4, s)));
  plot.plotLayout()->setMargins(QMargins(0, 0, px(6, s), px(4, s)));
  layOutFor(plot, plot.size());
  if (fitAxisLabels(plot)) layOutFor(plot, plot.size());
  new MatrixDrawing(&plot, key, nullptr, nullptr);
}

}  // namespace

bool drawMatrix(QCustomPlot& plot, const ViewSpec& spec, const MatrixResult& result,
                const PlotOptions& options, bool reuse) {
  const ViewSpec view = relabelled(spec, options);
  const double s = safeScale(options.fontScale);
  const QString title = options.title.isEmpty() ? coreText(view.title) : options.title;
  const Index rows = std::min<Index>(result.values.rows(), static_cast<Index>(result.rows.size()));
  const Index cols = std::min<Index>(result.values.cols(), static_cast<Index>(result.cols.size()));
  const ValueStats stats = valueStats(result.values, rows, cols);
  int steps = 0;
  const QCPRange dataRange = matrixDataRange(view, withSpan(stats, options.valueSpan), steps);
  const QString mapId = isColormap(options.colormap) ? options.colormap : defaultColormap(view);
  const QString sampled = samplingNote(result, rows, cols);
  MatrixDrawing::Key key{view.id, title, options.subtitle,
                         // nothing is drawn from the seed when the term is absent
                         options.absentTerm.isEmpty() ? standInLine(options) : QString(),
                         options.absentTerm, coreText(view.xLabel), coreText(view.yLabel),
                         coreText(view.valueLabel), mapId, sampled, s, steps, stats.anyNan,
                         result.full.rows == result.full.cols && result.full.rows > 0 &&
                             !view.dimensionColumns};

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

  if (!key.absent.isEmpty()) {
    drawAbsentTerm(plot, view, result, rows, cols, key, s);
    return false;
  }
  resetPlot(plot);
  int row = addHeader(plot, title, localizedSubtitle(options.subtitle), s,
                      coreText(view.description), key.standIn);
  const auto [rect, scale] = addMatrixFrame(plot, row++, view, s, key.squareCells);

  const QColor nanColor = mapId == QLatin1String("gray") ? kMaskedOnGray : kMaskedGrey;
  const QCPColorGradient gradient = makeGradient(colormapTable(mapId), steps, nanColor);
  styleColorScale(scale, view, gradient, dataRange, s);
  auto* margins = new QCPMarginGroup(&plot);
  rect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
  scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);

  QCPColorMap* map = addColorMap(plot, view, result, rows, cols, stats, scale, gradient, dataRange);
  addMatrixNotes(plot, row, rect, stats.anyNan, nanColor, sampled, s);
  plot.plotLayout()->setMargins(QMargins(0, 0, px(6, s), px(4, s)));
  layOutFor(plot, plot.size());
  if (fitAxisLabels(plot)) layOutFor(plot, plot.size());
  new MatrixDrawing(&plot, std::move(key), map, scale);
  return false;
}

}  // namespace posenc::ui
