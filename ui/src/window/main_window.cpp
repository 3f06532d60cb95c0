// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/main_window.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QStackedWidget>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QToolBar>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>
#include <functional>
#include <sstream>
#include <qcustomplot.h>

#include "posenc/data_io.hpp"
#include "posenc_ui/modes/animation_view.h"
#include "posenc_ui/modes/compare_view.h"
#include "posenc_ui/panels/explanation_panel.h"
#include "posenc_ui/panels/lesson_panel.h"
#include "posenc_ui/panels/parameter_panel.h"
#include "posenc_ui/window/presentation.h"
#include "posenc_ui/plot/colormaps.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/panels/readout_panel.h"
#include "posenc_ui/app/settings_keys.h"
#include "posenc_ui/app/translation.h"
#include "posenc_ui/io/view_export.h"

namespace posenc::ui {

namespace {

/// One undoable change of scheme and parameters. Edits of the same parameter while a slider
/// is held (open = true) merge into one step, so one drag is one undo. Its text is made by
/// `describe` in the current language, again after a language change (retranslate()).
class StateCommand : public QUndoCommand {
 public:
  using Apply = std::function<void(const QString&, const ParamSet&)>;
  StateCommand(Apply apply, QString schemeBefore, ParamSet before, QString schemeAfter,
               ParamSet after, QString param, bool open, std::function<QString()> describe)
      : QUndoCommand(describe()),
        m_describe(std::move(describe)),
        m_apply(std::move(apply)),
        m_schemeBefore(std::move(schemeBefore)),
        m_before(std::move(before)),
        m_schemeAfter(std::move(schemeAfter)),
        m_after(std::move(after)),
        m_param(std::move(param)),
        m_open(open) {}

  void retranslate() { setText(m_describe()); }
  void undo() override { m_apply(m_schemeBefore, m_before); }
  void redo() override { m_apply(m_schemeAfter, m_after); }
  int id() const override { return 1; }
  bool mergeWith(const QUndoCommand* other) override {
    const auto* o = dynamic_cast<const StateCommand*>(other);
    if (!o || !m_open || m_param.isEmpty() || o->m_param != m_param ||
        o->m_schemeBefore != m_schemeAfter || o->m_schemeAfter != m_schemeAfter)
      return false;
    m_after = o->m_after;
    m_open = o->m_open;
    return true;
  }

 private:
  std::function<QString()> m_describe;
  Apply m_apply;
  QString m_schemeBefore;
  ParamSet m_before;
  QString m_schemeAfter;
  ParamSet m_after;
  QString m_param;
  bool m_open;
};

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// File > Export: where to, and at what size.
/// The export dialogs' shape: their form, a wrapped note under it, Save and Cancel.
void layOutSaveDialog(QDialog& dialog, QFormLayout* form, QLabel* note) {
  note->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
  auto* layout = new QVBoxLayout(&dialog);
  layout->addLayout(form);
  layout->addWidget(note);
  layout->addWidget(buttons);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
}

class ExportDialog : public QDialog {
 public:
  ExportDialog(QWidget* parent, const QString& suggested, const QString& what)
      : QDialog(parent),
        m_path(new QLineEdit(suggested, this)),
        m_width(new QSpinBox(this)),
        m_height(new QSpinBox(this)),
        m_dpi(new QSpinBox(this)),
        m_gray(new QCheckBox(MainWindow::tr("&Grayscale (for printing)"), this)) {
    setWindowTitle(MainWindow::tr("Export view"));
    auto* browse = new QPushButton(MainWindow::tr("Browse..."), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_width->setRange(64, 16384);
    m_height->setRange(64, 16384);
    m_dpi->setRange(24, 1200);
    m_width->setValue(1000);
    m_height->setValue(800);
    m_dpi->setValue(96);
    m_width->setSuffix(MainWindow::tr(" px"));
    m_height->setSuffix(MainWindow::tr(" px"));
    auto* form = new QFormLayout;
    form->addRow(MainWindow::tr("File"), pathRow);
    form->addRow(MainWindow::tr("Width"), m_width);
    form->addRow(MainWindow::tr("Height"), m_height);
    form->addRow(MainWindow::tr("PNG resolution (dpi)"), m_dpi);
    form->addRow(QString(), m_gray);
    m_gray->setToolTip(MainWindow::tr("Draws the picture with the 'gray' colour map, whatever the "
                                      "window shows, so it prints without colour"));
    auto* note = new QLabel(what + MainWindow::tr("\nThe extension picks the format: .png .svg .pdf draw the "
                                      "picture; .csv .npy .json write the numbers."),
                            this);
    layOutSaveDialog(*this, form, note);
    connect(browse, &QPushButton::clicked, this, [this] {
      const QString path = QFileDialog::getSaveFileName(
          this, MainWindow::tr("Export view"), m_path->text(),
          MainWindow::tr("Pictures (*.png *.svg *.pdf);;Numbers (*.csv *.npy *.json);;All files (*)"));
      if (!path.isEmpty()) m_path->setText(path);
    });
    connect(m_path, &QLineEdit::textChanged, this, [this] { updateEnabled(); });
    updateEnabled();
  }
  QString path() const { return m_path->text(); }
  QSize size() const { return {m_width->value(), m_height->value()}; }
  double dpi() const { return m_dpi->value(); }
  bool grayscale() const { return m_gray->isChecked(); }

 private:
  void updateEnabled() {
    const bool picture = isPicturePath(m_path->text());
    m_width->setEnabled(picture);
    m_height->setEnabled(picture);
    m_dpi->setEnabled(picture && QFileInfo(m_path->text()).suffix().toLower() == QLatin1String("png"));
    m_gray->setEnabled(picture);
  }
  QLineEdit* m_path;
  QSpinBox* m_width;
  QSpinBox* m_height;
  QSpinBox* m_dpi;
  QCheckBox* m_gray;
};

/// Animation > Export frames: folder, number of frames, step and size.
class AnimationExportDialog : public QDialog {
 public:
  AnimationExportDialog(QWidget* parent, const QString& folder)
      : QDialog(parent),
        m_folder(new QLineEdit(folder, this)),
        m_frames(new QSpinBox(this)),
        m_step(new QDoubleSpinBox(this)),
        m_size(new QSpinBox(this)) {
    setWindowTitle(MainWindow::tr("Export animation frames"));
    auto* browse = new QPushButton(MainWindow::tr("&Browse..."), this);
    auto* row = new QHBoxLayout;
    row->addWidget(m_folder, 1);
    row->addWidget(browse);
    m_frames->setRange(1, 10000);
    m_frames->setValue(60);
    m_step->setRange(0.01, 1024);
    m_step->setDecimals(2);
    m_step->setValue(0.25);
    m_size->setRange(64, 4096);
    m_size->setValue(720);
    m_size->setSuffix(MainWindow::tr(" px"));
    auto* form = new QFormLayout;
    form->addRow(MainWindow::tr("&Folder"), row);
    form->addRow(MainWindow::tr("&Frames"), m_frames);
    form->addRow(MainWindow::tr("&Positions per frame"), m_step);
    form->addRow(MainWindow::tr("&Size (square)"), m_size);
    auto* note = new QLabel(MainWindow::tr("Writes frame_00000.png, frame_00001.png, ... from the "
                                           "current position; a video tool can join them."),
                            this);
    layOutSaveDialog(*this, form, note);
    connect(browse, &QPushButton::clicked, this, [this] {
      const QString dir = QFileDialog::getExistingDirectory(this, MainWindow::tr("Export animation frames"),
                                                            m_folder->text());
      if (!dir.isEmpty()) m_folder->setText(dir);
    });
  }
  QString folder() const { return m_folder->text(); }
  int frames() const { return m_frames->value(); }
  double step() const { return m_step->value(); }
  int size() const { return m_size->value(); }

