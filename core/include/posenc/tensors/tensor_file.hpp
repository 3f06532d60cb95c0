// SPDX-License-Identifier: GPL-3.0-or-later
// Readers of the array files models and engineers hand us: safetensors (single files and the
// sharded model.safetensors.index.json), NumPy .npy (format versions 1 to 3) and .npz. Every
// float type they hold (float16, bfloat16, float32, float64) converts exactly to double.
// Every reader takes outside input: a broken or hostile file is refused with a FileError that
// names the file and says what is wrong; nothing is read past the file's end, and no size
// written in a file is trusted before it is checked against the file's real size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/io/file_error.hpp"

namespace posenc {

/// The float element types read from files. Each converts exactly to double.
enum class ElementType { F16, BF16, F32, F64 };

/// The type's name as safetensors writes it ("F16", "BF16", "F32", "F64").
[[nodiscard]] std::string_view elementTypeName(ElementType type);

/// Bytes per element (2, 2, 4, 8).
[[nodiscard]] std::size_t elementSize(ElementType type);

/// IEEE 754 binary16 bits to double (exact: subnormals, infinities and NaN kept).
[[nodiscard]] double halfToDouble(std::uint16_t bits);

/// bfloat16 bits (the top half of a binary32) to double (exact).
[[nodiscard]] double bfloat16ToDouble(std::uint16_t bits);

/// An array read from a file: its shape and its values in C order (last index fastest),
/// whatever order the file stored them in.
struct Array {
  std::vector<std::int64_t> shape{};
  ElementType type = ElementType::F64;  ///< The type stored in the file.
  std::vector<double> values{};         ///< product(shape) values.
};

/// One tensor listed in a safetensors header.
struct TensorEntry {
  std::string name{};
  std::string dtype{};  ///< As written: "F32", "BF16", "I64", ... (only float types are read).
  std::vector<std::int64_t> shape{};
  std::uint64_t begin = 0;  ///< Byte offsets in the data section (after the header).
  std::uint64_t end = 0;
};

/// Most bytes a safetensors header may take (the safetensors library's own limit, 100 MB).
inline constexpr std::uint64_t kMaxSafetensorsHeader = 100'000'000;

/// A .safetensors file: 8 bytes little-endian header length N, N bytes of JSON header
/// ({"__metadata__": {string: string}, NAME: {"dtype", "shape", "data_offsets": [begin, end]}}),
/// then the data. The header is read and checked when the file is opened (offsets inside the
/// data, no two tensors overlapping, byte count = elements x element size for the known
/// dtypes); the data stays on disk and only the tensors asked for are read (pread, in 8 MiB
/// chunks converted as they arrive: input_file.hpp), each checked against the memory budget
/// (memory_budget.hpp) before its values are allocated.
class SafetensorsFile {
 public:
  /// Opens `path` (InputFile: regular files only, a FIFO refused at once) and reads its
  /// header. @throws FileError naming the file.
  explicit SafetensorsFile(const std::filesystem::path& path);
  /// Reads a file already in memory (`bytes` must outlive the object); `name` is used in
  /// messages. @throws FileError.
  SafetensorsFile(std::span<const std::byte> bytes, std::string name);
  ~SafetensorsFile();
  SafetensorsFile(SafetensorsFile&&) noexcept;
  SafetensorsFile& operator=(SafetensorsFile&&) noexcept;
  SafetensorsFile(const SafetensorsFile&) = delete;
  SafetensorsFile& operator=(const SafetensorsFile&) = delete;

