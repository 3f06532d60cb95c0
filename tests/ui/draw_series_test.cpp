// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/plot/draw_series.h: what drawSeries puts into a QCustomPlot, and
// thinnedLine.
#include "posenc_ui/plot/draw_series.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QSet>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "plot_test_support.h"
#include "posenc/base/scheme.hpp"

namespace {

using namespace plot_test;  // NOLINT(google-build-using-namespace): the shared test helpers

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
  EXPECT_TRUE(keptSet.count(500));                         // the spike
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

}  // namespace

// ---- issue 14 item 11: number formats, colours per group, legends off the data --------------

namespace charts {

/// Every series view of every scheme at its default parameters (the gallery's charts).
struct Chart {
  std::string name;
  ViewSpec view;
  SeriesResult result;
};

std::vector<Chart> galleryCharts() {
  std::vector<Chart> charts;
  for (const auto& scheme : posenc::allSchemes()) {
    const posenc::ParamSet params = posenc::makeParams(*scheme, {});
    for (const ViewSpec& v : scheme->info().views)
      if (v.kind == ViewKind::Series)
        charts.push_back({scheme->info().id + "_" + v.id, v, scheme->series(params, v.id)});
  }
  return charts;
}

/// Gives a hidden `plot` the size `size`, as a picture of that size has (the viewport follows
/// a resize only once the widget is shown).
void setSize(QCustomPlot& plot, QSize size) {
  plot.resize(size);
  plot.setViewport(QRect(QPoint(0, 0), size));
}

/// The tick labels `axis` shows after the plot's layout.
QVector<QString> tickLabels(QCPAxis* axis) {
  QVector<double> ticks;
  QVector<double> subTicks;
  QVector<QString> labels;
  axis->ticker()->generate(axis->range(), axis->parentPlot()->locale(), axis->numberFormat().at(0),
                           axis->numberPrecision(), ticks, &subTicks, &labels);
  return labels;
}

/// The number format of a tick label: "0" for zero (any format), "sep" for thousands
/// separators, "k" / "M" / "G" for a suffix, "plain" otherwise.
std::string labelFormat(const QString& label) {
  if (label == QLatin1String("0")) return "0";
  if (label.endsWith(QLatin1Char('k'))) return "k";
  if (label.endsWith(QLatin1Char('M'))) return "M";
  if (label.endsWith(QLatin1Char('G'))) return "G";
  if (label.contains(QLatin1Char(','))) return "sep";
  return "plain";
}

/// Fails when `axis`'s tick labels mix number formats.
void expectOneFormat(QCPAxis* axis, const std::string& what) {
  std::set<std::string> formats;
  QStringList all;
  for (const QString& label : tickLabels(axis)) {
    all << label;
    if (labelFormat(label) != "0") formats.insert(labelFormat(label));
  }
  EXPECT_LE(formats.size(), 1U) << what << ": " << all.join(QStringLiteral(" ")).toStdString();
}

/// Share of the drawn data points of `plot` (in pixels) that its legend covers; 0 when the
/// legend is not inside the axis rect.
double legendCover(QCustomPlot& plot) {
  if (!plot.legend || !plot.legend->visible() || plot.legend->itemCount() == 0) return 0;
  if (!plot.axisRect() || plot.legend->layout() != plot.axisRect()->insetLayout()) return 0;
  const QRectF box = plot.legend->outerRect();
  std::size_t inside = 0;
  std::size_t total = 0;
  for (int g = 0; g < plot.graphCount(); ++g) {
    QCPGraph* graph = plot.graph(g);
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
      if (!std::isfinite(it->value)) continue;
      ++total;
      const QPointF p = graph->coordsToPixels(it->key, it->value);
      if (box.contains(p)) ++inside;
    }
  }
  return total == 0 ? 0.0 : static_cast<double>(inside) / static_cast<double>(total);
}

}  // namespace charts

TEST(DrawSeries, EveryAxisOfAGalleryChartUsesOneNumberFormat) {
  for (const charts::Chart& chart : charts::galleryCharts()) {
    for (const QSize size : {QSize(1000, 800), QSize(480, 360)}) {
      QCustomPlot plot;
      charts::setSize(plot, size);
      ui::drawSeries(plot, chart.view, chart.result);
      plot.replot();
      charts::expectOneFormat(plot.xAxis, chart.name + " x");
      charts::expectOneFormat(plot.yAxis, chart.name + " y");
    }
  }
}

