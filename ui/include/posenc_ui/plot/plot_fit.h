// SPDX-License-Identifier: GPL-3.0-or-later
// Pictures that fit the space they are drawn in: the text size for a plot's size, and the
// smallest plot that still leaves a readable heatmap or chart.
#pragma once

#include <QSize>
#include <QWidget>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

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

/// The smallest axis rectangle (logical pixels) a plot shown in the window keeps: below it a
/// heatmap or a chart stops being readable, so the page scrolls instead (the screenshot suite,
/// tests/screens, checks it on every screen size).
inline constexpr QSize kMinAxisRect{200, 150};

/// Gives `host` (the widget that holds `plot`) a minimum size that leaves `plot` an axis
/// rectangle of at least kMinAxisRect with the titles, labels and colour bar it has now; call
/// it after `plot` was laid out (QCustomPlot::afterLayout). The labels around the axes change
/// width with the axis length (other ticks), so the minimum grows at once but shrinks only by
/// more than kShrinkSlack pixels: a redraw cannot start a resize loop.
/// With `squareCells` the axis rectangle is a square as large as the tighter direction allows
/// (PlotView::squareCells), so only that direction's room is what limits it: the minimum grows
/// there, until the square is kMinAxisRect's width on each side.
inline void reserveAxisRoom(QWidget& host, QCustomPlot& plot, bool squareCells = false) {
  constexpr int kShrinkSlack = 24;
  if (plot.axisRectCount() == 0 || plot.plottableCount() == 0) return;
  const QSize axis = plot.axisRect()->rect().size();
  if (axis.isEmpty()) return;
  const QSize chrome = host.size() - axis;  // exact in a direction the axis fills
  QSize wanted = chrome + kMinAxisRect;
  if (squareCells) {
    // The direction with less room around the square is the one that limits it; the other
    // direction's "chrome" includes the space left beside the square, so it is not raised.
    const int side = std::max(kMinAxisRect.width(), kMinAxisRect.height());
    if (chrome.height() <= chrome.width())
      wanted = QSize(host.minimumWidth(), chrome.height() + side);
    else wanted = QSize(chrome.width() + side, host.minimumHeight());
  }
  wanted = wanted.expandedTo(QSize(0, 0));
  const QSize now = host.minimumSize();
  auto pick = [](int want, int have) {
    return want > have || want < have - kShrinkSlack ? want : have;
  };
  const QSize next(pick(wanted.width(), now.width()), pick(wanted.height(), now.height()));
  if (next != now) host.setMinimumSize(next);
}

}  // namespace posenc::ui
