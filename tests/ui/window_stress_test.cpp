// SPDX-License-Identifier: GPL-3.0-or-later
// A thousand random edits, as fast as the window takes them: parameter changes through the
// parameter panel's own editors, scheme changes through the scheme list, view changes through
// the view tabs, layout changes, wheel zooms on the plots. Then the window is left to settle
// and must show, in every visible cell, a picture computed with the last parameters for what
// the cell shows now, and its memory must be back near where it was after a warm-up.
#include <malloc.h>
#include <unistd.h>

#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QSpinBox>
#include <QTabBar>
#include <QTest>
#include <QWheelEvent>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "posenc/base/memory_budget.hpp"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/main_window.h"
#include "support/main_window_fixture.hpp"
#include "support/ui_values.hpp"

// AddressSanitizer keeps freed memory in quarantine (256 MiB by default) and adds shadow
// memory, so resident memory says nothing about leaks there; LeakSanitizer checks those
// instead, at exit.
#if defined(__SANITIZE_ADDRESS__)
#define POSENC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POSENC_ASAN 1
#endif
#endif

namespace posenc::ui {
namespace {

using test::qs;

/// Memory of this process: resident (/proc/self/statm) and what the heap has handed out and
/// not had back (mallinfo2: in-use chunks plus mmapped blocks). Freed heap is given back to the
/// system first (malloc_trim), so that resident memory is not what the allocator keeps for later.
struct Memory {
  double resident = 0;
  double heapInUse = 0;
};

Memory measureMemory() {
  // The tables the schemes keep for reuse are bounded (64 MiB) and not a leak: let go of them.
  posenc::releaseCachedTables();
  ::malloc_trim(0);
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  const struct mallinfo2 heap = ::mallinfo2();
  return {static_cast<double>(resident) * static_cast<double>(::sysconf(_SC_PAGESIZE)),
          static_cast<double>(heap.uordblks + heap.hblkhd)};
}

/// Largest value the test gives each integer parameter, so that every request computes in
/// well under a second: positions up to 4096 (Transformer-XL's, TUPE's, Shaw's and DeBERTa's
/// terms cost a head or model width per cell: 1024 positions, widths up to 256 or 512).
std::int64_t quickMax(const std::string& scheme, const ParamSpec& spec) {
  const std::map<std::string, std::int64_t> caps = {{"length", 4096},       {"max_len", 4096},
                                                    {"train_length", 4096}, {"max_distance", 4096},
                                                    {"offset", 4096},       {"clamp_len", 4096},
                                                    {"dim", 512},           {"d_model", 256},
                                                    {"qlen", 512},          {"mlen", 512},
                                                    {"buckets", 256},       {"heads", 16},
                                                    {"head", 15},           {"pair", 255}};
  std::int64_t cap = static_cast<std::int64_t>(spec.max);
  if (const auto it = caps.find(spec.id); it != caps.end()) cap = std::min(cap, it->second);
  if ((scheme == "tupe" || scheme == "xl" || scheme == "shaw" || scheme == "deberta") &&
      spec.id == "length")
    cap = std::min<std::int64_t>(cap, 1024);
  return std::max(cap, static_cast<std::int64_t>(spec.min));
}

class WindowStress : public test::MainWindowTest {
 protected:
  void SetUp() override {
    MainWindowTest::SetUp();
    QObject::connect(&m_window->controller(), &EncodingController::resultReady, m_window.get(),
                     [this](int slot, const ViewResult& r) { m_last[slot] = r; });
    m_schemes =
        m_window->findChild<QDockWidget*>(QStringLiteral("SchemesDock"))->findChild<QListWidget*>();
    ASSERT_NE(m_schemes, nullptr);
  }

  /// The tab bar listing the current scheme's views (tabs layout).
  QTabBar* viewTabs() const {
    for (QTabBar* bar : m_window->centralWidget()->findChildren<QTabBar*>())
      if (bar->count() > 0 &&
          bar->tabData(0).toString() == qs(m_window->controller().scheme().info().views[0].id))
        return bar;
    return nullptr;
  }

