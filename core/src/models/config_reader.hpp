// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a model's config.json (model_config.cpp, and each scheme's SchemeModel::map hook in
// schemes/<id>/<id>_model.cpp): typed reads that name the key of a wrong value, and the
// helpers the mappings share to write `--set` assignments.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/text_util.hpp"
#include "posenc/models/model_config.hpp"

namespace posenc::detail {

/// The schemes' longest `length` (a mapped length or table is at most this).
inline constexpr std::int64_t kMaxModelLength = 1048576;

/// Shortest text that reads back as the same double (as the command line writes values).
[[nodiscard]] std::string configNumber(double v);

/// A value of the config for a message: Python's names for the non-finite numbers (json.load
/// reads them), a list's first numbers, everything through the one printable filter.
[[nodiscard]] std::string configValueText(const nlohmann::json& v);

/// "%1 = %2: must be %3" (key, value, what is allowed): the reason of a config value refused.
extern const MessageTemplate kConfigMustBe;
/// "%1 or %2".
extern const MessageTemplate kConfigOr;
/// "no %1 (a whole number) in the config".
extern const MessageTemplate kNoWholeNumber;
/// What a config value must be (the %3 of kConfigMustBe).
extern const MessageTemplate kANumber;
extern const MessageTemplate kAFiniteNumber;
extern const MessageTemplate kAWholeNumber;
extern const MessageTemplate kTrueOrFalse;
extern const MessageTemplate kAString;
extern const MessageTemplate kAnObject;
extern const MessageTemplate kAListOfNumbers;
extern const MessageTemplate kAListOfFiniteNumbers;

/// Typed reads of a config object; a key of the wrong type is an error naming it.
class ConfigReader {
 public:
  ConfigReader(const nlohmann::json& j, std::string file, std::string prefix = {})
      : m_j(&j), m_file(std::move(file)), m_prefix(std::move(prefix)) {}

  /// The object read (for a list the typed reads do not cover, such as layer_types).
  [[nodiscard]] const nlohmann::json& json() const { return *m_j; }
  [[nodiscard]] const std::string& file() const { return m_file; }
  [[nodiscard]] bool has(const char* key) const {
    const auto it = m_j->find(key);
    return it != m_j->end() && !it->is_null();
  }
  [[nodiscard]] std::optional<double> num(const char* key) const {
    if (!has(key)) return std::nullopt;
    const nlohmann::json& v = m_j->at(key);
    if (!v.is_number()) fail(key, Message(kANumber));
    const double d = v.get<double>();
    if (!std::isfinite(d)) fail(key, Message(kAFiniteNumber));
    return d;
  }
  [[nodiscard]] std::optional<std::int64_t> whole(const char* key) const {
    const auto d = num(key);
    if (!d) return std::nullopt;
    if (*d != std::floor(*d) || std::fabs(*d) > 9e15) fail(key, Message(kAWholeNumber));
    return static_cast<std::int64_t>(*d);
  }
  [[nodiscard]] std::optional<bool> flag(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!m_j->at(key).is_boolean()) fail(key, Message(kTrueOrFalse));
    return m_j->at(key).get<bool>();
  }
  [[nodiscard]] std::optional<std::string> text(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!m_j->at(key).is_string()) fail(key, Message(kAString));
    return m_j->at(key).get<std::string>();
  }
  [[nodiscard]] std::optional<ConfigReader> object(const char* key) const {
    if (!has(key)) return std::nullopt;
    if (!m_j->at(key).is_object()) fail(key, Message(kAnObject));
    return ConfigReader(m_j->at(key), m_file, m_prefix + key + ".");
  }
  /// A list of numbers as "1,1.05,..." text.
  [[nodiscard]] std::optional<std::string> numbers(const char* key) const {
    if (!has(key)) return std::nullopt;
    const nlohmann::json& v = m_j->at(key);
    if (!v.is_array()) fail(key, Message(kAListOfNumbers));
    std::string s;
    for (const nlohmann::json& x : v) {
      if (!x.is_number()) fail(key, Message(kAListOfNumbers));
      if (!std::isfinite(x.get<double>())) fail(key, Message(kAListOfFiniteNumbers));
      s += (s.empty() ? "" : ",") + configNumber(x.get<double>());
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
  [[noreturn]] void fail(const char* key, const Message& what) const {
    throw ModelError(m_file,
                     Message(kConfigMustBe, {m_prefix + key, configValueText(m_j->at(key)), what}));
  }

 private:
  const nlohmann::json* m_j;  ///< Not owned; a pointer so a Config can be reassigned.
  std::string m_file;
  std::string m_prefix;
};

/// `--set` assignments (values as text), as ModelMapping::params holds them.
using Params = ParamAssignments;

inline void set(Params& p, const std::string& key, const std::string& value) {
  p.emplace_back(key, value);
}

[[nodiscard]] inline std::string wholeText(std::int64_t v) { return std::to_string(v); }

/// The first of several keys holding a whole number.
[[nodiscard]] inline std::optional<std::int64_t> firstWhole(
    const ConfigReader& c, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (const auto v = c.whole(k)) return v;
  return std::nullopt;
}

/// The first of `keys` holding a whole number. @throws ModelError "FILE: no A or B (a whole
/// number) in the config" when none does.
[[nodiscard]] inline std::int64_t required(const ConfigReader& c,
                                           std::initializer_list<const char*> keys,
                                           const std::string& file) {
  if (const auto v = firstWhole(c, keys)) return *v;
  // "a or b or c" as nested "%1 or %2", from the last key back.
  std::vector<std::string> names(keys.begin(), keys.end());
  MessageArg all = names.back();
  for (std::size_t i = names.size() - 1; i-- > 0;) all = Message(kConfigOr, {names[i], all});
  throw ModelError(file, Message(kNoWholeNumber, {all}));
}

/// Candidate names of a tensor under the prefixes task models add.
[[nodiscard]] inline std::vector<std::string> prefixed(
    const std::string& name, std::initializer_list<const char*> prefixes) {
  std::vector<std::string> out{name};
  for (const char* p : prefixes) out.push_back(std::string(p) + name);
  return out;
}

/// The value assigned to parameter `key` in `p`, or empty (the last assignment wins, as with
/// `--set`).
[[nodiscard]] inline std::string paramText(const Params& p, const std::string& key) {
  std::string v;
  for (const auto& [k, text] : p)
    if (k == key) v = text;
  return v;
}

/// The mapping's value of parameter `key` as a whole number, or -1 (the last assignment wins).
[[nodiscard]] inline std::int64_t mappedWhole(const ModelMapping& m, const std::string& key) {
  const std::string text = paramText(m.params, key);
  return text.empty() ? -1 : std::strtoll(text.c_str(), nullptr, 10);
}

/// Layer `index` of mapping `m` (null: none); refused when `m` does not have it, naming `model`,
/// the range and the layer types (model_layers.cpp). @throws ModelError.
[[nodiscard]] const ModelLayer& checkedLayer(const ModelMapping* m, std::int64_t index,
                                             const std::string& model);

}  // namespace posenc::detail
