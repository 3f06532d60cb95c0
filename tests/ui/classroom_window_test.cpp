// SPDX-License-Identifier: GPL-3.0-or-later
// The classroom in the window (issue 6): the lesson and explanation docks, the Explore /
// Compare / Animate modes, presentation mode and its keys, text size, grayscale export.
// Offscreen. POSENC_SCREENSHOT_DIR=dir also writes screenshots of the window there.
#include <QComboBox>
#include <QCursor>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolTip>
#include <QUndoStack>
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/layout/presentation.h"
#include "posenc_ui/modes/animation_view.h"
#include "posenc_ui/modes/compare_view.h"
#include "posenc_ui/panels/explanation_panel.h"
#include "posenc_ui/panels/lesson_panel.h"
#include "posenc_ui/panels/readout_panel.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/main_window.h"
#include "support/main_window_fixture.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;

class Classroom : public test::MainWindowTest {
 protected:
  [[nodiscard]] QSize windowSize() const override { return {1300, 850}; }
  void SetUp() override {
    MainWindowTest::SetUp();
    m_window->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
  }

  QDockWidget* dock(const char* name) {
    return m_window->findChild<QDockWidget*>(QLatin1String(name));
  }
  QString schemeId() { return qs(m_window->controller().scheme().info().id); }
};

TEST_F(Classroom, LessonDockIsHiddenByDefaultAndInTheViewMenu) {
  ASSERT_TRUE(dock("LessonsDock"));
  EXPECT_FALSE(dock("LessonsDock")->isVisible());
  ASSERT_TRUE(dock("ExplanationDock"));
  EXPECT_TRUE(dock("ExplanationDock")->isVisible());
  bool inMenu = false;
  for (QAction* menu : m_window->menuBar()->actions())
    if (menu->menu())
      for (QAction* a : menu->menu()->actions())
        inMenu = inMenu || a == dock("LessonsDock")->toggleViewAction();
  EXPECT_TRUE(inMenu);
}

TEST_F(Classroom, LessonDockAppliesEveryStepOfEveryBuiltInLesson) {
  m_window->setColormap(QStringLiteral("cividis"));
  LessonPanel& lessons = m_window->lessonPanel();
  ASSERT_GE(lessons.lessons().size(), 9);
  int steps = 0;
  for (int l = 0; l < lessons.lessons().size(); ++l) {
    lessons.selectLesson(l);
    const Lesson& lesson = lessons.lessons()[l];
    for (int k = 0; k < lesson.steps.size(); ++k) {
      SCOPED_TRACE(lesson.id.toStdString() + " step " + std::to_string(k + 1));
      const int undoBefore = m_window->undoStack().index();
      lessons.showStep(k);
      const Session& want = lesson.steps[k].session;
      EXPECT_EQ(schemeId(), want.scheme);
      EXPECT_TRUE(m_window->controller().params() == want.params);
      EXPECT_EQ(m_window->cellView(0), want.view);
      EXPECT_EQ(m_window->layoutMode(), want.layout);
      EXPECT_EQ(m_window->currentSession().colormap,
                QStringLiteral("cividis"));  // the user's map stays
      if (k > 0) {
        EXPECT_EQ(m_window->undoStack().index(), undoBefore + 1);  // one undo step
      }
      const auto& highlight = lesson.steps[k].highlight;
      EXPECT_EQ(m_window->markedCell().has_value(), highlight.has_value());
      if (highlight && m_window->markedCell()) {
        EXPECT_EQ(m_window->markedCell()->first, highlight->row);
        EXPECT_EQ(m_window->markedCell()->second, highlight->col);
      }
      ++steps;
    }
  }
  EXPECT_GT(steps, 20);
}

