// SPDX-License-Identifier: GPL-3.0-or-later
// Window benchmark: how long the real window takes from a parameter change to a redrawn plot,
// offscreen, with the plot at 900 x 700 pixels and 4096 positions.
//
// window/<scheme>/<view>: the whole path a user triggers, timed from the edit to the end of
//   the plot's next paint: the parameter's editor in the Parameters dock gets a new value
//   (as typing or a spin-box step does) -> ParameterPanel::paramsEdited -> MainWindow (undo
//   step) -> EncodingController::setParams -> throttle (leading edge: no wait after a quiet
//   period) -> core on a worker thread ->
//   resultReady -> MainWindow::showResult -> PlotView::setMatrix (drawMatrix) -> queued
//   QCustomPlot::replot -> paint of the plot widget. One change per repetition, alternating
//   between two values, so every change is real; the window is idle before each change.
//   Counters (ms, of the one change each repetition makes; the median/mean rows aggregate them):
//     compute  the core on the worker thread (ViewResult::computeMs);
//     arrive   edit -> the worker's result is back in the UI thread (panel validation, undo
//              step, throttle, thread-pool start, compute);
//     show     -> result shown: controller bookkeeping, MainWindow::showResult,
//              PlotView::setMatrix (drawMatrix: every cell of the map; the layout objects
//              only when the view or its notes changed);
//     replot   start of QCustomPlot's queued replot -> plot painted (layout, rendering into
//              its buffers, paint of the widget).
//     cpu      CPU time of the whole process (UI thread and worker) from the edit to the
//              paint: what the change costs, little affected by other programs' load.
//   The manual time (the benchmark's result) is edit -> painted.
// window_throttle0/<scheme>/<view>: the same with the controller's throttle interval set to
//   0, to show what the rest of the path costs (a what-if, not what the window does).
// draw/<scheme>/<view>: PlotView::setMatrix + immediate replot and paint of a result computed
//   beforehand (the whole view sampled to the axis rect's pixels, as the window asks for), on
//   a standalone 900 x 700 PlotView: the drawing part alone. Counters: setMatrix_ms,
//   replot_paint_ms.
//
// draw_series/<scheme>/<view>/<points>: PlotView::setSeries + immediate replot and paint of a
//   dense chart (the sinusoidal bands at 4034 positions; a synthetic 100,000-point series).
//   Counters: setSeries_ms, replot_paint_ms. One iteration per repetition (a slow case must
//   not run for minutes).
//
// Cases: the views that depend only on j - i (sinusoidal similarity with d = 128, T5 bias,
// ALiBi bias, RoPE scores) at length 4096, every matrix view of Transformer-XL at
// qlen = mlen = 2048 and every matrix view of TUPE at length 4096.
// By default each case is repeated 15 times and only the aggregates (median, mean, stddev,
// cv) are printed; --benchmark_repetitions=N and --benchmark_report_aggregates_only=false
// override that. Settings go to a temporary folder, never to the user's.
#include <benchmark/benchmark.h>

#include <QAbstractSpinBox>
#include <QApplication>
#include <QDoubleSpinBox>
#include <QEventLoop>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <exception>
#include <memory>
#include <optional>
#include <qcustomplot.h>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/main_window.h"

