// SPDX-License-Identifier: GPL-3.0-or-later
// Renders the help table (command_help_table.cpp) as the text of `posenc --help` and
// `posenc help COMMAND`, and as the manual page posenc(1).
#include "posenc/cli/command_help.hpp"

#include <algorithm>
#include <sstream>

#include "base/text_util.hpp"
#include "posenc/cli/command_line.hpp"

namespace posenc {

namespace {

/// The overview's width: its synopsis lines are longer than 80 columns already, and its
/// paragraphs were written to this width.
constexpr std::size_t kOverviewWidth = 92;
/// One command's text: a terminal's 80 columns.
constexpr std::size_t kCommandWidth = 80;

/// `words` joined by blanks into lines of at most `width` columns (a longer word gets a
/// line of its own), each starting with `indent` blanks.
std::string wrappedWords(const std::vector<std::string>& words, std::size_t indent,
                         std::size_t width) {
  std::string out, line;
  for (const std::string& word : words) {
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += std::string(indent, ' ') + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
  return out;
}

/// `text` wrapped at its blanks (see wrappedWords).
std::string wrapped(const std::string& text, std::size_t indent, std::size_t width) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return wrappedWords(words, indent, width);
}

/// A synopsis split at the blanks outside brackets, so "[--view VIEW]" stays on one line.
std::vector<std::string> synopsisGroups(const std::string& text) {
  std::vector<std::string> groups(1);
  int depth = 0;
  for (const char c : text) {
    depth += (c == '[') - (c == ']');
    if (c == ' ' && depth == 0) groups.emplace_back();
    else groups.back() += c;
  }
  return groups;
}

/// A synopsis form "posenc FORM" at `indent`, wrapped to `width` with its further lines
/// under the first word after the command name.
std::string formText(const std::string& form, std::size_t indent, std::size_t width) {
  const std::string line = "posenc " + form;
  if (indent + line.size() <= width) return std::string(indent, ' ') + line + "\n";
  const std::size_t first = line.find(' ', 7);
  const std::size_t hang = indent + (first == std::string::npos ? 7 : first + 1);
  std::string rest = wrappedWords(synopsisGroups(line.substr(first + 1)), hang, width);
  return std::string(indent, ' ') + line.substr(0, first + 1) + rest.substr(hang);
}

/// The words of a command line with each option joined to its value ("--view cos"), so a
/// wrapped example never parts them.
std::vector<std::string> exampleGroups(const std::string& example) {
  std::vector<std::string> groups;
  std::istringstream in(example);
  for (std::string word; in >> word;) {
    const bool value = !groups.empty() && groups.back().rfind("--", 0) == 0 &&
                       groups.back().find(' ') == std::string::npos && word[0] != '-';
    if (value) groups.back() += " " + word;
    else groups.push_back(word);
  }
  return groups;
}

/// An example command line at `indent`; one longer than `width` is continued on further lines
/// with a trailing backslash, so it can still be pasted into a shell as it is.
std::string exampleText(const std::string& example, std::size_t indent, std::size_t width) {
  if (indent + example.size() <= width) return std::string(indent, ' ') + example + "\n";
  std::string out = wrappedWords(exampleGroups(example), indent + 4, width - 2);
  out.erase(0, 4);
  for (auto at = out.find('\n'); at != std::string::npos && at + 1 < out.size();
       at = out.find('\n', at + 3))
    out.replace(at, 1, " \\\n");
  return out;
}

std::string termOf(const HelpItem& item) {
  return item.argument.empty() ? item.term : item.term + " " + item.argument;
}

/// A term and its text: the term at `indent`, the text at `indent + column`, on the term's
/// line when the term leaves room (two blanks at least), else from the next line.
std::string itemText(const HelpItem& item, std::size_t indent, std::size_t column,
                     std::size_t width) {
  const std::string term = termOf(item);
  std::string body = wrapped(item.text, indent + column, width);
  if (body.empty()) return std::string(indent, ' ') + term + "\n";
  if (term.size() + 2 <= column) {
    body.replace(0, indent + term.size(), std::string(indent, ' ') + term);
    return body;
  }
  return std::string(indent, ' ') + term + "\n" + body;
}

/// Description and its items of `c` at `indent` (the overview: 6; a command's own text: 0),
/// wrapped to `width`; `gap` goes between paragraphs.
std::string commandBody(const CommandHelp& c, std::size_t indent, std::size_t width,
                        const char* gap) {
  std::string out;
  for (const HelpParagraph& p : c.description) {
    out += (out.empty() ? "" : gap) + wrapped(p.text, indent, width);
    for (const HelpItem& item : p.items) out += itemText(item, indent + 2, 17, width);
  }
  return out;
}

std::string optionsText(const CommandHelp& c, std::size_t indent, std::size_t width) {
  std::string out;
  for (const HelpItem& item : c.options) out += itemText(item, indent, 19, width);
  return out;
}

/// The exit statuses: the shared paragraph, then each note of `commands` once, each from a
/// line of its own.
std::string exitStatusText(const std::vector<const CommandHelp*>& commands, std::size_t width) {
  std::string text = wrapped("Exit status: " + helpExitStatus(), 0, width);
  std::vector<std::string> notes;
  for (const CommandHelp* c : commands)
    if (!c->exitStatus.empty() &&
        std::find(notes.begin(), notes.end(), c->exitStatus) == notes.end())
      notes.push_back(c->exitStatus);
  for (const std::string& note : notes) text += wrapped(note, 0, width);
  return text;
}

}  // namespace

const CommandHelp* findCommandHelp(const std::string& name) {
  for (const CommandHelp& c : commandHelp())
    if (c.name == name) return &c;
  return nullptr;
}

std::string helpCommandNames() {
  std::string names;
  for (const CommandHelp& c : commandHelp()) names += (names.empty() ? "" : ", ") + c.name;
  return names;
}

std::string helpText() {
  std::string out = "posenc - PosEnc Explorer: see how transformers encode position\n\nUsage:\n";
  std::vector<const CommandHelp*> all;
  for (const CommandHelp& c : commandHelp()) {
    all.push_back(&c);
    for (const std::string& form : c.synopsis) out += formText(form, 2, kOverviewWidth);
    out += commandBody(c, 6, kOverviewWidth, "") + optionsText(c, 6, kOverviewWidth);
  }
  out += "\nExamples:\n";
  for (const CommandHelp& c : commandHelp())
    for (const std::string& example : c.examples) out += "  " + example + "\n";
  out += "\n" + exitStatusText(all, kOverviewWidth) + "\nEnvironment:\n";
  for (const HelpItem& item : helpEnvironment()) out += itemText(item, 2, 23, kOverviewWidth);
  out +=
      "\nposenc help COMMAND (or posenc COMMAND --help) shows one command; man posenc the "
      "manual.\n";
  return out;
}

std::string commandHelpText(const std::string& name) {
  const CommandHelp* c = findCommandHelp(name);
  if (!c)
    throw UsageError("help: unknown command '" + detail::printable(name) +
                     "' (commands: " + helpCommandNames() + ")");
  std::string out = "Usage:\n";
  for (const std::string& form : c->synopsis) out += formText(form, 2, kCommandWidth);
  out += "\n" + commandBody(*c, 0, kCommandWidth, "\n");
  if (!c->options.empty()) out += "\nOptions:\n" + optionsText(*c, 2, kCommandWidth);
  if (!c->examples.empty()) {
    out += "\nExamples:\n";
    for (const std::string& example : c->examples) out += exampleText(example, 2, kCommandWidth);
  }
  return out + "\n" + exitStatusText({c}, kCommandWidth);
}

}  // namespace posenc
