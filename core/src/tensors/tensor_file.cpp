// SPDX-License-Identifier: GPL-3.0-or-later
// safetensors files and sharded indexes (tensor_file.hpp), and what every array reader shares:
// FileError and the exact conversions of the float types. Format: huggingface/safetensors,
// README "Format" and safetensors/src/tensor.rs (`Metadata::validate`), which this follows
// for the checks: header length below 100 MB, offsets inside the data, byte counts that match
// the shape, no overlaps.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_map>
#include <utility>

#include "io/json_sax.hpp"
#include "posenc/base/memory_budget.hpp"
#include "posenc/io/input_file.hpp"
#include "posenc/tensors/tensor_file.hpp"
#include "tensors/tensor_file_util.hpp"

namespace posenc {

std::string_view elementTypeName(ElementType type) {
  switch (type) {
    case ElementType::F16:
      return "F16";
    case ElementType::BF16:
      return "BF16";
    case ElementType::F32:
      return "F32";
    case ElementType::F64:
      return "F64";
  }
  return "F64";
}

std::size_t elementSize(ElementType type) {
  switch (type) {
    case ElementType::F16:
    case ElementType::BF16:
      return 2;
    case ElementType::F32:
      return 4;
    case ElementType::F64:
      return 8;
  }
  return 8;
}

double halfToDouble(std::uint16_t bits) {
  const bool negative = (bits & 0x8000U) != 0;
  const int exponent = (bits >> 10) & 0x1f;
  const int mantissa = bits & 0x3ff;
  double magnitude = 0;
  if (exponent == 0) {
    magnitude = std::ldexp(static_cast<double>(mantissa), -24);  // subnormal: m * 2^-24
  } else if (exponent == 31) {
    magnitude = mantissa == 0 ? std::numeric_limits<double>::infinity()
                              : std::numeric_limits<double>::quiet_NaN();
  } else {
    magnitude = std::ldexp(static_cast<double>(mantissa + 1024), exponent - 25);
  }
  return negative ? -magnitude : magnitude;
}

double bfloat16ToDouble(std::uint16_t bits) {
  return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16));
}

namespace detail {

const MessageTemplate kShapeTooLarge{"shape %1 is too large", "%1: an array's shape, e.g. (3, 4)"};
const MessageTemplate kTensorRequest{
    "tensor %1 of %2 (%3 values)",
    "%1: a tensor's name in quotes; %2: a file name; %3: the number of values"};

void convertElements(const std::byte* data, std::size_t count, ElementType type, bool bigEndian,
                     double* out) {
  const std::size_t size = elementSize(type);
  for (std::size_t i = 0; i < count; ++i) {
    unsigned char b[8];
    std::memcpy(b, data + i * size, size);
    if (bigEndian) std::reverse(b, b + size);
    std::uint64_t bits = 0;
    for (std::size_t k = size; k-- > 0;) bits = (bits << 8) | b[k];  // little-endian now
    switch (type) {
      case ElementType::F16:
        out[i] = halfToDouble(static_cast<std::uint16_t>(bits));
        break;
      case ElementType::BF16:
        out[i] = bfloat16ToDouble(static_cast<std::uint16_t>(bits));
        break;
      case ElementType::F32:
        out[i] = static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
        break;
      case ElementType::F64:
        out[i] = std::bit_cast<double>(bits);
        break;
    }
  }
}

std::optional<std::uint64_t> elementCount(const std::vector<std::int64_t>& shape) {
  std::uint64_t count = 1;
  for (const std::int64_t d : shape) {
    if (d < 0) return std::nullopt;
    const auto u = static_cast<std::uint64_t>(d);
    if (u != 0 && count > std::numeric_limits<std::uint64_t>::max() / u / 8) return std::nullopt;
    count *= u;
  }
  return count;
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + ")";
}

}  // namespace detail

// ---- safetensors ---------------------------------------------------------------------------

