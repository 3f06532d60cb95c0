// SPDX-License-Identifier: GPL-3.0-or-later
// Picking one layer of a model (model_config.hpp findLayer, layerSetup, longRangeLayer,
// drawnModel) and the layers view (layerKinds, layersView): what `--layer` and the window's
// layer chooser both go through. The layer lists themselves are model_layers_test.cpp's; the
// numbers expected here are the configs' (tests/data/model-configs), as transformers reads them
// (the configuration_*.py named in model_layers_test.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc/models/model_config.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;

const fs::path kConfigs = fs::path(POSENC_TEST_DATA_DIR) / "model-configs";

ModelMapping mapFile(const std::string& name) {
  std::ifstream in(kConfigs / name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return mapConfig(s.str(), name);
}

std::string value(const ParamAssignments& params, const std::string& key) {
  std::string v = "(absent)";
  for (const auto& [k, text] : params)
    if (k == key) v = text;
  return v;
}

/// A setup as modelSetup makes it, from the mapping alone (no files).
ModelSetup setupOf(const std::string& file, const std::string& label) {
  ModelSetup s;
  s.label = label;
  s.report.mapping = mapFile(file);
  s.scheme = s.report.mapping->scheme;
  s.params = s.report.mapping->params;
  return s;
}

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelError& e) {
    return e.what();
  }
  return "(not refused)";
}

TEST(LayerChoice, FindLayerTakesAnIndexOrAType) {
  // Gemma 3 27B: layer_types sliding x5, full (configuration_gemma3.py sliding_window_pattern 6).
  const ModelMapping m = mapFile("medgemma_27b_it.json");
  ASSERT_EQ(m.layers.size(), 62U);
  EXPECT_EQ(findLayer(m, "0", "gemma"), 0);
  EXPECT_EQ(findLayer(m, "61", "gemma"), 61);
  EXPECT_EQ(findLayer(m, "sliding_attention", "gemma"), 0);
  EXPECT_EQ(findLayer(m, "full_attention", "gemma"), 5);
}

TEST(LayerChoice, FindLayerRefusesSayingWhatIsAllowed) {
  const ModelMapping m = mapFile("medgemma_27b_it.json");
  for (const char* bad :
       {"62", "-1", "5x", "", " 5", "1e3", "chunked_attention", "99999999999999999999"}) {
    SCOPED_TRACE(bad);
    const std::string why = refusal([&] { (void)findLayer(m, bad, "gemma"); });
    EXPECT_NE(why.find("gemma has no layer '"), std::string::npos) << why;
    EXPECT_NE(why.find("from 0 to 61"), std::string::npos) << why;
    EXPECT_NE(why.find("sliding_attention or full_attention"), std::string::npos) << why;
  }
  // A value from outside is filtered before it is said.
  const std::string why = refusal([&] { (void)findLayer(m, "\x1b[2Jx", "gemma"); });
  EXPECT_EQ(why.find('\x1b'), std::string::npos) << why;
  ModelMapping none = m;
  none.layers.clear();
  EXPECT_NE(refusal([&] { (void)findLayer(none, "0", "t5"); }).find("t5 lists no layers"),
            std::string::npos);
}

