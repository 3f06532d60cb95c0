// SPDX-License-Identifier: GPL-3.0-or-later
// Real models on the command line (issue 16): `posenc inspect` and `posenc export --model` on
// tiny model folders written by tests/support/tiny_model.hpp for every model_type the mapping
// knows, in every dtype, sharded, and in the Hugging Face cache layout; `--table`; and how
// --model goes with the other options.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc/models/model_config.hpp"
#include "support/cli_json.hpp"
#include "support/posenc_cli.hpp"
#include "support/tiny_model.hpp"

namespace posenc::test {
namespace {

namespace fs = std::filesystem;

/// True when `scheme` has a parameter `param` in this build (learned's and t5's `table` come
/// with the trained-table schemes; the tests that read a table's values need it).
bool hasParam(const std::string& scheme, const std::string& param) {
  const auto& params = findScheme(scheme).info().params;
  return std::any_of(params.begin(), params.end(),
                     [&](const ParamSpec& p) { return p.id == param; });
}

class ModelCli : public TempDirTest {
 protected:
  /// `posenc ARGS...` with the hub cache in this test's folder (never the user's).
  Outcome run(std::vector<std::string> args) {
    return runPosenc(std::move(args), {{"HF_HUB_CACHE", (m_dir / "hub").string()}});
  }
  fs::path write(const std::string& name, const TinyModel& model, bool sharded = false) {
    writeTinyModel(m_dir / name, model, sharded);
    return m_dir / name;
  }
};

TEST_F(ModelCli, EveryModelTypeInspectsAndExportsAsItsScheme) {
  std::vector<Process> runs;
  std::vector<TinyModel> models;
  for (const std::string& type : supportedModelTypes()) {
    models.push_back(tinyModel(type));
    const fs::path dir = write(type, models.back());
    runs.push_back(posenc({"inspect", dir.string(), "--json"}));
    runs.push_back(posenc({"export", "--model", dir.string(), "--out", "-"}));
  }
  ASSERT_EQ(models.size(), 80U);  // a new model type needs its tiny model in tiny_model.hpp
  const std::vector<Outcome> outcomes = runAll(runs, 2, kPosencTimeoutSeconds);
  for (std::size_t k = 0; k < models.size(); ++k) {
    const TinyModel& m = models[k];
    const Outcome& inspect = outcomes[2 * k];
    const Outcome& draw = outcomes[2 * k + 1];
    ASSERT_EQ(inspect.status, 0) << m.modelType << ": " << inspect.err;
    ASSERT_EQ(draw.status, 0) << m.modelType << ": " << draw.err;
    const QJsonObject report = parseJson(inspect.out);
    EXPECT_EQ(report["model_type"].toString().toStdString(), m.modelType);
    EXPECT_EQ(report["scheme"].toString().toStdString(), m.scheme) << m.modelType;
    EXPECT_TRUE(report["params_error"].isNull()) << m.modelType;
    const QJsonObject mapped = report["params"].toObject();
    for (const auto& [key, value] : m.params)
      EXPECT_EQ(mapped[QString::fromStdString(key)].toString().toStdString(), value)
          << m.modelType << " " << key;
    // Every tensor the mapping asks for is in the tiny checkpoint, in the shape the config
    // gives; the export draws the mapped scheme with the mapped values.
    for (const auto& t : report["tensors"].toArray()) {
      const QJsonObject o = t.toObject();
      EXPECT_TRUE(o["found"].toBool()) << m.modelType << " " << o["role"].toString().toStdString();
      EXPECT_EQ(o["dtype"].toString(), "F32");
      if (m.scheme != "rope" && m.scheme != "alibi") {
        EXPECT_TRUE(o["shape_ok"].toBool()) << m.modelType;
      }
    }
    const QJsonObject drawn = parseJson(draw.out);
    EXPECT_EQ(drawn["scheme"].toString().toStdString(), m.scheme) << m.modelType;
    EXPECT_EQ(drawn["view"].toString().toStdString(), findScheme(m.scheme).info().views[0].id);
    const QJsonObject params = drawn["params"].toObject();
    for (const auto& [key, value] : m.params) {
      const QJsonValue v = params[QString::fromStdString(key)];
      EXPECT_EQ(v.isString() ? v.toString().toStdString() : v.toVariant().toString().toStdString(),
                value)
          << m.modelType << " " << key;
    }
  }
}

// Issue 29: the layers of a model and the values no parameter draws, in inspect's JSON and text
// (the 38 published configs of tests/data/model-configs; what each gives is checked in
// tests/core/models/model_layers_test.cpp).
TEST_F(ModelCli, InspectListsTheLayersAndTheReportedValues) {
  const fs::path configs = fs::path(POSENC_SOURCE_DIR) / "tests/data/model-configs";
  const Outcome gemma = run({"inspect", (configs / "medgemma_27b_it.json").string(), "--json"});
  ASSERT_EQ(gemma.status, 0) << gemma.err;
  const QJsonObject report = parseJson(gemma.out);
  const QJsonArray layers = report["layers"].toArray();
  ASSERT_EQ(layers.size(), 62);
  const QJsonObject local = layers[0].toObject(), global = layers[5].toObject();
  EXPECT_EQ(local["index"].toInt(), 0);
  EXPECT_EQ(local["type"].toString(), "sliding_attention");
  EXPECT_EQ(local["scheme"].toString(), "rope");
  EXPECT_EQ(local["window"].toInt(), 1024);
  EXPECT_EQ(local["params"].toObject()["base"].toString(), "10000");
  EXPECT_EQ(global["type"].toString(), "full_attention");
  EXPECT_TRUE(global["window"].isNull());
  EXPECT_EQ(global["params"].toObject()["scaling"].toString(), "linear");
  EXPECT_EQ(global["params"].toObject(), report["params"].toObject());
  const Outcome text = run({"inspect", (configs / "medgemma_27b_it.json").string()});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("layers: 52 sliding_attention: rope base=10000 "
                          "scaling=none, window 1024; 10 full_attention at 5, 11, 17, ..., 59: "
                          "rope base=1000000 scaling=linear factor=8\n"),
            std::string::npos)
      << text.out;
  const Outcome deepseek = run({"inspect", (configs / "deepseek_v3.json").string(), "--json"});
  ASSERT_EQ(deepseek.status, 0) << deepseek.err;
  const QJsonObject multiplier = parseJson(deepseek.out)["reported"].toArray()[0].toObject();
  EXPECT_EQ(multiplier["name"].toString(), "softmax_scale_multiplier");
  EXPECT_NEAR(multiplier["value"].toDouble(), 1.8738542070926265, 1e-15);
  const Outcome deepseekText = run({"inspect", (configs / "deepseek_v3.json").string()});
  EXPECT_NE(deepseekText.out.find("softmax_scale_multiplier: 1.8738"), std::string::npos)
      << deepseekText.out;
  const Outcome llama4 = run({"inspect", (configs / "llama4_scout_excerpt.json").string()});
  EXPECT_NE(llama4.out.find("12 full_attention at 3, 7, 11, ..., 47: nope (no positional "
                            "encoding)"),
            std::string::npos)
      << llama4.out;
}

TEST_F(ModelCli, InspectChecksEachTensorsShapeAgainstTheConfig) {
  TinyModel gpt2 = tinyModel("gpt2");
  gpt2.tensors[0].shape = {1024, 16};  // n_positions is 12
  const fs::path dir = write("gpt2", gpt2);
  const Outcome json = run({"inspect", dir.string(), "--json"});
  ASSERT_EQ(json.status, 0) << json.err;
  const QJsonObject t = parseJson(json.out)["tensors"].toArray()[0].toObject();
  EXPECT_FALSE(t["shape_ok"].toBool());
  EXPECT_EQ(t["expected_shape"].toArray(), (QJsonArray{12, 16}));
  EXPECT_EQ(t["shape"].toArray(), (QJsonArray{1024, 16}));
  const Outcome text = run({"inspect", dir.string()});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("wpe.weight  F32 (1024, 16)  model.safetensors  shape mismatch: "
                          "expected (12, 16) from the config"),
            std::string::npos)
      << text.out;
  const Outcome ok = run({"inspect", write("t5", tinyModel("t5")).string()});
  EXPECT_NE(ok.out.find("F32 (8, 4)  model.safetensors  shape ok"), std::string::npos) << ok.out;
  // ViT's table is (1, 197, 768) in the checkpoint: the leading 1 is not a mismatch.
  const Outcome vit = run({"inspect", write("vit", tinyModel("vit")).string()});
  EXPECT_NE(vit.out.find("(1, 10, 16)  model.safetensors  shape ok"), std::string::npos) << vit.out;
  // Transformer-XL: (heads, d_model / heads); DeBERTa: (2 * position_buckets, hidden_size).
  TinyModel xl = tinyModel("transfo-xl");
  xl.tensors[1].shape = {4, 8};
  xl.tensors[1].values.clear();
  const Outcome xlOut = run({"inspect", write("xl", xl).string()});
  EXPECT_NE(xlOut.out.find("r_w_bias  F32 (4, 4)  model.safetensors  shape ok"), std::string::npos)
      << xlOut.out;
  EXPECT_NE(xlOut.out.find("(4, 8)  model.safetensors  shape mismatch: expected (4, 4)"),
            std::string::npos)
      << xlOut.out;
  const Outcome deb = run({"inspect", write("deb", tinyModel("deberta-v2")).string()});
  EXPECT_NE(deb.out.find("(16, 16)  model.safetensors  shape ok"), std::string::npos) << deb.out;
  // A dtype the readers cannot turn into numbers is said so (drawing it is refused).
  TinyModel ints = tinyModel("gpt2");
  ints.tensors[0].dtype = "I32";
  const fs::path intsDir = write("ints", ints);
  const Outcome intText = run({"inspect", intsDir.string()});
  EXPECT_NE(intText.out.find("I32 (12, 16)  model.safetensors  shape ok; dtype I32 cannot be "
                             "drawn (F16, BF16, F32 or F64)"),
            std::string::npos)
      << intText.out;
  const Outcome intJson = run({"inspect", intsDir.string(), "--json"});
  EXPECT_FALSE(
      parseJson(intJson.out)["tensors"].toArray()[0].toObject()["drawable_dtype"].toBool(true));
  const Outcome floats = run({"inspect", m_dir.string() + "/deb", "--json"});
  EXPECT_TRUE(
      parseJson(floats.out)["tensors"].toArray()[0].toObject()["drawable_dtype"].toBool(false));
}

