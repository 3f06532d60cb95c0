// SPDX-License-Identifier: GPL-3.0-or-later
// Tiny model folders for the model tests: a config.json of one model_type (every type
// model_config.hpp maps) and a checkpoint holding the tensors the mapping looks for, with
// small shapes that match the config, in any float dtype (F32, F16, BF16, F64); also sharded
// (model.safetensors.index.json and two shards) and the Hugging Face cache layout
// (models--ORG--NAME/snapshots/REV with refs/main).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace posenc::test {

/// One tensor to write: values in C order (converted to `dtype`).
struct TinyTensor {
  std::string name;
  std::string dtype = "F32";  ///< F32, F16, BF16, F64, or any other text (written as bytes).
  std::vector<std::int64_t> shape;
  std::vector<double> values;  ///< Empty: the tiny models' values (tinyValue).
};

/// The tiny models' value at C-order flat index i: (i % 16 - 5) / 8, exact in every dtype.
inline double tinyValue(std::size_t i) { return (static_cast<double>(i % 16) - 5) / 8; }

namespace detail {

/// IEEE half of a value exact in half (|v| in [2^-14, 65504] with at most 11 significant bits,
/// or 0), by moving the float's fields.
inline std::uint16_t toHalf(float v) {
  const auto bits = std::bit_cast<std::uint32_t>(v);
  const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000U);
  if ((bits & 0x7fffffffU) == 0) return sign;
  const std::int32_t exponent = static_cast<std::int32_t>((bits >> 23) & 0xff) - 127 + 15;
  const std::uint32_t mantissa = (bits >> 13) & 0x3ffU;
  if ((bits & 0x7f800000U) == 0x7f800000U)  // inf or NaN
    return static_cast<std::uint16_t>(sign | 0x7c00U | (mantissa ? 0x200U : 0U));
  if (exponent <= 0 || exponent >= 31) throw std::invalid_argument("not exact in half");
  return static_cast<std::uint16_t>(sign | (static_cast<std::uint32_t>(exponent) << 10) | mantissa);
}

inline void putLittle(std::string& out, std::uint64_t v, int bytes) {
  for (int k = 0; k < bytes; ++k) out.push_back(static_cast<char>((v >> (8 * k)) & 0xff));
}

inline std::size_t dtypeBytes(const std::string& dtype) {
  if (dtype == "F16" || dtype == "BF16") return 2;
  if (dtype == "F64") return 8;
  return 4;
}

/// The tensor's data bytes, little-endian.
inline std::string tensorBytes(const TinyTensor& t) {
  std::size_t n = 1;
  for (const auto d : t.shape) n *= static_cast<std::size_t>(d);
  std::string out;
  out.reserve(n * dtypeBytes(t.dtype));
  for (std::size_t i = 0; i < n; ++i) {
    const double v = t.values.empty() ? tinyValue(i) : t.values[i];
    const auto f = static_cast<float>(v);
    if (t.dtype == "F64") putLittle(out, std::bit_cast<std::uint64_t>(v), 8);
    else if (t.dtype == "F16") putLittle(out, toHalf(f), 2);
    else if (t.dtype == "BF16") putLittle(out, std::bit_cast<std::uint32_t>(f) >> 16, 2);
    else putLittle(out, std::bit_cast<std::uint32_t>(f), 4);
  }
  return out;
}

inline std::string shapeJson(const std::vector<std::int64_t>& shape) {
  // Appends only: GCC 12 at -O3 with the tests' precompiled headers sees a false
  // -Wstringop-overflow in `const char* + std::string&&` (CI failed on it in model_window_test).
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i != 0) s += ',';
    s += std::to_string(shape[i]);
  }
  s += ']';
  return s;
}

}  // namespace detail

/// The bytes of a safetensors file holding `tensors` in order: an 8-byte little-endian header
/// length, the JSON header (with "__metadata__": {"format": "pt"}), then the data.
inline std::string safetensorsBytes(const std::vector<TinyTensor>& tensors) {
  std::string header = R"({"__metadata__":{"format":"pt"})";
  std::string data;
  for (const TinyTensor& t : tensors) {
    const std::string bytes = detail::tensorBytes(t);
    header.append(",\"").append(t.name).append("\":{\"dtype\":\"").append(t.dtype);
    header.append("\",\"shape\":").append(detail::shapeJson(t.shape));
    header.append(",\"data_offsets\":[").append(std::to_string(data.size())).append(",");
    header.append(std::to_string(data.size() + bytes.size())).append("]}");
    data += bytes;
  }
  header += "}";
  std::string out;
  detail::putLittle(out, header.size(), 8);
  return out + header + data;
}

