// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/undo_state.h"

#include <QAction>
#include <QKeySequence>
#include <QUndoStack>

#include "posenc_ui/app/translation.h"
#include "posenc_ui/control/encoding_controller.h"

namespace posenc::ui {

StateCommand::StateCommand(Apply apply, QString schemeBefore, ParamSet before, QString schemeAfter,
                           ParamSet after, QString param, bool open,
                           std::function<QString()> describe)
    : QUndoCommand(describe()),
      m_describe(std::move(describe)),
      m_apply(std::move(apply)),
      m_schemeBefore(std::move(schemeBefore)),
      m_before(std::move(before)),
      m_schemeAfter(std::move(schemeAfter)),
      m_after(std::move(after)),
      m_param(std::move(param)),
      m_open(open) {}

bool StateCommand::mergeWith(const QUndoCommand* other) {
  const auto* o = dynamic_cast<const StateCommand*>(other);
  if (!o || !m_open || m_param.isEmpty() || o->m_param != m_param ||
      o->m_schemeBefore != m_schemeAfter || o->m_schemeAfter != m_schemeAfter)
    return false;
  m_after = o->m_after;
  m_open = o->m_open;
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
  m_stack->push(new StateCommand(m_applyState,
                                 QString::fromStdString(m_controller.scheme().info().id),
                                 m_controller.params(), schemeAfter, after, param, open,
                                 std::move(describe)));
}

void UndoState::chooseScheme(const QString& schemeId) {
  if (schemeId == QString::fromStdString(m_controller.scheme().info().id)) return;
  const Scheme& next = findScheme(schemeId.toStdString());
  push(schemeId, ParamSet(next.info().params), QString(), false,
       [&next] { return tr("Switch to %1").arg(coreText(next.info().name)); });
}

void UndoState::editParams(const ParamSet& params, const QString& param, bool continuing) {
  push(QString::fromStdString(m_controller.scheme().info().id), params, param, continuing,
       [param] { return tr("Change %1").arg(param); });
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
