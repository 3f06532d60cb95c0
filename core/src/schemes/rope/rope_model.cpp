// SPDX-License-Identifier: GPL-3.0-or-later
// How a model's config maps to `rope` (its SchemeModel hooks, base/scheme_hooks.hpp), as
// Hugging Face transformers reads it:
// - src/transformers/modeling_rope_utils.py, RotaryEmbeddingConfigMixin.standardize_rope_params:
//   v5's "rope_parameters" flat (one dict) or keyed by layer type (its keys a subset of
//   layer_types), v4's "rope_scaling" with "rope_type" or the legacy "type"; rope_theta and
//   partial_rotary_factor inside the dict or beside it (a top-level partial_rotary_factor wins);
//   original_max_position_embeddings of llama3 / yarn / longrope from the top level first
//   (Phi-3), then the dict, then max_position_embeddings.
// - validate_rope and its _validate_<type>_rope_parameters: what transformers only warns about
//   (a factor below 1, beta_fast below beta_slow, a yarn factor other than max_position_embeddings
//   / original, llama3's original length not below max_position_embeddings) is listed as not
//   understood here, and drawn as transformers draws it.
// - _compute_proportional_rope_parameters (Gemma 4's full layers): rope_type "proportional"
//   becomes partial_rotary = proportional over global_head_dim, factor as linear scaling.
// - the families' rules are data (models/model_families.cpp): the rotated width (head_dim,
//   hidden_size // num_attention_heads, qk_rope_head_dim of MLA, ChatGLM's kv_channels), the
//   default base and partial rotary, the pairing, Gemma 3's rope_local_base_freq for its sliding
//   layers (configuration_gemma3.py convert_rope_params_to_dict: the sliding layers' dict is
//   {"rope_type": "default", "rope_theta": rope_local_base_freq}, the scaling goes to
//   full_attention only).
// `factor` is used as written (derived from max_position_embeddings / original only when
// absent, as transformers does since PR 40320). Nothing is learned: no tensor is read.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "models/config_reader.hpp"
#include "models/model_families.hpp"
#include "schemes/rope/rope_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kFactorAboveZero{
    "a number > 0 (transformers' _validate_*_rope_parameters ask for a float >= 1)",
    "what a config value must be"};
const MessageTemplate kHeadsPositive{"the number of attention heads must be positive"};
const MessageTemplate kNotAScaling{"%1 = \"%2\": not a scaling we draw (drawn without scaling)",
                                   "%1: a config key; %2: its value"};
const MessageTemplate kBetaFastBelowSlow{
    "%1 = %2 < beta_slow = %3: transformers warns (beta_fast must be greater)",
    "%1: the config key beta_fast; %2, %3: numbers"};
const MessageTemplate kFactorNotImplicit{
    "%1 = %2 is not max_position_embeddings / original_max_position_embeddings = %3: "
    "transformers warns and uses the explicit factor",
    "%1: the config key factor; %2, %3: numbers"};
const MessageTemplate kHighNotAboveLow{
    "%1 = %2 is not greater than low_freq_factor = %3: transformers warns (no pair is blended)",
    "%1: the config key high_freq_factor; %2, %3: numbers"};
const MessageTemplate kOriginalNotBelow{
    "%1 = %2 is not below max_position_embeddings = %3: transformers warns",
    "%1: the config key original_max_position_embeddings; %2, %3: numbers"};
const MessageTemplate kNotDrawn{"%1: not drawn", "%1: a config key"};
const MessageTemplate kFactorBelowOne{"%1 = %2: transformers asks for a float >= 1 and warns below",
                                      "%1: the config key factor; %2: its value"};
const MessageTemplate kMlaNote{
    "multi-head latent attention: RoPE on the %1 dims of qk_rope_head_dim; the "
    "qk_nope_head_dim = %2 dims of each head carry no position",
    "%1, %2: numbers of dimensions"};
const MessageTemplate kMscaleFormula{
    "mscale(factor, mscale_all_dim)^2 = (0.1 * %1 * ln(%2) + 1)^2 (modeling_deepseek_v3.py: "
    "softmax scale qk_head_dim^-0.5 times it)",
    "%1: mscale_all_dim; %2: factor; a formula of DeepSeek-V3's softmax scale"};
const MessageTemplate kAttnScaleFormula{
    "NoPE layers scale the query by log1p(floor((position + 1) / %1)) * %2 + 1 "
    "(modeling_llama4.py, attn_temperature_tuning)",
    "%1: floor_scale; %2: attn_scale; Llama 4's query scale on its NoPE layers"};
const MessageTemplate kFloorScaleFormula{
    "tokens per step of the NoPE layers' query scale (attn_temperature_tuning)",
    "what Llama 4's floor_scale is"};
