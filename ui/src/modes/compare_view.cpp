// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/modes/compare_view.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string_view>
#include <utility>
#include <variant>

#include "posenc/modes/compare.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/plot/plot_fit.h"
#include "posenc_ui/plot/plot_view.h"

namespace posenc::ui {

namespace {

const posenc::MessageTemplate kOverrideWords{
    "KEY=VALUE words separated by spaces, e.g. scaling=linear factor=4"};
const posenc::MessageTemplate kSameShape{"two views of the same shape"};
const posenc::MessageTemplate kSameRegion{"the same region of both views"};

QString valueText(double v) {
  return std::isnan(v) ? CompareView::tr("masked") : QString::number(v, 'g', 10);
}

/// The parameters Compare's common length replaces, in the order they are looked for
/// (Transformer-XL's length is its segment length q_len).
constexpr std::array<std::string_view, 2> kLengthParams = {"length", "qlen"};

bool isLengthParam(std::string_view id) {
  return std::find(kLengthParams.begin(), kLengthParams.end(), id) != kLengthParams.end();
}

ComparePanelSpec panelOf(const PanelSpec& spec) {
  return {qs(spec.scheme), qs(spec.view), qs(spec.overrides)};
}

/// Parameters that differ from the scheme's defaults as KEY=VALUE words, the length left out
/// (the compare view sets it itself).
QString overridesText(const Scheme& scheme, const ParamSet& params) {
  const ParamSet defaults(scheme.info().params);
  QStringList words;
  for (const auto& [id, value] : params.items()) {
    if (isLengthParam(id) || !defaults.has(id) || defaults.get(id) == value) continue;
    words << qs(id) + QLatin1Char('=') + qs(formatValue(value));
  }
  return words.join(QLatin1Char(' '));
}

}  // namespace

std::vector<ComparePanelSpec> companionPanels(const Scheme& scheme, const ParamSet& params,
                                              const QString& view) {
  const QString id = qs(scheme.info().id);
  const ComparePanelSpec own{id, view, overridesText(scheme, params)};
  const std::optional<ParamSet> other = companionParams(scheme, params);
  if (!other) return {own, panelOf(compareDefaults().companion)};
  return {own, {id, view, overridesText(scheme, *other)}};
}

posenc::ParamSet comparePanelParams(const ComparePanelSpec& spec, Index length) {
  const Scheme& scheme = findScheme(spec.scheme.toStdString());
  std::vector<std::pair<std::string, std::string>> sets;
  for (const QString& word : spec.overrides.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    const auto eq = word.indexOf(QLatin1Char('='));
    if (eq <= 0) throw ParamError("overrides", word.toStdString(), Message(kOverrideWords));
    sets.emplace_back(word.left(eq).toStdString(), word.mid(eq + 1).toStdString());
  }
  for (const ParamSpec& p : scheme.info().params)
    if (isLengthParam(p.id)) sets.emplace_back(p.id, std::to_string(length));
  return makeParams(scheme, sets);
}

MatrixResult differenceOf(const MatrixResult& a, const MatrixResult& b) {
  if (a.full.rows != b.full.rows || a.full.cols != b.full.cols)
    throw ParamError("difference",
                     std::to_string(a.full.rows) + " x " + std::to_string(a.full.cols) + " vs " +
                         std::to_string(b.full.rows) + " x " + std::to_string(b.full.cols),
                     Message(kSameShape));
  if (a.rows != b.rows || a.cols != b.cols)
    throw ParamError("difference", "different cells", Message(kSameRegion));
  MatrixResult d = a;
  d.values = a.values - b.values;  // NaN in either stays NaN
  return d;
}

struct CompareView::Panel {
  QWidget* box = nullptr;
  QComboBox* scheme = nullptr;
  QComboBox* view = nullptr;
  QLineEdit* overrides = nullptr;
  PlotView* plot = nullptr;
  QLabel* readout = nullptr;
  EncodingController* controller = nullptr;
  ComparePanelSpec spec;
  ViewResult last;
  bool waiting = false;
  double drawnFontScale = 0;  ///< Font scale of the picture shown (fittedFontScale).
  QSize drawnSize;            ///< Plot size the picture shown was drawn for.
};

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
  m_refit.setSingleShot(true);
  m_refit.setInterval(0);
  connect(&m_refit, &QTimer::timeout, this, &CompareView::refitTexts);
  m_lengthLabel = new QLabel(this);
  m_length = new QSpinBox(this);
  m_length->setObjectName(QStringLiteral("compareLength"));
  m_length->setRange(1, 1 << 20);
  m_length->setValue(256);
  m_length->setKeyboardTracking(false);
  m_countLabel = new QLabel(this);
  m_count = new QSpinBox(this);
  m_count->setObjectName(QStringLiteral("compareCount"));
  m_count->setRange(2, 4);
  m_showDiff = new QCheckBox(this);
  m_showDiff->setObjectName(QStringLiteral("compareDifference"));
  m_showDiff->setChecked(true);
  m_sharedScale = new QCheckBox(this);
  m_sharedScale->setObjectName(QStringLiteral("compareSharedScale"));
  auto* bar = new QHBoxLayout;
  bar->addWidget(m_lengthLabel);
  bar->addWidget(m_length);
  bar->addSpacing(16);
  bar->addWidget(m_countLabel);
  bar->addWidget(m_count);
  bar->addSpacing(16);
  bar->addWidget(m_showDiff);
  bar->addSpacing(16);
  bar->addWidget(m_sharedScale);
  bar->addStretch(1);
  m_grid = new QWidget(this);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(bar);
  layout->addWidget(m_grid, 1);

