// SPDX-License-Identifier: GPL-3.0-or-later
// config.json -> scheme and parameters (model_config.hpp) on published configs
// (tests/data/configs, provenance in its README) and on the families' key variants; and the
// local Hugging Face cache layout, built in a temporary folder.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "posenc/base/scheme.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc/models/model_config.hpp"
#include "support/tiny_model.hpp"

namespace posenc {
namespace {

namespace fs = std::filesystem;

std::string configText(const std::string& name) {
  std::ifstream in(fs::path(POSENC_TEST_DATA_DIR) / "configs" / name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The mapping's assignments as a map (the last value of a key wins, as makeParams does).
std::map<std::string, std::string> params(const ModelMapping& m) {
  std::map<std::string, std::string> out;
  for (const auto& [k, v] : m.params) out[k] = v;
  return out;
}

TEST(ModelConfig, Llama31MapsToLlama3Scaling) {
  const ModelMapping m = mapConfig(configText("llama-3.1-8b-instruct.json"), "config.json");
  EXPECT_EQ(m.modelType, "llama");
  EXPECT_EQ(m.scheme, "rope");
  const auto p = params(m);
  EXPECT_EQ(p.at("dim"), "128");  // 4096 / 32
  EXPECT_EQ(p.at("base"), "500000");
  EXPECT_EQ(p.at("layout"), "half");
  EXPECT_EQ(p.at("scaling"), "llama3");
  EXPECT_EQ(p.at("factor"), "8");
  EXPECT_EQ(p.at("low_freq_factor"), "1");
  EXPECT_EQ(p.at("high_freq_factor"), "4");
  EXPECT_EQ(p.at("train_length"), "8192");
  EXPECT_EQ(p.at("length"), "131072");
  EXPECT_TRUE(m.tensors.empty());
  EXPECT_TRUE(m.notUnderstood.empty());
}

TEST(ModelConfig, Phi3TakesTheTopLevelOriginalLengthAndBothFactorLists) {
  const ModelMapping m = mapConfig(configText("phi-3-mini-128k-instruct.json"), "config.json");
  const auto p = params(m);
  EXPECT_EQ(p.at("dim"), "96");
  EXPECT_EQ(p.at("scaling"), "longrope");  // "su", LongRoPE's first name
  EXPECT_EQ(p.at("train_length"), "4096");
  EXPECT_EQ(p.at("factor"), "32");  // no factor key: 131072 / 4096
  EXPECT_EQ(p.at("long_factor").substr(0, 40), "1.0299999713897705,1.0499999523162842,1.");
  EXPECT_EQ(std::count(p.at("short_factor").begin(), p.at("short_factor").end(), ','), 47);
  EXPECT_NE(p.at("short_factor").find("1.1500000000000001"), std::string::npos);  // exact digits
  // The sliding window is the layers' now (modeling_phi3.py masks every layer with it).
  EXPECT_TRUE(m.notes.empty());
  ASSERT_EQ(m.layers.size(), 32U);
  EXPECT_EQ(m.layers[0].type, "sliding_attention");
  EXPECT_EQ(m.layers[31].window, 262144);
}

TEST(ModelConfig, YarnModelsKeepTheirFactorAndOptions) {
  const auto oss = params(mapConfig(configText("gpt-oss-20b.json"), "config.json"));
  EXPECT_EQ(oss.at("dim"), "64");  // head_dim, not 2880 / 64
  EXPECT_EQ(oss.at("base"), "150000");
  EXPECT_EQ(oss.at("scaling"), "yarn");
  EXPECT_EQ(oss.at("factor"), "32");
  EXPECT_EQ(oss.at("truncate"), "false");
  EXPECT_EQ(oss.at("beta_fast"), "32");
  EXPECT_EQ(oss.at("beta_slow"), "1");
  const auto ds = params(mapConfig(configText("deepseek-v3-excerpt.json"), "config.json"));
  EXPECT_EQ(ds.at("dim"), "64");  // qk_rope_head_dim
  EXPECT_EQ(ds.at("layout"), "interleaved");
  EXPECT_EQ(ds.at("scaling"), "yarn");  // legacy "type" key
  EXPECT_EQ(ds.at("factor"), "40");
  EXPECT_EQ(ds.at("mscale"), "1");
  EXPECT_EQ(ds.at("mscale_all_dim"), "1");
  EXPECT_EQ(ds.at("train_length"), "4096");
  EXPECT_EQ(ds.at("length"), "163840");
  // Qwen2.5's model card: factor 4 over 32768 with max_position_embeddings 32768. Before
  // transformers PR 40320 the factor was overridden by 32768 / 32768 = 1; the explicit one wins.
  const auto qwen = params(mapConfig(
      R"({"model_type": "qwen2", "hidden_size": 3584, "num_attention_heads": 28,
          "rope_theta": 1000000.0, "max_position_embeddings": 32768, "use_sliding_window": false,
          "sliding_window": 131072,
          "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768, "type": "yarn"}})",
      "config.json"));
  EXPECT_EQ(qwen.at("dim"), "128");
  EXPECT_EQ(qwen.at("factor"), "4");
  EXPECT_EQ(qwen.at("train_length"), "32768");
}

TEST(ModelConfig, PartialRotaryFromEachFamilysKey) {
  const auto neox = params(mapConfig(configText("gpt-neox-20b-excerpt.json"), "config.json"));
  EXPECT_EQ(neox.at("dim"), "96");
  EXPECT_EQ(neox.at("partial_rotary_factor"), "0.25");
  EXPECT_EQ(neox.at("base"), "10000");  // rotary_emb_base
  EXPECT_EQ(neox.at("scaling"), "none");
  const auto gptj = params(mapConfig(
      R"({"model_type": "gptj", "n_embd": 4096, "n_head": 16, "rotary_dim": 64, "n_positions": 2048})",
      "config.json"));
  EXPECT_EQ(gptj.at("dim"), "256");
  EXPECT_EQ(gptj.at("partial_rotary_factor"), "0.25");
  EXPECT_EQ(gptj.at("layout"), "interleaved");  // rotate_every_two
  const auto phi = params(mapConfig(
      R"({"model_type": "phi", "hidden_size": 2560, "num_attention_heads": 32,
          "partial_rotary_factor": 0.4, "rope_theta": 10000.0, "max_position_embeddings": 2048})",
      "config.json"));
  EXPECT_EQ(phi.at("dim"), "80");
  EXPECT_EQ(phi.at("partial_rotary_factor"), "0.4");
}

TEST(ModelConfig, TransformersV5RopeParameters) {
  const auto p = params(mapConfig(
      R"({"model_type": "llama", "hidden_size": 2048, "num_attention_heads": 32, "head_dim": 64,
          "max_position_embeddings": 131072,
          "rope_parameters": {"rope_type": "llama3", "rope_theta": 500000.0, "factor": 32.0,
                              "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                              "original_max_position_embeddings": 8192}})",
      "config.json"));
  EXPECT_EQ(p.at("base"), "500000");
  EXPECT_EQ(p.at("factor"), "32");
  EXPECT_EQ(p.at("dim"), "64");
}

TEST(ModelConfig, UnknownScalingKeysAreReportedNotIgnored) {
  const ModelMapping m = mapConfig(
      R"({"model_type": "qwen2", "hidden_size": 1024, "num_attention_heads": 8,
          "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 24]}})",
      "config.json");
  // configuration_qwen2_vl.py turns "mrope" into "default": a text token has one position on
  // all three axes; mrope_section is noted, not refused.
  EXPECT_EQ(params(m).at("scaling"), "none");
  EXPECT_TRUE(m.notUnderstood.empty());
  ASSERT_EQ(m.notes.size(), 1U);
  EXPECT_NE(m.notes[0].english().find("rope_scaling.mrope_section = [16,24,24]"),
            std::string::npos);
  const ModelMapping odd = mapConfig(
      R"({"model_type": "qwen2", "hidden_size": 1024, "num_attention_heads": 8,
          "rope_scaling": {"type": "wobbly", "wobble": 3}})",
      "config.json");
  EXPECT_EQ(params(odd).at("scaling"), "none");
  ASSERT_EQ(odd.notUnderstood.size(), 2U);
  EXPECT_NE(odd.notUnderstood[0].english().find("\"wobbly\""), std::string::npos);
  EXPECT_NE(odd.notUnderstood[1].english().find("rope_scaling.wobble"), std::string::npos);
}

TEST(ModelConfig, AlibiT5LearnedXlAndDeberta) {
  EXPECT_EQ(params(mapConfig(R"({"model_type": "bloom", "n_head": 16})", "c")).at("heads"), "16");
  EXPECT_EQ(mapConfig(R"({"model_type": "falcon", "alibi": true, "num_attention_heads": 71})", "c")
                .scheme,
            "alibi");
  EXPECT_EQ(mapConfig(R"({"model_type": "falcon", "alibi": false, "hidden_size": 4544,
                          "num_attention_heads": 71})",
                      "c")
                .scheme,
            "rope");
  EXPECT_EQ(params(
                mapConfig(R"({"model_type": "mpt", "n_heads": 32, "attn_config": {"alibi": true}})",
                          "c"))
                .at("heads"),
            "32");
  const ModelMapping t5 = mapConfig(R"({"model_type": "t5", "num_heads": 12,
      "relative_attention_num_buckets": 32, "relative_attention_max_distance": 128})",
                                    "c");
  EXPECT_EQ(t5.scheme, "t5");
  EXPECT_EQ(params(t5).at("heads"), "12");
  ASSERT_EQ(t5.tensors.size(), 2U);
  EXPECT_EQ(t5.tensors[0].names[0],
            "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight");
  const ModelMapping gpt2 =
      mapConfig(R"({"model_type": "gpt2", "n_positions": 1024, "n_embd": 768})", "c");
  EXPECT_EQ(params(gpt2).at("max_len"), "1024");
  EXPECT_EQ(gpt2.tensors[0].names,
            (std::vector<std::string>{"wpe.weight", "transformer.wpe.weight"}));
  const ModelMapping opt = mapConfig(R"({"model_type": "opt", "max_position_embeddings": 2048,
                                         "hidden_size": 768})",
                                     "c");
  EXPECT_EQ(params(opt).at("max_len"), "2050");  // the offset of 2
  const ModelMapping vit = mapConfig(R"({"model_type": "vit", "image_size": 224, "patch_size": 16,
                                         "hidden_size": 768, "max_position_embeddings": 1})",
                                     "c");
  EXPECT_EQ(params(vit).at("max_len"), "197");  // 14 x 14 patches + [CLS]
  const ModelMapping xl = mapConfig(R"({"model_type": "transfo-xl", "d_model": 1024, "n_head": 16,
                                        "mem_len": 1600, "clamp_len": 1000})",
                                    "c");
  EXPECT_EQ(params(xl).at("mlen"), "1600");
  EXPECT_EQ(params(xl).at("clamp_len"), "1000");
  const ModelMapping deb = mapConfig(R"({"model_type": "deberta-v2", "hidden_size": 768,
      "num_attention_heads": 12, "max_position_embeddings": 512, "max_relative_positions": -1,
      "position_buckets": 256})",
                                     "c");
  EXPECT_EQ(params(deb).at("max_relative_positions"), "512");
  EXPECT_EQ(params(deb).at("buckets"), "256");
}