 private:
  QLineEdit* m_folder;
  QSpinBox* m_frames;
  QDoubleSpinBox* m_step;
  QSpinBox* m_size;
};

/// Parameters that differ from the scheme's defaults as KEY=VALUE words (compare panels),
/// leaving out `skip` (the compare view sets the length itself).
QString overridesOf(const Scheme& scheme, const ParamSet& params, const QStringList& skip) {
  const ParamSet defaults(scheme.info().params);
  QStringList words;
  for (const auto& [id, value] : params.items()) {
    if (skip.contains(qs(id)) || !defaults.has(id) || defaults.get(id) == value) continue;
    words << qs(id) + QLatin1Char('=') + qs(formatValue(value));
  }
  return words.join(QLatin1Char(' '));
}

}  // namespace

/// The menus, actions and docks whose texts change with the language (retranslate()).
struct MainWindow::Chrome {
  QDockWidget* schemesDock = nullptr;
  QDockWidget* paramsDock = nullptr;
  QDockWidget* readoutDock = nullptr;
  QMenu* file = nullptr;
  QMenu* edit = nullptr;
  QMenu* view = nullptr;
  QMenu* maps = nullptr;
  QMenu* language = nullptr;
  QMenu* presets = nullptr;
  QMenu* help = nullptr;
  QToolBar* toolBar = nullptr;
  QAction* open = nullptr;
  QAction* save = nullptr;
  QAction* saveAs = nullptr;
  QAction* exportView = nullptr;
  QAction* exportAll = nullptr;
  QAction* copy = nullptr;
  QAction* quit = nullptr;
  QAction* undo = nullptr;
  QAction* redo = nullptr;
  QAction* byView = nullptr;
  QAction* resetZoom = nullptr;
  QAction* fullScreen = nullptr;
  QAction* about = nullptr;
  QAction* aboutQt = nullptr;
  QActionGroup* languages = nullptr;
  QDockWidget* lessonsDock = nullptr;
  QDockWidget* explanationDock = nullptr;
  QMenu* mode = nullptr;
  QMenu* textSize = nullptr;
  QActionGroup* modes = nullptr;
  QActionGroup* textSizes = nullptr;
  QToolBar* modeBar = nullptr;
  QAction* openLesson = nullptr;
  QAction* presentation = nullptr;
  QAction* leavePresentation = nullptr;
  QAction* next = nullptr;
  QAction* previous = nullptr;
  std::function<QString()> timing;  ///< The status bar's last timing line, in the current language.
};

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_undo(new QUndoStack(this)), m_chrome(std::make_unique<Chrome>()) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowIcon(QIcon(QStringLiteral(":/icons/posenc.svg")));
  setAcceptDrops(true);
  m_undo->setUndoLimit(500);
  // While a slider is dragged, show each finished picture even if newer edits are queued, so
  // slow views still move during the drag; the exact final picture always follows.
  m_controller.setInterimResults(true);
  m_presentation = std::make_unique<Presentation>();
  m_baseFont = font();
  buildCentral();
  buildDocks();
  buildClassroom();
  buildMenus();

  m_timing = new QLabel(this);
  m_busy = new QLabel(this);
  statusBar()->addWidget(m_timing, 1);
  statusBar()->addPermanentWidget(m_busy);

  // Every text is set here, and again on each QEvent::LanguageChange.
  retranslate();

  connect(&m_controller, &EncodingController::resultReady, this, &MainWindow::showResult);
  connect(&m_controller, &EncodingController::busyChanged, this,
          [this](bool busy) { m_busy->setText(busy ? tr("computing...") : QString()); });
  connect(&m_controller, &EncodingController::paramsRejected, this,
          [this](const QString&, const QString& message) { statusBar()->showMessage(message, 8000); });
  connect(m_panel, &ParameterPanel::paramsEdited, this, &MainWindow::onParamsEdited);
  connect(m_undo, &QUndoStack::cleanChanged, this, [this] { updateTitle(); });
  connect(m_undo, &QUndoStack::indexChanged, this, [this] { updateTitle(); });

  QSettings settings;
  m_colormap = settings.value(settings::kColormap).toString();
  if (!m_colormap.isEmpty() && !isColormap(m_colormap)) m_colormap.clear();
  for (QAction* a : m_colormapGroup->actions()) a->setChecked(a->data().toString() == m_colormap);
  rebuildForScheme();
  // First start: most of the screen, so the heatmaps get room; later starts restore geometry.
  QSize size(1400, 900);
  if (const QScreen* screen = QGuiApplication::primaryScreen())
    size = (screen->availableSize() * 0.92).boundedTo(QSize(1800, 1150));
  resize(size);
  restoreGeometry(settings.value(settings::kGeometry).toByteArray());
  restoreState(settings.value(settings::kWindowState).toByteArray());
  updateRecentMenu();
  updateTitle();
  const double textScale = settings.value(settings::kTextScale, 1.0).toDouble();
  if (textScale != 1.0) setTextScale(textScale);
  setMode(settings.value(settings::kMode, QStringLiteral("explore")).toString());
}

MainWindow::~MainWindow() {
  // The undo stack and the controller are destroyed after this body, as children or members;
  // their destructors emit signals (QUndoStack::indexChanged, the controller's last results)
  // that must not reach this half-destroyed window.
  disconnect(m_undo, nullptr, this, nullptr);
  disconnect(&m_controller, nullptr, this, nullptr);
}

// ----------------------------------------------------------------------------------------------
// Construction

void MainWindow::buildCentral() {
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(2);
  m_tabs = new QTabBar(central);
  m_tabs->setExpanding(false);
  m_tabs->setDocumentMode(true);
  layout->addWidget(m_tabs);
  m_gridHost = new QWidget(central);
  auto* grid = new QGridLayout(m_gridHost);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(6);
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    Cell& cell = m_cells[static_cast<std::size_t>(k)];
    cell.frame = new QWidget(m_gridHost);
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
    connect(cell.plot, &PlotView::hoverLeft, this, [this] {
      m_hoverActive = false;
      m_readout->clear();
      m_explanation->clearHover();
    });
  }
  layout->addWidget(m_gridHost, 1);
  // Explore is page 0 of the mode stack; Compare and Animate are added by buildClassroom().
  // The caption strip above the stack shows the lesson step in presentation mode.
  auto* host = new QWidget(this);
  host->setObjectName(QStringLiteral("CentralHost"));
  auto* hostLayout = new QVBoxLayout(host);
  hostLayout->setContentsMargins(0, 0, 0, 0);
  hostLayout->setSpacing(0);
  m_caption = new QLabel(host);
  m_caption->setObjectName(QStringLiteral("LessonCaption"));
  m_caption->setWordWrap(true);
  m_caption->setTextFormat(Qt::RichText);
  m_caption->setStyleSheet(QStringLiteral(
      "QLabel#LessonCaption { background: #fff6c8; color: black; padding: 10px 16px; "
      "border-bottom: 3px solid #202020; }"));
  m_caption->hide();
  m_modes = new QStackedWidget(host);
  m_modes->addWidget(central);
  hostLayout->addWidget(m_caption);
  hostLayout->addWidget(m_modes, 1);
  setCentralWidget(host);
  connect(m_tabs, &QTabBar::currentChanged, this, [this](int index) {
    if (m_layout == QLatin1String("tabs") && index >= 0)
      setCellView(0, m_tabs->tabData(index).toString());
  });
}

