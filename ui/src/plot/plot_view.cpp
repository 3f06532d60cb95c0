// SPDX-License-Identifier: GPL-3.0-or-later
// The interactive plot: the picture drawMatrix/drawSeries make, plus zoom, pan, hover and a
// crosshair. Heatmap axes are in absolute cell indices (column = x, row = y, row axis downwards),
// whatever part of the matrix the drawn result covers, so a zoom means the same cells before and
// after a new result arrives.
#include "posenc_ui/plot/plot_view.h"

#include <qcustomplot.h>

#include <QAction>
#include <QContextMenuEvent>
#include <QEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QRubberBand>
#include <QShowEvent>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

#include "posenc_ui/plot/draw_matrix.h"
#include "posenc_ui/plot/draw_series.h"
#include "posenc_ui/plot/range_dialog.h"

namespace posenc::ui {

namespace {

constexpr int kSettleMs = 40;               ///< Debounce after zooms, pans and resizes.
constexpr double kMinCells = 4.0;           ///< Heatmaps never show fewer cells across.
constexpr double kMinChartFraction = 1e-5;  ///< Charts zoom in at most this far (of the full span).
constexpr double kHoverRadius = 20.0;       ///< Charts: a point this close (px) is hovered.
constexpr double kBarSlack = 80.0;          ///< Bars of a group sit this far (px) from their key.
constexpr double kCellBoxMinPx = 8.0;       ///< Outline the hovered cell when it is this big.
constexpr double kWheelZoom = 1.0 / 1.5;    ///< Range factor per wheel notch (zoom 1.5x).
constexpr double kMinBoxPx = 5.0;           ///< A zoom box thinner than this keeps that axis.
const char* const kOverlay = "overlay";
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool isLog(const QCPAxis* axis) { return axis->scaleType() == QCPAxis::stLogarithmic; }

/// Data coordinate to the coordinate zoom limits work in (log10 on a log axis).
double toLinear(const QCPAxis* axis, double v) { return isLog(axis) ? std::log10(v) : v; }
double fromLinear(const QCPAxis* axis, double v) { return isLog(axis) ? std::pow(10.0, v) : v; }

/// [a, b] grown to at least `minSpan` about its centre, then shrunk and moved into [lo, hi].
std::pair<double, double> confine(double a, double b, double lo, double hi, double minSpan) {
  const double room = hi - lo;
  if (b - a >= room) return {lo, hi};
  minSpan = std::min(minSpan, room);
  if (b - a < minSpan) {
    const double c = (a + b) / 2.0;
    a = c - minSpan / 2.0;
    b = c + minSpan / 2.0;
  }
  if (a < lo) {
    b += lo - a;
    a = lo;
  }
  if (b > hi) {
    a -= b - hi;
    b = hi;
  }
  return {std::max(a, lo), std::min(b, hi)};
}

/// First cell whose extent [i - 1/2, i + 1/2] reaches into a view starting at `lower`.
Index firstCell(double lower) {
  return static_cast<Index>(std::floor(std::clamp(lower + 0.5, -1e15, 1e15)));
}

/// One past the last cell reaching into a view ending at `upper`.
Index endCell(double upper) {
  return static_cast<Index>(std::ceil(std::clamp(upper + 0.5, -1e15, 1e15)));
}

/// True when the drawn indices `have` were made for [begin, end) sampled to `maxSamples`:
/// exactly those indices, or a sampling of the same range at most ~6% finer. A much finer
/// result (the window's first guess from the widget's size, ~25% more rows and columns than
/// the axis rect) or one for a larger range does not count: the view asks for just what it
/// shows at the resolution it draws, so that later recomputations (a parameter change, a
/// slider moving) take only those cells. The slack keeps a view from asking forever when a
/// new result's colour-scale labels narrow the axis rect by a few pixels and the next
/// result's widen it again.
bool madeFor(const std::vector<Index>& have, Index begin, Index end, Index maxSamples) {
  const std::vector<Index> need = sampleIndices(begin, end, maxSamples);
  if (have == need) return true;
  if (have.empty() || need.empty()) return false;
  const std::size_t slack = std::max<std::size_t>(4, need.size() / 16);
  return have.front() >= begin && have.back() < end && have.size() >= need.size() &&
         have.size() <= need.size() + slack && have.front() <= need.front() &&
         have.back() >= need.back();
}

/// Index of the drawn cell (of `count` cells centred from r.lower to r.upper) under coordinate
/// `c`, or -1 when nothing is drawn there. Cells are drawn as QCPColorMap draws them: evenly
/// spaced, half a cell beyond the first and last centre; a single cell spans the whole range.
int drawnCell(double c, const QCPRange& r, int count) {
  if (count <= 0 || !std::isfinite(c)) return -1;
  if (count == 1) return c >= r.lower && c <= r.upper ? 0 : -1;
  const double step = r.size() / (count - 1);
  if (!(step > 0)) return -1;
  const double k = std::floor((c - r.lower) / step + 0.5);
  if (k < 0 || k > count - 1) return -1;
  return static_cast<int>(k);
}

QString number(double v) {
  QString text = QString::number(v, 'g', 6);
  if (text.startsWith(QLatin1Char('-'))) text[0] = QChar(0x2212);
  return text;
}

}  // namespace

PlotView::PlotView(QWidget* parent) : QWidget(parent) {
  m_plot = new QCustomPlot(this);
  m_plot->setMouseTracking(true);
  m_plot->setFocusPolicy(Qt::WheelFocus);
  m_plot->installEventFilter(this);
  setFocusProxy(m_plot);

  m_message = new QLabel(this);
  m_message->setAlignment(Qt::AlignCenter);
  m_message->setWordWrap(true);
  m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_message->setMargin(24);
  m_message->setAutoFillBackground(true);
  QPalette palette = m_message->palette();
  palette.setColor(QPalette::Window, Qt::white);
  palette.setColor(QPalette::WindowText, QColor(80, 80, 80));
  m_message->setPalette(palette);
  QFont font = m_message->font();
  font.setPointSizeF(font.pointSizeF() * 1.15);
  m_message->setFont(font);
  m_message->hide();

  // Both in the same cell: the message, when shown, covers the plot.
  auto* layout = new QGridLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_plot, 0, 0);
  layout->addWidget(m_message, 0, 0);