TEST_F(ModelCli, EveryDtypeAndAShardedCheckpoint) {
  const bool readsTable = hasParam("learned", "table");
  for (const char* dtype : {"F32", "F16", "BF16", "F64"}) {
    for (const bool sharded : {false, true}) {
      const std::string name = std::string(dtype) + (sharded ? "-sharded" : "");
      const fs::path dir = write(name, tinyModel("gpt2", dtype), sharded);
      const Outcome inspect = run({"inspect", dir.string(), "--json"});
      ASSERT_EQ(inspect.status, 0) << name << ": " << inspect.err;
      const QJsonObject report = parseJson(inspect.out);
      const QJsonObject t = report["tensors"].toArray()[0].toObject();
      EXPECT_EQ(t["dtype"].toString().toStdString(), dtype);
      EXPECT_EQ(report["checkpoint_tensors"].toInt(), 2);
      EXPECT_EQ(fs::path(t["file"].toString().toStdString()).filename(),
                sharded ? "model-00001-of-00002.safetensors" : "model.safetensors");
      const Outcome draw =
          run({"export", "--model", dir.string(), "--view", "encoding", "--out", "-"});
      ASSERT_EQ(draw.status, 0) << name << ": " << draw.err;
      const QJsonObject o = parseJson(draw.out);
      EXPECT_EQ(o["rows"].toInt(), 12);
      EXPECT_EQ(o["cols"].toInt(), 16);
      if (!readsTable) continue;  // the stand-in is drawn until learned reads tables
      // The checkpoint's own table, exactly: (i % 16 - 5) / 8 is exact in every dtype.
      EXPECT_FALSE(o["random_stand_ins"].toBool()) << name;
      const QJsonArray data = o["data"].toArray();
      for (int p = 0; p < 12; ++p)
        for (int c = 0; c < 16; ++c)
          EXPECT_EQ(data[p].toArray()[c].toDouble(),
                    tinyValue(static_cast<std::size_t>(p * 16 + c)))
              << name << " (" << p << ", " << c << ")";
    }
  }
}

