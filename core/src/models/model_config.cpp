// SPDX-License-Identifier: GPL-3.0-or-later
// config.json -> scheme and parameters (model_config.hpp): the config parsed as Python's
// json.load reads it, and the model_type -> scheme table (data). What each scheme reads of a
// config follows the Hugging Face transformers configuration class that reads it
// (src/transformers/models/*/configuration_*.py) and is the scheme's own: its SchemeModel hook
// in schemes/<id>/<id>_model.cpp (RoPE's scalings in rope_model.cpp).
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

#include "base/scheme_hooks.hpp"
#include "base/text_util.hpp"
#include "models/config_layers.hpp"
#include "models/config_reader.hpp"
#include "models/model_families.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/models/model_config.hpp"

namespace posenc {

namespace {

const MessageTemplate kModelFileSentence{
    "%1: %2", "a model that cannot be used: %1: a file or folder; %2: what is wrong with it"};
const MessageTemplate kLineColumn{"line %1, column %2", "a place in a file: line and column"};
const MessageTemplate kConfigJsonErrorAt{
    "not a config.json: JSON error at %1: %2",
    "%1: where in the file, e.g. line 3, column 7; %2: the JSON parser's description of the "
    "error (English)"};
const MessageTemplate kConfigJsonError{"not a config.json: JSON error: %1",
                                       "%1: the JSON parser's description of the error (English)"};
const MessageTemplate kConfigIsArray{
    "not a config.json: the document is a JSON array, not an object"};
const MessageTemplate kConfigIsValue{
    "not a config.json: the document is a JSON value, not an object"};
const MessageTemplate kUnknownModelType{
    "model_type \"%1\" is not one we can map (supported: %2; or any config with rope_theta or "
    "rope_scaling)",
    "%1: the config's model_type; %2: the supported model types, comma-separated"};
const MessageTemplate kTypeFromArchitecture{
    "no model_type: %1 from architectures %2 (transformers' AutoConfig needs model_type; the "
    "class names the family)",
    "%1: a model type; %2: a class name from the config"};
const MessageTemplate kTextConfigNote{"the text model's keys are read from text_config"};
const MessageTemplate kRemoteCodeNote{
    "%1 is remote code (trust_remote_code): read as the model's own modeling file reads it",
    "%1: a model type"};
const MessageTemplate kGenericRopeNote{
    "model_type \"%1\" is not in our table: drawn as generic RoPE from its rope_theta / "
    "rope_scaling / rope_parameters and head sizes",
    "%1: a model type"};
const MessageTemplate kNoModelType{
    "model_type \"(none)\" is not one we can map (supported: %1; or any config with rope_theta "
    "or rope_scaling)",
    "the config has no model_type; %1: the supported model types, comma-separated"};

}  // namespace

ModelError::ModelError(const std::string& file, const Message& reason)
    : ModelError(Message(kModelFileSentence, {file, reason})) {}

ModelError::ModelError(Message sentence)
    : std::runtime_error(sentence.english()), m_message(std::move(sentence)) {}

namespace detail {

const MessageTemplate kConfigMustBe{"%1 = %2: must be %3",
                                    "%1: a key of config.json; %2: its value; %3: what is allowed"};
const MessageTemplate kConfigOr{"%1 or %2", "two alternatives, e.g. two keys of config.json"};
const MessageTemplate kNoWholeNumber{"no %1 (a whole number) in the config",
                                     "%1: a key of config.json, or several joined by 'or'"};
const MessageTemplate kANumber{"a number", "what a config value must be"};
const MessageTemplate kAFiniteNumber{"a finite number", "what a config value must be"};
const MessageTemplate kAWholeNumber{"a whole number", "what a config value must be"};
const MessageTemplate kTrueOrFalse{"true or false", "what a config value must be"};
const MessageTemplate kAString{"a string", "what a config value must be"};
const MessageTemplate kAnObject{"an object", "what a config value must be"};
const MessageTemplate kAListOfNumbers{"a list of numbers", "what a config value must be"};
const MessageTemplate kAListOfFiniteNumbers{"a list of finite numbers",
                                            "what a config value must be"};

using nlohmann::json;

std::string configNumber(double v) {
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

// Never recursive: a config nests as deep as its 16 MiB allow.
std::string configValueText(const json& v) {
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

}  // namespace detail

namespace {

using nlohmann::json;
using Config = detail::ConfigReader;

/// "line L, column C" of byte `offset` of `text`, as the session reader says it (columns count
/// characters, not UTF-8 bytes).
Message lineAndColumn(std::string_view text, std::size_t offset) {
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
  return Message(kLineColumn, {std::to_string(line), std::to_string(column)});
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
    throw ModelError(file,
                     Message(kConfigJsonErrorAt,
                             {lineAndColumn(text, pythonTokens(text, /*keepMoves=*/true)
                                                      .fileOffset(e.byte > 0 ? e.byte - 1 : 0)),
                              reason}));
  } catch (const json::exception& e) {
    // out_of_range.406, "number overflow parsing '1e999'": a number no double holds. nlohmann
    // names the number but not where it stands; the first place it appears is where.
    std::string reason = e.what();
    if (const std::size_t prefix = reason.find("] "); prefix != std::string::npos)
      reason = reason.substr(prefix + 2);
    std::optional<Message> where;
    const std::size_t open = reason.find('\''), close = reason.rfind('\'');
    if (open != std::string::npos && close > open + 1) {
      const std::string number = reason.substr(open + 1, close - open - 1);
      if (const std::size_t at = text.find(number); at != std::string_view::npos)
        where = lineAndColumn(text, at);
    }
    constexpr std::size_t kLongest = 120;  // the number is the file's bytes: never all of them
    if (reason.size() > kLongest) reason.replace(kLongest - 3, std::string::npos, "...");
    for (char& ch : reason)
      if (const auto u = static_cast<unsigned char>(ch); u < 0x20 || u >= 0x7f) ch = '?';
    throw ModelError(file, where ? Message(kConfigJsonErrorAt, {*where, reason})
                                 : Message(kConfigJsonError, {reason}));
  }
  if (!j.is_object())
    throw ModelError(file, Message(j.is_array() ? kConfigIsArray : kConfigIsValue));
  return j;
}

/// A config of no listed model_type is drawn by this scheme when it has one of these keys.
struct AnyType {
  const char* scheme;
  std::vector<const char*> keys;
};

const AnyType kAnyType{"rope", {"rope_theta", "rope_scaling", "rope_parameters"}};

/// Whether config `c` has one of kAnyType's keys.
bool anyTypeKeys(const Config& c) {
  return std::any_of(kAnyType.keys.begin(), kAnyType.keys.end(),
                     [&](const char* key) { return c.has(key); });
}

/// The config's model_type, else the one its first `architectures` class names (configs saved
/// before model_type existed, such as distilgpt2's: GPT2LMHeadModel -> gpt2), noted.
std::string modelTypeOf(const Config& c, ModelMapping& m) {
  if (const auto t = c.text("model_type")) return *t;
  const auto it = c.json().find("architectures");
  if (it == c.json().end() || !it->is_array() || it->empty() || !(*it)[0].is_string()) return {};
  const std::string arch = (*it)[0].get<std::string>();
  std::string type = detail::typeFromArchitecture(arch);
  if (!type.empty())
    m.notes.emplace_back(kTypeFromArchitecture,
                         std::vector<MessageArg>{type, detail::printableUpTo(arch, 60)});
  return type;
}

}  // namespace

const std::vector<std::string>& supportedModelTypes() {
  static const std::vector<std::string> types = [] {
    std::vector<std::string> t;
    for (const detail::ModelFamily& f : detail::modelFamilies()) t.emplace_back(f.modelType);
    std::sort(t.begin(), t.end());
    t.erase(std::unique(t.begin(), t.end()), t.end());
    return t;
  }();
  return types;
}

ModelMapping mapConfig(std::string_view configText, const std::string& fileName) {
  // Every message starts with the file's name: a path's bytes pass the printable filter too.
  const std::string file = detail::printableUpTo(fileName, 1024);
  const json j = parseConfig(configText, file);
  const Config outer(j, file);
  ModelMapping m;
  m.modelType = modelTypeOf(outer, m);
  const std::string& type = m.modelType;
  // A multimodal wrapper (Gemma 3, Llama 4, Qwen3-VL, ...) keeps its text model's keys in
  // text_config, as its configuration class's sub_configs say; an unknown type's text_config
  // is read when it has RoPE's keys and the wrapper has none.
  Config c = outer;
  const detail::ModelFamily* fam = detail::findFamily(type, outer);
  if (const auto text = outer.object("text_config");
      text && (fam ? fam->textConfig : !anyTypeKeys(outer) && anyTypeKeys(*text))) {
    c = *text;
    m.notes.emplace_back(kTextConfigNote);
  }
  if (fam) {
    m.scheme = fam->scheme;
    if (fam->remoteCode)
      m.notes.emplace_back(kRemoteCodeNote,
                           std::vector<MessageArg>{detail::printableUpTo(type, 60)});
  } else if (anyTypeKeys(c)) {
    m.scheme = kAnyType.scheme;
    m.notes.emplace_back(kGenericRopeNote,
                         std::vector<MessageArg>{detail::printableUpTo(type, 60)});
  }
  const detail::SchemeModel* model = nullptr;
  if (!m.scheme.empty()) model = &detail::hooksOf(findScheme(m.scheme)).model;
  if (model && model->map) {
    model->map(c, type, file, m);
  } else {
    std::string list;
    for (const std::string& t : supportedModelTypes()) list += (list.empty() ? "" : ", ") + t;
    throw ModelError(file, type.empty() ? Message(kNoModelType, {list})
                                        : Message(kUnknownModelType,
                                                  {detail::printableUpTo(type, 60), list}));
  }
  detail::buildLayers(c, type, file, fam, m);
  return m;
}

}  // namespace posenc
