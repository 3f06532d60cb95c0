// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/plot/plot_view.h: what a PlotView draws, how it reports the cell or point
// under the mouse, how wheel, drag, double-click and Home change the zoom, the limits of the zoom,
// and the regions a heatmap asks for. Mouse and wheel input are sent as events to the plot widget.
#include "posenc_ui/plot/plot_view.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QApplication>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMouseEvent>
#include <QRubberBand>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>
#include <cmath>
#include <limits>

#include "posenc_ui/plot/range_dialog.h"
#include "support/view_specs.hpp"

namespace {

using posenc::Index;
using posenc::MatrixResult;
using posenc::Region;
using posenc::SeriesResult;
using posenc::ViewKind;
using posenc::ViewSpec;
using posenc::ui::PlotView;
using posenc::ui::RangeDialog;
using posenc::ui::Zoom;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kWaitMs = 2000;  ///< Generous: the debounce is ~40 ms.

double cellValue(Index r, Index c) { return static_cast<double>(r * 1000 + c); }

/// Rows `rows` x cols `cols` of a rowsFull x colsFull view; cell (r, c) holds r * 1000 + c.
MatrixResult makeMatrix(Index rowsFull, Index colsFull, std::vector<Index> rows,
                        std::vector<Index> cols) {
  MatrixResult m;
  m.full = {rowsFull, colsFull};
  m.values.resize(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      m.values(static_cast<Index>(a), static_cast<Index>(b)) = cellValue(rows[a], cols[b]);
  m.rows = std::move(rows);
  m.cols = std::move(cols);
  return m;
}

/// Every cell of a rows x cols view.
MatrixResult exactMatrix(Index rows, Index cols) {
  return makeMatrix(rows, cols, posenc::sampleIndices(0, rows, 0),
                    posenc::sampleIndices(0, cols, 0));
}

ViewSpec matrixView(const std::string& id = "scores") {
  return posenc::test::matrixViewSpec(id, "Scores", "score");
}

ViewSpec seriesView() { return posenc::test::seriesViewSpec("x", "y"); }

/// x = 0..9; curve 0: y = x, curve 1: y = x^2.
SeriesResult twoCurves() {
  SeriesResult s;
  posenc::Curve line{"linear", {}, posenc::CurveStyle::Line};
  posenc::Curve square{"square", {}, posenc::CurveStyle::Line};
  for (int i = 0; i < 10; ++i) {
    s.x.push_back(i);
    line.y.push_back(i);
    square.y.push_back(i * i);
  }
  s.curves = {line, square};
  return s;
}

class PlotViewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_view.resize(600, 400);
    m_view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&m_view));
  }

  QCustomPlot& plot() { return m_view.plot(); }

  /// Lets queued replots and timers run.
  static void settle() {
    QCoreApplication::processEvents();
    QTest::qWait(60);
    QCoreApplication::processEvents();
  }

  /// Pixel of data point (x, y) on the current axes.
  QPoint pixelOf(double x, double y) {
    return QPoint(qRound(plot().xAxis->coordToPixel(x)), qRound(plot().yAxis->coordToPixel(y)));
  }

  void mouseMove(QPointF pos, Qt::MouseButtons buttons = Qt::NoButton,
                 Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    QMouseEvent event(QEvent::MouseMove, pos, plot().mapToGlobal(pos), Qt::NoButton, buttons,
                      modifiers);
    QCoreApplication::sendEvent(&plot(), &event);
  }

  void mouseButton(QEvent::Type type, QPointF pos, Qt::MouseButton button = Qt::LeftButton,
                   Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    const Qt::MouseButtons held =
        type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::MouseButtons(button);
    QMouseEvent event(type, pos, plot().mapToGlobal(pos), button, held, modifiers);
    QCoreApplication::sendEvent(&plot(), &event);
  }

  /// A drag with `button` (and `modifiers`) from `from` to `to`, through its midpoint.
  void drag(QPointF from, QPointF to, Qt::MouseButton button = Qt::LeftButton,
            Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    mouseButton(QEvent::MouseButtonPress, from, button, modifiers);
    mouseMove((from + to) / 2.0, button, modifiers);
    mouseMove(to, button, modifiers);
    mouseButton(QEvent::MouseButtonRelease, to, button, modifiers);
  }

  /// `steps` wheel notches (positive = away from the user = zoom in) at `pos`.
  void wheel(QPointF pos, int steps) {
    QWheelEvent event(pos, plot().mapToGlobal(pos), QPoint(), QPoint(0, 120 * steps), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(&plot(), &event);
  }

  QPointF rectCentre() { return QPointF(plot().xAxis->axisRect()->rect().center()); }

  QCPRange xRange() { return plot().xAxis->range(); }
  QCPRange yRange() { return plot().yAxis->range(); }

  QCPColorMap* colourMap() {
    for (int i = 0; i < plot().plottableCount(); ++i)
      if (auto* map = qobject_cast<QCPColorMap*>(plot().plottable(i))) return map;
    return nullptr;
  }

  /// Overlay straight lines that are visible (the crosshair).
  QList<QCPItemStraightLine*> visibleCrosshair() {
    QList<QCPItemStraightLine*> lines;
    for (int i = 0; i < plot().itemCount(); ++i) {
      auto* line = qobject_cast<QCPItemStraightLine*>(plot().item(i));
      if (line && line->visible()) lines.push_back(line);
    }
    return lines;
  }

  PlotView m_view;
};

// ---- drawing ------------------------------------------------------------------------------

