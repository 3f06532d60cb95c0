// SPDX-License-Identifier: GPL-3.0-or-later
// Where a model's files are (model_config.hpp): folders, files and the local Hugging Face hub
// cache, laid out as huggingface_hub writes it (huggingface_hub/constants.py for the folder,
// file_download.py `repo_folder_name`: models--ORG--NAME, refs/main naming the snapshot
// revision, snapshots/REV/ holding the files). Nothing here touches the network.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <system_error>

#include "posenc/io/input_file.hpp"
#include "posenc/models/model_config.hpp"

namespace posenc {

namespace fs = std::filesystem;

namespace {

const MessageTemplate kRefsMain{"refs/main",
                                "a file of the Hugging Face cache (keep as is), in "
                                "'too large for %2'"};
const MessageTemplate kFolderHasNoModel{
    "the folder has no config.json and no model.safetensors or model.safetensors.index.json"};
const MessageTemplate kNotAModelFile{
    "not a model file (a folder, config.json, .safetensors or model.safetensors.index.json is "
    "expected)"};
const MessageTemplate kNoSuchFileOrFolder{"no such file or folder"};
const MessageTemplate kNotInCache{
    "no such file or folder, and not in the Hugging Face cache %1 (looked for %2); PosEnc "
    "Explorer never downloads: fetch it first, e.g. `huggingface-cli download %3 config.json "
    "model.safetensors`",
    "%1: the cache folder; %2: the folder looked for in it; %3: the model's id"};
const MessageTemplate kNoSnapshot{"%1 has no snapshot with a config.json or a checkpoint",
                                  "%1: a folder of the Hugging Face cache"};

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

bool isFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

/// True when `p` is a regular file that can be read, false when nothing is there; a path that
/// exists but cannot be used (a FIFO, a device, a symbolic link loop, no permission) is
/// refused naming it and why, never taken for a missing file.
/// @throws ModelError.
bool usableFile(const fs::path& p) {
  const auto why = unusableFileReason(p);
  if (!why) return true;
  if (saysNoSuchFile(*why)) return false;
  throw ModelError(p.string(), *why);
}

bool isDir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

/// The revision refs/main names (first line, trimmed), or empty.
std::string mainRevision(const fs::path& repo) {
  std::string line;
  try {
    line = readWholeFile(repo / "refs" / "main", 4096, Message(kRefsMain));
  } catch (const FileError&) {
    return {};
  }
  if (const std::size_t end = line.find('\n'); end != std::string::npos) line.resize(end);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line.size() <= 200 ? line : std::string();
}

/// The snapshot of a cached repo: refs/main's when it has a config.json or a checkpoint,
/// else the most recently modified snapshot that has one.
std::optional<fs::path> snapshotOf(const fs::path& repo) {
  const auto usable = [](const fs::path& s) {
    return isFile(s / "config.json") || isFile(s / "model.safetensors") ||
           isFile(s / "model.safetensors.index.json");
  };
  const std::string main = mainRevision(repo);
  if (!main.empty() && main.find('/') == std::string::npos && main != ".." &&
      usable(repo / "snapshots" / main))
    return repo / "snapshots" / main;
  std::optional<fs::path> best;
  fs::file_time_type bestTime{};
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(repo / "snapshots", ec)) {
    if (!entry.is_directory(ec) || !usable(entry.path())) continue;
    const auto t = fs::last_write_time(entry.path(), ec);
    if (!best || t > bestTime) {
      best = entry.path();
      bestTime = t;
    }
  }
  return best;
}

/// "models--ORG--NAME" -> "ORG/NAME".
std::string repoIdOf(const std::string& folder) {
  std::string rest = folder.substr(std::string("models--").size());
  std::string id;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest.compare(i, 2, "--") == 0) {
      id += '/';
      ++i;
    } else {
      id += rest[i];
    }
  }
  return id;
}

