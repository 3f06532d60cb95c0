// SPDX-License-Identifier: GPL-3.0-or-later
// The window as a user drives it: schemes, views, parameters, hover, sessions, presets, export,
// undo. Offscreen; no pixels are compared.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "posenc_ui/panels/readout_panel.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/main_window.h"
#include "support/main_window_fixture.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;
using test::session;
using Window = test::MainWindowTest;

TEST_F(Window, ShowsEveryViewOfEverySchemeWithData) {
  for (const auto& scheme : allSchemes()) {
    m_window->applySession(session(scheme->info().id, {}));
    for (const ViewSpec& v : scheme->info().views) {
      SCOPED_TRACE(scheme->info().id + "/" + v.id);
      m_window->setCellView(0, qs(v.id));
      const ViewResult r = waitFor(qs(v.id));
      EXPECT_TRUE(r.error.isEmpty()) << r.error.toStdString();
      QCoreApplication::processEvents();
      EXPECT_GT(m_window->plotView(0).plot().plottableCount(), 0);
    }
  }
}

TEST_F(Window, AlibiHeadThreeOfTwelveInAFewSteps) {
  m_window->applySession(session("alibi", {{"heads", "12"}, {"head", "3"}}));
  m_window->setCellView(0, QStringLiteral("bias"));
  const ViewResult r = waitFor(QStringLiteral("bias"));
  const auto* m = std::get_if<MatrixResult>(&r.data);
  ASSERT_TRUE(m);
  // Head 3 of 12 has slope 2^-4; bias(10, 2) = -8 / 16.
  const auto it = std::find(m->rows.begin(), m->rows.end(), 10);
  ASSERT_NE(it, m->rows.end());
  EXPECT_DOUBLE_EQ(m->values(it - m->rows.begin(), 2), -0.5);
}

TEST_F(Window, HoveringAnXlCellReadsItsFourTerms) {
  m_window->applySession(session("xl", {{"mlen", "4"}}));
  m_window->setCellView(0, QStringLiteral("scores"));
  waitFor(QStringLiteral("scores"));
  emit m_window->plotView(0).cellHovered(5, 2, 0.0);
  // The exact value and terms are computed off the UI thread; wait for them.
  for (int k = 0; k < 500 && m_window->readout().text().contains(QLatin1String("computing")); ++k)
    QTest::qWait(10);
  const QString text = m_window->readout().text();
  for (const char* term : {"(a)", "(b)", "(c)", "(d)", "query", "key", "δ"})
    EXPECT_TRUE(text.contains(QString::fromUtf8(term))) << term << " in " << text.toStdString();
  // With memory, query row 5 sits at position 9: the scheme's delta (7) is shown, not the
  // misleading raw column - row.
  EXPECT_FALSE(text.contains(QString::fromUtf8("distance j \u2212 i"))) << text.toStdString();
}

TEST_F(Window, SessionSavedAndOpenedAgainIsTheSame) {
  m_window->applySession(session("rope", {{"length", "256"}, {"scaling", "ntk"}, {"factor", "4"}}));
  m_window->setLayoutMode(QStringLiteral("grid2"));
  m_window->setCellView(1, QStringLiteral("decay"));
  m_window->setColormap(QStringLiteral("magma"));
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("s.json"));
  QString error;
  ASSERT_TRUE(m_window->saveSession(path, &error)) << error.toStdString();
  const Session saved = m_window->currentSession();

  MainWindow other;
  ASSERT_TRUE(other.openSession(path, &error)) << error.toStdString();
  const Session reopened = other.currentSession();
  EXPECT_EQ(reopened.scheme, QStringLiteral("rope"));
  EXPECT_EQ(reopened.params, saved.params);
  EXPECT_EQ(reopened.layout, QStringLiteral("grid2"));
  EXPECT_EQ(reopened.gridViews, saved.gridViews);
  EXPECT_EQ(reopened.colormap, QStringLiteral("magma"));
}

