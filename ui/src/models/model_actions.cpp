// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/models/model_actions.h"

#include <QDir>
#include <QDropEvent>
#include <QEvent>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSettings>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <exception>
#include <utility>

#include "posenc/base/scheme.hpp"
#include "posenc/tensors/tensor_file.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/control/encoding_controller.h"
#include "posenc_ui/models/layer_chooser.h"
#include "posenc_ui/models/open_model_dialog.h"

namespace posenc::ui {

namespace {

/// The outcome of modelSetup on a worker thread: the setup or what it threw.
struct Outcome {
  std::optional<ModelSetup> setup;
  std::exception_ptr error;
};

Outcome readModel(const std::string& pathOrId, const std::filesystem::path& cache) {
  Outcome out;
  try {
    out.setup = modelSetup(pathOrId, cache);
  } catch (...) {
    out.error = std::current_exception();
  }
  return out;
}

/// "wpe.weight (1024 x 768, F32)" for a found tensor.
QString tensorText(const TensorFound& t) {
  QStringList dims;
  for (const std::int64_t d : t.shape) dims << QString::number(d);
  return QStringLiteral("%1 (%2, %3)")
      .arg(qs(t.name), dims.join(QStringLiteral(" x ")), qs(t.dtype));
}

QString escaped(const std::string& s) { return qs(s).toHtmlEscaped(); }

/// Whether modelSetup set `param` to a tensor it found in the checkpoint (rather than to a
/// value of the config).
bool fromCheckpoint(const ModelSetup& setup, const std::string& param) {
  if (!setup.report.mapping) return false;
  const std::vector<TensorUse>& uses = setup.report.mapping->tensors;
  for (std::size_t i = 0; i < uses.size() && i < setup.report.tensors.size(); ++i)
    if (uses[i].param == param && setup.report.tensors[i].found) return true;
  return false;
}

/// The values `setup` sets, as `params` (its scheme's, validated) hold them.
ParamSet valuesSet(const ModelSetup& setup, const ParamSet& params) {
  ParamSet set;
  for (const auto& [id, value] : setup.params)
    if (params.has(id)) set.set(id, params.get(id));
  return set;
}

}  // namespace

struct ModelActions::Pending {
  QString given;
  QFutureWatcher<Outcome>* watcher = nullptr;  ///< A child of the ModelActions.
};

bool isModelPath(const QString& path) {
  const QFileInfo info(path);
  if (info.isDir()) return true;
  const QString name = info.fileName().toLower();
  return name == QLatin1String("config.json") || name.endsWith(QLatin1String(".safetensors")) ||
         name.endsWith(QLatin1String(".safetensors.index.json"));
}

bool recentModelExists(const QString& entry, const std::filesystem::path& cache) {
  if (QFileInfo(entry).isAbsolute()) return QFileInfo::exists(entry);
  try {
    (void)locateModel(entry.toStdString(), cache);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

ModelActions::ModelActions(QWidget* window, const EncodingController& controller, Current current,
                           Apply apply)
    : QObject(window),
      m_window(window),
      m_controller(controller),
      m_current(std::move(current)),
      m_apply(std::move(apply)),
      m_panel(new QWidget(window)),
      m_strip(new QLabel(m_panel)),
      m_chooser(new LayerChooser(m_panel)) {
  m_panel->setObjectName(QStringLiteral("ModelPanel"));
  m_panel->setStyleSheet(QStringLiteral(
      "QWidget#ModelPanel { background: #e8f0fb; border-bottom: 1px solid #8aa4c8; }"));
  m_panel->setAttribute(Qt::WA_StyledBackground);
  // The chooser over the strip, so that the strip's sentences keep the window's width (beside
  // it, at 1024 x 768, they wrapped into a tall column over the plots).
  auto* column = new QVBoxLayout(m_panel);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(0);
  column->addWidget(m_chooser, 0, Qt::AlignLeft);
  // The strip scrolls past six lines: a model's notes, derived values and warnings took a third
  // of a 1024 x 768 window from the plots (Llama 4: nine lines).
  m_stripScroll = new QScrollArea(m_panel);
  m_stripScroll->setObjectName(QStringLiteral("ModelStripScroll"));
  m_stripScroll->setWidget(m_strip);
  m_stripScroll->setWidgetResizable(true);
  m_stripScroll->setFrameShape(QFrame::NoFrame);
  m_stripScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_stripScroll->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  column->addWidget(m_stripScroll);
  m_stripScroll->installEventFilter(this);
  connect(m_chooser, &LayerChooser::layerChosen, this, [this](qint64 index) { showLayer(index); });
  connect(m_chooser, &LayerChooser::layersViewRequested, this, &ModelActions::showLayersView);
  m_panel->hide();
  m_strip->setObjectName(QStringLiteral("ModelStrip"));
  m_strip->setWordWrap(true);
  m_strip->setTextFormat(Qt::RichText);
  m_strip->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_strip->setStyleSheet(QStringLiteral(
      "QLabel#ModelStrip { background: #e8f0fb; color: black; padding: 6px 12px; }"));
}

ModelActions::~ModelActions() {
  if (m_pending) m_pending->watcher->waitForFinished();
}

std::filesystem::path ModelActions::cache() const { return huggingFaceCache(); }

bool ModelActions::openModel(const QString& pathOrId, QString* error) {
  Outcome out = readModel(pathOrId.toStdString(), cache());
  if (out.error) return refuse(pathOrId, errorMessage(out.error), error);
  return applySetup(pathOrId, std::move(*out.setup), error);
}

bool ModelActions::drop(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.first().isLocalFile() || !isModelPath(urls.first().toLocalFile()))
    return false;
  openModelAsync(urls.first().toLocalFile());
  event->acceptProposedAction();
  return true;
}

void ModelActions::openModelAsync(const QString& pathOrId) {
  if (busy()) {
    emit modelFailed(tr("Still reading %1").arg(m_pending->given));
    return;
  }
  m_pending = std::make_unique<Pending>();
  m_pending->given = pathOrId;
  m_pending->watcher = new QFutureWatcher<Outcome>(this);
  connect(m_pending->watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
    const QString given = m_pending->given;
    QFutureWatcher<Outcome>* watcher = m_pending->watcher;
    Outcome out = watcher->result();
    m_pending.reset();
    watcher->deleteLater();  // it emits from here: deleted once back in the event loop
    QString reason;
    bool ok = false;
    if (out.error) {
      reason = errorMessage(out.error);  // whatever was thrown, bad_alloc included
      refuse(given, reason, nullptr);
    } else {
      ok = applySetup(given, std::move(*out.setup), &reason);
      if (!ok) refuse(given, reason, nullptr);
    }
    if (ok) emit modelOpened(label());
    else emit modelFailed(reason);
  });
  m_pending->watcher->setFuture(QtConcurrent::run(readModel, pathOrId.toStdString(), cache()));
}

bool ModelActions::adopt(const QString& given, std::optional<qint64> layer, QString* error) {
  Outcome out = readModel(given.toStdString(), cache());
  OpenedModel model;
  model.given = given;
  try {
    if (out.error) std::rethrow_exception(out.error);
    if (layer) out.setup = layerSetup(*out.setup, *layer);
    const ParamSet params = makeParams(findScheme(out.setup->scheme), out.setup->params);
    model.modelSet = valuesSet(*out.setup, params);
  } catch (const std::exception& e) {
    if (error) *error = errorMessage(e);
    m_opened.reset();
    stateChanged();
    return false;
  }
  model.setup = std::move(*out.setup);
  m_opened = std::move(model);
  stateChanged();
  return true;
}

bool ModelActions::showLayer(qint64 index, QString* error) {
  if (!m_opened) return false;
  ModelSetup setup;
  try {
    setup = layerSetup(m_opened->setup, index);
  } catch (const std::exception& e) {
    return refuse(m_opened->given, errorMessage(e), error);
  }
  return applySetup(m_opened->given, std::move(setup), error);
}

std::optional<qint64> ModelActions::shownLayer() const {
  if (label().isEmpty() || !m_opened->setup.layer) return std::nullopt;
  return *m_opened->setup.layer;
}

void ModelActions::showLayersView() {
  if (!m_opened || !m_opened->setup.report.mapping ||
      m_opened->setup.report.mapping->layers.empty())
    return;
  ModelSetup whole;
  whole.label = m_opened->setup.label;
  auto* dialog =
      new LayersDialog(m_window, layersView(*m_opened->setup.report.mapping, m_opened->setup.label),
                       messageText(drawnModel(whole)));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
}

QString ModelActions::shownModel() const {
  if (label().isEmpty()) return {};
  const QFileInfo local(m_opened->given);  // a path as an absolute one, a repo id as given
  return local.exists() ? local.absoluteFilePath() : m_opened->given;
}

bool ModelActions::busy() const { return m_pending != nullptr; }

bool ModelActions::refuse(const QString& given, const QString& reason, QString* error) {
  if (error) {
    *error = reason;
    return false;
  }
  // Window-modal without a nested event loop: the window stays as it was behind it.
  auto* box =
      new QMessageBox(QMessageBox::Warning, tr("Cannot open model"),
                      tr("The model %1 was not opened.").arg(QDir::toNativeSeparators(given)) +
                          QStringLiteral("\n\n") + reason,
                      QMessageBox::Ok, m_window);
  box->setObjectName(QStringLiteral("ModelRefused"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
  return false;
}

bool ModelActions::applySetup(const QString& given, ModelSetup setup, QString* error) {
  Session session = m_current();
  try {
    const Scheme& scheme = findScheme(setup.scheme);
    session.params = makeParams(scheme, setup.params);  // over the defaults, validated
  } catch (const std::exception& e) {
    // A table read from the checkpoint (cut short, not two-dimensional, not finite): the
    // error names the checkpoint's file already, and the config is not to blame.
    const auto* param = dynamic_cast<const ParamError*>(&e);
    if (param && fromCheckpoint(setup, param->param()))
      return refuse(given, errorMessage(e), error);
    // Any other ParamError names the parameter; say which model's config gave it.
    const QString file =
        setup.report.files.config.empty() ? given : qs(setup.report.files.config.string());
    return refuse(given,
                  QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(file), errorMessage(e)),
                  error);
  }
  OpenedModel model;
  model.given = given;
  model.modelSet = valuesSet(setup, session.params);
  const QString newScheme = qs(setup.scheme);
  if (newScheme != session.scheme) {
    session.view.clear();  // the scheme's first view
    session.gridViews.clear();
  }
  session.scheme = newScheme;
  session.zoom.reset();
  model.setup = std::move(setup);
  const QString modelLabel = messageText(drawnModel(model.setup));
  m_opened = std::move(model);
  m_apply(session, modelLabel);
  stateChanged();
  const bool local = QFileInfo::exists(given);
  addRecentModel(local ? QFileInfo(given).absoluteFilePath() : given);
  return true;
}

QString ModelActions::label() const {
  if (!m_opened) return {};
  if (qs(m_controller.scheme().info().id) != qs(m_opened->setup.scheme)) return {};
  const ParamSet& now = m_controller.params();
  for (const auto& [id, value] : m_opened->modelSet.items())
    if (!now.has(id) || !(now.get(id) == value)) return {};
  return messageText(drawnModel(m_opened->setup));
}

void ModelActions::followLayer() {
  if (!m_opened || !m_opened->setup.layer || !label().isEmpty()) return;
  const ModelMapping& m = *m_opened->setup.report.mapping;
  const std::string scheme = m_controller.scheme().info().id;
  const ParamSet& now = m_controller.params();
  for (const LayerKind& kind : layerKinds(m)) {
    try {
      ModelSetup s = layerSetup(m_opened->setup, kind.indices.front());
      if (s.scheme != scheme) continue;
      const ParamSet set = valuesSet(s, makeParams(findScheme(s.scheme), s.params));
      const auto& items = set.items();
      if (!std::all_of(items.begin(), items.end(), [&](const auto& kv) {
            return now.has(kv.first) && now.get(kv.first) == kv.second;
          }))
        continue;
      m_opened->setup = std::move(s);
      m_opened->modelSet = set;
      return;
    } catch (const std::exception&) {
      continue;
    }
  }
}

void ModelActions::stateChanged() {
  followLayer();
  updateStrip();
  const QString now = label();
  if (now == m_shownLabel) return;
  m_shownLabel = now;
  emit labelChanged(now);
}

void ModelActions::fitStrip() {
  // As high as its text at the width it has, at most six lines of the window's font.
  const int width = std::max(200, m_stripScroll->viewport()->width());
  const int six = 6 * m_strip->fontMetrics().lineSpacing() + 16;
  // heightForWidth is -1 while the strip is empty (the window starting): its size hint then.
  const int text = m_strip->heightForWidth(width);
  m_stripScroll->setFixedHeight(
      std::clamp(text >= 0 ? text : m_strip->sizeHint().height(), 0, six));
}

bool ModelActions::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_stripScroll && event->type() == QEvent::Resize) fitStrip();
  return QObject::eventFilter(watched, event);
}

