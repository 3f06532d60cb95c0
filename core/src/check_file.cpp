// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's readers (check.hpp readAgainst): an engineer's array from .npy, .npz,
// .safetensors, .csv or our own JSON export.
#include <algorithm>
#include <cctype>
#include <filesystem>

#include "posenc/check.hpp"
#include "posenc/tensor_ref.hpp"

namespace posenc {

namespace {

namespace fs = std::filesystem;

std::string lowerExtension(const fs::path& file) {
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

/// The only array of a safetensors file, or the named one.
Array readSafetensorsArray(const TensorRef& ref) {
  const SafetensorsFile file(ref.file);
  if (!ref.name.empty()) return file.read(ref.name);
  if (file.tensors().size() != 1)
    throw FileError(ref.file.string(), "holds " + std::to_string(file.tensors().size()) +
                                           " tensors; name one as FILE:NAME");
  return file.read(file.tensors().front().name);
}

/// The only array of an .npz file, or the named one.
Array readNpzArray(const TensorRef& ref) {
  if (!ref.name.empty()) return readNpz(ref.file, ref.name);
  const std::vector<std::string> names = npzNames(ref.file);
  if (names.size() != 1)
    throw FileError(ref.file.string(),
                    "holds " + std::to_string(names.size()) + " arrays; name one as FILE:NAME");
  return readNpz(ref.file, names.front());
}

}  // namespace

Against readAgainst(std::string_view text) {
  const TensorRef ref = parseTensorRef(text);
  Against a;
  a.file = formatTensorRef(ref);
  const std::string ext = lowerExtension(ref.file);
  if (ext == ".npy") {
    if (!ref.name.empty())
      throw FileError(ref.file.string(), "a .npy file holds one array; drop ':" + ref.name + "'");
    a.array = readNpy(ref.file);
  } else if (ext == ".npz") {
    a.array = readNpzArray(ref);
  } else if (ext == ".safetensors") {
    a.array = readSafetensorsArray(ref);
  } else {
    throw FileError(ref.file.string(),
                    "not an array file this reads (.npy, .npz, .safetensors, .csv or .json)");
  }
  return a;
}

}  // namespace posenc
