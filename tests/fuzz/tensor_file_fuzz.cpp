// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the array readers of tensor_file.hpp: safetensors files, sharded indexes, .npy and
// .npz. The first input byte picks the reader (mod 4), the rest is the file. Beyond "no crash,
// no leak, no undefined behaviour", each read checks what the header promises:
//   - every refusal is a FileError naming the file given, never another exception;
//   - an array read has exactly product(shape) values;
//   - a safetensors file's entries lie inside the data and do not overlap, and each float
//     tensor it lists can be read;
//   - an index never maps a tensor to a file outside the index's folder.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>

#include "posenc/tensors/tensor_file.hpp"

namespace {

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "tensor_file_fuzz: invariant violated: %s\n  %s\n", what, detail.c_str());
  std::abort();
}

void checkArray(const posenc::Array& a, const char* where) {
  std::uint64_t count = 1;
  for (const std::int64_t d : a.shape) {
    if (d < 0) violated("negative dimension", where);
    count *= static_cast<std::uint64_t>(d);
  }
  if (count != a.values.size()) violated("values do not match the shape", where);
}

void checkError(const posenc::FileError& e, const std::string& file) {
  if (e.file() != file) violated("FileError names another file", e.what());
  if (e.reason().empty()) violated("FileError without a reason", e.what());
}

void fuzzSafetensors(std::span<const std::byte> bytes) {
  const std::string name = "fuzz.safetensors";
  try {
    const posenc::SafetensorsFile f(bytes, name);
    std::uint64_t lastEnd = 0;
    for (const posenc::TensorEntry& e : f.tensors()) {
      if (e.begin > e.end || e.end > bytes.size()) violated("entry outside the file", e.name);
      if (e.begin < lastEnd) violated("entries overlap", e.name);
      lastEnd = e.end;
      try {
        checkArray(f.read(e.name), "safetensors tensor");
      } catch (const posenc::FileError& err) {
        checkError(err, name);
        if (e.dtype == "F16" || e.dtype == "BF16" || e.dtype == "F32" || e.dtype == "F64")
          violated("a listed float tensor cannot be read", err.what());
      }
    }
  } catch (const posenc::FileError& e) {
    checkError(e, name);
  }
}

void fuzzIndex(std::span<const std::byte> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  try {
    for (const auto& path : posenc::parseSafetensorsIndex(text, "/models/m", "index.json").shards)
      if (path.parent_path() != "/models/m")
        violated("shard outside the index folder", path.string());
  } catch (const posenc::FileError& e) {
    checkError(e, "index.json");
  }
}

void fuzzNpy(std::span<const std::byte> bytes) {
  try {
    checkArray(posenc::parseNpy(bytes, "fuzz.npy"), "npy");
  } catch (const posenc::FileError& e) {
    checkError(e, "fuzz.npy");
  }
}

void fuzzNpz(std::span<const std::byte> bytes) {
  try {
    for (const std::string& member : posenc::npzNames(bytes, "fuzz.npz")) {
      try {
        // A small cap: the fuzzer must not be able to ask for gigabytes.
        checkArray(posenc::readNpz(bytes, "fuzz.npz", member, std::uint64_t{1} << 22), "npz");
      } catch (const posenc::FileError& e) {
        // Messages about a member name the archive with the member after a colon.
        if (e.file() != "fuzz.npz" && e.file().rfind("fuzz.npz:", 0) != 0)
          violated("FileError names another file", e.what());
      }
    }
  } catch (const posenc::FileError& e) {
    checkError(e, "fuzz.npz");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0:
      fuzzSafetensors(bytes);
      break;
    case 1:
      fuzzNpy(bytes);
      break;
    case 2:
      fuzzNpz(bytes);
      break;
    default:
      fuzzIndex(bytes);
      break;
  }
  return 0;
}
