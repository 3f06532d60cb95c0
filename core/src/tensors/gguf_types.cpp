// SPDX-License-Identifier: GPL-3.0-or-later
// What the GGUF reader knows of types (gguf_file.hpp): the names of GGUF's value types, the
// ggml tensor types with their block sizes, and the accessors of metadata values. The ggml
// types and sizes follow ggml-org/llama.cpp gguf-py/gguf/constants.py (GGMLQuantizationType
// and GGML_QUANT_SIZES, as of commit 0024aa7417efd50a7c2a79e049dfbbbceb0beaaf, ids up to
// Q1_0 = 41); ggml-org/ggml docs/gguf.md lists the same ids up to MXFP4 = 39.
#include <bit>
#include <cstring>
#include <limits>

#include "base/text_util.hpp"
#include "posenc/tensors/gguf_file.hpp"
#include "tensors/gguf_util.hpp"

namespace posenc {

namespace {

/// A ggml type: its name, elements per block and bytes per block (GGML_QUANT_SIZES).
struct GgmlType {
  std::uint32_t id;
  std::string_view name;
  std::uint64_t blockElements;
  std::uint64_t blockBytes;
};

// QK_K = 256. Ids 4, 5 (Q4_2, Q4_3), 31 to 33 (Q4_0_4_4, ...) and 36 to 38 (IQ4_NL_4_4, ...)
// were removed from the format and are refused, as gguf.cpp refuses them (block size 0).
constexpr GgmlType kGgmlTypes[] = {
    {0, "F32", 1, 4},
    {1, "F16", 1, 2},
    {2, "Q4_0", 32, 2 + 16},
    {3, "Q4_1", 32, 2 + 2 + 16},
    {6, "Q5_0", 32, 2 + 4 + 16},
    {7, "Q5_1", 32, 2 + 2 + 4 + 16},
    {8, "Q8_0", 32, 2 + 32},
    {9, "Q8_1", 32, 4 + 4 + 32},
    {10, "Q2_K", 256, 2 + 2 + 256 / 16 + 256 / 4},
    {11, "Q3_K", 256, 2 + 256 / 4 + 256 / 8 + 12},
    {12, "Q4_K", 256, 2 + 2 + 256 / 2 + 12},
    {13, "Q5_K", 256, 2 + 2 + 256 / 2 + 256 / 8 + 12},
    {14, "Q6_K", 256, 2 + 256 / 2 + 256 / 4 + 256 / 16},
    {15, "Q8_K", 256, 4 + 256 + 256 / 8},
    {16, "IQ2_XXS", 256, 2 + 256 / 4},
    {17, "IQ2_XS", 256, 2 + 256 / 4 + 256 / 32},
    {18, "IQ3_XXS", 256, 2 + 256 / 4 + 256 / 8},
    {19, "IQ1_S", 256, 2 + 256 / 8 + 256 / 16},
    {20, "IQ4_NL", 32, 2 + 16},
    {21, "IQ3_S", 256, 2 + 256 / 4 + 256 / 8 + 256 / 32 + 4},
    {22, "IQ2_S", 256, 2 + 256 / 4 + 256 / 16},
    {23, "IQ4_XS", 256, 2 + 2 + 256 / 2 + 256 / 64},
    {24, "I8", 1, 1},
    {25, "I16", 1, 2},
    {26, "I32", 1, 4},
    {27, "I64", 1, 8},
    {28, "F64", 1, 8},
    {29, "IQ1_M", 256, 256 / 8 + 256 / 16 + 256 / 32},
    {30, "BF16", 1, 2},
    {34, "TQ1_0", 256, 2 + 4 * 13},
    {35, "TQ2_0", 256, 2 + 64},
    {39, "MXFP4", 32, 1 + 16},
    {40, "NVFP4", 64, 4 + 32},
    {41, "Q1_0", 128, 2 + 16},
};

const GgmlType* ggmlType(std::uint32_t id) {
  for (const GgmlType& t : kGgmlTypes)
    if (t.id == id) return &t;
  return nullptr;
}

const MessageTemplate kGgufNoKey{"no key '%1'", "%1: a GGUF metadata key"};
const MessageTemplate kGgufWrongType{
    "key '%1' is %2, not %3",
    "%1: a GGUF metadata key; %2: the type it holds, e.g. string or array[uint32]; %3: the "
    "types wanted, e.g. 'uint8, int8 or int64'"};
const MessageTemplate kGgufArraySkipped{
    "key '%1' is an array of %2 values: arrays longer than %3 are skipped, not kept",
    "%1: a GGUF metadata key; %2: its number of elements; %3: the most kept"};
const MessageTemplate kGgufIntegerTooLarge{
    "key '%1' holds %2, past the largest signed 64-bit integer",
    "%1: a GGUF metadata key; %2: its value"};

bool isInteger(GgufType t) {
  switch (t) {
    case GgufType::UInt8:
    case GgufType::Int8:
    case GgufType::UInt16:
    case GgufType::Int16:
    case GgufType::UInt32:
    case GgufType::Int32:
    case GgufType::UInt64:
    case GgufType::Int64:
      return true;
    default:
      return false;
  }
}

std::vector<std::string> typeNames(std::initializer_list<GgufType> types) {
  std::vector<std::string> out;
  for (const GgufType t : types) out.emplace_back(ggufTypeName(t));
  return out;
}

const std::vector<std::string>& integerNames() {
  static const std::vector<std::string> names =
      typeNames({GgufType::UInt8, GgufType::Int8, GgufType::UInt16, GgufType::Int16,
                 GgufType::UInt32, GgufType::Int32, GgufType::UInt64, GgufType::Int64});
  return names;
}

const std::vector<std::string>& numberNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n = integerNames();
    n.emplace_back(ggufTypeName(GgufType::Float32));
    n.emplace_back(ggufTypeName(GgufType::Float64));
    return n;
  }();
  return names;
}

