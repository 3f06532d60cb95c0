// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/main_window.h"

#include <algorithm>

#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEvent>
#include <QGridLayout>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QUndoStack>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "posenc_ui/app/settings_keys.h"
#include "posenc_ui/app/translation.h"
#include "posenc_ui/modes/animation_view.h"
#include "posenc_ui/panels/parameter_panel.h"
#include "posenc_ui/panels/readout_panel.h"
#include "posenc_ui/plot/plot_render.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/window/classroom_controller.h"
#include "posenc_ui/window/export_dialogs.h"
#include "posenc_ui/window/menus.h"
#include "posenc_ui/window/presentation.h"
#include "posenc_ui/window/session_actions.h"
#include "posenc_ui/window/undo_state.h"

namespace posenc::ui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/posenc.svg")));
  setAcceptDrops(true);
  m_undo = new UndoState(
      m_controller, [this](const QString& scheme, const ParamSet& params) { applyState(scheme, params); },
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
  m_colormap = settings.value(settings::kColormap).toString();
  if (!m_colormap.isEmpty() && !isColormap(m_colormap)) m_colormap.clear();
  m_menus->setColormapChecked(m_colormap);
  rebuildForScheme();
  // First start: most of the screen, so the heatmaps get room; later starts restore geometry.
  QSize size(1400, 900);
  if (const QScreen* screen = QGuiApplication::primaryScreen())
    size = (screen->availableSize() * 0.92).boundedTo(QSize(1800, 1150));
  resize(size);
  restoreGeometry(settings.value(settings::kGeometry).toByteArray());
  restoreState(settings.value(settings::kWindowState).toByteArray());
  m_menus->setRecentFiles(m_session->recentFiles());
  m_session->updateTitle();
  const double textScale = settings.value(settings::kTextScale, 1.0).toDouble();
  if (textScale != 1.0) setTextScale(textScale);
  setMode(settings.value(settings::kMode, QStringLiteral("explore")).toString());
}

MainWindow::~MainWindow() {
  // The controller is destroyed after this body (a member), the undo stack after it (a child);
  // their destructors emit signals (QUndoStack::indexChanged, the controller's last results)
  // that must not reach this half-destroyed window or its parts.
  m_undo->stack().disconnect();
  disconnect(&m_controller, nullptr, this, nullptr);
}

// ----------------------------------------------------------------------------------------------
// Construction

void MainWindow::buildParts() {
  QWidget* explore = buildCells();
  buildDocks();
  m_classroom = new ClassroomController(this, m_controller, explore, [this] { return m_cells[0].view; });
  m_classroom->addDocks(m_docks[2], m_readout);
  m_session = new SessionActions(this, m_controller, m_undo->stack(), [this] { return currentSession(); },
                                 [this](const Session& session) { applySession(session); });
  m_export = new ExportDialogs(this, m_controller, [this](int slot) {
    const Cell& cell = m_cells.at(static_cast<std::size_t>(slot));
    return ExportSource{cell.view, viewSpec(cell.view), cell.plot, m_colormap};
  });
  m_presentation = new PresentationMode(this);
  m_menus = new Menus(this, m_undo->undoAction(), m_undo->redoAction());
}