inline void writeFile(const std::filesystem::path& path, const std::string& bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

/// A tiny model: its config.json text, the scheme it maps to and its tensors.
struct TinyModel {
  std::string modelType;
  std::string scheme;  ///< What model_config.hpp maps it to.
  std::string config;  ///< config.json text.
  std::vector<TinyTensor> tensors;
  /// Parameters the mapping must give (a few that show the config was read).
  std::map<std::string, std::string> params;
};

/// A tiny model of `modelType` (one of supportedModelTypes()) with tensors in `dtype`: small
/// widths, the position tensors the mapping looks for in shapes the config gives, and one
/// other tensor (token embeddings), as a real checkpoint has.
inline TinyModel tinyModel(const std::string& modelType, const std::string& dtype = "F32") {
  TinyModel m{modelType, "rope", {}, {}, {}};
  const std::string type = "\"model_type\": \"" + modelType + "\"";
  const auto tensor = [&](std::string name, std::vector<std::int64_t> shape) {
    m.tensors.push_back({std::move(name), dtype, std::move(shape), {}});
  };
  if (modelType == "bloom" || modelType == "mpt") {
    m.scheme = "alibi";
    m.config = modelType == "bloom" ? "{" + type + R"(, "n_head": 4, "hidden_size": 16})"
                                    : "{" + type +
                                          R"(, "n_heads": 4, "d_model": 16,
                                             "attn_config": {"alibi": true}})";
    m.params = {{"heads", "4"}};
    tensor("word_embeddings.weight", {8, 16});
  } else if (modelType == "t5" || modelType == "mt5" || modelType == "umt5" ||
             modelType == "switch_transformers") {
    m.scheme = "t5";
    m.config = "{" + type + R"(, "d_model": 16, "num_heads": 4, "relative_attention_num_buckets": 8,
                  "relative_attention_max_distance": 32})";
    m.params = {{"buckets", "8"}, {"max_distance", "32"}, {"heads", "4"}};
    tensor("encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight", {8, 4});
    tensor("decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight", {8, 4});
    tensor("shared.weight", {8, 16});
  } else if (modelType == "gpt2" || modelType == "gpt_bigcode") {
    m.scheme = "learned";
    m.config = "{" + type + R"(, "n_positions": 12, "n_embd": 16, "n_head": 4})";
    m.params = {{"max_len", "12"}, {"dim", "16"}};
    tensor("wpe.weight", {12, 16});
    tensor("wte.weight", {8, 16});
  } else if (const std::map<std::string, std::string> bertLike = {{"bert", "bert."},
                                                                  {"megatron-bert", "bert."},
                                                                  {"ernie", "ernie."},
                                                                  {"albert", "albert."},
                                                                  {"electra", "electra."},
                                                                  {"distilbert", "distilbert."},
                                                                  {"roberta", "roberta."},
                                                                  {"xlm-roberta", "roberta."},
                                                                  {"xlm-roberta-xl", "roberta."},
                                                                  {"camembert", "roberta."},
                                                                  {"roberta-prelayernorm",
                                                                   "roberta_prelayernorm."},
                                                                  {"data2vec-text",
                                                                   "data2vec_text."}};
             bertLike.contains(modelType)) {
    m.scheme = "learned";
    m.config = "{" + type + R"(, "max_position_embeddings": 12, "hidden_size": 16})";
    m.params = {{"max_len", "12"}, {"dim", "16"}};
    const std::string prefix = bertLike.at(modelType);
    tensor(prefix + "embeddings.position_embeddings.weight", {12, 16});
    tensor(prefix + "embeddings.word_embeddings.weight", {8, 16});
  } else if (modelType == "opt") {
    m.scheme = "learned";
    m.config = "{" + type + R"(, "max_position_embeddings": 10, "hidden_size": 16})";
    m.params = {{"max_len", "12"}, {"dim", "16"}};  // OPT's offset of 2
    tensor("model.decoder.embed_positions.weight", {12, 16});
    tensor("model.decoder.embed_tokens.weight", {8, 16});
  } else if (modelType == "vit") {
    m.scheme = "learned";
    m.config = "{" + type + R"(, "image_size": 12, "patch_size": 4, "hidden_size": 16})";
    m.params = {{"max_len", "10"}, {"dim", "16"}};  // 3 x 3 patches + [CLS]
    tensor("vit.embeddings.position_embeddings", {1, 10, 16});
    tensor("vit.embeddings.cls_token", {1, 1, 16});
  } else if (modelType == "transfo-xl") {
    m.scheme = "xl";
    m.config = "{" + type + R"(, "d_model": 16, "n_head": 4, "d_head": 4, "mem_len": 8,
                  "clamp_len": 100, "untie_r": true})";
    m.params = {{"d_model", "16"}, {"heads", "4"}, {"mlen", "8"}};
    tensor("transformer.layers.0.dec_attn.r_w_bias", {4, 4});
    tensor("transformer.layers.0.dec_attn.r_r_bias", {4, 4});
    tensor("transformer.word_emb.emb_layers.0.weight", {8, 16});
  } else if (modelType == "deberta-v2") {
    m.scheme = "deberta";
    m.config = "{" + type + R"(, "hidden_size": 16, "num_attention_heads": 4,
                  "max_position_embeddings": 32, "max_relative_positions": -1,
                  "position_buckets": 8, "relative_attention": true})";
    m.params = {{"d_model", "16"}, {"heads", "4"}, {"buckets", "8"}};
    tensor("deberta.encoder.rel_embeddings.weight", {16, 16});
    tensor("deberta.embeddings.word_embeddings.weight", {8, 16});
  } else if (modelType == "gptj") {
    m.config = "{" + type + R"(, "n_embd": 64, "n_head": 4, "rotary_dim": 8, "n_positions": 64})";
    m.params = {{"dim", "16"}, {"layout", "interleaved"}, {"partial_rotary_factor", "0.5"}};
    tensor("transformer.wte.weight", {8, 64});
  } else if (modelType == "deepseek_v3" || modelType == "deepseek_v2" || modelType == "kimi_k2" ||
             modelType == "glm_moe_dsa") {
    m.config = "{" + type + R"(, "hidden_size": 64, "num_attention_heads": 4,
                  "qk_rope_head_dim": 8, "rope_theta": 10000, "max_position_embeddings": 64})";
    m.params = {{"dim", "8"}, {"layout", "interleaved"}, {"length", "64"}};
    tensor("model.embed_tokens.weight", {8, 64});
  } else {  // the other RoPE families: llama, qwen2, mistral, phi3, falcon, gemma, ...
    m.config = "{" + type + R"(, "hidden_size": 64, "num_attention_heads": 4,
                  "rope_theta": 20000.0, "max_position_embeddings": 64})";
    m.params = {{"dim", "16"}, {"base", "20000"}, {"length", "64"}};
    tensor("model.embed_tokens.weight", {8, 64});
  }
  return m;
}