  connect(m_length, &QSpinBox::valueChanged, this, [this] {
    for (int i = 0; i < static_cast<int>(m_panels.size()); ++i) applyPanel(i);
  });
  connect(m_count, &QSpinBox::valueChanged, this, [this](int n) {
    std::vector<ComparePanelSpec> specs = panels();
    const std::vector<PanelSpec>& extra = compareDefaults().extra;
    while (static_cast<int>(specs.size()) < n)
      specs.push_back(panelOf(extra[specs.size() % extra.size()]));
    specs.resize(static_cast<std::size_t>(n));
    setPanels(specs);
  });
  connect(m_showDiff, &QCheckBox::toggled, this, [this] { rebuild(); });
  connect(m_sharedScale, &QCheckBox::toggled, this, [this] { redrawAll(); });
  retranslate();
  std::vector<ComparePanelSpec> initial;
  for (const PanelSpec& spec : compareDefaults().initial) initial.push_back(panelOf(spec));
  setPanels(initial);
}

CompareView::~CompareView() {
  // The panels' widgets and controllers are children, destroyed after this body by ~QWidget;
  // nothing they emit on the way (a last result, a hover leaving) may reach this view, whose
  // panels are deleted here.
  for (QObject* child : findChildren<QObject*>())
    QObject::disconnect(child, nullptr, this, nullptr);
  for (Panel* p : m_panels) delete p;
  m_panels.clear();
}