namespace {

using posenc::Index;
using posenc::ui::EncodingController;
using posenc::ui::MainWindow;
using posenc::ui::PlotView;
using posenc::ui::ViewResult;
using Clock = std::chrono::steady_clock;
using Assignments = std::vector<std::pair<std::string, std::string>>;

/// Size of the plot widget (QCustomPlot) in logical pixels: a realistic heatmap on a desktop.
const QSize kPlotSize(900, 700);
/// A change that has not been redrawn after this long counts as failed.
constexpr int kTimeoutMs = 20000;
/// The window counts as idle after this long without a result or a replot (more than the
/// view's 40 ms settle debounce, after which it may ask for its exact region once more).
constexpr int kQuietMs = 150;

double msBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// CPU time the whole process (UI thread, worker threads) has used so far, in ms: unlike wall
/// time, hardly inflated when other programs load the machine.
double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

/// Runs the event loop for `ms` milliseconds.
void pump(int ms) {
  QEventLoop loop;
  QTimer::singleShot(ms, &loop, &QEventLoop::quit);
  loop.exec();
}

/// One window case: a scheme's matrix view at given parameters, and the parameter the user
/// edits, alternated between two values.
struct Case {
  std::string scheme;
  std::string view;
  Assignments sets;   ///< Everything but the edited parameter (the length among them).
  std::string param;  ///< Edited parameter (an int or real parameter with a spin box).
  std::string first;  ///< Its two values, as text.
  std::string second;
};

/// The window every window/ benchmark drives (one, kept between cases and repetitions).
std::unique_ptr<MainWindow> g_window;
int g_defaultThrottle = 30;
/// The case the window was set up for, and whether that worked.
std::optional<std::pair<std::string, int>> g_prepared;  ///< (case name, throttle)
QString g_prepareError;

QCustomPlot& plotOf(int slot = 0) { return g_window->plotView(slot).plot(); }

/// Runs the event loop until the window has been quiet (no result delivered, no replot, the
/// controller idle) for kQuietMs; at most `timeoutMs`.
bool waitIdle(int timeoutMs = kTimeoutMs) {
  EncodingController& ctl = g_window->controller();
  auto last = Clock::now();
  const auto start = last;
  QObject guard;
  QObject::connect(&ctl, &EncodingController::resultReady, &guard, [&] { last = Clock::now(); });
  QObject::connect(&plotOf(), &QCustomPlot::afterReplot, &guard, [&] { last = Clock::now(); });
  while (msBetween(start, Clock::now()) < timeoutMs) {
    pump(10);
    if (!ctl.busy() && msBetween(last, Clock::now()) >= kQuietMs) return true;
  }
  return false;
}

/// Makes the plot widget of slot 0 kPlotSize (the docks and status bar take the rest).
void sizeWindow() {
  for (int round = 0; round < 4; ++round) {
    const QSize now = plotOf().size();
    if (now == kPlotSize) return;
    g_window->resize(g_window->size() + (kPlotSize - now));
    pump(50);
  }
}

/// The editor of parameter `id` in the Parameters dock.
QAbstractSpinBox* editorOf(const std::string& id) {
  return g_window->parameterPanel().findChild<QAbstractSpinBox*>(qs("param_" + id));
}

/// Shows `value` in a spin box as a user typing it would (emits valueChanged).
bool setEditor(QAbstractSpinBox* editor, const std::string& value) {
  if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
    spin->setValue(std::stoi(value));
    return true;
  }
  if (auto* real = qobject_cast<QDoubleSpinBox*>(editor)) {
    real->setValue(std::stod(value));
    return true;
  }
  return false;
}

/// Puts the window in the state of case `c` (scheme, parameters, view, throttle) and waits
/// until it shows the result and is idle. Returns an error message, empty on success.
QString prepare(const std::string& name, const Case& c, int throttle) {
  const auto key = std::make_pair(name, throttle);
  if (g_prepared == key) return g_prepareError;
  g_prepared = key;
  g_prepareError.clear();
  try {
    const posenc::Scheme& scheme = posenc::findScheme(c.scheme);
    Assignments sets = c.sets;
    sets.emplace_back(c.param, c.first);
    posenc::ui::Session session;
    session.scheme = qs(c.scheme);
    session.params = posenc::makeParams(scheme, sets);
    session.view = qs(c.view);
    g_window->controller().setThrottleInterval(throttle);
    g_window->applySession(session);
    if (g_window->cellView(0) != session.view) {
      g_prepareError = QStringLiteral("the window does not show view %1").arg(session.view);
      return g_prepareError;
    }
  } catch (const std::exception& e) {
    g_prepareError = QString::fromUtf8(e.what());
    return g_prepareError;
  }
  if (!waitIdle()) g_prepareError = QStringLiteral("the window did not become idle");
  else if (!editorOf(c.param)) g_prepareError = qs("no spin box param_" + c.param);
  else if (plotOf().plottableCount() == 0) g_prepareError = QStringLiteral("nothing drawn");
  return g_prepareError;
}

