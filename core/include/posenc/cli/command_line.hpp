// SPDX-License-Identifier: GPL-3.0-or-later
// The `posenc` command line, parsed into a plain struct (no Qt, so it can be fuzzed and
// tested on its own). Running a command is ui/'s job, because pictures need Qt.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/index_range.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// Thrown for a malformed command line; the message says what is wrong and what is allowed.
class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// One parsed invocation of `posenc`.
struct CommandLine {
  enum class Command { Help, Version, List, Export, Gallery, Inspect, Models, Check };
  Command command = Command::Help;
  bool json = false;  ///< list / inspect / models / check --json
  /// inspect PATH, export --model PATH: a model folder, a config.json, a .safetensors file
  /// or a repo id in the local Hugging Face cache (model_config.hpp locateModel).
  std::string model;
  /// export / check / gallery --layer N|TYPE: the layer of --model's model to draw, an index or
  /// a layer type (model_config.hpp findLayer); empty: the model's long-range layer.
  std::string layer;
  bool presets = false;  ///< list --presets: the built-in presets, not the schemes
  std::string session;   ///< export / check --session FILE (scheme, params, view, colour map)
  std::string preset;    ///< export / check --preset ID (a built-in preset, likewise)
  std::string
      scheme;  ///< export / check --scheme (may be left out with --model/--session/--preset)
  /// export --table FILE[:NAME]: the scheme's `table` parameter (a trained table from a file);
  /// the same as --set table=FILE[:NAME], refused for a scheme without one.
  std::string table;
  std::vector<std::pair<std::string, std::string>>
      sets;  ///< --set KEY=VALUE, in order (applied on top of a session's or preset's values)
  std::string view;       ///< export / check --view (empty with --session/--preset: theirs)
  bool allViews = false;  ///< export --all-views
  std::string out;        ///< export --out PATH | DIR/ | -; gallery DIR
  std::string format;     ///< --format for --all-views and gallery (default png)
  int width = 1000;       ///< --size WxH, logical pixels
  int height = 800;
  double dpi = 96;       ///< --dpi, PNG only
  std::string colormap;  ///< --colormap (empty = the session's, else the view's default)
  std::optional<std::string> title;  ///< --title
  std::optional<IndexRange> rows;    ///< --rows A:B (data exports of a region)
  std::optional<IndexRange> cols;    ///< --cols C:D
  std::string lang;  ///< --lang en|zh_CN (export, gallery): pictures' language; empty = en
  /// --memory-budget SIZE (export, gallery): bytes a request may need; the runner applies it
  /// with setMemoryBudget before computing. None = POSENC_MEMORY_BUDGET or the default.
  std::optional<std::uint64_t> memoryBudget;
  /// check --against FILE[:NAME]: the engineer's array (check.hpp readAgainst).
  std::string against;
  /// check --rtol R / --atol A: finite numbers >= 0 overriding the default tolerance.
  std::optional<double> rtol;
  std::optional<double> atol;
  /// What `help` prints: the text, the manual page (help --man) or the bash completion
  /// (help --bash-completion).
  enum class HelpFormat { Text, Man, BashCompletion };
  HelpFormat helpFormat = HelpFormat::Text;
  /// help COMMAND, COMMAND --help: the command whose full text to print ("" = the overview of
  /// every command); always a name in commandHelp() (command_help.hpp).
  std::string helpTopic;
};

/// Parses the arguments after the program name.
/// @throws UsageError naming the option, the value and what is allowed.
[[nodiscard]] CommandLine parseCommandLine(const std::vector<std::string>& args);

/// Splits "KEY=VALUE" (KEY non-empty). @throws UsageError.
[[nodiscard]] std::pair<std::string, std::string> parseAssignment(const std::string& text);

/// The help text (`posenc --help`): the overview of every command, rendered from the help
/// table (command_help.hpp).
[[nodiscard]] std::string helpText();

}  // namespace posenc