TEST_F(ModelCli, RepoIdsResolveInTheHuggingFaceCacheOnly) {
  addToHubCache(m_dir / "hub", "openai-community/gpt2", tinyModel("gpt2"));
  addToHubCache(m_dir / "hub", "bloom-tiny", tinyModel("bloom"));
  const Outcome inspect = run({"inspect", "openai-community/gpt2", "--json"});
  ASSERT_EQ(inspect.status, 0) << inspect.err;
  const QJsonObject report = parseJson(inspect.out);
  EXPECT_EQ(report["repo_id"].toString(), "openai-community/gpt2");
  EXPECT_NE(report["config"].toString().toStdString().find(
                "models--openai-community--gpt2/snapshots/0123abcd/config.json"),
            std::string::npos);
  const Outcome draw =
      run({"export", "--model", "bloom-tiny", "--set", "length=6", "--view", "bias", "--out", "-"});
  ASSERT_EQ(draw.status, 0) << draw.err;
  const QJsonObject o = parseJson(draw.out);
  EXPECT_EQ(o["scheme"].toString(), "alibi");
  EXPECT_EQ(o["params"].toObject()["heads"].toInt(), 4);
  EXPECT_EQ(o["rows"].toInt(), 6);  // --set over the model's values
  const Outcome models = run({"models", "--json"});
  ASSERT_EQ(models.status, 0) << models.err;
  EXPECT_NE(models.out.find("\"repo_id\": \"bloom-tiny\""), std::string::npos);
  // Not in the cache: refused, never downloaded.
  const Outcome missing =
      run({"export", "--model", "meta-llama/Llama-3.1-8B", "--out", (m_dir / "x.json").string()});
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("models--meta-llama--Llama-3.1-8B"), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("never downloads"), std::string::npos) << missing.err;
}

