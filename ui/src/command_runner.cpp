// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/command_runner.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <qcustomplot.h>

#include "posenc/command_line.hpp"
#include "posenc/data_io.hpp"
#include "posenc/scheme.hpp"
#include "posenc_ui/plot_render.h"

namespace posenc::ui {

namespace {

namespace fs = std::filesystem;

/// Largest matrix a data export writes whole (2^27 doubles = 1 GiB in memory).
constexpr double kMaxDataCells = 134217728.0;

enum class OutKind { Picture, Data, Stdout };

struct Target {
  OutKind kind = OutKind::Picture;
  std::optional<DataFormat> data;
};

std::string lowerSuffix(const std::string& path) {
  return QFileInfo(QString::fromStdString(path)).suffix().toLower().toStdString();
}

Target targetFor(const std::string& path) {
  if (path == "-") return {OutKind::Stdout, DataFormat::Json};
  if (auto f = dataFormatFromPath(path)) return {OutKind::Data, f};
  const std::string ext = lowerSuffix(path);
  if (ext == "png" || ext == "svg" || ext == "pdf") return {OutKind::Picture, std::nullopt};
  throw UsageError("--out '" + path + "': unknown format '" + ext +
                   "' (use .png, .svg, .pdf, .csv, .npy, .json, or - for JSON on standard output)");
}

std::string paramSummary(const ParamSet& params) {
  std::string s;
  for (const auto& [key, value] : params.items()) {
    if (!s.empty()) s += "   ";
    s += key + " = " + formatValue(value);
  }
  return s;
}

/// Qt warns once per QApplication that XDG_RUNTIME_DIR is unset (it is, under CI, cron or
/// sudo); the command line never uses it, so that one message is dropped.
void quietMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
  if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"))) return;
  qt_message_output(type, context, message);
}

/// Keeps one QApplication alive for drawing while a command runs, when the caller has none.
class AppGuard {
 public:
  AppGuard() {
    if (QCoreApplication::instance()) return;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    m_previousHandler = qInstallMessageHandler(quietMessages);
    m_app = std::make_unique<QApplication>(m_argc, m_argv);
  }
  ~AppGuard() {
    m_app.reset();
    if (m_previousHandler) qInstallMessageHandler(m_previousHandler);
  }
  AppGuard(const AppGuard&) = delete;
  AppGuard& operator=(const AppGuard&) = delete;

