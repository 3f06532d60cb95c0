// SPDX-License-Identifier: GPL-3.0-or-later
// The window's undo history: each step is a (scheme, parameters) state, and applying a session
// adds the view part (colour map, views, layout, zoom) on top of one such step.
#pragma once

#include <QObject>
#include <QString>
#include <QUndoCommand>
#include <functional>

#include "posenc_ui/io/session_io.h"

class QAction;
class QUndoStack;

namespace posenc::ui {

class EncodingController;

/// What an edit of parameters changes, for Undo and Redo: "base 10000 → 500000" for one
/// parameter (its short name in the current language, the values as the command line writes
/// them, a long list cut), "Change base, dim" for several, "Change parameters" for none.
[[nodiscard]] QString changeText(const posenc::ParamSet& before, const posenc::ParamSet& after);

/// One undoable change of scheme and parameters. Edits of the same parameter while a slider
/// is held (open = true) merge into one step, so one drag is one undo. Its text is made by
/// `describe` in the current language (an empty `describe`: changeText of the step's two
/// parameter sets), again after a language change (retranslate()) and after a merge.
class StateCommand : public QUndoCommand {
 public:
  using Apply = std::function<void(const QString&, const posenc::ParamSet&)>;
  StateCommand(Apply apply, QString schemeBefore, posenc::ParamSet before, QString schemeAfter,
               posenc::ParamSet after, QString param, bool open, std::function<QString()> describe);

  void retranslate();
  void undo() override { m_apply(m_schemeBefore, m_before); }
  void redo() override { m_apply(m_schemeAfter, m_after); }
  int id() const override { return 1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  std::function<QString()> m_describe;
  Apply m_apply;
  QString m_schemeBefore;
  posenc::ParamSet m_before;
  QString m_schemeAfter;
  posenc::ParamSet m_after;
  QString m_param;
  bool m_open;
};

/// The undo stack (500 steps) with its Undo and Redo actions, whose texts name the step in the
/// current language. Every change of scheme or parameters made by the user, a session, a preset
/// or a lesson step goes through here as one step.
class UndoState : public QObject {
  Q_OBJECT
 public:
  /// Puts scheme and parameters in place; undo, redo and each new step call it.
  using ApplyState = std::function<void(const QString& schemeId, const posenc::ParamSet& params)>;
  /// Puts a session's view part in place (colour map, views, layout, zoom), after its state.
  using ApplyViews = std::function<void(const Session& session)>;

  /// `controller` says what is current (the "before" of each step).
  UndoState(const EncodingController& controller, ApplyState applyState, ApplyViews applyViews,
            QObject* parent);

  [[nodiscard]] QUndoStack& stack() { return *m_stack; }
  /// Edit > Undo and Redo (plain actions, not QUndoStack's, so their texts follow the language).
  [[nodiscard]] QAction* undoAction() const { return m_undoAction; }
  [[nodiscard]] QAction* redoAction() const { return m_redoAction; }

  /// The user picked another scheme: its defaults, as "Switch to NAME".
  void chooseScheme(const QString& schemeId);
  /// The user edited `param` (still dragging while `continuing`), named by changeText.
  void editParams(const posenc::ParamSet& params, const QString& param, bool continuing);
  /// Scheme and parameters of `session` as one step named by `describe`, then its view part.
  void applySession(const Session& session, std::function<QString()> describe);

  /// Every step's text and the actions' texts in the current language.
  void retranslate();

 private:
  void push(const QString& schemeAfter, const posenc::ParamSet& after, const QString& param,
            bool open, std::function<QString()> describe);
  void updateActionTexts();

  const EncodingController& m_controller;
  ApplyState m_applyState;
  ApplyViews m_applyViews;
  QUndoStack* m_stack = nullptr;
  QAction* m_undoAction = nullptr;
  QAction* m_redoAction = nullptr;
};

}  // namespace posenc::ui
