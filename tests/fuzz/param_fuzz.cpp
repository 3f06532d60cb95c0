// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the `--set KEY=VALUE` path: parseAssignment, then findParam / parseValue / checkValue
// against the parameter specs of every scheme, then makeParams and the scheme's cross-checks.
//
// Input: text, one KEY=VALUE per line ('\n'); every line is tried against every scheme, and the
// whole list as one command line's --set options. Beyond "no crash", each step checks what its
// header promises:
//   - parseAssignment splits at the first '=' into a non-empty key and the rest;
//   - a value parseValue accepts passes checkValue, and its formatValue text parses back to
//     the same value (what `posenc list`, sessions and the window write can be read again);
//   - every refusal is a ParamError naming the parameter, never another exception;
//   - parameters makeParams accepts pass validateParams, hold the last value given for each
//     key, and give every matrix view a non-empty shape.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/cli/command_line.hpp"

namespace {

using posenc::ParamError;

/// Stops the run with a message; libFuzzer saves the input that got here.
[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "param_fuzz: invariant violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

std::vector<std::string> splitLines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    lines.emplace_back(text.substr(start, end - start));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return lines;
}

/// A ParamError about parameter `id` must say so, in the documented shape.
void checkParamError(const ParamError& e, const std::string& id) {
  if (e.param() != id) violated("ParamError names another parameter", e.param() + " vs " + id);
  // A short printable ASCII id is shown as it is; a long or odd one may be shortened or
  // escaped (the one printable filter also replaces bytes that are not UTF-8 and code points
  // that reorder a line, text_util.hpp).
  bool plain = id.size() <= 64;
  for (const char c : id)
    plain = plain && static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
  const std::string prefix = "parameter '" + (plain ? id + "'" : std::string());
  if (std::string_view(e.what()).substr(0, prefix.size()) != prefix)
    violated("ParamError message does not start with the parameter", e.what());
  if (e.allowed().empty()) violated("ParamError says nothing about what is allowed", e.what());
}

/// One value through parseValue; nullopt-like `false` when refused.
bool checkOneValue(const posenc::ParamSpec& spec, const std::string& text, posenc::Value& out) {
  try {
    out = posenc::parseValue(spec, text);
  } catch (const ParamError& e) {
    checkParamError(e, spec.id);
    // The value shown is cut to 64 printable characters (+ "..."), whatever was typed: count
    // code points (every byte but UTF-8's continuation bytes).
    std::size_t characters = 0;
    for (const char c : e.value()) characters += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
    if (characters > 67) violated("refused value echoed at full length", e.value());
    for (const char c : e.value())
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        violated("refused value echoed with a control character", e.what());
    return false;
  }
  try {
    posenc::checkValue(spec, out);
  } catch (const ParamError& e) {
    violated("parseValue accepted what checkValue refuses", spec.id + "=" + text + ": " + e.what());
  }
  const std::string shown = posenc::formatValue(out);
  posenc::Value back;
  try {
    back = posenc::parseValue(spec, shown);
  } catch (const ParamError& e) {
    violated("formatValue text does not parse back",
             spec.id + "=" + text + " -> " + shown + ": " + e.what());
  }
  if (back != out)
    violated("formatValue text parses to another value", spec.id + "=" + text + " -> " + shown);
  return true;
}

/// Everything downstream of a successful makeParams that costs no more than the parameters.
/// (Computing cells is left out: some views build whole tables first, and a parser fuzzer
/// that spends seconds per input stops exploring the parser.)
void checkAccepted(const posenc::Scheme& scheme, const posenc::ParamSet& params) {
  try {
    posenc::validateParams(scheme, params);
  } catch (const ParamError& e) {
    violated("makeParams accepted what validateParams refuses", e.what());
  }
  for (const auto& view : scheme.info().views) {
    if (view.kind != posenc::ViewKind::Matrix) continue;
    const posenc::MatrixShape shape = scheme.shape(params, view.id);
    if (shape.rows < 1 || shape.cols < 1)
      violated("matrix view with an empty shape", scheme.info().id + "/" + view.id);
    const double bytes = posenc::fullMatrixBytes(scheme, params, view.id);
    if (!(bytes == static_cast<double>(shape.rows) * static_cast<double>(shape.cols) * 8.0))
      violated("fullMatrixBytes is not rows x cols x 8", scheme.info().id + "/" + view.id);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::pair<std::string, std::string>> sets;
  for (const std::string& line : splitLines(text)) {
    try {
      auto kv = posenc::parseAssignment(line);
      if (kv.first.empty() || kv.first.find('=') != std::string::npos ||
          kv.first + "=" + kv.second != line)
        violated("parseAssignment split wrongly", line);
      sets.push_back(std::move(kv));
    } catch (const posenc::UsageError&) {
      if (line.find('=') != std::string::npos && line[0] != '=')
        violated("parseAssignment refused a KEY=VALUE line", line);
    }
  }
  if (sets.size() > 64) return 0;  // a command line, not a file: keeps each run fast

  for (const auto& scheme : posenc::allSchemes()) {
    bool allParsed = true;
    std::map<std::string, posenc::Value> last;
    bool unknownChecked = false;
    for (const auto& [key, value] : sets) {
      // Most keys belong to some other scheme: look them up without an exception (slow under
      // ASan), and check findParam's refusal once per scheme and input.
      const posenc::ParamSpec* spec = nullptr;
      for (const auto& p : scheme->info().params)
        if (p.id == key) spec = &p;
      if (!spec || !unknownChecked) {
        try {
          const posenc::ParamSpec& found = posenc::findParam(*scheme, key);
          if (!spec || found.id != key)
            violated("findParam found a parameter the scheme does not list",
                     scheme->info().id + ": " + key);
        } catch (const ParamError& e) {
          if (spec) violated("findParam refused a parameter of the scheme", key);
          checkParamError(e, key);
          unknownChecked = true;
        }
      }
      if (!spec) {
        allParsed = false;
        continue;
      }
      posenc::Value v;
      if (checkOneValue(*spec, value, v)) last[spec->id] = v;
      else allParsed = false;
    }

    try {
      const posenc::ParamSet params = posenc::makeParams(*scheme, sets);
      if (!allParsed)
        violated("makeParams accepted an assignment parseValue refuses", scheme->info().id);
      for (const auto& [id, v] : last)
        if (params.get(id) != v) violated("makeParams kept another value than the last given", id);
      checkAccepted(*scheme, params);
    } catch (const ParamError& e) {
      // A refusal after every single value passed can only be a cross-check; either way it
      // names a parameter of the scheme (or one given).
      if (e.param().empty()) violated("makeParams refusal names no parameter", e.what());
    }
  }
  return 0;
}