 private:
  QtMessageHandler m_previousHandler = nullptr;
  int m_argc = 1;
  char m_name[7] = "posenc";
  char* m_argv[2] = {m_name, nullptr};
  std::unique_ptr<QApplication> m_app;
};

Region regionFrom(const CommandLine& cl) {
  Region r;
  if (cl.rows) {
    r.r0 = cl.rows->begin;
    r.r1 = cl.rows->end;
  }
  if (cl.cols) {
    r.c0 = cl.cols->begin;
    r.c1 = cl.cols->end;
  }
  return r;
}

void checkDataSize(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                   const Region& region) {
  const MatrixShape full = scheme.shape(params, view.id);
  const Index r1 = region.r1 < 0 ? full.rows : std::min(region.r1, full.rows);
  const Index c1 = region.c1 < 0 ? full.cols : std::min(region.c1, full.cols);
  const double cells = static_cast<double>(std::max<Index>(r1 - region.r0, 0)) *
                       static_cast<double>(std::max<Index>(c1 - region.c0, 0));
  if (cells > kMaxDataCells) {
    throw ParamError("view", view.id,
                     "small enough to write whole: " + std::to_string(r1 - region.r0) + " x " +
                         std::to_string(c1 - region.c0) + " cells would take " +
                         humanBytes(cells * 8) + " as float64 (limit " + humanBytes(kMaxDataCells * 8) +
                         "); export a region with --rows A:B --cols C:D");
  }
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

/// Exports one view to `path` (or standard output). Throws ParamError / UsageError / IoError.
void exportView(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                const CommandLine& cl, const std::string& path, std::ostream& out,
                std::optional<AppGuard>& app) {
  const Target target = targetFor(path);
  const bool isMatrix = view.kind == ViewKind::Matrix;
  if (!isMatrix && (cl.rows || cl.cols))
    throw UsageError("--rows/--cols select part of a matrix; view '" + view.id + "' is a series");
  if (!cl.colormap.empty() && !isColormap(QString::fromStdString(cl.colormap)))
    throw ParamError("colormap", cl.colormap, "one of " + colormapIds().join(", ").toStdString());
  Region region = regionFrom(cl);
  ExportContext ctx{scheme.info().id, &view, &params};

  if (target.kind != OutKind::Picture) {
    std::optional<MatrixResult> matrix;
    std::optional<SeriesResult> series;
    if (isMatrix) {
      checkDataSize(scheme, params, view, region);
      matrix = computeMatrix(scheme, params, view.id, region);
    } else {
      series = scheme.series(params, view.id);
    }
    const MatrixResult* m = matrix ? &*matrix : nullptr;
    const SeriesResult* s = series ? &*series : nullptr;
    if (target.kind == OutKind::Stdout) {
      writeData(out, DataFormat::Json, ctx, m, s);
      out.flush();
    } else {
      writeFileAtomically(path, [&](std::ostream& os) { writeData(os, *target.data, ctx, m, s); });
    }
    return;
  }

  if (!app) app.emplace();
  QCustomPlot plot;
  plot.resize(cl.width, cl.height);
  PlotOptions options;
  options.colormap = QString::fromStdString(cl.colormap);
  if (cl.title) options.title = QString::fromStdString(*cl.title);
  options.subtitle = QString::fromStdString(scheme.info().name + "    " + paramSummary(params));
  if (isMatrix) {
    const double scale = cl.dpi / 96.0;
    region.maxRows = static_cast<Index>(cl.height * scale);
    region.maxCols = static_cast<Index>(cl.width * scale);
    drawMatrix(plot, view, computeMatrix(scheme, params, view.id, region), options);
  } else {
    drawSeries(plot, view, scheme.series(params, view.id), options);
  }
  const QString error = savePicture(plot, QString::fromStdString(path), QSize(cl.width, cl.height), cl.dpi);
  if (!error.isEmpty()) throw IoError(error.toStdString());
}

void listSchemes(bool json, std::ostream& out) {
  if (json) {
    out << "{\"schemes\": [";
    bool firstScheme = true;
    for (const auto& s : allSchemes()) {
      const SchemeInfo& info = s->info();
      out << (firstScheme ? "\n" : ",\n") << " {\"id\": " << jsonString(info.id)
          << ", \"name\": " << jsonString(info.name)
          << ", \"description\": " << jsonString(info.description) << ",\n  \"params\": [";
      firstScheme = false;
      for (std::size_t k = 0; k < info.params.size(); ++k) {
        const ParamSpec& p = info.params[k];
        out << (k ? ",\n   " : "\n   ") << "{\"id\": " << jsonString(p.id)
            << ", \"type\": " << jsonString(toString(p.type)) << ", \"default\": ";
        out << valueJson(p.defaultValue);
        if (p.type == ParamType::Int || p.type == ParamType::Real)
          out << ", \"min\": " << jsonNumber(p.min) << ", \"max\": " << jsonNumber(p.max);
        if (p.type == ParamType::Int) out << ", \"even\": " << (p.even ? "true" : "false");
        if (p.type == ParamType::Choice) {
          out << ", \"choices\": [";
          for (std::size_t c = 0; c < p.choices.size(); ++c)
            out << (c ? ", " : "") << jsonString(p.choices[c]);
          out << "]";
        }
        out << ", \"description\": " << jsonString(p.description) << "}";
      }
      out << "],\n  \"views\": [";
      for (std::size_t k = 0; k < info.views.size(); ++k) {
        const ViewSpec& v = info.views[k];
        out << (k ? ",\n   " : "\n   ") << "{\"id\": " << jsonString(v.id) << ", \"kind\": "
            << jsonString(v.kind == ViewKind::Matrix ? "matrix" : "series")
            << ", \"title\": " << jsonString(v.title) << ", \"x_label\": " << jsonString(v.xLabel)
            << ", \"y_label\": " << jsonString(v.yLabel)
            << ", \"value_label\": " << jsonString(v.valueLabel)
            << ", \"signed\": " << (v.signedValues ? "true" : "false")
            << ", \"description\": " << jsonString(v.description) << "}";
      }
      out << "]}";
    }
    out << "\n]}\n";
    return;
  }
  for (const auto& s : allSchemes()) {
    const SchemeInfo& info = s->info();
    out << info.id << " - " << info.name << "\n  " << info.description << "\n  parameters:\n";
    for (const ParamSpec& p : info.params) {
      std::string line = "    " + p.id;
      line.resize(std::max<std::size_t>(line.size() + 1, 20), ' ');
      line += std::string(toString(p.type));
      line.resize(std::max<std::size_t>(line.size() + 1, 28), ' ');
      line += "default " + formatValue(p.defaultValue) + "; " + allowedText(p);
      out << line << "\n        " << p.description << "\n";
    }
    out << "  views:\n";
    for (const ViewSpec& v : info.views) {
      std::string line = "    " + v.id;
      line.resize(std::max<std::size_t>(line.size() + 1, 20), ' ');
      line += v.kind == ViewKind::Matrix ? "matrix  " : "series  ";
      out << line << v.title << "\n        " << v.description << "\n";
    }
    out << "\n";
  }
}

int runGallery(const CommandLine& cl, std::ostream& out, std::ostream& err) {
  std::optional<AppGuard> app;
  std::error_code ec;
  fs::create_directories(cl.out, ec);
  if (ec) {
    err << "posenc: cannot create folder " << cl.out << ": " << ec.message() << "\n";
    return kExitIoError;
  }
  int written = 0;
  int failed = 0;
  for (const auto& s : allSchemes()) {
    const ParamSet params = makeParams(*s, {});
    for (const ViewSpec& v : s->info().views) {
      const std::string path = (fs::path(cl.out) / (s->info().id + "_" + v.id + "." + cl.format)).string();
      try {
        exportView(*s, params, v, cl, path, out, app);
        ++written;
      } catch (const std::exception& e) {
        err << "posenc: " << s->info().id << "/" << v.id << ": " << e.what() << "\n";
        ++failed;
      }
    }
  }
  out << "wrote " << written << " pictures to " << fs::absolute(cl.out).lexically_normal().string()
      << "\n";
  return failed ? kExitIoError : kExitOk;
}

int runExport(const CommandLine& cl, std::ostream& out) {
  std::optional<AppGuard> app;
  const Scheme& scheme = findScheme(cl.scheme);
  const ParamSet params = makeParams(scheme, cl.sets);
  if (!cl.allViews) {
    exportView(scheme, params, findView(scheme, cl.view), cl, cl.out, out, app);
    return kExitOk;
  }
  std::error_code ec;
  fs::create_directories(cl.out, ec);
  if (ec || !fs::is_directory(cl.out))
    throw IoError("cannot create folder " + cl.out + (ec ? ": " + ec.message() : ": a file is in the way"));
  for (const ViewSpec& v : scheme.info().views)
    exportView(scheme, params, v, cl,
               (fs::path(cl.out) / (scheme.info().id + "_" + v.id + "." + cl.format)).string(), out, app);
  return kExitOk;
}

}  // namespace

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    const CommandLine cl = parseCommandLine(args);
    switch (cl.command) {
      case CommandLine::Command::Help:
        out << helpText();
        return kExitOk;
      case CommandLine::Command::Version:
        out << "posenc " << POSENC_VERSION << "\n";
        return kExitOk;
      case CommandLine::Command::List:
        listSchemes(cl.json, out);
        return kExitOk;
      case CommandLine::Command::Gallery:
        return runGallery(cl, out, err);
      case CommandLine::Command::Export:
        return runExport(cl, out);
    }
  } catch (const UsageError& e) {
    err << "posenc: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const ParamError& e) {
    err << "posenc: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const IoError& e) {
    err << "posenc: " << e.what() << "\n";
    return kExitIoError;
  } catch (const std::bad_alloc&) {
    err << "posenc: out of memory; ask for a smaller length or region\n";
    return kExitIoError;
  } catch (const std::exception& e) {
    err << "posenc: error: " << e.what() << "\n";
    return kExitIoError;
  }
  return kExitOk;
}

int runMain(int argc, char** argv) {
  std::vector<std::string> args;
  for (int k = 1; k < argc; ++k) args.emplace_back(argv[k]);
  return runCommand(args, std::cout, std::cerr);
}

}  // namespace posenc::ui
