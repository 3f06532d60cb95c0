// SPDX-License-Identifier: GPL-3.0-or-later
// The layers of a model (config_layers.hpp). Each family's default layer types follow its
// configuration class in Hugging Face transformers (src/transformers/models/<family>/
// configuration_<family>.py, the `layer_types` default of __post_init__ / __init__):
//   Gemma 2, gpt-oss:  "sliding_attention" if bool((i + 1) % 2) else "full_attention"
//   Gemma 3, Gemma 4:  "sliding_attention" if bool((i + 1) % sliding_window_pattern) else
//                      "full_attention" (sliding_window_pattern defaults to 6)
//   Qwen3-Next, 3.5:   "linear_attention" if bool((i + 1) % full_attention_interval) else
//                      "full_attention" (interval defaults to 4)
//   Llama 4:           no_rope_layers = [int((i + 1) % no_rope_layer_interval != 0)] (interval
//                      4; 1 = the layer uses RoPE), layer_types = "chunked_attention" where
//                      no_rope_layers[i] else "full_attention" (configuration_llama4.py)
//   Qwen2 family:      "sliding_attention" if sliding_window is not None and i >=
//                      max_window_layers else "full_attention", sliding_window = None unless
//                      use_sliding_window (configuration_qwen2.py)
//   Mistral family:    every layer masked to sliding_window when it is not null (the model's
//                      create_sliding_window_causal_mask)
// A layer's window goes into its parameters (`window`, `window_kind`) when its scheme draws one:
// "chunked" for chunked_attention (create_chunked_causal_mask), "sliding" otherwise
// (create_sliding_window_causal_mask); masking_utils.py builds both. Llama 4's NoPE layers carry
// its attention temperature tuning (configuration_llama4.py Llama4TextConfig: attn_temperature_
// tuning True, floor_scale 8192, attn_scale 0.1 by default; modeling_llama4.py applies them
// where not use_rope).
#include "models/config_layers.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/scheme_hooks.hpp"
#include "models/config_reader.hpp"
#include "models/model_families.hpp"
#include "posenc/base/scheme.hpp"