void ModelActions::retranslate() {
  m_chooser->retranslate();
  updateStrip();
}

void ModelActions::updateStrip() {
  const bool shown = m_opened && !label().isEmpty();
  if (shown) m_strip->setText(describe(*m_opened));  // the window's font, as it scales
  fitStrip();
  m_chooser->setModel(shown ? &m_opened->setup : nullptr);
  m_strip->setVisible(shown);
  m_panel->setVisible(shown);
}

QString ModelActions::describe(const OpenedModel& model) {
  const ModelSetup& s = model.setup;
  const ModelReport& r = s.report;
  QStringList lines;
  QString head = tr("<b>Model: %1</b>").arg(messageText(drawnModel(s)).toHtmlEscaped());
  if (r.mapping)
    head += QStringLiteral(" &nbsp; ") +
            tr("(%1 config, drawn as %2)")
                .arg(escaped(r.mapping->modelType),
                     coreText(findScheme(s.scheme).info().name).toHtmlEscaped());
  lines << head;
  QStringList tensors;
  const bool checkpoint = !r.files.checkpoint.empty();
  for (const TensorFound& t : checkpoint ? r.tensors : std::vector<TensorFound>{}) {
    if (t.found)
      tensors << tr("%1: %2 from %3")
                     .arg(escaped(t.role), tensorText(t).toHtmlEscaped(),
                          escaped(t.file.filename().string()));
    else
      tensors << tr("%1: not in the checkpoint, a random stand-in is drawn").arg(escaped(t.role));
  }
  if (!tensors.isEmpty()) lines << tr("Tensors: %1").arg(tensors.join(QStringLiteral("; ")));
  else if (!checkpoint && r.mapping && !r.mapping->tensors.empty())
    lines << tr("No checkpoint found: random stand-ins are drawn for the trained tables");
  if (r.mapping && layerKinds(*r.mapping).size() > 1)
    lines << tr("Layers: %1").arg(messageText(layerSummary(*r.mapping)).toHtmlEscaped());
  if (r.mapping) {
    // The core's notes as data, said in the window's language (messageText).
    for (const Message& note : r.mapping->notes)
      lines << tr("Note: %1").arg(messageText(note).toHtmlEscaped());
    // Numbers the model derives that no parameter draws (MLA's softmax-scale multiplier):
    // the value as inspect writes it, with its formula.
    for (const ReportedValue& v : r.mapping->reported)
      lines << tr("Derived: %1 = %2, %3")
                   .arg(escaped(v.name), escaped(formatValue(Value{v.value})),
                        messageText(v.formula).toHtmlEscaped());
    for (const Message& key : r.mapping->notUnderstood)
      lines << tr("Not understood: %1").arg(messageText(key).toHtmlEscaped());
  }
  return lines.join(QStringLiteral("<br>"));
}

QStringList ModelActions::recentModels() const {
  return QSettings().value(settings::kRecentModels).toStringList();
}

QStringList ModelActions::missingRecentModels() const {
  QStringList missing;
  const std::filesystem::path where = cache();
  for (const QString& entry : recentModels())
    if (!recentModelExists(entry, where)) missing << entry;
  return missing;
}

void ModelActions::clearRecentModels() {
  QSettings().remove(settings::kRecentModels);
  emit recentModelsChanged({}, {});
}

void ModelActions::addRecentModel(const QString& entry) {
  QStringList recent = recentModels();
  recent.removeAll(entry);
  recent.prepend(entry);
  while (recent.size() > settings::kMaxRecentModels) recent.removeLast();
  QSettings().setValue(settings::kRecentModels, recent);
  emit recentModelsChanged(recent, missingRecentModels());
}

void ModelActions::openDialog() {
  OpenModelDialog dialog(m_window, cache());
  if (dialog.exec() != QDialog::Accepted || dialog.chosen().isEmpty()) return;
  openModelAsync(dialog.chosen());
}

}  // namespace posenc::ui