TEST_F(PlotViewTest, SetMatrixShowsAColourMapOfTheData) {
  m_view.setMatrix(matrixView(), exactMatrix(10, 20), {});
  QCPColorMap* map = colourMap();
  ASSERT_NE(map, nullptr);
  EXPECT_EQ(map->data()->keySize(), 20);
  EXPECT_EQ(map->data()->valueSize(), 10);
  EXPECT_EQ(map->data()->cell(7, 3), cellValue(3, 7));
  EXPECT_EQ(map->data()->cell(19, 9), cellValue(9, 19));
  // The whole matrix, every cell whole, in absolute indices; nothing zoomed.
  EXPECT_DOUBLE_EQ(xRange().lower, -0.5);
  EXPECT_DOUBLE_EQ(xRange().upper, 19.5);
  EXPECT_DOUBLE_EQ(yRange().lower, -0.5);
  EXPECT_DOUBLE_EQ(yRange().upper, 9.5);
  EXPECT_FALSE(m_view.zoom().has_value());
  EXPECT_TRUE(plot().interactions().testFlag(QCP::iRangeZoom));
  EXPECT_TRUE(plot().interactions().testFlag(QCP::iRangeDrag));
}

TEST_F(PlotViewTest, SetMessageShowsTextOverThePlotUntilTheNextResult) {
  m_view.setMatrix(matrixView(), exactMatrix(4, 4), {});
  m_view.setMessage(QStringLiteral("d_model must be even (got 7)"));
  QLabel* shown = nullptr;
  for (QLabel* label : m_view.findChildren<QLabel*>())
    if (label->isVisible() && label->text().contains(QStringLiteral("must be even"))) shown = label;
  ASSERT_NE(shown, nullptr);
  EXPECT_GE(shown->width(), 500);  // covers the plot
  m_view.setMatrix(matrixView(), exactMatrix(4, 4), {});
  EXPECT_FALSE(shown->isVisible());
}

// ---- hover ---------------------------------------------------------------------------------

TEST_F(PlotViewTest, HoverReportsTheCellUnderTheMouseAndItsValue) {
  MatrixResult m = exactMatrix(10, 20);
  m.values(2, 5) = kNaN;  // masked
  m_view.setMatrix(matrixView(), m, {});
  settle();
  QSignalSpy cells(&m_view, &PlotView::cellHovered);
  QSignalSpy left(&m_view, &PlotView::hoverLeft);

  // A bit off the centre of cell (row 3, col 7): still that cell.
  mouseMove(QPointF(plot().xAxis->coordToPixel(7.3), plot().yAxis->coordToPixel(2.8)));
  ASSERT_EQ(cells.count(), 1);
  EXPECT_EQ(cells.at(0).at(0).value<Index>(), 3);
  EXPECT_EQ(cells.at(0).at(1).value<Index>(), 7);
  EXPECT_EQ(cells.at(0).at(2).toDouble(), cellValue(3, 7));

  // The crosshair goes through the cell centre, on the overlay layer.
  const auto lines = visibleCrosshair();
  ASSERT_FALSE(lines.isEmpty());
  for (QCPItemStraightLine* line : lines) {
    EXPECT_EQ(line->layer()->name(), QStringLiteral("overlay"));
    const bool vertical = line->point1->key() == line->point2->key();
    if (vertical) {
      EXPECT_DOUBLE_EQ(line->point1->key(), 7.0);
    } else {
      EXPECT_DOUBLE_EQ(line->point1->value(), 3.0);
    }
  }

  mouseMove(pixelOf(5, 2));
  ASSERT_EQ(cells.count(), 2);
  EXPECT_EQ(cells.at(1).at(0).value<Index>(), 2);
  EXPECT_EQ(cells.at(1).at(1).value<Index>(), 5);
  EXPECT_TRUE(std::isnan(cells.at(1).at(2).toDouble()));

  QEvent leave(QEvent::Leave);
  QCoreApplication::sendEvent(&plot(), &leave);
  EXPECT_EQ(left.count(), 1);
  EXPECT_TRUE(visibleCrosshair().isEmpty());
}

TEST_F(PlotViewTest, HoverRedrawsOnlyTheOverlayNotTheColourMap) {
  m_view.setMatrix(matrixView(), exactMatrix(50, 50), {});
  settle();
  QSignalSpy replots(&plot(), &QCustomPlot::afterReplot);
  QSignalSpy cells(&m_view, &PlotView::cellHovered);
  for (int k = 0; k < 10; ++k) mouseMove(pixelOf(10 + k, 20 + k));
  QCoreApplication::processEvents();
  EXPECT_EQ(cells.count(), 10);
  EXPECT_EQ(replots.count(), 0);  // a full replot would draw the colour map again
}

TEST_F(PlotViewTest, HoverOnASampledPictureReportsTheAbsoluteCellAndTheDrawnValue) {
  const auto rows = posenc::sampleIndices(0, 1000, 100);
  const auto cols = posenc::sampleIndices(0, 2000, 100);
  m_view.setMatrix(matrixView(), makeMatrix(1000, 2000, rows, cols), {});
  settle();
  QSignalSpy cells(&m_view, &PlotView::cellHovered);
  // At the centre of the sampled cell (rows[25], cols[60]): that absolute cell and its value.
  mouseMove(QPointF(plot().xAxis->coordToPixel(static_cast<double>(cols[60])),
                    plot().yAxis->coordToPixel(static_cast<double>(rows[25]))));
  ASSERT_EQ(cells.count(), 1);
  EXPECT_NEAR(static_cast<double>(cells.at(0).at(0).value<Index>()), static_cast<double>(rows[25]),
              6);
  EXPECT_NEAR(static_cast<double>(cells.at(0).at(1).value<Index>()), static_cast<double>(cols[60]),
              6);
  EXPECT_EQ(cells.at(0).at(2).toDouble(), cellValue(rows[25], cols[60]));
  // Between sampled cells: the absolute cell under the mouse (not a sampled one), drawn value.
  const double x = static_cast<double>(cols[60]) + 7.0;
  mouseMove(QPointF(plot().xAxis->coordToPixel(x),
                    plot().yAxis->coordToPixel(static_cast<double>(rows[25]))));
  ASSERT_EQ(cells.count(), 2);
  EXPECT_EQ(cells.at(1).at(1).value<Index>(),
            std::llround(plot().xAxis->pixelToCoord(plot().xAxis->coordToPixel(x))));
  EXPECT_EQ(cells.at(1).at(2).toDouble(), cellValue(rows[25], cols[60]));
}

