// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/plot/plot_render.h: colour tables against the published data, what drawMatrix
// and drawSeries put into a QCustomPlot, and the files savePicture writes.
#include "posenc_ui/plot/plot_render.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QDir>
#include <QFile>
#include <QFontMetricsF>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>

#include "support/view_specs.hpp"

#if defined(__unix__)
#include <unistd.h>
#endif

namespace {

using posenc::Index;
using posenc::MatrixResult;
using posenc::SeriesResult;
using posenc::ViewKind;
using posenc::ViewSpec;
namespace ui = posenc::ui;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ---- helpers --------------------------------------------------------------------------------

void expectColor(const QColor& c, double r, double g, double b, double tol = 1e-4) {
  EXPECT_NEAR(c.redF(), r, tol);
  EXPECT_NEAR(c.greenF(), g, tol);
  EXPECT_NEAR(c.blueF(), b, tol);
}

std::vector<Index> iota(Index begin, Index count, Index step = 1) {
  std::vector<Index> v;
  for (Index k = 0; k < count; ++k) v.push_back(begin + k * step);
  return v;
}

/// A result whose cell (rows[a], cols[b]) holds f(rows[a], cols[b]).
template <class F>
MatrixResult makeMatrix(std::vector<Index> rows, std::vector<Index> cols, F f) {
  MatrixResult r;
  r.full = {rows.empty() ? 0 : rows.back() + 1, cols.empty() ? 0 : cols.back() + 1};
  r.values.resize(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      r.values(static_cast<Index>(a), static_cast<Index>(b)) = f(rows[a], cols[b]);
  r.rows = std::move(rows);
  r.cols = std::move(cols);
  return r;
}

ViewSpec matrixView(bool signedValues = false, bool integerValues = false) {
  ViewSpec v = posenc::test::matrixViewSpec("scores", "Attention bias", "bias");
  v.signedValues = signedValues;
  v.integerValues = integerValues;
  return v;
}

ViewSpec seriesView() { return posenc::test::seriesViewSpec("position", "value"); }

SeriesResult makeSeries(std::size_t curves, std::size_t points) {
  SeriesResult r;
  for (std::size_t i = 0; i < points; ++i) r.x.push_back(static_cast<double>(i));
  for (std::size_t k = 0; k < curves; ++k) {
    posenc::Curve c;
    c.name = "curve " + std::to_string(k);
    for (std::size_t i = 0; i < points; ++i)
      c.y.push_back(1.0 + static_cast<double>(k) + std::sin(0.3 * static_cast<double>(i)));
    r.curves.push_back(c);
  }
  return r;
}

template <class T>
QList<T*> plottablesOf(QCustomPlot& plot) {
  QList<T*> out;
  for (int i = 0; i < plot.plottableCount(); ++i)
    if (auto* p = qobject_cast<T*>(plot.plottable(i))) out.push_back(p);
  return out;
}

template <class T>
QList<T*> elementsOf(QCustomPlot& plot) {
  QList<T*> out;
  for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
    if (auto* t = qobject_cast<T*>(e)) out.push_back(t);
  return out;
}

QStringList texts(QCustomPlot& plot) {
  QStringList out;
  for (QCPTextElement* t : elementsOf<QCPTextElement>(plot)) out << t->text();
  return out;
}

bool anyTextContains(QCustomPlot& plot, const QString& needle) {
  for (const QString& t : texts(plot))
    if (t.contains(needle)) return true;
  return false;
}

QCPColorMap* onlyColorMap(QCustomPlot& plot) {
  const auto maps = plottablesOf<QCPColorMap>(plot);
  return maps.size() == 1 ? maps.front() : nullptr;
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeText(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

// ---- colour maps ----------------------------------------------------------------------------

TEST(Colormaps, IdsAreInMenuOrder) {
  EXPECT_EQ(ui::colormapIds(),
            QStringList({"viridis", "cividis", "magma", "gray", "rdbu"}));
  for (const QString& id : ui::colormapIds()) EXPECT_TRUE(ui::isColormap(id));
  EXPECT_FALSE(ui::isColormap("jet"));
  EXPECT_FALSE(ui::isColormap(""));
}

TEST(Colormaps, DefaultIsDivergingForSignedValues) {
  EXPECT_EQ(ui::defaultColormap(matrixView(true)), "rdbu");
  EXPECT_EQ(ui::defaultColormap(matrixView(false)), "viridis");
}

TEST(Colormaps, EveryTableHas256Colours) {
  for (const QString& id : ui::colormapIds()) {
    const auto table = ui::colormapTable(id);
    EXPECT_EQ(table.size(), 256u) << id.toStdString();
    for (const QColor& c : table) EXPECT_TRUE(c.isValid());
  }
}

TEST(Colormaps, ViridisMatchesPublishedTable) {  // matplotlib _cm_listed.py _viridis_data
  const auto t = ui::colormapTable("viridis");
  expectColor(t[0], 0.267004, 0.004874, 0.329415);
  expectColor(t[127], 0.128729, 0.563265, 0.551229);
  expectColor(t[255], 0.993248, 0.906157, 0.143936);
}

TEST(Colormaps, MagmaAndCividisMatchPublishedTables) {
  const auto magma = ui::colormapTable("magma");
  expectColor(magma[0], 0.001462, 0.000466, 0.013866);
  expectColor(magma[255], 0.987053, 0.991438, 0.749504);
  const auto cividis = ui::colormapTable("cividis");
  expectColor(cividis[0], 0.000000, 0.135112, 0.304751);
  expectColor(cividis[255], 0.995737, 0.909344, 0.217772);
}

TEST(Colormaps, RdbuRunsBlueWhiteRed) {  // ColorBrewer RdBu, reversed
  const auto t = ui::colormapTable("rdbu");
  EXPECT_EQ(t[0].rgb(), QColor(0x05, 0x30, 0x61).rgb());    // darkest blue at the low end
  EXPECT_EQ(t[255].rgb(), QColor(0x67, 0x00, 0x1f).rgb());  // darkest red at the high end
  for (int i : {127, 128}) {                                // near-white, neutral at zero
    EXPECT_GT(t[static_cast<std::size_t>(i)].redF(), 0.9);
    EXPECT_GT(t[static_cast<std::size_t>(i)].greenF(), 0.9);
    EXPECT_GT(t[static_cast<std::size_t>(i)].blueF(), 0.9);
    EXPECT_NEAR(t[static_cast<std::size_t>(i)].redF(), t[static_cast<std::size_t>(i)].blueF(), 0.05);
  }
  EXPECT_GT(t[30].blueF(), t[30].redF());
  EXPECT_GT(t[225].redF(), t[225].blueF());
}

TEST(Colormaps, GrayRunsBlackToWhite) {
  const auto t = ui::colormapTable("gray");
  EXPECT_EQ(t[0].rgb(), QColor(Qt::black).rgb());
  EXPECT_EQ(t[255].rgb(), QColor(Qt::white).rgb());
  for (std::size_t i = 1; i < t.size(); ++i) EXPECT_GT(t[i].red(), t[i - 1].red());
}

// ---- drawMatrix -----------------------------------------------------------------------------

TEST(DrawMatrix, PutsCellCentresOnIntegerIndices) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 3), iota(0, 4), [](Index i, Index j) { return 10.0 * i + j; });
  ui::drawMatrix(plot, matrixView(), r);
  ASSERT_EQ(plot.plottableCount(), 1);
  QCPColorMap* map = onlyColorMap(plot);
  ASSERT_NE(map, nullptr);
  EXPECT_FALSE(map->interpolate());
  EXPECT_FALSE(map->tightBoundary());
  EXPECT_EQ(map->data()->keySize(), 4);    // columns
  EXPECT_EQ(map->data()->valueSize(), 3);  // rows
  EXPECT_EQ(map->data()->keyRange(), QCPRange(0, 3));
  EXPECT_EQ(map->data()->valueRange(), QCPRange(0, 2));
  EXPECT_DOUBLE_EQ(map->data()->cell(3, 2), 23.0);
  EXPECT_DOUBLE_EQ(map->data()->data(1, 2), 21.0);  // key = column 1, value = row 2
  EXPECT_EQ(plot.xAxis->range(), QCPRange(-0.5, 3.5));
  EXPECT_EQ(plot.yAxis->range(), QCPRange(-0.5, 2.5));
  EXPECT_TRUE(plot.yAxis->rangeReversed());  // row 0 at the top
  EXPECT_EQ(plot.xAxis->label(), "key position j");
  EXPECT_EQ(plot.yAxis->label(), "query position i");
  EXPECT_EQ(map->dataRange(), QCPRange(0, 23));
}

TEST(DrawMatrix, HasTitleAndLabelledColourScale) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 2), iota(0, 2), [](Index i, Index j) { return double(i + j); });
  ui::drawMatrix(plot, matrixView(), r);
  const auto scales = elementsOf<QCPColorScale>(plot);
  ASSERT_EQ(scales.size(), 1);
  EXPECT_EQ(scales.front()->label(), "bias");
  EXPECT_EQ(onlyColorMap(plot)->colorScale(), scales.front());
  EXPECT_TRUE(texts(plot).contains("Attention bias"));

  ui::PlotOptions options;
  options.title = "My title";
  options.subtitle = "L = 64, heads = 8";
  ui::drawMatrix(plot, matrixView(), r, options);
  EXPECT_TRUE(texts(plot).contains("My title"));
  EXPECT_TRUE(texts(plot).contains("L = 64, heads = 8"));
  EXPECT_FALSE(texts(plot).contains("Attention bias"));
}

