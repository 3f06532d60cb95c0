// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check` (issue 17) run as an engineer runs it: our own exports checked back (.npy,
// .csv, .json, a region), a float32 cache of the exact values, a wrong value and a shape that
// differs (exit 1), two slips at once named together (issue 26), hostile or missing files and
// bad options (exit 2), --model with a tiny model folder, a model's layer with the slips of
// its other layers (issue 29), and a view drawn from random stand-ins.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "support/cli_json.hpp"
#include "support/posenc_cli.hpp"
#include "support/tensor_files.hpp"
#include "support/tiny_model.hpp"

namespace posenc::test {
namespace {

namespace fs = std::filesystem;

/// A RoPE cos cache the way Hugging Face computes it (huggingface/transformers,
/// src/transformers/models/llama/modeling_llama.py, LlamaRotaryEmbedding and
/// _compute_default_rope_parameters: inv_freq = 1 / base^(arange(0, dim, 2) / dim),
/// freqs = outer(positions, inv_freq), emb = cat(freqs, freqs), cos = emb.cos()), in double:
/// (length, dim), C order.
std::vector<double> hfCosCache(int length, int dim, double base) {
  std::vector<double> v;
  for (int m = 0; m < length; ++m)
    for (int c = 0; c < dim; ++c) {
      const int j = c % (dim / 2);
      const double invFreq = 1.0 / std::pow(base, static_cast<double>(2 * j) / dim);
      v.push_back(std::cos(m * invFreq));
    }
  return v;
}

/// A .npy with any header dict and data bytes (for float32 and for hostile files).
void writeRawNpy(const fs::path& file, const std::string& dict, const std::string& data) {
  std::string header = dict;
  const std::size_t total = ((10 + header.size() + 1 + 63) / 64) * 64;
  header.append(total - 10 - header.size() - 1, ' ');
  header += '\n';
  std::string bytes("\x93NUMPY\x01\x00", 8);
  bytes += static_cast<char>(header.size() & 0xff);
  bytes += static_cast<char>(header.size() >> 8);
  writeText(file, bytes + header + data);
}

/// `values` rounded to float32 as a '<f4' .npy of `rows` x `cols`.
void writeFloat32Npy(const fs::path& file, int rows, int cols, const std::vector<double>& values) {
  std::string data;
  for (const double v : values) {
    const auto f = static_cast<float>(v);
    char b[4];
    std::memcpy(b, &f, 4);
    data.append(b, 4);
  }
  writeRawNpy(file,
              "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                  std::to_string(cols) + "), }",
              data);
}

class CheckCli : public TempDirTest {
 protected:
  /// posenc check --scheme rope --set length=16 --set dim=8 --view cos ARGS...
  static std::vector<std::string> ropeCos(std::vector<std::string> args) {
    std::vector<std::string> all = {"check", "--scheme", "rope",   "--set", "length=16",
                                    "--set", "dim=8",    "--view", "cos"};
    all.insert(all.end(), args.begin(), args.end());
    return all;
  }
  std::string path(const std::string& name) const { return (m_dir / name).string(); }
};