  /// One random action, as a user would do it.
  void randomAction(std::mt19937& rng) {
    const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    const int what = pick(100);
    const Scheme& scheme = m_window->controller().scheme();
    if (what < 60) {  // a parameter edit in its own editor
      const auto& params = scheme.info().params;
      const ParamSpec& spec =
          params[static_cast<std::size_t>(pick(static_cast<int>(params.size())))];
      QWidget* editor = m_window->parameterPanel().findChild<QWidget*>(qs("param_" + spec.id));
      ASSERT_NE(editor, nullptr) << spec.id;
      if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        spin->setValue(std::uniform_int_distribution<int>(
            spin->minimum(), static_cast<int>(quickMax(scheme.info().id, spec)))(rng));
      } else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(editor)) {
        const double hi = spec.type == ParamType::Int
                              ? static_cast<double>(quickMax(scheme.info().id, spec))
                              : std::min(dspin->maximum(), dspin->minimum() * 1000 + 1);
        const double v = std::uniform_real_distribution<double>(dspin->minimum(), hi)(rng);
        dspin->setValue(spec.type == ParamType::Int ? std::round(v) : v);
      } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
        check->toggle();
      } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        combo->setCurrentIndex(pick(combo->count()));
      } else if (auto* line = qobject_cast<QLineEdit*>(editor)) {
        // A list (rope's LongRoPE factors): emptied, a short one, or typed over and refused.
        const QString texts[] = {QString(), QStringLiteral("1, 2"), QStringLiteral("1, x")};
        line->setText(texts[pick(3)]);
        line->setModified(true);
        Q_EMIT line->editingFinished();
      } else {
        ADD_FAILURE() << "unknown editor for " << spec.id;
      }
    } else if (what < 70) {  // another scheme in the scheme list
      m_schemes->setCurrentRow(pick(m_schemes->count()));
    } else if (what < 82) {  // another view: a tab, or a cell's chooser in a grid
      const auto& views = scheme.info().views;
      const QString view =
          qs(views[static_cast<std::size_t>(pick(static_cast<int>(views.size())))].id);
      if (m_window->layoutMode() == QLatin1String("tabs")) {
        QTabBar* tabs = viewTabs();
        ASSERT_NE(tabs, nullptr);
        tabs->setCurrentIndex(pick(tabs->count()));
      } else {
        m_window->setCellView(pick(m_window->cellCount()), view);
      }
    } else if (what < 85) {  // another layout (View menu)
      static const QStringList layouts = {"tabs", "grid1", "grid2", "grid4"};
      m_window->setLayoutMode(layouts[pick(4)]);
    } else {  // a wheel zoom in or out somewhere on a plot, sometimes Home
      PlotView& view = m_window->plotView(pick(m_window->cellCount()));
      if (what < 88) {
        view.resetZoom();
        return;
      }
      QWidget* plot = &view.plot();
      const QPointF pos(plot->width() * (0.2 + 0.6 * pick(100) / 100.0),
                        plot->height() * (0.2 + 0.6 * pick(100) / 100.0));
      QWheelEvent wheel(pos, plot->mapToGlobal(pos), QPoint(), QPoint(0, pick(2) ? 120 : -120),
                        Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
      QApplication::sendEvent(plot, &wheel);
    }
  }

  /// Waits until nothing has been computing or asked for during `quietMs`.
  void settle(int quietMs = 400, int limitMs = 60000) {
    QElapsedTimer total, quiet;
    total.start();
    quiet.start();
    while (total.elapsed() < limitMs) {
      QTest::qWait(20);
      if (m_window->controller().busy()) quiet.restart();
      if (quiet.elapsed() >= quietMs) return;
    }
    ADD_FAILURE() << "the window did not settle within " << limitMs << " ms";
  }

  QListWidget* m_schemes = nullptr;
  std::map<int, ViewResult> m_last;
};

/// Drawn heatmap of `view` equals `m` cell for cell (NaN where masked).
void expectDrawn(PlotView& view, const MatrixResult& m) {
  QCPColorMap* map = nullptr;
  for (int i = 0; i < view.plot().plottableCount() && !map; ++i)
    map = qobject_cast<QCPColorMap*>(view.plot().plottable(i));
  ASSERT_NE(map, nullptr) << "no heatmap drawn";
  QCPColorMapData* data = map->data();
  ASSERT_EQ(data->keySize(), static_cast<int>(m.cols.size()));
  ASSERT_EQ(data->valueSize(), static_cast<int>(m.rows.size()));
  for (int a = 0; a < data->valueSize(); ++a)
    for (int b = 0; b < data->keySize(); ++b) {
      const double want = m.values(a, b), got = data->cell(b, a);
      if (std::isnan(want)) {
        ASSERT_TRUE(std::isnan(got)) << a << "," << b;
      } else {
        ASSERT_EQ(got, want) << a << "," << b;
      }
    }
}

