// SPDX-License-Identifier: GPL-3.0-or-later
// A small GGUF writer for the tests of the GGUF reader (gguf_file_test.cpp, the fuzz seeds):
// the layout of ggml-org/ggml docs/gguf.md written out by hand, independent of the reader.
// Magic "GGUF", u32 version, u64 tensor count, u64 pair count, the pairs (u64 key length,
// key, u32 value type, value; an array is u32 element type, u64 count, the elements), the
// tensor infos (u64 name length, name, u32 n_dims, u64 ne[n_dims], u32 ggml type, u64 offset
// in the data section), zeros up to the alignment, then each tensor's bytes at its offset.
// Everything little-endian. Nothing is checked: tests write hostile files with it too.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace posenc::test {

static_assert(std::endian::native == std::endian::little, "the writer copies host bytes");

/// GGUF value type ids (gguf.md, gguf_metadata_value_type).
namespace gguf {
inline constexpr std::uint32_t kU8 = 0, kI8 = 1, kU16 = 2, kI16 = 3, kU32 = 4, kI32 = 5, kF32 = 6,
                               kBool = 7, kString = 8, kArray = 9, kU64 = 10, kI64 = 11, kF64 = 12;
/// ggml type ids (gguf.md, ggml_type).
inline constexpr std::uint32_t kTypeF32 = 0, kTypeF16 = 1, kTypeQ4_0 = 2, kTypeQ8_0 = 8,
                               kTypeQ4_K = 12, kTypeF64 = 28, kTypeBF16 = 30;
}  // namespace gguf

/// Appends `v`'s bytes, little-endian.
template <class T>
void putLE(std::string& out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.append(b, sizeof(T));
}

inline void putString(std::string& out, const std::string& s) {
  putLE<std::uint64_t>(out, s.size());
  out += s;
}

class GgufWriter {
 public:
  explicit GgufWriter(std::uint32_t version = 3, std::uint64_t alignment = 32)
      : m_version(version), m_alignment(alignment) {}

  /// A scalar pair of value type `type` holding `v` (its bytes as T's).
  template <class T>
  GgufWriter& scalar(const std::string& key, std::uint32_t type, T v) {
    keyed(key, type);
    putLE(m_pairs, v);
    return *this;
  }
  GgufWriter& string(const std::string& key, const std::string& s) {
    keyed(key, gguf::kString);
    putString(m_pairs, s);
    return *this;
  }
  /// An array of numbers of element type `type`, each written as T.
  template <class T>
  GgufWriter& array(const std::string& key, std::uint32_t type, const std::vector<T>& v) {
    keyed(key, gguf::kArray);
    putLE<std::uint32_t>(m_pairs, type);
    putLE<std::uint64_t>(m_pairs, v.size());
    for (const T& x : v) putLE(m_pairs, x);
    return *this;
  }
  GgufWriter& strings(const std::string& key, const std::vector<std::string>& v) {
    keyed(key, gguf::kArray);
    putLE<std::uint32_t>(m_pairs, gguf::kString);
    putLE<std::uint64_t>(m_pairs, v.size());
    for (const std::string& s : v) putString(m_pairs, s);
    return *this;
  }
  /// Bytes appended to the pairs as they are, counting as `pairs` pairs (hostile files).
  GgufWriter& rawPairs(const std::string& bytes, std::uint64_t pairs) {
    m_pairs += bytes;
    m_pairCount += pairs;
    return *this;
  }
  /// A tensor of ggml type `type` with dims `ne` (ne[0] fastest) and data `data`, placed at
  /// the next aligned offset unless `offset` says where.
  GgufWriter& tensor(const std::string& name, const std::vector<std::uint64_t>& ne,
                     std::uint32_t type, const std::string& data,
                     std::optional<std::uint64_t> offset = std::nullopt) {
    m_tensors.push_back({name, ne, type, data, offset});
    return *this;
  }
  /// Overrides the counts written in the header.
  GgufWriter& counts(std::optional<std::uint64_t> tensors, std::optional<std::uint64_t> pairs) {
    m_tensorCountOverride = tensors;
    m_pairCountOverride = pairs;
    return *this;
  }

  /// The whole file. Tensors without an offset follow each other, each at the next multiple
  /// of the alignment; the file ends with the last tensor's bytes (no padding after them).
  [[nodiscard]] std::string bytes() const {
    std::string out = "GGUF";
    putLE<std::uint32_t>(out, m_version);
    putLE<std::uint64_t>(out, m_tensorCountOverride.value_or(m_tensors.size()));
    putLE<std::uint64_t>(out, m_pairCountOverride.value_or(m_pairCount));
    out += m_pairs;
    std::vector<std::uint64_t> offsets;
    std::uint64_t next = 0;
    for (const Tensor& t : m_tensors) {
      const std::uint64_t at = t.offset.value_or(align(next));
      offsets.push_back(at);
      next = std::max(next, at + t.data.size());
      putString(out, t.name);
      putLE<std::uint32_t>(out, static_cast<std::uint32_t>(t.ne.size()));
      for (const std::uint64_t d : t.ne) putLE(out, d);
      putLE(out, t.type);
      putLE(out, at);
    }
    if (m_tensors.empty()) return out;
    out.append(static_cast<std::size_t>(align(out.size()) - out.size()), '\0');
    const std::size_t dataStart = out.size();
    for (std::size_t k = 0; k < m_tensors.size(); ++k) {
      if (m_tensors[k].data.empty()) continue;  // an offset of any size may stay unwritten
      const std::size_t at = dataStart + static_cast<std::size_t>(offsets[k]);
      if (out.size() < at + m_tensors[k].data.size())
        out.resize(at + m_tensors[k].data.size(), '\0');
      out.replace(at, m_tensors[k].data.size(), m_tensors[k].data);
    }
    return out;
  }

  void writeTo(const std::filesystem::path& file) const {
    const std::string b = bytes();
    std::ofstream(file, std::ios::binary).write(b.data(), static_cast<std::streamsize>(b.size()));
  }

 private:
  struct Tensor {
    std::string name;
    std::vector<std::uint64_t> ne;
    std::uint32_t type;
    std::string data;
    std::optional<std::uint64_t> offset;
  };

  void keyed(const std::string& key, std::uint32_t type) {
    putString(m_pairs, key);
    putLE(m_pairs, type);
    ++m_pairCount;
  }
  [[nodiscard]] std::uint64_t align(std::uint64_t n) const {
    return (n + m_alignment - 1) / m_alignment * m_alignment;
  }

  std::uint32_t m_version;
  std::uint64_t m_alignment;
  std::string m_pairs{};
  std::uint64_t m_pairCount = 0;
  std::vector<Tensor> m_tensors{};
  std::optional<std::uint64_t> m_tensorCountOverride{};
  std::optional<std::uint64_t> m_pairCountOverride{};
};

/// The bytes of `values` as T, little-endian (tensor data).
template <class T>
std::string bytesOf(const std::vector<T>& values) {
  std::string out;
  for (const T& v : values) putLE(out, v);
  return out;
}

}  // namespace posenc::test
