// SPDX-License-Identifier: GPL-3.0-or-later
// config.json -> scheme and parameters (model_config.hpp). Each family follows the Hugging Face
// transformers configuration class that reads it (src/transformers/models/*/configuration_*.py)
// and, for RoPE, modeling_rope_utils.py (`standardize_rope_params`, `_compute_*_parameters`):
// the legacy "type" key as well as "rope_type", v5's "rope_parameters" as well as
// "rope_scaling", Phi-3's top-level original_max_position_embeddings taking priority, and
// `factor` as written (derived from max_position_embeddings / original only when absent, as
// transformers does since PR 40320).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "posenc/models/model_config.hpp"
#include "base/text_util.hpp"

namespace posenc {

namespace {

using nlohmann::json;

constexpr std::int64_t kMaxLength = 1048576;  // the schemes' longest `length`

/// Shortest text that reads back as the same double (as the command line writes values).
std::string number(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  for (int prec = 1; prec <= 17; ++prec) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v) return buf;
  }
  return std::to_string(v);
}

/// A value of the config for a message: Python's names for the non-finite numbers (json.load
/// reads them), a list's first numbers, everything through the one printable filter. Never
/// recursive: a config nests as deep as its 16 MiB allow.
std::string valueText(const json& v) {
  const auto scalar = [](const json& x) -> std::string {
    if (x.is_number()) {
      const double d = x.get<double>();
      if (std::isnan(d)) return "NaN";
      if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
      return x.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    if (x.is_array()) return x.empty() ? "[]" : "[...]";
    if (x.is_object()) return x.empty() ? "{}" : "{...}";
    // A string quoted and escaped (never throwing: bytes that are not UTF-8 become U+FFFD), or
    // true, false, null.
    return x.dump(-1, ' ', false, json::error_handler_t::replace);
  };
  if (!v.is_array() || v.empty()) return detail::printableUpTo(scalar(v), 60);
  std::string s = "[";
  for (const json& x : v) {
    if (s.size() > 60) break;
    s += (s.size() > 1 ? "," : "") + scalar(x);
  }
  return detail::printableUpTo(s + "]", 60);
}

/// Typed reads of a config object; a key of the wrong type is an error naming it.
class Config {
 public:
  Config(const json& j, std::string file, std::string prefix = {})
      : m_j(&j), m_file(std::move(file)), m_prefix(std::move(prefix)) {}

  [[nodiscard]] bool has(const char* key) const {
    const auto it = m_j->find(key);
    return it != m_j->end() && !it->is_null();
  }
  [[nodiscard]] std::optional<double> num(const char* key) const {
    if (!has(key)) return std::nullopt;
    const json& v = m_j->at(key);
    if (!v.is_number()) fail(key, "a number");
    const double d = v.get<double>();
    if (!std::isfinite(d)) fail(key, "a finite number");
    return d;
  }
  [[nodiscard]] std::optional<std::int64_t> whole(const char* key) const {
    const auto d = num(key);
    if (!d) return std::nullopt;
    if (*d != std::floor(*d) || std::fabs(*d) > 9e15) fail(key, "a whole number");
    return static_cast<std::int64_t>(*d);
  }
  [[nodiscard]] std::optional<bool> flag(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!m_j->at(key).is_boolean()) fail(key, "true or false");
    return m_j->at(key).get<bool>();
  }
  [[nodiscard]] std::optional<std::string> text(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!m_j->at(key).is_string()) fail(key, "a string");
    return m_j->at(key).get<std::string>();
  }
  [[nodiscard]] std::optional<Config> object(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!m_j->at(key).is_object()) fail(key, "an object");
    return Config(m_j->at(key), m_file, m_prefix + key + ".");
  }
  /// A list of numbers as "1,1.05,..." text.
  [[nodiscard]] std::optional<std::string> numbers(const char* key) const {
    if (!has(key)) return std::nullopt;
    const json& v = m_j->at(key);
    if (!v.is_array()) fail(key, "a list of numbers");
    std::string s;
    for (const json& x : v) {
      if (!x.is_number()) fail(key, "a list of numbers");
      if (!std::isfinite(x.get<double>())) fail(key, "a list of finite numbers");
      s += (s.empty() ? "" : ",") + number(x.get<double>());
    }
    return s;
  }
  [[nodiscard]] std::vector<std::string> keys() const {
    std::vector<std::string> k;
    for (const auto& [key, v] : m_j->items()) k.push_back(key);
    return k;
  }
  /// The key's full name for a message (prefix and key through the printable filter).
  [[nodiscard]] std::string name(const std::string& key) const {
    return detail::printable(m_prefix + key);
  }
  /// "FILE: KEY = VALUE: must be WHAT".
  [[noreturn]] void fail(const char* key, const std::string& what) const {
    throw ModelError(m_file + ": " + m_prefix + key + " = " + valueText(m_j->at(key)) +
                     ": must be " + what);
  }

 private:
  const json* m_j;  ///< Not owned; a pointer so a Config can be reassigned.
  std::string m_file;
  std::string m_prefix;
};

