// SPDX-License-Identifier: GPL-3.0-or-later
// The model families (model_families.hpp) as one table. Each row's rules are those of the
// family's configuration class in Hugging Face transformers,
// src/transformers/models/<family>/configuration_<family>.py (the defaults of its fields and
// its layer_types default), or of the model's own code for a remote-code family; docs/models.md
// lists every row with the file it follows.
#include "models/model_families.hpp"

#include <array>
#include <string_view>

#include "models/config_reader.hpp"

namespace posenc::detail {

namespace {

using enum LayerRule;
using enum Pairing;

// clang-format off
const ModelFamily kFamilies[] = {
    // ALiBi (modeling_bloom.py build_alibi_tensor, Falcon's alibi flag, MPT's attn_config).
    {.modelType = "bloom", .scheme = "alibi"},
    {.modelType = "falcon", .scheme = "alibi", .when = "alibi"},
    {.modelType = "mpt", .scheme = "alibi"},
    // T5's bucketed relative bias (modeling_t5.py T5Attention._relative_position_bucket).
    {.modelType = "t5", .scheme = "t5"},
    {.modelType = "mt5", .scheme = "t5"},
    {.modelType = "umt5", .scheme = "t5"},
    {.modelType = "switch_transformers", .scheme = "t5"},
    // Learned absolute tables (each modeling_*.py's position_embeddings / wpe).
    {.modelType = "gpt2", .scheme = "learned"},
    {.modelType = "gpt_bigcode", .scheme = "learned"},
    {.modelType = "bert", .scheme = "learned"},
    {.modelType = "megatron-bert", .scheme = "learned"},
    {.modelType = "ernie", .scheme = "learned"},
    {.modelType = "roberta", .scheme = "learned"},
    {.modelType = "roberta-prelayernorm", .scheme = "learned"},
    {.modelType = "xlm-roberta", .scheme = "learned"},
    {.modelType = "xlm-roberta-xl", .scheme = "learned"},
    {.modelType = "camembert", .scheme = "learned"},
    {.modelType = "data2vec-text", .scheme = "learned"},
    {.modelType = "albert", .scheme = "learned"},
    {.modelType = "electra", .scheme = "learned"},
    {.modelType = "distilbert", .scheme = "learned"},
    {.modelType = "opt", .scheme = "learned"},
    {.modelType = "vit", .scheme = "learned"},
    // Transformer-XL and DeBERTa's relative schemes.
    {.modelType = "transfo-xl", .scheme = "xl"},
    {.modelType = "deberta-v2", .scheme = "deberta"},
    // RoPE: multi-head latent attention (configuration_deepseek_v2/v3.py, glm_moe_dsa; Kimi K2
    // ships DeepSeek-V3's remote code).
    {.modelType = "deepseek_v2", .scheme = "rope", .ropeDimKey = "qk_rope_head_dim", .pairing = InterleaveOption, .mla = true},
    {.modelType = "deepseek_v3", .scheme = "rope", .ropeDimKey = "qk_rope_head_dim", .pairing = InterleaveOption, .mla = true},
    {.modelType = "kimi_k2", .scheme = "rope", .ropeDimKey = "qk_rope_head_dim", .pairing = InterleaveOption, .mla = true, .remoteCode = true},
    {.modelType = "glm_moe_dsa", .scheme = "rope", .ropeDimKey = "qk_rope_head_dim", .pairing = InterleaveOption, .mla = true},
    // RoPE with layers that differ.
    {.modelType = "gemma2", .scheme = "rope", .layers = Alternate},
    {.modelType = "gemma3", .scheme = "rope", .localBaseKey = "rope_local_base_freq", .defaultTheta = 1e6, .layers = Pattern, .textConfig = true},
    {.modelType = "gemma3_text", .scheme = "rope", .localBaseKey = "rope_local_base_freq", .defaultTheta = 1e6, .layers = Pattern},
    {.modelType = "gemma4", .scheme = "rope", .globalHeadDimKey = "global_head_dim", .defaultTheta = 1e6, .layers = Pattern, .textConfig = true},
    {.modelType = "gemma4_text", .scheme = "rope", .globalHeadDimKey = "global_head_dim", .defaultTheta = 1e6, .layers = Pattern},
    {.modelType = "gpt_oss", .scheme = "rope", .defaultTheta = 150000, .layers = Alternate},
    {.modelType = "llama4", .scheme = "rope", .defaultTheta = 500000, .layers = NoRopeChunk, .textConfig = true},
    {.modelType = "llama4_text", .scheme = "rope", .defaultTheta = 500000, .layers = NoRopeChunk},
    {.modelType = "smollm3", .scheme = "rope", .defaultTheta = 2e6, .layers = NoRope},
    {.modelType = "qwen3_next", .scheme = "rope", .defaultPartial = 0.25, .layers = Interval},
    {.modelType = "qwen3_5", .scheme = "rope", .defaultPartial = 0.25, .layers = Interval, .textConfig = true},
    {.modelType = "qwen3_5_text", .scheme = "rope", .defaultPartial = 0.25, .layers = Interval},
    {.modelType = "qwen3_5_moe", .scheme = "rope", .defaultPartial = 0.25, .layers = Interval, .textConfig = true},
    {.modelType = "qwen2", .scheme = "rope", .layers = MaxWindow},
    {.modelType = "qwen2_moe", .scheme = "rope", .layers = MaxWindow},
    {.modelType = "qwen3", .scheme = "rope", .layers = MaxWindow},
    {.modelType = "qwen3_moe", .scheme = "rope", .layers = MaxWindow},
    {.modelType = "qwen2_vl", .scheme = "rope", .layers = MaxWindow, .textConfig = true},
    {.modelType = "qwen2_5_vl", .scheme = "rope", .layers = MaxWindow, .textConfig = true},
    {.modelType = "qwen3_vl", .scheme = "rope", .textConfig = true},
    {.modelType = "qwen3_vl_moe", .scheme = "rope", .textConfig = true},
    {.modelType = "mistral", .scheme = "rope", .layers = SlidingAll},
    {.modelType = "mixtral", .scheme = "rope", .layers = SlidingAll},
    {.modelType = "phi3", .scheme = "rope", .layers = SlidingAll},
    {.modelType = "phimoe", .scheme = "rope", .layers = SlidingAll},
    {.modelType = "starcoder2", .scheme = "rope", .layers = SlidingAll},
    // RoPE alike on every layer.
    {.modelType = "llama", .scheme = "rope"},
    {.modelType = "falcon", .scheme = "rope"},
    {.modelType = "gemma", .scheme = "rope"},
    {.modelType = "gpt_neox", .scheme = "rope", .defaultPartial = 0.25},
    {.modelType = "gptj", .scheme = "rope", .pairing = Interleaved},
    {.modelType = "codegen", .scheme = "rope", .pairing = Interleaved},
    {.modelType = "phi", .scheme = "rope", .defaultPartial = 0.5},
    {.modelType = "persimmon", .scheme = "rope", .defaultPartial = 0.5},
    {.modelType = "stablelm", .scheme = "rope", .defaultPartial = 0.25},
    {.modelType = "nemotron", .scheme = "rope", .defaultPartial = 0.5},
    {.modelType = "cohere", .scheme = "rope", .pairing = Interleaved},
    {.modelType = "glm", .scheme = "rope", .defaultPartial = 0.5, .pairing = Interleaved},
    {.modelType = "glm4", .scheme = "rope", .defaultPartial = 0.5, .pairing = Interleaved},
    {.modelType = "chatglm", .scheme = "rope", .ropeDimKey = "kv_channels", .defaultPartial = 0.5, .lengthKey = "seq_length", .baseRatioKey = "rope_ratio", .pairing = Interleaved, .remoteCode = true},
    {.modelType = "olmo", .scheme = "rope"},
    {.modelType = "olmo2", .scheme = "rope"},
    {.modelType = "olmoe", .scheme = "rope"},
    {.modelType = "granite", .scheme = "rope"},
    {.modelType = "granitemoe", .scheme = "rope"},
    {.modelType = "helium", .scheme = "rope"},
    {.modelType = "ernie4_5", .scheme = "rope"},
    {.modelType = "ernie4_5_moe", .scheme = "rope"},
    {.modelType = "seed_oss", .scheme = "rope"},
    {.modelType = "hunyuan_v1_dense", .scheme = "rope"},
    {.modelType = "internlm", .scheme = "rope", .remoteCode = true},
    {.modelType = "internlm2", .scheme = "rope", .remoteCode = true},
};
// clang-format on

/// Class-name prefixes of `architectures`, longest first where one is the start of another.
struct ArchitecturePrefix {
  std::string_view prefix;
  const char* modelType;
};

const std::array kArchitectures{
    ArchitecturePrefix{"GPT2", "gpt2"},
    ArchitecturePrefix{"GPTNeoX", "gpt_neox"},
    ArchitecturePrefix{"GPTJ", "gptj"},
    ArchitecturePrefix{"OPT", "opt"},
    ArchitecturePrefix{"DistilBert", "distilbert"},
    ArchitecturePrefix{"Bert", "bert"},
    ArchitecturePrefix{"Roberta", "roberta"},
    ArchitecturePrefix{"Albert", "albert"},
    ArchitecturePrefix{"Electra", "electra"},
    ArchitecturePrefix{"Bloom", "bloom"},
    ArchitecturePrefix{"T5", "t5"},
    ArchitecturePrefix{"Llama", "llama"},
    ArchitecturePrefix{"Mistral", "mistral"},
};

}  // namespace

std::span<const ModelFamily> modelFamilies() { return kFamilies; }

const ModelFamily* findFamily(const std::string& type, const ConfigReader& c) {
  for (const ModelFamily& f : kFamilies)
    if (type == f.modelType && (!f.when || c.flag(f.when).value_or(false))) return &f;
  return nullptr;
}

std::string typeFromArchitecture(const std::string& architecture) {
  for (const ArchitecturePrefix& a : kArchitectures)
    if (architecture.starts_with(a.prefix)) return a.modelType;
  return {};
}

}  // namespace posenc::detail