// ---- zoom ----------------------------------------------------------------------------------

TEST_F(PlotViewTest, WheelZoomsInAboutTheMouseAndAsksForTheVisibleRegion) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  settle();
  QSignalSpy regions(&m_view, &PlotView::regionRequested);
  const QPointF at = rectCentre() + QPointF(60, -40);
  const double xAtMouse = plot().xAxis->pixelToCoord(at.x());
  wheel(at, 3);
  EXPECT_LT(xRange().size(), 200.0 * 0.8);
  EXPECT_LT(yRange().size(), 100.0 * 0.8);
  EXPECT_NEAR(plot().xAxis->pixelToCoord(at.x()), xAtMouse, 1e-6);  // about the mouse
  ASSERT_TRUE(m_view.zoom().has_value());

  ASSERT_TRUE(regions.count() > 0 || regions.wait(kWaitMs));
  settle();
  const auto region = regions.last().at(0).value<Region>();
  EXPECT_GE(region.r0, 0);
  EXPECT_LE(region.r1, 100);
  EXPECT_GE(region.c0, 0);
  EXPECT_LE(region.c1, 200);
  EXPECT_LT(region.r0, region.r1);
  EXPECT_LT(region.c0, region.c1);
  // The region covers what is shown (cells reach half a cell beyond their centres).
  EXPECT_LE(static_cast<double>(region.r0) - 0.5, yRange().lower);
  EXPECT_GE(static_cast<double>(region.r1) - 0.5, yRange().upper);
  EXPECT_LE(static_cast<double>(region.c0) - 0.5, xRange().lower);
  EXPECT_GE(static_cast<double>(region.c1) - 0.5, xRange().upper);
  EXPECT_LT(region.c1 - region.c0, 200);  // and not much more
  const QRect rect = plot().xAxis->axisRect()->rect();
  EXPECT_EQ(region.maxRows, std::llround(rect.height() * plot().devicePixelRatioF()));
  EXPECT_EQ(region.maxCols, std::llround(rect.width() * plot().devicePixelRatioF()));
  EXPECT_EQ(region, m_view.visibleRegion());
}

TEST_F(PlotViewTest, ZoomStopsAtFourCellsAndAtTheWholeMatrix) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  settle();
  wheel(rectCentre(), 40);
  EXPECT_NEAR(xRange().size(), 4.0, 1e-6);
  EXPECT_NEAR(yRange().size(), 4.0, 1e-6);
  wheel(rectCentre(), -80);
  EXPECT_DOUBLE_EQ(xRange().lower, -0.5);
  EXPECT_DOUBLE_EQ(xRange().upper, 199.5);
  EXPECT_DOUBLE_EQ(yRange().lower, -0.5);
  EXPECT_DOUBLE_EQ(yRange().upper, 99.5);
  EXPECT_FALSE(m_view.zoom().has_value());
}

TEST_F(PlotViewTest, DragPansInsideTheMatrix) {
  // A pan is a middle-button drag or a Shift+drag (a plain left drag draws a zoom box).
  for (const bool shift : {false, true}) {
    const Qt::MouseButton button = shift ? Qt::LeftButton : Qt::MiddleButton;
    const Qt::KeyboardModifiers modifiers = shift ? Qt::ShiftModifier : Qt::NoModifier;
    m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
    m_view.setZoom(Zoom{100, 140, 40, 60});
    settle();
    const QPointF from = rectCentre();
    mouseButton(QEvent::MouseButtonPress, from, button, modifiers);
    mouseMove(from + QPointF(40, 0), button, modifiers);
    mouseButton(QEvent::MouseButtonRelease, from + QPointF(40, 0), button, modifiers);
    EXPECT_LT(xRange().lower, 100.0);  // dragged right: earlier columns come into view
    EXPECT_NEAR(xRange().size(), 40.0, 1e-6);
    // Far beyond the edge: stops at column -0.5.
    mouseButton(QEvent::MouseButtonPress, from, button, modifiers);
    mouseMove(from + QPointF(5000, 0), button, modifiers);
    mouseButton(QEvent::MouseButtonRelease, from + QPointF(5000, 0), button, modifiers);
    EXPECT_DOUBLE_EQ(xRange().lower, -0.5);
    EXPECT_NEAR(xRange().size(), 40.0, 1e-6);
  }
}

TEST_F(PlotViewTest, DoubleClickAndHomeShowEverything) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  settle();
  wheel(rectCentre(), 4);
  ASSERT_TRUE(m_view.zoom().has_value());
  mouseButton(QEvent::MouseButtonDblClick, rectCentre());
  EXPECT_FALSE(m_view.zoom().has_value());
  EXPECT_DOUBLE_EQ(xRange().upper, 199.5);

  wheel(rectCentre(), 4);
  ASSERT_TRUE(m_view.zoom().has_value());
  QTest::keyClick(&plot(), Qt::Key_Home);
  EXPECT_FALSE(m_view.zoom().has_value());
}

