// SPDX-License-Identifier: GPL-3.0-or-later
// The start card: the first thing a new user sees, with four ways in (every built-in lesson by
// name, a scheme, a saved session, a real model and the models opened before), shown at the
// first start and from Help > Start Page.
#pragma once

#include <QDialog>
#include <QString>

#include "posenc_ui/io/lesson.h"

class QCheckBox;
class QCommandLinkButton;
class QDialogButtonBox;
class QLabel;
class QListWidget;
class QListWidgetItem;

namespace posenc::ui {

/// A modeless card over the window, in a font 1.3 times the window's so it reads on a
/// projector. It does nothing to the window itself: each choice closes the card and is
/// emitted for the window to carry out. Esc or Close dismisses it.
///
/// "Show at start-up" is settings::kShowStartPage: written (unticked unless the user ticks
/// it) as soon as the card is shown, so the card comes by itself only at the very first start
/// and at starts after the user ticked the box.
class StartPage : public QDialog {
  Q_OBJECT
 public:
  explicit StartPage(QWidget* parent = nullptr);

  /// "Show at start-up" is ticked.
  [[nodiscard]] bool showAtStartUp() const;
  /// Showing sizes the card to its texts first (applyFont), so QDialog centres it rightly.
  void setVisible(bool visible) override;

 signals:
  /// A lesson of the list "StartLessons" was picked: open the lesson panel on the overview of
  /// the lesson `lessonId`, whose steps are links (so launch to a step on the projector is
  /// three actions: the lesson, the step, F5).
  void lessonRequested(const QString& lessonId);
  /// A scheme of the list was picked: select scheme `schemeId` in the window.
  void schemeRequested(const QString& schemeId);
  /// "Open a session...": the window's File > Open Session.
  void openSessionRequested();
  /// "Open a model...": the window's File > Open Model.
  void openModelRequested();
  /// A recent model was picked (a path or a repo id, settings::kRecentModels).
  void modelRequested(const QString& pathOrId);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void retranslate();
  /// The font of the window under the card, 1.3 times larger; the title twice that.
  void applyFont();
  void chooseScheme(const QListWidgetItem* item);
  void chooseLesson(const QListWidgetItem* item);
  /// The note under the scheme list: what the scheme of `item` is.
  void describeScheme(const QListWidgetItem* item);
  /// The recent models (settings::kRecentModels) still there, under "Open a model...".
  void fillRecentModels();

  QLabel* m_title = nullptr;
  QLabel* m_intro = nullptr;
  QLabel* m_lessonsTitle = nullptr;
  QListWidget* m_lessons = nullptr;  ///< The built-in lessons, "k. title"; data: the lesson id.
  QCommandLinkButton* m_session = nullptr;
  QCommandLinkButton* m_model = nullptr;
  QLabel* m_recentTitle = nullptr;
  QListWidget* m_recentModels = nullptr;
  QLabel* m_schemesTitle = nullptr;
  QListWidget* m_schemes = nullptr;
  QLabel* m_schemeNote = nullptr;  ///< The pointed-at scheme's one-line description.
  QCheckBox* m_atStartUp = nullptr;
  QDialogButtonBox* m_buttons = nullptr;
  QList<LocalizedText> m_lessonTitles;  ///< The titles of m_lessons' lessons, in its order.
};

}  // namespace posenc::ui
