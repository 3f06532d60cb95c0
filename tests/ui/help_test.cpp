// SPDX-License-Identifier: GPL-3.0-or-later
// The Help menu and the start card (issue 14): the card at the first start only (unless its
// box is ticked), its three choices, the shortcuts read from the window's actions, the user
// guide in both languages, Help > Lessons, and the lesson panel's step picker. Offscreen.
#include <QCheckBox>
#include <QComboBox>
#include <QCommandLinkButton>
#include <QDockWidget>
#include <QGuiApplication>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QWindow>
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "posenc_ui/app/window_main.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/help/help_windows.h"
#include "posenc_ui/help/shortcuts.h"
#include "posenc_ui/help/start_page.h"
#include "posenc_ui/help/user_guide.h"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/panels/lesson_panel.h"
#include "posenc_ui/window/main_window.h"
#include "posenc_ui/window/menus.h"
#include "support/main_window_fixture.hpp"

namespace posenc::ui {
namespace {

class Help : public test::MainWindowTest {
 protected:
  [[nodiscard]] StartPage* card() const { return m_window->findChild<StartPage*>(); }
  [[nodiscard]] bool cardShown() const { return card() && card()->isVisible(); }
  [[nodiscard]] QDockWidget& lessonsDock() const {
    return *m_window->findChild<QDockWidget*>(QStringLiteral("LessonsDock"));
  }
  /// Switches the language and lets the LanguageChange events Qt posts arrive (the shortcuts
  /// window refreshes one round later, once the menus have their new texts).
  void switchTo(const QString& language) {
    m_window->setLanguage(language);
    for (int round = 0; round < 3; ++round) QCoreApplication::processEvents();
  }
  /// Clicks row `row` of `list` as a user would.
  static void clickItem(QListWidget& list, int row) {
    list.scrollToItem(list.item(row));
    QTest::mouseClick(list.viewport(), Qt::LeftButton, {},
                      list.visualItemRect(list.item(row)).center());
  }
  /// The Help menu's Lessons submenu.
  [[nodiscard]] QMenu* lessonsMenu() const {
    for (QAction* top : m_window->menuBar()->actions())
      if (top->menu() && plainActionText(top->text()) == QLatin1String("Help"))
        for (QAction* a : top->menu()->actions())
          if (a->menu() && plainActionText(a->text()) == QLatin1String("Lessons")) return a->menu();
    return nullptr;
  }
};

TEST_F(Help, TheWindowAloneNeverShowsTheStartCard) {
  // Only the real start-up path (runWindow) asks for it, so no other test sees it.
  EXPECT_FALSE(cardShown());
}

TEST_F(Help, TheFirstStartShowsTheCardALaterStartOnlyWhenTicked) {
  EXPECT_TRUE(showStartPageIfWanted(*m_window));
  ASSERT_TRUE(cardShown());
  EXPECT_FALSE(card()->showAtStartUp());
  QTest::keyClick(card(), Qt::Key_Escape);  // Esc dismisses it
  EXPECT_FALSE(cardShown());

  // The next start: not again.
  m_window = std::make_unique<MainWindow>();
  m_window->show();
  EXPECT_FALSE(showStartPageIfWanted(*m_window));
  EXPECT_FALSE(cardShown());

  // Help > Start Page shows it any time; ticking its box brings it back at the next start.
  m_window->showStartPage();
  ASSERT_TRUE(cardShown());
  card()->findChild<QCheckBox*>()->setChecked(true);
  card()->close();
  m_window = std::make_unique<MainWindow>();
  m_window->show();
  EXPECT_TRUE(showStartPageIfWanted(*m_window));
  ASSERT_TRUE(cardShown());
  EXPECT_TRUE(card()->showAtStartUp());
}

TEST_F(Help, PickingALessonOnTheCardOpensItsOverview) {
  m_window->showStartPage();
  ASSERT_TRUE(cardShown());
  EXPECT_FALSE(lessonsDock().isVisible());
  auto* list = card()->findChild<QListWidget*>(QStringLiteral("StartLessons"));
  ASSERT_NE(list, nullptr);
  ASSERT_EQ(list->count(), builtInLessons().size());
  clickItem(*list, 0);
  EXPECT_FALSE(cardShown());
  EXPECT_TRUE(lessonsDock().isVisible());
  EXPECT_EQ(m_window->lessonPanel().currentLessonIndex(), 0);
  EXPECT_EQ(m_window->lessonPanel().currentStepIndex(), -1);  // the overview: nothing applied
}

TEST_F(Help, LaunchToARopeStepOnTheProjectorTakesThreeActions) {
  // Issue 26 item 20: start card, lesson list, lesson, step list, step, F5 were six actions.
  // Now the card lists the lessons by name and the overview lists the steps as links.
  ASSERT_TRUE(showStartPageIfWanted(*m_window));  // what runWindow does at the first start
  ASSERT_TRUE(cardShown());
  auto* list = card()->findChild<QListWidget*>(QStringLiteral("StartLessons"));
  ASSERT_NE(list, nullptr);
  int rope = -1;
  for (int i = 0; i < list->count(); ++i)
    if (list->item(i)->text().contains(QLatin1String("RoPE: rotation"))) rope = i;
  ASSERT_GE(rope, 0);
  clickItem(*list, rope);  // 1
  EXPECT_FALSE(cardShown());
  LessonPanel& panel = m_window->lessonPanel();
  EXPECT_EQ(panel.currentStepIndex(), -1);

  auto* body = m_window->findChild<QTextBrowser*>(QStringLiteral("LessonBody"));
  ASSERT_NE(body, nullptr);
  const QString step = QStringLiteral("The score depends only on m \u2212 n");
  const QTextCursor found = body->document()->find(step);
  ASSERT_FALSE(found.isNull()) << body->toPlainText().toStdString();
  QTextCursor inside(body->document());
  inside.setPosition(found.selectionStart() + 2);
  QCoreApplication::processEvents();
  // In sight without scrolling: the dock is made tall enough for the list of steps.
  EXPECT_TRUE(body->viewport()->rect().contains(body->cursorRect(inside)))
      << "the step's link is out of sight in a lesson dock " << body->height() << " px high";
  body->setTextCursor(inside);
  body->ensureCursorVisible();
  QTest::mouseClick(body->viewport(), Qt::LeftButton, {}, body->cursorRect(inside).center());  // 2
  EXPECT_EQ(panel.stepTitleText(), step);
  ASSERT_NE(panel.currentStep(), nullptr);
  EXPECT_EQ(m_window->controller().scheme().info().id, "rope");

  // As the window manager does when the card closes (offscreen, the closed card stays the
  // active window).
  m_window->windowHandle()->requestActivate();
  ASSERT_TRUE(
      QTest::qWaitFor([&] { return QGuiApplication::focusWindow() == m_window->windowHandle(); },
                      2000));
  QTest::keyClick(m_window.get(), Qt::Key_F5);  // 3
  EXPECT_TRUE(m_window->presentationMode());
  EXPECT_TRUE(m_window->captionLabel().text().contains(QLatin1String("depends only on")))
      << m_window->captionLabel().text().toStdString();
}

TEST_F(Help, PickingASchemeOnTheCardSelectsIt) {
  m_window->showStartPage();
  auto* list = card()->findChild<QListWidget*>(QStringLiteral("StartSchemes"));
  ASSERT_NE(list, nullptr);
  ASSERT_EQ(list->count(), static_cast<int>(allSchemes().size()));
  int alibi = -1;
  for (int i = 0; i < list->count(); ++i)
    if (list->item(i)->data(Qt::UserRole).toString() == QLatin1String("alibi")) alibi = i;
  ASSERT_GE(alibi, 0);
  EXPECT_TRUE(list->item(alibi)->text().contains(QLatin1String("ALiBi")));
  list->scrollToItem(list->item(alibi));
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                    list->visualItemRect(list->item(alibi)).center());
  EXPECT_FALSE(cardShown());
  EXPECT_EQ(m_window->controller().scheme().info().id, "alibi");
  EXPECT_TRUE(m_window->findChild<QDockWidget*>(QStringLiteral("SchemesDock"))->isVisible());
}

TEST_F(Help, OpenASessionTriggersFileOpenSession) {
  auto* menus = m_window->findChild<Menus*>();
  ASSERT_NE(menus, nullptr);
  // The file dialog File > Open Session opens would wait for a user: count the request only.
  QObject::disconnect(menus, &Menus::openRequested, nullptr, nullptr);
  const QSignalSpy open(menus, &Menus::openRequested);
  m_window->showStartPage();
  QTest::mouseClick(card()->findChild<QCommandLinkButton*>(QStringLiteral("OpenSession")),
                    Qt::LeftButton);
  EXPECT_EQ(open.count(), 1);
  EXPECT_FALSE(cardShown());
}

TEST_F(Help, ShortcutsAreReadFromTheWindowsActions) {
  const QList<ShortcutEntry> entries = collectShortcuts(*m_window);
  EXPECT_TRUE(entries.contains(ShortcutEntry{"View", "Presentation Mode", "F5"}));
  EXPECT_TRUE(entries.contains(ShortcutEntry{"Help", "User Guide", "F1"}));
  EXPECT_TRUE(entries.contains(ShortcutEntry{"File", "Open Session", "Ctrl+O"}));
  m_window->help().showShortcuts();
  ASSERT_NE(m_window->help().shortcuts(), nullptr);
  const QString text = m_window->help().shortcuts()->text();
  EXPECT_TRUE(text.contains(QLatin1String("Presentation Mode"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QLatin1String("F5")));
  EXPECT_TRUE(text.contains(QLatin1String("Mouse wheel")));

  switchTo(QStringLiteral("zh_CN"));
  EXPECT_TRUE(m_window->help().shortcuts()->text().contains(QStringLiteral("演示模式")));
  EXPECT_TRUE(collectShortcuts(*m_window).contains(ShortcutEntry{"视图", "演示模式", "F5"}));
}

TEST_F(Help, ShortcutsNameEachActionOnceAndSayWhatADragDoes) {
  // Issue 26 item 12: every plot (a grid's four, Compare's, Animate's) has its own Go to Range
  // action; the list said "Go to Range" seven times, and "Drag: move the picture" where a drag
  // zooms to a box.
  m_window->setLayoutMode(QStringLiteral("grid4"));
  const QList<ShortcutEntry> entries = collectShortcuts(*m_window);
  int goToRange = 0;
  for (qsizetype i = 0; i < entries.size(); ++i) {
    if (entries[i].action == QLatin1String("Go to Range")) ++goToRange;
    for (qsizetype j = i + 1; j < entries.size(); ++j)
      EXPECT_FALSE(entries[i].action == entries[j].action && entries[i].keys == entries[j].keys)
          << entries[i].action.toStdString() << " " << entries[i].keys.toStdString();
  }
  EXPECT_EQ(goToRange, 1);
  m_window->help().showShortcuts();
  const QString text = m_window->help().shortcuts()->text();
  EXPECT_EQ(text.count(QLatin1String("Go to Range")), 1) << text.toStdString();
  EXPECT_TRUE(text.contains(QRegularExpression(QStringLiteral("Zoom to a box\\s+Drag\\s"))))
      << text.toStdString();
  EXPECT_FALSE(text.contains(QRegularExpression(QStringLiteral("Move the picture\\s+Drag\\s"))))
      << text.toStdString();
}

TEST_F(Help, PlainActionTextDropsMnemonicsAndEllipsis) {
  EXPECT_EQ(plainActionText(QStringLiteral("&Open Session...")), QStringLiteral("Open Session"));
  EXPECT_EQ(plainActionText(QStringLiteral("打开会话(&O)...")), QStringLiteral("打开会话"));
  EXPECT_EQ(plainActionText(QStringLiteral("Save && &Quit")), QStringLiteral("Save & Quit"));
}

TEST_F(Help, TheUserGuideIsInBothLanguagesAndFollowsTheWindow) {
  for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
    const QString md = userGuideMarkdown(lang);
    EXPECT_GT(md.size(), 2000) << lang.toStdString();
    EXPECT_TRUE(md.contains(QLatin1String("\n# "))) << lang.toStdString();
    EXPECT_TRUE(md.contains(QLatin1String("\n## "))) << lang.toStdString();
  }
  EXPECT_NE(userGuideMarkdown(QStringLiteral("en")), userGuideMarkdown(QStringLiteral("zh_CN")));

  m_window->help().showUserGuide();
  UserGuide* guide = m_window->help().userGuide();
  ASSERT_NE(guide, nullptr);
  EXPECT_TRUE(guide->isVisible());
  EXPECT_TRUE(guide->text().contains(QLatin1String("User Guide")));
  EXPECT_TRUE(guide->text().contains(QLatin1String("Presentation mode")));
  switchTo(QStringLiteral("zh_CN"));
  EXPECT_EQ(guide->language(), QStringLiteral("zh_CN"));
  EXPECT_TRUE(guide->text().contains(QStringLiteral("使用指南")));
  EXPECT_TRUE(guide->text().contains(QStringLiteral("演示模式")));
  switchTo(QStringLiteral("en"));
  EXPECT_TRUE(guide->text().contains(QLatin1String("User Guide")));
}

TEST_F(Help, HelpLessonsOpensALessonsOverview) {
  QMenu* menu = lessonsMenu();
  ASSERT_NE(menu, nullptr);
  const QList<Lesson>& lessons = m_window->lessonPanel().lessons();
  ASSERT_GE(menu->actions().size(), 3);
  ASSERT_EQ(menu->actions().size(), builtInLessons().size());
  EXPECT_TRUE(menu->actions()[2]->text().contains(lessonText(lessons[2].title, "en")));
  menu->actions()[2]->trigger();
  EXPECT_TRUE(lessonsDock().isVisible());
  EXPECT_EQ(m_window->lessonPanel().currentLessonIndex(), 2);
  EXPECT_EQ(m_window->lessonPanel().currentStepIndex(), -1);

  switchTo(QStringLiteral("zh_CN"));     // the titles follow the language
  ASSERT_GE(menu->actions().size(), 3);  // the same submenu, its entries rebuilt
  EXPECT_TRUE(menu->actions()[2]->text().contains(lessonText(lessons[2].title, "zh_CN")));
}

TEST(LessonStepPicker, PickingAStepShowsItAsNextWould) {
  LessonPanel panel;
  panel.showOverview(0);
  auto* picker = panel.findChild<QComboBox*>(QStringLiteral("StepPicker"));
  ASSERT_NE(picker, nullptr);
  const Lesson& lesson = panel.lessons()[0];
  ASSERT_GE(lesson.steps.size(), 3);
  EXPECT_EQ(picker->count(), lesson.steps.size());
  EXPECT_EQ(picker->currentIndex(), -1);  // an overview has no current step
  EXPECT_TRUE(picker->itemText(2).startsWith(QLatin1String("3. ")));

  std::vector<LessonStep> shown;
  QObject::connect(&panel, &LessonPanel::stepActivated, &panel,
                   [&shown](const LessonStep& step) { shown.push_back(step); });
  picker->setCurrentIndex(2);
  emit picker->activated(2);  // what a user's choice in the list emits
  ASSERT_EQ(shown.size(), 1U);
  EXPECT_EQ(shown[0], lesson.steps[2]);
  EXPECT_EQ(panel.currentStepIndex(), 2);
  EXPECT_EQ(panel.progressText(), QStringLiteral("Step 3 of %1").arg(lesson.steps.size()));

  panel.nextStep();  // the picker follows Next
  EXPECT_EQ(picker->currentIndex(), 3);
}

}  // namespace
}  // namespace posenc::ui
