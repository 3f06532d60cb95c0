// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/main_window.h"

#include <algorithm>

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include "posenc_ui/check/check_window.h"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/settings_keys.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/help/help_windows.h"
#include "posenc_ui/help/problem_log.h"
#include "posenc_ui/io/lesson.h"
#include "posenc_ui/models/model_actions.h"
#include "posenc_ui/modes/animation_view.h"
#include "posenc_ui/panels/readout_panel.h"
#include "posenc_ui/params/parameter_panel.h"
#include "posenc_ui/plot/colormaps.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/classroom_controller.h"
#include "posenc_ui/window/export_dialogs.h"
#include "posenc_ui/window/menus.h"
#include "posenc_ui/window/presentation.h"
#include "posenc_ui/window/session_actions.h"
#include "posenc_ui/window/undo_state.h"
#include "posenc_ui/window/view_grid.h"

namespace posenc::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/posenc.svg")));
  setAcceptDrops(true);
  m_undo = new UndoState(
      m_controller,
      [this](const QString& scheme, const ParamSet& params) { applyState(scheme, params); },
      [this](const Session& session) { applyViews(session); }, this);
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

  QSettings settings;
  QString colormap = settings.value(settings::kColormap).toString();
  if (!colormap.isEmpty() && !isColormap(colormap)) colormap.clear();
  m_grid->setColormap(colormap);
  m_menus->setColormapChecked(colormap);
  rebuildForScheme();
  // First start: most of the screen, so the heatmaps get room; later starts restore geometry.
  QSize size(1400, 900);
  bool compact = false;  // a projector's 1024 x 768: compact docks, the first start maximised
  if (const QScreen* screen = QGuiApplication::primaryScreen()) {
    size = (screen->availableSize() * 0.92).boundedTo(QSize(1800, 1150));
    compact = screen->availableSize().width() < kCompactWidth;
  }
  if (compact) useCompactDocks();
  resize(size);
  m_firstState = saveState();
  m_firstSize = size;
  restoreGeometry(settings.value(settings::kGeometry).toByteArray());
  restoreState(settings.value(settings::kWindowState).toByteArray());
  m_compareState = settings.value(settings::kCompareState).toByteArray();
  if (compact && !settings.contains(settings::kGeometry)) setWindowState(Qt::WindowMaximized);
  m_menus->setRecentFiles(m_session->recentFiles());
  m_menus->setRecentModels(m_models->recentModels(), m_models->missingRecentModels());
  m_session->updateTitle();
  const double textScale = settings.value(settings::kTextScale, 1.0).toDouble();
  if (textScale != 1.0) setTextScale(textScale);
  setMode(settings.value(settings::kMode, QStringLiteral("explore")).toString());
  connect(m_classroom, &ClassroomController::modeChanged, this, &MainWindow::arrangeDocksForMode);
  arrangeDocksForMode(mode());
  fitToScreen();
  m_widenDocks.setSingleShot(true);
  m_widenDocks.setInterval(0);
  connect(&m_widenDocks, &QTimer::timeout, this, [this] {
    if (!m_comparing && !m_presentation->isOn()) widenCollapsedDocks();
  });
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
  buildDocks();
  m_classroom =
      new ClassroomController(this, m_controller, m_grid, [this] { return m_grid->cellView(0); });
  m_classroom->addDocks(m_docks[2], m_readout);
  m_session = new SessionActions(
      this, m_controller, m_undo->stack(), [this] { return currentSession(); },
      [this](const Session& session) { applySession(session); });
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
      [this](const Session& session, const QString& label) {
        m_undo->applySession(session, [label] { return tr("Open model %1").arg(label); });
      });
  // The strip that says what was opened goes over the plots, above the lesson caption; a
  // problem the window could not solve by itself above that, in its own row.
  m_problems = new ProblemLog(this);
  if (auto* host = qobject_cast<QVBoxLayout*>(centralWidget()->layout())) {
    host->insertWidget(0, m_models->strip());
    host->insertWidget(0, m_problems);
  }
}