  m_settle.setSingleShot(true);
  m_settle.setInterval(kSettleMs);
  connect(&m_settle, &QTimer::timeout, this, &PlotView::settle);

  connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
    m_mouseInPlot = true;
    m_mouse = event->position();
    m_mouseGlobal = event->globalPosition();
    hoverAt(m_mouse);
  });
  connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) resetZoom();
  });
  // A zoom the user makes replaces one waiting for its result.
  connect(m_plot, &QCustomPlot::mouseWheel, this, [this] { m_hasPendingZoom = false; });
  connect(m_plot, &QCustomPlot::mousePress, this, [this] { m_hasPendingZoom = false; });
  connect(m_plot, &QCustomPlot::afterReplot, this, [this] { m_fullReplotPending = false; });

  // Left drags draw a zoom box (a widget: the colour map is not redrawn while it moves).
  m_band = new QRubberBand(QRubberBand::Rectangle, m_plot);
  m_band->hide();
  m_rangeAction = new QAction(this);
  m_rangeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
  m_rangeAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  connect(m_rangeAction, &QAction::triggered, this, &PlotView::openRangeDialog);
  addAction(m_rangeAction);
  m_wholeAction = new QAction(this);  // Home is the window's shortcut; this one only shows it
  connect(m_wholeAction, &QAction::triggered, this, &PlotView::resetZoom);
  retranslate();
}

void PlotView::retranslate() {
  m_rangeAction->setText(tr("Go to Range..."));
  m_wholeAction->setText(tr("Reset Zoom") + QLatin1Char('\t') +
                         QKeySequence(Qt::Key_Home).toString(QKeySequence::NativeText));
  m_plot->setToolTip(
      tr("Drag: zoom to a box\nShift+drag or middle button: pan\nWheel: zoom\n"
         "Double-click, Home or R: reset zoom\nCtrl+G or right click: go to a range"));
}

void PlotView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void PlotView::showEvent(QShowEvent* event) {
  // The window's moves and resizes (settle: the mouse's place on the plot) reach this view.
  if (window() != this) window()->installEventFilter(this);
  QWidget::showEvent(event);
}

PlotView::~PlotView() = default;

QCustomPlot& PlotView::plot() { return *m_plot; }

// ---------------------------------------------------------------------------------------------
// Results in

void PlotView::setMatrix(const ViewSpec& view, const MatrixResult& result,
                         const PlotOptions& options) {
  const bool same = m_kind == Kind::Matrix && m_viewId == view.id &&
                    m_shape.rows == result.full.rows && m_shape.cols == result.full.cols;
  std::optional<Zoom> keep = same ? zoom() : std::nullopt;
  if (!same && m_hasPendingZoom) keep = m_pendingZoom;
  if (!same) m_lastRequested.reset();
  m_hasPendingZoom = false;

  // Same view, options and notes as the picture shown: drawMatrix only replaces the values
  // (plot, axes, layout and the overlay items stay).
  const bool kept = drawMatrix(*m_plot, view, result, options, /*reuse=*/m_kind == Kind::Matrix);
  m_kind = Kind::Matrix;
  m_viewId = view.id;
  m_shape = result.full;
  m_dimensionColumns = view.dimensionColumns;
  m_parametric = false;
  const Index rows = std::min<Index>(result.values.rows(), static_cast<Index>(result.rows.size()));
  const Index cols = std::min<Index>(result.values.cols(), static_cast<Index>(result.cols.size()));
  m_rows.assign(result.rows.begin(), result.rows.begin() + rows);
  m_cols.assign(result.cols.begin(), result.cols.begin() + cols);
  // A result made for another request than the view's last one (the window asked for what the
  // view showed a moment before the view asked for its new size): the view asks again, once per
  // region, so a cell never stays coarser than it is drawn.
  if (m_lastRequested && !answers(*m_lastRequested) && m_reasked != m_lastRequested) {
    m_reasked = m_lastRequested;
    m_lastRequested.reset();
  }
  m_series = {};
  m_map = nullptr;
  for (int i = 0; i < m_plot->plottableCount(); ++i) {
    if (auto* map = qobject_cast<QCPColorMap*>(m_plot->plottable(i))) {
      m_map = map;
      break;
    }
  }
  // Every cell whole, in absolute indices, whatever region the result covers.
  m_full = Zoom{-0.5, static_cast<double>(std::max<Index>(m_shape.cols, 1)) - 0.5, -0.5,
                static_cast<double>(std::max<Index>(m_shape.rows, 1)) - 0.5};
  if (kept) {
    showPlot();
    m_hoverRow = m_hoverCol = -1;  // the hover is redone once the picture settles
    applyRanges(keep);
  } else {
    adoptDrawing(keep);
  }
}

