// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/base/params.hpp"

#include "base/text_util.hpp"
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>

namespace posenc {

namespace {

std::string formatNumber(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  // Prefer the shortest text that round-trips.
  for (int prec = 1; prec <= 17; ++prec) {
    char shorter[32];
    std::snprintf(shorter, sizeof shorter, "%.*g", prec, v);
    if (std::strtod(shorter, nullptr) == v) return shorter;
  }
  return buf;
}

using detail::lower;
using detail::printable;

/// A finite x within the spec's bounds (the lower one exclusive when openMin).
bool inRange(const ParamSpec& spec, double x) {
  return std::isfinite(x) && (spec.openMin ? x > spec.min : x >= spec.min) && x <= spec.max;
}

/// Plain decimal notation only (no hex floats, no blanks, no "inf"/"nan"); nullopt otherwise.
std::optional<double> parseNumber(std::string_view text) {
  const std::string s(text);
  if (s.empty() || s.find_first_not_of("0123456789+-.eE") != std::string::npos) return {};
  char* end = nullptr;
  const double x = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(x)) return {};
  return x == 0.0 ? 0.0 : x;  // -0 is stored as +0
}

/// "1, 1.05,2" or "[1, 1.05, 2]" (blanks around numbers ignored); "" or "[]" is the empty list.
std::optional<NumberList> parseList(std::string_view text) {
  const auto trim = [](std::string_view t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    return t;
  };
  text = trim(text);
  if (!text.empty() && text.front() == '[') {
    if (text.back() != ']') return {};
    text = trim(text.substr(1, text.size() - 2));
  }
  NumberList out;
  if (text.empty()) return out;
  while (true) {
    const std::size_t comma = text.find(',');
    const auto x = parseNumber(trim(text.substr(0, comma)));
    if (!x) return {};
    out.push_back(*x);
    if (comma == std::string_view::npos) return out;
    text.remove_prefix(comma + 1);
  }
}

}  // namespace

std::string_view toString(ParamType t) {
  switch (t) {
    case ParamType::Int:
      return "int";
    case ParamType::Real:
      return "real";
    case ParamType::Bool:
      return "bool";
    case ParamType::Choice:
      return "choice";
    case ParamType::List:
      return "list";
    case ParamType::Text:
      return "text";
  }
  return "int";
}

// The message shows the parameter and value on one line whatever they hold (a key or value
// typed on a command line or read from a file may contain control characters or be huge).
namespace {
const MessageTemplate kParamSentence{"parameter '%1' = '%2': must be %3",
                                     "%1: a parameter id; %2: the value given; %3: what is "
                                     "allowed"};
}  // namespace

ParamError::ParamError(std::string param, std::string value, Message allowed)
    : std::invalid_argument(fillHoles(kParamSentence.english(),
                                      {printable(param), printable(value), allowed.english()})),
      m_param(std::move(param)),
      m_value(std::move(value)),
      m_allowed(std::move(allowed)),
      m_message(kParamSentence, {printable(m_param), printable(m_value), m_allowed}) {}

ParamSpec intParam(std::string id, std::int64_t def, std::int64_t min, std::int64_t max,
                   std::string description, bool even) {
  ParamSpec s;
  s.id = std::move(id);
  s.type = ParamType::Int;
  s.defaultValue = def;
  s.min = static_cast<double>(min);
  s.max = static_cast<double>(max);
  s.description = std::move(description);
  s.even = even;
  return s;
}

ParamSpec realParam(std::string id, double def, double min, double max, std::string description) {
  ParamSpec s;
  s.id = std::move(id);
  s.type = ParamType::Real;
  s.defaultValue = def;
  s.min = min;
  s.max = max;
  s.description = std::move(description);
  return s;
}

ParamSpec boolParam(std::string id, bool def, std::string description) {
  ParamSpec s;
  s.id = std::move(id);
  s.type = ParamType::Bool;
  s.defaultValue = def;
  s.description = std::move(description);
  return s;
}

ParamSpec choiceParam(std::string id, std::string def, std::vector<std::string> choices,
                      std::string description) {
  ParamSpec s;
  s.id = std::move(id);
  s.type = ParamType::Choice;
  s.defaultValue = std::move(def);
  s.choices = std::move(choices);
  s.description = std::move(description);
  return s;
}

ParamSpec listParam(std::string id, double min, double max, std::int64_t maxCount,
                    std::string description) {
  ParamSpec s;
  s.id = std::move(id);
  s.type = ParamType::List;
  s.defaultValue = NumberList{};
  s.min = min;
  s.max = max;
  s.openMin = true;
  s.maxCount = maxCount;
  s.description = std::move(description);
  return s;
}

ParamSpec textParam(std::string id, std::string description) {
  ParamSpec s;
  s.id = std::move(id);
  s.type = ParamType::Text;
  s.defaultValue = std::string{};
  s.description = std::move(description);
  return s;
}