/// Whether `s` holds a control character other than the newline ending each line (C0, DEL,
/// or C1 written as UTF-8).
bool hasControl(const std::string& s) {
  for (std::size_t k = 0; k < s.size(); ++k) {
    const auto u = static_cast<unsigned char>(s[k]);
    if ((u < 0x20 && u != '\n') || u == 0x7f) return true;
    if (u == 0xC2 && k + 1 < s.size() && static_cast<unsigned char>(s[k + 1]) < 0xA0) return true;
  }
  return false;
}

// Issue 27 item 7: escape sequences in config.json retitled or cleared the terminal and a
// newline forged an output line, in inspect's output, its refusals and the cache listing.
TEST_F(ModelCli, TextFromTheConfigNeverReachesTheTerminalRaw) {
  const std::string evil = R"(x\u001b]0;title\u0007\u001b[2J\u009b2J\nforged: line)";
  const std::string mapped = R"({"model_type": ")" + evil + R"(", "hidden_size": 64,
      "num_attention_heads": 4, "rope_scaling": {"rope_type": ")" +
                             evil + R"(", ")" + evil + R"(": 1}})";
  const std::string refused = R"({"model_type": ")" + evil + R"("})";
  for (const auto& [name, text] : {std::pair{"mapped", mapped}, std::pair{"refused", refused}}) {
    fs::create_directories(m_dir / name);
    std::ofstream(m_dir / name / "config.json") << text;
    const fs::path snap = m_dir / "hub" / ("models--org--" + std::string(name)) / "snapshots" / "r";
    fs::create_directories(snap);
    std::ofstream(snap / "config.json") << text;
  }
  const Outcome text = run({"inspect", (m_dir / "mapped").string()});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("model_type: x?]0;title??[2J?2J?forged: line\n"), std::string::npos)
      << text.out;
  const Outcome json = run({"inspect", (m_dir / "mapped").string(), "--json"});
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(parseJson(json.out)["model_type"].toString().toStdString(),
            "x\x1b]0;title\x07\x1b[2J\u009b2J\nforged: line");  // escaped, read back whole
  const Outcome no = run({"inspect", (m_dir / "refused").string()});
  EXPECT_EQ(no.status, 2);
  EXPECT_NE(no.err.find("model_type \"x?]0;title??[2J?2J?forged: line\" is not one"),
            std::string::npos)
      << no.err;
  const Outcome list = run({"models"});
  ASSERT_EQ(list.status, 0) << list.err;
  EXPECT_NE(list.out.find("org/refused  (not mapped: "), std::string::npos) << list.out;
  for (const Outcome* o : {&text, &json, &no, &list}) {
    EXPECT_FALSE(hasControl(o->out)) << o->out;
    EXPECT_FALSE(hasControl(o->err)) << o->err;
    EXPECT_EQ(o->out.find("\nforged"), std::string::npos) << o->out;
    EXPECT_EQ(o->err.find("\nforged"), std::string::npos) << o->err;
  }
}

TEST_F(ModelCli, AllViewsAndPicturesNameTheModel) {
  const fs::path dir = write("tiny-llama", tinyModel("llama"));
  const fs::path out = m_dir / "views";
  const Outcome all = run({"export", "--model", dir.string(), "--all-views", "--format", "svg",
                           "--out", out.string() + "/"});
  ASSERT_EQ(all.status, 0) << all.err;
  std::size_t files = 0;
  for (const auto& view : findScheme("rope").info().views) {
    const fs::path svg = out / ("rope_" + view.id + ".svg");
    ++files;
    ASSERT_TRUE(fs::exists(svg)) << svg;
  }
  EXPECT_EQ(static_cast<std::size_t>(std::distance(fs::directory_iterator(out), {})), files);
  // The subtitle starts with the model's folder name (a picture of the scheme alone has none).
  const std::string svg = slurp(out / "rope_frequencies.svg");
  EXPECT_NE(svg.find("tiny-llama"), std::string::npos);
  const fs::path plain = m_dir / "plain.svg";
  ASSERT_EQ(
      run({"export", "--scheme", "rope", "--view", "frequencies", "--out", plain.string()}).status,
      0);
  EXPECT_EQ(slurp(plain).find("tiny-llama"), std::string::npos);
}