TEST_F(Classroom, HighlightedCellIsRingedOnThePlot) {
  LessonPanel& lessons = m_window->lessonPanel();
  for (int l = 0; l < lessons.lessons().size(); ++l)
    for (int k = 0; k < lessons.lessons()[l].steps.size(); ++k)
      if (lessons.lessons()[l].steps[k].highlight) {
        lessons.selectLesson(l);
        lessons.showStep(k);
        ASSERT_TRUE(resultFor(m_window->cellView(0)));
        QCoreApplication::processEvents();
        QCustomPlot& plot = m_window->plotView(0).plot();
        int rings = 0;
        for (int i = 0; i < plot.itemCount(); ++i)
          rings += plot.item(i)->objectName() == QLatin1String("LessonMarker") ? 1 : 0;
        EXPECT_GT(rings, 0);
        // A circle on the screen, whatever the cells' shape (issue 14 item 9).
        for (int i = 0; i < plot.itemCount(); ++i)
          if (auto* ring = qobject_cast<QCPItemEllipse*>(plot.item(i))) {
            const QPointF a = ring->topLeft->pixelPosition();
            const QPointF b = ring->bottomRight->pixelPosition();
            EXPECT_NEAR(b.x() - a.x(), b.y() - a.y(), 0.5);
            // ... centred on the highlighted cell.
            const auto& cell = *lessons.lessons()[l].steps[k].highlight;
            plot.replot();
            EXPECT_NEAR((a.x() + b.x()) / 2, plot.xAxis->coordToPixel(cell.col), 1.0);
            EXPECT_NEAR((a.y() + b.y()) / 2, plot.yAxis->coordToPixel(cell.row), 1.0);
            EXPECT_GE(b.x() - a.x(), 32.0);
          }
        // Another view: the ring goes.
        const auto& views = m_window->controller().scheme().info().views;
        for (const ViewSpec& v : views)
          if (qs(v.id) != m_window->cellView(0)) {
            m_window->setCellView(0, qs(v.id));
            break;
          }
        rings = 0;
        for (int i = 0; i < plot.itemCount(); ++i)
          rings += plot.item(i)->objectName() == QLatin1String("LessonMarker") ? 1 : 0;
        EXPECT_EQ(rings, 0);
        return;
      }
  FAIL() << "no built-in lesson step has a highlight";
}

TEST_F(Classroom, OpeningALessonFileAddsItOrSaysWhy) {
  QTemporaryDir dir;
  const QString bad = dir.filePath(QStringLiteral("bad.json"));
  {
    QFile f(bad);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("{\"format\": \"posenc-lesson\", \"version\": 1, \"id\": \"x\"");
  }
  QString error;
  const auto before = m_window->lessonPanel().lessons().size();
  EXPECT_FALSE(m_window->openLessonFile(bad, &error));
  EXPECT_TRUE(error.contains(QLatin1String("bad.json"))) << error.toStdString();
  EXPECT_EQ(m_window->lessonPanel().lessons().size(), before);

  Lesson mine = builtInLessons().front();
  mine.id = QStringLiteral("my-own");
  const QString good = dir.filePath(QStringLiteral("mine.json"));
  {
    QFile f(good);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(writeLesson(mine));
  }
  EXPECT_TRUE(m_window->openLessonFile(good, &error)) << error.toStdString();
  EXPECT_EQ(m_window->lessonPanel().lessons().size(), before + 1);
  EXPECT_EQ(m_window->lessonPanel().lessons().back().id, QStringLiteral("my-own"));
  EXPECT_TRUE(dock("LessonsDock")->isVisible());
  EXPECT_EQ(schemeId(), mine.steps.front().session.scheme);  // its first step is shown
}

TEST_F(Classroom, ALessonFileOpenedComesBackAtTheNextStartUntilItIsGone) {
  QTemporaryDir dir;
  Lesson mine = builtInLessons().front();
  mine.id = QStringLiteral("next-class");
  const QString path = dir.filePath(QStringLiteral("next-class.json"));
  {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(writeLesson(mine));
  }
  QString error;
  ASSERT_TRUE(m_window->openLessonFile(path, &error)) << error.toStdString();
  auto has = [](ui::MainWindow& window, const QString& id) {
    const auto& lessons = window.lessonPanel().lessons();
    return std::any_of(lessons.begin(), lessons.end(), [&](const Lesson& l) { return l.id == id; });
  };
  {
    ui::MainWindow next;  // the next class: same settings
    EXPECT_TRUE(has(next, QStringLiteral("next-class")));
    EXPECT_EQ(next.lessonPanel().lessons().size(), builtInLessons().size() + 1);
  }
  ASSERT_TRUE(QFile::remove(path));
  {
    ui::MainWindow later;  // the file is gone: the built-in lessons, no message box
    EXPECT_FALSE(has(later, QStringLiteral("next-class")));
    EXPECT_EQ(later.lessonPanel().lessons().size(), builtInLessons().size());
  }
  EXPECT_TRUE(QSettings().value(ui::settings::kLessonFiles).toStringList().isEmpty());
}

