// SPDX-License-Identifier: GPL-3.0-or-later
// The window's first session as `posenc [SESSION.json | MODEL]` starts it (startSession, the code
// runWindow calls), the session remembered for the next start (settings::kLastSession), and
// the view tabs of a session put in place before the window is first shown. Offscreen.
#include <QAction>
#include <QByteArray>
#include <QCoreApplication>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QString>
#include <QStringList>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>
#include <QXmlStreamReader>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "posenc_ui/app/window_main.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/models/model_actions.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/main_window.h"
#include "posenc_ui/window/view_grid.h"
#include "support/main_window_fixture.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;
using test::session;

/// A file that is not a session: JSON cut off in the middle.
QString writeCorruptFile(const QTemporaryDir& dir) {
  const QString path = dir.filePath(QStringLiteral("corrupt.json"));
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write("{\"format\": \"posenc-session\", \"version\": 1, \"scheme\": \"rope\", \"par");
  return path;
}

QString writeSessionFile(const QTemporaryDir& dir, const Session& s,
                         const QString& name = QStringLiteral("session.json")) {
  const QString path = dir.filePath(name);
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(writeSession(s));
  return path;
}

QByteArray rememberedSession() { return QSettings().value(settings::kLastSession).toByteArray(); }

/// The session an earlier run left behind: not the defaults, in scheme, parameters or view.
Session earlierWork() { return session("rope", {{"length", "256"}, {"base", "500000"}}, "scores"); }

/// Windows made by the test itself, with the settings it gives them; a clean slate for each.
class SessionStartup : public ::testing::Test {
 protected:
  void SetUp() override { QSettings().clear(); }
  void TearDown() override {
    setLanguage(QStringLiteral("en"));
    QSettings().clear();
  }
};

TEST_F(SessionStartup, CorruptFileOnTheCommandLineKeepsTheRememberedSession) {
  const QByteArray remembered = writeSession(earlierWork());
  QSettings().setValue(settings::kLastSession, remembered);
  QTemporaryDir dir;
  const QString corrupt = writeCorruptFile(dir);
  ASSERT_FALSE(corrupt.isEmpty());
  {
    MainWindow window;
    QString error;
    EXPECT_FALSE(startSession(window, corrupt, &error));
    EXPECT_TRUE(error.contains(QLatin1String("corrupt.json"))) << error.toStdString();
    // The window shows what it remembered, not the defaults.
    const Session shown = window.currentSession();
    EXPECT_EQ(shown.scheme, earlierWork().scheme);
    EXPECT_EQ(shown.params, earlierWork().params);
    EXPECT_EQ(shown.view, earlierWork().view);
    window.show();
    window.close();  // quitting
  }
  EXPECT_EQ(rememberedSession(), remembered);
}

TEST_F(SessionStartup, CorruptFileAndNothingRememberedSavesNoDefaults) {
  QTemporaryDir dir;
  const QString corrupt = writeCorruptFile(dir);
  ASSERT_FALSE(corrupt.isEmpty());
  {
    MainWindow window;
    QString error;
    EXPECT_FALSE(startSession(window, corrupt, &error));
    window.show();
    window.close();
  }
  EXPECT_TRUE(rememberedSession().isEmpty());
}

TEST_F(SessionStartup, RememberedSessionThatCannotBeReadIsNotReplacedByDefaults) {
  // Say, a session written by a newer version: the next start of that version restores it.
  const QByteArray remembered = R"({"format": "posenc-session", "version": 99, "scheme": "rope"})";
  QSettings().setValue(settings::kLastSession, remembered);
  {
    MainWindow window;
    EXPECT_TRUE(startSession(window, QString(), nullptr));
    window.show();
    window.close();
  }
  EXPECT_EQ(rememberedSession(), remembered);
}

