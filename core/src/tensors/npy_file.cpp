// SPDX-License-Identifier: GPL-3.0-or-later
// NumPy .npy and .npz readers (tensor_file.hpp). The .npy format follows numpy's
// numpy/lib/format.py (`read_magic`, `_read_array_header`: magic "\x93NUMPY", versions 1.0 to
// 3.0, a Python dict literal with exactly 'descr', 'fortran_order' and 'shape'); .npz is a zip
// of NAME.npy members (numpy/lib/npyio.py `savez`), read through Debian's libzip.
#include <zip.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>

#include "posenc/base/memory_budget.hpp"
#include "posenc/io/input_file.hpp"
#include "posenc/tensors/tensor_file.hpp"
#include "tensors/tensor_file_util.hpp"

namespace posenc {

namespace {

const MessageTemplate kArrayRequest{
    "array %1 (%2, %3 values)",
    "%1: an array's name; %2: its shape, e.g. (3, 4); %3: the number of values"};

using detail::printableUpTo;

const MessageTemplate kNpyHeaderBad{"not a valid .npy header: %1",
                                    "%1: what is wrong with the header"};
const MessageTemplate kDescrList{"'descr' is a list: structured arrays cannot be read"};
const MessageTemplate kUnexpectedKey{"unexpected or repeated key '%1' in the header",
                                     "%1: a key of a .npy header"};
const MessageTemplate kTextAfterBrace{"text after the header's closing brace"};
const MessageTemplate kHeaderNeeds{"the header needs 'descr', 'fortran_order' and 'shape'"};
const MessageTemplate kExpectedChar{"expected '%1'", "%1: a punctuation character"};
const MessageTemplate kExpectedString{"expected a quoted string"};
const MessageTemplate kStringNotClosed{"a string is not closed"};
const MessageTemplate kFortranOrder{"'fortran_order' is not True or False"};
const MessageTemplate kDimTooLarge{"a dimension of 'shape' is too large"};
const MessageTemplate kShapeNotTuple{"'shape' is not a tuple of whole numbers"};
const MessageTemplate kShapeDims{"'shape' has more than 32 dimensions"};
const MessageTemplate kHeaderClaims{"it claims %1 bytes (1 MiB at most)",
                                    "of a .npy header; %1: a number of bytes"};
const MessageTemplate kNpyDtype{
    "dtype '%1' is not a float type (float16, float32 or float64, either byte order, can be "
    "read)",
    "%1: a numpy dtype, e.g. <i8"};
const MessageTemplate kNoMagic{"not a .npy file (no \\x93NUMPY magic)"};
const MessageTemplate kNpyVersion{".npy format version %1.%2 is not one of 1.0, 2.0, 3.0",
                                  "%1.%2: the version's major and minor numbers"};
const MessageTemplate kTruncatedHeader{"truncated .npy header"};
const MessageTemplate kDataSize{"shape %1 of %2 needs %3 bytes of data, the file has %4",
                                "%1: a shape, e.g. (3, 4); %2: a numpy dtype, e.g. <f4; %3, %4: "
                                "numbers of bytes"};
const MessageTemplate kDataSizeTruncated{
    "shape %1 of %2 needs %3 bytes of data, the file has %4 (truncated?)",
    "%1: a shape, e.g. (3, 4); %2: a numpy dtype, e.g. <f4; %3, %4: numbers of bytes"};
const MessageTemplate kDataSizeMore{
    "shape %1 of %2 needs %3 bytes of data, the file has more than %4",
    "%1: a shape, e.g. (3, 4); %2: a numpy dtype, e.g. <f4; %3, %4: numbers of bytes"};
const MessageTemplate kTruncatedNpy{"truncated .npy file: the header claims %1 bytes",
                                    "%1: a number of bytes"};
const MessageTemplate kNotZipReadable{"cannot be read as a zip: %1",
                                      "%1: libzip's description of the error"};
const MessageTemplate kNotNpz{"not an .npz (zip) file: %1",
                              "%1: libzip's description of the error"};
const MessageTemplate kMemberCannotRead{
    "array '%1' cannot be read: %2", "%1: an array's name; %2: libzip's description of the error"};
const MessageTemplate kMemberDamaged{"array '%1' is damaged: %2",
                                     "%1: an array's name; %2: what is wrong (libzip's words or "
                                     "a file error)"};
const MessageTemplate kMemberTooBig{"array '%1' expands to more than %2 bytes",
                                    "%1: an array's name; %2: a number of bytes"};
const MessageTemplate kNoArrayNone{"no array '%1' (it holds no arrays)", "%1: an array's name"};
const MessageTemplate kNoArrayHolds{"no array '%1' (it holds %2)",
                                    "%1: an array's name; %2: the names it holds, comma-separated"};
const MessageTemplate kNoArrayHoldsMore{
    "no array '%1' (it holds %2, ... (%3 in all))",
    "%1: an array's name; %2: the first names it holds, comma-separated; %3: how many it holds"};

/// The header dict of a .npy file: {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }.
struct NpyHeader {
  std::string descr{};
  bool fortranOrder = false;
  std::vector<std::int64_t> shape{};
};

/// A recursive-descent reader of the one dict literal numpy writes (no nesting beyond the
/// shape tuple, so no recursion depth to bound).
class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::string& file) : m_text(text), m_file(file) {}

