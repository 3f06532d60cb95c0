// SPDX-License-Identifier: GPL-3.0-or-later
// Writes one view to a file: the picture as the window draws it, or the numbers. Shared by the
// command line and the window's File > Export, so both write the same files.
#pragma once

#include <QSize>
#include <QString>
#include <iosfwd>
#include <string>

#include "posenc/base/scheme.hpp"
#include "posenc/models/model_config.hpp"

namespace posenc::ui {

/// How to export a view.
struct ExportRequest {
  QSize size{1000, 800};  ///< Picture size in logical pixels.
  double dpi = 96;        ///< PNG resolution: pixels = size * dpi / 96.
  QString colormap;       ///< Empty = the view's default.
  QString title;          ///< Empty = the view's title.
  posenc::Region region;  ///< Part of a matrix view (whole by default); sampling is set here.
  /// The model drawn (ModelSetup::label, e.g. "gpt2"), first in the subtitle; empty: none.
  QString model;
};

/// The picture formats (.png .svg .pdf) and number formats (.csv .npy .json) by extension.
[[nodiscard]] bool isPicturePath(const QString& path);
[[nodiscard]] bool isDataPath(const QString& path);

/// Largest matrix written whole as numbers (2^27 cells = 1 GiB of float64).
inline constexpr double kMaxDataCells = 134217728.0;

/// "length = 128   dim = 64   ..." for picture subtitles: every parameter of `scheme` but the
/// quiet ones (ParamSpec::quietAtDefault) still at their defaults; a Text parameter (a table
/// file) by its file name only, and left out while empty.
[[nodiscard]] QString parameterSummary(const posenc::Scheme& scheme,
                                       const posenc::ParamSet& params);

/// Writes `view` to `path`: a picture for .png/.svg/.pdf, numbers for .csv/.npy/.json, JSON to
/// `out` for "-". Files are written atomically. Pictures need a QApplication.
/// @throws posenc::UsageError for an unknown extension or a region on a series view,
///         posenc::ParamError for a bad colour map, a bad region or a matrix too large to
///         write whole (the message gives the size and suggests a region),
///         posenc::IoError when the file cannot be written.
void exportView(const posenc::Scheme& scheme, const posenc::ParamSet& params,
                const posenc::ViewSpec& view, const std::string& path, const ExportRequest& request,
                std::ostream& out);

/// The layers view's curves named in the current language (LayersView::names).
[[nodiscard]] posenc::SeriesResult translatedNames(const posenc::LayersView& view);

/// Writes a model's layers view (model_config.hpp layersView) to `path` as exportView writes a
/// series view: the picture, subtitled `request.model` (the model drawn), or the numbers (one
/// column per kind of layer; the JSON's scheme is "model" and its params empty: `posenc
/// inspect --json` gives the layers' own).
/// @throws posenc::UsageError, posenc::ParamError (colour map), posenc::IoError.
void exportLayersView(const posenc::LayersView& view, const std::string& path,
                      const ExportRequest& request, std::ostream& out);

}  // namespace posenc::ui
