// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/main_window.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollArea>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include "posenc_ui/check/check_window.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/help/problem_log.h"
#include "posenc_ui/layout/dock_layout.h"
#include "posenc_ui/modes/animation_view.h"
#include "posenc_ui/panels/readout_panel.h"
#include "posenc_ui/panels/scheme_list.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/window/menus.h"

namespace posenc::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/posenc.svg")));
  setAcceptDrops(true);
  m_undo = new UndoState(
      m_controller, [this](const QString& id, const ParamSet& p) { m_state->applyState(id, p); },
      [this](const Session& session) { m_state->applyViews(session); }, this);
  // While a slider is dragged, show each finished picture even if newer edits are queued, so
  // slow views still move during the drag; the exact final picture always follows.
  m_controller.setInterimResults(true);
  m_baseFont = font();
  buildParts();

  m_timing = new QLabel(this);
  m_busy = new QLabel(this);
  statusBar()->addWidget(m_timing, 1);
  statusBar()->addPermanentWidget(m_busy);

  connectParts();
  // Every text is set here, and again on each QEvent::LanguageChange.
  retranslate();

  m_state->restoreColormap();
  m_state->rebuildForScheme();
  m_layout->restore();
  m_menus->setRecentFiles(m_session->recentFiles());
  m_menus->setRecentModels(m_models->recentModels(), m_models->missingRecentModels());
  m_session->updateTitle();
  const QSettings settings;
  const double textScale = settings.value(settings::kTextScale, 1.0).toDouble();
  if (textScale != 1.0) setTextScale(textScale);
  setMode(settings.value(settings::kMode, QStringLiteral("explore")).toString());
  connect(m_classroom, &ClassroomController::modeChanged, m_layout, &DockLayout::arrangeForMode);
  m_layout->arrangeForMode(mode());
  m_layout->fitToScreen();
  m_session->markStartState();  // the defaults: quitting now leaves the last session as it was
}

MainWindow::~MainWindow() {
  // The controller is destroyed after this body (a member), the undo stack and the view grid
  // after it (children); the controller's and the stack's destructors emit signals (its last
  // results, QUndoStack::indexChanged) that must not reach this half-destroyed window or its parts.
  m_undo->stack().disconnect();
  disconnect(&m_controller, nullptr, this, nullptr);
  disconnect(&m_controller, nullptr, m_grid, nullptr);
}

// ----------------------------------------------------------------------------------------------
// Construction

void MainWindow::buildParts() {
  m_grid = new ViewGrid(m_controller, this);
  m_layout = new DockLayout(this, [this] { return m_presentation->isOn(); });
  buildDocks();
  m_classroom =
      new ClassroomController(this, m_controller, m_grid, [this] { return m_grid->cellView(0); });
  m_classroom->addDocks(m_docks[2], m_readout);
  m_session = new SessionActions(
      this, m_controller, m_undo->stack(), [this] { return currentSession(); },
      [this](const Session& session) { m_state->applySession(session); });
  m_export = new ExportDialogs(this, m_controller, [this](int slot) {
    const QString view = m_grid->cellView(slot);
    return ExportSource{view, m_grid->viewSpec(view), &m_grid->plotView(slot), m_grid->colormap(),
                        m_models->label()};
  });
  m_presentation = new PresentationMode(this);
  m_menus = new Menus(this, m_undo->undoAction(), m_undo->redoAction());
  m_help = new HelpWindows(this);
  m_models = new ModelActions(
      this, m_controller, [this] { return currentSession(); },
      [this](const Session& s, const QString& label) { m_state->applyModel(s, label); });
  // The strip that says what was opened goes over the plots, above the lesson caption; a
  // problem the window could not solve by itself above that, in its own row.
  m_problems = new ProblemLog(this);
  if (auto* host = qobject_cast<QVBoxLayout*>(centralWidget()->layout())) {
    host->insertWidget(0, m_models->panel());
    host->insertWidget(0, m_problems);
  }
  m_state = new ShownState({m_controller, *m_undo, *m_schemeList, *m_panel, *m_grid, *m_menus,
                            *m_models, *m_problems},
                           this);
}