  NpyHeader parse() {
    NpyHeader h;
    bool seenDescr = false, seenOrder = false, seenShape = false;
    expect('{');
    while (!peekIs('}')) {
      const std::string key = readString();
      expect(':');
      if (key == "descr" && !seenDescr) {
        if (peekIs('[')) fail(Message(kDescrList));
        h.descr = readString();
        seenDescr = true;
      } else if (key == "fortran_order" && !seenOrder) {
        h.fortranOrder = readBool();
        seenOrder = true;
      } else if (key == "shape" && !seenShape) {
        h.shape = readShape();
        seenShape = true;
      } else {
        fail(Message(kUnexpectedKey, {printableUpTo(key, 200)}));
      }
      if (!peekIs(',')) break;
      ++m_pos;
    }
    expect('}');
    skipBlanks();
    if (m_pos != m_text.size()) fail(Message(kTextAfterBrace));
    if (!seenDescr || !seenOrder || !seenShape) fail(Message(kHeaderNeeds));
    return h;
  }

 private:
  [[noreturn]] void fail(const Message& what) const {
    throw FileError(m_file, Message(kNpyHeaderBad, {what}));
  }
  void skipBlanks() {
    while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
      ++m_pos;
  }
  bool peekIs(char c) {
    skipBlanks();
    return m_pos < m_text.size() && m_text[m_pos] == c;
  }
  void expect(char c) {
    if (!peekIs(c)) fail(Message(kExpectedChar, {std::string(1, c)}));
    ++m_pos;
  }
  std::string readString() {
    skipBlanks();
    if (m_pos >= m_text.size() || (m_text[m_pos] != '\'' && m_text[m_pos] != '"'))
      fail(Message(kExpectedString));
    const char quote = m_text[m_pos++];
    const std::size_t end = m_text.find(quote, m_pos);
    if (end == std::string_view::npos) fail(Message(kStringNotClosed));
    std::string s(m_text.substr(m_pos, end - m_pos));
    m_pos = end + 1;
    return s;
  }
  bool readBool() {
    skipBlanks();
    for (const auto& [word, value] : {std::pair{"True", true}, std::pair{"False", false}}) {
      const std::string_view w(word);
      if (m_text.substr(m_pos, w.size()) == w) {
        m_pos += w.size();
        return value;
      }
    }
    fail(Message(kFortranOrder));
  }
  std::vector<std::int64_t> readShape() {
    expect('(');
    std::vector<std::int64_t> shape;
    while (!peekIs(')')) {
      std::int64_t d = 0;
      bool digits = false;
      while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
        const int digit = m_text[m_pos++] - '0';
        if (d > (std::numeric_limits<std::int64_t>::max() - digit) / 10)
          fail(Message(kDimTooLarge));
        d = d * 10 + digit;
        digits = true;
      }
      if (m_pos < m_text.size() && m_text[m_pos] == 'L') ++m_pos;  // Python 2's long suffix
      if (!digits) fail(Message(kShapeNotTuple));
      if (shape.size() >= 32) fail(Message(kShapeDims));
      shape.push_back(d);
      if (!peekIs(',')) break;
      ++m_pos;
    }
    expect(')');
    return shape;
  }

  std::string_view m_text;
  const std::string& m_file;
  std::size_t m_pos = 0;
};

