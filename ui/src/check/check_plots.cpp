// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/check/check_plots.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QStackedLayout>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "posenc_ui/check/check_summary.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/plot/plot_fit.h"
#include "posenc_ui/plot/plot_parts.h"
#include "posenc_ui/plot/plot_view.h"
#include "posenc_ui/plot/zoom.h"

namespace posenc::ui {

namespace {

constexpr int kSeriesWideWidth = 900;  ///< At least this wide, the two charts stand side by side.
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The cells of `m` in `region` (indices of `m`), sampled to the region's maxRows x maxCols as
/// the core samples a view (sampleIndices): what a picture asks for when zoomed.
MatrixResult sampledRegion(const Matrix& m, const Region& region) {
  MatrixResult out;
  out.full = {m.rows(), m.cols()};
  if (m.rows() == 0 || m.cols() == 0) return out;
  const Index r1 = region.r1 < 0 ? m.rows() : std::clamp<Index>(region.r1, 1, m.rows());
  const Index c1 = region.c1 < 0 ? m.cols() : std::clamp<Index>(region.c1, 1, m.cols());
  const Index r0 = std::clamp<Index>(region.r0, 0, r1 - 1);
  const Index c0 = std::clamp<Index>(region.c0, 0, c1 - 1);
  out.rows = sampleIndices(r0, r1, region.maxRows);
  out.cols = sampleIndices(c0, c1, region.maxCols);
  out.values.resize(static_cast<Index>(out.rows.size()), static_cast<Index>(out.cols.size()));
  for (std::size_t a = 0; a < out.rows.size(); ++a)
    for (std::size_t b = 0; b < out.cols.size(); ++b)
      out.values(static_cast<Index>(a), static_cast<Index>(b)) = m(out.rows[a], out.cols[b]);
  return out;
}

/// The lowest and highest finite value of `a` and `b` together ({0, 0} when none).
std::pair<double, double> finiteSpan(const Matrix& a, const Matrix& b) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (const Matrix* m : {&a, &b})
    for (const double v : m->reshaped())
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  return lo <= hi ? std::pair{lo, hi} : std::pair{0.0, 0.0};
}

double finiteMaxAbs(const Matrix& m) {
  double most = 0;
  for (const double v : m.reshaped())
    if (std::isfinite(v)) most = std::max(most, std::abs(v));
  return most;
}

}  // namespace

CheckPlots::CheckPlots(QWidget* parent) : QWidget(parent) {
  m_pictures = new QWidget;
  m_grid = new QGridLayout(m_pictures);
  m_grid->setContentsMargins(0, 0, 0, 0);
  m_grid->setSpacing(6);
  const std::array<const char*, 3> names = {"CheckYours", "CheckOurs", "CheckDifference"};
  for (int k = 0; k < 3; ++k) {
    auto* view = new PlotView(m_pictures);
    view->setObjectName(QLatin1String(names[static_cast<std::size_t>(k)]));
    keepAxisRoom(*view);  // the pictures scroll rather than shrink below a readable size
    view->plot().installEventFilter(this);
    m_views[static_cast<std::size_t>(k)] = view;
    connect(view, &PlotView::regionRequested, this,
            [this, k](const Region& region) { answer(k, region); });
    connect(view, &PlotView::cellHovered, this,
            [this, k](Index row, Index col, double) { showCell(k, row, col); });
    connect(view, &PlotView::pointHovered, this, [this, k](int curve, int index, double, double) {
      // Chart 0 holds ours (2i) and yours (2i + 1) of row i; chart 1 the difference of row i.
      showCell(k, k == 0 ? curve / 2 : curve, index);
    });
    connect(view, &PlotView::hoverLeft, this, [this, k] { endHover(k); });
  }
  auto* scroll = new QScrollArea;
  scroll->setObjectName(QStringLiteral("CheckPictures"));
  scroll->setWidget(m_pictures);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);

  m_message = new QLabel;
  m_message->setObjectName(QStringLiteral("CheckMessage"));
  m_message->setAlignment(Qt::AlignCenter);
  m_message->setWordWrap(true);
  m_message->setMargin(24);
  m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

  m_readout = new QLabel;
  m_readout->setObjectName(QStringLiteral("CheckReadout"));
  m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_readout->setWordWrap(true);

  auto* host = new QWidget;
  m_stack = new QStackedLayout(host);
  m_stack->addWidget(m_message);
  m_stack->addWidget(scroll);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(host, 1);
  layout->addWidget(m_readout);
  m_refit.setSingleShot(true);
  m_refit.setInterval(0);
  connect(&m_refit, &QTimer::timeout, this, &CheckPlots::refitTexts);
  arrange();
  setMessage(QString());
}