// The published configs of tests/data/configs (provenance in its README) and what each must
// give, as transformers reads them: Qwen2Config (head_dim = hidden_size / num_attention_heads,
// rope_theta; sliding window off with use_sliding_window false), BloomConfig (n_head ALiBi
// heads), T5Config (relative_attention_num_buckets / _max_distance, num_heads), GPT2Config
// (n_positions, n_embd), BertConfig (max_position_embeddings, hidden_size), OPTConfig (its
// OPTLearnedPositionalEmbedding has max_position_embeddings + 2 rows) and DebertaV2Config
// (max_relative_positions -1 = max_position_embeddings; position_buckets).
TEST(ModelConfig, Qwen25AndBloomPublishedConfigs) {
  const ModelMapping qwen = mapConfig(configText("qwen2.5-7b-instruct.json"), "config.json");
  EXPECT_EQ(qwen.modelType, "qwen2");
  EXPECT_EQ(qwen.scheme, "rope");
  const auto q = params(qwen);
  EXPECT_EQ(q.at("dim"), "128");  // 3584 / 28
  EXPECT_EQ(q.at("base"), "1000000");
  EXPECT_EQ(q.at("layout"), "half");
  EXPECT_EQ(q.at("scaling"), "none");
  EXPECT_EQ(q.at("train_length"), "32768");
  EXPECT_EQ(q.at("length"), "32768");
  EXPECT_EQ(q.count("partial_rotary_factor"), 0U);
  // use_sliding_window: false (configuration_qwen2.py sets sliding_window to None), said.
  ASSERT_EQ(qwen.notes.size(), 1U);
  EXPECT_NE(qwen.notes[0].english().find("use_sliding_window is false"), std::string::npos);
  for (const ModelLayer& l : qwen.layers) EXPECT_FALSE(l.window.has_value());
  EXPECT_TRUE(qwen.notUnderstood.empty());
  const ModelMapping bloom = mapConfig(configText("bloom-560m.json"), "config.json");
  EXPECT_EQ(bloom.scheme, "alibi");
  EXPECT_EQ(params(bloom), (std::map<std::string, std::string>{{"heads", "16"}}));
  EXPECT_TRUE(bloom.tensors.empty());
}

