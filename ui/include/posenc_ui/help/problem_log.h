// SPDX-License-Identifier: GPL-3.0-or-later
// Problems the window could not solve by itself (a remembered session it cannot read, a model
// a session names that is gone): said once in a bar over the plots that stays until closed,
// and kept for Help > Problems, where they can be read again.
#pragma once

#include <QDateTime>
#include <QFrame>
#include <QList>
#include <QString>

class QLabel;
class QTextBrowser;
class QToolButton;

namespace posenc::ui {

/// One problem: when, what could not be done, and why (both in the language of the moment).
struct Problem {
  QDateTime when;
  QString what;    ///< "Last session not restored"
  QString reason;  ///< The reader's message, naming the place in the file.
};

/// The bar (object name "ProblemBar") over the plots: the latest problem in full, word-wrapped,
/// with "Show all problems" and a close button. It has its own row in the window's layout, so
/// it never covers the status bar or a picture, and it stays until the person closes it (no
/// timer). Every problem reported is kept (problems()), the latest last.
class ProblemLog : public QFrame {
  Q_OBJECT
 public:
  explicit ProblemLog(QWidget* parent = nullptr);

  /// Keeps the problem and shows it in the bar.
  void report(const QString& what, const QString& reason);
  [[nodiscard]] const QList<Problem>& problems() const { return m_problems; }
  /// The bar's text as shown (plain text), for tests.
  [[nodiscard]] QString text() const;
  /// A modeless window (object name "ProblemsWindow") listing every problem, the latest last.
  void showAll();

 signals:
  /// A problem was reported (the menu's Help > Problems becomes available).
  void reported();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void fillWindow();

  QLabel* m_text = nullptr;
  QLabel* m_all = nullptr;  ///< "Show all problems" link.
  QToolButton* m_close = nullptr;
  QList<Problem> m_problems;
  QTextBrowser* m_window = nullptr;  ///< The list window, made on first use.
};

}  // namespace posenc::ui
