// SPDX-License-Identifier: GPL-3.0-or-later
// The hover readout: the exact value of the cell under the mouse and the terms that make it.
#pragma once

#include <QWidget>

#include "posenc/scheme.hpp"

class QLabel;

namespace posenc::ui {

/// Shows, for the hovered heatmap cell, its row and column with their meaning (e.g. query i,
/// key j, distance j - i), its exact value (asked from the core, even when the picture is
/// sampled) and the scheme's explainCell terms; for a chart, the curve and point.
class ReadoutPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ReadoutPanel(QWidget* parent = nullptr);

  /// Cell (row, col) of matrix view `view`. Computes the exact value and terms with the core.
  void showCell(const posenc::Scheme& scheme, const posenc::ParamSet& params,
                const posenc::ViewSpec& view, posenc::Index row, posenc::Index col);
  /// Point `x, y` of curve `curve` of series view `view`.
  void showPoint(const posenc::ViewSpec& view, const QString& curve, double x, double y);
  /// Nothing hovered.
  void clear();
  /// The text shown (for tests).
  [[nodiscard]] QString text() const;
  /// Multiplies the font size (presentation mode).
  void setScale(double scale);

 private:
  QLabel* m_label = nullptr;
};

/// Shortest text that reads back as the same double ("0.1", "-3.5e-07"), "masked" for NaN.
[[nodiscard]] QString formatNumber(double value);

}  // namespace posenc::ui