TEST(ModelConfig, T5GptBertOptAndDebertaPublishedConfigs) {
  const ModelMapping t5 = mapConfig(configText("t5-base.json"), "config.json");
  EXPECT_EQ(t5.scheme, "t5");
  EXPECT_EQ(params(t5), (std::map<std::string, std::string>{{"buckets", "32"},
                                                            {"max_distance", "128"},
                                                            {"heads", "12"}}));
  ASSERT_EQ(t5.tensors.size(), 2U);
  EXPECT_EQ(t5.tensors[1].names[0],
            "decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight");
  const auto learned = [](const char* file, const char* maxLen, const char* length,
                          const std::string& tensor, const char* offset = nullptr) {
    const ModelMapping m = mapConfig(configText(file), "config.json");
    EXPECT_EQ(m.scheme, "learned") << file;
    std::map<std::string, std::string> want{{"max_len", maxLen},
                                            {"dim", "768"},
                                            {"length", length}};
    if (offset) want["offset"] = offset;  // OPT: position p uses row p + 2
    EXPECT_EQ(params(m), want) << file;
    EXPECT_EQ(m.tensors.at(0).names.at(0), tensor) << file;
    return m;
  };
  learned("gpt2.json", "1024", "1024", "wpe.weight");  // n_positions, n_embd
  learned("bert-base-uncased.json", "512", "512", "embeddings.position_embeddings.weight");
  const ModelMapping opt =
      learned("opt-125m.json", "2050", "1024", "decoder.embed_positions.weight", "2");
  ASSERT_EQ(opt.notes.size(), 1U);
  EXPECT_NE(opt.notes[0].english().find("position p uses row p + 2"), std::string::npos);
  const ModelMapping deb = mapConfig(configText("deberta-v3-base.json"), "config.json");
  EXPECT_EQ(deb.scheme, "deberta");
  EXPECT_EQ(params(deb), (std::map<std::string, std::string>{{"d_model", "768"},
                                                             {"heads", "12"},
                                                             {"max_relative_positions", "512"},
                                                             {"buckets", "256"},
                                                             {"rel_norm", "layer_norm"}}));
  EXPECT_EQ(deb.tensors.at(0).names,
            (std::vector<std::string>{"encoder.rel_embeddings.weight",
                                      "deberta.encoder.rel_embeddings.weight"}));
}

