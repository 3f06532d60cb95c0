// SPDX-License-Identifier: GPL-3.0-or-later
// The 38 published configs of tests/data/model-configs (provenance in its SOURCES.md), each read
// with the values Hugging Face transformers' code gives: the scheme and its parameters, and the
// whole layer list. Every expectation below is derived from the transformers source named in
// its comment (docs/models.md lists the files), not from our output. Then properties over every
// file, and configs written in v4 (rope_theta / rope_scaling) and v5 (rope_parameters) form that
// must map alike.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "posenc/models/model_config.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;

const fs::path kConfigs = fs::path(POSENC_TEST_DATA_DIR) / "model-configs";

std::string fileText(const std::string& name) {
  std::ifstream in(kConfigs / name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ModelMapping mapFile(const std::string& name) { return mapConfig(fileText(name), name); }

/// The value of `key` in `params` (the last one), or "(absent)".
std::string value(const ParamAssignments& params, const std::string& key) {
  std::string v = "(absent)";
  for (const auto& [k, text] : params)
    if (k == key) v = text;
  return v;
}

/// What a file must map to: the top-level scheme and parameters (a subset: the keys named
/// must have these values; "(absent)" says a key must not be set), the layer count, and each
/// layer's type, scheme, window and parameters as a function of its index.
struct LayerWant {
  std::string type;
  std::string scheme;
  std::optional<std::int64_t> window;
  std::map<std::string, std::string> params;  ///< A subset, as for the top level.
};

struct Want {
  std::string file;
  std::string modelType;
  std::string scheme;
  std::map<std::string, std::string> params;
  std::int64_t layers = 0;
  std::function<LayerWant(std::int64_t)> layer;
};

/// Every layer alike: type full_attention, the model's scheme, no window, the top parameters.
std::function<LayerWant(std::int64_t)> alike(const std::string& scheme,
                                             std::map<std::string, std::string> p = {}) {
  return [=](std::int64_t) { return LayerWant{"full_attention", scheme, std::nullopt, p}; };
}

// One row a file, as data (kept out of any function body).
const std::vector<Want> kWants = {
    // modeling_albert.py AlbertEmbeddings: nn.Embedding(max_position_embeddings,
    // embedding_size) = (512, 128).
    {"albert_base_v2_ft.json",
     "albert",
     "learned",
     {{"dim", "128"}, {"max_len", "512"}, {"offset", "(absent)"}},
     12,
     alike("learned")},
    {"bert_base_uncased_ft.json",
     "bert",
     "learned",
     {{"dim", "768"}, {"max_len", "512"}},
     12,
     alike("learned")},
    // modeling_bloom.py build_alibi_tensor over n_head = num_attention_heads = 112.
    {"bloom_176b.json", "bloom", "alibi", {{"heads", "112"}}, 70, alike("alibi")},
    // THUDM chatglm2-6b modeling_chatglm.py: rotary_dim = kv_channels = 128,
    // RotaryEmbedding(rotary_dim // 2): theta over 64 dims, 10000 * rope_ratio (absent: 1),
    // apply_rotary_pos_emb rotates x[..., :64] in (2k, 2k+1) pairs; seq_length 32768.
    {"chatglm2_6b.json",
     "chatglm",
     "rope",
     {{"dim", "128"},
      {"partial_rotary_factor", "0.5"},
      {"layout", "interleaved"},
      {"base", "10000"},
      {"length", "32768"},
      {"scaling", "none"}},
     28,
     alike("rope", {{"dim", "128"}})},
    // configuration_llama.py: head_dim = 4096 // 32; rope_theta 1e6.
    {"codellama_7b_excerpt.json",
     "llama",
     "rope",
     {{"dim", "128"}, {"base", "1000000"}, {"length", "16384"}, {"scaling", "none"}},
     32,
     alike("rope")},
    {"deberta_v3_base_ft.json", "deberta-v2", "deberta", {}, 12, alike("deberta")},
    // configuration_deepseek_v2.py / modeling_deepseek_v2.py: RoPE over qk_rope_head_dim 64,
    // interleaved (rope_interleave default), yarn factor 40 over original 4096, mscale 0.707.
    {"deepseek_v2_lite_excerpt.json",
     "deepseek_v2",
     "rope",
     {{"dim", "64"},
      {"layout", "interleaved"},
      {"base", "10000"},
      {"scaling", "yarn"},
      {"factor", "40"},
      {"train_length", "4096"},
      {"mscale", "0.707"},
      {"mscale_all_dim", "0.707"},
      {"beta_fast", "32"},
      {"beta_slow", "1"}},
     27,
     alike("rope", {{"dim", "64"}})},
    {"deepseek_v3.json",
     "deepseek_v3",
     "rope",
     {{"dim", "64"},
      {"layout", "interleaved"},
      {"base", "10000"},
      {"scaling", "yarn"},
      {"factor", "40"},
      {"train_length", "4096"},
      {"mscale", "1"},
      {"mscale_all_dim", "1"},
      {"length", "163840"}},
     61,
     alike("rope", {{"scaling", "yarn"}})},
    // No model_type: architectures GPT2LMHeadModel -> gpt2; wpe is (n_positions, n_embd).
    {"distilgpt2_legacy.json",
     "gpt2",
     "learned",
     {{"dim", "768"}, {"max_len", "1024"}},
     6,
     alike("learned")},
    // modeling_electra.py ElectraEmbeddings: (max_position_embeddings, embedding_size).
    {"electra_small_discriminator.json",
     "electra",
     "learned",
     {{"dim", "128"}, {"max_len", "512"}},
     12,
     alike("learned")},
    {"flan_t5_large_resaved.json", "t5", "t5", {{"heads", "16"}}, 24, alike("t5")},
    // configuration_gemma2.py: layer_types "sliding_attention" if bool((i + 1) % 2): even
    // indices slide over sliding_window 4096; one rotary embedding (rope_theta) for all.
    {"gemma2_9b_it_excerpt.json",
     "gemma2",
     "rope",
     {{"dim", "256"}, {"base", "10000"}, {"length", "8192"}},
     42,
     [](std::int64_t i) {
       // The window in the layer's parameters (masking_utils.py sliding_window_overlay).
       return i % 2 == 0
                  ? LayerWant{"sliding_attention",
                              "rope",
                              4096,
                              {{"base", "10000"}, {"window", "4096"}, {"window_kind", "sliding"}}}
                  : LayerWant{"full_attention",
                              "rope",
                              std::nullopt,
                              {{"base", "10000"}, {"window", "(absent)"}}};
     }},
    // configuration_gemma4.py + modeling_gemma4.py Gemma4TextRotaryEmbedding: sliding layers
    // default RoPE base 10000 over head_dim 256; full layers rope_type proportional base 1e6
    // over global_head_dim 512 (head_dim_key="global_head_dim"), partial_rotary_factor 0.25.
    {"gemma4_26b_a4b_v5.json",
     "gemma4",
     "rope",
     {{"dim", "512"},
      {"base", "1000000"},
      {"partial_rotary_factor", "0.25"},
      {"partial_rotary", "proportional"},
      {"scaling", "none"},
      {"length", "262144"}},
     30,
     [](std::int64_t i) {
       if ((i + 1) % 6 == 0)
         return LayerWant{"full_attention",
                          "rope",
                          std::nullopt,
                          {{"dim", "512"},
                           {"base", "1000000"},
                           {"partial_rotary", "proportional"},
                           {"window", "(absent)"}}};
       return LayerWant{"sliding_attention",
                        "rope",
                        1024,
                        {{"dim", "256"},
                         {"base", "10000"},
                         {"partial_rotary", "(absent)"},
                         {"partial_rotary_factor", "(absent)"},
                         {"scaling", "none"},
                         {"window", "1024"},
                         {"window_kind", "sliding"}}};
     }},
    // GLM-5 (glm_moe_dsa): MLA, qk_rope_head_dim 64, rope_interleave true, default RoPE 1e6.
    {"glm5_v5.json",
     "glm_moe_dsa",
     "rope",
     {{"dim", "64"}, {"layout", "interleaved"}, {"base", "1000000"}, {"scaling", "none"}},
     78,
     alike("rope", {{"dim", "64"}})},
    // configuration_gpt_oss.py: layer_types alternate sliding (128) / full; one yarn rotary
    // embedding (modeling_gpt_oss.py) with truncate false, over head_dim 64.
    {"gpt_oss_20b.json",
     "gpt_oss",
     "rope",
     {{"dim", "64"},
      {"base", "150000"},
      {"scaling", "yarn"},
      {"factor", "32"},
      {"train_length", "4096"},
      {"truncate", "false"},
      {"beta_fast", "32"},
      {"beta_slow", "1"},
      {"window", "(absent)"}},
     24,
     [](std::int64_t i) {
       std::map<std::string, std::string> p = {{"scaling", "yarn"}, {"factor", "32"}};
       if (i % 2 != 0) return LayerWant{"full_attention", "rope", std::nullopt, p};
       p["window"] = "128";
       p["window_kind"] = "sliding";
       return LayerWant{"sliding_attention", "rope", 128, p};
     }},
    // configuration_gptj.py: rotary_dim 64 of n_embd / n_head = 256; rotate_every_two.
    {"gptj_6b_early.json",
     "gptj",
     "rope",
     {{"dim", "256"},
      {"partial_rotary_factor", "0.25"},
      {"layout", "interleaved"},
      {"length", "2048"}},
     28,
     alike("rope")},
    // InternLM's remote code reads rope_scaling {"type": "dynamic", "factor": 1.0}.
    {"internlm2_chat_7b_early.json",
     "internlm",
     "rope",
     {{"dim", "128"},
      {"base", "1000000"},
      {"scaling", "dynamic"},
      {"factor", "1"},
      {"length", "32768"}},
     32,
     alike("rope")},
    // Kimi K2 ships DeepSeek-V3's code: RoPE over qk_rope_head_dim 64 (not 7168 / 64 = 112);
    // yarn with beta_fast = beta_slow = 1, which transformers accepts (it warns only below).
    {"kimi_k2_instruct.json",
     "kimi_k2",
     "rope",
     {{"dim", "64"},
      {"layout", "interleaved"},
      {"base", "50000"},
      {"scaling", "yarn"},
      {"factor", "32"},
      {"beta_fast", "1"},
      {"beta_slow", "1"},
      {"train_length", "4096"}},
     61,
     alike("rope", {{"dim", "64"}})},
    {"llama2_7b.json",
     "llama",
     "rope",
     {{"dim", "128"}, {"base", "10000"}, {"length", "4096"}, {"scaling", "none"}},
     32,
     alike("rope")},
    // _compute_llama3_parameters: factor 8, low 1, high 4, original 8192.
    {"llama31_8b.json",
     "llama",
     "rope",
     {{"dim", "128"},
      {"base", "500000"},
      {"scaling", "llama3"},
      {"factor", "8"},
      {"low_freq_factor", "1"},
      {"high_freq_factor", "4"},
      {"train_length", "8192"}},
     32,
     alike("rope")},
    {"llama32_3b_excerpt.json",
     "llama",
     "rope",
     {{"dim", "128"}, {"scaling", "llama3"}, {"factor", "32"}},
     28,
     alike("rope")},
    // configuration_llama4.py: text_config; no_rope_layers default int((i + 1) % 4 != 0):
    // layers 3, 7, ... have no RoPE and are "full_attention", the others
    // "chunked_attention" over attention_chunk_size 8192 with llama3 factor 16.
    {"llama4_scout_excerpt.json",
     "llama4",
     "rope",
     {{"dim", "128"},
      {"base", "500000"},
      {"scaling", "llama3"},
      {"factor", "16"},
      {"low_freq_factor", "1"},
      {"high_freq_factor", "1"},
      {"length", "1048576"},
      // The long-range layers are the chunked RoPE ones (no full layer has RoPE).
      {"window", "8192"},
      {"window_kind", "chunked"}},
     48,
     [](std::int64_t i) {
       // NoPE layers: Llama4TextConfig's attn_temperature_tuning True, floor_scale 8192,
       // attn_scale 0.1 (absent from the file); modeling_llama4.py applies them there.
       if ((i + 1) % 4 == 0)
         return LayerWant{"full_attention",
                          "nope",
                          std::nullopt,
                          {{"temperature_tuning", "true"},
                           {"floor_scale", "8192"},
                           {"attn_scale", "0.1"},
                           {"window", "(absent)"},
                           {"dim", "128"}}};
       // chunked_attention: create_chunked_causal_mask (masking_utils.py chunked_overlay).
       return LayerWant{"chunked_attention",
                        "rope",
                        8192,
                        {{"scaling", "llama3"}, {"window", "8192"}, {"window_kind", "chunked"}}};
     }},
    // configuration_gemma3.py: text_config; layer_types given (sliding at (i + 1) % 6 != 0),
    // convert_rope_params_to_dict: sliding {"default", rope_local_base_freq 10000}, full
    // {rope_theta 1e6, rope_scaling linear 8}; sliding_window 1024.
    {"medgemma_27b_it.json",
     "gemma3",
     "rope",
     {{"dim", "128"}, {"base", "1000000"}, {"scaling", "linear"}, {"factor", "8"}},
     62,
     [](std::int64_t i) {
       if ((i + 1) % 6 == 0)
         return LayerWant{"full_attention",
                          "rope",
                          std::nullopt,
                          {{"base", "1000000"}, {"scaling", "linear"}, {"factor", "8"}}};
       return LayerWant{"sliding_attention",
                        "rope",
                        1024,
                        {{"base", "10000"},
                         {"scaling", "none"},
                         {"factor", "(absent)"},
                         {"window", "1024"},
                         {"window_kind", "sliding"}}};
     }},
    // configuration_mistral.py: head_dim 128 given; sliding_window null: no window.
    {"mistral_nemo_base_excerpt.json",
     "mistral",
     "rope",
     {{"dim", "128"}, {"base", "1000000"}, {"length", "128000"}},
     40,
     alike("rope")},
    {"mixtral_8x7b.json",
     "mixtral",
     "rope",
     {{"dim", "128"}, {"base", "1000000"}, {"length", "32768"}},
     32,
     alike("rope")},
    // configuration_qwen2_vl.py: "mrope" is the default RoPE for text; use_sliding_window
    // false: no layer slides.
    {"olmocr_qwen2vl_7b.json",
     "qwen2_vl",
     "rope",
     {{"dim", "128"}, {"base", "1000000"}, {"scaling", "none"}},
     28,
     alike("rope")},
    // modeling_opt.py OPTLearnedPositionalEmbedding: offset 2, 2048 + 2 rows.
    {"opt_125m_vllm_dummy.json",
     "opt",
     "learned",
     {{"max_len", "2050"}, {"offset", "2"}, {"dim", "768"}},
     12,
     alike("learned")},
    // configuration_phi3.py: "su" = longrope, original 4096 at the top level, no factor:
    // 131072 / 4096; sliding_window 262144 on every layer (modeling_phi3.py mask).
    {"phi3_mini_128k_su.json",
     "phi3",
     "rope",
     {{"dim", "96"},
      {"scaling", "longrope"},
      {"train_length", "4096"},
      {"factor", "32"},
      {"window", "262144"}},
     32,
     [](std::int64_t) {
       return LayerWant{"sliding_attention",
                        "rope",
                        262144,
                        {{"scaling", "longrope"},
                         {"window", "262144"},
                         {"window_kind", "sliding"}}};
     }},
    {"phi4_mini_excerpt.json",
     "phi3",
     "rope",
     {{"dim", "128"}, {"partial_rotary_factor", "0.75"}, {"scaling", "longrope"}},
     32,
     [](std::int64_t) {
       return LayerWant{"sliding_attention",
                        "rope",
                        262144,
                        {{"scaling", "longrope"}, {"window", "262144"}}};
     }},
    // configuration_gpt_neox.py: rotary_pct / partial_rotary_factor 0.25 of 1024 / 16.
    {"pythia_410m_ft.json",
     "gpt_neox",
     "rope",
     {{"dim", "64"}, {"partial_rotary_factor", "0.25"}, {"base", "10000"}},
     24,
     alike("rope")},
    // configuration_qwen2.py: use_sliding_window false -> sliding_window None -> all full.
    {"qwen25_7b.json",
     "qwen2",
     "rope",
     {{"dim", "128"}, {"base", "1000000"}, {"length", "131072"}},
     28,
     alike("rope")},
    // configuration_qwen3_5.py: text_config, v5 flat rope_parameters (theta 1e7, partial
    // 0.25, mrope); layer_types given: linear_attention (no positions) x3, full_attention.
    {"qwen35_27b_v5.json",
     "qwen3_5",
     "rope",
     {{"dim", "256"},
      {"base", "10000000"},
      {"partial_rotary_factor", "0.25"},
      {"partial_rotary", "(absent)"},
      {"scaling", "none"}},
     64,
     [](std::int64_t i) {
       if ((i + 1) % 4 == 0)
         return LayerWant{"full_attention", "rope", std::nullopt, {{"base", "10000000"}}};
       return LayerWant{"linear_attention", "nope", std::nullopt, {{"dim", "256"}}};
     }},
    {"qwen3_8b.json", "qwen3", "rope", {{"dim", "128"}, {"base", "1000000"}}, 36, alike("rope")},
    // configuration_qwen3_next.py: layer_types default "linear_attention" if bool((i + 1) %
    // full_attention_interval) (4); partial_rotary_factor 0.25 of head_dim 256.
    {"qwen3_next_80b_a3b.json",
     "qwen3_next",
     "rope",
     {{"dim", "256"},
      {"partial_rotary_factor", "0.25"},
      {"base", "10000000"},
      {"length", "262144"}},
     48,
     [](std::int64_t i) {
       if ((i + 1) % 4 == 0) return LayerWant{"full_attention", "rope", std::nullopt, {}};
       return LayerWant{"linear_attention",
                        "nope",
                        std::nullopt,
                        {{"temperature_tuning", "(absent)"}, {"window", "(absent)"}}};
     }},
    // configuration_qwen3_vl.py: text_config; rope_scaling mrope sections, default RoPE.
    {"qwen3_vl_32b.json",
     "qwen3_vl",
     "rope",
     {{"dim", "128"}, {"base", "5000000"}, {"scaling", "none"}},
     64,
     alike("rope")},
    // modeling_roberta.py: positions from padding_idx + 1 = 2.
    {"roberta_base_resaved.json",
     "roberta",
     "learned",
     {{"max_len", "514"}, {"offset", "2"}, {"dim", "768"}},
     12,
     alike("learned")},
    // configuration_stablelm.py: partial_rotary_factor 0.25 of 2560 / 32 = 80.
    {"stablelm_3b_excerpt.json",
     "stablelm",
     "rope",
     {{"dim", "80"}, {"partial_rotary_factor", "0.25"}},
     32,
     alike("rope")},
    {"t5_base_resaved.json", "t5", "t5", {{"heads", "12"}}, 12, alike("t5")},
};

const std::vector<Want>& wants() { return kWants; }

TEST(ModelLayers, EveryFileOfTheFolderHasAnExpectation) {
  std::set<std::string> files, expected;
  for (const auto& e : fs::directory_iterator(kConfigs))
    if (e.path().extension() == ".json") files.insert(e.path().filename().string());
  for (const Want& w : wants()) expected.insert(w.file);
  EXPECT_EQ(files.size(), 38U);
  EXPECT_EQ(files, expected);
}

TEST(ModelLayers, EachFileMapsAsTransformersReadsIt) {
  for (const Want& w : wants()) {
    SCOPED_TRACE(w.file);
    ModelMapping m;
    try {
      m = mapFile(w.file);
    } catch (const ModelError& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    EXPECT_EQ(m.modelType, w.modelType);
    EXPECT_EQ(m.scheme, w.scheme);
    for (const auto& [k, v] : w.params) EXPECT_EQ(value(m.params, k), v) << k;
    ASSERT_EQ(static_cast<std::int64_t>(m.layers.size()), w.layers);
    for (const ModelLayer& l : m.layers) {
      SCOPED_TRACE("layer " + std::to_string(l.index));
      const LayerWant want = w.layer(l.index);
      EXPECT_EQ(l.type, want.type);
      EXPECT_EQ(l.scheme, want.scheme);
      EXPECT_EQ(l.window, want.window);
      for (const auto& [k, v] : want.params) EXPECT_EQ(value(l.params, k), v) << k;
    }
  }
}

TEST(ModelLayers, EveryLayerIsDrawableAndTheTopLevelIsTheLongRange) {
  for (const Want& w : wants()) {
    SCOPED_TRACE(w.file);
    const ModelMapping m = mapFile(w.file);
    EXPECT_NO_THROW((void)makeParams(findScheme(m.scheme), m.params));
    const ModelLayer* longRange = nullptr;
    for (const ModelLayer& l : m.layers) {
      EXPECT_EQ(l.index, &l - m.layers.data());
      EXPECT_NO_THROW((void)makeParams(findScheme(l.scheme), l.params)) << l.index;
      if (!longRange && l.scheme == m.scheme && l.type == "full_attention") longRange = &l;
    }
    for (const ModelLayer& l : m.layers)
      if (!longRange && l.scheme == m.scheme) longRange = &l;
    ASSERT_NE(longRange, nullptr);
    EXPECT_EQ(longRange->params, m.params);
  }
}

TEST(ModelLayers, MlaReportsTheSoftmaxScaleMultiplier) {
  // modeling_deepseek_v3.py: scaling *= yarn_get_mscale(factor, mscale_all_dim) ** 2, with
  // yarn_get_mscale(s, m) = 0.1 m ln s + 1; computed in Python from that formula.
  const std::map<std::string, double> want = {{"deepseek_v3.json", 1.8738542070926265},
                                              {"deepseek_v2_lite_excerpt.json", 1.5896261651208736},
                                              {"kimi_k2_instruct.json", 1.8132604340394958}};
  for (const auto& [file, v] : want) {
    SCOPED_TRACE(file);
    const ModelMapping m = mapFile(file);
    ASSERT_EQ(m.reported.size(), 1U);
    EXPECT_EQ(m.reported[0].name, "softmax_scale_multiplier");
    EXPECT_NEAR(m.reported[0].value, v, 1e-14);
    EXPECT_NE(m.reported[0].formula.english().find("mscale_all_dim"), std::string::npos);
  }
  EXPECT_TRUE(mapFile("glm5_v5.json").reported.empty());  // default RoPE: no multiplier
}

TEST(ModelLayers, Llama4ReportsItsAttentionTemperatureTuning) {
  // configuration_llama4.py defaults: attn_temperature_tuning True, floor_scale 8192,
  // attn_scale 0.1; modeling_llama4.py applies them on the NoPE layers.
  const ModelMapping m = mapFile("llama4_scout_excerpt.json");
  std::map<std::string, double> got;
  for (const ReportedValue& v : m.reported) got[v.name] = v.value;
  EXPECT_EQ(got.at("attn_scale"), 0.1);
  EXPECT_EQ(got.at("floor_scale"), 8192);
  // _validate_llama3_rope_parameters warns: high_freq_factor 1 is not above low_freq_factor 1.
  bool warned = false;
  for (const Message& n : m.notUnderstood)
    warned = warned || n.english().find("high_freq_factor") != std::string::npos;
  EXPECT_TRUE(warned);
}

TEST(ModelLayers, NotesSayWhatIsNotDrawnAndWhereKeysCameFrom) {
  const auto has = [](const std::vector<Message>& v, const std::string& s) {
    for (const Message& x : v)
      if (x.english().find(s) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has(mapFile("distilgpt2_legacy.json").notes, "GPT2LMHeadModel"));
  EXPECT_TRUE(has(mapFile("medgemma_27b_it.json").notes, "text_config"));
  EXPECT_TRUE(has(mapFile("qwen3_vl_32b.json").notes, "mrope_section"));
  EXPECT_TRUE(has(mapFile("chatglm2_6b.json").notes, "remote code"));
  EXPECT_TRUE(has(mapFile("deepseek_v3.json").notes, "qk_nope_head_dim = 128"));
  EXPECT_TRUE(has(mapFile("olmocr_qwen2vl_7b.json").notes, "use_sliding_window is false"));
  EXPECT_TRUE(mapFile("kimi_k2_instruct.json").notUnderstood.empty());
  // An unknown model_type with rope_theta maps generically and says so.
  const ModelMapping generic = mapConfig(
      R"({"model_type": "brand_new", "rope_theta": 20000, "hidden_size": 512,
          "num_attention_heads": 8, "num_hidden_layers": 2})",
      "config.json");
  EXPECT_EQ(generic.scheme, "rope");
  EXPECT_EQ(value(generic.params, "base"), "20000");
  EXPECT_TRUE(has(generic.notes, "not in our table"));
  EXPECT_EQ(generic.layers.size(), 2U);
}

TEST(ModelLayers, SupportsAtLeastSixtyModelTypes) { EXPECT_GE(supportedModelTypes().size(), 60U); }

/// A mapping's parameters and layers, compared between the v4 and the v5 form of a config.
void expectSameMapping(const std::string& v4, const std::string& v5) {
  const ModelMapping a = mapConfig(v4, "v4.json");
  const ModelMapping b = mapConfig(v5, "v5.json");
  std::map<std::string, std::string> pa, pb;
  for (const auto& [k, v] : a.params) pa[k] = v;
  for (const auto& [k, v] : b.params) pb[k] = v;
  EXPECT_EQ(pa, pb);
  ASSERT_EQ(a.layers.size(), b.layers.size());
  for (std::size_t i = 0; i < a.layers.size(); ++i) {
    std::map<std::string, std::string> la, lb;
    for (const auto& [k, v] : a.layers[i].params) la[k] = v;
    for (const auto& [k, v] : b.layers[i].params) lb[k] = v;
    EXPECT_EQ(la, lb) << i;
    EXPECT_EQ(a.layers[i].type, b.layers[i].type) << i;
    EXPECT_EQ(a.layers[i].window, b.layers[i].window) << i;
  }
  EXPECT_EQ(a.notUnderstood, b.notUnderstood);
}

TEST(ModelLayers, V4AndV5FormsMapAlike) {
  // Llama 3.1: rope_theta + rope_scaling (v4) and rope_parameters with rope_theta inside (v5,
  // standardize_rope_params).
  expectSameMapping(
      R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
          "num_hidden_layers": 4, "max_position_embeddings": 131072, "rope_theta": 500000.0,
          "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                           "original_max_position_embeddings": 8192, "rope_type": "llama3"}})",
      R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
          "num_hidden_layers": 4, "max_position_embeddings": 131072,
          "rope_parameters": {"rope_theta": 500000.0, "factor": 8.0, "low_freq_factor": 1.0,
                              "high_freq_factor": 4.0,
                              "original_max_position_embeddings": 8192, "rope_type": "llama3"}})");
  // Gemma 3: rope_theta, rope_local_base_freq and rope_scaling (v4) against the v5 dict keyed
  // by layer type that convert_rope_params_to_dict builds from them.
  expectSameMapping(
      R"({"model_type": "gemma3_text", "head_dim": 128, "hidden_size": 5376,
          "num_attention_heads": 32, "num_hidden_layers": 12, "max_position_embeddings": 131072,
          "sliding_window": 1024, "rope_theta": 1000000, "rope_local_base_freq": 10000,
          "rope_scaling": {"factor": 8.0, "rope_type": "linear"}})",
      R"({"model_type": "gemma3_text", "head_dim": 128, "hidden_size": 5376,
          "num_attention_heads": 32, "num_hidden_layers": 12, "max_position_embeddings": 131072,
          "sliding_window": 1024,
          "rope_parameters": {
            "sliding_attention": {"rope_type": "default", "rope_theta": 10000},
            "full_attention": {"rope_type": "linear", "factor": 8.0, "rope_theta": 1000000}}})");
  // DeepSeek-V3: legacy "type" in rope_scaling against v5's rope_type in rope_parameters.
  expectSameMapping(
      R"({"model_type": "deepseek_v3", "qk_rope_head_dim": 64, "qk_nope_head_dim": 128,
          "hidden_size": 7168, "num_attention_heads": 128, "num_hidden_layers": 3,
          "max_position_embeddings": 163840, "rope_theta": 10000,
          "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0,
                           "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096,
                           "type": "yarn"}})",
      R"({"model_type": "deepseek_v3", "qk_rope_head_dim": 64, "qk_nope_head_dim": 128,
          "hidden_size": 7168, "num_attention_heads": 128, "num_hidden_layers": 3,
          "max_position_embeddings": 163840,
          "rope_parameters": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 1.0,
                              "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096,
                              "rope_type": "yarn", "rope_theta": 10000}})");
  // Qwen3-Next: partial_rotary_factor beside rope_theta (v4) or inside rope_parameters (v5).
  expectSameMapping(
      R"({"model_type": "qwen3_next", "head_dim": 256, "hidden_size": 2048,
          "num_attention_heads": 16, "num_hidden_layers": 8, "max_position_embeddings": 262144,
          "rope_theta": 10000000, "partial_rotary_factor": 0.25, "full_attention_interval": 4})",
      R"({"model_type": "qwen3_next", "head_dim": 256, "hidden_size": 2048,
          "num_attention_heads": 16, "num_hidden_layers": 8, "max_position_embeddings": 262144,
          "rope_parameters": {"rope_type": "default", "rope_theta": 10000000,
                              "partial_rotary_factor": 0.25},
          "full_attention_interval": 4})");
}