TEST_F(PlotViewTest, ZoomIsKeptForTheSameViewAndShapeAndResetOtherwise) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  settle();
  wheel(rectCentre() + QPointF(-50, 30), 5);
  const auto zoomed = m_view.zoom();
  ASSERT_TRUE(zoomed.has_value());

  // New values for the same view (e.g. a parameter moved): same zoom.
  MatrixResult again = exactMatrix(100, 200);
  again.values *= 2.0;
  m_view.setMatrix(matrixView(), again, {});
  ASSERT_TRUE(m_view.zoom().has_value());
  EXPECT_NEAR(m_view.zoom()->x0, zoomed->x0, 1e-9);
  EXPECT_NEAR(m_view.zoom()->x1, zoomed->x1, 1e-9);
  EXPECT_NEAR(m_view.zoom()->y0, zoomed->y0, 1e-9);
  EXPECT_NEAR(m_view.zoom()->y1, zoomed->y1, 1e-9);

  // A result of only the visible region (as asked for): still the same zoom, absolute axes.
  const auto region = m_view.visibleRegion();
  m_view.setMatrix(matrixView(),
                   makeMatrix(100, 200, posenc::sampleIndices(region.r0, region.r1, 0),
                              posenc::sampleIndices(region.c0, region.c1, 0)),
                   {});
  ASSERT_TRUE(m_view.zoom().has_value());
  EXPECT_NEAR(m_view.zoom()->x0, zoomed->x0, 1e-9);

  m_view.setMatrix(matrixView(), exactMatrix(100, 300), {});  // another shape
  EXPECT_FALSE(m_view.zoom().has_value());
  EXPECT_DOUBLE_EQ(xRange().upper, 299.5);

  wheel(rectCentre(), 5);
  ASSERT_TRUE(m_view.zoom().has_value());
  m_view.setMatrix(matrixView("other"), exactMatrix(100, 300), {});  // another view
  EXPECT_FALSE(m_view.zoom().has_value());
}

TEST_F(PlotViewTest, SetZoomAndZoomRoundTrip) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  const Zoom z{10.5, 60.5, 20.5, 40.5};
  m_view.setZoom(z);
  settle();
  ASSERT_TRUE(m_view.zoom().has_value());
  EXPECT_EQ(*m_view.zoom(), z);
  EXPECT_DOUBLE_EQ(xRange().lower, 10.5);
  EXPECT_DOUBLE_EQ(yRange().upper, 40.5);
  const Region region = m_view.visibleRegion();
  EXPECT_EQ(region.r0, 21);
  EXPECT_EQ(region.r1, 41);
  EXPECT_EQ(region.c0, 11);
  EXPECT_EQ(region.c1, 61);

  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});  // its result
  ASSERT_TRUE(m_view.zoom().has_value());
  EXPECT_EQ(*m_view.zoom(), z);

  m_view.setZoom(std::nullopt);
  EXPECT_FALSE(m_view.zoom().has_value());
  EXPECT_DOUBLE_EQ(xRange().upper, 199.5);
}

TEST_F(PlotViewTest, ZoomRestoredBeforeItsResultAppliesToThatResult) {
  // A session opens: its zoom arrives before the first result of its view.
  const Zoom z{100, 150, 10, 30};
  m_view.setZoom(z);
  const Region asked = m_view.visibleRegion();
  EXPECT_EQ(asked.r0, 10);
  EXPECT_EQ(asked.r1, 31);
  EXPECT_EQ(asked.c0, 100);
  EXPECT_EQ(asked.c1, 151);
  m_view.setMatrix(matrixView("session"), exactMatrix(400, 400), {});
  ASSERT_TRUE(m_view.zoom().has_value());
  EXPECT_EQ(*m_view.zoom(), z);
  EXPECT_DOUBLE_EQ(xRange().lower, 100.0);
}

TEST_F(PlotViewTest, VisibleRegionBeforeAnyResultIsTheWholeViewAtWidgetSize) {
  const Region region = m_view.visibleRegion();
  EXPECT_EQ(region.r0, 0);
  EXPECT_EQ(region.c0, 0);
  EXPECT_LT(region.r1, 0);  // to the end
  EXPECT_LT(region.c1, 0);
  const double dpr = plot().devicePixelRatioF();
  EXPECT_EQ(region.maxRows, std::llround(plot().height() * dpr));
  EXPECT_EQ(region.maxCols, std::llround(plot().width() * dpr));
  EXPECT_GE(region.maxCols, 500);
}

