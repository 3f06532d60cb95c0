// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/menus.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

#include "posenc_ui/common/translation.h"
#include "posenc_ui/common/view_layouts.h"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/plot/colormaps.h"

namespace posenc::ui {

/// The menus and actions whose texts change with the language (retranslate()).
struct Menus::Parts {
  QMenu* file = nullptr;
  QMenu* recent = nullptr;
  QMenu* recentModels = nullptr;
  QAction* openModel = nullptr;
  QAction* checkFile = nullptr;
  QStringList recentModelEntries;  ///< setRecentModels' lists, rebuilt in each language.
  QStringList missingModels;
  QMenu* edit = nullptr;
  QMenu* view = nullptr;
  QMenu* maps = nullptr;
  QMenu* language = nullptr;
  QMenu* mode = nullptr;
  QMenu* textSize = nullptr;
  QMenu* presets = nullptr;
  QMenu* help = nullptr;
  QToolBar* toolBar = nullptr;
  QToolBar* modeBar = nullptr;
  QAction* open = nullptr;
  QAction* save = nullptr;
  QAction* saveAs = nullptr;
  QAction* exportView = nullptr;
  QAction* exportAll = nullptr;
  QAction* copy = nullptr;
  QAction* openLesson = nullptr;
  QAction* quit = nullptr;
  QAction* undo = nullptr;
  QAction* redo = nullptr;
  QAction* byView = nullptr;
  QAction* resetZoom = nullptr;
  QAction* fullScreen = nullptr;
  QAction* resetLayout = nullptr;
  QAction* presentation = nullptr;
  QAction* leavePresentation = nullptr;
  QAction* next = nullptr;
  QAction* previous = nullptr;
  QAction* guide = nullptr;
  QAction* shortcuts = nullptr;
  QMenu* lessons = nullptr;
  QAction* startPage = nullptr;
  QAction* problems = nullptr;
  QAction* about = nullptr;
  QAction* aboutQt = nullptr;
  QList<Lesson> builtInLessons;  ///< Help > Lessons, read once.
  QActionGroup* layouts = nullptr;
  QActionGroup* colormaps = nullptr;
  QActionGroup* languages = nullptr;
  QActionGroup* modes = nullptr;
  QActionGroup* textSizes = nullptr;
};

namespace {

/// Checks the action of `group` whose data is `value`, unchecks the others.
void checkByData(QActionGroup* group, const QString& value) {
  for (QAction* a : group->actions()) a->setChecked(a->data().toString() == value);
}

}  // namespace

Menus::Menus(QMainWindow* window, QAction* undo, QAction* redo)
    : QObject(window), m_window(window), m_parts(std::make_unique<Parts>()) {
  buildFileMenu();
  buildEditMenu(undo, redo);
  buildViewMenu();
  m_parts->presets = m_window->menuBar()->addMenu(QString());
  m_parts->presets->setToolTipsVisible(true);
  buildHelpMenu();
  buildToolBars();
}

Menus::~Menus() = default;

void Menus::buildFileMenu() {
  Parts& c = *m_parts;
  c.file = m_window->menuBar()->addMenu(QString());
  c.open = c.file->addAction(QString(), this, &Menus::openRequested);
  c.open->setShortcut(QKeySequence::Open);
  c.recent = c.file->addMenu(QString());
  c.openModel = c.file->addAction(QString(), this, &Menus::openModelRequested);
  c.openModel->setObjectName(QStringLiteral("openModel"));
  c.openModel->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  c.recentModels = c.file->addMenu(QString());
  c.recentModels->setObjectName(QStringLiteral("recentModels"));
  c.recentModels->setToolTipsVisible(true);
  c.checkFile = c.file->addAction(QString(), this, &Menus::checkAgainstFileRequested);
  c.checkFile->setObjectName(QStringLiteral("checkAgainstFile"));
  c.checkFile->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
  c.save = c.file->addAction(QString(), this, &Menus::saveRequested);
  c.save->setShortcut(QKeySequence::Save);
  c.saveAs = c.file->addAction(QString(), this, &Menus::saveAsRequested);
  c.saveAs->setShortcut(QKeySequence::SaveAs);
  c.file->addSeparator();
  c.exportView = c.file->addAction(QString(), this, &Menus::exportViewRequested);
  c.exportView->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  c.exportAll = c.file->addAction(QString(), this, &Menus::exportAllRequested);
  c.copy = c.file->addAction(QString(), this, &Menus::copyRequested);
  c.copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
  c.file->addSeparator();
  c.openLesson = c.file->addAction(QString(), this, &Menus::openLessonRequested);
  c.openLesson->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
  c.file->addSeparator();
  c.quit = c.file->addAction(QString(), m_window, &QWidget::close);
  c.quit->setShortcut(QKeySequence::Quit);
}

void Menus::buildEditMenu(QAction* undo, QAction* redo) {
  Parts& c = *m_parts;
  c.edit = m_window->menuBar()->addMenu(QString());
  c.undo = undo;
  c.redo = redo;
  c.edit->addAction(undo);
  c.edit->addAction(redo);
}

void Menus::buildViewMenu() {
  Parts& c = *m_parts;
  c.view = m_window->menuBar()->addMenu(QString());
  addLayoutActions();
  c.view->addSeparator();
  addColormapMenu();
  addLanguageMenu();
  addWindowActions();
  // Modes (Alt+1..3), presentation (F5, Esc leaves), lesson steps or views, text size.
  c.view->addSeparator();
  addModeMenu();
  addClassroomActions();
  addTextSizeMenu();
  // Also on the window itself: their keys work while presentation mode hides the menu bar.
  m_window->addActions({c.presentation, c.leavePresentation, c.next, c.previous});
  m_window->addActions(c.modes->actions());
  c.view->addSeparator();
  for (QDockWidget* dock : m_window->findChildren<QDockWidget*>())
    c.view->addAction(dock->toggleViewAction());
}

void Menus::addLayoutActions() {
  Parts& c = *m_parts;
  c.layouts = new QActionGroup(this);
  int n = 1;
  for (const QString& id : viewLayoutIds()) {
    QAction* a = c.view->addAction(QString());
    a->setCheckable(true);
    a->setData(id);
    a->setChecked(id == QLatin1String("tabs"));
    a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + n++)));
    c.layouts->addAction(a);
    connect(a, &QAction::triggered, this, [this, id] { emit layoutChosen(id); });
  }
}