TEST(DrawMatrix, SignedValuesGetARangeSymmetricAboutZero) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 4), iota(0, 4),
                            [](Index i, Index j) { return 0.3 * double(i - j) - 0.1; });
  ui::drawMatrix(plot, matrixView(true), r);
  QCPColorMap* map = onlyColorMap(plot);
  ASSERT_NE(map, nullptr);
  const QCPRange range = map->dataRange();
  EXPECT_DOUBLE_EQ(range.lower, -1.0);  // max |v| = |-0.9 - 0.1|
  EXPECT_DOUBLE_EQ(range.upper, 1.0);
  QCPColorGradient gradient = map->gradient();
  const QColor low = QColor::fromRgb(gradient.color(range.lower, range));
  const QColor high = QColor::fromRgb(gradient.color(range.upper, range));
  const QColor zero = QColor::fromRgb(gradient.color(0.0, range));
  EXPECT_GT(low.blue(), low.red());    // negative = blue
  EXPECT_GT(high.red(), high.blue());  // positive = red
  EXPECT_GT(zero.lightness(), 230);    // zero = white
}

TEST(DrawMatrix, OneSidedValuesSpanMinToMax) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 3), iota(0, 3), [](Index i, Index j) { return 2.0 + i * j; });
  ui::drawMatrix(plot, matrixView(false), r);
  EXPECT_EQ(onlyColorMap(plot)->dataRange(), QCPRange(2, 6));
}

