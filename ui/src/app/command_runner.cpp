// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/app/command_runner.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <QApplication>
#include <QDir>

#include "check_command.h"
#include "command_input.h"
#include "posenc/base/memory_budget.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/cli/command_help.hpp"
#include "posenc/cli/command_line.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc/io/scheme_json.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/tensors/tensor_file.hpp"
#include "posenc_ui/app/build_version.h"
#include "posenc_ui/common/qt_string.h"
#include "posenc_ui/common/translation.h"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/io/view_export.h"
#include "posenc_ui/plot/colormaps.h"

namespace posenc::ui {

namespace {

namespace fs = std::filesystem;

/// Qt warns once per QApplication that XDG_RUNTIME_DIR is unset (it is, under CI, cron or
/// sudo); the command line never uses it, so that one message is dropped.
void quietMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
  if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set"))) return;
  qt_message_output(type, context, message);
}

/// Keeps one QApplication alive for drawing while a command runs, when the caller has none,
/// with the pictures' language (--lang) installed meanwhile; the caller's language comes back.
class AppGuard {
 public:
  explicit AppGuard(const std::string& lang) {
    if (!QCoreApplication::instance()) {
      if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
      m_previousHandler = qInstallMessageHandler(quietMessages);
      m_app = std::make_unique<QApplication>(m_argc, m_argv);
    }
    const QString wanted = qs(lang);
    if (wanted.isEmpty() || wanted == currentLanguage()) return;
    m_previousLanguage = currentLanguage();
    if (!setLanguage(wanted))
      throw std::runtime_error("the " + lang +
                               " translation could not be loaded (a build without :/i18n?)");
    m_switched = true;
  }
  ~AppGuard() {
    if (m_switched) setLanguage(m_previousLanguage);
    m_app.reset();
    if (m_previousHandler) qInstallMessageHandler(m_previousHandler);
  }
  AppGuard(const AppGuard&) = delete;
  AppGuard& operator=(const AppGuard&) = delete;

 private:
  QtMessageHandler m_previousHandler = nullptr;
  QString m_previousLanguage;
  bool m_switched = false;
  int m_argc = 1;
  char m_name[7] = "posenc";
  char* m_argv[2] = {m_name, nullptr};
  std::unique_ptr<QApplication> m_app;
};

/// Sets the process-wide memory budget override from --memory-budget while it lives.
class MemoryBudgetScope {
 public:
  explicit MemoryBudgetScope(const std::optional<std::uint64_t>& bytes) : m_set(bytes.has_value()) {
    if (m_set) setMemoryBudget(MemoryBudget{*bytes, "--memory-budget"});
  }
  ~MemoryBudgetScope() {
    if (m_set) setMemoryBudget(std::nullopt);
  }
  MemoryBudgetScope(const MemoryBudgetScope&) = delete;
  MemoryBudgetScope& operator=(const MemoryBudgetScope&) = delete;

