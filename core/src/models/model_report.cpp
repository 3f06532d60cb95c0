// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc inspect` and `posenc models` (model_config.hpp): a model's files, what its config
// maps to, and where the tensors it needs are, read from the checkpoint's headers only.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "base/scheme_hooks.hpp"
#include "base/text_util.hpp"
#include "models/config_reader.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/io/data_io.hpp"
#include "posenc/io/input_file.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/tensors/tensor_file.hpp"

namespace posenc {

namespace fs = std::filesystem;

namespace {

const MessageTemplate kAConfigJson{"a config.json", "what a file is, in 'too large for %2'"};
const MessageTemplate kNoConfigBeside{
    "there is no config.json beside the checkpoint, so the scheme and its parameters are "
    "unknown (name the model folder, or give the table with --table FILE:NAME)"};

/// Most bytes of a config.json read (a config is a few kilobytes).
constexpr std::uintmax_t kMaxConfigBytes = std::uintmax_t{16} << 20;

std::string readConfig(const fs::path& path) {
  try {
    return readWholeFile(path, kMaxConfigBytes, Message(kAConfigJson));
  } catch (const FileError& e) {
    throw ModelError(e.message());
  }
}

/// The checkpoint's files, each opened once (their headers read; the data stays on disk).
/// A sharded checkpoint's index lists each shard once (parseSafetensorsIndex), so this is
/// linear in the index, and an index of more shards than any checkpoint has is refused there
/// before any is opened.
std::vector<SafetensorsFile> checkpointFiles(const fs::path& checkpoint) {
  std::vector<SafetensorsFile> out;
  if (checkpoint.empty()) return out;
  const std::string name = checkpoint.filename().string();
  if (name.size() > 5 && name.substr(name.size() - 5) == ".json") {
    const SafetensorsIndex index = readSafetensorsIndex(checkpoint);
    out.reserve(index.shards.size());
    for (const fs::path& f : index.shards) out.emplace_back(f);
  } else {
    out.emplace_back(checkpoint);
  }
  return out;
}

std::string joined(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + ")";
}

/// The shape the mapped parameters give the scheme's trained tensor (TensorFound::expected),
/// as the scheme's SchemeModel::expectedShape hook says the model builds it; empty when the
/// scheme gives none or a dimension is not positive (the numbers are the config's).
std::vector<std::int64_t> expectedShape(const ModelMapping& m) {
  const auto hook = detail::hooksOf(findScheme(m.scheme)).model.expectedShape;
  std::vector<std::int64_t> shape = hook ? hook(m) : std::vector<std::int64_t>{};
  for (const std::int64_t d : shape)
    if (d <= 0) return {};
  return shape;
}

/// A dtype the array readers turn into numbers (tensor_file.hpp: F16, BF16, F32, F64).
bool drawableDtype(const std::string& dtype) {
  return dtype == "F16" || dtype == "BF16" || dtype == "F32" || dtype == "F64";
}

/// The checks of a found tensor, as phrases: its shape against the config, and its dtype.
std::string shapeCheck(const TensorFound& t) {
  std::string s;
  if (!t.expected.empty())
    s = t.shapeOk() ? "shape ok"
                    : "shape mismatch: expected " + shapeText(t.expected) + " from the config";
  if (!drawableDtype(t.dtype))
    s += (s.empty() ? "" : "; ") + std::string("dtype ") + t.dtype +
         " cannot be drawn (F16, BF16, F32 or F64)";
  return s;
}

/// Text from a file, a path or the command line for the terminal: the one printable filter
/// (text_util.hpp), long enough for a path.
std::string shown(std::string_view text) { return detail::printableUpTo(text, 1024); }

void writeText(std::ostream& out, const ModelReport& r) {
  out << "model: " << shown(r.given) << (r.files.repoId.empty() ? "" : " (Hugging Face cache)")
      << "\n";
  out << "config: " << (r.files.config.empty() ? "(none)" : shown(r.files.config.string())) << "\n";
  out << "checkpoint: "
      << (r.files.checkpoint.empty() ? "(none)" : shown(r.files.checkpoint.string()));
  if (!r.files.checkpoint.empty()) out << " (" << r.checkpointTensors << " tensors)";
  out << "\n";
  if (!r.mapping) {
    out << "scheme: unknown (no config.json beside the checkpoint)\n";
    return;
  }
  const ModelMapping& m = *r.mapping;
  out << "model_type: " << shown(m.modelType) << "\nscheme: " << shown(m.scheme) << "\nparameters:";
  for (const auto& [k, v] : m.params)  // a long list (LongRoPE's factors) cut to 57 + "..."
    out << " " << shown(k) << "=" << detail::printableUpTo(v, v.size() > 60 ? 57 : 60);
  out << "\n";
  if (!r.paramsError.empty()) out << "parameters refused: " << shown(r.paramsError) << "\n";
  if (!m.tensors.empty()) out << "tensors:\n";
  for (const TensorFound& t : r.tensors) {
    out << "  " << shown(t.role) << ": ";
    if (t.found) {
      const std::string check = shapeCheck(t);
      out << shown(t.name) << "  " << shown(t.dtype) << " " << shapeText(t.shape) << "  "
          << shown(t.file.filename().string()) << (check.empty() ? "" : "  " + shown(check))
          << "\n";
    } else {
      out << (r.files.checkpoint.empty() ? "no checkpoint" : "not in the checkpoint")
          << " (looked for " << shown(joined(t.lookedFor, ", "))
          << "): the random stand-in is drawn\n";
    }
  }
  if (!m.layers.empty()) out << "layers: " << shown(layerSummary(m).english()) << "\n";
  for (const ReportedValue& v : m.reported)
    out << shown(v.name) << ": " << formatValue(Value{v.value}) << " = "
        << shown(v.formula.english()) << "\n";
  for (const Message& n : m.notUnderstood) out << "not understood: " << shown(n.english()) << "\n";
  for (const Message& n : m.notes) out << "note: " << shown(n.english()) << "\n";
}

std::string stringArray(const std::vector<std::string>& v);
std::string stringArray(const std::vector<Message>& v);

void writeParamsObject(std::ostream& out, const ParamAssignments& params) {
  out << "{";
  for (std::size_t i = 0; i < params.size(); ++i)
    out << (i ? ", " : "") << jsonString(params[i].first) << ": " << jsonString(params[i].second);
  out << "}";
}

void writeLayersJson(std::ostream& out, const ModelMapping& m) {
  out << ", \"layers\": [";
  for (std::size_t i = 0; i < m.layers.size(); ++i) {
    const ModelLayer& l = m.layers[i];
    out << (i ? ", " : "") << "{\"index\": " << l.index << ", \"type\": " << jsonString(l.type)
        << ", \"scheme\": " << jsonString(l.scheme) << ", \"params\": ";
    writeParamsObject(out, l.params);
    out << ", \"window\": " << (l.window ? std::to_string(*l.window) : std::string("null"))
        << ", \"notes\": " << stringArray(l.notes) << "}";
  }
  out << "], \"reported\": [";
  for (std::size_t i = 0; i < m.reported.size(); ++i) {
    const ReportedValue& v = m.reported[i];
    char value[32];
    std::snprintf(value, sizeof value, "%.17g", v.value);
    out << (i ? ", " : "") << "{\"name\": " << jsonString(v.name) << ", \"value\": " << value
        << ", \"formula\": " << jsonString(v.formula.english()) << "}";
  }
  out << "]";
}

std::string stringArray(const std::vector<std::string>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + jsonString(v[i]);
  return s + "]";
}

/// Messages as a JSON array of their English.
std::string stringArray(const std::vector<Message>& v) {
  std::vector<std::string> english;
  english.reserve(v.size());
  for (const Message& m : v) english.push_back(m.english());
  return stringArray(english);
}

void writeJson(std::ostream& out, const ModelReport& r) {
  const auto path = [](const fs::path& p) {
    return p.empty() ? std::string("null") : jsonString(p.string());
  };
  out << "{\"model\": " << jsonString(r.given)
      << ", \"repo_id\": " << (r.files.repoId.empty() ? "null" : jsonString(r.files.repoId))
      << ", \"config\": " << path(r.files.config)
      << ", \"checkpoint\": " << path(r.files.checkpoint)
      << ", \"checkpoint_tensors\": " << r.checkpointTensors;
  if (!r.mapping) {
    out << ", \"scheme\": null}\n";
    return;
  }
  const ModelMapping& m = *r.mapping;
  out << ", \"model_type\": " << jsonString(m.modelType) << ", \"scheme\": " << jsonString(m.scheme)
      << ", \"params\": ";
  writeParamsObject(out, m.params);
  out << ", \"params_error\": " << (r.paramsError.empty() ? "null" : jsonString(r.paramsError))
      << ", \"tensors\": [";
  for (std::size_t i = 0; i < r.tensors.size(); ++i) {
    const TensorFound& t = r.tensors[i];
    out << (i ? ", " : "") << "{\"role\": " << jsonString(t.role)
        << ", \"found\": " << (t.found ? "true" : "false")
        << ", \"looked_for\": " << stringArray(t.lookedFor);
    if (t.found) {
      out << ", \"name\": " << jsonString(t.name) << ", \"dtype\": " << jsonString(t.dtype)
          << ", \"shape\": [";
      for (std::size_t k = 0; k < t.shape.size(); ++k) out << (k ? ", " : "") << t.shape[k];
      out << "], \"file\": " << jsonString(t.file.string());
      out << ", \"expected_shape\": ";
      if (t.expected.empty()) {
        out << "null, \"shape_ok\": null";
      } else {
        out << "[";
        for (std::size_t k = 0; k < t.expected.size(); ++k) out << (k ? ", " : "") << t.expected[k];
        out << "], \"shape_ok\": " << (t.shapeOk() ? "true" : "false");
      }
      out << ", \"drawable_dtype\": " << (drawableDtype(t.dtype) ? "true" : "false");
    }
    out << "}";
  }
  out << "]";
  writeLayersJson(out, m);
  out << ", \"not_understood\": " << stringArray(m.notUnderstood)
      << ", \"notes\": " << stringArray(m.notes) << "}\n";
}

}  // namespace

bool TensorFound::shapeOk() const {
  if (expected.empty()) return true;
  auto first = shape.begin();
  while (shape.end() - first > static_cast<std::ptrdiff_t>(expected.size()) && *first == 1) ++first;
  return std::equal(first, shape.end(), expected.begin(), expected.end());
}

ModelReport inspectModel(const std::string& pathOrId, const fs::path& cache) {
  ModelReport r;
  r.given = pathOrId;
  r.files = locateModel(pathOrId, cache);
  const std::vector<SafetensorsFile> files = checkpointFiles(r.files.checkpoint);
  r.checkpointTensors = 0;
  for (const SafetensorsFile& f : files)
    r.checkpointTensors += static_cast<std::int64_t>(f.tensors().size());
  if (r.files.config.empty()) return r;
  r.mapping = mapConfig(readConfig(r.files.config), r.files.config.string());
  try {
    (void)makeParams(findScheme(r.mapping->scheme), r.mapping->params);
  } catch (const ParamError& e) {
    r.paramsError = e.what();
  }
  const std::vector<std::int64_t> expected = expectedShape(*r.mapping);
  for (const TensorUse& use : r.mapping->tensors) {
    TensorFound t;
    t.role = use.role;
    t.lookedFor = use.names;
    t.expected = expected;
    for (const std::string& name : use.names) {
      const auto it = std::find_if(files.begin(), files.end(),
                                   [&](const SafetensorsFile& f) { return f.find(name); });
      if (it == files.end()) continue;
      const TensorEntry* e = it->find(name);
      t.found = true;
      t.name = name;
      t.dtype = e->dtype;
      t.shape = e->shape;
      t.file = it->name();
      break;
    }
    r.tensors.push_back(std::move(t));
  }
  return r;
}

namespace {

/// The parameters that draw the checkpoint's own tensors (TensorUse::param = "FILE:NAME", or
/// "FILE"), after those of `params`, which win.
void addCheckpointParams(const ModelReport& r, ParamAssignments& params) {
  const ModelMapping& m = *r.mapping;
  for (std::size_t i = 0; i < m.tensors.size() && i < r.tensors.size(); ++i) {
    const TensorUse& use = m.tensors[i];
    const TensorFound& t = r.tensors[i];
    if (use.param.empty() || !t.found) continue;
    // A sharded checkpoint is named by its index, which maps the name to the shard.
    const fs::path file = use.fileOnly ? r.files.checkpoint : t.file;
    const std::string value = use.fileOnly ? file.string() : file.string() + ":" + t.name;
    const auto it = std::find_if(params.begin(), params.end(),
                                 [&](const auto& p) { return p.first == use.param; });
    if (it == params.end()) params.emplace_back(use.param, value);
  }
}

}  // namespace

ModelSetup layerSetup(const ModelSetup& whole, std::int64_t index) {
  const ModelMapping* m = whole.report.mapping ? &*whole.report.mapping : nullptr;
  const ModelLayer& layer = detail::checkedLayer(m, index, whole.label);
  ModelSetup s = whole;
  s.scheme = layer.scheme;
  s.params = layer.params;
  s.layer = index;
  // The checkpoint's tensors draw every layer of the model's own scheme (not a NoPE layer's).
  if (layer.scheme == s.report.mapping->scheme) addCheckpointParams(s.report, s.params);
  return s;
}

ModelSetup modelSetup(const std::string& pathOrId, const fs::path& cache) {
  ModelSetup s;
  s.report = inspectModel(pathOrId, cache);
  const ModelFiles& f = s.report.files;
  if (!s.report.mapping) throw ModelError(f.checkpoint.string(), Message(kNoConfigBeside));
  const ModelMapping& m = *s.report.mapping;
  s.scheme = m.scheme;
  s.params = m.params;
  addCheckpointParams(s.report, s.params);
  if (!f.repoId.empty()) {
    s.label = f.repoId;
  } else if (!f.config.empty()) {
    const fs::path folder = fs::absolute(f.config).lexically_normal().parent_path();
    s.label = folder.filename().string();
  }
  if (s.label.empty()) s.label = (f.config.empty() ? f.checkpoint : f.config).filename().string();
  if (layerKinds(m).size() > 1) s.layer = longRangeLayer(m);
  return s;
}

void writeModelReport(std::ostream& out, const ModelReport& report, bool json) {
  json ? writeJson(out, report) : writeText(out, report);
}

void writeModelList(std::ostream& out, const fs::path& cache,
                    const std::vector<CachedModel>& models, bool json) {
  if (!json)
    out << "Hugging Face cache: "
        << (cache.empty() ? "(none: HOME is not set)" : shown(cache.string())) << "\n";
  if (json) out << "[";
  bool first = true;
  for (const CachedModel& m : models) {
    std::string scheme, modelType, error;
    try {
      const ModelMapping map = mapConfig(readConfig(m.snapshot / "config.json"), "config.json");
      scheme = map.scheme;
      modelType = map.modelType;
    } catch (const ModelError& e) {
      error = e.what();
    }
    if (json) {
      out << (first ? "\n " : ",\n ") << "{\"repo_id\": " << jsonString(m.repoId)
          << ", \"revision\": " << jsonString(m.revision)
          << ", \"path\": " << jsonString(m.snapshot.string())
          << ", \"model_type\": " << (modelType.empty() ? "null" : jsonString(modelType))
          << ", \"scheme\": " << (scheme.empty() ? "null" : jsonString(scheme))
          << ", \"error\": " << (error.empty() ? "null" : jsonString(error)) << "}";
    } else {
      out << "  " << shown(m.repoId) << "  "
          << shown(scheme.empty() ? "(not mapped: " + error + ")" : scheme + " (" + modelType + ")")
          << "\n";
    }
    first = false;
  }
  if (json) out << (first ? "]\n" : "\n]\n");
  if (!json && models.empty()) out << "  (no models with a config.json)\n";
}

}  // namespace posenc