TEST_F(CheckCli, OurOwnExportsCheckBackAsAMatch) {
  std::vector<Process> exports;
  for (const char* ext : {"npy", "csv", "json"})
    exports.push_back(posenc({"export", "--scheme", "rope", "--set", "length=16", "--set", "dim=8",
                              "--view", "cos", "--out", path(std::string("cos.") + ext)}));
  for (const Outcome& o : runAll(exports, 2, kPosencTimeoutSeconds))
    ASSERT_EQ(o.status, 0) << o.err;
  std::vector<Process> checks;
  for (const char* ext : {"npy", "csv", "json"})
    checks.push_back(posenc(ropeCos({"--against", path(std::string("cos.") + ext)})));
  // Our JSON export names its scheme, view and parameters: nothing else is needed.
  checks.push_back(posenc({"check", "--against", path("cos.json")}));
  const std::vector<Outcome> outcomes = runAll(checks, 2, kPosencTimeoutSeconds);
  for (const Outcome& o : outcomes) {
    EXPECT_EQ(o.status, 0) << o.out << o.err;
    EXPECT_NE(o.out.find("MATCH: every cell is within the tolerance"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("cells compared: 128"), std::string::npos) << o.out;
    EXPECT_TRUE(o.err.empty()) << o.err;
  }
  EXPECT_NE(outcomes[0].out.find("(16, 8) float64"), std::string::npos) << outcomes[0].out;
  // %.17g text: float64's tolerance, said to come from the digits.
  EXPECT_NE(outcomes[1].out.find("text (17 significant digits)"), std::string::npos);
  EXPECT_NE(outcomes[1].out.find("(as float64)"), std::string::npos) << outcomes[1].out;
  EXPECT_NE(outcomes[3].out.find("check rope / cos"), std::string::npos) << outcomes[3].out;
}

TEST_F(CheckCli, ARegionChecksBackWithItsRowsAndColumns) {
  const std::vector<std::string> region = {"--rows", "2:5", "--cols", "1:4"};
  std::vector<std::string> npy = {"export", "--scheme", "rope", "--set", "length=16",  "--set",
                                  "dim=8",  "--view",   "cos",  "--out", path("r.npy")};
  npy.insert(npy.end(), region.begin(), region.end());
  std::vector<std::string> json = npy;
  json[10] = path("r.json");
  for (const Outcome& o : runAll({posenc(npy), posenc(json)}, 2, kPosencTimeoutSeconds))
    ASSERT_EQ(o.status, 0) << o.err;
  std::vector<std::string> withRegion = ropeCos({"--against", path("r.npy")});
  withRegion.insert(withRegion.end(), region.begin(), region.end());
  const std::vector<Outcome> outcomes =
      runAll({posenc(withRegion), posenc(ropeCos({"--against", path("r.npy")})),
              posenc({"check", "--against", path("r.json")})},
             2, kPosencTimeoutSeconds);
  EXPECT_EQ(outcomes[0].status, 0) << outcomes[0].out << outcomes[0].err;
  EXPECT_NE(outcomes[0].out.find("(3, 3) from row 2, column 1"), std::string::npos)
      << outcomes[0].out;
  // Without --rows/--cols a .npy holds the whole view: 3 x 3 is not 16 x 8.
  EXPECT_EQ(outcomes[1].status, 1) << outcomes[1].out << outcomes[1].err;
  // Our JSON export says where its region lies.
  EXPECT_EQ(outcomes[2].status, 0) << outcomes[2].out << outcomes[2].err;
  EXPECT_NE(outcomes[2].out.find("(3, 3) from row 2, column 1"), std::string::npos)
      << outcomes[2].out;
}

TEST_F(CheckCli, JsonReportHoldsTheDocumentedKeys) {
  writeNpy(m_dir / "cos.npy", {16, 8}, hfCosCache(16, 8, 10000));
  const Outcome r = runPosenc(ropeCos({"--against", path("cos.npy"), "--json"}));
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const QJsonObject report = parseJson(r.out);
  for (const char* key : {"scheme",
                          "view",
                          "file",
                          "dtype",
                          "yours_shape",
                          "ours_shape",
                          "row_start",
                          "col_start",
                          "rtol",
                          "atol",
                          "tolerance_source",
                          "shape_matches",
                          "matches",
                          "compared",
                          "masked",
                          "mismatches",
                          "mismatch_share",
                          "largest_abs_error",
                          "largest_rel_error",
                          "random_stand_ins",
                          "diagnosis"})
    EXPECT_TRUE(report.contains(key)) << key << "\n" << r.out;
  for (const char* key : {"row", "col", "yours", "ours", "abs_error", "rel_error"})
    EXPECT_TRUE(report["largest_abs_error"].toObject().contains(key)) << key;
  EXPECT_EQ(report["scheme"].toString(), "rope");
  EXPECT_EQ(report["view"].toString(), "cos");
  EXPECT_EQ(report["dtype"].toString(), "float64");
  EXPECT_TRUE(report["matches"].toBool());
  EXPECT_EQ(report["compared"].toInt(), 128);
  EXPECT_EQ(report["mismatches"].toInt(), 0);
  EXPECT_EQ(report["yours_shape"].toArray(), QJsonArray({16, 8}));
  EXPECT_DOUBLE_EQ(report["rtol"].toDouble(), 1e-7);  // float64's default
  // Hugging Face's formula in double agrees with ours to rounding.
  EXPECT_LT(report["largest_abs_error"].toObject()["abs_error"].toDouble(), 1e-14);
}

TEST_F(CheckCli, AFloat32CacheOfTheExactValuesPassesByDefault) {
  writeFloat32Npy(m_dir / "cos32.npy", 16, 8, hfCosCache(16, 8, 10000));
  const Outcome r = runPosenc(ropeCos({"--against", path("cos32.npy")}));
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("(16, 8) float32"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("float32 default"), std::string::npos) << r.out;
  // The same numbers at float64's tolerance are float32 rounding, not a match.
  const Outcome strict =
      runPosenc(ropeCos({"--against", path("cos32.npy"), "--rtol", "1e-12", "--atol", "0"}));
  EXPECT_EQ(strict.status, 1) << strict.out << strict.err;
}

TEST_F(CheckCli, AWrongValueIsAMismatchAtItsCell) {
  std::vector<double> cos = hfCosCache(16, 8, 10000);
  cos[3 * 8 + 2] += 0.01;  // row 3, column 2
  writeNpy(m_dir / "cos.npy", {16, 8}, cos);
  const Outcome r = runPosenc(ropeCos({"--against", path("cos.npy")}));
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("mismatches: 1 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("largest absolute error: 0.01"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("at row 3, column 2"), std::string::npos) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
}

/// A RoPE cos cache with any base, in the half (cat(freqs, freqs)) or the interleaved
/// (repeat(2), GPT-J's rotate_every_two) layout: plain loops over the formula
/// cos(m / base^(2k/d)), not our scheme code.
std::vector<double> cosCache(int length, int dim, double base, bool interleaved) {
  std::vector<double> v;
  for (int m = 0; m < length; ++m)
    for (int c = 0; c < dim; ++c) {
      const int k = interleaved ? c / 2 : c % (dim / 2);
      v.push_back(std::cos(m / std::pow(base, static_cast<double>(2 * k) / dim)));
    }
  return v;
}

TEST_F(CheckCli, TwoSlipsAtOnceAreNamedTogetherWithBothSettings) {
  // Issue 26: another layout and base 500000 at once, both ways round, in float32 files.
  writeFloat32Npy(m_dir / "half.npy", 128, 64, cosCache(128, 64, 500000, false));
  writeFloat32Npy(m_dir / "inter.npy", 128, 64, cosCache(128, 64, 500000, true));
  struct Case {
    const char* file;
    std::vector<std::string> sets;
    const char* setting;
  };
  const Case cases[] = {
      {"half.npy", {"--set", "layout=interleaved"}, "layout=half base=500000"},
      {"inter.npy", {}, "layout=interleaved base=500000"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"check",      "--scheme",  "rope",      "--set",
                                     "length=128", "--set",     "dim=64",    "--view",
                                     "cos",        "--against", path(c.file)};
    args.insert(args.end(), c.sets.begin(), c.sets.end());
    const Outcome text = runPosenc(args);
    EXPECT_EQ(text.status, 1) << text.out << text.err;
    EXPECT_EQ(text.out.find("no usual slip"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("layout ("), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("base 500000; ours 10000"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find(std::string("Ours equals yours with ") + c.setting + "."),
              std::string::npos)
        << text.out;
    EXPECT_EQ(text.out.find("(explains "), std::string::npos) << text.out;  // no partial slip
    args.emplace_back("--json");
    const Outcome json = runPosenc(args);
    EXPECT_EQ(json.status, 1) << json.out << json.err;
    const QJsonArray diagnosis = parseJson(json.out)["diagnosis"].toArray();
    ASSERT_EQ(diagnosis.size(), 1) << json.out;
    const QJsonObject both = diagnosis[0].toObject();
    EXPECT_EQ(both["id"].toString(), "layout+base") << json.out;
    EXPECT_EQ(both["setting"].toString(), c.setting) << json.out;
    EXPECT_TRUE(both["explains"].toBool()) << json.out;
    EXPECT_EQ(both["matched_share"].toDouble(), 1.0) << json.out;
  }
  // With both settings given, the same file is a match.
  const Outcome match = runPosenc({"check", "--scheme", "rope", "--set", "length=128", "--set",
                                   "dim=64", "--set", "layout=interleaved", "--set", "base=500000",
                                   "--view", "cos", "--against", path("inter.npy")});
  EXPECT_EQ(match.status, 0) << match.out << match.err;
  EXPECT_EQ(match.out.find("diagnosis"), std::string::npos) << match.out;
}

TEST_F(CheckCli, AShapeThatDiffersIsAMismatchNamingBothShapes) {
  writeNpy(m_dir / "small.npy", {3, 3}, std::vector<double>(9, 1.0));
  const Outcome r = runPosenc(ropeCos({"--against", path("small.npy"), "--json"}));
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  const QJsonObject report = parseJson(r.out);
  EXPECT_FALSE(report["shape_matches"].toBool());
  EXPECT_EQ(report["yours_shape"].toArray(), QJsonArray({3, 3}));
  EXPECT_EQ(report["ours_shape"].toArray(), QJsonArray({16, 8}));
  const Outcome text = runPosenc(ropeCos({"--against", path("small.npy")}));
  EXPECT_EQ(text.status, 1);
  EXPECT_NE(text.out.find("yours (3, 3), ours (16, 8)"), std::string::npos) << text.out;
}

TEST_F(CheckCli, HostileOrMissingFilesAreBadInput) {
  const std::string f8 = std::string(16 * 8 * 8, '\0');
  writeRawNpy(m_dir / "huge.npy",
              "{'descr': '<f8', 'fortran_order': False, 'shape': (4000000000, 4000000000), }", f8);
  writeRawNpy(m_dir / "int.npy", "{'descr': '<i8', 'fortran_order': False, 'shape': (16, 8), }",
              f8);
  writeRawNpy(m_dir / "bool.npy", "{'descr': '|b1', 'fortran_order': False, 'shape': (16, 8), }",
              std::string(16 * 8, '\1'));
  writeRawNpy(m_dir / "short.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (16, 8), }",
              f8.substr(0, 100));
  writeText(m_dir / "ragged.csv", "1,2,3\n4,5\n");
  writeText(m_dir / "words.csv", "1,2\n3,abc\n");
  writeText(m_dir / "other.json", R"({"data": [[1, 2]]})");
  const std::vector<std::string> names = {"huge.npy",   "int.npy",   "bool.npy",   "short.npy",
                                          "ragged.csv", "words.csv", "other.json", "missing.npy"};
  std::vector<Process> runs;
  for (const std::string& name : names) runs.push_back(posenc(ropeCos({"--against", path(name)})));
  const std::vector<Outcome> outcomes = runAll(runs, 2, kPosencTimeoutSeconds);
  for (std::size_t k = 0; k < names.size(); ++k) {
    const Outcome& o = outcomes[k];
    EXPECT_EQ(o.status, 2) << names[k] << ": " << o.out << o.err;
    EXPECT_TRUE(o.out.empty()) << names[k] << ": " << o.out;
    EXPECT_NE(o.err.find(names[k]), std::string::npos) << names[k] << ": " << o.err;
  }
  EXPECT_NE(outcomes[0].err.find("is too large"), std::string::npos) << outcomes[0].err;
  EXPECT_NE(outcomes[1].err.find("dtype '<i8' is not a float type"), std::string::npos)
      << outcomes[1].err;
  EXPECT_NE(outcomes[2].err.find("dtype '|b1' is not a float type"), std::string::npos)
      << outcomes[2].err;
  EXPECT_NE(outcomes[3].err.find("truncated"), std::string::npos) << outcomes[3].err;
  EXPECT_NE(outcomes[4].err.find("line 2 has 2 values, line 1 has 3"), std::string::npos)
      << outcomes[4].err;
  EXPECT_NE(outcomes[5].err.find("line 2, column 2: 'abc' is not a number"), std::string::npos)
      << outcomes[5].err;
  EXPECT_NE(outcomes[6].err.find("not one of our JSON exports"), std::string::npos)
      << outcomes[6].err;
}

TEST_F(CheckCli, BadOptionsAreBadInputNamingTheOption) {
  writeNpy(m_dir / "cos.npy", {16, 8}, hfCosCache(16, 8, 10000));
  const std::string cos = path("cos.npy");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {ropeCos({"--against", cos, "--rtol", "-1"}), "--rtol '-1'"},
      {ropeCos({"--against", cos, "--rtol", "tight"}), "--rtol 'tight'"},
      {ropeCos({"--against", cos, "--atol", "inf"}), "--atol 'inf'"},
      {ropeCos({"--against", cos, "--bogus"}), "unknown option '--bogus'"},
      {ropeCos({}), "check needs --against"},
      {{"check", "--scheme", "rope", "--against", cos}, "needs --view VIEW"},
      {{"check", "--against", cos}, "is not our own JSON export"},
      {ropeCos({"--against", cos, "--set", "base=-2"}), "base"},
      {{"check", "--scheme", "rope", "--view", "nope", "--against", cos}, "nope"},
  };
  std::vector<Process> runs;
  for (const auto& c : cases) runs.push_back(posenc(c.first));
  const std::vector<Outcome> outcomes = runAll(runs, 2, kPosencTimeoutSeconds);
  for (std::size_t k = 0; k < cases.size(); ++k) {
    EXPECT_EQ(outcomes[k].status, 2) << cases[k].second << ": " << outcomes[k].err;
    EXPECT_NE(outcomes[k].err.find(cases[k].second), std::string::npos) << outcomes[k].err;
  }
}

TEST_F(CheckCli, AModelFolderGivesTheSchemeAndParameters) {
  // The tiny llama maps to rope with dim 16, base 20000 and length 64.
  writeTinyModel(m_dir / "llama", tinyModel("llama"));
  writeNpy(m_dir / "cos.npy", {64, 16}, hfCosCache(64, 16, 20000));
  const std::vector<Outcome> outcomes =
      runAll({posenc({"check", "--model", path("llama"), "--view", "cos", "--against",
                      path("cos.npy")},
                     {{"HF_HUB_CACHE", path("hub")}}),
              posenc({"check", "--scheme", "rope", "--set", "dim=16", "--set", "length=64",
                      "--view", "cos", "--against", path("cos.npy")})},
             2, kPosencTimeoutSeconds);
  EXPECT_EQ(outcomes[0].status, 0) << outcomes[0].out << outcomes[0].err;
  // Without the model's base (10000, not 20000) the same cache does not match.
  EXPECT_EQ(outcomes[1].status, 1) << outcomes[1].out << outcomes[1].err;
}

TEST_F(CheckCli, ALayerOfAModelIsCheckedWithTheSlipsOfItsLayers) {
  // Gemma 3 (MedGemma 27B's published config): layer 0 is a local layer, base 10000 unscaled;
  // layer 5 a global one, base 1e6 with linear x8; layer 0 computed as the global layers is
  // named as such. Canonical: huggingface/transformers, src/transformers/modeling_rope_utils.py,
  // _compute_linear_scaling_rope_parameters (inv_freq /= factor).
  const fs::path configs = fs::path(POSENC_SOURCE_DIR) / "tests/data/model-configs";
  fs::create_directories(m_dir / "gemma");
  fs::copy_file(configs / "medgemma_27b_it.json", m_dir / "gemma" / "config.json");
  const int length = 32, dim = 128;
  std::vector<double> global;
  for (int m = 0; m < length; ++m)
    for (int c = 0; c < dim; ++c) {
      const int j = c % (dim / 2);
      global.push_back(std::cos(m * (1.0 / std::pow(1e6, 2.0 * j / dim) / 8.0)));
    }
  writeNpy(m_dir / "local.npy", {length, dim}, hfCosCache(length, dim, 10000));
  writeNpy(m_dir / "global.npy", {length, dim}, global);
  const auto layer0 = [&](const std::string& file, bool json) {
    std::vector<std::string> args = {"check", "--model",   path("gemma"), "--layer",
                                     "0",     "--set",     "length=32",   "--view",
                                     "cos",   "--against", path(file)};
    if (json) args.push_back("--json");
    return posenc(args, {{"HF_HUB_CACHE", path("hub")}});
  };
  const std::vector<Outcome> o =
      runAll({layer0("local.npy", false), layer0("global.npy", false), layer0("global.npy", true)},
             2, kPosencTimeoutSeconds);
  EXPECT_EQ(o[0].status, 0) << o[0].out << o[0].err;
  EXPECT_EQ(o[1].status, 1) << o[1].out << o[1].err;
  EXPECT_NE(o[1].out.find("layer 0's (sliding_attention) computed with the base and scaling of "
                          "the full_attention layers"),
            std::string::npos)
      << o[1].out;
  const QJsonObject report = parseJson(o[2].out);
  const QJsonArray diagnosis = report["diagnosis"].toArray();
  ASSERT_FALSE(diagnosis.isEmpty()) << o[2].out;
  EXPECT_EQ(diagnosis[0].toObject()["id"].toString().toStdString(), "layer_rope");
  EXPECT_EQ(diagnosis[0].toObject()["setting"].toString().toStdString(),
            "base=1000000 scaling=linear factor=8");
}

TEST_F(CheckCli, RopeOnANopeLayerIsNamed) {
  // Llama 4 Scout: every 4th layer (3, 7, ...) has no positional encoding; the cos cache of
  // its RoPE layers checked as layer 3's is the slip.
  const fs::path configs = fs::path(POSENC_SOURCE_DIR) / "tests/data/model-configs";
  fs::create_directories(m_dir / "llama4");
  fs::copy_file(configs / "llama4_scout_excerpt.json", m_dir / "llama4" / "config.json");
  ASSERT_EQ(runPosenc({"export", "--model", path("llama4"), "--layer", "0", "--set", "length=16",
                       "--view", "cos", "--out", path("cos.npy")},
                      {{"HF_HUB_CACHE", path("hub")}})
                .status,
            0);
  writeNpy(m_dir / "ones.npy", {16, 128}, std::vector<double>(16 * 128, 1.0));
  const auto layer3 = [&](const std::string& file) {
    return posenc({"check", "--model", path("llama4"), "--layer", "3", "--set", "length=16",
                   "--view", "cos", "--against", path(file)},
                  {{"HF_HUB_CACHE", path("hub")}});
  };
  const std::vector<Outcome> o =
      runAll({layer3("cos.npy"), layer3("ones.npy")}, 2, kPosencTimeoutSeconds);
  EXPECT_EQ(o[0].status, 1) << o[0].out << o[0].err;
  EXPECT_NE(o[0].out.find("RoPE on a NoPE layer"), std::string::npos) << o[0].out << o[0].err;
  EXPECT_EQ(o[1].status, 2) << o[1].out << o[1].err;
  EXPECT_NE(o[1].err.find("which has no cos view"), std::string::npos) << o[1].err;
}

TEST_F(CheckCli, AViewOfRandomStandInsSaysOnlyOurOwnExportMatches) {
  const std::vector<std::string> scores = {"--scheme", "rope",  "--set",  "length=8",
                                           "--set",    "dim=8", "--view", "scores"};
  std::vector<std::string> exportArgs = {"export"};
  exportArgs.insert(exportArgs.end(), scores.begin(), scores.end());
  exportArgs.insert(exportArgs.end(), {"--out", path("scores.npy")});
  ASSERT_EQ(runPosenc(exportArgs).status, 0);
  writeNpy(m_dir / "zeros.npy", {8, 8}, std::vector<double>(64, 0.0));
  std::vector<std::string> own = {"check"};
  own.insert(own.end(), scores.begin(), scores.end());
  std::vector<std::string> zeros = own;
  own.insert(own.end(), {"--against", path("scores.npy")});
  zeros.insert(zeros.end(), {"--against", path("zeros.npy")});
  const std::vector<Outcome> outcomes =
      runAll({posenc(own), posenc(zeros)}, 2, kPosencTimeoutSeconds);
  EXPECT_EQ(outcomes[0].status, 0) << outcomes[0].out << outcomes[0].err;
  EXPECT_EQ(outcomes[1].status, 1) << outcomes[1].out << outcomes[1].err;
  for (const Outcome& o : outcomes)
    EXPECT_NE(o.out.find("only our own export with the same parameters"), std::string::npos)
        << o.out;
  EXPECT_EQ(outcomes[1].out.find("diagnosis"), std::string::npos) << outcomes[1].out;
}

TEST_F(CheckCli, ChecksWithoutAQApplication) {
  // check draws nothing: with a Qt platform that does not exist, creating a QApplication
  // would abort (as `export --out x.png` does), so a clean exit shows none is made.
  writeNpy(m_dir / "cos.npy", {16, 8}, hfCosCache(16, 8, 10000));
  const Outcome r =
      runPosenc(ropeCos({"--against", path("cos.npy")}), {{"QT_QPA_PLATFORM", "no-such-platform"}});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST_F(CheckCli, HelpListsCheckAndItsOptions) {
  const Outcome r = runPosenc({"--help"});
  ASSERT_EQ(r.status, 0);
  for (const char* text : {"posenc check --scheme ID --view VIEW", "--against FILE[:NAME]",
                           "--rtol R", "--atol A", "check exits with 0 when every cell matches"})
    EXPECT_NE(r.out.find(text), std::string::npos) << text;
}

}  // namespace
}  // namespace posenc::test