/// Writes `model` into `dir`: config.json and model.safetensors, or with `sharded`
/// model.safetensors.index.json and one shard per tensor (model-0000K-of-0000N.safetensors).
inline void writeTinyModel(const std::filesystem::path& dir, const TinyModel& model,
                           bool sharded = false) {
  writeFile(dir / "config.json", model.config);
  if (!sharded) {
    writeFile(dir / "model.safetensors", safetensorsBytes(model.tensors));
    return;
  }
  std::string map;
  const std::size_t n = model.tensors.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::string shard =
        "model-0000" + std::to_string(k + 1) + "-of-0000" + std::to_string(n) + ".safetensors";
    writeFile(dir / shard, safetensorsBytes({model.tensors[k]}));
    map += (k ? ", \"" : "\"") + model.tensors[k].name + "\": \"" + shard + "\"";
  }
  writeFile(dir / "model.safetensors.index.json",
            R"({"metadata": {"total_size": 0}, "weight_map": {)" + map + "}}");
}

/// Puts `model` into a Hugging Face hub cache folder as `repoId` ("ORG/NAME" or "NAME"):
/// models--ORG--NAME/snapshots/REV/ and refs/main naming REV. @return the snapshot folder.
inline std::filesystem::path addToHubCache(const std::filesystem::path& cache,
                                           const std::string& repoId, const TinyModel& model,
                                           const std::string& revision = "0123abcd") {
  std::string folder = "models--" + repoId;
  for (std::size_t k = folder.find('/'); k != std::string::npos; k = folder.find('/'))
    folder.replace(k, 1, "--");
  const std::filesystem::path snapshot = cache / folder / "snapshots" / revision;
  writeTinyModel(snapshot, model);
  writeFile(cache / folder / "refs" / "main", revision);
  return snapshot;
}

}  // namespace posenc::test
