// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/cli/command_line.hpp"

#include <gtest/gtest.h>

#include "support/refused.hpp"

namespace posenc {
namespace {

using Args = std::vector<std::string>;

using test::usageError;

TEST(CommandLine, NoArgumentsIsHelp) {
  EXPECT_EQ(parseCommandLine({}).command, CommandLine::Command::Help);
  EXPECT_EQ(parseCommandLine({"--help"}).command, CommandLine::Command::Help);
  EXPECT_NE(helpText().find("posenc export --scheme ID"), std::string::npos);
}

TEST(CommandLine, ListWithJson) {
  const CommandLine cl = parseCommandLine({"list", "--json"});
  EXPECT_EQ(cl.command, CommandLine::Command::List);
  EXPECT_TRUE(cl.json);
  EXPECT_NE(usageError({"list", "--xml"}), "(accepted)");
}

TEST(CommandLine, ExportWithEveryOption) {
  const CommandLine cl = parseCommandLine(
      {"export", "--scheme", "alibi",   "--set",  "heads=12", "--set",  "head=3", "--view",
       "bias",   "--out",    "b.png",   "--size", "640x480",  "--dpi",  "192",    "--colormap",
       "magma",  "--title",  "My bias", "--rows", "10:20",    "--cols", "5:"});
  EXPECT_EQ(cl.command, CommandLine::Command::Export);
  EXPECT_EQ(cl.scheme, "alibi");
  EXPECT_EQ(cl.sets,
            (std::vector<std::pair<std::string, std::string>>{{"heads", "12"}, {"head", "3"}}));
  EXPECT_EQ(cl.view, "bias");
  EXPECT_EQ(cl.out, "b.png");
  EXPECT_EQ(cl.width, 640);
  EXPECT_EQ(cl.height, 480);
  EXPECT_EQ(cl.dpi, 192);
  EXPECT_EQ(cl.colormap, "magma");
  EXPECT_EQ(cl.title, "My bias");
  EXPECT_EQ(cl.rows, (IndexRange{10, 20}));
  EXPECT_EQ(cl.cols, (IndexRange{5, -1}));
}

TEST(CommandLine, AllViewsDefaultsToPng) {
  const CommandLine cl =
      parseCommandLine({"export", "--scheme", "rope", "--all-views", "--out", "d/"});
  EXPECT_TRUE(cl.allViews);
  EXPECT_EQ(cl.format, "png");
}

TEST(CommandLine, ListPresets) {
  const CommandLine cl = parseCommandLine({"list", "--presets"});
  EXPECT_EQ(cl.command, CommandLine::Command::List);
  EXPECT_TRUE(cl.presets);
  EXPECT_FALSE(cl.json);
  const CommandLine json = parseCommandLine({"list", "--json", "--presets"});
  EXPECT_TRUE(json.presets && json.json);
  EXPECT_FALSE(parseCommandLine({"list"}).presets);
  EXPECT_NE(usageError({"list", "--preset"}).find("--presets"), std::string::npos);
  EXPECT_NE(helpText().find("posenc list --presets"), std::string::npos);
}

TEST(CommandLine, ExportFromASessionNeedsNeitherSchemeNorView) {
  const CommandLine cl = parseCommandLine({"export", "--session", "my.json", "--out", "-"});
  EXPECT_EQ(cl.command, CommandLine::Command::Export);
  EXPECT_EQ(cl.session, "my.json");
  EXPECT_TRUE(cl.preset.empty());
  EXPECT_TRUE(cl.scheme.empty());
  EXPECT_TRUE(cl.view.empty());
  EXPECT_FALSE(cl.allViews);
  EXPECT_NE(helpText().find("--session FILE"), std::string::npos);
}

TEST(CommandLine, ExportFromAPresetWithOverrides) {
  const CommandLine cl =
      parseCommandLine({"export", "--preset", "llama2-7b-rope", "--set", "length=8192", "--scheme",
                        "rope", "--view", "frequencies", "--colormap", "gray", "--out", "f.png"});
  EXPECT_EQ(cl.preset, "llama2-7b-rope");
  EXPECT_TRUE(cl.session.empty());
  EXPECT_EQ(cl.scheme, "rope");  // checked against the preset when run
  EXPECT_EQ(cl.sets, (std::vector<std::pair<std::string, std::string>>{{"length", "8192"}}));
  EXPECT_EQ(cl.view, "frequencies");
  EXPECT_EQ(cl.colormap, "gray");
  const CommandLine all =
      parseCommandLine({"export", "--preset", "t5-base", "--all-views", "--out", "d/"});
  EXPECT_TRUE(all.allViews);
  EXPECT_EQ(all.format, "png");
  EXPECT_NE(helpText().find("--preset ID"), std::string::npos);
}

TEST(CommandLine, SessionAndPresetAreRefusedTogether) {
  EXPECT_NE(usageError({"export", "--session", "a.json", "--preset", "gpt2", "--out", "-"})
                .find("not both"),
            std::string::npos);
  EXPECT_NE(usageError(
                {"export", "--session", "a.json", "--view", "bias", "--all-views", "--out", "d"})
                .find("not both"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--session"}).find("--session needs a value"), std::string::npos);
  EXPECT_NE(usageError({"export", "--preset"}).find("--preset needs a value"), std::string::npos);
  EXPECT_NE(
      usageError({"export", "--view", "x", "--out", "a.png"}).find("--session FILE or --preset ID"),
      std::string::npos);
  EXPECT_NE(usageError({"export", "--preset", "gpt2"}).find("--out"), std::string::npos);
}

TEST(CommandLine, MemoryBudgetOption) {
  const CommandLine cl = parseCommandLine(
      {"export", "--scheme", "t5", "--view", "bias", "--out", "-", "--memory-budget", "512M"});
  EXPECT_EQ(cl.memoryBudget, std::uint64_t{512} << 20);
  EXPECT_FALSE(
      parseCommandLine({"export", "--scheme", "t5", "--view", "bias", "--out", "-"}).memoryBudget);
  EXPECT_EQ(parseCommandLine({"gallery", "g", "--memory-budget", "1048576"}).memoryBudget,
            1048576u);
  for (const char* bad : {"0", "lots", "-1G", "1Q", " 2G", "2G ", "nan"}) {
    const std::string why = usageError({"export", "--scheme", "t5", "--memory-budget", bad});
    EXPECT_EQ(
        why.rfind(std::string("--memory-budget '") + bad + "': must be a size such as 512M, 2G", 0),
        0u)
        << why;
  }
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--memory-budget"})
                .find("--memory-budget needs a value"),
            std::string::npos);
  EXPECT_NE(usageError({"list", "--memory-budget", "1G"}).find("unknown option"),
            std::string::npos);
  EXPECT_NE(helpText().find("--memory-budget SIZE"), std::string::npos);
  EXPECT_NE(helpText().find("POSENC_MEMORY_BUDGET"), std::string::npos);
  EXPECT_NE(helpText().find("a quarter of the physical memory"), std::string::npos);
}

// strtod alone also took " 96", "0x60" and "+96"; --dpi now reads what --set reads. #7
TEST(CommandLine, DpiIsPlainDecimal) {
  for (const char* good : {"96", "96.0", "1.2e2", "300"})
    EXPECT_NO_THROW((void)parseCommandLine(
        {"export", "--scheme", "t5", "--view", "bias", "--out", "x.png", "--dpi", good}))
        << good;
  EXPECT_EQ(parseCommandLine(
                {"export", "--scheme", "t5", "--view", "bias", "--out", "x.png", "--dpi", "1.2e2"})
                .dpi,
            120);
  for (const char* bad : {" 96", "96 ", "0x60", "+96", "-96", "", "9 6", "infinity", "96\n"})
    EXPECT_EQ(usageError({"export", "--scheme", "t5", "--dpi", bad}).rfind("--dpi '", 0), 0u)
        << bad;
}

// Every message is one line however odd the argument (a newline in a file name or a value). #7
TEST(CommandLine, MessagesAreOneLineWhateverTheArguments) {
  const std::string odd = "a\nb\r\x1b[31m";
  const std::vector<Args> cases = {
      {odd},
      {"list", odd},
      {"help", odd},
      {"gallery", "d", odd},
      {"export", "--scheme", "t5", odd},
      {"export", "--scheme", "t5", "--set", odd},
      {"export", "--scheme", "t5", "--set", "k=" + odd, "--set", "k=2"},
      {"export", "--scheme", "t5", "--size", odd},
      {"export", "--scheme", "t5", "--dpi", odd},
      {"export", "--scheme", "t5", "--rows", odd},
      {"export", "--scheme", "t5", "--memory-budget", odd},
      {"export", "--scheme", "t5", "--all-views", "--out", "d", "--format", odd},
      {"gallery", "--format", odd},
      {"export", "--scheme", "t5", "--set", std::string(100000, 'k') + "=1", "--set",
       std::string(100000, 'k') + "=2"},
  };
  for (const Args& args : cases) {
    const std::string why = usageError(args);
    EXPECT_NE(why, "(accepted)");
    EXPECT_EQ(why.find_first_of("\n\r\x1b"), std::string::npos) << why;
    EXPECT_LT(why.size(), 400u) << why.substr(0, 200);
  }
}

TEST(CommandLine, ValueMayContainEqualsSign) {
  EXPECT_EQ(parseAssignment("title=a=b"), (std::pair<std::string, std::string>{"title", "a=b"}));
}

TEST(CommandLine, CheckWithEveryOption) {
  const CommandLine cl = parseCommandLine({"check",
                                           "--scheme",
                                           "rope",
                                           "--set",
                                           "length=64",
                                           "--set",
                                           "layout=interleaved",
                                           "--view",
                                           "cos",
                                           "--against",
                                           "cache.npz:cos",
                                           "--rtol",
                                           "1e-5",
                                           "--atol",
                                           "0",
                                           "--rows",
                                           "0:32",
                                           "--cols",
                                           "8:",
                                           "--memory-budget",
                                           "1G",
                                           "--json"});
  EXPECT_EQ(cl.command, CommandLine::Command::Check);
  EXPECT_EQ(cl.scheme, "rope");
  EXPECT_EQ(cl.view, "cos");
  EXPECT_EQ(cl.sets, (std::vector<std::pair<std::string, std::string>>{{"length", "64"},
                                                                       {"layout", "interleaved"}}));
  EXPECT_EQ(cl.against, "cache.npz:cos");
  EXPECT_EQ(cl.rtol, 1e-5);
  EXPECT_EQ(cl.atol, 0.0);
  EXPECT_EQ(cl.rows, (IndexRange{0, 32}));
  EXPECT_EQ(cl.cols, (IndexRange{8, -1}));
  EXPECT_EQ(cl.memoryBudget, std::uint64_t{1} << 30);
  EXPECT_TRUE(cl.json);
  // Our own JSON export names scheme and view; a model, preset or session gives them too.
  const CommandLine bare = parseCommandLine({"check", "--against", "export.json"});
  EXPECT_TRUE(bare.scheme.empty());
  EXPECT_FALSE(bare.rtol.has_value());
  EXPECT_EQ(parseCommandLine({"check", "--model", "gpt2", "--against", "x.npy"}).model, "gpt2");
  EXPECT_EQ(parseCommandLine({"check", "--preset", "p", "--against", "x.npy"}).preset, "p");
}

TEST(CommandLine, CheckRefusesNamingTheOptionAndWhatIsAllowed) {
  const Args base = {"check", "--scheme", "rope", "--view", "cos", "--against", "c.npy"};
  const auto with = [&](Args extra) {
    Args a = base;
    a.insert(a.end(), extra.begin(), extra.end());
    return usageError(a);
  };
  for (const char* bad : {"-1", "tight", "inf", "nan", "1e999", "+1", "0x1p-3", ""})
    EXPECT_EQ(with({"--rtol", bad}), std::string("--rtol '") + bad +
                                         "': must be a finite number >= 0, e.g. 1e-5 (0 asks "
                                         "for exact equality)")
        << bad;
  EXPECT_NE(with({"--atol", "-0.1"}).find("--atol '-0.1'"), std::string::npos);
  EXPECT_NE(with({"--out", "x.png"}).find("check: unknown option '--out' (allowed: --scheme"),
            std::string::npos);
  EXPECT_NE(with({"--all-views"}).find("unknown option '--all-views'"), std::string::npos);
  EXPECT_NE(with({"--rows", "5:2"}).find("--rows '5:2'"), std::string::npos);
  EXPECT_NE(with({"--set", "a=1", "--set", "a=2"}).find("given twice"), std::string::npos);
  EXPECT_NE(usageError({"check", "--scheme", "rope", "--view", "cos"}).find("needs --against"),
            std::string::npos);
  EXPECT_NE(usageError({"check", "--scheme", "rope", "--against", "c.npy"}).find("--view VIEW"),
            std::string::npos);
  EXPECT_NE(usageError({"check", "--against", ""}).find("--against needs FILE[:NAME]"),
            std::string::npos);
  EXPECT_NE(usageError({"check", "--session", "s.json", "--preset", "p", "--against", "c.npy"})
                .find("not both"),
            std::string::npos);
  EXPECT_NE(usageError({"check", "--model", "m", "--preset", "p", "--against", "c.npy"})
                .find("either --model PATH or --preset ID"),
            std::string::npos);
  EXPECT_NE(helpText().find("posenc check --scheme ID --view VIEW"), std::string::npos);
  // The tolerance options belong to check alone.
  EXPECT_NE(usageError(
                {"export", "--scheme", "t5", "--view", "bias", "--out", "b.csv", "--rtol", "1"})
                .find("unknown option '--rtol'"),
            std::string::npos);
}

TEST(CommandLine, MalformedInputIsRefusedWithTheOptionNamed) {
  EXPECT_NE(usageError({"frobnicate"}).find("unknown command 'frobnicate'"), std::string::npos);
  EXPECT_NE(usageError({"export", "--view", "x", "--out", "a.png"}).find("--scheme"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--out", "a.png"}).find("--view"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--view", "bias"}).find("--out"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--view", "bias", "--all-views", "--out", "d"})
                .find("not both"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--set"}).find("--set needs a value"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--set", "length"}).find("KEY=VALUE"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--set", "=3"}).find("KEY=VALUE"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--set", "seed=1", "--set", "seed=2", "--view",
                        "bias", "--out", "x.csv"})
                .find("given twice"),
            std::string::npos);
  for (const char* size : {"100", "10x10", "100x", "x100", "100000x100", "-100x100", "1e3x100"})
    EXPECT_NE(usageError({"export", "--scheme", "t5", "--size", size}).find("--size"),
              std::string::npos)
        << size;
  for (const char* dpi : {"0", "nan", "inf", "96dpi", "5000"})
    EXPECT_NE(usageError({"export", "--scheme", "t5", "--dpi", dpi}).find("--dpi"),
              std::string::npos)
        << dpi;
  for (const char* range : {"5", "5:5", "7:3", "-1:3", "a:b", ":4"})
    EXPECT_NE(usageError({"export", "--scheme", "t5", "--rows", range}).find("--rows"),
              std::string::npos)
        << range;
  EXPECT_NE(usageError(
                {"export", "--scheme", "t5", "--view", "bias", "--out", "x.png", "--format", "png"})
                .find("--all-views"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--all-views", "--out", "d", "--format", "gif"})
                .find("gif"),
            std::string::npos);
  EXPECT_NE(usageError({"export", "--scheme", "t5", "--all-views", "--out", "-"}).find("folder"),
            std::string::npos);
  EXPECT_NE(usageError({"gallery", "a", "b"}).find("unexpected"), std::string::npos);
  EXPECT_NE(usageError({"gallery", "--format", "csv"}).find("csv"), std::string::npos);
}

TEST(CommandLine, InspectTakesOneModelAndModelsNone) {
  const CommandLine inspect = parseCommandLine({"inspect", "meta-llama/Llama-3.1-8B", "--json"});
  EXPECT_EQ(inspect.command, CommandLine::Command::Inspect);
  EXPECT_EQ(inspect.model, "meta-llama/Llama-3.1-8B");
  EXPECT_TRUE(inspect.json);
  EXPECT_EQ(parseCommandLine({"models"}).command, CommandLine::Command::Models);
  EXPECT_NE(usageError({"inspect"}).find("inspect needs a model"), std::string::npos);
  EXPECT_NE(usageError({"inspect", "a", "b"}).find("unknown option 'b'"), std::string::npos);
  EXPECT_NE(usageError({"inspect", "--set", "x=1"}).find("unknown option '--set'"),
            std::string::npos);
  EXPECT_NE(usageError({"models", "gpt2"}).find("models: unknown option 'gpt2'"),
            std::string::npos);
}

TEST(CommandLine, ExportFromAModelNeedsNeitherSchemeNorView) {
  const CommandLine cl =
      parseCommandLine({"export", "--model", "gpt2", "--set", "length=64", "--out", "x.png"});
  EXPECT_EQ(cl.command, CommandLine::Command::Export);
  EXPECT_EQ(cl.model, "gpt2");
  EXPECT_TRUE(cl.scheme.empty());
  EXPECT_TRUE(cl.view.empty());  // the scheme's first view, chosen when run
  EXPECT_EQ(cl.sets, (std::vector<std::pair<std::string, std::string>>{{"length", "64"}}));
  EXPECT_TRUE(parseCommandLine({"export", "--model", "m/", "--all-views", "--out", "d/"}).allViews);
  EXPECT_EQ(usageError({"export", "--model", "m", "--session", "s.json", "--out", "x.png"}),
            "give either --model PATH or --session FILE, not both: each sets the scheme and its "
            "parameters (--set changes single values)");
  EXPECT_NE(usageError({"export", "--model", "m", "--preset", "p", "--out", "x.png"})
                .find("give either --model PATH or --preset ID"),
            std::string::npos);
  EXPECT_EQ(usageError({"export", "--model", "", "--out", "x.png"}),
            "--model needs PATH, not an empty text");
  EXPECT_EQ(usageError({"export", "--model"}), "--model needs a value (see posenc --help)");
}

TEST(CommandLine, TableIsTheTableParameterGivenOnce) {
  const CommandLine cl =
      parseCommandLine({"export", "--scheme", "learned", "--table", "m.safetensors:wpe.weight",
                        "--view", "encoding", "--out", "x.png"});
  EXPECT_EQ(cl.table, "m.safetensors:wpe.weight");
  EXPECT_TRUE(cl.sets.empty());
  EXPECT_EQ(usageError({"export", "--scheme", "learned", "--table", "a.npy", "--set", "table=b.npy",
                        "--view", "encoding", "--out", "x.png"}),
            "--table 'a.npy' and --set table='b.npy' both give the table; give it once");
  EXPECT_EQ(usageError({"export", "--scheme", "learned", "--table", "", "--view", "encoding",
                        "--out", "x.png"}),
            "--table needs FILE[:NAME], not an empty text");
  EXPECT_NE(helpText().find("--model PATH"), std::string::npos);
  EXPECT_NE(helpText().find("--table FILE[:NAME]"), std::string::npos);
}

}  // namespace
}  // namespace posenc
