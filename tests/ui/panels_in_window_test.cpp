// SPDX-License-Identifier: GPL-3.0-or-later
// The parameter and lesson panels in the window (issue 14, items 6 and 7): a refused value is
// never applied and never silently changed, and the editors never pass for the parameters the
// views are drawn with; the lesson dock never shows a step that contradicts the picture, and the
// lesson position survives a restart of the window. Offscreen.
#include <QCoreApplication>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>
#include <gtest/gtest.h>

#include <memory>

#include "posenc_ui/panels/lesson_panel.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/window/main_window.h"
#include "support/main_window_fixture.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;

class PanelsInWindow : public test::MainWindowTest {
 protected:
  QSpinBox* spin(const char* id) {
    auto* w = m_window->parameterPanel().findChild<QSpinBox*>(QStringLiteral("param_") + id);
    EXPECT_NE(w, nullptr) << id;
    return w;
  }
  QLabel* label(const QString& name) {
    auto* w = m_window->parameterPanel().findChild<QLabel*>(name);
    EXPECT_NE(w, nullptr) << name.toStdString();
    return w;
  }
  /// Types `text` into the spin box of `id` and presses Enter, as a user does.
  void type(const char* id, const char* text) {
    QSpinBox* box = spin(id);
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
    QCoreApplication::processEvents();
  }
  void switchTo(const char* schemeId) {
    Session s;
    s.scheme = QLatin1String(schemeId);
    s.params = ParamSet(findScheme(schemeId).info().params);
    m_window->applySession(s);
  }
  /// Every editor shows the value the views are drawn with, or is marked as refused.
  void expectEditorsAgreeWithTheDrawnParameters() {
    const ParamSet drawn = m_window->controller().params();
    const ParamSet shown = m_window->parameterPanel().values();
    for (const ParamSpec& s : m_window->controller().scheme().info().params) {
      if (shown.get(s.id) == drawn.get(s.id)) continue;
      auto* editor = m_window->parameterPanel().findChild<QWidget*>(qs("param_" + s.id));
      ASSERT_NE(editor, nullptr);
      EXPECT_TRUE(editor->property("invalid").toBool())
          << s.id << " shows " << formatValue(shown.get(s.id)) << " but the views use "
          << formatValue(drawn.get(s.id)) << ", and it is not marked as refused";
    }
  }
  QDockWidget* lessonsDock() {
    return m_window->findChild<QDockWidget*>(QStringLiteral("LessonsDock"));
  }
  /// The lesson step shown, if any, is the one the window draws (scheme, parameters, view).
  void expectNoContradictingStep() {
    const LessonStep* step = m_window->lessonPanel().currentStep();
    if (!step) return;
    EXPECT_EQ(step->session.scheme, qs(m_window->controller().scheme().info().id));
    EXPECT_EQ(step->session.params, m_window->controller().params());
  }
};

TEST_F(PanelsInWindow, OnlyTheChosenScalingsKnobsAreShown) {
  switchTo("rope");
  m_window->show();
  QCoreApplication::processEvents();
  EXPECT_FALSE(label(QStringLiteral("label_beta_fast"))->isVisible());
  EXPECT_FALSE(label(QStringLiteral("label_low_freq_factor"))->isVisible());
  EXPECT_TRUE(label(QStringLiteral("label_factor"))->isVisible());
  Session s;
  s.scheme = QStringLiteral("rope");
  s.params = makeParams(findScheme("rope"), {{"scaling", "yarn"}, {"factor", "4"}});
  m_window->applySession(s);
  QCoreApplication::processEvents();
  EXPECT_TRUE(label(QStringLiteral("label_beta_fast"))->isVisible());
  EXPECT_FALSE(label(QStringLiteral("label_low_freq_factor"))->isVisible());
}

TEST_F(PanelsInWindow, OddDimIsRefusedWithTheReasonAndNothingIsApplied) {
  switchTo("sinusoidal");
  const ParamSet before = m_window->controller().params();
  const auto undoSteps = m_window->undoStack().count();
  type("dim", "125");
  EXPECT_EQ(spin("dim")->value(), 125) << "the refused value is neither rounded nor replaced";
  EXPECT_EQ(m_window->controller().params(), before) << "nothing applied";
  EXPECT_EQ(m_window->undoStack().count(), undoSteps);
  QLabel* error = label(QStringLiteral("error_dim"));
  EXPECT_TRUE(error->isVisibleTo(&m_window->parameterPanel()));
  EXPECT_TRUE(error->text().contains(QLatin1String("dim"))) << error->text().toStdString();
  EXPECT_TRUE(error->text().contains(QLatin1String("even"))) << error->text().toStdString();
  EXPECT_TRUE(spin("dim")->property("invalid").toBool());
  QLabel* note = label(QStringLiteral("notApplied"));
  ASSERT_NE(note, nullptr);
  EXPECT_TRUE(note->isVisibleTo(&m_window->parameterPanel()));
  EXPECT_TRUE(note->text().contains(QStringLiteral("dim = %1").arg(before.getInt("dim"))))
      << note->text().toStdString();
  expectEditorsAgreeWithTheDrawnParameters();

  type("dim", "126");
  EXPECT_EQ(m_window->controller().params().getInt("dim"), 126);
  EXPECT_FALSE(spin("dim")->property("invalid").toBool());
  EXPECT_FALSE(label(QStringLiteral("notApplied"))->isVisibleTo(&m_window->parameterPanel()));
  expectEditorsAgreeWithTheDrawnParameters();
}

