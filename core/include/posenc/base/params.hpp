// SPDX-License-Identifier: GPL-3.0-or-later
// Parameters described as data: the window and the command line are generated from these.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "posenc/base/message.hpp"

namespace posenc {

/// The type of a parameter; persisted as the string ids "int", "real", "bool", "choice",
/// "list".
enum class ParamType { Int, Real, Bool, Choice, List, Text };

/// Stable string id of a parameter type.
[[nodiscard]] std::string_view toString(ParamType t);

/// A list of numbers (a List parameter), e.g. LongRoPE's per-pair factors.
using NumberList = std::vector<double>;

/// A parameter value. Int parameters hold int64, Real hold double, Bool hold bool, Choice
/// hold the chosen string id, List hold a NumberList (possibly empty: "not given") and Text
/// hold a string (a file reference such as "model.safetensors:wpe.weight"; empty: not given).
using Value = std::variant<std::int64_t, double, bool, std::string, NumberList>;

/// Description of one parameter of a scheme.
struct ParamSpec {
  std::string id{};  ///< Stable id used on the command line and in files (snake_case).
  ParamType type = ParamType::Int;
  Value defaultValue{};                ///< Same alternative as `type` implies.
  double min = 0;                      ///< Lower bound (Int, Real; List: of every number).
  double max = 0;                      ///< Inclusive upper bound (Int, Real, List's numbers).
  bool openMin = false;                ///< Real, List: `min` itself is refused (e.g. > 0).
  std::int64_t maxCount = 0;           ///< List: most numbers allowed (0: no limit).
  std::vector<std::string> choices{};  ///< Allowed ids (Choice).
  std::string description{};           ///< One line, shown as tooltip and in `posenc list`.
  bool even = false;                   ///< Int only: the value must be even.
  /// Left out of picture subtitles while at its default: a knob of one option only (rope's
  /// scaling parameters), so the line under the title keeps to what was set.
  bool quietAtDefault = false;
  /// The parameter panel shows this row only while parameter `shownWhen.first` holds one of
  /// `shownWhen.second` (text form, as formatValue writes it): a knob of one option (YaRN's
  /// beta_fast under scaling = yarn). Empty first: always shown. A hidden parameter keeps its
  /// value and still counts wherever it is used (sessions, exports, validation); the panel
  /// shows a hidden row again while its value is refused, so an error is never out of sight.
  std::pair<std::string, std::vector<std::string>> shownWhen{};
};

/// Builders for specs, so schemes declare parameters in one line each.
[[nodiscard]] ParamSpec intParam(std::string id, std::int64_t def, std::int64_t min,
                                 std::int64_t max, std::string description, bool even = false);
[[nodiscard]] ParamSpec realParam(std::string id, double def, double min, double max,
                                  std::string description);
[[nodiscard]] ParamSpec boolParam(std::string id, bool def, std::string description);
[[nodiscard]] ParamSpec choiceParam(std::string id, std::string def,
                                    std::vector<std::string> choices, std::string description);
/// A list of numbers, each above `min` (exclusive) and at most `max`; at most `maxCount`
/// numbers; empty by default (the scheme says when it needs one and how long it must be).
/// Written as "1,1.05,2" on the command line and in the panel, a JSON array in files.
[[nodiscard]] ParamSpec listParam(std::string id, double min, double max, std::int64_t maxCount,
                                  std::string description);
/// A line of text, empty by default: a reference to an array in a file, "FILE" or
/// "FILE:NAME" (see tensor_ref.hpp). At most kMaxTextParam bytes, no control characters.
[[nodiscard]] ParamSpec textParam(std::string id, std::string description);
/// Longest Text value accepted (bytes).
inline constexpr std::size_t kMaxTextParam = 4096;
/// The common `seed` parameter (0 .. 2^32-1, default 0).
[[nodiscard]] ParamSpec seedParam();

/// Thrown for any invalid parameter: names the parameter, the value given and what is allowed.
class ParamError : public std::invalid_argument, public MessageError {
 public:
  /// what() is "parameter 'PARAM' = 'VALUE': must be ALLOWED" (the first two through the
  /// printable filter); `allowed` is a Message so the window says it in its own language.
  ParamError(std::string param, std::string value, Message allowed);
  [[nodiscard]] const std::string& param() const { return m_param; }
  [[nodiscard]] const std::string& value() const { return m_value; }
  /// What is allowed, in English.
  [[nodiscard]] std::string allowed() const { return m_allowed.english(); }
  /// What is allowed, as data.
  [[nodiscard]] const Message& allowedMessage() const { return m_allowed; }
  /// The whole sentence, as data.
  [[nodiscard]] const Message& message() const override { return m_message; }

