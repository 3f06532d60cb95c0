// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/modes/compare_view.h: panel parameters (common length, KEY=VALUE overrides),
// the difference map, and the links between panels (hover shows every panel's value at the
// same cell; zoom follows).
#include "posenc_ui/modes/compare_view.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QCheckBox>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>
#include <atomic>
#include <chrono>
#include <cmath>
#include <optional>
#include <thread>

#include "posenc_ui/common/translation.h"
#include "posenc_ui/plot/plot_view.h"

namespace {

using posenc::Index;
using posenc::ui::ComparePanelSpec;
using posenc::ui::CompareView;

/// Moves the mouse over cell (row, col) of panel `panel`.
void hoverCell(CompareView& view, int panel, Index row, Index col) {
  // The mouse leaves the other panels first, as a real one does (a panel still "under the
  // mouse" would hover its last cell again when it settles).
  for (int other = 0; view.plotView(other) != nullptr; ++other) {
    if (other == panel) continue;
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&view.plotView(other)->plot(), &leave);
  }
  QCustomPlot& plot = view.plotView(panel)->plot();
  const QPointF at(plot.xAxis->coordToPixel(static_cast<double>(col)),
                   plot.yAxis->coordToPixel(static_cast<double>(row)));
  QMouseEvent move(QEvent::MouseMove, at, plot.mapToGlobal(at), Qt::NoButton, Qt::NoButton,
                   Qt::NoModifier);
  QCoreApplication::sendEvent(&plot, &move);
}

/// The exact value of cell (row, col) of RoPE's scores at this length.
double ropeScore(Index length, Index row, Index col) {
  const posenc::Scheme& rope = posenc::findScheme("rope");
  return posenc::computeMatrix(rope, posenc::makeParams(rope, {{"length", std::to_string(length)}}),
                               "scores", posenc::Region{row, row + 1, col, col + 1})
      .values(0, 0);
}

/// Shows `view` at 1400 x 700, length 64, with three panels: RoPE's scores, RoPE's scores
/// with `scaled` (KEY=VALUE words), and ALiBi's bias.
void showThreePanels(CompareView& view, const char* scaled) {
  view.resize(1400, 700);
  view.show();
  view.setLength(64);
  view.setPanels({{"rope", "scores", ""}, {"rope", "scores", scaled}, {"alibi", "bias", ""}});
}

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
  const auto a =
      posenc::computeMatrix(rope, posenc::makeParams(rope, {{"length", "16"}}), "scores");
  const auto b = posenc::computeMatrix(
      rope, posenc::makeParams(rope, {{"length", "16"}, {"scaling", "linear"}, {"factor", "2"}}),
      "scores");
  const auto d = posenc::ui::differenceOf(a, b);
  EXPECT_EQ(d.values(3, 5), a.values(3, 5) - b.values(3, 5));
  EXPECT_EQ(d.values(0, 0), 0.0);  // m = n: no rotation either way
  const auto c =
      posenc::computeMatrix(rope, posenc::makeParams(rope, {{"length", "17"}}), "scores");
  EXPECT_THROW((void)posenc::ui::differenceOf(a, c), posenc::ParamError);
}

/// The message a panel shows instead of its plot ("" when it shows a plot).
QString panelMessage(CompareView& view, int panel) {
  for (const QLabel* label : view.plotView(panel)->findChildren<QLabel*>())
    if (label->isVisible() && label->wordWrap() && !label->text().isEmpty()) return label->text();
  return {};
}

// A refused panel says why in the window's language: the core's ParamError is rendered from
// its data (errorMessage), not its English what().
TEST(CompareViewWidget, ARefusedPanelSaysWhyInTheWindowsLanguage) {
  const char* const refused = "scaling=linear factor=0.5";
  std::optional<posenc::ParamError> error;
  try {
    (void)posenc::ui::comparePanelParams({"rope", "scores", refused}, 64);
  } catch (const posenc::ParamError& e) {
    error = e;
  }
  ASSERT_TRUE(error) << refused << " was accepted";
  for (const char* language : {"zh_CN", "en"}) {
    ASSERT_TRUE(posenc::ui::setLanguage(QString::fromLatin1(language)));
    CompareView view;
    showThreePanels(view, refused);
    ASSERT_TRUE(settle(view));
    const QString shown = panelMessage(view, 1);
    EXPECT_EQ(shown, posenc::ui::errorMessage(*error)) << language;
    const bool english = QLatin1String(language) == QLatin1String("en");
    EXPECT_EQ(shown == QString::fromUtf8(error->what()), english)
        << language << ": " << shown.toStdString();
  }
}