void PlotView::setSeries(const ViewSpec& view, const SeriesResult& result,
                         const PlotOptions& options) {
  const bool same = m_kind == Kind::Series && m_viewId == view.id &&
                    m_seriesPoints == result.x.size() && m_seriesCurves == result.curves.size();
  std::optional<Zoom> keep = same ? zoom() : std::nullopt;
  if (!same && m_hasPendingZoom) keep = m_pendingZoom;
  m_hasPendingZoom = false;
  m_lastRequested.reset();

  drawSeries(*m_plot, view, result, options);
  m_kind = Kind::Series;
  m_viewId = view.id;
  m_shape = {};
  m_seriesPoints = result.x.size();
  m_seriesCurves = result.curves.size();
  m_parametric = view.parametric;
  m_rows.clear();
  m_cols.clear();
  m_map = nullptr;
  m_series = result;
  m_seriesSorted = std::is_sorted(result.x.begin(), result.x.end());
  const QCPRange x = m_plot->xAxis->range();
  const QCPRange y = m_plot->yAxis->range();
  m_full = Zoom{x.lower, x.upper, y.lower, y.upper};
  adoptDrawing(keep);
}

void PlotView::setMessage(const QString& message) {
  if (message.isEmpty()) {
    showPlot();
    return;
  }
  endHover();
  m_message->setText(message);
  m_message->show();
  m_message->raise();
}

void PlotView::showPlot() { m_message->hide(); }

void PlotView::adoptDrawing(std::optional<Zoom> keep) {
  showPlot();
  QCPAxis* x = m_plot->xAxis;
  QCPAxis* y = m_plot->yAxis;
  QCPAxisRect* rect = x->axisRect();

  // drawMatrix/drawSeries built a new axis rect: interactions again, on both axes.
  // (Drags inside the rect are this widget's own: box zoom and pan; QCustomPlot's drag is left
  // for the axes' tick labels.)
  m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  rect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
  rect->setRangeZoom(Qt::Horizontal | Qt::Vertical);
  rect->setRangeZoomFactor(kWheelZoom);
  rect->setRangeDragAxes(x, y);
  rect->setRangeZoomAxes(x, y);
  m_plot->layer(QLatin1String(kOverlay))->setMode(QCPLayer::lmBuffered);

  // Overlay items (the old ones went with plot.clearItems()).
  auto onOverlay = [&](QCPAbstractItem* item) {
    item->setLayer(QLatin1String(kOverlay));
    item->setSelectable(false);
    item->setClipAxisRect(rect);
    item->setVisible(false);
  };
  for (auto& line : m_cross) line = nullptr;
  for (auto& box : m_cellBox) box = nullptr;
  m_tracer = nullptr;
  m_readout = nullptr;
  if (m_kind == Kind::Matrix) {
    // A dark halo under a light line reads on every colour map, light or dark.
    const QPen halo(QColor(0, 0, 0, 120), 3.0);
    const QPen light(QColor(255, 255, 255, 235), 1.0);
    for (std::size_t i = 0; i < m_cross.size(); ++i) {
      auto* line = new QCPItemStraightLine(m_plot);
      onOverlay(line);
      line->point1->setAxes(x, y);
      line->point2->setAxes(x, y);
      line->setPen(i % 2 == 0 ? halo : light);
      m_cross[i] = line;
    }
    for (std::size_t i = 0; i < m_cellBox.size(); ++i) {
      auto* box = new QCPItemRect(m_plot);
      onOverlay(box);
      box->topLeft->setAxes(x, y);
      box->bottomRight->setAxes(x, y);
      box->setPen(i == 0 ? QPen(QColor(0, 0, 0, 150), 3.0) : QPen(Qt::white, 1.0));
      box->setBrush(Qt::NoBrush);
      m_cellBox[i] = box;
    }
  } else {
    auto* tracer = new QCPItemTracer(m_plot);
    onOverlay(tracer);
    tracer->position->setType(QCPItemPosition::ptAbsolute);
    tracer->setStyle(QCPItemTracer::tsCircle);
    tracer->setSize(11);
    tracer->setBrush(QColor(255, 255, 255, 200));
    m_tracer = tracer;
    auto* text = new QCPItemText(m_plot);
    onOverlay(text);
    text->setClipToAxisRect(false);
    text->position->setType(QCPItemPosition::ptAbsolute);
    text->setPadding(QMargins(6, 3, 6, 3));
    text->setBrush(QColor(255, 255, 255, 235));
    text->setPen(QPen(QColor(150, 150, 150), 1));
    text->setColor(QColor(34, 34, 34));
    QFont font;
    font.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
    font.setPixelSize(13);
    text->setFont(font);
    m_readout = text;
  }

  // The hover is redone for the new picture once it settles (same cell: fresh value).
  m_hoverRow = m_hoverCol = -1;
  m_hoverCurve = m_hoverIndex = -1;

  for (QCPAxis* axis : {x, y}) {
    connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this, axis] {
      limitRange(axis);
      m_settle.start();
    });
  }
  applyRanges(keep);
}

// ---------------------------------------------------------------------------------------------
// Zoom