void Menus::addColormapMenu() {
  Parts& c = *m_parts;
  c.maps = c.view->addMenu(QString());
  c.colormaps = new QActionGroup(this);
  c.byView = c.maps->addAction(QString());
  c.byView->setData(QString());
  for (const QString& id : colormapIds()) c.maps->addAction(id)->setData(id);
  for (QAction* a : c.maps->actions()) {
    a->setCheckable(true);
    c.colormaps->addAction(a);
    connect(a, &QAction::triggered, this, [this, a] { emit colormapChosen(a->data().toString()); });
  }
}

void Menus::addLanguageMenu() {
  // Each language under its own name, so anyone can find theirs whatever is showing.
  Parts& c = *m_parts;
  c.language = c.view->addMenu(QString());
  c.languages = new QActionGroup(this);
  for (const QString& id : languageIds()) {
    QAction* a = c.language->addAction(languageName(id));
    a->setCheckable(true);
    a->setData(id);
    a->setChecked(id == currentLanguage());
    c.languages->addAction(a);
    connect(a, &QAction::triggered, this, [this, id] { emit languageChosen(id); });
  }
}

void Menus::addWindowActions() {
  Parts& c = *m_parts;
  c.resetZoom = c.view->addAction(QString(), this, &Menus::resetZoomRequested);
  c.resetZoom->setShortcut(QKeySequence(Qt::Key_Home));
  c.fullScreen = c.view->addAction(QString(), this, [this] {
    m_window->setWindowState(m_window->windowState() ^ Qt::WindowFullScreen);
  });
  c.fullScreen->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence::FullScreen});
  c.resetLayout = c.view->addAction(QString(), this, &Menus::resetLayoutRequested);
  c.resetLayout->setObjectName(QStringLiteral("resetLayout"));
}

