// SPDX-License-Identifier: GPL-3.0-or-later
// EncodingController: validation, throttling, slots, stale-result dropping, threading.
#include "posenc_ui/control/encoding_controller.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "support/ui_values.hpp"

namespace posenc::ui {
namespace {

constexpr int kTimeoutMs = 20000;  // generous: the machine may be busy

using test::paramsOf;

/// A request for a whole matrix view sampled to at most n x n cells.
ViewRequest matrixRequest(const char* view, Index n = 64) {
  ViewRequest r;
  r.view = QString::fromLatin1(view);
  r.region.maxRows = n;
  r.region.maxCols = n;
  return r;
}

/// ALiBi parameters whose whole "bias" view (2048 x 2048, every cell) takes about 50 ms in a
/// Release build on one core, more in Debug: long enough to be caught running.
ParamSet slowParams() { return paramsOf("alibi", {{"length", "2048"}}); }

ViewRequest seriesRequest(const char* view) {
  ViewRequest r;
  r.view = QString::fromLatin1(view);
  return r;
}

/// Everything resultReady delivered, in order.
struct Results {
  struct Item {
    int slot;
    ViewResult result;
    bool inUiThread;
    bool matchedCurrentParams;  ///< result.params == controller params at delivery time
  };
  std::vector<Item> items;

