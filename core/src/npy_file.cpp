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
#include <utility>

#include "posenc/tensor_file.hpp"
#include "tensor_file_util.hpp"

namespace posenc {

namespace {

using detail::printable;

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
        if (peekIs('[')) fail("'descr' is a list: structured arrays cannot be read");
        h.descr = readString();
        seenDescr = true;
      } else if (key == "fortran_order" && !seenOrder) {
        h.fortranOrder = readBool();
        seenOrder = true;
      } else if (key == "shape" && !seenShape) {
        h.shape = readShape();
        seenShape = true;
      } else {
        fail("unexpected or repeated key '" + printable(key) + "' in the header");
      }
      if (!peekIs(',')) break;
      ++m_pos;
    }
    expect('}');
    skipBlanks();
    if (m_pos != m_text.size()) fail("text after the header's closing brace");
    if (!seenDescr || !seenOrder || !seenShape)
      fail("the header needs 'descr', 'fortran_order' and 'shape'");
    return h;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw FileError(m_file, "not a valid .npy header: " + what);
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
    if (!peekIs(c)) fail(std::string("expected '") + c + "'");
    ++m_pos;
  }
  std::string readString() {
    skipBlanks();
    if (m_pos >= m_text.size() || (m_text[m_pos] != '\'' && m_text[m_pos] != '"'))
      fail("expected a quoted string");
    const char quote = m_text[m_pos++];
    const std::size_t end = m_text.find(quote, m_pos);
    if (end == std::string_view::npos) fail("a string is not closed");
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
    fail("'fortran_order' is not True or False");
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
          fail("a dimension of 'shape' is too large");
        d = d * 10 + digit;
        digits = true;
      }
      if (m_pos < m_text.size() && m_text[m_pos] == 'L') ++m_pos;  // Python 2's long suffix
      if (!digits) fail("'shape' is not a tuple of whole numbers");
      if (shape.size() >= 32) fail("'shape' has more than 32 dimensions");
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
  throw FileError(file, "dtype '" + printable(descr, 40) +
                            "' is not a float type (float16, float32 or float64, either byte "
                            "order, can be read)");
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

Array parseNpy(std::span<const std::byte> bytes, const std::string& name) {
  static constexpr unsigned char kMagic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (bytes.size() < 10 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw FileError(name, "not a .npy file (no \\x93NUMPY magic)");
  const auto major = std::to_integer<int>(bytes[6]);
  if (major < 1 || major > 3)
    throw FileError(name, ".npy format version " + std::to_string(major) + "." +
                              std::to_string(std::to_integer<int>(bytes[7])) +
                              " is not one of 1.0, 2.0, 3.0");
  const std::size_t lengthBytes = major == 1 ? 2 : 4;
  if (bytes.size() < 8 + lengthBytes) throw FileError(name, "truncated .npy header");
  const std::size_t headerLength = littleEndian(bytes, 8, lengthBytes);
  const std::size_t dataStart = 8 + lengthBytes + headerLength;
  if (headerLength > bytes.size() - 8 - lengthBytes)
    throw FileError(name, "truncated .npy file: the header claims " + std::to_string(headerLength) +
                              " bytes");
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()) + 8 + lengthBytes,
                              headerLength);
  const NpyHeader header = HeaderParser(text, name).parse();
  const auto [type, big] = npyType(header.descr, name);
  const auto count = detail::elementCount(header.shape);
  if (!count) throw FileError(name, "shape " + detail::shapeText(header.shape) + " is too large");
  const std::uint64_t need = *count * elementSize(type);
  const std::uint64_t have = bytes.size() - dataStart;
  if (need != have)
    throw FileError(name, "shape " + detail::shapeText(header.shape) + " of " + header.descr +
                              " needs " + std::to_string(need) + " bytes of data, the file has " +
                              std::to_string(have) + (have < need ? " (truncated?)" : ""));
  Array a;
  a.shape = header.shape;
  a.type = type;
  a.values.resize(static_cast<std::size_t>(*count));
  detail::convertElements(bytes.data() + dataStart, a.values.size(), type, big, a.values.data());
  if (header.fortranOrder) a.values = fortranToC(a.values, a.shape);
  return a;
}

