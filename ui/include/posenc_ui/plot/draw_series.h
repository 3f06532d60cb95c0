// SPDX-License-Identifier: GPL-3.0-or-later
// Draws a series view (line charts, bars, a path) into a QCustomPlot. The window and the
// command line both draw through it, so a chart looks the same wherever it is made.
#pragma once

#include <cstddef>
#include <vector>

#include "posenc/base/view.hpp"
#include "posenc_ui/plot/plot_parts.h"

class QCustomPlot;

namespace posenc::ui {

/// Indices of the points of a line through (x[i], y[i]), x increasing, worth drawing when
/// [x0, x1] spans `columns` pixel columns: in each column its first and last point and those
/// with the lowest and the highest y, in their order, so the polyline through them covers
/// the same pixels as the whole line (the same picture to the eye). A point with a
/// non-finite x or y breaks the line and is kept, one per run. Every index when there are at
/// most four points per column.
[[nodiscard]] std::vector<std::size_t> thinnedLine(const std::vector<double>& x,
                                                   const std::vector<double>& y, double x0,
                                                   double x1, int columns);

/// Clears `plot` and draws series view `spec` (its value label replaced by options.valueLabel
/// when set): lines (or bars if view.bars, or a path in
/// point order if view.parametric), a legend when there is more than one curve, axis labels,
/// a log y axis if view.logY.
void drawSeries(QCustomPlot& plot, const ViewSpec& spec, const SeriesResult& result,
                const PlotOptions& options = {});

}  // namespace posenc::ui
