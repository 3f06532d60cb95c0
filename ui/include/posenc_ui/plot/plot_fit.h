// SPDX-License-Identifier: GPL-3.0-or-later
// Pictures that fit the space they are drawn in: the text size for a plot's size, and the
// smallest plot that still leaves a readable heatmap or chart.
#pragma once

#include <QSize>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "posenc_ui/plot/plot_view.h"

namespace posenc::ui {

/// The font scale to draw a picture with when the window asks for `scale` (text size times
/// the presentation factor) and the plot widget is `plot` pixels: a picture of
/// kFitWidth x kFitHeight pixels per unit of scale holds its title, axes and colour bar with
/// the heatmap still the largest part; a smaller plot (a cell of a 2 x 2 grid in presentation
/// mode, a Compare panel) gets smaller texts in proportion, never below 0.85 (or `scale`,
/// when that is smaller) so they stay readable on a projector.
inline double fittedFontScale(double scale, QSize plot) {
  constexpr double kFitWidth = 430, kFitHeight = 330, kFloor = 0.85;
  if (plot.width() <= 0 || plot.height() <= 0 || scale <= 0) return scale;
  const double room =
      std::min(plot.width() / (kFitWidth * scale), plot.height() / (kFitHeight * scale));
  return std::max(scale * std::min(1.0, room), std::min(scale, kFloor));
}

/// Whether a picture drawn at font scale `drawn` should be drawn again at `fitted` (a resize
/// moved the fitted scale by more than a few per cent).
inline bool fontScaleStale(double drawn, double fitted) {
  return drawn <= 0 || std::abs(fitted - drawn) > 0.03 * drawn;
}

/// Whether a picture drawn for a plot of `drawn` pixels should be drawn again for `now`: a side
/// changed by more than a tenth, so the legend's place and the label sizes chosen for the old
/// size may not suit the new one (presentation mode going full screen keeps the font scale).
inline bool plotSizeStale(QSize drawn, QSize now) {
  auto moved = [](int a, int b) { return std::abs(a - b) * 10 > std::max(a, 1); };
  return drawn.isEmpty() || moved(drawn.width(), now.width()) ||
         moved(drawn.height(), now.height());
}

/// The smallest axis rectangle (logical pixels) a plot shown in the window keeps: below it a
/// heatmap or a chart stops being readable, so the page scrolls instead (the screenshot suite,
/// tests/screens, checks it on every screen size).
inline constexpr QSize kMinAxisRect{200, 150};

/// Gives `host` (the widget that holds `plot`) a minimum size that leaves `plot` an axis
/// rectangle of at least kMinAxisRect (each side of it with `squareCells`, a square as large
/// as fits: PlotView::squareCells) with the titles, labels and colour bar it has now; call it
/// after `plot` was laid out (QCustomPlot::afterLayout). The room around the axis rectangle is
/// the host's size less the rectangle and less the space its layout grid leaves spare beside
/// a square (the margins that centre it). The labels change width with the axis length (other
/// ticks), so the minimum grows at once but shrinks only by more than kShrinkSlack pixels: a redraw
/// cannot start a resize loop.
inline void reserveAxisRoom(QWidget& host, QCustomPlot& plot, bool squareCells = false) {
  constexpr int kShrinkSlack = 24;
  // A few pixels more than the minimum: labels re-laid out after a redraw (other ticks, a
  // wrapped title) must not take the rectangle below it.
  constexpr int kMargin = 6;
  if (plot.axisRectCount() == 0 || plot.plottableCount() == 0) return;
  QCPAxisRect* rect = plot.axisRect();
  const QSize axis = rect->rect().size();
  if (axis.isEmpty()) return;
  QSize spare(0, 0);
  if (const auto* grid = qobject_cast<QCPLayoutGrid*>(rect->layout())) {
    const QMargins m = grid->margins();
    spare = QSize(m.left() + m.right(), m.top() + m.bottom());
  }
  // Only the direction with more spare room is free: the other one limits the square (its
  // spare, if any, is growth the square keeps back for steady labels, counted as room used).
  if (spare.width() <= spare.height()) spare.setWidth(0);
  else spare.setHeight(0);
  const QSize chrome = host.size() - axis - spare;
  // A square may keep back up to a tenth of the growth its room allows (steady labels while
  // a window is resized: SquareCellGrid), so it is given that much more room.
  const int side = std::max(kMinAxisRect.width(), kMinAxisRect.height()) * 112 / 100;
  const QSize least = squareCells ? QSize(side, side) : kMinAxisRect;
  const QSize wanted = (chrome + least + QSize(kMargin, kMargin)).expandedTo(QSize(0, 0));
  const QSize now = host.minimumSize();
  auto pick = [](int want, int have) {
    return want > have || want < have - kShrinkSlack ? want : have;
  };
  const QSize next(pick(wanted.width(), now.width()), pick(wanted.height(), now.height()));
  if (next != now) host.setMinimumSize(next);
}

/// Keeps `view`'s axis rectangle readable from now on: reserveAxisRoom after every replot
/// (QCustomPlot lays out inside replot, and a chart may place its legend again there), so the
/// page around it scrolls rather than squeeze the picture.
inline void keepAxisRoom(PlotView& view) {
  QObject::connect(&view.plot(), &QCustomPlot::afterReplot, &view,
                   [&view] { reserveAxisRoom(view, view.plot(), view.squareCells()); });
}

}  // namespace posenc::ui
