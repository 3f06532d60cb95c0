// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/help/problem_log.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QStyle>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace posenc::ui {

ProblemLog::ProblemLog(QWidget* parent)
    : QFrame(parent),
      m_text(new QLabel(this)),
      m_all(new QLabel(this)),
      m_close(new QToolButton(this)) {
  setObjectName(QStringLiteral("ProblemBar"));
  // A warning colour, dark text on light whatever the palette (as the model strip is).
  setStyleSheet(
      QStringLiteral("QFrame#ProblemBar { background: #fde8e4; border-bottom: 2px solid #c62828; }"
                     "QFrame#ProblemBar QLabel { color: black; }"));
  m_text->setObjectName(QStringLiteral("ProblemText"));
  m_text->setWordWrap(true);
  m_text->setTextFormat(Qt::RichText);
  m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_all->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
  m_close->setObjectName(QStringLiteral("ProblemClose"));
  m_close->setAutoRaise(true);
  m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(12, 6, 6, 6);
  layout->addWidget(m_text, 1);
  layout->addWidget(m_all, 0, Qt::AlignTop);
  layout->addWidget(m_close, 0, Qt::AlignTop);
  connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
  connect(m_all, &QLabel::linkActivated, this, &ProblemLog::showAll);
  retranslate();
  hide();
}

void ProblemLog::report(const QString& what, const QString& reason) {
  m_problems.push_back({QDateTime::currentDateTime(), what, reason});
  m_text->setText(
      QStringLiteral("<b>%1</b><br/>%2").arg(what.toHtmlEscaped(), reason.toHtmlEscaped()));
  show();
  if (m_window) fillWindow();
  emit reported();
}

QString ProblemLog::text() const {
  const Problem* last = m_problems.isEmpty() ? nullptr : &m_problems.back();
  return last ? last->what + QLatin1Char('\n') + last->reason : QString();
}

void ProblemLog::showAll() {
  if (!m_window) {
    auto* dialog = new QDialog(window());
    dialog->setObjectName(QStringLiteral("ProblemsWindow"));
    dialog->setModal(false);
    m_window = new QTextBrowser(dialog);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(m_window, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    dialog->resize(window()->size().boundedTo(QSize(800, 600)) * 0.8);
  }
  fillWindow();
  QWidget* dialog = m_window->parentWidget();
  dialog->show();
  dialog->raise();
  dialog->activateWindow();
}

void ProblemLog::fillWindow() {
  m_window->parentWidget()->setWindowTitle(tr("Problems"));
  if (m_problems.isEmpty()) {
    m_window->setPlainText(tr("No problems since the window was opened."));
    return;
  }
  QString html;
  for (const Problem& p : m_problems)
    html += QStringLiteral("<p><small>%1</small><br/><b>%2</b><br/>%3</p>")
                .arg(QLocale().toString(p.when, QLocale::ShortFormat).toHtmlEscaped(),
                     p.what.toHtmlEscaped(), p.reason.toHtmlEscaped());
  m_window->setHtml(html);
}

void ProblemLog::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QFrame::changeEvent(event);
}

void ProblemLog::retranslate() {
  m_all->setText(QStringLiteral("<a href='#'>%1</a>").arg(tr("All problems").toHtmlEscaped()));
  m_all->setToolTip(tr("Every problem since the window was opened (also Help > Problems)"));
  m_close->setToolTip(tr("Close this message (Help > Problems shows it again)"));
  if (m_window) fillWindow();
}

}  // namespace posenc::ui