namespace {

/// Bytes per element of every dtype the safetensors library knows; 0 for an unknown name.
std::size_t safetensorsDtypeSize(std::string_view dtype) {
  static const std::pair<std::string_view, std::size_t> kSizes[] = {
      {"BOOL", 1}, {"U8", 1},  {"I8", 1},  {"F8_E5M2", 1}, {"F8_E4M3", 1},
      {"I16", 2},  {"U16", 2}, {"F16", 2}, {"BF16", 2},    {"I32", 4},
      {"U32", 4},  {"F32", 4}, {"F64", 8}, {"I64", 8},     {"U64", 8}};
  for (const auto& [name, size] : kSizes)
    if (name == dtype) return size;
  return 0;
}

std::optional<ElementType> floatType(std::string_view dtype) {
  if (dtype == "F16") return ElementType::F16;
  if (dtype == "BF16") return ElementType::BF16;
  if (dtype == "F32") return ElementType::F32;
  if (dtype == "F64") return ElementType::F64;
  return std::nullopt;
}

std::string inQuotes(std::string_view s) { return "'" + detail::printableUpTo(s, 200) + "'"; }

/// A name read from the file, as a message shows it (the quotes are the template's).
std::string shownName(std::string_view s) { return detail::printableUpTo(s, 200); }

const MessageTemplate kTensorEntry{"tensor '%1': %2",
                                   "%1: a tensor's name; %2: what is wrong with it"};
const MessageTemplate kNoDtype{"no \"dtype\" string", "of a tensor's header entry"};
const MessageTemplate kNoShape{"no \"shape\" array", "of a tensor's header entry"};
const MessageTemplate kShapeNotWhole{"\"shape\" holds something other than whole numbers >= 0"};
const MessageTemplate kNoOffsets{"no \"data_offsets\" pair [begin, end]",
                                 "of a tensor's header entry"};
const MessageTemplate kOffsetsOrder{"\"data_offsets\" is not [begin, end] with begin <= end"};
const MessageTemplate kDataPastEnd{
    "its data ends at byte %1 but the data section has %2 bytes (a truncated file?)",
    "%1: a byte offset; %2: a number of bytes"};
const MessageTemplate kShapeBytes{"shape %1 of %2 needs %3 bytes, its offsets give %4",
                                  "%1: a shape, e.g. (3, 4); %2: a dtype, e.g. F32; %3, %4: "
                                  "numbers of bytes"};
const MessageTemplate kEntryNotObject{"its header entry is not an object"};
const MessageTemplate kMetadataNotObject{"\"__metadata__\" is not an object of strings"};
const MessageTemplate kMetadataValue{"\"__metadata__\" value of '%1' is not a string",
                                     "%1: a key of the metadata"};
const MessageTemplate kTooShort{
    "too short for a safetensors file (%1 bytes; the header length alone takes 8)",
    "%1: the file's size in bytes"};
const MessageTemplate kHeaderTooLong{
    "not a safetensors file: its header length %1 is above the 100 MB the format allows",
    "%1: a number of bytes"};
const MessageTemplate kHeaderTruncated{
    "not a safetensors file, or truncated: the header claims %1 bytes, the file has %2 after "
    "the length",
    "%1, %2: numbers of bytes"};
const MessageTemplate kHeaderNotObject{"not a safetensors file: the header is not a JSON object"};
const MessageTemplate kTensorsOverlap{"tensors '%1' and '%2' overlap in the data section",
                                      "%1, %2: tensor names"};
const MessageTemplate kTensorListedTwice{"tensor '%1' is listed twice", "%1: a tensor name"};
const MessageTemplate kNoTensorNone{"no tensor '%1' (the file holds none)", "%1: a tensor name"};
const MessageTemplate kNoTensorHolds{"no tensor '%1' (it holds %2)",
                                     "%1: a tensor name; %2: the names it holds, comma-separated"};
const MessageTemplate kNoTensorHoldsMore{
    "no tensor '%1' (it holds %2, ... (%3 in all))",
    "%1: a tensor name; %2: the first names it holds, comma-separated; %3: how many it holds"};
const MessageTemplate kDtypeNotFloat{
    "dtype %1 is not a float type (F16, BF16, F32 or F64 can be read)",
    "%1: a safetensors dtype, e.g. I64"};
const MessageTemplate kIndexNotObject{"not a safetensors index: not a JSON object"};
const MessageTemplate kIndexNoWeightMap{"not a safetensors index: no \"weight_map\" object"};
const MessageTemplate kShardNotString{"weight_map: the shard of '%1' is not a string",
                                      "%1: a tensor name"};
const MessageTemplate kShardNotPlain{
    "weight_map: shard '%1' of '%2' is not a plain file name in the index's folder",
    "%1: a shard's file name; %2: a tensor name"};
const MessageTemplate kTooManyShards{
    "names %1 shards; at most %2 are read (the largest published checkpoints have a few "
    "hundred)",
    "%1: a number of shards; %2: the most read"};
const MessageTemplate kIndexListedTwice{
    "weight_map: tensor '%1' is listed twice, in shards '%2' and '%3'",
    "%1: a tensor name; %2, %3: shard file names"};
const MessageTemplate kASafetensorsIndex{"a safetensors index",
                                         "what a file is, in 'too large for %2'"};

/// One header entry as its events arrive: what each of its three fields held.
struct EntryFields {
  std::optional<std::string> dtype{};  ///< Set when "dtype" is a string.
  bool shapeIsArray = false;
  bool shapeBad = false;  ///< "shape" holds something other than whole numbers.
  std::vector<std::int64_t> shape{};
  bool offsetsIsArray = false;
  std::size_t offsetCount = 0;
  std::optional<std::uint64_t> offsets[2]{};
};

/// The checks of readEntry, in its order, on an entry read as events.
TensorEntry checkedEntry(const std::string& file, std::string name, EntryFields& f,
                         std::uint64_t dataSize) {
  const auto bad = [&](const Message& what) -> FileError {
    return FileError(file, Message(kTensorEntry, {shownName(name), what}));
  };
  if (!f.dtype) throw bad(Message(kNoDtype));
  if (!f.shapeIsArray) throw bad(Message(kNoShape));
  if (f.shapeBad) throw bad(Message(kShapeNotWhole));
  if (!f.offsetsIsArray || f.offsetCount != 2) throw bad(Message(kNoOffsets));
  const auto begin = f.offsets[0];
  const auto end = f.offsets[1];
  if (!begin || !end || *begin > *end) throw bad(Message(kOffsetsOrder));
  if (*end > dataSize)
    throw bad(Message(kDataPastEnd, {std::to_string(*end), std::to_string(dataSize)}));
  TensorEntry e;
  e.dtype = std::move(*f.dtype);
  e.shape = std::move(f.shape);
  e.begin = *begin;
  e.end = *end;
  const auto count = detail::elementCount(e.shape);
  if (!count) throw bad(Message(detail::kShapeTooLarge, {detail::shapeText(e.shape)}));
  const std::size_t size = safetensorsDtypeSize(e.dtype);
  if (size != 0 && *count * size != e.end - e.begin)
    throw bad(
        Message(kShapeBytes, {detail::shapeText(e.shape), e.dtype, std::to_string(*count * size),
                              std::to_string(e.end - e.begin)}));
  e.name = std::move(name);
  return e;
}

/// A safetensors header as events, its entries built as they arrive (the document tree took
/// about 40 times the header). The first problem is kept and thrown once the header is known
/// to be JSON, as before.
struct HeaderEvents : detail::JsonSaxBase {
  enum class Field { None, Dtype, Shape, Offsets };
  const std::string& file;
  std::uint64_t dataSize = 0;
  std::vector<TensorEntry>& tensors;
  std::map<std::string, std::string>& metadata;
  bool topIsObject = false;
  std::string name{};   ///< The key open at depth 1.
  std::string field{};  ///< The key open at depth 2.
  bool inMetadata = false;
  bool inEntry = false;
  Field at = Field::None;
  EntryFields entry{};
  std::optional<FileError> problem{};

