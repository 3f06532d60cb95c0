// SPDX-License-Identifier: GPL-3.0-or-later
// The reader of GGUF files (llama.cpp, Ollama, LM Studio): our own code, Debian 12 ships no
// GGUF library. The format as ggml-org/ggml docs/gguf.md describes it, the checks as
// ggml-org/llama.cpp ggml/src/gguf.cpp (gguf_init_from_reader) makes them, the value and
// tensor type ids and block sizes as gguf-py/gguf/constants.py (GGUFValueType,
// GGMLQuantizationType, GGML_QUANT_SIZES) has them.
//
// Versions 2 and 3, little-endian only. The header is read with bounded reads through
// InputFile (input_file.hpp; never memory-mapped: a file cut short meanwhile is a FileError,
// not SIGBUS): every count is checked against the bytes left before anything is allocated,
// and arrays longer than kGgufKeptElements (a 150k-token vocabulary) are skipped without
// copying, recorded by element type and count only. Tensor data stays on disk until
// readGgufTensor asks for one tensor.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/io/input_file.hpp"
#include "posenc/tensors/tensor_file.hpp"

namespace posenc {

/// GGUF's value types, numbered as in the file (gguf.md, gguf_metadata_value_type).
enum class GgufType : std::uint32_t {
  UInt8 = 0,
  Int8 = 1,
  UInt16 = 2,
  Int16 = 3,
  UInt32 = 4,
  Int32 = 5,
  Float32 = 6,
  Bool = 7,
  String = 8,
  Array = 9,
  UInt64 = 10,
  Int64 = 11,
  Float64 = 12
};

/// "uint8", "int8", ..., "float64" (gguf-py's names in lower case).
[[nodiscard]] std::string_view ggufTypeName(GgufType type);

/// Arrays of at most this many elements keep their values; longer ones are skipped.
inline constexpr std::uint64_t kGgufKeptElements = 4096;

/// One metadata value: a scalar, or an array of scalars (arrays of arrays are refused).
struct GgufValue {
  GgufType type = GgufType::UInt8;         ///< Array for an array.
  GgufType elementType = GgufType::UInt8;  ///< The scalars' type (== type for a scalar).
  std::uint64_t count = 1;                 ///< Elements of an array; 1 for a scalar.
  bool kept = true;  ///< False: an array longer than kGgufKeptElements, skipped.
  /// Numbers and bools: the elements' bytes as stored (little-endian), count x their size.
  std::vector<std::byte> bytes{};
  std::vector<std::string> strings{};  ///< Strings: the elements, as stored (not filtered).

  [[nodiscard]] bool isArray() const { return type == GgufType::Array; }
  /// "uint32", or "array[string]" for an array.
  [[nodiscard]] std::string typeText() const;
  /// Element k of an integer type (bool excluded); nullopt for other types or a uint64
  /// above INT64_MAX. Element k < count and kept.
  [[nodiscard]] std::optional<std::int64_t> integerAt(std::uint64_t k) const;
  /// Element k of a number type (integers and floats; int64 beyond 2^53 rounded).
  [[nodiscard]] std::optional<double> numberAt(std::uint64_t k) const;
};

/// A tensor's entry in the header. GGUF stores dims as ggml does, ne[0] fastest (the
/// length of a row); `shape` is the same in C order, dims reversed: a token embedding of
/// 32000 tokens x 4096 has dims (4096, 32000) and shape (32000, 4096).
struct GgufTensorInfo {
  std::string name{};
  std::vector<std::uint64_t> dims{};  ///< ne[0], ne[1], ... (at most 4).
  std::vector<std::int64_t> shape{};  ///< dims reversed.
  std::uint32_t type = 0;             ///< ggml_type id (0 F32, 1 F16, 30 BF16, ...).
  std::string typeName{};             ///< "F32", "Q4_K", ...: ggmlTypeName(type).
  std::uint64_t offset = 0;           ///< Absolute byte offset of its data in the file.
  std::uint64_t bytes = 0;            ///< Bytes of its data.
};

/// The name of ggml type `id` ("F32", "Q4_0", "BF16", "MXFP4", ...), or "" when no ggml type
/// has that id (removed ones included: 4, 5, 31 to 33, 36 to 38).
[[nodiscard]] std::string_view ggmlTypeName(std::uint32_t id);

/// Bytes `elements` values of ggml type `id` take in a GGUF file (blocks of its block size);
/// nullopt for an unknown id, a count that is not whole blocks, or a size past 64 bits.
[[nodiscard]] std::optional<std::uint64_t> ggmlTypeBytes(std::uint32_t id, std::uint64_t elements);

/// A GGUF file's header. Copies share the open file.
struct GgufFile {
  std::string name{};            ///< The path as given, for messages.
  std::uint32_t version = 3;     ///< 2 or 3.
  std::uint64_t alignment = 32;  ///< general.alignment, or 32 when absent.
  std::uint64_t dataStart = 0;   ///< Byte where the data section starts (aligned).
  std::uint64_t fileSize = 0;
  std::vector<std::pair<std::string, GgufValue>> metadata{};  ///< In the file's order.
  std::vector<GgufTensorInfo> tensors{};                      ///< In the file's order.
  std::shared_ptr<const InputFile> file{};

  /// The value of `key`, or nullptr.
  [[nodiscard]] const GgufValue* find(std::string_view key) const;
  /// The entry of tensor `tensor`, or nullptr.
  [[nodiscard]] const GgufTensorInfo* findTensor(std::string_view tensor) const;
  /// The scalar of `key` as an integer (any integer type), a number (integers and floats),
  /// a string or a bool. @throws FileError naming the file when there is no such key ("no
  /// key 'K'") or it holds another type ("key 'K' is string, not uint8, ..., or int64").
  [[nodiscard]] std::int64_t integer(std::string_view key) const;
  [[nodiscard]] double number(std::string_view key) const;
  [[nodiscard]] std::string string(std::string_view key) const;
  [[nodiscard]] bool boolean(std::string_view key) const;
  /// The elements of array `key`, as numbers or strings. @throws FileError as above, and when
  /// the array was longer than kGgufKeptElements (skipped, not kept).
  [[nodiscard]] std::vector<double> numbers(std::string_view key) const;
  [[nodiscard]] std::vector<std::string> strings(std::string_view key) const;
};

/// Opens `path` (InputFile: regular files only) and reads its GGUF header. @throws
/// FileError naming the file: not GGUF, version 1 or unknown, big-endian, truncated, a count
/// the file cannot hold, a key empty, over 65535 bytes or given twice, an unknown value type,
/// an array of arrays, a bool other than 0 or 1, general.alignment not a uint32 power of two,
/// a tensor name over 63 bytes or given twice, more than 4 dimensions, a shape whose size
/// overflows, an unknown ggml type, rows not whole blocks, data offsets not aligned, data
/// past the end or tensors overlapping.
[[nodiscard]] GgufFile readGgufHeader(const std::filesystem::path& path);

/// Tensor `name`'s values in C order (shape: dims reversed), exactly converted to double.
/// @throws FileError naming the file when there is no such tensor, its type is not F32, F16,
/// BF16 or F64 ("Q4_K tensors cannot be drawn: ...") or the file changed; MemoryBudgetError
/// when its values would pass the budget (memory_budget.hpp).
[[nodiscard]] Array readGgufTensor(const GgufFile& file, std::string_view name);

}  // namespace posenc
