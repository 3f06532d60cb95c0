// SPDX-License-Identifier: GPL-3.0-or-later
// Help > User Guide: the guide for teachers and students, in the window's language.
#pragma once

#include <QDialog>
#include <QString>

class QTextBrowser;

namespace posenc::ui {

/// The user guide as Markdown in `language` ("en" or "zh_CN"; anything else gives English),
/// from the resources (resources/guide/guide_LANG.md). Empty only if the resources are missing.
[[nodiscard]] QString userGuideMarkdown(const QString& language);

/// A modeless window showing the user guide in the current language (currentLanguage()),
/// switching when the language changes (QEvent::LanguageChange). Text 1.15 times the window's.
class UserGuide : public QDialog {
  Q_OBJECT
 public:
  explicit UserGuide(QWidget* parent = nullptr);

  /// The guide as shown (plain text), for tests.
  [[nodiscard]] QString text() const;
  /// The language of the guide shown.
  [[nodiscard]] QString language() const { return m_language; }

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  /// Loads the guide of the current language (and the window title).
  void load();

  QTextBrowser* m_browser = nullptr;
  QString m_language;
};

}  // namespace posenc::ui