TEST(CompareViewWidget, HoverInOnePanelShowsEveryPanelsValueAtThatCell) {
  CompareView view;
  showThreePanels(view, "scaling=linear factor=4");
  ASSERT_TRUE(settle(view));
  // The difference map exists and shows panel 1 - panel 2.
  ASSERT_NE(view.plotView(3), nullptr);
  // Hover cell (10, 3) of panel 0 by moving the mouse over it; the values are computed off
  // the UI thread.
  QSignalSpy shown(&view, &CompareView::hoverShown);
  hoverCell(view, 0, 10, 3);
  ASSERT_TRUE(shown.wait(20000));
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(view.readoutText(i).startsWith(QStringLiteral("row 10, column 3")))
        << i << ": " << view.readoutText(i).toStdString();
  const posenc::Scheme& rope = posenc::findScheme("rope");
  const auto cell = posenc::computeMatrix(rope, posenc::makeParams(rope, {{"length", "64"}}),
                                          "scores", posenc::Region{10, 11, 3, 4});
  EXPECT_TRUE(view.readoutText(0).contains(QString::number(cell.values(0, 0), 'g', 10)))
      << view.readoutText(0).toStdString();
  EXPECT_TRUE(view.readoutText(3).contains(QStringLiteral("A − B")))
      << view.readoutText(3).toStdString();
}

/// The column the vertical crosshair of `plot` marks, if one is shown.
std::optional<double> crosshairColumn(QCustomPlot& plot) {
  for (int i = 0; i < plot.itemCount(); ++i)
    if (auto* line = qobject_cast<QCPItemStraightLine*>(plot.item(i));
        line && line->visible() && line->point1->coords().x() == line->point2->coords().x())
      return line->point1->coords().x();
  return std::nullopt;
}

TEST(CompareViewWidget, TheHoveredCellsCrosshairIsOnEveryPanel) {
  // Issue 26 item 18: the crosshair showed only on the panel under the mouse.
  CompareView view;
  showThreePanels(view, "scaling=linear factor=4");
  ASSERT_TRUE(settle(view));
  hoverCell(view, 0, 10, 3);
  for (int i = 0; view.plotView(i) != nullptr; ++i) {
    const auto column = crosshairColumn(view.plotView(i)->plot());
    ASSERT_TRUE(column) << "no crosshair on panel " << i;
    EXPECT_EQ(*column, 3.0) << i;
  }
  // The mouse leaves: the crosshairs go with it.
  QEvent leave(QEvent::Leave);
  QCoreApplication::sendEvent(&view.plotView(0)->plot(), &leave);
  for (int i = 0; view.plotView(i) != nullptr; ++i)
    EXPECT_FALSE(crosshairColumn(view.plotView(i)->plot())) << i;
}

/// The range of the colour bar of `plot`'s heatmap.
QCPRange colourRange(QCustomPlot& plot) {
  for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
    if (auto* scale = qobject_cast<QCPColorScale*>(e)) return scale->dataRange();
  ADD_FAILURE() << "no colour bar";
  return {};
}

TEST(CompareViewWidget, PanelsOfOneQuantityCanShareOneColourScale) {
  CompareView view;
  // Two RoPE score maps (one scaled, so its values differ) and ALiBi's bias, another quantity.
  showThreePanels(view, "scaling=linear factor=4 seed=3");
  view.setDifferenceShown(false);
  ASSERT_TRUE(settle(view));
  auto* option = view.findChild<QCheckBox*>(QStringLiteral("compareSharedScale"));
  ASSERT_NE(option, nullptr) << "no shared colour scale option";
  EXPECT_FALSE(option->isChecked());
  const QCPRange own0 = colourRange(view.plotView(0)->plot());
  const QCPRange own1 = colourRange(view.plotView(1)->plot());
  ASSERT_NE(own0, own1);  // each its own scale by default
  option->click();
  ASSERT_TRUE(settle(view));
  const QCPRange shared0 = colourRange(view.plotView(0)->plot());
  const QCPRange shared1 = colourRange(view.plotView(1)->plot());
  EXPECT_EQ(shared0, shared1);
  EXPECT_LE(shared0.lower, std::min(own0.lower, own1.lower) + 1e-9);
  EXPECT_GE(shared0.upper, std::max(own0.upper, own1.upper) - 1e-9);
  // Another quantity keeps its own.
  const QCPRange bias = colourRange(view.plotView(2)->plot());
  EXPECT_NE(bias, shared0);
  option->click();
  ASSERT_TRUE(settle(view));
  EXPECT_EQ(colourRange(view.plotView(0)->plot()), own0);
}

