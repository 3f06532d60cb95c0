// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the GGUF reader (core/include/posenc/tensors/gguf_file.hpp) at the file level: the
// input is written to a real file (in /dev/shm when there is one), read with readGgufHeader,
// every metadata value asked for through the accessors and every tensor read with
// readGgufTensor. Beyond "no crash, no leak, no undefined behaviour":
//   - every refusal is a FileError naming the file, one non-empty line without a control
//     character (nothing a file says reaches a message raw), or the memory budget's
//     MemoryBudgetError (64 MiB here);
//   - an accepted header keeps its promises: version 2 or 3, alignment a power of two, the
//     data section aligned, every tensor's data inside the file after dataStart and none
//     overlapping, at most 4 dimensions, shape = dims reversed, a known ggml type; a kept
//     value holds exactly its count of elements, a skipped one none, and keys are unique;
//   - every F32, F16, BF16 or F64 tensor listed reads with product(shape) values, and every
//     other type is refused.
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>

#include "posenc/base/memory_budget.hpp"
#include "posenc/tensors/gguf_file.hpp"

namespace {

namespace fs = std::filesystem;

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "gguf_file_fuzz: invariant violated: %s\n  %s\n", what,
               detail.substr(0, 400).c_str());
  std::abort();
}

const fs::path& input() {
  static const fs::path file = [] {
    std::error_code ec;
    const fs::path base =
        fs::exists("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path();
    return base / ("posenc_gguf_fuzz_" + std::to_string(::getpid()) + ".gguf");
  }();
  return file;
}

void checkMessage(const std::exception& e) {
  const std::string_view what = e.what();
  if (what.empty()) violated("a refusal without a message", "");
  for (const char ch : what) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) violated("a control character in a message", std::string(what));
  }
}

/// Runs `f`, accepting only the refusals the reader may give; true when `f` returned.
template <typename F>
bool guarded(F&& f) {
  try {
    f();
    return true;
  } catch (const posenc::FileError& e) {
    checkMessage(e);
    if (e.file() != input().string()) violated("FileError names another file", e.what());
  } catch (const posenc::MemoryBudgetError& e) {
    checkMessage(e);
  }
  return false;
}

bool readable(std::uint32_t type) { return type == 0 || type == 1 || type == 28 || type == 30; }

void checkValues(const posenc::GgufFile& f) {
  std::set<std::string> keys;
  for (const auto& pair : f.metadata) {
    const std::string& key = pair.first;  // clang 15 captures no structured binding
    const posenc::GgufValue& v = pair.second;
    if (!keys.insert(key).second) violated("a key listed twice", key);
    if (v.elementType == posenc::GgufType::Array) violated("an array of arrays", key);
    if (!v.isArray() && v.elementType != v.type) violated("a scalar of two types", key);
    if (!v.isArray() && v.count != 1) violated("a scalar with a count", key);
    const std::size_t held =
        v.elementType == posenc::GgufType::String ? v.strings.size() : v.bytes.size();
    if (!v.kept && held != 0) violated("a skipped array holds values", key);
    if (v.kept && v.elementType == posenc::GgufType::String && held != v.count)
      violated("a kept string array without all its strings", key);
    // Each accessor either answers or refuses with a FileError.
    guarded([&] { (void)f.integer(key); });
    guarded([&] { (void)f.number(key); });
    guarded([&] { (void)f.string(key); });
    guarded([&] { (void)f.boolean(key); });
    guarded([&] { (void)f.numbers(key); });
  }
}

void checkTensors(const posenc::GgufFile& f) {
  const std::uint64_t a = f.alignment;
  if (a == 0 || (a & (a - 1)) != 0) violated("alignment not a power of two", "");
  if (!f.tensors.empty() && f.dataStart % a != 0) violated("data section not aligned", "");
  std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
  for (const posenc::GgufTensorInfo& t : f.tensors) {
    if (t.dims.size() > 4) violated("more than 4 dimensions", t.name);
    if (!std::equal(t.dims.rbegin(), t.dims.rend(), t.shape.begin(), t.shape.end(),
                    [](std::uint64_t d, std::int64_t s) {
                      return s >= 0 && std::uint64_t(s) == d;
                    }))
      violated("shape is not dims reversed", t.name);
    if (t.typeName.empty()) violated("an unknown ggml type accepted", t.name);
    if (t.offset < f.dataStart || t.offset > f.fileSize || t.bytes > f.fileSize - t.offset)
      violated("tensor data outside the file", t.name);
    if ((t.offset - f.dataStart) % a != 0) violated("tensor data not aligned", t.name);
    if (t.bytes > 0) ranges.emplace_back(t.offset, t.offset + t.bytes);
    const bool read = guarded([&] {
      const posenc::Array values = posenc::readGgufTensor(f, t.name);
      std::uint64_t count = 1;
      for (const std::int64_t d : values.shape) count *= static_cast<std::uint64_t>(d);
      if (count != values.values.size()) violated("values do not match the shape", t.name);
    });
    if (read && !readable(t.type)) violated("a quantised tensor was read", t.typeName);
  }
  std::sort(ranges.begin(), ranges.end());
  for (std::size_t k = 1; k < ranges.size(); ++k)
    if (ranges[k].first < ranges[k - 1].second) violated("tensors overlap", "");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // No read may ask for more than this: the fuzzer's own memory limit is 2 GiB.
  posenc::setMemoryBudget(posenc::MemoryBudget{std::uint64_t{64} << 20, "gguf_file_fuzz"});
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::ofstream(input(), std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  guarded([&] {
    const posenc::GgufFile f = posenc::readGgufHeader(input());
    if (f.version != 2 && f.version != 3) violated("a version other than 2 or 3", "");
    if (f.fileSize != size) violated("file size", std::to_string(f.fileSize));
    checkValues(f);
    checkTensors(f);
  });
  return 0;
}
