// SPDX-License-Identifier: GPL-3.0-or-later
// What the window shows (scheme, parameters, views, model) read as a session, and every change
// of it put in place as one undo step.
#pragma once

#include <QObject>
#include <QString>

#include "posenc/base/params.hpp"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/io/session_io.h"

namespace posenc::ui {

class EncodingController;
class Menus;
class ModelActions;
class ParameterPanel;
class ProblemLog;
class SchemeList;
class UndoState;
class ViewGrid;
struct CheckTarget;

/// The scheme and parameters the window shows (the controller, the Schemes list, the parameter
/// panel), its views (colour map, views, layout, zoom, with their menu marks) and the model
/// they came from. Every change is one undo step (UndoState): a scheme chosen in the list, a
/// parameter edited in the panel, a session, a lesson step, a model, a slip the check found.
/// Undo, redo and every new step put their state back through applyState and applyViews, which
/// set the list and the panel without their choices coming back as new steps.
class ShownState : public QObject {
  Q_OBJECT
 public:
  /// The parts that show the state, children of the window like this.
  struct Parts {
    EncodingController& controller;
    UndoState& undo;
    SchemeList& schemes;
    ParameterPanel& panel;
    ViewGrid& grid;
    Menus& menus;
    ModelActions& models;
    ProblemLog& problems;
  };
  ShownState(const Parts& parts, QObject* parent);

  /// The scheme, parameters, views, layout, colour map, the first cell's zoom and the model.
  [[nodiscard]] Session current() const;
  /// See MainWindow::applySession: one step, then the session's model is read again (a model
  /// that cannot be is reported in the problems bar, and the session stays).
  void applySession(const Session& session);
  /// A lesson step's session as one step named by its title; the user's colour map stays.
  void applyLessonStep(Session session, const LocalizedText& title);
  /// An opened model's session as one step, "Open model LABEL".
  void applyModel(const Session& session, const QString& label);
  /// What File > Check Against File compares with: the scheme, parameters and first view.
  [[nodiscard]] CheckTarget checkTarget() const;
  /// A slip's setting the check found: an edit of `param` as the panel makes it, or (when the
  /// scheme changed since the check) a step that shows the checked view of that scheme.
  void applyChecked(const CheckTarget& target, const QString& param);

  /// Puts scheme and parameters in place (UndoState::ApplyState).
  void applyState(const QString& schemeId, const posenc::ParamSet& params);
  /// Puts a session's view part in place: colour map, views, layout, zoom (UndoState::ApplyViews).
  void applyViews(const Session& session);
  /// The list, the panel and the views for the controller's scheme (at the start, after a
  /// change of scheme).
  void rebuildForScheme();
  /// See MainWindow::setLayoutMode and setColormap; the menus' marks follow.
  void setLayoutMode(const QString& mode);
  void setColormap(const QString& id);
  /// The colour map of the last exit (settings::kColormap), if it still exists.
  void restoreColormap();
  /// Remembers the colour map for the next start.
  void rememberColormap() const;

 signals:
  /// The parameters of the same scheme were put in place.
  void paramsApplied(const posenc::ParamSet& params);
  /// The list, the panel and the views show a new scheme (rebuildForScheme).
  void schemeRebuilt();
  /// Scheme and parameters were put in place (applyState).
  void stateApplied();

 private:
  Parts m_parts;
  bool m_applying = false;  ///< True while a state is put in place.
};

}  // namespace posenc::ui
