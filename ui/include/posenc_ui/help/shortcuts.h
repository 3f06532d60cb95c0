// SPDX-License-Identifier: GPL-3.0-or-later
// Help > Keyboard Shortcuts: every shortcut of the window, read from its actions, and the
// plots' mouse and keyboard controls.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>
#include <QTimer>

class QMainWindow;
class QTextBrowser;

namespace posenc::ui {

/// One action with a shortcut, as the user sees it.
struct ShortcutEntry {
  QString group;   ///< The menu it is in ("View"), without mnemonics; "Other" if in none.
  QString action;  ///< Its text without mnemonic or trailing "...".
  QString keys;    ///< Every shortcut, native text, separated by ", " ("F11, Ctrl+Shift+F").
  friend bool operator==(const ShortcutEntry&, const ShortcutEntry&) = default;
};

/// Every action of `window` that has a shortcut and a text, in menu order (menus and their
/// submenus as the menu bar lists them), then those in no menu (e.g. on a panel). Read from
/// the actions themselves, so the list always says what the keys do now. Each action text
/// with its keys is listed once, though several widgets (each plot of a grid) may have it.
[[nodiscard]] QList<ShortcutEntry> collectShortcuts(const QMainWindow& window);

/// `text` as read aloud: mnemonics removed ("&Open" -> "Open", "打开(&O)" -> "打开"; "&&" is
/// a literal "&") and a trailing "..." dropped.
[[nodiscard]] QString plainActionText(const QString& text);

/// A modeless window with two tables: the window's shortcuts (collectShortcuts, grouped by
/// menu) and the controls of the plots, the lesson panel and Animate. Rebuilt each time it is
/// shown and when the language changes, so it follows the keys and the language.
class ShortcutsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit ShortcutsDialog(QMainWindow* window);

  /// Rebuilds the tables from the window's actions now.
  void refresh();
  /// The tables as shown (plain text), for tests.
  [[nodiscard]] QString text() const;

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  /// The fixed controls (mouse, arrows, panels) as HTML table rows.
  [[nodiscard]] QString controlRows() const;

  QMainWindow* m_window;
  QTextBrowser* m_browser = nullptr;
  QTimer m_refresh;  ///< Refreshes once the window's LanguageChange retranslated the menus.
};

}  // namespace posenc::ui