const MessageTemplate kMropeNote{
    "%1.mrope_section = %2: multimodal RoPE splits the pairs between time, height and width; "
    "a text token has one position on all three, so the text's RoPE is drawn",
    "%1: rope_scaling or rope_parameters; %2: a list of numbers"};
const MessageTemplate kInterleavedNote{
    "pairs are interleaved (rope_interleave), as DeepSeek's view_as_complex"};

/// The rope_scaling / rope_parameters keys we draw or note.
const std::set<std::string>& knownRopeKeys() {
  static const std::set<std::string> k = {"rope_type",       "type",
                                          "factor",          "original_max_position_embeddings",
                                          "low_freq_factor", "high_freq_factor",
                                          "beta_fast",       "beta_slow",
                                          "truncate",        "attention_factor",
                                          "mscale",          "mscale_all_dim",
                                          "short_factor",    "long_factor",
                                          "rope_theta",      "partial_rotary_factor",
                                          "mrope_section",   "mrope_interleaved"};
  return k;
}

void addOnce(std::vector<Message>& list, const Message& s) {
  if (std::find(list.begin(), list.end(), s) == list.end()) list.push_back(s);
}

std::string ropeScalingId(const std::string& type, ModelMapping& m, const std::string& where) {
  // Qwen2-VL's configuration turns "mrope" into "default": the text's positions are one
  // position on all three axes, so its RoPE is the plain one.
  if (type == "default" || type.empty() || type == "mrope") return "none";
  if (type == "linear" || type == "dynamic" || type == "yarn" || type == "llama3" ||
      type == "longrope")
    return type;
  if (type == "su") return "longrope";  // Phi-3's first name for LongRoPE
  addOnce(m.notUnderstood, Message(kNotAScaling, {where, detail::printable(type)}));
  return "none";
}

/// transformers' validation warnings of yarn and llama3 (validate_rope), as not understood.
void scalingWarnings(const ConfigReader& s, const std::string& scaling, double factor,
                     std::int64_t maxPos, std::int64_t original, ModelMapping& m) {
  if (scaling == "yarn") {
    const double fast = s.num("beta_fast").value_or(32), slow = s.num("beta_slow").value_or(1);
    if (fast < slow)
      addOnce(m.notUnderstood, Message(kBetaFastBelowSlow, {s.name("beta_fast"), configNumber(fast),
                                                            configNumber(slow)}));
    const double implicit = static_cast<double>(maxPos) / static_cast<double>(original);
    if (s.has("factor") && implicit != factor && implicit != 1)
      addOnce(m.notUnderstood, Message(kFactorNotImplicit, {s.name("factor"), configNumber(factor),
                                                            configNumber(implicit)}));
  }
  if (scaling == "llama3" &&
      s.num("high_freq_factor").value_or(4) <= s.num("low_freq_factor").value_or(1))
    addOnce(m.notUnderstood,
            Message(kHighNotAboveLow, {s.name("high_freq_factor"),
                                       configNumber(s.num("high_freq_factor").value_or(4)),
                                       configNumber(s.num("low_freq_factor").value_or(1))}));
  if (scaling == "llama3" && original >= maxPos)
    addOnce(m.notUnderstood, Message(kOriginalNotBelow, {s.name("original_max_position_embeddings"),
                                                         wholeText(original), wholeText(maxPos)}));
}

