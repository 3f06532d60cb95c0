// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/cli/command_line.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "base/text_util.hpp"
#include "posenc/base/memory_budget.hpp"
#include "posenc/cli/command_help.hpp"

namespace posenc {

namespace {

/// A user's text as messages show it: one line (control characters as '?'), at most 64
/// characters, so a message about any argument stays one readable line.
std::string shown(std::string_view text) { return detail::printable(text); }

/// Plain decimal notation only: digits, a point, an exponent; no blanks, no sign, no hex,
/// no "inf"/"nan" (all of which strtod alone would take).
bool plainDecimal(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789.eE+-") == std::string::npos &&
         text[0] != '+' && text[0] != '-';
}

bool parseIndex(std::string_view s, Index& out) {
  if (s.empty()) return false;
  long long v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size() || v < 0) return false;
  out = static_cast<Index>(v);
  return true;
}

IndexRange parseRange(const std::string& option, const std::string& text) {
  const std::optional<IndexRange> r = parseIndexRange(text);
  if (!r)
    throw UsageError(option + " '" + shown(text) + "': must be " + kIndexRangeAllowed.english());
  return *r;
}

void parseSize(const std::string& text, int& w, int& h) {
  const auto x = text.find_first_of("xX");
  Index a = 0, b = 0;
  if (x == std::string::npos || !parseIndex(std::string_view(text).substr(0, x), a) ||
      !parseIndex(std::string_view(text).substr(x + 1), b) || a < 64 || b < 64 || a > 16384 ||
      b > 16384)
    throw UsageError("--size '" + shown(text) +
                     "': must be WxH with W and H from 64 to 16384 pixels, e.g. 1000x800");
  w = static_cast<int>(a);
  h = static_cast<int>(b);
}

double parseDpi(const std::string& text) {
  char* end = nullptr;
  const bool plain = plainDecimal(text);
  const double v = plain ? std::strtod(text.c_str(), &end) : 0.0;
  if (!plain || end != text.c_str() + text.size() || !std::isfinite(v) || v < 24 || v > 1200)
    throw UsageError("--dpi '" + shown(text) + "': must be a number from 24 to 1200");
  return v;
}

std::uint64_t parseBudget(const std::string& text) {
  try {
    return parseByteSize(text, "--memory-budget");
  } catch (const ParamError& e) {
    throw UsageError("--memory-budget '" + shown(text) + "': must be " + e.allowed());
  }
}

/// --rtol / --atol: a plain decimal number >= 0 (finite; no sign, no "inf").
double parseTolerance(const std::string& option, const std::string& text) {
  char* end = nullptr;
  const bool plain = plainDecimal(text);
  const double v = plain ? std::strtod(text.c_str(), &end) : 0.0;
  if (!plain || end != text.c_str() + text.size() || !std::isfinite(v))
    throw UsageError(option + " '" + shown(text) +
                     "': must be a finite number >= 0, e.g. 1e-5 (0 asks for exact equality)");
  return v;
}

/// The languages pictures can be drawn in (ui/ has their translations).
std::string parseLang(const std::string& text) {
  if (text != "en" && text != "zh_CN")
    throw UsageError("--lang '" + shown(text) +
                     "': must be en (English) or zh_CN (Simplified Chinese)");
  return text;
}

}  // namespace

