// SPDX-License-Identifier: GPL-3.0-or-later
// File > Check Against File (issue 17, item 4): an array compared with the main window's view
// on a worker thread; the report (MATCH / MISMATCH, counts, the largest error's cell, both
// shapes when they differ), broken files refused with the window as it was, yours / ours /
// difference with linked zoom and hover, the region start and tolerance fields with Recheck,
// and a slip's setting applied to the main window as one undo step. Offscreen; the arrays are
// written here from the core's own values (computeMatrix), perturbed where a test says so.
#include <QAction>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "posenc_ui/app/command_runner.h"
#include "posenc_ui/check/check_plots.h"
#include "posenc_ui/check/check_summary.h"
#include "posenc_ui/check/check_window.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/help/shortcuts.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/main_window.h"
#include "support/cut_while_read.hpp"
#include "support/main_window_fixture.hpp"
#include "support/tensor_files.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

using test::qs;
namespace fs = std::filesystem;

/// The values of `view` of `scheme` under `params` (the whole view) in C order, and its shape.
struct Values {
  std::vector<std::int64_t> shape;
  std::vector<double> values;
};

Values viewValues(const std::string& scheme, const ParamSet& params, const std::string& view) {
  const MatrixResult m = computeMatrix(findScheme(scheme), params, view);
  Values out{{m.values.rows(), m.values.cols()}, {}};
  for (Index r = 0; r < m.values.rows(); ++r)
    for (Index c = 0; c < m.values.cols(); ++c) out.values.push_back(m.values(r, c));
  return out;
}

class CheckWindowTest : public test::MainWindowTest {
 protected:
  void SetUp() override {
    test::MainWindowTest::SetUp();
    m_dir = test::freshTempDir("posenc_check_window");
    // RoPE's cos cache at the defaults (length 128, dim 64, layout half): 128 x 64.
    m_window->applySession(test::session("rope", {}, "cos"));
    waitUntilShown(QStringLiteral("cos"));
    m_check = &m_window->checkWindow();
    m_check->resize(1500, 900);
    m_check->show();
  }
  void TearDown() override {
    m_check = nullptr;
    test::MainWindowTest::TearDown();
    fs::remove_all(m_dir);
  }

  /// The cos cache under `sets` (over the defaults), as a float64 .npy named `name`.
  QString cosFile(const std::string& name, const test::Sets& sets = {}) {
    const Values v = viewValues("rope", test::paramsOf("rope", sets), "cos");
    const fs::path file = m_dir / name;
    test::writeNpy(file, v.shape, v.values);
    return qs(file.string());
  }

  /// Waits for the check in flight; true when a report came, false when it was refused.
  bool waitForCheck() {
    QSignalSpy done(m_check, &CheckWindow::checked);
    QSignalSpy refused(m_check, &CheckWindow::refused);
    for (int k = 0; k < 250 && done.isEmpty() && refused.isEmpty(); ++k) QTest::qWait(20);
    EXPECT_FALSE(done.isEmpty() && refused.isEmpty()) << "no outcome";
    QTest::qWait(60);  // the pictures settle and ask for their regions
    return !done.isEmpty();
  }

  bool check(const QString& ref) {
    m_check->checkFile(ref);
    return waitForCheck();
  }

  fs::path m_dir;
  CheckWindow* m_check = nullptr;
};

TEST_F(CheckWindowTest, AnExactNpyOfTheViewShownMatches) {
  ASSERT_TRUE(check(cosFile("cos.npy")));
  ASSERT_TRUE(m_check->report().has_value());
  EXPECT_TRUE(m_check->report()->matches());
  EXPECT_EQ(m_check->report()->compared, 128 * 64);
  const QString status = m_check->statusText();
  EXPECT_TRUE(status.startsWith(QStringLiteral("MATCH"))) << status.toStdString();
  EXPECT_TRUE(status.contains(QStringLiteral("8192 cells compared, 0 outside the tolerance")))
      << status.toStdString();
  EXPECT_TRUE(status.contains(QStringLiteral("float64 default"))) << status.toStdString();
  EXPECT_EQ(m_check->plots().pictureCount(), 3);
  EXPECT_TRUE(m_check->diagnosisTexts().isEmpty());
  EXPECT_FALSE(m_check->findChild<QWidget*>(QStringLiteral("CheckDiagnosis"))->isVisible());
}

