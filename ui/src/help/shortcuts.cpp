// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/help/shortcuts.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFont>
#include <QKeySequence>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace posenc::ui {

namespace {

QString keysOf(const QAction& action) {
  QStringList keys;
  for (const QKeySequence& key : action.shortcuts())
    if (!key.isEmpty()) keys << key.toString(QKeySequence::NativeText);
  keys.removeDuplicates();  // e.g. Redo's two platform sequences that read alike
  return keys.join(QStringLiteral(", "));
}

/// Adds `entry` to `out` unless an entry with the same action text and keys is there
/// already: every plot of the grid has its own "Go to Range" action with the same key, and
/// the list names each thing a person can do once.
void addOnce(QList<ShortcutEntry>& out, const ShortcutEntry& entry) {
  for (const ShortcutEntry& e : out)
    if (e.action == entry.action && e.keys == entry.keys) return;
  out.push_back(entry);
}

/// Adds the actions of `menu` with a shortcut (and of its submenus, depth first) to `out`
/// under `group`, remembering each in `seen`.
void collectMenu(const QMenu& menu, const QString& group, QList<ShortcutEntry>& out,
                 QSet<const QAction*>& seen) {
  for (const QAction* a : menu.actions()) {
    if (a->menu()) {
      collectMenu(*a->menu(), group, out, seen);
      continue;
    }
    if (a->isSeparator() || seen.contains(a)) continue;
    seen.insert(a);
    const QString keys = keysOf(*a);
    if (!keys.isEmpty() && !a->text().isEmpty())
      addOnce(out, {group, plainActionText(a->text()), keys});
  }
}

QString row(const QString& what, const QString& keys) {
  return QStringLiteral(
             "<tr><td style=\"padding: 2px 24px 2px 8px\">%1</td>"
             "<td style=\"padding: 2px 8px\"><b>%2</b></td></tr>")
      .arg(what.toHtmlEscaped(), keys.toHtmlEscaped());
}

QString groupRow(const QString& group) {
  return QStringLiteral(
             "<tr><td colspan=\"2\" style=\"padding: 12px 8px 4px 0px\"><big><b>%1"
             "</b></big></td></tr>")
      .arg(group.toHtmlEscaped());
}

}  // namespace

QString plainActionText(const QString& text) {
  QString out = text;
  static const QRegularExpression cjkMnemonic(QStringLiteral("\\(&[^&]\\)"));
  out.remove(cjkMnemonic);
  out.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
  out.remove(QLatin1Char('&'));
  out.replace(QLatin1Char('\x01'), QLatin1Char('&'));
  if (out.endsWith(QStringLiteral("..."))) out.chop(3);
  else if (out.endsWith(QChar(0x2026))) out.chop(1);
  return out.trimmed();
}

QList<ShortcutEntry> collectShortcuts(const QMainWindow& window) {
  QList<ShortcutEntry> out;
  QSet<const QAction*> seen;
  for (const QAction* top : window.menuBar()->actions())
    if (top->menu()) collectMenu(*top->menu(), plainActionText(top->text()), out, seen);
  for (const QAction* a : window.findChildren<QAction*>()) {
    if (seen.contains(a) || a->menu() || a->text().isEmpty()) continue;
    seen.insert(a);
    const QString keys = keysOf(*a);
    if (!keys.isEmpty())
      addOnce(out, {ShortcutsDialog::tr("Other"), plainActionText(a->text()), keys});
  }
  return out;
}

ShortcutsDialog::ShortcutsDialog(QMainWindow* window)
    : QDialog(window), m_window(window), m_browser(new QTextBrowser(this)) {
  setObjectName(QStringLiteral("KeyboardShortcuts"));
  setModal(false);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_browser, 1);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  m_refresh.setSingleShot(true);
  m_refresh.setInterval(0);
  connect(&m_refresh, &QTimer::timeout, this, &ShortcutsDialog::refresh);
  resize(window->size().boundedTo(QSize(900, 10000)) * 0.8);
  refresh();
}

void ShortcutsDialog::refresh() {
  setWindowTitle(tr("Keyboard Shortcuts"));
  QString html = QStringLiteral("<table cellspacing=\"0\">");
  QString group;
  for (const ShortcutEntry& e : collectShortcuts(*m_window)) {
    if (e.group != group) html += groupRow(group = e.group);
    html += row(e.action, e.keys);
  }
  html += groupRow(tr("Plots, lessons and animation"));
  html += controlRows();
  html += QStringLiteral("</table>");
  m_browser->setHtml(html);
}

QString ShortcutsDialog::controlRows() const {
  const QString home = QKeySequence(Qt::Key_Home).toString(QKeySequence::NativeText);
  // What PlotView does with the mouse and keys (plot_view.cpp: startDrag, the key filter).
  return row(tr("Zoom in or out about the pointer"), tr("Mouse wheel")) +
         row(tr("Zoom to a box"), tr("Drag")) +
         row(tr("Move the picture"), tr("Shift+drag, or drag with the middle button")) +
         row(tr("Show the whole view again"), tr("Double-click, %1 or R").arg(home)) +
         row(tr("Go to a range of rows and columns"), tr("Right click")) +
         row(tr("Move the crosshair cell by cell on a heatmap (click it or Tab to it first)"),
             tr("Arrow keys")) +
         row(tr("Next / previous lesson step, in the Lessons panel"),
             QKeySequence(Qt::Key_PageDown).toString(QKeySequence::NativeText) +
                 QStringLiteral(" / ") +
                 QKeySequence(Qt::Key_PageUp).toString(QKeySequence::NativeText)) +
         row(tr("Next / previous lesson step or view, in presentation mode"),
             tr("Right / Left, Page Down / Page Up")) +
         row(tr("Play or pause the animation (Animate)"), tr("Space")) +
         row(tr("Animation one position on or back (Animate)"), tr("Right / Left"));
}

QString ShortcutsDialog::text() const { return m_browser->toPlainText(); }

void ShortcutsDialog::changeEvent(QEvent* event) {
  // After the window's own LanguageChange has retranslated its menus.
  if (event->type() == QEvent::LanguageChange) m_refresh.start();
  QDialog::changeEvent(event);
}

void ShortcutsDialog::showEvent(QShowEvent* event) {
  QFont font = m_window->font();
  if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * 1.15);
  m_browser->setFont(font);
  refresh();
  QDialog::showEvent(event);
}

}  // namespace posenc::ui