TEST(LayerChoice, TheLongRangeLayerIsTheOneTheMappingDraws) {
  // Gemma 3: the first global layer; Llama 4: its full layers have no RoPE, so the first
  // chunked one; Qwen3-Next: full attention every 4th; gpt-oss: layer 1 (sliding first).
  EXPECT_EQ(longRangeLayer(mapFile("medgemma_27b_it.json")), 5);
  EXPECT_EQ(longRangeLayer(mapFile("llama4_scout_excerpt.json")), 0);
  EXPECT_EQ(longRangeLayer(mapFile("qwen3_next_80b_a3b.json")), 3);
  EXPECT_EQ(longRangeLayer(mapFile("gpt_oss_20b.json")), 1);
  EXPECT_EQ(longRangeLayer(mapFile("deepseek_v3.json")), 0);
  // Over every file: that layer's scheme and parameters are the mapping's own.
  for (const auto& entry : fs::directory_iterator(kConfigs)) {
    if (entry.path().extension() != ".json") continue;
    const std::string name = entry.path().filename().string();
    SCOPED_TRACE(name);
    const ModelMapping m = mapFile(name);
    const auto i = longRangeLayer(m);
    if (m.layers.empty()) {
      EXPECT_FALSE(i.has_value());
      continue;
    }
    ASSERT_TRUE(i.has_value());
    const ModelLayer& l = m.layers[static_cast<std::size_t>(*i)];
    EXPECT_EQ(l.scheme, m.scheme);
    for (const auto& [k, v] : m.params) EXPECT_EQ(value(l.params, k), v) << k;
  }
}

TEST(LayerChoice, LayerSetupDrawsThatLayer) {
  const ModelSetup whole = setupOf("medgemma_27b_it.json", "medgemma-27b-it");
  // configuration_gemma3.py: rope_local_base_freq 10000 on sliding layers; rope_theta 1e6 with
  // rope_scaling linear x8 on full ones.
  const ModelSetup local = layerSetup(whole, 0);
  EXPECT_EQ(local.scheme, "rope");
  EXPECT_EQ(value(local.params, "base"), "10000");
  EXPECT_EQ(value(local.params, "scaling"), "none");
  EXPECT_EQ(local.layer, 0);
  EXPECT_EQ(local.label, "medgemma-27b-it");
  const ModelSetup global = layerSetup(whole, 5);
  EXPECT_EQ(value(global.params, "base"), "1000000");
  EXPECT_EQ(value(global.params, "scaling"), "linear");
  EXPECT_EQ(value(global.params, "factor"), "8");
  for (const ModelSetup* s : {&local, &global})
    EXPECT_NO_THROW((void)makeParams(findScheme(s->scheme), s->params));
  // Llama 4: every 4th layer has no positional encoding (configuration_llama4.py
  // no_rope_layers).
  const ModelSetup nope = layerSetup(setupOf("llama4_scout_excerpt.json", "scout"), 3);
  EXPECT_EQ(nope.scheme, "nope");
  EXPECT_EQ(value(nope.params, "base"), "(absent)");
  EXPECT_NO_THROW((void)makeParams(findScheme(nope.scheme), nope.params));
  EXPECT_NE(refusal([&] { (void)layerSetup(whole, 62); }).find("from 0 to 61"), std::string::npos);
  EXPECT_NE(refusal([&] { (void)layerSetup(whole, -1); }).find("from 0 to 61"), std::string::npos);
}

TEST(LayerChoice, LayerSetupKeepsTheCheckpointsTablesForTheModelsScheme) {
  // GPT-2's table comes from the checkpoint: modelSetup sets `table` to FILE:NAME of the tensor
  // found; every layer of the same scheme draws it, whichever setup of the model it starts from.
  ModelSetup whole = setupOf("distilgpt2_legacy.json", "distilgpt2");
  ASSERT_EQ(whole.scheme, "learned");
  ASSERT_GE(whole.report.mapping->layers.size(), 2U);
  ASSERT_FALSE(whole.report.mapping->tensors.empty());
  TensorFound t;
  t.found = true;
  t.name = "transformer.wpe.weight";
  t.file = "/m/model.safetensors";
  whole.report.tensors.push_back(t);
  const ModelSetup l1 = layerSetup(whole, 1);
  EXPECT_EQ(value(l1.params, "table"), "/m/model.safetensors:transformer.wpe.weight");
  EXPECT_EQ(value(layerSetup(l1, 0).params, "table"), value(l1.params, "table"));
  // Not found in the checkpoint: no table (the scheme draws its stand-in).
  whole.report.tensors.front().found = false;
  EXPECT_EQ(value(layerSetup(whole, 1).params, "table"), "(absent)");
}