TEST_F(CheckWindowTest, APerturbedCellIsAMismatchWithItsCountAndCell) {
  Values v = viewValues("rope", m_window->controller().params(), "cos");
  v.values[5 * 64 + 7] += 0.01;  // row 5, column 7
  const fs::path file = m_dir / "perturbed.npy";
  test::writeNpy(file, v.shape, v.values);
  ASSERT_TRUE(check(qs(file.string())));
  const CheckReport& r = *m_check->report();
  EXPECT_FALSE(r.matches());
  EXPECT_EQ(r.mismatches, 1);
  EXPECT_EQ(r.largestAbs.row, 5);
  EXPECT_EQ(r.largestAbs.col, 7);
  const QString status = m_check->statusText();
  EXPECT_TRUE(status.startsWith(QStringLiteral("MISMATCH"))) << status.toStdString();
  EXPECT_TRUE(status.contains(QStringLiteral("8192 cells compared, 1 outside the tolerance")))
      << status.toStdString();
  EXPECT_TRUE(status.contains(QStringLiteral("Largest absolute error 0.01")))
      << status.toStdString();
  EXPECT_TRUE(status.contains(QStringLiteral("at row 5, column 7"))) << status.toStdString();
  EXPECT_TRUE(m_check->findChild<QWidget*>(QStringLiteral("CheckDiagnosis"))->isVisible());
}

TEST_F(CheckWindowTest, AShapeMismatchNamesBothShapesAndDrawsNothing) {
  // 96 columns where the view has 64 (dim): the shapes cannot agree from any region start.
  const Values v = viewValues("rope", test::paramsOf("rope", {{"dim", "96"}}), "cos");
  const fs::path file = m_dir / "wide.npy";
  test::writeNpy(file, v.shape, v.values);
  ASSERT_TRUE(check(qs(file.string())));
  EXPECT_FALSE(m_check->report()->shapeMatches);
  const QString status = m_check->statusText();
  EXPECT_TRUE(status.startsWith(QStringLiteral("MISMATCH"))) << status.toStdString();
  EXPECT_TRUE(status.contains(QStringLiteral("yours (128, 96), ours (128, 64)")))
      << status.toStdString();
  EXPECT_EQ(m_check->plots().pictureCount(), 0);
}

TEST_F(CheckWindowTest, ABrokenFileIsRefusedAndNothingElseChanges) {
  ASSERT_TRUE(check(cosFile("cos.npy")));
  const QString before = m_check->statusText();
  const QString scheme = qs(m_window->controller().scheme().info().id);
  const ParamSet params = m_window->controller().params();
  const int undoCount = m_window->undoStack().count();
  const int undoIndex = m_window->undoStack().index();

  const fs::path broken = m_dir / "broken.npy";
  std::ofstream(broken, std::ios::binary) << "\x93NUMPY\x01\x00garbage";
  EXPECT_FALSE(check(qs(broken.string())));
  QMessageBox* box = nullptr;
  for (auto* b : m_check->findChildren<QMessageBox*>(QStringLiteral("CheckRefused")))
    if (b->isVisible()) box = b;
  ASSERT_NE(box, nullptr);
  EXPECT_TRUE(box->text().contains(QStringLiteral("broken.npy"))) << box->text().toStdString();
  box->close();

  EXPECT_EQ(m_check->statusText(), before);  // the report shown stays
  EXPECT_EQ(qs(m_window->controller().scheme().info().id), scheme);
  EXPECT_EQ(m_window->controller().params(), params);
  EXPECT_EQ(m_window->undoStack().count(), undoCount);
  EXPECT_EQ(m_window->undoStack().index(), undoIndex);

  // A file that does not exist, and a tolerance that is no number: refused the same way.
  EXPECT_FALSE(check(qs((m_dir / "missing.npy").string())));
  m_check->setTolerance(QStringLiteral("abc"), QString());
  m_check->recheck();
  EXPECT_EQ(m_check->statusText(), before);
}