  HeaderEvents(const std::string& f, std::uint64_t size, std::vector<TensorEntry>& t,
               std::map<std::string, std::string>& m)
      : file(f), dataSize(size), tensors(t), metadata(m) {}

  void fail(const Message& reason) {
    if (!problem) problem.emplace(file, reason);
  }
  void metadataNotObject() { fail(Message(kMetadataNotObject)); }
  void metadataValueNotString() { fail(Message(kMetadataValue, {shownName(field)})); }
  void entryNotObject() {
    fail(Message(kTensorEntry, {shownName(name), Message(kEntryNotObject)}));
  }

  /// A whole number >= 0 (or not) at depth 3, inside "shape" or "data_offsets".
  void element(std::optional<std::uint64_t> v) {
    if (at == Field::Shape) {
      if (!v || *v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        entry.shapeBad = true;
      else entry.shape.push_back(static_cast<std::int64_t>(*v));
    } else if (at == Field::Offsets) {
      if (entry.offsetCount < 2) entry.offsets[entry.offsetCount] = v;
      ++entry.offsetCount;
    }
  }
  /// A value that is not an object or array, with `v` its whole number if it is one.
  bool scalar(std::optional<std::uint64_t> v, const std::string* text = nullptr) {
    if (depth == 1) {
      if (name == "__metadata__") metadataNotObject();
      else entryNotObject();
    } else if (depth == 2 && inMetadata) {
      if (text) metadata[field] = *text;
      else metadataValueNotString();
    } else if (depth == 2 && inEntry) {
      if (at == Field::Dtype && text) entry.dtype = *text;
    } else if (depth == 3 && inEntry) {
      element(v);
    }
    return true;
  }
  bool null() override { return scalar(std::nullopt); }
  bool boolean(bool) override { return scalar(std::nullopt); }
  bool number_integer(number_integer_t n) override {
    return scalar(n >= 0 ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(n))
                         : std::nullopt);
  }
  bool number_unsigned(number_unsigned_t n) override { return scalar(n); }
  bool number_float(number_float_t, const string_t&) override { return scalar(std::nullopt); }
  bool string(string_t& s) override { return scalar(std::nullopt, &s); }

