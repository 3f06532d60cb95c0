// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/data_io.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
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

void writeNpy(std::ostream& out, Index rows, Index cols, const std::function<double(Index, Index)>& at) {
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

void writeHead(std::ostream& out, const ExportContext& ctx, std::string_view kind) {
  out << "{\"scheme\": " << jsonString(ctx.scheme) << ", \"view\": " << jsonString(ctx.view->id)
      << ", \"params\": " << paramsJson(*ctx.params) << ", \"kind\": " << jsonString(kind);
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
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", u);
          out += buf;
        } else {
          out += c;
        }
    }
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
  for (std::size_t k = 0; k < result.x.size(); ++k) out << (k ? ", " : "") << jsonNumber(result.x[k]);
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

void writeFileAtomically(const std::filesystem::path& path,
                         const std::function<void(std::ostream&)>& write) {
  namespace fs = std::filesystem;
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw IoError("cannot write " + path.string() + ": folder " + dir.string() + " does not exist");
  if (fs::is_directory(path, ec))
    throw IoError("cannot write " + path.string() + ": it is a folder");
  std::random_device rd;
  // Built with append(): GCC 12 gives a false -Wrestrict on "." + std::string at -O2.
  std::string tmpName(".");
  tmpName.append(path.filename().string()).append(".tmp-").append(std::to_string(rd()));
  const fs::path tmp = dir / tmpName;
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      throw IoError("cannot write " + path.string() + ": " + std::strerror(errno));
    try {
      write(out);
    } catch (...) {
      out.close();
      fs::remove(tmp, ec);
      throw;
    }
    out.flush();
    if (!out) {
      const std::string reason = errno ? std::strerror(errno) : "write failed";
      out.close();
      fs::remove(tmp, ec);
      throw IoError("cannot write " + path.string() + ": " + reason);
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignore;
    fs::remove(tmp, ignore);
    throw IoError("cannot write " + path.string() + ": " + ec.message());
  }
}

}  // namespace posenc