void CompareView::setPanels(const std::vector<ComparePanelSpec>& panels) {
  std::vector<ComparePanelSpec> specs = panels;
  if (specs.size() < 2) specs.resize(2, panelOf(compareDefaults().filler));
  if (specs.size() > 4) specs.resize(4);
  ++m_hoverGeneration;  // a hover being computed belongs to the panels replaced here
  m_hoverPending = nullptr;
  for (Panel* p : m_panels) {
    // The box and its plot live on until the event loop deletes them, and a plot's settle
    // timer or a controller's last result may still fire: nothing of theirs may reach this
    // view, whose lambdas would find the panel deleted.
    QObject::disconnect(p->box, nullptr, this, nullptr);
    for (QObject* child : p->box->findChildren<QObject*>())
      QObject::disconnect(child, nullptr, this, nullptr);
    p->box->hide();
    p->box->deleteLater();
    delete p;
  }
  m_panels.clear();
  for (const ComparePanelSpec& spec : specs) {
    auto* p = new Panel;
    p->spec = spec;
    p->box = new QWidget(m_grid);
    p->scheme = new QComboBox(p->box);
    for (const auto& s : allSchemes())
      p->scheme->addItem(coreText(s->info().name), qs(s->info().id));
    p->view = new QComboBox(p->box);
    // Long scheme and view names must not set the panel's minimum width (four panels fit a
    // 1024 px screen): the combo boxes shrink and elide, the full name is in the pop-up.
    for (QComboBox* combo : {p->scheme, p->view}) {
      combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
      combo->setMinimumContentsLength(8);
    }
    p->overrides = new QLineEdit(p->box);
    p->overrides->setText(spec.overrides);
    p->plot = new PlotView(p->box);
    keepAxisRoom(*p->plot);
    p->readout = new QLabel(p->box);
    p->readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    p->controller = new EncodingController(p->box);
    auto* top = new QHBoxLayout;
    top->addWidget(p->scheme, 1);
    top->addWidget(p->view, 1);
    auto* col = new QVBoxLayout(p->box);
    col->setContentsMargins(2, 2, 2, 2);
    col->addLayout(top);
    col->addWidget(p->overrides);
    col->addWidget(p->plot, 1);
    col->addWidget(p->readout);
    m_panels.push_back(p);
  }
  {
    const QSignalBlocker block(m_count);
    m_count->setValue(static_cast<int>(m_panels.size()));
  }
  for (int i = 0; i < static_cast<int>(m_panels.size()); ++i) {
    Panel* p = m_panels[static_cast<std::size_t>(i)];
    const int idx = p->scheme->findData(p->spec.scheme);
    p->scheme->setCurrentIndex(std::max(idx, 0));
    p->spec.scheme = p->scheme->currentData().toString();
    for (const ViewSpec& v : findScheme(p->spec.scheme.toStdString()).info().views)
      p->view->addItem(coreText(v.title), qs(v.id));
    p->view->setCurrentIndex(std::max(p->view->findData(p->spec.view), 0));
    p->spec.view = p->view->currentData().toString();
    connect(p->scheme, &QComboBox::currentIndexChanged, this, [this, i, p] {
      p->spec.scheme = p->scheme->currentData().toString();
      const QSignalBlocker block(p->view);
      p->view->clear();
      for (const ViewSpec& v : findScheme(p->spec.scheme.toStdString()).info().views)
        p->view->addItem(coreText(v.title), qs(v.id));
      p->spec.view = p->view->currentData().toString();
      p->overrides->clear();
      p->spec.overrides.clear();
      applyPanel(i);
    });
    connect(p->view, &QComboBox::currentIndexChanged, this, [this, i, p] {
      p->spec.view = p->view->currentData().toString();
      applyPanel(i);
    });
    connect(p->overrides, &QLineEdit::editingFinished, this, [this, i, p] {
      if (p->spec.overrides == p->overrides->text()) return;
      p->spec.overrides = p->overrides->text();
      applyPanel(i);
    });
    connect(p->controller, &EncodingController::resultReady, this,
            [this, i](int, const ViewResult& r) { onResult(i, r); });
    connect(p->plot, &PlotView::regionRequested, this, [this, i, p](const Region& region) {
      p->waiting = true;
      p->controller->setRequest(0, {p->spec.view, region});
      linkZoom(i);
    });
    connect(p->plot, &PlotView::cellHovered, this,
            [this](Index row, Index col, double) { linkHover(row, col); });
    connect(p->plot, &PlotView::hoverLeft, this, [this] { clearHover(); });
  }
  rebuild();
  for (int i = 0; i < static_cast<int>(m_panels.size()); ++i) applyPanel(i);
  retranslate();
}

void CompareView::showCompanions(const Scheme& scheme, const ParamSet& params,
                                 const QString& view) {
  for (std::string_view id : kLengthParams)
    if (params.has(id)) {
      setLength(std::clamp<Index>(params.getInt(id), 1, Index{1} << 20));
      break;
    }
  const std::vector<ComparePanelSpec> specs = companionPanels(scheme, params, view);
  setPanels(specs);
  setDifferenceShown(specs[1].scheme == specs[0].scheme);
}

