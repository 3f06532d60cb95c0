// SPDX-License-Identifier: GPL-3.0-or-later
// The GGUF header and tensors (gguf_file.hpp). Layout: ggml-org/ggml docs/gguf.md ("File
// Structure": magic, version, tensor_count, metadata_kv_count, the key-value pairs, the
// tensor infos, padding to general.alignment, the data). Checks: ggml-org/llama.cpp
// ggml/src/gguf.cpp, gguf_init_from_reader (version 0 and 1 refused, a version whose low 16
// bits are zero read as the other byte order, empty and duplicate keys, arrays of arrays,
// general.alignment a uint32 power of two, tensor names below GGML_MAX_NAME = 64 bytes and
// unique, at most GGML_MAX_DIMS = 4 dimensions, element counts and byte sizes that fit,
// rows of whole blocks); big-endian detection as gguf-py/gguf/gguf_reader.py does it.
// Where gguf.cpp requires the tensors packed in order, we ask only what reading needs:
// offsets aligned, data inside the file, no two tensors overlapping.
#include <algorithm>
#include <cstring>
#include <limits>
#include <span>

#include "base/text_util.hpp"
#include "posenc/base/memory_budget.hpp"
#include "posenc/tensors/gguf_file.hpp"
#include "tensors/gguf_util.hpp"
#include "tensors/tensor_file_util.hpp"