TEST_F(Classroom, LessonsFollowTheLanguageMenu) {
  m_window->setLanguage(QStringLiteral("zh_CN"));
  QCoreApplication::processEvents();  // the LanguageChange event Qt posts
  EXPECT_EQ(m_window->lessonPanel().language(), QStringLiteral("zh_CN"));
  EXPECT_EQ(m_window->explanationPanel().language(), QStringLiteral("zh_CN"));
  EXPECT_EQ(dock("LessonsDock")->windowTitle(), QString::fromUtf8("课程"));
  m_window->setLanguage(QStringLiteral("en"));
  QCoreApplication::processEvents();
  EXPECT_EQ(m_window->lessonPanel().language(), QStringLiteral("en"));
  EXPECT_EQ(dock("LessonsDock")->windowTitle(), QStringLiteral("Lessons"));
}

TEST_F(Classroom, ExplanationFollowsViewsAndHover) {
  Session s;
  s.scheme = QStringLiteral("alibi");
  s.params = ParamSet(findScheme("alibi").info().params);
  m_window->applySession(s);
  ExplanationPanel reference;
  for (const ViewSpec& v : findScheme("alibi").info().views) {
    m_window->setCellView(0, qs(v.id));
    reference.setView(QStringLiteral("alibi"), qs(v.id));
    reference.setParams(m_window->controller().params());
    EXPECT_EQ(m_window->explanationPanel().formulaSource(), reference.formulaSource()) << v.id;
    EXPECT_EQ(m_window->explanationPanel().whatText(), reference.whatText()) << v.id;
  }
  m_window->setCellView(0, QStringLiteral("bias"));
  ASSERT_TRUE(resultFor(QStringLiteral("bias")));
  EXPECT_TRUE(m_window->explanationPanel().substitutedSource().isEmpty());
  emit m_window->plotView(0).cellHovered(7, 2, 0.0);
  for (int k = 0; k < 500 && m_window->explanationPanel().substitutedSource().isEmpty(); ++k)
    QTest::qWait(10);
  const QString substituted = m_window->explanationPanel().substitutedSource();
  EXPECT_FALSE(substituted.isEmpty());
  EXPECT_TRUE(substituted.contains(QLatin1String("\\hl{"))) << substituted.toStdString();
  emit m_window->plotView(0).hoverLeft();
  EXPECT_TRUE(m_window->explanationPanel().substitutedSource().isEmpty());
  // Parameters follow too (a new scheme: its explanation).
  Session rope;
  rope.scheme = QStringLiteral("rope");
  rope.params = ParamSet(findScheme("rope").info().params);
  rope.view = QStringLiteral("scores");
  m_window->applySession(rope);
  reference.setView(QStringLiteral("rope"), QStringLiteral("scores"));
  EXPECT_EQ(m_window->explanationPanel().whatText(), reference.whatText());
}

