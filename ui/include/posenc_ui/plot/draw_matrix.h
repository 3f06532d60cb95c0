// SPDX-License-Identifier: GPL-3.0-or-later
// Draws a matrix view as a heatmap into a QCustomPlot. The window and the command line both
// draw through it, so a heatmap looks the same wherever it is made.
#pragma once

#include "posenc/base/view.hpp"
#include "posenc_ui/plot/plot_parts.h"

class QCustomPlot;

namespace posenc::ui {

/// Clears `plot` and draws matrix view `view` as a heatmap: title, axis labels (row axis
/// downwards, row 0 at the top, as a matrix is read), a colour scale with its label, cells
/// centred on their integer indices and not interpolated, a symmetric range about zero for
/// signed values, masked (NaN) cells in a neutral grey and named in a legend note, and a
/// note such as "1 px = 512 x 512 cells, sampled" when `result` is not exact. A square matrix
/// (full rows == cols: similarity, attention, biases) keeps square cells, its axis rect as
/// large as fits and centred, so its diagonals run at 45 degrees; other shapes fill the space.
/// With `reuse`, when `plot` already shows a heatmap drawMatrix drew with the same view,
/// options, colour steps and notes, only the values are replaced (cells, their ranges, the
/// colour range and the axis ranges): plottables, items, axes and layout are kept, and the
/// next replot shows the same picture a full drawing would. Much cheaper for a parameter
/// change; the caller must expect items it added to the plot to stay.
/// @return true when the drawing was reused, false when the plot was drawn anew.
/// The view is drawn as `spec` says, with options.valueLabel in place of its value label when
/// set (relabelled()).
bool drawMatrix(QCustomPlot& plot, const ViewSpec& spec, const MatrixResult& result,
                const PlotOptions& options = {}, bool reuse = false);

}  // namespace posenc::ui