TEST_F(CheckWindowTest, AFileCutShortWhileItIsCheckedIsRefusedAndTheReportShownStays) {
  // Issue 27: an array rewritten or still downloading while the check read it. Before, a
  // memory-mapped read past the new end killed the program with SIGBUS; now the read finds
  // the new end, the window says which file changed, and the report shown stays.
  Values v = viewValues("rope", m_window->controller().params(), "cos");
  v.values[3 * 64 + 9] += 0.01;  // row 3, column 9: a report of one mismatch
  test::writeNpy(m_dir / "earlier.npy", v.shape, v.values);
  ASSERT_TRUE(check(qs((m_dir / "earlier.npy").string())));
  const QString status = m_check->statusText();
  ASSERT_EQ(m_check->report()->mismatches, 1);
  const CheckReport report = *m_check->report();
  const ParamSet params = m_window->controller().params();
  const int undoCount = m_window->undoStack().count();

  const Values exact = viewValues("rope", params, "cos");
  const auto cells = static_cast<std::uint64_t>(exact.values.size());
  test::writeSafetensors(m_dir / "cut.safetensors", {{"cos", exact.shape, exact.values}});
  struct Case {
    fs::path file;
    std::uint64_t dataBytes;  ///< The values at the end of the file.
  };
  for (const Case& c : {Case{fs::path(cosFile("cut.npy").toStdString()), 8 * cells},
                        Case{m_dir / "cut.safetensors", 4 * cells}}) {
    SCOPED_TRACE(c.file.string());
    const std::uint64_t size = fs::file_size(c.file);
    const std::uint64_t data = size - c.dataBytes;
    {
      // Cut before the values are read: the header was read whole, the values find the end.
      const test::CutWhileRead cutter(c.file, data, data + 64);
      EXPECT_FALSE(check(qs(c.file.string())));
      EXPECT_TRUE(cutter.cut());
    }
    QMessageBox* box = nullptr;
    for (auto* b : m_check->findChildren<QMessageBox*>(QStringLiteral("CheckRefused")))
      if (b->isVisible()) box = b;
    ASSERT_NE(box, nullptr);
    const QString reason =
        QStringLiteral(
            "%1: changed while it was read (it was %2 bytes when opened, now ends at %3)")
            .arg(qs(c.file.string()))
            .arg(size)
            .arg(data + 64);
    EXPECT_TRUE(box->text().contains(reason)) << box->text().toStdString();
    box->close();

    EXPECT_FALSE(m_check->busy());
    EXPECT_EQ(m_check->statusText(), status);  // the report shown stays, and its pictures
    ASSERT_TRUE(m_check->report().has_value());
    EXPECT_EQ(m_check->report()->file, report.file);
    EXPECT_EQ(m_check->report()->mismatches, 1);
    EXPECT_TRUE(m_check->report()->yours == report.yours);
    EXPECT_EQ(m_check->plots().pictureCount(), 3);
    EXPECT_EQ(m_window->controller().params(), params);
    EXPECT_EQ(m_window->undoStack().count(), undoCount);
    // Recheck compares the array read before, not the cut file.
    m_check->recheck();
    EXPECT_TRUE(waitForCheck());
    EXPECT_EQ(m_check->statusText(), status);
    EXPECT_EQ(m_check->report()->file, report.file);
  }
}

TEST_F(CheckWindowTest, ZoomingOnePictureZoomsTheOthers) {
  ASSERT_TRUE(check(cosFile("cos.npy")));
  CheckPlots& plots = m_check->plots();
  ASSERT_TRUE(plots.picture(1).goToRange(QStringLiteral("10:30"), QStringLiteral("4:20")));
  const std::optional<Zoom> zoom = plots.picture(1).zoom();
  ASSERT_TRUE(zoom.has_value());
  EXPECT_EQ(plots.picture(0).zoom(), zoom);
  EXPECT_EQ(plots.picture(2).zoom(), zoom);
  const QCPRange x = plots.picture(2).plot().xAxis->range();
  EXPECT_DOUBLE_EQ(x.lower, 3.5);
  EXPECT_DOUBLE_EQ(x.upper, 19.5);
  plots.picture(2).resetZoom();
  EXPECT_FALSE(plots.picture(0).zoom().has_value());
  EXPECT_FALSE(plots.picture(1).zoom().has_value());
}

TEST_F(CheckWindowTest, HoverGivesYoursOursAndTheDifferenceAndMarksTheCellEverywhere) {
  Values v = viewValues("rope", m_window->controller().params(), "cos");
  const double ours = v.values[3 * 64 + 9];
  v.values[3 * 64 + 9] += 0.25;
  const fs::path file = m_dir / "hover.npy";
  test::writeNpy(file, v.shape, v.values);
  ASSERT_TRUE(check(qs(file.string())));
  CheckPlots& plots = m_check->plots();
  emit plots.picture(2).cellHovered(3, 9, 0.25);
  const QString readout = plots.readout();
  EXPECT_TRUE(readout.contains(QStringLiteral("row 3, column 9"))) << readout.toStdString();
  EXPECT_TRUE(readout.contains(QStringLiteral("yours ") + CheckSummary::number(ours + 0.25)))
      << readout.toStdString();
  EXPECT_TRUE(readout.contains(QStringLiteral("ours ") + CheckSummary::number(ours)))
      << readout.toStdString();
  EXPECT_TRUE(readout.contains(QStringLiteral("difference 0.25"))) << readout.toStdString();
  EXPECT_TRUE(readout.contains(QStringLiteral("outside the tolerance"))) << readout.toStdString();
  // The crosshair is on the cell in the two other pictures.
  for (int k : {0, 1}) {
    int shown = 0;
    QCustomPlot& plot = plots.picture(k).plot();
    for (int i = 0; i < plot.itemCount(); ++i)
      if (auto* line = qobject_cast<QCPItemStraightLine*>(plot.item(i)); line && line->visible())
        ++shown;
    EXPECT_EQ(shown, 4) << "picture " << k;  // halo and line, vertical and horizontal
  }
  emit plots.picture(2).hoverLeft();
  EXPECT_FALSE(plots.readout().contains(QStringLiteral("row 3")));
}

