// SPDX-License-Identifier: GPL-3.0-or-later
// Switching the window to Chinese and back (issue 14 item 10): the choices of the parameter
// panel show their Chinese names (the value stays the choice id), the status bar says its
// line and its messages in the new language, and the Undo and Redo texts follow the language
// (a lesson step's title included). Offscreen.
#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QUndoStack>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/panels/lesson_panel.h"
#include "posenc_ui/params/parameter_names.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/window/main_window.h"
#include "support/main_window_fixture.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;

bool hasChinese(const QString& text) {
  return std::any_of(text.begin(), text.end(),
                     [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

class LanguageSwitch : public test::MainWindowTest {
 protected:
  using Sets = std::vector<std::pair<std::string, std::string>>;

  void show(const char* scheme, const char* view, const Sets& sets = {}) {
    Session s;
    s.scheme = QString::fromLatin1(scheme);
    s.params = makeParams(findScheme(scheme), sets);
    s.view = QString::fromLatin1(view);
    m_window->applySession(s);
    waitUntilShown(s.view);
  }
  void switchTo(const char* language) {
    m_window->setLanguage(QString::fromLatin1(language));
    QCoreApplication::processEvents();  // the LanguageChange event Qt posts to the window
  }
  QComboBox* combo(const char* id) {
    return m_window->parameterPanel().findChild<QComboBox*>(QStringLiteral("param_") +
                                                            QLatin1String(id));
  }
  /// The status bar's line of timings (its stretching label).
  QString statusLine() {
    QStringList texts;
    for (const QLabel* l : m_window->statusBar()->findChildren<QLabel*>())
      if (!l->text().isEmpty()) texts << l->text();
    return texts.join(QLatin1Char('|'));
  }
  QAction* editAction(const QKeySequence& keys) {
    for (QAction* menu : m_window->menuBar()->actions())
      if (menu->menu())
        for (QAction* a : menu->menu()->actions())
          if (a->shortcut() == keys) return a;
    return nullptr;
  }
};

TEST_F(LanguageSwitch, ChoicesShowTheirChineseNameAndKeepTheirId) {
  show("rope", "scores", {{"scaling", "linear"}, {"factor", "4"}});
  QComboBox* scaling = combo("scaling");
  ASSERT_TRUE(scaling);
  EXPECT_EQ(scaling->currentText(), QStringLiteral("linear"));
  const int undoSteps = m_window->undoStack().count();
  QSignalSpy edited(&m_window->parameterPanel(), &ParameterPanel::paramsEdited);

  switchTo("zh_CN");
  EXPECT_TRUE(scaling->currentText().startsWith(QStringLiteral("linear  ")))
      << scaling->currentText().toStdString();
  EXPECT_TRUE(hasChinese(scaling->currentText())) << scaling->currentText().toStdString();
  for (int i = 0; i < scaling->count(); ++i)
    EXPECT_TRUE(hasChinese(scaling->itemText(i))) << scaling->itemText(i).toStdString();
  EXPECT_EQ(scaling->currentData().toString(), QStringLiteral("linear"));
  EXPECT_EQ(m_window->controller().params().getChoice("scaling"), "linear");
  EXPECT_EQ(m_window->currentSession().params.getChoice("scaling"), "linear");
  EXPECT_EQ(edited.count(), 0);  // a new text is no edit
  EXPECT_EQ(m_window->undoStack().count(), undoSteps);

  // Picked in Chinese: the id is what the window applies.
  scaling->setCurrentIndex(scaling->findData(QStringLiteral("ntk")));
  EXPECT_EQ(m_window->controller().params().getChoice("scaling"), "ntk");

  switchTo("en");
  EXPECT_EQ(scaling->currentText(), QStringLiteral("ntk"));
  EXPECT_EQ(scaling->currentData().toString(), QStringLiteral("ntk"));
}

TEST_F(LanguageSwitch, EveryChoiceHasAChineseNameAfterItsId) {
  setLanguage(QStringLiteral("zh_CN"));
  int choices = 0;
  for (const auto& scheme : allSchemes())
    for (const ParamSpec& p : scheme->info().params)
      for (const std::string& c : p.choices) {
        const QString name = choiceName(qs(c));
        EXPECT_TRUE(hasChinese(name)) << scheme->info().id << "." << p.id << " = " << c;
        EXPECT_EQ(choiceLabel(qs(c)), qs(c) + QStringLiteral("  ") + name);
        ++choices;
      }
  EXPECT_GE(choices, 17);
  setLanguage(QStringLiteral("en"));
  EXPECT_EQ(choiceName(QStringLiteral("interleaved")), QString());
  EXPECT_EQ(choiceLabel(QStringLiteral("interleaved")), QStringLiteral("interleaved"));
}

TEST_F(LanguageSwitch, StatusBarSpeaksTheNewLanguage) {
  show("alibi", "bias");
  EXPECT_TRUE(statusLine().contains(QStringLiteral("computed in"))) << statusLine().toStdString();

  switchTo("zh_CN");
  EXPECT_FALSE(statusLine().contains(QStringLiteral("computed in"))) << statusLine().toStdString();
  EXPECT_TRUE(hasChinese(statusLine())) << statusLine().toStdString();

  // A message shown after the switch is in Chinese, the preset named as in the menu.
  const PresetInfo preset = presets().front();
  m_window->applyPreset(preset.id);
  const QString message = m_window->statusBar()->currentMessage();
  EXPECT_TRUE(hasChinese(message)) << message.toStdString();
  EXPECT_TRUE(message.contains(presetText(preset.name))) << message.toStdString();
  EXPECT_FALSE(message.contains(preset.id)) << message.toStdString();

  switchTo("en");
  EXPECT_TRUE(statusLine().contains(QStringLiteral("computed in"))) << statusLine().toStdString();
}

TEST_F(LanguageSwitch, UndoAndRedoTextsFollowTheLanguage) {
  show("rope", "scores");
  auto* length = m_window->parameterPanel().findChild<QSpinBox*>(QStringLiteral("param_length"));
  ASSERT_TRUE(length);
  const QString before = QString::number(m_window->controller().params().getInt("length"));
  ASSERT_NE(before, QStringLiteral("100"));
  length->setValue(100);
  QAction* undo = editAction(QKeySequence(QKeySequence::Undo));
  ASSERT_TRUE(undo);
  // Issue 26 item 19: it said "Undo Change length" (and "Undo Change" after Reset All), not
  // what it undoes.
  EXPECT_EQ(undo->text(), QStringLiteral("&Undo length %1 \u2192 100").arg(before));

  switchTo("zh_CN");
  EXPECT_TRUE(hasChinese(undo->text())) << undo->text().toStdString();
  EXPECT_FALSE(undo->text().contains(QStringLiteral("Change"))) << undo->text().toStdString();
  m_window->undoStack().undo();
  QAction* redo = editAction(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
  ASSERT_TRUE(redo);
  EXPECT_TRUE(hasChinese(redo->text())) << redo->text().toStdString();
  EXPECT_TRUE(redo->text().contains(parameterName(QStringLiteral("length"))))
      << redo->text().toStdString();
  EXPECT_TRUE(redo->text().contains(QStringLiteral("\u2192 100"))) << redo->text().toStdString();

  switchTo("en");
  EXPECT_EQ(redo->text(), QStringLiteral("&Redo length %1 \u2192 100").arg(before));
}

TEST_F(LanguageSwitch, LessonStepUndoTextTakesTheTitleOfTheNewLanguage) {
  LessonPanel& lessons = m_window->lessonPanel();
  ASSERT_FALSE(lessons.lessons().isEmpty());
  lessons.selectLesson(0);
  const Lesson& lesson = lessons.lessons()[0];
  ASSERT_GE(lesson.steps.size(), 2);
  lessons.showStep(1);
  const QString en = lessonText(lesson.steps[1].title, QStringLiteral("en"));
  const QString zh = lessonText(lesson.steps[1].title, QStringLiteral("zh_CN"));
  ASSERT_NE(en, zh);
  EXPECT_TRUE(m_window->undoStack().undoText().contains(en))
      << m_window->undoStack().undoText().toStdString();

  switchTo("zh_CN");
  EXPECT_TRUE(m_window->undoStack().undoText().contains(zh))
      << m_window->undoStack().undoText().toStdString();
  EXPECT_FALSE(m_window->undoStack().undoText().contains(en));
  QAction* undo = editAction(QKeySequence(QKeySequence::Undo));
  ASSERT_TRUE(undo);
  EXPECT_TRUE(undo->text().contains(zh)) << undo->text().toStdString();
}

}  // namespace
}  // namespace posenc::ui
