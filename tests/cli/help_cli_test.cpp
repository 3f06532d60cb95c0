// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc --version`, `posenc help COMMAND`, and the files generated from the help table at
// build time: the manual page (rendered by man and groff with warnings on) and the bash
// completion (loaded in a plain bash, its answers compared with the registry's ids).
#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/cli/command_help.hpp"
#include "posenc/cli/command_line.hpp"
#include "support/cli_json.hpp"
#include "support/posenc_cli.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;
using test::Outcome;
using test::runPosenc;

/// Every option of `c` as the help shows it: "--size WxH", "--json".
std::vector<std::string> optionTerms(const CommandHelp& c) {
  std::vector<std::string> terms;
  for (const HelpItem& o : c.options)
    terms.push_back(o.argument.empty() ? o.term : o.term + " " + o.argument);
  return terms;
}

TEST(HelpCli, VersionIsTheProjectVersionWithTheGitRevisionIfAny) {
  std::string version = POSENC_PROJECT_VERSION;
  ASSERT_TRUE(std::regex_match(version, std::regex(R"(\d+\.\d+\.\d+)"))) << version;
  version = std::regex_replace(version, std::regex(R"(\.)"), R"(\.)");
  const std::regex expected("posenc " + version + R"(( \(git [0-9a-f]{7,}(-dirty)?\))?\n)");
  for (const char* spelling : {"--version", "version"}) {
    const Outcome r = runPosenc({spelling});
    EXPECT_EQ(r.status, 0) << spelling;
    EXPECT_TRUE(std::regex_match(r.out, expected)) << spelling << ": " << r.out;
    EXPECT_TRUE(r.err.empty()) << r.err;
  }
  EXPECT_EQ(runPosenc({"--version", "x"}).status, 2);
}

// Built from this git checkout, the revision is there (the build read it; ctest follows it).
TEST(HelpCli, VersionNamesTheRevisionOfAGitCheckout) {
  const fs::path source = POSENC_SOURCE_DIR;
  const Outcome git = test::run({{"/usr/bin/git", "-C", source.string(), "rev-parse", "HEAD"}}, 60);
  if (!fs::exists(source / ".git") || git.status != 0)
    GTEST_SKIP() << "not a git checkout (or no git): the version is the plain one";
  const std::string out = runPosenc({"--version"}).out;
  EXPECT_NE(out.find(" (git " + git.out.substr(0, 7)), std::string::npos) << out;
}

TEST(HelpCli, OverviewIsTheTableAndNamesHelpCommandAndVersion) {
  const Outcome r = runPosenc({"help"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, helpText());
  EXPECT_EQ(runPosenc({"--help"}).out, r.out);
  EXPECT_EQ(runPosenc({"-h"}).out, r.out);
  for (const char* text : {"posenc help [COMMAND]", "posenc COMMAND --help", "posenc --version"})
    EXPECT_NE(r.out.find(text), std::string::npos) << text;
  for (const CommandHelp& c : commandHelp()) {
    for (const std::string& term : optionTerms(c))
      EXPECT_NE(r.out.find(term), std::string::npos) << c.name << " " << term;
    for (const std::string& example : c.examples)
      EXPECT_NE(r.out.find("  " + example + "\n"), std::string::npos) << example;
  }
}

TEST(HelpCli, HelpCommandAndCommandHelpPrintThatCommandsFullText) {
  for (const CommandHelp& c : commandHelp()) {
    const Outcome r = runPosenc({"help", c.name});
    ASSERT_EQ(r.status, 0) << c.name << ": " << r.err;
    EXPECT_EQ(r.out, commandHelpText(c.name));
    EXPECT_EQ(r.out.rfind("Usage:\n  posenc ", 0), 0u) << r.out;
    for (const std::string& term : optionTerms(c))
      EXPECT_NE(r.out.find(term), std::string::npos) << c.name << " " << term;
    EXPECT_NE(r.out.find("Exit status: 0 on success"), std::string::npos) << r.out;
    if (c.typed) {
      EXPECT_EQ(runPosenc({c.name, "--help"}).out, r.out) << c.name;
    }
  }
  const std::string check = runPosenc({"help", "check"}).out;
  for (const char* text : {"posenc check --scheme ID --view VIEW", "--against FILE[:NAME]",
                           "--rtol R", "Compare your own numbers", "check exits with 0",
                           "posenc check --against exported.json --json"})
    EXPECT_NE(check.find(text), std::string::npos) << text;
  EXPECT_EQ(check.find("posenc gallery"), std::string::npos) << "only check's text";
}

TEST(HelpCli, AnUnknownHelpTopicExitsWith2ListingTheCommands) {
  const Outcome r = runPosenc({"help", "exprot"});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("unknown command 'exprot'"), std::string::npos) << r.err;
  for (const CommandHelp& c : commandHelp())
    EXPECT_NE(r.err.find(c.name), std::string::npos) << c.name << ": " << r.err;
  EXPECT_EQ(runPosenc({"help", "check", "export"}).status, 2);
}