TEST_F(Window, CorruptSessionIsRefusedAndTheCurrentOneStays) {
  m_window->applySession(session("t5", {{"buckets", "64"}}));
  const Session before = m_window->currentSession();
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("bad.json"));
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write("{\"format\": \"posenc-session\", \"version\": 1, \"scheme\": \"rope\", \"par");
  f.close();
  QString error;
  EXPECT_FALSE(m_window->openSession(path, &error));
  EXPECT_FALSE(error.isEmpty());
  EXPECT_EQ(m_window->currentSession().scheme, before.scheme);
  EXPECT_EQ(m_window->currentSession().params, before.params);
}

TEST_F(Window, PresetSetsSchemeAndParameters) {
  const QList<PresetInfo> all = presets();
  ASSERT_FALSE(all.isEmpty());
  for (const PresetInfo& p : all) {
    m_window->applyPreset(p.id);
    const Session expected = presetSession(p.id);
    EXPECT_EQ(m_window->currentSession().scheme, expected.scheme) << p.id.toStdString();
    EXPECT_EQ(m_window->controller().params(), expected.params) << p.id.toStdString();
  }
}

TEST_F(Window, ExportWritesPicturesAndNumbers) {
  m_window->applySession(session("xl", {}));
  m_window->setCellView(0, QStringLiteral("scores"));
  waitFor(QStringLiteral("scores"));
  QTemporaryDir dir;
  QString error;
  for (const char* name : {"v.svg", "v.png", "v.pdf", "v.csv", "v.npy", "v.json"}) {
    const QString path = dir.filePath(QLatin1String(name));
    ASSERT_TRUE(m_window->exportCurrentView(path, QSize(500, 400), 96, &error))
        << error.toStdString();
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray head = f.read(8);
    const QByteArray all = head + f.readAll();
    EXPECT_GT(all.size(), 100) << name;
    if (path.endsWith(QLatin1String("svg"))) {
      EXPECT_TRUE(all.contains("<svg"));
    } else if (path.endsWith(QLatin1String("pdf"))) {
      EXPECT_TRUE(head.startsWith("%PDF"));
    } else if (path.endsWith(QLatin1String("npy"))) {
      EXPECT_TRUE(head.startsWith("\x93NUMPY"));
    }
  }
  EXPECT_EQ(QImage(dir.filePath(QStringLiteral("v.png"))).size(), QSize(500, 400));
  EXPECT_FALSE(m_window->exportCurrentView(dir.filePath(QStringLiteral("v.gif")), QSize(500, 400),
                                           96, &error));
  EXPECT_TRUE(error.contains(QLatin1String("gif")));
}

TEST_F(Window, OneSliderDragIsOneUndoStep) {
  m_window->applySession(session("sinusoidal", {}));
  QUndoStack& undo = m_window->undoStack();
  const int start = undo.index();
  const ParamSet original = m_window->controller().params();
  ParamSet p = original;
  for (int len : {140, 150, 160, 170}) {
    p.set("length", std::int64_t{len});
    emit m_window->parameterPanel().paramsEdited(p, QStringLiteral("length"), true);
  }
  p.set("length", std::int64_t{180});
  emit m_window->parameterPanel().paramsEdited(p, QStringLiteral("length"), false);
  EXPECT_EQ(undo.index(), start + 1);
  EXPECT_EQ(m_window->controller().params().getInt("length"), 180);
  p.set("dim", std::int64_t{64});
  emit m_window->parameterPanel().paramsEdited(p, QStringLiteral("dim"), false);
  EXPECT_EQ(undo.index(), start + 2);
  undo.undo();
  EXPECT_EQ(m_window->controller().params().getInt("dim"), 128);
  EXPECT_EQ(m_window->parameterPanel().values().getInt("dim"), 128);
  undo.undo();
  EXPECT_EQ(m_window->controller().params(), original);
  undo.redo();
  EXPECT_EQ(m_window->controller().params().getInt("length"), 180);
}

TEST_F(Window, SwitchingSchemeIsUndoable) {
  m_window->applySession(session("alibi", {{"heads", "16"}}));
  m_window->applySession(session("tupe", {}));
  EXPECT_EQ(m_window->currentSession().scheme, QStringLiteral("tupe"));
  m_window->undoStack().undo();
  EXPECT_EQ(m_window->currentSession().scheme, QStringLiteral("alibi"));
  EXPECT_EQ(m_window->controller().params().getInt("heads"), 16);
}

}  // namespace
}  // namespace posenc::ui