TEST(DrawMatrix, ConstantMatrixStillHasARange) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 3), iota(0, 3), [](Index, Index) { return 5.0; });
  ui::drawMatrix(plot, matrixView(false), r);
  const QCPRange range = onlyColorMap(plot)->dataRange();
  EXPECT_LT(range.lower, 5.0);
  EXPECT_GT(range.upper, 5.0);
  ui::drawMatrix(plot, matrixView(true), makeMatrix(iota(0, 2), iota(0, 2), [](Index, Index) {
                   return 0.0;
                 }));
  EXPECT_LT(onlyColorMap(plot)->dataRange().lower, 0.0);
  EXPECT_GT(onlyColorMap(plot)->dataRange().upper, 0.0);
}

TEST(DrawMatrix, MaskedCellsAreGreyAndNamedInANote) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 5), iota(0, 5),
                            [](Index i, Index j) { return j > i ? kNaN : -double(i - j); });
  ui::drawMatrix(plot, matrixView(true), r);
  QCPColorMap* map = onlyColorMap(plot);
  ASSERT_NE(map, nullptr);
  EXPECT_TRUE(std::isnan(map->data()->cell(4, 0)));  // above the diagonal
  EXPECT_EQ(map->gradient().nanHandling(), QCPColorGradient::nhNanColor);
  const QColor grey = map->gradient().nanColor();
  EXPECT_LT(std::abs(grey.red() - grey.blue()), 8);  // neutral
  EXPECT_GT(grey.lightness(), 150);                  // light
  EXPECT_DOUBLE_EQ(map->dataRange().upper, 4.0);     // NaN ignored
  EXPECT_TRUE(anyTextContains(plot, "masked"));

  ui::drawMatrix(plot, matrixView(true), makeMatrix(iota(0, 2), iota(0, 2), [](Index, Index) {
                   return 1.0;
                 }));
  EXPECT_FALSE(anyTextContains(plot, "masked"));
}

TEST(DrawMatrix, SampledResultSaysWhichRowsAreShown) {
  QCustomPlot plot;
  auto r = makeMatrix(posenc::sampleIndices(0, 4096, 8), posenc::sampleIndices(0, 4096, 8),
                      [](Index i, Index j) { return std::cos(double(i - j) / 500.0); });
  r.full = {4096, 4096};
  ASSERT_FALSE(r.exact());
  ui::drawMatrix(plot, matrixView(true), r);
  EXPECT_TRUE(anyTextContains(plot, "1 px = 512 x 512 cells, sampled"))
      << texts(plot).join(" | ").toStdString();
  QCPColorMap* map = onlyColorMap(plot);
  EXPECT_EQ(map->data()->keyRange(), QCPRange(256, 256 + 7 * 512));
  EXPECT_EQ(plot.xAxis->range(), QCPRange(0, 4096));  // cells are 512 wide

  ui::drawMatrix(plot, matrixView(true),
                 makeMatrix(posenc::sampleIndices(0, 300, 100), iota(0, 4),
                            [](Index, Index) { return 1.0; }));
  EXPECT_TRUE(anyTextContains(plot, "1 px = 3 x 1 cells, sampled"))
      << texts(plot).join(" | ").toStdString();

  // Fewer than two cells per pixel: the fraction is said, never "every 1st row".
  ui::drawMatrix(plot, matrixView(true),
                 makeMatrix(posenc::sampleIndices(0, 4096, 600), posenc::sampleIndices(0, 1000, 700),
                            [](Index, Index) { return 1.0; }));
  EXPECT_TRUE(anyTextContains(plot, "1 px = 6.8 x 1.4 cells, sampled"))
      << texts(plot).join(" | ").toStdString();
  EXPECT_FALSE(anyTextContains(plot, "every"));

  ui::drawMatrix(plot, matrixView(true), makeMatrix(iota(0, 4), iota(0, 4), [](Index, Index) {
                   return 1.0;
                 }));
  EXPECT_FALSE(anyTextContains(plot, "sampled"));
}

TEST(DrawMatrix, IntegerValuesGetOneColourBandEach) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 6), iota(0, 6),
                            [](Index i, Index j) { return double(std::abs(i - j)); });
  ui::drawMatrix(plot, matrixView(false, true), r);
  QCPColorMap* map = onlyColorMap(plot);
  ASSERT_NE(map, nullptr);
  const QCPRange range = map->dataRange();
  EXPECT_EQ(range, QCPRange(-0.5, 5.5));
  QCPColorGradient gradient = map->gradient();
  for (int v = 0; v <= 5; ++v) {  // flat within a band, different between bands
    EXPECT_EQ(gradient.color(v - 0.3, range), gradient.color(v + 0.3, range)) << v;
    if (v > 0) {
      EXPECT_NE(gradient.color(v, range), gradient.color(v - 1, range)) << v;
    }
  }
  QCPColorScale* scale = elementsOf<QCPColorScale>(plot).front();
  EXPECT_EQ(scale->axis()->numberFormat(), "f");
  EXPECT_EQ(scale->axis()->numberPrecision(), 0);
}

