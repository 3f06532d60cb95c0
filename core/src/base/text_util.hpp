// SPDX-License-Identifier: GPL-3.0-or-later
// Small text helpers shared by the core's parsers and messages (params.cpp, memory_budget.cpp,
// model_config.cpp, model_report.cpp), and the one filter text from a file passes before it
// is printed.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
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

/// Byte length of the well-formed UTF-8 sequence `text` starts with, its code point in `cp`; 0
/// when it starts with none (RFC 3629: no overlong forms, surrogates or code points past
/// U+10FFFF). `text` is not empty.
inline std::size_t utf8Sequence(std::string_view text, char32_t& cp) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = b(0);
  std::size_t n = 0;
  if (lead < 0x80) n = 1, cp = lead;
  else if (lead >= 0xC2 && lead <= 0xDF) n = 2, cp = lead & 0x1FU;
  else if (lead >= 0xE0 && lead <= 0xEF) n = 3, cp = lead & 0x0FU;
  else if (lead >= 0xF0 && lead <= 0xF4) n = 4, cp = lead & 0x07U;
  else return 0;
  if (text.size() < n) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0U) != 0x80U) return 0;
    cp = (cp << 6) | (b(k) & 0x3FU);
  }
  const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

/// Whether a terminal shows code point `cp` as a character: not a C0 or C1 control, DEL, a
/// line or paragraph separator, or a bidirectional embedding, override or isolate (which
/// reorder the rest of the line).
inline bool shownAsIs(char32_t cp) {
  return !(cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069));
}

/// Text from a file or a user for a message or a terminal, the one filter every such string
/// passes: what shownAsIs refuses and every byte that is not UTF-8 become '?', so an escape
/// sequence cannot retitle or clear the terminal nor a newline forge an output line; at most
/// `limit` characters (code points, never half of one), then "...".
inline std::string printableUpTo(std::string_view text, std::size_t limit) {
  std::string out;
  std::size_t shown = 0, k = 0;
  for (; k < text.size() && shown < limit; ++shown) {
    char32_t cp = 0;
    const std::size_t n = utf8Sequence(text.substr(k), cp);
    if (n == 0 || !shownAsIs(cp)) {
      out += '?';
      k += n == 0 ? 1 : n;
    } else {
      out.append(text.substr(k, n));
      k += n;
    }
  }
  if (k < text.size()) out += "...";
  return out;
}

/// printableUpTo at most 64 characters: a user's value in a message.
inline std::string printable(std::string_view text) { return printableUpTo(text, 64); }

/// `text` with every byte that is not UTF-8 replaced by U+FFFD, for JSON output (which must be
/// UTF-8); control characters are left to the JSON escaping.
inline std::string validUtf8(std::string_view text) {
  std::string out;
  for (std::size_t k = 0; k < text.size();) {
    char32_t cp = 0;
    const std::size_t n = utf8Sequence(text.substr(k), cp);
    out.append(n == 0 ? std::string_view("\xEF\xBF\xBD") : text.substr(k, n));
    k += n == 0 ? 1 : n;
  }
  return out;
}

}  // namespace posenc::detail
