// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/io/view_export.h"

#include <QFileInfo>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <ostream>
#include <qcustomplot.h>

#include "posenc/base/memory_budget.hpp"
#include "posenc/cli/command_line.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/plot/colormaps.h"
#include "posenc_ui/plot/draw_matrix.h"
#include "posenc_ui/plot/draw_series.h"
#include "posenc_ui/plot/picture_file.h"

namespace posenc::ui {

namespace {

const posenc::MessageTemplate kSmallEnoughToWrite{
    "small enough to write whole: %1 x %2 cells would take %3 as float64 (limit %4); export a "
    "region with --rows A:B --cols C:D",
    "%1 x %2: rows x columns; %3, %4: sizes such as 1.5 GiB"};
const posenc::MessageTemplate kPicture{"a %1 x %2 %3 of %4 view '%5'",
                                       "%1 x %2: pixels; %3: PNG, SVG or PDF; %4: a scheme id; "
                                       "%5: a view id"};
const posenc::MessageTemplate kPictureOfCells{
    "a %1 x %2 %3 of %4 view '%5' (%6 x %7 cells)",
    "%1 x %2: pixels; %3: PNG, SVG or PDF; %4: a scheme id; %5: a view id; %6 x %7: rows x "
    "columns"};
const posenc::MessageTemplate kOneOfColormaps{"one of %1", "%1: the colour map ids"};

QString suffixOf(const QString& path) { return QFileInfo(path).suffix().toLower(); }

void checkDataSize(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                   const Region& region) {
  const MatrixShape full = scheme.shape(params, view.id);
  const Index r1 = region.r1 < 0 ? full.rows : std::min(region.r1, full.rows);
  const Index c1 = region.c1 < 0 ? full.cols : std::min(region.c1, full.cols);
  const Index rows = std::max<Index>(r1 - region.r0, 0);
  const Index cols = std::max<Index>(c1 - region.c0, 0);
  const double cells = static_cast<double>(rows) * static_cast<double>(cols);
  if (cells > kMaxDataCells) {
    throw ParamError("view", view.id,
                     Message(kSmallEnoughToWrite,
                             {std::to_string(rows), std::to_string(cols), humanBytes(cells * 8),
                              humanBytes(kMaxDataCells * 8)}));
  }
}

/// Bytes drawing and writing a picture takes per pixel of it, measured (peak resident memory
/// of `posenc export`, 4000 x 4000 and 8000 x 8000 pictures) with a margin: PNG holds the
/// pixmap, a copy as an image and the encoder's rows (about 10 measured); SVG keeps the whole
/// document and the heatmap as encoded text (about 34); QPdfWriter rasterises the heatmap at
/// page resolution with masks and compression buffers (about 79).
double bytesPerPicturePixel(const QString& suffix) {
  if (suffix == QLatin1String("png")) return 16;
  if (suffix == QLatin1String("svg")) return 48;
  return 100;  // pdf
}

/// Cells of `region` sampled to at most maxRows x maxCols, as computeMatrix will take them.
std::pair<Index, Index> sampledCells(const MatrixShape& full, const Region& region) {
  const Index r1 = region.r1 < 0 ? full.rows : std::min(region.r1, full.rows);
  const Index c1 = region.c1 < 0 ? full.cols : std::min(region.c1, full.cols);
  const Index rows = std::max<Index>(r1 - region.r0, 0);
  const Index cols = std::max<Index>(c1 - region.c0, 0);
  return {region.maxRows > 0 ? std::min(rows, region.maxRows) : rows,
          region.maxCols > 0 ? std::min(cols, region.maxCols) : cols};
}

/// Refuses a picture whose drawing would pass the memory budget, before anything is computed:
/// the matrix request (as computeMatrix counts it), the plot's own copy of the cells and their
/// colour image (12 bytes a cell), and the picture itself (bytesPerPicturePixel).
void checkPictureMemory(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                        const Region& sampled, const QString& suffix, QSize size, double dpi) {
  const double scale = suffix == QLatin1String("png") ? dpi / 96.0 : 1.0;
  const double pixels =
      static_cast<double>(size.width()) * scale * static_cast<double>(size.height()) * scale;
  double bytes = pixels * bytesPerPicturePixel(suffix);
  const std::vector<MessageArg> picture = {std::to_string(size.width()),
                                           std::to_string(size.height()),
                                           suffix.toUpper().toStdString(), scheme.info().id,
                                           view.id};
  if (view.kind == ViewKind::Matrix) {
    const MatrixShape full = scheme.shape(params, view.id);
    const auto [rows, cols] = sampledCells(full, sampled);
    const double workCols = view.maxRowLength > 0 ? static_cast<double>(std::max(cols, full.cols))
                                                  : static_cast<double>(cols);
    const auto r = static_cast<double>(rows), c = static_cast<double>(cols);
    const Index r1 = sampled.r1 < 0 ? full.rows : std::min(sampled.r1, full.rows);
    const Index c1 = sampled.c1 < 0 ? full.cols : std::min(sampled.c1, full.cols);
    const auto span = static_cast<double>(std::max<Index>(r1 - sampled.r0, 0) +
                                          std::max<Index>(c1 - sampled.c0, 0));
    bytes += matrixRequestBytes(r, workCols, modelWidth(params),
                                vectorsPerPosition(scheme.info().id, view.id), span) +
             12.0 * r * c;
    std::vector<MessageArg> args = picture;
    args.emplace_back(std::to_string(rows));
    args.emplace_back(std::to_string(cols));
    checkMemory(bytes, Message(kPictureOfCells, std::move(args)));
    return;
  }
  checkMemory(bytes, Message(kPicture, picture));
}

void writeData(std::ostream& os, DataFormat format, const ExportContext& ctx,
               const MatrixResult* matrix, const SeriesResult* series) {
  switch (format) {
    case DataFormat::Json:
      matrix ? writeMatrixJson(os, ctx, *matrix) : writeSeriesJson(os, ctx, *series);
      break;
    case DataFormat::Csv:
      matrix ? writeMatrixCsv(os, *matrix) : writeSeriesCsv(os, *series);
      break;
    case DataFormat::Npy:
      matrix ? writeMatrixNpy(os, *matrix) : writeSeriesNpy(os, *series);
      break;
  }
}

/// The numbers to `path` ("-": JSON to `out`), written atomically.
void writeNumbers(const std::string& path, std::ostream& out, const ExportContext& ctx,
                  const MatrixResult* m, const SeriesResult* s) {
  if (path == "-") {
    // A full disk or a closed pipe on standard output is a failed write, not a success.
    errno = 0;
    writeData(out, DataFormat::Json, ctx, m, s);
    out.flush();
    if (!out) {
      const int error = errno;
      out.clear();
      throw IoError(std::string("cannot write standard output: ") +
                    (error ? std::strerror(error) : "write failed"));
    }
  } else {
    const DataFormat format = *dataFormatFromPath(path);
    writeFileAtomically(path, [&](std::ostream& os) { writeData(os, format, ctx, m, s); });
  }
}

/// Refuses an unknown extension and an unknown colour map (`what` names the view).
void checkRequest(const std::string& path, const ExportRequest& request) {
  const QString qpath = qs(path);
  if (path != "-" && !isPicturePath(qpath) && !isDataPath(qpath))
    throw UsageError(
        "--out '" + path + "': unknown format '" + suffixOf(qpath).toStdString() +
        "' (use .png, .svg, .pdf, .csv, .npy, .json, or - for JSON on standard output)");
  if (!request.colormap.isEmpty() && !isColormap(request.colormap))
    throw ParamError("colormap", request.colormap.toStdString(),
                     Message(kOneOfColormaps,
                             {colormapIds().join(QStringLiteral(", ")).toStdString()}));
}

}  // namespace

bool isPicturePath(const QString& path) {
  const QString s = suffixOf(path);
  return s == QLatin1String("png") || s == QLatin1String("svg") || s == QLatin1String("pdf");
}

bool isDataPath(const QString& path) { return dataFormatFromPath(path.toStdString()).has_value(); }

QString parameterSummary(const Scheme& scheme, const ParamSet& params) {
  QStringList parts;
  for (const auto& item : params.items()) {
    const std::string& key = item.first;
    const auto& specs = scheme.info().params;
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&key](const ParamSpec& s) { return s.id == key; });
    if (spec != specs.end() && spec->quietAtDefault && spec->defaultValue == item.second) continue;
    if (spec != specs.end() && !spec->shownWhen.first.empty()) {
      // A row the panel hides does not apply (learned's dim while a table fixes it).
      const auto& [when, values] = spec->shownWhen;
      const std::string now = params.has(when) ? formatValue(params.get(when)) : std::string();
      if (std::find(values.begin(), values.end(), now) == values.end()) continue;
    }
    if (spec != specs.end() && spec->type == ParamType::Text) {
      // A table file: its name (and the tensor's), not the folders above it; unset: left out.
      const std::string& text = std::get<std::string>(item.second);
      if (text.empty()) continue;
      const std::string name = text.substr(text.find_last_of('/') + 1);
      parts << qs(key + " = " + name);
      continue;
    }
    parts << qs(key + " = " + formatValue(item.second));
  }
  return parts.join(QStringLiteral("   "));
}