void MainWindow::buildDocks() {
  auto* schemes = new QDockWidget(this);
  schemes->setObjectName(QStringLiteral("SchemesDock"));
  m_schemeList = new SchemeList(schemes);
  schemes->setWidget(m_schemeList);

  auto* params = new QDockWidget(this);
  params->setObjectName(QStringLiteral("ParametersDock"));
  auto* scroll = new QScrollArea(params);
  m_panel = new ParameterPanel(scroll);
  scroll->setWidget(m_panel);
  scroll->setWidgetResizable(true);
  params->setWidget(scroll);

  auto* readout = new QDockWidget(this);
  readout->setObjectName(QStringLiteral("ReadoutDock"));
  m_readout = new ReadoutPanel(readout);
  readout->setWidget(m_readout);
  m_docks = {schemes, params, readout};
  m_layout->placeSideDocks(schemes, params, readout);
}

void MainWindow::connectParts() {
  connect(&m_controller, &EncodingController::busyChanged, this,
          [this](bool busy) { m_busy->setText(busy ? tr("computing...") : QString()); });
  connect(&m_controller, &EncodingController::paramsRejected, this,
          [this](const QString&, const QString& message) {
            statusBar()->showMessage(message, 8000);
          });
  connect(m_state, &ShownState::paramsApplied, m_classroom, &ClassroomController::setParams);
  connect(m_state, &ShownState::stateApplied, m_classroom, &ClassroomController::stateApplied);
  // The model's label stays while its parameters do.
  connect(m_state, &ShownState::stateApplied, m_models, &ModelActions::stateChanged);
  connect(m_state, &ShownState::schemeRebuilt, this, [this] {
    m_classroom->explainView(m_grid->cellView(0));
    m_session->updateTitle();
  });
  m_classroom->followGrid(m_grid);
  connect(m_grid, &ViewGrid::firstViewShown, this, [this] {
    if (m_check) m_check->targetChanged();
  });
  connect(m_grid, &ViewGrid::timingChanged, this,
          [this] { m_timing->setText(m_grid->timingText()); });
  connectMenus();
  connectClassroom();
}

void MainWindow::connectMenus() {
  const Menus* menus = m_menus;
  connect(menus, &Menus::openRequested, m_session, &SessionActions::open);
  connect(menus, &Menus::recentFileChosen, this,
          [this](const QString& path) { openSession(path); });
  connect(menus, &Menus::saveRequested, m_session, &SessionActions::save);
  connect(menus, &Menus::saveAsRequested, m_session, &SessionActions::saveAs);
  connect(menus, &Menus::exportViewRequested, m_export, &ExportDialogs::exportDialog);
  connect(menus, &Menus::exportAllRequested, m_export, &ExportDialogs::exportAllViews);
  connect(menus, &Menus::copyRequested, m_export, &ExportDialogs::copyPicture);
  connect(menus, &Menus::openLessonRequested, m_classroom, &ClassroomController::openLessonDialog);
  connect(menus, &Menus::layoutChosen, this, &MainWindow::setLayoutMode);
  connect(menus, &Menus::colormapChosen, this, &MainWindow::setColormap);
  connect(menus, &Menus::languageChosen, this, &MainWindow::setLanguage);
  connect(menus, &Menus::resetZoomRequested, m_grid, &ViewGrid::resetZoom);
  connect(menus, &Menus::resetLayoutRequested, this, &MainWindow::resetLayout);
  connect(menus, &Menus::modeChosen, this, &MainWindow::setMode);
  connect(menus, &Menus::presentationToggled, this, &MainWindow::setPresentationMode);
  connect(menus, &Menus::leavePresentationRequested, this, [this] { setPresentationMode(false); });
  connect(menus, &Menus::nextRequested, this, &MainWindow::stepForward);
  connect(menus, &Menus::previousRequested, this, &MainWindow::stepBackward);
  connect(menus, &Menus::textScaleChosen, this, &MainWindow::setTextScale);
  connect(menus, &Menus::presetChosen, this, &MainWindow::applyPreset);
  connect(m_session, &SessionActions::recentFilesChanged, m_menus, &Menus::setRecentFiles);
  connect(menus, &Menus::checkAgainstFileRequested, this, [this] { checkWindow().chooseFile(); });
  connectHelp();
  connectModels();
}