TEST_F(Classroom, F5EntersPresentationModeAndEscRestoresTheLayout) {
  dock("LessonsDock")->show();
  m_window->lessonPanel().showStep(0);  // the dock opens on an overview (issue 14): pick a step
  QCoreApplication::processEvents();
  const QByteArray state = m_window->saveState();
  const QRect geometry = m_window->geometry();
  const Qt::WindowStates windowState = m_window->windowState();
  const QFont font = m_window->font();
  const QColor window = m_window->palette().color(QPalette::Window);
  std::map<QString, bool> visible;
  for (QDockWidget* d : m_window->findChildren<QDockWidget*>())
    visible[d->objectName()] = d->isVisible();

  QTest::keyClick(m_window.get(), Qt::Key_F5);
  ASSERT_TRUE(m_window->presentationMode());
  EXPECT_TRUE(m_window->windowState() & Qt::WindowFullScreen);
  for (QDockWidget* d : m_window->findChildren<QDockWidget*>())
    EXPECT_FALSE(d->isVisible()) << d->objectName().toStdString();
  for (QToolBar* t : m_window->findChildren<QToolBar*>()) EXPECT_FALSE(t->isVisible());
  EXPECT_GE(m_window->font().pointSizeF(), 1.6 * font.pointSizeF());
  EXPECT_EQ(m_window->palette().color(QPalette::Window),
            presentationPalette().color(QPalette::Window));
  EXPECT_TRUE(m_window->findChild<PointerHighlight*>()->isOn());
  // The lesson was showing: its step is the caption over the plot.
  EXPECT_TRUE(m_window->captionLabel().isVisible());
  EXPECT_TRUE(m_window->captionLabel().text().contains(
      lessonText(m_window->lessonPanel().currentStep()->title, QStringLiteral("en"))
          .toHtmlEscaped()));

  QTest::keyClick(m_window.get(), Qt::Key_Escape);
  ASSERT_FALSE(m_window->presentationMode());
  QCoreApplication::processEvents();
  EXPECT_EQ(m_window->windowState(), windowState);
  EXPECT_EQ(m_window->saveState(), state);
  EXPECT_EQ(m_window->geometry(), geometry);
  EXPECT_EQ(m_window->font(), font);
  EXPECT_EQ(m_window->palette().color(QPalette::Window), window);
  EXPECT_FALSE(m_window->captionLabel().isVisible());
  EXPECT_FALSE(m_window->findChild<PointerHighlight*>()->isOn());
  for (QDockWidget* d : m_window->findChildren<QDockWidget*>())
    EXPECT_EQ(d->isVisible(), visible[d->objectName()]) << d->objectName().toStdString();

  // F5 again toggles in and out as well.
  QTest::keyClick(m_window.get(), Qt::Key_F5);
  EXPECT_TRUE(m_window->presentationMode());
  QTest::keyClick(m_window.get(), Qt::Key_F5);
  EXPECT_FALSE(m_window->presentationMode());
  EXPECT_EQ(m_window->saveState(), state);
}

TEST_F(Classroom, ArrowKeysStepViewsOrLessonSteps) {
  // No lesson showing: the views of the scheme.
  Session s;
  s.scheme = QStringLiteral("rope");
  s.params = ParamSet(findScheme("rope").info().params);
  s.view = QStringLiteral("angles");
  m_window->applySession(s);
  const auto& views = findScheme("rope").info().views;
  m_window->setPresentationMode(true);
  QTest::keyClick(m_window.get(), Qt::Key_Right);
  EXPECT_EQ(m_window->cellView(0), qs(views[1].id));
  QTest::keyClick(m_window.get(), Qt::Key_Right);
  EXPECT_EQ(m_window->cellView(0), qs(views[2].id));
  QTest::keyClick(m_window.get(), Qt::Key_Left);
  EXPECT_EQ(m_window->cellView(0), qs(views[1].id));
  m_window->setPresentationMode(false);

  // A lesson showing: its steps.
  dock("LessonsDock")->show();
  m_window->lessonPanel().selectLesson(5);
  m_window->setPresentationMode(true);
  QTest::keyClick(m_window.get(), Qt::Key_Right);
  EXPECT_EQ(m_window->lessonPanel().currentStepIndex(), 1);
  QTest::keyClick(m_window.get(), Qt::Key_Right);
  EXPECT_EQ(m_window->lessonPanel().currentStepIndex(), 2);
  QTest::keyClick(m_window.get(), Qt::Key_Left);
  EXPECT_EQ(m_window->lessonPanel().currentStepIndex(), 1);
  const LessonStep& step = m_window->lessonPanel().lessons()[5].steps[1];
  EXPECT_EQ(schemeId(), step.session.scheme);
  EXPECT_EQ(m_window->cellView(0), step.session.view);
  EXPECT_TRUE(m_window->captionLabel().text().contains(
      lessonText(step.title, QStringLiteral("en")).toHtmlEscaped()));
  m_window->setPresentationMode(false);
  // Outside presentation mode plain arrows are left to the focused widget.
  const int stepBefore = m_window->lessonPanel().currentStepIndex();
  QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::AltModifier);
  EXPECT_EQ(m_window->lessonPanel().currentStepIndex(), stepBefore + 1);
}