void exportView(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                const std::string& path, const ExportRequest& request, std::ostream& out) {
  const QString qpath = qs(path);
  const bool toStdout = path == "-";
  checkRequest(path, request);
  const bool isMatrix = view.kind == ViewKind::Matrix;
  const Region& region = request.region;
  const bool hasRegion = region.r0 != 0 || region.c0 != 0 || region.r1 >= 0 || region.c1 >= 0;
  if (!isMatrix && hasRegion)
    throw UsageError("--rows/--cols select part of a matrix; view '" + view.id + "' is a series");
  const ExportContext ctx{scheme.info().id, &view, &params, scheme.absentTerm(params, view.id)};

  if (toStdout || isDataPath(qpath)) {
    std::optional<MatrixResult> matrix;
    std::optional<SeriesResult> series;
    if (isMatrix) {
      Region whole = region;
      whole.maxRows = whole.maxCols = 0;
      checkDataSize(scheme, params, view, whole);
      matrix = computeMatrix(scheme, params, view.id, whole);
    } else {
      series = scheme.series(params, view.id);
    }
    writeNumbers(path, out, ctx, matrix ? &*matrix : nullptr, series ? &*series : nullptr);
    return;
  }

  Region sampled = region;
  if (isMatrix) {
    const double scale = request.dpi / 96.0;
    sampled.maxRows = static_cast<Index>(request.size.height() * scale);
    sampled.maxCols = static_cast<Index>(request.size.width() * scale);
  }
  checkPictureMemory(scheme, params, view, sampled, suffixOf(qpath), request.size, request.dpi);
  QCustomPlot plot;
  plot.resize(request.size);
  PlotOptions options;
  options.colormap = request.colormap;
  options.title = request.title;
  options.subtitle = (request.model.isEmpty() ? QString() : request.model + QStringLiteral(" · ")) +
                     qs(scheme.info().name) + QStringLiteral("    ") +
                     parameterSummary(scheme, params);
  describeValues(options, scheme, params, view.id);
  if (isMatrix) {
    drawMatrix(plot, view, computeMatrix(scheme, params, view.id, sampled), options);
  } else {
    drawSeries(plot, view, scheme.series(params, view.id), options);
  }
  savePicture(plot, qpath, request.size, request.dpi);
}

posenc::SeriesResult translatedNames(const posenc::LayersView& view) {
  posenc::SeriesResult series = view.series;
  for (std::size_t k = 0; k < series.curves.size() && k < view.names.size(); ++k)
    series.curves[k].name = messageText(view.names[k]).toStdString();
  return series;
}

void exportLayersView(const posenc::LayersView& view, const std::string& path,
                      const ExportRequest& request, std::ostream& out) {
  checkRequest(path, request);
  if (path == "-" || isDataPath(qs(path))) {
    // Its JSON names no scheme's parameters: the model's layers are `posenc inspect --json`'s.
    const ParamSet none;
    const ExportContext ctx{"model", &view.spec, &none, {}};
    writeNumbers(path, out, ctx, nullptr, &view.series);
    return;
  }
  QCustomPlot plot;
  plot.resize(request.size);
  PlotOptions options;
  options.title = request.title;
  options.subtitle = request.model;
  drawSeries(plot, view.spec, translatedNames(view), options);
  savePicture(plot, qs(path), request.size, request.dpi);
}

}  // namespace posenc::ui