void MainWindow::buildDocks() {
  auto* schemes = new QDockWidget(this);
  schemes->setObjectName(QStringLiteral("SchemesDock"));
  auto* schemeHost = new QWidget(schemes);
  auto* sv = new QVBoxLayout(schemeHost);
  sv->setContentsMargins(4, 4, 4, 4);
  m_schemeList = new QListWidget(schemeHost);
  m_schemeList->setWordWrap(true);
  m_schemeList->setSpacing(2);
  m_schemeList->setAlternatingRowColors(true);
  m_schemeList->setTextElideMode(Qt::ElideNone);
  // Name on the first line, the one-line description under it (texts set by retranslate).
  for (const auto& s : allSchemes()) {
    auto* item = new QListWidgetItem(m_schemeList);
    item->setData(Qt::UserRole, qs(s->info().id));
  }
  sv->addWidget(m_schemeList, 1);
  schemes->setWidget(schemeHost);
  addDockWidget(Qt::LeftDockWidgetArea, schemes);
  connect(m_schemeList, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
    if (item && !m_applying) onSchemeChosen(item->data(Qt::UserRole).toString());
  });

  auto* params = new QDockWidget(this);
  params->setObjectName(QStringLiteral("ParametersDock"));
  auto* scroll = new QScrollArea(params);
  m_panel = new ParameterPanel(scroll);
  scroll->setWidget(m_panel);
  scroll->setWidgetResizable(true);
  params->setWidget(scroll);
  addDockWidget(Qt::LeftDockWidgetArea, params);
  splitDockWidget(schemes, params, Qt::Vertical);
  resizeDocks({schemes, params}, {300, 520}, Qt::Vertical);
  resizeDocks({params}, {380}, Qt::Horizontal);

  auto* readout = new QDockWidget(this);
  readout->setObjectName(QStringLiteral("ReadoutDock"));
  m_readout = new ReadoutPanel(readout);
  readout->setWidget(m_readout);
  addDockWidget(Qt::RightDockWidgetArea, readout);
  resizeDocks({readout}, {270}, Qt::Horizontal);
  m_docks = {schemes, params, readout};
}

void MainWindow::connectParts() {
  connect(&m_controller, &EncodingController::busyChanged, this,
          [this](bool busy) { m_busy->setText(busy ? tr("computing...") : QString()); });
  connect(&m_controller, &EncodingController::paramsRejected, this,
          [this](const QString&, const QString& message) {
            statusBar()->showMessage(message, 8000);
          });
  connect(m_panel, &ParameterPanel::paramsEdited, this, &MainWindow::onParamsEdited);
  connect(m_grid, &ViewGrid::firstViewShown, this, [this](const QString& view) {
    m_classroom->explainView(view);
    drawMarker();  // the lesson's ring only on the view it belongs to
    if (m_check) m_check->targetChanged();
  });
  connect(m_grid, &ViewGrid::firstCellDrawn, this, &MainWindow::drawMarker);
  connect(m_grid, &ViewGrid::cellHovered, this, &MainWindow::hoverCell);
  connect(m_grid, &ViewGrid::pointHovered, m_readout, &ReadoutPanel::showPoint);
  connect(m_grid, &ViewGrid::hoverLeft, m_classroom, &ClassroomController::endHover);
  connect(m_grid, &ViewGrid::keyFocusLost, this, [this](int slot) {
    if (!m_classroom->hovering()) return;
    m_classroom->endHover();
    m_grid->plotView(slot).clearMark();
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
    onSchemeChosen(schemeId);
    m_docks[0]->show();  // the Schemes dock, where the choice is seen and changed
    m_docks[0]->raise();
    m_schemeList->setFocus();
  });
}

void MainWindow::showStartPage() { m_help->showStartPage(); }