void PlotView::applyRanges(const std::optional<Zoom>& zoom) {
  if (m_kind == Kind::None) return;
  const Zoom z = zoom.value_or(m_full);
  m_plot->xAxis->setRange(std::min(z.x0, z.x1), std::max(z.x0, z.x1));
  m_plot->yAxis->setRange(std::min(z.y0, z.y1), std::max(z.y0, z.y1));
  limitRange(m_plot->xAxis);  // also when setRange refused a range or changed nothing
  limitRange(m_plot->yAxis);
  m_fullReplotPending = true;
  m_plot->replot(QCustomPlot::rpQueuedReplot);
  m_settle.start();
}

void PlotView::limitRange(QCPAxis* axis) {
  if (m_kind == Kind::None || !axis) return;
  const bool horizontal = axis == m_plot->xAxis;
  const Span full = horizontal ? fullX() : fullY();
  double lo = toLinear(axis, full.lo);
  double hi = toLinear(axis, full.hi);
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) return;
  if (m_parametric) {
    // The equal-aspect rect widens one axis to keep circles round: allow what showing the
    // whole path at the current size takes, the same scale per pixel on both axes.
    const QCPAxisRect* rect = axis->axisRect();
    const double w = rect->width();
    const double h = rect->height();
    if (w > 1 && h > 1) {
      const double perPixel = std::max((m_full.x1 - m_full.x0) / w, (m_full.y1 - m_full.y0) / h);
      const double length = perPixel * (horizontal ? w : h);
      if (length > hi - lo) {
        const double c = (lo + hi) / 2.0;
        lo = c - length / 2.0;
        hi = c + length / 2.0;
      }
    }
  }
  const double minSpan = m_kind == Kind::Matrix ? kMinCells : (hi - lo) * kMinChartFraction;
  const QCPRange range = axis->range();
  const double a = toLinear(axis, range.lower);
  const double b = toLinear(axis, range.upper);
  if (!std::isfinite(a) || !std::isfinite(b)) {
    axis->setRange(fromLinear(axis, lo), fromLinear(axis, hi));
    return;
  }
  const auto [na, nb] = confine(a, b, lo, hi, minSpan);
  const double tolerance = 1e-9 * (hi - lo);
  if (std::abs(na - a) <= tolerance && std::abs(nb - b) <= tolerance) return;
  axis->setRange(fromLinear(axis, na), fromLinear(axis, nb));  // re-enters once, then stays
}

std::optional<Zoom> PlotView::zoom() const {
  if (m_hasPendingZoom) return m_pendingZoom;
  if (m_kind == Kind::None) return std::nullopt;
  const QCPAxis* x = m_plot->xAxis;
  const QCPAxis* y = m_plot->yAxis;
  auto showsAll = [](const QCPAxis* axis, const Span& full) {
    const double lo = toLinear(axis, full.lo);
    const double hi = toLinear(axis, full.hi);
    const double tolerance = 1e-6 * std::abs(hi - lo);
    return toLinear(axis, axis->range().lower) <= lo + tolerance &&
           toLinear(axis, axis->range().upper) >= hi - tolerance;
  };
  if (showsAll(x, fullX()) && showsAll(y, fullY())) return std::nullopt;
  return Zoom{x->range().lower, x->range().upper, y->range().lower, y->range().upper};
}

void PlotView::setZoom(const std::optional<Zoom>& zoom) {
  applyRanges(zoom);
  // Also for the next result if it is of another view (a session opens before it computes).
  m_hasPendingZoom = true;
  m_pendingZoom = zoom;
}

void PlotView::resetZoom() {
  m_hasPendingZoom = false;
  applyRanges(std::nullopt);
}

bool PlotView::goToRange(const QString& first, const QString& second, QString* error) {
  QString message = tr("nothing is shown yet");
  std::optional<Zoom> zoom;
  if (m_kind == Kind::Matrix) {
    // Cells [a, b) span a - 1/2 .. b - 1/2 (cells are centred on their indices).
    const auto rows = RangeDialog::parseCells(tr("rows"), first, m_shape.rows, &message);
    const auto cols = rows ? RangeDialog::parseCells(tr("columns"), second, m_shape.cols, &message)
                           : std::nullopt;
    if (rows && cols) {
      zoom = Zoom{static_cast<double>(cols->first) - 0.5, static_cast<double>(cols->second) - 0.5,
                  static_cast<double>(rows->first) - 0.5, static_cast<double>(rows->second) - 0.5};
    }
  } else if (m_kind == Kind::Series) {
    const auto xs =
        RangeDialog::parseValues(QStringLiteral("x"), first, std::min(m_full.x0, m_full.x1),
                                 std::max(m_full.x0, m_full.x1), &message);
    const auto ys =
        xs ? RangeDialog::parseValues(QStringLiteral("y"), second, std::min(m_full.y0, m_full.y1),
                                      std::max(m_full.y0, m_full.y1), &message)
           : std::nullopt;
    if (xs && ys) zoom = Zoom{xs->first, xs->second, ys->first, ys->second};
  }
  if (!zoom) {
    if (error) *error = message;
    return false;
  }
  m_hasPendingZoom = false;
  applyRanges(zoom);
  return true;
}

