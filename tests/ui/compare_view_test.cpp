// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/modes/compare_view.h: panel parameters (common length, KEY=VALUE overrides),
// the difference map, and the links between panels (hover shows every panel's value at the
// same cell; zoom follows).
#include "posenc_ui/modes/compare_view.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QMouseEvent>
#include <QTest>
#include <cmath>

#include "posenc_ui/plot/plot_view.h"

namespace {

using posenc::Index;
using posenc::ui::CompareView;
using posenc::ui::ComparePanelSpec;

bool settle(CompareView& view, int ms = 20000) {
  QElapsedTimer t;
  t.start();
  while (t.elapsed() < ms) {
    QTest::qWait(20);
    if (!view.busy()) {
      QTest::qWait(80);  // debounced region requests
      if (!view.busy()) return true;
    }
  }
  return false;
}

TEST(ComparePanelParams, CommonLengthAndOverridesApply) {
  const posenc::ParamSet p =
      posenc::ui::comparePanelParams({"rope", "scores", "scaling=linear factor=4"}, 300);
  EXPECT_EQ(p.getInt("length"), 300);
  EXPECT_EQ(p.getChoice("scaling"), "linear");
  EXPECT_EQ(p.getReal("factor"), 4.0);
  EXPECT_EQ(posenc::ui::comparePanelParams({"xl", "scores", ""}, 40).getInt("qlen"), 40);
  try {
    (void)posenc::ui::comparePanelParams({"rope", "scores", "factor"}, 10);
    ADD_FAILURE();
  } catch (const posenc::ParamError& e) {
    EXPECT_EQ(e.param(), "overrides");
  }
  try {
    (void)posenc::ui::comparePanelParams({"rope", "scores", "factor=0.5"}, 10);
    ADD_FAILURE();
  } catch (const posenc::ParamError& e) {
    EXPECT_EQ(e.param(), "factor");
  }
}

TEST(DifferenceOf, SubtractsCellByCellAndRefusesOtherShapes) {
  const posenc::Scheme& rope = posenc::findScheme("rope");
  const auto a = posenc::computeMatrix(rope, posenc::makeParams(rope, {{"length", "16"}}), "scores");
  const auto b = posenc::computeMatrix(
      rope, posenc::makeParams(rope, {{"length", "16"}, {"scaling", "linear"}, {"factor", "2"}}),
      "scores");
  const auto d = posenc::ui::differenceOf(a, b);
  EXPECT_EQ(d.values(3, 5), a.values(3, 5) - b.values(3, 5));
  EXPECT_EQ(d.values(0, 0), 0.0);  // m = n: no rotation either way
  const auto c = posenc::computeMatrix(rope, posenc::makeParams(rope, {{"length", "17"}}), "scores");
  EXPECT_THROW((void)posenc::ui::differenceOf(a, c), posenc::ParamError);
}

TEST(CompareViewWidget, HoverInOnePanelShowsEveryPanelsValueAtThatCell) {
  CompareView view;
  view.resize(1400, 700);
  view.show();
  view.setLength(64);
  view.setPanels({{"rope", "scores", ""}, {"rope", "scores", "scaling=linear factor=4"},
                  {"alibi", "bias", ""}});
  ASSERT_TRUE(settle(view));
  // The difference map exists and shows panel 1 - panel 2.
  ASSERT_NE(view.plotView(3), nullptr);
  // Hover cell (10, 3) of panel 0 by moving the mouse over it.
  QCustomPlot& plot = view.plotView(0)->plot();
  const QPointF at(plot.xAxis->coordToPixel(3), plot.yAxis->coordToPixel(10));
  QMouseEvent move(QEvent::MouseMove, at, plot.mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                   Qt::NoModifier);
  QCoreApplication::sendEvent(&plot, &move);
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(view.readoutText(i).startsWith(QStringLiteral("row 10, column 3"))) << i << ": "
        << view.readoutText(i).toStdString();
  const posenc::Scheme& rope = posenc::findScheme("rope");
  const auto cell = posenc::computeMatrix(rope, posenc::makeParams(rope, {{"length", "64"}}),
                                          "scores", posenc::Region{10, 11, 3, 4});
  EXPECT_TRUE(view.readoutText(0).contains(QString::number(cell.values(0, 0), 'g', 10)))
      << view.readoutText(0).toStdString();
  EXPECT_TRUE(view.readoutText(3).contains(QStringLiteral("A − B"))) << view.readoutText(3).toStdString();
}

TEST(CompareViewWidget, ZoomInOnePanelFollowsInTheOthers) {
  CompareView view;
  view.resize(1200, 600);
  view.show();
  view.setLength(128);
  view.setPanels({{"sinusoidal", "similarity", ""}, {"sinusoidal", "similarity", "layout=tensor2tensor"}});
  ASSERT_TRUE(settle(view));
  posenc::ui::Zoom z{10, 40, 20, 60};
  view.plotView(0)->setZoom(z);
  ASSERT_TRUE(settle(view));
  ASSERT_TRUE(view.plotView(1)->zoom().has_value());
  EXPECT_NEAR(view.plotView(1)->zoom()->x0, view.plotView(0)->zoom()->x0, 1e-9);
  EXPECT_NEAR(view.plotView(1)->zoom()->y1, view.plotView(0)->zoom()->y1, 1e-9);
}

}  // namespace