void MainWindow::buildDocks() {
  auto* schemes = new QDockWidget(this);
  m_chrome->schemesDock = schemes;
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
  m_chrome->paramsDock = params;
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
  m_chrome->readoutDock = readout;
  readout->setObjectName(QStringLiteral("ReadoutDock"));
  m_readout = new ReadoutPanel(readout);
  readout->setWidget(m_readout);
  addDockWidget(Qt::RightDockWidgetArea, readout);
  resizeDocks({readout}, {270}, Qt::Horizontal);
}

void MainWindow::buildMenus() {
  Chrome& c = *m_chrome;
  c.file = menuBar()->addMenu(QString());
  c.open = c.file->addAction(QString(), this, &MainWindow::open);
  c.open->setShortcut(QKeySequence::Open);
  m_recentMenu = c.file->addMenu(QString());
  c.save = c.file->addAction(QString(), this, &MainWindow::save);
  c.save->setShortcut(QKeySequence::Save);
  c.saveAs = c.file->addAction(QString(), this, &MainWindow::saveAs);
  c.saveAs->setShortcut(QKeySequence::SaveAs);
  c.file->addSeparator();
  c.exportView = c.file->addAction(QString(), this, &MainWindow::exportDialog);
  c.exportView->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  c.exportAll = c.file->addAction(QString(), this, &MainWindow::exportAllViews);
  c.copy = c.file->addAction(QString(), this, &MainWindow::copyPicture);
  c.copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
  c.file->addSeparator();
  c.openLesson = c.file->addAction(QString(), this, &MainWindow::openLessonDialog);
  c.openLesson->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
  c.file->addSeparator();
  c.quit = c.file->addAction(QString(), this, &QWidget::close);
  c.quit->setShortcut(QKeySequence::Quit);

  // Undo and redo as plain actions (not QUndoStack's), so their texts follow the language.
  c.edit = menuBar()->addMenu(QString());
  c.undo = c.edit->addAction(QString(), m_undo, &QUndoStack::undo);
  c.undo->setShortcut(QKeySequence::Undo);
  c.undo->setEnabled(false);
  c.redo = c.edit->addAction(QString(), m_undo, &QUndoStack::redo);
  c.redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
  c.redo->setEnabled(false);
  connect(m_undo, &QUndoStack::canUndoChanged, c.undo, &QAction::setEnabled);
  connect(m_undo, &QUndoStack::canRedoChanged, c.redo, &QAction::setEnabled);
  connect(m_undo, &QUndoStack::undoTextChanged, this, [this] { updateUndoTexts(); });
  connect(m_undo, &QUndoStack::redoTextChanged, this, [this] { updateUndoTexts(); });

  c.view = menuBar()->addMenu(QString());
  m_layoutGroup = new QActionGroup(this);
  const QString layouts[] = {QStringLiteral("tabs"), QStringLiteral("grid1"), QStringLiteral("grid2"),
                             QStringLiteral("grid4")};
  int n = 1;
  for (const QString& id : layouts) {
    QAction* a = c.view->addAction(QString());
    a->setCheckable(true);
    a->setData(id);
    a->setChecked(id == m_layout);
    a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + n++)));
    m_layoutGroup->addAction(a);
    connect(a, &QAction::triggered, this, [this, id] { setLayoutMode(id); });
  }
  c.view->addSeparator();
  c.maps = c.view->addMenu(QString());
  m_colormapGroup = new QActionGroup(this);
  c.byView = c.maps->addAction(QString());
  c.byView->setData(QString());
  for (const QString& id : colormapIds()) c.maps->addAction(id)->setData(id);
  for (QAction* a : c.maps->actions()) {
    a->setCheckable(true);
    m_colormapGroup->addAction(a);
    connect(a, &QAction::triggered, this, [this, a] { setColormap(a->data().toString()); });
  }
  // Each language under its own name, so anyone can find theirs whatever is showing.
  c.language = c.view->addMenu(QString());
  c.languages = new QActionGroup(this);
  for (const QString& id : languageIds()) {
    QAction* a = c.language->addAction(languageName(id));
    a->setCheckable(true);
    a->setData(id);
    a->setChecked(id == currentLanguage());
    c.languages->addAction(a);
    connect(a, &QAction::triggered, this, [this, id] { setLanguage(id); });
  }
  c.resetZoom = c.view->addAction(QString(), this, [this] {
    for (Cell& cell : m_cells) cell.plot->resetZoom();
  });
  c.resetZoom->setShortcut(QKeySequence(Qt::Key_Home));
  c.fullScreen = c.view->addAction(QString(), this, [this] {
    setWindowState(windowState() ^ Qt::WindowFullScreen);
  });
  c.fullScreen->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence::FullScreen});

  // Modes (Alt+1..3), presentation (F5, Esc leaves), lesson steps or views, text size.
  c.view->addSeparator();
  c.mode = c.view->addMenu(QString());
  c.modes = new QActionGroup(this);
  const QString modeIds[] = {QStringLiteral("explore"), QStringLiteral("compare"), QStringLiteral("animate")};
  int m = 1;
  for (const QString& id : modeIds) {
    QAction* a = c.mode->addAction(QString());
    a->setCheckable(true);
    a->setData(id);
    a->setChecked(id == m_mode);
    a->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + m++)));
    c.modes->addAction(a);
    connect(a, &QAction::triggered, this, [this, id] { setMode(id); });
  }
  c.presentation = c.view->addAction(QString());
  c.presentation->setCheckable(true);
  c.presentation->setShortcut(QKeySequence(Qt::Key_F5));
  connect(c.presentation, &QAction::toggled, this, [this](bool on) { setPresentationMode(on); });
  c.leavePresentation = c.view->addAction(QString(), this, [this] { setPresentationMode(false); });
  c.leavePresentation->setShortcut(QKeySequence(Qt::Key_Escape));
  c.leavePresentation->setEnabled(false);
  c.next = c.view->addAction(QString(), this, &MainWindow::stepForward);
  c.next->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
  c.previous = c.view->addAction(QString(), this, &MainWindow::stepBackward);
  c.previous->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
  c.textSize = c.view->addMenu(QString());
  c.textSizes = new QActionGroup(this);
  for (const int percent : {100, 125, 150, 200}) {
    QAction* a = c.textSize->addAction(QStringLiteral("%1 %").arg(percent));
    a->setCheckable(true);
    a->setData(percent / 100.0);
    a->setChecked(percent == 100);
    c.textSizes->addAction(a);
    connect(a, &QAction::triggered, this, [this, percent] { setTextScale(percent / 100.0); });
  }
  // Also on the window itself: their keys work while presentation mode hides the menu bar.
  addActions({c.presentation, c.leavePresentation, c.next, c.previous});
  addActions(c.modes->actions());
  c.view->addSeparator();
  for (QDockWidget* dock : findChildren<QDockWidget*>()) c.view->addAction(dock->toggleViewAction());

  c.presets = menuBar()->addMenu(QString());
  c.presets->setToolTipsVisible(true);

  c.help = menuBar()->addMenu(QString());
  c.about = c.help->addAction(QString(), this, &MainWindow::about);
  c.aboutQt = c.help->addAction(QString(), qApp, &QApplication::aboutQt);

  c.toolBar = addToolBar(QString());
  c.toolBar->setObjectName(QStringLiteral("MainToolBar"));
  c.toolBar->addAction(c.open);
  c.toolBar->addAction(c.save);
  c.toolBar->addAction(c.exportView);
  c.toolBar->addSeparator();
  c.toolBar->addAction(c.undo);
  c.toolBar->addAction(c.redo);

  c.modeBar = addToolBar(QString());
  c.modeBar->setObjectName(QStringLiteral("ModeToolBar"));
  c.modeBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  c.modeBar->addActions(c.modes->actions());
  c.modeBar->addSeparator();
  c.modeBar->addAction(c.presentation);
}

