// SPDX-License-Identifier: GPL-3.0-or-later
// docs/command-line.md against the help table (command_help_table.cpp): the reference says
// every command, form and option exactly as `posenc help` does, so the two cannot drift apart.
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/cli/command_help.hpp"

namespace posenc {
namespace {

const char* const kDoc = POSENC_SOURCE_DIR "/docs/command-line.md";

/// `text` with every run of blanks one space, and none at either end.
std::string normalised(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string word; in >> word;) out += (out.empty() ? "" : " ") + word;
  return out;
}

/// One section of the document: from a heading to the next heading of any level.
struct Section {
  std::vector<std::string> code{};   ///< Lines inside ``` fences, trimmed.
  std::vector<std::string> items{};  ///< List items ("- ..." and its indented lines), normalised.
  std::string prose{};               ///< Every line outside fences, normalised.
};

/// The document's sections by heading line ("### `export`", "## Environment").
std::map<std::string, Section> readSections() {
  std::ifstream in(kDoc);
  std::map<std::string, Section> sections;
  Section* current = nullptr;
  bool fenced = false;
  bool inItem = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      fenced = !fenced;
      inItem = false;
      continue;
    }
    if (!fenced && line.rfind('#', 0) == 0) {
      current = &sections[normalised(line)];
      inItem = false;
      continue;
    }
    if (!current) continue;
    if (fenced) {
      current->code.push_back(normalised(line));
      continue;
    }
    current->prose += " " + line;
    if (line.rfind("- ", 0) == 0) {
      current->items.push_back(normalised(line));
      inItem = true;
    } else if (inItem && line.rfind("  ", 0) == 0 && !normalised(line).empty()) {
      current->items.back() = normalised(current->items.back() + " " + line);
    } else {
      inItem = false;
    }
  }
  for (auto& entry : sections) entry.second.prose = normalised(entry.second.prose);
  return sections;
}

/// An item as the reference writes it: "- `--size WxH`: picture size in pixels ...".
std::string itemLine(const HelpItem& item) {
  return normalised("- `" + item.term + (item.argument.empty() ? "" : " " + item.argument) +
                    "`: " + item.text);
}

std::string heading(const CommandHelp& c) { return "### `" + c.name + "`"; }

bool contains(const std::vector<std::string>& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

TEST(CommandLineDoc, ListsEveryCommandFormAndOptionOfTheHelpTable) {
  // Issue 28 item 8: the README's command-line part was "kept in step with posenc help" by
  // hand. Each failure names the line to write into docs/command-line.md.
  const std::map<std::string, Section> sections = readSections();
  ASSERT_FALSE(sections.empty()) << kDoc << " was not found or has no headings";
  for (const CommandHelp& c : commandHelp()) {
    const auto found = sections.find(heading(c));
    if (found == sections.end()) {
      ADD_FAILURE() << kDoc << " has no section for the command " << c.name << " (the heading "
                    << heading(c) << ")";
      continue;
    }
    const Section& s = found->second;
    for (const std::string& form : c.synopsis)
      EXPECT_TRUE(contains(s.code, normalised("posenc " + form)))
          << heading(c) << " lacks the form, in its code block: posenc " << form;
    for (const HelpParagraph& p : c.description) {
      EXPECT_NE(s.prose.find(normalised(p.text)), std::string::npos)
          << heading(c) << " lacks the description: " << p.text;
      for (const HelpItem& item : p.items)
        EXPECT_TRUE(contains(s.items, itemLine(item)))
            << heading(c) << " lacks the item: " << itemLine(item);
    }
    for (const HelpItem& option : c.options)
      EXPECT_TRUE(contains(s.items, itemLine(option)))
          << heading(c) << " lacks the option: " << itemLine(option);
    for (const std::string& example : c.examples)
      EXPECT_TRUE(contains(s.code, normalised(example)))
          << heading(c) << " lacks the example: " << example;
    if (!c.exitStatus.empty()) {
      EXPECT_NE(s.prose.find(normalised("Exit status: " + c.exitStatus)), std::string::npos)
          << heading(c) << " lacks: Exit status: " << c.exitStatus;
    }
  }
  const auto exit = sections.find("## Exit status");
  ASSERT_NE(exit, sections.end()) << kDoc << " has no section ## Exit status";
  EXPECT_NE(exit->second.prose.find(normalised(helpExitStatus())), std::string::npos)
      << "## Exit status lacks: " << helpExitStatus();
  const auto environment = sections.find("## Environment");
  ASSERT_NE(environment, sections.end()) << kDoc << " has no section ## Environment";
  for (const HelpItem& variable : helpEnvironment())
    EXPECT_TRUE(contains(environment->second.items, itemLine(variable)))
        << "## Environment lacks: " << itemLine(variable);
}

TEST(CommandLineDoc, NamesNoOptionTheHelpTableDoesNot) {
  // The other direction: an option removed from (or renamed in) the help table leaves no
  // stale line in a command's section.
  const std::map<std::string, Section> sections = readSections();
  ASSERT_FALSE(sections.empty()) << kDoc << " was not found or has no headings";
  for (const CommandHelp& c : commandHelp()) {
    const auto found = sections.find(heading(c));
    if (found == sections.end()) continue;  // the test above says so
    std::vector<std::string> known;
    for (const HelpItem& option : c.options) known.push_back(itemLine(option));
    for (const HelpParagraph& p : c.description)
      for (const HelpItem& item : p.items) known.push_back(itemLine(item));
    for (const std::string& item : found->second.items)
      EXPECT_TRUE(contains(known, item))
          << heading(c) << " has an item the help table has not: " << item;
  }
}

}  // namespace
}  // namespace posenc