using Params = std::vector<std::pair<std::string, std::string>>;

void set(Params& p, const std::string& key, const std::string& value) {
  p.emplace_back(key, value);
}

std::string wholeText(std::int64_t v) { return std::to_string(v); }

/// The first of several keys holding a whole number.
std::optional<std::int64_t> firstWhole(const Config& c, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (const auto v = c.whole(k)) return v;
  return std::nullopt;
}

std::int64_t required(const Config& c, std::initializer_list<const char*> keys,
                      const std::string& file) {
  if (const auto v = firstWhole(c, keys)) return *v;
  std::string names;
  for (const char* k : keys) names += (names.empty() ? "" : " or ") + std::string(k);
  throw ModelError(file + ": no " + names + " (a whole number) in the config");
}

// ---- rope ------------------------------------------------------------------------------------

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

void mapRopeScaling(const Config& c, const Config& s, const std::string& sName, std::int64_t maxPos,
                    ModelMapping& m) {
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
  if (given && *given <= 0)
    s.fail("factor",
           "a number > 0 (transformers' _validate_*_rope_parameters ask for a float >= 1)");
  if (given && *given < 1)
    m.notUnderstood.push_back(s.name("factor") + " = " + number(*given) +
                              ": transformers asks for a float >= 1 and warns below");
  double factor = given.value_or(0);
  if (!given && original > 0) factor = static_cast<double>(maxPos) / static_cast<double>(original);
  if (factor == 0) factor = 1;  // absent, and no original length to derive it from
  set(m.params, "factor", number(factor));
  for (const char* k : {"low_freq_factor", "high_freq_factor", "beta_fast", "beta_slow",
                        "attention_factor", "mscale", "mscale_all_dim"})
    if (const auto v = s.num(k)) set(m.params, k, number(*v));
  if (const auto t = s.flag("truncate")) set(m.params, "truncate", *t ? "true" : "false");
  for (const char* k : {"short_factor", "long_factor"})
    if (const auto v = s.numbers(k)) set(m.params, k, *v);
}

/// Width of one head's rotated part, before partial rotary: head_dim, else hidden / heads.
std::int64_t ropeHeadDim(const Config& c, const std::string& type, const std::string& file) {
  if (type == "deepseek_v3" || type == "deepseek_v2")
    return required(c, {"qk_rope_head_dim"}, file);
  if (const auto h = c.whole("head_dim")) return *h;
  const std::int64_t hidden = required(c, {"hidden_size", "n_embd", "d_model"}, file);
  const std::int64_t heads = required(c, {"num_attention_heads", "n_head", "num_heads"}, file);
  if (heads <= 0) throw ModelError(file + ": the number of attention heads must be positive");
  return hidden / heads;  // transformers: hidden_size // num_attention_heads
}