// ---- the manual page ----------------------------------------------------------------------

/// The rendered page with U+2212 (groff's \- in UTF-8) and U+2010 read as '-'.
std::string asciiHyphens(std::string text) {
  for (const std::string dash : {"\u2212", "\u2010"})
    for (auto at = text.find(dash); at != std::string::npos; at = text.find(dash, at))
      text.replace(at, dash.size(), "-");
  return text;
}

/// The section "   NAME" of a command in the rendered page, up to the next heading (a line
/// with 3 blanks then a word, or one starting with a word).
std::string commandSection(const std::string& page, const CommandHelp& c) {
  const std::string heading = "\n   " + (c.typed ? c.name : std::string("the window")) + "\n";
  const auto begin = page.find(heading);
  if (begin == std::string::npos) return {};
  auto end = begin + heading.size();
  for (; end < page.size(); end = page.find('\n', end) + 1) {
    if (end == 0) return page.substr(begin);  // no further line
    const bool sub =
        page.compare(end, 3, "   ") == 0 && end + 3 < page.size() && page[end + 3] != ' ';
    if (sub || (page[end] != ' ' && page[end] != '\n')) break;
  }
  return page.substr(begin, end - begin);
}

TEST(HelpCli, ManPageRendersWithoutWarningsAndListsEveryCommandAndOption) {
  const std::string man = POSENC_MAN_EXE;
  const std::string groff = POSENC_GROFF_EXE;
  ASSERT_FALSE(man.empty() || groff.empty())
      << "man or groff was not found when CMake configured the build: run "
         "scripts/deps.sh package (it installs man-db and groff), then configure again";
  const std::string page = POSENC_MAN_PAGE;  // the installed file: posenc.1.gz
  // As lintian checks a page: every warning of man and groff is a defect.
  const Outcome lint =
      test::run({{man, "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", page}, {}}, 60);
  EXPECT_EQ(lint.status, 0) << lint.err;
  EXPECT_TRUE(lint.err.empty()) << lint.err;
  const Outcome rendered = test::run({{man, "--warnings", "-l", page}, {{"MANWIDTH", "80"}}}, 60);
  ASSERT_EQ(rendered.status, 0) << rendered.err;
  EXPECT_TRUE(rendered.err.empty()) << rendered.err;
  const std::string text = asciiHyphens(rendered.out);
  for (const char* heading : {"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXAMPLES",
                              "EXIT STATUS", "ENVIRONMENT", "SEE ALSO", "AUTHORS", "LICENSE"})
    EXPECT_NE(text.find(std::string("\n") + heading + "\n"), std::string::npos) << heading;
  for (const CommandHelp& c : commandHelp()) {
    const std::string section = commandSection(text, c);
    ASSERT_FALSE(section.empty()) << "no section for " << c.name;
    for (const std::string& term : optionTerms(c))
      EXPECT_NE(section.find(term), std::string::npos) << c.name << " " << term;
  }
  for (const HelpItem& variable : helpEnvironment())
    EXPECT_NE(text.find("\n       " + variable.term + "\n"), std::string::npos) << variable.term;
  std::istringstream lines(rendered.out);
  for (std::string line; std::getline(lines, line);) {
    const auto columns =
        std::count_if(line.begin(), line.end(), [](char ch) { return (ch & 0xC0) != 0x80; });
    EXPECT_LE(columns, 80) << line;
  }
}

// The build writes the page and the completion by running posenc: that must work on a build
// machine with no display and no usable Qt platform plugin.
TEST(HelpCli, ManPageAndCompletionNeedNoDisplay) {
  for (const char* form : {"--man", "--bash-completion"}) {
    const Outcome r = test::run({{"/usr/bin/env", "-u", "DISPLAY", "-u", "WAYLAND_DISPLAY",
                                  "QT_QPA_PLATFORM=no-such-platform", POSENC_EXE, "help", form}},
                                test::kPosencTimeoutSeconds);
    EXPECT_EQ(r.status, 0) << form << ": " << r.err;
    EXPECT_TRUE(r.err.empty()) << form << ": " << r.err;
    EXPECT_FALSE(r.out.empty()) << form;
  }
}

