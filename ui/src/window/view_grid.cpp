// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/window/view_grid.h"

#include <algorithm>

#include <QButtonGroup>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTabBar>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/common/view_layouts.h"
#include "posenc_ui/plot/plot_fit.h"
#include "posenc_ui/plot/plot_parts.h"
#include "posenc_ui/plot/plot_view.h"

namespace posenc::ui {

ViewGrid::ViewGrid(EncodingController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(2);
  m_refit.setSingleShot(true);
  m_refit.setInterval(0);
  connect(&m_refit, &QTimer::timeout, this, &ViewGrid::refitTexts);
  m_tabs = new QTabBar(this);
  m_tabs->setObjectName(QStringLiteral("ViewTabs"));
  m_tabs->setExpanding(false);
  m_tabs->setDocumentMode(true);
  layout->addWidget(m_tabs);
  buildPictureRow();
  layout->addWidget(m_pictureRow);
  m_fit.setSingleShot(true);
  m_fit.setInterval(50);
  connect(&m_fit, &QTimer::timeout, this, &ViewGrid::fitSlide);
  auto* gridHost = new QWidget(this);
  auto* grid = new QGridLayout(gridHost);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(6);
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    buildCell(gridHost, k);
    grid->addWidget(m_cells[static_cast<std::size_t>(k)].frame, k / 2, k % 2);
  }
  layout->addWidget(gridHost, 1);
  connect(m_tabs, &QTabBar::currentChanged, this, [this](int index) {
    if (m_layout == QLatin1String("tabs") && index >= 0)
      setCellView(0, m_tabs->tabData(index).toString());
  });
  connect(&m_controller, &EncodingController::resultReady, this, &ViewGrid::showResult);
}

ViewGrid::~ViewGrid() = default;

void ViewGrid::buildPictureRow() {
  m_pictureRow = new QWidget(this);
  m_pictureRow->setObjectName(QStringLiteral("SlidePictures"));
  // One line: the letters, and beside them the picture's name over the keys' hint, so the
  // picture keeps the height (a 1024 x 768 slide has about 530 px under its caption).
  auto* row = new QHBoxLayout(m_pictureRow);
  row->setContentsMargins(0, 0, 0, 0);
  row->setSpacing(4);
  m_pictureButtons = new QButtonGroup(m_pictureRow);
  m_pictureButtons->setExclusive(true);
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    auto* button = new QPushButton(m_pictureRow);
    button->setObjectName(QStringLiteral("SlidePicture%1").arg(k));
    button->setCheckable(true);
    button->setFocusPolicy(Qt::NoFocus);  // the slide keys keep reaching the window
    m_pictureButtons->addButton(button, k);
    row->addWidget(button);
  }
  auto* texts = new QVBoxLayout;
  texts->setSpacing(0);
  m_pictureName = new QLabel(m_pictureRow);
  m_pictureName->setObjectName(QStringLiteral("SlidePictureName"));
  m_pictureName->setTextFormat(Qt::PlainText);
  m_pictureKeys = new QLabel(m_pictureRow);
  m_pictureKeys->setObjectName(QStringLiteral("SlidePictureKeys"));
  m_pictureKeys->setTextFormat(Qt::PlainText);
  texts->addWidget(m_pictureName);
  texts->addWidget(m_pictureKeys);
  row->addLayout(texts, 1);
  m_pictureRow->hide();
  connect(m_pictureButtons, &QButtonGroup::idClicked, this, &ViewGrid::showPicture);
}

