// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/plot/draw_matrix.h: what drawMatrix puts into a QCustomPlot.
#include "posenc_ui/plot/draw_matrix.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>

#include "plot_test_support.h"
#include "posenc_ui/plot/colormaps.h"
#include "posenc_ui/plot/draw_series.h"
#include "posenc_ui/plot/picture_file.h"

namespace {

using namespace plot_test;  // NOLINT(google-build-using-namespace): the shared test helpers

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

TEST(DrawMatrix, RandomStandInsGetALineUnderTheSubtitle) {
  QCustomPlot plot;
  const auto r = makeMatrix(iota(0, 2), iota(0, 2), [](Index i, Index j) { return double(i + j); });
  ui::PlotOptions options;
  options.subtitle = "L = 64";
  ui::drawMatrix(plot, matrixView(), r, options);
  const int before = plot.plotLayout()->rowCount();
  EXPECT_FALSE(anyTextContains(plot, "random stand-in"));
  options.standInSeed = 7;
  ui::drawMatrix(plot, matrixView(), r, options, /*reuse=*/true);  // a new line: drawn anew
  EXPECT_TRUE(texts(plot).contains("random stand-in weights, seed 7"));
  EXPECT_TRUE(texts(plot).contains("L = 64"));
  EXPECT_EQ(plot.plotLayout()->rowCount(), before + 1);
  EXPECT_NE(onlyColorMap(plot), nullptr);
}

TEST(DrawMatrix, AnAbsentTermIsWrittenInTheAxisAreaInsteadOfCells) {
  QCustomPlot plot;
  plot.resize(400, 300);
  const auto r = makeMatrix(iota(0, 8), iota(0, 8), [](Index, Index) { return 0.0; });
  ui::PlotOptions options;
  options.standInSeed = 0;
  options.absentTerm = "Variant v has no such term";
  ui::drawMatrix(plot, matrixView(true), r, options);
  // The cells stay for the hover readout, in a colour map that is not drawn.
  ASSERT_NE(onlyColorMap(plot), nullptr);
  EXPECT_FALSE(onlyColorMap(plot)->visible());
  EXPECT_TRUE(elementsOf<QCPColorScale>(plot).empty());
  EXPECT_FALSE(anyTextContains(plot, "random stand-in"));  // nothing drawn from the seed
  ASSERT_EQ(plot.itemCount(), 1);
  EXPECT_EQ(plot.xAxis->range(), QCPRange(-0.5, 7.5));  // the axes still span the positions
  // The message is ink in the middle of the axis rect.
  const QImage image = plot.toPixmap(400, 300).toImage();
  const QRect rect = plot.axisRect()->rect();
  int dark = 0;
  for (int y = rect.center().y() - 10; y <= rect.center().y() + 10; ++y)
    for (int x = rect.left() + 2; x < rect.right() - 2; ++x)
      if (qGray(image.pixel(x, y)) < 160) ++dark;
  EXPECT_GT(dark, 20);
  // Back to a present term: the heatmap returns.
  options.absentTerm.clear();
  ui::drawMatrix(plot, matrixView(true), r, options, /*reuse=*/true);
  ASSERT_NE(onlyColorMap(plot), nullptr);
  EXPECT_TRUE(onlyColorMap(plot)->visible());
  EXPECT_EQ(plot.itemCount(), 0);
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
  ui::drawMatrix(plot, matrixView(true),
                 makeMatrix(iota(0, 2), iota(0, 2), [](Index, Index) { return 0.0; }));
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

  ui::drawMatrix(plot, matrixView(true),
                 makeMatrix(iota(0, 2), iota(0, 2), [](Index, Index) { return 1.0; }));
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
                 makeMatrix(posenc::sampleIndices(0, 4096, 600),
                            posenc::sampleIndices(0, 1000, 700), [](Index, Index) { return 1.0; }));
  EXPECT_TRUE(anyTextContains(plot, "1 px = 6.8 x 1.4 cells, sampled"))
      << texts(plot).join(" | ").toStdString();
  EXPECT_FALSE(anyTextContains(plot, "every"));

  ui::drawMatrix(plot, matrixView(true),
                 makeMatrix(iota(0, 4), iota(0, 4), [](Index, Index) { return 1.0; }));
  EXPECT_FALSE(anyTextContains(plot, "sampled"));
}

TEST(DrawMatrix, IntegerValuesGetOneColourBandEach) {
  QCustomPlot plot;
  const auto r =
      makeMatrix(iota(0, 6), iota(0, 6), [](Index i, Index j) { return double(std::abs(i - j)); });
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
  const auto a =
      makeMatrix(iota(0, 30), iota(0, 40), [](Index i, Index j) { return double(i - j); });
  const auto b =
      makeMatrix(iota(0, 30), iota(0, 40), [](Index i, Index j) { return 2.0 * (j - i); });
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
  const auto masked =
      makeMatrix(iota(0, 30), iota(0, 40), [](Index i, Index j) { return j > i ? kNaN : 1.0; });
  EXPECT_FALSE(ui::drawMatrix(plot, matrixView(false), masked, other, true));  // masked note
  ui::drawSeries(plot, seriesView(), makeSeries(2, 10));
  EXPECT_FALSE(ui::drawMatrix(plot, matrixView(false), masked, other, true));
  EXPECT_EQ(plot.plottableCount(), 1);
}

/// The tick labels `axis` shows for `range`, as its ticker makes them.
QStringList tickLabels(QCPAxis* axis, const QCPRange& range) {
  QVector<double> ticks;
  QVector<QString> labels;
  axis->ticker()->generate(range, QLocale::c(), axis->numberFormat().at(0), axis->numberPrecision(),
                           ticks, nullptr, &labels);
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
  // A table that is not square fills the picture; a square matrix keeps square cells, its axis
  // rect as large as the height allows (checked at the end).
  for (const bool square : {false, true}) {
    QCustomPlot plot;
    const Index cols = square ? Index{1} << 20 : (Index{1} << 20) - 4096;
    auto r = makeMatrix(posenc::sampleIndices(0, 1 << 20, 64), posenc::sampleIndices(0, cols, 64),
                        [](Index i, Index j) { return double(i - j); });
    ASSERT_EQ(r.full.rows == r.full.cols, square);
    QTemporaryDir dir;
    for (double scale : {1.0, 1.6}) {
      ui::PlotOptions options;
      options.fontScale = scale;
      ui::drawMatrix(plot, matrixView(true), r, options);
      for (const QSize size : {QSize(320, 240), QSize(1000, 800), QSize(1920, 1080)}) {
        ASSERT_EQ(savedPicture(plot, dir.filePath("t.png"), size), QString());
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
            const double needed = axis == plot.xAxis ? (metrics.horizontalAdvance(labels[k]) +
                                                        metrics.horizontalAdvance(labels[k - 1])) /
                                                               2.0 +
                                                           metrics.horizontalAdvance("0")
                                                     : metrics.height() * 1.2;
            EXPECT_GT(distance, needed)
                << size.width() << " x " << scale << ": " << labels[k - 1].toStdString() << " / "
                << labels[k].toStdString();
          }
        }
        if (roomy && !square) {
          EXPECT_GT(plot.axisRect()->width(), size.width() / 3) << size.width() << " x " << scale;
        }
        if (roomy && square) {
          EXPECT_GT(plot.axisRect()->height(), size.height() / 3) << size.width() << " x " << scale;
          EXPECT_NEAR(plot.axisRect()->width(), plot.axisRect()->height(), 1)
              << size.width() << " x " << scale;
        }
      }
    }
  }
}

}  // namespace