// What lintian reads as the page's whatis entry (bad-whatis-entry when it cannot).
TEST(HelpCli, ManPageHasAWhatisEntry) {
  const fs::path lexgrog = fs::path(POSENC_MAN_EXE).parent_path() / "lexgrog";
  ASSERT_TRUE(fs::exists(lexgrog)) << lexgrog << " missing: run scripts/deps.sh package "
                                   << "(it installs man-db), then configure again";
  const Outcome r = test::run({{lexgrog.string(), POSENC_MAN_PAGE}}, 60);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"posenc - PosEnc Explorer: see how transformers encode position\""),
            std::string::npos)
      << r.out;
}

TEST(HelpCli, ManPageSourceIsTheProgramsAndItsGzipIsReproducible) {
  const std::string gz = test::slurp(POSENC_MAN_PAGE);
  ASSERT_GE(gz.size(), 10u);
  EXPECT_EQ(static_cast<unsigned char>(gz[0]), 0x1f);
  EXPECT_EQ(static_cast<unsigned char>(gz[1]), 0x8b);
  EXPECT_EQ(gz[3] & 0x08, 0) << "gzip -n: no file name inside";
  EXPECT_EQ(gz.substr(4, 4), std::string(4, '\0')) << "gzip -n: no time stamp inside";
  EXPECT_EQ(static_cast<unsigned char>(gz[8]), 2) << "gzip -9: best compression";
  const fs::path source = fs::path(POSENC_MAN_PAGE).replace_extension();  // posenc.1
  EXPECT_EQ(test::slurp(source), manPage(POSENC_PROJECT_VERSION));
  const std::string roff = runPosenc({"help", "--man"}).out;
  EXPECT_EQ(roff, test::slurp(source));
  // Escaped for roff: no bare hyphen, and no text line starting with a control character.
  std::istringstream lines(roff);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '.') continue;
    EXPECT_NE(line[0], '\'') << line;
    for (std::size_t k = 0; k < line.size(); ++k)
      if (line[k] == '-') {
        EXPECT_TRUE(k > 0 && line[k - 1] == '\\') << line;
      }
  }
}

// ---- the bash completion ------------------------------------------------------------------

/// `text` as one single-quoted bash word.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

class Completion : public test::TempDirTest {
 protected:
  /// COMPREPLY for the command line `line` with the cursor at its end (a line ending in a
  /// blank completes a new, empty word), sorted; the script is sourced in `bash --norc` from
  /// inside a function, as bash-completion's loader sources it, in m_dir.
  std::vector<std::string> complete(const std::string& line) {
    std::vector<std::string> words;
    std::istringstream in(line);
    for (std::string w; in >> w;) words.push_back(w);
    if (line.back() == ' ') words.emplace_back();
    std::string script = "load() { source " + quoted(POSENC_BASH_COMPLETION) + "; }; load\n";
    script += "cd " + quoted(m_dir.string()) + " || exit 3\nCOMP_WORDS=(";
    for (const std::string& w : words) script += quoted(w) + " ";
    script += ")\nCOMP_CWORD=" + std::to_string(words.size() - 1) + "\nCOMP_LINE=" + quoted(line) +
              "\nCOMP_POINT=${#COMP_LINE}\n" +
              "_posenc posenc \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\"\n" +
              "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    const std::string bash = POSENC_BASH_EXE;
    EXPECT_FALSE(bash.empty()) << "bash was not found when CMake configured the build";
    const Outcome r = test::run({{bash, "--norc", "--noprofile", "-c", script}, {}}, 60);
    EXPECT_EQ(r.status, 0) << line << ": " << r.err;
    EXPECT_TRUE(r.err.empty()) << line << ": " << r.err;
    std::vector<std::string> reply;
    std::istringstream out(r.out);
    for (std::string w; std::getline(out, w);)
      if (!w.empty()) reply.push_back(w);
    std::sort(reply.begin(), reply.end());
    return reply;
  }

  /// `words` that start with `prefix`, each with `suffix`, sorted and once each.
  static std::vector<std::string> starting(const std::vector<std::string>& words,
                                           const std::string& prefix,
                                           const std::string& suffix = "") {
    std::set<std::string> out;
    for (const std::string& w : words)
      if (w.rfind(prefix, 0) == 0) out.insert(w + suffix);
    return {out.begin(), out.end()};
  }
};