void ViewGrid::buildCell(QWidget* host, int k) {
  Cell& cell = m_cells[static_cast<std::size_t>(k)];
  cell.frame = new QWidget(host);
  auto* v = new QVBoxLayout(cell.frame);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(2);
  cell.chooser = new QComboBox(cell.frame);
  cell.chooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  cell.plot = new PlotView(cell.frame);
  cell.plot->setFocusPolicy(Qt::StrongFocus);  // Tab reaches the plots (Home resets the zoom)
  v->addWidget(cell.chooser, 0, Qt::AlignLeft);
  v->addWidget(cell.plot, 1);
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
  // A cell never gets so small that its heatmap or chart is unreadable: the page scrolls.
  keepAxisRoom(*cell.plot);
  connect(cell.plot, &PlotView::pointHovered, this, [this, k](int curve, int, double x, double y) {
    const Cell& c = m_cells[static_cast<std::size_t>(k)];
    const ViewSpec* spec = viewSpec(c.view);
    if (!spec || !c.last) return;
    const auto* series = std::get_if<SeriesResult>(&c.last->data);
    if (!series || curve < 0 || curve >= static_cast<int>(series->curves.size())) return;
    emit pointHovered(*spec, coreText(series->curves[static_cast<std::size_t>(curve)].name), x, y);
  });
  connect(cell.plot, &PlotView::hoverLeft, this, &ViewGrid::hoverLeft);
  // A cell's room (reserveAxisRoom) is known after its replot: does the grid fit the slide?
  connect(&cell.plot->plot(), &QCustomPlot::afterReplot, this, [this] {
    if (m_slides) m_fit.start();
  });
}

int ViewGrid::cellCount() const { return viewLayoutCells(m_layout); }

PlotView& ViewGrid::plotView(int slot) { return *m_cells.at(static_cast<std::size_t>(slot)).plot; }

QString ViewGrid::cellView(int slot) const {
  return m_cells.at(static_cast<std::size_t>(slot)).view;
}

const ViewResult* ViewGrid::lastResult(int slot) const {
  const Cell& cell = m_cells.at(static_cast<std::size_t>(slot));
  return cell.last ? &*cell.last : nullptr;
}

const ViewSpec* ViewGrid::viewSpec(const QString& viewId) const {
  for (const ViewSpec& v : m_controller.scheme().info().views)
    if (qs(v.id) == viewId) return &v;
  return nullptr;
}

// ----------------------------------------------------------------------------------------------
// Views and layout

void ViewGrid::fillViewLists() {
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
  // QTabBar tells the layout its new height only while it is visible, else at its next show;
  // selecting a tab before that (a session applied before the window is first shown) lays the
  // tabs out early and loses that notice, and the bar kept the height of no tabs (0).
  m_tabs->updateGeometry();
  for (Cell& cell : m_cells) {
    const QSignalBlocker block(cell.chooser);
    if (!same || cell.chooser->count() != count) {
      cell.chooser->clear();
      for (const ViewSpec& v : views) cell.chooser->addItem(QString(), qs(v.id));
    }
    for (int t = 0; t < count; ++t)
      cell.chooser->setItemText(t, coreText(views[static_cast<std::size_t>(t)].title));
    if (!cell.view.isEmpty()) cell.chooser->setCurrentIndex(cell.chooser->findData(cell.view));
  }
  if (m_picture >= 0) showCells();  // the picture row in the new language
}

void ViewGrid::schemeChanged() {
  const SchemeInfo& info = m_controller.scheme().info();
  fillViewLists();
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    Cell& cell = m_cells[static_cast<std::size_t>(k)];
    if (!viewSpec(cell.view))
      cell.view = qs(info.views[static_cast<std::size_t>(k) % info.views.size()].id);
  }
}

void ViewGrid::presetViews(const QString& first, const QStringList& grid) {
  if (!first.isEmpty()) m_cells[0].view = first;
  for (int k = 0; k < grid.size() && k < static_cast<int>(m_cells.size()); ++k)
    m_cells[static_cast<std::size_t>(k)].view = grid[k];
}

QStringList ViewGrid::gridViews() const {
  QStringList views;
  if (m_layout != QLatin1String("tabs"))
    for (int k = 0; k < cellCount(); ++k) views << m_cells[static_cast<std::size_t>(k)].view;
  return views;
}