namespace posenc {

namespace {

const MessageTemplate kGgufTooShort{
    "too short for a GGUF file (%1 bytes; its header alone takes 24)",
    "%1: the file's size in bytes"};
const MessageTemplate kGgufNotGguf{"not a GGUF file: it starts with '%1', not 'GGUF'",
                                   "%1: the file's first four bytes"};
const MessageTemplate kGgufBigEndian{
    "big-endian GGUF is not supported (its version, %1, is written in big-endian byte "
    "order): only little-endian GGUF files are read",
    "%1: the GGUF version number"};
const MessageTemplate kGgufVersion1{
    "GGUF version 1 is not read (versions 2 and 3 are; llama.cpp no longer reads version 1 "
    "either)"};
const MessageTemplate kGgufVersion{"GGUF version %1 is not read (versions 2 and 3 are)",
                                   "%1: a version number"};
const MessageTemplate kGgufCounts{
    "claims %1 key-value pairs and %2 tensors, more than the %3 bytes after its header can "
    "hold",
    "%1, %2: counts written in the file; %3: a number of bytes"};
const MessageTemplate kGgufEndsInside{
    "ends inside %1 (a truncated file?): %2 bytes are needed at byte %3, it has %4",
    "%1: what was being read, e.g. the value of key 'x'; %2: a number of bytes; %3: a byte "
    "offset; %4: the file's size"};
const MessageTemplate kGgufWhatHeader{"its header", "in 'ends inside %1'"};
const MessageTemplate kGgufWhatKey{"the key of key-value pair %1",
                                   "in 'ends inside %1'; %1: the pair's number, from 1"};
const MessageTemplate kGgufWhatValue{"the value of key '%1'",
                                     "in 'ends inside %1'; %1: a GGUF metadata key"};
const MessageTemplate kGgufWhatTensor{"the entry of tensor %1",
                                      "in 'ends inside %1'; %1: the tensor's number, from 1"};
const MessageTemplate kGgufWhatPadding{"the padding before the tensor data", "in 'ends inside %1'"};
const MessageTemplate kGgufKeyEmpty{"the key of key-value pair %1 is empty",
                                    "%1: the pair's number, from 1"};
const MessageTemplate kGgufKeyTooLong{
    "the key of key-value pair %1 is %2 bytes long; GGUF keys have at most 65535",
    "%1: the pair's number, from 1; %2: a length in bytes"};
const MessageTemplate kGgufKeyTwice{"key '%1' is given twice", "%1: a GGUF metadata key"};
const MessageTemplate kGgufValueType{"key '%1': value type %2 is not a GGUF type (0 to 12)",
                                     "%1: a GGUF metadata key; %2: a number"};
const MessageTemplate kGgufNestedArray{"key '%1' is an array of arrays, which ggml does not read",
                                       "%1: a GGUF metadata key"};
const MessageTemplate kGgufArrayTooLong{
    "key '%1': an array of %2 %3 values cannot fit in the %4 bytes left",
    "%1: a GGUF metadata key; %2: a count; %3: a type, e.g. uint32; %4: a number of bytes"};
const MessageTemplate kGgufBadBool{"key '%1': a bool holds %2 (a bool is 0 or 1)",
                                   "%1: a GGUF metadata key; %2: a number"};
const MessageTemplate kGgufAlignmentType{"general.alignment is %1; it must be uint32",
                                         "%1: a GGUF type, e.g. string"};
const MessageTemplate kGgufAlignmentValue{"general.alignment is %1; it must be a power of two",
                                          "%1: a number"};
const MessageTemplate kGgufNameTooLong{
    "the name of tensor %1 is %2 bytes long; ggml's tensor names have at most 63",
    "%1: the tensor's number, from 1; %2: a length in bytes"};
const MessageTemplate kGgufTensor{"tensor '%1': %2",
                                  "%1: a tensor's name; %2: what is wrong with it"};
const MessageTemplate kGgufTensorTwice{"tensor '%1' is listed twice", "%1: a tensor's name"};
const MessageTemplate kGgufTooManyDims{"%1 dimensions; GGUF tensors have at most 4",
                                       "%1: a number"};
const MessageTemplate kGgufUnknownType{"ggml type %1 is not one ggml knows",
                                       "%1: a type number written in the file"};
const MessageTemplate kGgufPartialBlock{"its rows of %1 values are not whole %2 blocks",
                                        "%1: a number; %2: a ggml type, e.g. Q4_K"};
const MessageTemplate kGgufOffsetAlign{
    "its data offset %1 is not a multiple of the alignment %2",
    "%1: a byte offset in the data section; %2: general.alignment"};
const MessageTemplate kGgufDataPastEnd{
    "its data (%1 bytes at byte %2 of the data section) passes the end of the file (%3 "
    "bytes)",
    "%1: a number of bytes; %2: a byte offset in the data section; %3: the file's size"};
const MessageTemplate kGgufOverlap{"tensors '%1' and '%2' overlap in the data section",
                                   "%1, %2: tensor names"};
const MessageTemplate kGgufNoTensor{"no tensor '%1' (the file holds %2 tensors)",
                                    "%1: a tensor's name; %2: how many it holds"};
const MessageTemplate kGgufTypeNotRead{
    "%1 tensors cannot be drawn: only F32, F16, BF16 and F64 are read",
    "%1: a ggml type, e.g. Q4_K"};

constexpr std::uint64_t kHeaderBytes = 24;       // magic, version, two counts
constexpr std::uint64_t kLeastPairBytes = 14;    // key length, a 1-byte key, type, a uint8
constexpr std::uint64_t kLeastTensorBytes = 24;  // name length, n_dims, type, offset
constexpr std::uint64_t kMaxKeyBytes = 65535;    // gguf.md, gguf_metadata_kv_t
constexpr std::uint64_t kMaxNameBytes = 63;      // GGML_MAX_NAME 64, with its NUL
constexpr std::uint32_t kMaxDims = 4;            // GGML_MAX_DIMS
constexpr std::size_t kWindowBytes = std::size_t{64} << 10;

std::string shown(std::string_view s) { return detail::printableUpTo(s, 200); }

std::uint32_t byteSwapped(std::uint32_t v) {
  return (v >> 24) | ((v >> 8) & 0xFF00U) | ((v << 8) & 0xFF0000U) | (v << 24);
}

/// The header's bytes, read through a window of kWindowBytes: reads never pass the file's
/// size, a skip moves past bytes without reading them. `what` (a callable returning the
/// Message of what is being read) is called only when the file ends too soon.
class Cursor {
 public:
  explicit Cursor(const InputFile& file) : m_file(file), m_size(file.size()) {}

