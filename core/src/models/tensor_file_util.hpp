// SPDX-License-Identifier: GPL-3.0-or-later
// What the array readers share (tensor_file.cpp, npy_file.cpp): the exact element
// conversions, overflow-checked element counts and the chunk size of their reads (files are
// opened with InputFile, input_file.hpp, and read with pread, never memory-mapped).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/models/tensor_file.hpp"

namespace posenc::detail {

/// Text of a name read from a file, for a message: control characters replaced, at most
/// `limit` characters (then "...").
inline std::string printable(std::string_view text, std::size_t limit = 200) {
  std::string out;
  for (const char c : text.substr(0, limit)) {
    const auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 || u == 0x7f) ? '?' : c;
  }
  if (text.size() > limit) out += "...";
  return out;
}

/// Bytes read from a file (or inflated from a zip member) at a time while an array's values
/// are converted: the only buffer besides the values themselves.
inline constexpr std::size_t kReadChunkBytes = std::size_t{8} << 20;

/// `count` elements of `type` at `data` (any alignment) to double, swapping bytes first when
/// `bigEndian`.
void convertElements(const std::byte* data, std::size_t count, ElementType type, bool bigEndian,
                     double* out);

/// Product of the dimensions; nullopt when one is negative or the product times 8 bytes would
/// not fit 64 bits.
[[nodiscard]] std::optional<std::uint64_t> elementCount(const std::vector<std::int64_t>& shape);

/// "(3, 4)"-style text of a shape.
[[nodiscard]] std::string shapeText(const std::vector<std::int64_t>& shape);

}  // namespace posenc::detail
