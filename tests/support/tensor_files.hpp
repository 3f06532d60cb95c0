// SPDX-License-Identifier: GPL-3.0-or-later
// Tiny array files written by a test (float64 .npy, float32 .safetensors), so the trained-table
// parameters (t5's `table`, xl's `u_table` / `v_table`, deberta's `rel_table`) can be tested on
// files whose every value the test knows. The layouts follow the NumPy format description
// (NEP 1: magic, version 1.0, little-endian header length, a dict padded to 64 bytes) and the
// safetensors format (u64 header length, JSON header of dtype / shape / data_offsets, data).
#pragma once

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace posenc::test {

/// One array of a .safetensors file: name, shape, values in C order.
struct NamedArray {
  std::string name;
  std::vector<std::int64_t> shape;
  std::vector<double> values;
};

/// A fresh, empty folder under the temporary directory (removed first if it exists), named
/// `name` plus the process id: ctest runs every test in a process of its own, in parallel.
inline std::filesystem::path freshTempDir(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string shapeText(const std::vector<std::int64_t>& shape, bool python) {
  std::string s;
  for (std::size_t k = 0; k < shape.size(); ++k) s += (k ? ", " : "") + std::to_string(shape[k]);
  if (python && shape.size() == 1) s += ",";
  return s;
}

/// Writes `values` (C order) as a float64 .npy of `shape`.
inline void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape,
                     const std::vector<double>& values) {
  std::string header =
      "{'descr': '<f8', 'fortran_order': False, 'shape': (" + shapeText(shape, true) + "), }";
  const std::size_t total = ((10 + header.size() + 1 + 63) / 64) * 64;
  header.append(total - 10 - header.size() - 1, ' ');
  header += '\n';
  std::ofstream out(file, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  const char len[2] = {static_cast<char>(header.size() & 0xff),
                       static_cast<char>(header.size() >> 8)};
  out.write(len, 2);
  out << header;
  out.write(reinterpret_cast<const char*>(values.data()),
            static_cast<std::streamsize>(values.size() * sizeof(double)));
}

/// Writes the arrays as one float32 .safetensors file (values rounded to float32, as a
/// PyTorch checkpoint stores them).
inline void writeSafetensors(const std::filesystem::path& file,
                             const std::vector<NamedArray>& arrays) {
  std::string header = "{";
  std::vector<float> data;
  for (const NamedArray& a : arrays) {
    const std::size_t begin = data.size() * sizeof(float);
    for (const double v : a.values) data.push_back(static_cast<float>(v));
    // Appended piece by piece: GCC 12 warns falsely (-Wstringop-overflow) on a chain of
    // "literal" + std::string inlined at -O3 when the header is precompiled.
    if (header.size() > 1) header += ',';
    header.append("\"").append(a.name).append("\":{\"dtype\":\"F32\",\"shape\":[");
    header.append(shapeText(a.shape, false)).append("],\"data_offsets\":[");
    header.append(std::to_string(begin)).append(",");
    header.append(std::to_string(data.size() * sizeof(float))).append("]}");
  }
  header += "}";
  header.append((8 - header.size() % 8) % 8, ' ');
  std::ofstream out(file, std::ios::binary);
  const std::uint64_t n = header.size();
  char len[8];
  for (int k = 0; k < 8; ++k) len[k] = static_cast<char>((n >> (8 * k)) & 0xff);
  out.write(len, 8);
  out << header;
  out.write(reinterpret_cast<const char*>(data.data()),
            static_cast<std::streamsize>(data.size() * sizeof(float)));
}

}  // namespace posenc::test