std::vector<ComparePanelSpec> CompareView::panels() const {
  std::vector<ComparePanelSpec> out;
  for (const Panel* p : m_panels) out.push_back(p->spec);
  return out;
}

void CompareView::setLength(Index length) { m_length->setValue(static_cast<int>(length)); }
Index CompareView::length() const { return m_length->value(); }

void CompareView::setDifferenceShown(bool shown) { m_showDiff->setChecked(shown); }
bool CompareView::differenceShown() const { return m_showDiff->isChecked(); }

PlotView* CompareView::plotView(int index) const {
  if (index >= 0 && index < static_cast<int>(m_panels.size()))
    return m_panels[static_cast<std::size_t>(index)]->plot;
  return index == static_cast<int>(m_panels.size()) ? m_diffPlot : nullptr;
}

QString CompareView::readoutText(int index) const {
  if (index >= 0 && index < static_cast<int>(m_panels.size()))
    return m_panels[static_cast<std::size_t>(index)]->readout->text();
  return index == static_cast<int>(m_panels.size()) && m_diffNote ? m_diffNote->text() : QString();
}

bool CompareView::busy() const {
  for (const Panel* p : m_panels)
    if (p->waiting || p->controller->busy()) return true;
  return m_diffA && (m_diffA->busy() || m_diffB->busy());
}

void CompareView::setFontScale(double scale) {
  m_fontScale = scale;
  for (int i = 0; i < static_cast<int>(m_panels.size()); ++i) applyPanel(i);
}

void CompareView::rebuild() {
  delete m_grid->layout();
  auto* grid = new QGridLayout(m_grid);
  grid->setContentsMargins(0, 0, 0, 0);
  const int shown = static_cast<int>(m_panels.size()) + (differenceShown() ? 1 : 0);
  const int cols = shown <= 2 ? shown : (shown <= 4 ? 2 : 3);
  for (int i = 0; i < static_cast<int>(m_panels.size()); ++i)
    grid->addWidget(m_panels[static_cast<std::size_t>(i)]->box, i / cols, i % cols);
  if (differenceShown()) {
    if (!m_diffPlot) {
      auto* box = new QWidget(m_grid);
      box->setObjectName(QStringLiteral("compareDifferenceBox"));
      m_diffPlot = new PlotView(box);
      keepAxisRoom(*m_diffPlot);
      m_diffNote = new QLabel(box);
      m_diffA = new EncodingController(box);
      m_diffB = new EncodingController(box);
      connect(m_diffA, &EncodingController::resultReady, this, [this](int, const ViewResult& r) {
        m_diffResultA = r;
        showDifference();
      });
      connect(m_diffB, &EncodingController::resultReady, this, [this](int, const ViewResult& r) {
        m_diffResultB = r;
        showDifference();
      });
      connect(m_diffPlot, &PlotView::regionRequested, this, [this](const Region& region) {
        for (EncodingController* c : {m_diffA, m_diffB})
          if (!c->params().items().empty()) c->setRequest(0, {m_diffView, region});
        linkZoomFrom(m_diffPlot);
      });
      connect(m_diffPlot, &PlotView::cellHovered, this,
              [this](Index row, Index col, double) { linkHover(row, col); });
      connect(m_diffPlot, &PlotView::hoverLeft, this, [this] { clearHover(); });
      m_diffNote->setWordWrap(true);
      auto* col = new QVBoxLayout(box);
      col->setContentsMargins(2, 2, 2, 2);
      col->addWidget(m_diffPlot, 1);
      col->addWidget(m_diffNote);
    }
    const int at = static_cast<int>(m_panels.size());
    grid->addWidget(m_diffPlot->parentWidget(), at / cols, at % cols);
    m_diffPlot->parentWidget()->show();
    updateDifference();
  } else if (m_diffPlot) {
    m_diffPlot->parentWidget()->hide();
  }
}

void CompareView::applyPanel(int index) {
  Panel* p = m_panels[static_cast<std::size_t>(index)];
  ParamSet params;
  try {
    params = comparePanelParams(p->spec, length());
  } catch (const ParamError& e) {
    p->plot->setMessage(errorMessage(e));
    p->readout->clear();
    p->last = {};
    updateDifference();
    return;
  }
  p->waiting = true;
  p->controller->setScheme(p->spec.scheme, params);
  p->controller->setRequest(0, {p->spec.view, p->plot->visibleRegion()});
}