void ViewGrid::setLayoutMode(const QString& mode) {
  const int before = viewLayoutCells(m_layout);
  m_layout = viewLayoutIds().contains(mode) ? mode : QStringLiteral("tabs");
  const bool tabs = m_layout == QLatin1String("tabs");
  m_tabs->setVisible(tabs);
  const int count = viewLayoutCells(m_layout);
  // A slide's next grid of as many cells starts at its first picture (its last when the slide
  // keys came back to it); another layout is shown whole until fitSlide says otherwise.
  if (m_picture >= 0) m_picture = count != before || count < 2 ? -1 : m_fromLast ? count - 1 : 0;
  if (m_picture >= 0) m_fromLast = false;
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    Cell& cell = m_cells[static_cast<std::size_t>(k)];
    const bool visible = k < count;
    cell.chooser->setVisible(visible && !tabs && m_choosersShown);
    if (!visible) m_controller.removeSlot(k);
  }
  showCells();
  if (m_slides) m_fit.start();
  if (!tabs) distinctCellViews(count);
  for (int k = 0; k < count; ++k) setCellView(k, m_cells[static_cast<std::size_t>(k)].view);
}

void ViewGrid::refitTexts() {
  for (int k = 0; k < cellCount(); ++k) {
    const Cell& cell = m_cells[static_cast<std::size_t>(k)];
    if (cell.last &&
        (fontScaleStale(cell.drawnFontScale, fittedFontScale(m_fontScale, cell.plot->size())) ||
         plotSizeStale(cell.drawnSize, cell.plot->size())))
      redrawCell(k);
  }
}

void ViewGrid::setChoosersShown(bool shown) {
  m_choosersShown = shown;
  const bool tabs = m_layout == QLatin1String("tabs");
  for (int k = 0; k < cellCount(); ++k)
    m_cells[static_cast<std::size_t>(k)].chooser->setVisible(!tabs && shown);
}

// ----------------------------------------------------------------------------------------------
// Slides: one picture of the grid at a time

void ViewGrid::setSlidePictures(bool on) {
  m_slides = on;
  m_fromLast = false;
  if (!on) m_picture = -1;
  showCells();
  if (on) m_fit.start();
}

void ViewGrid::showPicture(int index) {
  if (index >= cellCount() || (index >= 0 && (!m_slides || cellCount() < 2))) return;
  m_picture = std::max(-1, index);
  showCells();
}

bool ViewGrid::stepPicture(int by) {
  m_fromLast = false;
  const int next = m_picture + by;
  if (m_picture < 0 || next < 0 || next >= cellCount()) return false;
  showPicture(next);
  return true;
}

void ViewGrid::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (m_slides) m_fit.start();
}

void ViewGrid::fitSlide() {
  if (!m_slides || cellCount() < 2) return showPicture(-1);
  QScrollArea* scroll = nullptr;
  for (QWidget* w = parentWidget(); w && !scroll; w = w->parentWidget())
    scroll = qobject_cast<QScrollArea*>(w);
  if (!scroll || !scroll->widget()) return;
  const QSize page = scroll->maximumViewportSize();  // without scroll bars
  if (m_picture < 0) {
    const QSize needs = scroll->widget()->minimumSizeHint();
    if (needs.height() <= page.height() && needs.width() <= page.width()) return;
    m_pictureSince = page;
    showPicture(m_fromLast ? cellCount() - 1 : 0);
    m_fromLast = false;
  } else if (page.width() > m_pictureSince.width() || page.height() > m_pictureSince.height()) {
    showPicture(-1);  // more room (full screen came): the grid again if it fits now
  }
}