Array readNpy(const std::filesystem::path& path) {
  const detail::MappedFile file(path);
  return parseNpy({file.data, file.size}, path.string());
}

// ---- .npz ------------------------------------------------------------------------------------

namespace {

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
using ZipPtr = std::unique_ptr<zip_t, ZipCloser>;

ZipPtr openZip(std::span<const std::byte> bytes, const std::string& file) {
  zip_error_t error;
  zip_error_init(&error);
  // A zero-length buffer is a valid (empty) source for libzip; data may be null then.
  zip_source_t* src = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  if (!src) {
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw FileError(file, "cannot be read as a zip: " + why);
  }
  zip_t* z = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &error);
  if (!z) {
    zip_source_free(src);
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw FileError(file, "not an .npz (zip) file: " + why);
  }
  zip_error_fini(&error);
  return ZipPtr(z);
}

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

std::string listText(const std::vector<std::string>& names) {
  if (names.empty()) return "it holds no arrays";
  std::string s = "it holds ";
  const std::size_t shown = std::min<std::size_t>(names.size(), 12);
  for (std::size_t i = 0; i < shown; ++i) s += (i ? ", " : "") + printable(names[i], 64);
  if (names.size() > shown) s += ", ... (" + std::to_string(names.size()) + " in all)";
  return s;
}

/// Member `index` inflated, at most maxBytes; checks its size and CRC (libzip at the end).
std::vector<std::byte> readMember(zip_t* z, zip_uint64_t index, const std::string& file,
                                  const std::string& member, std::uint64_t maxBytes) {
  zip_file_t* f = zip_fopen_index(z, index, 0);
  if (!f) throw FileError(file, "array '" + member + "' cannot be read: " + zip_strerror(z));
  std::vector<std::byte> out;
  constexpr std::size_t kChunk = std::size_t{1} << 20;
  while (true) {
    const std::size_t at = out.size();
    if (at >= maxBytes) {
      zip_fclose(f);
      throw FileError(file, "array '" + member + "' expands to more than " +
                                std::to_string(maxBytes) + " bytes");
    }
    out.resize(at + static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, maxBytes - at)));
    const zip_int64_t got = zip_fread(f, out.data() + at, out.size() - at);
    if (got < 0) {
      const std::string why = zip_file_strerror(f);
      zip_fclose(f);
      throw FileError(file, "array '" + member + "' is damaged: " + why);
    }
    out.resize(at + static_cast<std::size_t>(got));
    if (got == 0) break;
  }
  if (const int rc = zip_fclose(f); rc != 0) {
    zip_error_t e;
    zip_error_init_with_code(&e, rc);
    const std::string why = zip_error_strerror(&e);
    zip_error_fini(&e);
    throw FileError(file, "array '" + member + "' is damaged: " + why);
  }
  return out;
}

}  // namespace

std::vector<std::string> npzNames(std::span<const std::byte> bytes, const std::string& file) {
  const ZipPtr z = openZip(bytes, file);
  return memberNames(z.get());
}

Array readNpz(std::span<const std::byte> bytes, const std::string& file, std::string_view name,
              std::uint64_t maxBytes) {
  const ZipPtr z = openZip(bytes, file);
  const std::string member = std::string(name) + ".npy";
  const zip_int64_t index = zip_name_locate(z.get(), member.c_str(), 0);
  if (index < 0 || member.find('\0') != std::string::npos)
    throw FileError(file, "no array '" + printable(name, 64) + "' (" +
                              listText(memberNames(z.get())) + ")");
  const std::vector<std::byte> npy =
      readMember(z.get(), static_cast<zip_uint64_t>(index), file, printable(name, 64), maxBytes);
  return parseNpy(npy, file + ":" + std::string(name));
}

std::vector<std::string> npzNames(const std::filesystem::path& path) {
  const detail::MappedFile f(path);
  return npzNames({f.data, f.size}, path.string());
}

Array readNpz(const std::filesystem::path& path, std::string_view name) {
  const detail::MappedFile f(path);
  return readNpz({f.data, f.size}, path.string(), name);
}

}  // namespace posenc
