// SPDX-License-Identifier: GPL-3.0-or-later
// What the window shows, and every change of it as one undo step (shown_state.h).
#include "posenc_ui/window/shown_state.h"

#include <QDir>
#include <QSettings>
#include <utility>

#include "posenc_ui/check/check_window.h"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/control/encoding_controller.h"
#include "posenc_ui/help/problem_log.h"
#include "posenc_ui/models/model_actions.h"
#include "posenc_ui/panels/scheme_list.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/plot/colormaps.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/menus.h"
#include "posenc_ui/window/undo_state.h"
#include "posenc_ui/window/view_grid.h"

namespace posenc::ui {

ShownState::ShownState(const Parts& parts, QObject* parent) : QObject(parent), m_parts(parts) {
  // A choice or an edit by the user is an undo step; the list and the panel showing a state
  // put in place are not.
  connect(&parts.schemes, &SchemeList::schemeChosen, this, [this](const QString& schemeId) {
    if (!m_applying) m_parts.undo.chooseScheme(schemeId);
  });
  connect(&parts.panel, &ParameterPanel::paramsEdited, this,
          [this](const ParamSet& params, const QString& param, bool continuing) {
            if (!m_applying) m_parts.undo.editParams(params, param, continuing);
          });
}

Session ShownState::current() const {
  ViewGrid& grid = m_parts.grid;
  Session s;
  s.scheme = qs(m_parts.controller.scheme().info().id);
  s.params = m_parts.controller.params();
  s.view = grid.cellView(0);
  s.layout = grid.layoutMode();
  s.gridViews = grid.gridViews();
  s.colormap = grid.colormap();
  s.zoom = grid.plotView(0).zoom();
  s.model = m_parts.models.shownModel();
  if (!s.model.isEmpty()) s.modelLayer = m_parts.models.shownLayer();
  return s;
}

void ShownState::applySession(const Session& session) {
  m_parts.undo.applySession(session, [] { return tr("Open session"); });
  if (session.model.isEmpty()) return;
  // The model's name comes back with its parameters: read it again; if it is gone, the
  // session stays as it is, and the bar over the plots says why the name is not shown.
  QString reason;
  if (!m_parts.models.adopt(session.model, session.modelLayer, &reason))
    m_parts.problems.report(tr("The session's model %1 could not be read again, so its name is "
                               "not shown; the session's scheme and parameters are.")
                                .arg(QDir::toNativeSeparators(session.model)),
                            reason);
}

void ShownState::applyLessonStep(Session session, const LocalizedText& title) {
  session.colormap = m_parts.grid.colormap();  // the lesson sets what to show, not the colours
  m_parts.undo.applySession(session, [title] {
    return tr("Lesson: %1").arg(lessonText(title, currentLanguage()));
  });
}

void ShownState::applyModel(const Session& session, const QString& label) {
  m_parts.undo.applySession(session, [label] { return tr("Open model %1").arg(label); });
}

CheckTarget ShownState::checkTarget() const {
  CheckTarget target{qs(m_parts.controller.scheme().info().id), m_parts.controller.params(),
                     m_parts.grid.cellView(0)};
  // The layer of the model shown, so the window's diagnosis is the command line's.
  const std::optional<qint64> layer = m_parts.models.shownLayer();
  const auto& opened = m_parts.models.opened();
  if (layer && opened && opened->setup.report.mapping)
    target.layer = CheckLayer{*opened->setup.report.mapping, *layer};
  return target;
}

void ShownState::applyChecked(const CheckTarget& target, const QString& param) {
  // Through the parameter panel's own path (a scheme changed since the check: as a session
  // step with the view checked).
  if (target.scheme == qs(m_parts.controller.scheme().info().id)) {
    m_parts.undo.editParams(target.params, param, false);
    if (m_parts.grid.cellView(0) != target.view) m_parts.grid.setCellView(0, target.view);
    return;
  }
  Session session = current();
  session.scheme = target.scheme;
  session.params = target.params;
  session.view = target.view;
  session.gridViews.clear();
  session.zoom.reset();
  m_parts.undo.applySession(session, [param] { return tr("Change %1").arg(param); });
}

void ShownState::applyState(const QString& schemeId, const ParamSet& params) {
  m_applying = true;
  if (schemeId != qs(m_parts.controller.scheme().info().id)) {
    m_parts.controller.setScheme(schemeId, params);
    rebuildForScheme();
  } else {
    m_parts.controller.setParams(params);
    if (!(m_parts.panel.values() == params)) m_parts.panel.setValues(params);
    emit paramsApplied(params);
  }
  m_applying = false;
  emit stateApplied();
}

void ShownState::applyViews(const Session& session) {
  m_parts.grid.setColormap(session.colormap);
  m_parts.menus.setColormapChecked(session.colormap);
  m_parts.grid.presetViews(session.view, session.gridViews);
  setLayoutMode(session.layout);
  m_parts.grid.plotView(0).setZoom(session.zoom);
}

void ShownState::rebuildForScheme() {
  const Scheme& scheme = m_parts.controller.scheme();
  m_applying = true;
  m_parts.schemes.select(qs(scheme.info().id));
  m_parts.panel.setScheme(scheme, m_parts.controller.params());
  m_parts.grid.schemeChanged();
  m_applying = false;
  // Re-requests the visible cells with their (possibly new) views.
  setLayoutMode(m_parts.grid.layoutMode());
  emit schemeRebuilt();
}

void ShownState::setLayoutMode(const QString& mode) {
  m_parts.grid.setLayoutMode(mode);
  m_parts.menus.setLayoutChecked(m_parts.grid.layoutMode());
}

void ShownState::setColormap(const QString& id) {
  m_parts.grid.setColormap(isColormap(id) ? id : QString());
  m_parts.menus.setColormapChecked(m_parts.grid.colormap());
  m_parts.grid.redraw();
}

void ShownState::restoreColormap() {
  QString colormap = QSettings().value(settings::kColormap).toString();
  if (!colormap.isEmpty() && !isColormap(colormap)) colormap.clear();
  m_parts.grid.setColormap(colormap);
  m_parts.menus.setColormapChecked(colormap);
}

void ShownState::rememberColormap() const {
  QSettings settings;
  if (settings.value(settings::kColormap).toString() != m_parts.grid.colormap())
    settings.setValue(settings::kColormap, m_parts.grid.colormap());
}

}  // namespace posenc::ui