TEST_F(Classroom, ArrowKeysOnAFocusedHeatmapMoveTheHoveredCell) {
  Session s;
  s.scheme = QStringLiteral("alibi");
  s.params = makeParams(findScheme("alibi"), {{"length", "32"}});
  s.view = QStringLiteral("bias");
  m_window->applySession(s);
  ASSERT_TRUE(resultFor(QStringLiteral("bias")));
  QCustomPlot& plot = m_window->plotView(0).plot();
  plot.setFocus();
  QTest::keyClick(&plot, Qt::Key_Down);  // first key: the middle cell (15, 15)
  QTest::keyClick(&plot, Qt::Key_Down);
  QTest::keyClick(&plot, Qt::Key_Left);
  for (int k = 0; k < 500 && m_window->explanationPanel().substitutedSource().isEmpty(); ++k)
    QTest::qWait(10);
  const QString readout = m_window->readout().text();
  EXPECT_TRUE(readout.contains(QLatin1String("16"))) << readout.toStdString();
  EXPECT_TRUE(readout.contains(QLatin1String("14"))) << readout.toStdString();
  EXPECT_FALSE(m_window->explanationPanel().substitutedSource().isEmpty());
  // The crosshair follows the keys as it follows the mouse: a vertical line through column
  // 14 and a horizontal one through row 16, in the plot's cell coordinates.
  auto crosshair = [&] {
    std::set<std::pair<double, double>> seen;  // (x, y) of point1 of each visible line
    for (int i = 0; i < plot.itemCount(); ++i)
      if (auto* line = qobject_cast<QCPItemStraightLine*>(plot.item(i)); line && line->visible())
        seen.insert({line->point1->coords().x(), line->point1->coords().y()});
    return seen;
  };
  EXPECT_EQ(crosshair(), (std::set<std::pair<double, double>>{{14.0, 0.0}, {0.0, 16.0}}));
  m_window->findChild<QTabBar*>()->setFocus();  // focus leaves the plot: hover cleared
  QCoreApplication::processEvents();
  EXPECT_TRUE(m_window->explanationPanel().substitutedSource().isEmpty());
  EXPECT_TRUE(crosshair().empty()) << "the keys' crosshair stayed after focus left";
}

TEST_F(Classroom, ModeSwitchShowsCompareAndAnimate) {
  Session s;
  s.scheme = QStringLiteral("sinusoidal");
  s.params = makeParams(findScheme("sinusoidal"), {{"length", "128"}});
  s.view = QStringLiteral("similarity");
  m_window->applySession(s);
  EXPECT_EQ(m_window->mode(), QStringLiteral("explore"));
  QTest::keyClick(m_window.get(), Qt::Key_2, Qt::AltModifier);
  EXPECT_EQ(m_window->mode(), QStringLiteral("compare"));
  EXPECT_TRUE(m_window->compareView().isVisible());
  EXPECT_FALSE(m_window->plotView(0).isVisible());
  const auto panels = m_window->compareView().panels();
  ASSERT_EQ(panels.size(), 2U);
  EXPECT_EQ(panels[0].scheme, QStringLiteral("sinusoidal"));
  EXPECT_EQ(panels[0].view, QStringLiteral("similarity"));
  EXPECT_EQ(panels[1].scheme, QStringLiteral("sinusoidal"));
  EXPECT_TRUE(panels[1].overrides.contains(QLatin1String("layout=concatenated")));
  EXPECT_EQ(m_window->compareView().length(), 128);

  QTest::keyClick(m_window.get(), Qt::Key_3, Qt::AltModifier);
  EXPECT_EQ(m_window->mode(), QStringLiteral("animate"));
  EXPECT_TRUE(m_window->animationView().isVisible());
  EXPECT_EQ(m_window->animationView().scheme(), "sinusoidal");
  EXPECT_EQ(QSettings().value(settings::kMode).toString(), QStringLiteral("animate"));

  // A scheme without an animation: a message and one click to RoPE.
  Session alibi;
  alibi.scheme = QStringLiteral("alibi");
  alibi.params = ParamSet(findScheme("alibi").info().params);
  m_window->applySession(alibi);
  auto* toRope = m_window->findChild<QPushButton*>(QStringLiteral("SwitchToRope"));
  ASSERT_TRUE(toRope);
  EXPECT_TRUE(toRope->isVisible());
  QTest::mouseClick(toRope, Qt::LeftButton);
  EXPECT_EQ(schemeId(), QStringLiteral("rope"));
  EXPECT_EQ(m_window->animationView().scheme(), "rope");
  EXPECT_FALSE(toRope->isVisible());

  QTest::keyClick(m_window.get(), Qt::Key_1, Qt::AltModifier);
  EXPECT_EQ(m_window->mode(), QStringLiteral("explore"));
  EXPECT_TRUE(m_window->plotView(0).isVisible());
}