TEST_F(CheckWindowTest, ColourRangesAreSharedForYoursAndOursAndSymmetricForTheDifference) {
  Values v = viewValues("rope", m_window->controller().params(), "cos");
  v.values[0] = 3.0;  // yours goes beyond ours' [-1, 1]
  const fs::path file = m_dir / "range.npy";
  test::writeNpy(file, v.shape, v.values);
  ASSERT_TRUE(check(qs(file.string())));
  auto scaleOf = [&](int k) {
    QCustomPlot& plot = m_check->plots().picture(k).plot();
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true))
      if (auto* scale = qobject_cast<QCPColorScale*>(e)) return scale->dataRange();
    return QCPRange();
  };
  EXPECT_EQ(scaleOf(0), scaleOf(1));  // one range for yours and ours
  EXPECT_GE(scaleOf(1).upper, 3.0);   // ours drawn on yours' range too
  const QCPRange d = scaleOf(2);
  EXPECT_DOUBLE_EQ(d.lower, -d.upper);  // centred on 0
  EXPECT_DOUBLE_EQ(d.upper, 2.0);       // 3 - cos(0) = 2
}

TEST_F(CheckWindowTest, RecheckUsesTheRowsColumnsAndTheTolerance) {
  // Rows 10..39 of the view in a file of 30 rows: the whole view (128 rows) is a shape
  // mismatch, as `posenc check` says without --rows; rows 10:40 match.
  const Values v = viewValues("rope", m_window->controller().params(), "cos");
  const std::vector<double> rows(v.values.begin() + 10 * 64, v.values.begin() + 40 * 64);
  const fs::path file = m_dir / "rows.npy";
  test::writeNpy(file, {30, 64}, rows);
  ASSERT_TRUE(check(qs(file.string())));
  EXPECT_FALSE(m_check->report()->matches());
  EXPECT_FALSE(m_check->report()->shapeMatches);
  EXPECT_EQ(m_check->report()->oursShape.rows, 128);
  m_check->setRegion(QStringLiteral("10:40"), QString());
  m_check->recheck();
  ASSERT_TRUE(waitForCheck());
  EXPECT_TRUE(m_check->report()->matches());
  EXPECT_EQ(m_check->report()->rowStart, 10);
  EXPECT_TRUE(m_check->statusText().contains(QStringLiteral("from row 10, column 0")));
  emit m_check->plots().picture(0).cellHovered(0, 0, 0);
  EXPECT_TRUE(m_check->plots().readout().contains(QStringLiteral("row 10, column 0")));
  // The fields keep what was typed; the columns' greyed text says what was compared.
  EXPECT_EQ(m_check->findChild<QLineEdit*>(QStringLiteral("CheckRows"))->text(),
            QStringLiteral("10:40"));
  EXPECT_EQ(m_check->findChild<QLineEdit*>(QStringLiteral("CheckColumns"))->placeholderText(),
            QStringLiteral("0:64"));

  // Rows 0:30 with a tolerance typed wide enough (|cos - cos| <= 2) match too, and the
  // report says where the tolerance came from.
  m_check->setRegion(QStringLiteral("0:30"), QString());
  m_check->setTolerance(QString(), QStringLiteral("2.5"));
  m_check->recheck();
  ASSERT_TRUE(waitForCheck());
  EXPECT_DOUBLE_EQ(m_check->report()->tolerance.atol, 2.5);
  EXPECT_TRUE(m_check->report()->matches());
  EXPECT_TRUE(m_check->statusText().contains(QStringLiteral("atol typed")))
      << m_check->statusText().toStdString();
}

TEST_F(CheckWindowTest, ARangeThatIsNotAToBIsRefusedWithTheCommandLinesRule) {
  ASSERT_TRUE(check(cosFile("cos.npy")));
  const QString before = m_check->statusText();
  QSignalSpy refused(m_check, &CheckWindow::refused);
  m_check->setRegion(QStringLiteral("10-40"), QString());
  m_check->recheck();
  ASSERT_EQ(refused.count(), 1);
  const QString reason = refused.at(0).at(0).toString();
  EXPECT_TRUE(reason.contains(QStringLiteral("rows"))) << reason.toStdString();
  EXPECT_TRUE(reason.contains(QStringLiteral("10-40"))) << reason.toStdString();
  EXPECT_TRUE(reason.contains(QStringLiteral("A:B"))) << reason.toStdString();
  EXPECT_EQ(m_check->statusText(), before);
  for (auto* b : m_check->findChildren<QMessageBox*>(QStringLiteral("CheckRefused"))) b->close();
}