void MainWindow::updateUndoTexts() {
  const Chrome& c = *m_chrome;
  const QString undo = m_undo->undoText();
  const QString redo = m_undo->redoText();
  c.undo->setText(undo.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undo));
  c.redo->setText(redo.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redo));
}

void MainWindow::rebuildPresetMenu() {
  QMenu* menu = m_chrome->presets;
  menu->clear();
  try {
    for (const PresetInfo& p : presets()) {
      QAction* a = menu->addAction(presetText(p.name), this, [this, id = p.id] { applyPreset(id); });
      a->setToolTip(presetText(p.description));
      a->setStatusTip(presetText(p.description));
    }
  } catch (const SessionError& e) {
    menu->addAction(tr("Presets unavailable: %1").arg(QString::fromUtf8(e.what())))->setEnabled(false);
  }
}

void MainWindow::retranslate() {
  Chrome& c = *m_chrome;
  c.schemesDock->setWindowTitle(tr("Schemes"));
  c.paramsDock->setWindowTitle(tr("Parameters"));
  c.readoutDock->setWindowTitle(tr("Readout"));
  c.lessonsDock->setWindowTitle(tr("Lessons"));
  c.explanationDock->setWindowTitle(tr("Explanation"));
  m_lessons->setLanguage(currentLanguage());
  m_explanation->setLanguage(currentLanguage());

  c.file->setTitle(tr("&File"));
  c.open->setText(tr("&Open Session..."));
  m_recentMenu->setTitle(tr("Open &Recent"));
  c.save->setText(tr("&Save Session"));
  c.saveAs->setText(tr("Save Session &As..."));
  c.exportView->setText(tr("&Export View..."));
  c.exportAll->setText(tr("Export &All Views to Folder..."));
  c.copy->setText(tr("&Copy Picture"));
  c.openLesson->setText(tr("Open &Lesson File..."));
  c.quit->setText(tr("&Quit"));
  c.edit->setTitle(tr("&Edit"));
  for (int i = 0; i < m_undo->count(); ++i)  // the history says its steps in the new language too
    if (const auto* step = dynamic_cast<const StateCommand*>(m_undo->command(i)))
      const_cast<StateCommand*>(step)->retranslate();
  updateUndoTexts();

  c.view->setTitle(tr("&View"));
  for (QAction* a : m_layoutGroup->actions()) {
    const QString id = a->data().toString();
    if (id == QLatin1String("tabs")) a->setText(tr("&Tabs: one view at a time"));
    else if (id == QLatin1String("grid1")) a->setText(tr("Grid of &1 view"));
    else if (id == QLatin1String("grid2")) a->setText(tr("Grid of &2 views"));
    else a->setText(tr("Grid of &4 views"));
  }
  c.maps->setTitle(tr("&Colour Map"));
  c.byView->setText(tr("By view (diverging for signed values)"));
  c.language->setTitle(tr("&Language"));
  for (QAction* a : c.languages->actions()) a->setChecked(a->data().toString() == currentLanguage());
  c.resetZoom->setText(tr("&Reset Zoom"));
  c.fullScreen->setText(tr("&Full Screen"));
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
  updateAnimation();
  updateCaption();
  c.presets->setTitle(tr("&Presets"));
  rebuildPresetMenu();
  c.help->setTitle(tr("&Help"));
  c.about->setText(tr("&About PosEnc Explorer"));
  c.aboutQt->setText(tr("About &Qt"));
  c.toolBar->setWindowTitle(tr("Main"));

  // Scheme list, view tabs and choosers, window title, status bar, pictures.
  for (int i = 0; i < m_schemeList->count(); ++i) {
    QListWidgetItem* item = m_schemeList->item(i);
    const SchemeInfo& info = findScheme(item->data(Qt::UserRole).toString().toStdString()).info();
    item->setText(coreText(info.name) + QLatin1Char('\n') + coreText(info.description));
    item->setToolTip(coreText(info.description));
  }
  fillViewLists();
  updateTitle();
  m_busy->setText(m_controller.busy() ? tr("computing...") : QString());
  m_timing->setText(c.timing ? c.timing() : QString());
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
  for (QAction* a : m_chrome->languages->actions()) a->setChecked(a->data().toString() == currentLanguage());
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange && m_chrome) retranslate();
  QMainWindow::changeEvent(event);
}

// ----------------------------------------------------------------------------------------------
// Scheme, parameters, undo

const ViewSpec* MainWindow::viewSpec(const QString& viewId) const {
  for (const ViewSpec& v : m_controller.scheme().info().views)
    if (qs(v.id) == viewId) return &v;
  return nullptr;
}

void MainWindow::applyState(const QString& schemeId, const ParamSet& params) {
  m_applying = true;
  if (schemeId != qs(m_controller.scheme().info().id)) {
    m_controller.setScheme(schemeId, params);
    rebuildForScheme();
  } else {
    m_controller.setParams(params);
    if (!(m_panel->values() == params)) m_panel->setValues(params);
    m_explanation->setParams(params);
  }
  m_applying = false;
  if (m_mode == QLatin1String("animate")) updateAnimation();
}

std::function<void(const QString&, const ParamSet&)> MainWindow::applier() {
  return [this](const QString& schemeId, const ParamSet& params) { applyState(schemeId, params); };
}

void MainWindow::onSchemeChosen(const QString& schemeId) {
  const QString current = qs(m_controller.scheme().info().id);
  if (schemeId == current) return;
  const Scheme& next = findScheme(schemeId.toStdString());
  m_undo->push(new StateCommand(applier(), current, m_controller.params(), schemeId,
                                ParamSet(next.info().params), QString(), false,
                                [&next] { return tr("Switch to %1").arg(coreText(next.info().name)); }));
}

void MainWindow::onParamsEdited(const ParamSet& params, const QString& param, bool continuing) {
  if (m_applying) return;
  const QString scheme = qs(m_controller.scheme().info().id);
  m_undo->push(new StateCommand(applier(), scheme, m_controller.params(), scheme, params, param,
                                continuing, [param] { return tr("Change %1").arg(param); }));
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
  explainView(m_cells[0].view);
  updateTitle();
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
  for (QAction* a : m_layoutGroup->actions()) a->setChecked(a->data().toString() == m_layout);
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
    explainView(viewId);
    drawMarker(0);  // the lesson's ring only on the view it belongs to
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
  m_chrome->timing = [this, scheme = result.scheme, view = result.view,
                      computeMs = result.computeMs, drawMs, sampled, shape] {
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
  m_timing->setText(m_chrome->timing());
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
  if (slot == 0) drawMarker(0);
}

void MainWindow::setColormap(const QString& id) {
  m_colormap = isColormap(id) ? id : QString();
  for (QAction* a : m_colormapGroup->actions()) a->setChecked(a->data().toString() == m_colormap);
  for (int k = 0; k < cellCount(); ++k) redrawCell(k);
}

// ----------------------------------------------------------------------------------------------
// Sessions

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
  applySessionAs(session, [] { return tr("Open session"); });
}

