// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/models/layer_chooser.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>
#include <sstream>
#include <utility>

#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/view_export.h"
#include "posenc_ui/plot/draw_series.h"

namespace posenc::ui {

LayerChooser::LayerChooser(QWidget* parent)
    : QWidget(parent),
      m_label(new QLabel(this)),
      m_index(new QSpinBox(this)),
      m_of(new QLabel(this)),
      m_type(new QComboBox(this)),
      m_layers(new QPushButton(this)) {
  setObjectName(QStringLiteral("LayerChooser"));
  m_index->setObjectName(QStringLiteral("LayerIndex"));
  m_type->setObjectName(QStringLiteral("LayerType"));
  m_layers->setObjectName(QStringLiteral("LayersView"));
  m_index->setKeyboardTracking(false);  // typing "12" asks for layer 12, not 1 then 12
  m_type->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(12, 6, 12, 0);
  row->addWidget(m_label);
  row->addWidget(m_index);
  row->addWidget(m_of);
  row->addWidget(m_type);
  row->addWidget(m_layers);
  connect(m_index, &QSpinBox::valueChanged, this, &LayerChooser::pickIndex);
  connect(m_type, &QComboBox::activated, this, &LayerChooser::pickType);
  connect(m_layers, &QPushButton::clicked, this, &LayerChooser::layersViewRequested);
  retranslate();
  hide();
}

void LayerChooser::retranslate() {
  m_label->setText(tr("Layer"));
  m_layers->setText(tr("Layers…"));
  m_layers->setToolTip(
      tr("The model's stack of layers: how far each attends, and how it "
         "encodes position"));
  m_index->setToolTip(tr("The decoder layer drawn (0 is the first)"));
  m_type->setToolTip(tr("The kinds of layer the model has: pick one to draw its first layer"));
  const int count = m_index->maximum() + 1;
  m_of->setText(tr("of %1").arg(count));
  for (int k = 0; k < m_type->count() && k < static_cast<int>(m_kinds.size()); ++k) {
    const LayerKind& kind = m_kinds[static_cast<std::size_t>(k)];
    m_type->setItemText(
        k, tr("%1 (%n layers)", "", static_cast<int>(kind.indices.size())).arg(qs(kind.type)));
    m_type->setItemData(k, messageText(kind.label), Qt::ToolTipRole);
  }
}

void LayerChooser::setModel(const ModelSetup* setup) {
  const QSignalBlocker blockIndex(m_index);
  const QSignalBlocker blockType(m_type);
  const ModelMapping* m = setup && setup->report.mapping ? &*setup->report.mapping : nullptr;
  m_kinds.clear();
  m_shown = -1;
  if (m && setup->layer) m_kinds = layerKinds(*m);
  if (!m || !setup->layer || m_kinds.size() < 2) {
    m_kinds.clear();
    hide();
    return;
  }
  m_shown = *setup->layer;
  m_type->clear();
  for (std::size_t k = 0; k < m_kinds.size(); ++k) m_type->addItem(QString());
  m_index->setRange(0, static_cast<int>(m->layers.size()) - 1);
  m_index->setValue(static_cast<int>(m_shown));
  for (std::size_t k = 0; k < m_kinds.size(); ++k) {
    const auto& idx = m_kinds[k].indices;
    if (std::find(idx.begin(), idx.end(), m_shown) != idx.end())
      m_type->setCurrentIndex(static_cast<int>(k));
  }
  retranslate();
  show();
}

void LayerChooser::pickIndex(int index) {
  if (index == m_shown) return;
  emit layerChosen(index);
}

void LayerChooser::pickType(int kind) {
  if (kind < 0 || kind >= static_cast<int>(m_kinds.size())) return;
  const auto& idx = m_kinds[static_cast<std::size_t>(kind)].indices;
  if (std::find(idx.begin(), idx.end(), m_shown) != idx.end()) return;  // already of that kind
  emit layerChosen(idx.front());
}

LayersDialog::LayersDialog(QWidget* parent, LayersView view, QString model)
    : QDialog(parent),
      m_view(std::move(view)),
      m_model(std::move(model)),
      m_plot(new QCustomPlot(this)) {
  setObjectName(QStringLiteral("LayersDialog"));
  setWindowTitle(tr("Layers of %1").arg(m_model));
  m_plot->setMinimumSize(560, 380);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  auto* exportButton = buttons->addButton(tr("Export…"), QDialogButtonBox::ActionRole);
  exportButton->setObjectName(QStringLiteral("LayersExport"));
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(exportButton, &QPushButton::clicked, this, &LayersDialog::exportAsked);
  auto* column = new QVBoxLayout(this);
  column->addWidget(m_plot, 1);
  column->addWidget(buttons);
  resize(900, 620);
  redraw();
  // Hovering a bar says which layer it is, what it uses and how far it reaches.
  m_plot->setMouseTracking(true);
  connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
    QToolTip::showText(event->globalPosition().toPoint(), barText(event->position().x()), m_plot);
  });
}

QString LayersDialog::barText(double pixelX) const {
  const double key = m_plot->xAxis->pixelToCoord(pixelX);
  const auto& x = m_view.series.x;
  if (x.empty() || !std::isfinite(key)) return {};
  const long long index = std::llround(key);
  if (index < 0 || index >= static_cast<long long>(x.size())) return {};
  const auto at = static_cast<std::size_t>(index);
  const SeriesResult named = translatedNames(m_view);
  for (const Curve& c : named.curves) {
    if (at >= c.y.size() || !std::isfinite(c.y[at])) continue;
    return tr("layer %1: %2\nreaches %3 keys").arg(index).arg(qs(c.name)).arg(c.y[at], 0, 'g', 12);
  }
  return {};
}

void LayersDialog::redraw() {
  PlotOptions options;
  options.subtitle = m_model;
  drawSeries(*m_plot, m_view.spec, translatedNames(m_view), options);
  m_plot->replot();
}

QString LayersDialog::exportTo(const QString& path) {
  ExportRequest request;
  request.size = m_plot->size().expandedTo(QSize(1000, 700));
  request.model = m_model;
  try {
    std::ostringstream unused;
    exportLayersView(m_view, path.toStdString(), request, unused);
  } catch (const std::exception& e) {
    return errorMessage(e);
  }
  return {};
}

void LayersDialog::exportAsked() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export the layers view"), QStringLiteral("layers.png"),
      tr("Pictures (*.png *.svg *.pdf);;Numbers (*.csv *.npy *.json)"));
  if (path.isEmpty()) return;
  const QString why = exportTo(path);
  if (!why.isEmpty())
    QMessageBox::warning(this, tr("Cannot export"),
                         tr("%1 was not written.").arg(QDir::toNativeSeparators(path)) +
                             QStringLiteral("\n\n") + why);
}

}  // namespace posenc::ui
