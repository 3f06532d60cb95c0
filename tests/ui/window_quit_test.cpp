// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 14 item 13: the Animate page never shows a negative key position and writes the hands'
// captions clear of the hands; quitting an edited session asks Save / Discard / Cancel; View >
// Reset Layout brings back the first-start layout.
#include <gtest/gtest.h>

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QToolBar>
#include <QUndoCommand>
#include <QUndoStack>
#include <cmath>
#include <numbers>

#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/modes/animation_view.h"
#include "posenc_ui/window/main_window.h"
#include "support/main_window_fixture.hpp"
#include "support/ui_values.hpp"

namespace {

using posenc::Index;
using posenc::ui::AnimationView;
using posenc::ui::MainWindow;

// ----------------------------------------------------------------------------------------------
// Animate: k's position and the captions

TEST(AnimationStart, KeyPositionIsNeverNegative) {
  AnimationView view;
  view.setScheme("rope", posenc::test::paramsOf("rope", {{"length", "20"}}));
  for (Index gap = 0; gap <= 64; ++gap) {
    view.setGap(gap);
    view.setPosition(0);  // the start of the slider
    EXPECT_GE(view.position() - static_cast<double>(view.gap()), 0.0) << "gap " << gap;
    view.setPosition(19);  // at the end, Play starts over from the first frame
    view.setPlaying(true);
    EXPECT_GE(view.position() - static_cast<double>(view.gap()), 0.0) << "gap " << gap;
    view.setPlaying(false);
  }
  // The gap never exceeds the last position, so there is a frame with k at n = 0.
  EXPECT_LE(view.gap(), 19);
  view.setGap(3);
  view.setPosition(0);
  EXPECT_EQ(view.position(), 3.0) << "the animation starts with k at n = 0";
}

TEST(AnimationStart, ClockHandsStillStartAtZero) {
  AnimationView view;
  view.setScheme("sinusoidal", posenc::test::paramsOf("sinusoidal", {}));
  view.setGap(5);
  view.setPosition(0);
  EXPECT_EQ(view.position(), 0.0);
}

/// Whether the segment from `a` to `b` touches `rect` (sampled finely).
bool touches(const QRectF& rect, const QPointF& a, const QPointF& b) {
  for (int i = 0; i <= 400; ++i) {
    const double t = i / 400.0;
    if (rect.contains(a + (b - a) * t)) return true;
  }
  return false;
}

TEST(AnimationLabels, CaptionsStayClearOfEveryHand) {
  const QPointF centre(300, 250);
  const double r = 200;
  for (const QSizeF size : {QSizeF(40, 16), QSizeF(140, 30), QSizeF(20, 60)}) {
    for (int a = 0; a < 72; ++a) {
      const double angle = a * std::numbers::pi / 36 + 0.01;
      const QRectF label = posenc::ui::handLabelRect(centre, r, angle, size);
      EXPECT_EQ(label.size(), size);
      // Any hand (q's or k's, at most r long, any angle) and the circle's axes.
      for (int h = 0; h < 72; ++h) {
        const double other = h * std::numbers::pi / 36;
        const QPointF tip(centre.x() + r * std::cos(other), centre.y() - r * std::sin(other));
        ASSERT_FALSE(touches(label, centre, tip)) << "label at " << angle << ", hand at " << other;
      }
      // Near its own hand's tip: beyond it, not somewhere else on the picture.
      const QPointF tip(centre.x() + r * std::cos(angle), centre.y() - r * std::sin(angle));
      const QPointF middle = label.center();
      EXPECT_LT(std::hypot(middle.x() - tip.x(), middle.y() - tip.y()),
                0.1 * r + std::hypot(size.width(), size.height()));
    }
  }
}

// ----------------------------------------------------------------------------------------------
// Quitting with unsaved edits

class WindowQuit : public posenc::test::MainWindowTest {
 protected:
  /// Answers the unsaved-edits question with `answer` and counts the questions.
  void answer(QMessageBox::StandardButton answer) {
    m_window->setUnsavedPrompt([this, answer] {
      ++m_asked;
      return answer;
    });
  }
  /// One edit: the undo stack is not clean any more.
  void edit() {
    m_window->undoStack().push(new QUndoCommand(QStringLiteral("edit")));
    ASSERT_FALSE(m_window->undoStack().isClean());
  }
  int m_asked = 0;
};

TEST_F(WindowQuit, WithoutEditsDoesNotAsk) {
  answer(QMessageBox::Cancel);
  EXPECT_TRUE(m_window->close());
  EXPECT_EQ(m_asked, 0);
  EXPECT_FALSE(m_window->isVisible());
}

TEST_F(WindowQuit, CancelKeepsTheWindowOpen) {
  edit();
  answer(QMessageBox::Cancel);
  EXPECT_FALSE(m_window->close());
  EXPECT_EQ(m_asked, 1);
  EXPECT_TRUE(m_window->isVisible());
  EXPECT_FALSE(m_window->undoStack().isClean());
}

TEST_F(WindowQuit, DiscardCloses) {
  edit();
  answer(QMessageBox::Discard);
  EXPECT_TRUE(m_window->close());
  EXPECT_EQ(m_asked, 1);
  EXPECT_FALSE(m_window->isVisible());
}

TEST_F(WindowQuit, SaveWritesTheSessionFileAndCloses) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("work.json"));
  ASSERT_TRUE(m_window->saveSession(path));
  ASSERT_TRUE(QFile::remove(path));
  edit();
  answer(QMessageBox::Save);
  EXPECT_TRUE(m_window->close());
  EXPECT_EQ(m_asked, 1);
  EXPECT_TRUE(QFile::exists(path)) << "Save wrote the session file again";
  EXPECT_TRUE(m_window->undoStack().isClean());
  EXPECT_FALSE(m_window->isVisible());
}

// ----------------------------------------------------------------------------------------------
// View > Reset Layout

TEST(WindowLayout, ResetLayoutRestoresTheFirstStartLayout) {
  QSettings().clear();
  {
    MainWindow window;
    const QByteArray first = window.saveState();
    const QSize size = window.size();
    const auto docks = window.findChildren<QDockWidget*>();
    ASSERT_GE(docks.size(), 2);
    docks[0]->hide();
    window.addDockWidget(Qt::RightDockWidgetArea, docks[1]);
    docks[1]->setFloating(true);
    for (QToolBar* bar : window.findChildren<QToolBar*>()) bar->hide();
    window.resize(size / 2);
    ASSERT_NE(window.saveState(), first);
    QSettings().setValue(posenc::ui::settings::kWindowState, window.saveState());
    QSettings().setValue(posenc::ui::settings::kGeometry, window.saveGeometry());

    auto* reset = window.findChild<QAction*>(QStringLiteral("resetLayout"));
    ASSERT_NE(reset, nullptr) << "View > Reset Layout";
    reset->trigger();
    EXPECT_EQ(window.saveState(), first);
    EXPECT_EQ(window.size(), size);
    EXPECT_FALSE(QSettings().contains(posenc::ui::settings::kWindowState));
    EXPECT_FALSE(QSettings().contains(posenc::ui::settings::kGeometry));
  }
  QSettings().clear();
}

}  // namespace
