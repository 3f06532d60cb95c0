// SPDX-License-Identifier: GPL-3.0-or-later
// A model's layers on the command line (issue 29 item 3): `--layer N|TYPE` for export, check
// and gallery, `--view layers`, and the refusals, run as a user runs `posenc`. The models are
// published configs (tests/data/model-configs) copied as a folder's config.json; the values
// expected are the configs' as transformers reads them (configuration_gemma3.py: local layers
// rope_local_base_freq 10000 and sliding_window 1024, global ones rope_theta 1e6 with linear x8;
// configuration_llama4.py: no_rope_layers every 4th).
#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/cli_json.hpp"
#include "support/posenc_cli.hpp"

namespace posenc::test {
namespace {

namespace fs = std::filesystem;

class ModelLayerCli : public TempDirTest {
 protected:
  fs::path model(const std::string& name, const std::string& file) {
    fs::create_directories(m_dir / name);
    fs::copy_file(fs::path(POSENC_SOURCE_DIR) / "tests/data/model-configs" / file,
                  m_dir / name / "config.json");
    return m_dir / name;
  }
  Outcome run(std::vector<std::string> args) {
    return runPosenc(std::move(args), {{"HF_HUB_CACHE", (m_dir / "hub").string()}});
  }
};

TEST_F(ModelLayerCli, ExportDrawsTheLayerNamedByIndexOrType) {
  const std::string gemma = model("gemma-3-27b", "medgemma_27b_it.json").string();
  const Outcome whole = run({"export", "--model", gemma, "--view", "frequencies", "--out", "-"});
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(parseJson(whole.out)["params"].toObject()["base"].toDouble(), 1e6);  // layer 5
  for (const char* local : {"0", "sliding_attention", "12"}) {
    SCOPED_TRACE(local);
    const Outcome r =
        run({"export", "--model", gemma, "--layer", local, "--view", "frequencies", "--out", "-"});
    ASSERT_EQ(r.status, 0) << r.err;
    const QJsonObject p = parseJson(r.out)["params"].toObject();
    EXPECT_EQ(p["base"].toDouble(), 10000.0);
    EXPECT_EQ(p["scaling"].toString(), QStringLiteral("none"));
  }
  // The picture's subtitle names the layer.
  const fs::path svg = m_dir / "l0.svg";
  ASSERT_EQ(run({"export", "--model", gemma, "--layer", "0", "--view", "frequencies", "--out",
                 svg.string()})
                .status,
            0);
  EXPECT_NE(slurp(svg).find("gemma-3-27b, layer 0 of 62: sliding_attention"), std::string::npos);
  // A NoPE layer of Llama 4 is the nope scheme's.
  const std::string scout = model("scout", "llama4_scout_excerpt.json").string();
  const Outcome nope = run(
      {"export", "--model", scout, "--layer", "3", "--rows", "0:4", "--cols", "0:4", "--out", "-"});
  ASSERT_EQ(nope.status, 0) << nope.err;
  EXPECT_EQ(parseJson(nope.out)["scheme"].toString(), QStringLiteral("nope"));
}

TEST_F(ModelLayerCli, ALayerOfAModelWithATrainedTableDrawsTheCheckpoints) {
  // tests/data/arrays/model.safetensors holds wpe.weight (3 x 4, F32); GPT-2's layers all
  // draw it (configuration_gpt2.py: n_layer 2 here), whichever is named.
  const fs::path dir = m_dir / "gpt2-tiny";
  fs::create_directories(dir);
  {
    std::ofstream config(dir / "config.json");
    config << R"({"model_type": "gpt2", "n_positions": 3, "n_embd": 4, "n_layer": 2})";
  }
  fs::copy_file(fs::path(POSENC_SOURCE_DIR) / "tests/data/arrays/model.safetensors",
                dir / "model.safetensors");
  const Outcome whole =
      run({"export", "--model", dir.string(), "--view", "encoding", "--out", "-"});
  const Outcome layer1 =
      run({"export", "--model", dir.string(), "--layer", "1", "--view", "encoding", "--out", "-"});
  ASSERT_EQ(whole.status, 0) << whole.err;
  ASSERT_EQ(layer1.status, 0) << layer1.err;
  const QJsonObject a = parseJson(whole.out);
  const QJsonObject b = parseJson(layer1.out);
  EXPECT_FALSE(b.contains("random_stand_ins"));  // the checkpoint's table, not a stand-in
  EXPECT_EQ(a["data"], b["data"]);
  EXPECT_EQ(b["data"].toArray().size(), 3);
}

TEST_F(ModelLayerCli, TheLayersViewIsOneBarPerLayer) {
  const std::string gemma = model("gemma-3-27b", "medgemma_27b_it.json").string();
  const fs::path csv = m_dir / "layers.csv";
  const Outcome r = run({"export", "--model", gemma, "--view", "layers", "--out", csv.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = slurp(csv);
  EXPECT_EQ(text.rfind("x,", 0), 0U) << text.substr(0, 200);
  EXPECT_NE(text.find("\n0,1024,nan\n"), std::string::npos);    // layer 0: window 1024
  EXPECT_NE(text.find("\n5,nan,131072\n"), std::string::npos);  // layer 5: the whole context
  const fs::path png = m_dir / "layers.png";
  ASSERT_EQ(run({"export", "--model", gemma, "--view", "layers", "--lang", "zh_CN", "--out",
                 png.string()})
                .status,
            0);
  EXPECT_GT(fs::file_size(png), 1000U);
  const Outcome rows =
      run({"export", "--model", gemma, "--view", "layers", "--rows", "0:2", "--out", "-"});
  EXPECT_EQ(rows.status, 2);
  EXPECT_NE(rows.err.find("'layers' is a series"), std::string::npos) << rows.err;
}

TEST_F(ModelLayerCli, GalleryDrawsEachKindOfLayer) {
  const std::string gemma = model("gemma-3-27b", "medgemma_27b_it.json").string();
  const fs::path out = m_dir / "g";
  const Outcome r =
      run({"gallery", out.string(), "--model", gemma, "--format", "svg", "--size", "300x200"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(out / "layers.svg"));
  EXPECT_TRUE(fs::exists(out / "layer0_rope_frequencies.svg"));  // the first local layer
  EXPECT_TRUE(fs::exists(out / "layer5_rope_frequencies.svg"));  // the first global layer
  EXPECT_FALSE(fs::exists(out / "layer1_rope_frequencies.svg"));
  const fs::path one = m_dir / "one";
  ASSERT_EQ(run({"gallery", one.string(), "--model", gemma, "--layer", "7", "--format", "svg",
                 "--size", "300x200"})
                .status,
            0);
  EXPECT_TRUE(fs::exists(one / "layer7_rope_frequencies.svg"));
  EXPECT_FALSE(fs::exists(one / "layer5_rope_frequencies.svg"));
}

TEST_F(ModelLayerCli, ABadLayerIsRefusedSayingWhatIsAllowed) {
  const std::string gemma = model("gemma-3-27b", "medgemma_27b_it.json").string();
  const Outcome past = run({"export", "--model", gemma, "--layer", "62", "--out", "-"});
  EXPECT_EQ(past.status, 2);
  EXPECT_NE(past.err.find("has no layer '62': give an index from 0 to 61 or a layer type "
                          "(sliding_attention or full_attention)"),
            std::string::npos)
      << past.err;
  const Outcome alone =
      run({"export", "--scheme", "rope", "--layer", "3", "--view", "cos", "--out", "-"});
  EXPECT_EQ(alone.status, 2);
  EXPECT_NE(alone.err.find("--layer 3 picks a layer of a model"), std::string::npos) << alone.err;
  const Outcome check = run({"check", "--model", gemma, "--layer", "chunked_attention", "--view",
                             "cos", "--against", (m_dir / "x.npy").string()});
  EXPECT_EQ(check.status, 2);
  EXPECT_NE(check.err.find("has no layer 'chunked_attention'"), std::string::npos) << check.err;
  const Outcome empty = run({"gallery", "--model", gemma, "--layer", ""});
  EXPECT_EQ(empty.status, 2);
}

}  // namespace
}  // namespace posenc::test
