// SPDX-License-Identifier: GPL-3.0-or-later
// The window's menu bar and tool bars: every action, its keys and its text in the current
// language. The actions only say what was asked (signals); the window decides what it does.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

class QAction;
class QActionGroup;
class QMainWindow;
class QMenu;

namespace posenc::ui {

/// Menus File, Edit, View, Presets, Help (User Guide, Keyboard Shortcuts, Lessons, Start
/// Page, About) and the Main and Mode tool bars of `window`.
/// Check marks (layout, colour map, language, mode, text size, presentation) are set by the
/// window through the set...() functions, so they follow changes made any other way too.
class Menus : public QObject {
  Q_OBJECT
 public:
  /// Builds everything into `window` (Edit gets `undo` and `redo`); the View menu lists the
  /// toggles of the docks `window` has by now. Texts are set by retranslate().
  Menus(QMainWindow* window, QAction* undo, QAction* redo);
  ~Menus() override;

  /// Every text in the current language, the preset menu rebuilt in it.
  void retranslate();
  /// File > Open Recent: `paths`, most recent first (disabled when empty).
  void setRecentFiles(const QStringList& paths);
  /// File > Recent Models: `entries`, most recent first, those in `missing` greyed out with
  /// a note; then Clear List.
  void setRecentModels(const QStringList& entries, const QStringList& missing);

  void setLayoutChecked(const QString& layout);
  void setColormapChecked(const QString& colormap);
  void setLanguageChecked(const QString& language);
  void setModeChecked(const QString& mode);
  void setTextScaleChecked(double scale);
  /// Checks the Presentation Mode action (without signalling), enables Leave, and lets plain
  /// Left/Right and Page Up/Down step while presenting.
  void setPresentationChecked(bool on);
  /// Enables Help > Problems once a problem was reported.
  void setProblemsAvailable(bool available);

 signals:
  void openRequested();
  void recentFileChosen(const QString& path);
  /// File > Open Model... (Ctrl+Shift+O).
  void openModelRequested();
  /// File > Recent Models > an entry (a path or a repo id).
  void recentModelChosen(const QString& entry);
  /// File > Recent Models > Clear List.
  void clearRecentModelsRequested();
  /// File > Check Against File... (Ctrl+Shift+K).
  void checkAgainstFileRequested();
  void saveRequested();
  void saveAsRequested();
  void exportViewRequested();
  void exportAllRequested();
  void copyRequested();
  void openLessonRequested();
  void layoutChosen(const QString& layout);
  void colormapChosen(const QString& colormap);
  void languageChosen(const QString& language);
  void resetZoomRequested();
  void modeChosen(const QString& mode);
  void presentationToggled(bool on);
  void leavePresentationRequested();
  void nextRequested();
  void previousRequested();
  /// View > Reset Layout: docks, tool bars and window size as at the first start.
  void resetLayoutRequested();
  void textScaleChosen(double scale);
  void presetChosen(const QString& id);
  /// Help > User Guide (F1).
  void userGuideRequested();
  /// Help > Keyboard Shortcuts.
  void shortcutsRequested();
  /// Help > Lessons > a built-in lesson: open the lesson panel on its overview.
  void lessonChosen(const QString& lessonId);
  /// Help > Start Page.
  void startPageRequested();
  /// Help > Problems: every problem reported since the window was opened.
  void problemsRequested();

 private:
  struct Parts;

  void buildFileMenu();
  void buildEditMenu(QAction* undo, QAction* redo);
  void buildViewMenu();
  void addLayoutActions();
  void addColormapMenu();
  void addLanguageMenu();
  void addWindowActions();
  void addModeMenu();
  void addClassroomActions();
  void addTextSizeMenu();
  void buildHelpMenu();
  void buildToolBars();
  void retranslateView();
  /// The Help menu, its Lessons submenu rebuilt with the lesson titles in the language.
  void retranslateHelp();
  void rebuildPresetMenu();
  void about();

  QMainWindow* m_window;
  std::unique_ptr<Parts> m_parts;
};

}  // namespace posenc::ui