TEST(DrawMatrix, UsesTheChosenColourMap) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 2), iota(0, 2), [](Index i, Index j) { return double(i + j); });
  ui::PlotOptions options;
  options.colormap = "magma";
  ui::drawMatrix(plot, matrixView(), r, options);
  QCPColorMap* map = onlyColorMap(plot);
  QCPColorGradient gradient = map->gradient();
  const QColor low = QColor::fromRgb(gradient.color(0, map->dataRange()));
  EXPECT_EQ(low.rgb(), ui::colormapTable("magma")[0].rgb());
}

TEST(DrawMatrix, SingleCellAndEmptyResultsDraw) {
  QCustomPlot plot;
  ui::drawMatrix(plot, matrixView(), makeMatrix({7}, {3}, [](Index, Index) { return 1.0; }));
  EXPECT_EQ(plot.xAxis->range(), QCPRange(2.5, 3.5));
  EXPECT_EQ(plot.yAxis->range(), QCPRange(6.5, 7.5));
  ui::drawMatrix(plot, matrixView(), MatrixResult{});
  EXPECT_EQ(plot.plottableCount(), 0);
  EXPECT_FALSE(plot.toPixmap(200, 150).isNull());
}

TEST(DrawMatrix, RedrawingReplacesThePreviousPicture) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 3), iota(0, 3), [](Index i, Index j) { return double(i * j); });
  ui::drawMatrix(plot, matrixView(), r);
  ui::drawSeries(plot, seriesView(), makeSeries(3, 20));
  ui::drawMatrix(plot, matrixView(), r);
  ui::drawMatrix(plot, matrixView(), r);
  EXPECT_EQ(plot.plottableCount(), 1);
  EXPECT_EQ(elementsOf<QCPColorScale>(plot).size(), 1);
  EXPECT_EQ(plot.axisRects().size(), 1);
  EXPECT_EQ(plot.findChildren<QCPMarginGroup*>().size(), 1);
  EXPECT_EQ(texts(plot).count("Attention bias"), 1);
}

TEST(DrawMatrix, ReuseReplacesOnlyTheValuesOfTheSamePicture) {
  QCustomPlot plot;
  plot.resize(500, 400);
  const auto a = makeMatrix(iota(0, 30), iota(0, 40), [](Index i, Index j) { return double(i - j); });
  const auto b = makeMatrix(iota(0, 30), iota(0, 40), [](Index i, Index j) { return 2.0 * (j - i); });
  EXPECT_FALSE(ui::drawMatrix(plot, matrixView(true), a, {}, /*reuse=*/true));  // nothing to reuse
  QCPColorMap* map = onlyColorMap(plot);
  ASSERT_NE(map, nullptr);
  QCPAxisRect* rect = plot.axisRect();
  const int elements = static_cast<int>(plot.plotLayout()->elements(true).size());

  // Same view and options: the same colour map, axes and layout, new values and colour range.
  EXPECT_TRUE(ui::drawMatrix(plot, matrixView(true), b, {}, /*reuse=*/true));
  EXPECT_EQ(onlyColorMap(plot), map);
  EXPECT_EQ(plot.axisRect(), rect);
  EXPECT_EQ(static_cast<int>(plot.plotLayout()->elements(true).size()), elements);
  EXPECT_EQ(map->data()->cell(5, 2), 6.0);  // column 5, row 2: 2 (5 - 2)
  EXPECT_EQ(map->dataRange(), QCPRange(-78, 78));
  EXPECT_EQ(elementsOf<QCPColorScale>(plot).front()->dataRange(), QCPRange(-78, 78));

  // ...and the picture is the one a full drawing makes.
  QCustomPlot fresh;
  fresh.resize(plot.size());
  ui::drawMatrix(fresh, matrixView(true), b);
  for (int pass = 0; pass < 2; ++pass) {  // tick labels set margins, margins the tick count
    plot.replot();
    fresh.replot();
  }
  EXPECT_EQ(plot.toPixmap(500, 400).toImage(), fresh.toPixmap(500, 400).toImage());

  // Without reuse, or with another view, options or notes: drawn anew.
  EXPECT_FALSE(ui::drawMatrix(plot, matrixView(true), b));
  EXPECT_FALSE(ui::drawMatrix(plot, matrixView(false), b, {}, true));
  ui::PlotOptions other;
  other.colormap = QStringLiteral("magma");
  EXPECT_FALSE(ui::drawMatrix(plot, matrixView(false), b, other, true));
  const auto masked = makeMatrix(iota(0, 30), iota(0, 40), [](Index i, Index j) { return j > i ? kNaN : 1.0; });
  EXPECT_FALSE(ui::drawMatrix(plot, matrixView(false), masked, other, true));  // masked note
  ui::drawSeries(plot, seriesView(), makeSeries(2, 10));
  EXPECT_FALSE(ui::drawMatrix(plot, matrixView(false), masked, other, true));
  EXPECT_EQ(plot.plottableCount(), 1);
}