TEST(ModelConfig, EveryPublishedConfigMapsToParametersTheSchemeAccepts) {
  for (const char* name :
       {"llama-3.1-8b-instruct.json", "phi-3-mini-128k-instruct.json", "gpt-oss-20b.json",
        "deepseek-v3-excerpt.json", "gpt-neox-20b-excerpt.json", "qwen2.5-7b-instruct.json",
        "bloom-560m.json", "t5-base.json", "gpt2.json", "bert-base-uncased.json", "opt-125m.json",
        "deberta-v3-base.json"}) {
    const ModelMapping m = mapConfig(configText(name), name);
    EXPECT_NO_THROW((void)makeParams(findScheme(m.scheme), m.params)) << name;
  }
}

TEST(ModelConfig, RefusalsNameTheFileAndTheKey) {
  const auto message = [](const std::string& text) {
    try {
      (void)mapConfig(text, "my/config.json");
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message("[]"),
            "my/config.json: not a config.json: the document is a JSON array, not an object");
  // Issue 26 item 19: a broken config said "not a JSON object" without where.
  const std::string cut = message("{\n  \"model_type\": \"gpt2\",\n  \"n_positions\": 1");
  EXPECT_EQ(cut.rfind("my/config.json: not a config.json: JSON error at line 3, column 19: ", 0),
            0U)
      << cut;
  const std::string comma = message("{\"model_type\": \"llama\",, \"x\": 1}");
  EXPECT_NE(comma.find("line 1, column 24: syntax error"), std::string::npos) << comma;
  EXPECT_EQ(comma.find("json.exception"), std::string::npos) << comma;
  // A number no double holds was an uncaught nlohmann out_of_range (found by the fuzzer);
  // json.load reads it as infinity (issue 27 item 8), which n_positions cannot be.
  const std::string huge =
      message("{\"model_type\": \"gpt2\",\n \"n_positions\": 1.44E99999284744263}");
  EXPECT_EQ(huge, "my/config.json: n_positions = Infinity: must be a finite number") << huge;
  const std::string unknown = message(R"({"model_type": "mamba"})");
  EXPECT_NE(unknown.find("model_type \"mamba\" is not one we can map (supported: "),
            std::string::npos);
  EXPECT_NE(unknown.find("llama"), std::string::npos);
  EXPECT_EQ(message(R"({"model_type": "llama", "hidden_size": "4096", "num_attention_heads": 32})"),
            "my/config.json: hidden_size = \"4096\": must be a number");
  EXPECT_EQ(message(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
                        "rope_scaling": {"rope_type": "yarn", "factor": "x"}})"),
            "my/config.json: rope_scaling.factor = \"x\": must be a number");
  EXPECT_NE(message(R"({"model_type": "gpt2"})").find("no max_position_embeddings or n_positions"),
            std::string::npos);
}