namespace allowed {
const MessageTemplate kIntRange{"an integer from %1 to %2", "%1, %2: the bounds"};
const MessageTemplate kEvenIntRange{"an even integer from %1 to %2", "%1, %2: the bounds"};
const MessageTemplate kFiniteRange{"a finite number from %1 to %2", "%1, %2: the bounds"};
const MessageTemplate kFiniteAboveAtMost{"a finite number above %1 and at most %2",
                                         "%1, %2: the bounds"};
const MessageTemplate kNumberRange{"a number from %1 to %2", "%1, %2: the bounds"};
const MessageTemplate kNumberAboveAtMost{"a number above %1 and at most %2", "%1, %2: the bounds"};
const MessageTemplate kOneOf{"one of %1", "%1: a list of ids, 'a, b or c'"};
const MessageTemplate kTrueOrFalse{"true or false"};
}  // namespace allowed

namespace {

const MessageTemplate kLessThanHeads{"less than heads (%1)", "%1: the number of heads"};
const MessageTemplate kMultipleOfHeads{"a multiple of heads (%1)", "%1: the number of heads"};
const MessageTemplate kListAtMostAbove{
    "a comma-separated list of at most %1 numbers, each above %2 and at most %3 (empty: not "
    "given)",
    "%1: how many numbers; %2, %3: the bounds of each"};
const MessageTemplate kListAtMostFrom{
    "a comma-separated list of at most %1 numbers, each from %2 to %3 (empty: not given)",
    "%1: how many numbers; %2, %3: the bounds of each"};
const MessageTemplate kListAbove{
    "a comma-separated list of numbers, each above %1 and at most %2 (empty: not given)",
    "%1, %2: the bounds of each number"};
const MessageTemplate kListFrom{
    "a comma-separated list of numbers, each from %1 to %2 (empty: not given)",
    "%1, %2: the bounds of each number"};
const MessageTemplate kTextLine{
    "a line of text of at most %1 bytes without control characters (empty: not given)",
    "%1: the most bytes"};
const MessageTemplate kAParameterOfThisScheme{"a parameter of this scheme"};
const MessageTemplate kAnInteger{"an integer"};
const MessageTemplate kANumber{"a number"};
const MessageTemplate kAChoiceId{"a choice id"};
const MessageTemplate kAListOfNumbers{"a list of numbers"};
const MessageTemplate kALineOfText{"a line of text"};

}  // namespace

ParamSpec seedParam() {
  return intParam("seed", 0, 0, 4294967295LL,
                  "Seed of the portable random generator for every random tensor");
}

void checkHeadIndex(std::int64_t head, std::int64_t heads) {
  if (head >= heads)
    throw ParamError("head", std::to_string(head),
                     Message(kLessThanHeads, {std::to_string(heads)}));
}

void checkHeadsDivide(std::int64_t dModel, std::int64_t heads) {
  if (heads <= 0 || dModel % heads != 0)
    throw ParamError("d_model", std::to_string(dModel),
                     Message(kMultipleOfHeads, {std::to_string(heads)}));
}

Message allowedMessage(const ParamSpec& spec) {
  const std::string lo = formatNumber(spec.min);
  const std::string hi = formatNumber(spec.max);
  switch (spec.type) {
    case ParamType::Int:
      return Message(spec.even ? allowed::kEvenIntRange : allowed::kIntRange, {lo, hi});
    case ParamType::Real:
      return Message(spec.openMin ? allowed::kFiniteAboveAtMost : allowed::kFiniteRange, {lo, hi});
    case ParamType::List:
      if (spec.maxCount > 0)
        return Message(spec.openMin ? kListAtMostAbove : kListAtMostFrom,
                       {std::to_string(spec.maxCount), lo, hi});
      return Message(spec.openMin ? kListAbove : kListFrom, {lo, hi});
    case ParamType::Bool:
      return Message(allowed::kTrueOrFalse);
    case ParamType::Text:
      return Message(kTextLine, {std::to_string(kMaxTextParam)});
    case ParamType::Choice:
      return Message(allowed::kOneOf, {MessageArg::list(spec.choices)});
  }
  return {};
}

std::string allowedText(const ParamSpec& spec) { return allowedMessage(spec).english(); }

std::string formatValue(const Value& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&v)) return formatNumber(*d);
  if (const auto* b = std::get_if<bool>(&v)) return *b ? "true" : "false";
  if (const auto* list = std::get_if<NumberList>(&v)) {
    std::string s;
    for (std::size_t i = 0; i < list->size(); ++i) s += (i ? "," : "") + formatNumber((*list)[i]);
    return s;
  }
  return std::get<std::string>(v);
}

