// SPDX-License-Identifier: GPL-3.0-or-later
// The Help menu's windows (start card, user guide, keyboard shortcuts), made when first asked
// for and kept, so each opens where the user left it.
#pragma once

#include <QObject>
#include <QString>

class QMainWindow;

namespace posenc::ui {

class ShortcutsDialog;
class StartPage;
class UserGuide;

/// Owns the help windows of `window`. The start card's choices are passed on as signals: the
/// window carries them out (it owns the lesson panel, the scheme list and File > Open).
class HelpWindows : public QObject {
  Q_OBJECT
 public:
  explicit HelpWindows(QMainWindow* window);

  /// Shows the start card (StartPage) over the window and gives it the focus.
  void showStartPage();
  /// Help > User Guide (F1).
  void showUserGuide();
  /// Help > Keyboard Shortcuts, read from the window's actions as they are now.
  void showShortcuts();

  /// The windows, nullptr until first shown (for tests).
  [[nodiscard]] StartPage* startPage() const { return m_startPage; }
  [[nodiscard]] UserGuide* userGuide() const { return m_guide; }
  [[nodiscard]] ShortcutsDialog* shortcuts() const { return m_shortcuts; }

 signals:
  /// See StartPage.
  void lessonRequested(const QString& lessonId);
  void schemeRequested(const QString& schemeId);
  void openSessionRequested();
  void openModelRequested();
  void modelRequested(const QString& pathOrId);

 private:
  QMainWindow* m_window;
  StartPage* m_startPage = nullptr;
  UserGuide* m_guide = nullptr;
  ShortcutsDialog* m_shortcuts = nullptr;
};

}  // namespace posenc::ui
