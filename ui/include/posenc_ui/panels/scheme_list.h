// SPDX-License-Identifier: GPL-3.0-or-later
// The Schemes dock's list: every scheme of the registry, its name and one-line description.
#pragma once

#include <QString>
#include <QWidget>

class QListWidget;

namespace posenc::ui {

/// Every scheme of the core's registry, in its order: the name on the first line, the one-line
/// description under it (in the current language: retranslate()). Choosing one emits
/// schemeChosen; select() shows the current one.
class SchemeList : public QWidget {
  Q_OBJECT
 public:
  explicit SchemeList(QWidget* parent = nullptr);

  /// Marks scheme `schemeId` as the current one (schemeChosen follows, as for a choice).
  void select(const QString& schemeId);
  /// Names and descriptions in the current language.
  void retranslate();
  /// Gives the list the keyboard focus.
  void focusList();

 signals:
  /// The current scheme of the list changed to `schemeId`.
  void schemeChosen(const QString& schemeId);

 private:
  // cppcheck-suppress unsafeClassCanLeak ; a child of this widget, deleted with it by Qt
  QListWidget* m_list = nullptr;
};

}  // namespace posenc::ui