/// `have` samples [begin, end) at least as finely as sampleIndices would (PlotView's rule
/// for a picture that answers what is shown).
bool covers(const std::vector<Index>& have, Index begin, Index end, Index maxSamples) {
  const std::vector<Index> need = sampleIndices(begin, end, maxSamples);
  if (have == need) return true;
  return !have.empty() && !need.empty() && have.front() >= begin && have.back() < end &&
         have.size() >= need.size() && have.front() <= need.front() && have.back() >= need.back();
}

TEST_F(WindowStress, AThousandRandomEditsEndWithTheRightPictureAndNoLeak) {
  // One malloc arena for every thread from here on: the worker threads computing the views
  // would otherwise each take an arena of their own, how many depending on how busy the
  // machine is, and their free chunks would stay resident (measured: resident +8 MiB alone,
  // +36 MiB with ctest running other tests beside it, while the heap in use rose 3 MiB).
  // With one arena, resident memory measures this process's use, not the machine's load.
  ::mallopt(M_ARENA_MAX, 1);
  // Fixed, so a failure replays; POSENC_STRESS_SEED tries another sequence. Seed 4 ends on a
  // grid of four cells (two heatmaps, two charts) of edited T5 parameters, the richest end
  // state of the seeds tried (1 to 6).
  const unsigned seed =
      qEnvironmentVariableIsSet("POSENC_STRESS_SEED")
          ? static_cast<unsigned>(qEnvironmentVariableIntValue("POSENC_STRESS_SEED"))
          : 4u;
  std::mt19937 rng(seed);
  QElapsedTimer clock;
  clock.start();
  // Warm-up: every scheme and view once, so that lazily built caches (fonts, colour maps,
  // translations, thread pool) exist before the baseline is taken.
  for (int k = 0; k < 200; ++k) {
    randomAction(rng);
    QCoreApplication::processEvents();
  }
  // Memory is compared in one fixed state, before and after the edits: the four cells of a
  // grid showing the same views of the same parameters hold the same pictures, so what
  // differs is what the edits left behind. (Memory in use depends on what is shown: a 4-cell
  // grid of large heatmaps takes more than one chart.)
  Session fixed;
  fixed.scheme = QStringLiteral("sinusoidal");
  fixed.params = makeParams(findScheme("sinusoidal"), {{"length", "2048"}});
  fixed.layout = QStringLiteral("grid4");
  for (const ViewSpec& v : findScheme("sinusoidal").info().views)
    if (fixed.gridViews.size() < 4) fixed.gridViews << qs(v.id);
  fixed.view = fixed.gridViews.front();
  const auto showFixed = [&] {
    m_window->applySession(fixed);
    for (int k = 0; k < 4; ++k) m_window->plotView(k).resetZoom();
    settle();
    m_window->undoStack().clear();
    m_last.clear();
    QCoreApplication::processEvents();
  };
  showFixed();
  const Memory baseline = measureMemory();
  const double warmUpMs = static_cast<double>(clock.restart());

  // Counted, not spied: a QSignalSpy would keep a copy of every picture's numbers.
  long long paramsChanged = 0, schemeChanged = 0, results = 0;
  EncodingController* controller_ = &m_window->controller();
  const QMetaObject::Connection counters[] = {
      QObject::connect(controller_, &EncodingController::paramsChanged, [&] { ++paramsChanged; }),
      QObject::connect(controller_, &EncodingController::schemeChanged, [&] { ++schemeChanged; }),
      QObject::connect(controller_, &EncodingController::resultReady, [&] { ++results; })};
  for (int k = 0; k < 1000; ++k) {
    randomAction(rng);
    if (HasFatalFailure()) return;
    QCoreApplication::processEvents();  // results arrive while edits keep coming
  }
  const double editsMs = static_cast<double>(clock.restart());
  settle();
  const double settleMs = static_cast<double>(clock.restart());
  // The edits went the whole way: many changed the parameters or the scheme (others were
  // invalid combinations, shown in the panel and never applied), and pictures kept coming.
  for (const auto& c : counters) QObject::disconnect(c);
  EXPECT_GT(paramsChanged, 250);
  EXPECT_GT(schemeChanged, 40);
  EXPECT_GT(results, 20);

  // The last picture of every visible cell is of the current scheme, parameters and view, and
  // is what the core computes for them now.
  const EncodingController& controller = m_window->controller();
  const Scheme& scheme = controller.scheme();
  const QString schemeId = qs(scheme.info().id);
  std::string checked = m_window->layoutMode().toStdString() + ":";
  for (int slot = 0; slot < m_window->cellCount(); ++slot) {
    checked += " " + m_window->cellView(slot).toStdString();
    SCOPED_TRACE("cell " + std::to_string(slot) + " of " + m_window->layoutMode().toStdString());
    ASSERT_TRUE(m_last.count(slot)) << "no picture";
    const ViewResult& r = m_last.at(slot);
    EXPECT_TRUE(r.error.isEmpty()) << r.error.toStdString();
    EXPECT_EQ(r.scheme, schemeId);
    EXPECT_EQ(r.view, m_window->cellView(slot));
    EXPECT_EQ(r.params, controller.params()) << "a stale picture";
    const std::string view = r.view.toStdString();
    PlotView& plot = m_window->plotView(slot);
    if (const auto* m = std::get_if<MatrixResult>(&r.data)) {
      checked += " (" + std::to_string(m->rows.size()) + " x " + std::to_string(m->cols.size()) +
                 " cells)";
      expectDrawn(plot, *m);
      const Matrix fresh = scheme.evaluate(controller.params(), view, m->rows, m->cols);
      ASSERT_EQ(fresh.rows(), m->values.rows());
      for (Index a = 0; a < fresh.rows(); ++a)
        for (Index b = 0; b < fresh.cols(); ++b)
          if (!(std::isnan(fresh(a, b)) && std::isnan(m->values(a, b)))) {
            ASSERT_EQ(fresh(a, b), m->values(a, b)) << a << "," << b;
          }
      const Region shown = plot.visibleRegion();
      const MatrixShape full = scheme.shape(controller.params(), view);
      const Index r1 = shown.r1 < 0 ? full.rows : std::min(shown.r1, full.rows);
      const Index c1 = shown.c1 < 0 ? full.cols : std::min(shown.c1, full.cols);
      EXPECT_TRUE(covers(m->rows, shown.r0, r1, shown.maxRows))
          << "rows drawn do not answer what is shown";
      EXPECT_TRUE(covers(m->cols, shown.c0, c1, shown.maxCols))
          << "columns drawn do not answer what is shown";
    } else if (const auto* s = std::get_if<SeriesResult>(&r.data)) {
      const SeriesResult fresh = scheme.series(controller.params(), view);
      ASSERT_EQ(fresh.x.size(), s->x.size());
      ASSERT_EQ(fresh.curves.size(), s->curves.size());
      for (std::size_t c = 0; c < fresh.curves.size(); ++c)
        for (std::size_t k = 0; k < fresh.x.size(); ++k)
          if (!(std::isnan(fresh.curves[c].y[k]) && std::isnan(s->curves[c].y[k]))) {
            ASSERT_EQ(fresh.curves[c].y[k], s->curves[c].y[k]);
          }
      EXPECT_GT(plot.plot().plottableCount(), 0);
    } else {
      ADD_FAILURE() << "an empty result";
    }
  }

  // Memory, back in the fixed state: everything the edits made is gone.
  // - The heap in use is back within 8 MiB: caches keep what was seen (glyphs of every label
  //   drawn, Qt's pixmap cache); measured +1.9 MiB after 1000 edits.
  // - Resident memory is back within 32 MiB: on top of that, the allocator's free chunks
  //   scattered between live ones stay resident (measured +7 to +15 MiB after 1000 edits; in
  //   rounds of 300 random edits it rises from 59 to about 72 MiB over the first 2000 and then
  //   stays there up to 7200 edits, where a leak would keep rising; repeating one state 2400
  //   times moves it by 0.2 MiB).
  showFixed();
  const Memory after = measureMemory();
  std::printf(
      "[ figures  ] seed %u: warm-up %.1f s, 1000 edits %.1f s (%lld parameter sets and %lld "
      "schemes "
      "applied, %lld pictures), settle %.1f s; ends on %s %s; resident %.1f -> %.1f MiB, "
      "heap in use %.1f -> %.1f MiB\n",
      seed, warmUpMs / 1000, editsMs / 1000, paramsChanged, schemeChanged, results, settleMs / 1000,
      schemeId.toStdString().c_str(), checked.c_str(), baseline.resident / 1048576,
      after.resident / 1048576, baseline.heapInUse / 1048576, after.heapInUse / 1048576);
#ifndef POSENC_ASAN
  EXPECT_LT(after.heapInUse, baseline.heapInUse + 8.0 * 1048576) << "heap memory did not come back";
  EXPECT_LT(after.resident, baseline.resident + 32.0 * 1048576)
      << "resident memory did not come back";
#endif
}

}  // namespace
}  // namespace posenc::ui
