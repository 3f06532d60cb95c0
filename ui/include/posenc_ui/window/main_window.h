// SPDX-License-Identifier: GPL-3.0-or-later
// The PosEnc Explorer window: a composition root that creates the panels, the controller, the
// views and the parts (menus, undo state, the state shown, view grid, session actions, exports,
// classroom, presentation, dock layout) and connects them. No scheme-specific code lives here.
#pragma once

#include <QFont>
#include <QMainWindow>
#include <QMessageBox>
#include <QString>
#include <QStringList>
#include <array>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "posenc_ui/control/encoding_controller.h"
#include "posenc_ui/help/help_windows.h"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/layout/presentation.h"
#include "posenc_ui/models/model_actions.h"
#include "posenc_ui/window/classroom_controller.h"
#include "posenc_ui/window/export_dialogs.h"
#include "posenc_ui/window/session_actions.h"
#include "posenc_ui/window/shown_state.h"
#include "posenc_ui/window/undo_state.h"
#include "posenc_ui/window/view_grid.h"

class QDockWidget;
class QLabel;
class QUndoStack;

namespace posenc::ui {

class AnimationView;
class CheckWindow;
class CompareView;
class DockLayout;
class ExplanationPanel;
class LessonPanel;
class Menus;
class ParameterPanel;
class PlotView;
class ProblemLog;
class ReadoutPanel;
class SchemeList;

/// The main window. Views are shown as tabs (one view at a time) or as a grid of 1, 2 or 4
/// views, each cell a slot of the EncodingController.
class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens a session file. On failure the reason is shown (and returned) and the current
  /// session stays exactly as it was.
  bool openSession(const QString& path, QString* error = nullptr) {
    return m_session->openSession(path, error);
  }
  /// Saves the current session (atomically). Returns false with the reason on failure.
  bool saveSession(const QString& path, QString* error = nullptr) {
    return m_session->saveSession(path, error);
  }
  /// The current scheme, parameters and view state.
  [[nodiscard]] Session currentSession() const { return m_state->current(); }
  /// Applies a session as one undoable step (scheme, parameters, views, zoom, colour map).
  void applySession(const Session& session) { m_state->applySession(session); }
  /// Applies a built-in preset: its scheme and parameters; the view layout stays.
  void applyPreset(const QString& id) { m_session->applyPreset(id); }
  /// Restores the session saved at the last exit, if any and valid.
  void restoreLastSession() { m_session->restoreLastSession(); }
  /// File > Open Model without the dialog: a model folder, config.json, .safetensors file,
  /// model.safetensors.index.json or a repo id of the local Hugging Face cache, read on this
  /// thread. On failure the reason is shown (or returned) and nothing changes.
  bool openModel(const QString& pathOrId, QString* error = nullptr);
  /// Whether `path` names what openModel opens rather than a session (isModelPath: a folder,
  /// a config.json, a .safetensors file or its index).
  [[nodiscard]] static bool opensAsModel(const QString& path) { return isModelPath(path); }
  /// Models: open, recent, the label and the strip that says what was opened.
  [[nodiscard]] ModelActions& models() { return *m_models; }
  /// File > Check Against File...: the window that compares an array with the view shown
  /// (made the first time it is asked for).
  [[nodiscard]] CheckWindow& checkWindow();

  /// Writes the current view of cell `slot` to `path` (picture or numbers by extension).
  /// Returns false with the reason on failure.
  /// `grayscale` draws with the 'gray' colour map whatever the window shows (for printing).
  bool exportCurrentView(const QString& path, QSize size, double dpi, QString* error = nullptr,
                         int slot = 0, bool grayscale = false) {
    return m_export->exportView(path, size, dpi, error, slot, grayscale);
  }

  // For tests and scripting.
  [[nodiscard]] EncodingController& controller() { return m_controller; }
  [[nodiscard]] QUndoStack& undoStack() { return m_undo->stack(); }
  [[nodiscard]] ParameterPanel& parameterPanel() { return *m_panel; }
  [[nodiscard]] ReadoutPanel& readout() { return *m_readout; }
  [[nodiscard]] int cellCount() const { return m_grid->cellCount(); }
  [[nodiscard]] PlotView& plotView(int slot) { return m_grid->plotView(slot); }
  [[nodiscard]] QString cellView(int slot) const { return m_grid->cellView(slot); }
  /// Shows view `viewId` in cell `slot` (in tabs mode: selects the tab).
  void setCellView(int slot, const QString& viewId) { m_grid->setCellView(slot, viewId); }
  /// "tabs", "grid1", "grid2" or "grid4".
  void setLayoutMode(const QString& mode) { m_state->setLayoutMode(mode); }
  [[nodiscard]] QString layoutMode() const { return m_grid->layoutMode(); }
  /// Colour map for every view; empty = each view's default.
  void setColormap(const QString& id) { m_state->setColormap(id); }
  /// Switches the language of the whole application at once ("en" or "zh_CN", see
  /// translation.h) and remembers it (settings::kLanguage); every text, picture included,
  /// is redrawn in it. Unknown ids are ignored.
  void setLanguage(const QString& id);

