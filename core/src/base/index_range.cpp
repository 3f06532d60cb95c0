// SPDX-License-Identifier: GPL-3.0-or-later
// The reader of a typed range of rows or columns (index_range.hpp).
#include "posenc/base/index_range.hpp"

#include <charconv>
#include <cstddef>
#include <system_error>

namespace posenc {

const MessageTemplate kIndexRangeAllowed{
    "A:B with whole numbers 0 <= A < B (B may be left out: to the end)"};

std::optional<IndexRange> parseIndexRange(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  const auto whole = [](std::string_view s, Index& out) {
    long long v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || v < 0) return false;
    out = static_cast<Index>(v);
    return true;
  };
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  IndexRange r;
  if (!whole(text.substr(0, colon), r.begin)) return std::nullopt;
  if (colon + 1 < text.size() && !whole(text.substr(colon + 1), r.end)) return std::nullopt;
  if (r.end >= 0 && r.end <= r.begin) return std::nullopt;
  return r;
}

}  // namespace posenc
