// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson panel: picks a lesson, shows one step at a time (title, "Step k of n", text) and
// tells the window which scheme, parameters and view the step wants.
#pragma once

#include <QList>
#include <QString>
#include <QWidget>

#include "posenc_ui/io/lesson.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace posenc::ui {

/// Shows a lesson step by step. It never applies anything itself: each step shown is emitted
/// with stepActivated and the window applies its session. Opening a file is left to the window
/// too (it owns the dialogs): the "Open lesson file..." button emits openLessonFileRequested,
/// and the window hands the lesson it read to addLesson.
///
/// A step's text describes the picture its session draws, so the window never leaves one on
/// screen that it has not applied: it opens the panel on a lesson's overview (showOverview:
/// the summary and the list of steps, no current step), and a step is shown only when the
/// user picks one (a step in the overview's list, Start, Continue, Next, a step in the step
/// picker). A lesson picked in the chooser opens on its overview too.
///
/// The step picker (the combo box "StepPicker" between Previous and Next) lists every step of
/// the lesson as "k. title"; picking one shows it exactly as Next would (showStep).
///
/// Keys: PageDown / PageUp go to the next / previous step whenever focus is inside the panel
/// (PageDown on an overview starts the lesson).
/// Texts follow setLanguage ("en", "zh_CN"); the panel's own strings use tr() and follow the
/// installed translator (QEvent::LanguageChange). Fonts follow the widget's font, so a larger
/// application or panel font (presentation mode) enlarges everything.
class LessonPanel : public QWidget {
  Q_OBJECT
 public:
  /// Loads the built-in lessons (builtInLessons()) and selects the first, without emitting.
  explicit LessonPanel(QWidget* parent = nullptr);

  /// Replaces the lessons offered (e.g. in tests); selects the first, without emitting.
  void setLessons(const QList<Lesson>& lessons);
  /// Adds a lesson (one read from a file) at the end of the list, or replaces the one with
  /// the same id, selects it and shows its first step (emits stepActivated).
  void addLesson(const Lesson& lesson);
  /// Shows lesson `index` (0-based) from its first step (emits stepActivated).
  void selectLesson(int index);
  /// Shows step `index` (0-based, clamped to the lesson) and emits stepActivated.
  void showStep(int index);
  /// Shows lesson `lessonIndex`'s overview (title, summary, its steps as links) with no current
  /// step, and emits nothing. `resumeStep` (0-based) >= 1 also offers "Continue at step k"
  /// (the button "ResumeLesson"). Ignored for an index out of range.
  void showOverview(int lessonIndex, int resumeStep = -1);
  /// Next / previous step; nothing at the last / first step. Next on an overview shows step 1.
  void nextStep();
  void previousStep();
  /// Re-renders every lesson text in `language` ("en" or "zh_CN"; others fall back to English).
  void setLanguage(const QString& language);

  [[nodiscard]] QString language() const { return m_language; }
  [[nodiscard]] const QList<Lesson>& lessons() const { return m_lessons; }
  /// Index of the lesson shown, -1 when there is none.
  [[nodiscard]] int currentLessonIndex() const { return m_lessonIndex; }
  /// Index of the step shown (0-based), -1 when there is none (no lesson, or an overview).
  [[nodiscard]] int currentStepIndex() const { return m_stepIndex; }
  /// The step shown; nullptr when there is none.
  [[nodiscard]] const LessonStep* currentStep() const;
  /// For tests: the texts as shown (plain text of the labels and of the browser).
  [[nodiscard]] QString lessonTitleText() const;
  [[nodiscard]] QString progressText() const;
  [[nodiscard]] QString stepTitleText() const;
  [[nodiscard]] QString stepBodyText() const;

 signals:
  /// A step was shown (chosen, next, previous, lesson changed). The step is valid until the
  /// next change of lessons; copy it to keep it.
  void stepActivated(const posenc::ui::LessonStep& step);
  /// The user asked to open a lesson file.
  void openLessonFileRequested();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void fillChooser();
  /// The step picker: the steps of the lesson shown, the current one selected (none on an
  /// overview).
  void fillStepPicker();
  void render();
  void renderOverview(const Lesson& lesson);
  void activate(int lessonIndex, int stepIndex, bool emitStep);

  QComboBox* m_chooser = nullptr;
  QPushButton* m_open = nullptr;
  QLabel* m_lessonTitle = nullptr;
  QLabel* m_progress = nullptr;
  QLabel* m_stepTitle = nullptr;
  QTextBrowser* m_body = nullptr;
  QPushButton* m_previous = nullptr;
  QPushButton* m_next = nullptr;
  QComboBox* m_stepPicker = nullptr;
  QPushButton* m_resume = nullptr;  ///< "Continue at step k" on an overview.
  QList<Lesson> m_lessons;
  QString m_language = QStringLiteral("en");
  int m_lessonIndex = -1;
  int m_stepIndex = -1;
  int m_resumeStep = -1;  ///< The step the overview offers to continue at, -1 for none.
};

}  // namespace posenc::ui