void ViewGrid::showCells() {
  const int count = cellCount();
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k)
    m_cells[static_cast<std::size_t>(k)].frame->setVisible(k < count &&
                                                           (m_picture < 0 || k == m_picture));
  m_pictureRow->setVisible(m_picture >= 0);
  if (m_picture < 0) return;
  auto letter = [](int k) { return QStringLiteral("(%1)").arg(QChar(u'a' + k)); };
  auto name = [this, &letter](int k) {
    const ViewSpec* spec = viewSpec(m_cells[static_cast<std::size_t>(k)].view);
    QString title = spec ? coreText(spec->title) : QString();
    if (title.startsWith(letter(k) + QLatin1Char(' ')))  // "(a) content-content ...": said once
      title = title.mid(letter(k).size()).trimmed();
    // The term's name; its formula (after two spaces) is the picture's own title.
    return title.section(QStringLiteral("  "), 0, 0);
  };
  for (int k = 0; k < static_cast<int>(m_cells.size()); ++k) {
    QAbstractButton* button = m_pictureButtons->button(k);
    button->setVisible(k < count);
    button->setText(letter(k));
    button->setToolTip(name(k));
    button->setChecked(k == m_picture);
  }
  QFont bold = font();
  bold.setBold(true);
  m_pictureName->setFont(bold);
  m_pictureName->setText(
      tr("%1 of %2: %3").arg(letter(m_picture), QString::number(count), name(m_picture)));
  QFont small = font();
  if (small.pointSizeF() > 0) small.setPointSizeF(small.pointSizeF() * 0.65);
  m_pictureKeys->setFont(small);
  m_pictureKeys->setText(tr("Next/previous slide keys: %1 to %2 first, then the next step")
                             .arg(letter(0), letter(count - 1)));
}

void ViewGrid::distinctCellViews(int count) {
  const std::vector<ViewSpec>& views = m_controller.scheme().info().views;
  auto shownBy = [this](const QString& id, int from, int to) {
    for (int j = from; j < to; ++j)
      if (m_cells[static_cast<std::size_t>(j)].view == id) return true;
    return false;
  };
  for (int k = 0; k < count; ++k) {
    Cell& cell = m_cells[static_cast<std::size_t>(k)];
    if (viewSpec(cell.view) && !shownBy(cell.view, 0, k)) continue;
    // The first view no earlier cell shows, preferring one no later cell shows either.
    QString fallback;
    for (const ViewSpec& v : views) {
      const QString id = qs(v.id);
      if (shownBy(id, 0, k)) continue;
      if (fallback.isEmpty()) fallback = id;
      if (!shownBy(id, k + 1, count)) {
        fallback = id;
        break;
      }
    }
    if (!fallback.isEmpty()) cell.view = fallback;
  }
}

void ViewGrid::setCellView(int slot, const QString& viewId) {
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
    emit firstViewShown(viewId);
  }
  if (m_picture >= 0) showCells();  // the picture row names the view
  requestCell(slot);
}

void ViewGrid::resetZoom() {
  for (Cell& cell : m_cells) cell.plot->resetZoom();
}

// ----------------------------------------------------------------------------------------------
// Requests and results

void ViewGrid::requestCell(int slot) {
  Cell& cell = m_cells[static_cast<std::size_t>(slot)];
  if (cell.view.isEmpty() || slot >= cellCount()) return;
  Region region = cell.plot->visibleRegion();
  if (!cell.last || cell.last->view != cell.view ||
      cell.last->scheme != qs(m_controller.scheme().info().id)) {
    const double dpr = cell.plot->devicePixelRatioF();
    region = Region{.maxRows = std::max<Index>(64, static_cast<Index>(cell.plot->height() * dpr)),
                    .maxCols = std::max<Index>(64, static_cast<Index>(cell.plot->width() * dpr))};
  }
  m_controller.setRequest(slot, {cell.view, region});
}

