// SPDX-License-Identifier: GPL-3.0-or-later
// The model families as data (model_families.cpp): for each model_type of Hugging Face
// transformers whose configuration carries position information, the scheme that draws it and
// the family's rules where a key is absent (how its layers alternate, which key holds the
// rotated width, its default base and partial rotary), each as the family's configuration_*.py
// sets it. model_config.cpp picks the row, config_layers.cpp builds the layers from it, and a
// scheme's SchemeModel hook reads the rows' fields it needs (rope_model.cpp).
#pragma once

#include <span>
#include <string>

namespace posenc::detail {

class ConfigReader;  // models/config_reader.hpp

/// How a family's layers differ when the config has no `layer_types` (each its configuration
/// class's default).
enum class LayerRule {
  Uniform,      ///< Every layer alike: "full_attention".
  Alternate,    ///< Gemma 2, gpt-oss: "sliding_attention" if (i + 1) % 2 else "full_attention".
  Pattern,      ///< Gemma 3 / 4, Cohere 2: sliding unless (i + 1) % sliding_window_pattern == 0.
  Interval,     ///< Qwen3-Next, Qwen3.5: "linear_attention" (no positional encoding) unless
                ///< (i + 1) % full_attention_interval == 0.
  NoRope,       ///< SmolLM3: no_rope_layers[i] == 0 (default every no_rope_layer_interval-th)
                ///< has no positional encoding.
  NoRopeChunk,  ///< Llama 4: as NoRope, and the RoPE layers are "chunked_attention" over
                ///< attention_chunk_size, the NoPE ones "full_attention".
  MaxWindow,    ///< Qwen2 family: "sliding_attention" if use_sliding_window and i >=
                ///< max_window_layers, else "full_attention".
  SlidingAll,   ///< Mistral, Mixtral, Phi-3, Starcoder2: every layer looks back sliding_window
                ///< tokens when it is not null.
};

/// Which dimensions pair (rope's `layout`).
enum class Pairing {
  Half,              ///< rotate_half (LLaMA, GPT-NeoX).
  Interleaved,       ///< rotate_every_two (GPT-J, CodeGen, Cohere, GLM, ChatGLM).
  InterleaveOption,  ///< Interleaved unless rope_interleave is false (DeepSeek-V2/V3, GLM-5).
};

/// One model family. Rows are tried in order; the first that applies wins.
struct ModelFamily {
  const char* modelType = nullptr;
  const char* scheme = nullptr;
  /// The row applies only when this flag of the config is true (Falcon's alibi).
  const char* when = nullptr;
  /// The key of the rotated head width when it is not head_dim or hidden / heads
  /// (qk_rope_head_dim of MLA, kv_channels of ChatGLM).
  const char* ropeDimKey = nullptr;
  /// The key of the full-attention layers' head width (Gemma 4's global_head_dim).
  const char* globalHeadDimKey = nullptr;
  /// The key of the sliding layers' own base, drawn without the scaling (Gemma 3's
  /// rope_local_base_freq, default 10000).
  const char* localBaseKey = nullptr;
  double defaultTheta = 10000;  ///< The base when the config gives none.
  double defaultPartial = 1;    ///< partial_rotary_factor when the config gives none.
  /// The key of the context length when it is not max_position_embeddings (ChatGLM's
  /// seq_length).
  const char* lengthKey = nullptr;
  /// The key multiplying the base (ChatGLM's rope_ratio: base = 10000 * rope_ratio).
  const char* baseRatioKey = nullptr;
  LayerRule layers = LayerRule::Uniform;
  Pairing pairing = Pairing::Half;
  /// A multimodal wrapper: the text model's keys are in `text_config`.
  bool textConfig = false;
  /// Multi-head latent attention (DeepSeek-V2/V3, Kimi K2, GLM-5): RoPE on the ropeDimKey
  /// part only, qk_nope_head_dim without position, the softmax scale times mscale^2.
  bool mla = false;
  /// A family transformers does not ship (trust_remote_code): read as its own code reads it.
  bool remoteCode = false;
};

/// Every row, in order.
[[nodiscard]] std::span<const ModelFamily> modelFamilies();

/// The first row of `type` that applies to config `c`; null for a type of no row.
[[nodiscard]] const ModelFamily* findFamily(const std::string& type, const ConfigReader& c);

/// The model_type of a config without one, from its `architectures` (GPT2LMHeadModel ->
/// gpt2); empty when no class is known.
[[nodiscard]] std::string typeFromArchitecture(const std::string& architecture);

}  // namespace posenc::detail
