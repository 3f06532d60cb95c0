// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/help/help_windows.h"

#include <QMainWindow>

#include "posenc_ui/help/shortcuts.h"
#include "posenc_ui/help/start_page.h"
#include "posenc_ui/help/user_guide.h"

namespace posenc::ui {

namespace {

void bringUp(QWidget* window) {
  window->show();
  window->raise();
  window->activateWindow();
}

}  // namespace

HelpWindows::HelpWindows(QMainWindow* window) : QObject(window), m_window(window) {}

void HelpWindows::showStartPage() {
  if (!m_startPage) {
    m_startPage = new StartPage(m_window);
    connect(m_startPage, &StartPage::lessonRequested, this, &HelpWindows::lessonRequested);
    connect(m_startPage, &StartPage::schemeRequested, this, &HelpWindows::schemeRequested);
    connect(m_startPage, &StartPage::openSessionRequested, this,
            &HelpWindows::openSessionRequested);
    connect(m_startPage, &StartPage::openModelRequested, this, &HelpWindows::openModelRequested);
    connect(m_startPage, &StartPage::modelRequested, this, &HelpWindows::modelRequested);
  }
  bringUp(m_startPage);
}

void HelpWindows::showUserGuide() {
  if (!m_guide) m_guide = new UserGuide(m_window);
  bringUp(m_guide);
}

void HelpWindows::showShortcuts() {
  if (!m_shortcuts) m_shortcuts = new ShortcutsDialog(m_window);
  bringUp(m_shortcuts);
}

}  // namespace posenc::ui
