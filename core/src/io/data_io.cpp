// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/data_io.hpp"

#include "base/text_util.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <streambuf>
#include <system_error>

namespace posenc {

namespace {

std::string lowerExt(std::string_view path) {
  const auto slash = path.find_last_of("/\\");
  const auto dot = path.find_last_of('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return {};
  std::string ext(path.substr(dot + 1));
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

std::string csvNumber(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

void writeNpy(std::ostream& out, Index rows, Index cols,
              const std::function<double(Index, Index)>& at) {
  static_assert(std::endian::native == std::endian::little, "NPY writer assumes little-endian");
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" +
                       std::to_string(rows) + ", " + std::to_string(cols) + "), }";
  // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple
  // of 64 bytes and ended by a newline (NPY format v1.0).
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  out.write("\x93NUMPY\x01\x00", 8);
  const auto len = static_cast<std::uint16_t>(header.size());
  const char lenBytes[2] = {static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
  out.write(lenBytes, 2);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  std::vector<double> row(static_cast<std::size_t>(cols));
  for (Index r = 0; r < rows; ++r) {
    for (Index c = 0; c < cols; ++c) row[static_cast<std::size_t>(c)] = at(r, c);
    out.write(reinterpret_cast<const char*>(row.data()),
              static_cast<std::streamsize>(row.size() * sizeof(double)));
  }
}

/// A stream buffer over a POSIX file descriptor that remembers the first write error (its
/// errno), so a full disk is reported as "No space left on device", not "write failed".
class FdBuf : public std::streambuf {
 public:
  explicit FdBuf(int fd) : m_fd(fd) { setp(m_buf.data(), m_buf.data() + m_buf.size()); }
  [[nodiscard]] int error() const { return m_error; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    while (!m_error && p < pptr()) {
      const ssize_t n = ::write(m_fd, p, static_cast<std::size_t>(pptr() - p));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) m_error = n < 0 ? errno : EIO;
      else p += n;
    }
    setp(m_buf.data(), m_buf.data() + m_buf.size());  // after an error, later output is dropped
    return m_error == 0;
  }
  int m_fd;
  int m_error = 0;
  std::array<char, 1 << 16> m_buf{};
};

/// Runs `write` on a stream over `fd`. @return 0, or the errno of the first failed write.
int writeToFd(int fd, const std::function<void(std::ostream&)>& write) {
  FdBuf buf(fd);
  std::ostream out(&buf);
  write(out);
  out.flush();
  if (buf.error()) return buf.error();
  return out ? 0 : EIO;
}

void writeHead(std::ostream& out, const ExportContext& ctx, std::string_view kind) {
  out << "{\"scheme\": " << jsonString(ctx.scheme) << ", \"view\": " << jsonString(ctx.view->id)
      << ", \"params\": " << paramsJson(*ctx.params);
  const std::string& unless = ctx.view->standInsUnless;  // a trained table replaces them
  const bool trained =
      !unless.empty() && ctx.params->has(unless) && !ctx.params->getText(unless).empty();
  if (ctx.view->randomStandIns && !trained) out << ", \"random_stand_ins\": true";
  if (!ctx.absentTerm.empty()) out << ", \"absent_term\": " << jsonString(ctx.absentTerm);
  out << ", \"kind\": " << jsonString(kind);
}

}  // namespace

std::optional<DataFormat> dataFormatFromPath(std::string_view path) {
  const std::string ext = lowerExt(path);
  if (ext == "csv") return DataFormat::Csv;
  if (ext == "npy") return DataFormat::Npy;
  if (ext == "json") return DataFormat::Json;
  return std::nullopt;
}

std::string jsonNumber(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string jsonString(std::string_view s) {
  std::string out = "\"";
  for (std::size_t k = 0; k < s.size();) {
    char32_t cp = 0;
    const std::size_t n = detail::utf8Sequence(s.substr(k), cp);
    if (n == 0) {  // not UTF-8 (a path's bytes): JSON text must be, so U+FFFD stands for it
      out += "\\ufffd";
      ++k;
      continue;
    }
    if (cp == '"') {
      out += "\\\"";
    } else if (cp == '\\') {
      out += "\\\\";
    } else if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (!detail::shownAsIs(cp)) {  // controls, DEL, C1, bidi: escaped, never raw
      char buf[12];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
      out += buf;
    } else {
      out.append(s.substr(k, n));
    }
    k += n;
  }
  return out + "\"";
}

std::string paramsJson(const ParamSet& params) {
  std::string s = "{";
  bool first = true;
  for (const auto& [key, value] : params.items()) {
    if (!first) s += ", ";
    first = false;
    s += jsonString(key) + ": " + valueJson(value);
  }
  return s + "}";
}

std::string valueJson(const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&value)) return jsonNumber(*d);
  if (const auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const auto* list = std::get_if<NumberList>(&value)) {
    std::string s = "[";
    for (std::size_t i = 0; i < list->size(); ++i) s += (i ? ", " : "") + jsonNumber((*list)[i]);
    return s + "]";
  }
  return jsonString(std::get<std::string>(value));
}

void writeMatrixJson(std::ostream& out, const ExportContext& ctx, const MatrixResult& result) {
  writeHead(out, ctx, "matrix");
  const Index rows = result.values.rows();
  const Index cols = result.values.cols();
  out << ", \"rows\": " << rows << ", \"cols\": " << cols
      << ", \"row_start\": " << (result.rows.empty() ? 0 : result.rows.front())
      << ", \"col_start\": " << (result.cols.empty() ? 0 : result.cols.front())
      << ", \"row_label\": " << jsonString(ctx.view->yLabel)
      << ", \"col_label\": " << jsonString(ctx.view->xLabel)
      << ", \"value_label\": " << jsonString(ctx.view->valueLabel) << ",\n \"data\": [";
  for (Index r = 0; r < rows; ++r) {
    out << (r ? ",\n  [" : "\n  [");
    for (Index c = 0; c < cols; ++c) {
      if (c) out << ", ";
      out << jsonNumber(result.values(r, c));
    }
    out << ']';
  }
  out << "\n]}\n";
}

void writeSeriesJson(std::ostream& out, const ExportContext& ctx, const SeriesResult& result) {
  writeHead(out, ctx, "series");
  out << ", \"x_label\": " << jsonString(ctx.view->xLabel)
      << ", \"y_label\": " << jsonString(ctx.view->yLabel) << ",\n \"x\": [";
  for (std::size_t k = 0; k < result.x.size(); ++k)
    out << (k ? ", " : "") << jsonNumber(result.x[k]);
  out << "],\n \"series\": [";
  for (std::size_t s = 0; s < result.curves.size(); ++s) {
    const Curve& c = result.curves[s];
    out << (s ? ",\n  " : "\n  ") << "{\"name\": " << jsonString(c.name) << ", \"y\": [";
    for (std::size_t k = 0; k < c.y.size(); ++k) out << (k ? ", " : "") << jsonNumber(c.y[k]);
    out << "]}";
  }
  out << "\n]}\n";
}

void writeMatrixCsv(std::ostream& out, const MatrixResult& result) {
  for (Index r = 0; r < result.values.rows(); ++r) {
    for (Index c = 0; c < result.values.cols(); ++c) {
      if (c) out << ',';
      out << csvNumber(result.values(r, c));
    }
    out << '\n';
  }
}

void writeSeriesCsv(std::ostream& out, const SeriesResult& result) {
  out << 'x';
  for (const Curve& c : result.curves) out << ',' << csvField(c.name);
  out << '\n';
  for (std::size_t k = 0; k < result.x.size(); ++k) {
    out << csvNumber(result.x[k]);
    for (const Curve& c : result.curves) out << ',' << csvNumber(k < c.y.size() ? c.y[k] : kMasked);
    out << '\n';
  }
}

void writeMatrixNpy(std::ostream& out, const MatrixResult& result) {
  writeNpy(out, result.values.rows(), result.values.cols(),
           [&](Index r, Index c) { return result.values(r, c); });
}

void writeSeriesNpy(std::ostream& out, const SeriesResult& result) {
  const auto n = static_cast<Index>(result.x.size());
  const auto cols = static_cast<Index>(result.curves.size()) + 1;
  writeNpy(out, n, cols, [&](Index r, Index c) {
    const auto k = static_cast<std::size_t>(r);
    if (c == 0) return result.x[k];
    const Curve& curve = result.curves[static_cast<std::size_t>(c - 1)];
    return k < curve.y.size() ? curve.y[k] : kMasked;
  });
}

// Like QSaveFile: a symbolic link is followed (its target is replaced, the link kept); an
// existing target that is not a regular file (a FIFO, a device such as /dev/full) is written
// in place, since renaming over it would replace the device or pipe with a plain file; a new
// file gets the usual 0666 & ~umask, a replaced one keeps its permission bits. The temporary
// is written through a file descriptor so that every error keeps its errno, synced to disk
// (fsync) before the rename, so a crash leaves the old file or the whole new one.
void writeFileAtomically(const std::filesystem::path& path,
                         const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
  const auto fail = [&](const std::string& reason) -> void {
    throw IoError("cannot write " + path.string() + ": " + reason);
  };
  std::error_code ec;
  fs::path target = path;
  for (int depth = 0; depth < 40 && fs::is_symlink(target, ec); ++depth) {
    const fs::path link = fs::read_symlink(target, ec);
    if (ec) break;
    target = link.is_absolute() ? link : target.parent_path() / link;
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec))
    fail(fs::exists(dir, ec) ? dir.string() + " is not a folder"
                             : "folder " + dir.string() + " does not exist");
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && S_ISDIR(existing.st_mode)) fail("it is a folder");