/// The element type and byte order of a descr ('<f4', '>f8', '=f2', '|f2' is refused).
std::pair<ElementType, bool> npyType(const std::string& descr, const std::string& file) {
  if (descr.size() == 3 && (descr[0] == '<' || descr[0] == '>' || descr[0] == '=') &&
      descr[1] == 'f') {
    const bool big = descr[0] == '>';
    if (descr[2] == '2') return {ElementType::F16, big};
    if (descr[2] == '4') return {ElementType::F32, big};
    if (descr[2] == '8') return {ElementType::F64, big};
  }
  throw FileError(file, Message(kNpyDtype, {printableUpTo(descr, 40)}));
}

/// Values stored in Fortran order (first index fastest) rearranged into C order.
std::vector<double> fortranToC(const std::vector<double>& f,
                               const std::vector<std::int64_t>& shape) {
  const std::size_t n = shape.size();
  if (n < 2 || f.empty()) return f;
  std::vector<std::size_t> cStride(n, 1);
  for (std::size_t k = n - 1; k-- > 0;)
    cStride[k] = cStride[k + 1] * static_cast<std::size_t>(shape[k + 1]);
  std::vector<double> c(f.size());
  std::vector<std::int64_t> index(n, 0);
  std::size_t cFlat = 0;
  for (const double v : f) {
    c[cFlat] = v;
    for (std::size_t k = 0; k < n; ++k) {  // next multi-index, first index fastest
      ++index[k];
      cFlat += cStride[k];
      if (index[k] < shape[k]) break;
      cFlat -= cStride[k] * static_cast<std::size_t>(shape[k]);
      index[k] = 0;
    }
  }
  return c;
}

std::uint32_t littleEndian(std::span<const std::byte> b, std::size_t at, std::size_t bytes) {
  std::uint32_t v = 0;
  for (std::size_t k = bytes; k-- > 0;) v = (v << 8) | std::to_integer<std::uint32_t>(b[at + k]);
  return v;
}

}  // namespace