void MainWindow::connectModels() {
  connect(m_menus, &Menus::openModelRequested, m_models, &ModelActions::openDialog);
  connect(m_menus, &Menus::recentModelChosen, m_models, &ModelActions::openModelAsync);
  connect(m_menus, &Menus::clearRecentModelsRequested, m_models, &ModelActions::clearRecentModels);
  connect(m_models, &ModelActions::recentModelsChanged, m_menus, &Menus::setRecentModels);
  connect(m_models, &ModelActions::labelChanged, this, [this](const QString& label) {
    m_session->setModelLabel(label);
    m_grid->setModelLabel(label);
    m_grid->redraw();
  });
  connect(m_models, &ModelActions::modelOpened, this, [this](const QString& label) {
    statusBar()->showMessage(tr("Opened model %1").arg(label), 5000);
  });
  connect(m_models, &ModelActions::modelFailed, this,
          [this](const QString& reason) { statusBar()->showMessage(reason, 8000); });
}

void MainWindow::connectHelp() {
  connect(m_menus, &Menus::userGuideRequested, m_help, &HelpWindows::showUserGuide);
  connect(m_menus, &Menus::shortcutsRequested, m_help, &HelpWindows::showShortcuts);
  connect(m_menus, &Menus::startPageRequested, m_help, &HelpWindows::showStartPage);
  connect(m_menus, &Menus::problemsRequested, m_problems, &ProblemLog::showAll);
  connect(m_problems, &ProblemLog::reported, m_menus,
          [this] { m_menus->setProblemsAvailable(true); });
  connect(m_session, &SessionActions::problem, m_problems, &ProblemLog::report);
  connect(m_menus, &Menus::lessonChosen, m_classroom, &ClassroomController::showLessonOverview);
  connect(m_help, &HelpWindows::lessonRequested, m_classroom,
          &ClassroomController::showLessonOverview);
  connect(m_help, &HelpWindows::openSessionRequested, m_menus, &Menus::openRequested);
  connect(m_help, &HelpWindows::openModelRequested, m_menus, &Menus::openModelRequested);
  connect(m_help, &HelpWindows::modelRequested, this,
          [this](const QString& entry) { m_models->openModelAsync(entry); });
  connect(m_help, &HelpWindows::schemeRequested, this, [this](const QString& schemeId) {
    m_undo->chooseScheme(schemeId);
    m_docks[0]->show();  // the Schemes dock, where the choice is seen and changed
    m_docks[0]->raise();
    m_schemeList->focusList();
  });
}

void MainWindow::connectClassroom() {
  connect(m_classroom, &ClassroomController::modeChanged, m_menus, &Menus::setModeChecked);
  connect(m_classroom, &ClassroomController::schemeRequested, m_undo, &UndoState::chooseScheme);
  connect(m_classroom, &ClassroomController::viewRequested, this,
          [this](const QString& view) { setCellView(0, view); });
  connect(m_classroom, &ClassroomController::lessonStepChosen, m_state,
          &ShownState::applyLessonStep);
  connect(&m_classroom->animationView(), &AnimationView::exportRequested, this,
          [this] { m_export->animationExportDialog(m_classroom->animationView()); });
  connect(m_presentation, &PresentationMode::fontsChanged, this, &MainWindow::applyFonts);
}

// ----------------------------------------------------------------------------------------------
// Language

void MainWindow::retranslate() {
  m_docks[0]->setWindowTitle(tr("Schemes"));
  m_docks[1]->setWindowTitle(tr("Parameters"));
  m_docks[2]->setWindowTitle(tr("Readout"));
  m_classroom->retranslate();
  m_menus->retranslate();
  m_undo->retranslate();
  m_models->retranslate();

  // Scheme list, view tabs and choosers, window title, status bar, pictures.
  m_schemeList->retranslate();
  m_grid->fillViewLists();
  m_session->updateTitle();
  m_busy->setText(m_controller.busy() ? tr("computing...") : QString());
  m_timing->setText(m_grid->timingText());
  m_grid->redraw();
}

