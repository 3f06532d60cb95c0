// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes parseCommandLine, the `posenc` argument parser (every command, check and help
// COMMAND included).
//
// Input: the arguments after the program name, one word per line: a word ends at '\n' or NUL
// (so seeds are readable text, and any byte other than those two can appear in a word). A
// trailing separator does not start an empty word; two in a row do.
//
// Beyond "no crash", every accepted command line must satisfy what the parser promises
// (sizes and dpi in range, ranges non-empty, no key set twice, a valid --format, ...) and
// must survive a round trip: written back as canonical arguments, it parses to the same
// CommandLine. Every refusal must be a UsageError with a message.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/cli/command_help.hpp"
#include "posenc/cli/command_line.hpp"

namespace {

using posenc::CommandLine;

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "command_line_fuzz: invariant violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

std::vector<std::string> splitWords(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  bool open = false;
  for (const char c : text) {
    if (c == '\n' || c == '\0') {
      words.push_back(word);
      word.clear();
      open = false;
    } else {
      word += c;
      open = true;
    }
  }
  if (open) words.push_back(word);
  return words;
}

std::string rangeText(const posenc::IndexRange& r) {
  return std::to_string(r.begin) + ":" + (r.end < 0 ? std::string() : std::to_string(r.end));
}

/// Text that strtod reads back as exactly `v`.
std::string exactNumber(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

/// The canonical arguments of an accepted command line.
std::vector<std::string> toArgs(const CommandLine& cl) {
  std::vector<std::string> a;
  const auto picture = [&] {
    a.insert(a.end(), {"--size", std::to_string(cl.width) + "x" + std::to_string(cl.height)});
    a.insert(a.end(), {"--dpi", exactNumber(cl.dpi)});
  };
  // Options export and gallery share.
  const auto common = [&] {
    if (cl.memoryBudget) a.insert(a.end(), {"--memory-budget", std::to_string(*cl.memoryBudget)});
    if (!cl.lang.empty()) a.insert(a.end(), {"--lang", cl.lang});
  };
  switch (cl.command) {
    case CommandLine::Command::Help:
      a.push_back("help");
      if (cl.helpFormat == CommandLine::HelpFormat::Man) a.push_back("--man");
      if (cl.helpFormat == CommandLine::HelpFormat::BashCompletion)
        a.push_back("--bash-completion");
      if (!cl.helpTopic.empty()) a.push_back(cl.helpTopic);
      break;
    case CommandLine::Command::Version:
      a.push_back("--version");
      break;
    case CommandLine::Command::List:
      a.push_back("list");
      if (cl.json) a.push_back("--json");
      if (cl.presets) a.push_back("--presets");
      break;
    case CommandLine::Command::Inspect:
      a.insert(a.end(), {"inspect", cl.model});
      if (cl.json) a.push_back("--json");
      break;
    case CommandLine::Command::Models:
      a.push_back("models");
      if (cl.json) a.push_back("--json");
      break;
    case CommandLine::Command::Gallery:
      a.insert(a.end(), {"gallery", cl.out, "--format", cl.format});
      if (!cl.model.empty()) a.insert(a.end(), {"--model", cl.model});
      if (!cl.layer.empty()) a.insert(a.end(), {"--layer", cl.layer});
      picture();
      common();
      break;
    case CommandLine::Command::Export:
      a.push_back("export");
      if (!cl.scheme.empty()) a.insert(a.end(), {"--scheme", cl.scheme});
      if (!cl.session.empty()) a.insert(a.end(), {"--session", cl.session});
      if (!cl.preset.empty()) a.insert(a.end(), {"--preset", cl.preset});
      if (!cl.model.empty()) a.insert(a.end(), {"--model", cl.model});
      if (!cl.layer.empty()) a.insert(a.end(), {"--layer", cl.layer});
      if (!cl.table.empty()) a.insert(a.end(), {"--table", cl.table});
      for (const auto& [k, v] : cl.sets) a.insert(a.end(), {"--set", k + "=" + v});
      if (!cl.view.empty()) a.insert(a.end(), {"--view", cl.view});
      if (cl.allViews) a.push_back("--all-views");
      a.insert(a.end(), {"--out", cl.out});
      if (!cl.format.empty()) a.insert(a.end(), {"--format", cl.format});
      picture();
      if (!cl.colormap.empty()) a.insert(a.end(), {"--colormap", cl.colormap});
      if (cl.title) a.insert(a.end(), {"--title", *cl.title});
      if (cl.rows) a.insert(a.end(), {"--rows", rangeText(*cl.rows)});
      if (cl.cols) a.insert(a.end(), {"--cols", rangeText(*cl.cols)});
      common();
      break;
    case CommandLine::Command::Check:
      a.push_back("check");
      if (!cl.scheme.empty()) a.insert(a.end(), {"--scheme", cl.scheme});
      if (!cl.session.empty()) a.insert(a.end(), {"--session", cl.session});
      if (!cl.preset.empty()) a.insert(a.end(), {"--preset", cl.preset});
      if (!cl.model.empty()) a.insert(a.end(), {"--model", cl.model});
      if (!cl.layer.empty()) a.insert(a.end(), {"--layer", cl.layer});
      for (const auto& [k, v] : cl.sets) a.insert(a.end(), {"--set", k + "=" + v});
      if (!cl.view.empty()) a.insert(a.end(), {"--view", cl.view});
      a.insert(a.end(), {"--against", cl.against});
      if (cl.rtol) a.insert(a.end(), {"--rtol", exactNumber(*cl.rtol)});
      if (cl.atol) a.insert(a.end(), {"--atol", exactNumber(*cl.atol)});
      if (cl.rows) a.insert(a.end(), {"--rows", rangeText(*cl.rows)});
      if (cl.cols) a.insert(a.end(), {"--cols", rangeText(*cl.cols)});
      if (cl.memoryBudget) a.insert(a.end(), {"--memory-budget", std::to_string(*cl.memoryBudget)});
      if (cl.json) a.push_back("--json");
      break;
  }
  return a;
}

bool same(const CommandLine& a, const CommandLine& b) {
  return a.command == b.command && a.json == b.json && a.presets == b.presets &&
         a.session == b.session && a.preset == b.preset && a.scheme == b.scheme &&
         a.sets == b.sets && a.view == b.view && a.allViews == b.allViews && a.out == b.out &&
         a.format == b.format && a.width == b.width && a.height == b.height && a.dpi == b.dpi &&
         a.colormap == b.colormap && a.title == b.title && a.rows == b.rows && a.cols == b.cols &&
         a.lang == b.lang && a.memoryBudget == b.memoryBudget && a.model == b.model &&
         a.layer == b.layer && a.table == b.table && a.against == b.against && a.rtol == b.rtol &&
         a.atol == b.atol && a.helpFormat == b.helpFormat && a.helpTopic == b.helpTopic;
}
// toArgs and same must know every field: a new CommandLine field changes its size and stops
// this build until both are taught it (the fuzz preset is clang on x86-64 only).
static_assert(sizeof(CommandLine) == 624, "CommandLine changed: update toArgs() and same()");

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += "[" + w + "] ";
  return s;
}

void checkAccepted(const std::vector<std::string>& args, const CommandLine& cl) {
  const std::string shown = joined(args);
  if (cl.width < 64 || cl.width > 16384 || cl.height < 64 || cl.height > 16384)
    violated("picture size out of range", shown);
  if (!std::isfinite(cl.dpi) || cl.dpi < 24 || cl.dpi > 1200) violated("dpi out of range", shown);
  for (const auto* r : {&cl.rows, &cl.cols})
    if (*r && ((*r)->begin < 0 || ((*r)->end >= 0 && (*r)->end <= (*r)->begin)))
      violated("empty or negative index range", shown);
  if (!cl.lang.empty() && cl.lang != "en" && cl.lang != "zh_CN") violated("unknown --lang", shown);
  if (cl.memoryBudget && (*cl.memoryBudget < 1 || *cl.memoryBudget >= (std::uint64_t{1} << 63)))
    violated("--memory-budget out of range", shown);
  if (!cl.layer.empty() && cl.model.empty()) violated("--layer without --model", shown);
  std::set<std::string> keys;
  for (const auto& [k, v] : cl.sets) {
    if (k.empty() || k.find('=') != std::string::npos) violated("malformed --set key", shown);
    if (!keys.insert(k).second) violated("a --set key accepted twice", shown);
  }
  if (cl.command == CommandLine::Command::Export) {
    if (cl.out.empty()) violated("export without --out", shown);
    if (!cl.session.empty() && !cl.preset.empty()) violated("both --session and --preset", shown);
    if (cl.scheme.empty() && cl.session.empty() && cl.preset.empty() && cl.model.empty())
      violated("export with nothing to draw", shown);
    if (!cl.model.empty() && (!cl.session.empty() || !cl.preset.empty()))
      violated("--model with --session or --preset", shown);
    if (!cl.table.empty() && keys.count("table")) violated("--table and --set table", shown);
    if (cl.allViews && !cl.view.empty()) violated("both --view and --all-views", shown);
    if (cl.allViews && cl.out == "-") violated("--all-views to standard output", shown);
    static const std::set<std::string> formats = {"png", "svg", "pdf", "csv", "npy", "json"};
    if (cl.allViews ? !formats.count(cl.format) : !cl.format.empty())
      violated("export --format not allowed here", shown);
  }
  if (cl.command == CommandLine::Command::Check) {
    if (cl.against.empty()) violated("check without --against", shown);
    for (const auto* t : {&cl.rtol, &cl.atol})
      if (*t && (!std::isfinite(**t) || **t < 0)) violated("tolerance not finite and >= 0", shown);
    if (!cl.session.empty() && !cl.preset.empty()) violated("both --session and --preset", shown);
    if (!cl.model.empty() && (!cl.session.empty() || !cl.preset.empty()))
      violated("--model with --session or --preset", shown);
    if (!cl.scheme.empty() && cl.view.empty() && cl.session.empty() && cl.preset.empty() &&
        cl.model.empty())
      violated("check --scheme without --view", shown);
    if (cl.allViews || !cl.out.empty() || !cl.format.empty() || !cl.table.empty())
      violated("check accepted an export option", shown);
  } else if (!cl.against.empty() || cl.rtol || cl.atol) {
    violated("check's options accepted by another command", shown);
  }
  if (cl.command == CommandLine::Command::Help) {
    if (!cl.helpTopic.empty() && !posenc::findCommandHelp(cl.helpTopic))
      violated("help for a command the help table does not know", shown);
    if (!cl.helpTopic.empty() && cl.helpFormat != CommandLine::HelpFormat::Text)
      violated("help COMMAND with --man or --bash-completion", shown);
  } else if (!cl.helpTopic.empty() || cl.helpFormat != CommandLine::HelpFormat::Text) {
    violated("help's topic or format accepted by another command", shown);
  }
  if (cl.command == CommandLine::Command::Gallery) {
    if (cl.format != "png" && cl.format != "svg" && cl.format != "pdf")
      violated("gallery --format not a picture format", shown);
    if (cl.out.empty() || cl.out[0] == '-') violated("gallery folder empty or an option", shown);
  }

  const std::vector<std::string> again = toArgs(cl);
  CommandLine back;
  try {
    back = posenc::parseCommandLine(again);
  } catch (const posenc::UsageError& e) {
    violated("canonical form refused", shown + " -> " + joined(again) + ": " + e.what());
  }
  if (!same(cl, back))
    violated("canonical form parses differently", shown + " -> " + joined(again));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args =
      splitWords(std::string_view(reinterpret_cast<const char*>(data), size));
  CommandLine cl;
  try {
    cl = posenc::parseCommandLine(args);
  } catch (const posenc::UsageError& e) {
    const std::string_view message = e.what();
    if (message.empty()) violated("UsageError without a message", joined(args));
    // One readable line whatever was typed: arguments are shown cut and escaped.
    for (const char c : message)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        violated("UsageError message holds a control character", joined(args) + ": " + e.what());
    return 0;
  }
  checkAccepted(args, cl);
  return 0;
}