namespace {

/// Bytes from the file's start to the end of its header (magic, version, length, dict), from
/// `head`, its first bytes (at least 12 when the file has them).
std::size_t npyHeaderEnd(std::span<const std::byte> head, const std::string& name) {
  static constexpr unsigned char kMagic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (head.size() < 10 || std::memcmp(head.data(), kMagic, sizeof kMagic) != 0)
    throw FileError(name, Message(kNoMagic));
  const auto major = std::to_integer<int>(head[6]);
  if (major < 1 || major > 3)
    throw FileError(name, Message(kNpyVersion, {std::to_string(major),
                                                std::to_string(std::to_integer<int>(head[7]))}));
  const std::size_t lengthBytes = major == 1 ? 2 : 4;
  if (head.size() < 8 + lengthBytes) throw FileError(name, Message(kTruncatedHeader));
  return 8 + lengthBytes + littleEndian(head, 8, lengthBytes);
}

/// What a .npy header says of its data.
struct NpyLayout {
  NpyHeader header{};
  ElementType type = ElementType::F64;
  bool big = false;
  std::uint64_t count = 0;      ///< Values.
  std::uint64_t dataBytes = 0;  ///< count x element size.
};

/// The layout from `head`, the file's bytes up to npyHeaderEnd(head).
NpyLayout npyLayout(std::span<const std::byte> head, const std::string& name) {
  const std::size_t lengthBytes = std::to_integer<int>(head[6]) == 1 ? 2 : 4;
  const std::string_view text(reinterpret_cast<const char*>(head.data()) + 8 + lengthBytes,
                              head.size() - 8 - lengthBytes);
  NpyLayout l;
  l.header = HeaderParser(text, name).parse();
  std::tie(l.type, l.big) = npyType(l.header.descr, name);
  const auto count = detail::elementCount(l.header.shape);
  if (!count)
    throw FileError(name, Message(detail::kShapeTooLarge, {detail::shapeText(l.header.shape)}));
  l.count = *count;
  l.dataBytes = *count * elementSize(l.type);
  return l;
}

/// `have`: the bytes of data there are; `more`: there are more than `have` (a stream
/// stopped as soon as it passed what the header says).
FileError dataSizeError(const NpyLayout& l, const std::string& name, std::uint64_t have,
                        bool more = false) {
  const std::uint64_t need = l.dataBytes;
  const MessageTemplate& sentence = more          ? kDataSizeMore
                                    : have < need ? kDataSizeTruncated
                                                  : kDataSize;
  return FileError(name, Message(sentence, {detail::shapeText(l.header.shape), l.header.descr,
                                            std::to_string(need), std::to_string(have)}));
}

/// The values' array, refused before it is allocated when over the memory budget.
Array allocate(const NpyLayout& l, const std::string& name) {
  checkMemory(static_cast<double>(l.count) * 8.0,
              Message(kArrayRequest, {printableUpTo(name, 200), detail::shapeText(l.header.shape),
                                      std::to_string(l.count)}),
              "array");
  Array a;
  a.shape = l.header.shape;
  a.type = l.type;
  a.values.resize(static_cast<std::size_t>(l.count));
  return a;
}

/// Reads the values from `read(buffer)` (which fills at most the buffer and returns how many
/// bytes it gave, 0 at the end) in bounded chunks, converting them as they arrive: exactly
/// l.dataBytes bytes, refused as soon as one byte more or the end comes early.
template <class Read>
void readValues(const NpyLayout& l, const std::string& name, Array& a, Read&& read) {
  const std::size_t size = elementSize(l.type);
  const std::size_t perChunk = detail::kReadChunkBytes / size;
  std::vector<std::byte> chunk((std::min<std::uint64_t>(perChunk, l.count) + 1) *
                               size);  // + 1: room to see a byte more
  std::uint64_t have = 0;              // bytes of data read
  std::size_t pending = 0;             // bytes in chunk not yet converted (a partial element)
  while (true) {
    const std::size_t got = read(std::span(chunk).subspan(pending));
    if (got == 0) break;
    have += got;
    if (have > l.dataBytes) throw dataSizeError(l, name, l.dataBytes, true);
    pending += got;
    const std::size_t whole = pending / size;
    const std::size_t at = static_cast<std::size_t>((have - pending) / size);
    detail::convertElements(chunk.data(), whole, l.type, l.big, a.values.data() + at);
    std::memmove(chunk.data(), chunk.data() + whole * size, pending - whole * size);
    pending -= whole * size;
  }
  if (have != l.dataBytes) throw dataSizeError(l, name, have);
  if (l.header.fortranOrder) a.values = fortranToC(a.values, a.shape);
}

}  // namespace