TEST(CompareViewWidget, HoverValuesArriveFromAWorkerAndStaleOnesAreDropped) {
  CompareView view;
  view.resize(1200, 600);
  view.show();
  view.setLength(32);
  view.setPanels({{"rope", "scores", ""}, {"rope", "scores", "scaling=linear factor=4"}});
  ASSERT_TRUE(settle(view));
  // Every hover computation waits on its worker thread until released.
  std::atomic<int> started{0};
  std::atomic<bool> release{false};
  view.setHoverWorkerHook([&] {
    ++started;
    while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  QSignalSpy shown(&view, &CompareView::hoverShown);
  hoverCell(view, 0, 10, 3);
  // Asynchronous: the UI thread goes on while the worker holds the answer.
  EXPECT_EQ(shown.count(), 0);
  EXPECT_TRUE(view.readoutText(0).startsWith(QStringLiteral("row 10, column 3")));
  EXPECT_TRUE(view.readoutText(0).contains(QStringLiteral("computing")))
      << view.readoutText(0).toStdString();
  for (int waited = 0; started == 0 && waited < 5000; waited += 10) QTest::qWait(10);
  ASSERT_EQ(started, 1);
  // A newer hover while the first is computed: the first's answer is stale.
  hoverCell(view, 1, 5, 7);
  EXPECT_TRUE(view.readoutText(1).startsWith(QStringLiteral("row 5, column 7")));
  release = true;
  for (int waited = 0; shown.count() == 0 && waited < 20000; waited += 10) QTest::qWait(10);
  QTest::qWait(100);  // anything else in flight arrives meanwhile
  // The stale answer (10, 3) is never shown; the newest (5, 7) is, last. (A busy machine may
  // deliver one more hover of the same cell, e.g. after a delayed refit of the plots: that one
  // is (5, 7) again, so count what is shown, not how often.)
  ASSERT_GE(shown.count(), 1);
  for (const QList<QVariant>& s : shown)
    EXPECT_FALSE(s.at(0).value<Index>() == 10 && s.at(1).value<Index>() == 3)
        << "the stale hover was shown";
  EXPECT_EQ(shown.last().at(0).value<Index>(), 5);
  EXPECT_EQ(shown.last().at(1).value<Index>(), 7);
  EXPECT_GE(started, 2) << "the newest hover runs after the stale one";
  EXPECT_EQ(view.readoutText(0), QStringLiteral("row 5, column 7 = %1")
                                     .arg(QString::number(ropeScore(32, 5, 7), 'g', 10)));
  EXPECT_TRUE(view.readoutText(2).contains(QStringLiteral("A − B")))
      << view.readoutText(2).toStdString();
  view.setHoverWorkerHook({});
}

TEST(CompareViewWidget, LeavingThePlotDropsTheHoverBeingComputed) {
  CompareView view;
  view.resize(1200, 600);
  view.show();
  view.setLength(32);
  view.setPanels({{"rope", "scores", ""}, {"alibi", "bias", ""}});
  ASSERT_TRUE(settle(view));
  std::atomic<bool> release{false};
  view.setHoverWorkerHook([&] {
    while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  QSignalSpy shown(&view, &CompareView::hoverShown);
  hoverCell(view, 0, 4, 2);
  QEvent leave(QEvent::Leave);
  QCoreApplication::sendEvent(&view.plotView(0)->plot(), &leave);
  release = true;
  QTest::qWait(300);
  EXPECT_EQ(shown.count(), 0);
  EXPECT_TRUE(view.readoutText(0).isEmpty()) << view.readoutText(0).toStdString();
  view.setHoverWorkerHook({});
}

TEST(CompanionPanels, FollowTheSchemesCompanionRules) {
  using Specs = std::vector<ComparePanelSpec>;
  const posenc::Scheme& rope = posenc::findScheme("rope");
  EXPECT_EQ(posenc::ui::companionPanels(rope, posenc::makeParams(rope, {{"length", "300"}}),
                                        QStringLiteral("scores")),
            (Specs{{"rope", "scores", ""}, {"rope", "scores", "scaling=linear factor=4"}}));
  EXPECT_EQ(posenc::ui::companionPanels(
                rope,
                posenc::makeParams(rope, {{"dim", "32"}, {"scaling", "ntk"}, {"factor", "8"}}),
                QStringLiteral("angles")),
            (Specs{{"rope", "angles", "dim=32 scaling=ntk factor=8"},
                   {"rope", "angles", "dim=32 factor=8"}}));
  const posenc::Scheme& sin = posenc::findScheme("sinusoidal");
  EXPECT_EQ(
      posenc::ui::companionPanels(sin, posenc::makeParams(sin, {}), QStringLiteral("encoding")),
      (Specs{{"sinusoidal", "encoding", ""}, {"sinusoidal", "encoding", "layout=concatenated"}}));
  EXPECT_EQ(posenc::ui::companionPanels(sin, posenc::makeParams(sin, {{"layout", "tensor2tensor"}}),
                                        QStringLiteral("similarity")),
            (Specs{{"sinusoidal", "similarity", "layout=tensor2tensor"},
                   {"sinusoidal", "similarity", ""}}));
  // Without rules: RoPE's scaled scores beside it; Transformer-XL's q_len is the length.
  const posenc::Scheme& xl = posenc::findScheme("xl");
  EXPECT_EQ(posenc::ui::companionPanels(xl, posenc::makeParams(xl, {{"qlen", "40"}}),
                                        QStringLiteral("scores")),
            (Specs{{"xl", "scores", ""}, {"rope", "scores", "scaling=linear factor=4"}}));
}

TEST(CompareViewWidget, ShowCompanionsSetsLengthPanelsAndDifference) {
  CompareView view;
  view.resize(1200, 600);
  const posenc::Scheme& rope = posenc::findScheme("rope");
  const posenc::ParamSet ropeParams = posenc::makeParams(rope, {{"length", "48"}});
  view.showCompanions(rope, ropeParams, QStringLiteral("scores"));
  EXPECT_EQ(view.length(), 48);
  EXPECT_EQ(view.panels(), posenc::ui::companionPanels(rope, ropeParams, QStringLiteral("scores")));
  EXPECT_TRUE(view.differenceShown());
  const posenc::Scheme& alibi = posenc::findScheme("alibi");
  view.showCompanions(alibi, posenc::makeParams(alibi, {{"length", "20"}}), QStringLiteral("bias"));
  EXPECT_EQ(view.length(), 20);
  EXPECT_EQ(view.panels()[0].scheme, QStringLiteral("alibi"));
  EXPECT_EQ(view.panels()[1].scheme, QStringLiteral("rope"));
  EXPECT_FALSE(view.differenceShown());
  ASSERT_TRUE(settle(view));
}

TEST(CompareViewWidget, ZoomInOnePanelFollowsInTheOthers) {
  CompareView view;
  view.resize(1200, 600);
  view.show();
  view.setLength(128);
  view.setPanels(
      {{"sinusoidal", "similarity", ""}, {"sinusoidal", "similarity", "layout=tensor2tensor"}});
  ASSERT_TRUE(settle(view));
  posenc::ui::Zoom z{10, 40, 20, 60};
  view.plotView(0)->setZoom(z);
  ASSERT_TRUE(settle(view));
  ASSERT_TRUE(view.plotView(1)->zoom().has_value());
  EXPECT_NEAR(view.plotView(1)->zoom()->x0, view.plotView(0)->zoom()->x0, 1e-9);
  EXPECT_NEAR(view.plotView(1)->zoom()->y1, view.plotView(0)->zoom()->y1, 1e-9);
}

}  // namespace

namespace {

TEST(CompareViewWidget, ReplacedPanelsSendNothingAfterTheyAreGone) {
  // A replaced panel's plot lives until the event loop deletes it; its settle timer once fired
  // into a deleted panel (a crash seen in the screenshot suite at 3840 x 2160).
  CompareView view;
  view.resize(1200, 700);
  view.show();
  view.setPanels({{"rope", "scores", ""}, {"alibi", "bias", ""}});
  ASSERT_TRUE(settle(view));
  posenc::ui::PlotView* old = view.plotView(0);
  ASSERT_NE(old, nullptr);
  view.setPanels({{"t5", "bias", ""}, {"sinusoidal", "encoding", ""}, {"alibi", "bias", ""}});
  emit old->regionRequested(posenc::Region{0, 4, 0, 4});  // before the old box is deleted
  EXPECT_TRUE(settle(view));
  EXPECT_EQ(view.panels().size(), 3U);
}

}  // namespace