  // Classroom (issue 6).
  /// "explore" (the views as tabs or grid), "compare" (CompareView, set up from the current
  /// scheme and a companion) or "animate" (AnimationView of the current scheme). Remembered in
  /// QSettings (settings::kMode): the session format has no field for it.
  void setMode(const QString& mode) { m_classroom->setMode(mode); }
  [[nodiscard]] QString mode() const { return m_classroom->mode(); }
  /// Presentation mode (F5; Esc leaves): full screen, docks, tool bar and menu bar hidden, fonts
  /// and plot labels kPresentationScale larger, high-contrast palette, pointer highlight, the
  /// lesson step as a caption over the plots, Left/Right step the lesson (or the views).
  /// Leaving restores geometry, window state, dock layout, palette and fonts exactly.
  void setPresentationMode(bool on);
  [[nodiscard]] bool presentationMode() const { return m_presentation->isOn(); }
  /// Text size of the window and its pictures (1 = 100 %); remembered (settings::kTextScale).
  void setTextScale(double scale);
  /// View > Reset Layout: docks, tool bars and the window size as at the first start (the
  /// layout the window had when built, before the remembered one was restored); leaves
  /// presentation mode, full screen and maximised, and forgets the remembered layout
  /// (settings::kGeometry, settings::kWindowState) until the next exit saves it again.
  void resetLayout();
  /// Replaces the Save / Discard / Cancel question asked when the window closes with unsaved
  /// edits (SessionActions::mayClose), e.g. for tests.
  void setUnsavedPrompt(std::function<QMessageBox::StandardButton()> prompt) {
    m_session->setUnsavedPrompt(std::move(prompt));
  }
  [[nodiscard]] double textScale() const { return m_presentation->textScale(); }
  /// Reads a lesson file and offers it in the lesson dock (shown). On failure the reason is
  /// shown (or returned through `error`) and nothing changes.
  bool openLessonFile(const QString& path, QString* error = nullptr) {
    return m_classroom->openLessonFile(path, error);
  }
  /// Writes `frames` animation frames (positions 0, step, 2 step, ...) of the animated scheme
  /// as `size` x `size` PNGs into `dir` (what the animation export dialog calls).
  bool exportAnimation(const QString& dir, int frames, double step, int size,
                       QString* error = nullptr) {
    return m_export->exportAnimation(m_classroom->animationView(), dir, frames, step, size, error);
  }
  /// Next / previous lesson step when a lesson is active, else next / previous view.
  void stepForward();
  void stepBackward();
  /// Whether lesson steps drive the arrow keys: the lesson dock is shown (or was, before
  /// presentation mode hid it) and has a step.
  [[nodiscard]] bool lessonActive() const { return m_classroom->lessonActive(); }

  /// Help > Start Page: the start card over the window (the first start shows it too, see
  /// showStartPageIfWanted in window_main.h).
  void showStartPage() { m_help->showStartPage(); }
  /// The Help menu's windows (start card, user guide, shortcuts).
  [[nodiscard]] HelpWindows& help() { return *m_help; }
  /// The problems bar over the plots and the list Help > Problems shows.
  [[nodiscard]] ProblemLog& problems() { return *m_problems; }

  [[nodiscard]] LessonPanel& lessonPanel() { return m_classroom->lessonPanel(); }
  [[nodiscard]] ExplanationPanel& explanationPanel() { return m_classroom->explanationPanel(); }
  [[nodiscard]] CompareView& compareView() { return m_classroom->compareView(); }
  [[nodiscard]] AnimationView& animationView() { return m_classroom->animationView(); }
  /// The caption strip over the plots in presentation mode (lesson step text).
  [[nodiscard]] QLabel& captionLabel() { return m_classroom->captionLabel(); }
  /// The lesson step's highlighted cell drawn on cell 0's plot, if any (row, col).
  [[nodiscard]] std::optional<std::pair<posenc::Index, posenc::Index>> markedCell() const {
    return m_classroom->markedCell();
  }

 protected:
  void closeEvent(QCloseEvent* event) override;
  /// QEvent::LanguageChange (a translator installed or removed): retranslate().
  void changeEvent(QEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  /// The first show: docks restored collapsed are widened (DockLayout::shown).
  void showEvent(QShowEvent* event) override;

 private:
  void buildDocks();
  /// Creates the parts (undo, view grid, classroom, sessions, exports, presentation, menus).
  void buildParts();
  void connectParts();
  void connectMenus();
  /// The Help menu and the start card's choices.
  void connectHelp();
  void connectClassroom();
  /// File > Open Model, Recent Models, models dropped, the model's label and strip.
  void connectModels();
  /// Sets every text of the window in the current language and redraws the pictures.
  void retranslate();
  /// The window's font, the tooltips and every part's pictures at the current font scale.
  void applyFonts();

  EncodingController m_controller;
  ParameterPanel* m_panel = nullptr;
  ReadoutPanel* m_readout = nullptr;
  SchemeList* m_schemeList = nullptr;
  QLabel* m_timing = nullptr;
  QLabel* m_busy = nullptr;
  std::array<QDockWidget*, 3> m_docks{};  ///< Schemes, Parameters, Readout.
  QFont m_baseFont;                       ///< The window's font at 100 %.

  // The parts, children of the window (undo_state.h, shown_state.h, view_grid.h,
  // classroom_controller.h, session_actions.h, export_dialogs.h, layout/presentation.h,
  // layout/dock_layout.h, menus.h, help/help_windows.h, models/model_actions.h,
  // check/check_window.h).
  UndoState* m_undo = nullptr;
  ShownState* m_state = nullptr;
  ViewGrid* m_grid = nullptr;
  ClassroomController* m_classroom = nullptr;
  SessionActions* m_session = nullptr;
  ExportDialogs* m_export = nullptr;
  PresentationMode* m_presentation = nullptr;
  DockLayout* m_layout = nullptr;
  Menus* m_menus = nullptr;
  HelpWindows* m_help = nullptr;
  ProblemLog* m_problems = nullptr;
  ModelActions* m_models = nullptr;
  CheckWindow* m_check = nullptr;  ///< check/check_window.h; null until first used.
};

}  // namespace posenc::ui