std::string shown(std::string_view key) { return detail::printableUpTo(key, 200); }

/// The value of `key`, a scalar of one of `wanted` when `array` is false, else an array of
/// them (kept). @throws FileError: no such key, another type, an array skipped.
const GgufValue& checkedValue(const GgufFile& f, std::string_view key, bool array,
                              bool (*accepts)(GgufType), const std::vector<std::string>& wanted) {
  const GgufValue* v = f.find(key);
  if (!v) throw FileError(f.name, Message(kGgufNoKey, {shown(key)}));
  if (v->isArray() != array || !accepts(v->elementType)) {
    std::vector<std::string> names = wanted;
    if (array)
      for (std::string& n : names) n = "array[" + n + "]";
    throw FileError(f.name, Message(kGgufWrongType, {shown(key), v->typeText(),
                                                     MessageArg::list(std::move(names))}));
  }
  if (!v->kept)
    throw FileError(f.name, Message(kGgufArraySkipped, {shown(key), std::to_string(v->count),
                                                        std::to_string(kGgufKeptElements)}));
  return *v;
}

bool acceptsInteger(GgufType t) { return isInteger(t); }
bool acceptsNumber(GgufType t) {
  return isInteger(t) || t == GgufType::Float32 || t == GgufType::Float64;
}
bool acceptsString(GgufType t) { return t == GgufType::String; }
bool acceptsBool(GgufType t) { return t == GgufType::Bool; }

}  // namespace

std::string_view ggufTypeName(GgufType type) {
  static constexpr std::string_view kNames[] = {"uint8",  "int8",    "uint16", "int16",  "uint32",
                                                "int32",  "float32", "bool",   "string", "array",
                                                "uint64", "int64",   "float64"};
  const auto k = static_cast<std::uint32_t>(type);
  return k < std::size(kNames) ? kNames[k] : std::string_view("?");
}

std::string_view ggmlTypeName(std::uint32_t id) {
  const GgmlType* t = ggmlType(id);
  return t ? t->name : std::string_view();
}

std::optional<std::uint64_t> ggmlTypeBytes(std::uint32_t id, std::uint64_t elements) {
  const GgmlType* t = ggmlType(id);
  if (!t || elements % t->blockElements != 0) return std::nullopt;
  const std::uint64_t blocks = elements / t->blockElements;
  if (blocks > std::numeric_limits<std::uint64_t>::max() / t->blockBytes) return std::nullopt;
  return blocks * t->blockBytes;
}