void MainWindow::setLanguage(const QString& id) {
  if (!isLanguage(id)) return;
  if (id != currentLanguage() && !posenc::ui::setLanguage(id)) {
    statusBar()->showMessage(tr("The translation %1 could not be loaded").arg(languageName(id)),
                             8000);
  } else {
    QSettings().setValue(settings::kLanguage, id);
  }
  // setLanguage sends LanguageChange, which retranslates; the check marks follow here too.
  m_menus->setLanguageChecked(currentLanguage());
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange && m_timing) retranslate();
  QMainWindow::changeEvent(event);
}

// ----------------------------------------------------------------------------------------------
// Models and the check

bool MainWindow::openModel(const QString& pathOrId, QString* error) {
  const bool ok = m_models->openModel(pathOrId, error);
  if (ok) statusBar()->showMessage(tr("Opened model %1").arg(m_models->label()), 5000);
  return ok;
}

CheckWindow& MainWindow::checkWindow() {
  if (m_check) return *m_check;
  m_check = new CheckWindow(
      this, [this] { return m_state->checkTarget(); },
      [this](const CheckTarget& t, const QString& param) { m_state->applyChecked(t, param); });
  connect(m_state, &ShownState::stateApplied, m_check, &CheckWindow::targetChanged);
  m_check->setFontScale(m_presentation->fontScale());
  return *m_check;
}

// ----------------------------------------------------------------------------------------------
// Presentation, text size, layout

void MainWindow::stepForward() {
  // A slide showing one picture of its grid at a time: the pictures first, then the step.
  if (!m_grid->stepPicture(1)) m_classroom->stepForward();
}

void MainWindow::stepBackward() {
  if (m_grid->stepPicture(-1)) return;
  m_grid->startAtLastPicture();  // back into a grid shown picture by picture: at its last one
  m_classroom->stepBackward();
}

void MainWindow::setPresentationMode(bool on) {
  if (on == m_presentation->isOn()) return;
  m_classroom->setPresenting(on);  // before the docks hide: was a lesson active?
  m_grid->setChoosersShown(!on);
  m_presentation->setOn(on);  // applyFonts() in the middle (fontsChanged)
  m_grid->setSlidePictures(on);
  m_menus->setPresentationChecked(on);
  m_classroom->updateCaption();
  if (!on) {
    m_layout->arrangeForMode(mode());  // a lesson step may have changed the mode meanwhile
    m_layout->fitToScreen();
  }
}

void MainWindow::applyFonts() {
  const double scale = m_presentation->fontScale();
  setFont(scaledFont(m_baseFont, scale));
  scaleToolTips(scale);
  // The parameter and readout panels set their own fonts (sliders, bold names), so they are
  // told the scale rather than inheriting the window's font.
  m_panel->setScale(scale);
  m_readout->setScale(scale);
  m_classroom->setFontScale(scale);
  m_grid->setFontScale(scale);
  m_grid->redraw();
  if (m_check) m_check->setFontScale(scale);
}

void MainWindow::setTextScale(double scale) {
  if (m_presentation->setTextScale(scale)) m_menus->setTextScaleChecked(scale);
}

void MainWindow::resetLayout() {
  setPresentationMode(false);
  m_layout->reset(mode());
}

// ----------------------------------------------------------------------------------------------
// Events

void MainWindow::keyPressEvent(QKeyEvent* event) {
  // Keys that reach the window itself (no widget took them) in presentation mode.
  if (m_presentation->isOn()) {
    switch (event->key()) {
      case Qt::Key_Escape:
        setPresentationMode(false);
        return;
      case Qt::Key_Right:
        stepForward();
        return;
      case Qt::Key_Left:
        stepBackward();
        return;
      default:
        break;
    }
  }
  QMainWindow::keyPressEvent(event);
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  m_layout->shown();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!m_session->mayClose()) {
    event->ignore();
    return;
  }
  setPresentationMode(false);  // remember the normal layout, not the presentation's
  m_layout->save();
  m_state->rememberColormap();
  m_session->saveLastSession();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) { m_session->dragEnter(event); }

void MainWindow::dropEvent(QDropEvent* event) {
  // A model folder, config.json or checkpoint opens as a model; anything else as a session.
  if (!m_models->drop(event)) m_session->drop(event);
}

}  // namespace posenc::ui