/// The tick labels `axis` shows for `range`, as its ticker makes them.
QStringList tickLabels(QCPAxis* axis, const QCPRange& range) {
  QVector<double> ticks;
  QVector<QString> labels;
  axis->ticker()->generate(range, QLocale::c(), axis->numberFormat().at(0),
                           axis->numberPrecision(), ticks, nullptr, &labels);
  return QStringList(labels.begin(), labels.end());
}

TEST(DrawMatrix, PositionAxesHaveIntegerTickLabels) {
  QCustomPlot plot;
  plot.resize(800, 600);
  const auto r = makeMatrix(iota(0, 3), iota(0, 4), [](Index i, Index j) { return double(i + j); });
  ui::drawMatrix(plot, matrixView(), r);
  for (QCPAxis* axis : {plot.xAxis, plot.yAxis}) {
    const QStringList labels = tickLabels(axis, axis->range());
    ASSERT_FALSE(labels.isEmpty());
    for (const QString& label : labels) {
      bool ok = false;
      label.toInt(&ok);
      EXPECT_TRUE(ok) << label.toStdString();
    }
  }
  // Large positions read short and exact; negative ones with a real minus sign.
  const QStringList big = tickLabels(plot.xAxis, QCPRange(-0.5, 1048575.5));
  EXPECT_TRUE(big.contains("1M") || big.contains("1.0M") || big.contains("800k"))
      << big.join(" ").toStdString();
  const QStringList mid = tickLabels(plot.xAxis, QCPRange(-0.5, 65535.5));
  EXPECT_TRUE(mid.contains("20,000") || mid.contains("50,000")) << mid.join(" ").toStdString();
  const QStringList negative = tickLabels(plot.yAxis, QCPRange(-3.5, 3.5));
  EXPECT_TRUE(negative.contains(QString(QChar(0x2212)) + "2")) << negative.join(" ").toStdString();
}

TEST(DrawMatrix, TickLabelsDoNotOverlapAtAnySize) {
  QCustomPlot plot;
  auto r = makeMatrix(posenc::sampleIndices(0, 1 << 20, 64), posenc::sampleIndices(0, 1 << 20, 64),
                      [](Index i, Index j) { return double(i - j); });
  QTemporaryDir dir;
  for (double scale : {1.0, 1.6}) {
    ui::PlotOptions options;
    options.fontScale = scale;
    ui::drawMatrix(plot, matrixView(true), r, options);
    for (const QSize size : {QSize(320, 240), QSize(1000, 800), QSize(1920, 1080)}) {
      ASSERT_EQ(ui::savePicture(plot, dir.filePath("t.png"), size), QString());
      // The last layout is the export's: neighbouring labels of the bottom axis must not
      // touch, and the rows' labels must not overlap.
      // A thumbnail in presentation fonts is cramped: there, fewer labels is right.
      const bool roomy = size.width() >= 640 || scale < 1.2;
      for (QCPAxis* axis : {plot.xAxis, plot.yAxis}) {
        const QFontMetricsF metrics(axis->tickLabelFont());
        const auto ticks = axis->tickVector();
        const auto labels = axis->tickVectorLabels();
        if (roomy) {
          EXPECT_GE(ticks.size(), 2) << size.width() << " x " << scale;
        }
        for (int k = 1; k < ticks.size(); ++k) {
          const double distance =
              std::abs(axis->coordToPixel(ticks[k]) - axis->coordToPixel(ticks[k - 1]));
          const double needed =
              axis == plot.xAxis ? (metrics.horizontalAdvance(labels[k]) +
                                    metrics.horizontalAdvance(labels[k - 1])) / 2.0 +
                                       metrics.horizontalAdvance("0")
                                 : metrics.height() * 1.2;
          EXPECT_GT(distance, needed) << size.width() << " x " << scale << ": "
                                      << labels[k - 1].toStdString() << " / "
                                      << labels[k].toStdString();
        }
      }
      if (roomy) {
        EXPECT_GT(plot.axisRect()->width(), size.width() / 3) << size.width() << " x " << scale;
      }
    }
  }
}

// ---- drawSeries -----------------------------------------------------------------------------

TEST(DrawSeries, DrawsOneLinePerCurveWithALegend) {
  QCustomPlot plot;
  ui::drawSeries(plot, seriesView(), makeSeries(3, 50));
  ASSERT_EQ(plot.graphCount(), 3);
  EXPECT_EQ(plot.plottableCount(), 3);
  ASSERT_NE(plot.legend, nullptr);
  EXPECT_TRUE(plot.legend->visible());
  EXPECT_EQ(plot.legend->itemCount(), 3);
  QSet<QRgb> colours;
  for (int i = 0; i < plot.graphCount(); ++i) {
    colours.insert(plot.graph(i)->pen().color().rgb());
    EXPECT_GE(plot.graph(i)->pen().widthF(), 2.0);
    EXPECT_EQ(plot.graph(i)->dataCount(), 50);
  }
  EXPECT_EQ(colours.size(), 3);
  EXPECT_EQ(plot.graph(1)->name(), "curve 1");
  EXPECT_EQ(plot.xAxis->label(), "position");
  EXPECT_EQ(plot.yAxis->label(), "value");
}