/// Watches one change: the result it asked for, then the replot after it and its paint.
/// QCustomPlot's default plotting hints (phImmediateRefresh) make a replot paint the widget
/// synchronously, so usually the paint happens inside the replot and the change is done at
/// afterReplot; if the paint is only scheduled (update()), the change is done once that
/// paint event has been handled.
class Probe : public QObject {
 public:
  Probe(const posenc::ParamSet& target, const QString& view, QEventLoop& loop)
      : m_target(target), m_view(view), m_loop(loop) {
    QCustomPlot& plot = plotOf();
    connect(&g_window->controller(), &EncodingController::resultReady, this,
            [this](int slot, const ViewResult& r) {
              if (slot != 0 || r.view != m_view || !(r.params == m_target) || delivered) return;
              delivered = Clock::now();
              computeMs = r.computeMs;
              error = r.error;
              if (const auto* m = std::get_if<posenc::MatrixResult>(&r.data))
                cells = static_cast<double>(m->values.size());
              if (!error.isEmpty()) m_loop.quit();  // the window shows the message instead
            });
    connect(&plot, &QCustomPlot::beforeReplot, this, [this] {
      if (delivered && !replotStart) replotStart = Clock::now();
    });
    connect(&plot, &QCustomPlot::afterReplot, this, [this] {
      if (!replotStart || replotted) return;
      replotted = Clock::now();
      if (painted) m_loop.quit();  // painted inside the replot
    });
    // Application-wide: sees the worker's result arrive in the UI thread (the future
    // watcher's call-out event) and the paint events of the plot.
    qApp->installEventFilter(this);
  }
  ~Probe() override { qApp->removeEventFilter(this); }

  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::FutureCallOut && !delivered) arrived = Clock::now();
    if (event->type() == QEvent::Paint && watched == &plotOf() && replotStart && !painted) {
      painted = Clock::now();
      // A paint scheduled by the replot: the loop returns once this event has been handled.
      if (replotted) m_loop.quit();
    }
    return false;
  }

  std::optional<Clock::time_point> arrived, delivered, replotStart, replotted, painted;
  double computeMs = 0;
  double cells = 0;
  QString error;

 private:
  posenc::ParamSet m_target;
  QString m_view;
  QEventLoop& m_loop;
};

/// Parameter change -> redrawn plot in the real window (one change per iteration).
void benchWindow(benchmark::State& state, const std::string& name, const Case& c, int throttle) {
  if (const QString error = prepare(name, c, throttle); !error.isEmpty()) {
    state.SkipWithError(error.toStdString().c_str());
    return;
  }
  QAbstractSpinBox* editor = editorOf(c.param);
  EncodingController& ctl = g_window->controller();
  double compute = 0, arrive = 0, show = 0, replot = 0, cells = 0, cpu = 0;
  for (auto _ : state) {
    const std::string now = posenc::formatValue(ctl.params().get(c.param));
    const std::string next = now == c.first ? c.second : c.first;
    QEventLoop loop;
    const posenc::ParamSet before = ctl.params();
    posenc::ParamSet target = before;
    target.set(c.param, posenc::parseValue(posenc::findParam(ctl.scheme(), c.param), next));
    Probe probe(target, qs(c.view), loop);
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    timeout.start(kTimeoutMs);

    const auto t0 = Clock::now();
    const double cpu0 = processCpuMs();
    const bool edited = setEditor(editor, next);  // synchronous: panel -> window -> controller
    if (!edited || !(ctl.params() == target)) {
      state.SkipWithError(
          ("editing param_" + c.param + " to " + next + " did not reach the controller").c_str());
      return;
    }
    loop.exec();
    const auto t1 = Clock::now();
    cpu += processCpuMs() - cpu0;
    if (!probe.error.isEmpty()) {
      state.SkipWithError(probe.error.toStdString().c_str());
      return;
    }
    if (!probe.painted || !probe.replotted) {
      const std::string stage = !probe.delivered   ? "the result never arrived"
                                : !probe.replotted ? "the result arrived but no replot followed"
                                                   : "the plot was replotted but never painted";
      state.SkipWithError(
          ("no redraw within " + std::to_string(kTimeoutMs / 1000) + " s: " + stage).c_str());
      return;
    }
    state.SetIterationTime(std::chrono::duration<double>(t1 - t0).count());
    compute += probe.computeMs;
    const auto arrived = probe.arrived.value_or(*probe.delivered);
    arrive += msBetween(t0, arrived);
    show += msBetween(arrived, *probe.delivered);
    replot += msBetween(*probe.replotStart, t1);
    cells = probe.cells;

    state.PauseTiming();
    const bool idle = waitIdle();
    state.ResumeTiming();
    if (!idle) {
      state.SkipWithError("the window did not become idle after the change");
      return;
    }
  }
  const auto n = static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
  state.counters["cpu_ms"] = cpu / n;
  state.counters["compute_ms"] = compute / n;
  state.counters["arrive_ms"] = arrive / n;
  state.counters["show_ms"] = show / n;
  state.counters["replot_ms"] = replot / n;
  state.counters["cells"] = cells;
  state.counters["throttle_ms"] = throttle;
  state.counters["plot_w"] = plotOf().width();
  state.counters["plot_h"] = plotOf().height();
}