 private:
  bool m_set;
};

/// Exports one view to `path` (or standard output) with the command line's options, through
/// the same exportView the window uses; `model` names the model drawn in the subtitle (empty:
/// none). Throws ParamError / UsageError / IoError.
ExportRequest requestFor(const CommandLine& cl, const std::string& path,
                         std::optional<AppGuard>& app, const Message& model) {
  if (isPicturePath(qs(path)) && !app) app.emplace(cl.lang);
  ExportRequest request;
  if (!model.empty()) request.model = messageText(model);  // in the pictures' language
  request.size = QSize(cl.width, cl.height);
  request.dpi = cl.dpi;
  request.colormap = qs(cl.colormap);
  if (cl.title) request.title = qs(*cl.title);
  request.region = regionFrom(cl);
  return request;
}

void exportView(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                const CommandLine& cl, const std::string& path, std::ostream& out,
                std::optional<AppGuard>& app, const Message& model = {}) {
  posenc::ui::exportView(scheme, params, view, path, requestFor(cl, path, app, model), out);
}

/// The model's layers view to `path`, with the command line's options.
void exportLayers(const LayersView& layers, const CommandLine& cl, const std::string& path,
                  std::ostream& out, std::optional<AppGuard>& app, const Message& model) {
  const Region r = regionFrom(cl);
  if (r.r0 != 0 || r.c0 != 0 || r.r1 >= 0 || r.c1 >= 0)
    throw UsageError("--rows/--cols select part of a matrix; view 'layers' is a series");
  exportLayersView(layers, path, requestFor(cl, path, app, model), out);
}

void listSchemes(bool json, std::ostream& out) {
  if (json) {
    out << "{\"schemes\": [";
    bool firstScheme = true;
    for (const auto& s : allSchemes()) {
      out << (firstScheme ? "\n " : ",\n ");
      firstScheme = false;
      writeSchemeJson(out, *s);
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
      const std::string note = standInsNote(v);
      out << line << v.title << (note.empty() ? "" : " " + note) << "\n        " << v.description
          << "\n";
    }
    out << "\n";
  }
}

/// `gallery DIR --model PATH [--layer N|TYPE]`: the layers view, then every view of each kind
/// of layer (its first layer), or of the one layer named.
void modelGallery(const CommandLine& cl, std::ostream& out, std::ostream& err,
                  std::optional<AppGuard>& app, int& written, int& failed) {
  const ModelSetup whole = modelSetup(cl.model, huggingFaceCache());
  const ModelMapping& m = *whole.report.mapping;
  std::vector<std::int64_t> layers;
  if (!cl.layer.empty()) layers.push_back(findLayer(m, cl.layer, cl.model));
  else
    for (const LayerKind& k : layerKinds(m)) layers.push_back(k.indices.front());
  const auto attempt = [&](const std::string& what, const std::function<void()>& draw) {
    try {
      draw();
      ++written;
    } catch (const std::exception& e) {
      err << "posenc: " << what << ": " << printableMessage(e.what()) << "\n";
      ++failed;
    }
  };
  if (!m.layers.empty())
    attempt("layers", [&] {
      exportLayers(layersView(m, cl.model), cl,
                   (fs::path(cl.out) / ("layers." + cl.format)).string(), out, app,
                   drawnModel(ModelSetup{.label = whole.label}));
    });
  if (layers.empty()) layers.push_back(-1);  // no layer list: the model as mapped
  for (const std::int64_t index : layers) {
    const ModelSetup s = index < 0 ? whole : layerSetup(whole, index);
    const Scheme& scheme = findScheme(s.scheme);
    const ParamSet params = makeParams(scheme, s.params);
    const std::string prefix = index < 0 ? std::string() : "layer" + std::to_string(index) + "_";
    for (const ViewSpec& v : scheme.info().views)
      attempt(prefix + scheme.info().id + "/" + v.id, [&] {
        exportView(scheme, params, v, cl,
                   (fs::path(cl.out) / (prefix + scheme.info().id + "_" + v.id + "." + cl.format))
                       .string(),
                   out, app, drawnModel(s));
      });
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
  if (!cl.model.empty()) {
    modelGallery(cl, out, err, app, written, failed);
    out << "wrote " << written << " pictures to "
        << fs::absolute(cl.out).lexically_normal().string() << "\n";
    return failed ? kExitIoError : kExitOk;
  }
  for (const auto& s : allSchemes()) {
    const ParamSet params = makeParams(*s, {});
    for (const ViewSpec& v : s->info().views) {
      const std::string path =
          (fs::path(cl.out) / (s->info().id + "_" + v.id + "." + cl.format)).string();
      try {
        exportView(*s, params, v, cl, path, out, app);
        ++written;
      } catch (const std::exception& e) {
        err << "posenc: " << s->info().id << "/" << v.id << ": " << printableMessage(e.what())
            << "\n";
        ++failed;
      }
    }
  }
  out << "wrote " << written << " pictures to " << fs::absolute(cl.out).lexically_normal().string()
      << "\n";
  return failed ? kExitIoError : kExitOk;
}

void listPresets(bool json, std::ostream& out) {
  const QList<PresetInfo> list = presets();
  if (json) {
    out << "{\"presets\": [";
    for (qsizetype k = 0; k < list.size(); ++k) {
      const PresetInfo& p = list[k];
      const Session s = presetSession(p.id);
      out << (k ? ",\n" : "\n") << " {\"id\": " << jsonString(p.id.toStdString())
          << ", \"name\": " << jsonString(p.name.toStdString())
          << ", \"scheme\": " << jsonString(s.scheme.toStdString())
          << ", \"view\": " << jsonString(s.view.toStdString())
          << ",\n  \"description\": " << jsonString(p.description.toStdString())
          << ",\n  \"params\": " << paramsJson(s.params) << "}";
    }
    out << "\n]}\n";
    return;
  }
  for (const PresetInfo& p : list) {
    std::string line = p.id.toStdString();
    line.resize(std::max<std::size_t>(line.size() + 2, 24), ' ');
    out << line << p.name.toStdString() << "\n    " << p.description.toStdString() << "\n";
  }
}

int runExport(const CommandLine& command, std::ostream& out) {
  std::optional<AppGuard> app;
  const ExportInput in = resolveExport(command);
  const Scheme& scheme = *in.scheme;
  const ParamSet& params = in.params;
  const CommandLine& cl = in.cl;
  if (!cl.allViews && in.layers && cl.view == "layers" &&
      std::none_of(scheme.info().views.begin(), scheme.info().views.end(),
                   [](const ViewSpec& v) { return v.id == "layers"; })) {
    exportLayers(*in.layers, cl, cl.out, out, app, in.modelAlone);
    return kExitOk;
  }
  if (!cl.allViews) {
    exportView(scheme, params, findView(scheme, cl.view), cl, cl.out, out, app, in.model);
    return kExitOk;
  }
  std::error_code ec;
  fs::create_directories(cl.out, ec);
  if (ec || !fs::is_directory(cl.out))
    throw IoError("cannot create folder " + cl.out +
                  (ec ? ": " + ec.message() : ": a file is in the way"));
  for (const ViewSpec& v : scheme.info().views)
    exportView(scheme, params, v, cl,
               (fs::path(cl.out) / (scheme.info().id + "_" + v.id + "." + cl.format)).string(), out,
               app, in.model);
  // A model whose layers differ: its stack as well.
  if (in.layers && in.layers->series.curves.size() > 1)
    exportLayers(*in.layers, cl, (fs::path(cl.out) / ("layers." + cl.format)).string(), out, app,
                 in.modelAlone);
  return kExitOk;
}

/// `posenc help ...`: the overview, one command's text, the manual page or the bash
/// completion (with the preset and colour map ids, which live in ui/). Needs no display.
void writeHelp(const CommandLine& cl, std::ostream& out) {
  switch (cl.helpFormat) {
    case CommandLine::HelpFormat::Text:
      out << (cl.helpTopic.empty() ? helpText() : commandHelpText(cl.helpTopic));
      return;
    case CommandLine::HelpFormat::Man:
      out << manPage(projectVersion());
      return;
    case CommandLine::HelpFormat::BashCompletion: {
      CompletionWords words;
      for (const PresetInfo& p : presets()) words.presets.push_back(p.id.toStdString());
      for (const QString& id : colormapIds()) words.colormaps.push_back(id.toStdString());
      out << bashCompletion(words);
      return;
    }
  }
}

}  // namespace

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    const CommandLine cl = parseCommandLine(args);
    // --memory-budget holds for this command only (command_line.hpp: the runner applies it).
    const MemoryBudgetScope budget(cl.memoryBudget);
    switch (cl.command) {
      case CommandLine::Command::Help:
        writeHelp(cl, out);
        return kExitOk;
      case CommandLine::Command::Version:
        out << "posenc " << buildVersion() << "\n";
        return kExitOk;
      case CommandLine::Command::List:
        cl.presets ? listPresets(cl.json, out) : listSchemes(cl.json, out);
        return kExitOk;
      case CommandLine::Command::Gallery:
        return runGallery(cl, out, err);
      case CommandLine::Command::Export:
        return runExport(cl, out);
      case CommandLine::Command::Check:
        return runCheck(cl, out);
      case CommandLine::Command::Inspect:
        writeModelReport(out, inspectModel(cl.model, huggingFaceCache()), cl.json);
        return kExitOk;
      case CommandLine::Command::Models: {
        const std::filesystem::path cache = huggingFaceCache();
        writeModelList(out, cache, listCachedModels(cache), cl.json);
        return kExitOk;
      }
    }
  } catch (const UsageError& e) {
    err << "posenc: " << printableMessage(e.what()) << "\n";
    return kExitBadInput;
  } catch (const ParamError& e) {
    err << "posenc: " << printableMessage(e.what()) << "\n";
    return kExitBadInput;
  } catch (const SessionError& e) {
    // A session file that is missing, unreadable or invalid is bad input, like a bad --set.
    err << "posenc: " << printableMessage(e.what()) << "\n";
    return kExitBadInput;
  } catch (const ModelError& e) {
    err << "posenc: " << printableMessage(e.what())
        << "\n";  // a model that cannot be found or mapped
    return kExitBadInput;
  } catch (const FileError& e) {
    err << "posenc: " << printableMessage(e.what()) << "\n";  // a checkpoint that cannot be read
    return kExitBadInput;
  } catch (const IoError& e) {
    err << "posenc: " << printableMessage(e.what()) << "\n";
    return kExitIoError;
  } catch (const std::bad_alloc&) {
    err << "posenc: out of memory; ask for a smaller length or region\n";
    return kExitIoError;
  } catch (const std::exception& e) {
    err << "posenc: error: " << printableMessage(e.what()) << "\n";
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