TEST(ModelLayers, FamilyDefaultsApplyWhereTheConfigIsSilent) {
  // Gemma 2 without layer_types: sliding at even indices (configuration_gemma2.py).
  const ModelMapping g2 = mapConfig(
      R"({"model_type": "gemma2", "head_dim": 256, "num_hidden_layers": 4, "sliding_window": 4096,
          "hidden_size": 3584, "num_attention_heads": 16})",
      "config.json");
  ASSERT_EQ(g2.layers.size(), 4U);
  EXPECT_EQ(g2.layers[0].type, "sliding_attention");
  EXPECT_EQ(g2.layers[1].type, "full_attention");
  // Gemma 3 without layer_types: sliding_window_pattern 6 (default), base 1e6 (default_theta).
  const ModelMapping g3 = mapConfig(
      R"({"model_type": "gemma3_text", "head_dim": 128, "num_hidden_layers": 12,
          "hidden_size": 2304, "num_attention_heads": 8, "sliding_window": 512})",
      "config.json");
  ASSERT_EQ(g3.layers.size(), 12U);
  for (const ModelLayer& l : g3.layers)
    EXPECT_EQ(l.type, (l.index + 1) % 6 == 0 ? "full_attention" : "sliding_attention");
  EXPECT_EQ(value(g3.params, "base"), "1000000");
  EXPECT_EQ(value(g3.layers[0].params, "base"), "10000");
  // Qwen2 with use_sliding_window: layers from max_window_layers on slide.
  const ModelMapping q2 = mapConfig(
      R"({"model_type": "qwen2", "hidden_size": 512, "num_attention_heads": 8,
          "num_hidden_layers": 4, "use_sliding_window": true, "sliding_window": 4096,
          "max_window_layers": 2})",
      "config.json");
  ASSERT_EQ(q2.layers.size(), 4U);
  EXPECT_EQ(q2.layers[1].type, "full_attention");
  EXPECT_EQ(q2.layers[2].type, "sliding_attention");
  EXPECT_EQ(q2.layers[2].window, 4096);
  // Llama 4 with its own no_rope_layers list.
  const ModelMapping l4 = mapConfig(
      R"({"model_type": "llama4_text", "head_dim": 128, "hidden_size": 5120,
          "num_attention_heads": 40, "num_hidden_layers": 3, "no_rope_layers": [0, 1, 1],
          "rope_theta": 500000})",
      "config.json");
  ASSERT_EQ(l4.layers.size(), 3U);
  EXPECT_EQ(l4.layers[0].scheme, "nope");
  EXPECT_EQ(l4.layers[1].type, "chunked_attention");
  EXPECT_EQ(l4.layers[1].window, 8192);  // attention_chunk_size's default
  EXPECT_EQ(value(l4.layers[1].params, "window"), "8192");
  EXPECT_EQ(value(l4.layers[1].params, "window_kind"), "chunked");
  EXPECT_EQ(value(l4.layers[0].params, "temperature_tuning"), "true");
  // The config's own tuning keys win over Llama4TextConfig's defaults.
  const ModelMapping tuned = mapConfig(
      R"({"model_type": "llama4_text", "head_dim": 128, "hidden_size": 5120,
          "num_attention_heads": 40, "num_hidden_layers": 4, "rope_theta": 500000,
          "attn_temperature_tuning": false, "floor_scale": 4096, "attn_scale": 0.25,
          "attention_chunk_size": 2048})",
      "config.json");
  ASSERT_EQ(tuned.layers.size(), 4U);
  EXPECT_EQ(tuned.layers[3].scheme, "nope");
  EXPECT_EQ(value(tuned.layers[3].params, "temperature_tuning"), "false");
  EXPECT_EQ(value(tuned.layers[3].params, "floor_scale"), "4096");
  EXPECT_EQ(value(tuned.layers[3].params, "attn_scale"), "0.25");
  EXPECT_EQ(value(tuned.layers[0].params, "window"), "2048");
  // Drawn from its parameters, a layer shows its mask: the chunked layer masks across 2048.
  const Scheme& rope = findScheme("rope");
  const ParamSet chunked = makeParams(rope, tuned.layers[0].params);
  const std::vector<Index> row{2048}, cols{2047, 2048};
  const Matrix cells = rope.evaluate(chunked, "scores", row, cols);
  EXPECT_TRUE(std::isnan(cells(0, 0)));
  EXPECT_FALSE(std::isnan(cells(0, 1)));
  // GPT-NeoX without rotary_pct: 0.25 (configuration_gpt_neox.py).
  const ModelMapping neox =
      mapConfig(R"({"model_type": "gpt_neox", "hidden_size": 1024, "num_attention_heads": 16})",
                "config.json");
  EXPECT_EQ(value(neox.params, "partial_rotary_factor"), "0.25");
}

