// SPDX-License-Identifier: GPL-3.0-or-later
// The `posenc` help as data: one table of commands (synopsis, description, options,
// examples, exit status) from which `posenc --help`, `posenc help COMMAND`, the manual page
// (`posenc help --man`) and the bash completion (`posenc help --bash-completion`) are all
// rendered, so none of them can drift from the others. No Qt: the core holds it.
#pragma once

#include <string>
#include <vector>

namespace posenc {

/// A term and its text: an option of a command ("--size", "WxH", "picture size ..."), a file
/// type in a description, an environment variable. `argument` is empty for a flag or a term
/// without a value.
struct HelpItem {
  std::string term{};      ///< "--size", ".png .svg .pdf", "POSENC_MEMORY_BUDGET"
  std::string argument{};  ///< "WxH", "FILE[:NAME]"; "" when the term takes none
  std::string text{};      ///< One paragraph of plain text (renderers wrap it).
};

/// A paragraph of a command's description, optionally followed by a list of items.
struct HelpParagraph {
  std::string text{};
  std::vector<HelpItem> items{};
};

/// One command of `posenc` as its help describes it.
struct CommandHelp {
  std::string name{};  ///< "export"; "window" for the bare `posenc [SESSION.json]`
  bool typed = true;   ///< False for "window": its name is a help topic, not a word to type.
  /// Each form of the command after "posenc ", as printed in the synopsis (one line each).
  std::vector<std::string> synopsis{};
  std::vector<HelpParagraph> description{};
  std::vector<HelpItem> options{};
  std::vector<std::string> examples{};  ///< Whole command lines, starting with "posenc ".
  /// The command's own note on exit statuses, on top of helpExitStatus(); "" when none.
  std::string exitStatus{};
};

/// Every command, in the order the help lists them.
[[nodiscard]] const std::vector<CommandHelp>& commandHelp();

/// The command named `name` in commandHelp(), or nullptr.
[[nodiscard]] const CommandHelp* findCommandHelp(const std::string& name);

/// The names of commandHelp() joined with ", " (for messages that list the commands).
[[nodiscard]] std::string helpCommandNames();

/// The exit statuses every command shares (one paragraph).
[[nodiscard]] const std::string& helpExitStatus();

/// The environment variables `posenc` reads, as items (term = the variable's name).
[[nodiscard]] const std::vector<HelpItem>& helpEnvironment();

/// `posenc help COMMAND` / `posenc COMMAND --help`: that command's full text (synopsis,
/// description, options, examples, exit status). @throws UsageError for an unknown name.
[[nodiscard]] std::string commandHelpText(const std::string& name);

/// `posenc help --man`: the manual page posenc(1) in roff (man(7) macros), every command
/// with its synopsis, description and options; `version` goes into the page's footer.
[[nodiscard]] std::string manPage(const std::string& version);

/// What the bash completion offers beyond the core's registry (which gives scheme ids,
/// view ids and parameter names): the ids that live in ui/.
struct CompletionWords {
  std::vector<std::string> presets{};    ///< `posenc list --presets` ids
  std::vector<std::string> colormaps{};  ///< --colormap values
};

/// `posenc help --bash-completion`: a bash completion script for `posenc`, self-sufficient
/// (no bash-completion package needed): commands and their options from commandHelp(),
/// scheme ids, view ids and parameter names per scheme from allSchemes(), and `words`.
[[nodiscard]] std::string bashCompletion(const CompletionWords& words);

}  // namespace posenc