void MainWindow::applySessionAs(const Session& session, std::function<QString()> describe) {
  const QString schemeBefore = qs(m_controller.scheme().info().id);
  m_undo->push(new StateCommand(applier(), schemeBefore, m_controller.params(), session.scheme,
                                session.params, QString(), false, std::move(describe)));
  m_colormap = session.colormap;
  for (QAction* a : m_colormapGroup->actions()) a->setChecked(a->data().toString() == m_colormap);
  if (!session.view.isEmpty()) m_cells[0].view = session.view;
  for (int k = 0; k < session.gridViews.size() && k < static_cast<int>(m_cells.size()); ++k)
    m_cells[static_cast<std::size_t>(k)].view = session.gridViews[k];
  setLayoutMode(session.layout);
  m_cells[0].plot->setZoom(session.zoom);
}

bool MainWindow::openSession(const QString& path, QString* error) {
  try {
    applySession(loadSessionFile(path));
  } catch (const SessionError& e) {
    return reportFailure(tr("Cannot open session"), e, error);
  }
  sessionFileDone(path, tr("Opened %1"));
  return true;
}

bool MainWindow::saveSession(const QString& path, QString* error) {
  try {
    saveSessionFile(path, currentSession());
  } catch (const IoError& e) {
    return reportFailure(tr("Cannot save session"), e, error);
  }
  sessionFileDone(path, tr("Saved %1"));
  return true;
}

void MainWindow::sessionFileDone(const QString& path, const QString& message) {
  m_sessionPath = path;
  m_undo->setClean();
  addRecentFile(path);
  rememberFolder(path);
  updateTitle();
  statusBar()->showMessage(message.arg(QDir::toNativeSeparators(path)), 5000);
}

bool MainWindow::reportFailure(const QString& title, const std::exception& e, QString* error) {
  const QString reason = errorMessage(e);
  if (error) *error = reason;
  else QMessageBox::warning(this, title, reason);
  return false;
}

void MainWindow::applyPreset(const QString& id) {
  try {
    Session preset = presetSession(id);
    Session keep = currentSession();
    keep.scheme = preset.scheme;
    keep.params = preset.params;
    keep.zoom.reset();
    if (keep.scheme != qs(m_controller.scheme().info().id)) {
      keep.view = preset.view;  // the preset's view if it names one, else the scheme's first
      keep.gridViews.clear();
    }
    applySession(keep);
    statusBar()->showMessage(tr("Preset: %1").arg(id), 5000);
  } catch (const SessionError& e) {
    QMessageBox::warning(this, tr("Cannot apply preset"), QString::fromUtf8(e.what()));
  }
}

void MainWindow::restoreLastSession() {
  const QByteArray json = QSettings().value(settings::kLastSession).toByteArray();
  if (json.isEmpty()) return;
  try {
    applySession(readSession(json));
    m_undo->clear();
  } catch (const SessionError& e) {
    statusBar()->showMessage(tr("Last session not restored: %1").arg(QString::fromUtf8(e.what())), 8000);
  }
}

void MainWindow::open() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open session"), lastFolder(),
                                                    tr("PosEnc sessions (*.json);;All files (*)"));
  if (!path.isEmpty()) openSession(path);
}

void MainWindow::save() {
  if (m_sessionPath.isEmpty()) saveAs();
  else saveSession(m_sessionPath);
}

void MainWindow::saveAs() {
  QString path = QFileDialog::getSaveFileName(this, tr("Save session"),
                                              lastFolder() + QStringLiteral("/session.json"),
                                              tr("PosEnc sessions (*.json)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
  saveSession(path);
}

void MainWindow::addRecentFile(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(settings::kRecentFiles).toStringList();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > settings::kMaxRecentFiles) recent.removeLast();
  settings.setValue(settings::kRecentFiles, recent);
  updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
  m_recentMenu->clear();
  const QStringList recent = QSettings().value(settings::kRecentFiles).toStringList();
  for (const QString& path : recent)
    m_recentMenu->addAction(QDir::toNativeSeparators(path), this, [this, path] { openSession(path); });
  m_recentMenu->setEnabled(!recent.isEmpty());
}

QString MainWindow::lastFolder() const {
  const QString folder = QSettings().value(settings::kLastFolder).toString();
  return folder.isEmpty() ? QDir::homePath() : folder;
}

void MainWindow::rememberFolder(const QString& path) {
  QSettings settings;
  const QString folder = QFileInfo(path).absolutePath();
  if (settings.value(settings::kLastFolder).toString() != folder)
    settings.setValue(settings::kLastFolder, folder);
}

void MainWindow::updateTitle() {
  const QString name = m_sessionPath.isEmpty() ? tr("untitled") : QFileInfo(m_sessionPath).fileName();
  setWindowTitle(QStringLiteral("%1%2 - %3 - PosEnc Explorer")
                     .arg(name, m_undo->isClean() ? QString() : QStringLiteral(" *"),
                          coreText(m_controller.scheme().info().name)));
}

// ----------------------------------------------------------------------------------------------
// Export

bool MainWindow::exportCurrentView(const QString& path, QSize size, double dpi, QString* error,
                                   int slot, bool grayscale) {
  const Cell& cell = m_cells.at(static_cast<std::size_t>(slot));
  const ViewSpec* spec = viewSpec(cell.view);
  if (!spec) return false;
  ExportRequest request;
  request.size = size;
  request.dpi = dpi;
  request.colormap = grayscale ? QStringLiteral("gray") : m_colormap;
  if (spec->kind == ViewKind::Matrix && cell.plot->zoom()) {
    Region r = cell.plot->visibleRegion();
    request.region = Region{.r0 = r.r0, .r1 = r.r1, .c0 = r.c0, .c1 = r.c1};
  }
  try {
    std::ostringstream unused;
    exportView(m_controller.scheme(), m_controller.params(), *spec, path.toStdString(), request, unused);
    rememberFolder(path);
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
  } catch (const std::exception& e) {
    return reportFailure(tr("Export failed"), e, error);
  }
}

void MainWindow::exportDialog() {
  const QString view = m_cells[0].view;
  const QString suggested = lastFolder() + QStringLiteral("/%1_%2.png")
                                               .arg(qs(m_controller.scheme().info().id), view);
  QString what = tr("Exports the view '%1'").arg(view);
  if (m_cells[0].plot->zoom()) {
    const Region r = m_cells[0].plot->visibleRegion();
    what += tr(" as zoomed: rows %1..%2, columns %3..%4.").arg(r.r0).arg(r.r1 - 1).arg(r.c0).arg(r.c1 - 1);
  } else {
    what += tr(", whole.");
  }
  ExportDialog dialog(this, suggested, what);
  if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
  exportCurrentView(dialog.path(), dialog.size(), dialog.dpi(), nullptr, 0, dialog.grayscale());
}

void MainWindow::exportAllViews() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Export all views to"), lastFolder());
  if (folder.isEmpty()) return;
  bool ok = false;
  const QString format = QInputDialog::getItem(
      this, tr("Format"), tr("Write every view as:"),
      {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv"),
       QStringLiteral("npy"), QStringLiteral("json")},
      0, false, &ok);
  if (!ok) return;
  QStringList failures;
  int written = 0;
  const Scheme& scheme = m_controller.scheme();
  for (const ViewSpec& v : scheme.info().views) {
    const QString path = QDir(folder).filePath(QStringLiteral("%1_%2.%3").arg(qs(scheme.info().id), qs(v.id), format));
    try {
      ExportRequest request;
      request.colormap = m_colormap;
      std::ostringstream unused;
      exportView(scheme, m_controller.params(), v, path.toStdString(), request, unused);
      ++written;
    } catch (const std::exception& e) {
      failures << qs(v.id) + QStringLiteral(": ") + errorMessage(e);
    }
  }
  rememberFolder(folder + QStringLiteral("/x"));
  if (failures.isEmpty())
    statusBar()->showMessage(tr("Wrote %1 files to %2").arg(written).arg(QDir::toNativeSeparators(folder)), 8000);
  else
    QMessageBox::warning(this, tr("Some views were not exported"), failures.join(QLatin1Char('\n')));
}

