// SPDX-License-Identifier: GPL-3.0-or-later
// The text readers of `posenc check --against` (check.hpp parseAgainstCsv, parseAgainstJson,
// readAgainst): np.savetxt's CSV as NumPy writes it, our own CSV and JSON exports read back
// bit for bit with their scheme, view, parameters and region, and refusals naming the line,
// column or key.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "posenc/base/memory_budget.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/check/check.hpp"
#include "posenc/io/data_io.hpp"

namespace posenc {
namespace {

/// Bit-for-bit equality, NaN equal to NaN.
bool sameBits(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

/// The reason of the FileError `f` throws ("" when it throws none).
template <class F>
std::string refusal(F f) {
  try {
    f();
  } catch (const FileError& e) {
    EXPECT_EQ(e.file(), "t.csv") << e.what();
    return e.reason();
  }
  return {};
}

template <class F>
std::string jsonRefusal(F f) {
  try {
    f();
  } catch (const FileError& e) {
    EXPECT_EQ(e.file(), "t.json") << e.what();
    return e.reason();
  }
  return {};
}

TEST(CheckFileCsv, ReadsNumpySavetxtWithItsHeaderAndDigits) {
  // /usr/bin/python3: np.savetxt(f, [[0.5, 1/3], [2, -1e-3]], delimiter=',',
  //                              header='cos cache\nrow = position')  (numpy 1.24, '%.18e')
  const Against a = parseAgainstCsv(
      "# cos cache\n# row = position\n5.000000000000000000e-01,3.333333333333333148e-01\n"
      "2.000000000000000000e+00,-1.000000000000000021e-03\n",
      "t.csv");
  EXPECT_EQ(a.file, "t.csv");
  EXPECT_EQ(a.array.shape, (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(a.array.values, (std::vector<double>{0.5, 1.0 / 3, 2, -1e-3}));
  EXPECT_EQ(a.textDigits, 19);
  EXPECT_TRUE(a.scheme.empty());
  // fmt='%g': six significant digits, as written.
  const Against g = parseAgainstCsv("0.5,0.333333\n2,-0.001\n", "t.csv");
  EXPECT_EQ(g.textDigits, 6);
  EXPECT_EQ(g.array.values[1], 0.333333);
}

TEST(CheckFileCsv, ASingleColumnIsOneDimensionalAsNumpyLoadtxtReadsIt) {
  // np.savetxt(f, [1.5, nan, inf], delimiter=','); np.loadtxt gives shape (3,).
  const Against a = parseAgainstCsv("1.500000000000000000e+00\nnan\ninf\n", "t.csv");
  EXPECT_EQ(a.array.shape, (std::vector<std::int64_t>{3}));
  EXPECT_TRUE(std::isnan(a.array.values[1]));
  EXPECT_EQ(a.array.values[2], HUGE_VAL);
  // A single row stays a row; blanks around numbers (fmt='%10.5f'), CRLF and +/- signs.
  const Against row = parseAgainstCsv("   0.50000,  -inf, +2\r\n\r\n", "t.csv");
  EXPECT_EQ(row.array.shape, (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(row.array.values, (std::vector<double>{0.5, -HUGE_VAL, 2}));
}

TEST(CheckFileCsv, OurOwnMatrixAndSeriesExportsReadBackExactly) {
  const Scheme& alibi = findScheme("alibi");
  const ParamSet params = makeParams(alibi, {{"length", "6"}, {"heads", "4"}});
  const MatrixResult m = computeMatrix(alibi, params, "bias");
  std::ostringstream csv;
  writeMatrixCsv(csv, m);
  const Against a = parseAgainstCsv(csv.str(), "t.csv");
  ASSERT_EQ(a.array.shape, (std::vector<std::int64_t>{6, 6}));
  int masked = 0;
  for (Index r = 0; r < 6; ++r)
    for (Index c = 0; c < 6; ++c) {
      EXPECT_TRUE(sameBits(a.array.values[static_cast<std::size_t>(r * 6 + c)], m.values(r, c)));
      masked += std::isnan(m.values(r, c)) ? 1 : 0;
    }
  EXPECT_GT(masked, 0);  // the causal mask's "nan" cells came back as NaN
  // Head 0 of 4 has slope 1/4: every bias -(i - j)/4 is a short binary fraction ("-1.25"),
  // which %.17g writes as such.
  EXPECT_EQ(a.textDigits, 3);

  // The series CSV: header x,name1,...; the curves become rows, x is dropped.
  SeriesResult s;
  s.x = {0, 1, 2};
  s.curves.resize(2);
  s.curves[0].name = "first, quoted";
  s.curves[0].y = {1, 2, 3};
  s.curves[1].name = "second";
  s.curves[1].y = {4, 5, 6};
  std::ostringstream scsv;
  writeSeriesCsv(scsv, s);
  const Against b = parseAgainstCsv(scsv.str(), "t.csv");
  EXPECT_EQ(b.array.shape, (std::vector<std::int64_t>{2, 3}));
  EXPECT_EQ(b.array.values, (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

TEST(CheckFileCsv, RefusesNamingTheLineAndColumn) {
  EXPECT_EQ(refusal([] { (void)parseAgainstCsv("1,2,3\n# note\n4,5\n", "t.csv"); }),
            "line 3 has 2 values, line 1 has 3 (every row needs as many)");
  EXPECT_EQ(refusal([] { (void)parseAgainstCsv("1,2\n3,abc\n", "t.csv"); }),
            "line 2, column 2: 'abc' is not a number (allowed: decimal or exponent notation, "
            "nan, inf)");
  EXPECT_NE(refusal([] { (void)parseAgainstCsv("1,,2\n", "t.csv"); }).find("column 2: ''"),
            std::string::npos);
  EXPECT_NE(refusal([] { (void)parseAgainstCsv("0x10\n", "t.csv"); }).find("'0x10'"),
            std::string::npos);
  EXPECT_NE(refusal([] { (void)parseAgainstCsv("", "t.csv"); }).find("holds no numbers"),
            std::string::npos);
  EXPECT_NE(refusal([] { (void)parseAgainstCsv("# only\n\n", "t.csv"); }).find("no numbers"),
            std::string::npos);
  EXPECT_EQ(refusal([] { (void)parseAgainstCsv("x,a,b\n0,1,2\n1,2\n", "t.csv"); }),
            "line 3 has 2 values, line 2 has 3 (every row needs as many)");
  EXPECT_EQ(refusal([] { (void)parseAgainstCsv("x,a\n0,1,2\n", "t.csv"); }),
            "line 2 has 3 values, the header names 2 columns");
  EXPECT_NE(refusal([] { (void)parseAgainstCsv("x,a\n", "t.csv"); }).find("no rows"),
            std::string::npos);
}

TEST(CheckFileCsv, ValuesOverTheBudgetAreRefusedBeforeTheyAreRead) {
  // 20,000 numbers (160 KB as doubles) under a 64 KiB budget. Before: read whole, no budget.
  std::string text;
  for (int r = 0; r < 2000; ++r) text += "1,2,3,4,5,6,7,8,9,10\n";
  setMemoryBudget(MemoryBudget{64 * 1024, "--memory-budget"});
  try {
    (void)parseAgainstCsv(text, "t.csv");
    ADD_FAILURE() << "read over the budget";
  } catch (const MemoryBudgetError& e) {
    EXPECT_NE(std::string(e.what()).find("20000 values of t.csv"), std::string::npos) << e.what();
  }
  setMemoryBudget(std::nullopt);
  EXPECT_EQ(parseAgainstCsv(text, "t.csv").array.values.size(), 20000U);
}

TEST(CheckFileCsv, AHeaderIsToldFromDataWithoutSplittingTheLine) {
  // The first line is asked whether it is our series header; its first field decides.
  EXPECT_EQ(parseAgainstCsv(" \"x\" ,\"a,b\",\"say \"\"c\"\"\"\n0,1,2\n", "t.csv").array.shape,
            (std::vector<std::int64_t>{2, 1}));
  EXPECT_EQ(refusal([] { (void)parseAgainstCsv("x\n0\n", "t.csv"); }),
            "line 1: a series header needs x and at least one curve name");
}

TEST(CheckFileJson, OurMatrixExportGivesSchemeViewParametersAndRegion) {
  const Scheme& rope = findScheme("rope");
  const ParamSet params =
      makeParams(rope, {{"length", "32"}, {"dim", "8"}, {"layout", "interleaved"}});
  Region region;
  region.r0 = 3;
  region.r1 = 7;
  region.c0 = 2;
  region.c1 = 8;
  const MatrixResult m = computeMatrix(rope, params, "cos", region);
  const ViewSpec& view = findView(rope, "cos");
  std::ostringstream json;
  writeMatrixJson(json, ExportContext{"rope", &view, &params}, m);
  const Against a = parseAgainstJson(json.str(), "t.json");
  EXPECT_EQ(a.scheme, "rope");
  EXPECT_EQ(a.view, "cos");
  EXPECT_EQ(a.rowStart, 3);
  EXPECT_EQ(a.colStart, 2);
  ASSERT_EQ(a.array.shape, (std::vector<std::int64_t>{4, 6}));
  for (Index r = 0; r < 4; ++r)
    for (Index c = 0; c < 6; ++c)
      EXPECT_TRUE(sameBits(a.array.values[static_cast<std::size_t>(r * 6 + c)], m.values(r, c)));
  // Every parameter, in the command line's spelling, gives back the same parameter set.
  EXPECT_EQ(a.sets.size(), params.items().size());
  EXPECT_EQ(makeParams(rope, a.sets), params);
  EXPECT_GE(a.textDigits, 15);
}

TEST(CheckFileJson, ParametersAndMaskedCellsInTheCommandLinesSpelling) {
  const Against a = parseAgainstJson(
      R"({"scheme": "rope", "view": "cos", "params": {"on": true, "off": false, "n": 12,
          "x": 0.5, "list": [1, 2.5], "empty": [], "name": "half"}, "kind": "matrix",
          "rows": 2, "cols": 2, "data": [[1, null], [1e999, -0.25]]})",
      "t.json");
  const std::vector<std::pair<std::string, std::string>> sets = {
      {"empty", ""},    {"list", "1,2.5"}, {"n", "12"}, {"name", "half"},
      {"off", "false"}, {"on", "true"},    {"x", "0.5"}};
  EXPECT_EQ(a.sets, sets);
  EXPECT_EQ(a.array.values[0], 1);
  EXPECT_TRUE(std::isnan(a.array.values[1]));
  EXPECT_EQ(a.array.values[2], HUGE_VAL);  // an infinity, as a number too large for a double
  EXPECT_EQ(a.textDigits, 2);              // "-0.25"
  // Python's json.dump writes Infinity, -Infinity and NaN (not JSON, but common).
  const Against py = parseAgainstJson(
      R"({"scheme": "s", "view": "v", "params": {"t": "NaN, not a number"}, "kind": "matrix",
          "data": [[Infinity, -Infinity, NaN, -1e999]]})",
      "t.json");
  EXPECT_EQ(py.array.values[0], HUGE_VAL);
  EXPECT_EQ(py.array.values[1], -HUGE_VAL);
  EXPECT_TRUE(std::isnan(py.array.values[2]));
  EXPECT_EQ(py.array.values[3], -HUGE_VAL);
  EXPECT_EQ(py.sets.front().second, "NaN, not a number");  // inside a string: left alone
  // A series export: the curves' y values, curves x points.
  const Against s = parseAgainstJson(
      R"({"scheme": "alibi", "view": "slopes", "params": {}, "kind": "series",
          "x": [0, 1, 2], "series": [{"name": "a", "y": [1, 2, 3]}, {"name": "b", "y": [4, 5, null]}]})",
      "t.json");
  EXPECT_EQ(s.array.shape, (std::vector<std::int64_t>{2, 3}));
  EXPECT_EQ(s.array.values[3], 4);
  EXPECT_TRUE(std::isnan(s.array.values[5]));
}

TEST(CheckFileJson, AMatrixOverTheBudgetIsRefusedAsItIsRead) {
  // 40,000 values (320 KB as doubles) under a 64 KiB budget. Before: read whole into a document
  // tree (about 40 bytes a number) with no budget.
  std::string text = R"({"scheme": "rope", "view": "cos", "params": {"dim": 8}, "kind": "matrix",)"
                     R"( "data": [)";
  for (int r = 0; r < 5000; ++r) text += std::string(r ? "," : "") + "[1,2,3,4,5,6,7,8]";
  text += "]}";
  setMemoryBudget(MemoryBudget{64 * 1024, "--memory-budget"});
  EXPECT_THROW((void)parseAgainstJson(text, "t.json"), MemoryBudgetError);
  setMemoryBudget(std::nullopt);
  const Against a = parseAgainstJson(text, "t.json");
  EXPECT_EQ(a.array.shape, (std::vector<std::int64_t>{5000, 8}));
  EXPECT_EQ(a.array.values[8 * 4999 + 7], 8.0);
}

TEST(CheckFileJson, DataMayComeBeforeKindAndMembersMayRepeat) {
  // Read as events: "data" first, a member given twice counts as its last, as in a document.
  const Against a = parseAgainstJson(
      R"({"data": [[1, null], [NaN, -Infinity]], "scheme": "x", "scheme": "rope", "view": "cos",)"
      R"( "params": {"dim": 2, "length": 2}, "kind": "matrix", "rows": 2, "cols": 2})",
      "t.json");
  EXPECT_EQ(a.scheme, "rope");
  ASSERT_EQ(a.array.values.size(), 4U);
  EXPECT_TRUE(std::isnan(a.array.values[1]) && std::isnan(a.array.values[2]));
  EXPECT_EQ(a.array.values[3], -std::numeric_limits<double>::infinity());
}

TEST(CheckFileJson, ASeriesIsReadAsEventsWithTheDocumentsWords) {
  // "series" before "x", "y" before "name", a curve's "y" given twice (the last counts).
  const std::string head = R"({"scheme": "rope", "view": "cos", "params": {}, "kind": "series", )";
  const Against a = parseAgainstJson(
      head + R"("series": [{"y": [9], "y": [1, 2], "name": "a"}, {"name": "b", "y": [3, null]}],)"
             R"( "x": [0, 1]})",
      "t.json");
  EXPECT_EQ(a.array.shape, (std::vector<std::int64_t>{2, 2}));
  ASSERT_EQ(a.array.values.size(), 4U);
  EXPECT_EQ(a.array.values[1], 2.0);
  EXPECT_TRUE(std::isnan(a.array.values[3]));
  const auto parse = [](const std::string& text) {
    return jsonRefusal([&] { (void)parseAgainstJson(text, "t.json"); });
  };
  EXPECT_EQ(parse(head + R"("x": [0, "a"], "series": [{"y": [1, 2]}]})"),
            "x[1] is string, not a number or null (a masked cell)");
  EXPECT_EQ(parse(head + R"("x": {}, "series": [{"y": [1, 2]}]})"), "x is not an array of numbers");
  EXPECT_EQ(parse(head + R"("x": [], "series": [{"y": []}]})"), "\"x\" holds no points");
  EXPECT_EQ(parse(head + R"("x": [0], "series": [{"y": [1]}, [1]]})"),
            "series[1] is not an object with \"y\"");
  EXPECT_EQ(parse(head + R"("x": [0], "series": [{"name": "a"}]})"),
            "series[0] is not an object with \"y\"");
  EXPECT_EQ(parse(head + R"("x": [0], "series": [{"y": 1}]})"),
            "series[0].y is not an array of numbers");
  EXPECT_EQ(parse(head + R"("x": [0], "series": [{"y": [[1]]}]})"),
            "series[0].y[0] is array, not a number or null (a masked cell)");
  EXPECT_NE(parse(head + R"("x": [0], "series": []})").find("a series export needs"),
            std::string::npos);
}

TEST(CheckFileJson, RefusesWhatIsNotOneOfOurExports) {
  const auto parse = [](const std::string& text) {
    return jsonRefusal([&] { (void)parseAgainstJson(text, "t.json"); });
  };
  const std::string head = R"({"scheme": "rope", "view": "cos", "params": {}, "kind": "matrix", )";
  EXPECT_EQ(parse("{\"scheme\": "), "not valid JSON");
  EXPECT_NE(parse(R"({"data": [[1, 2]]})").find("not one of our JSON exports"), std::string::npos);
  EXPECT_NE(parse("[1, 2]").find("expected an object with \"scheme\""), std::string::npos);
  EXPECT_EQ(parse(head + R"("data": [[1, true]]})"),
            "data[0][1] is boolean, not a number or null (a masked cell)");
  EXPECT_EQ(parse(head + R"("data": [[1, "2"]]})"),
            "data[0][1] is string, not a number or null (a masked cell)");
  EXPECT_NE(parse(head + R"("data": [[1, 2], [3]]})").find("data[1] has 1 values"),
            std::string::npos);
  EXPECT_NE(parse(head + R"("rows": 3, "data": [[1]]})").find("\"rows\" does not match"),
            std::string::npos);
  EXPECT_NE(parse(head + R"("row_start": -1, "data": [[1]]})").find("row_start"),
            std::string::npos);
  EXPECT_NE(parse(head + R"("data": []})").find("non-empty"), std::string::npos);
  EXPECT_NE(parse(R"({"scheme": "a", "view": "s", "params": {"k": {}}, "kind": "matrix",
                      "data": [[1]]})")
                .find("params.k"),
            std::string::npos);
  EXPECT_NE(parse(R"({"scheme": "a", "view": "s", "params": {}, "kind": "series", "x": [0, 1],
                      "series": [{"name": "a", "y": [1]}]})")
                .find("series[0].y has 1 values, \"x\" has 2"),
            std::string::npos);
}

TEST(CheckFileRead, PicksTheReaderByExtensionAndRefusesANameOrAMissingFile) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("posenc_check_file_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "m.CSV") << "1,2\n3,4\n";
  const Against a = readAgainst((dir / "m.CSV").string());
  EXPECT_EQ(a.array.shape, (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(a.file, (dir / "m.CSV").string());
  EXPECT_THROW((void)readAgainst((dir / "missing.csv").string()), FileError);
  EXPECT_THROW((void)readAgainst((dir / "missing.json").string()), FileError);
  EXPECT_THROW((void)readAgainst(dir.string() + "/dir.json"), FileError);
  std::filesystem::create_directories(dir / "folder.csv");
  try {
    (void)readAgainst((dir / "folder.csv").string());
    ADD_FAILURE() << "a folder was read";
  } catch (const FileError& e) {
    EXPECT_EQ(e.reason(), "is a folder, not a file");
  }
  std::ofstream(dir / "e.json") << "{}";
  try {
    (void)readAgainst((dir / "e.json").string() + ":cos");
    ADD_FAILURE() << "a name after a .json file was accepted";
  } catch (const FileError& e) {
    EXPECT_NE(e.reason().find("drop ':cos'"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace posenc