TEST_F(SessionStartup, WhyTheRememberedSessionWasNotRestoredIsShownOnceAndKept) {
  // Issue 26 item 7: the reason was a status message, drawn over the status bar's own text
  // (the window was not shown yet, so its label was not hidden) and gone after 8 s. Now it has
  // its own row over the plots until closed, and Help > Problems shows it again.
  const QByteArray remembered =
      R"({"format": "posenc-session", "version": 1, "scheme": "rope", "params": {"base": -1}})";
  QSettings().setValue(settings::kLastSession, remembered);
  MainWindow window;
  window.resize(1024, 700);
  EXPECT_TRUE(startSession(window, QString(), nullptr));
  window.show();
  QCoreApplication::processEvents();
  EXPECT_TRUE(window.statusBar()->currentMessage().isEmpty())
      << window.statusBar()->currentMessage().toStdString();
  const auto* bar = window.findChild<QWidget*>(QStringLiteral("ProblemBar"));
  ASSERT_NE(bar, nullptr);
  EXPECT_TRUE(bar->isVisible());
  const auto* text = bar->findChild<QLabel*>(QStringLiteral("ProblemText"));
  ASSERT_NE(text, nullptr);
  EXPECT_TRUE(text->text().contains(QLatin1String("params.base"))) << text->text().toStdString();
  EXPECT_GE(text->height(), text->heightForWidth(text->width()));  // every line of it shown
  // Its own row: above the plots, nothing under it.
  const QWidget* plots = &window.plotView(0);
  const QRect barRect(bar->mapTo(&window, QPoint(0, 0)), bar->size());
  const QRect plotRect(plots->mapTo(&window, QPoint(0, 0)), plots->size());
  EXPECT_FALSE(barRect.intersects(plotRect));
  EXPECT_FALSE(barRect.intersects(window.statusBar()->geometry()));

  // Closed, it is still there in Help > Problems.
  QTest::mouseClick(bar->findChild<QToolButton*>(QStringLiteral("ProblemClose")), Qt::LeftButton);
  EXPECT_FALSE(bar->isVisible());
  auto* action = window.findChild<QAction*>(QStringLiteral("ProblemsAction"));
  ASSERT_NE(action, nullptr);
  EXPECT_TRUE(action->isEnabled());
  action->trigger();
  const auto* list = window.findChild<QDialog*>(QStringLiteral("ProblemsWindow"));
  ASSERT_NE(list, nullptr);
  EXPECT_TRUE(list->isVisible());
  const auto* browser = list->findChild<QTextBrowser*>();
  ASSERT_NE(browser, nullptr);
  EXPECT_TRUE(browser->toPlainText().contains(QLatin1String("params.base")))
      << browser->toPlainText().toStdString();
  window.close();
}

TEST_F(SessionStartup, WhatTheUserDoesAfterAFailedStartIsRemembered) {
  QSettings().setValue(settings::kLastSession, writeSession(earlierWork()));
  QTemporaryDir dir;
  Session after;
  {
    MainWindow window;
    QString error;
    EXPECT_FALSE(startSession(window, writeCorruptFile(dir), &error));
    window.show();
    window.setCellView(0, QStringLiteral("decay"));  // a view change is the user's work too
    after = window.currentSession();
    window.close();
  }
  EXPECT_EQ(readSession(rememberedSession()), after);
}

TEST_F(SessionStartup, SessionOpenedOnTheCommandLineIsRemembered) {
  QSettings().setValue(settings::kLastSession, writeSession(earlierWork()));
  QTemporaryDir dir;
  const Session opened = session("alibi", {{"heads", "12"}}, "bias");
  {
    MainWindow window;
    QString error;
    EXPECT_TRUE(startSession(window, writeSessionFile(dir, opened), &error)) << error.toStdString();
    window.show();
    window.close();
  }
  const Session remembered = readSession(rememberedSession());
  EXPECT_EQ(remembered.scheme, opened.scheme);
  EXPECT_EQ(remembered.params, opened.params);
  EXPECT_EQ(remembered.view, opened.view);
}

TEST_F(SessionStartup, SessionNamedAsTheDesktopFileTypeOpensFromTheCommandLine) {
  // A double-clicked *.posenc.json runs `posenc FILE` (org.posenc.Explorer.desktop: Exec).
  QTemporaryDir dir;
  const Session opened = session("alibi", {{"heads", "12"}}, "bias");
  const QString path = writeSessionFile(dir, opened, QStringLiteral("lesson.posenc.json"));
  ASSERT_FALSE(path.isEmpty());
  QByteArray arg = path.toLocal8Bit();
  char program[] = "posenc";
  char* argv[] = {program, arg.data()};
  EXPECT_TRUE(wantsWindow(2, argv));
  QByteArray absent = dir.filePath(QStringLiteral("not-yet.posenc.json")).toLocal8Bit();
  char* argvAbsent[] = {program, absent.data()};
  EXPECT_TRUE(wantsWindow(2, argvAbsent));  // says it cannot open it, in the window
  MainWindow window;
  QString error;
  EXPECT_TRUE(startSession(window, path, &error)) << error.toStdString();
  const Session shown = window.currentSession();
  EXPECT_EQ(shown.scheme, opened.scheme);
  EXPECT_EQ(shown.params, opened.params);
  EXPECT_EQ(shown.view, opened.view);
}