/// Drawing alone: setMatrix + immediate replot (and paint) on a standalone PlotView.
void benchDraw(benchmark::State& state, const Case& c) {
  PlotView view;
  view.resize(kPlotSize);
  view.show();
  pump(50);
  const posenc::Scheme* scheme = nullptr;
  const posenc::ViewSpec* spec = nullptr;
  std::vector<posenc::MatrixResult> results;
  try {
    scheme = &posenc::findScheme(c.scheme);
    spec = &posenc::findView(*scheme, c.view);
    // The window's requests: first the whole view sampled onto the widget's pixel grid (its
    // guess before anything is drawn), then onto the axis rect's, which the view asks for
    // once it is laid out and which every later parameter change computes.
    posenc::Region region{.maxRows = kPlotSize.height(), .maxCols = kPlotSize.width()};
    for (int pass = 0; pass < 2; ++pass) {
      results.clear();
      for (const std::string& value : {c.first, c.second}) {
        Assignments sets = c.sets;
        sets.emplace_back(c.param, value);
        const posenc::ParamSet params = posenc::makeParams(*scheme, sets);
        results.push_back(posenc::computeMatrix(*scheme, params, c.view, region));
      }
      view.setMatrix(*spec, results.back(), {});  // the first drawing lays out the plot
      view.plot().replot(QCustomPlot::rpImmediateRefresh);
      region = view.visibleRegion();
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  double set = 0, replot = 0;
  std::size_t k = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    view.setMatrix(*spec, results[k++ % results.size()], {});
    const auto t1 = Clock::now();
    view.plot().replot(QCustomPlot::rpImmediateRefresh);  // replot + synchronous repaint
    const auto t2 = Clock::now();
    state.SetIterationTime(std::chrono::duration<double>(t2 - t0).count());
    set += msBetween(t0, t1);
    replot += msBetween(t1, t2);
  }
  const auto n = static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
  state.counters["setMatrix_ms"] = set / n;
  state.counters["replot_paint_ms"] = replot / n;
  state.counters["cells"] = static_cast<double>(results.front().values.size());
}

/// Drawing a dense chart: PlotView::setSeries + immediate replot and paint on a standalone
/// 900 x 700 PlotView, for a series the core computes (`scheme`/`view` with `sets`) or, with
/// an empty scheme, a synthetic one of `points` points per curve (a fast sine, whose every
/// pixel column spans the whole amplitude, and a slow cosine).
void benchSeriesDraw(benchmark::State& state, const std::string& scheme, const std::string& view,
                     const Assignments& sets, std::size_t points) {
  PlotView plotView;
  plotView.resize(kPlotSize);
  plotView.show();
  pump(50);
  posenc::ViewSpec spec;
  posenc::SeriesResult series;
  try {
    if (scheme.empty()) {
      spec.id = "synthetic";
      spec.kind = posenc::ViewKind::Series;
      spec.title = "Synthetic dense series";
      spec.xLabel = "x";
      spec.yLabel = "y";
      series.curves = {{"fast sine", {}, posenc::CurveStyle::Line},
                       {"slow cosine", {}, posenc::CurveStyle::Line}};
      for (std::size_t i = 0; i < points; ++i) {
        const auto x = static_cast<double>(i);
        series.x.push_back(x);
        series.curves[0].y.push_back(std::sin(0.9 * x));
        series.curves[1].y.push_back(std::cos(1e-4 * x));
      }
    } else {
      const posenc::Scheme& s = posenc::findScheme(scheme);
      spec = posenc::findView(s, view);
      series = s.series(posenc::makeParams(s, sets), view);
    }
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  double set = 0, replot = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    plotView.setSeries(spec, series, {});
    const auto t1 = Clock::now();
    plotView.plot().replot(QCustomPlot::rpImmediateRefresh);  // replot + synchronous repaint
    const auto t2 = Clock::now();
    state.SetIterationTime(std::chrono::duration<double>(t2 - t0).count());
    set += msBetween(t0, t1);
    replot += msBetween(t1, t2);
  }
  const auto n = static_cast<double>(std::max<benchmark::IterationCount>(state.iterations(), 1));
  state.counters["setSeries_ms"] = set / n;
  state.counters["replot_paint_ms"] = replot / n;
  state.counters["points"] = static_cast<double>(series.x.size());
  state.counters["curves"] = static_cast<double>(series.curves.size());
}

std::vector<std::pair<std::string, Case>> cases() {
  std::vector<std::pair<std::string, Case>> out;
  auto add = [&](Case c) { out.emplace_back(c.scheme + "/" + c.view, std::move(c)); };
  // Views that depend only on j - i.
  add({"sinusoidal", "similarity", {{"length", "4096"}, {"dim", "128"}}, "base", "10000", "20000"});
  add({"t5", "bias", {{"length", "4096"}}, "head", "0", "1"});
  add({"alibi", "bias", {{"length", "4096"}}, "head", "0", "1"});
  add({"rope", "scores", {{"length", "4096"}}, "base", "10000", "20000"});
  // Every matrix view of Transformer-XL (4096 keys) and TUPE, from the registry.
  const std::vector<std::pair<std::string, Assignments>> full = {
      {"xl", {{"qlen", "2048"}, {"mlen", "2048"}}}, {"tupe", {{"length", "4096"}}}};
  for (const auto& [id, sets] : full) {
    for (const posenc::ViewSpec& v : posenc::findScheme(id).info().views)
      if (v.kind == posenc::ViewKind::Matrix) add({id, v.id, sets, "head", "0", "1"});
  }
  return out;
}

void registerAll() {
  const auto all = cases();
  for (const auto& [name, c] : all) {
    benchmark::RegisterBenchmark(("window/" + name).c_str(), benchWindow, name, c,
                                 g_defaultThrottle)
        ->Unit(benchmark::kMillisecond)
        ->UseManualTime()
        ->Iterations(1);
  }
  for (const auto& [name, c] : all) {
    benchmark::RegisterBenchmark(("window_throttle0/" + name).c_str(), benchWindow, name, c, 0)
        ->Unit(benchmark::kMillisecond)
        ->UseManualTime()
        ->Iterations(1);
  }
  for (const auto& [name, c] : all) {
    benchmark::RegisterBenchmark(("draw/" + name).c_str(), benchDraw, c)
        ->Unit(benchmark::kMillisecond)
        ->UseManualTime();
  }
  // Dense charts: the sinusoidal bands at 4034 positions (4 curves of 4034 points) and a
  // synthetic 100,000-point series.
  benchmark::RegisterBenchmark("draw_series/sinusoidal/bands/4034", benchSeriesDraw,
                               std::string("sinusoidal"), std::string("bands"),
                               Assignments{{"length", "4034"}}, std::size_t{0})
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime()
      ->Iterations(1);
  benchmark::RegisterBenchmark("draw_series/synthetic/100000", benchSeriesDraw, std::string(),
                               std::string(), Assignments{}, std::size_t{100000})
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime()
      ->Iterations(1);
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  // The window reads and writes QSettings: keep them in a folder of our own.
  QTemporaryDir config;
  if (config.isValid()) qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());

  // Defaults first, so that the same flags given on the command line win.
  std::vector<char*> args{argv[0]};
  std::string reps = "--benchmark_repetitions=15";
  std::string aggregates = "--benchmark_report_aggregates_only=true";
  args.push_back(reps.data());
  args.push_back(aggregates.data());
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());

  QApplication app(count, args.data());
  QApplication::setOrganizationName(QStringLiteral("posenc-bench"));
  QApplication::setApplicationName(QStringLiteral("posenc-window-bench"));
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;

  g_window = std::make_unique<MainWindow>();
  g_defaultThrottle = g_window->controller().throttleInterval();
  g_window->show();
  pump(100);
  sizeWindow();
  registerAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  g_window.reset();
  return 0;
}
