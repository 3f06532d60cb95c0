// SPDX-License-Identifier: GPL-3.0-or-later
// The layer chooser beside the model strip: which decoder layer of the opened model is drawn,
// picked by index or by type (its kinds of layer, model_config.hpp layerKinds), and the button
// that shows the model's stack of layers (the layers view) in a window of its own, with export.
// What a layer means is the core's (layerSetup, layersView): the chooser only names them.
#pragma once

#include <QDialog>
#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

#include "posenc/models/model_config.hpp"

class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QSpinBox;

namespace posenc::ui {

/// Index spin box, type list and "Layers..." button. Hidden unless a model whose layers differ
/// is shown.
class LayerChooser : public QWidget {
  Q_OBJECT
 public:
  explicit LayerChooser(QWidget* parent);

  /// Shows `setup`'s layers with its layer selected (setup.layer; none: hidden), or nothing
  /// for null. Emits nothing.
  void setModel(const posenc::ModelSetup* setup);
  /// Texts in the current language.
  void retranslate();

  [[nodiscard]] QSpinBox* indexBox() const { return m_index; }
  [[nodiscard]] QComboBox* typeBox() const { return m_type; }
  [[nodiscard]] QPushButton* layersButton() const { return m_layers; }

 signals:
  /// The person picked layer `index` (a different one from the layer shown).
  void layerChosen(qint64 index);
  /// The person asked for the layers view.
  void layersViewRequested();

 private:
  void pickIndex(int index);
  void pickType(int kind);

  QLabel* m_label;
  QSpinBox* m_index;
  QLabel* m_of;
  QComboBox* m_type;
  QPushButton* m_layers;
  std::vector<posenc::LayerKind> m_kinds;
  std::int64_t m_shown = -1;
};

/// A window with a model's layers view: the picture as exports draw it (the stack over the
/// layer index), and buttons to export it (PNG, SVG, PDF, CSV, NPY, JSON) and to close.
class LayersDialog : public QDialog {
  Q_OBJECT
 public:
  /// `model`: what the subtitle names (drawnModel's text).
  LayersDialog(QWidget* parent, posenc::LayersView view, QString model);
  [[nodiscard]] QCustomPlot* plot() const { return m_plot; }
  /// Writes the view to `path` (exportLayersView at the plot's size); "" when written, else
  /// why not.
  QString exportTo(const QString& path);
  /// What the hover tooltip says at plot pixel column `pixelX`: the layer there, its kind and
  /// its reach; empty off the bars.
  [[nodiscard]] QString barText(double pixelX) const;

 private:
  void redraw();
  void exportAsked();

  posenc::LayersView m_view;
  QString m_model;
  QCustomPlot* m_plot;
};

}  // namespace posenc::ui
