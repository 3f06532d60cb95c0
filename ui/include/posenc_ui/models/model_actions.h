// SPDX-License-Identifier: GPL-3.0-or-later
// Real models in the window: File > Open Model, models dropped on the window, the recent
// models, and the strip over the plots that says what was opened (the mapping's notes, the
// keys it did not understand, the tensors found and the stand-ins).
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "posenc/base/params.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc_ui/io/session_io.h"

class QDropEvent;
class QEvent;
class QLabel;
class QScrollArea;
class QWidget;

namespace posenc::ui {

class EncodingController;
class LayerChooser;

/// Whether `path` names something File > Open Model opens rather than a session: a folder,
/// a config.json, a .safetensors file or a model.safetensors.index.json.
[[nodiscard]] bool isModelPath(const QString& path);

/// Whether a recent-models entry can still be opened: a path that exists, or a repo id found
/// in the Hugging Face cache `cache`.
[[nodiscard]] bool recentModelExists(const QString& entry, const std::filesystem::path& cache);

/// The model the window shows: what modelSetup gave, and the parameter values it set.
struct OpenedModel {
  QString given;              ///< The path or repo id as opened (the recent-models entry).
  posenc::ModelSetup setup;   ///< Its label, scheme, parameters and report.
  posenc::ParamSet modelSet;  ///< The values the model set (only those parameters).
};

/// Opens models for the window and remembers them. Opening a model (modelSetup, then
/// makeParams over the scheme's defaults) either succeeds whole, applied through `apply` as
/// one undo step, or changes nothing: a ModelError, FileError or ParamError is shown in a
/// message box over `window` (object name "ModelRefused"; or given to the caller) naming the
/// file and the reason, and the recent list stays as it was.
///
/// The model's label (ModelSetup::label) is shown while the parameters still come from the
/// model: the scheme is the model's and every parameter the model set still has its value.
/// Switching scheme, editing such a parameter, a preset or a session that sets other values
/// hides it; undo back to the model's state shows it again.
class ModelActions : public QObject {
  Q_OBJECT
 public:
  /// Applies `session` (scheme, parameters, views) as one undo step named after `label`.
  using Apply = std::function<void(const Session& session, const QString& label)>;
  using Current = std::function<Session()>;

  ModelActions(QWidget* window, const EncodingController& controller, Current current, Apply apply);
  ~ModelActions() override;

  /// Opens `pathOrId` (a folder, config.json, .safetensors, index, or a repo id of the local
  /// Hugging Face cache) on the calling thread. Returns false with the reason on failure
  /// (through `error`, else in a message box); nothing changes then.
  bool openModel(const QString& pathOrId, QString* error = nullptr);
  /// The same with the files read on a worker thread (a sharded checkpoint's headers may take
  /// a while); the result is applied when ready and announced by opened() or failed(). A
  /// request while one is running is refused with a status message.
  void openModelAsync(const QString& pathOrId);
  /// Something dropped on the window: a model folder, config.json or checkpoint (isModelPath,
  /// the first URL) opens with openModelAsync and the drop is accepted (true); anything else
  /// is left alone (false).
  bool drop(QDropEvent* event);
  /// The model a session names (Session::model), once the session is applied: read again on
  /// this thread, so its label, strip and the window title come back while the parameters
  /// are the model's. Nothing is applied or added to the recent models. When it cannot be
  /// read (moved, deleted, changed) returns false with the reason in `error` and forgets the
  /// model opened before; the session stays as it was applied, without a label.
  /// `layer`: the layer the session drew (Session::modelLayer), else the model's default.
  bool adopt(const QString& given, std::optional<qint64> layer, QString* error);
  /// Draws layer `index` of the model shown (layerSetup) as one undo step named after it;
  /// false with the reason (through `error`, else in a message box) when it cannot be.
  bool showLayer(qint64 index, QString* error = nullptr);
  /// The layer drawn while the model is shown (ModelSetup::layer), for sessions.
  [[nodiscard]] std::optional<qint64> shownLayer() const;
  /// Opens the model's layers view in a window of its own (LayersDialog); nothing without a
  /// model shown that lists layers.
  void showLayersView();
  /// The model shown (label() not empty), for sessions: its path made absolute, or its repo
  /// id; empty for none.
  [[nodiscard]] QString shownModel() const;
  /// Whether an openModelAsync is still reading.
  [[nodiscard]] bool busy() const;

  /// File > Open Model...: the dialog of cached models, folder and file (modal, then
  /// openModelAsync of the choice).
  void openDialog();

  /// The label of the model shown, with the layer drawn when its layers differ (drawnModel, in
  /// the current language), empty when the parameters no longer come from it.
  [[nodiscard]] QString label() const;
  /// The model opened last, if any (whether or not it is still shown).
  [[nodiscard]] const std::optional<OpenedModel>& opened() const { return m_opened; }
  /// Call after every change of scheme or parameters: updates the strip and emits
  /// labelChanged when the label shown changes.
  void stateChanged();

  /// The strip over the plots (hidden while no model is shown).
  [[nodiscard]] QLabel* strip() const { return m_strip; }
  /// The layer chooser beside it (hidden unless the model's layers differ).
  [[nodiscard]] LayerChooser* chooser() const { return m_chooser; }
  /// The row that holds both, for the window's layout.
  [[nodiscard]] QWidget* panel() const { return m_panel; }
  /// The strip's text for `model` in the current language (rich text).
  [[nodiscard]] static QString describe(const OpenedModel& model);
  /// Texts in the current language.
  void retranslate();

  /// Most recent first (paths absolute, repo ids as given), at most settings::kMaxRecentModels.
  [[nodiscard]] QStringList recentModels() const;
  /// The entries of recentModels() that cannot be opened now (recentModelExists).
  [[nodiscard]] QStringList missingRecentModels() const;
  void clearRecentModels();

  /// The Hugging Face cache the dialog lists and repo ids resolve in (huggingFaceCache()).
  [[nodiscard]] std::filesystem::path cache() const;

 signals:
  void labelChanged(const QString& label);
  void recentModelsChanged(const QStringList& entries, const QStringList& missing);
  /// openModelAsync finished: the model is shown, or `reason` says why not.
  void modelOpened(const QString& label);
  void modelFailed(const QString& reason);

 private:
  /// Puts a ready setup in place: parameters validated, applied, remembered. Throws nothing.
  bool applySetup(const QString& given, posenc::ModelSetup setup, QString* error);
  /// Gives `reason` to the caller, else shows it in a window-modal box (without a nested
  /// event loop) over the window. Returns false.
  bool refuse(const QString& given, const QString& reason, QString* error);
  void addRecentModel(const QString& entry);
  void updateStrip();
  /// The strip's height: its text's at the width it has, at most six lines.
  void fitStrip();
  bool eventFilter(QObject* watched, QEvent* event) override;
  /// After an undo or redo between layers: the opened model follows the layer whose values
  /// the parameters now hold.
  void followLayer();

  QWidget* m_window;
  const EncodingController& m_controller;
  Current m_current;
  Apply m_apply;
  QWidget* m_panel;
  QLabel* m_strip;
  QScrollArea* m_stripScroll = nullptr;  ///< Holds the strip, at most six lines high.
  LayerChooser* m_chooser;
  std::optional<OpenedModel> m_opened;
  QString m_shownLabel;  ///< The label last emitted.
  struct Pending;
  std::unique_ptr<Pending> m_pending;  ///< The openModelAsync in flight.
};

}  // namespace posenc::ui