void CompareView::onResult(int index, const ViewResult& result) {
  Panel* p = m_panels[static_cast<std::size_t>(index)];
  if (result.view != p->spec.view || result.scheme != p->spec.scheme) return;  // stale
  p->waiting = false;
  p->last = result;
  if (sharedScale()) {
    redrawAll();  // the scale the panels of its quantity share may have changed
  } else {
    drawPanel(*p);
  }
  updateDifference();
  if (!busy()) emit settled();
}

void CompareView::refitTexts() {
  for (Panel* p : m_panels)
    if (!p->waiting && !p->last.view.isEmpty() &&
        (fontScaleStale(p->drawnFontScale, fittedFontScale(m_fontScale, p->plot->size())) ||
         plotSizeStale(p->drawnSize, p->plot->size())))
      drawPanel(*p);
  if (m_diffPlot && m_diffPlot->isVisible() &&
      fontScaleStale(m_diffFontScale, fittedFontScale(m_fontScale, m_diffPlot->size())))
    showDifference();
}

void CompareView::drawPanel(Panel& p) const {
  const Scheme& scheme = findScheme(p.spec.scheme.toStdString());
  const ViewSpec& spec = findView(scheme, p.spec.view.toStdString());
  PlotOptions options;
  options.fontScale = fittedFontScale(m_fontScale, p.plot->size());
  options.subtitle = p.spec.overrides;
  describeValues(options, scheme, p.last.params, spec.id);
  options.valueSpan = sharedSpan(p);
  p.drawnFontScale = options.fontScale;
  p.drawnSize = p.plot->size();
  if (!p.last.error.isEmpty()) {
    p.plot->setMessage(p.last.error);
  } else if (const auto* m = std::get_if<MatrixResult>(&p.last.data)) {
    p.plot->setMatrix(spec, *m, options);
  } else if (const auto* s = std::get_if<SeriesResult>(&p.last.data)) {
    p.plot->setSeries(spec, *s, options);
  }
}

QString CompareView::quantityOf(const Panel& p) {
  if (!std::holds_alternative<MatrixResult>(p.last.data) || !p.last.error.isEmpty()) return {};
  const Scheme& scheme = findScheme(p.spec.scheme.toStdString());
  const ViewSpec& spec = findView(scheme, p.spec.view.toStdString());
  PlotOptions options;
  describeValues(options, scheme, p.last.params, spec.id);
  const std::string label = relabelled(spec, options).valueLabel;
  return qs(label.empty() ? spec.id : label);
}

std::optional<std::pair<double, double>> CompareView::sharedSpan(const Panel& p) const {
  if (!sharedScale()) return std::nullopt;
  const QString quantity = quantityOf(p);
  if (quantity.isEmpty()) return std::nullopt;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  int members = 0;
  for (const Panel* other : m_panels) {
    if (quantityOf(*other) != quantity) continue;
    const auto& values = std::get<MatrixResult>(other->last.data).values;
    for (Index r = 0; r < values.rows(); ++r)
      for (Index c = 0; c < values.cols(); ++c)
        if (const double v = values(r, c); std::isfinite(v)) {
          lo = std::min(lo, v);
          hi = std::max(hi, v);
        }
    ++members;
  }
  if (members < 2 || !(lo <= hi)) return std::nullopt;
  return std::make_pair(lo, hi);
}

void CompareView::setSharedScale(bool shared) { m_sharedScale->setChecked(shared); }
bool CompareView::sharedScale() const { return m_sharedScale->isChecked(); }

void CompareView::redrawAll() {
  for (Panel* p : m_panels)
    if (!p->waiting && !p->last.view.isEmpty()) drawPanel(*p);
}

void CompareView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // Panels that grew or shrank much are drawn again with texts that fit them (plot_fit.h),
  // once the layout has given them their new sizes.
  m_refit.start();
}