TEST(DrawSeries, AnAxisToAHundredThousandNeverMixesSeparatorsAndSuffixes) {
  SeriesResult r;
  for (int i = 0; i <= 100; ++i) r.x.push_back(1000.0 * i);
  r.curves = {{"a", std::vector<double>(r.x.begin(), r.x.end())}};
  for (const QSize size : {QSize(1000, 800), QSize(700, 500), QSize(480, 360)}) {
    QCustomPlot plot;
    charts::setSize(plot, size);
    ui::drawSeries(plot, seriesView(), r);
    plot.replot();
    const QVector<QString> labels = charts::tickLabels(plot.xAxis);
    EXPECT_TRUE(labels.contains(QStringLiteral("100k")))
        << QStringList(labels.begin(), labels.end()).join(' ').toStdString();
    charts::expectOneFormat(plot.xAxis, "0..100,000");
    charts::expectOneFormat(plot.yAxis, "0..100,000");
  }
}

TEST(DrawSeries, CurvesOfAGroupShareAColourAndOfAFamilyAPenStyle) {
  for (const auto& scheme : posenc::allSchemes()) {
    if (scheme->info().id != "rope") continue;
    const posenc::ParamSet params = posenc::makeParams(*scheme, {});
    const ViewSpec& view = posenc::findView(*scheme, "invariance");
    const SeriesResult result = scheme->series(params, "invariance");
    ASSERT_EQ(result.curves.size(), 8U);
    QCustomPlot plot;
    plot.resize(1000, 800);
    ui::drawSeries(plot, view, result);
    ASSERT_EQ(plot.graphCount(), 8 + 6);  // the curves, then the legend's keys (no data)
    std::set<std::pair<QRgb, int>> seen;
    for (int a = 0; a < 8; ++a) {
      const posenc::Curve& ca = result.curves[static_cast<std::size_t>(a)];
      EXPECT_GE(ca.group, 0);
      EXPECT_GE(ca.family, 0);
      const QPen pa = plot.graph(a)->pen();
      EXPECT_TRUE(seen.insert({pa.color().rgb(), static_cast<int>(pa.style())}).second)
          << "curves share colour and style: " << ca.name;
      for (int b = 0; b < 8; ++b) {
        const posenc::Curve& cb = result.curves[static_cast<std::size_t>(b)];
        const QPen pb = plot.graph(b)->pen();
        EXPECT_EQ(ca.group == cb.group, pa.color() == pb.color()) << ca.name << " / " << cb.name;
        EXPECT_EQ(ca.family == cb.family, pa.style() == pb.style()) << ca.name << " / " << cb.name;
      }
    }
    EXPECT_EQ(plot.graph(0)->pen().style(), Qt::SolidLine);  // RoPE solid
    EXPECT_EQ(plot.graph(4)->pen().style(), Qt::DashLine);   // sinusoidal dashed
    // The legend names the two styles and the four colours (issue 26 item 5), not eight
    // long entries.
    // (itemCount counts the cells of the legend's grid, empty ones of a last row too.)
    QStringList names;
    for (int i = 0; i < plot.legend->itemCount(); ++i)
      if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(i)))
        names << item->plottable()->name();
    ASSERT_EQ(names.size(), 6);
    names.sort();
    EXPECT_EQ(names.join(QStringLiteral("; ")).toStdString(),
              "RoPE; absolute sinusoidal; m = 127; m = 31; m = 63; m = 95");
    for (int i = 8; i < plot.graphCount(); ++i) EXPECT_EQ(plot.graph(i)->dataCount(), 0);
  }
}

TEST(DrawSeries, ALegendInsideThePlotCoversNoCurve) {
  for (const charts::Chart& chart : charts::galleryCharts()) {
    for (const QSize size : {QSize(1000, 800), QSize(640, 480), QSize(480, 360)}) {
      QCustomPlot plot;
      charts::setSize(plot, size);
      ui::drawSeries(plot, chart.view, chart.result);
      plot.replot();
      EXPECT_LE(charts::legendCover(plot), 0.002)
          << chart.name << " at " << size.width() << "x" << size.height();
    }
  }
}