void MainWindow::copyPicture() {
  QApplication::clipboard()->setPixmap(m_cells[0].plot->plot().toPixmap());
  statusBar()->showMessage(tr("Picture copied to the clipboard"), 3000);
}

void MainWindow::about() {
  QMessageBox::about(
      this, tr("About PosEnc Explorer"),
      tr("<h3>PosEnc Explorer %1</h3>"
         "<p>See how transformers encode position: sinusoidal, learned, T5, ALiBi, RoPE, "
         "Transformer-XL and TUPE, computed exactly in double precision.</p>"
         "<p>Licence: GNU General Public License, version 3 or later. "
         "Plots by QCustomPlot (GPL); built with Qt %2 and Eigen.</p>")
          .arg(QStringLiteral(POSENC_VERSION), QString::fromLatin1(qVersion())));
}

// ----------------------------------------------------------------------------------------------
// Classroom: lessons, explanation, compare and animate modes, presentation mode, text size

/// What presentation mode changes, to restore it exactly.
struct MainWindow::Presentation {
  bool on = false;
  QByteArray geometry;
  QRect rect;        ///< geometry(): restoreGeometry alone may shift the window by its frame.
  QByteArray state;  ///< saveState(): docks and tool bars.
  Qt::WindowStates windowState;
  QPalette palette;
  bool paletteSet = false;  ///< The window had its own palette (else it follows the application's).
  bool menuBarVisible = true;
  bool statusBarVisible = true;
  bool lessonActive = false;  ///< A lesson drove the arrow keys when presentation began.
};

void MainWindow::buildClassroom() {
  // Lessons: hidden until asked for (View menu); shown in the right dock area.
  auto* lessons = new QDockWidget(this);
  m_chrome->lessonsDock = lessons;
  lessons->setObjectName(QStringLiteral("LessonsDock"));
  m_lessons = new LessonPanel(lessons);
  m_lessons->setLanguage(currentLanguage());
  lessons->setWidget(m_lessons);
  addDockWidget(Qt::RightDockWidgetArea, lessons);
  lessons->hide();
  connect(m_lessons, &LessonPanel::stepActivated, this, &MainWindow::onLessonStep);
  connect(m_lessons, &LessonPanel::openLessonFileRequested, this, &MainWindow::openLessonDialog);

  // Explanation: under the readout, shown by default.
  auto* explanation = new QDockWidget(this);
  m_chrome->explanationDock = explanation;
  explanation->setObjectName(QStringLiteral("ExplanationDock"));
  auto* scroll = new QScrollArea(explanation);
  m_explanation = new ExplanationPanel(scroll);
  m_explanation->setLanguage(currentLanguage());
  scroll->setWidget(m_explanation);
  scroll->setWidgetResizable(true);
  explanation->setWidget(scroll);
  addDockWidget(Qt::RightDockWidgetArea, explanation);
  splitDockWidget(m_chrome->readoutDock, explanation, Qt::Vertical);
  resizeDocks({m_chrome->readoutDock, explanation}, {260, 560}, Qt::Vertical);
  resizeDocks({explanation}, {340}, Qt::Horizontal);
  connect(m_readout, &ReadoutPanel::cellExplained, this,
          [this](Index row, Index col, double value, const std::vector<Term>& terms) {
            if (m_hoverActive) m_explanation->setHoveredCell(row, col, value, terms);
          });

  // Compare: page 1 of the mode stack.
  m_compare = new CompareView(m_modes);
  m_modes->addWidget(m_compare);

  // Animate: page 2, with a note and one click to RoPE for schemes without an animation.
  auto* animate = new QWidget(m_modes);
  auto* av = new QVBoxLayout(animate);
  av->setContentsMargins(4, 4, 4, 4);
  auto* noteRow = new QHBoxLayout;
  m_animationNote = new QLabel(animate);
  m_animationNote->setWordWrap(true);
  m_toRope = new QPushButton(animate);
  m_toRope->setObjectName(QStringLiteral("SwitchToRope"));
  noteRow->addWidget(m_animationNote, 1);
  noteRow->addWidget(m_toRope);
  m_animation = new AnimationView(animate);
  av->addLayout(noteRow);
  av->addWidget(m_animation, 1);
  m_modes->addWidget(animate);
  connect(m_toRope, &QPushButton::clicked, this, [this] { onSchemeChosen(QStringLiteral("rope")); });
  connect(m_animation, &AnimationView::exportRequested, this, &MainWindow::animationExportDialog);

  m_pointer = new PointerHighlight(centralWidget());

  // Only the page shown counts for the central area's size: otherwise the compare page's
  // minimum width (two panels side by side) squeezes the docks even in Explore mode.
  auto sizeToCurrent = [this](int current) {
    for (int i = 0; i < m_modes->count(); ++i)
      m_modes->widget(i)->setSizePolicy(i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored,
                                        i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    m_modes->adjustSize();
  };
  connect(m_modes, &QStackedWidget::currentChanged, this, sizeToCurrent);
  sizeToCurrent(0);
}

void MainWindow::hoverCell(int slot, Index row, Index col) {
  const QString& view = m_cells[static_cast<std::size_t>(slot)].view;
  const ViewSpec* spec = viewSpec(view);
  if (!spec) return;
  // The explanation follows the plot under the mouse (a grid shows several views).
  explainView(view);
  m_hoverActive = true;
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
        if (m_keySlot == k && m_hoverActive) {
          m_hoverActive = false;
          m_readout->clear();
          m_explanation->clearHover();
          cell.plot->clearMark();
        }
        break;
      }
      const auto* key = static_cast<QKeyEvent*>(event);
      const auto* matrix = cell.last ? std::get_if<MatrixResult>(&cell.last->data) : nullptr;
      if (!matrix || key->modifiers() != Qt::NoModifier) break;
      Index dr = 0, dc = 0;
      switch (key->key()) {
        case Qt::Key_Left: dc = -1; break;
        case Qt::Key_Right: dc = 1; break;
        case Qt::Key_Up: dr = -1; break;
        case Qt::Key_Down: dr = 1; break;
        default: return QMainWindow::eventFilter(watched, event);
      }
      if (m_keySlot != k) {  // start in the middle of what is shown
        const Region r = cell.plot->visibleRegion();
        const Index r1 = r.r1 < 0 ? matrix->full.rows : r.r1;
        const Index c1 = r.c1 < 0 ? matrix->full.cols : r.c1;
        m_keyRow = (r.r0 + std::max(r.r0 + 1, r1) - 1) / 2;
        m_keyCol = (r.c0 + std::max(r.c0 + 1, c1) - 1) / 2;
        dr = dc = 0;
      }
      const Index row = std::clamp<Index>(m_keyRow + dr, 0, std::max<Index>(0, matrix->full.rows - 1));
      const Index col = std::clamp<Index>(m_keyCol + dc, 0, std::max<Index>(0, matrix->full.cols - 1));
      hoverCell(k, row, col);
      cell.plot->markCell(row, col);  // the crosshair follows the keys as it follows the mouse
      return true;
    }
  }
  return QMainWindow::eventFilter(watched, event);
}

