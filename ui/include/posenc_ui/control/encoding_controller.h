// SPDX-License-Identifier: GPL-3.0-or-later
// Owns the current scheme and parameters and computes what the views ask for, off the UI thread.
#pragma once

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QTimer>
#include <exception>
#include <functional>
#include <map>
#include <set>
#include <utility>
#include <variant>
#include <vector>

#include "posenc/base/scheme.hpp"

namespace posenc::ui {

/// What one view slot asks for: a view id and, for matrix views, the region it shows.
struct ViewRequest {
  QString view;
  posenc::Region region;  ///< Ignored for series views.
  friend bool operator==(const ViewRequest&, const ViewRequest&) = default;
};

/// A computed view, for one slot.
struct ViewResult {
  QString scheme;
  QString view;
  posenc::ParamSet params;  ///< The parameters it was computed with.
  std::variant<std::monostate, posenc::MatrixResult, posenc::SeriesResult> data;
  QString error;  ///< Non-empty when the computation failed (the core's message).
  /// The exception of a failed computation, so the window can say it in its language
  /// (translation.h errorMessage); null when there was none.
  std::exception_ptr failure;
  double computeMs = 0;    ///< Wall time of the computation.
  quint64 generation = 0;  ///< Increases with every request; never below one already delivered.
};

/// Panel -> controller (throttled) -> worker thread -> resultReady -> views.
///
/// Every change (parameters, scheme, a slot's request) marks slots dirty. The throttle is
/// leading-edge: a change after a quiet period (no batch started within the last interval)
/// is computed at once, as soon as control returns to the event loop, so a single edit pays
/// no wait; changes during a burst start a single-shot timer that is not restarted while it
/// runs, so a slider drag computes at most once per interval, at a steady cadence during the
/// drag, not only at its end. The dirty slots are computed on a worker thread (QtConcurrent)
/// from a copied snapshot; only one computation runs at a time, and changes made meanwhile
/// are merged into the next one, which uses the newest parameters.
/// A result is delivered (in the controller's thread) only if its generation is still the
/// newest for its slot and it was computed with the current scheme and parameters, so stale
/// pictures are never shown.
///
/// A slot whose view is not a view of the current scheme is skipped when the scheme or the
/// parameters change (the window is expected to set a valid request in its schemeChanged
/// handler); it is computed only when set explicitly with setRequest, and then its result
/// carries the core's "not a view of" error.
class EncodingController : public QObject {
  Q_OBJECT
 public:
  explicit EncodingController(QObject* parent = nullptr);
  /// Does not wait: a running computation works on its own copy of the inputs and finishes
  /// in the thread pool without touching the destroyed controller (QApplication's destructor
  /// waits for the pool at exit).
  ~EncodingController() override;

  [[nodiscard]] const posenc::Scheme& scheme() const { return *m_scheme; }
  [[nodiscard]] const posenc::ParamSet& params() const { return m_params; }

  /// Throttle interval in ms (default 30): batches start at least this far apart, so bursts
  /// of edits compute at most once per interval while the burst goes on, not only after it
  /// ends; the first edit after a quiet period computes at once. Negative values count as 0.
  void setThrottleInterval(int ms);
  [[nodiscard]] int throttleInterval() const { return m_intervalMs; }

  /// True while a computation is running or scheduled.
  [[nodiscard]] bool busy() const;

  /// Interim results (default off). Off: a result is delivered only if it is still the newest
  /// request of its slot and was computed with the current scheme and parameters, so during
  /// a drag whose computations are slower than the gaps between edits nothing is delivered
  /// until the edits pause. On: a superseded result of the current scheme and of the slot's
  /// current view is delivered too, unless a newer one was already delivered for that slot
  /// (pictures never go back in time); the exact result always follows, since its slot is
  /// still dirty. ViewResult::params tells which parameters a picture shows.
  void setInterimResults(bool on) { m_interim = on; }
  [[nodiscard]] bool interimResults() const { return m_interim; }