  [[nodiscard]] std::uint64_t pos() const { return m_pos; }
  [[nodiscard]] std::uint64_t left() const { return m_size - m_pos; }

  template <class What>
  void need(std::uint64_t n, const What& what) const {
    if (n > left())
      throw FileError(m_file.name(),
                      Message(kGgufEndsInside, {what(), std::to_string(n), std::to_string(m_pos),
                                                std::to_string(m_size)}));
  }
  /// An unsigned little-endian number of `n` <= 8 bytes.
  template <class What>
  std::uint64_t number(std::size_t n, const What& what) {
    need(n, what);
    const std::uint64_t v = detail::littleEndian(window(n), n);
    m_pos += n;
    return v;
  }
  template <class What>
  void copy(std::span<std::byte> out, const What& what) {
    need(out.size(), what);
    if (out.empty()) return;  // an empty vector's data() may be null: no memcpy then
    if (out.size() <= kWindowBytes) std::memcpy(out.data(), window(out.size()), out.size());
    else m_file.readAt(m_pos, out);
    m_pos += out.size();
  }
  template <class What>
  void skip(std::uint64_t n, const What& what) {
    need(n, what);
    m_pos += n;
  }
  /// A GGUF string: u64 length, then its bytes (allocated once the file is known to hold them).
  template <class What>
  std::string string(const What& what) {
    const std::uint64_t n = number(8, what);
    need(n, what);
    std::string s(static_cast<std::size_t>(n), '\0');
    copy(std::as_writable_bytes(std::span(s)), what);
    return s;
  }

 private:
  /// The `n` <= min(kWindowBytes, left()) bytes at m_pos.
  const std::byte* window(std::size_t n) {
    if (m_pos < m_start || m_pos + n > m_start + m_buffer.size()) {
      m_buffer.resize(static_cast<std::size_t>(std::min<std::uint64_t>(kWindowBytes, left())));
      m_file.readAt(m_pos, m_buffer);
      m_start = m_pos;
    }
    return m_buffer.data() + (m_pos - m_start);
  }

  const InputFile& m_file;
  std::uint64_t m_size = 0;
  std::uint64_t m_pos = 0;
  std::uint64_t m_start = 0;
  std::vector<std::byte> m_buffer{};
};

/// Reads one GGUF header into `out` (see readGgufHeader).
class HeaderReader {
 public:
  HeaderReader(const InputFile& file, GgufFile& out) : m_in(file), m_out(out) {}

  void read() {
    const auto [pairs, tensors] = preamble();
    for (std::uint64_t k = 0; k < pairs; ++k) pair(k);
    refuseTwice(
        m_out.metadata, [](const auto& p) -> const std::string& { return p.first; }, kGgufKeyTwice);
    alignment();
    for (std::uint64_t k = 0; k < tensors; ++k) m_out.tensors.push_back(tensorInfo(k));
    refuseTwice(
        m_out.tensors, [](const GgufTensorInfo& t) -> const std::string& { return t.name; },
        kGgufTensorTwice);
    placeData();
  }

 private:
  [[noreturn]] void fail(Message reason) const { throw FileError(m_out.name, std::move(reason)); }
  [[noreturn]] void failTensor(const std::string& name, const Message& reason) const {
    fail(Message(kGgufTensor, {shown(name), reason}));
  }