void mapRopeScaling(const ConfigReader& c, const ConfigReader& s, const std::string& sName,
                    std::int64_t maxPos, Params& p, ModelMapping& m) {
  const std::string type = s.text("rope_type").value_or(s.text("type").value_or("default"));
  if (type == "proportional") {
    // _compute_proportional_rope_parameters: inv_freq /= factor (a linear scaling).
    set(p, "partial_rotary", "proportional");
    const double factor = s.num("factor").value_or(1);
    if (factor <= 0) s.fail("factor", Message(kFactorAboveZero));
    set(p, "scaling", factor == 1 ? "none" : "linear");
    if (factor != 1) set(p, "factor", configNumber(factor));
    set(p, "train_length", wholeText(maxPos));
    return;
  }
  const std::string scaling = ropeScalingId(type, m, sName + ".rope_type");
  set(p, "scaling", scaling);
  for (const std::string& k : s.keys())
    if (!knownRopeKeys().contains(k)) addOnce(m.notUnderstood, Message(kNotDrawn, {s.name(k)}));
  if (scaling == "none") {
    set(p, "train_length", wholeText(maxPos));
    return;
  }
  std::int64_t original = maxPos;
  if (scaling == "llama3" || scaling == "yarn" || scaling == "longrope") {
    if (const auto top = c.whole("original_max_position_embeddings")) {
      original = *top;
    } else if (const auto inner = s.whole("original_max_position_embeddings")) {
      original = *inner;
    }
  }
  set(p, "train_length", wholeText(original));
  // A factor of 0 or less has no meaning (the frequencies are divided by it): refused; below 1
  // transformers warns, and so do we.
  const std::optional<double> given = s.num("factor");  // num refuses NaN and infinities
  if (given && *given <= 0) s.fail("factor", Message(kFactorAboveZero));
  if (given && *given < 1)
    addOnce(m.notUnderstood, Message(kFactorBelowOne, {s.name("factor"), configNumber(*given)}));
  double factor = given.value_or(0);
  if (!given && original > 0) factor = static_cast<double>(maxPos) / static_cast<double>(original);
  if (factor == 0) factor = 1;  // absent, and no original length to derive it from
  set(p, "factor", configNumber(factor));
  if (original > 0) scalingWarnings(s, scaling, factor, maxPos, original, m);
  for (const char* k : {"low_freq_factor", "high_freq_factor", "beta_fast", "beta_slow",
                        "attention_factor", "mscale", "mscale_all_dim"})
    if (const auto v = s.num(k)) set(p, k, configNumber(*v));
  if (const auto t = s.flag("truncate")) set(p, "truncate", *t ? "true" : "false");
  for (const char* k : {"short_factor", "long_factor"})
    if (const auto v = s.numbers(k)) set(p, k, *v);
}

/// Width of one head's rotated part, before partial rotary, for layers of `layerType`.
std::int64_t ropeHeadDim(const ConfigReader& c, const ModelFamily* fam,
                         const std::string& layerType, const std::string& file) {
  if (fam && fam->globalHeadDimKey && layerType == "full_attention")
    if (const auto g = c.whole(fam->globalHeadDimKey)) return *g;
  if (fam && fam->ropeDimKey)
    if (const auto r = c.whole(fam->ropeDimKey)) return *r;
  if (fam && fam->mla) return required(c, {fam->ropeDimKey}, file);
  if (const auto h = c.whole("head_dim")) return *h;
  const std::int64_t hidden = required(c, {"hidden_size", "n_embd", "d_model"}, file);
  const std::int64_t heads = required(c, {"num_attention_heads", "n_head", "num_heads"}, file);
  if (heads <= 0) throw ModelError(file, Message(kHeadsPositive));
  return hidden / heads;  // transformers: hidden_size // num_attention_heads
}

/// The dict of RoPE parameters that applies to layers of `layerType`: v5's rope_parameters
/// (its entry for the layer type when it is keyed by layer type), else v4's rope_scaling.
struct RopeDict {
  std::optional<ConfigReader> dict{};
  std::string name{};
  bool keyed = false;
};

RopeDict ropeDict(const ConfigReader& c, const std::string& layerType) {
  if (const auto p = c.object("rope_parameters")) {
    const std::vector<std::string> keys = p->keys();
    const bool keyed = !keys.empty() && std::all_of(keys.begin(), keys.end(), [&](const auto& k) {
      return p->json().at(k).is_object();
    });
    if (!keyed) return {p, "rope_parameters", false};
    std::string key = keys.front();
    for (const char* k : {"full_attention", layerType.c_str()})
      if (p->has(k)) key = k;
    return {p->object(key.c_str()), "rope_parameters." + key, true};
  }
  if (const auto s = c.object("rope_scaling")) return {s, "rope_scaling", false};
  return {};
}

