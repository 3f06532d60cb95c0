// SPDX-License-Identifier: GPL-3.0-or-later
// The classroom side of the window: lessons (dock, steps, the highlighted cell, the caption in
// presentation mode), which view the explanation dock explains (and the hovered cell), and the
// Explore / Compare / Animate modes.
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "posenc_ui/control/encoding_controller.h"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/modes/compare_view.h"

class QDockWidget;
class QLabel;
class QMainWindow;
class QPushButton;
class QStackedWidget;
class QWidget;

namespace posenc::ui {

class AnimationView;
class ExplanationPanel;
class LessonPanel;
struct LessonStep;
class PlotView;
class ReadoutPanel;
class ViewGrid;

/// Owns the lesson and explanation docks, the caption strip and the mode pages, and follows
/// the Explore page's view grid (the hovered cell, the lesson's ring); asks the window for a
/// scheme, a view or a lesson step through signals.
class ClassroomController : public QObject {
  Q_OBJECT
 public:
  /// The view id the window's first cell shows (Compare's first panel, stepping the views).
  using ShownView = std::function<QString()>;

  /// Makes the central area of `window`: the caption strip over the mode stack, whose page 0
  /// is `explorePage` (then Compare, then Animate).
  ClassroomController(QMainWindow* window, const EncodingController& controller,
                      QWidget* explorePage, ShownView shownView);
  /// The Lessons dock (hidden) and the Explanation dock under `readoutDock` (shown), which
  /// explains the cells `readout` explains while one is hovered.
  void addDocks(QDockWidget* readoutDock, ReadoutPanel* readout);
  /// Follows `grid`, the Explore page (after addDocks): a hovered cell goes to the readout and
  /// the explanation, the view of its first cell to the explanation, and the lesson step's
  /// ring is drawn on its first cell.
  void followGrid(ViewGrid* grid);

  // Lessons
  /// See MainWindow::openLessonFile.
  bool openLessonFile(const QString& path, QString* error);
  /// File > Open Lesson File.
  void openLessonDialog();
  /// Shows the lesson dock on the overview of the lesson `lessonId` (Help > Lessons, the start
  /// card), offering to continue where that lesson was left; nothing for an unknown id.
  void showLessonOverview(const QString& lessonId);
  /// See MainWindow::lessonActive.
  [[nodiscard]] bool lessonActive() const;
  /// Next / previous lesson step when a lesson is active, else next / previous view.
  void stepForward();
  void stepBackward();
  /// Presentation mode begins or ends: the caption shows the lesson that was active.
  void setPresenting(bool on);
  /// The caption strip: the lesson step while presenting one, else hidden.
  void updateCaption();
  [[nodiscard]] std::optional<std::pair<posenc::Index, posenc::Index>> markedCell() const {
    return m_marked;
  }

  // Explanation
  /// Shows `view` of the current scheme in the explanation dock (nothing if it shows it already).
  void explainView(const QString& view);
  /// The parameters changed (same scheme): the explanation follows.
  void setParams(const posenc::ParamSet& params);
  /// A heatmap cell is hovered: the readout's explanation of it reaches the dock.
  void startHover() { m_hoverActive = true; }
  /// No cell is hovered any more: readout and explanation forget it.
  void endHover();
  [[nodiscard]] bool hovering() const { return m_hoverActive; }

  // Modes
  /// See MainWindow::setMode.
  void setMode(const QString& mode);
  [[nodiscard]] QString mode() const { return m_mode; }
  /// Scheme or parameters were applied: the animation follows (in Animate mode).
  void stateApplied();
  /// Font scale of the compare panels' pictures.
  void setFontScale(double scale);

  /// Dock titles, lesson and explanation languages, animation note, caption.
  void retranslate();

  [[nodiscard]] LessonPanel& lessonPanel() { return *m_lessons; }
  [[nodiscard]] ExplanationPanel& explanationPanel() { return *m_explanation; }
  [[nodiscard]] CompareView& compareView() { return *m_compare; }
  [[nodiscard]] AnimationView& animationView() { return *m_animation; }
  [[nodiscard]] QLabel& captionLabel() { return *m_caption; }

 signals:
  void modeChanged(const QString& mode);
  /// Switch the window to scheme `schemeId` (an undo step).
  void schemeRequested(const QString& schemeId);
  /// Show view `viewId` in the window's first cell.
  void viewRequested(const QString& viewId);
  /// Apply a lesson step's session, titled `title` (every language: the undo step names it in
  /// the language of the moment, again after a language change).
  void lessonStepChosen(const posenc::ui::Session& session, const posenc::ui::LocalizedText& title);

 private:
  void buildCentral(QWidget* explorePage);
  /// The lesson step's ring around its cell on the grid's first plot, when it shows the step's
  /// view of the step's scheme as a matrix; otherwise removes it.
  void drawMarker();
  /// Cell (row, col) of the grid's slot `slot` is hovered (by mouse or keys): readout and
  /// explanation.
  void hoverCell(int slot, posenc::Index row, posenc::Index col);
  void buildAnimatePage();
  /// Adds `page` to the mode stack inside a scroll area of its own.
  void addPage(QWidget* page);
  void onLessonStep(const LessonStep& step);
  /// The lesson dock opens on the overview of the lesson last used, offering its step.
  void restoreLessonPosition();
  /// The lesson files opened in earlier sessions (settings::kLessonFiles), added to the list.
  void reloadLessonFiles();
  /// Adds `path` to settings::kLessonFiles (the 20 most recent).
  static void rememberLessonFile(const QString& path);
  /// The lesson dock came into view: a step the window no longer draws gives way to its
  /// lesson's overview, which offers to continue at that step.
  void onLessonsShown();
  void setUpCompare();
  void updateAnimation();

  QMainWindow* m_window;
  const EncodingController& m_controller;
  ReadoutPanel* m_readout = nullptr;
  ViewGrid* m_grid = nullptr;  ///< The Explore page (followGrid).
  ShownView m_shownView;
  QDockWidget* m_lessonsDock = nullptr;
  QDockWidget* m_explanationDock = nullptr;
  LessonPanel* m_lessons = nullptr;
  ExplanationPanel* m_explanation = nullptr;
  QStackedWidget* m_modes = nullptr;  ///< Explore / Compare / Animate pages.
  QString m_mode = QStringLiteral("explore");
  CompareView* m_compare = nullptr;
  AnimationView* m_animation = nullptr;
  QLabel* m_animationNote = nullptr;  ///< "no animation for this scheme" message.
  QPushButton* m_toRope = nullptr;    ///< One click to RoPE's animation.
  QLabel* m_caption = nullptr;        ///< Lesson text strip (presentation mode).
  std::optional<std::pair<posenc::Index, posenc::Index>> m_marked;  ///< Lesson highlight.
  QString m_markedView;             ///< "scheme/view" the highlight belongs to.
  QString m_explainedView;          ///< "scheme/view" the explanation dock shows.
  bool m_hoverActive = false;       ///< A heatmap cell is hovered (explanation follows).
  bool m_presenting = false;        ///< Presentation mode is on.
  bool m_presentingLesson = false;  ///< A lesson drove the arrow keys when it began.
  double m_fontScale = 1.0;
};

}  // namespace posenc::ui