std::pair<std::string, std::string> parseAssignment(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("--set '" + shown(text) + "': must be KEY=VALUE, e.g. --set length=256");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

namespace {

/// The arguments after the command, read left to right.
struct ArgCursor {
  const std::vector<std::string>& args;
  std::size_t k = 1;  ///< The argument being read (args[0] is the command).

  [[nodiscard]] bool more() const { return k < args.size(); }
  [[nodiscard]] const std::string& current() const { return args[k]; }
  /// The value after option args[k] (moves past it). @throws UsageError when there is none.
  const std::string& value(const std::string& option) {
    if (k + 1 >= args.size()) throw UsageError(option + " needs a value (see posenc --help)");
    return args[++k];
  }
};

/// `inspect PATH [--json]` and `models [--json]`.
void parseModelCommand(ArgCursor& in, CommandLine& cl, bool inspect) {
  cl.command = inspect ? CommandLine::Command::Inspect : CommandLine::Command::Models;
  const std::string name = inspect ? "inspect" : "models";
  for (; in.more(); ++in.k) {
    const std::string& a = in.current();
    if (a == "--json") {
      cl.json = true;
    } else if (inspect && cl.model.empty() && !a.empty() && a[0] != '-') {
      cl.model = a;
    } else {
      throw UsageError(name + ": unknown option '" + shown(a) +
                       "' (allowed: " + (inspect ? "PATH, --json" : "--json") + ")");
    }
  }
  if (inspect && cl.model.empty())
    throw UsageError(
        "inspect needs a model: a folder, a config.json, a .safetensors file or a "
        "repo id in the Hugging Face cache (e.g. posenc inspect gpt2)");
}

void parseList(ArgCursor& in, CommandLine& cl) {
  cl.command = CommandLine::Command::List;
  for (; in.more(); ++in.k) {
    const std::string& a = in.current();
    if (a == "--json") cl.json = true;
    else if (a == "--presets") cl.presets = true;
    else throw UsageError("list: unknown option '" + shown(a) + "' (allowed: --presets, --json)");
  }
}

/// `value` of `option`, refused when empty (an empty --model or --table would mean "not given").
const std::string& nonEmpty(const std::string& option, const std::string& value, const char* what) {
  if (value.empty()) throw UsageError(option + " needs " + what + ", not an empty text");
  return value;
}

/// --layer picks a layer of --model's model.
void checkLayer(const CommandLine& cl) {
  if (!cl.layer.empty() && cl.model.empty())
    throw UsageError("--layer " + shown(cl.layer) +
                     " picks a layer of a model: give --model PATH as well (posenc inspect PATH "
                     "lists the model's layers)");
}

void parseGallery(ArgCursor& in, CommandLine& cl) {
  cl.command = CommandLine::Command::Gallery;
  cl.out = "gallery";
  cl.format = "png";
  bool haveDir = false;
  for (; in.more(); ++in.k) {
    const std::string& a = in.current();
    if (a == "--size") parseSize(in.value(a), cl.width, cl.height);
    else if (a == "--dpi") cl.dpi = parseDpi(in.value(a));
    else if (a == "--format") cl.format = in.value(a);
    else if (a == "--memory-budget") cl.memoryBudget = parseBudget(in.value(a));
    else if (a == "--lang") cl.lang = parseLang(in.value(a));
    else if (a == "--model") cl.model = nonEmpty(a, in.value(a), "PATH");
    else if (a == "--layer") cl.layer = nonEmpty(a, in.value(a), "N or TYPE");
    else if (!a.empty() && a[0] != '-' && !haveDir) {
      cl.out = a;
      haveDir = true;
    } else
      throw UsageError("gallery: unexpected argument '" + shown(a) +
                       "' (usage: posenc gallery [DIR] [--model PATH [--layer N|TYPE]] [--format "
                       "png|svg|pdf] [--size WxH] [--dpi N] [--memory-budget SIZE] [--lang "
                       "en|zh_CN])");
  }
  if (cl.format != "png" && cl.format != "svg" && cl.format != "pdf")
    throw UsageError("--format '" + shown(cl.format) +
                     "': gallery draws pictures: png, svg or pdf");
  checkLayer(cl);
}

/// --set KEY=VALUE into `cl`, refused when KEY was set before.
void addSet(CommandLine& cl, const std::string& text) {
  auto kv = parseAssignment(text);
  for (const auto& [key, v] : cl.sets)
    if (key == kv.first)
      throw UsageError("--set " + shown(kv.first) + " is given twice ('" + shown(v) + "' and '" +
                       shown(kv.second) + "'); give each parameter once");
  cl.sets.push_back(std::move(kv));
}

/// Each export option into `cl`, in order; a later option overrides an earlier one except
/// --set, which refuses a key given twice.
void parseExportOptions(ArgCursor& in, CommandLine& cl) {
  for (; in.more(); ++in.k) {
    const std::string& a = in.current();
    if (a == "--scheme") cl.scheme = in.value(a);
    else if (a == "--model") cl.model = nonEmpty(a, in.value(a), "PATH");
    else if (a == "--layer") cl.layer = nonEmpty(a, in.value(a), "N or TYPE");
    else if (a == "--table") cl.table = nonEmpty(a, in.value(a), "FILE[:NAME]");
    else if (a == "--session") cl.session = in.value(a);
    else if (a == "--preset") cl.preset = in.value(a);
    else if (a == "--set") addSet(cl, in.value(a));
    else if (a == "--view") cl.view = in.value(a);
    else if (a == "--all-views") cl.allViews = true;
    else if (a == "--out" || a == "-o") cl.out = in.value(a);
    else if (a == "--format") cl.format = in.value(a);
    else if (a == "--size") parseSize(in.value(a), cl.width, cl.height);
    else if (a == "--dpi") cl.dpi = parseDpi(in.value(a));
    else if (a == "--colormap") cl.colormap = in.value(a);
    else if (a == "--title") cl.title = in.value(a);
    else if (a == "--rows") cl.rows = parseRange(a, in.value(a));
    else if (a == "--cols") cl.cols = parseRange(a, in.value(a));
    else if (a == "--memory-budget") cl.memoryBudget = parseBudget(in.value(a));
    else if (a == "--lang") cl.lang = parseLang(in.value(a));
    else throw UsageError("export: unknown option '" + shown(a) + "' (see posenc --help)");
  }
}

/// `check`'s options into `cl`, in order; a later option overrides an earlier one except
/// --set, which refuses a key given twice.
void parseCheckOptions(ArgCursor& in, CommandLine& cl) {
  for (; in.more(); ++in.k) {
    const std::string& a = in.current();
    if (a == "--scheme") cl.scheme = in.value(a);
    else if (a == "--model") cl.model = nonEmpty(a, in.value(a), "PATH");
    else if (a == "--layer") cl.layer = nonEmpty(a, in.value(a), "N or TYPE");
    else if (a == "--session") cl.session = in.value(a);
    else if (a == "--preset") cl.preset = in.value(a);
    else if (a == "--set") addSet(cl, in.value(a));
    else if (a == "--view") cl.view = in.value(a);
    else if (a == "--against") cl.against = nonEmpty(a, in.value(a), "FILE[:NAME]");
    else if (a == "--rtol") cl.rtol = parseTolerance(a, in.value(a));
    else if (a == "--atol") cl.atol = parseTolerance(a, in.value(a));
    else if (a == "--rows") cl.rows = parseRange(a, in.value(a));
    else if (a == "--cols") cl.cols = parseRange(a, in.value(a));
    else if (a == "--memory-budget") cl.memoryBudget = parseBudget(in.value(a));
    else if (a == "--json") cl.json = true;
    else
      throw UsageError(
          "check: unknown option '" + shown(a) +
          "' (allowed: --scheme, --view, --set, --model, --layer, --preset, "
          "--session, --against, --rtol, --atol, --rows, --cols, --memory-budget, --json)");
  }
}

/// The checks between --model, --table and the other sources of an export.
void checkModelAndTable(const CommandLine& cl) {
  checkLayer(cl);
  if (!cl.model.empty() && (!cl.session.empty() || !cl.preset.empty()))
    throw UsageError(std::string("give either --model PATH or ") +
                     (cl.session.empty() ? "--preset ID" : "--session FILE") +
                     ", not both: each sets the scheme and its parameters (--set changes single "
                     "values)");
  if (cl.table.empty()) return;
  for (const auto& [key, v] : cl.sets)
    if (key == "table")
      throw UsageError("--table '" + shown(cl.table) + "' and --set table='" + shown(v) +
                       "' both give the table; give it once");
}

/// The checks between export options, once all are read; fills in the default format.
void checkExport(CommandLine& cl) {
  const bool fromFile = !cl.session.empty() || !cl.preset.empty() || !cl.model.empty();
  if (!cl.session.empty() && !cl.preset.empty())
    throw UsageError(
        "give either --session FILE or --preset ID, not both (--set changes single values)");
  checkModelAndTable(cl);
  if (cl.scheme.empty() && !fromFile)
    throw UsageError(
        "export needs --scheme ID, --model PATH, --session FILE or --preset ID (posenc list "
        "shows the schemes, posenc list --presets the presets, posenc models the cached "
        "models)");
  if (cl.out.empty())
    throw UsageError(
        "export needs --out PATH (a .png .svg .pdf .csv .npy .json file, DIR/ with --all-views, or "
        "- for JSON on standard output)");
  if (cl.allViews && !cl.view.empty())
    throw UsageError("give either --view VIEW or --all-views, not both");
  // With a session or preset, its own view is used when neither is given (checked when run);
  // with a model, the scheme's first view.
  if (!cl.allViews && cl.view.empty() && !fromFile)
    throw UsageError("export needs --view VIEW or --all-views (posenc list shows the views)");
  if (!cl.format.empty()) {
    if (!cl.allViews)
      throw UsageError(
          "--format goes with --all-views; for one view the extension of --out picks the format");
    static const char* formats[] = {"png", "svg", "pdf", "csv", "npy", "json"};
    bool ok = false;
    for (const char* f : formats) ok = ok || cl.format == f;
    if (!ok)
      throw UsageError("--format '" + shown(cl.format) +
                       "': must be one of png, svg, pdf, csv, npy or json");
  }
  if (cl.allViews && cl.format.empty()) cl.format = "png";
  if (cl.allViews && cl.out == "-")
    throw UsageError("--all-views writes files: --out must be a folder");
}

/// The checks between check options, once all are read. Without --scheme, --model, --session
/// or --preset the --against file must be our own JSON export (it names scheme and view; the
/// runner refuses any other file then).
void checkCheck(const CommandLine& cl) {
  if (cl.against.empty())
    throw UsageError(
        "check needs --against FILE[:NAME]: your array as .npy, .npz:NAME, .safetensors:NAME, "
        ".csv or our own JSON export");
  if (!cl.session.empty() && !cl.preset.empty())
    throw UsageError(
        "give either --session FILE or --preset ID, not both (--set changes single values)");
  checkModelAndTable(cl);
  if (!cl.scheme.empty() && cl.view.empty() && cl.session.empty() && cl.preset.empty() &&
      cl.model.empty())
    throw UsageError("check --scheme " + shown(cl.scheme) +
                     " needs --view VIEW: the view your array holds (posenc list shows the views)");
}

/// True for `COMMAND ... --help ...` (or -h) where --help is an option, not the value of one
/// (`export --title --help` draws a title): which options take a value is the help table's.
bool asksForHelp(const std::vector<std::string>& args) {
  const CommandHelp* c = findCommandHelp(args[0]);
  if (!c || !c->typed) return false;
  for (std::size_t k = 1; k < args.size(); ++k) {
    if (args[k] != "--help" && args[k] != "-h") continue;
    const bool isValue =
        k > 1 && std::any_of(c->options.begin(), c->options.end(), [&](const HelpItem& o) {
          return o.term == args[k - 1] && !o.argument.empty();
        });
    if (!isValue) return true;
  }
  return false;
}

/// `help [COMMAND]`, `help --man`, `help --bash-completion` (also spelt --help, -h).
CommandLine parseHelp(const std::vector<std::string>& args) {
  CommandLine cl;
  cl.command = CommandLine::Command::Help;
  if (args.size() > 2)
    throw UsageError("'" + shown(args[0]) +
                     "' takes one COMMAND at most (commands: " + helpCommandNames() + ")");
  if (args.size() < 2) return cl;
  const std::string& what = args[1];
  if (what == "--man") {
    cl.helpFormat = CommandLine::HelpFormat::Man;
  } else if (what == "--bash-completion") {
    cl.helpFormat = CommandLine::HelpFormat::BashCompletion;
  } else if (what == "--help" || what == "-h") {
    cl.helpTopic = "help";
  } else if (findCommandHelp(what)) {
    cl.helpTopic = what;
  } else {
    throw UsageError("help: unknown command '" + shown(what) +
                     "' (commands: " + helpCommandNames() + "; or --man, --bash-completion)");
  }
  return cl;
}

}  // namespace

CommandLine parseCommandLine(const std::vector<std::string>& args) {
  CommandLine cl;
  if (args.empty()) return cl;
  const std::string& cmd = args[0];
  if (cmd == "help" || cmd == "--help" || cmd == "-h") return parseHelp(args);
  if (asksForHelp(args)) {
    cl.command = CommandLine::Command::Help;
    cl.helpTopic = cmd;
    return cl;
  }
  if (cmd == "--version" || cmd == "version") {
    cl.command = CommandLine::Command::Version;
    if (args.size() > 1) throw UsageError("'" + shown(cmd) + "' takes no arguments");
    return cl;
  }
  ArgCursor in{args};
  if (cmd == "list") {
    parseList(in, cl);
  } else if (cmd == "gallery") {
    parseGallery(in, cl);
  } else if (cmd == "inspect" || cmd == "models") {
    parseModelCommand(in, cl, cmd == "inspect");
  } else if (cmd == "export") {
    cl.command = CommandLine::Command::Export;
    parseExportOptions(in, cl);
    checkExport(cl);
  } else if (cmd == "check") {
    cl.command = CommandLine::Command::Check;
    parseCheckOptions(in, cl);
    checkCheck(cl);
  } else {
    throw UsageError("unknown command '" + shown(cmd) +
                     "' (commands: list, export, check, gallery, inspect, models, help, version; "
                     "see posenc --help)");
  }
  return cl;
}

}  // namespace posenc