namespace posenc::detail {

const char* const kNoPositionScheme = "nope";

namespace {

const MessageTemplate kLayerCountRange{"a whole number from 0 to %1",
                                       "what a config value must be; %1: the most layers"};
const MessageTemplate kListOfLayerTypes{"a list of layer type strings",
                                        "what a config value must be"};
const MessageTemplate kListOfZeroOne{"a list of 0 and 1, one per layer",
                                     "what a config value must be"};
const MessageTemplate kWindowNotUsed{"sliding_window = %1 is not used: use_sliding_window is false",
                                     "%1: a number of tokens"};
const MessageTemplate kLayerTypesCount{
    "layer_types: %1 entries for %2 layers (the family's default is drawn)", "%1, %2: numbers"};
const MessageTemplate kNoRopeLayerNote{
    "no_rope_layers: this layer has no positional encoding (NoPE)"};
const MessageTemplate kLinearAttentionNote{
    "linear attention (Gated DeltaNet): no positional encoding"};

constexpr std::int64_t kMaxLayers = 65536;

/// One layer before its parameters: its type, window and whether it has positional encoding.
struct PlannedLayer {
  std::string type{};
  std::optional<std::int64_t> window{};
  bool positional = true;
  const MessageTemplate* note = nullptr;
};

std::optional<std::vector<std::string>> configLayerTypes(const ConfigReader& c,
                                                         const nlohmann::json& j) {
  const auto it = j.find("layer_types");
  if (it == j.end() || it->is_null()) return std::nullopt;
  if (!it->is_array()) c.fail("layer_types", Message(kListOfLayerTypes));
  std::vector<std::string> out;
  for (const nlohmann::json& t : *it) {
    if (!t.is_string()) c.fail("layer_types", Message(kListOfLayerTypes));
    out.push_back(t.get<std::string>());
  }
  return out;
}

/// Llama 4 / SmolLM3's no_rope_layers (1 = RoPE), or its default every interval-th layer NoPE.
std::vector<bool> ropeLayers(const ConfigReader& c, const nlohmann::json& j, std::int64_t n) {
  std::vector<bool> rope(static_cast<std::size_t>(n), true);
  const auto it = j.find("no_rope_layers");
  if (it != j.end() && !it->is_null() && !(it->is_array() && it->empty())) {
    if (!it->is_array() || static_cast<std::int64_t>(it->size()) != n)
      c.fail("no_rope_layers", Message(kListOfZeroOne));
    for (std::size_t i = 0; i < it->size(); ++i) {
      const nlohmann::json& v = (*it)[i];
      if (!v.is_number() && !v.is_boolean()) c.fail("no_rope_layers", Message(kListOfZeroOne));
      rope[i] = v.is_boolean() ? v.get<bool>() : v.get<double>() != 0;
    }
    return rope;
  }
  const std::int64_t interval =
      std::max<std::int64_t>(1, c.whole("no_rope_layer_interval").value_or(4));
  for (std::int64_t i = 0; i < n; ++i) rope[static_cast<std::size_t>(i)] = (i + 1) % interval != 0;
  return rope;
}

/// The type of layer i under the family's default rule.
std::string defaultType(const ConfigReader& c, LayerRule rule, std::int64_t i, bool rope,
                        bool slidingOn) {
  switch (rule) {
    case LayerRule::Alternate:
      return (i + 1) % 2 != 0 ? "sliding_attention" : "full_attention";
    case LayerRule::Pattern: {
      const std::int64_t p =
          std::max<std::int64_t>(1, c.whole("sliding_window_pattern").value_or(6));
      return (i + 1) % p != 0 ? "sliding_attention" : "full_attention";
    }
    case LayerRule::Interval: {
      const std::int64_t p =
          std::max<std::int64_t>(1, c.whole("full_attention_interval").value_or(4));
      return (i + 1) % p != 0 ? "linear_attention" : "full_attention";
    }
    case LayerRule::NoRopeChunk:
      return rope ? "chunked_attention" : "full_attention";
    case LayerRule::MaxWindow:
      return slidingOn && i >= c.whole("max_window_layers").value_or(28) ? "sliding_attention"
                                                                         : "full_attention";
    case LayerRule::SlidingAll:
      return slidingOn ? "sliding_attention" : "full_attention";
    default:
      return "full_attention";
  }
}

std::vector<PlannedLayer> planLayers(const ConfigReader& c, const ModelFamily* fam, std::int64_t n,
                                     ModelMapping& m) {
  const nlohmann::json& j = c.json();
  const LayerRule rule = fam ? fam->layers : LayerRule::Uniform;
  const std::optional<std::int64_t> window = c.whole("sliding_window");
  // Qwen2's sliding_window = sliding_window if use_sliding_window else None.
  const bool slidingOn = window.has_value() && (rule != LayerRule::MaxWindow ||
                                                c.flag("use_sliding_window").value_or(false));
  if (window && !slidingOn)
    m.notes.emplace_back(kWindowNotUsed, std::vector<MessageArg>{wholeText(*window)});
  std::optional<std::vector<std::string>> listed = configLayerTypes(c, j);
  if (listed && static_cast<std::int64_t>(listed->size()) != n) {
    m.notUnderstood.emplace_back(kLayerTypesCount,
                                 std::vector<MessageArg>{wholeText(static_cast<std::int64_t>(
                                                             listed->size())),
                                                         wholeText(n)});
    listed.reset();
  }
  const bool noRopeRule = rule == LayerRule::NoRope || rule == LayerRule::NoRopeChunk;
  const std::vector<bool> rope =
      noRopeRule ? ropeLayers(c, j, n) : std::vector<bool>(static_cast<std::size_t>(n), true);
  std::vector<PlannedLayer> out;
  out.reserve(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    const bool r = rope[static_cast<std::size_t>(i)];
    PlannedLayer l;
    l.type =
        listed ? (*listed)[static_cast<std::size_t>(i)] : defaultType(c, rule, i, r, slidingOn);
    if (l.type == "sliding_attention" && window) l.window = window;
    if (l.type == "chunked_attention") l.window = c.whole("attention_chunk_size").value_or(8192);
    if (!r) {
      l.positional = false;
      l.note = &kNoRopeLayerNote;
    } else if (l.type == "linear_attention") {
      l.positional = false;
      l.note = &kLinearAttentionNote;
    }
    out.push_back(std::move(l));
  }
  return out;
}

/// Whether scheme `id` has a parameter `param`.
bool schemeHas(const std::string& id, const char* param) {
  for (const ParamSpec& spec : findScheme(id).info().params)
    if (spec.id == param) return true;
  return false;
}

/// `window` and `window_kind` of a layer of `type` with window `size` (none for a size below 1).
/// A window past the longest drawable sequence is drawn as kMaxLength: no position pair
/// drawn is farther apart or in another chunk, so the mask is the same.
ParamAssignments windowParams(const std::string& type, std::int64_t size) {
  if (size < 1) return {};
  return {{"window", wholeText(std::min(size, kMaxLength))},
          {"window_kind", type == "chunked_attention" ? "chunked" : "sliding"}};
}

/// Llama 4's attention temperature tuning of the NoPE layers, from the config or
/// Llama4TextConfig's defaults; nothing for another family.
ParamAssignments temperatureParams(const ConfigReader& c, const ModelFamily* fam) {
  if (!fam || fam->layers != LayerRule::NoRopeChunk) return {};
  return {{"temperature_tuning",
           c.flag("attn_temperature_tuning").value_or(true) ? "true" : "false"},
          {"floor_scale", configNumber(c.num("floor_scale").value_or(8192))},
          {"attn_scale", configNumber(c.num("attn_scale").value_or(0.1))}};
}

}  // namespace

void buildLayers(const ConfigReader& c, const std::string& type, const std::string& file,
                 const ModelFamily* fam, ModelMapping& m) {
  const auto count = firstWhole(c, {"num_hidden_layers", "n_layer", "num_layers", "n_layers"});
  if (!count) return;
  if (*count < 0 || *count > kMaxLayers) {
    for (const char* k : {"n_layers", "num_layers", "n_layer", "num_hidden_layers"})
      if (c.has(k) && c.whole(k) == count)
        c.fail(k, Message(kLayerCountRange, {wholeText(kMaxLayers)}));
  }
  const std::vector<PlannedLayer> plan = planLayers(c, fam, *count, m);
  const auto layerHook = hooksOf(findScheme(m.scheme)).model.layer;
  std::map<std::string, ParamAssignments> byType;  // each type's parameters, made once
  ParamAssignments nope;
  for (const char* k : {"length", "dim"})
    if (const std::string v = paramText(m.params, k); !v.empty()) nope.emplace_back(k, v);
  for (auto& kv : temperatureParams(c, fam)) nope.push_back(std::move(kv));
  m.layers.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const PlannedLayer& p = plan[i];
    ModelLayer l;
    l.index = static_cast<std::int64_t>(i);
    l.type = p.type;
    l.window = p.window;
    if (p.note) l.notes.emplace_back(*p.note);
    if (!p.positional) {
      l.scheme = kNoPositionScheme;
      l.params = nope;
    } else {
      l.scheme = m.scheme;
      auto it = byType.find(p.type);
      if (it == byType.end())
        it = byType.emplace(p.type, layerHook ? layerHook(c, type, file, p.type, m) : m.params)
                 .first;
      l.params = it->second;
    }
    if (l.window && schemeHas(l.scheme, "window"))
      for (auto& kv : windowParams(l.type, *l.window)) l.params.push_back(std::move(kv));
    m.layers.push_back(std::move(l));
  }
  // The top level is the long-range layers' (longRangeLayer): their window too, when every
  // such layer has one (Phi-3, Mistral: all sliding; Llama 4: its RoPE layers are all chunked).
  const std::optional<std::int64_t> index = longRangeLayer(m);
  if (!index) return;
  const ModelLayer& longRange = m.layers[static_cast<std::size_t>(*index)];
  if (longRange.scheme == m.scheme && longRange.window && schemeHas(m.scheme, "window"))
    for (auto& kv : windowParams(longRange.type, *longRange.window))
      m.params.push_back(std::move(kv));
}

}  // namespace posenc::detail