std::string refusal(const std::string& text, const std::string& file = "config.json") {
  try {
    (void)mapConfig(text, file);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "accepted";
}

// Issue 27 item 6: image_size / patch_size squared overflowed int64 (undefined behaviour;
// inspect printed max_len=5404116273116217345). Every size made from the file's numbers is
// checked and refused, naming the key, past what the learned table holds.
TEST(ModelConfig, SizesMadeFromTheConfigAreCheckedAndRefusedPastTheSchemesLimit) {
  const auto vit = [](const std::string& image, const std::string& patch) {
    return R"({"model_type": "vit", "hidden_size": 768, "image_size": )" + image +
           R"(, "patch_size": )" + patch + "}";
  };
  EXPECT_EQ(refusal(vit("9000000000000000", "1")),
            "config.json: image_size = 9000000000000000: must be at most a 1023 x 1023 grid of "
            "patch_size = 1 patches (image_size / patch_size <= 1023: max_len = grid^2 + 1 is "
            "at most 1048576 rows)");
  EXPECT_NE(refusal(vit("16384", "16")).find("image_size = 16384: must be at most a 1023"),
            std::string::npos);  // a 1024 x 1024 grid: 1048577 rows
  EXPECT_EQ(params(mapConfig(vit("16368", "16"), "c")).at("max_len"), "1046530");
  EXPECT_EQ(refusal(vit("224", "0")), "config.json: patch_size = 0: must be a whole number > 0");
  EXPECT_EQ(refusal(vit("-224", "16")),
            "config.json: image_size = -224: must be at least patch_size = 16");
  const auto opt = [](const std::string& rows) {
    return R"({"model_type": "opt", "hidden_size": 768, "max_position_embeddings": )" + rows + "}";
  };
  EXPECT_EQ(params(mapConfig(opt("1048574"), "c")).at("max_len"), "1048576");
  EXPECT_EQ(refusal(opt("9000000000000000")),
            "config.json: max_position_embeddings = 9000000000000000: must be at most 1048574 "
            "(OPT's table has max_position_embeddings + 2 rows; max_len is at most 1048576)");
  EXPECT_EQ(refusal(R"({"model_type": "gpt2", "n_embd": 768, "n_positions": 1048577})"),
            "config.json: n_positions = 1048577: must be at most 1048576 (max_len, the rows of "
            "the table)");
}

/// Whether `s` holds a control character (C0 other than the newline ending each line, DEL,
/// C1 as UTF-8) or a byte that is not UTF-8 where a terminal would act on it.
bool hasControl(const std::string& s) {
  for (std::size_t k = 0; k < s.size(); ++k) {
    const auto u = static_cast<unsigned char>(s[k]);
    if ((u < 0x20 && u != '\n') || u == 0x7f) return true;
    if (u == 0xC2 && k + 1 < s.size() && static_cast<unsigned char>(s[k + 1]) < 0xA0) return true;
  }
  return false;
}

// Issue 27 item 7: an escape sequence in model_type, rope_type or an unknown key retitled or
// cleared the terminal, and a newline forged an output line.
TEST(ModelConfig, TextFromTheConfigReachesMessagesAndOutputWithoutControlCharacters) {
  const std::string evil = R"(x\u001b]0;title\u0007\u001b[2J\u009b2J\nforged: line)";
  const std::string mapped = R"({"model_type": ")" + evil + R"(", "hidden_size": 64,
      "num_attention_heads": 4, "rope_scaling": {"rope_type": ")" +
                             evil + R"(", ")" + evil + R"(": 1}})";
  const fs::path dir = fs::temp_directory_path() / ("posenc_evil_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "config.json") << mapped;
  const ModelReport r = inspectModel(dir.string(), {});
  ASSERT_TRUE(r.mapping);
  ASSERT_EQ(r.mapping->notUnderstood.size(), 2U);
  for (const Message& n : r.mapping->notUnderstood)
    EXPECT_FALSE(hasControl(n.english())) << n.english();
  std::ostringstream text;
  writeModelReport(text, r, false);
  EXPECT_FALSE(hasControl(text.str())) << text.str();
  EXPECT_EQ(text.str().find("\nforged"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("model_type: x?]0;title??[2J?2J?forged: line\n"), std::string::npos)
      << text.str();
  // JSON output: escaped, and UTF-8 even when a path is not (nlohmann refuses anything else).
  ModelReport bad = r;
  bad.given = "model\xff\x1b[2J";
  std::ostringstream js;
  writeModelReport(js, bad, true);
  EXPECT_FALSE(hasControl(js.str())) << js.str();
  EXPECT_TRUE(nlohmann::json::accept(js.str())) << js.str();
  // Refused: an unknown model_type, a key of the wrong type, a file name with an escape.
  for (const std::string& refused :
       {refusal(R"({"model_type": ")" + evil + R"("})"),
        refusal(R"({"model_type": "llama", "hidden_size": ")" + evil + R"("})"),
        refusal(R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
                   "rope_scaling": {"rope_type": "linear", "factor": [")" +
                evil + R"("]}})"),
        refusal("{]", "dir\x1b[2J\n/config.json")}) {
    EXPECT_FALSE(hasControl(refused)) << refused;
    EXPECT_EQ(refused.find('\n'), std::string::npos) << refused;
  }
  // Letters pass, a right-to-left override does not; a cut never splits a character.
  EXPECT_NE(
      refusal(R"({"model_type": "caf\u00e9\u202eevil"})").find("model_type \"caf\u00e9?evil\""),
      std::string::npos);
  const std::string cut =
      refusal(R"({"model_type": ")" + std::string(59, 'x') + R"(\u00e9\u00e9"})");
  EXPECT_NE(cut.find(std::string(59, 'x') + "\u00e9...\""), std::string::npos) << cut;
  EXPECT_EQ(jsonString("a\xff\xc3"
                       "b\u0085\u202e\u00e9"),
            "\"a\\ufffd\\ufffdb\\u0085\\u202e\u00e9\"");
  // The cache listing: a refused config's message and a mapped one's model_type.
  const fs::path cache = dir / "hub";
  for (const char* name : {"a", "b"}) fs::create_directories(cache / name);
  std::ofstream(cache / "a" / "config.json") << mapped;
  std::ofstream(cache / "b" / "config.json") << R"({"model_type": ")" + evil + R"("})";
  std::ostringstream list;
  writeModelList(list, cache, {{"org/a", "main", cache / "a"}, {"org/b", "main", cache / "b"}},
                 false);
  EXPECT_FALSE(hasControl(list.str())) << list.str();
  EXPECT_EQ(list.str().find("\nforged"), std::string::npos) << list.str();
  fs::remove_all(dir);
}

