// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/undo_state.h"

#include <QAction>
#include <QKeySequence>
#include <QUndoStack>

#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/control/encoding_controller.h"
#include "posenc_ui/params/parameter_names.h"

namespace posenc::ui {

namespace {

/// A value as the command line writes it, at most 24 characters (a long list is cut).
QString shortValue(const Value& value) {
  QString text = qs(formatValue(value));
  if (text.size() > 24) text = text.left(23) + QChar(0x2026);
  return text;
}

/// A parameter by its short name in the current language, else its id.
QString shownName(const std::string& id) {
  const QString name = parameterName(qs(id));
  return name.isEmpty() ? qs(id) : name;
}

}  // namespace

QString changeText(const ParamSet& before, const ParamSet& after) {
  std::vector<std::string> changed;
  for (const auto& [id, value] : after.items())
    if (!before.has(id) || !(before.get(id) == value)) changed.push_back(id);
  if (changed.size() == 1 && before.has(changed.front())) {
    const std::string& id = changed.front();
    return UndoState::tr("%1 %2 → %3")
        .arg(shownName(id), shortValue(before.get(id)), shortValue(after.get(id)));
  }
  if (changed.empty()) return UndoState::tr("Change parameters");
  QStringList names;
  for (std::size_t k = 0; k < changed.size() && k < 3; ++k) names << shownName(changed[k]);
  if (changed.size() > 3) names << QString(QChar(0x2026));
  return UndoState::tr("Change %1").arg(names.join(QStringLiteral(", ")));
}

StateCommand::StateCommand(Apply apply, QString schemeBefore, ParamSet before, QString schemeAfter,
                           ParamSet after, QString param, bool open,
                           std::function<QString()> describe)
    : m_describe(std::move(describe)),
      m_apply(std::move(apply)),
      m_schemeBefore(std::move(schemeBefore)),
      m_before(std::move(before)),
      m_schemeAfter(std::move(schemeAfter)),
      m_after(std::move(after)),
      m_param(std::move(param)),
      m_open(open) {
  retranslate();
}

void StateCommand::retranslate() {
  setText(m_describe ? m_describe() : changeText(m_before, m_after));
}

bool StateCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = dynamic_cast<const StateCommand*>(other);
  if (!o || !m_open || m_param.isEmpty() || o->m_param != m_param ||
      o->m_schemeBefore != m_schemeAfter || o->m_schemeAfter != m_schemeAfter)
    return false;
  m_after = o->m_after;
  m_open = o->m_open;
  retranslate();  // "base 10000 → 500000": the drag's first value to its last
  return true;
}

UndoState::UndoState(const EncodingController& controller, ApplyState applyState,
                     ApplyViews applyViews, QObject* parent)
    : QObject(parent),
      m_controller(controller),
      m_applyState(std::move(applyState)),
      m_applyViews(std::move(applyViews)),
      m_stack(new QUndoStack(this)) {
  m_stack->setUndoLimit(500);
  m_undoAction = new QAction(this);
  m_undoAction->setShortcut(QKeySequence::Undo);
  m_undoAction->setEnabled(false);
  m_redoAction = new QAction(this);
  m_redoAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
  m_redoAction->setEnabled(false);
  connect(m_undoAction, &QAction::triggered, m_stack, &QUndoStack::undo);
  connect(m_redoAction, &QAction::triggered, m_stack, &QUndoStack::redo);
  connect(m_stack, &QUndoStack::canUndoChanged, m_undoAction, &QAction::setEnabled);
  connect(m_stack, &QUndoStack::canRedoChanged, m_redoAction, &QAction::setEnabled);
  connect(m_stack, &QUndoStack::undoTextChanged, this, [this] { updateActionTexts(); });
  connect(m_stack, &QUndoStack::redoTextChanged, this, [this] { updateActionTexts(); });
}

void UndoState::push(const QString& schemeAfter, const ParamSet& after, const QString& param,
                     bool open, std::function<QString()> describe) {
  m_stack->push(new StateCommand(m_applyState, qs(m_controller.scheme().info().id),
                                 m_controller.params(), schemeAfter, after, param, open,
                                 std::move(describe)));
}

void UndoState::chooseScheme(const QString& schemeId) {
  if (schemeId == qs(m_controller.scheme().info().id)) return;
  const Scheme& next = findScheme(schemeId.toStdString());
  push(schemeId, ParamSet(next.info().params), QString(), false,
       [&next] { return tr("Switch to %1").arg(coreText(next.info().name)); });
}

void UndoState::editParams(const ParamSet& params, const QString& param, bool continuing) {
  // Named by what changed, from the value before to the value after (changeText).
  push(qs(m_controller.scheme().info().id), params, param, continuing, {});
}

void UndoState::applySession(const Session& session, std::function<QString()> describe) {
  push(session.scheme, session.params, QString(), false, std::move(describe));
  m_applyViews(session);
}

void UndoState::retranslate() {
  for (int i = 0; i < m_stack->count(); ++i)  // the history says its steps in the new language too
    if (const auto* step = dynamic_cast<const StateCommand*>(m_stack->command(i)))
      const_cast<StateCommand*>(step)->retranslate();
  updateActionTexts();
}

void UndoState::updateActionTexts() {
  const QString undo = m_stack->undoText();
  const QString redo = m_stack->redoText();
  m_undoAction->setText(undo.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undo));
  m_redoAction->setText(redo.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redo));
}

}  // namespace posenc::ui