  if (exists && !S_ISREG(existing.st_mode)) {
    const int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail(std::strerror(errno));  // throws, so fd >= 0 below
    int error = 0;
    try {
      error = writeToFd(fd, write);
    } catch (...) {
      // cppcheck-suppress invalidFunctionArg ; fail() above throws, so fd >= 0 here
      ::close(fd);
      throw;
    }
    if (::close(fd) != 0 && !error) error = errno;
    if (error) fail(std::strerror(error));
    return;
  }

  std::random_device rd;
  fs::path tmp;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 16; ++attempt) {
    // Built with append(): GCC 12 gives a false -Wrestrict on "." + std::string at -O2.
    std::string tmpName(".");
    tmpName.append(target.filename().string()).append(".tmp-").append(std::to_string(rd()));
    tmp = dir / tmpName;
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? 0600 : 0666);
    if (fd < 0 && errno != EEXIST) fail(std::strerror(errno));
  }
  if (fd < 0) fail("no free name for a temporary file in " + dir.string());
  const auto discard = [&] {
    ::close(fd);
    std::error_code ignore;
    fs::remove(tmp, ignore);
  };
  int error = 0;
  try {
    error = writeToFd(fd, write);
  } catch (...) {
    discard();
    throw;
  }
  if (!error && exists && ::fchmod(fd, existing.st_mode & 07777) != 0) error = errno;
  if (!error && ::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) error = errno;
  if (error) {
    discard();
    fail(std::strerror(error));
  }
  if (::close(fd) != 0) {
    error = errno;
    std::error_code ignore;
    fs::remove(tmp, ignore);
    fail(std::strerror(error));
  }
  fs::rename(tmp, target, ec);
  if (ec) {
    std::error_code ignore;
    fs::remove(tmp, ignore);
    fail(ec.message());
  }
}

std::string printableMessage(std::string_view text) { return detail::printableUpTo(text, 2000); }

}  // namespace posenc