TEST_F(PlotViewTest, AsksAgainOnlyWhenTheDrawnResultIsNotMadeForWhatIsShown) {
  const Index n = 100000;
  auto sampled = [&](const Region& r) {
    return makeMatrix(n, n, posenc::sampleIndices(r.r0, r.r1 < 0 ? n : r.r1, r.maxRows),
                      posenc::sampleIndices(r.c0, r.c1 < 0 ? n : r.c1, r.maxCols));
  };
  QSignalSpy regions(&m_view, &PlotView::regionRequested);
  // A first result finer than the screen (the window guessed from the widget size, which the
  // axis rect is smaller than): the view asks once for exactly its own pixel grid, so that
  // later recomputations take only the cells it can show...
  m_view.setMatrix(matrixView("fine"), sampled(Region{0, -1, 0, -1, 700, 900}), {});
  settle();
  ASSERT_EQ(regions.count(), 1);
  Region region = regions.at(0).at(0).value<Region>();
  EXPECT_EQ(region, m_view.visibleRegion());
  const QRect rect = plot().xAxis->axisRect()->rect();
  EXPECT_EQ(region.maxRows, std::llround(rect.height() * plot().devicePixelRatioF()));
  EXPECT_EQ(region.maxCols, std::llround(rect.width() * plot().devicePixelRatioF()));
  EXPECT_LT(region.maxRows, 700);
  // ...and when that arrives, it is content.
  m_view.setMatrix(matrixView("fine"), sampled(region), {});
  settle();
  EXPECT_EQ(regions.count(), 1);

  // Too coarse: the view asks once for the whole view at its own resolution...
  m_view.setMatrix(matrixView("coarse"), sampled(Region{0, -1, 0, -1, 40, 50}), {});
  settle();
  ASSERT_EQ(regions.count(), 2);
  region = regions.at(1).at(0).value<Region>();
  EXPECT_EQ(region.r0, 0);
  EXPECT_EQ(region.r1, n);
  EXPECT_EQ(region, m_view.visibleRegion());
  // ...and when that arrives, it is content.
  m_view.setMatrix(matrixView("coarse"), sampled(region), {});
  settle();
  EXPECT_EQ(regions.count(), 2);

  wheel(rectCentre(), 10);
  ASSERT_TRUE(regions.wait(kWaitMs));
  region = regions.last().at(0).value<Region>();
  EXPECT_GT(region.r0, 0);
  EXPECT_LT(region.r1, n);
  EXPECT_LT(region.r1 - region.r0, n / 2);
  const int asked = static_cast<int>(regions.count());
  m_view.setMatrix(matrixView("coarse"), sampled(region), {});
  settle();
  EXPECT_EQ(regions.count(), asked);
}

// ---- box zoom, typed range, wheel step -----------------------------------------------------

TEST_F(PlotViewTest, LeftDragZoomsToTheBoxInWholeCellsAndAsksForIt) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  settle();
  QSignalSpy regions(&m_view, &PlotView::regionRequested);
  QSignalSpy replots(&plot(), &QCustomPlot::afterReplot);
  const QPointF from(plot().xAxis->coordToPixel(20.3), plot().yAxis->coordToPixel(10.2));
  const QPointF to(plot().xAxis->coordToPixel(60.7), plot().yAxis->coordToPixel(30.6));
  mouseButton(QEvent::MouseButtonPress, from);
  for (int k = 1; k <= 10; ++k) mouseMove(from + (to - from) * (k / 10.0), Qt::LeftButton);
  QCoreApplication::processEvents();
  EXPECT_EQ(replots.count(), 0);  // the band moves, the colour map is not drawn again
  const QList<QRubberBand*> bands = plot().findChildren<QRubberBand*>();
  ASSERT_EQ(bands.size(), 1);
  EXPECT_TRUE(bands.front()->isVisible());
  mouseButton(QEvent::MouseButtonRelease, to);
  EXPECT_FALSE(bands.front()->isVisible());

  // Every cell the box touches, whole: columns 20 .. 61, rows 10 .. 31.
  EXPECT_DOUBLE_EQ(xRange().lower, 19.5);
  EXPECT_DOUBLE_EQ(xRange().upper, 61.5);
  EXPECT_DOUBLE_EQ(yRange().lower, 9.5);
  EXPECT_DOUBLE_EQ(yRange().upper, 31.5);
  ASSERT_TRUE(m_view.zoom().has_value());
  ASSERT_TRUE(regions.count() > 0 || regions.wait(kWaitMs));
  settle();
  const auto region = regions.last().at(0).value<Region>();
  EXPECT_EQ(region.r0, 10);
  EXPECT_EQ(region.r1, 32);
  EXPECT_EQ(region.c0, 20);
  EXPECT_EQ(region.c1, 62);
  EXPECT_EQ(region, m_view.visibleRegion());

  // A box thinner than a few pixels zooms only the other axis; a click zooms nothing.
  const QCPRange rowsBefore = yRange();
  drag(pixelOf(25, 20), pixelOf(45, 20) + QPoint(0, 2));
  EXPECT_DOUBLE_EQ(xRange().lower, 24.5);
  EXPECT_DOUBLE_EQ(xRange().upper, 45.5);
  EXPECT_EQ(yRange(), rowsBefore);
  const QCPRange columnsBefore = xRange();
  drag(rectCentre(), rectCentre() + QPointF(2, 1));
  EXPECT_EQ(xRange(), columnsBefore);
  EXPECT_EQ(yRange(), rowsBefore);
}

TEST_F(PlotViewTest, BoxZoomAtAMillionPositionsAsksOnceForExactlyTheBox) {
  const Index n = Index{1} << 20;
  auto sampled = [&](const Region& r) {
    return makeMatrix(n, n, posenc::sampleIndices(r.r0, r.r1 < 0 ? n : r.r1, r.maxRows),
                      posenc::sampleIndices(r.c0, r.c1 < 0 ? n : r.c1, r.maxCols));
  };
  m_view.setMatrix(matrixView("huge"), sampled(m_view.visibleRegion()), {});
  settle();
  m_view.setMatrix(matrixView("huge"), sampled(m_view.visibleRegion()), {});
  settle();
  QSignalSpy regions(&m_view, &PlotView::regionRequested);
  const QRect area = plot().xAxis->axisRect()->rect();
  const QPointF from = area.topLeft() + QPointF(area.width() * 0.40, area.height() * 0.30);
  const QPointF to = area.topLeft() + QPointF(area.width() * 0.45, area.height() * 0.36);
  const double x0 = plot().xAxis->pixelToCoord(from.x());
  const double x1 = plot().xAxis->pixelToCoord(to.x());
  const double y0 = plot().yAxis->pixelToCoord(from.y());
  const double y1 = plot().yAxis->pixelToCoord(to.y());
  drag(from, to);
  ASSERT_TRUE(regions.wait(kWaitMs));
  settle();
  ASSERT_EQ(regions.count(), 1);  // one request for the box, none while dragging
  const auto region = regions.at(0).at(0).value<Region>();
  EXPECT_NEAR(static_cast<double>(region.c0), x0, 1.0);
  EXPECT_NEAR(static_cast<double>(region.c1), x1, 1.5);
  EXPECT_NEAR(static_cast<double>(region.r0), y0, 1.0);
  EXPECT_NEAR(static_cast<double>(region.r1), y1, 1.5);
  // At the resolution drawn, so a smaller box gets exact cells as the wheel's zoom does.
  const QRect rect = plot().xAxis->axisRect()->rect();
  EXPECT_EQ(region.maxRows, std::llround(rect.height() * plot().devicePixelRatioF()));
  EXPECT_EQ(region.maxCols, std::llround(rect.width() * plot().devicePixelRatioF()));
  m_view.setMatrix(matrixView("huge"), sampled(region), {});
  settle();
  EXPECT_EQ(regions.count(), 1);  // content with its answer
}