TEST(LayerChoice, DrawnModelNamesTheLayer) {
  const ModelSetup whole = setupOf("medgemma_27b_it.json", "google/medgemma-27b-it");
  EXPECT_EQ(drawnModel(whole).english(), "google/medgemma-27b-it");
  EXPECT_EQ(drawnModel(layerSetup(whole, 5)).english(),
            "google/medgemma-27b-it, layer 5 of 62: full_attention");
  EXPECT_EQ(drawnModel(layerSetup(whole, 0)).english(),
            "google/medgemma-27b-it, layer 0 of 62: sliding_attention");
}

TEST(LayerChoice, KindsGroupAlikeLayers) {
  const std::vector<LayerKind> gemma = layerKinds(mapFile("medgemma_27b_it.json"));
  ASSERT_EQ(gemma.size(), 2U);
  EXPECT_EQ(gemma[0].type, "sliding_attention");
  EXPECT_EQ(gemma[0].indices.size(), 52U);
  EXPECT_EQ(gemma[0].window, 1024);
  EXPECT_EQ(gemma[1].type, "full_attention");
  EXPECT_EQ(gemma[1].indices, (std::vector<std::int64_t>{5, 11, 17, 23, 29, 35, 41, 47, 53, 59}));
  EXPECT_FALSE(gemma[1].window.has_value());
  EXPECT_EQ(gemma[0].label.english().rfind("sliding_attention: rope", 0), 0U)
      << gemma[0].label.english();
  EXPECT_NE(gemma[0].label.english().find("window 1024"), std::string::npos);
  const std::vector<LayerKind> scout = layerKinds(mapFile("llama4_scout_excerpt.json"));
  ASSERT_EQ(scout.size(), 2U);
  EXPECT_EQ(scout[1].scheme, "nope");
  EXPECT_EQ(scout[1].indices.front(), 3);
  EXPECT_EQ(scout[1].label.english(), "full_attention: nope (no positional encoding)");
  EXPECT_EQ(layerKinds(mapFile("deepseek_v3.json")).size(), 1U);
}

TEST(LayerChoice, TheLayersViewIsOneBarPerLayerAsFarAsItReaches) {
  const ModelMapping m = mapFile("medgemma_27b_it.json");
  const LayersView v = layersView(m, "gemma");
  EXPECT_EQ(v.spec.id, "layers");
  EXPECT_EQ(v.spec.kind, ViewKind::Series);
  EXPECT_TRUE(v.spec.bars && v.spec.disjointBars && v.spec.logY);
  ASSERT_EQ(v.series.x.size(), 62U);
  EXPECT_EQ(v.series.x[61], 61.0);
  ASSERT_EQ(v.series.curves.size(), 2U);
  const std::vector<double>& local = v.series.curves[0].y;
  const std::vector<double>& global = v.series.curves[1].y;
  // sliding_window 1024; the global layers reach the context (max_position_embeddings 131072).
  EXPECT_EQ(local[0], 1024.0);
  EXPECT_TRUE(std::isnan(local[5]));
  EXPECT_EQ(global[5], 131072.0);
  EXPECT_TRUE(std::isnan(global[0]));
  // Each layer has exactly one bar.
  for (std::size_t i = 0; i < 62; ++i) EXPECT_NE(std::isnan(local[i]), std::isnan(global[i])) << i;
  // Llama 4: chunks of 8192 (attention_chunk_size) on RoPE layers, the NoPE layers reach all.
  const LayersView scout = layersView(mapFile("llama4_scout_excerpt.json"), "scout");
  ASSERT_EQ(scout.series.curves.size(), 2U);
  EXPECT_EQ(scout.series.curves[0].y[0], 8192.0);
  EXPECT_EQ(scout.series.curves[1].y[3], 1048576.0);
  ModelMapping none = m;
  none.layers.clear();
  EXPECT_NE(refusal([&] { (void)layersView(none, "t5"); }).find("lists no layers"),
            std::string::npos);
}

}  // namespace
}  // namespace posenc
