// SPDX-License-Identifier: GPL-3.0-or-later
// Small text helpers shared by the core's parsers and messages (params.cpp, memory_budget.cpp).
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace posenc::detail {

/// `s` in ASCII lower case.
inline std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

/// Text of a user's value for a message: control characters replaced, at most 64 characters.
inline std::string printable(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 64)) {
    const auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 || u == 0x7f) ? '?' : c;
  }
  if (text.size() > 64) out += "...";
  return out;
}

}  // namespace posenc::detail