TEST_F(Classroom, ModeIsRememberedInSettings) {
  m_window->setMode(QStringLiteral("compare"));
  m_window.reset();
  MainWindow again;
  EXPECT_EQ(again.mode(), QStringLiteral("compare"));
}

TEST_F(Classroom, PointerRingAndCrosshairStayUnderAStillMouseWhenTheWindowMoves) {
  // Issue 26 item 6: after F5 the ring and the crosshair were drawn where the mouse had been
  // on the old geometry (about 390 px off) until the mouse moved: the window manager makes the
  // window full screen after Qt laid it out, moving it under a mouse that stands still.
  Session session;
  session.scheme = QStringLiteral("rope");
  session.params = ParamSet(findScheme("rope").info().params);
  session.view = QStringLiteral("scores");
  m_window->applySession(session);
  waitUntilShown(QStringLiteral("scores"));
  m_window->setPresentationMode(true);
  QTest::qWait(400);  // full screen, the layout, the redraw at the presentation size
  // (The offscreen platform moves no full-screen window: a normal one stands in for it.)
  m_window->setWindowState(Qt::WindowNoState);
  m_window->setGeometry(200, 100, 560, 440);
  QTest::qWait(400);
  QCustomPlot& plot = m_window->plotView(0).plot();
  const QPoint local = plot.axisRect()->rect().topLeft() + QPoint(12, 12);
  const QPoint global = plot.mapToGlobal(local);
  QCursor::setPos(global);
  QMouseEvent move(QEvent::MouseMove, QPointF(local), QPointF(global), Qt::NoButton, Qt::NoButton,
                   Qt::NoModifier);
  QApplication::sendEvent(&plot, &move);
  QCoreApplication::processEvents();
  const auto crossAt = [&plot]() -> std::optional<double> {  // the vertical line's x (pixels)
    for (int i = 0; i < plot.itemCount(); ++i)
      if (auto* line = qobject_cast<QCPItemStraightLine*>(plot.item(i));
          line && line->visible() && line->point1->coords().x() == line->point2->coords().x())
        return plot.xAxis->coordToPixel(line->point1->coords().x());
    return std::nullopt;
  };
  const auto* ring = m_window->findChild<PointerHighlight*>();
  ASSERT_TRUE(ring && ring->isOn());
  const QWidget* host = m_window->centralWidget();
  const double cell = std::abs(plot.xAxis->coordToPixel(1) - plot.xAxis->coordToPixel(0));
  ASSERT_TRUE(crossAt());
  EXPECT_NEAR(*crossAt(), local.x(), cell / 2 + 1.0);
  EXPECT_EQ(ring->spot(), host->mapFromGlobal(global));

  // The window moves; the mouse does not.
  const QPoint shift(-110, -70);
  m_window->move(m_window->pos() + shift);
  ASSERT_TRUE(QTest::qWaitFor([&] { return plot.mapToGlobal(local) == global + shift; }, 2000));
  QTest::qWait(200);
  const QPoint now = plot.mapFromGlobal(global);
  ASSERT_TRUE(plot.axisRect()->rect().contains(now))
      << now.x() << "," << now.y() << " off the axis rect " << plot.axisRect()->rect().width()
      << "x" << plot.axisRect()->rect().height();
  ASSERT_TRUE(crossAt()) << "no crosshair under the mouse";
  EXPECT_NEAR(*crossAt(), now.x(), cell / 2 + 1.0)
      << "the crosshair is " << *crossAt() - now.x() << " px from the mouse";
  const QPoint onHost = host->mapFromGlobal(global);
  EXPECT_EQ(ring->spot(), onHost) << "the ring is " << (ring->spot() - onHost).x() << ", "
                                  << (ring->spot() - onHost).y() << " px from the mouse";
  m_window->setPresentationMode(false);
}