  /// Magic, version and the two counts, checked against the bytes that follow.
  std::pair<std::uint64_t, std::uint64_t> preamble() {
    const std::uint64_t size = m_out.fileSize;
    std::byte magic[4]{};
    const auto header = [] { return Message(kGgufWhatHeader); };
    if (size >= 4) m_in.copy(magic, header);
    if (size >= 4 && std::memcmp(magic, "GGUF", 4) != 0)
      fail(Message(kGgufNotGguf,
                   {shown(std::string_view(reinterpret_cast<const char*>(magic), 4))}));
    if (size < kHeaderBytes) fail(Message(kGgufTooShort, {std::to_string(size)}));
    const auto version = static_cast<std::uint32_t>(m_in.number(4, header));
    if (version != 0 && (version & 0xFFFFU) == 0)  // gguf.cpp and gguf_reader.py's test
      fail(Message(kGgufBigEndian, {std::to_string(byteSwapped(version))}));
    if (version == 1) fail(Message(kGgufVersion1));
    if (version != 2 && version != 3) fail(Message(kGgufVersion, {std::to_string(version)}));
    m_out.version = version;
    const std::uint64_t tensors = m_in.number(8, header);
    const std::uint64_t pairs = m_in.number(8, header);
    const std::uint64_t left = m_in.left();
    // Each bounded first, so the sum cannot overflow: a count of 2^62 stops here.
    if (pairs > left / kLeastPairBytes || tensors > left / kLeastTensorBytes ||
        pairs * kLeastPairBytes + tensors * kLeastTensorBytes > left)
      fail(Message(kGgufCounts,
                   {std::to_string(pairs), std::to_string(tensors), std::to_string(left)}));
    return {pairs, tensors};
  }

  void pair(std::uint64_t k) {
    const std::string number = std::to_string(k + 1);
    const auto what = [&] { return Message(kGgufWhatKey, {number}); };
    const std::uint64_t length = m_in.number(8, what);
    if (length == 0) fail(Message(kGgufKeyEmpty, {number}));
    if (length > kMaxKeyBytes) fail(Message(kGgufKeyTooLong, {number, std::to_string(length)}));
    m_in.need(length, what);
    std::string key(static_cast<std::size_t>(length), '\0');
    m_in.copy(std::as_writable_bytes(std::span(key)), what);
    const auto valueWhat = [&] { return Message(kGgufWhatValue, {shown(key)}); };
    const GgufType type = valueType(m_in.number(4, valueWhat), key);
    GgufValue value = type == GgufType::Array ? array(key) : scalar(type, key);
    m_out.metadata.emplace_back(std::move(key), std::move(value));
  }

  GgufType valueType(std::uint64_t id, const std::string& key) const {
    if (id > static_cast<std::uint32_t>(GgufType::Float64))
      fail(Message(kGgufValueType, {shown(key), std::to_string(id)}));
    return static_cast<GgufType>(id);
  }

  GgufValue scalar(GgufType type, const std::string& key) {
    GgufValue v;
    v.type = v.elementType = type;
    readElements(v, key);
    return v;
  }

  GgufValue array(const std::string& key) {
    const auto what = [&] { return Message(kGgufWhatValue, {shown(key)}); };
    GgufValue v;
    v.type = GgufType::Array;
    v.elementType = valueType(m_in.number(4, what), key);
    if (v.elementType == GgufType::Array) fail(Message(kGgufNestedArray, {shown(key)}));
    v.count = m_in.number(8, what);
    const std::size_t least =
        v.elementType == GgufType::String ? 8 : detail::ggufScalarSize(v.elementType);
    if (v.count > m_in.left() / least)
      fail(Message(kGgufArrayTooLong,
                   {shown(key), std::to_string(v.count), std::string(ggufTypeName(v.elementType)),
                    std::to_string(m_in.left())}));
    v.kept = v.count <= kGgufKeptElements;
    if (v.kept) readElements(v, key);
    else skipElements(v, key);
    return v;
  }

  /// The v.count elements of v.elementType, kept.
  void readElements(GgufValue& v, const std::string& key) {
    const auto what = [&] { return Message(kGgufWhatValue, {shown(key)}); };
    const auto n = static_cast<std::size_t>(v.count);
    if (v.elementType == GgufType::String) {
      v.strings.reserve(n);
      for (std::size_t k = 0; k < n; ++k) v.strings.push_back(m_in.string(what));
      return;
    }
    const std::size_t size = detail::ggufScalarSize(v.elementType);
    m_in.need(std::uint64_t{n} * size, what);
    v.bytes.resize(n * size);
    m_in.copy(v.bytes, what);
    if (v.elementType == GgufType::Bool)
      for (const std::byte b : v.bytes)
        if (b != std::byte{0} && b != std::byte{1})
          fail(Message(kGgufBadBool, {shown(key), std::to_string(std::to_integer<int>(b))}));
  }