void ViewGrid::showResult(int slot, const ViewResult& result) {
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
    shape = {static_cast<qsizetype>(matrix->rows.size()),
             static_cast<qsizetype>(matrix->cols.size()), static_cast<qsizetype>(matrix->full.rows),
             static_cast<qsizetype>(matrix->full.cols)};
  // The scheme's and the view's names (not their ids), said again in the current language.
  const ViewSpec* spec = viewSpec(result.view);
  std::string scheme = m_controller.scheme().info().name;
  std::string view = spec ? spec->title : result.view.toStdString();
  m_timing = [scheme = std::move(scheme), view = std::move(view), computeMs = result.computeMs,
              drawMs, sampled, shape] {
    const QString note = sampled ? tr("   (sampled: %1 x %2 of %3 x %4 cells)")
                                       .arg(shape[0])
                                       .arg(shape[1])
                                       .arg(shape[2])
                                       .arg(shape[3])
                                 : QString();
    return tr("%1 / %2: computed in %3 ms, drawn in %4 ms%5")
        .arg(coreText(scheme), coreText(view))
        .arg(computeMs, 0, 'f', 1)
        .arg(drawMs, 0, 'f', 1)
        .arg(note);
  };
  emit timingChanged();
}

QString ViewGrid::timingText() const { return m_timing ? m_timing() : QString(); }

void ViewGrid::redraw() {
  for (int k = 0; k < cellCount(); ++k) redrawCell(k);
}

void ViewGrid::redrawCell(int slot) {
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
  options.subtitle = m_model;  // the model shown, as File > Export names it
  options.fontScale = fittedFontScale(m_fontScale, cell.plot->size());
  cell.drawnFontScale = options.fontScale;
  cell.drawnSize = cell.plot->size();
  describeValues(options, findScheme(cell.last->scheme.toStdString()), cell.last->params,
                 cell.last->view.toStdString());
  if (const auto* m = std::get_if<MatrixResult>(&cell.last->data))
    cell.plot->setMatrix(*spec, *m, options);
  else if (const auto* s = std::get_if<SeriesResult>(&cell.last->data))
    cell.plot->setSeries(*spec, *s, options);
  if (slot == 0) emit firstCellDrawn();
}

// ----------------------------------------------------------------------------------------------
// Hover and arrow keys

void ViewGrid::hoverCell(int slot, Index row, Index col) {
  if (!viewSpec(m_cells[static_cast<std::size_t>(slot)].view)) return;
  m_keySlot = slot;
  m_keyRow = row;
  m_keyCol = col;
  emit cellHovered(slot, row, col);
}

bool ViewGrid::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Resize) {
    // A cell that grew or shrank much is drawn again with texts that fit it (plot_fit.h),
    // once the layout has settled (refitTexts).
    for (int k = 0; k < cellCount(); ++k)
      if (watched == &m_cells[static_cast<std::size_t>(k)].plot->plot()) m_refit.start();
    return QWidget::eventFilter(watched, event);
  }
  if (event->type() == QEvent::KeyPress || event->type() == QEvent::FocusOut) {
    for (int k = 0; k < cellCount(); ++k) {
      if (watched != &m_cells[static_cast<std::size_t>(k)].plot->plot()) continue;
      if (event->type() == QEvent::FocusOut) {
        if (m_keySlot == k) emit keyFocusLost(k);
        break;
      }
      const auto* key = static_cast<QKeyEvent*>(event);
      if (key->modifiers() == Qt::NoModifier && moveKeyCell(k, key->key())) return true;
      break;
    }
  }
  return QWidget::eventFilter(watched, event);
}

bool ViewGrid::moveKeyCell(int slot, int key) {
  Cell& cell = m_cells[static_cast<std::size_t>(slot)];
  const auto* matrix = cell.last ? std::get_if<MatrixResult>(&cell.last->data) : nullptr;
  if (!matrix) return false;
  Index dr = 0, dc = 0;
  switch (key) {
    case Qt::Key_Left:
      dc = -1;
      break;
    case Qt::Key_Right:
      dc = 1;
      break;
    case Qt::Key_Up:
      dr = -1;
      break;
    case Qt::Key_Down:
      dr = 1;
      break;
    default:
      return false;
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

}  // namespace posenc::ui