void checkValue(const ParamSpec& spec, const Value& v) {
  const auto fail = [&] {
    throw ParamError(spec.id, printable(formatValue(v)), allowedMessage(spec));
  };
  switch (spec.type) {
    case ParamType::Int: {
      const auto* i = std::get_if<std::int64_t>(&v);
      if (!i) fail();
      const auto x = static_cast<double>(*i);
      if (x < spec.min || x > spec.max || (spec.even && (*i % 2) != 0)) fail();
      return;
    }
    case ParamType::Real: {
      const auto* d = std::get_if<double>(&v);
      if (!d || !inRange(spec, *d)) fail();
      return;
    }
    case ParamType::List: {
      const auto* list = std::get_if<NumberList>(&v);
      if (!list || (spec.maxCount > 0 && std::ssize(*list) > spec.maxCount)) fail();
      for (const double x : *list)
        if (!inRange(spec, x)) fail();
      return;
    }
    case ParamType::Bool:
      if (!std::holds_alternative<bool>(v)) fail();
      return;
    case ParamType::Text: {
      const auto* s = std::get_if<std::string>(&v);
      if (!s || s->size() > kMaxTextParam) fail();
      for (const char c : *s)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) fail();
      return;
    }
    case ParamType::Choice: {
      const auto* s = std::get_if<std::string>(&v);
      if (!s || std::find(spec.choices.begin(), spec.choices.end(), *s) == spec.choices.end())
        fail();
      return;
    }
  }
}

Value parseValue(const ParamSpec& spec, std::string_view text) {
  const auto fail = [&]() -> Value {
    throw ParamError(spec.id, printable(text), allowedMessage(spec));
  };
  // A value out of range is named as typed ("+5", "1e13", "-0"), not as read back ("5").
  const auto checkOrFail = [&](const Value& v) {
    try {
      checkValue(spec, v);
    } catch (const ParamError&) {
      fail();
    }
  };
  switch (spec.type) {
    case ParamType::Int: {
      std::int64_t x = 0;
      const char* first = text.data();
      const char* last = text.data() + text.size();
      // An optional '+' then digits; from_chars takes the '-' itself. "+-5" is refused.
      if (!text.empty() && *first == '+') ++first;
      if (first == last || (*first != '-' && (*first < '0' || *first > '9')) ||
          (text.front() == '+' && *first == '-'))
        return fail();
      const auto [ptr, ec] = std::from_chars(first, last, x);
      if (ec != std::errc() || ptr != last) return fail();
      Value v = x;
      checkOrFail(v);
      return v;
    }
    case ParamType::Real: {
      const auto x = parseNumber(text);
      if (!x) return fail();
      Value v = *x;
      checkOrFail(v);
      return v;
    }
    case ParamType::List: {
      auto list = parseList(text);
      if (!list) return fail();
      Value v = std::move(*list);
      checkOrFail(v);
      return v;
    }
    case ParamType::Bool: {
      const std::string s = lower(text);
      if (s == "true" || s == "1" || s == "yes" || s == "on") return true;
      if (s == "false" || s == "0" || s == "no" || s == "off") return false;
      return fail();
    }
    case ParamType::Choice: {
      Value v = std::string(text);
      checkValue(spec, v);
      return v;
    }
    case ParamType::Text: {
      Value v = std::string(text);
      checkOrFail(v);
      return v;
    }
  }
  return fail();
}

ParamSet::ParamSet(const std::vector<ParamSpec>& specs) {
  m_items.reserve(specs.size());
  for (const auto& s : specs) m_items.emplace_back(s.id, s.defaultValue);
}

const Value& ParamSet::get(std::string_view id) const {
  for (const auto& [k, v] : m_items)
    if (k == id) return v;
  throw ParamError(std::string(id), "", Message(kAParameterOfThisScheme));
}

bool ParamSet::has(std::string_view id) const {
  return std::any_of(m_items.begin(), m_items.end(),
                     [&](const auto& kv) { return kv.first == id; });
}

std::int64_t ParamSet::getInt(std::string_view id) const {
  const Value& v = get(id);
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  throw ParamError(std::string(id), formatValue(v), Message(kAnInteger));
}

double ParamSet::getReal(std::string_view id) const {
  const Value& v = get(id);
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  throw ParamError(std::string(id), formatValue(v), Message(kANumber));
}

bool ParamSet::getBool(std::string_view id) const {
  const Value& v = get(id);
  if (const auto* b = std::get_if<bool>(&v)) return *b;
  throw ParamError(std::string(id), formatValue(v), Message(allowed::kTrueOrFalse));
}

const std::string& ParamSet::getChoice(std::string_view id) const {
  const Value& v = get(id);
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  throw ParamError(std::string(id), formatValue(v), Message(kAChoiceId));
}

const NumberList& ParamSet::getList(std::string_view id) const {
  const Value& v = get(id);
  if (const auto* list = std::get_if<NumberList>(&v)) return *list;
  throw ParamError(std::string(id), formatValue(v), Message(kAListOfNumbers));
}

const std::string& ParamSet::getText(std::string_view id) const {
  const Value& v = get(id);
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  throw ParamError(std::string(id), formatValue(v), Message(kALineOfText));
}

void ParamSet::set(const std::string& id, Value v) {
  for (auto& [k, old] : m_items) {
    if (k == id) {
      old = std::move(v);
      return;
    }
  }
  m_items.emplace_back(id, std::move(v));
}

}  // namespace posenc
