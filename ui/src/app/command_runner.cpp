// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc_ui/app/command_runner.h"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <QApplication>
#include <QDir>

#include "posenc/command_line.hpp"
#include "posenc/data_io.hpp"
#include "posenc/memory_budget.hpp"
#include "posenc/model_config.hpp"
#include "posenc/scheme.hpp"
#include "posenc/scheme_json.hpp"
#include "posenc/tensor_file.hpp"
#include "posenc_ui/app/translation.h"
#include "posenc_ui/io/session_io.h"
#include "posenc_ui/io/view_export.h"

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
    const QString wanted = QString::fromStdString(lang);
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

/// Exports one view to `path` (or standard output) with the command line's options, through
/// the same exportView the window uses; `model` names the model drawn in the subtitle (empty:
/// none). Throws ParamError / UsageError / IoError.
void exportView(const Scheme& scheme, const ParamSet& params, const ViewSpec& view,
                const CommandLine& cl, const std::string& path, std::ostream& out,
                std::optional<AppGuard>& app, const std::string& model = {}) {
  ExportRequest request;
  request.model = QString::fromStdString(model);
  request.size = QSize(cl.width, cl.height);
  request.dpi = cl.dpi;
  request.colormap = QString::fromStdString(cl.colormap);
  if (cl.title) request.title = QString::fromStdString(*cl.title);
  request.region = regionFrom(cl);
  if (isPicturePath(QString::fromStdString(path)) && !app) app.emplace(cl.lang);
  posenc::ui::exportView(scheme, params, view, path, request, out);
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
      const std::string path =
          (fs::path(cl.out) / (s->info().id + "_" + v.id + "." + cl.format)).string();
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

/// What an export draws: from --scheme/--set alone, from a model, or from a session or preset
/// that the command line's --set, --view and --colormap override.
struct ExportInput {
  const Scheme* scheme = nullptr;
  ParamSet params;
  CommandLine cl;     ///< With view and colormap filled in from the session where not given.
  std::string model;  ///< The model drawn (ModelSetup::label), for the subtitle; empty: none.
};

/// The schemes with a `table` parameter (what --table sets), as "a, b" or "none".
std::string schemesWithTable() {
  std::string list;
  for (const auto& s : allSchemes())
    for (const ParamSpec& p : s->info().params)
      if (p.id == "table") list += (list.empty() ? "" : ", ") + s->info().id;
  return list.empty() ? "none in this build" : list;
}

/// --set pairs with --table's as `table`, refused naming the scheme when it has no table.
std::vector<std::pair<std::string, std::string>> setsWithTable(const CommandLine& cl,
                                                               const Scheme& scheme) {
  auto sets = cl.sets;
  if (cl.table.empty()) return sets;
  const auto& params = scheme.info().params;
  if (std::none_of(params.begin(), params.end(),
                   [](const ParamSpec& p) { return p.id == "table"; }))
    throw UsageError("--table: scheme " + scheme.info().id +
                     " has no table parameter (schemes with one: " + schemesWithTable() + ")");
  sets.emplace(sets.begin(), "table", cl.table);
  return sets;
}

/// --model PATH: the model's scheme and parameters (its own tables among them), then --table
/// and --set over them; without --view, the scheme's first view.
ExportInput resolveModelExport(const CommandLine& cl) {
  ExportInput in;
  in.cl = cl;
  const ModelSetup setup = modelSetup(cl.model, huggingFaceCache());
  if (!cl.scheme.empty() && cl.scheme != setup.scheme)
    throw UsageError("--scheme " + cl.scheme + " does not match the scheme of model " + cl.model +
                     " (" + setup.scheme + "); leave --scheme out to use it");
  in.scheme = &findScheme(setup.scheme);
  // The model's values that the command line does not override (makeParams would refuse an
  // out-of-range value before a later assignment replaced it), then the command line's.
  const auto overrides = setsWithTable(cl, *in.scheme);
  std::vector<std::pair<std::string, std::string>> assignments;
  for (const auto& kv : setup.params)
    if (std::none_of(overrides.begin(), overrides.end(),
                     [&](const auto& o) { return o.first == kv.first; }))
      assignments.push_back(kv);
  assignments.insert(assignments.end(), overrides.begin(), overrides.end());
  try {
    in.params = makeParams(*in.scheme, assignments);
  } catch (const ParamError& e) {
    const bool fromCommandLine =
        std::any_of(cl.sets.begin(), cl.sets.end(),
                    [&](const auto& kv) { return kv.first == e.param(); }) ||
        (e.param() == "table" && !cl.table.empty());
    if (fromCommandLine) throw;
    const auto& mapped = setup.report.mapping->params;
    const bool fromConfig = std::any_of(mapped.begin(), mapped.end(),
                                        [&](const auto& kv) { return kv.first == e.param(); });
    // A table of the checkpoint names its file in the message already.
    throw ModelError(
        "model " + cl.model + ": " + e.what() +
        (fromConfig ? " (a value its config.json gives; --set " + e.param() + "=VALUE overrides it)"
                    : std::string()));
  }
  if (!cl.allViews && cl.view.empty()) in.cl.view = in.scheme->info().views.front().id;
  in.model = setup.label;
  return in;
}

ExportInput resolveExport(const CommandLine& cl) {
  if (!cl.model.empty()) return resolveModelExport(cl);
  ExportInput in;
  in.cl = cl;
  if (cl.session.empty() && cl.preset.empty()) {
    in.scheme = &findScheme(cl.scheme);
    in.params = makeParams(*in.scheme, setsWithTable(cl, *in.scheme));
    return in;
  }
  const bool fromSession = !cl.session.empty();
  const Session base = fromSession ? loadSessionFile(QString::fromStdString(cl.session))
                                   : presetSession(QString::fromStdString(cl.preset));
  const std::string origin = fromSession ? "session " + cl.session : "preset " + cl.preset;
  const std::string baseScheme = base.scheme.toStdString();
  if (!cl.scheme.empty() && cl.scheme != baseScheme)
    throw UsageError("--scheme " + cl.scheme + " does not match the scheme of " + origin + " (" +
                     baseScheme + "); leave --scheme out to use it");
  in.scheme = &findScheme(baseScheme);
  in.params = base.params;
  for (const auto& [key, text] : setsWithTable(cl, *in.scheme)) {
    const ParamSpec& spec = findParam(*in.scheme, key);
    in.params.set(spec.id, parseValue(spec, text));
  }
  validateParams(*in.scheme, in.params);
  if (!cl.allViews && cl.view.empty()) {
    if (base.view.isEmpty())
      throw UsageError("export needs --view VIEW or --all-views: " + origin +
                       " names no view (posenc list shows the views of " + baseScheme + ")");
    in.cl.view = base.view.toStdString();
  }
  if (cl.colormap.empty()) in.cl.colormap = base.colormap.toStdString();
  return in;
}

int runExport(const CommandLine& command, std::ostream& out) {
  std::optional<AppGuard> app;
  const ExportInput in = resolveExport(command);
  const Scheme& scheme = *in.scheme;
  const ParamSet& params = in.params;
  const CommandLine& cl = in.cl;
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
  return kExitOk;
}

}  // namespace

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    const CommandLine cl = parseCommandLine(args);
    // --memory-budget holds for this command only (command_line.hpp: the runner applies it).
    const MemoryBudgetScope budget(cl.memoryBudget);
    switch (cl.command) {
      case CommandLine::Command::Help:
        out << helpText();
        return kExitOk;
      case CommandLine::Command::Version:
        out << "posenc " << POSENC_VERSION << "\n";
        return kExitOk;
      case CommandLine::Command::List:
        cl.presets ? listPresets(cl.json, out) : listSchemes(cl.json, out);
        return kExitOk;
      case CommandLine::Command::Gallery:
        return runGallery(cl, out, err);
      case CommandLine::Command::Export:
        return runExport(cl, out);
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
    err << "posenc: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const ParamError& e) {
    err << "posenc: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const SessionError& e) {
    // A session file that is missing, unreadable or invalid is bad input, like a bad --set.
    err << "posenc: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const ModelError& e) {
    err << "posenc: " << e.what() << "\n";  // a model that cannot be found or mapped
    return kExitBadInput;
  } catch (const FileError& e) {
    err << "posenc: " << e.what() << "\n";  // a checkpoint that cannot be read
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