CheckPlots::~CheckPlots() = default;

int CheckPlots::pictureCount() const {
  return m_kind == Kind::Matrix ? 3 : m_kind == Kind::Series ? 2 : 0;
}

PlotView& CheckPlots::picture(int k) { return *m_views.at(static_cast<std::size_t>(k)); }

QString CheckPlots::readout() const { return m_readout->text(); }

void CheckPlots::setMessage(const QString& message) {
  m_kind = Kind::None;
  m_message->setText(message);
  m_stack->setCurrentIndex(0);
  m_readout->hide();
}

void CheckPlots::setFontScale(double scale) {
  if (scale == m_fontScale) return;
  m_fontScale = scale;
  redraw();
}

double CheckPlots::pictureScale(int k) const {
  return fittedFontScale(m_fontScale, m_views[static_cast<std::size_t>(k)]->size());
}

// ---------------------------------------------------------------------------------------------
// Drawing

void CheckPlots::setReport(const ViewSpec& spec, const CheckReport& report,
                           const SeriesResult& axis) {
  m_spec = spec;
  m_report = report;
  m_axis = axis;
  m_difference = report.yours - report.ours;
  m_sharedSpan = finiteSpan(report.yours, report.ours);
  // The tolerance at the largest |ours|: differences below it are pale, above it strong.
  const double allowed = report.tolerance.atol + report.tolerance.rtol * finiteMaxAbs(report.ours);
  m_differenceSpan = std::max(finiteMaxAbs(m_difference), allowed);
  m_kind = spec.kind == ViewKind::Matrix ? Kind::Matrix : Kind::Series;
  m_stack->setCurrentIndex(1);
  m_readout->show();
  arrange();
  m_hovering = false;
  showHint();
  if (m_kind == Kind::Series) {
    drawSeriesPictures();
    return;
  }
  for (int k = 0; k < 3; ++k) {
    Region whole = m_views[static_cast<std::size_t>(k)]->visibleRegion();
    whole.r0 = whole.c0 = 0;
    whole.r1 = whole.c1 = -1;
    drawMatrixPicture(k, whole);
  }
}

void CheckPlots::redraw() {
  if (m_kind == Kind::Series) {
    drawSeriesPictures();
  } else if (m_kind == Kind::Matrix) {
    for (int k = 0; k < 3; ++k)
      drawMatrixPicture(k, m_views[static_cast<std::size_t>(k)]->visibleRegion());
  }
  if (!m_hovering) showHint();
}

void CheckPlots::drawMatrixPicture(int k, const Region& region) {
  PlotView* view = m_views[static_cast<std::size_t>(k)];
  const Matrix& values = k == 0 ? m_report.yours : k == 1 ? m_report.ours : m_difference;
  ViewSpec spec = m_spec;
  PlotOptions options;
  options.fontScale = pictureScale(k);
  m_drawnScale[static_cast<std::size_t>(k)] = options.fontScale;
  if (k == 2) {
    spec.signedValues = true;
    spec.valueLabel = tr("yours − ours").toStdString();
    options.colormap = QStringLiteral("rdbu");
    options.title = tr("Difference: yours − ours");
    options.valueSpan = std::pair{-m_differenceSpan, m_differenceSpan};
  } else {
    options.title = k == 0 ? tr("Yours") : tr("Ours");
    options.valueSpan = m_sharedSpan;
  }
  if (m_report.rowStart != 0 || m_report.colStart != 0)
    options.subtitle = tr("Cell (0, 0) here is %1 of the view")
                           .arg(CheckSummary::cell(m_report.rowStart, m_report.colStart, false));
  m_linking = true;  // the new drawing sets its own ranges first: not a user's zoom
  view->setMatrix(spec, sampledRegion(values, region), options);
  m_linking = false;
  watchAxes(k);
}