// Issue 27 item 8: transformers reads config.json with json.load, which takes NaN, Infinity
// and -Infinity and reads 1e999 as infinity; a config with one got "not a JSON object".
TEST(ModelConfig, NanAndInfinityAreReadAsPythonsJsonLoadReadsThem) {
  const std::string rope =
      R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4, )";
  // Unused keys hold them as transformers would hold them: ignored.
  const ModelMapping m = mapConfig(rope + R"("initializer_range": NaN, "a": Infinity,
      "b": -Infinity, "c": [1e999, -1E+999, NaN], "d": {"e": NaN}, "f": "NaN Infinity"})",
                                   "c");
  EXPECT_EQ(params(m).at("dim"), "16");
  EXPECT_EQ(refusal(rope + R"("rope_theta": NaN})"),
            "config.json: rope_theta = NaN: must be a finite number");
  EXPECT_EQ(refusal(rope + R"("max_position_embeddings": 1e999})"),
            "config.json: max_position_embeddings = Infinity: must be a finite number");
  EXPECT_EQ(refusal(rope + R"("rope_scaling": {"rope_type": "linear", "factor": -Infinity}})"),
            "config.json: rope_scaling.factor = -Infinity: must be a finite number");
  EXPECT_EQ(refusal(rope + R"("rope_scaling": {"rope_type": "longrope", "factor": 2,
      "short_factor": [1, NaN], "long_factor": [1, 1]}})"),
            "config.json: rope_scaling.short_factor = [1,NaN]: must be a list of finite numbers");
  // A string is a string; real syntax errors keep their place, counted in the file's text.
  EXPECT_NE(refusal(R"({"model_type": "NaN"})").find("model_type \"NaN\" is not one"),
            std::string::npos);
  EXPECT_EQ(
      refusal(R"({"a": NaN,, "b": 1})")
          .rfind("config.json: not a config.json: JSON error at line 1, column 11: syntax error",
                 0),
      0U)
      << refusal(R"({"a": NaN,, "b": 1})");
  EXPECT_NE(refusal("{\"a\": -NaN}").find("JSON error at line 1, column 8"), std::string::npos)
      << refusal("{\"a\": -NaN}");
  EXPECT_NE(refusal("{\"a\": 1e999e}").find("JSON error at line 1, column"), std::string::npos)
      << refusal("{\"a\": 1e999e}");
}

// Issue 27 item 11: rope_scaling factor 0 was drawn as factor 1. transformers'
// _validate_linear_scaling_rope_parameters (and the yarn, llama3, dynamic, longrope ones,
// modeling_rope_utils.py rope_config_validation) want a float >= 1 and warn below it.
TEST(ModelConfig, ARopeScalingFactorOfZeroOrLessIsRefusedAndBelowOneWarnedOf) {
  const auto scaled = [](const std::string& factor) {
    return R"({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
               "rope_scaling": {"rope_type": "linear", "factor": )" +
           factor + "}}";
  };
  for (const char* bad : {"0", "-2", "0.0"})
    EXPECT_EQ(refusal(scaled(bad)), std::string("config.json: rope_scaling.factor = ") + bad +
                                        ": must be a number > 0 (transformers' "
                                        "_validate_*_rope_parameters ask for a float >= 1)");
  EXPECT_EQ(refusal(scaled("NaN")),
            "config.json: rope_scaling.factor = NaN: must be a finite number");
  const ModelMapping half = mapConfig(scaled("0.5"), "c");
  EXPECT_EQ(params(half).at("factor"), "0.5");
  ASSERT_EQ(half.notUnderstood.size(), 1U);
  EXPECT_EQ(half.notUnderstood[0].english(),
            "rope_scaling.factor = 0.5: transformers asks for a float >= 1 and warns below");
  EXPECT_EQ(params(mapConfig(scaled("4"), "c")).at("factor"), "4");
}