TEST_F(Completion, CommandsAndTheirOptionsComeFromTheHelpTable) {
  std::vector<std::string> typed, topics;
  for (const CommandHelp& c : commandHelp()) {
    topics.push_back(c.name);
    if (c.typed) typed.push_back(c.name);
  }
  EXPECT_EQ(complete("posenc ex"), std::vector<std::string>{"export"});
  EXPECT_EQ(complete("posenc "), starting(typed, ""));
  EXPECT_EQ(complete("posenc help ch"), std::vector<std::string>{"check"});
  EXPECT_EQ(complete("posenc help "), starting(topics, ""));
  std::vector<std::string> checkOptions = {"--help"};
  for (const HelpItem& o : findCommandHelp("check")->options) checkOptions.push_back(o.term);
  const std::vector<std::string> expected = starting(checkOptions, "--");
  EXPECT_EQ(complete("posenc check --"), expected);
  EXPECT_NE(std::find(expected.begin(), expected.end(), "--against"), expected.end());
  EXPECT_EQ(complete("posenc check --r"), (std::vector<std::string>{"--rows", "--rtol"}));
  EXPECT_EQ(complete("posenc --v"), std::vector<std::string>{"--version"});
}

TEST_F(Completion, SchemesViewsAndParametersComeFromTheRegistry) {
  std::vector<std::string> ids;
  for (const auto& s : allSchemes()) ids.push_back(s->info().id);
  EXPECT_EQ(complete("posenc export --scheme r"), starting(ids, "r"));
  EXPECT_EQ(complete("posenc export --scheme "), starting(ids, ""));
  const SchemeInfo& rope = findScheme("rope").info();
  std::vector<std::string> views, params, allViews;
  for (const ViewSpec& v : rope.views) views.push_back(v.id);
  for (const ParamSpec& p : rope.params) params.push_back(p.id);
  for (const auto& s : allSchemes())
    for (const ViewSpec& v : s->info().views) allViews.push_back(v.id);
  const std::vector<std::string> ropeC = starting(views, "c");
  EXPECT_EQ(complete("posenc export --scheme rope --view c"), ropeC);
  EXPECT_NE(std::find(ropeC.begin(), ropeC.end(), "cos"), ropeC.end());
  EXPECT_EQ(complete("posenc check --scheme rope --view c"), ropeC);
  EXPECT_EQ(complete("posenc export --view c"), starting(allViews, "c"));  // any scheme's
  const std::vector<std::string> ropeB = starting(params, "b", "=");
  EXPECT_EQ(complete("posenc export --scheme rope --set b"), ropeB);
  EXPECT_NE(std::find(ropeB.begin(), ropeB.end(), "base="), ropeB.end());
  EXPECT_EQ(complete("posenc export --scheme alibi --set h"),
            (std::vector<std::string>{"head=", "heads="}));
}

TEST_F(Completion, PresetsFormatsLanguagesAndColourMaps) {
  const Outcome list = runPosenc({"list", "--presets", "--json"});
  ASSERT_EQ(list.status, 0) << list.err;
  std::vector<std::string> presets;
  for (const auto& p : test::parseJson(list.out)["presets"].toArray())
    presets.push_back(p.toObject()["id"].toString().toStdString());
  ASSERT_FALSE(presets.empty());
  EXPECT_EQ(complete("posenc export --preset "), starting(presets, ""));
  EXPECT_EQ(complete("posenc export --preset l"), starting(presets, "l"));
  EXPECT_EQ(complete("posenc export --lang "), (std::vector<std::string>{"en", "zh_CN"}));
  EXPECT_EQ(complete("posenc export --all-views --format "),
            (std::vector<std::string>{"csv", "json", "npy", "pdf", "png", "svg"}));
  EXPECT_EQ(complete("posenc gallery --format "), (std::vector<std::string>{"pdf", "png", "svg"}));
  EXPECT_EQ(complete("posenc export --colormap "),
            (std::vector<std::string>{"cividis", "gray", "magma", "rdbu", "viridis"}));
  EXPECT_TRUE(complete("posenc export --size ").empty());
}

TEST_F(Completion, PathsForFileOptions) {
  test::writeText(m_dir / "cos.npy", "x");
  test::writeText(m_dir / "config.json", "{}");
  fs::create_directories(m_dir / "cache");
  const std::vector<std::string> all = {"cache", "config.json", "cos.npy"};
  for (const char* option : {"--against", "--out", "-o", "--session", "--table", "--model"})
    EXPECT_EQ(complete(std::string("posenc export ") + option + " c"), all) << option;
  EXPECT_EQ(complete("posenc inspect co"), (std::vector<std::string>{"config.json", "cos.npy"}));
  EXPECT_EQ(complete("posenc gallery c"), std::vector<std::string>{"cache"});
}

}  // namespace
}  // namespace posenc