void MainWindow::onLessonStep(const LessonStep& step) {
  Session session = step.session;
  session.colormap = m_colormap;  // the lesson sets what to show, not the user's colours
  const QString title = lessonText(step.title, currentLanguage());
  if (m_mode != QLatin1String("explore")) setMode(QStringLiteral("explore"));
  applySessionAs(session, [title] { return tr("Lesson: %1").arg(title); });
  m_marked.reset();
  if (step.highlight) {
    m_marked = std::make_pair(step.highlight->row, step.highlight->col);
    m_markedView = session.scheme + QLatin1Char('/') + session.view;
  }
  drawMarker(0);
  updateCaption();
}

void MainWindow::openLessonDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open lesson file"), lastFolder(),
                                                    tr("PosEnc lessons (*.json);;All files (*)"));
  if (!path.isEmpty()) openLessonFile(path);
}

bool MainWindow::openLessonFile(const QString& path, QString* error) {
  Lesson lesson;
  try {
    lesson = readLessonFile(path);
  } catch (const ReadError& e) {
    const QString reason = tr("This lesson cannot be opened:\n%1").arg(QString::fromUtf8(e.what()));
    if (error) *error = reason;
    else QMessageBox::warning(this, tr("Cannot open lesson"), reason);
    return false;
  }
  rememberFolder(path);
  m_chrome->lessonsDock->show();
  m_chrome->lessonsDock->raise();
  m_lessons->addLesson(lesson);
  statusBar()->showMessage(tr("Lesson opened: %1").arg(lessonText(lesson.title, currentLanguage())), 5000);
  return true;
}

bool MainWindow::lessonActive() const {
  if (m_presentation->on) return m_presentation->lessonActive && m_lessons->currentStep();
  return m_chrome->lessonsDock->isVisibleTo(this) && m_lessons->currentStep();
}

void MainWindow::stepForward() {
  if (lessonActive()) {
    m_lessons->nextStep();
    return;
  }
  const auto& views = m_controller.scheme().info().views;
  for (std::size_t i = 0; i + 1 < views.size(); ++i)
    if (qs(views[i].id) == m_cells[0].view) return setCellView(0, qs(views[i + 1].id));
}

void MainWindow::stepBackward() {
  if (lessonActive()) {
    m_lessons->previousStep();
    return;
  }
  const auto& views = m_controller.scheme().info().views;
  for (std::size_t i = 1; i < views.size(); ++i)
    if (qs(views[i].id) == m_cells[0].view) return setCellView(0, qs(views[i - 1].id));
}

void MainWindow::explainView(const QString& view) {
  const QString scheme = qs(m_controller.scheme().info().id);
  const QString key = scheme + QLatin1Char('/') + view;
  if (key == m_explainedView) return;
  m_explainedView = key;
  m_explanation->setView(scheme, view);
  m_explanation->setParams(m_controller.params());
}

void MainWindow::drawMarker(int slot) {
  if (slot != 0) return;
  Cell& cell = m_cells[0];
  QCustomPlot& plot = cell.plot->plot();
  for (int i = plot.itemCount() - 1; i >= 0; --i)
    if (plot.item(i)->objectName() == QLatin1String("LessonMarker")) plot.removeItem(i);
  const QString key = qs(m_controller.scheme().info().id) + QLatin1Char('/') + cell.view;
  const bool matrix = cell.last && std::holds_alternative<MatrixResult>(cell.last->data) &&
                      cell.last->view == cell.view && cell.last->error.isEmpty();
  if (m_marked && key == m_markedView && matrix) {
    // A ring around the cell, never smaller than a few percent of what is shown, drawn twice
    // (dark halo, bright ring) so it stands out on any colour map.
    const double col = static_cast<double>(m_marked->second);
    const double row = static_cast<double>(m_marked->first);
    const double hx = std::max(0.8, 0.035 * plot.xAxis->range().size());
    const double hy = std::max(0.8, 0.035 * plot.yAxis->range().size());
    const std::pair<QColor, double> pens[] = {{QColor(0, 0, 0), 7.0}, {QColor(255, 140, 0), 3.5}};
    for (const auto& [colour, width] : pens) {
      auto* ring = new QCPItemEllipse(&plot);
      ring->setObjectName(QStringLiteral("LessonMarker"));
      ring->setPen(QPen(colour, width));
      ring->topLeft->setCoords(col - hx, row - hy);
      ring->bottomRight->setCoords(col + hx, row + hy);
    }
  }
  plot.replot(QCustomPlot::rpQueuedReplot);
}

void MainWindow::updateCaption() {
  const LessonStep* step = m_lessons->currentStep();
  const bool show = m_presentation->on && m_presentation->lessonActive && step;
  if (show) {
    // Larger than the (already scaled) window font: the back row reads it off the projector.
    m_caption->setFont(scaledFont(font(), 1.2));
    const QString language = currentLanguage();
    m_caption->setText(QStringLiteral("<b>%1</b> &nbsp; <span style='color:#444'>%2</span><br>%3")
                           .arg(lessonText(step->title, language).toHtmlEscaped(), m_lessons->progressText().toHtmlEscaped(),
                                lessonText(step->text, language)));
  }
  m_caption->setVisible(show);
}

void MainWindow::setMode(const QString& mode) {
  static const QStringList modes = {QStringLiteral("explore"), QStringLiteral("compare"),
                                    QStringLiteral("animate")};
  const int index = static_cast<int>(modes.indexOf(mode));
  if (index < 0) return;
  const bool changed = mode != m_mode || m_modes->currentIndex() != index;
  m_mode = mode;
  if (changed && m_hoverActive) {  // the hovered cell belongs to a page no longer shown
    m_hoverActive = false;
    m_readout->clear();
    m_explanation->clearHover();
  }
  if (changed && mode == QLatin1String("compare")) {
    // Panel 1: what the window shows; panel 2: a companion worth comparing with it.
    const Scheme& scheme = m_controller.scheme();
    const ParamSet& params = m_controller.params();
    const QString id = qs(scheme.info().id);
    const QStringList lengthIds = {QStringLiteral("length"), QStringLiteral("qlen")};
    const QString own = overridesOf(scheme, params, lengthIds);
    ComparePanelSpec first{id, m_cells[0].view, own};
    ComparePanelSpec second{QStringLiteral("rope"), QStringLiteral("scores"),
                            QStringLiteral("scaling=linear factor=4")};
    if (id == QLatin1String("rope")) {
      ParamSet other = params;
      const bool scaled = params.getChoice("scaling") != "none";
      other.set("scaling", std::string(scaled ? "none" : "linear"));
      if (!scaled) other.set("factor", 4.0);
      second = {id, m_cells[0].view, overridesOf(scheme, other, lengthIds)};
    } else if (id == QLatin1String("sinusoidal")) {
      ParamSet other = params;
      other.set("layout", std::string(params.getChoice("layout") == "interleaved" ? "concatenated" : "interleaved"));
      second = {id, m_cells[0].view, overridesOf(scheme, other, lengthIds)};
    }
    for (const QString& l : lengthIds)
      if (params.has(l.toStdString())) {
        m_compare->setLength(std::clamp<Index>(params.getInt(l.toStdString()), 1, Index{1} << 20));
        break;
      }
    m_compare->setPanels({first, second});
    m_compare->setDifferenceShown(second.scheme == first.scheme);
    m_compare->setFontScale(plotFontScale());
  }
  if (mode == QLatin1String("animate")) updateAnimation();
  m_modes->setCurrentIndex(index);
  if (m_chrome->modes)
    for (QAction* a : m_chrome->modes->actions()) a->setChecked(a->data().toString() == m_mode);
  QSettings settings;
  if (settings.value(settings::kMode).toString() != m_mode) settings.setValue(settings::kMode, m_mode);
}