  explicit Results(EncodingController& ctl) {
    QObject::connect(&ctl, &EncodingController::resultReady, &ctl,
                     [this, &ctl](int slot, const ViewResult& r) {
                       items.push_back({slot, r, QThread::currentThread() == qApp->thread(),
                                        r.params == ctl.params()});
                     });
  }
  [[nodiscard]] int countFor(int slot) const {
    int n = 0;
    for (const auto& i : items) n += i.slot == slot ? 1 : 0;
    return n;
  }
  [[nodiscard]] const ViewResult* lastFor(int slot) const {
    for (auto it = items.rbegin(); it != items.rend(); ++it)
      if (it->slot == slot) return &it->result;
    return nullptr;
  }
};

/// Processes events until `done()` holds; false on timeout. (QTRY_* need the QtTest runner.)
template <class F>
bool waitUntil(F done, int timeoutMs = kTimeoutMs) {
  QDeadlineTimer deadline(timeoutMs);
  while (!done()) {
    if (deadline.hasExpired()) return false;
    QTest::qWait(2);
  }
  return true;
}

/// Runs a real event loop for `ms` milliseconds, as the application does between two mouse
/// moves of a slider drag. (QTest::qWait(5) sleeps most of the 5 ms without handling events.)
void spin(int ms) {
  QEventLoop loop;
  QTimer::singleShot(ms, Qt::PreciseTimer, &loop, &QEventLoop::quit);
  loop.exec();
}

/// Waits until the controller has nothing running or scheduled.
bool waitIdle(const EncodingController& ctl) {
  return waitUntil([&] { return !ctl.busy(); });
}

const MatrixResult& matrixOf(const ViewResult& r) { return std::get<MatrixResult>(r.data); }

TEST(EncodingController, StartsOnTheFirstSchemeAtDefaults) {
  EncodingController ctl;
  EXPECT_EQ(ctl.scheme().info().id, "sinusoidal");
  EXPECT_EQ(&ctl.scheme(), allSchemes().front().get());
  EXPECT_EQ(ctl.params(), ParamSet(ctl.scheme().info().params));
  EXPECT_EQ(ctl.throttleInterval(), 30);
  EXPECT_FALSE(ctl.busy());
}

TEST(EncodingController, InvalidParamsAreRejectedWithTheParameterNameAndNotApplied) {
  EncodingController ctl;
  ctl.setRequest(0, matrixRequest("encoding"));
  Results results(ctl);
  ASSERT_TRUE(waitIdle(ctl));
  results.items.clear();
  const quint64 computations = ctl.computationCount();
  const ParamSet before = ctl.params();
  QSignalSpy rejected(&ctl, &EncodingController::paramsRejected);
  QSignalSpy changed(&ctl, &EncodingController::paramsChanged);

  ParamSet odd = before;
  odd.set("dim", std::int64_t{3});  // dim must be even
  ctl.setParams(odd);
  ASSERT_EQ(rejected.count(), 1);
  EXPECT_EQ(rejected.at(0).at(0).toString(), QStringLiteral("dim"));
  EXPECT_TRUE(rejected.at(0).at(1).toString().contains(QStringLiteral("even")))
      << rejected.at(0).at(1).toString().toStdString();

  ParamSet missing;  // not a full set
  missing.set("length", std::int64_t{10});
  ctl.setParams(missing);
  ASSERT_EQ(rejected.count(), 2);
  EXPECT_FALSE(rejected.at(1).at(0).toString().isEmpty());

  ParamSet wrongType = before;
  wrongType.set("length", 2.5);  // a real where an int belongs
  ctl.setParams(wrongType);
  ASSERT_EQ(rejected.count(), 3);
  EXPECT_EQ(rejected.at(2).at(0).toString(), QStringLiteral("length"));

  EXPECT_EQ(ctl.params(), before);
  EXPECT_EQ(changed.count(), 0);
  EXPECT_FALSE(ctl.busy());
  QTest::qWait(60);  // two throttle intervals: nothing may be computed
  EXPECT_EQ(ctl.computationCount(), computations);
  EXPECT_TRUE(results.items.empty());
}

TEST(EncodingController, CrossParameterChecksAreRejected) {
  EncodingController ctl;
  ctl.setScheme(QStringLiteral("alibi"));
  QSignalSpy rejected(&ctl, &EncodingController::paramsRejected);
  ctl.setParams(paramsOf("alibi", {}));  // equal: nothing
  EXPECT_EQ(rejected.count(), 0);
  ParamSet p = ctl.params();
  p.set("head", std::int64_t{8});  // heads = 8: head must be < 8
  ctl.setParams(p);
  ASSERT_EQ(rejected.count(), 1);
  EXPECT_EQ(rejected.at(0).at(0).toString(), QStringLiteral("head"));
  EXPECT_EQ(ctl.params().getInt("head"), 0);
}

TEST(EncodingController, ValidParamsAreAppliedAndAnnounced) {
  EncodingController ctl;
  QSignalSpy changed(&ctl, &EncodingController::paramsChanged);
  const ParamSet p = paramsOf("sinusoidal", {{"length", "40"}});
  ctl.setParams(p);
  EXPECT_EQ(ctl.params(), p);
  ASSERT_EQ(changed.count(), 1);
  EXPECT_EQ(changed.at(0).at(0).value<ParamSet>(), p);
  ctl.setParams(p);  // equal: nothing
  EXPECT_EQ(changed.count(), 1);
}

TEST(EncodingController, ComputesARequestedMatrixViewInTheUiThread) {
  EncodingController ctl;
  Results results(ctl);
  QSignalSpy ready(&ctl, &EncodingController::resultReady);
  ctl.setRequest(3, matrixRequest("encoding", 0));  // every cell
  EXPECT_TRUE(ctl.busy());
  ASSERT_TRUE(ready.wait(kTimeoutMs));
  ASSERT_EQ(results.items.size(), 1u);
  const auto& item = results.items.front();
  EXPECT_EQ(item.slot, 3);
  EXPECT_TRUE(item.inUiThread);
  const ViewResult& r = item.result;
  EXPECT_TRUE(r.error.isEmpty()) << r.error.toStdString();
  EXPECT_EQ(r.scheme, QStringLiteral("sinusoidal"));
  EXPECT_EQ(r.view, QStringLiteral("encoding"));
  EXPECT_EQ(r.params, ctl.params());
  EXPECT_GE(r.computeMs, 0.0);
  EXPECT_GT(r.generation, 0u);
  const MatrixResult& m = matrixOf(r);
  EXPECT_EQ(m.full.rows, 128);
  EXPECT_EQ(m.full.cols, 128);
  EXPECT_EQ(m.values.rows(), 128);
  EXPECT_TRUE(m.exact());
  const MatrixResult direct = computeMatrix(ctl.scheme(), ctl.params(), "encoding");
  EXPECT_TRUE(m.values.isApprox(direct.values));
  ASSERT_TRUE(waitIdle(ctl));
}

TEST(EncodingController, ARegionRequestReturnsTheSampledRegion) {
  EncodingController ctl;
  QSignalSpy ready(&ctl, &EncodingController::resultReady);
  ViewRequest req;
  req.view = QStringLiteral("similarity");
  req.region = Region{10, 30, 4, 12, 5, 0};  // rows 10..29 sampled to 5, columns 4..11 whole
  ctl.setRequest(0, req);
  ASSERT_TRUE(ready.wait(kTimeoutMs));
  const auto r = ready.at(0).at(1).value<ViewResult>();
  ASSERT_TRUE(r.error.isEmpty()) << r.error.toStdString();
  const MatrixResult& m = matrixOf(r);
  EXPECT_EQ(m.rows, sampleIndices(10, 30, 5));
  EXPECT_EQ(m.cols, (std::vector<Index>{4, 5, 6, 7, 8, 9, 10, 11}));
  EXPECT_EQ(m.values.rows(), 5);
  EXPECT_EQ(m.values.cols(), 8);
  const MatrixResult direct = computeMatrix(ctl.scheme(), ctl.params(), "similarity", req.region);
  EXPECT_TRUE(m.values.isApprox(direct.values));
}

TEST(EncodingController, TwoSlotsWithDifferentViewsGetTheirOwnResults) {
  EncodingController ctl;
  Results results(ctl);
  ctl.setRequest(0, matrixRequest("encoding"));
  ctl.setRequest(1, seriesRequest("wavelengths"));
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_EQ(ctl.computationCount(), 1u);  // both requests merged into one batch
  ASSERT_EQ(results.countFor(0), 1);
  ASSERT_EQ(results.countFor(1), 1);
  EXPECT_EQ(results.lastFor(0)->view, QStringLiteral("encoding"));
  EXPECT_TRUE(std::holds_alternative<MatrixResult>(results.lastFor(0)->data));
  const ViewResult& s = *results.lastFor(1);
  EXPECT_EQ(s.view, QStringLiteral("wavelengths"));
  ASSERT_TRUE(std::holds_alternative<SeriesResult>(s.data)) << s.error.toStdString();
  const SeriesResult& series = std::get<SeriesResult>(s.data);
  EXPECT_EQ(series.x.size(), 64u);  // dim 128: 64 frequencies
  ASSERT_FALSE(series.curves.empty());
  EXPECT_EQ(series.curves.front().y.size(), series.x.size());
}

TEST(EncodingController, ChangingOneRequestRecomputesOnlyThatSlot) {
  EncodingController ctl;
  Results results(ctl);
  ctl.setRequest(0, matrixRequest("encoding"));
  ctl.setRequest(1, matrixRequest("similarity"));
  ASSERT_TRUE(waitIdle(ctl));
  results.items.clear();

  ctl.setRequest(1, matrixRequest("similarity"));  // unchanged: nothing
  EXPECT_FALSE(ctl.busy());
  const quint64 computations = ctl.computationCount();

  ctl.setRequest(1, matrixRequest("similarity", 16));
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_EQ(ctl.computationCount(), computations + 1);
  EXPECT_EQ(results.countFor(0), 0);
  ASSERT_EQ(results.countFor(1), 1);
  EXPECT_EQ(matrixOf(*results.lastFor(1)).values.rows(), 16);

  // A parameter change recomputes every slot.
  results.items.clear();
  ctl.setParams(paramsOf("sinusoidal", {{"length", "50"}}));
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_EQ(results.countFor(0), 1);
  EXPECT_EQ(results.countFor(1), 1);
  EXPECT_EQ(matrixOf(*results.lastFor(0)).full.rows, 50);
}

/// Drives a slider-like burst on alibi: `edits` parameter sets, `gapMs` of event processing
/// between two; `wait(gapMs)` is the way events are processed in between.
struct Burst {
  EncodingController ctl;
  std::unique_ptr<Results> results;
  ParamSet last;
  quint64 computations = 0;
  std::size_t duringBurst = 0;