TEST_F(PlotViewTest, LeftDragOnAChartZoomsXAndY) {
  m_view.setSeries(seriesView(), twoCurves(), {});
  settle();
  const QPointF from = pixelOf(2, 60);
  const QPointF to = pixelOf(6, 10);
  drag(from, to);
  EXPECT_NEAR(xRange().lower, 2.0, 0.05);
  EXPECT_NEAR(xRange().upper, 6.0, 0.05);
  EXPECT_NEAR(yRange().lower, 10.0, 0.5);
  EXPECT_NEAR(yRange().upper, 60.0, 0.5);
  ASSERT_TRUE(m_view.zoom().has_value());
  mouseButton(QEvent::MouseButtonDblClick, rectCentre());
  EXPECT_FALSE(m_view.zoom().has_value());
}

TEST_F(PlotViewTest, WheelNotchZoomsOneAndAHalfTimesAndRKeyShowsEverything) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  settle();
  wheel(rectCentre(), 1);
  EXPECT_NEAR(xRange().size(), 200.0 / 1.5, 1e-6);
  EXPECT_NEAR(yRange().size(), 100.0 / 1.5, 1e-6);
  QTest::keyClick(&plot(), Qt::Key_R);
  EXPECT_FALSE(m_view.zoom().has_value());
}

TEST_F(PlotViewTest, TypedRangeShowsThoseCellsAndABadOneChangesNothing) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  settle();
  QString error;
  ASSERT_TRUE(m_view.goToRange(QStringLiteral("10:20"), QStringLiteral(" 30 : 70 "), &error));
  settle();
  Region region = m_view.visibleRegion();
  EXPECT_EQ(region.r0, 10);
  EXPECT_EQ(region.r1, 20);
  EXPECT_EQ(region.c0, 30);
  EXPECT_EQ(region.c1, 70);

  const QCPRange x = xRange();
  const QCPRange y = yRange();
  const std::pair<QString, QString> refused[] = {
      {QStringLiteral("5:2"), QStringLiteral("rows: 5:2 is empty; allowed 0 ≤ A < B ≤ 100")},
      {QStringLiteral("0:101"),
       QStringLiteral("rows: 0:101 goes beyond the last cell; allowed 0 ≤ A < B ≤ 100")},
      {QStringLiteral("-3:5"),
       QStringLiteral("rows: “-3:5” is not a range; write A:B with whole numbers, allowed 0 ≤ A "
                      "< B ≤ 100 (B may be left out: to the end)")},
  };
  for (const auto& [text, message] : refused) {
    EXPECT_FALSE(m_view.goToRange(text, QString(), &error)) << text.toStdString();
    EXPECT_EQ(error, message);
    EXPECT_EQ(xRange(), x);
    EXPECT_EQ(yRange(), y);
  }
  EXPECT_FALSE(m_view.goToRange(QStringLiteral("0:10"), QStringLiteral("150:300"), &error));
  EXPECT_EQ(error,
            QStringLiteral("columns: 150:300 goes beyond the last cell; allowed 0 ≤ A < B ≤ 200"));
  EXPECT_EQ(xRange(), x);

  // "A:" runs to the end; an empty field shows that axis whole.
  ASSERT_TRUE(m_view.goToRange(QStringLiteral("50:"), QString(), &error));
  settle();
  region = m_view.visibleRegion();
  EXPECT_EQ(region.r0, 50);
  EXPECT_EQ(region.r1, 100);
  EXPECT_EQ(region.c0, 0);
  EXPECT_EQ(region.c1, 200);
  ASSERT_TRUE(m_view.goToRange(QString(), QString(), &error));
  EXPECT_FALSE(m_view.zoom().has_value());
}

TEST_F(PlotViewTest, TypedRangeOnAChart) {
  m_view.setSeries(seriesView(), twoCurves(), {});
  settle();
  const QCPRange fullY = yRange();
  QString error;
  ASSERT_TRUE(m_view.goToRange(QStringLiteral("2:5.5"), QString(), &error));
  EXPECT_DOUBLE_EQ(xRange().lower, 2.0);
  EXPECT_DOUBLE_EQ(xRange().upper, 5.5);
  EXPECT_EQ(yRange(), fullY);
  EXPECT_FALSE(m_view.goToRange(QStringLiteral("5:2"), QString(), &error));
  EXPECT_TRUE(error.startsWith(QStringLiteral("x: 5:2 is empty; allowed "))) << error.toStdString();
  EXPECT_FALSE(m_view.goToRange(QString(), QStringLiteral("1:1e9"), &error));
  EXPECT_TRUE(error.startsWith(QStringLiteral("y: 1:1e9 goes beyond the chart; allowed ")))
      << error.toStdString();
  EXPECT_DOUBLE_EQ(xRange().upper, 5.5);
}