QWidget* MainWindow::buildCells() {
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(2);
  m_tabs = new QTabBar(central);
  m_tabs->setExpanding(false);
  m_tabs->setDocumentMode(true);
  layout->addWidget(m_tabs);
  auto* gridHost = new QWidget(central);
  auto* grid = new QGridLayout(gridHost);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(6);
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    Cell& cell = m_cells[static_cast<std::size_t>(k)];
    cell.frame = new QWidget(gridHost);
    auto* v = new QVBoxLayout(cell.frame);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    cell.chooser = new QComboBox(cell.frame);
    cell.chooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    cell.plot = new PlotView(cell.frame);
    cell.plot->setFocusPolicy(Qt::StrongFocus);  // Tab reaches the plots (Home resets the zoom)
    v->addWidget(cell.chooser, 0, Qt::AlignLeft);
    v->addWidget(cell.plot, 1);
    grid->addWidget(cell.frame, k / 2, k % 2);
    connect(cell.chooser, &QComboBox::activated, this, [this, k](int index) {
      Cell& c = m_cells[static_cast<std::size_t>(k)];
      setCellView(k, c.chooser->itemData(index).toString());
    });
    connect(cell.plot, &PlotView::regionRequested, this, [this, k](const Region& region) {
      const Cell& c = m_cells[static_cast<std::size_t>(k)];
      if (!c.view.isEmpty()) m_controller.setRequest(k, {c.view, region});
    });
    connect(cell.plot, &PlotView::cellHovered, this,
            [this, k](Index row, Index col, double) { hoverCell(k, row, col); });
    cell.plot->plot().installEventFilter(this);  // arrow keys move the hovered cell
    connect(cell.plot, &PlotView::pointHovered, this, [this, k](int curve, int, double x, double y) {
      const Cell& c = m_cells[static_cast<std::size_t>(k)];
      const ViewSpec* spec = viewSpec(c.view);
      if (!spec || !c.last) return;
      const auto* series = std::get_if<SeriesResult>(&c.last->data);
      if (!series || curve < 0 || curve >= static_cast<int>(series->curves.size())) return;
      m_readout->showPoint(*spec, coreText(series->curves[static_cast<std::size_t>(curve)].name), x, y);
    });
    connect(cell.plot, &PlotView::hoverLeft, this, [this] { m_classroom->endHover(); });
  }
  layout->addWidget(gridHost, 1);
  connect(m_tabs, &QTabBar::currentChanged, this, [this](int index) {
    if (m_layout == QLatin1String("tabs") && index >= 0)
      setCellView(0, m_tabs->tabData(index).toString());
  });
  return central;
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
  connect(m_schemeList, &QListWidget::currentItemChanged, this,
          [this](QListWidgetItem* item) {
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
  connect(&m_controller, &EncodingController::resultReady, this, &MainWindow::showResult);
  connect(&m_controller, &EncodingController::busyChanged, this,
          [this](bool busy) { m_busy->setText(busy ? tr("computing...") : QString()); });
  connect(&m_controller, &EncodingController::paramsRejected, this,
          [this](const QString&, const QString& message) { statusBar()->showMessage(message, 8000); });
  connect(m_panel, &ParameterPanel::paramsEdited, this, &MainWindow::onParamsEdited);

  const Menus* menus = m_menus;
  connect(menus, &Menus::openRequested, m_session, &SessionActions::open);
  connect(menus, &Menus::recentFileChosen, this, [this](const QString& path) { openSession(path); });
  connect(menus, &Menus::saveRequested, m_session, &SessionActions::save);
  connect(menus, &Menus::saveAsRequested, m_session, &SessionActions::saveAs);
  connect(menus, &Menus::exportViewRequested, m_export, &ExportDialogs::exportDialog);
  connect(menus, &Menus::exportAllRequested, m_export, &ExportDialogs::exportAllViews);
  connect(menus, &Menus::copyRequested, m_export, &ExportDialogs::copyPicture);
  connect(menus, &Menus::openLessonRequested, m_classroom, &ClassroomController::openLessonDialog);
  connect(menus, &Menus::layoutChosen, this, &MainWindow::setLayoutMode);
  connect(menus, &Menus::colormapChosen, this, &MainWindow::setColormap);
  connect(menus, &Menus::languageChosen, this, &MainWindow::setLanguage);
  connect(menus, &Menus::resetZoomRequested, this, [this] {
    for (Cell& cell : m_cells) cell.plot->resetZoom();
  });
  connect(menus, &Menus::modeChosen, this, &MainWindow::setMode);
  connect(menus, &Menus::presentationToggled, this, &MainWindow::setPresentationMode);
  connect(menus, &Menus::leavePresentationRequested, this, [this] { setPresentationMode(false); });
  connect(menus, &Menus::nextRequested, this, &MainWindow::stepForward);
  connect(menus, &Menus::previousRequested, this, &MainWindow::stepBackward);
  connect(menus, &Menus::textScaleChosen, this, &MainWindow::setTextScale);
  connect(menus, &Menus::presetChosen, this, &MainWindow::applyPreset);
  connect(m_session, &SessionActions::recentFilesChanged, m_menus, &Menus::setRecentFiles);

  connect(m_classroom, &ClassroomController::modeChanged, m_menus, &Menus::setModeChecked);
  connect(m_classroom, &ClassroomController::schemeRequested, this, &MainWindow::onSchemeChosen);
  connect(m_classroom, &ClassroomController::viewRequested, this,
          [this](const QString& view) { setCellView(0, view); });
  connect(m_classroom, &ClassroomController::lessonStepChosen, this,
          [this](Session session, const QString& title) {
            session.colormap = m_colormap;  // the lesson sets what to show, not the user's colours
            m_undo->applySession(session, [title] { return tr("Lesson: %1").arg(title); });
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

  // Scheme list, view tabs and choosers, window title, status bar, pictures.
  for (int i = 0; i < m_schemeList->count(); ++i) {
    QListWidgetItem* item = m_schemeList->item(i);
    const SchemeInfo& info = findScheme(item->data(Qt::UserRole).toString().toStdString()).info();
    item->setText(coreText(info.name) + QLatin1Char('\n') + coreText(info.description));
    item->setToolTip(coreText(info.description));
  }
  fillViewLists();
  m_session->updateTitle();
  m_busy->setText(m_controller.busy() ? tr("computing...") : QString());
  m_timing->setText(m_timingText ? m_timingText() : QString());
  for (int k = 0; k < cellCount(); ++k) redrawCell(k);
}

void MainWindow::setLanguage(const QString& id) {
  if (!isLanguage(id)) return;
  if (id != currentLanguage() && !posenc::ui::setLanguage(id)) {
    statusBar()->showMessage(tr("The translation %1 could not be loaded").arg(languageName(id)), 8000);
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

const ViewSpec* MainWindow::viewSpec(const QString& viewId) const {
  for (const ViewSpec& v : m_controller.scheme().info().views)
    if (qs(v.id) == viewId) return &v;
  return nullptr;
}

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
}

void MainWindow::onSchemeChosen(const QString& schemeId) { m_undo->chooseScheme(schemeId); }

void MainWindow::onParamsEdited(const ParamSet& params, const QString& param, bool continuing) {
  if (m_applying) return;
  m_undo->editParams(params, param, continuing);
}

void MainWindow::fillViewLists() {
  const std::vector<ViewSpec>& views = m_controller.scheme().info().views;
  const auto count = static_cast<int>(views.size());
  const QSignalBlocker blockTabs(m_tabs);
  // The same views (a language change): new texts in place, so nothing else moves.
  bool same = m_tabs->count() == count;
  for (int t = 0; same && t < count; ++t)
    same = m_tabs->tabData(t).toString() == qs(views[static_cast<std::size_t>(t)].id);
  if (!same) {
    while (m_tabs->count() > 0) m_tabs->removeTab(0);
    for (const ViewSpec& v : views) m_tabs->setTabData(m_tabs->addTab(QString()), qs(v.id));
  }
  for (int t = 0; t < count; ++t) {
    const ViewSpec& v = views[static_cast<std::size_t>(t)];
    const QString tab = viewTabText(v.id);
    m_tabs->setTabText(t, tab);
    QString tip = coreText(v.title) + QLatin1Char('\n') + coreText(v.description);
    if (tab != qs(v.id)) tip += QLatin1Char('\n') + tr("View id: %1").arg(qs(v.id));
    m_tabs->setTabToolTip(t, tip);
  }
  for (Cell& cell : m_cells) {
    const QSignalBlocker block(cell.chooser);
    if (!same || cell.chooser->count() != count) {
      cell.chooser->clear();
      for (const ViewSpec& v : views) cell.chooser->addItem(QString(), qs(v.id));
    }
    for (int t = 0; t < count; ++t) cell.chooser->setItemText(t, coreText(views[static_cast<std::size_t>(t)].title));
    if (!cell.view.isEmpty()) cell.chooser->setCurrentIndex(cell.chooser->findData(cell.view));
  }
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
  fillViewLists();
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    Cell& cell = m_cells[static_cast<std::size_t>(k)];
    if (!viewSpec(cell.view)) cell.view = qs(info.views[static_cast<std::size_t>(k) % info.views.size()].id);
  }
  m_applying = false;
  setLayoutMode(m_layout);  // re-requests the visible cells with their (possibly new) views
  m_classroom->explainView(m_cells[0].view);
  m_session->updateTitle();
}

// ----------------------------------------------------------------------------------------------
// Cells and results

int MainWindow::cellCount() const {
  if (m_layout == QLatin1String("grid2")) return 2;
  if (m_layout == QLatin1String("grid4")) return 4;
  return 1;
}

PlotView& MainWindow::plotView(int slot) { return *m_cells.at(static_cast<std::size_t>(slot)).plot; }

QString MainWindow::cellView(int slot) const { return m_cells.at(static_cast<std::size_t>(slot)).view; }

void MainWindow::setLayoutMode(const QString& mode) {
  static const QStringList modes = {QStringLiteral("tabs"), QStringLiteral("grid1"),
                                    QStringLiteral("grid2"), QStringLiteral("grid4")};
  m_layout = modes.contains(mode) ? mode : QStringLiteral("tabs");
  const bool tabs = m_layout == QLatin1String("tabs");
  m_tabs->setVisible(tabs);
  const int count = cellCount();
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    Cell& cell = m_cells[static_cast<std::size_t>(k)];
    const bool visible = k < count;
    cell.frame->setVisible(visible);
    cell.chooser->setVisible(visible && !tabs);
    if (!visible) m_controller.removeSlot(k);
  }
  m_menus->setLayoutChecked(m_layout);
  for (int k = 0; k < count; ++k) setCellView(k, m_cells[static_cast<std::size_t>(k)].view);
}

void MainWindow::setCellView(int slot, const QString& viewId) {
  if (slot < 0 || slot >= static_cast<int>(m_cells.size()) || !viewSpec(viewId)) return;
  Cell& cell = m_cells[static_cast<std::size_t>(slot)];
  cell.view = viewId;
  {
    const QSignalBlocker block(cell.chooser);
    cell.chooser->setCurrentIndex(cell.chooser->findData(viewId));
  }
  if (slot == 0) {
    const QSignalBlocker block(m_tabs);
    for (int t = 0; t < m_tabs->count(); ++t)
      if (m_tabs->tabData(t).toString() == viewId) m_tabs->setCurrentIndex(t);
    m_classroom->explainView(viewId);
    drawMarker();  // the lesson's ring only on the view it belongs to
  }
  requestCell(slot);
}

void MainWindow::requestCell(int slot) {
  Cell& cell = m_cells[static_cast<std::size_t>(slot)];
  if (cell.view.isEmpty() || slot >= cellCount()) return;
  Region region = cell.plot->visibleRegion();
  if (!cell.last || cell.last->view != cell.view || cell.last->scheme != qs(m_controller.scheme().info().id)) {
    const double dpr = cell.plot->devicePixelRatioF();
    region = Region{.maxRows = std::max<Index>(64, static_cast<Index>(cell.plot->height() * dpr)),
                    .maxCols = std::max<Index>(64, static_cast<Index>(cell.plot->width() * dpr))};
  }
  m_controller.setRequest(slot, {cell.view, region});
}

void MainWindow::showResult(int slot, const ViewResult& result) {
  if (slot < 0 || slot >= cellCount()) return;
  Cell& cell = m_cells[static_cast<std::size_t>(slot)];
  if (result.view != cell.view) return;  // the cell shows another view by now
  cell.last = result;
  QElapsedTimer drawTimer;
  drawTimer.start();
  redrawCell(slot);
  const double drawMs = static_cast<double>(drawTimer.nsecsElapsed()) / 1e6;
  // Kept as a function of the language, so a language change re-says it.
  const auto* matrix = std::get_if<MatrixResult>(&result.data);
  const bool sampled = matrix && !matrix->exact();
  std::array<qsizetype, 4> shape{};
  if (sampled)
    shape = {static_cast<qsizetype>(matrix->rows.size()), static_cast<qsizetype>(matrix->cols.size()),
             static_cast<qsizetype>(matrix->full.rows), static_cast<qsizetype>(matrix->full.cols)};
  m_timingText = [scheme = result.scheme, view = result.view, computeMs = result.computeMs, drawMs,
                  sampled, shape] {
    const QString note = sampled ? tr("   (sampled: %1 x %2 of %3 x %4 cells)")
                                       .arg(shape[0])
                                       .arg(shape[1])
                                       .arg(shape[2])
                                       .arg(shape[3])
                                 : QString();
    return tr("%1 / %2: computed in %3 ms, drawn in %4 ms%5")
        .arg(scheme, view)
        .arg(computeMs, 0, 'f', 1)
        .arg(drawMs, 0, 'f', 1)
        .arg(note);
  };
  m_timing->setText(m_timingText());
}

void MainWindow::redrawCell(int slot) {
  Cell& cell = m_cells[static_cast<std::size_t>(slot)];
  if (!cell.last) return;
  const ViewSpec* spec = viewSpec(cell.last->view);
  if (!spec) return;
  if (!cell.last->error.isEmpty()) {
    cell.plot->setMessage(cell.last->failure ? errorMessage(cell.last->failure) : cell.last->error);
    return;
  }
  PlotOptions options;
  options.colormap = m_colormap;
  options.fontScale = plotFontScale();
  if (const auto* m = std::get_if<MatrixResult>(&cell.last->data))
    cell.plot->setMatrix(*spec, *m, options);
  else if (const auto* s = std::get_if<SeriesResult>(&cell.last->data))
    cell.plot->setSeries(*spec, *s, options);
  if (slot == 0) drawMarker();
}

void MainWindow::drawMarker() {
  const Cell& cell = m_cells[0];
  m_classroom->drawMarker(*cell.plot, cell.view, cell.last ? &*cell.last : nullptr);
}

void MainWindow::setColormap(const QString& id) {
  m_colormap = isColormap(id) ? id : QString();
  m_menus->setColormapChecked(m_colormap);
  for (int k = 0; k < cellCount(); ++k) redrawCell(k);
}

void MainWindow::hoverCell(int slot, Index row, Index col) {
  const QString& view = m_cells[static_cast<std::size_t>(slot)].view;
  const ViewSpec* spec = viewSpec(view);
  if (!spec) return;
  // The explanation follows the plot under the mouse (a grid shows several views).
  m_classroom->explainView(view);
  m_classroom->startHover();
  m_keySlot = slot;
  m_keyRow = row;
  m_keyCol = col;
  m_readout->showCell(m_controller.scheme(), m_controller.params(), *spec, row, col);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::KeyPress || event->type() == QEvent::FocusOut) {
    for (int k = 0; k < cellCount(); ++k) {
      Cell& cell = m_cells[static_cast<std::size_t>(k)];
      if (watched != &cell.plot->plot()) continue;
      if (event->type() == QEvent::FocusOut) {
        if (m_keySlot == k && m_classroom->hovering()) {
          m_classroom->endHover();
          cell.plot->clearMark();
        }
        break;
      }
      const auto* key = static_cast<QKeyEvent*>(event);
      if (key->modifiers() == Qt::NoModifier && moveKeyCell(k, key->key())) return true;
      break;
    }
  }
  return QMainWindow::eventFilter(watched, event);
}

bool MainWindow::moveKeyCell(int slot, int key) {
  Cell& cell = m_cells[static_cast<std::size_t>(slot)];
  const auto* matrix = cell.last ? std::get_if<MatrixResult>(&cell.last->data) : nullptr;
  if (!matrix) return false;
  Index dr = 0, dc = 0;
  switch (key) {
    case Qt::Key_Left: dc = -1; break;
    case Qt::Key_Right: dc = 1; break;
    case Qt::Key_Up: dr = -1; break;
    case Qt::Key_Down: dr = 1; break;
    default: return false;
  }
  if (m_keySlot != slot) {  // start in the middle of what is shown
    const Region r = cell.plot->visibleRegion();
    const Index r1 = r.r1 < 0 ? matrix->full.rows : r.r1;
    const Index c1 = r.c1 < 0 ? matrix->full.cols : r.c1;
    m_keyRow = (r.r0 + std::max(r.r0 + 1, r1) - 1) / 2;
    m_keyCol = (r.c0 + std::max(r.c0 + 1, c1) - 1) / 2;
    dr = dc = 0;
  }
  const Index row = std::clamp<Index>(m_keyRow + dr, 0, std::max<Index>(0, matrix->full.rows - 1));
  const Index col = std::clamp<Index>(m_keyCol + dc, 0, std::max<Index>(0, matrix->full.cols - 1));
  hoverCell(slot, row, col);
  cell.plot->markCell(row, col);  // the crosshair follows the keys as it follows the mouse
  return true;
}

// ----------------------------------------------------------------------------------------------
// Sessions and exports (session_actions.h, export_dialogs.h)

Session MainWindow::currentSession() const {
  Session s;
  s.scheme = qs(m_controller.scheme().info().id);
  s.params = m_controller.params();
  s.view = m_cells[0].view;
  s.layout = m_layout;
  if (m_layout != QLatin1String("tabs"))
    for (int k = 0; k < cellCount(); ++k) s.gridViews << m_cells[static_cast<std::size_t>(k)].view;
  s.colormap = m_colormap;
  s.zoom = m_cells[0].plot->zoom();
  return s;
}

void MainWindow::applySession(const Session& session) {
  m_undo->applySession(session, [] { return tr("Open session"); });
}

void MainWindow::applyViews(const Session& session) {
  m_colormap = session.colormap;
  m_menus->setColormapChecked(m_colormap);
  if (!session.view.isEmpty()) m_cells[0].view = session.view;
  for (int k = 0; k < session.gridViews.size() && k < static_cast<int>(m_cells.size()); ++k)
    m_cells[static_cast<std::size_t>(k)].view = session.gridViews[k];
  setLayoutMode(session.layout);
  m_cells[0].plot->setZoom(session.zoom);
}

bool MainWindow::openSession(const QString& path, QString* error) { return m_session->openSession(path, error); }

bool MainWindow::saveSession(const QString& path, QString* error) { return m_session->saveSession(path, error); }

void MainWindow::applyPreset(const QString& id) { m_session->applyPreset(id); }

void MainWindow::restoreLastSession() { m_session->restoreLastSession(); }

bool MainWindow::exportCurrentView(const QString& path, QSize size, double dpi, QString* error,
                                   int slot, bool grayscale) {
  return m_export->exportView(path, size, dpi, error, slot, grayscale);
}

bool MainWindow::exportAnimation(const QString& dir, int frames, double step, int size, QString* error) {
  return m_export->exportAnimation(m_classroom->animationView(), dir, frames, step, size, error);
}

// ----------------------------------------------------------------------------------------------
// Classroom (classroom_controller.h), presentation (presentation.h), text size

void MainWindow::setMode(const QString& mode) { m_classroom->setMode(mode); }
QString MainWindow::mode() const { return m_classroom->mode(); }
bool MainWindow::openLessonFile(const QString& path, QString* error) {
  return m_classroom->openLessonFile(path, error);
}
void MainWindow::stepForward() { m_classroom->stepForward(); }
void MainWindow::stepBackward() { m_classroom->stepBackward(); }
bool MainWindow::lessonActive() const { return m_classroom->lessonActive(); }
LessonPanel& MainWindow::lessonPanel() { return m_classroom->lessonPanel(); }
ExplanationPanel& MainWindow::explanationPanel() { return m_classroom->explanationPanel(); }
CompareView& MainWindow::compareView() { return m_classroom->compareView(); }
AnimationView& MainWindow::animationView() { return m_classroom->animationView(); }
QLabel& MainWindow::captionLabel() { return m_classroom->captionLabel(); }
std::optional<std::pair<Index, Index>> MainWindow::markedCell() const { return m_classroom->markedCell(); }
bool MainWindow::presentationMode() const { return m_presentation->isOn(); }

void MainWindow::setPresentationMode(bool on) {
  if (on == m_presentation->isOn()) return;
  m_classroom->setPresenting(on);  // before the docks hide: was a lesson active?
  m_presentation->setOn(on);       // applyFonts() in the middle (fontsChanged)
  m_menus->setPresentationChecked(on);
  m_classroom->updateCaption();
}

double MainWindow::plotFontScale() const {
  return m_textScale * (m_presentation->isOn() ? kPresentationScale : 1.0);
}

void MainWindow::applyFonts() {
  setFont(scaledFont(m_baseFont, plotFontScale()));
  m_classroom->setFontScale(plotFontScale());
  for (int k = 0; k < cellCount(); ++k) redrawCell(k);
}

void MainWindow::setTextScale(double scale) {
  if (!(scale >= 0.5 && scale <= 4.0)) return;
  m_textScale = scale;
  applyFonts();
  QSettings settings;
  if (settings.value(settings::kTextScale, 1.0).toDouble() != scale) settings.setValue(settings::kTextScale, scale);
  m_menus->setTextScaleChecked(scale);
}

// ----------------------------------------------------------------------------------------------
// Events

void MainWindow::keyPressEvent(QKeyEvent* event) {
  // Keys that reach the window itself (no widget took them) in presentation mode.
  if (m_presentation->isOn()) {
    switch (event->key()) {
      case Qt::Key_Escape: setPresentationMode(false); return;
      case Qt::Key_Right: stepForward(); return;
      case Qt::Key_Left: stepBackward(); return;
      default: break;
    }
  }
  QMainWindow::keyPressEvent(event);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  setPresentationMode(false);  // remember the normal layout, not the presentation's
  QSettings settings;
  settings.setValue(settings::kGeometry, saveGeometry());
  settings.setValue(settings::kWindowState, saveState());
  if (settings.value(settings::kColormap).toString() != m_colormap)
    settings.setValue(settings::kColormap, m_colormap);
  m_session->saveLastSession();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) { m_session->dragEnter(event); }

void MainWindow::dropEvent(QDropEvent* event) { m_session->drop(event); }

}  // namespace posenc::ui