TEST(ModelLayers, TheSummarySaysRunsOfLayers) {
  const std::string gemma = layerSummary(mapFile("medgemma_27b_it.json")).english();
  // Five local layers to one global: the local ones do not step evenly, so no indices.
  EXPECT_NE(gemma.find("52 sliding_attention: rope"), std::string::npos) << gemma;
  EXPECT_NE(gemma.find("10 full_attention at 5, 11, 17, ..., 59"), std::string::npos) << gemma;
  EXPECT_NE(gemma.find("window 1024"), std::string::npos) << gemma;
  EXPECT_NE(gemma.find("base=1000000"), std::string::npos) << gemma;
  const std::string qwen = layerSummary(mapFile("qwen3_next_80b_a3b.json")).english();
  EXPECT_NE(qwen.find("36 linear_attention: nope (no positional encoding)"), std::string::npos)
      << qwen;
  const std::string llama = layerSummary(mapFile("llama31_8b.json")).english();
  EXPECT_EQ(llama, "32 full_attention: rope");
  // Gemma 2 alternates: both runs step evenly by 2.
  const std::string gemma2 = layerSummary(mapFile("gemma2_9b_it_excerpt.json")).english();
  EXPECT_NE(gemma2.find("21 sliding_attention at 0, 2, 4, ..., 40"), std::string::npos) << gemma2;
  EXPECT_NE(gemma2.find("21 full_attention at 1, 3, 5, ..., 41"), std::string::npos) << gemma2;
}

}  // namespace
}  // namespace posenc