TEST(DrawSeries, OneCurveNeedsNoLegend) {
  QCustomPlot plot;
  ui::drawSeries(plot, seriesView(), makeSeries(1, 10));
  EXPECT_EQ(plot.graphCount(), 1);
  EXPECT_TRUE(plot.legend == nullptr || !plot.legend->visible());
}

TEST(DrawSeries, RangesFitTheDataWithAMargin) {
  QCustomPlot plot;
  SeriesResult r;
  r.x = {0, 1, 2, 3};
  r.curves = {{"a", {1.0, 3.0, 2.0, 1.5}}};
  ui::drawSeries(plot, seriesView(), r);
  const QCPRange y = plot.yAxis->range();
  EXPECT_LT(y.lower, 1.0);
  EXPECT_GT(y.lower, 0.7);
  EXPECT_GT(y.upper, 3.0);
  EXPECT_LT(y.upper, 3.3);
  EXPECT_LE(plot.xAxis->range().lower, 0.0);
  EXPECT_GE(plot.xAxis->range().upper, 3.0);
}

TEST(DrawSeries, NaNLeavesAGap) {
  QCustomPlot plot;
  SeriesResult r;
  r.x = {0, 1, 2, 3, 4};
  r.curves = {{"a", {1.0, 2.0, kNaN, 2.0, 1.0}}};
  ui::drawSeries(plot, seriesView(), r);
  ASSERT_EQ(plot.graphCount(), 1);
  ASSERT_EQ(plot.graph(0)->dataCount(), 5);
  EXPECT_TRUE(std::isnan(plot.graph(0)->data()->at(2)->value));
  EXPECT_FALSE(std::isnan(plot.yAxis->range().upper));
}

TEST(ThinnedLine, KeepsEachPixelColumnsFirstLastLowestAndHighestPoint) {
  // 100 columns over [0, 1000): 10 points per column of a wiggly line, with a gap.
  std::vector<double> x, y;
  for (int i = 0; i < 1000; ++i) {
    x.push_back(i);
    y.push_back(std::sin(0.7 * i) * (1.0 + i % 13) + (i == 500 ? 100.0 : 0.0));
  }
  y[700] = y[701] = kNaN;
  const std::vector<std::size_t> kept = ui::thinnedLine(x, y, 0.0, 1000.0, 100);
  EXPECT_LT(kept.size(), 4u * 100u + 4u);
  EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
  EXPECT_EQ(std::adjacent_find(kept.begin(), kept.end()), kept.end());  // no repeats
  const std::set<std::size_t> keptSet(kept.begin(), kept.end());
  EXPECT_TRUE(keptSet.count(500));           // the spike
  EXPECT_EQ(keptSet.count(700) + keptSet.count(701), 1u);  // one point per run of gaps
  for (int column = 0; column < 100; ++column) {
    double lo = kNaN, hi = kNaN, keptLo = kNaN, keptHi = kNaN;
    std::size_t first = 0, last = 0;
    bool any = false;
    for (std::size_t i = column * 10; i < column * 10 + 10u; ++i) {
      if (std::isnan(y[i])) continue;
      if (!any) first = i;
      last = i;
      lo = any ? std::min(lo, y[i]) : y[i];
      hi = any ? std::max(hi, y[i]) : y[i];
      any = true;
      if (keptSet.count(i)) {
        keptLo = std::isnan(keptLo) ? y[i] : std::min(keptLo, y[i]);
        keptHi = std::isnan(keptHi) ? y[i] : std::max(keptHi, y[i]);
      }
    }
    ASSERT_TRUE(any);
    EXPECT_EQ(keptLo, lo) << "column " << column;
    EXPECT_EQ(keptHi, hi) << "column " << column;
    if (column != 70) {  // the gap splits column 70 in two runs
      EXPECT_TRUE(keptSet.count(first)) << "column " << column;
      EXPECT_TRUE(keptSet.count(last)) << "column " << column;
    }
  }
  // Few points per column: every point.
  EXPECT_EQ(ui::thinnedLine(x, y, 0.0, 1000.0, 400).size(), x.size());
}

TEST(DrawSeries, AHundredThousandPointLineIsThinnedToThePixelColumns) {
  QCustomPlot plot;
  plot.resize(800, 500);
  SeriesResult r;
  r.curves = {{"fast", {}}, {"slow", {}}};
  for (int i = 0; i < 100000; ++i) {
    r.x.push_back(i);
    r.curves[0].y.push_back(std::sin(0.9 * i));
    r.curves[1].y.push_back(std::cos(0.001 * i));
  }
  ui::drawSeries(plot, seriesView(), r);
  ASSERT_EQ(plot.graphCount(), 2);
  for (int k = 0; k < 2; ++k) {
    EXPECT_LT(plot.graph(k)->dataCount(), 20000) << k;
    EXPECT_GT(plot.graph(k)->dataCount(), 800) << k;
  }
  // The envelope is kept: the fast curve still reaches -1 and 1.
  bool foundRange = false;
  const QCPRange y = plot.graph(0)->getValueRange(foundRange);
  EXPECT_NEAR(y.lower, -1.0, 1e-3);
  EXPECT_NEAR(y.upper, 1.0, 1e-3);
  EXPECT_EQ(plot.graph(0)->data()->at(0)->key, 0.0);
  EXPECT_EQ((plot.graph(0)->data()->constEnd() - 1)->key, 99999.0);
  plot.replot();  // draws (the time it takes is measured in bench/window_bench.cpp)
}