void PlotView::openRangeDialog() {
  if (m_kind == Kind::None || m_message->isVisible()) return;
  RangeDialog::Field first;
  RangeDialog::Field second;
  QString hint;
  if (m_kind == Kind::Matrix) {
    const Region r = visibleRegion();
    first = {tr("rows"), m_plot->yAxis->label(),
             QStringLiteral("%1:%2").arg(r.r0).arg(r.r1 < 0 ? m_shape.rows : r.r1)};
    second = {tr("columns"), m_plot->xAxis->label(),
              QStringLiteral("%1:%2").arg(r.c0).arg(r.c1 < 0 ? m_shape.cols : r.c1)};
    hint = tr("A:B shows the cells A to B − 1, as --rows A:B --cols C:D on the command line "
              "(%1 rows, %2 columns). B may be left out (to the end); an empty field shows "
              "everything.")
               .arg(m_shape.rows)
               .arg(m_shape.cols);
  } else {
    // What is shown, within the chart (an equal-aspect path shows more than its extent).
    auto text = [](const QCPRange& range, double a, double b) {
      return RangeDialog::number(std::max(range.lower, std::min(a, b))) + QLatin1Char(':') +
             RangeDialog::number(std::min(range.upper, std::max(a, b)));
    };
    first = {QStringLiteral("x"), m_plot->xAxis->label(),
             text(m_plot->xAxis->range(), m_full.x0, m_full.x1)};
    second = {QStringLiteral("y"), m_plot->yAxis->label(),
              text(m_plot->yAxis->range(), m_full.y0, m_full.y1)};
    hint =
        tr("A:B shows the values A to B of that axis, within the chart. An empty field shows "
           "the whole axis.");
  }
  auto* dialog =
      new RangeDialog(this, first, second, hint, [this](const QString& a, const QString& b) {
        QString error;
        goToRange(a, b, &error);
        return error;
      });
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->open();
}

// ---------------------------------------------------------------------------------------------
// Drags: box zoom and pan

bool PlotView::startDrag(const QMouseEvent* event) {
  if (m_kind == Kind::None || m_message->isVisible() || m_drag != Drag::None) return false;
  const QPointF pos = event->position();
  if (!m_plot->xAxis->axisRect()->rect().contains(pos.toPoint())) return false;
  const bool shift = event->modifiers().testFlag(Qt::ShiftModifier);
  if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && shift)) {
    m_drag = Drag::Pan;
    m_panX = {m_plot->xAxis->range().lower, m_plot->xAxis->range().upper};
    m_panY = {m_plot->yAxis->range().lower, m_plot->yAxis->range().upper};
    m_plot->setCursor(Qt::ClosedHandCursor);
  } else if (event->button() == Qt::LeftButton) {
    m_drag = Drag::Box;
    m_plot->setCursor(Qt::CrossCursor);
  } else {
    return false;
  }
  m_dragFrom = pos;
  m_hasPendingZoom = false;  // a zoom the user makes replaces one waiting for its result
  return true;
}

void PlotView::moveDrag(const QPointF& pos) {
  m_mouseInPlot = true;
  m_mouse = pos;
  if (m_drag == Drag::Pan) {
    panTo(pos);
    return;
  }
  const QRect area = m_plot->xAxis->axisRect()->rect();
  const QRect box = QRectF(m_dragFrom, pos).normalized().toRect().intersected(area);
  m_band->setGeometry(box);
  m_band->setVisible(box.width() >= kMinBoxPx || box.height() >= kMinBoxPx);
}

void PlotView::endDrag(const QPointF& pos) {
  const Drag drag = std::exchange(m_drag, Drag::None);
  m_plot->unsetCursor();
  if (drag == Drag::Pan) {
    panTo(pos);
  } else if (drag == Drag::Box) {
    m_band->hide();
    zoomToBox(QRectF(m_dragFrom, pos));
  }
}

