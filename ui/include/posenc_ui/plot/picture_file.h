// SPDX-License-Identifier: GPL-3.0-or-later
// Writes a drawn plot (drawMatrix, drawSeries) to a PNG, SVG or PDF file, through the core's
// one atomic file writer.
#pragma once

#include <QSize>
#include <QString>

class QCustomPlot;

namespace posenc::ui {

/// Writes `plot` to `path` as PNG, SVG or PDF, chosen by the suffix (case-insensitive),
/// laid out at `size` logical pixels; PNG pixels are size * dpi / 96. The file is written
/// to a temporary beside `path` and renamed into place, so a failed write never leaves a
/// partial file or harms an existing one. The picture's title (kTitleProperty of plot_parts.h)
/// goes into the PNG's "Title" text, the SVG's <title> and the PDF's title; its description
/// (kDescriptionProperty) into the SVG's <desc>, both escaped so that an XML parser gives them
/// back exactly. An SVG is well-formed XML whatever its texts and font families hold (a
/// character XML 1.0 cannot hold at all becomes U+FFFD), and the same plot gives the same bytes.
/// @throws posenc::IoError with a one-line message naming the path and the reason (an
///         unknown suffix, a size or resolution out of range, a failed write).
void savePicture(QCustomPlot& plot, const QString& path, QSize size, double dpi = 96.0);

}  // namespace posenc::ui
