// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile and broken model files through the command line (issue 16): `posenc inspect` and
// `posenc export --model` refuse each with exit status 2 and one message naming the file and
// the reason, never a crash. tests/core/models/tensor_file_test.cpp checks the readers themselves
// on every truncation and hostile header; here each kind of damage goes through the whole command.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "support/posenc_cli.hpp"
#include "support/tiny_model.hpp"

namespace posenc::test {
namespace {

namespace fs = std::filesystem;

/// A safetensors file of this header text and `dataBytes` bytes of data (zeros).
std::string withHeader(const std::string& header, std::size_t dataBytes) {
  std::string out;
  for (int k = 0; k < 8; ++k) out.push_back(static_cast<char>((header.size() >> (8 * k)) & 0xff));
  return out + header + std::string(dataBytes, '\0');
}

/// A GPT-2 table entry of this header.
std::string wpe(const std::string& dtype, const std::string& shape, const std::string& offsets) {
  return R"("wpe.weight":{"dtype":")" + dtype + R"(","shape":)" + shape + R"(,"data_offsets":)" +
         offsets + "}";
}

/// One kind of damage: the checkpoint's bytes and a phrase of the reason.
struct Damage {
  const char* what;
  std::string bytes;
  const char* reason;
};

std::vector<Damage> damages() {
  std::string longHeader = withHeader("{}", 0);
  longHeader[0] = static_cast<char>(0xe8);  // 1000 bytes of header in a 10-byte file
  longHeader[1] = static_cast<char>(0x03);
  std::string hugeLength = withHeader("{}", 0);
  hugeLength[7] = static_cast<char>(0x7f);  // a header length near 2^63
  return {
      {"an empty file", "", "too short for a safetensors file"},
      {"a header length beyond the file", longHeader, "header"},
      {"a header length near 2^63", hugeLength, "header"},
      {"offsets outside the data", withHeader("{" + wpe("F32", "[12,16]", "[0,768]") + "}", 64),
       "its data ends at byte 768 but the data section has 64 bytes"},
      {"overlapping offsets",
       withHeader("{" + wpe("F32", "[2]", "[0,8]") +
                      R"(,"b":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
                  8),
       "overlap"},
      {"a shape that does not match its bytes",
       withHeader("{" + wpe("F32", "[12,16]", "[0,8]") + "}", 8), "needs 768 bytes"},
      {"a huge shape", withHeader("{" + wpe("F32", "[4294967296,4294967296]", "[0,8]") + "}", 8),
       "too large"},
      {"a negative shape", withHeader("{" + wpe("F32", "[-12,16]", "[0,8]") + "}", 8),
       "whole numbers"},
      {"a header that is not JSON", withHeader("{\"wpe.weight\": [", 0), "JSON"},
      {"a header that is not UTF-8",
       withHeader("{\"wpe\xff\xfe\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]}}", 4),
       "JSON"},
      {"a header that is a list", withHeader("[1, 2]", 0), "not a JSON object"},
      {"offsets begin > end", withHeader("{" + wpe("F32", "[2]", "[8,0]") + "}", 8),
       "begin <= end"},
  };
}

class ModelBroken : public TempDirTest {
 protected:
  /// A GPT-2 folder with this checkpoint.
  fs::path gpt2With(const std::string& name, const std::string& checkpoint) {
    const fs::path dir = m_dir / name;
    writeFile(dir / "config.json", tinyModel("gpt2").config);
    writeFile(dir / "model.safetensors", checkpoint);
    return dir;
  }
  /// Runs every command; each must be refused with exit 2 naming `file` and `reason`.
  static void expectRefused(const std::vector<std::vector<std::string>>& commands,
                            const std::vector<std::string>& files,
                            const std::vector<std::string>& reasons) {
    std::vector<Process> runs;
    for (const auto& c : commands) runs.push_back(posenc(c, {{"HF_HUB_CACHE", "/nonexistent"}}));
    const auto outcomes = runAll(runs, 2, kPosencTimeoutSeconds);
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
      const Outcome& r = outcomes[k];
      std::string command;
      for (const std::string& a : commands[k]) command += a + " ";
      EXPECT_FALSE(r.crashed()) << command;
      EXPECT_EQ(r.status, 2) << command << ": " << r.err;
      EXPECT_NE(r.err.find(files[k]), std::string::npos) << command << ": " << r.err;
      EXPECT_NE(r.err.find(reasons[k]), std::string::npos) << command << ": " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;  // one line
      EXPECT_TRUE(r.out.empty()) << command;
    }
  }
};

TEST_F(ModelBroken, DamagedCheckpointsAreRefusedNamingTheFileAndTheReason) {
  std::vector<std::vector<std::string>> commands;
  std::vector<std::string> files, reasons;
  int k = 0;
  for (const Damage& d : damages()) {
    const fs::path dir = gpt2With("m" + std::to_string(k++), d.bytes);
    const std::string file = (dir / "model.safetensors").string();
    for (auto c : {std::vector<std::string>{"inspect", dir.string(), "--json"},
                   {"export", "--model", dir.string(), "--out", (dir / "x.png").string()},
                   {"export", "--model", file, "--view", "encoding", "--out", "-"}}) {
      commands.push_back(std::move(c));
      files.push_back(file);
      reasons.emplace_back(d.reason);
    }
  }
  expectRefused(commands, files, reasons);
  for (int j = 0; j < k; ++j) EXPECT_FALSE(fs::exists(m_dir / ("m" + std::to_string(j)) / "x.png"));
}

TEST_F(ModelBroken, BrokenConfigsAndShardsAreRefused) {
  const fs::path good = m_dir / "good.safetensors";
  writeFile(good, safetensorsBytes(tinyModel("gpt2").tensors));
  std::vector<std::vector<std::string>> commands;
  std::vector<std::string> files, reasons;
  const auto both = [&](const fs::path& dir, const fs::path& file, const std::string& reason) {
    for (auto c : {std::vector<std::string>{"inspect", dir.string()},
                   {"export", "--model", dir.string(), "--out", (m_dir / "x.json").string()}}) {
      commands.push_back(std::move(c));
      files.push_back(file.string());
      reasons.push_back(reason);
    }
  };
  // config.json: not JSON, not UTF-8, no model_type, a model_type we do not map, a number as text.
  const std::vector<std::pair<std::string, std::string>> configs = {
      {"{\"model_type\": \"gpt2\", ", "not a config.json: JSON error at line 1, column 24: "},
      {"{\"model_type\": \"gpt\xff\"}", "not a config.json: JSON error at line 1, column 20: "},
      {"{\"n_positions\": 12}", "model_type \"(none)\" is not one we can map"},
      {"{\"model_type\": \"mamba\"}", "model_type \"mamba\" is not one we can map"},
      {R"({"model_type": "gpt2", "n_positions": "12", "n_embd": 16})",
       "n_positions = \"12\": must be a number"},
  };
  for (std::size_t k = 0; k < configs.size(); ++k) {
    const fs::path dir = m_dir / ("c" + std::to_string(k));
    writeFile(dir / "config.json", configs[k].first);
    writeFile(dir / "model.safetensors", slurp(good));
    both(dir, dir / "config.json", configs[k].second);
  }
  // A sharded checkpoint: a missing shard, a shard outside the folder, an index not JSON.
  const TinyModel gpt2 = tinyModel("gpt2");
  const fs::path missing = m_dir / "missing";
  writeTinyModel(missing, gpt2, true);
  fs::remove(missing / "model-00002-of-00002.safetensors");
  both(missing, missing / "model-00002-of-00002.safetensors", "");
  const fs::path outside = m_dir / "outside";
  writeTinyModel(outside, gpt2, true);
  writeFile(outside / "model.safetensors.index.json",
            R"({"weight_map": {"wpe.weight": "../good.safetensors"}})");
  both(outside, outside / "model.safetensors.index.json", "../good.safetensors");
  const fs::path notJson = m_dir / "notjson";
  writeTinyModel(notJson, gpt2, true);
  writeFile(notJson / "model.safetensors.index.json", "{\"weight_map\": ");
  both(notJson, notJson / "model.safetensors.index.json", "");
  // A lone checkpoint without config.json: the scheme is unknown.
  commands.push_back({"export", "--model", good.string(), "--out", (m_dir / "x.json").string()});
  files.push_back(good.string());
  reasons.emplace_back("there is no config.json beside the checkpoint");
  expectRefused(commands, files, reasons);
}

/// True when learned reads its table from a file (its `table` parameter).
bool learnedReadsTables() {
  const auto& params = findScheme("learned").info().params;
  return std::any_of(params.begin(), params.end(),
                     [](const ParamSpec& p) { return p.id == "table"; });
}

TEST_F(ModelBroken, TablesThatCannotBeDrawnAreRefused) {
  if (!learnedReadsTables()) GTEST_SKIP() << "learned has no table parameter yet";
  std::vector<std::vector<std::string>> commands;
  std::vector<std::string> files, reasons;
  const auto add = [&](const std::string& name, TinyTensor t, const std::string& reason) {
    TinyModel m = tinyModel("gpt2");
    m.tensors[0] = std::move(t);
    const fs::path dir = m_dir / name;
    writeTinyModel(dir, m);
    const std::string file = (dir / "model.safetensors").string();
    commands.push_back({"export", "--model", dir.string(), "--out", "-"});
    commands.push_back({"export", "--scheme", "learned", "--table", file + ":wpe.weight", "--view",
                        "encoding", "--out", "-"});
    for (int k = 0; k < 2; ++k) {
      files.push_back(file);
      reasons.push_back(reason);
    }
  };
  std::vector<double> nan(12 * 16, 0.5), inf(12 * 16, 0.5);
  nan[37] = std::numeric_limits<double>::quiet_NaN();
  inf[0] = -std::numeric_limits<double>::infinity();
  add("nan", {"wpe.weight", "F32", {12, 16}, nan}, "NaN or infinite");
  add("inf", {"wpe.weight", "F16", {12, 16}, inf}, "NaN or infinite");
  add("dtype", {"wpe.weight", "Q9", {12, 16}, {}}, "dtype Q9 is not a float type");
  add("ints", {"wpe.weight", "I32", {12, 16}, {}}, "dtype I32 is not a float type");
  // A truncated .npz (half of a NumPy-written archive).
  const std::string npz = slurp(fs::path(POSENC_SOURCE_DIR) / "tests/data/arrays/stored.npz");
  ASSERT_FALSE(npz.empty());
  const fs::path cut = m_dir / "cut.npz";
  writeFile(cut, npz.substr(0, npz.size() / 2));
  commands.push_back({"export", "--scheme", "learned", "--table", cut.string(), "--view",
                      "encoding", "--out", "-"});
  files.push_back(cut.string());
  reasons.emplace_back("");
  expectRefused(commands, files, reasons);
}

}  // namespace
}  // namespace posenc::test