void CompareView::linkZoom(int from) {
  linkZoomFrom(m_panels[static_cast<std::size_t>(from)]->plot);
}

void CompareView::linkZoomFrom(PlotView* source) {
  if (m_linking) return;
  const std::optional<Zoom> zoom = source->zoom();
  if (zoom == m_linkedZoom) return;
  m_linking = true;
  // Panels showing a heatmap of the same shape as the source (the difference map has panel
  // 1's shape) follow its zoom and pan.
  auto shapeOf = [this](const PlotView* plot) -> std::optional<MatrixShape> {
    for (const Panel* p : m_panels)
      if (p->plot == plot)
        if (const auto* m = std::get_if<MatrixResult>(&p->last.data)) return m->full;
    if (plot == m_diffPlot && !m_panels.empty())
      if (const auto* m = std::get_if<MatrixResult>(&m_panels[0]->last.data)) return m->full;
    return std::nullopt;
  };
  const auto want = shapeOf(source);
  if (!want) {  // no picture yet: nothing to link; its zoom is linked when it asks again
    m_linking = false;
    return;
  }
  std::vector<PlotView*> plots;
  for (Panel* p : m_panels) plots.push_back(p->plot);
  if (m_diffPlot && differenceShown()) plots.push_back(m_diffPlot);
  for (PlotView* dst : plots) {
    if (dst == source) continue;
    const auto shape = shapeOf(dst);
    if (!shape || shape->rows != want->rows || shape->cols != want->cols) continue;
    if (dst->zoom() != zoom) dst->setZoom(zoom);
  }
  m_linkedZoom = zoom;
  m_linking = false;
}

/// What a hover computes, copied so the worker touches nothing of the view: for each panel
/// its scheme (null when it shows no heatmap), parameters and view.
struct CompareView::HoverRequest {
  struct Panel {
    const Scheme* scheme = nullptr;  ///< Stateless, static storage.
    ParamSet params;
    std::string view;
  };
  Index row = 0;
  Index col = 0;
  std::vector<Panel> panels;
  bool difference = false;  ///< Also say A - B (the first two panels have the same shape).
};

/// The hovered cell's value in each panel of a HoverRequest.
struct CompareView::HoverAnswer {
  enum class State { NoHeatmap, Value, Outside };
  struct Cell {
    State state = State::NoHeatmap;
    double value = std::numeric_limits<double>::quiet_NaN();
  };
  std::vector<Cell> cells;
  bool difference = false;
};

CompareView::HoverAnswer CompareView::computeHover(const HoverRequest& request) {
  HoverAnswer answer;
  answer.difference = request.difference;
  const Region cell{request.row, request.row + 1, request.col, request.col + 1};
  for (const HoverRequest::Panel& p : request.panels) {
    HoverAnswer::Cell out;
    if (p.scheme) {
      try {
        out.value = computeMatrix(*p.scheme, p.params, p.view, cell).values(0, 0);
        out.state = HoverAnswer::State::Value;
      } catch (const std::exception&) {
        out.state = HoverAnswer::State::Outside;
      }
    }
    answer.cells.push_back(out);
  }
  return answer;
}

void CompareView::markEveryPanel(Index row, Index col) {
  // The hovered cell's crosshair on every heatmap that has that cell (the hovered one keeps
  // its own), so the eye finds the same position in each panel.
  std::vector<std::pair<PlotView*, const MatrixResult*>> plots;
  for (Panel* p : m_panels) plots.emplace_back(p->plot, std::get_if<MatrixResult>(&p->last.data));
  if (m_diffPlot && differenceShown() && !m_panels.empty())
    plots.emplace_back(m_diffPlot, std::get_if<MatrixResult>(&m_panels[0]->last.data));
  for (const auto& [plot, matrix] : plots) {
    if (matrix && row < matrix->full.rows && col < matrix->full.cols) plot->markCell(row, col);
    else plot->clearMark();
  }
}

