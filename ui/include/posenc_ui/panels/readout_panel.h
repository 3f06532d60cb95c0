// SPDX-License-Identifier: GPL-3.0-or-later
// The hover readout: the exact value of the cell under the mouse and the terms that make it.
#pragma once

#include <QWidget>
#include <functional>
#include <vector>

#include "posenc/base/scheme.hpp"

class QLabel;

namespace posenc::ui {

/// Shows, for the hovered heatmap cell, its row and column with their meaning (e.g. query i,
/// key j, distance j - i), its exact value (asked from the core, even when the picture is
/// sampled) and the scheme's explainCell terms; for a chart, the curve and point.
class ReadoutPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ReadoutPanel(QWidget* parent = nullptr);

  /// Cell (row, col) of matrix view `view`. The exact value and terms are computed with the
  /// core on a worker thread (one cell of a large Transformer-XL view takes seconds), so the
  /// window never waits; until they arrive the row and column show with "computing...", and
  /// only the newest hover is ever shown.
  void showCell(const posenc::Scheme& scheme, const posenc::ParamSet& params,
                const posenc::ViewSpec& view, posenc::Index row, posenc::Index col);
  /// Point `x, y` of curve `curve` (its name as shown, already translated) of series view `view`.
  void showPoint(const posenc::ViewSpec& view, const QString& curve, double x, double y);
  /// Nothing hovered.
  void clear();
  /// The text shown (for tests).
  [[nodiscard]] QString text() const;
  /// Multiplies the font size (presentation mode).
  void setScale(double scale);

 signals:
  /// The core's exact value and explainCell terms of the cell given to showCell arrived (only
  /// for the newest hover), e.g. for the explanation panel's substituted formula.
  void cellExplained(posenc::Index row, posenc::Index col, double value,
                     const std::vector<posenc::Term>& terms);

 protected:
  /// QEvent::LanguageChange: back to the hint, in the new language.
  void changeEvent(QEvent* event) override;

 private:
  /// Shows `html`, the label at least as wide as its widest unbreakable piece.
  void setHtml(const QString& html);

  QLabel* m_label = nullptr;
  quint64 m_generation = 0;         ///< Newest request; older answers are dropped.
  bool m_running = false;           ///< A cell is being computed; at most one at a time.
  std::function<void()> m_pending;  ///< The newest hover that arrived meanwhile.
};

/// Shortest text that reads back as the same double ("0.1", "-3.5e-07"), "masked" for NaN.
[[nodiscard]] QString formatNumber(double value);

}  // namespace posenc::ui