  bool key(string_t& k) override {
    if (depth == 1) name = k;
    if (depth == 2) {
      field = k;
      if (inEntry) {
        at = k == "dtype"          ? Field::Dtype
             : k == "shape"        ? Field::Shape
             : k == "data_offsets" ? Field::Offsets
                                   : Field::None;
        // A field given twice: the last one counts, as in a JSON object.
        if (at == Field::Dtype) entry.dtype.reset();
        if (at == Field::Shape) {
          entry.shapeIsArray = entry.shapeBad = false;
          entry.shape.clear();
        }
        if (at == Field::Offsets) {
          entry.offsetsIsArray = false;
          entry.offsetCount = 0;
          entry.offsets[0] = entry.offsets[1] = std::nullopt;
        }
      }
    }
    return true;
  }
  bool start_container(bool isObject) {
    if (depth == 0) {
      topIsObject = isObject;
    } else if (depth == 1) {
      if (name == "__metadata__") {
        inMetadata = isObject;
        if (!isObject) metadataNotObject();
      } else if (isObject) {
        inEntry = true;
        entry = EntryFields{};
        at = Field::None;
      } else {
        entryNotObject();
      }
    } else if (depth == 2 && inMetadata) {
      metadataValueNotString();
    } else if (depth == 2 && inEntry && !isObject) {
      if (at == Field::Shape) entry.shapeIsArray = true;
      if (at == Field::Offsets) entry.offsetsIsArray = true;
    } else if (depth == 3 && inEntry) {
      element(std::nullopt);
    }
    ++depth;
    return true;
  }
  bool start_object(std::size_t) override { return start_container(true); }
  bool start_array(std::size_t) override { return start_container(false); }
  bool end_container() {
    --depth;
    if (depth == 1 && inEntry) {
      inEntry = false;
      if (!problem) {
        try {
          tensors.push_back(checkedEntry(file, name, entry, dataSize));
        } catch (const FileError& e) {
          problem = e;
        }
      }
    } else if (depth == 1) {
      inMetadata = false;
    }
    return true;
  }
  bool end_object() override { return end_container(); }
  bool end_array() override { return end_container(); }
};

}  // namespace

struct SafetensorsFile::Impl {
  std::optional<InputFile> file{};    ///< Unset when reading bytes given in memory.
  std::uint64_t dataStart = 0;        ///< Where the data section starts in `file`.
  std::uint64_t dataSize = 0;         ///< Bytes of the data section (in `file` or `data`).
  std::span<const std::byte> data{};  ///< The data section, for bytes given in memory.
  std::string name{};
  std::vector<TensorEntry> tensors{};
  std::map<std::string, std::string> metadata{};