TEST_F(SessionStartup, APathOnTheCommandLineOpensAsWhatItIs) {
  // Issue 26 item 14: `posenc config.json` was read as a session ("not a PosEnc session"),
  // `posenc MODEL_FOLDER` was an unknown command.
  QTemporaryDir dir;
  const QString folder = dir.filePath(QStringLiteral("tiny-neox"));
  ASSERT_TRUE(QDir().mkpath(folder));
  QFile config(folder + QStringLiteral("/config.json"));
  ASSERT_TRUE(config.open(QIODevice::WriteOnly));
  config.write(R"({"model_type": "gpt_neox", "hidden_size": 64, "num_attention_heads": 4,
                   "rotary_pct": 0.25, "rotary_emb_base": 20000, "max_position_embeddings": 128})");
  config.close();
  const auto kind = [](const QString& path) { return startPathKind(path.toStdString()); };
  EXPECT_EQ(kind(folder), StartPath::Model);
  EXPECT_EQ(kind(config.fileName()), StartPath::Model);
  EXPECT_EQ(kind(writeSessionFile(dir, earlierWork())), StartPath::Session);
  EXPECT_EQ(kind(dir.filePath(QStringLiteral("not-yet.json"))), StartPath::Session);
  QFile notes(dir.filePath(QStringLiteral("notes.txt")));
  ASSERT_TRUE(notes.open(QIODevice::WriteOnly));
  notes.write("x");
  notes.close();
  EXPECT_EQ(kind(notes.fileName()), StartPath::Unrecognised);
  EXPECT_EQ(kind(QStringLiteral("frobnicate")), StartPath::Command);
  const std::string why = unrecognisedFileText(notes.fileName().toStdString());
  EXPECT_NE(why.find(notes.fileName().toStdString()), std::string::npos) << why;

  for (const QString& path : {folder, config.fileName()}) {
    MainWindow window;
    QString error;
    EXPECT_TRUE(startSession(window, path, &error)) << error.toStdString();
    EXPECT_EQ(window.controller().scheme().info().id, "rope");
    EXPECT_DOUBLE_EQ(window.controller().params().getReal("base"), 20000.0);
    EXPECT_EQ(window.models().label(), QStringLiteral("tiny-neox"));
  }
}

/// One <match> of the MIME type's magic: the bytes and the first offsets they may start at.
struct MagicMatch {
  QByteArray value;
  int first = 0;
  int last = 0;
};

/// The glob and the nested magic matches (outermost first) of the session file type the
/// desktop reads (resources/desktop/org.posenc.Explorer.xml, shared-mime-info format).
std::pair<QString, std::vector<MagicMatch>> sessionFileType() {
  QFile file(QStringLiteral(POSENC_SOURCE_DIR "/resources/desktop/org.posenc.Explorer.xml"));
  if (!file.open(QIODevice::ReadOnly)) return {};
  QXmlStreamReader xml(&file);
  QString glob;
  std::vector<MagicMatch> matches;
  while (!xml.atEnd()) {
    if (xml.readNext() != QXmlStreamReader::StartElement) continue;
    const QXmlStreamAttributes a = xml.attributes();
    if (xml.name() == QLatin1String("glob")) glob = a.value(QLatin1String("pattern")).toString();
    if (xml.name() != QLatin1String("match")) continue;
    EXPECT_EQ(a.value(QLatin1String("type")), QLatin1String("string"));
    const QStringList range = a.value(QLatin1String("offset")).toString().split(QLatin1Char(':'));
    matches.push_back(
        {a.value(QLatin1String("value")).toUtf8(), range.front().toInt(), range.back().toInt()});
  }
  EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
  return {glob, matches};
}

TEST(SessionFileType, WrittenSessionsMatchTheDesktopsMagic) {
  const auto [glob, matches] = sessionFileType();
  EXPECT_EQ(glob, QStringLiteral("*.posenc.json"));
  ASSERT_EQ(matches.size(), 2U);  // "{" at 0, then the format's value near the start
  for (const Session& s :
       {earlierWork(), session("alibi", {{"heads", "12"}}, "bias"), session("sinusoidal", {})}) {
    const QByteArray bytes = writeSession(s);
    for (const MagicMatch& m : matches) {
      const qsizetype at = bytes.indexOf(m.value);
      EXPECT_GE(at, m.first) << m.value.toStdString() << " in\n" << bytes.toStdString();
      EXPECT_LE(at, m.last) << m.value.toStdString() << " in\n" << bytes.toStdString();
    }
  }
  // Other JSON, a preset of the same program among it, does not match.
  const QByteArray preset = R"({"format": "posenc-preset", "version": 1, "scheme": "rope"})";
  EXPECT_EQ(preset.indexOf(matches.back().value), -1);
}