void PlotView::panTo(const QPointF& pos) {
  // The coordinate distance between two pixels depends only on the range's size (its ratio on
  // a log axis), which a pan keeps, so the current range can measure it.
  auto shift = [](QCPAxis* axis, const Span& from, double startPx, double nowPx) {
    if (isLog(axis)) {
      const double k = axis->pixelToCoord(startPx) / axis->pixelToCoord(nowPx);
      if (std::isfinite(k) && k > 0) axis->setRange(from.lo * k, from.hi * k);
    } else {
      const double d = axis->pixelToCoord(startPx) - axis->pixelToCoord(nowPx);
      if (std::isfinite(d)) axis->setRange(from.lo + d, from.hi + d);
    }
  };
  shift(m_plot->xAxis, m_panX, m_dragFrom.x(), pos.x());
  shift(m_plot->yAxis, m_panY, m_dragFrom.y(), pos.y());
  m_fullReplotPending = true;
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void PlotView::zoomToBox(const QRectF& box) {
  QCPAxis* x = m_plot->xAxis;
  QCPAxis* y = m_plot->yAxis;
  const QRectF area(x->axisRect()->rect());
  const QRectF b = box.normalized();
  const double left = std::clamp(b.left(), area.left(), area.right());
  const double right = std::clamp(b.right(), area.left(), area.right());
  const double top = std::clamp(b.top(), area.top(), area.bottom());
  const double bottom = std::clamp(b.bottom(), area.top(), area.bottom());
  const bool alongX = right - left >= kMinBoxPx;
  const bool alongY = bottom - top >= kMinBoxPx;
  if (!alongX && !alongY) return;  // a click, not a box

  // The box in data coordinates; on a heatmap grown to whole cells (cell k spans k +- 1/2).
  auto span = [&](const QCPAxis* axis, double p0, double p1) {
    double lo = axis->pixelToCoord(p0);
    double hi = axis->pixelToCoord(p1);
    if (lo > hi) std::swap(lo, hi);
    if (m_kind == Kind::Matrix) {
      lo = std::floor(lo + 0.5) - 0.5;
      hi = std::ceil(hi - 0.5) + 0.5;
    }
    return std::pair<double, double>{lo, hi};
  };
  Zoom zoom{x->range().lower, x->range().upper, y->range().lower, y->range().upper};
  if (alongX) std::tie(zoom.x0, zoom.x1) = span(x, left, right);
  if (alongY) std::tie(zoom.y0, zoom.y1) = span(y, top, bottom);
  m_hasPendingZoom = false;
  applyRanges(zoom);
}

void PlotView::showContextMenu(const QPoint& pos) {
  if (m_kind == Kind::None || m_message->isVisible()) return;
  auto* menu = new QMenu(m_plot);
  menu->setAttribute(Qt::WA_DeleteOnClose);
  menu->addAction(m_rangeAction);
  menu->addAction(m_wholeAction);
  m_wholeAction->setEnabled(zoom().has_value());
  menu->popup(m_plot->mapToGlobal(pos));
}

// ---------------------------------------------------------------------------------------------
// Regions

Region PlotView::visibleRegion() const {
  Region region;
  QSize pixels = m_plot->size();
  if (m_kind == Kind::Matrix) {
    const QRect rect = m_plot->xAxis->axisRect()->rect();
    if (rect.width() > 1 && rect.height() > 1) pixels = rect.size();
  }
  const double dpr = m_plot->devicePixelRatioF();
  region.maxRows = std::max<Index>(1, std::llround(std::max(1, pixels.height()) * dpr));
  region.maxCols = std::max<Index>(1, std::llround(std::max(1, pixels.width()) * dpr));

  Zoom shown;
  if (m_hasPendingZoom) {
    if (!m_pendingZoom) return region;  // the whole view
    shown = *m_pendingZoom;
  } else if (m_kind == Kind::Matrix) {
    shown = Zoom{m_plot->xAxis->range().lower, m_plot->xAxis->range().upper,
                 m_plot->yAxis->range().lower, m_plot->yAxis->range().upper};
  } else {
    return region;  // nothing known yet: the whole view
  }
  const bool known = m_kind == Kind::Matrix && !m_hasPendingZoom;
  const Index rows = known ? std::max<Index>(m_shape.rows, 1) : kMaxLength;
  const Index cols = known ? std::max<Index>(m_shape.cols, 1) : kMaxLength;
  region.r0 = std::clamp<Index>(firstCell(std::min(shown.y0, shown.y1)), 0, rows - 1);
  region.r1 = std::clamp<Index>(endCell(std::max(shown.y0, shown.y1)), region.r0 + 1, rows);
  region.c0 = std::clamp<Index>(firstCell(std::min(shown.x0, shown.x1)), 0, cols - 1);
  region.c1 = std::clamp<Index>(endCell(std::max(shown.x0, shown.x1)), region.c0 + 1, cols);
  return region;
}

bool PlotView::answers(const Region& region) const {
  if (m_kind != Kind::Matrix || m_rows.empty() || m_cols.empty()) return false;
  // The core reads r1 / c1 beyond the end (or < 0) as "to the end".
  const Index r1 = region.r1 < 0 ? m_shape.rows : std::min(region.r1, m_shape.rows);
  const Index c1 = region.c1 < 0 ? m_shape.cols : std::min(region.c1, m_shape.cols);
  if (region.r0 >= r1 || region.c0 >= c1) return false;
  return madeFor(m_rows, region.r0, r1, region.maxRows) &&
         madeFor(m_cols, region.c0, c1, region.maxCols);
}

void PlotView::followStillMouse() {
  if (!m_mouseInPlot) return;
  // The mouse has not moved since its last event (else a new one would have come), but the
  // plot may have: presentation mode going full screen, a caption or a dock appearing. Where
  // the mouse is on the plot now comes from where it is on the screen, not from the old
  // geometry.
  const QPointF now = m_plot->mapFromGlobal(m_mouseGlobal);
  if (!QRectF(m_plot->rect()).contains(now)) {
    m_mouseInPlot = false;
    endHover();
    return;
  }
  m_mouse = now;
}

void PlotView::settle() {
  followStillMouse();
  if (m_mouseInPlot) hoverAt(m_mouse);  // what is under the mouse may have changed
  if (m_kind != Kind::Matrix || m_shape.rows <= 0 || m_shape.cols <= 0) return;
  const Region region = visibleRegion();
  if (m_lastRequested == region) return;  // asked already; the answer may differ a little
  m_lastRequested = region;
  if (!answers(region)) emit regionRequested(region);  // e.g. the window's first request
}

// ---------------------------------------------------------------------------------------------
// Hover

bool PlotView::eventFilter(QObject* watched, QEvent* event) {
  // The window moved or was resized (full screen) under a still mouse: hover again there.
  if (watched != m_plot && watched == window() &&
      (event->type() == QEvent::Move || event->type() == QEvent::Resize))
    m_settle.start();
  if (watched == m_plot) {
    switch (event->type()) {
      case QEvent::Leave:
        m_mouseInPlot = false;
        endHover();
        break;
      case QEvent::Resize:
      case QEvent::Move:
        m_settle.start();  // the resolution to ask for, or where the mouse is, changed
        break;
      case QEvent::KeyPress: {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Home ||
            (key->key() == Qt::Key_R && key->modifiers() == Qt::NoModifier)) {
          resetZoom();
          return true;
        }
        break;
      }
      case QEvent::MouseButtonPress:
        if (startDrag(static_cast<QMouseEvent*>(event))) return true;
        break;
      case QEvent::MouseMove:
        if (m_drag == Drag::None) break;
        moveDrag(static_cast<QMouseEvent*>(event)->position());
        return true;
      case QEvent::MouseButtonRelease:
        if (m_drag == Drag::None) break;
        endDrag(static_cast<QMouseEvent*>(event)->position());
        return true;
      case QEvent::ContextMenu:
        showContextMenu(static_cast<QContextMenuEvent*>(event)->pos());
        return true;
      case QEvent::ToolTip:
        // The controls tooltip only off the data, where it would hide what is hovered.
        if (m_plot->xAxis &&
            m_plot->xAxis->axisRect()->rect().contains(static_cast<QHelpEvent*>(event)->pos())) {
          QToolTip::hideText();
          return true;
        }
        break;
      default:
        break;
    }
  }
  return QWidget::eventFilter(watched, event);
}