  explicit Burst(bool interim) {
    ctl.setInterimResults(interim);
    ctl.setScheme(QStringLiteral("alibi"));
    results = std::make_unique<Results>(ctl);
    ctl.setRequest(0, matrixRequest("bias", 32));
    ctl.setRequest(1, seriesRequest("slopes"));
  }
  template <class Wait>
  bool run(int edits, Wait wait) {
    if (!waitIdle(ctl)) return false;
    results->items.clear();
    const quint64 before = ctl.computationCount();
    last = ctl.params();
    for (int i = 0; i < edits; ++i) {
      last.set("length", std::int64_t{100 + 2 * i});
      last.set("heads", std::int64_t{1 + i % 16});
      ctl.setParams(last);
      wait();
    }
    duringBurst = results->items.size();
    if (!waitIdle(ctl)) return false;
    computations = ctl.computationCount() - before;
    return true;
  }
  /// The last result of each slot shows exactly the final parameters.
  void expectFinalPictures(int edits) const {
    for (int slot : {0, 1}) {
      const ViewResult* r = results->lastFor(slot);
      ASSERT_NE(r, nullptr);
      EXPECT_EQ(r->params, last);
      EXPECT_TRUE(r->error.isEmpty()) << r->error.toStdString();
    }
    EXPECT_EQ(matrixOf(*results->lastFor(0)).full.rows, 100 + 2 * (edits - 1));
    EXPECT_EQ(std::get<SeriesResult>(results->lastFor(1)->data).x.size(),
              static_cast<std::size_t>(last.getInt("heads")));
  }
};

TEST(EncodingController, ABurstOfEditsIsThrottledAndTheLastResultMatchesTheFinalParams) {
  // 100 edits 5 ms apart with the event loop running in between: a slider drag lasting well
  // over the 30 ms interval.
  constexpr int kEdits = 100;
  Burst burst(/*interim=*/false);
  ASSERT_TRUE(burst.run(kEdits, [] { spin(5); }));
  EXPECT_LT(burst.computations, static_cast<quint64>(kEdits));  // merged
  EXPECT_GT(burst.duringBurst, 1u) << "results must arrive while the drag goes on";
  for (const auto& item : burst.results->items) {
    EXPECT_TRUE(item.matchedCurrentParams) << "a stale result was delivered";
    EXPECT_TRUE(item.inUiThread);
  }
  burst.expectFinalPictures(kEdits);
}

TEST(EncodingController, InterimResultsShowADragWhoseEditsOutpaceTheComputations) {
  // QTest::qWait(5) handles events only at its start, so each batch finishes after the next
  // edit: strict delivery drops every result until the burst ends; interim delivery shows
  // them, in order, and still ends on the exact final picture.
  constexpr int kEdits = 60;
  Burst burst(/*interim=*/true);
  ASSERT_TRUE(burst.run(kEdits, [] { QTest::qWait(5); }));
  EXPECT_LT(burst.computations, static_cast<quint64>(kEdits));
  EXPECT_GT(burst.duringBurst, 1u);
  quint64 previous = 0;
  for (const auto& item : burst.results->items) {
    if (item.slot != 0) continue;
    EXPECT_GT(item.result.generation, previous) << "pictures must never go back in time";
    previous = item.result.generation;
  }
  burst.expectFinalPictures(kEdits);
}

TEST(EncodingController, ATightBurstOfEditsIsMergedIntoFewComputations) {
  EncodingController ctl;
  ctl.setScheme(QStringLiteral("alibi"));
  Results results(ctl);
  ctl.setRequest(0, matrixRequest("bias", 32));
  ASSERT_TRUE(waitIdle(ctl));
  results.items.clear();
  const quint64 before = ctl.computationCount();

  constexpr int kEdits = 200;
  ParamSet p = ctl.params();
  for (int i = 0; i < kEdits; ++i) {
    p.set("length", std::int64_t{100 + i});
    ctl.setParams(p);
    QCoreApplication::processEvents();
  }
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_LT(ctl.computationCount() - before, static_cast<quint64>(kEdits) / 2);
  EXPECT_LT(results.items.size(), static_cast<std::size_t>(kEdits) / 2);
  for (const auto& item : results.items) EXPECT_TRUE(item.matchedCurrentParams);
  ASSERT_NE(results.lastFor(0), nullptr);
  EXPECT_EQ(results.lastFor(0)->params, p);
  EXPECT_EQ(matrixOf(*results.lastFor(0)).full.rows, 299);
}

TEST(EncodingController, EditsDuringALongComputationDropItsStaleResult) {
  EncodingController ctl;
  ctl.setThrottleInterval(0);
  ctl.setScheme(QStringLiteral("alibi"), slowParams());
  // The first batch is held on the worker until the edit has been made, so the edit always
  // lands while it runs, however fast or slow the machine.
  QSemaphore edited;
  std::atomic<int> batches{0};
  ctl.setWorkerHook([&] {
    if (batches++ == 0) (void)edited.tryAcquire(1, kTimeoutMs);
  });
  Results results(ctl);
  ctl.setRequest(0, matrixRequest("bias", 0));
  ASSERT_TRUE(waitUntil([&] { return ctl.computationCount() == 1u; }));  // slow batch running
  const ParamSet small = paramsOf("alibi", {{"length", "64"}});
  ctl.setParams(small);
  edited.release();
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_EQ(ctl.computationCount(), 2u);  // the stale one, then the current one
  ASSERT_EQ(results.items.size(), 1u);    // the stale result was never delivered
  EXPECT_EQ(results.items.front().result.params, small);
  EXPECT_EQ(matrixOf(results.items.front().result).full.rows, 64);
}

TEST(EncodingController, TheUiThreadKeepsRunningDuringAComputation) {
  // The property, without a clock: the worker's computation is held until the UI thread's
  // event loop has run a 1 ms timer five times. That can only happen if the UI thread keeps
  // processing events while the computation runs elsewhere; if the computation ran in (or
  // blocked) the UI thread, no tick could come and the hold would give up with too few.
  EncodingController ctl;
  ctl.setThrottleInterval(0);
  ctl.setScheme(QStringLiteral("alibi"));
  constexpr int kTicks = 5;
  int ticks = 0;
  int ticksAtResult = -1;
  QSemaphore enoughTicks;
  std::atomic<bool> workerInUiThread{true};
  std::atomic<bool> heldUntilTicks{false};
  ctl.setWorkerHook([&] {
    workerInUiThread = QThread::currentThread() == qApp->thread();
    heldUntilTicks = enoughTicks.tryAcquire(1, kTimeoutMs);
  });
  QTimer ticker;
  QObject::connect(&ticker, &QTimer::timeout, [&] {
    if (++ticks == kTicks) enoughTicks.release();
  });
  QObject::connect(&ctl, &EncodingController::resultReady,
                   [&](int, const ViewResult&) { ticksAtResult = ticks; });
  ticker.start(1);
  ctl.setRequest(0, matrixRequest("bias", 64));
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_FALSE(workerInUiThread);
  EXPECT_TRUE(heldUntilTicks) << "the UI thread's timer did not run during the computation";
  EXPECT_GE(ticksAtResult, kTicks);
}

TEST(EncodingController, AnEditAfterAQuietPeriodComputesWithoutWaitingForTheInterval) {
  // Leading edge: with a throttle interval far longer than any test, a single edit after a
  // quiet period still computes (at once); the interval only spaces the batches of a burst.
  EncodingController ctl;
  ctl.setScheme(QStringLiteral("alibi"));
  ctl.setThrottleInterval(600000);  // ten minutes
  Results results(ctl);
  ctl.setRequest(0, matrixRequest("bias", 16));
  ASSERT_TRUE(waitUntil([&] { return results.countFor(0) == 1; }));
  EXPECT_EQ(ctl.computationCount(), 1u);
  // An edit now is within the interval of that batch: it waits (merged with later edits).
  ParamSet p = ctl.params();
  p.set("length", std::int64_t{100});
  ctl.setParams(p);
  QTest::qWait(50);
  EXPECT_TRUE(ctl.busy());
  EXPECT_EQ(ctl.computationCount(), 1u);
  EXPECT_EQ(results.countFor(0), 1);
}

TEST(EncodingController, SetSchemeSwitchesAndRecomputesTheViewsThatExist) {
  EncodingController ctl;
  Results results(ctl);
  ctl.setRequest(0, matrixRequest("encoding"));
  ctl.setRequest(1, seriesRequest("wavelengths"));
  ctl.setRequest(2, matrixRequest("similarity"));
  ASSERT_TRUE(waitIdle(ctl));
  results.items.clear();

  QSignalSpy schemeSpy(&ctl, &EncodingController::schemeChanged);
  QSignalSpy paramsSpy(&ctl, &EncodingController::paramsChanged);
  // The window re-targets slot 1 when it hears of the switch; slot 2 is left alone.
  QObject::connect(&ctl, &EncodingController::schemeChanged, &ctl, [&](const QString& id) {
    if (id == QStringLiteral("alibi")) ctl.setRequest(1, seriesRequest("slopes"));
  });
  ctl.setScheme(QStringLiteral("alibi"), paramsOf("alibi", {{"heads", "4"}}));
  EXPECT_EQ(ctl.scheme().info().id, "alibi");
  EXPECT_EQ(ctl.params().getInt("heads"), 4);
  ASSERT_EQ(schemeSpy.count(), 1);
  EXPECT_EQ(schemeSpy.at(0).at(0).toString(), QStringLiteral("alibi"));
  EXPECT_EQ(paramsSpy.count(), 1);
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_EQ(results.countFor(0), 0);  // "encoding" is not an alibi view: skipped
  EXPECT_EQ(results.countFor(2), 0);
  ASSERT_EQ(results.countFor(1), 1);
  const ViewResult& r = *results.lastFor(1);
  EXPECT_EQ(r.scheme, QStringLiteral("alibi"));
  EXPECT_EQ(r.view, QStringLiteral("slopes"));
  EXPECT_EQ(std::get<SeriesResult>(r.data).x.size(), 4u);

  // Partial parameters are completed with defaults; an empty set means all defaults.
  ctl.setScheme(QStringLiteral("sinusoidal"));
  EXPECT_EQ(ctl.params(), ParamSet(findScheme("sinusoidal").info().params));
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_EQ(results.countFor(0), 1);  // "encoding" exists again
  EXPECT_EQ(results.countFor(2), 1);
  EXPECT_EQ(results.lastFor(0)->scheme, QStringLiteral("sinusoidal"));

  // Same scheme, same parameters: nothing.
  const int schemeChanges = schemeSpy.count();
  ctl.setScheme(QStringLiteral("sinusoidal"), {});
  EXPECT_EQ(schemeSpy.count(), schemeChanges);
  EXPECT_FALSE(ctl.busy());
}

TEST(EncodingController, SetSchemeRefusesUnknownSchemesAndParameters) {
  EncodingController ctl;
  QSignalSpy rejected(&ctl, &EncodingController::paramsRejected);
  QSignalSpy schemeSpy(&ctl, &EncodingController::schemeChanged);
  ctl.setScheme(QStringLiteral("no-such-scheme"));
  ASSERT_EQ(rejected.count(), 1);
  EXPECT_EQ(rejected.at(0).at(0).toString(), QStringLiteral("scheme"));
  EXPECT_TRUE(rejected.at(0).at(1).toString().contains(QStringLiteral("alibi")));

  ParamSet foreign;
  foreign.set("dim", std::int64_t{64});  // a sinusoidal parameter, not an alibi one
  ctl.setScheme(QStringLiteral("alibi"), foreign);
  ASSERT_EQ(rejected.count(), 2);
  EXPECT_EQ(rejected.at(1).at(0).toString(), QStringLiteral("dim"));

  ParamSet bad;
  bad.set("head", std::int64_t{9});  // heads defaults to 8
  ctl.setScheme(QStringLiteral("alibi"), bad);
  ASSERT_EQ(rejected.count(), 3);
  EXPECT_EQ(rejected.at(2).at(0).toString(), QStringLiteral("head"));

  EXPECT_EQ(schemeSpy.count(), 0);
  EXPECT_EQ(ctl.scheme().info().id, "sinusoidal");
}

TEST(EncodingController, FailedComputationsCarryTheCoreMessage) {
  EncodingController ctl;
  ctl.setScheme(QStringLiteral("learned"));
  Results results(ctl);
  ctl.setRequest(0, seriesRequest("no_such_view"));
  ViewRequest outside = matrixRequest("similarity");
  outside.region.r0 = 5000;  // past the last row (length 128)
  ctl.setRequest(1, outside);
  ctl.setRequest(2, matrixRequest("encoding"));  // fine: errors stay in their slots
  ASSERT_TRUE(waitIdle(ctl));
  ASSERT_EQ(results.items.size(), 3u);
  for (int slot : {0, 1}) {
    const ViewResult& r = *results.lastFor(slot);
    EXPECT_FALSE(r.error.isEmpty()) << "slot " << slot;
    EXPECT_TRUE(std::holds_alternative<std::monostate>(r.data)) << "slot " << slot;
    EXPECT_EQ(r.params, ctl.params());
  }
  const QString unknownView = results.lastFor(0)->error;
  EXPECT_TRUE(unknownView.contains(QStringLiteral("no_such_view")) &&
              unknownView.contains(QStringLiteral("learned")))
      << unknownView.toStdString();
  EXPECT_TRUE(results.lastFor(1)->error.contains(QStringLiteral("range")))
      << results.lastFor(1)->error.toStdString();
  EXPECT_TRUE(results.lastFor(2)->error.isEmpty()) << results.lastFor(2)->error.toStdString();
  EXPECT_TRUE(std::holds_alternative<MatrixResult>(results.lastFor(2)->data));

  // The controller keeps working after errors.
  results.items.clear();
  ViewRequest inside = matrixRequest("similarity");
  inside.region.r0 = 100;
  ctl.setRequest(1, inside);
  ASSERT_TRUE(waitIdle(ctl));
  ASSERT_EQ(results.countFor(1), 1);
  EXPECT_TRUE(results.lastFor(1)->error.isEmpty()) << results.lastFor(1)->error.toStdString();
  EXPECT_EQ(matrixOf(*results.lastFor(1)).rows.front(), 100);
}

TEST(EncodingController, RemovedSlotsGetNoResults) {
  EncodingController ctl;
  Results results(ctl);
  ctl.setRequest(0, matrixRequest("encoding"));
  ctl.setRequest(1, matrixRequest("similarity"));
  ctl.removeSlot(1);
  ASSERT_TRUE(waitIdle(ctl));
  EXPECT_EQ(results.countFor(0), 1);
  EXPECT_EQ(results.countFor(1), 0);
}

TEST(EncodingController, BusyChangedBracketsTheWork) {
  EncodingController ctl;
  QSignalSpy busy(&ctl, &EncodingController::busyChanged);
  ctl.setRequest(0, matrixRequest("encoding"));
  ASSERT_EQ(busy.count(), 1);
  EXPECT_TRUE(busy.at(0).at(0).toBool());
  ASSERT_TRUE(waitIdle(ctl));
  ASSERT_EQ(busy.count(), 2);
  EXPECT_FALSE(busy.at(1).at(0).toBool());
}

TEST(EncodingController, DestroyingItDuringALongComputationIsSafe) {
  auto ctl = std::make_unique<EncodingController>();
  ctl->setThrottleInterval(0);
  ctl->setScheme(QStringLiteral("alibi"), slowParams());
  int delivered = 0;
  QObject::connect(ctl.get(), &EncodingController::resultReady, [&] { ++delivered; });
  // The batch is held on the worker until the controller is gone (the hook's copy lives in
  // the batch, and the semaphore outlives both).
  auto destroyed = std::make_shared<QSemaphore>();
  ctl->setWorkerHook([destroyed] { (void)destroyed->tryAcquire(1, kTimeoutMs); });
  ctl->setRequest(0, matrixRequest("bias", 0));
  ASSERT_TRUE(waitUntil([&] { return ctl->computationCount() == 1u; }));
  ASSERT_TRUE(ctl->busy());
  ctl.reset();  // while the worker still computes
  destroyed->release();
  // Let the orphaned computation finish and anything it queued run, inside this test (under
  // AddressSanitizer, a worker touching the dead controller is reported here).
  EXPECT_TRUE(QThreadPool::globalInstance()->waitForDone(kTimeoutMs));
  QTest::qWait(20);
  EXPECT_EQ(delivered, 0);

  // A fresh controller works while the orphaned computation may still be finishing.
  EncodingController other;
  QSignalSpy ready(&other, &EncodingController::resultReady);
  other.setRequest(0, matrixRequest("encoding", 8));
  ASSERT_TRUE(ready.wait(kTimeoutMs));
}

}  // namespace
}  // namespace posenc::ui
