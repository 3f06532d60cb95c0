// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/session_actions.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>

#include "posenc/io/data_io.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/control/encoding_controller.h"

namespace posenc::ui {

QString lastFolder() {
  const QString folder = QSettings().value(settings::kLastFolder).toString();
  return folder.isEmpty() ? QDir::homePath() : folder;
}

void rememberFolder(const QString& path) {
  QSettings settings;
  const QString folder = QFileInfo(path).absolutePath();
  if (settings.value(settings::kLastFolder).toString() != folder)
    settings.setValue(settings::kLastFolder, folder);
}

bool reportFailure(QWidget* parent, const QString& title, const std::exception& e, QString* error) {
  const QString reason = errorMessage(e);
  if (error) *error = reason;
  else QMessageBox::warning(parent, title, reason);
  return false;
}

SessionActions::SessionActions(QMainWindow* window, const EncodingController& controller,
                               QUndoStack& undo, Current current, Apply apply)
    : QObject(window),
      m_window(window),
      m_controller(controller),
      m_undo(undo),
      m_current(std::move(current)),
      m_apply(std::move(apply)) {
  connect(&m_undo, &QUndoStack::cleanChanged, this, [this] { updateTitle(); });
  connect(&m_undo, &QUndoStack::indexChanged, this, [this] { updateTitle(); });
}

bool SessionActions::openSession(const QString& path, QString* error) {
  try {
    m_apply(loadSessionFile(path));
  } catch (const SessionError& e) {
    return reportFailure(m_window, tr("Cannot open session"), e, error);
  }
  m_opened = true;
  sessionFileDone(path, tr("Opened %1"));
  return true;
}

bool SessionActions::saveSession(const QString& path, QString* error) {
  try {
    saveSessionFile(path, m_current());
  } catch (const IoError& e) {
    return reportFailure(m_window, tr("Cannot save session"), e, error);
  }
  sessionFileDone(path, tr("Saved %1"));
  return true;
}

void SessionActions::sessionFileDone(const QString& path, const QString& message) {
  m_path = path;
  m_undo.setClean();
  addRecentFile(path);
  rememberFolder(path);
  updateTitle();
  m_window->statusBar()->showMessage(message.arg(QDir::toNativeSeparators(path)), 5000);
}

void SessionActions::applyPreset(const QString& id) {
  try {
    Session preset = presetSession(id);
    Session keep = m_current();
    keep.scheme = preset.scheme;
    keep.params = preset.params;
    keep.zoom.reset();
    keep.model.clear();  // the preset's parameters, not the model's
    if (keep.scheme != qs(m_controller.scheme().info().id)) {
      keep.view = preset.view;  // the preset's view if it names one, else the scheme's first
      keep.gridViews.clear();
    }
    m_apply(keep);
    QString name = id;  // the preset's name in the current language, as in the menu
    for (const PresetInfo& p : presets())
      if (p.id == id) name = presetText(p.name);
    m_window->statusBar()->showMessage(tr("Preset: %1").arg(name), 5000);
  } catch (const SessionError& e) {
    QMessageBox::warning(m_window, tr("Cannot apply preset"), QString::fromUtf8(e.what()));
  }
}

void SessionActions::restoreLastSession() {
  const QByteArray json = QSettings().value(settings::kLastSession).toByteArray();
  if (json.isEmpty()) return;
  try {
    m_apply(readSession(json));
    m_undo.clear();
    markStartState();
  } catch (const SessionError& e) {
    // Not a status message: it would be drawn over the status bar's text and gone in seconds.
    emit problem(tr("The session of the last run was not restored; the window starts with "
                    "the defaults."),
                 QString::fromUtf8(e.what()));
  }
}

void SessionActions::markStartState() { m_startState = m_current(); }

void SessionActions::saveLastSession() {
  const Session current = m_current();
  if (!m_opened && current == m_startState) return;
  QSettings().setValue(settings::kLastSession, writeSession(current));
}

void SessionActions::open() {
  const QString path =
      QFileDialog::getOpenFileName(m_window, tr("Open session"), lastFolder(),
                                   tr("PosEnc sessions (*.posenc.json *.json);;All files (*)"));
  if (!path.isEmpty()) openSession(path, nullptr);
}

bool SessionActions::save() { return m_path.isEmpty() ? saveAs() : saveSession(m_path, nullptr); }

bool SessionActions::saveAs() {
  // *.posenc.json is the session file type the desktop knows (resources/desktop/
  // org.posenc.Explorer.xml), so a saved session opens in PosEnc Explorer when double-clicked;
  // sessions named *.json are still listed and opened.
  QString path = QFileDialog::getSaveFileName(m_window, tr("Save session"),
                                              lastFolder() + QStringLiteral("/session.posenc.json"),
                                              tr("PosEnc sessions (*.posenc.json *.json)"));
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".posenc.json");
  return saveSession(path, nullptr);
}

void SessionActions::setUnsavedPrompt(UnsavedPrompt prompt) { m_unsavedPrompt = std::move(prompt); }

bool SessionActions::mayClose() {
  if (m_undo.isClean()) return true;
  const QMessageBox::StandardButton answer =
      m_unsavedPrompt
          ? m_unsavedPrompt()
          : QMessageBox::question(
                m_window, tr("Unsaved changes"),
                tr("The session has changes that are not saved. Save them before quitting?"),
                QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  switch (answer) {
    case QMessageBox::Save:
      return save();
    case QMessageBox::Discard:
      return true;
    default:
      return false;  // Cancel, or the box closed with Escape
  }
}

QStringList SessionActions::recentFiles() const {
  return QSettings().value(settings::kRecentFiles).toStringList();
}

void SessionActions::addRecentFile(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(settings::kRecentFiles).toStringList();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > settings::kMaxRecentFiles) recent.removeLast();
  settings.setValue(settings::kRecentFiles, recent);
  emit recentFilesChanged(recent);
}

void SessionActions::updateTitle() {
  const QString name = m_path.isEmpty() ? tr("untitled") : QFileInfo(m_path).fileName();
  const QString model = m_modelLabel.isEmpty() ? QString() : m_modelLabel + QStringLiteral(" - ");
  m_window->setWindowTitle(QStringLiteral("%1%2 - %3%4 - PosEnc Explorer")
                               .arg(name, m_undo.isClean() ? QString() : QStringLiteral(" *"),
                                    model, coreText(m_controller.scheme().info().name)));
}

void SessionActions::setModelLabel(const QString& label) {
  m_modelLabel = label;
  updateTitle();
}

void SessionActions::dragEnter(QDragEnterEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile()) event->acceptProposedAction();
}

void SessionActions::drop(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.first().isLocalFile()) return;
  openSession(urls.first().toLocalFile(), nullptr);
  event->acceptProposedAction();
}

}  // namespace posenc::ui
