// SPDX-License-Identifier: GPL-3.0-or-later
// How a model's config maps to `rope` (its SchemeModel hook, base/scheme_hooks.hpp), as
// Hugging Face transformers reads it (src/transformers/models/*/configuration_*.py and
// modeling_rope_utils.py `standardize_rope_params`, `_compute_*_parameters`): the legacy
// "type" key as well as "rope_type", v5's "rope_parameters" as well as "rope_scaling",
// Phi-3's top-level original_max_position_embeddings taking priority, and `factor` as written
// (derived from max_position_embeddings / original only when absent, as transformers does
// since PR 40320). Nothing is learned: no tensor is read.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "models/config_reader.hpp"
#include "schemes/rope/rope_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kFactorAboveZero{
    "a number > 0 (transformers' _validate_*_rope_parameters ask for a float >= 1)",
    "what a config value must be"};
const MessageTemplate kHeadsPositive{"the number of attention heads must be positive"};

/// The rope_scaling / rope_parameters keys we draw, by scaling.
const std::set<std::string>& knownRopeKeys() {
  static const std::set<std::string> k = {"rope_type",       "type",
                                          "factor",          "original_max_position_embeddings",
                                          "low_freq_factor", "high_freq_factor",
                                          "beta_fast",       "beta_slow",
                                          "truncate",        "attention_factor",
                                          "mscale",          "mscale_all_dim",
                                          "short_factor",    "long_factor",
                                          "rope_theta",      "partial_rotary_factor"};
  return k;
}

std::string ropeScalingId(const std::string& type, ModelMapping& m, const std::string& where) {
  if (type == "default" || type.empty()) return "none";
  if (type == "linear" || type == "dynamic" || type == "yarn" || type == "llama3" ||
      type == "longrope")
    return type;
  if (type == "su") return "longrope";  // Phi-3's first name for LongRoPE
  m.notUnderstood.push_back(where + " = \"" + detail::printable(type) +
                            "\": not a scaling we draw (drawn without scaling)");
  return "none";
}

void mapRopeScaling(const ConfigReader& c, const ConfigReader& s, const std::string& sName,
                    std::int64_t maxPos, ModelMapping& m) {
  const std::string type = s.text("rope_type").value_or(s.text("type").value_or("default"));
  const std::string scaling = ropeScalingId(type, m, sName + ".rope_type");
  set(m.params, "scaling", scaling);
  for (const std::string& k : s.keys())
    if (!knownRopeKeys().contains(k)) m.notUnderstood.push_back(s.name(k) + ": not drawn");
  if (scaling == "none") {
    set(m.params, "train_length", wholeText(maxPos));
    return;
  }
  // Phi-3 keeps original_max_position_embeddings at the top level; it takes priority there.
  std::int64_t original = maxPos;
  if (scaling == "llama3" || scaling == "yarn" || scaling == "longrope") {
    if (const auto top = c.whole("original_max_position_embeddings")) {
      original = *top;
    } else if (const auto inner = s.whole("original_max_position_embeddings")) {
      original = *inner;
    }
  }
  set(m.params, "train_length", wholeText(original));
  // transformers' rope_config_validation (modeling_rope_utils.py, _validate_linear_scaling_
  // rope_parameters and its yarn, llama3, dynamic and longrope siblings) asks for a float >= 1
  // and only warns below. We warn below 1 too; 0, a negative or a non-finite factor has no
  // meaning (the frequencies are divided by it) and was drawn as 1, so it is refused.
  const std::optional<double> given = s.num("factor");  // num refuses NaN and infinities
  if (given && *given <= 0) s.fail("factor", Message(kFactorAboveZero));
  if (given && *given < 1)
    m.notUnderstood.push_back(s.name("factor") + " = " + configNumber(*given) +
                              ": transformers asks for a float >= 1 and warns below");
  double factor = given.value_or(0);
  if (!given && original > 0) factor = static_cast<double>(maxPos) / static_cast<double>(original);
  if (factor == 0) factor = 1;  // absent, and no original length to derive it from
  set(m.params, "factor", configNumber(factor));
  for (const char* k : {"low_freq_factor", "high_freq_factor", "beta_fast", "beta_slow",
                        "attention_factor", "mscale", "mscale_all_dim"})
    if (const auto v = s.num(k)) set(m.params, k, configNumber(*v));
  if (const auto t = s.flag("truncate")) set(m.params, "truncate", *t ? "true" : "false");
  for (const char* k : {"short_factor", "long_factor"})
    if (const auto v = s.numbers(k)) set(m.params, k, *v);
}

/// Width of one head's rotated part, before partial rotary: head_dim, else hidden / heads.
std::int64_t ropeHeadDim(const ConfigReader& c, const std::string& type, const std::string& file) {
  if (type == "deepseek_v3" || type == "deepseek_v2")
    return required(c, {"qk_rope_head_dim"}, file);
  if (const auto h = c.whole("head_dim")) return *h;
  const std::int64_t hidden = required(c, {"hidden_size", "n_embd", "d_model"}, file);
  const std::int64_t heads = required(c, {"num_attention_heads", "n_head", "num_heads"}, file);
  if (heads <= 0) throw ModelError(file, Message(kHeadsPositive));
  return hidden / heads;  // transformers: hidden_size // num_attention_heads
}

void mapRope(const ConfigReader& c, const std::string& type, const std::string& file,
             ModelMapping& m) {
  const std::int64_t dim = ropeHeadDim(c, type, file);
  set(m.params, "dim", wholeText(dim));
  std::optional<ConfigReader> scaling = c.object("rope_parameters");  // transformers v5
  std::string scalingName = "rope_parameters";
  if (!scaling) {
    scaling = c.object("rope_scaling");
    scalingName = "rope_scaling";
  }
  double base = 10000;
  if (const auto t = c.num("rope_theta")) base = *t;
  else if (const auto g = c.num("rotary_emb_base")) base = *g;  // GPT-NeoX
  if (scaling)
    if (const auto t = scaling->num("rope_theta")) base = *t;
  set(m.params, "base", configNumber(base));
  const bool interleaved = type == "gptj" || ((type == "deepseek_v3" || type == "deepseek_v2") &&
                                              c.flag("rope_interleave").value_or(true));
  set(m.params, "layout", interleaved ? "interleaved" : "half");
  std::optional<double> partial = c.num("partial_rotary_factor");
  if (!partial) partial = c.num("rotary_pct");
  if (const auto r = c.whole("rotary_dim"); r && !partial && dim > 0)
    partial = static_cast<double>(*r) / static_cast<double>(dim);
  if (scaling && !partial) partial = scaling->num("partial_rotary_factor");
  if (partial && *partial != 1) set(m.params, "partial_rotary_factor", configNumber(*partial));
  const std::int64_t maxPos =
      firstWhole(c, {"max_position_embeddings", "n_positions"}).value_or(2048);
  set(m.params, "length", wholeText(std::min(maxPos, kMaxModelLength)));
  if (scaling) {
    mapRopeScaling(c, *scaling, scalingName, maxPos, m);
  } else {
    set(m.params, "scaling", "none");
    set(m.params, "train_length", wholeText(maxPos));
  }
  if (const auto w = c.whole("sliding_window"); w && c.flag("use_sliding_window").value_or(true))
    m.notes.emplace_back("attention looks back at most sliding_window = " + wholeText(*w) +
                         " tokens (not drawn)");
  if (interleaved && type != "gptj")
    m.notes.emplace_back("pairs are interleaved (rope_interleave), as DeepSeek's view_as_complex");
}

}  // namespace

SchemeModel ropeModel() { return {.map = mapRope}; }

}  // namespace posenc::detail