void CompareView::linkHover(Index row, Index col) {
  markEveryPanel(row, col);
  HoverRequest request;
  request.row = row;
  request.col = col;
  for (Panel* p : m_panels) {
    HoverRequest::Panel job;
    if (std::get_if<MatrixResult>(&p->last.data)) {
      job = {&findScheme(p->spec.scheme.toStdString()), p->last.params, p->spec.view.toStdString()};
      p->readout->setText(tr("row %1, column %2 = %3").arg(row).arg(col).arg(tr("computing...")));
    } else {
      p->readout->clear();
    }
    request.panels.push_back(std::move(job));
  }
  if (m_diffNote && m_panels.size() >= 2) {
    const auto* a = std::get_if<MatrixResult>(&m_panels[0]->last.data);
    const auto* b = std::get_if<MatrixResult>(&m_panels[1]->last.data);
    request.difference = a && b && a->full.rows == b->full.rows && a->full.cols == b->full.cols &&
                         row < a->full.rows && col < a->full.cols;
  }
  const quint64 generation = ++m_hoverGeneration;
  if (m_hoverRunning)
    m_hoverPending = [this, request, generation] { startHover(request, generation); };
  else startHover(request, generation);
}

void CompareView::startHover(const HoverRequest& request, quint64 generation) {
  m_hoverRunning = true;
  auto* watcher = new QFutureWatcher<HoverAnswer>(this);
  connect(watcher, &QFutureWatcher<HoverAnswer>::finished, this,
          [this, watcher, generation, row = request.row, col = request.col] {
            if (generation == m_hoverGeneration) showHover(watcher->result(), row, col);
            watcher->deleteLater();
            m_hoverRunning = false;
            if (m_hoverPending) std::exchange(m_hoverPending, nullptr)();
          });
  watcher->setFuture(QtConcurrent::run([request, hook = m_hoverHook] {
    if (hook) hook();
    return computeHover(request);
  }));
}

void CompareView::showHover(const HoverAnswer& answer, Index row, Index col) {
  for (std::size_t i = 0; i < answer.cells.size() && i < m_panels.size(); ++i) {
    const HoverAnswer::Cell& cell = answer.cells[i];
    QLabel* readout = m_panels[i]->readout;
    if (cell.state == HoverAnswer::State::Value)
      readout->setText(tr("row %1, column %2 = %3").arg(row).arg(col).arg(valueText(cell.value)));
    else if (cell.state == HoverAnswer::State::Outside)
      readout->setText(tr("row %1, column %2: outside this view").arg(row).arg(col));
  }
  if (answer.difference && m_diffNote && answer.cells.size() >= 2 &&
      answer.cells[0].state == HoverAnswer::State::Value &&
      answer.cells[1].state == HoverAnswer::State::Value) {
    const double va = answer.cells[0].value, vb = answer.cells[1].value;
    m_diffNote->setText(tr("row %1, column %2: A − B = %3 − %4 = %5")
                            .arg(row)
                            .arg(col)
                            .arg(valueText(va), valueText(vb), valueText(va - vb)));
  }
  emit hoverShown(row, col);
}

void CompareView::clearHover() {
  ++m_hoverGeneration;  // a hover still being computed must not fill the readouts again
  m_hoverPending = nullptr;
  for (Panel* p : m_panels) {
    p->readout->clear();
    p->plot->clearMark();
  }
  if (m_diffPlot) m_diffPlot->clearMark();
  updateDifference();
}

void CompareView::updateDifference() {
  if (!m_diffPlot || !differenceShown() || m_panels.size() < 2) return;
  const Panel* pa = m_panels[0];
  const Panel* pb = m_panels[1];
  const auto* a = std::get_if<MatrixResult>(&pa->last.data);
  const auto* b = std::get_if<MatrixResult>(&pb->last.data);
  if (!a || !b) {
    m_diffPlot->setMessage(
        tr("The difference map needs two heatmaps: choose matrix views in "
           "the first two panels."));
    m_diffNote->clear();
    return;
  }
  if (a->full.rows != b->full.rows || a->full.cols != b->full.cols) {
    m_diffPlot->setMessage(tr("No difference map: panel 1 is %1 x %2 and panel 2 is %3 x %4; "
                              "the shapes must agree")
                               .arg(a->full.rows)
                               .arg(a->full.cols)
                               .arg(b->full.rows)
                               .arg(b->full.cols));
    m_diffNote->clear();
    return;
  }
  // Both sides are computed for the difference plot's own region, so their cells agree.
  m_diffView = pa->spec.view;
  const Region region = m_diffPlot->visibleRegion();
  if (m_diffA->scheme().info().id != pa->spec.scheme.toStdString() ||
      !(m_diffA->params() == pa->last.params))
    m_diffA->setScheme(pa->spec.scheme, pa->last.params);
  if (m_diffB->scheme().info().id != pb->spec.scheme.toStdString() ||
      !(m_diffB->params() == pb->last.params))
    m_diffB->setScheme(pb->spec.scheme, pb->last.params);
  m_diffA->setRequest(0, {pa->spec.view, region});
  m_diffB->setRequest(0, {pb->spec.view, region});
}