void CheckPlots::drawSeriesPictures() {
  const Index rows = m_report.ours.rows();
  const Index cols = m_report.ours.cols();
  SeriesResult both;
  SeriesResult difference;
  const bool indexX =
      m_spec.parametric || static_cast<Index>(m_axis.x.size()) < m_report.colStart + cols;
  for (Index j = 0; j < cols; ++j) {
    const auto at = static_cast<std::size_t>(m_report.colStart + j);
    const double x = indexX ? static_cast<double>(m_report.colStart + j) : m_axis.x[at];
    both.x.push_back(x);
  }
  difference.x = both.x;
  for (Index i = 0; i < rows; ++i) {
    const auto curve = static_cast<std::size_t>(m_report.rowStart + i);
    const QString name =
        curve < m_axis.curves.size() ? coreText(m_axis.curves[curve].name) : QString::number(curve);
    auto row = [&](const Matrix& m) {
      std::vector<double> y(static_cast<std::size_t>(cols));
      for (Index j = 0; j < cols; ++j) y[static_cast<std::size_t>(j)] = m(i, j);
      return y;
    };
    const int group = static_cast<int>(i);
    both.curves.push_back({tr("ours: %1").arg(name).toStdString(),
                           row(m_report.ours),
                           CurveStyle::Line,
                           group,
                           0,
                           {}});
    both.curves.push_back({tr("yours: %1").arg(name).toStdString(),
                           row(m_report.yours),
                           CurveStyle::Line,
                           group,
                           1,
                           {}});
    difference.curves.push_back({tr("yours − ours: %1").arg(name).toStdString(),
                                 row(m_difference),
                                 CurveStyle::Line,
                                 group,
                                 0,
                                 {}});
  }
  ViewSpec spec = m_spec;
  spec.parametric = false;
  if (indexX) spec.xLabel = tr("point").toStdString();
  PlotOptions options;
  options.title = tr("Yours (dashed) and ours (solid)");
  options.fontScale = pictureScale(0);
  m_drawnScale[0] = options.fontScale;
  m_linking = true;
  m_views[0]->setSeries(spec, both, options);
  spec.logY = false;
  spec.bars = false;
  spec.yLabel = tr("yours − ours").toStdString();
  options.title = tr("Difference: yours − ours");
  options.fontScale = pictureScale(1);
  m_drawnScale[1] = options.fontScale;
  m_views[1]->setSeries(spec, difference, options);
  m_linking = false;
  watchAxes(0);
  watchAxes(1);
}

void CheckPlots::answer(int k, const Region& region) {
  if (m_kind == Kind::Matrix) drawMatrixPicture(k, region);
}

// ---------------------------------------------------------------------------------------------
// Layout

void CheckPlots::arrange() {
  const bool wide =
      width() >= (m_kind == Kind::Series ? kSeriesWideWidth : static_cast<int>(kWideWidth));
  for (PlotView* view : m_views) m_grid->removeWidget(view);
  for (int c = 0; c < 3; ++c) m_grid->setColumnStretch(c, 0);
  for (int r = 0; r < 2; ++r) m_grid->setRowStretch(r, 0);
  m_sideBySide = wide;
  if (m_kind == Kind::Series) {
    m_grid->addWidget(m_views[0], 0, 0);
    m_grid->addWidget(m_views[1], wide ? 0 : 1, wide ? 1 : 0);
    m_views[2]->hide();
  } else if (wide) {
    for (int k = 0; k < 3; ++k) m_grid->addWidget(m_views[static_cast<std::size_t>(k)], 0, k);
  } else {
    m_grid->addWidget(m_views[0], 0, 0);
    m_grid->addWidget(m_views[1], 0, 1);
    m_grid->addWidget(m_views[2], 1, 0, 1, 2);
  }
  if (m_kind != Kind::Series) m_views[2]->show();
  m_views[0]->show();
  m_views[1]->show();
  const int columns = m_kind == Kind::Series ? (wide ? 2 : 1) : (wide ? 3 : 2);
  const int rows = wide ? 1 : 2;
  for (int c = 0; c < columns; ++c) m_grid->setColumnStretch(c, 1);
  for (int r = 0; r < rows; ++r) m_grid->setRowStretch(r, 1);
}