 private:
  std::string m_param{};
  std::string m_value{};
  Message m_allowed{};
  Message m_message{};
};

/// Cross-checks shared by the multi-head schemes.
/// @throws ParamError("head", head, "less than heads (N)") unless head < heads.
void checkHeadIndex(std::int64_t head, std::int64_t heads);
/// @throws ParamError("d_model", dModel, "a multiple of heads (N)") unless heads divides it.
void checkHeadsDivide(std::int64_t dModel, std::int64_t heads);

/// What a spec allows, e.g. "an even integer from 2 to 8192": as data, and in English.
[[nodiscard]] Message allowedMessage(const ParamSpec& spec);
[[nodiscard]] std::string allowedText(const ParamSpec& spec);

/// The sentences of what is allowed that many rooms use; a room's own sentences are templates
/// of its own, beside the check that throws them.
namespace allowed {
/// "an integer from %1 to %2"
extern const MessageTemplate kIntRange;
/// "an even integer from %1 to %2"
extern const MessageTemplate kEvenIntRange;
/// "a finite number from %1 to %2"
extern const MessageTemplate kFiniteRange;
/// "a finite number above %1 and at most %2"
extern const MessageTemplate kFiniteAboveAtMost;
/// "a number from %1 to %2"
extern const MessageTemplate kNumberRange;
/// "a number above %1 and at most %2"
extern const MessageTemplate kNumberAboveAtMost;
/// "one of %1" (%1 a list of ids)
extern const MessageTemplate kOneOf;
/// "true or false"
extern const MessageTemplate kTrueOrFalse;
}  // namespace allowed

/// Text form of a value: integers plainly, reals with round-trip precision, bools as
/// true/false, choices as their id, lists as their numbers joined by "," (empty: "").
[[nodiscard]] std::string formatValue(const Value& v);

/// Parses `text` as a value of `spec`, checking type, range, evenness and choices.
/// @throws ParamError naming spec.id, the text and allowedText(spec).
[[nodiscard]] Value parseValue(const ParamSpec& spec, std::string_view text);

/// Checks an already typed value against `spec` (type, range, evenness, choices).
/// @throws ParamError as parseValue does.
void checkValue(const ParamSpec& spec, const Value& v);

/// A full set of parameter values of one scheme, keyed by parameter id, ordered as the specs.
class ParamSet {
 public:
  ParamSet() = default;
  /// All parameters at their defaults.
  explicit ParamSet(const std::vector<ParamSpec>& specs);

  [[nodiscard]] std::int64_t getInt(std::string_view id) const;
  [[nodiscard]] double getReal(std::string_view id) const;
  [[nodiscard]] bool getBool(std::string_view id) const;
  [[nodiscard]] const std::string& getChoice(std::string_view id) const;
  [[nodiscard]] const NumberList& getList(std::string_view id) const;
  [[nodiscard]] const std::string& getText(std::string_view id) const;
  [[nodiscard]] const Value& get(std::string_view id) const;
  [[nodiscard]] bool has(std::string_view id) const;

  /// Sets a value without checks (use parseValue / checkValue first).
  void set(const std::string& id, Value v);

  /// Parameters in specification order.
  [[nodiscard]] const std::vector<std::pair<std::string, Value>>& items() const { return m_items; }

  friend bool operator==(const ParamSet&, const ParamSet&) = default;

 private:
  std::vector<std::pair<std::string, Value>> m_items{};
};

}  // namespace posenc