namespace detail {

std::size_t ggufScalarSize(GgufType type) {
  switch (type) {
    case GgufType::UInt8:
    case GgufType::Int8:
    case GgufType::Bool:
      return 1;
    case GgufType::UInt16:
    case GgufType::Int16:
      return 2;
    case GgufType::UInt32:
    case GgufType::Int32:
    case GgufType::Float32:
      return 4;
    case GgufType::UInt64:
    case GgufType::Int64:
    case GgufType::Float64:
      return 8;
    default:
      return 0;
  }
}

std::uint64_t littleEndian(const std::byte* p, std::size_t n) {
  std::uint64_t v = 0;
  for (std::size_t k = n; k-- > 0;) v = (v << 8) | std::to_integer<std::uint64_t>(p[k]);
  return v;
}

}  // namespace detail

std::string GgufValue::typeText() const {
  if (!isArray()) return std::string(ggufTypeName(type));
  return "array[" + std::string(ggufTypeName(elementType)) + "]";
}

std::optional<std::int64_t> GgufValue::integerAt(std::uint64_t k) const {
  const std::size_t size = detail::ggufScalarSize(elementType);
  if (!isInteger(elementType) || !kept || k >= count || (k + 1) * size > bytes.size())
    return std::nullopt;
  const std::uint64_t bits = detail::littleEndian(bytes.data() + k * size, size);
  const unsigned width = static_cast<unsigned>(size * 8);
  switch (elementType) {
    case GgufType::Int8:
    case GgufType::Int16:
    case GgufType::Int32: {
      const std::uint64_t sign = std::uint64_t{1} << (width - 1);
      return static_cast<std::int64_t>(bits ^ sign) - static_cast<std::int64_t>(sign);
    }
    case GgufType::Int64:
      return std::bit_cast<std::int64_t>(bits);
    case GgufType::UInt64:
      if (bits > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return std::nullopt;
      return static_cast<std::int64_t>(bits);
    default:
      return static_cast<std::int64_t>(bits);
  }
}

std::optional<double> GgufValue::numberAt(std::uint64_t k) const {
  if (!kept || k >= count) return std::nullopt;
  const std::size_t size = detail::ggufScalarSize(elementType);
  if ((k + 1) * size > bytes.size()) return std::nullopt;
  const std::uint64_t bits = detail::littleEndian(bytes.data() + k * size, size);
  if (elementType == GgufType::Float32)
    return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
  if (elementType == GgufType::Float64) return std::bit_cast<double>(bits);
  if (elementType == GgufType::UInt64) return static_cast<double>(bits);
  const auto i = integerAt(k);
  return i ? std::optional<double>(static_cast<double>(*i)) : std::nullopt;
}

const GgufValue* GgufFile::find(std::string_view key) const {
  for (const auto& [k, v] : metadata)
    if (k == key) return &v;
  return nullptr;
}

const GgufTensorInfo* GgufFile::findTensor(std::string_view tensor) const {
  for (const GgufTensorInfo& t : tensors)
    if (t.name == tensor) return &t;
  return nullptr;
}

std::int64_t GgufFile::integer(std::string_view key) const {
  const GgufValue& v = checkedValue(*this, key, false, acceptsInteger, integerNames());
  const auto i = v.integerAt(0);
  if (!i)  // a uint64 past INT64_MAX
    throw FileError(name,
                    Message(kGgufIntegerTooLarge,
                            {shown(key), std::to_string(detail::littleEndian(v.bytes.data(),
                                                                             v.bytes.size()))}));
  return *i;
}

double GgufFile::number(std::string_view key) const {
  return *checkedValue(*this, key, false, acceptsNumber, numberNames()).numberAt(0);
}

std::string GgufFile::string(std::string_view key) const {
  return checkedValue(*this, key, false, acceptsString, typeNames({GgufType::String}))
      .strings.front();
}

bool GgufFile::boolean(std::string_view key) const {
  return checkedValue(*this, key, false, acceptsBool, typeNames({GgufType::Bool})).bytes.front() !=
         std::byte{0};
}

std::vector<double> GgufFile::numbers(std::string_view key) const {
  const GgufValue& v = checkedValue(*this, key, true, acceptsNumber, numberNames());
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(v.count));
  for (std::uint64_t k = 0; k < v.count; ++k) out.push_back(*v.numberAt(k));
  return out;
}

std::vector<std::string> GgufFile::strings(std::string_view key) const {
  return checkedValue(*this, key, true, acceptsString, typeNames({GgufType::String})).strings;
}

}  // namespace posenc
