// SPDX-License-Identifier: GPL-3.0-or-later
// A trained table from a file, named by a Text parameter (learned's `table`, t5's `table`, xl's
// `u_table` / `v_table`, deberta's `rel_table`) or by `--table`: "FILE" or "FILE:NAME". The
// array is read through the readers of tensor_file.hpp and kept, so a picture stays a function
// of its parameters (the file's path, size and modification time are part of the key: a file
// written again is read again).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "posenc/tensors/tensor_file.hpp"

namespace posenc {

/// A reference to one array of a file.
struct TensorRef {
  std::filesystem::path file{};  ///< .safetensors, model.safetensors.index.json, .npy or .npz.
  std::string name{};            ///< The tensor's name; empty: see loadTensor.
  friend bool operator==(const TensorRef&, const TensorRef&) = default;
};

/// Splits "FILE" or "FILE:NAME". The text is one file when it names an existing file or has no
/// ':'; otherwise FILE is the part before the last ':' whose prefix ends in .safetensors, .json
/// or .npz (tensor names may contain ':' too, file names rarely do).
/// @throws FileError for an empty text.
[[nodiscard]] TensorRef parseTensorRef(std::string_view text);

/// "FILE:NAME" or "FILE" (the inverse of parseTensorRef).
[[nodiscard]] std::string formatTensorRef(const TensorRef& ref);

/// The array `ref` names, read once and kept (at most 256 MiB of arrays in all, least recently
/// used leave first). Without a name: a .npy's array; an .npz's or a .safetensors' only array,
/// else the first of `preferred` it holds; a sharded index needs a name or a `preferred` name
/// it maps. Thread-safe.
/// @throws FileError naming the file and the reason (no such file, broken file, no such array
/// listing the ones there are, a dtype that is not a float type, NaN or infinite values).
[[nodiscard]] std::shared_ptr<const Array> loadTensor(const TensorRef& ref,
                                                      std::span<const std::string> preferred = {});

/// A two-dimensional array read from a file (leading dimensions of size 1 dropped, as ViT's
/// (1, 197, 768)): rows x cols values in C order.
struct Table {
  std::shared_ptr<const Array> array{};
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  [[nodiscard]] double operator()(std::int64_t r, std::int64_t c) const {
    return array->values[static_cast<std::size_t>(r * cols + c)];
  }
};

/// The table a Text parameter names: loadTensor(parseTensorRef(text), preferred), checked to be
/// two-dimensional after dropping leading dimensions of size 1.
/// @throws ParamError(param, text, reason) so the panel shows the refusal on the row and the
/// command line names the parameter.
[[nodiscard]] Table tableParam(const std::string& param, const std::string& text,
                               std::span<const std::string> preferred = {});

/// Forgets the arrays kept by loadTensor (tests).
void clearTensorCache();

}  // namespace posenc