TEST_F(PanelsInWindow, HeadNotBelowHeadsIsRefusedAndTheEditorsSayWhatIsDrawn) {
  switchTo("alibi");
  type("heads", "8");
  type("head", "5");
  ASSERT_EQ(m_window->controller().params().getInt("head"), 5);
  type("heads", "4");  // head 5 >= heads 4: refused
  EXPECT_EQ(m_window->controller().params().getInt("heads"), 8);
  EXPECT_EQ(spin("heads")->value(), 4);
  EXPECT_TRUE(label(QStringLiteral("error_head"))->text().contains(QLatin1String("heads")));
  EXPECT_TRUE(spin("heads")->property("invalid").toBool()) << "the refused heads is marked";
  ASSERT_NE(label(QStringLiteral("notApplied")), nullptr);
  EXPECT_TRUE(label(QStringLiteral("notApplied"))->text().contains(QLatin1String("heads = 8")));
  expectEditorsAgreeWithTheDrawnParameters();
  type("length", "100");  // other edits wait too while the set is refused
  expectEditorsAgreeWithTheDrawnParameters();

  type("head", "3");  // now valid: everything shown is applied at once
  EXPECT_EQ(m_window->controller().params().getInt("heads"), 4);
  EXPECT_EQ(m_window->controller().params().getInt("head"), 3);
  EXPECT_EQ(m_window->controller().params().getInt("length"), 100);
  EXPECT_FALSE(spin("heads")->property("invalid").toBool());
  EXPECT_FALSE(label(QStringLiteral("notApplied"))->isVisibleTo(&m_window->parameterPanel()));
  expectEditorsAgreeWithTheDrawnParameters();

  // Undo brings back what was drawn before; the editors follow.
  m_window->undoStack().undo();
  expectEditorsAgreeWithTheDrawnParameters();
  EXPECT_EQ(spin("heads")->value(), m_window->controller().params().getInt("heads"));
}

TEST_F(PanelsInWindow, OpeningTheLessonDockShowsNoStepThatContradictsThePicture) {
  switchTo("sinusoidal");
  lessonsDock()->show();
  QCoreApplication::processEvents();
  expectNoContradictingStep();
  EXPECT_EQ(qs(m_window->controller().scheme().info().id), "sinusoidal") << "nothing applied";
  EXPECT_FALSE(m_window->lessonPanel().lessonTitleText().isEmpty());

  // A step picked, then the scheme changed while the dock was closed: reopened, it does not
  // pretend the picture is the step's.
  m_window->lessonPanel().selectLesson(0);
  m_window->lessonPanel().showStep(1);
  expectNoContradictingStep();
  ASSERT_NE(m_window->lessonPanel().currentStep(), nullptr);
  lessonsDock()->hide();
  switchTo("alibi");
  lessonsDock()->show();
  QCoreApplication::processEvents();
  expectNoContradictingStep();
  EXPECT_EQ(qs(m_window->controller().scheme().info().id), "alibi");
}

TEST_F(PanelsInWindow, TheLessonPositionSurvivesARestartOfTheWindow) {
  lessonsDock()->show();
  LessonPanel& before = m_window->lessonPanel();
  before.selectLesson(3);
  before.showStep(2);
  const QString lessonId = before.lessons()[3].id;
  const Session step = before.lessons()[3].steps[2].session;
  m_window.reset();  // the settings stay

  m_window = std::make_unique<MainWindow>();
  m_window->resize(windowSize());
  m_window->show();
  lessonsDock()->show();
  QCoreApplication::processEvents();
  LessonPanel& after = m_window->lessonPanel();
  ASSERT_EQ(after.currentLessonIndex(), 3);
  EXPECT_EQ(after.lessons()[3].id, lessonId);
  expectNoContradictingStep();
  auto* resume = after.findChild<QPushButton*>(QStringLiteral("ResumeLesson"));
  ASSERT_NE(resume, nullptr);
  EXPECT_TRUE(resume->isVisibleTo(&after));
  EXPECT_TRUE(resume->text().contains(QLatin1String("3"))) << resume->text().toStdString();
  QTest::mouseClick(resume, Qt::LeftButton);
  EXPECT_EQ(after.currentStepIndex(), 2);
  EXPECT_EQ(qs(m_window->controller().scheme().info().id), step.scheme);
  EXPECT_EQ(m_window->controller().params(), step.params);
}

}  // namespace
}  // namespace posenc::ui