/// A fake hub cache: models--ORG--NAME/{refs/main, snapshots/REV/config.json}.
class HubCache : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::temp_directory_path() / ("posenc_hub_" + std::to_string(::getpid()));
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
  }
  void TearDown() override { fs::remove_all(m_dir); }
  void addRepo(const std::string& folder, const std::string& rev, bool ref = true) {
    const fs::path snap = m_dir / folder / "snapshots" / rev;
    fs::create_directories(snap);
    std::ofstream(snap / "config.json")
        << R"({"model_type": "gpt2", "n_positions": 1024, "n_embd": 768})";
    std::ofstream(snap / "model.safetensors") << "x";
    if (ref) {
      fs::create_directories(m_dir / folder / "refs");
      std::ofstream(m_dir / folder / "refs" / "main") << rev << "\n";
    }
  }
  fs::path m_dir;
};

TEST_F(HubCache, ListsModelsAndResolvesRepoIds) {
  addRepo("models--openai-community--gpt2", "abc123");
  addRepo("models--gpt2", "def456", false);
  fs::create_directories(m_dir / "datasets--x--y" / "snapshots" / "r");  // not a model
  const auto list = listCachedModels(m_dir);
  ASSERT_EQ(list.size(), 2U);
  EXPECT_EQ(list[0].repoId, "gpt2");
  EXPECT_EQ(list[0].revision, "def456");  // no refs/main: the newest snapshot
  EXPECT_EQ(list[1].repoId, "openai-community/gpt2");
  const ModelFiles f = locateModel("openai-community/gpt2", m_dir);
  EXPECT_EQ(f.repoId, "openai-community/gpt2");
  EXPECT_EQ(f.config,
            m_dir / "models--openai-community--gpt2" / "snapshots" / "abc123" / "config.json");
  EXPECT_EQ(f.checkpoint.filename(), "model.safetensors");
}

TEST_F(HubCache, FoldersFilesAndMissingModels) {
  addRepo("models--a--b", "r1");
  const fs::path snap = m_dir / "models--a--b" / "snapshots" / "r1";
  EXPECT_EQ(locateModel(snap.string(), m_dir).config, snap / "config.json");
  EXPECT_EQ(locateModel((snap / "config.json").string(), m_dir).checkpoint,
            snap / "model.safetensors");
  EXPECT_EQ(locateModel((snap / "model.safetensors").string(), m_dir).config, snap / "config.json");
  try {
    (void)locateModel("meta-llama/Llama-3.1-8B", m_dir);
    FAIL();
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("looked for models--meta-llama--Llama-3.1-8B"),
              std::string::npos);
    EXPECT_NE(std::string(e.what()).find("never downloads"), std::string::npos);
  }
  EXPECT_THROW((void)locateModel("../etc", m_dir), ModelError);
  EXPECT_THROW((void)locateModel(m_dir.string(), m_dir), ModelError);  // no config, no checkpoint
}

/// inspectModel's shape check on the published configs: a checkpoint whose table has the shape
/// the model builds (GPT-2 nn.Embedding(n_positions, n_embd), OPT's max_position_embeddings + 2
/// rows, T5's nn.Embedding(num_buckets, n_heads), DeBERTa-v2's 2 * position_buckets rows) is
/// "ok"; one row more is a mismatch naming the expected shape.
TEST_F(HubCache, InspectChecksTheTableShapeThePublishedConfigGives) {
  struct Case {
    const char* config;
    const char* tensor;
    std::vector<std::int64_t> shape;
  };
  for (const Case& c :
       {Case{"gpt2.json", "wpe.weight", {1024, 768}},
        Case{"bert-base-uncased.json", "bert.embeddings.position_embeddings.weight", {512, 768}},
        Case{"opt-125m.json", "model.decoder.embed_positions.weight", {2050, 768}},
        Case{"t5-base.json",
             "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight",
             {32, 12}},
        Case{"deberta-v3-base.json", "deberta.encoder.rel_embeddings.weight", {512, 768}}}) {
    for (const bool wrong : {false, true}) {
      const fs::path dir = m_dir / (std::string(c.config) + (wrong ? "-wrong" : ""));
      std::vector<std::int64_t> shape = c.shape;
      if (wrong) ++shape[0];
      test::writeFile(dir / "config.json", configText(c.config));
      test::writeFile(dir / "model.safetensors",
                      test::safetensorsBytes({{c.tensor, "BF16", shape, {}}}));
      const ModelReport r = inspectModel(dir.string(), m_dir);
      ASSERT_FALSE(r.tensors.empty()) << c.config;
      const TensorFound& t = r.tensors[0];
      ASSERT_TRUE(t.found) << c.config;
      EXPECT_EQ(t.expected, c.shape) << c.config;
      EXPECT_EQ(t.shapeOk(), !wrong) << c.config;
      std::ostringstream text;
      writeModelReport(text, r, false);
      const std::string expected = "(" + std::to_string(c.shape[0]) + ", " +
                                   std::to_string(c.shape[1]) + ") from the config";
      EXPECT_EQ(text.str().find("shape mismatch: expected " + expected) != std::string::npos, wrong)
          << text.str();
      std::ostringstream json;
      writeModelReport(json, r, true);
      EXPECT_NE(json.str().find(wrong ? "\"shape_ok\": false" : "\"shape_ok\": true"),
                std::string::npos)
          << json.str();
    }
  }
}