TEST_F(CheckWindowTest, ASafetensorsTensorIsPickedByNameAndFloat32PassesByDefault) {
  const Values v = viewValues("rope", m_window->controller().params(), "cos");
  const fs::path file = m_dir / "caches.safetensors";
  test::writeSafetensors(file, {{"cos", v.shape, v.values}, {"sin", v.shape, v.values}});
  EXPECT_EQ(CheckWindow::arrayNames(qs(file.string())),
            (QStringList{QStringLiteral("cos"), QStringLiteral("sin")}));
  EXPECT_TRUE(CheckWindow::arrayNames(qs((m_dir / "x.npy").string())).isEmpty());
  ASSERT_TRUE(check(qs(file.string()) + QStringLiteral(":cos")));
  EXPECT_TRUE(m_check->report()->matches());  // rounded to float32, within its default
  EXPECT_TRUE(m_check->statusText().contains(QStringLiteral("float32 default")));
  EXPECT_TRUE(m_check->statusText().contains(QStringLiteral("caches.safetensors:cos")));
  // Without a name, a file of two tensors is refused, naming it.
  EXPECT_FALSE(check(qs(file.string())));
}

TEST_F(CheckWindowTest, ApplyingASlipsSettingChangesTheParameterInOneUndoStep) {
  const QString interleaved = cosFile("interleaved.npy", {{"layout", "interleaved"}});
  ASSERT_TRUE(check(interleaved));
  ASSERT_FALSE(m_check->report()->matches());
  // The diagnosis is the core's (check_diagnosis.cpp); here it is made by hand, so the button
  // is tested whatever the diagnosis finds.
  CheckReport report = *m_check->report();
  report.diagnosis = {Slip{"layout", "Your cos cache is the interleaved layout.",
                           "layout=interleaved", 1.0, 0.0, true}};
  const CheckTarget target{QStringLiteral("rope"), m_window->controller().params(),
                           QStringLiteral("cos")};
  m_check->showReport(target, report);
  ASSERT_EQ(m_check->diagnosisTexts().size(), 1);
  EXPECT_TRUE(m_check->diagnosisTexts().front().contains(QStringLiteral("interleaved layout")));
  auto* apply = m_check->findChild<QPushButton*>(QStringLiteral("ApplySetting"));
  ASSERT_NE(apply, nullptr);
  EXPECT_EQ(apply->text(), QStringLiteral("Apply layout=interleaved"));

  const int steps = m_window->undoStack().count();
  apply->click();
  EXPECT_EQ(m_window->controller().params().getChoice("layout"), "interleaved");
  EXPECT_EQ(m_window->undoStack().count(), steps + 1);
  ASSERT_TRUE(waitForCheck());  // checked again with the parameter applied
  EXPECT_TRUE(m_check->report()->matches());
  m_window->undoStack().undo();
  EXPECT_EQ(m_window->controller().params().getChoice("layout"), "half");
  // The report is of other settings now: the window says so.
  EXPECT_TRUE(m_check->findChild<QLabel*>(QStringLiteral("CheckStale"))->isVisible());
}

TEST_F(CheckWindowTest, TheCoresDiagnosisIsShownAndSaysItInChinese) {
  // An interleaved cache against the half layout the window shows: the core's diagnosis names
  // the layout with its setting. Its sentence is data (Slip::detail): in Chinese the item is
  // the same sentence translated, the setting in it, the English sentence in its tooltip.
  ASSERT_TRUE(check(cosFile("interleaved.npy", {{"layout", "interleaved"}})));
  ASSERT_FALSE(m_check->report()->diagnosis.empty());
  EXPECT_EQ(m_check->report()->diagnosis.front().id, "layout");
  ASSERT_FALSE(m_check->diagnosisTexts().isEmpty());
  EXPECT_TRUE(m_check->diagnosisTexts().front().contains(QStringLiteral("interleaved layout")))
      << m_check->diagnosisTexts().front().toStdString();
  m_window->setLanguage(QStringLiteral("zh_CN"));
  QTest::qWait(50);
  const QString zh = m_check->diagnosisTexts().front();
  EXPECT_TRUE(zh.contains(QStringLiteral("布局"))) << zh.toStdString();
  EXPECT_FALSE(zh.contains(QStringLiteral("interleaved layout"))) << zh.toStdString();
  EXPECT_TRUE(zh.contains(QStringLiteral("layout=interleaved"))) << zh.toStdString();
  const auto* item = m_check->findChild<QLabel*>(QStringLiteral("CheckSlip"));
  ASSERT_NE(item, nullptr);
  EXPECT_TRUE(item->toolTip().contains(QStringLiteral("interleaved layout")));
  // The headline too.
  EXPECT_TRUE(CheckSummary::slipHeadline(m_check->report()->diagnosis.front())
                  .contains(QStringLiteral("你的配对布局与我们的不同")));
  m_window->setLanguage(QStringLiteral("en"));
  QTest::qWait(50);
}

