// SPDX-License-Identifier: GPL-3.0-or-later
// The help table (command_help.hpp) against the parser it describes, and its renderings:
// help COMMAND, the roff of the manual page, the bash completion's tables.
#include "posenc/cli/command_help.hpp"

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/refused.hpp"

#include "posenc/base/scheme.hpp"
#include "posenc/cli/command_line.hpp"

namespace posenc {
namespace {

using Args = std::vector<std::string>;

using test::usageError;

TEST(CommandHelp, HelpTakesACommandOrTheManPageOrTheCompletion) {
  const CommandLine overview = parseCommandLine({"help"});
  EXPECT_EQ(overview.command, CommandLine::Command::Help);
  EXPECT_TRUE(overview.helpTopic.empty());
  EXPECT_EQ(overview.helpFormat, CommandLine::HelpFormat::Text);
  EXPECT_EQ(parseCommandLine({"help", "check"}).helpTopic, "check");
  EXPECT_EQ(parseCommandLine({"--help", "export"}).helpTopic, "export");
  EXPECT_EQ(parseCommandLine({"help", "window"}).helpTopic, "window");
  EXPECT_EQ(parseCommandLine({"help", "--help"}).helpTopic, "help");
  EXPECT_EQ(parseCommandLine({"help", "--man"}).helpFormat, CommandLine::HelpFormat::Man);
  EXPECT_EQ(parseCommandLine({"help", "--bash-completion"}).helpFormat,
            CommandLine::HelpFormat::BashCompletion);
  const std::string unknown = usageError({"help", "exprot"});
  EXPECT_NE(unknown.find("unknown command 'exprot'"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find(helpCommandNames()), std::string::npos) << unknown;
  EXPECT_NE(usageError({"help", "check", "export"}).find("one COMMAND at most"), std::string::npos);
  EXPECT_THROW((void)commandHelpText("exprot"), UsageError);
}

TEST(CommandHelp, CommandDashDashHelpIsThatCommandsHelp) {
  for (const CommandHelp& c : commandHelp()) {
    if (!c.typed) continue;
    for (const char* flag : {"--help", "-h"}) {
      const CommandLine cl = parseCommandLine({c.name, flag});
      EXPECT_EQ(cl.command, CommandLine::Command::Help) << c.name;
      EXPECT_EQ(cl.helpTopic, c.name);
    }
  }
  // Anywhere among the options, but not as an option's value.
  EXPECT_EQ(parseCommandLine({"export", "--scheme", "rope", "--help"}).helpTopic, "export");
  EXPECT_EQ(parseCommandLine({"check", "--json", "-h"}).helpTopic, "check");
  const CommandLine titled = parseCommandLine(
      {"export", "--scheme", "t5", "--view", "bias", "--title", "--help", "--out", "t.png"});
  EXPECT_EQ(titled.command, CommandLine::Command::Export);
  EXPECT_EQ(titled.title, "--help");
  // Not a word to type: the window is `posenc [SESSION.json]`.
  EXPECT_NE(usageError({"window", "--help"}).find("unknown command 'window'"), std::string::npos);
}

/// A value the parser takes for each argument the help names.
const std::map<std::string, std::string> kSampleValue = {
    {"ID", "rope"},      {"KEY=VALUE", "length=8"},
    {"VIEW", "cos"},     {"PATH", "x.png"},
    {"FILE", "s.json"},  {"FILE[:NAME]", "a.npy"},
    {"WxH", "100x100"},  {"N", "96"},
    {"NAME", "viridis"}, {"TEXT", "t"},
    {"A:B", "0:2"},      {"C:D", "0:2"},
    {"FMT", "png"},      {"SIZE", "1G"},
    {"en|zh_CN", "en"},  {"R", "1e-5"},
    {"A", "0"},          {"-", "-"},
    {"DIR/", "d/"},      {"N|TYPE", "3"}};

// Every option the help lists is one the parser knows for that command (it may still refuse
// the line for a missing option, but never as an unknown option).
TEST(CommandHelp, EveryOptionInTheTableIsAcceptedByItsCommand) {
  for (const CommandHelp& c : commandHelp()) {
    if (!c.typed) continue;
    for (const HelpItem& o : c.options) {
      Args args = {c.name, o.term};
      if (!o.argument.empty()) {
        ASSERT_TRUE(kSampleValue.count(o.argument)) << o.argument;
        args.push_back(kSampleValue.at(o.argument));
      }
      const std::string error = usageError(args);
      EXPECT_EQ(error.find("unknown"), std::string::npos)
          << c.name << " " << o.term << ": " << error;
      EXPECT_EQ(error.find("unexpected"), std::string::npos)
          << c.name << " " << o.term << ": " << error;
    }
  }
}

TEST(CommandHelp, ACommandsTextHasItsFormsOptionsExamplesAndExitStatus) {
  const CommandHelp& check = *findCommandHelp("check");
  const std::string text = commandHelpText("check");
  EXPECT_EQ(text.rfind("Usage:\n  posenc check --scheme ID --view VIEW", 0), 0u) << text;
  for (const HelpItem& o : check.options)
    EXPECT_NE(text.find(o.term + " " + o.argument), std::string::npos) << o.term;
  // A long example goes on over lines ending in a backslash (still one shell command).
  std::string joined = text;
  for (auto at = joined.find(" \\\n      "); at != std::string::npos;
       at = joined.find(" \\\n      "))
    joined.replace(at, 9, " ");
  for (const std::string& e : check.examples) EXPECT_NE(joined.find(e), std::string::npos) << e;
  EXPECT_NE(text.find(helpExitStatus().substr(0, 40)), std::string::npos);
  EXPECT_NE(text.find("check exits with 0 when every cell matches"), std::string::npos);
  EXPECT_EQ(text.find("For inspect and --model"), std::string::npos) << "export's note only";
  for (const CommandHelp& c : commandHelp()) {  // every command's text fits 80 columns
    std::istringstream lines(commandHelpText(c.name));
    for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
  }
}

TEST(CommandHelp, ManPageIsPlainManMacrosWithEscapedText) {
  const std::string page = manPage("1.2.3");
  EXPECT_EQ(page.find(".TH POSENC 1 \"\" \"posenc 1.2.3\""), page.find(".TH"));
  const std::set<std::string> macros = {".\\\"", ".TH", ".SH", ".SS", ".PP", ".TP", ".RS",
                                        ".RE",   ".br", ".in", ".ti", ".nh", ".ad"};
  std::istringstream lines(page);
  for (std::string line; std::getline(lines, line);) {
    ASSERT_FALSE(line.empty()) << "a blank line is a paragraph break in roff";
    if (line[0] == '.') {
      EXPECT_TRUE(macros.count(line.substr(0, line.find(' ')))) << line;
      continue;
    }
    EXPECT_NE(line[0], '\'') << line;
    for (std::size_t k = 0; k < line.size(); ++k) {
      if (line[k] == '-') {
        EXPECT_TRUE(k > 0 && line[k - 1] == '\\') << "bare hyphen: " << line;
      }
    }
  }
  // A term starting with a dot and a backslash in the text are escaped.
  EXPECT_NE(page.find("\\fB\\&.png .svg .pdf\\fR"), std::string::npos);
  EXPECT_NE(page.find("\\fB\\-\\-table\\fR \\fIFILE[:NAME]\\fR"), std::string::npos);
  for (const auto& s : allSchemes()) EXPECT_NE(page.find(s->info().id), std::string::npos);
}

TEST(CommandHelp, CompletionHoldsEveryCommandSchemeViewAndParameter) {
  const std::string script = bashCompletion({{"preset-a", "preset-b"}, {"viridis"}});
  EXPECT_NE(script.find("complete -F _posenc posenc"), std::string::npos);
  EXPECT_NE(script.find("_posenc_presets='preset-a preset-b'"), std::string::npos);
  EXPECT_NE(script.find("_posenc_colormaps='viridis'"), std::string::npos);
  EXPECT_NE(script.find("declare -gA"), std::string::npos) << "global from inside a function";
  for (const CommandHelp& c : commandHelp())
    if (c.typed) {
      EXPECT_NE(script.find("  [" + c.name + "]='--help"), std::string::npos) << c.name;
    }
  for (const auto& s : allSchemes()) {
    const SchemeInfo& info = s->info();
    std::string views, params;
    for (const ViewSpec& v : info.views) views += (views.empty() ? "" : " ") + v.id;
    for (const ParamSpec& p : info.params) params += (params.empty() ? "" : " ") + p.id;
    EXPECT_NE(script.find("  [" + info.id + "]='" + views + "'\n"), std::string::npos) << info.id;
    EXPECT_NE(script.find("  [" + info.id + "]='" + params + "'\n"), std::string::npos) << info.id;
  }
}

}  // namespace
}  // namespace posenc