  void parse(std::span<const std::byte> bytes) {
    if (bytes.size() < 8) throw FileError(name, Message(kTooShort, {std::to_string(bytes.size())}));
    std::uint64_t headerSize = 0;
    for (int k = 7; k >= 0; --k)
      headerSize =
          (headerSize << 8) | std::to_integer<std::uint64_t>(bytes[static_cast<std::size_t>(k)]);
    if (headerSize > kMaxSafetensorsHeader)
      throw FileError(name, Message(kHeaderTooLong, {std::to_string(headerSize)}));
    if (headerSize > bytes.size() - 8)
      throw FileError(name, Message(kHeaderTruncated, {std::to_string(headerSize),
                                                       std::to_string(bytes.size() - 8)}));
    const auto* text = reinterpret_cast<const char*>(bytes.data() + 8);
    data = bytes.subspan(8 + headerSize);
    if (!file) dataSize = data.size();
    HeaderEvents events(name, dataSize, tensors, metadata);
    if (!detail::parseJsonEvents(text, text + headerSize, events) || !events.topIsObject)
      throw FileError(name, Message(kHeaderNotObject));
    if (events.problem) throw FileError(events.problem->file(), events.problem->reasonMessage());
    refuseDuplicateNames();
    std::sort(tensors.begin(), tensors.end(), [](const TensorEntry& a, const TensorEntry& b) {
      return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    for (std::size_t i = 1; i < tensors.size(); ++i)
      if (tensors[i].begin < tensors[i - 1].end)
        throw FileError(name, Message(kTensorsOverlap, {shownName(tensors[i - 1].name),
                                                        shownName(tensors[i].name)}));
  }

  /// A name listed twice would leave one of its two entries unreadable (a JSON object keeps
  /// the last): refused, naming it. n log n over pointers to the entries.
  void refuseDuplicateNames() const {
    std::vector<const TensorEntry*> byName;
    byName.reserve(tensors.size());
    for (const TensorEntry& e : tensors) byName.push_back(&e);
    std::sort(byName.begin(), byName.end(),
              [](const TensorEntry* a, const TensorEntry* b) { return a->name < b->name; });
    for (std::size_t i = 1; i < byName.size(); ++i)
      if (byName[i]->name == byName[i - 1]->name)
        throw FileError(name, Message(kTensorListedTwice, {shownName(byName[i]->name)}));
  }
};

SafetensorsFile::SafetensorsFile(const std::filesystem::path& path)
    : m_impl(std::make_unique<Impl>()) {
  Impl& impl = *m_impl;
  impl.file.emplace(path);
  impl.name = path.string();
  // The length and the header, read before the header is parsed; the data stays on disk and
  // is read tensor by tensor (read()).
  const std::uint64_t size = impl.file->size();
  std::vector<std::byte> head(static_cast<std::size_t>(std::min<std::uint64_t>(size, 8)));
  impl.file->readAt(0, head);
  std::uint64_t headerSize = 0;
  if (head.size() == 8) {
    for (int k = 7; k >= 0; --k)
      headerSize =
          (headerSize << 8) | std::to_integer<std::uint64_t>(head[static_cast<std::size_t>(k)]);
    if (headerSize <= kMaxSafetensorsHeader && headerSize <= size - 8) {
      head.resize(static_cast<std::size_t>(8 + headerSize));
      impl.file->readAt(8, std::span(head).subspan(8));
      impl.dataStart = 8 + headerSize;
      impl.dataSize = size - impl.dataStart;
    }
  }
  if (impl.dataStart == 0 && head.size() == 8 && headerSize <= kMaxSafetensorsHeader)
    throw FileError(impl.name, Message(kHeaderTruncated,
                                       {std::to_string(headerSize), std::to_string(size - 8)}));
  impl.parse(head);  // a file too short or a length over the limit: parse refuses it
}

SafetensorsFile::SafetensorsFile(std::span<const std::byte> bytes, std::string name)
    : m_impl(std::make_unique<Impl>()) {
  m_impl->name = std::move(name);
  m_impl->parse(bytes);
}

SafetensorsFile::~SafetensorsFile() = default;
SafetensorsFile::SafetensorsFile(SafetensorsFile&&) noexcept = default;
SafetensorsFile& SafetensorsFile::operator=(SafetensorsFile&&) noexcept = default;

const std::vector<TensorEntry>& SafetensorsFile::tensors() const { return m_impl->tensors; }

const std::map<std::string, std::string>& SafetensorsFile::metadata() const {
  return m_impl->metadata;
}

const std::string& SafetensorsFile::name() const { return m_impl->name; }

const TensorEntry* SafetensorsFile::find(std::string_view name) const {
  for (const TensorEntry& e : m_impl->tensors)
    if (e.name == name) return &e;
  return nullptr;
}

Array SafetensorsFile::read(std::string_view name) const {
  const TensorEntry* e = find(name);
  if (!e) {
    std::string known;
    const std::size_t listed = std::min<std::size_t>(m_impl->tensors.size(), 12);
    for (std::size_t i = 0; i < listed; ++i) known += (i ? ", " : "") + m_impl->tensors[i].name;
    if (known.empty()) throw FileError(m_impl->name, Message(kNoTensorNone, {shownName(name)}));
    if (m_impl->tensors.size() > listed)
      throw FileError(m_impl->name,
                      Message(kNoTensorHoldsMore,
                              {shownName(name), known, std::to_string(m_impl->tensors.size())}));
    throw FileError(m_impl->name, Message(kNoTensorHolds, {shownName(name), known}));
  }
  const auto type = floatType(e->dtype);
  if (!type)
    throw FileError(m_impl->name,
                    Message(kTensorEntry,
                            {shownName(name), Message(kDtypeNotFloat, {shownName(e->dtype)})}));
  Array a;
  a.shape = e->shape;
  a.type = *type;
  const std::uint64_t count = (e->end - e->begin) / elementSize(*type);
  checkMemory(static_cast<double>(count) * 8.0,
              Message(detail::kTensorRequest,
                      {inQuotes(name), detail::printableUpTo(m_impl->name, 200),
                       std::to_string(count)}),
              "tensor");
  a.values.resize(static_cast<std::size_t>(count));
  if (!m_impl->file) {
    detail::convertElements(m_impl->data.data() + e->begin, a.values.size(), *type, false,
                            a.values.data());
    return a;
  }
  // From the file in bounded chunks, converted as they arrive (pread, never a map: a file
  // cut short meanwhile is a FileError, not SIGBUS).
  const std::size_t size = elementSize(*type);
  const std::size_t perChunk = detail::kReadChunkBytes / size;
  std::vector<std::byte> chunk(std::min<std::size_t>(perChunk, a.values.size()) * size);
  for (std::size_t done = 0; done < a.values.size();) {
    const std::size_t n = std::min(perChunk, a.values.size() - done);
    const std::span<std::byte> part = std::span(chunk).first(n * size);
    m_impl->file->readAt(m_impl->dataStart + e->begin + done * size, part);
    detail::convertElements(part.data(), n, *type, false, a.values.data() + done);
    done += n;
  }
  return a;
}

// ---- sharded index -------------------------------------------------------------------------

namespace {

/// The weight map as events: each tensor's name and the number of its shard, the shards each
/// once (a hash map from name to number: linear in the index, where a search of the list per
/// tensor was quadratic). The first problem found is kept and thrown once the text is known
/// to be JSON, as the document tree did.
struct IndexEvents : detail::JsonSaxBase {
  std::vector<std::pair<std::string, std::size_t>> tensors{};
  std::vector<std::string> shards{};
  std::unordered_map<std::string, std::size_t> shardNumber{};
  bool topIsObject = false;
  bool sawWeightMap = false;
  bool inWeightMap = false;  ///< The weight_map object is the one open at depth 2.
  bool atWeightMapKey = false;
  std::string key_{};
  std::optional<Message> problem{};

  bool start_object(std::size_t n) override {
    if (depth == 0) topIsObject = true;
    if (depth == 1 && atWeightMapKey) {
      inWeightMap = true;
      sawWeightMap = true;
    } else if (depth == 2 && inWeightMap) {
      notAString();
    }
    atWeightMapKey = false;
    return JsonSaxBase::start_object(n);
  }
  bool end_object() override {
    if (depth == 2) inWeightMap = false;
    return JsonSaxBase::end_object();
  }
  bool start_array(std::size_t n) override {
    if (depth == 2 && inWeightMap) notAString();
    atWeightMapKey = false;
    return JsonSaxBase::start_array(n);
  }
  bool key(string_t& k) override {
    if (depth == 1) atWeightMapKey = k == "weight_map";
    if (depth == 2 && inWeightMap) key_ = k;
    return true;
  }
  bool string(string_t& s) override {
    if (depth == 2 && inWeightMap) add(s);
    atWeightMapKey = false;
    return true;
  }
  bool null() override { return scalar(); }
  bool boolean(bool) override { return scalar(); }
  bool number_integer(number_integer_t) override { return scalar(); }
  bool number_unsigned(number_unsigned_t) override { return scalar(); }
  bool number_float(number_float_t, const string_t&) override { return scalar(); }

  bool scalar() {
    if (depth == 2 && inWeightMap) notAString();
    atWeightMapKey = false;
    return true;
  }
  void notAString() {
    if (!problem) problem = Message(kShardNotString, {shownName(key_)});
  }
  void add(const std::string& file) {
    if (problem) return;
    if (file.empty() || file == "." || file == ".." ||
        file.find_first_of(std::string_view("/\\\0", 3)) != std::string::npos) {
      problem = Message(kShardNotPlain, {shownName(file), shownName(key_)});
      return;
    }
    const auto [it, added] = shardNumber.try_emplace(file, shards.size());
    if (added) shards.push_back(file);
    tensors.emplace_back(std::move(key_), it->second);
  }
};

}  // namespace

const std::filesystem::path* SafetensorsIndex::find(std::string_view tensor) const {
  const auto it = std::lower_bound(tensors.begin(), tensors.end(), tensor,
                                   [](const auto& e, std::string_view t) { return e.first < t; });
  return it != tensors.end() && it->first == tensor ? &shards[it->second] : nullptr;
}

SafetensorsIndex parseSafetensorsIndex(std::string_view text, const std::filesystem::path& dir,
                                       const std::string& name) {
  IndexEvents events;
  if (!detail::parseJsonEvents(text.data(), text.data() + text.size(), events) ||
      !events.topIsObject)
    throw FileError(name, Message(kIndexNotObject));
  if (!events.sawWeightMap) throw FileError(name, Message(kIndexNoWeightMap));
  if (events.problem) throw FileError(name, *events.problem);
  if (events.shards.size() > kMaxIndexShards)
    throw FileError(name, Message(kTooManyShards, {std::to_string(events.shards.size()),
                                                   std::to_string(kMaxIndexShards)}));
  SafetensorsIndex out;
  out.tensors = std::move(events.tensors);
  std::sort(out.tensors.begin(), out.tensors.end());
  // A name listed twice: the same shard is harmless, two shards are two different tensors.
  for (std::size_t i = 1; i < out.tensors.size(); ++i)
    if (out.tensors[i].first == out.tensors[i - 1].first &&
        out.tensors[i].second != out.tensors[i - 1].second)
      throw FileError(name, Message(kIndexListedTwice,
                                    {shownName(out.tensors[i].first),
                                     shownName(events.shards[out.tensors[i - 1].second]),
                                     shownName(events.shards[out.tensors[i].second])}));
  out.tensors.erase(std::unique(out.tensors.begin(), out.tensors.end()), out.tensors.end());
  out.shards.reserve(events.shards.size());
  for (const std::string& shard : events.shards) out.shards.push_back(dir / shard);
  return out;
}

SafetensorsIndex readSafetensorsIndex(const std::filesystem::path& path) {
  const std::string text =
      readWholeFile(path, std::uint64_t{64} << 20, Message(kASafetensorsIndex));
  return parseSafetensorsIndex(text, path.parent_path(), path.string());
}

}  // namespace posenc