Array parseNpy(std::span<const std::byte> bytes, const std::string& name) {
  const std::size_t dataStart = npyHeaderEnd(bytes, name);
  if (dataStart > bytes.size())
    throw FileError(name,
                    Message(kTruncatedNpy,
                            {std::to_string(dataStart - (bytes[6] == std::byte{1} ? 10 : 12))}));
  const NpyLayout l = npyLayout(bytes.first(dataStart), name);
  if (l.dataBytes != bytes.size() - dataStart)
    throw dataSizeError(l, name, bytes.size() - dataStart);
  Array a = allocate(l, name);
  detail::convertElements(bytes.data() + dataStart, a.values.size(), l.type, l.big,
                          a.values.data());
  if (l.header.fortranOrder) a.values = fortranToC(a.values, a.shape);
  return a;
}

/// Most bytes a .npy header may take (numpy writes under 100; its reader allows 10,000).
constexpr std::size_t kMaxNpyHeader = std::size_t{1} << 20;

Array readNpy(const std::filesystem::path& path) {
  const InputFile file(path);
  const std::string name = path.string();
  std::vector<std::byte> head(static_cast<std::size_t>(std::min<std::uint64_t>(file.size(), 12)));
  file.readAt(0, head);
  const std::size_t dataStart = npyHeaderEnd(head, name);
  if (dataStart > file.size())
    throw FileError(name,
                    Message(kTruncatedNpy,
                            {std::to_string(dataStart - (head[6] == std::byte{1} ? 10 : 12))}));
  if (dataStart > kMaxNpyHeader)
    throw FileError(name,
                    Message(kNpyHeaderBad, {Message(kHeaderClaims, {std::to_string(dataStart)})}));
  head.resize(dataStart);
  if (dataStart > 12) file.readAt(12, std::span(head).subspan(12));
  const NpyLayout l = npyLayout(head, name);
  if (l.dataBytes != file.size() - dataStart) throw dataSizeError(l, name, file.size() - dataStart);
  Array a = allocate(l, name);
  std::uint64_t at = dataStart;
  readValues(l, name, a, [&](std::span<std::byte> buffer) {
    const std::size_t got = file.readSome(at, buffer);
    at += got;
    return got;
  });
  return a;
}

// ---- .npz ------------------------------------------------------------------------------------

namespace {

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
using ZipPtr = std::unique_ptr<zip_t, ZipCloser>;

/// A zip opened from `src` (taken over, also when this throws).
ZipPtr openZip(zip_source_t* src, zip_error_t& error, const std::string& file) {
  if (!src) {
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw FileError(file, Message(kNotZipReadable, {why}));
  }
  zip_t* z = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &error);
  if (!z) {
    zip_source_free(src);
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw FileError(file, Message(kNotNpz, {why}));
  }
  zip_error_fini(&error);
  return ZipPtr(z);
}

ZipPtr openZip(std::span<const std::byte> bytes, const std::string& file) {
  zip_error_t error;
  zip_error_init(&error);
  // A zero-length buffer is a valid (empty) source for libzip; data may be null then.
  return openZip(zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error), error, file);
}

/// A libzip source reading an InputFile with pread (never a map: a zip cut short while it is
/// read is an error libzip reports, not SIGBUS).
struct FileSource {
  const InputFile* file = nullptr;
  std::uint64_t at = 0;
  zip_error_t error{};
  Message failure{};  ///< The FileError's reason of a failed read, for the message.
};