void MainWindow::updateAnimation() {
  const std::string id = m_controller.scheme().info().id;
  m_animation->setScheme(id, m_controller.params());
  const bool has = hasAnimation(id);
  m_animationNote->setVisible(!has);
  m_toRope->setVisible(!has);
  if (!has)
    m_animationNote->setText(tr("%1 has no animation: the animations show RoPE's rotating pair and "
                                "the sinusoidal clock hands.")
                                 .arg(coreText(m_controller.scheme().info().name)));
  m_toRope->setText(tr("Switch to &RoPE"));
}

void MainWindow::animationExportDialog() {
  AnimationExportDialog dialog(this, lastFolder() + QStringLiteral("/frames"));
  if (dialog.exec() != QDialog::Accepted || dialog.folder().isEmpty()) return;
  exportAnimation(dialog.folder(), dialog.frames(), dialog.step(), dialog.size());
}

bool MainWindow::exportAnimation(const QString& dir, int frames, double step, int size, QString* error) {
  const std::string& scheme = m_animation->scheme();
  auto fail = [&](const QString& reason) {
    if (error) *error = reason;
    else QMessageBox::warning(this, tr("Animation export failed"), reason);
    return false;
  };
  if (!hasAnimation(scheme)) return fail(tr("The current scheme has no animation."));
  if (frames < 1 || !(step > 0) || size < 16) return fail(tr("Choose at least one frame, a positive step and a size of 16 px or more."));
  if (!QDir().mkpath(dir)) return fail(tr("Cannot create the folder %1").arg(QDir::toNativeSeparators(dir)));
  try {
    const double first = m_animation->position();
    // Half a step of slack, so rounding never drops the last frame.
    const double last = first + (frames - 1) * step + step / 2;
    const int written = exportAnimationFrames(dir, scheme, m_animation->params(), first, last, step,
                                              m_animation->gap(), QSize(size, size));
    rememberFolder(dir + QStringLiteral("/x"));
    statusBar()->showMessage(tr("Wrote %1 frames to %2").arg(written).arg(QDir::toNativeSeparators(dir)), 8000);
    return true;
  } catch (const std::exception& e) {
    return fail(errorMessage(e));
  }
}

bool MainWindow::presentationMode() const { return m_presentation->on; }

double MainWindow::plotFontScale() const {
  return m_textScale * (m_presentation->on ? kPresentationScale : 1.0);
}

void MainWindow::applyFonts() {
  setFont(scaledFont(m_baseFont, plotFontScale()));
  m_compare->setFontScale(plotFontScale());
  for (int k = 0; k < cellCount(); ++k) redrawCell(k);
}

void MainWindow::setTextScale(double scale) {
  if (!(scale >= 0.5 && scale <= 4.0)) return;
  m_textScale = scale;
  applyFonts();
  QSettings settings;
  if (settings.value(settings::kTextScale, 1.0).toDouble() != scale) settings.setValue(settings::kTextScale, scale);
  if (m_chrome->textSizes)
    for (QAction* a : m_chrome->textSizes->actions()) a->setChecked(qFuzzyCompare(a->data().toDouble(), scale));
}

void MainWindow::setPresentationMode(bool on) {
  Presentation& p = *m_presentation;
  if (on == p.on) return;
  if (on) {
    p.geometry = saveGeometry();
    p.rect = geometry();
    p.state = saveState();
    p.windowState = windowState();
    p.palette = palette();
    p.paletteSet = testAttribute(Qt::WA_SetPalette);
    p.menuBarVisible = menuBar()->isVisibleTo(this);
    p.statusBarVisible = statusBar()->isVisibleTo(this);
    p.lessonActive = lessonActive();
    p.on = true;
    for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->hide();
    for (QToolBar* bar : findChildren<QToolBar*>()) bar->hide();
    menuBar()->hide();
    statusBar()->hide();
    setPalette(presentationPalette());
    applyFonts();
    m_pointer->setEnabled(true);
    setWindowState(windowState() | Qt::WindowFullScreen);
  } else {
    p.on = false;
    m_pointer->setEnabled(false);
    if (p.paletteSet) setPalette(p.palette);
    else setPalette(QPalette());  // back to following the application's palette
    applyFonts();
    menuBar()->setVisible(p.menuBarVisible);
    statusBar()->setVisible(p.statusBarVisible);
    setWindowState(p.windowState);
    restoreState(p.state);
    // The widgets' size hints still have the presentation fonts until their posted layout
    // requests run; without this the window's stale minimum size would widen the restored
    // geometry.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    if (layout()) layout()->activate();
    restoreGeometry(p.geometry);
    if (!(p.windowState & (Qt::WindowMaximized | Qt::WindowFullScreen))) setGeometry(p.rect);
    restoreState(p.state);
  }
  const Chrome& c = *m_chrome;
  {
    const QSignalBlocker block(c.presentation);
    c.presentation->setChecked(on);
  }
  c.leavePresentation->setEnabled(on);
  // Plain arrows step only in presentation mode; otherwise they belong to the focused widget.
  c.next->setShortcuts(on ? QList<QKeySequence>{QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown),
                                                QKeySequence(Qt::ALT | Qt::Key_Right)}
                          : QList<QKeySequence>{QKeySequence(Qt::ALT | Qt::Key_Right)});
  c.previous->setShortcuts(on ? QList<QKeySequence>{QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp),
                                                    QKeySequence(Qt::ALT | Qt::Key_Left)}
                              : QList<QKeySequence>{QKeySequence(Qt::ALT | Qt::Key_Left)});
  updateCaption();
}

void MainWindow::keyPressEvent(QKeyEvent* event) {
  // Keys that reach the window itself (no widget took them) in presentation mode.
  if (m_presentation->on) {
    switch (event->key()) {
      case Qt::Key_Escape: setPresentationMode(false); return;
      case Qt::Key_Right: stepForward(); return;
      case Qt::Key_Left: stepBackward(); return;
      default: break;
    }
  }
  QMainWindow::keyPressEvent(event);
}

// ----------------------------------------------------------------------------------------------
// Events

void MainWindow::closeEvent(QCloseEvent* event) {
  setPresentationMode(false);  // remember the normal layout, not the presentation's
  QSettings settings;
  settings.setValue(settings::kGeometry, saveGeometry());
  settings.setValue(settings::kWindowState, saveState());
  if (settings.value(settings::kColormap).toString() != m_colormap)
    settings.setValue(settings::kColormap, m_colormap);
  settings.setValue(settings::kLastSession, writeSession(currentSession()));
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.first().isLocalFile()) return;
  openSession(urls.first().toLocalFile());
  event->acceptProposedAction();
}

}  // namespace posenc::ui