  /// A function every batch calls first, on the worker thread, before computing anything
  /// (default none). Tests use it to hold a computation until something has happened in the
  /// UI thread, instead of relying on a computation being slow. Applies to batches started
  /// after the call; it must be thread-safe and must not touch the controller.
  void setWorkerHook(std::function<void()> hook) { m_workerHook = std::move(hook); }

  /// Number of computations (batches of dirty slots) started so far; several edits merged
  /// into one batch count once.
  [[nodiscard]] quint64 computationCount() const { return m_computations; }

 public slots:
  /// Switches scheme with the given parameters (validated; missing parameters take their
  /// defaults, so an empty set means all defaults). An unknown scheme id, an unknown
  /// parameter or an invalid set is refused with paramsRejected and changes nothing. Emits
  /// schemeChanged (when the scheme differs) and paramsChanged (when the parameters differ),
  /// and recomputes every slot whose view exists in the new scheme.
  void setScheme(const QString& schemeId, const posenc::ParamSet& params = {});
  /// Applies new parameters (a full set, validated with validateParams; invalid sets are
  /// refused with paramsRejected and never applied). Compare -> assign -> schedule -> emit
  /// paramsChanged. Every slot is recomputed.
  void setParams(const posenc::ParamSet& params);
  /// Sets what slot `slot` shows; schedules a computation of that slot only if it changed.
  void setRequest(int slot, const ViewRequest& request);
  /// Forgets a slot (its view was closed); a result still being computed for it is dropped.
  void removeSlot(int slot);

 signals:
  void schemeChanged(const QString& schemeId);
  void paramsChanged(const posenc::ParamSet& params);
  void paramsRejected(const QString& param, const QString& message);
  void resultReady(int slot, const posenc::ui::ViewResult& result);
  void busyChanged(bool busy);

 private:
  /// One slot to compute: what it asks for and the generation that asked.
  struct Job {
    int slot = 0;
    ViewRequest request;
    quint64 generation = 0;
  };
  /// Everything a worker needs, copied: the worker never touches the controller.
  struct Batch {
    const posenc::Scheme* scheme = nullptr;  ///< Stateless and thread-safe (static storage).
    posenc::ParamSet params;
    std::vector<Job> jobs;
    std::function<void()> hook;  ///< setWorkerHook's function, or empty.
  };
  using Output = std::vector<std::pair<int, ViewResult>>;

  /// Runs on a worker thread. Never throws: a failed slot yields a result with `error` set.
  static Output computeBatch(const Batch& batch);

  void schedule();
  /// Milliseconds until one interval has passed since the last batch started (0 if it has,
  /// or if none has started yet).
  [[nodiscard]] int remainingInterval() const;
  void startComputation();
  void onComputationFinished();
  void markDirty(int slot);
  /// Marks dirty every slot whose view exists in the current scheme; bumps every slot's
  /// generation so results in flight are dropped.
  void markAllDirty();
  void updateBusy();

  const posenc::Scheme* m_scheme = nullptr;
  posenc::ParamSet m_params;
  std::map<int, ViewRequest> m_requests;
  std::map<int, quint64> m_latest;     ///< Newest generation requested per slot.
  std::map<int, quint64> m_delivered;  ///< Generation of the last result delivered per slot.
  std::set<int> m_dirty;               ///< Slots to compute in the next batch.
  quint64 m_generation = 0;
  quint64 m_computations = 0;
  int m_intervalMs = 30;
  QTimer m_throttle{this};
  QElapsedTimer m_sinceStart;  ///< Time since the running (or last) batch started.
  QFutureWatcher<Output> m_watcher;
  bool m_running = false;
  bool m_interim = false;
  bool m_busy = false;  ///< Last value announced by busyChanged.
  std::function<void()> m_workerHook;
};

}  // namespace posenc::ui