// File > Open (and a recent file, a dropped file) go through MainWindow::openSession.
using SessionOpen = test::MainWindowTest;

TEST_F(SessionOpen, CorruptFileKeepsTheRememberedSession) {
  // This window started with nothing to restore and shows the defaults; an earlier run's
  // session is remembered (another window of the same user quit after it started).
  const QByteArray remembered = writeSession(earlierWork());
  QSettings().setValue(settings::kLastSession, remembered);
  QTemporaryDir dir;
  QString error;
  EXPECT_FALSE(m_window->openSession(writeCorruptFile(dir), &error));
  EXPECT_FALSE(error.isEmpty());
  m_window->close();
  EXPECT_EQ(rememberedSession(), remembered);
}

TEST_F(SessionOpen, CorruptFileAfterARestoredSessionKeepsIt) {
  const QByteArray remembered = writeSession(earlierWork());
  QSettings().setValue(settings::kLastSession, remembered);
  m_window->restoreLastSession();
  QTemporaryDir dir;
  QString error;
  EXPECT_FALSE(m_window->openSession(writeCorruptFile(dir), &error));
  m_window->close();
  EXPECT_EQ(rememberedSession(), remembered);
}

// ----------------------------------------------------------------------------------------------
// View tabs

/// The view tabs of `window`'s Explore page.
QTabBar* viewTabs(MainWindow& window) {
  auto* grid = window.findChild<ViewGrid*>();
  return grid ? grid->findChild<QTabBar*>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

/// Shows `window` as runWindow does and checks its tabs: one per view of `scheme`, in order,
/// with the views' tab texts, on a tab bar that has its height on screen; `current` selected.
void expectEveryViewTab(MainWindow& window, const Scheme& scheme, const QString& current) {
  window.resize(1200, 800);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QCoreApplication::processEvents();
  QTabBar* tabs = viewTabs(window);
  ASSERT_NE(tabs, nullptr);
  QStringList ids, texts, expectedIds, expectedTexts;
  for (int t = 0; t < tabs->count(); ++t) {
    ids << tabs->tabData(t).toString();
    texts << tabs->tabText(t);
  }
  for (const ViewSpec& v : scheme.info().views) {
    expectedIds << qs(v.id);
    expectedTexts << viewTabText(v.id);
  }
  EXPECT_EQ(ids, expectedIds);
  EXPECT_EQ(texts, expectedTexts);
  EXPECT_TRUE(tabs->isVisible());
  EXPECT_GT(tabs->sizeHint().height(), 0);
  EXPECT_EQ(tabs->height(), tabs->sizeHint().height()) << "the tab bar is squeezed";
  EXPECT_EQ(tabs->tabData(tabs->currentIndex()).toString(), current);
}

// The last view of each scheme: a tab other than the first is selected before the window is
// shown, which is what hid the tab bar.
TEST_F(SessionStartup, RestoredSessionShowsEveryViewTab) {
  for (const auto& scheme : allSchemes()) {
    SCOPED_TRACE(scheme->info().id);
    const std::string last = scheme->info().views.back().id;
    QSettings().setValue(settings::kLastSession,
                         writeSession(session(scheme->info().id, {}, last)));
    MainWindow window;
    EXPECT_TRUE(startSession(window, QString(), nullptr));
    expectEveryViewTab(window, *scheme, qs(last));
  }
}

TEST_F(SessionStartup, SessionFileShowsEveryViewTab) {
  QTemporaryDir dir;
  for (const auto& scheme : allSchemes()) {
    SCOPED_TRACE(scheme->info().id);
    const std::string last = scheme->info().views.back().id;
    const QString path = writeSessionFile(dir, session(scheme->info().id, {}, last));
    MainWindow window;
    QString error;
    EXPECT_TRUE(startSession(window, path, &error)) << error.toStdString();
    expectEveryViewTab(window, *scheme, qs(last));
  }
}

}  // namespace
}  // namespace posenc::ui