void CheckPlots::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  const bool wide =
      width() >= (m_kind == Kind::Series ? kSeriesWideWidth : static_cast<int>(kWideWidth));
  if (wide != m_sideBySide) arrange();
}

bool CheckPlots::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Resize) m_refit.start();
  return QWidget::eventFilter(watched, event);
}

void CheckPlots::refitTexts() {
  bool seriesStale = false;
  for (int k = 0; k < pictureCount(); ++k) {
    if (!fontScaleStale(m_drawnScale[static_cast<std::size_t>(k)], pictureScale(k))) continue;
    if (m_kind == Kind::Series) seriesStale = true;
    else drawMatrixPicture(k, m_views[static_cast<std::size_t>(k)]->visibleRegion());
  }
  if (seriesStale) drawSeriesPictures();
}

void CheckPlots::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) redraw();
  QWidget::changeEvent(event);
}

// ---------------------------------------------------------------------------------------------
// Linked zoom and hover

void CheckPlots::watchAxes(int k) {
  QCustomPlot& plot = m_views[static_cast<std::size_t>(k)]->plot();
  for (QCPAxis* axis : {plot.xAxis, plot.yAxis}) {
    if (!axis || axis->property("posencCheckLinked").toBool()) continue;
    axis->setProperty("posencCheckLinked", true);  // a new drawing's axes are new objects
    connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this, k] { linkRanges(k); });
  }
}

void CheckPlots::linkRanges(int from) {
  if (m_linking || m_kind == Kind::None) return;
  m_linking = true;
  PlotView& source = *m_views[static_cast<std::size_t>(from)];
  const std::optional<Zoom> zoom = source.zoom();
  for (int k = 0; k < pictureCount(); ++k) {
    if (k == from) continue;
    PlotView& other = *m_views[static_cast<std::size_t>(k)];
    if (m_kind == Kind::Matrix) {
      if (other.zoom() != zoom) other.setZoom(zoom);
      continue;
    }
    // Charts share x only: their values differ (yours and ours, and their differences).
    const QCPRange x = source.plot().xAxis->range();
    const QCPRange y = other.plot().yAxis->range();
    const QCPRange now = other.plot().xAxis->range();
    if (now.lower != x.lower || now.upper != x.upper)
      other.setZoom(zoom ? std::optional<Zoom>(Zoom{x.lower, x.upper, y.lower, y.upper})
                         : std::nullopt);
  }
  m_linking = false;
}

void CheckPlots::showCell(int from, Index row, Index col) {
  if (m_kind == Kind::None || row < 0 || col < 0 || row >= m_report.ours.rows() ||
      col >= m_report.ours.cols())
    return;
  m_hovering = true;
  if (m_kind == Kind::Matrix)
    for (int k = 0; k < 3; ++k)
      if (k != from) m_views[static_cast<std::size_t>(k)]->markCell(row, col);
  const double yours = m_report.yours(row, col);
  const double ours = m_report.ours(row, col);
  const double difference = std::isnan(ours) ? kNaN : yours - ours;
  QString text = tr("%1: yours %2, ours %3, difference %4")
                     .arg(CheckSummary::cell(m_report.rowStart + row, m_report.colStart + col,
                                             m_kind == Kind::Series),
                          CheckSummary::number(yours), CheckSummary::number(ours),
                          CheckSummary::number(difference));
  const double allowed = m_report.tolerance.atol + m_report.tolerance.rtol * std::abs(ours);
  if (std::isnan(ours)) text += QLatin1Char(' ') + tr("(masked in ours, not compared)");
  else if (!(std::abs(difference) <= allowed))
    text += QLatin1Char(' ') + tr("(outside the tolerance %1)").arg(CheckSummary::number(allowed));
  m_readout->setText(text);
}

void CheckPlots::endHover(int from) {
  m_hovering = false;
  if (m_kind == Kind::Matrix)
    for (int k = 0; k < 3; ++k)
      if (k != from) m_views[static_cast<std::size_t>(k)]->clearMark();
  showHint();
}

void CheckPlots::showHint() {
  m_readout->setText(
      tr("Hover a picture for a cell's yours, ours and difference; zoom or pan "
         "one and the others follow."));
}

}  // namespace posenc::ui