TEST_F(PlotViewTest, CtrlGAndTheContextMenuOpenTheRangeDialog) {
  m_view.setMatrix(matrixView(), exactMatrix(100, 200), {});
  m_view.setZoom(Zoom{19.5, 59.5, 9.5, 29.5});
  settle();
  QApplication::setActiveWindow(&m_view);
  plot().setFocus();
  QTest::keyClick(&plot(), Qt::Key_G, Qt::ControlModifier);
  QCoreApplication::processEvents();
  auto* dialog = m_view.findChild<RangeDialog*>();
  ASSERT_NE(dialog, nullptr);
  EXPECT_TRUE(dialog->isVisible());
  EXPECT_EQ(dialog->editor(0)->text(), QStringLiteral("10:30"));  // what is shown now
  EXPECT_EQ(dialog->editor(1)->text(), QStringLiteral("20:60"));

  // Refused: the dialog stays with the reason; the view is unchanged.
  dialog->editor(0)->setText(QStringLiteral("5:2"));
  dialog->accept();
  EXPECT_TRUE(dialog->isVisible());
  EXPECT_EQ(dialog->error(), QStringLiteral("rows: 5:2 is empty; allowed 0 ≤ A < B ≤ 100"));
  EXPECT_DOUBLE_EQ(yRange().lower, 9.5);
  // Taken: the dialog closes and the view shows the range.
  dialog->editor(0)->setText(QStringLiteral("0:8"));
  dialog->accept();
  EXPECT_FALSE(dialog->isVisible());
  EXPECT_DOUBLE_EQ(yRange().lower, -0.5);
  EXPECT_DOUBLE_EQ(yRange().upper, 7.5);
  EXPECT_DOUBLE_EQ(xRange().lower, 19.5);

  // The context menu offers the same action and the whole view.
  const QPoint at = rectCentre().toPoint();
  QContextMenuEvent menuEvent(QContextMenuEvent::Mouse, at, plot().mapToGlobal(at));
  QCoreApplication::sendEvent(&plot(), &menuEvent);
  auto* menu = plot().findChild<QMenu*>();
  ASSERT_NE(menu, nullptr);
  ASSERT_EQ(menu->actions().size(), 2);
  EXPECT_EQ(menu->actions().at(0), m_view.goToRangeAction());
  EXPECT_EQ(m_view.goToRangeAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_G));
  menu->actions().at(1)->trigger();
  EXPECT_FALSE(m_view.zoom().has_value());
  menu->close();
}

// ---- square cells ---------------------------------------------------------------------------

TEST_F(PlotViewTest, ASquareMatrixKeepsSquareCellsAtAnyWidgetShape) {
  for (const QSize size : {QSize(1600, 600), QSize(500, 1200)}) {
    m_view.resize(size);
    m_view.setMatrix(matrixView("square"), exactMatrix(64, 64), {});
    settle();
    EXPECT_TRUE(m_view.squareCells());
    QRect rect = plot().xAxis->axisRect()->rect();
    EXPECT_NEAR(rect.width(), rect.height(), 1) << size.width() << "x" << size.height();
    // As large as fits, and centred (the colour scale sits to its right).
    if (size.width() > size.height()) {
      EXPECT_GT(rect.height(), size.height() * 0.7);
      EXPECT_NEAR(rect.center().x(), size.width() / 2.0, size.width() * 0.1);
    } else {
      EXPECT_GT(rect.width(), size.width() * 0.5);
      EXPECT_NEAR(rect.center().y(), size.height() / 2.0, size.height() * 0.1);
    }
    // Zoomed to a region of another shape, the cells stay square.
    m_view.setZoom(Zoom{9.5, 49.5, 9.5, 29.5});
    settle();
    rect = plot().xAxis->axisRect()->rect();
    const double cellWidth = rect.width() / xRange().size();
    const double cellHeight = rect.height() / yRange().size();
    EXPECT_NEAR(cellWidth, cellHeight, 0.1) << size.width() << "x" << size.height();
    m_view.resetZoom();
  }
  // Not square: the heatmap fills the width as before.
  m_view.resize(1600, 600);
  m_view.setMatrix(matrixView("table"), exactMatrix(64, 32), {});
  settle();
  EXPECT_FALSE(m_view.squareCells());
  const QRect rect = plot().xAxis->axisRect()->rect();
  EXPECT_GT(rect.width(), 1600 * 0.75);
  EXPECT_GT(rect.height(), 600 * 0.7);
  // An encoding table that happens to be square (length == dim: positions by dimensions)
  // fills the width too: only positions-by-positions matrices keep square cells.
  posenc::ViewSpec table = matrixView("table");
  table.dimensionColumns = true;
  m_view.setMatrix(table, exactMatrix(64, 64), {});
  settle();
  EXPECT_FALSE(m_view.squareCells());
  EXPECT_GT(plot().xAxis->axisRect()->rect().width(), 1600 * 0.75);
}

// ---- charts --------------------------------------------------------------------------------