zip_int64_t fileSource(void* state, void* data, zip_uint64_t len, zip_source_cmd_t cmd) {
  auto* s = static_cast<FileSource*>(state);
  switch (cmd) {
    case ZIP_SOURCE_OPEN:
      s->at = 0;
      return 0;
    case ZIP_SOURCE_READ:
      try {
        const std::size_t got =
            s->file->readSome(s->at, {static_cast<std::byte*>(data),
                                      static_cast<std::size_t>(
                                          std::min<zip_uint64_t>(len, detail::kReadChunkBytes))});
        s->at += got;
        return static_cast<zip_int64_t>(got);
      } catch (const FileError& e) {
        s->failure = e.reasonMessage();
        zip_error_set(&s->error, ZIP_ER_READ, EIO);
        return -1;
      }
    case ZIP_SOURCE_CLOSE:
      return 0;
    case ZIP_SOURCE_STAT: {
      auto* st = static_cast<zip_stat_t*>(data);
      zip_stat_init(st);
      st->valid = ZIP_STAT_SIZE;
      st->size = s->file->size();
      return sizeof(zip_stat_t);
    }
    case ZIP_SOURCE_ERROR:
      return zip_error_to_data(&s->error, data, len);
    case ZIP_SOURCE_FREE:
      zip_error_fini(&s->error);
      return 0;
    case ZIP_SOURCE_SEEK: {
      const zip_int64_t to =
          zip_source_seek_compute_offset(s->at, s->file->size(), data, len, &s->error);
      if (to < 0) return -1;
      s->at = static_cast<std::uint64_t>(to);
      return 0;
    }
    case ZIP_SOURCE_TELL:
      return static_cast<zip_int64_t>(s->at);
    case ZIP_SOURCE_SUPPORTS:
      return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE,
                                            ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE,
                                            ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL, -1);
    default:
      zip_error_set(&s->error, ZIP_ER_OPNOTSUPP, 0);
      return -1;
  }
}

/// An .npz on disk: the file, the source state (which must outlive the zip) and the zip.
struct OpenNpz {
  explicit OpenNpz(const std::filesystem::path& path) : file(path) {
    source.file = &file;
    zip_error_init(&source.error);
    zip_error_t error;
    zip_error_init(&error);
    zip = openZip(zip_source_function_create(fileSource, &source, &error), error, file.name());
  }
  OpenNpz(const OpenNpz&) = delete;
  OpenNpz& operator=(const OpenNpz&) = delete;
  ~OpenNpz() { zip.reset(); }
  InputFile file;
  FileSource source{};
  ZipPtr zip{};
};

std::vector<std::string> memberNames(zip_t* z) {
  std::vector<std::string> names;
  const zip_int64_t n = zip_get_num_entries(z, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    const char* entry = zip_get_name(z, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS);
    if (!entry) continue;
    const std::string_view s(entry);
    if (s.size() > 4 && s.substr(s.size() - 4) == ".npy")
      names.emplace_back(s.substr(0, s.size() - 4));
  }
  return names;
}

/// "no array 'NAME' (it holds ...)", `name` as shown; `names` the arrays the zip holds.
Message noArray(const std::string& name, const std::vector<std::string>& names) {
  if (names.empty()) return Message(kNoArrayNone, {name});
  std::string s;
  const std::size_t shown = std::min<std::size_t>(names.size(), 12);
  for (std::size_t i = 0; i < shown; ++i) s += (i ? ", " : "") + printableUpTo(names[i], 64);
  if (names.size() > shown)
    return Message(kNoArrayHoldsMore, {name, s, std::to_string(names.size())});
  return Message(kNoArrayHolds, {name, s});
}

struct ZipFileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};