void PlotView::hoverAt(const QPointF& pos) {
  if (m_message->isVisible()) return;
  if (m_kind == Kind::Matrix) {
    hoverMatrix(pos);
  } else if (m_kind == Kind::Series) {
    hoverSeries(pos);
  }
}

double PlotView::drawnValue(double x, double y) const {
  if (!m_map) return kNaN;
  QCPColorMapData* data = m_map->data();  // cell() is not const in QCustomPlot 2.1
  const int key = drawnCell(x, data->keyRange(), data->keySize());
  const int value = drawnCell(y, data->valueRange(), data->valueSize());
  if (key < 0 || value < 0) return kNaN;
  return data->cell(key, value);
}

void PlotView::hoverMatrix(const QPointF& pos) {
  QCPAxis* x = m_plot->xAxis;
  QCPAxis* y = m_plot->yAxis;
  if (!x->axisRect()->rect().contains(pos.toPoint()) || m_shape.rows <= 0 || m_shape.cols <= 0) {
    endHover();
    return;
  }
  const double cx = x->pixelToCoord(pos.x());
  const double cy = y->pixelToCoord(pos.y());
  const Index col = std::clamp<Index>(firstCell(cx), 0, m_shape.cols - 1);
  const Index row = std::clamp<Index>(firstCell(cy), 0, m_shape.rows - 1);
  placeCrosshair(row, col);

  if (m_hovering && row == m_hoverRow && col == m_hoverCol) return;
  m_hovering = true;
  m_hoverRow = row;
  m_hoverCol = col;
  emit cellHovered(row, col, drawnValue(cx, cy));
}

void PlotView::markCell(Index row, Index col) {
  if (m_kind != Kind::Matrix || m_shape.rows <= 0 || m_shape.cols <= 0) return;
  placeCrosshair(std::clamp<Index>(row, 0, m_shape.rows - 1),
                 std::clamp<Index>(col, 0, m_shape.cols - 1));
}

void PlotView::clearMark() {
  if (m_hovering) return;  // the mouse's crosshair stays
  if (hideCrosshair()) refreshOverlay();
}

bool PlotView::hideCrosshair() {
  bool shown = false;
  for (QCPItemStraightLine* line : m_cross) {
    if (line && line->visible()) {
      line->setVisible(false);
      shown = true;
    }
  }
  for (QCPItemRect* box : m_cellBox) {
    if (box && box->visible()) {
      box->setVisible(false);
      shown = true;
    }
  }
  return shown;
}

void PlotView::placeCrosshair(Index row, Index col) {
  QCPAxis* x = m_plot->xAxis;
  QCPAxis* y = m_plot->yAxis;
  // Crosshair through the centre of the cell; the cell outlined when it is big enough to see.
  const auto c = static_cast<double>(col);
  const auto r = static_cast<double>(row);
  for (std::size_t i = 0; i < m_cross.size(); ++i) {
    QCPItemStraightLine* line = m_cross[i];
    if (!line) continue;
    if (i < 2) {
      line->point1->setCoords(c, 0);
      line->point2->setCoords(c, 1);
    } else {
      line->point1->setCoords(0, r);
      line->point2->setCoords(1, r);
    }
    line->setVisible(true);
  }
  const double cellWidth = std::abs(x->coordToPixel(c + 0.5) - x->coordToPixel(c - 0.5));
  const double cellHeight = std::abs(y->coordToPixel(r + 0.5) - y->coordToPixel(r - 0.5));
  const bool boxed = std::min(cellWidth, cellHeight) >= kCellBoxMinPx;
  for (QCPItemRect* box : m_cellBox) {
    if (!box) continue;
    box->topLeft->setCoords(c - 0.5, r - 0.5);
    box->bottomRight->setCoords(c + 0.5, r + 0.5);
    box->setVisible(boxed);
  }
  refreshOverlay();
}