TEST_F(CheckWindowTest, ASeriesViewIsDrawnAsTwoCharts) {
  m_window->setCellView(0, QStringLiteral("decay"));
  waitUntilShown(QStringLiteral("decay"));
  const Scheme& rope = findScheme("rope");
  const SeriesResult s = rope.series(m_window->controller().params(), "decay");
  std::vector<double> y = s.curves.front().y;
  y[4] += 1.0;
  const fs::path file = m_dir / "decay.npy";
  test::writeNpy(file, {static_cast<std::int64_t>(y.size())}, y);
  ASSERT_TRUE(check(qs(file.string())));
  EXPECT_EQ(m_check->report()->mismatches, 1);
  EXPECT_EQ(m_check->plots().pictureCount(), 2);
  EXPECT_TRUE(m_check->statusText().contains(QStringLiteral("at curve 0, point 4")))
      << m_check->statusText().toStdString();
  emit m_check->plots().picture(1).pointHovered(0, 4, s.x[4], 1.0);
  EXPECT_TRUE(m_check->plots().readout().contains(QStringLiteral("curve 0, point 4")));
  EXPECT_TRUE(m_check->plots().readout().contains(QStringLiteral("difference 1")));
}

TEST_F(CheckWindowTest, TheFileMenuHasItWithAShortcutOfItsOwn) {
  auto* action = m_window->findChild<QAction*>(QStringLiteral("checkAgainstFile"));
  ASSERT_NE(action, nullptr);
  EXPECT_EQ(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
  int same = 0;
  for (const QAction* a : m_window->findChildren<QAction*>())
    if (a->shortcuts().contains(action->shortcut())) ++same;
  EXPECT_EQ(same, 1);
  bool listed = false;
  for (const ShortcutEntry& e : collectShortcuts(*m_window))
    listed = listed || e.action == QStringLiteral("Check Against File");
  EXPECT_TRUE(listed);
}

TEST_F(CheckWindowTest, ItsGeometryIsRememberedAsItIsHidden) {
  m_check->resize(1111, 777);
  m_check->hide();
  CheckWindow again(
      nullptr, [] { return CheckTarget{}; }, [](const CheckTarget&, const QString&) {});
  again.show();
  EXPECT_EQ(again.size(), QSize(1111, 777));
}

TEST_F(CheckWindowTest, ItTakesTheMainWindowsTextSize) {
  ASSERT_TRUE(check(cosFile("cos.npy")));
  const double before = m_check->font().pointSizeF();
  auto titleSize = [&] {
    for (QCPLayoutElement* e : m_check->plots().picture(0).plot().plotLayout()->elements(true))
      if (auto* text = qobject_cast<QCPTextElement*>(e)) return text->font().pixelSize();
    return 0;
  };
  const int titleBefore = titleSize();
  ASSERT_GT(titleBefore, 0);
  m_window->setTextScale(1.5);
  EXPECT_NEAR(m_check->font().pointSizeF(), before * 1.5, 0.01);  // the window's own font
  EXPECT_GT(titleSize(), titleBefore);                            // and the pictures' texts
}

TEST_F(CheckWindowTest, TheWindowSpeaksChinese) {
  ASSERT_TRUE(check(cosFile("cos.npy")));
  m_window->setLanguage(QStringLiteral("zh_CN"));
  QTest::qWait(50);  // QEvent::LanguageChange is posted to each window
  EXPECT_TRUE(m_check->statusText().startsWith(QStringLiteral("匹配")))
      << m_check->statusText().toStdString();
  EXPECT_TRUE(m_check->statusText().contains(QStringLiteral("比较了 8192 个单元格")))
      << m_check->statusText().toStdString();
  EXPECT_EQ(m_check->windowTitle(), QStringLiteral("与文件核对"));
  EXPECT_TRUE(m_check->plots().readout().contains(QStringLiteral("悬停")))
      << m_check->plots().readout().toStdString();
}

// ---- one verdict: the window and `posenc check` (issue 26, item 1) ---------------------------

/// `posenc check` run in-process with --json, as a parsed report.
QJsonObject cliReport(std::vector<std::string> args) {
  args.emplace_back("--json");
  std::ostringstream out;
  std::ostringstream err;
  const int code = runCommand(args, out, err);
  EXPECT_TRUE(code == 0 || code == 1) << err.str();
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()));
  EXPECT_TRUE(doc.isObject()) << out.str() << err.str();
  return doc.object();
}