TEST_F(Classroom, TooltipsGrowWithPresentationMode) {
  // Issue 26 item 11: tooltips kept their normal size on the projector.
  const auto tipPixels = [] { return QFontInfo(QToolTip::font()).pixelSize(); };
  const int normal = tipPixels();
  m_window->setPresentationMode(true);
  EXPECT_GE(tipPixels(), qRound(1.6 * normal));
  // A tooltip shown now is drawn with it.
  QToolTip::showText(m_window->mapToGlobal(QPoint(60, 60)), QStringLiteral("a tip"),
                     m_window.get());
  QWidget* tip = nullptr;
  for (QWidget* w : QApplication::topLevelWidgets())
    if (w->inherits("QTipLabel") && w->isVisible()) tip = w;
  ASSERT_NE(tip, nullptr);
  EXPECT_GE(QFontInfo(tip->font()).pixelSize(), qRound(1.6 * normal));
  QToolTip::hideText();
  m_window->setPresentationMode(false);
  EXPECT_EQ(tipPixels(), normal);
}

TEST_F(Classroom, AnimationExportWritesFramesOrSaysWhy) {
  Session s;
  s.scheme = QStringLiteral("rope");
  s.params = ParamSet(findScheme("rope").info().params);
  m_window->applySession(s);
  m_window->setMode(QStringLiteral("animate"));
  QTemporaryDir dir;
  const QString out = dir.filePath(QStringLiteral("frames"));
  QString error;
  ASSERT_TRUE(m_window->exportAnimation(out, 7, 0.5, 96, &error)) << error.toStdString();
  const QStringList files = QDir(out).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
  ASSERT_EQ(files.size(), 7);
  EXPECT_EQ(files.front(), QStringLiteral("frame_00000.png"));
  EXPECT_EQ(files.back(), QStringLiteral("frame_00006.png"));
  EXPECT_EQ(QImage(QDir(out).filePath(files.back())).size(), QSize(96, 96));

  // A folder that cannot be made: a clear reason, no frames.
  const QString blocker = dir.filePath(QStringLiteral("file"));
  {
    QFile f(blocker);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  }
  EXPECT_FALSE(m_window->exportAnimation(blocker + QStringLiteral("/sub"), 3, 1, 64, &error));
  EXPECT_TRUE(error.contains(QLatin1String("file"))) << error.toStdString();

  // A scheme without an animation.
  Session t5;
  t5.scheme = QStringLiteral("t5");
  t5.params = ParamSet(findScheme("t5").info().params);
  m_window->applySession(t5);
  EXPECT_FALSE(m_window->exportAnimation(dir.filePath(QStringLiteral("t5")), 3, 1, 64, &error));
  EXPECT_FALSE(error.isEmpty());
}

TEST_F(Classroom, TextSizeIsAppliedAndRemembered) {
  const double before = m_window->font().pointSizeF();
  m_window->setTextScale(1.5);
  EXPECT_NEAR(m_window->font().pointSizeF(), 1.5 * before, 0.6);
  EXPECT_DOUBLE_EQ(QSettings().value(settings::kTextScale).toDouble(), 1.5);
  m_window.reset();
  MainWindow again;
  EXPECT_DOUBLE_EQ(again.textScale(), 1.5);
  EXPECT_NEAR(again.font().pointSizeF(), 1.5 * before, 0.6);
}