  /// The tensors, in the order of their data offsets.
  [[nodiscard]] const std::vector<TensorEntry>& tensors() const;
  /// The "__metadata__" strings (empty when absent).
  [[nodiscard]] const std::map<std::string, std::string>& metadata() const;
  /// The entry named `name`, or nullptr.
  [[nodiscard]] const TensorEntry* find(std::string_view name) const;
  /// The tensor's values as double. @throws FileError when there is no such tensor (naming
  /// the file's tensors when they are few), its dtype is not F16, BF16, F32 or F64, or the
  /// file changed while it was read; MemoryBudgetError when its values would pass the budget.
  [[nodiscard]] Array read(std::string_view name) const;
  /// The name given at construction (the path for a file opened by path).
  [[nodiscard]] const std::string& name() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

/// Most shards an index may name. The largest published checkpoints have a few hundred; an
/// index naming more is refused before any shard is opened (each would be opened and mapped).
inline constexpr std::size_t kMaxIndexShards = 4096;

/// The weight map of a sharded checkpoint's model.safetensors.index.json
/// ({"metadata": {...}, "weight_map": {tensor name: shard file name}}), resolved in the index's
/// folder. A shard name with a folder part, "..", or an absolute path is refused (a hostile
/// index must not name files elsewhere), as are a tensor listed twice with two different
/// shards and more than kMaxIndexShards shards. Built in time n log n of the tensors.
struct SafetensorsIndex {
  std::vector<std::filesystem::path> shards{};  ///< Each shard once, in the order first named.
  /// Tensor name -> its shard (an index into `shards`), sorted by name, each name once.
  std::vector<std::pair<std::string, std::size_t>> tensors{};
  /// The shard of `tensor`, or nullptr when the weight map does not list it.
  [[nodiscard]] const std::filesystem::path* find(std::string_view tensor) const;
};

/// Reads an index file. @throws FileError naming the index file.
[[nodiscard]] SafetensorsIndex readSafetensorsIndex(const std::filesystem::path& path);

/// The same from the index's `text`; `dir` is the folder shard names are resolved in and
/// `name` the file name used in messages.
[[nodiscard]] SafetensorsIndex parseSafetensorsIndex(std::string_view text,
                                                     const std::filesystem::path& dir,
                                                     const std::string& name);

/// A NumPy .npy file (format 1.0, 2.0 or 3.0): '<f2' '<f4' '<f8' and their big-endian '>'
/// forms ('=' as little-endian), C or Fortran order, any number of dimensions (a 0-d array
/// has shape {} and one value). Trailing bytes after the data are refused.
/// @throws FileError naming `name`.
[[nodiscard]] Array parseNpy(std::span<const std::byte> bytes, const std::string& name);

/// Reads a .npy file: its header, then its data in bounded chunks, the values checked
/// against the memory budget before they are allocated. @throws FileError naming the file,
/// MemoryBudgetError.
[[nodiscard]] Array readNpy(const std::filesystem::path& path);

/// Most bytes one array inside an .npz may expand to (a small zip must not claim gigabytes).
inline constexpr std::uint64_t kMaxNpzMemberBytes = std::uint64_t{4} << 30;

/// The arrays of an .npz file (a zip of NAME.npy members, stored or deflated): their names
/// without ".npy", in the zip's order. @throws FileError naming the file.
[[nodiscard]] std::vector<std::string> npzNames(const std::filesystem::path& path);

/// Array `name` of an .npz file, read through a libzip source that preads the file (never a
/// map). The member is streamed: its npy header is read from the start of the inflated data,
/// the values checked against the memory budget (MemoryBudgetError naming FILE:NAME) before
/// anything is allocated, then inflated in bounded chunks straight into the values; a member
/// that inflates to more than its header says is refused at the first byte too many (a zip
/// bomb costs neither memory nor time). @throws FileError naming the file and the array
/// (listing the file's arrays when `name` is not one of them).
[[nodiscard]] Array readNpz(const std::filesystem::path& path, std::string_view name);

/// The same two from a zip already in memory; `file` is used in messages.
[[nodiscard]] std::vector<std::string> npzNames(std::span<const std::byte> bytes,
                                                const std::string& file);
[[nodiscard]] Array readNpz(std::span<const std::byte> bytes, const std::string& file,
                            std::string_view name, std::uint64_t maxBytes = kMaxNpzMemberBytes);

}  // namespace posenc