QString diagnosisIds(const QJsonObject& report) {
  QStringList ids;
  for (const QJsonValue& slip : report.value(QStringLiteral("diagnosis")).toArray())
    ids << slip.toObject().value(QStringLiteral("id")).toString();
  return ids.join(QLatin1Char(','));
}

QString diagnosisIds(const CheckReport& report) {
  QStringList ids;
  for (const Slip& slip : report.diagnosis) ids << qs(slip.id);
  return ids.join(QLatin1Char(','));
}

/// A half-layout cos cache written from the formula (HF's LlamaRotaryEmbedding:
/// inv_freq_j = base^(-2j/dim), emb = cat(freqs, freqs)), not from our code: positions start
/// at `first`; `interleaved` puts θⱼ in columns 2j and 2j + 1.
std::vector<double> formulaCos(int length, int dim, double base, bool interleaved, int first) {
  std::vector<double> v;
  for (int m = 0; m < length; ++m)
    for (int c = 0; c < dim; ++c) {
      const int j = interleaved ? c / 2 : c % (dim / 2);
      v.push_back(std::cos((m + first) * std::pow(base, -2.0 * j / dim)));
    }
  return v;
}

TEST_F(CheckWindowTest, TheWindowAndTheCommandLineReachTheSameVerdictOnTheSameFile) {
  struct Case {
    const char* name;
    std::vector<std::int64_t> shape;
    std::vector<double> values;
    QString rows;  ///< typed in the window and given as --rows ("" = neither)
    QString cols;
    const char* view = "cos";
  };
  const std::vector<double> exact = formulaCos(256, 64, 10000, false, 0);
  std::vector<double> shortOne(exact.begin(), exact.end() - 64);  // 255 rows
  std::vector<double> block(exact.begin() + 10 * 64, exact.begin() + 40 * 64);
  std::vector<double> perturbed = exact;
  perturbed[7 * 64 + 3] += 0.01;
  std::vector<double> columns;
  for (int m = 0; m < 256; ++m)
    for (int c = 8; c < 24; ++c) columns.push_back(exact[static_cast<std::size_t>(m * 64 + c)]);
  const std::vector<Case> cases = {
      {"exact", {256, 64}, exact, {}, {}},
      {"one_row_short", {255, 64}, shortOne, {}, {}},
      {"one_row_short_hf_batch", {1, 255, 64}, shortOne, {}, {}},
      {"block_without_rows", {30, 64}, block, {}, {}},
      {"block_with_rows", {30, 64}, block, QStringLiteral("10:40"), {}},
      {"block_rows_to_the_end", {30, 64}, block, QStringLiteral("10:"), {}},
      {"columns", {256, 16}, columns, {}, QStringLiteral("8:24")},
      {"perturbed", {256, 64}, perturbed, {}, {}},
      {"interleaved", {256, 64}, formulaCos(256, 64, 10000, true, 0), {}, {}},
      {"positions_from_one", {256, 64}, formulaCos(256, 64, 10000, false, 1), {}, {}},
      {"base_500000", {256, 64}, formulaCos(256, 64, 500000, false, 0), {}, {}},
      {"transposed", {64, 256}, exact, {}, {}},
  };
  m_window->applySession(test::session("rope", {{"length", "256"}, {"dim", "64"}}, "cos"));
  waitUntilShown(QStringLiteral("cos"));
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const fs::path file = m_dir / (std::string(c.name) + ".npy");
    test::writeNpy(file, c.shape, c.values);
    std::vector<std::string> args = {"check",      "--scheme",  "rope",       "--set",
                                     "length=256", "--set",     "dim=64",     "--view",
                                     c.view,       "--against", file.string()};
    if (!c.rows.isEmpty()) args.insert(args.end(), {"--rows", c.rows.toStdString()});
    if (!c.cols.isEmpty()) args.insert(args.end(), {"--cols", c.cols.toStdString()});
    const QJsonObject cli = cliReport(args);
    m_check->setRegion(c.rows, c.cols);
    ASSERT_TRUE(check(qs(file.string())));
    const CheckReport& w = *m_check->report();
    EXPECT_EQ(w.matches(), cli.value(QStringLiteral("matches")).toBool());
    EXPECT_EQ(w.shapeMatches, cli.value(QStringLiteral("shape_matches")).toBool());
    const QJsonArray ours = cli.value(QStringLiteral("ours_shape")).toArray();
    EXPECT_EQ(w.oursShape.rows, ours.at(0).toInteger());
    EXPECT_EQ(w.oursShape.cols, ours.at(1).toInteger());
    EXPECT_EQ(w.rowStart, cli.value(QStringLiteral("row_start")).toInteger());
    EXPECT_EQ(w.colStart, cli.value(QStringLiteral("col_start")).toInteger());
    EXPECT_EQ(w.mismatches, cli.value(QStringLiteral("mismatches")).toInteger());
    EXPECT_EQ(diagnosisIds(w), diagnosisIds(cli));
  }
}