TEST(DrawSeries, BarsOfSeveralCurvesStandSideBySide) {
  QCustomPlot plot;
  ViewSpec view = seriesView();
  view.bars = true;
  ui::drawSeries(plot, view, makeSeries(2, 8));
  const auto bars = plottablesOf<QCPBars>(plot);
  ASSERT_EQ(bars.size(), 2);
  ASSERT_NE(bars[0]->barsGroup(), nullptr);
  EXPECT_EQ(bars[0]->barsGroup(), bars[1]->barsGroup());
  EXPECT_EQ(bars[0]->data()->size(), 8);
  EXPECT_LE(plot.yAxis->range().lower, 0.0);  // bars start at zero

  ui::drawSeries(plot, view, makeSeries(1, 8));
  const auto single = plottablesOf<QCPBars>(plot);
  ASSERT_EQ(single.size(), 1);
  EXPECT_EQ(single[0]->barsGroup(), nullptr);
  EXPECT_EQ(plot.findChildren<QCPBarsGroup*>().size(), 0);
}

TEST(DrawSeries, LogYUsesALogarithmicAxis) {
  QCustomPlot plot;
  ViewSpec view = seriesView();
  view.logY = true;
  SeriesResult r;
  for (int i = 0; i < 32; ++i) r.x.push_back(i);
  posenc::Curve c{"wavelength", {}};
  for (int i = 0; i < 32; ++i) c.y.push_back(2 * std::numbers::pi * std::pow(10000.0, i / 32.0));
  r.curves = {c};
  ui::drawSeries(plot, view, r);
  EXPECT_EQ(plot.yAxis->scaleType(), QCPAxis::stLogarithmic);
  EXPECT_FALSE(qSharedPointerDynamicCast<QCPAxisTickerLog>(plot.yAxis->ticker()).isNull());
  EXPECT_GT(plot.yAxis->range().lower, 0.0);
  EXPECT_LT(plot.yAxis->range().lower, 2 * std::numbers::pi);
  EXPECT_GT(plot.yAxis->range().upper, 2 * std::numbers::pi * 10000 * 0.7);
}

TEST(DrawSeries, ParametricCircleKeepsItsShape) {
  QCustomPlot plot;
  ViewSpec view = seriesView();
  view.parametric = true;
  SeriesResult r;
  posenc::Curve c{"rotation", {}};
  for (int i = 0; i <= 64; ++i) {
    r.x.push_back(2.0 * std::cos(i * 2 * std::numbers::pi / 64));
    c.y.push_back(2.0 * std::sin(i * 2 * std::numbers::pi / 64));
  }
  r.curves = {c};
  ui::drawSeries(plot, view, r);
  const auto curves = plottablesOf<QCPCurve>(plot);
  ASSERT_EQ(curves.size(), 1);
  EXPECT_EQ(curves[0]->dataCount(), 65);
  EXPECT_EQ(plot.graphCount(), 0);

  plot.resize(1000, 800);  // a wide picture: the x range must grow, not the circle
  plot.replot();
  plot.replot();
  QCPAxisRect* rect = plot.axisRect();
  const QCPRange x = plot.xAxis->range();
  const QCPRange y = plot.yAxis->range();
  EXPECT_NEAR(x.size() / rect->width(), y.size() / rect->height(), 1e-9);
  EXPECT_NEAR(x.center(), 0.0, 1e-9);
  EXPECT_NEAR(y.center(), 0.0, 1e-9);
  EXPECT_GE(std::min(x.upper, y.upper), 2.0);
  EXPECT_LE(std::max(x.lower, y.lower), -2.0);
}

TEST(DrawSeries, EmptyAndRaggedSeriesStillDraw) {
  QCustomPlot plot;
  ui::drawSeries(plot, seriesView(), SeriesResult{});
  EXPECT_EQ(plot.plottableCount(), 0);
  ASSERT_NE(plot.xAxis, nullptr);
  EXPECT_FALSE(plot.toPixmap(300, 200).isNull());

  SeriesResult ragged;  // a curve shorter than x: the missing points are gaps
  ragged.x = {0, 1, 2, 3};
  ragged.curves = {{"short", {1.0, 2.0}}, {"all NaN", {kNaN, kNaN, kNaN, kNaN}}};
  ui::drawSeries(plot, seriesView(), ragged);
  ASSERT_EQ(plot.graphCount(), 2);
  EXPECT_TRUE(std::isnan(plot.graph(0)->data()->at(3)->value));
  EXPECT_TRUE(plot.yAxis->range().lower < 1.0 && plot.yAxis->range().upper > 2.0);
  EXPECT_FALSE(plot.toPixmap(300, 200).isNull());
}

TEST(DrawSeries, ManyCurvesPutTheLegendBesideThePlot) {
  QCustomPlot plot;
  ui::drawSeries(plot, seriesView(), makeSeries(20, 30));
  EXPECT_EQ(plot.graphCount(), 20);
  ASSERT_NE(plot.legend, nullptr);
  EXPECT_EQ(plot.legend->itemCount(), 15);
  EXPECT_TRUE(anyTextContains(plot, "first 15 of 20"));
}