/// A repo id as the hub allows them: NAME or ORG/NAME, letters, digits, '-', '_', '.'.
bool looksLikeRepoId(const std::string& s) {
  if (s.empty() || s.size() > 200 || s.front() == '/' || s.front() == '.' || s.front() == '-')
    return false;
  if (std::count(s.begin(), s.end(), '/') > 1 || s.find("..") != std::string::npos ||
      s.find("--") != std::string::npos)
    return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
           c == '/';
  });
}

/// The checkpoint in a folder: the sharded index, else model.safetensors, else empty.
fs::path checkpointIn(const fs::path& dir) {
  if (usableFile(dir / "model.safetensors.index.json")) return dir / "model.safetensors.index.json";
  if (usableFile(dir / "model.safetensors")) return dir / "model.safetensors";
  return {};
}

ModelFiles fromFolder(const fs::path& dir, const std::string& given) {
  ModelFiles f;
  if (usableFile(dir / "config.json")) f.config = dir / "config.json";
  f.checkpoint = checkpointIn(dir);
  if (f.config.empty() && f.checkpoint.empty()) throw ModelError(given, Message(kFolderHasNoModel));
  return f;
}

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

fs::path huggingFaceCache() {
  if (const std::string hub = env("HF_HUB_CACHE"); !hub.empty()) return hub;
  if (const std::string home = env("HF_HOME"); !home.empty()) return fs::path(home) / "hub";
  if (const std::string xdg = env("XDG_CACHE_HOME"); !xdg.empty())
    return fs::path(xdg) / "huggingface" / "hub";
  if (const std::string home = env("HOME"); !home.empty())
    return fs::path(home) / ".cache" / "huggingface" / "hub";
  return {};
}

std::vector<CachedModel> listCachedModels(const fs::path& cache) {
  std::vector<CachedModel> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(cache, ec)) {
    const std::string folder = entry.path().filename().string();
    if (folder.rfind("models--", 0) != 0 || !entry.is_directory(ec)) continue;
    const auto snapshot = snapshotOf(entry.path());
    if (!snapshot || !isFile(*snapshot / "config.json")) continue;
    out.push_back({repoIdOf(folder), snapshot->filename().string(), *snapshot});
  }
  std::sort(out.begin(), out.end(),
            [](const CachedModel& a, const CachedModel& b) { return a.repoId < b.repoId; });
  return out;
}

ModelFiles locateModel(const std::string& pathOrId, const fs::path& cache) {
  const fs::path p(pathOrId);
  if (isDir(p)) return fromFolder(p, pathOrId);
  if (isFile(p)) {
    const std::string name = p.filename().string();
    ModelFiles f;
    if (endsWith(name, ".safetensors.index.json") || endsWith(name, ".safetensors")) {
      f.checkpoint = p;
    } else if (endsWith(name, ".json")) {
      f.config = p;
      f.checkpoint = checkpointIn(p.parent_path());
      return f;
    } else {
      throw ModelError(pathOrId, Message(kNotAModelFile));
    }
    if (usableFile(p.parent_path() / "config.json")) f.config = p.parent_path() / "config.json";
    return f;
  }
  // Something that exists but is neither a folder nor a usable file is said to be what it is,
  // not "no such file", and not then looked for in the cache.
  if (const auto why = unusableFileReason(p); why && !saysNoSuchFile(*why))
    throw ModelError(pathOrId, *why);
  if (!looksLikeRepoId(pathOrId)) throw ModelError(pathOrId, Message(kNoSuchFileOrFolder));
  std::string folder = "models--";
  for (const char c : pathOrId) folder += c == '/' ? std::string("--") : std::string(1, c);
  const fs::path repo = cache / folder;
  if (!isDir(repo))
    throw ModelError(pathOrId, Message(kNotInCache, {cache.string(), folder, pathOrId}));
  const auto snapshot = snapshotOf(repo);
  if (!snapshot) throw ModelError(pathOrId, Message(kNoSnapshot, {repo.string()}));
  ModelFiles f = fromFolder(*snapshot, pathOrId);
  f.repoId = pathOrId;
  return f;
}

}  // namespace posenc