TEST_F(Classroom, GrayscaleExportHasNoColour) {
  Session s;
  s.scheme = QStringLiteral("sinusoidal");
  s.params = makeParams(findScheme("sinusoidal"), {{"length", "64"}});
  s.view = QStringLiteral("similarity");
  m_window->applySession(s);
  QTemporaryDir dir;
  const QString gray = dir.filePath(QStringLiteral("gray.png"));
  const QString colour = dir.filePath(QStringLiteral("colour.png"));
  QString error;
  ASSERT_TRUE(m_window->exportCurrentView(gray, {400, 300}, 96, &error, 0, true))
      << error.toStdString();
  ASSERT_TRUE(m_window->exportCurrentView(colour, {400, 300}, 96, &error, 0, false))
      << error.toStdString();
  auto colourful = [](const QImage& image) {
    int n = 0;
    for (int y = 0; y < image.height(); y += 3)
      for (int x = 0; x < image.width(); x += 3) {
        const QColor c = image.pixelColor(x, y);
        n += (std::abs(c.red() - c.green()) > 12 || std::abs(c.green() - c.blue()) > 12) ? 1 : 0;
      }
    return n;
  };
  EXPECT_GT(colourful(QImage(colour)), 500);
  EXPECT_EQ(colourful(QImage(gray)), 0);
}

TEST_F(Classroom, CompareViewNamesFollowTheLanguage) {
  m_window->setMode(QStringLiteral("compare"));
  m_window->setLanguage(QStringLiteral("zh_CN"));
  QCoreApplication::processEvents();  // the LanguageChange event Qt posts
  QStringList texts;
  for (QComboBox* box : m_window->compareView().findChildren<QComboBox*>())
    texts << box->currentText();
  EXPECT_TRUE(texts.join(QLatin1Char(' ')).contains(QString::fromUtf8("旋转位置编码")) ||
              texts.join(QLatin1Char(' ')).contains(QString::fromUtf8("正弦位置编码")))
      << texts.join(QLatin1Char('|')).toStdString();
}

/// Screenshots for the README, looked at by a person: only with POSENC_SCREENSHOT_DIR set.
TEST_F(Classroom, Screenshots) {
  const QString dir = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
  if (dir.isEmpty()) GTEST_SKIP() << "set POSENC_SCREENSHOT_DIR to write screenshots";
  QDir().mkpath(dir);
  m_window->resize(1600, 1000);
  auto shoot = [&](const QString& name) {
    for (int k = 0; k < 30; ++k) QTest::qWait(50);
    EXPECT_TRUE(m_window->grab().save(QDir(dir).filePath(name)));
  };
  Session s;
  s.scheme = QStringLiteral("rope");
  s.params = makeParams(findScheme("rope"), {{"length", "256"}});
  s.view = QStringLiteral("scores");
  m_window->applySession(s);
  resultFor(QStringLiteral("scores"));
  emit m_window->plotView(0).cellHovered(40, 43, 0.0);
  shoot(QStringLiteral("window_en.png"));
  m_window->setLanguage(QStringLiteral("zh_CN"));
  QCoreApplication::processEvents();  // the LanguageChange event Qt posts
  emit m_window->plotView(0).cellHovered(40, 43, 0.0);
  shoot(QStringLiteral("window_zh.png"));
  m_window->setMode(QStringLiteral("compare"));
  shoot(QStringLiteral("compare_zh.png"));
  m_window->setLanguage(QStringLiteral("en"));
  QCoreApplication::processEvents();
  shoot(QStringLiteral("compare_en.png"));
  m_window->setMode(QStringLiteral("animate"));
  m_window->animationView().setPosition(5.5);
  shoot(QStringLiteral("animate_en.png"));
  m_window->setMode(QStringLiteral("explore"));
  dock("LessonsDock")->show();
  m_window->lessonPanel().selectLesson(0);  // "why position": step 1 rings the cell (6, 4)
  m_window->lessonPanel().showStep(0);
  shoot(QStringLiteral("lesson_en.png"));
  m_window->setPresentationMode(true);
  m_window->resize(1600, 1000);
  shoot(QStringLiteral("presentation_en.png"));
  m_window->setLanguage(QStringLiteral("zh_CN"));
  QCoreApplication::processEvents();  // the LanguageChange event Qt posts
  shoot(QStringLiteral("presentation_zh.png"));
  m_window->setPresentationMode(false);
}

}  // namespace
}  // namespace posenc::ui