void Menus::addModeMenu() {
  Parts& c = *m_parts;
  c.mode = c.view->addMenu(QString());
  c.modes = new QActionGroup(this);
  const QString modeIds[] = {QStringLiteral("explore"), QStringLiteral("compare"),
                             QStringLiteral("animate")};
  int m = 1;
  for (const QString& id : modeIds) {
    QAction* a = c.mode->addAction(QString());
    a->setCheckable(true);
    a->setData(id);
    a->setChecked(id == QLatin1String("explore"));
    a->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + m++)));
    c.modes->addAction(a);
    connect(a, &QAction::triggered, this, [this, id] { emit modeChosen(id); });
  }
}

void Menus::addClassroomActions() {
  Parts& c = *m_parts;
  c.presentation = c.view->addAction(QString());
  c.presentation->setCheckable(true);
  c.presentation->setShortcut(QKeySequence(Qt::Key_F5));
  connect(c.presentation, &QAction::toggled, this, &Menus::presentationToggled);
  c.leavePresentation = c.view->addAction(QString(), this, &Menus::leavePresentationRequested);
  c.leavePresentation->setShortcut(QKeySequence(Qt::Key_Escape));
  c.leavePresentation->setEnabled(false);
  c.next = c.view->addAction(QString(), this, &Menus::nextRequested);
  c.next->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
  c.previous = c.view->addAction(QString(), this, &Menus::previousRequested);
  c.previous->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
}

void Menus::addTextSizeMenu() {
  Parts& c = *m_parts;
  c.textSize = c.view->addMenu(QString());
  c.textSizes = new QActionGroup(this);
  for (const int percent : {100, 125, 150, 200}) {
    QAction* a = c.textSize->addAction(QStringLiteral("%1 %").arg(percent));
    a->setCheckable(true);
    a->setData(percent / 100.0);
    a->setChecked(percent == 100);
    c.textSizes->addAction(a);
    connect(a, &QAction::triggered, this,
            [this, percent] { emit textScaleChosen(percent / 100.0); });
  }
}

void Menus::buildHelpMenu() {
  Parts& c = *m_parts;
  c.help = m_window->menuBar()->addMenu(QString());
  c.guide = c.help->addAction(QString(), this, &Menus::userGuideRequested);
  c.guide->setShortcut(QKeySequence(Qt::Key_F1));
  c.shortcuts = c.help->addAction(QString(), this, &Menus::shortcutsRequested);
  c.lessons = c.help->addMenu(QString());
  c.builtInLessons = builtInLessons();
  c.startPage = c.help->addAction(QString(), this, &Menus::startPageRequested);
  c.problems = c.help->addAction(QString(), this, &Menus::problemsRequested);
  c.problems->setObjectName(QStringLiteral("ProblemsAction"));
  c.problems->setEnabled(false);
  c.help->addSeparator();
  c.about = c.help->addAction(QString(), this, &Menus::about);
  c.aboutQt = c.help->addAction(QString(), qApp, &QApplication::aboutQt);
}

void Menus::buildToolBars() {
  Parts& c = *m_parts;
  c.toolBar = m_window->addToolBar(QString());
  c.toolBar->setObjectName(QStringLiteral("MainToolBar"));
  c.toolBar->addAction(c.open);
  c.toolBar->addAction(c.save);
  c.toolBar->addAction(c.exportView);
  c.toolBar->addSeparator();
  c.toolBar->addAction(c.undo);
  c.toolBar->addAction(c.redo);

  c.modeBar = m_window->addToolBar(QString());
  c.modeBar->setObjectName(QStringLiteral("ModeToolBar"));
  c.modeBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  c.modeBar->addActions(c.modes->actions());
  c.modeBar->addSeparator();
  c.modeBar->addAction(c.presentation);
}

