// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the file level of the model and array readers: the input becomes the files of a real
// model folder on disk, and the folder goes through what `posenc inspect`, `posenc export
// --model` and `posenc check --against` do with it: locateModel, inspectModel (config.json,
// the checkpoint's header or its index and every shard's header), the report as text and as
// JSON, every tensor found read through loadTensor, and the folder's .npy and .npz read as
// `--against` reads them (every member of the zip). The other targets feed bytes to the
// parsers; this one reaches the code that opens, sizes and reads files (issue 27).
//
// The input is up to six files separated by the line "@@FILE" (tests/fuzz/model_folder.dict):
//   1 config.json
//   2 the checkpoint: model.safetensors.index.json when it starts with '{', else
//     model.safetensors
//   3, 4 model-00001-of-00002.safetensors, model-00002-of-00002.safetensors
//   5 arrays.npz     6 array.npy
// A file missing from the input is missing from the folder.
//
// Beyond "no crash, no leak, no undefined behaviour":
//   - every refusal is a ModelError, FileError or ParamError (the memory budget's refusal is
//     one) with a non-empty one-line message holding no control character (nothing a file
//     says reaches a terminal raw);
//   - the text report holds no control character but its line ends;
//   - an array read has exactly product(shape) values.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/base/memory_budget.hpp"
#include "posenc/base/params.hpp"
#include "posenc/check/check.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/tensors/tensor_file.hpp"
#include "posenc/tensors/tensor_ref.hpp"

namespace {

namespace fs = std::filesystem;

[[noreturn]] void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "model_folder_fuzz: invariant violated: %s\n  %s\n", what,
               detail.substr(0, 400).c_str());
  std::abort();
}

/// A control character other than the line end (allowed only where `lines`).
void checkPrintable(std::string_view text, bool lines, const char* where) {
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && !(lines && (c == '\n' || c == '\t'))) || c == 0x7f)
      violated(where, std::string(text));
  }
}

void checkMessage(const std::exception& e) {
  const std::string_view what = e.what();
  if (what.empty()) violated("a refusal without a message", "");
  checkPrintable(what, false, "a control character in a message");
}

void checkArray(const posenc::Array& a) {
  std::uint64_t count = 1;
  for (const std::int64_t d : a.shape) {
    if (d < 0) violated("negative dimension", "");
    count *= static_cast<std::uint64_t>(d);
  }
  if (count != a.values.size()) violated("values do not match the shape", "");
}

/// Runs `f`, accepting only the refusals a reader of outside input may give.
template <typename F>
void guarded(F&& f) {
  try {
    f();
  } catch (const posenc::ModelError& e) {
    checkMessage(e);
  } catch (const posenc::FileError& e) {
    checkMessage(e);
    if (e.file().empty()) violated("FileError without a file", e.what());
  } catch (const posenc::ParamError& e) {
    checkMessage(e);
  }
}

/// The fuzzer's folder: in /dev/shm when it can be (no disk writes per input).
const fs::path& folder() {
  static const fs::path dir = [] {
    std::error_code ec;
    fs::path base = fs::exists("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path();
    fs::path d = base / ("posenc_model_folder_fuzz_" + std::to_string(::getpid()));
    fs::remove_all(d, ec);
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

void place(const fs::path& file, const std::string* bytes) {
  std::error_code ec;
  fs::remove(file, ec);
  if (!bytes) return;
  std::ofstream(file, std::ios::binary)
      .write(bytes->data(), static_cast<std::streamsize>(bytes->size()));
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // No read may ask for more than this: the fuzzer's own memory limit is 2 GiB.
  posenc::setMemoryBudget(posenc::MemoryBudget{std::uint64_t{64} << 20, "model_folder_fuzz"});
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> files;
  constexpr std::string_view kSeparator = "\n@@FILE\n";
  std::size_t at = 0;
  while (files.size() < 6) {
    const std::size_t next = input.find(kSeparator, at);
    files.emplace_back(input.substr(at, next == std::string_view::npos ? next : next - at));
    if (next == std::string_view::npos) break;
    at = next + kSeparator.size();
  }
  const auto file = [&](std::size_t k) { return k < files.size() ? &files[k] : nullptr; };
  const fs::path& dir = folder();
  place(dir / "config.json", file(0));
  const bool index = file(1) && !files[1].empty() && files[1].front() == '{';
  place(dir / "model.safetensors.index.json", index ? file(1) : nullptr);
  place(dir / "model.safetensors", index ? nullptr : file(1));
  place(dir / "model-00001-of-00002.safetensors", file(2));
  place(dir / "model-00002-of-00002.safetensors", file(3));
  place(dir / "arrays.npz", file(4));
  place(dir / "array.npy", file(5));
  posenc::clearTensorCache();

  guarded([&] {
    const posenc::ModelReport report = posenc::inspectModel(dir.string(), fs::path());
    std::ostringstream text;
    posenc::writeModelReport(text, report, false);
    checkPrintable(text.str(), true, "a control character in the text report");
    std::ostringstream json;
    posenc::writeModelReport(json, report, true);
    for (const posenc::TensorFound& t : report.tensors) {
      if (!t.found) continue;
      guarded([&] { checkArray(*posenc::loadTensor({t.file, t.name})); });
    }
  });
  guarded([&] {
    if (!file(4)) return;
    for (const std::string& name : posenc::npzNames(dir / "arrays.npz"))
      guarded([&] { (void)posenc::readAgainst((dir / "arrays.npz").string() + ":" + name); });
  });
  guarded([&] {
    if (file(5)) (void)posenc::readAgainst((dir / "array.npy").string());
  });
  return 0;
}