  /// The same, passed over: numbers in one step, strings by their lengths.
  void skipElements(const GgufValue& v, const std::string& key) {
    const auto what = [&] { return Message(kGgufWhatValue, {shown(key)}); };
    if (v.elementType != GgufType::String) {
      m_in.skip(v.count * detail::ggufScalarSize(v.elementType), what);  // count checked
      return;
    }
    for (std::uint64_t k = 0; k < v.count; ++k) m_in.skip(m_in.number(8, what), what);
  }

  void alignment() {
    const GgufValue* v = m_out.find("general.alignment");
    if (!v) return;  // gguf.md: 32 when absent
    if (v->type != GgufType::UInt32) fail(Message(kGgufAlignmentType, {v->typeText()}));
    const auto a = static_cast<std::uint64_t>(*v->integerAt(0));
    if (a == 0 || (a & (a - 1)) != 0) fail(Message(kGgufAlignmentValue, {std::to_string(a)}));
    m_out.alignment = a;
  }

  GgufTensorInfo tensorInfo(std::uint64_t k) {
    const std::string number = std::to_string(k + 1);
    const auto what = [&] { return Message(kGgufWhatTensor, {number}); };
    const std::uint64_t length = m_in.number(8, what);
    if (length > kMaxNameBytes) fail(Message(kGgufNameTooLong, {number, std::to_string(length)}));
    GgufTensorInfo t;
    t.name.resize(static_cast<std::size_t>(length));
    m_in.copy(std::as_writable_bytes(std::span(t.name)), what);
    const auto dims = static_cast<std::uint32_t>(m_in.number(4, what));
    if (dims > kMaxDims) failTensor(t.name, Message(kGgufTooManyDims, {std::to_string(dims)}));
    for (std::uint32_t d = 0; d < dims; ++d) t.dims.push_back(m_in.number(8, what));
    t.type = static_cast<std::uint32_t>(m_in.number(4, what));
    t.offset = m_in.number(8, what);  // relative to the data section until placeData
    sizeTensor(t);
    return t;
  }

