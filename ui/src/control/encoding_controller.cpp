// SPDX-License-Identifier: GPL-3.0-or-later
// Throttled, off-thread computation of the views the window shows.
#include "posenc_ui/control/encoding_controller.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <new>
#include <string>

#include <QtConcurrent/QtConcurrentRun>

#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"

namespace posenc::ui {

namespace {

/// True when `view` is a view id of `scheme`.
bool hasView(const Scheme& scheme, const QString& view) {
  const std::string id = view.toStdString();
  const auto& views = scheme.info().views;
  return std::any_of(views.begin(), views.end(), [&](const ViewSpec& v) { return v.id == id; });
}

/// `params` completed with the scheme's defaults and put in specification order, so that
/// equal values compare equal whatever order the caller built them in.
/// @throws ParamError for a key that is not a parameter of the scheme.
ParamSet normalized(const Scheme& scheme, const ParamSet& params) {
  ParamSet out(scheme.info().params);
  for (const auto& [key, value] : params.items()) {
    (void)findParam(scheme, key);
    out.set(key, value);
  }
  return out;
}

}  // namespace

EncodingController::EncodingController(QObject* parent) : QObject(parent) {
  m_scheme = allSchemes().front().get();
  m_params = ParamSet(m_scheme->info().params);
  m_throttle.setSingleShot(true);
  connect(&m_throttle, &QTimer::timeout, this, &EncodingController::startComputation);
  connect(&m_watcher, &QFutureWatcherBase::finished, this,
          &EncodingController::onComputationFinished);
}

EncodingController::~EncodingController() {
  // The worker holds only its Batch copy and a pointer to a static scheme; the watcher is
  // destroyed with us, so no finished() reaches a destroyed object. Nothing to wait for.
  m_watcher.disconnect(this);
}

void EncodingController::setThrottleInterval(int ms) { m_intervalMs = std::max(ms, 0); }

bool EncodingController::busy() const { return m_running || m_throttle.isActive(); }

void EncodingController::setScheme(const QString& schemeId, const ParamSet& params) {
  const Scheme* scheme = nullptr;
  ParamSet values;
  try {
    scheme = &findScheme(schemeId.toStdString());
    values = normalized(*scheme, params);
    validateParams(*scheme, values);
  } catch (const ParamError& e) {
    emit paramsRejected(qs(e.param()), errorMessage(e));
    return;
  }
  const bool schemeDiffers = scheme != m_scheme;
  const bool paramsDiffer = schemeDiffers || values != m_params;
  if (!paramsDiffer) return;
  m_scheme = scheme;
  m_params = std::move(values);
  markAllDirty();
  schedule();
  // State is complete before anyone hears of it: a schemeChanged handler may call
  // setRequest, which lands in the same batch.
  if (schemeDiffers) emit schemeChanged(qs(m_scheme->info().id));
  emit paramsChanged(m_params);
}

void EncodingController::setParams(const ParamSet& params) {
  ParamSet values;
  try {
    validateParams(*m_scheme, params);
    values = normalized(*m_scheme, params);
  } catch (const ParamError& e) {
    emit paramsRejected(qs(e.param()), errorMessage(e));
    return;
  }
  if (values == m_params) return;
  m_params = std::move(values);
  markAllDirty();
  schedule();
  emit paramsChanged(m_params);
}

void EncodingController::setRequest(int slot, const ViewRequest& request) {
  const auto it = m_requests.find(slot);
  if (it != m_requests.end() && it->second == request) return;
  m_requests[slot] = request;
  markDirty(slot);
  schedule();
}

void EncodingController::removeSlot(int slot) {
  m_requests.erase(slot);
  m_latest.erase(slot);
  m_delivered.erase(slot);
  m_dirty.erase(slot);
}

void EncodingController::markDirty(int slot) {
  m_latest[slot] = ++m_generation;
  m_dirty.insert(slot);
}

void EncodingController::markAllDirty() {
  for (const auto& [slot, request] : m_requests) {
    m_latest[slot] = ++m_generation;
    if (hasView(*m_scheme, request.view)) m_dirty.insert(slot);
    else m_dirty.erase(slot);
  }
}

void EncodingController::schedule() {
  // Leading-edge throttle: the first change after a quiet period (no batch started within the
  // last interval) computes as soon as control returns to the event loop (a zero timer, so
  // everything changed in the same call chain, e.g. a schemeChanged handler's setRequest,
  // lands in the same batch); later changes of a burst wait until one interval has passed
  // since the last batch started. The timer is never restarted while active, so a steady
  // stream of edits still computes once per interval (PlotJuggler's delayed callback). While
  // a batch runs, the dirty set simply grows and onComputationFinished starts the next batch
  // with the newest parameters.
  if (!m_running && !m_throttle.isActive() && !m_dirty.empty())
    m_throttle.start(remainingInterval());
  updateBusy();
}

int EncodingController::remainingInterval() const {
  if (!m_sinceStart.isValid()) return 0;  // nothing computed yet: no interval to keep
  const auto elapsed = static_cast<int>(std::min<qint64>(m_sinceStart.elapsed(), 1 << 30));
  return std::max(0, m_intervalMs - elapsed);
}

void EncodingController::startComputation() {
  if (m_running || m_dirty.empty()) {
    updateBusy();
    return;
  }
  Batch batch;
  batch.scheme = m_scheme;
  batch.params = m_params;
  batch.hook = m_workerHook;
  for (int slot : m_dirty) batch.jobs.push_back({slot, m_requests.at(slot), m_latest.at(slot)});
  m_dirty.clear();
  m_running = true;
  ++m_computations;
  m_sinceStart.start();
  m_watcher.setFuture(QtConcurrent::run(&EncodingController::computeBatch, std::move(batch)));
  updateBusy();
}

void EncodingController::onComputationFinished() {
  m_running = false;
  QFuture<Output> future = m_watcher.future();
  const Output output = future.takeResult();
  const QString schemeId = qs(m_scheme->info().id);
  for (const auto& [slot, result] : output) {
    const auto latest = m_latest.find(slot);
    if (latest == m_latest.end()) continue;  // slot removed
    const bool current = latest->second == result.generation && result.scheme == schemeId &&
                         result.params == m_params;
    if (!current) {
      if (!m_interim || result.scheme != schemeId) continue;
      const auto request = m_requests.find(slot);
      if (request == m_requests.end() || request->second.view != result.view) continue;
      const auto delivered = m_delivered.find(slot);
      if (delivered != m_delivered.end() && delivered->second >= result.generation) continue;
    }
    m_delivered[slot] = result.generation;
    emit resultReady(slot, result);
  }
  // Work that arrived meanwhile: start it as soon as one interval has passed since this
  // batch started (immediately if the computation was slower than the interval).
  if (!m_dirty.empty() && !m_throttle.isActive()) m_throttle.start(remainingInterval());
  updateBusy();
}

void EncodingController::updateBusy() {
  const bool now = busy();
  if (now == m_busy) return;
  m_busy = now;
  emit busyChanged(now);
}

EncodingController::Output EncodingController::computeBatch(const Batch& batch) {
  if (batch.hook) batch.hook();
  Output out;
  out.reserve(batch.jobs.size());
  for (const Job& job : batch.jobs) {
    ViewResult r;
    r.scheme = qs(batch.scheme->info().id);
    r.view = job.request.view;
    r.params = batch.params;
    r.generation = job.generation;
    const auto t0 = std::chrono::steady_clock::now();
    try {
      const std::string view = job.request.view.toStdString();
      const ViewSpec& spec = findView(*batch.scheme, view);
      if (spec.kind == ViewKind::Matrix)
        r.data = computeMatrix(*batch.scheme, batch.params, view, job.request.region);
      else r.data = batch.scheme->series(batch.params, view);
    } catch (const std::bad_alloc&) {
      r.error = QStringLiteral("out of memory: ask for a smaller region or fewer samples");
      r.failure = std::current_exception();
    } catch (const std::exception& e) {
      r.error = qs(e.what());
      r.failure = std::current_exception();
    } catch (...) {
      r.error = QStringLiteral("unknown error while computing view %1").arg(job.request.view);
    }
    if (!r.error.isEmpty()) r.data = std::monostate{};
    r.computeMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    out.emplace_back(job.slot, std::move(r));
  }
  return out;
}

}  // namespace posenc::ui
