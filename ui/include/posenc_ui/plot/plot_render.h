// SPDX-License-Identifier: GPL-3.0-or-later
// Draws a view's numbers into a QCustomPlot and writes pictures. The window and the command
// line both draw through these functions, so a picture looks the same wherever it is made.
#pragma once

#include <QColor>
#include <QSize>
#include <QString>
#include <QStringList>
#include <cstddef>
#include <vector>

#include "posenc/view.hpp"

class QCustomPlot;

namespace posenc::ui {

/// Ids of the colour maps, in menu order: "viridis", "cividis", "magma", "gray" (one-sided
/// values) and "rdbu" (diverging red-white-blue, centred on zero, for signed values).
[[nodiscard]] QStringList colormapIds();

/// True when `id` is one of colormapIds().
[[nodiscard]] bool isColormap(const QString& id);

/// "rdbu" for a view with signed values, "viridis" otherwise.
[[nodiscard]] QString defaultColormap(const ViewSpec& view);

/// The colour map sampled at 256 evenly spaced points from low (index 0) to high (255),
/// from the published tables (matplotlib's viridis, cividis, magma; ColorBrewer RdBu
/// reversed so that negative is blue and positive is red).
/// @pre isColormap(id).
[[nodiscard]] std::vector<QColor> colormapTable(const QString& id);

/// How to draw a view. Empty strings take the view's own defaults.
struct PlotOptions {
  QString colormap;        ///< A colormapIds() id; empty = defaultColormap(view).
  QString title;           ///< Empty = view.title.
  QString subtitle;        ///< Second line under the title (e.g. parameters); may be empty.
  double fontScale = 1.0;  ///< Multiplies every font size (presentation mode uses >= 1.6).
};

/// Clears `plot` and draws matrix view `view` as a heatmap: title, axis labels (row axis
/// downwards, row 0 at the top, as a matrix is read), a colour scale with its label, cells
/// centred on their integer indices and not interpolated, a symmetric range about zero for
/// signed values, masked (NaN) cells in a neutral grey and named in a legend note, and a
/// note such as "1 px = 512 x 512 cells, sampled" when `result` is not exact.
/// With `reuse`, when `plot` already shows a heatmap drawMatrix drew with the same view,
/// options, colour steps and notes, only the values are replaced (cells, their ranges, the
/// colour range and the axis ranges): plottables, items, axes and layout are kept, and the
/// next replot shows the same picture a full drawing would. Much cheaper for a parameter
/// change; the caller must expect items it added to the plot to stay.
/// @return true when the drawing was reused, false when the plot was drawn anew.
bool drawMatrix(QCustomPlot& plot, const ViewSpec& view, const MatrixResult& result,
                const PlotOptions& options = {}, bool reuse = false);

/// Indices of the points of a line through (x[i], y[i]), x increasing, worth drawing when
/// [x0, x1] spans `columns` pixel columns: in each column its first and last point and those
/// with the lowest and the highest y, in their order, so the polyline through them covers
/// the same pixels as the whole line (the same picture to the eye). A point with a
/// non-finite x or y breaks the line and is kept, one per run. Every index when there are at
/// most four points per column.
[[nodiscard]] std::vector<std::size_t> thinnedLine(const std::vector<double>& x,
                                                   const std::vector<double>& y, double x0,
                                                   double x1, int columns);

/// Clears `plot` and draws series view `view`: lines (or bars if view.bars, or a path in
/// point order if view.parametric), a legend when there is more than one curve, axis labels,
/// a log y axis if view.logY.
void drawSeries(QCustomPlot& plot, const ViewSpec& view, const SeriesResult& result,
                const PlotOptions& options = {});

/// Writes `plot` to `path` as PNG, SVG or PDF, chosen by the suffix (case-insensitive),
/// laid out at `size` logical pixels; PNG pixels are size * dpi / 96. The file is written
/// to a temporary beside `path` and renamed into place, so a failed write never leaves a
/// partial file or harms an existing one.
/// @return empty on success, otherwise a one-line error naming the path and the reason.
[[nodiscard]] QString savePicture(QCustomPlot& plot, const QString& path, QSize size,
                                  double dpi = 96.0);

}  // namespace posenc::ui