TEST_F(CheckWindowTest, AnArrayOneRowShortIsAMismatchNamingTheLength) {
  // Issue 26, item 1: the window used to cut ours to the file's 255 rows and say MATCH.
  m_window->applySession(test::session("rope", {{"length", "256"}, {"dim", "64"}}, "cos"));
  waitUntilShown(QStringLiteral("cos"));
  std::vector<double> rows = formulaCos(256, 64, 10000, false, 0);
  rows.resize(255 * 64);
  const fs::path file = m_dir / "short.npy";
  test::writeNpy(file, {255, 64}, rows);
  ASSERT_TRUE(check(qs(file.string())));
  const CheckReport& r = *m_check->report();
  EXPECT_FALSE(r.matches());
  EXPECT_FALSE(r.shapeMatches);
  EXPECT_EQ(r.oursShape.rows, 256);
  EXPECT_EQ(r.oursShape.cols, 64);
  EXPECT_TRUE(m_check->statusText().startsWith(QStringLiteral("MISMATCH")))
      << m_check->statusText().toStdString();
  EXPECT_EQ(diagnosisIds(r), QStringLiteral("length")) << checkReportText(r);
}

TEST_F(CheckWindowTest, ASeriesViewIsComparedWithTheWholeCurveAsOnTheCommandLine) {
  // The decay bound has `length` points; 64 of them are not the view of 128.
  const SeriesResult s = findScheme("rope").series(m_window->controller().params(), "decay");
  ASSERT_EQ(s.x.size(), 128u);
  const std::vector<double> part(s.curves[0].y.begin(), s.curves[0].y.begin() + 64);
  const fs::path file = m_dir / "decay.npy";
  test::writeNpy(file, {64}, part);
  m_window->setCellView(0, QStringLiteral("decay"));
  ASSERT_TRUE(check(qs(file.string())));
  EXPECT_FALSE(m_check->report()->shapeMatches);
  EXPECT_EQ(m_check->report()->oursShape.cols, 128);
  const QJsonObject cli =
      cliReport({"check", "--scheme", "rope", "--view", "decay", "--against", file.string()});
  EXPECT_EQ(cli.value(QStringLiteral("ours_shape")).toArray().at(1).toInteger(), 128);
  EXPECT_FALSE(cli.value(QStringLiteral("shape_matches")).toBool());
}

TEST_F(CheckWindowTest, ItNamesWhatItComparesWithAndLetsThePersonPickTheView) {
  // Issue 26, item 13: scheme, view and every parameter named; another view picked here is
  // shown in the main window and compared with.
  const QString target = m_check->targetText();
  EXPECT_TRUE(target.startsWith(QStringLiteral("rope | cos | "))) << target.toStdString();
  EXPECT_TRUE(target.contains(QStringLiteral("length=128"))) << target.toStdString();
  EXPECT_TRUE(target.contains(QStringLiteral("dim=64"))) << target.toStdString();
  EXPECT_TRUE(target.contains(QStringLiteral("base=10000"))) << target.toStdString();
  ASSERT_TRUE(check(cosFile("cos.npy")));
  EXPECT_TRUE(m_check->report()->matches());
  m_check->pickView(QStringLiteral("sin"));
  EXPECT_EQ(m_window->cellView(0), QStringLiteral("sin"));
  ASSERT_TRUE(waitForCheck());
  EXPECT_EQ(qs(m_check->report()->view), QStringLiteral("sin"));
  EXPECT_FALSE(m_check->report()->matches());  // a cos cache is not the sin cache
  EXPECT_TRUE(m_check->targetText().startsWith(QStringLiteral("rope | sin | ")));
  // A parameter changed in the main window is named at once.
  m_window->applySession(test::session("rope", {{"base", "500000"}}, "cos"));
  waitUntilShown(QStringLiteral("cos"));
  EXPECT_TRUE(m_check->targetText().contains(QStringLiteral("base=500000")))
      << m_check->targetText().toStdString();
  // From 1366 wide on, the window leaves the left of the screen (the main window's parameter
  // panel) in sight (the test screen is 1920 wide).
  QSettings().remove(settings::kCheckGeometry);
  CheckWindow fresh(
      m_window.get(), [] { return CheckTarget{}; }, [](const CheckTarget&, const QString&) {});
  fresh.show();
  const QRect avail = fresh.screen()->availableGeometry();
  EXPECT_GE(fresh.frameGeometry().left() - avail.left(), avail.width() / 4);
  EXPECT_LE(fresh.frameGeometry().right(), avail.right());
}

}  // namespace
}  // namespace posenc::ui
