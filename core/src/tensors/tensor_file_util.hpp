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

#include "base/text_util.hpp"
#include "posenc/base/message.hpp"
#include "posenc/tensors/tensor_file.hpp"

namespace posenc::detail {

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

/// "shape %1 is too large", %1 a shapeText: a shape whose element count overflows.
extern const MessageTemplate kShapeTooLarge;

/// "tensor %1 of %2 (%3 values)": what a reader asks of the memory budget (checkMemory) for
/// one tensor's values, %1 its name in quotes.
extern const MessageTemplate kTensorRequest;

/// "(3, 4)"-style text of a shape.
[[nodiscard]] std::string shapeText(const std::vector<std::int64_t>& shape);

}  // namespace posenc::detail