TEST_F(PlotViewTest, ChartHoverFindsTheNearestPointAndShowsItsValues) {
  m_view.setSeries(seriesView(), twoCurves(), {});
  settle();
  QSignalSpy points(&m_view, &PlotView::pointHovered);
  QSignalSpy left(&m_view, &PlotView::hoverLeft);
  // Near (5, 25) of curve 1, a few pixels off.
  mouseMove(pixelOf(5, 25) + QPoint(4, -3));
  ASSERT_EQ(points.count(), 1);
  EXPECT_EQ(points.at(0).at(0).toInt(), 1);
  EXPECT_EQ(points.at(0).at(1).toInt(), 5);
  EXPECT_DOUBLE_EQ(points.at(0).at(2).toDouble(), 5.0);
  EXPECT_DOUBLE_EQ(points.at(0).at(3).toDouble(), 25.0);

  QCPItemTracer* tracer = nullptr;
  QCPItemText* text = nullptr;
  for (int i = 0; i < plot().itemCount(); ++i) {
    if (auto* t = qobject_cast<QCPItemTracer*>(plot().item(i))) tracer = t;
    if (auto* t = qobject_cast<QCPItemText*>(plot().item(i))) text = t;
  }
  ASSERT_NE(tracer, nullptr);
  ASSERT_NE(text, nullptr);
  EXPECT_TRUE(tracer->visible());
  EXPECT_NEAR(tracer->position->pixelPosition().x(), plot().xAxis->coordToPixel(5), 1.0);
  EXPECT_NEAR(tracer->position->pixelPosition().y(), plot().yAxis->coordToPixel(25), 1.0);
  EXPECT_TRUE(text->visible());
  EXPECT_EQ(text->text(), QStringLiteral("square: x = 5, y = 25"));

  // Near (2, 2) of curve 0.
  mouseMove(pixelOf(2, 2) + QPoint(-2, 2));
  ASSERT_EQ(points.count(), 2);
  EXPECT_EQ(points.at(1).at(0).toInt(), 0);
  EXPECT_EQ(points.at(1).at(1).toInt(), 2);

  // Far from every point (between the curves at x = 8): nothing hovered.
  mouseMove(pixelOf(8, 40));
  EXPECT_EQ(points.count(), 2);
  EXPECT_EQ(left.count(), 1);
  EXPECT_FALSE(tracer->visible());
}

TEST_F(PlotViewTest, ChartZoomsAndStopsAtTheWholeChart) {
  m_view.setSeries(seriesView(), twoCurves(), {});
  settle();
  const QCPRange fullX = xRange();
  const QCPRange fullY = yRange();
  wheel(rectCentre(), 3);
  ASSERT_TRUE(m_view.zoom().has_value());
  EXPECT_LT(xRange().size(), fullX.size());
  EXPECT_LT(yRange().size(), fullY.size());
  wheel(rectCentre(), -30);
  EXPECT_FALSE(m_view.zoom().has_value());
  EXPECT_DOUBLE_EQ(xRange().lower, fullX.lower);
  EXPECT_DOUBLE_EQ(xRange().upper, fullX.upper);
  EXPECT_DOUBLE_EQ(yRange().upper, fullY.upper);

  // Kept for new values of the same chart, reset for another one.
  wheel(rectCentre(), 3);
  const auto zoomed = m_view.zoom();
  ASSERT_TRUE(zoomed.has_value());
  m_view.setSeries(seriesView(), twoCurves(), {});
  ASSERT_TRUE(m_view.zoom().has_value());
  EXPECT_NEAR(m_view.zoom()->x0, zoomed->x0, 1e-9);
  ViewSpec other = seriesView();
  other.id = "other";
  m_view.setSeries(other, twoCurves(), {});
  EXPECT_FALSE(m_view.zoom().has_value());
}

TEST_F(PlotViewTest, PathAndLogChartsZoomWithinTheirExtent) {
  // A path drawn with equal aspect (a circle stays round): zooming out stops at the whole
  // path, resizing while zoomed settles (no tug of war between the aspect and the limits).
  ViewSpec path = seriesView();
  path.id = "path";
  path.parametric = true;
  SeriesResult circle;
  posenc::Curve ring{"rotation", {}, posenc::CurveStyle::Line};
  for (int i = 0; i <= 32; ++i) {
    circle.x.push_back(std::cos(i * 2 * M_PI / 32));
    ring.y.push_back(std::sin(i * 2 * M_PI / 32));
  }
  circle.curves = {ring};
  m_view.setSeries(path, circle, {});
  settle();
  EXPECT_FALSE(m_view.zoom().has_value());
  wheel(rectCentre(), 4);
  settle();
  ASSERT_TRUE(m_view.zoom().has_value());
  m_view.resize(500, 450);
  settle();
  ASSERT_TRUE(m_view.zoom().has_value());
  {
    QSignalSpy replots(&plot(), &QCustomPlot::afterReplot);
    QTest::qWait(100);
    EXPECT_EQ(replots.count(), 0);  // settled, not replotting in a loop
  }
  wheel(rectCentre(), -40);
  settle();
  EXPECT_FALSE(m_view.zoom().has_value());
  EXPECT_LE(xRange().lower, -1.0);
  EXPECT_GE(xRange().upper, 1.0);
  EXPECT_LT(xRange().size(), 10.0);
  EXPECT_LT(yRange().size(), 10.0);

  // A log y axis: the limits hold in decades.
  ViewSpec log = seriesView();
  log.id = "wavelengths";
  log.logY = true;
  SeriesResult waves;
  posenc::Curve w{"wavelength", {}, posenc::CurveStyle::Line};
  for (int i = 0; i < 32; ++i) {
    waves.x.push_back(i);
    w.y.push_back(2 * M_PI * std::pow(10000.0, i / 32.0));
  }
  waves.curves = {w};
  m_view.setSeries(log, waves, {});
  settle();
  const QCPRange full = yRange();
  wheel(rectCentre(), 3);
  EXPECT_GT(yRange().lower, full.lower);
  EXPECT_LT(yRange().upper, full.upper);
  for (int k = 0; k < 30; ++k) wheel(rectCentre(), -1);  // a notch at a time, as a wheel turns
  EXPECT_NEAR(yRange().lower, full.lower, full.lower * 1e-9);
  EXPECT_NEAR(yRange().upper, full.upper, full.upper * 1e-9);
  EXPECT_FALSE(m_view.zoom().has_value());
}

}  // namespace