PlotView::NearPoint PlotView::nearestPoint(const QPointF& pos) const {
  const QCPAxis* xAxis = m_plot->xAxis;
  const QCPAxis* yAxis = m_plot->yAxis;
  double best = kHoverRadius;
  NearPoint nearest;
  auto consider = [&](int curve, int index, const QPointF& pixel) {
    const double d = std::hypot(pixel.x() - pos.x(), pixel.y() - pos.y());
    if (d <= best) {
      best = d;
      nearest = {curve, index, pixel};
    }
  };
  const auto& xs = m_series.x;
  const int curves = std::min(m_plot->plottableCount(), static_cast<int>(m_series.curves.size()));
  for (int k = 0; k < curves; ++k) {
    QCPAbstractPlottable* plottable = m_plot->plottable(k);
    const std::vector<double>& ys = m_series.curves[static_cast<std::size_t>(k)].y;
    if (qobject_cast<QCPCurve*>(plottable)) {  // a path: points in order, x unsorted
      for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
        if (!std::isfinite(xs[i]) || !std::isfinite(ys[i])) continue;
        consider(k, static_cast<int>(i),
                 QPointF(xAxis->coordToPixel(xs[i]), yAxis->coordToPixel(ys[i])));
      }
      continue;
    }
    QCPPlottableInterface1D* data = plottable->interface1D();
    if (!data) continue;
    const bool bars = qobject_cast<QCPBars*>(plottable) != nullptr;
    const double slack = kHoverRadius + (bars ? kBarSlack : 0.0);
    const int begin = data->findBegin(xAxis->pixelToCoord(pos.x() - slack));
    const int end = data->findEnd(xAxis->pixelToCoord(pos.x() + slack));
    for (int j = std::max(0, begin); j < end && j < data->dataCount(); ++j) {
      const double key = data->dataMainKey(j);
      const double value = data->dataMainValue(j);
      if (!std::isfinite(key) || !std::isfinite(value)) continue;
      if (isLog(yAxis) && !bars && !(value > 0)) continue;
      // The point's index in the result: the same when every x was drawn in order. A bar's
      // value is its height over the base on a log axis: a curve's bar is found by its x.
      int index = j;
      if (bars) {
        index = barIndex(ys, key);
        if (index < 0) continue;
      } else if (!m_seriesSorted || static_cast<std::size_t>(data->dataCount()) != xs.size()) {
        index = seriesIndex(ys, key, value);
        if (index < 0) continue;
      }
      consider(k, index, data->dataPixelPosition(j));
    }
  }
  return nearest;
}

int PlotView::barIndex(const std::vector<double>& ys, double x) const {
  const auto& xs = m_series.x;
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i)
    if (xs[i] == x && std::isfinite(ys[i])) return static_cast<int>(i);
  return -1;
}

int PlotView::seriesIndex(const std::vector<double>& ys, double x, double y) const {
  const auto& xs = m_series.x;
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i)
    if (xs[i] == x && ys[i] == y) return static_cast<int>(i);
  return -1;
}

void PlotView::hoverSeries(const QPointF& pos) {
  const QRect area = m_plot->xAxis->axisRect()->rect();
  if (!area.contains(pos.toPoint())) {
    endHover();
    return;
  }
  const NearPoint point = nearestPoint(pos);
  if (point.curve < 0) {
    endHover();
    return;
  }
  const auto i = static_cast<std::size_t>(point.index);
  const double x = m_series.x[i];
  const double y = m_series.curves[static_cast<std::size_t>(point.curve)].y[i];
  showPointReadout(point, area, x, y);
  refreshOverlay();

  if (m_hovering && point.curve == m_hoverCurve && point.index == m_hoverIndex) return;
  m_hovering = true;
  m_hoverCurve = point.curve;
  m_hoverIndex = point.index;
  emit pointHovered(point.curve, point.index, x, y);
}

void PlotView::showPointReadout(const NearPoint& point, const QRect& area, double x, double y) {
  QCPAbstractPlottable* plottable = m_plot->plottable(point.curve);
  QColor colour = plottable->pen().color();
  if (qobject_cast<QCPBars*>(plottable)) colour = plottable->brush().color().darker(130);
  if (m_tracer) {
    m_tracer->position->setCoords(point.pixel);
    m_tracer->setPen(QPen(colour, 2));
    m_tracer->setVisible(true);
  }
  if (m_readout) {
    m_readout->setText(
        QStringLiteral("%1: x = %2, y = %3").arg(plottable->name(), number(x), number(y)));
    // Beside the point, on the side with more room, so the text stays in the plot.
    const bool left = point.pixel.x() > area.center().x();
    const bool below = point.pixel.y() < area.center().y();
    m_readout->setPositionAlignment((left ? Qt::AlignRight : Qt::AlignLeft) |
                                    (below ? Qt::AlignTop : Qt::AlignBottom));
    m_readout->position->setCoords(point.pixel + QPointF(left ? -12 : 12, below ? 12 : -12));
    m_readout->setVisible(true);
  }
}

void PlotView::endHover() {
  bool shown = hideCrosshair();
  for (QCPAbstractItem* item : {static_cast<QCPAbstractItem*>(m_tracer.data()),
                                static_cast<QCPAbstractItem*>(m_readout.data())}) {
    if (item && item->visible()) {
      item->setVisible(false);
      shown = true;
    }
  }
  if (shown) refreshOverlay();
  m_hoverRow = m_hoverCol = -1;
  m_hoverCurve = m_hoverIndex = -1;
  if (!m_hovering) return;
  m_hovering = false;
  emit hoverLeft();
}

void PlotView::refreshOverlay() {
  // Only the overlay layer is redrawn (its own buffer); the colour map is not touched. When a
  // full replot is queued anyway, the overlay simply goes with it.
  QCPLayer* overlay = m_plot->layer(QLatin1String(kOverlay));
  if (m_fullReplotPending || !overlay) {
    m_plot->replot(QCustomPlot::rpQueuedReplot);
  } else {
    overlay->replot();
  }
}

}  // namespace posenc::ui