// ---- savePicture ----------------------------------------------------------------------------

class SavePicture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(m_dir.isValid());
    const auto r = makeMatrix(iota(0, 24), iota(0, 24), [](Index i, Index j) {
      return j > i ? kNaN : std::cos(double(i - j) / 5.0);
    });
    ui::drawMatrix(m_plot, matrixView(true), r);
  }
  QString path(const QString& name) const { return m_dir.filePath(name); }

  QTemporaryDir m_dir;
  QCustomPlot m_plot;
};

TEST_F(SavePicture, PngHasTheRequestedPixelSizeAndIsNotBlank) {
  const QString file = path("m.png");
  ASSERT_EQ(ui::savePicture(m_plot, file, QSize(400, 300), 192.0), QString());
  QImage image;
  ASSERT_TRUE(image.load(file, "PNG"));
  EXPECT_EQ(image.size(), QSize(800, 600));
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 3)
    for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
  EXPECT_GT(colours.size(), 50);
  EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, 192.0, 0.5);

  ASSERT_EQ(ui::savePicture(m_plot, file, QSize(500, 400)), QString());
  ASSERT_TRUE(image.load(file, "PNG"));
  EXPECT_EQ(image.size(), QSize(500, 400));
}

TEST_F(SavePicture, SuffixIsCaseInsensitive) {
  const QString file = path("m.PNG");
  ASSERT_EQ(ui::savePicture(m_plot, file, QSize(200, 150)), QString());
  EXPECT_TRUE(QImage(file).size() == QSize(200, 150));
}

TEST_F(SavePicture, SvgIsAnSvgDocument) {
  const QString file = path("m.svg");
  ASSERT_EQ(ui::savePicture(m_plot, file, QSize(600, 450)), QString());
  const QByteArray bytes = readAll(file);
  EXPECT_TRUE(bytes.startsWith("<?xml") || bytes.startsWith("<svg"));
  EXPECT_TRUE(bytes.contains("<svg"));
  EXPECT_TRUE(bytes.contains("viewBox=\"0 0 600 450\""));
  EXPECT_TRUE(bytes.contains("Attention bias"));
}

TEST_F(SavePicture, PdfIsAPdfDocument) {
  const QString file = path("m.pdf");
  ASSERT_EQ(ui::savePicture(m_plot, file, QSize(600, 450)), QString());
  const QByteArray bytes = readAll(file);
  EXPECT_TRUE(bytes.startsWith("%PDF"));
  EXPECT_TRUE(bytes.contains("%%EOF"));
  EXPECT_TRUE(bytes.contains("FontFile"));  // fonts are embedded
}

TEST_F(SavePicture, UnknownSuffixIsRefused) {
  const QString file = path("m.xyz");
  EXPECT_EQ(ui::savePicture(m_plot, file, QSize(200, 150)),
            file + ": unknown picture format 'xyz' (use .png, .svg or .pdf)");
  EXPECT_FALSE(QFile::exists(file));
  EXPECT_TRUE(ui::savePicture(m_plot, path("noext"), QSize(200, 150)).contains("unknown picture format"));
}

TEST_F(SavePicture, BadSizeIsRefusedAndExistingFileKept) {
  const QString file = path("keep.png");
  writeText(file, "old contents");
  EXPECT_FALSE(ui::savePicture(m_plot, file, QSize(0, 100)).isEmpty());
  EXPECT_FALSE(ui::savePicture(m_plot, file, QSize(100, 100), 0.0).isEmpty());
  EXPECT_FALSE(ui::savePicture(m_plot, file, QSize(100000, 100)).isEmpty());
  EXPECT_EQ(readAll(file), QByteArray("old contents"));
}

TEST_F(SavePicture, PathUnderARegularFileIsReported) {
  const QString notADir = path("x");
  writeText(notADir, "a file, not a folder");
  const QString file = notADir + "/file.png";
  const QString error = ui::savePicture(m_plot, file, QSize(200, 150));
  EXPECT_TRUE(error.startsWith("cannot write " + file + ": ")) << error.toStdString();
  EXPECT_EQ(readAll(notADir), QByteArray("a file, not a folder"));
  EXPECT_TRUE(ui::savePicture(m_plot, path("no/such/dir/m.svg"), QSize(200, 150))
                  .startsWith("cannot write "));
}

// Read-only folders and full disks: tests/ui/file_safety_test.cpp (works as root too).

TEST_F(SavePicture, ReplacesAnExistingFileAndLeavesNoTemporaries) {
  const QString file = path("m.svg");
  writeText(file, "old contents");
  ASSERT_EQ(ui::savePicture(m_plot, file, QSize(300, 200)), QString());
  EXPECT_TRUE(readAll(file).contains("<svg"));
  EXPECT_EQ(QDir(m_dir.path()).entryList(QDir::Files), QStringList({"m.svg"}));
}

TEST_F(SavePicture, LaysOutForTheExportSize) {
  // A small picture and a large one both keep the axis rect inside the picture.
  for (const QSize size : {QSize(320, 240), QSize(1600, 1200)}) {
    ASSERT_EQ(ui::savePicture(m_plot, path("s.png"), size), QString());
    EXPECT_EQ(QImage(path("s.png")).size(), size);
  }
}

}  // namespace
