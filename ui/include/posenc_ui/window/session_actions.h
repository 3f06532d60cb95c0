// SPDX-License-Identifier: GPL-3.0-or-later
// Session files as the window offers them: open, save, save as, recent files, presets, the
// session of the last exit, files dropped on the window and the "unsaved" mark in the title.
#pragma once

#include <QMessageBox>
#include <QObject>
#include <QString>
#include <QStringList>
#include <exception>
#include <functional>
#include <optional>

#include "posenc_ui/io/session_io.h"

class QDragEnterEvent;
class QDropEvent;
class QMainWindow;
class QUndoStack;
class QWidget;

namespace posenc::ui {

class EncodingController;

/// The folder the file dialogs start in: the last one used, else the home folder.
[[nodiscard]] QString lastFolder();
/// Remembers the folder of `path` (a file) for the next file dialog.
void rememberFolder(const QString& path);
/// Gives the reason of `e` to the caller through `error`, or in a message box titled `title`
/// over `parent` when `error` is null. Returns false, for `return reportFailure(...)`.
bool reportFailure(QWidget* parent, const QString& title, const std::exception& e, QString* error);

/// Opens and saves sessions for `window`, names it in its title ("NAME * - SCHEME - PosEnc
/// Explorer", the star while the undo stack is not clean) and keeps the recent-files list.
class SessionActions : public QObject {
  Q_OBJECT
 public:
  using Current = std::function<Session()>;
  using Apply = std::function<void(const Session&)>;
  /// Asks what to do with unsaved edits before quitting: Save, Discard or Cancel.
  using UnsavedPrompt = std::function<QMessageBox::StandardButton()>;

  /// `current` gives the window's session, `apply` applies one as an undo step of `undo`.
  SessionActions(QMainWindow* window, const EncodingController& controller, QUndoStack& undo,
                 Current current, Apply apply);

  /// See MainWindow::openSession / saveSession.
  bool openSession(const QString& path, QString* error);
  bool saveSession(const QString& path, QString* error);
  /// A built-in preset's scheme and parameters; the view layout stays.
  void applyPreset(const QString& id);
  /// The session saved at the last exit, if any and valid (no undo step); then markStartState.
  void restoreLastSession();
  /// The window shows a state the user did not produce in this run: the defaults it was built
  /// with, or the session just restored. The window calls it once it is built.
  void markStartState();
  /// At exit: saves the current session for restoreLastSession, but only when the user produced
  /// it in this run: a session file was opened, or the session differs from the one of
  /// markStartState (an edit, another view, layout, colour map, zoom, preset, lesson step).
  /// Otherwise the remembered session stays as it is, byte for byte: quitting never replaces
  /// it with defaults nobody chose (after a file that could not be opened, or a remembered
  /// session this version cannot read), and a failed open changes nothing.
  void saveLastSession();

  /// File > Open, Save, Save As (with their file dialogs). save and saveAs return whether
  /// the session was written (false when the dialog was cancelled or the save failed).
  void open();
  bool save();
  bool saveAs();

  /// Before the window closes: with unsaved edits (the undo stack is not clean) asks Save /
  /// Discard / Cancel. Returns whether the window may close: nothing to ask, Discard, or Save
  /// that wrote the file (Save As when the session has none); Cancel or a failed or cancelled
  /// save keep the window open.
  [[nodiscard]] bool mayClose();
  /// Replaces the question of mayClose (a QMessageBox over the window), e.g. for tests.
  void setUnsavedPrompt(UnsavedPrompt prompt);

  /// Most recent first (absolute paths).
  [[nodiscard]] QStringList recentFiles() const;
  /// Sets the window title from the session file, the undo stack, the model shown and the
  /// scheme: "NAME * - MODEL - SCHEME - PosEnc Explorer".
  void updateTitle();
  /// The label of the model shown (ModelActions::label), empty for none; updates the title.
  void setModelLabel(const QString& label);

  /// A session file dragged over or dropped on the window (the first local file).
  void dragEnter(QDragEnterEvent* event);
  void drop(QDropEvent* event);

 signals:
  void recentFilesChanged(const QStringList& paths);
  /// Something the person should read that no dialog asked for (the remembered session cannot
  /// be read): `what` could not be done, and why.
  void problem(const QString& what, const QString& reason);

 private:
  /// After a session file was opened or saved: remember it, mark clean, say so.
  void sessionFileDone(const QString& path, const QString& message);
  void addRecentFile(const QString& path);

  QMainWindow* m_window;
  const EncodingController& m_controller;
  QUndoStack& m_undo;
  Current m_current;
  Apply m_apply;
  QString m_path;        ///< The session file opened or saved last; empty = untitled.
  QString m_modelLabel;  ///< The model shown, for the title; empty = none.
  /// The session the window showed before the user did anything (markStartState).
  std::optional<Session> m_startState;
  bool m_opened = false;          ///< A session file was opened in this run.
  UnsavedPrompt m_unsavedPrompt;  ///< Empty: the QMessageBox.
};

}  // namespace posenc::ui