/// The rope parameters of layers of `layerType` (the long range's for "full_attention").
Params ropeParams(const ConfigReader& c, const std::string& type, const std::string& file,
                  const std::string& layerType, ModelMapping& m) {
  const ModelFamily* fam = findFamily(type, c);
  Params p;
  const std::int64_t dim = ropeHeadDim(c, fam, layerType, file);
  set(p, "dim", wholeText(dim));
  const RopeDict rd = ropeDict(c, layerType);
  // Gemma 3: the sliding layers' own base, without the scaling (convert_rope_params_to_dict).
  const bool local = !rd.keyed && fam && fam->localBaseKey && layerType == "sliding_attention";
  const std::optional<ConfigReader> scaling = local ? std::nullopt : rd.dict;
  double base = fam ? fam->defaultTheta : 10000;
  if (local) {
    base = c.num(fam->localBaseKey).value_or(10000);
  } else if (const auto t = c.num("rope_theta")) {
    base = *t;
  } else if (const auto g = c.num("rotary_emb_base")) {
    base = *g;  // GPT-NeoX
  }
  if (scaling)
    if (const auto t = scaling->num("rope_theta")) base = *t;
  if (fam && fam->baseRatioKey)  // ChatGLM: base = 10000 * rope_ratio
    if (const auto r = c.num(fam->baseRatioKey)) base *= *r;
  set(p, "base", configNumber(base));
  const Pairing pairing = fam ? fam->pairing : Pairing::Half;
  const bool interleaved =
      pairing == Pairing::Interleaved ||
      (pairing == Pairing::InterleaveOption && c.flag("rope_interleave").value_or(true));
  set(p, "layout", interleaved ? "interleaved" : "half");
  std::optional<double> partial = c.num("partial_rotary_factor");
  if (!partial) partial = c.num("rotary_pct");
  if (const auto r = c.whole("rotary_dim"); r && !partial && dim > 0)
    partial = static_cast<double>(*r) / static_cast<double>(dim);
  if (scaling && !partial) partial = scaling->num("partial_rotary_factor");
  if (!partial && fam && fam->defaultPartial != 1) partial = fam->defaultPartial;
  if (partial && *partial != 1) set(p, "partial_rotary_factor", configNumber(*partial));
  const char* lengthKey = fam && fam->lengthKey ? fam->lengthKey : "max_position_embeddings";
  const std::int64_t maxPos =
      firstWhole(c, {lengthKey, "max_position_embeddings", "n_positions"}).value_or(2048);
  set(p, "length", wholeText(std::min(maxPos, kMaxModelLength)));
  if (scaling) {
    mapRopeScaling(c, *scaling, rd.name, maxPos, p, m);
  } else {
    set(p, "scaling", "none");
    set(p, "train_length", wholeText(maxPos));
  }
  return p;
}

/// HF yarn_get_mscale (modeling_deepseek_v3.py; DeepSeek's own modeling_deepseek.py).
double yarnMscale(double scale, double mscale) {
  return scale <= 1 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0;
}

/// What the model does beside the rotation: MLA's split and softmax scale, Llama 4's
/// attention temperature tuning, M-RoPE's sections.
void ropeNotes(const ConfigReader& c, const ModelFamily* fam, ModelMapping& m) {
  if (fam && fam->mla) {
    m.notes.emplace_back(
        kMlaNote, std::vector<MessageArg>{wholeText(c.whole(fam->ropeDimKey).value_or(0)),
                                          wholeText(c.whole("qk_nope_head_dim").value_or(0))});
    const RopeDict rd = ropeDict(c, "full_attention");
    if (rd.dict) {
      const std::string t = rd.dict->text("rope_type").value_or(rd.dict->text("type").value_or(""));
      const double all = rd.dict->num("mscale_all_dim").value_or(0);
      const double factor = rd.dict->num("factor").value_or(1);
      // modeling_deepseek_v3.py DeepseekV3Attention: if rope_type != "default" and
      // mscale_all_dim: scaling *= yarn_get_mscale(factor, mscale_all_dim) ** 2.
      if (!t.empty() && t != "default" && all != 0) {
        const double ms = yarnMscale(factor, all);
        m.reported.push_back({"softmax_scale_multiplier", ms * ms,
                              Message(kMscaleFormula, {configNumber(all), configNumber(factor)})});
      }
    }
  }
  if (fam && fam->layers == LayerRule::NoRopeChunk &&
      c.flag("attn_temperature_tuning").value_or(true)) {
    const double floorScale = c.num("floor_scale").value_or(8192);
    const double attnScale = c.num("attn_scale").value_or(0.1);
    m.reported.push_back(
        {"attn_scale", attnScale,
         Message(kAttnScaleFormula, {configNumber(floorScale), configNumber(attnScale)})});
    m.reported.push_back({"floor_scale", floorScale, Message(kFloorScaleFormula)});
  }
  const RopeDict rd = ropeDict(c, "full_attention");
  if (rd.dict && rd.dict->has("mrope_section"))
    m.notes.emplace_back(kMropeNote,
                         std::vector<MessageArg>{rd.name, configValueText(rd.dict->json().at(
                                                              "mrope_section"))});
}

void mapRope(const ConfigReader& c, const std::string& type, const std::string& file,
             ModelMapping& m) {
  m.params = ropeParams(c, type, file, "full_attention", m);
  const ModelFamily* fam = findFamily(type, c);
  ropeNotes(c, fam, m);
  for (const auto& [k, v] : m.params)
    if (k == "layout" && v == "interleaved" && fam && fam->pairing == Pairing::InterleaveOption)
      m.notes.emplace_back(kInterleavedNote);
}

Params ropeLayer(const ConfigReader& c, const std::string& type, const std::string& file,
                 const std::string& layerType, ModelMapping& m) {
  return ropeParams(c, type, file, layerType, m);
}

}  // namespace

SchemeModel ropeModel() { return {.map = mapRope, .layer = ropeLayer}; }

}  // namespace posenc::detail