/// Array `member` of the zip, streamed: the npy header is read from the start of the inflated
/// member, the values' memory checked against the budget (checkMemory) before anything is
/// allocated, then the data inflated in bounded chunks converting straight into the values;
/// a member that inflates to one byte more than its header says is refused then and there
/// (a zip bomb costs neither memory nor time). Checks the CRC at the end (libzip).
Array readMember(zip_t* z, zip_uint64_t index, const std::string& file, const std::string& member,
                 std::uint64_t maxBytes, const Message* readFailure) {
  const std::string name = file + ":" + member;
  std::unique_ptr<zip_file_t, ZipFileCloser> f(zip_fopen_index(z, index, 0));
  if (!f) throw FileError(file, Message(kMemberCannotRead, {member, std::string(zip_strerror(z))}));
  const auto damaged = [&](const std::string& why) {
    const MessageArg cause =
        readFailure && !readFailure->empty() ? MessageArg(*readFailure) : MessageArg(why);
    return FileError(file, Message(kMemberDamaged, {member, cause}));
  };
  // Fills `out` as far as the member goes; how many bytes it gave.
  const auto inflate = [&](std::span<std::byte> out) -> std::size_t {
    std::size_t done = 0;
    while (done < out.size()) {
      const zip_int64_t got = zip_fread(f.get(), out.data() + done, out.size() - done);
      if (got < 0) throw damaged(zip_file_strerror(f.get()));
      if (got == 0) break;
      done += static_cast<std::size_t>(got);
    }
    return done;
  };
  std::vector<std::byte> head(12);
  head.resize(inflate(head));
  const std::size_t dataStart = npyHeaderEnd(head, name);
  if (dataStart > kMaxNpyHeader)
    throw FileError(name,
                    Message(kNpyHeaderBad, {Message(kHeaderClaims, {std::to_string(dataStart)})}));
  if (dataStart > head.size()) {
    const std::size_t had = head.size();
    head.resize(dataStart);
    if (inflate(std::span(head).subspan(had)) != dataStart - had)
      throw FileError(name,
                      Message(kTruncatedNpy,
                              {std::to_string(dataStart - (head[6] == std::byte{1} ? 10 : 12))}));
  }
  const std::span<const std::byte> headerBytes = std::span(head).first(dataStart);
  const NpyLayout l = npyLayout(headerBytes, name);
  if (l.dataBytes > maxBytes - std::min<std::uint64_t>(maxBytes, dataStart))
    throw FileError(file, Message(kMemberTooBig, {member, std::to_string(maxBytes)}));
  Array a = allocate(l, name);
  // Data bytes already inflated with the header's first 12 (a header shorter than that).
  std::vector<std::byte> early(head.begin() + static_cast<std::ptrdiff_t>(dataStart), head.end());
  readValues(l, name, a, [&](std::span<std::byte> buffer) -> std::size_t {
    if (!early.empty()) {
      const std::size_t n = std::min(buffer.size(), early.size());
      std::memcpy(buffer.data(), early.data(), n);
      early.erase(early.begin(), early.begin() + static_cast<std::ptrdiff_t>(n));
      return n;
    }
    return inflate(buffer);
  });
  if (const int rc = zip_fclose(f.release()); rc != 0) {
    zip_error_t e;
    zip_error_init_with_code(&e, rc);
    const std::string why = zip_error_strerror(&e);
    zip_error_fini(&e);
    throw damaged(why);
  }
  return a;
}

/// Array `name` of an open zip.
Array readNpzMember(zip_t* z, const std::string& file, std::string_view name,
                    std::uint64_t maxBytes, const Message* readFailure) {
  const std::string member = std::string(name) + ".npy";
  const zip_int64_t index = zip_name_locate(z, member.c_str(), 0);
  if (index < 0 || member.find('\0') != std::string::npos)
    throw FileError(file, noArray(printableUpTo(name, 64), memberNames(z)));
  return readMember(z, static_cast<zip_uint64_t>(index), file, printableUpTo(name, 64), maxBytes,
                    readFailure);
}

}  // namespace

std::vector<std::string> npzNames(std::span<const std::byte> bytes, const std::string& file) {
  const ZipPtr z = openZip(bytes, file);
  return memberNames(z.get());
}

Array readNpz(std::span<const std::byte> bytes, const std::string& file, std::string_view name,
              std::uint64_t maxBytes) {
  const ZipPtr z = openZip(bytes, file);
  return readNpzMember(z.get(), file, name, maxBytes, nullptr);
}

std::vector<std::string> npzNames(const std::filesystem::path& path) {
  const OpenNpz npz(path);
  return memberNames(npz.zip.get());
}

Array readNpz(const std::filesystem::path& path, std::string_view name) {
  const OpenNpz npz(path);
  return readNpzMember(npz.zip.get(), path.string(), name, kMaxNpzMemberBytes, &npz.source.failure);
}

}  // namespace posenc