TEST(ModelShapeCheck, LeadingOnesAreDroppedAndNothingExpectedIsOk) {
  TensorFound t;
  t.shape = {1, 197, 768};
  t.expected = {197, 768};
  EXPECT_TRUE(t.shapeOk());  // ViT's (1, 197, 768)
  t.shape = {197, 768, 1};
  EXPECT_FALSE(t.shapeOk());
  t.shape = {768, 197};
  EXPECT_FALSE(t.shapeOk());  // transposed
  t.shape = {1, 1};
  t.expected = {1, 1};
  EXPECT_TRUE(t.shapeOk());
  t.expected.clear();
  EXPECT_TRUE(t.shapeOk());
}

TEST(HubCacheFolder, FollowsTheEnvironmentAsHuggingfaceHubDoes) {
  const auto with = [](const char* hub, const char* home) {
    hub ? ::setenv("HF_HUB_CACHE", hub, 1) : ::unsetenv("HF_HUB_CACHE");
    home ? ::setenv("HF_HOME", home, 1) : ::unsetenv("HF_HOME");
    return huggingFaceCache();
  };
  const char* oldHub = std::getenv("HF_HUB_CACHE");
  const char* oldHome = std::getenv("HF_HOME");
  const std::string savedHub = oldHub ? oldHub : "", savedHome = oldHome ? oldHome : "";
  EXPECT_EQ(with("/c/hub", "/h"), fs::path("/c/hub"));
  EXPECT_EQ(with(nullptr, "/h"), fs::path("/h/hub"));
  const char* oldUserHome = std::getenv("HOME");
  const std::string savedUserHome = oldUserHome ? oldUserHome : "";
  const char* oldXdg = std::getenv("XDG_CACHE_HOME");
  const std::string savedXdg = oldXdg ? oldXdg : "";
  ::setenv("XDG_CACHE_HOME", "/x", 1);
  EXPECT_EQ(with(nullptr, nullptr), fs::path("/x/huggingface/hub"));
  ::unsetenv("XDG_CACHE_HOME");
  ::setenv("HOME", "/home/u", 1);
  EXPECT_EQ(with(nullptr, nullptr), fs::path("/home/u/.cache/huggingface/hub"));
  with(oldHub ? savedHub.c_str() : nullptr, oldHome ? savedHome.c_str() : nullptr);
  if (oldUserHome) ::setenv("HOME", savedUserHome.c_str(), 1);
  if (oldXdg) ::setenv("XDG_CACHE_HOME", savedXdg.c_str(), 1);
}

// Issue 28: the model_type -> scheme table (models/model_config.cpp) names schemes as data and
// each scheme maps its own configs (SchemeModel::map in schemes/<id>/<id>_model.cpp): every
// supported type reaches a registered scheme whose mapping its parameters pass.
TEST(ModelConfig, EverySupportedTypeMapsThroughARegisteredSchemesHook) {
  for (const std::string& type : supportedModelTypes()) {
    nlohmann::json c = {{"model_type", type},
                        {"hidden_size", 64},
                        {"d_model", 64},
                        {"num_attention_heads", 4},
                        {"n_head", 4},
                        {"n_heads", 4},
                        {"num_heads", 4},
                        {"max_position_embeddings", 128},
                        {"position_buckets", 32},
                        {"qk_rope_head_dim", 16},
                        {"image_size", 32},
                        {"patch_size", 16},
                        {"attn_config", {{"alibi", true}}}};
    ModelMapping m;
    ASSERT_NO_THROW(m = mapConfig(c.dump(), "config.json")) << type;
    ASSERT_NO_THROW((void)findScheme(m.scheme)) << type << " -> " << m.scheme;
    EXPECT_NO_THROW((void)makeParams(findScheme(m.scheme), m.params)) << type;
    EXPECT_FALSE(m.params.empty()) << type << ": the scheme's hook set nothing";
  }
  // A row with `when`: Falcon is drawn by ALiBi when its config says alibi, else by RoPE.
  const auto falcon = [](bool alibi) {
    return mapConfig(nlohmann::json{{"model_type", "falcon"},
                                    {"alibi", alibi},
                                    {"hidden_size", 64},
                                    {"num_attention_heads", 4}}
                         .dump(),
                     "config.json")
        .scheme;
  };
  EXPECT_EQ(falcon(true), "alibi");
  EXPECT_EQ(falcon(false), "rope");
}

}  // namespace
}  // namespace posenc