void CompareView::showDifference() {
  if (!m_diffPlot || m_panels.size() < 2 || m_diffA->busy() || m_diffB->busy()) return;
  const ViewResult& ra = m_diffResultA;
  const ViewResult& rb = m_diffResultB;
  const auto* a = std::get_if<MatrixResult>(&ra.data);
  const auto* b = std::get_if<MatrixResult>(&rb.data);
  if (!a || !b) return;
  const Panel* pa = m_panels[0];
  const Panel* pb = m_panels[1];
  try {
    const MatrixResult d = differenceOf(*a, *b);
    ViewSpec spec =
        findView(findScheme(pa->spec.scheme.toStdString()), pa->spec.view.toStdString());
    spec.id = "difference";
    spec.title = tr("Difference A − B").toStdString();
    spec.valueLabel = "A − B";
    spec.signedValues = true;
    spec.integerValues = false;
    PlotOptions options;
    options.fontScale = fittedFontScale(m_fontScale, m_diffPlot->size());
    m_diffFontScale = options.fontScale;
    auto side = [](const ComparePanelSpec& p) {
      return (p.scheme + QLatin1Char(' ') + p.view + QLatin1Char(' ') + p.overrides).simplified();
    };
    options.subtitle = tr("A = %1;  B = %2").arg(side(pa->spec), side(pb->spec));
    m_diffPlot->setMatrix(spec, d, options);
    const double maxAbs = d.values.array().isNaN().select(0.0, d.values.array().abs()).maxCoeff();
    m_diffNote->setText(tr("largest |A − B| among the cells drawn: %1").arg(valueText(maxAbs)));
  } catch (const ParamError& e) {
    m_diffPlot->setMessage(tr("No difference map: %1").arg(errorMessage(e)));
    m_diffNote->clear();
  }
  if (!busy()) emit settled();
}

void CompareView::retranslate() {
  m_lengthLabel->setText(tr("Length for every panel:"));
  m_length->setToolTip(tr("Applied to every scheme's length (Transformer-XL: q_len)"));
  m_countLabel->setText(tr("Panels:"));
  m_showDiff->setText(tr("Difference map (panel 1 − panel 2)"));
  m_sharedScale->setText(tr("One colour scale per quantity"));
  m_sharedScale->setToolTip(
      tr("Heatmaps of the same quantity (the same value label) share one colour scale, so "
         "equal colours mean equal values across the panels"));
  for (Panel* p : m_panels) {
    p->overrides->setPlaceholderText(tr("more parameters, e.g. scaling=linear factor=4"));
    p->overrides->setToolTip(tr("KEY=VALUE words, as the command line's --set"));
    // Scheme and view names in the current language; the ids (item data) stay.
    for (int k = 0; k < p->scheme->count(); ++k)
      p->scheme->setItemText(
          k, coreText(findScheme(p->scheme->itemData(k).toString().toStdString()).info().name));
    const Scheme& scheme = findScheme(p->spec.scheme.toStdString());
    for (int k = 0; k < p->view->count(); ++k)
      for (const ViewSpec& v : scheme.info().views)
        if (qs(v.id) == p->view->itemData(k).toString()) p->view->setItemText(k, coreText(v.title));
  }
}

void CompareView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace posenc::ui
