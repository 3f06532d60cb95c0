// SPDX-License-Identifier: GPL-3.0-or-later
// Trained tables named by parameters (tensor_ref.hpp): "FILE[:NAME]" parsed, read once through
// the readers of tensor_file.cpp and kept while the file stays the same.
#include "posenc/tensors/tensor_ref.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <list>
#include <mutex>
#include <tuple>

#include "posenc/base/params.hpp"
#include "posenc/io/input_file.hpp"

namespace posenc {

namespace fs = std::filesystem;

namespace {

const MessageTemplate kReadableFile{"an array file that can be read (%1)",
                                    "%1: the file and what is wrong with it"};
const MessageTemplate kHoldsNoArrays{"holds no arrays", "of an array file"};
const MessageTemplate kNameOne{"holds %1 arrays; name one as FILE:NAME (%2)",
                               "%1: a number of arrays; %2: their names, comma-separated"};
const MessageTemplate kNameOneMore{"holds %1 arrays; name one as FILE:NAME (%2, ... (%1 in all))",
                                   "%1: a number of arrays; %2: the first names, comma-separated"};
const MessageTemplate kNpyOneArray{"a .npy file holds one array; leave out the name ':%1'",
                                   "%1: the array name given"};
const MessageTemplate kWeightMapNoTensor{"the weight map has no tensor '%1'", "%1: a tensor name"};
const MessageTemplate kNotArrayFile{
    "is not an array file we read (.safetensors, model.safetensors.index.json, .npy or .npz)"};
const MessageTemplate kNoFileNamed{"no file was named"};
const MessageTemplate kRefCannotRead{"cannot be read: %1",
                                     "%1: the system's description of the error"};
const MessageTemplate kArrayNotFinite{
    "the array holds NaN or infinite values; a position table must be finite"};
const MessageTemplate kNamedNotFinite{
    "'%1' holds NaN or infinite values; a position table must be finite", "%1: an array's name"};
const MessageTemplate kNotTable{"the array has shape (%1); a table of rows x columns is needed",
                                "%1: the array's dimensions, comma-separated"};

bool endsWith(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

bool isArrayFileName(std::string_view s) {
  return endsWith(s, ".safetensors") || endsWith(s, ".json") || endsWith(s, ".npz");
}

/// Most bytes of arrays kept together.
constexpr std::size_t kKeptBytes = std::size_t{256} << 20;

struct Kept {
  std::string path;
  std::string name;
  std::uintmax_t size = 0;
  fs::file_time_type::rep mtime = 0;
  std::string preferred;  // the preferred names joined: part of what an unnamed ref means
  std::shared_ptr<const Array> array;
};

std::mutex g_mutex;
std::list<Kept> g_kept;  // most recently used first

/// "holds N arrays; name one as FILE:NAME (...)" of a file holding `names` (two or more).
Message nameOne(const std::vector<std::string>& names) {
  std::string s;
  const std::size_t shown = std::min<std::size_t>(names.size(), 12);
  for (std::size_t i = 0; i < shown; ++i) s += (i ? ", " : "") + names[i];
  const std::string count = std::to_string(names.size());
  return Message(names.size() > shown ? kNameOneMore : kNameOne, {count, s});
}

/// The name to read from a file holding `names` when the reference gave none.
std::string pickName(const fs::path& file, const std::vector<std::string>& names,
                     std::span<const std::string> preferred) {
  for (const std::string& p : preferred)
    if (std::find(names.begin(), names.end(), p) != names.end()) return p;
  if (names.size() == 1) return names.front();
  throw FileError(file.string(), names.empty() ? Message(kHoldsNoArrays) : nameOne(names));
}

Array readRef(const TensorRef& ref, std::span<const std::string> preferred) {
  const std::string file = ref.file.string();
  const std::string ext = ref.file.extension().string();
  if (ext == ".npy") {
    if (!ref.name.empty()) throw FileError(file, Message(kNpyOneArray, {ref.name}));
    return readNpy(ref.file);
  }
  if (ext == ".npz") {
    const std::string name =
        ref.name.empty() ? pickName(ref.file, npzNames(ref.file), preferred) : ref.name;
    return readNpz(ref.file, name);
  }
  if (ext == ".json") {
    const SafetensorsIndex index = readSafetensorsIndex(ref.file);
    std::string name = ref.name;
    if (name.empty()) {
      std::vector<std::string> names;
      names.reserve(index.tensors.size());
      for (const auto& [n, shard] : index.tensors) names.push_back(n);
      name = pickName(ref.file, names, preferred);
    }
    const std::filesystem::path* shard = index.find(name);
    if (!shard) throw FileError(file, Message(kWeightMapNoTensor, {name}));
    return SafetensorsFile(*shard).read(name);
  }
  if (ext == ".safetensors") {
    const SafetensorsFile st(ref.file);
    std::string name = ref.name;
    if (name.empty()) {
      std::vector<std::string> names;
      names.reserve(st.tensors().size());
      for (const TensorEntry& e : st.tensors()) names.push_back(e.name);
      name = pickName(ref.file, names, preferred);
    }
    return st.read(name);
  }
  throw FileError(file, Message(kNotArrayFile));
}

}  // namespace

TensorRef parseTensorRef(std::string_view text) {
  if (text.empty()) throw FileError("(no file)", Message(kNoFileNamed));
  std::error_code ec;
  const std::string whole(text);
  if (fs::is_regular_file(whole, ec) || text.find(':') == std::string_view::npos)
    return {whole, {}};
  for (std::size_t at = text.rfind(':'); at != std::string_view::npos && at > 0;
       at = text.rfind(':', at - 1)) {
    const std::string_view file = text.substr(0, at);
    if (isArrayFileName(file) || fs::is_regular_file(std::string(file), ec))
      return {std::string(file), std::string(text.substr(at + 1))};
  }
  return {whole, {}};
}

std::string formatTensorRef(const TensorRef& ref) {
  return ref.name.empty() ? ref.file.string() : ref.file.string() + ":" + ref.name;
}

std::shared_ptr<const Array> loadTensor(const TensorRef& ref,
                                        std::span<const std::string> preferred) {
  std::error_code ec;
  const std::string file = ref.file.string();
  // What stands there, said before any cache look-up (never blocking: input_file.hpp).
  if (const auto why = unusableFileReason(ref.file)) throw FileError(file, *why);
  const std::uintmax_t size = fs::file_size(ref.file, ec);
  if (ec) throw FileError(file, Message(kRefCannotRead, {ec.message()}));
  const auto mtime = fs::last_write_time(ref.file, ec).time_since_epoch().count();
  std::string pref;
  for (const std::string& p : preferred) pref += p + '\n';
  const std::string path = fs::absolute(ref.file, ec).lexically_normal().string();
  {
    const std::lock_guard lock(g_mutex);
    for (auto it = g_kept.begin(); it != g_kept.end(); ++it) {
      if (it->path == path && it->name == ref.name && it->size == size && it->mtime == mtime &&
          it->preferred == pref) {
        g_kept.splice(g_kept.begin(), g_kept, it);
        return g_kept.front().array;
      }
    }
  }
  Array a = readRef(ref, preferred);  // read without the lock: two tables load in parallel
  for (const double x : a.values)
    if (!std::isfinite(x))
      throw FileError(file, ref.name.empty() ? Message(kArrayNotFinite)
                                             : Message(kNamedNotFinite, {ref.name}));
  auto array = std::make_shared<const Array>(std::move(a));
  const std::size_t bytes = array->values.size() * sizeof(double);
  if (bytes > kKeptBytes) return array;
  const std::lock_guard lock(g_mutex);
  g_kept.push_front({path, ref.name, size, mtime, pref, array});
  std::size_t total = 0;
  for (auto it = g_kept.begin(); it != g_kept.end();) {
    total += it->array->values.size() * sizeof(double);
    it = total > kKeptBytes && it != g_kept.begin() ? g_kept.erase(it) : std::next(it);
  }
  return array;
}

Table tableParam(const std::string& param, const std::string& text,
                 std::span<const std::string> preferred) {
  try {
    Table t;
    t.array = loadTensor(parseTensorRef(text), preferred);
    std::vector<std::int64_t> shape = t.array->shape;
    while (shape.size() > 2 && shape.front() == 1) shape.erase(shape.begin());
    if (shape.size() != 2) {
      std::string s;
      for (const auto n : t.array->shape) s += (s.empty() ? "" : ", ") + std::to_string(n);
      throw FileError(parseTensorRef(text).file.string(), Message(kNotTable, {s}));
    }
    t.rows = shape[0];
    t.cols = shape[1];
    return t;
  } catch (const FileError& e) {
    throw ParamError(param, text, Message(kReadableFile, {e.message()}));
  }
}

void clearTensorCache() {
  const std::lock_guard lock(g_mutex);
  g_kept.clear();
}

}  // namespace posenc