void MainWindow::connectClassroom() {
  connect(m_classroom, &ClassroomController::modeChanged, m_menus, &Menus::setModeChecked);
  connect(m_classroom, &ClassroomController::schemeRequested, this, &MainWindow::onSchemeChosen);
  connect(m_classroom, &ClassroomController::viewRequested, this,
          [this](const QString& view) { setCellView(0, view); });
  connect(m_classroom, &ClassroomController::lessonStepChosen, this,
          [this](Session session, const LocalizedText& title) {
            session.colormap =
                m_grid->colormap();  // the lesson sets what to show, not the user's colours
            m_undo->applySession(session, [title] {
              return tr("Lesson: %1").arg(lessonText(title, currentLanguage()));
            });
          });
  connect(m_classroom, &ClassroomController::markerChanged, this, &MainWindow::drawMarker);
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
  for (int i = 0; i < m_schemeList->count(); ++i) {
    QListWidgetItem* item = m_schemeList->item(i);
    const SchemeInfo& info = findScheme(item->data(Qt::UserRole).toString().toStdString()).info();
    item->setText(coreText(info.name) + QLatin1Char('\n') +
                  studentText(coreText(info.description)));
    item->setToolTip(studentText(coreText(info.description)));
  }
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
// Scheme, parameters, undo

QUndoStack& MainWindow::undoStack() { return m_undo->stack(); }

void MainWindow::applyState(const QString& schemeId, const ParamSet& params) {
  m_applying = true;
  if (schemeId != qs(m_controller.scheme().info().id)) {
    m_controller.setScheme(schemeId, params);
    rebuildForScheme();
  } else {
    m_controller.setParams(params);
    if (!(m_panel->values() == params)) m_panel->setValues(params);
    m_classroom->setParams(params);
  }
  m_applying = false;
  m_classroom->stateApplied();
  m_models->stateChanged();  // the model's label stays while its parameters do
  if (m_check) m_check->targetChanged();
}

void MainWindow::onSchemeChosen(const QString& schemeId) { m_undo->chooseScheme(schemeId); }

void MainWindow::onParamsEdited(const ParamSet& params, const QString& param, bool continuing) {
  if (m_applying) return;
  m_undo->editParams(params, param, continuing);
}

void MainWindow::rebuildForScheme() {
  const Scheme& scheme = m_controller.scheme();
  const SchemeInfo& info = scheme.info();
  m_applying = true;
  for (int i = 0; i < m_schemeList->count(); ++i) {
    if (m_schemeList->item(i)->data(Qt::UserRole).toString() == qs(info.id)) {
      m_schemeList->setCurrentRow(i);
      break;
    }
  }
  m_panel->setScheme(scheme, m_controller.params());
  m_grid->schemeChanged();
  m_applying = false;
  setLayoutMode(
      m_grid->layoutMode());  // re-requests the visible cells with their (possibly new) views
  m_classroom->explainView(m_grid->cellView(0));
  m_session->updateTitle();
}

// ----------------------------------------------------------------------------------------------
// Cells and results

int MainWindow::cellCount() const { return m_grid->cellCount(); }
PlotView& MainWindow::plotView(int slot) { return m_grid->plotView(slot); }
QString MainWindow::cellView(int slot) const { return m_grid->cellView(slot); }
void MainWindow::setCellView(int slot, const QString& viewId) { m_grid->setCellView(slot, viewId); }
QString MainWindow::layoutMode() const { return m_grid->layoutMode(); }

void MainWindow::setLayoutMode(const QString& mode) {
  m_grid->setLayoutMode(mode);
  m_menus->setLayoutChecked(m_grid->layoutMode());
}

void MainWindow::setColormap(const QString& id) {
  m_grid->setColormap(isColormap(id) ? id : QString());
  m_menus->setColormapChecked(m_grid->colormap());
  m_grid->redraw();
}

void MainWindow::drawMarker() {
  m_classroom->drawMarker(m_grid->plotView(0), m_grid->cellView(0), m_grid->lastResult(0));
}

void MainWindow::hoverCell(int slot, Index row, Index col) {
  const QString view = m_grid->cellView(slot);
  // The explanation follows the plot under the mouse (a grid shows several views).
  m_classroom->explainView(view);
  m_classroom->startHover();
  m_readout->showCell(m_controller.scheme(), m_controller.params(), *m_grid->viewSpec(view), row,
                      col);
}

// ----------------------------------------------------------------------------------------------
// Sessions and exports (session_actions.h, export_dialogs.h)

Session MainWindow::currentSession() const {
  Session s;
  s.scheme = qs(m_controller.scheme().info().id);
  s.params = m_controller.params();
  s.view = m_grid->cellView(0);
  s.layout = m_grid->layoutMode();
  s.gridViews = m_grid->gridViews();
  s.colormap = m_grid->colormap();
  s.zoom = m_grid->plotView(0).zoom();
  s.model = m_models->shownModel();
  return s;
}

void MainWindow::applySession(const Session& session) {
  m_undo->applySession(session, [] { return tr("Open session"); });
  if (session.model.isEmpty()) return;
  // The model's name comes back with its parameters: read it again; if it is gone, the
  // session stays as it is, and the bar over the plots says why the name is not shown.
  QString reason;
  if (!m_models->adopt(session.model, &reason))
    m_problems->report(tr("The session's model %1 could not be read again, so its name is not "
                          "shown; the session's scheme and parameters are.")
                           .arg(QDir::toNativeSeparators(session.model)),
                       reason);
}

void MainWindow::applyViews(const Session& session) {
  m_grid->setColormap(session.colormap);
  m_menus->setColormapChecked(session.colormap);
  m_grid->presetViews(session.view, session.gridViews);
  setLayoutMode(session.layout);
  m_grid->plotView(0).setZoom(session.zoom);
}

bool MainWindow::openSession(const QString& path, QString* error) {
  return m_session->openSession(path, error);
}

bool MainWindow::saveSession(const QString& path, QString* error) {
  return m_session->saveSession(path, error);
}

void MainWindow::applyPreset(const QString& id) { m_session->applyPreset(id); }

void MainWindow::restoreLastSession() { m_session->restoreLastSession(); }

bool MainWindow::openModel(const QString& pathOrId, QString* error) {
  const bool ok = m_models->openModel(pathOrId, error);
  if (ok) statusBar()->showMessage(tr("Opened model %1").arg(m_models->label()), 5000);
  return ok;
}

bool MainWindow::opensAsModel(const QString& path) { return isModelPath(path); }

CheckWindow& MainWindow::checkWindow() {
  if (m_check) return *m_check;
  m_check = new CheckWindow(
      this,
      [this] {
        return CheckTarget{qs(m_controller.scheme().info().id), m_controller.params(),
                           m_grid->cellView(0)};
      },
      [this](const CheckTarget& target, const QString& param) {
        // A slip's setting, through the parameter panel's own path (a scheme changed since
        // the check: as a session step with the view checked).
        if (target.scheme == qs(m_controller.scheme().info().id)) {
          m_undo->editParams(target.params, param, false);
          if (m_grid->cellView(0) != target.view) setCellView(0, target.view);
          return;
        }
        Session session = currentSession();
        session.scheme = target.scheme;
        session.params = target.params;
        session.view = target.view;
        session.gridViews.clear();
        session.zoom.reset();
        m_undo->applySession(session, [param] { return tr("Change %1").arg(param); });
      });
  m_check->setFontScale(plotFontScale());
  return *m_check;
}

bool MainWindow::exportCurrentView(const QString& path, QSize size, double dpi, QString* error,
                                   int slot, bool grayscale) {
  return m_export->exportView(path, size, dpi, error, slot, grayscale);
}

bool MainWindow::exportAnimation(const QString& dir, int frames, double step, int size,
                                 QString* error) {
  return m_export->exportAnimation(m_classroom->animationView(), dir, frames, step, size, error);
}

// ----------------------------------------------------------------------------------------------
// Classroom (classroom_controller.h), presentation (presentation.h), text size

void MainWindow::setMode(const QString& mode) { m_classroom->setMode(mode); }
QString MainWindow::mode() const { return m_classroom->mode(); }
bool MainWindow::openLessonFile(const QString& path, QString* error) {
  return m_classroom->openLessonFile(path, error);
}
void MainWindow::stepForward() {
  // A slide showing one picture of its grid at a time: the pictures first, then the step.
  if (!m_grid->stepPicture(1)) m_classroom->stepForward();
}
void MainWindow::stepBackward() {
  if (m_grid->stepPicture(-1)) return;
  m_grid->startAtLastPicture();  // back into a grid shown picture by picture: at its last one
  m_classroom->stepBackward();
}
bool MainWindow::lessonActive() const { return m_classroom->lessonActive(); }
LessonPanel& MainWindow::lessonPanel() { return m_classroom->lessonPanel(); }
ExplanationPanel& MainWindow::explanationPanel() { return m_classroom->explanationPanel(); }
CompareView& MainWindow::compareView() { return m_classroom->compareView(); }
AnimationView& MainWindow::animationView() { return m_classroom->animationView(); }
QLabel& MainWindow::captionLabel() { return m_classroom->captionLabel(); }
std::optional<std::pair<Index, Index>> MainWindow::markedCell() const {
  return m_classroom->markedCell();
}
bool MainWindow::presentationMode() const { return m_presentation->isOn(); }

void MainWindow::setPresentationMode(bool on) {
  if (on == m_presentation->isOn()) return;
  m_classroom->setPresenting(on);  // before the docks hide: was a lesson active?
  m_grid->setChoosersShown(!on);
  m_presentation->setOn(on);  // applyFonts() in the middle (fontsChanged)
  m_grid->setSlidePictures(on);
  m_menus->setPresentationChecked(on);
  m_classroom->updateCaption();
  if (!on) {
    arrangeDocksForMode(mode());  // a lesson step may have changed the mode meanwhile
    fitToScreen();
  }
}

double MainWindow::plotFontScale() const {
  return m_textScale * (m_presentation->isOn() ? kPresentationScale : 1.0);
}

void MainWindow::applyFonts() {
  setFont(scaledFont(m_baseFont, plotFontScale()));
  scaleToolTips(plotFontScale());
  // The parameter and readout panels set their own fonts (sliders, bold names), so they are
  // told the scale rather than inheriting the window's font.
  m_panel->setScale(plotFontScale());
  m_readout->setScale(plotFontScale());
  m_classroom->setFontScale(plotFontScale());
  m_grid->setFontScale(plotFontScale());
  m_grid->redraw();
  if (m_check) m_check->setFontScale(plotFontScale());
}

void MainWindow::setTextScale(double scale) {
  if (!(scale >= 0.5 && scale <= 4.0)) return;
  m_textScale = scale;
  applyFonts();
  QSettings settings;
  if (settings.value(settings::kTextScale, 1.0).toDouble() != scale)
    settings.setValue(settings::kTextScale, scale);
  m_menus->setTextScaleChecked(scale);
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

void MainWindow::resetLayout() {
  setPresentationMode(false);
  setWindowState(windowState() & ~(Qt::WindowMaximized | Qt::WindowFullScreen));
  restoreState(m_firstState);
  m_compareState.clear();
  m_otherState.clear();
  m_comparing = false;
  arrangeDocksForMode(mode());
  resize(m_firstSize);
  fitToScreen();
  QSettings settings;
  settings.remove(settings::kGeometry);
  settings.remove(settings::kWindowState);
  settings.remove(settings::kCompareState);
}

// ----------------------------------------------------------------------------------------------
// Layout on small and large screens

void MainWindow::useCompactDocks() {
  // A projector at 1024 x 768: the explanation and the readout share one tab stack on the
  // right, and both dock columns are narrower, so the picture keeps about half the width.
  auto* explanation = findChild<QDockWidget*>(QStringLiteral("ExplanationDock"));
  if (!explanation) return;
  tabifyDockWidget(m_docks[2], explanation);
  explanation->raise();
  resizeDocks({m_docks[0], explanation}, {290, 260}, Qt::Horizontal);
}

void MainWindow::arrangeDocksForMode(const QString& newMode) {
  // Compare has its own scheme, view and parameter choosers per panel, so by default it hides
  // the docks and gives its panels the whole width. Each of the two layouts (Compare, the
  // others) is remembered as the user leaves it, so docks shown in Compare stay shown there.
  const bool comparing = newMode == QLatin1String("compare");
  if (comparing == m_comparing || m_presentation->isOn()) return;
  m_comparing = comparing;
  if (comparing) {
    m_otherState = saveState();
    if (m_compareState.isEmpty() || !restoreState(m_compareState)) {
      for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->hide();
    }
  } else {
    m_compareState = saveState();
    if (!m_otherState.isEmpty()) restoreState(m_otherState);
  }
  fitToScreen();
}

void MainWindow::fitToScreen() {
  // The window never outgrows the screen it is on: the pages scroll (ClassroomController) and
  // the docks scroll, so a smaller size is always possible down to the minimum size hint.
  if (isFullScreen() || isMaximized()) return;
  const QScreen* where = screen();
  if (!where) return;
  const QRect avail = where->availableGeometry();
  const QSize frame = frameGeometry().size() - geometry().size();  // title bar and borders
  const QSize most = (avail.size() - frame).expandedTo(minimumSizeHint());
  if (width() > most.width() || height() > most.height()) resize(size().boundedTo(most));
  QRect outer = frameGeometry();
  if (outer.right() > avail.right()) outer.moveRight(avail.right());
  if (outer.bottom() > avail.bottom()) outer.moveBottom(avail.bottom());
  if (outer.left() < avail.left()) outer.moveLeft(avail.left());
  if (outer.top() < avail.top()) outer.moveTop(avail.top());
  if (outer.topLeft() != frameGeometry().topLeft()) move(outer.topLeft());
}

void MainWindow::widenCollapsedDocks() {
  QList<QDockWidget*> narrow;
  QList<int> widths;
  const int readable = std::clamp(width() / 6, 220, 380);
  for (QDockWidget* dock : findChildren<QDockWidget*>()) {
    const Qt::DockWidgetArea area = dockWidgetArea(dock);
    if (dock->isHidden() || dock->isFloating() ||
        (area != Qt::LeftDockWidgetArea && area != Qt::RightDockWidgetArea))
      continue;
    if (dock->width() >= kCollapsedDockWidth) continue;
    narrow << dock;
    widths << readable;
  }
  if (!narrow.isEmpty()) resizeDocks(narrow, widths, Qt::Horizontal);
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (m_shownOnce) return;
  m_shownOnce = true;
  // Once the restored layout has its sizes (the next round of the event loop).
  m_widenDocks.start();
}

void MainWindow::setUnsavedPrompt(std::function<QMessageBox::StandardButton()> prompt) {
  m_session->setUnsavedPrompt(std::move(prompt));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!m_session->mayClose()) {
    event->ignore();
    return;
  }
  setPresentationMode(false);  // remember the normal layout, not the presentation's
  if (!m_comparing) widenCollapsedDocks();
  QSettings settings;
  settings.setValue(settings::kGeometry, saveGeometry());
  // The Explore / Animate layout and the Compare layout, whichever is shown now.
  settings.setValue(settings::kWindowState, m_comparing ? m_otherState : saveState());
  const QByteArray compareState = m_comparing ? saveState() : m_compareState;
  if (compareState.isEmpty()) settings.remove(settings::kCompareState);
  else settings.setValue(settings::kCompareState, compareState);
  if (settings.value(settings::kColormap).toString() != m_grid->colormap())
    settings.setValue(settings::kColormap, m_grid->colormap());
  m_session->saveLastSession();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) { m_session->dragEnter(event); }

void MainWindow::dropEvent(QDropEvent* event) {
  // A model folder, config.json or checkpoint opens as a model; anything else as a session.
  const QList<QUrl> urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile() && isModelPath(urls.first().toLocalFile())) {
    m_models->openModelAsync(urls.first().toLocalFile());
    event->acceptProposedAction();
    return;
  }
  m_session->drop(event);
}

}  // namespace posenc::ui