TEST_F(ModelCli, ModelGoesWithSetAndItsOwnSchemeOnly) {
  const fs::path dir = write("gpt2", tinyModel("gpt2"));
  const Outcome same =
      run({"export", "--model", dir.string(), "--scheme", "learned", "--out", "-"});
  EXPECT_EQ(same.status, 0) << same.err;
  const Outcome other = run({"export", "--model", dir.string(), "--scheme", "rope", "--view", "cos",
                             "--out", (m_dir / "x.json").string()});
  EXPECT_EQ(other.status, 2);
  EXPECT_NE(other.err.find("--scheme rope does not match the scheme of model"), std::string::npos)
      << other.err;
  EXPECT_NE(other.err.find("(learned)"), std::string::npos) << other.err;
  for (const char* source : {"--session", "--preset"}) {
    const Outcome both =
        run({"export", "--model", dir.string(), source, "x", "--out", (m_dir / "x.json").string()});
    EXPECT_EQ(both.status, 2) << source;
    EXPECT_NE(both.err.find("give either --model PATH or " + std::string(source)),
              std::string::npos)
        << both.err;
  }
  const Outcome badSet = run(
      {"export", "--model", dir.string(), "--set", "dim=0", "--out", (m_dir / "x.json").string()});
  EXPECT_EQ(badSet.status, 2);
  EXPECT_NE(badSet.err.find("dim"), std::string::npos) << badSet.err;
  // A value of the config the scheme refuses names the model and how to override it.
  TinyModel wide = tinyModel("gpt2");
  wide.config = R"({"model_type": "gpt2", "n_positions": 12, "n_embd": 99999})";
  const fs::path wideDir = write("wide", wide);
  const Outcome refused =
      run({"export", "--model", wideDir.string(), "--out", (m_dir / "x.json").string()});
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("model " + wideDir.string() + ": "), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--set dim=VALUE overrides it"), std::string::npos) << refused.err;
  EXPECT_EQ(run({"export", "--model", wideDir.string(), "--set", "dim=16", "--out",
                 (m_dir / "x.json").string()})
                .status,
            0);
  EXPECT_EQ(run({"export", "--model", "", "--out", (m_dir / "x.json").string()}).status, 2);
}

TEST_F(ModelCli, TableIsRefusedForASchemeWithoutOne) {
  const fs::path file = m_dir / "t.safetensors";
  writeFile(file, safetensorsBytes({{"wpe.weight", "F32", {12, 16}, {}}}));
  const Outcome r = run({"export", "--scheme", "rope", "--table", file.string() + ":wpe.weight",
                         "--view", "cos", "--out", (m_dir / "x.json").string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--table: scheme rope has no table parameter (schemes with one: "),
            std::string::npos)
      << r.err;
  for (const auto& s : allSchemes())
    if (hasParam(s->info().id, "table")) {
      EXPECT_NE(r.err.find(s->info().id), std::string::npos) << r.err;
    }
  const Outcome twice =
      run({"export", "--scheme", "learned", "--table", file.string(), "--set",
           "table=" + file.string(), "--view", "encoding", "--out", (m_dir / "x.json").string()});
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.err.find("both give the table; give it once"), std::string::npos) << twice.err;
}

TEST_F(ModelCli, TableDrawsTheFilesTensor) {
  if (!hasParam("learned", "table")) GTEST_SKIP() << "learned has no table parameter yet";
  const fs::path file = m_dir / "t.safetensors";
  writeFile(file, safetensorsBytes(
                      {{"wpe.weight", "BF16", {12, 16}, {}}, {"wte.weight", "F32", {3, 16}, {}}}));
  const Outcome r = run({"export", "--scheme", "learned", "--set", "max_len=12", "--set", "dim=16",
                         "--set", "length=12", "--table", file.string() + ":wpe.weight", "--view",
                         "encoding", "--out", "-"});
  ASSERT_EQ(r.status, 0) << r.err;
  const QJsonObject o = parseJson(r.out);
  EXPECT_EQ(o["data"].toArray()[11].toArray()[15].toDouble(), tinyValue(11 * 16 + 15));
}

}  // namespace
}  // namespace posenc::test