void Menus::retranslate() {
  Parts& c = *m_parts;
  c.file->setTitle(tr("&File"));
  c.open->setText(tr("&Open Session..."));
  c.recent->setTitle(tr("Open &Recent"));
  c.openModel->setText(tr("Open &Model..."));
  c.recentModels->setTitle(tr("Recent Mo&dels"));
  setRecentModels(c.recentModelEntries, c.missingModels);
  c.checkFile->setText(tr("Chec&k Against File..."));
  c.checkFile->setStatusTip(
      tr("Compare your own array for the view shown with the exact values: report, diagnosis "
         "and the difference"));
  c.save->setText(tr("&Save Session"));
  c.saveAs->setText(tr("Save Session &As..."));
  c.exportView->setText(tr("&Export View..."));
  c.exportAll->setText(tr("Export &All Views to Folder..."));
  c.copy->setText(tr("&Copy Picture"));
  c.openLesson->setText(tr("Open &Lesson File..."));
  c.quit->setText(tr("&Quit"));
  c.edit->setTitle(tr("&Edit"));
  retranslateView();
  c.presets->setTitle(tr("&Presets"));
  rebuildPresetMenu();
  retranslateHelp();
  c.about->setText(tr("&About PosEnc Explorer"));
  c.aboutQt->setText(tr("About &Qt"));
  c.toolBar->setWindowTitle(tr("Main"));
}

void Menus::retranslateView() {
  Parts& c = *m_parts;
  c.view->setTitle(tr("&View"));
  for (QAction* a : c.layouts->actions()) {
    const QString id = a->data().toString();
    if (id == QLatin1String("tabs")) a->setText(tr("&Tabs: one view at a time"));
    else if (id == QLatin1String("grid1")) a->setText(tr("Grid of &1 view"));
    else if (id == QLatin1String("grid2")) a->setText(tr("Grid of &2 views"));
    else a->setText(tr("Grid of &4 views"));
  }
  c.maps->setTitle(tr("&Colour Map"));
  c.byView->setText(tr("By view (diverging for signed values)"));
  c.language->setTitle(tr("&Language"));
  setLanguageChecked(currentLanguage());
  c.resetZoom->setText(tr("&Reset Zoom"));
  c.fullScreen->setText(tr("&Full Screen"));
  c.resetLayout->setText(tr("Reset La&yout"));
  c.resetLayout->setStatusTip(tr("Docks, tool bars and window size as at the first start"));
  c.mode->setTitle(tr("&Mode"));
  for (QAction* a : c.modes->actions()) {
    const QString id = a->data().toString();
    if (id == QLatin1String("explore")) a->setText(tr("&Explore"));
    else if (id == QLatin1String("compare")) a->setText(tr("&Compare"));
    else a->setText(tr("&Animate"));
  }
  c.presentation->setText(tr("&Presentation Mode"));
  c.leavePresentation->setText(tr("&Leave Presentation Mode"));
  c.next->setText(tr("&Next Lesson Step or View"));
  c.previous->setText(tr("Pre&vious Lesson Step or View"));
  c.textSize->setTitle(tr("&Text Size"));
  c.modeBar->setWindowTitle(tr("Mode"));
}

void Menus::retranslateHelp() {
  Parts& c = *m_parts;
  c.help->setTitle(tr("&Help"));
  c.guide->setText(tr("&User Guide"));
  c.shortcuts->setText(tr("&Keyboard Shortcuts"));
  c.lessons->setTitle(tr("&Lessons"));
  c.lessons->clear();
  int n = 1;
  for (const Lesson& lesson : c.builtInLessons) {
    // "&1. Title" .. "&9. Title": the number is the mnemonic while there are at most nine.
    const QString number = n <= 9 ? QStringLiteral("&%1.").arg(n) : QStringLiteral("%1.").arg(n);
    ++n;
    c.lessons->addAction(number + QLatin1Char(' ') + lessonText(lesson.title, currentLanguage()),
                         this, [this, id = lesson.id] { emit lessonChosen(id); });
  }
  c.lessons->setEnabled(!c.builtInLessons.isEmpty());
  c.startPage->setText(tr("&Start Page"));
  c.problems->setText(tr("&Problems..."));
  c.problems->setStatusTip(tr("Every problem reported since the window was opened"));
}