  /// Shape, type name and byte size of `t`, each checked.
  void sizeTensor(GgufTensorInfo& t) const {
    std::string text = "(";
    for (std::size_t d = t.dims.size(); d-- > 0;)
      text += std::to_string(t.dims[d]) + (d ? ", " : "");
    text += ")";
    for (std::size_t d = t.dims.size(); d-- > 0;) {
      if (t.dims[d] > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        failTensor(t.name, Message(detail::kShapeTooLarge, {text}));
      t.shape.push_back(static_cast<std::int64_t>(t.dims[d]));
    }
    const auto elements = detail::elementCount(t.shape);
    if (!elements) failTensor(t.name, Message(detail::kShapeTooLarge, {text}));
    t.typeName = std::string(ggmlTypeName(t.type));
    if (t.typeName.empty()) failTensor(t.name, Message(kGgufUnknownType, {std::to_string(t.type)}));
    const std::uint64_t row = t.dims.empty() ? 1 : t.dims[0];
    if (!ggmlTypeBytes(t.type, row))
      failTensor(t.name, Message(kGgufPartialBlock, {std::to_string(row), t.typeName}));
    const auto bytes = ggmlTypeBytes(t.type, *elements);
    if (!bytes) failTensor(t.name, Message(detail::kShapeTooLarge, {text}));
    t.bytes = *bytes;
  }

  /// The data section after the padding; each tensor's offset made absolute and checked.
  void placeData() {
    const std::uint64_t a = m_out.alignment;
    const std::uint64_t pad = m_out.tensors.empty() ? 0 : (a - m_in.pos() % a) % a;
    m_in.need(pad, [] { return Message(kGgufWhatPadding); });
    m_out.dataStart = m_in.pos() + pad;
    const std::uint64_t room = m_out.fileSize - m_out.dataStart;
    for (GgufTensorInfo& t : m_out.tensors) {
      if (t.offset % a != 0)
        failTensor(t.name,
                   Message(kGgufOffsetAlign, {std::to_string(t.offset), std::to_string(a)}));
      if (t.offset > room || t.bytes > room - t.offset)
        failTensor(t.name,
                   Message(kGgufDataPastEnd, {std::to_string(t.bytes), std::to_string(t.offset),
                                              std::to_string(m_out.fileSize)}));
      t.offset += m_out.dataStart;
    }
    refuseOverlaps();
  }

  void refuseOverlaps() const {
    std::vector<const GgufTensorInfo*> byOffset;
    for (const GgufTensorInfo& t : m_out.tensors)
      if (t.bytes > 0) byOffset.push_back(&t);
    std::sort(byOffset.begin(), byOffset.end(),
              [](const auto* x, const auto* y) { return x->offset < y->offset; });
    for (std::size_t k = 1; k < byOffset.size(); ++k)
      if (byOffset[k]->offset < byOffset[k - 1]->offset + byOffset[k - 1]->bytes)
        fail(Message(kGgufOverlap, {shown(byOffset[k - 1]->name), shown(byOffset[k]->name)}));
  }

  /// Refuses a name given twice among `items` (n log n over pointers).
  template <class T, class Name>
  void refuseTwice(const std::vector<T>& items, Name nameOf, const MessageTemplate& twice) const {
    std::vector<const std::string*> names;
    names.reserve(items.size());
    for (const T& item : items) names.push_back(&nameOf(item));
    std::sort(names.begin(), names.end(), [](const auto* x, const auto* y) { return *x < *y; });
    for (std::size_t k = 1; k < names.size(); ++k)
      if (*names[k] == *names[k - 1]) fail(Message(twice, {shown(*names[k])}));
  }

  Cursor m_in;
  GgufFile& m_out;
};

std::optional<ElementType> readableType(std::uint32_t ggmlType) {
  switch (ggmlType) {
    case 0:
      return ElementType::F32;
    case 1:
      return ElementType::F16;
    case 28:
      return ElementType::F64;
    case 30:
      return ElementType::BF16;
    default:
      return std::nullopt;
  }
}

}  // namespace

GgufFile readGgufHeader(const std::filesystem::path& path) {
  GgufFile out;
  auto file = std::make_shared<const InputFile>(path);
  out.name = file->name();
  out.fileSize = file->size();
  HeaderReader(*file, out).read();
  out.file = std::move(file);
  return out;
}

Array readGgufTensor(const GgufFile& file, std::string_view name) {
  const GgufTensorInfo* t = file.findTensor(name);
  if (!t || !file.file)
    throw FileError(file.name, Message(kGgufNoTensor, {detail::printableUpTo(name, 200),
                                                       std::to_string(file.tensors.size())}));
  const auto type = readableType(t->type);
  if (!type)
    throw FileError(file.name, Message(kGgufTensor,
                                       {shown(t->name), Message(kGgufTypeNotRead, {t->typeName})}));
  Array a;
  a.shape = t->shape;
  a.type = *type;
  const std::uint64_t count = t->bytes / elementSize(*type);
  checkMemory(static_cast<double>(count) * 8.0,
              Message(detail::kTensorRequest,
                      {"'" + shown(name) + "'", shown(file.name), std::to_string(count)}),
              "tensor");
  a.values.resize(static_cast<std::size_t>(count));
  // In bounded chunks, converted as they arrive (tensor_file.cpp does the same).
  const std::size_t size = elementSize(*type);
  const std::size_t perChunk = detail::kReadChunkBytes / size;
  std::vector<std::byte> chunk(std::min<std::size_t>(perChunk, a.values.size()) * size);
  for (std::size_t done = 0; done < a.values.size();) {
    const std::size_t n = std::min(perChunk, a.values.size() - done);
    const std::span<std::byte> part = std::span(chunk).first(n * size);
    file.file->readAt(t->offset + done * size, part);
    detail::convertElements(part.data(), n, *type, false, a.values.data() + done);
    done += n;
  }
  return a;
}

}  // namespace posenc