void mapRope(const Config& c, const std::string& type, const std::string& file, ModelMapping& m) {
  m.scheme = "rope";
  const std::int64_t dim = ropeHeadDim(c, type, file);
  set(m.params, "dim", wholeText(dim));
  std::optional<Config> scaling = c.object("rope_parameters");  // transformers v5
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
  set(m.params, "base", number(base));
  const bool interleaved = type == "gptj" || ((type == "deepseek_v3" || type == "deepseek_v2") &&
                                              c.flag("rope_interleave").value_or(true));
  set(m.params, "layout", interleaved ? "interleaved" : "half");
  std::optional<double> partial = c.num("partial_rotary_factor");
  if (!partial) partial = c.num("rotary_pct");
  if (const auto r = c.whole("rotary_dim"); r && !partial && dim > 0)
    partial = static_cast<double>(*r) / static_cast<double>(dim);
  if (scaling && !partial) partial = scaling->num("partial_rotary_factor");
  if (partial && *partial != 1) set(m.params, "partial_rotary_factor", number(*partial));
  const std::int64_t maxPos =
      firstWhole(c, {"max_position_embeddings", "n_positions"}).value_or(2048);
  set(m.params, "length", wholeText(std::min(maxPos, kMaxLength)));
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

// ---- alibi, t5, learned, xl, deberta -----------------------------------------------------------

void mapAlibi(std::int64_t heads, ModelMapping& m) {
  m.scheme = "alibi";
  set(m.params, "heads", wholeText(heads));
}

void mapT5(const Config& c, const std::string& file, ModelMapping& m) {
  m.scheme = "t5";
  set(m.params, "buckets", wholeText(c.whole("relative_attention_num_buckets").value_or(32)));
  set(m.params, "max_distance",
      wholeText(c.whole("relative_attention_max_distance").value_or(128)));
  set(m.params, "heads", wholeText(required(c, {"num_heads"}, file)));
  for (const char* stack : {"encoder", "decoder"}) {
    const std::string name =
        std::string(stack) + ".block.0.layer.0.SelfAttention.relative_attention_bias.weight";
    // Both stacks feed `table` with the file only: the scheme's `stack` picks the tensor.
    m.tensors.push_back(
        {std::string("relative bias (") + stack + ")", {name}, "table", /*fileOnly=*/true});
  }
  if (m.modelType == "umt5")
    m.notes.emplace_back("UMT5 learns a bias table in every layer; the first layer's is drawn");
}

/// Candidate names of a tensor under the prefixes task models add.
std::vector<std::string> prefixed(const std::string& name,
                                  std::initializer_list<const char*> prefixes) {
  std::vector<std::string> out{name};
  for (const char* p : prefixes) out.push_back(std::string(p) + name);
  return out;
}

void mapLearned(const Config& c, const std::string& type, const std::string& file,
                ModelMapping& m) {
  m.scheme = "learned";
  // ViT's configs have no max_position_embeddings: its rows come from the patch grid below.
  std::int64_t rows =
      type == "vit" ? 0 : required(c, {"max_position_embeddings", "n_positions", "n_ctx"}, file);
  const char* rowsKey = "max_position_embeddings";
  for (const char* k : {"n_ctx", "n_positions", "max_position_embeddings"})
    if (c.has(k)) rowsKey = k;  // the one `required` read
  const std::int64_t dim = required(c, {"hidden_size", "n_embd", "d_model"}, file);
  std::int64_t offset = 0;  // position p uses row p + offset
  if (type == "gpt2" || type == "gpt_bigcode") {
    m.tensors.push_back({"position table", prefixed("wpe.weight", {"transformer."}), "table"});
  } else if (type == "bert") {
    m.tensors.push_back(
        {"position table", prefixed("embeddings.position_embeddings.weight", {"bert."}), "table"});
  } else if (type == "roberta" || type == "xlm-roberta") {
    // HF modeling_roberta.py create_position_ids_from_input_ids: padding_idx + 1 + p, with
    // padding_idx = pad_token_id = 1; max_position_embeddings (514) already counts the 2 rows.
    offset = std::max<std::int64_t>(0, c.whole("pad_token_id").value_or(1) + 1);
    m.tensors.push_back({"position table",
                         prefixed("embeddings.position_embeddings.weight", {"roberta."}), "table"});
    m.notes.emplace_back("position p of the text uses row p + " + wholeText(offset) +
                         " (padding_idx + 1): rows 0 .. " + wholeText(offset - 1) +
                         " are never used");
  } else if (type == "opt") {
    // HF modeling_opt.py OPTLearnedPositionalEmbedding: offset 2, num_embeddings + 2 rows.
    offset = 2;
    if (rows > kMaxLength - offset)  // checked before adding: the value is the file's
      c.fail(rowsKey, "at most " + wholeText(kMaxLength - offset) +
                          " (OPT's table has max_position_embeddings + 2 rows; max_len is at "
                          "most " +
                          wholeText(kMaxLength) + ")");
    rows += offset;
    m.tensors.push_back(
        {"position table", prefixed("decoder.embed_positions.weight", {"model."}), "table"});
    m.notes.emplace_back(
        "OPT's table has max_position_embeddings + 2 rows: position p uses row p + 2, rows 0 "
        "and 1 are never used");
  } else if (type == "vit") {
    const std::int64_t image = required(c, {"image_size"}, file);
    const std::int64_t patch = required(c, {"patch_size"}, file);
    if (patch <= 0) c.fail("patch_size", "a whole number > 0");
    if (image < patch) c.fail("image_size", "at least patch_size = " + wholeText(patch));
    const std::int64_t side = image / patch;
    // side * side + 1 rows, checked: image_size is the file's (9e15 overflowed int64).
    constexpr std::int64_t kMaxSide = 1023;  // 1023^2 + 1 <= max_len's 1048576 < 1024^2 + 1
    static_assert(kMaxSide * kMaxSide + 1 <= kMaxLength &&
                  (kMaxSide + 1) * (kMaxSide + 1) + 1 > kMaxLength);
    std::int64_t cells = 0;
    if (__builtin_mul_overflow(side, side, &cells) || cells > kMaxLength - 1)
      c.fail("image_size", "at most a " + wholeText(kMaxSide) + " x " + wholeText(kMaxSide) +
                               " grid of patch_size = " + wholeText(patch) +
                               " patches (image_size / patch_size <= " + wholeText(kMaxSide) +
                               ": max_len = grid^2 + 1 is at most " + wholeText(kMaxLength) +
                               " rows)");
    rows = cells + 1;
    m.tensors.push_back(
        {"position table", prefixed("embeddings.position_embeddings", {"vit."}), "table"});
    m.notes.emplace_back("ViT: row 0 is the [CLS] token, rows 1.. a " + wholeText(side) + " x " +
                         wholeText(side) + " grid of patches");
    set(m.params, "grid", wholeText(side));
  }
  if (rows > kMaxLength)
    c.fail(rowsKey, "at most " + wholeText(kMaxLength) + " (max_len, the rows of the table)");
  set(m.params, "max_len", wholeText(rows));
  set(m.params, "dim", wholeText(dim));
  set(m.params, "length", wholeText(std::clamp<std::int64_t>(rows - offset, 1, 1024)));
  if (offset > 0) set(m.params, "offset", wholeText(offset));
}

void mapXl(const Config& c, const std::string& file, ModelMapping& m) {
  m.scheme = "xl";
  set(m.params, "d_model", wholeText(required(c, {"d_model"}, file)));
  set(m.params, "heads", wholeText(required(c, {"n_head"}, file)));
  if (const auto mem = c.whole("mem_len")) set(m.params, "mlen", wholeText(*mem));
  if (const auto clamp = c.whole("clamp_len"); clamp && *clamp > 0)
    set(m.params, "clamp_len", wholeText(*clamp));
  const bool untied = c.flag("untie_r").value_or(true);
  const std::string where = untied ? "transformer.layers.0." : "transformer.";
  m.tensors.push_back(
      {"u (r_w_bias)", {where + "dec_attn.r_w_bias", "transformer.r_w_bias"}, "u_table"});
  m.tensors.push_back(
      {"v (r_r_bias)", {where + "dec_attn.r_r_bias", "transformer.r_r_bias"}, "v_table"});
  m.notes.emplace_back(
      "u and v are the checkpoint's (layer 0 when untie_r); the content and W_q, W_k, W_R "
      "are random stand-ins");
}

void mapDeberta(const Config& c, const std::string& file, ModelMapping& m) {
  m.scheme = "deberta";
  set(m.params, "d_model", wholeText(required(c, {"hidden_size"}, file)));
  set(m.params, "heads", wholeText(required(c, {"num_attention_heads"}, file)));
  const std::int64_t maxPos = c.whole("max_position_embeddings").value_or(512);
  std::int64_t maxRel = c.whole("max_relative_positions").value_or(-1);
  if (maxRel < 1) maxRel = maxPos;  // DebertaV2: -1 means max_position_embeddings
  set(m.params, "max_relative_positions", wholeText(maxRel));
  if (const auto b = c.whole("position_buckets"); b && *b > 0)
    set(m.params, "buckets", wholeText(*b));
  m.tensors.push_back({"relative embeddings",
                       prefixed("encoder.rel_embeddings.weight", {"deberta."}), "rel_table"});
  // HF DebertaV2Encoder: norm_rel_ebd = "layer_norm" (DeBERTa-v3) applies encoder.LayerNorm to
  // the table before the attention uses it.
  std::string norm = c.text("norm_rel_ebd").value_or("none");
  std::transform(norm.begin(), norm.end(), norm.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  set(m.params, "rel_norm", norm.find("layer_norm") != std::string::npos ? "layer_norm" : "none");
  if (const auto eps = c.num("layer_norm_eps"); eps && *eps != 1e-7)
    m.notUnderstood.push_back("layer_norm_eps = " + number(*eps) +
                              ": the LayerNorm on rel_embeddings is drawn with eps = 1e-7");
  if (const auto b = c.whole("position_buckets"); !b || *b <= 0)
    m.notes.emplace_back(
        "no position_buckets: the model uses plain relative positions, which are not drawn "
        "(the scheme draws log buckets); its table of 2 max_relative_positions rows is "
        "refused unless buckets matches");
  m.notes.emplace_back(
      "the relative embeddings are the checkpoint's; the content and W_q, W_k are random "
      "stand-ins");
}

/// "line L, column C" of byte `offset` of `text`, as the session reader says it (columns count
/// characters, not UTF-8 bytes).
std::string lineAndColumn(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t k = 0; k < offset; ++k) {
    const auto c = static_cast<unsigned char>(text[k]);
    if (c == '\n') {
      ++line;
      column = 1;
    } else if ((c & 0xC0U) != 0x80U) {  // not a UTF-8 continuation byte
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

/// A config's text with Python's extensions of JSON outside strings turned into marker
/// strings nlohmann reads: transformers reads config.json with json.load, which takes NaN,
/// Infinity and -Infinity (json.dump writes them) and reads a number past the largest double,
/// such as 1e999, as infinity. `moves` (kept only when asked for: a file of NaNs is millions
/// of them) maps an offset of `text` back to the file's.
struct PythonJson {
  std::string text;  ///< Empty when there is no marker.
  std::size_t markers = 0;
  struct Move {
    std::size_t at, end, fileAt, fileEnd;  ///< The marker in `text` and the token in the file.
  };
  std::vector<Move> moves;

  [[nodiscard]] std::size_t fileOffset(std::size_t offset) const {
    std::size_t file = offset;
    for (const Move& m : moves) {
      if (offset < m.at) break;
      file = offset < m.end ? m.fileAt : offset - m.end + m.fileEnd;
    }
    return file;
  }
};

// The markers: strings no config holds (a NUL first), turned into numbers after parsing;
// short, as the text grows by each one's quotes and "\u0000".
const std::string kNanMarker("\0NaN", 4), kInfMarker("\0Infinity", 9),
    kMinusInfMarker("\0-Infinity", 10);

/// Whether `t` is a number in JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?.
bool jsonNumber(std::string_view t) {
  std::size_t k = 0;
  const auto digits = [&] {
    const std::size_t from = k;
    while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k;
    return k > from;
  };
  if (k < t.size() && t[k] == '-') ++k;
  if (k < t.size() && t[k] == '0') {
    ++k;
  } else if (!digits()) {
    return false;
  }
  if (k < t.size() && t[k] == '.') {
    ++k;
    if (!digits()) return false;
  }
  if (k < t.size() && (t[k] == 'e' || t[k] == 'E')) {
    ++k;
    if (k < t.size() && (t[k] == '+' || t[k] == '-')) ++k;
    if (!digits()) return false;
  }
  return k == t.size();
}

/// Whether JSON number `t` is past the largest double (1e999; a number too small for one,
/// 1e-999, is 0 to nlohmann and Python alike). Anything but a JSON number is left to nlohmann.
bool pastLargestDouble(std::string_view t) {
  double v = 0;
  if (!jsonNumber(t) ||
      std::from_chars(t.data(), t.data() + t.size(), v).ec != std::errc::result_out_of_range)
    return false;
  // Out of range either way: tell by the decimal exponent of the first significant digit.
  const std::size_t e = t.find_first_of("eE");
  const std::string_view mantissa = t.substr(0, e);
  std::int64_t exponent = 0;
  if (e != std::string_view::npos) {
    std::size_t k = e + 1;
    const bool minus = k < t.size() && t[k] == '-';
    if (k < t.size() && (t[k] == '-' || t[k] == '+')) ++k;
    for (; k < t.size(); ++k)
      exponent = std::min<std::int64_t>(exponent * 10 + (t[k] - '0'), 1 << 30);
    if (minus) exponent = -exponent;
  }
  const std::size_t point = std::min(mantissa.find('.'), mantissa.size());
  const std::size_t first = mantissa.find_first_of("123456789");
  if (first == std::string_view::npos) return false;
  const auto place =
      static_cast<std::int64_t>(point) - static_cast<std::int64_t>(first) - (first < point ? 1 : 0);
  return place + exponent > 0;
}

PythonJson pythonTokens(std::string_view text, bool keepMoves = false) {
  PythonJson out;
  std::size_t copied = 0;  // text[0, copied) is in out.text
  const auto replace = [&](std::size_t at, std::size_t length, const std::string& marker) {
    out.text.append(text.substr(copied, at - copied));
    const std::string quoted = json(marker).dump();
    if (keepMoves)
      out.moves.push_back({out.text.size(), out.text.size() + quoted.size(), at, at + length});
    ++out.markers;
    out.text += quoted;
    copied = at + length;
  };
  for (std::size_t k = 0; k < text.size();) {
    const char c = text[k];
    if (c == '"') {  // a string: skipped to its closing quote, escapes and all
      for (++k; k < text.size() && text[k] != '"'; ++k)
        if (text[k] == '\\') ++k;
      ++k;
    } else if (text.substr(k, 3) == "NaN") {
      replace(k, 3, kNanMarker);
      k += 3;
    } else if (text.substr(k, 8) == "Infinity") {
      replace(k, 8, kInfMarker);
      k += 8;
    } else if (text.substr(k, 9) == "-Infinity") {
      replace(k, 9, kMinusInfMarker);
      k += 9;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t end = k + 1;
      while (end < text.size() &&
             std::string_view("0123456789+-.eE").find(text[end]) != std::string_view::npos)
        ++end;
      if (pastLargestDouble(text.substr(k, end - k)))
        replace(k, end - k, c == '-' ? kMinusInfMarker : kInfMarker);
      k = end;
    } else {
      ++k;
    }
  }
  if (out.markers > 0) out.text.append(text.substr(std::min(copied, text.size())));
  return out;  // no marker: `text` is empty, the file's own text is parsed
}

/// A marker of pythonTokens back to its number as the parser reads it (a parser callback: the
/// marker strings never pile up in the document).
bool pythonNumber(int /*depth*/, json::parse_event_t event, json& v) {
  if (event != json::parse_event_t::value || !v.is_string()) return true;
  const std::string& t = v.get_ref<const std::string&>();
  if (t.empty() || t[0] != '\0') return true;
  if (t == kNanMarker) {
    v = std::numeric_limits<double>::quiet_NaN();
  } else if (t == kInfMarker) {
    v = std::numeric_limits<double>::infinity();
  } else if (t == kMinusInfMarker) {
    v = -std::numeric_limits<double>::infinity();
  }
  return true;
}

/// The config's JSON object. @throws ModelError "FILE: not a config.json: JSON error at line
/// L, column C: REASON" (nlohmann's reason without its own prefix and position; a number too
/// large for a double as well), or "...: the document is a JSON array, not an object".
json parseConfig(std::string_view text, const std::string& file) {
  json j;
  const PythonJson python = pythonTokens(text);
  try {
    j = python.markers > 0 ? json::parse(python.text.begin(), python.text.end(), pythonNumber)
                           : json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // e.byte is 1-based: the character at which the parser stopped.
    std::string reason = e.what();
    const std::size_t colon = reason.find(": ", reason.find("column"));
    reason = colon == std::string::npos ? reason : reason.substr(colon + 2);
    if (const std::size_t echo = reason.find("; last read"); echo != std::string::npos)
      reason.resize(echo);  // it echoes the file's bytes
    for (char& ch : reason)
      if (const auto u = static_cast<unsigned char>(ch); u < 0x20 || u >= 0x7f) ch = '?';
    throw ModelError(file + ": not a config.json: JSON error at " +
                     lineAndColumn(text, pythonTokens(text, /*keepMoves=*/true)
                                             .fileOffset(e.byte > 0 ? e.byte - 1 : 0)) +
                     ": " + reason);
  } catch (const json::exception& e) {
    // out_of_range.406, "number overflow parsing '1e999'": a number no double holds. nlohmann
    // names the number but not where it stands; the first place it appears is where.
    std::string reason = e.what();
    if (const std::size_t prefix = reason.find("] "); prefix != std::string::npos)
      reason = reason.substr(prefix + 2);
    std::string where;
    const std::size_t open = reason.find('\''), close = reason.rfind('\'');
    if (open != std::string::npos && close > open + 1) {
      const std::string number = reason.substr(open + 1, close - open - 1);
      if (const std::size_t at = text.find(number); at != std::string_view::npos)
        where = " at " + lineAndColumn(text, at);
    }
    constexpr std::size_t kLongest = 120;  // the number is the file's bytes: never all of them
    if (reason.size() > kLongest) reason.replace(kLongest - 3, std::string::npos, "...");
    for (char& ch : reason)
      if (const auto u = static_cast<unsigned char>(ch); u < 0x20 || u >= 0x7f) ch = '?';
    throw ModelError(file + ": not a config.json: JSON error" + where + ": " + reason);
  }
  if (!j.is_object())
    throw ModelError(file + ": not a config.json: the document is " +
                     (j.is_array() ? std::string("a JSON array") : std::string("a JSON value")) +
                     ", not an object");
  return j;
}

const std::vector<std::string> kRopeTypes = {"deepseek_v3", "falcon", "gemma", "gemma2",
                                             "gpt_neox",    "gptj",   "llama", "mistral",
                                             "mixtral",     "phi3",   "qwen2", "qwen3"};

}  // namespace

const std::vector<std::string>& supportedModelTypes() {
  static const std::vector<std::string> types = [] {
    std::vector<std::string> t = kRopeTypes;
    for (const char* x : {"bloom", "mpt", "t5", "mt5", "umt5", "gpt2", "bert", "roberta",
                          "xlm-roberta", "opt", "gpt_bigcode", "vit", "transfo-xl", "deberta-v2"})
      t.emplace_back(x);
    std::sort(t.begin(), t.end());
    return t;
  }();
  return types;
}

ModelMapping mapConfig(std::string_view configText, const std::string& fileName) {
  // Every message starts with the file's name: a path's bytes pass the printable filter too.
  const std::string file = detail::printableUpTo(fileName, 1024);
  const json j = parseConfig(configText, file);
  const Config c(j, file);
  ModelMapping m;
  m.modelType = c.text("model_type").value_or("");
  const std::string& type = m.modelType;
  const bool ropeType = std::find(kRopeTypes.begin(), kRopeTypes.end(), type) != kRopeTypes.end();
  if (type == "bloom") {
    mapAlibi(required(c, {"n_head", "num_attention_heads"}, file), m);
  } else if (type == "falcon" && c.flag("alibi").value_or(false)) {
    mapAlibi(required(c, {"num_attention_heads", "n_head"}, file), m);
  } else if (type == "mpt") {
    const auto attn = c.object("attn_config");
    if (!attn || !attn->flag("alibi").value_or(false))
      throw ModelError(file +
                       ": this MPT model uses a learned position table (attn_config.alibi "
                       "is not true), which is not mapped yet");
    mapAlibi(required(c, {"n_heads"}, file), m);
  } else if (type == "t5" || type == "mt5" || type == "umt5") {
    mapT5(c, file, m);
  } else if (type == "gpt2" || type == "bert" || type == "roberta" || type == "xlm-roberta" ||
             type == "opt" || type == "gpt_bigcode" || type == "vit") {
    mapLearned(c, type, file, m);
  } else if (type == "transfo-xl") {
    mapXl(c, file, m);
  } else if (type == "deberta-v2") {
    mapDeberta(c, file, m);
  } else if (ropeType || c.has("rope_theta") || c.has("rope_scaling") || c.has("rope_parameters")) {
    mapRope(c, type, file, m);
  } else {
    std::string list;
    for (const std::string& t : supportedModelTypes()) list += (list.empty() ? "" : ", ") + t;
    throw ModelError(file + ": model_type \"" +
                     (type.empty() ? std::string("(none)") : detail::printableUpTo(type, 60)) +
                     "\" is not one we can map (supported: " + list +
                     "; or any config with rope_theta or rope_scaling)");
  }
  return m;
}

}  // namespace posenc