void Menus::rebuildPresetMenu() {
  QMenu* menu = m_parts->presets;
  menu->clear();
  try {
    for (const PresetInfo& p : presets()) {
      QAction* a =
          menu->addAction(presetText(p.name), this, [this, id = p.id] { emit presetChosen(id); });
      a->setToolTip(presetText(p.description));
      a->setStatusTip(presetText(p.description));
    }
  } catch (const SessionError& e) {
    menu->addAction(tr("Presets unavailable: %1").arg(QString::fromUtf8(e.what())))
        ->setEnabled(false);
  }
}

void Menus::setRecentFiles(const QStringList& paths) {
  QMenu* menu = m_parts->recent;
  menu->clear();
  for (const QString& path : paths)
    menu->addAction(QDir::toNativeSeparators(path), this,
                    [this, path] { emit recentFileChosen(path); });
  menu->setEnabled(!paths.isEmpty());
}

void Menus::setRecentModels(const QStringList& entries, const QStringList& missing) {
  Parts& c = *m_parts;
  c.recentModelEntries = entries;
  c.missingModels = missing;
  QMenu* menu = c.recentModels;
  menu->clear();
  for (const QString& entry : entries) {
    const bool absent = missing.contains(entry);
    const QString shown = QDir::toNativeSeparators(entry);
    QAction* a = menu->addAction(absent ? tr("%1 (not found)").arg(shown) : shown, this,
                                 [this, entry] { emit recentModelChosen(entry); });
    a->setEnabled(!absent);
    if (absent) a->setToolTip(tr("Moved or deleted since it was opened: %1").arg(shown));
  }
  menu->addSeparator();
  menu->addAction(tr("&Clear List"), this, &Menus::clearRecentModelsRequested)
      ->setEnabled(!entries.isEmpty());
  menu->setEnabled(!entries.isEmpty());
}

void Menus::setLayoutChecked(const QString& layout) { checkByData(m_parts->layouts, layout); }

void Menus::setColormapChecked(const QString& colormap) {
  checkByData(m_parts->colormaps, colormap);
}

void Menus::setLanguageChecked(const QString& language) {
  checkByData(m_parts->languages, language);
}

void Menus::setModeChecked(const QString& mode) { checkByData(m_parts->modes, mode); }

void Menus::setTextScaleChecked(double scale) {
  for (QAction* a : m_parts->textSizes->actions())
    a->setChecked(qFuzzyCompare(a->data().toDouble(), scale));
}

void Menus::setPresentationChecked(bool on) {
  const Parts& c = *m_parts;
  {
    const QSignalBlocker block(c.presentation);
    c.presentation->setChecked(on);
  }
  c.leavePresentation->setEnabled(on);
  // Plain arrows step only in presentation mode; otherwise they belong to the focused widget.
  c.next->setShortcuts(on ? QList<QKeySequence>{QKeySequence(Qt::Key_Right),
                                                QKeySequence(Qt::Key_PageDown),
                                                QKeySequence(Qt::ALT | Qt::Key_Right)}
                          : QList<QKeySequence>{QKeySequence(Qt::ALT | Qt::Key_Right)});
  c.previous->setShortcuts(on ? QList<QKeySequence>{QKeySequence(Qt::Key_Left),
                                                    QKeySequence(Qt::Key_PageUp),
                                                    QKeySequence(Qt::ALT | Qt::Key_Left)}
                              : QList<QKeySequence>{QKeySequence(Qt::ALT | Qt::Key_Left)});
}

void Menus::setProblemsAvailable(bool available) { m_parts->problems->setEnabled(available); }

void Menus::about() {
  QMessageBox::about(
      m_window, tr("About PosEnc Explorer"),
      tr("<h3>PosEnc Explorer %1</h3>"
         "<p>See how transformers encode position: sinusoidal, learned, T5, ALiBi, RoPE (with "
         "PI, NTK, YaRN, Llama 3.1 and LongRoPE scaling), Transformer-XL, TUPE, Shaw, DeBERTa, "
         "xPos, NoPE, KERPLE and Sandwich, computed exactly in double precision.</p>"
         "<p>Licence: GNU General Public License, version 3 or later. "
         "Plots by QCustomPlot (GPL); built with Qt %2 and Eigen.</p>")
          .arg(QStringLiteral(POSENC_VERSION), QString::fromLatin1(qVersion())));
}

}  // namespace posenc::ui
