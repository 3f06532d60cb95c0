// SPDX-License-Identifier: GPL-3.0-or-later
// What gguf_file.cpp (the header) and gguf_types.cpp (the values) share.
#pragma once

#include <cstddef>
#include <cstdint>

#include "posenc/tensors/gguf_file.hpp"

namespace posenc::detail {

/// Bytes of one scalar of `type` in a GGUF file (bool 1); 0 for String and Array.
[[nodiscard]] std::size_t ggufScalarSize(GgufType type);

/// The `n` <= 8 bytes at `p` as a little-endian unsigned number.
[[nodiscard]] std::uint64_t littleEndian(const std::byte* p, std::size_t n);

}  // namespace posenc::detail
