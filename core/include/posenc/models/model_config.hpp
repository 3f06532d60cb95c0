// SPDX-License-Identifier: GPL-3.0-or-later
// Real models in: where a model's files are (a folder, a config.json, a .safetensors file or a
// repo id in the local Hugging Face cache; never the network), and what its config.json means
// for us: the scheme and parameters it maps to, the tensors of its checkpoint that hold its
// positional encoding, and what in the config was not understood. The mapping follows how
// current Hugging Face transformers reads each config (the model's configuration_*.py and
// modeling_rope_utils.py `standardize_rope_params` / `_compute_*_parameters`); see
// docs/CONVENTIONS.md "Models".
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/base/message.hpp"
#include "posenc/base/view.hpp"

namespace posenc {

/// One tensor of a checkpoint the mapped scheme draws from, with the names it may have (a
/// checkpoint saved from a task model carries a prefix such as "transformer.", "model." or
/// "bert."; the first name present in the checkpoint is used).
struct TensorUse {
  std::string role{};                ///< What it is, e.g. "position table", "relative bias".
  std::vector<std::string> names{};  ///< Candidate names, preferred first.
  /// The scheme's Text parameter that receives the tensor as "FILE:NAME" (modelSetup), e.g.
  /// "table"; empty: shown by inspect only.
  std::string param{};
  /// The parameter receives "FILE" only (the scheme picks the name itself from another
  /// parameter, as t5's `stack` picks the encoder's or the decoder's bias).
  bool fileOnly = false;
};

/// `--set` assignments (values as text), as a mapping holds parameters.
using ParamAssignments = std::vector<std::pair<std::string, std::string>>;

/// One decoder layer of a model as its config builds it (the config's `layer_types`, or the
/// family's rule where the config has none: docs/models.md "Layer rules").
struct ModelLayer {
  std::int64_t index = 0;  ///< 0 .. num_hidden_layers - 1.
  /// The config's layer type: "full_attention", "sliding_attention", "chunked_attention",
  /// "linear_attention", ... ("full_attention" for a model whose layers are all alike).
  std::string type{};
  /// The scheme drawing this layer: the model's scheme, or "nope" for a layer without
  /// positional encoding (Llama 4's every 4th layer, Qwen3-Next's linear attention).
  std::string scheme{};
  /// That layer's parameters in `--set` form, complete as ModelMapping::params are (the
  /// scheme's makeParams accepts them).
  ParamAssignments params{};
  /// Sliding window or chunk size in tokens; empty for full attention.
  std::optional<std::int64_t> window{};
  std::vector<Message> notes{};  ///< What is particular to this layer.
  friend bool operator==(const ModelLayer&, const ModelLayer&) = default;
};

/// A number the model derives from its config that no parameter draws, reported with its
/// formula (DeepSeek's softmax-scale multiplier mscale(factor, mscale_all_dim)^2).
struct ReportedValue {
  std::string name{};  ///< e.g. "softmax_scale_multiplier".
  double value = 0;    ///< e.g. 1.8738...
  /// e.g. "mscale(factor, mscale_all_dim)^2 = (0.1 * 1 * ln(40) + 1)^2 (...)", as data: the
  /// window says it in its own language.
  Message formula{};
};

/// What a config.json maps to.
struct ModelMapping {
  std::string modelType{};  ///< config's model_type, e.g. "llama".
  std::string scheme{};     ///< Scheme id, e.g. "rope".
  /// Parameter assignments in `--set` form (values as text), applied over the scheme's
  /// defaults; the caller validates them with makeParams.
  std::vector<std::pair<std::string, std::string>> params{};
  std::vector<TensorUse> tensors{};  ///< Empty for rope and alibi (nothing learned).
  /// Keys of config.json about position that were not understood (e.g. an unknown
  /// rope_scaling key), each with why.
  std::vector<Message> notUnderstood{};
  /// Notes for the picture and `inspect` (e.g. RoBERTa's offset of 2), as data: inspect
  /// writes their English, the window says them in its own language.
  std::vector<Message> notes{};
  /// One entry per decoder layer (num_hidden_layers of them; empty when the config gives no
  /// layer count). `scheme` and `params` above are those of the long-range layers: the first
  /// full-attention layer with positional encoding, else the first layer with any.
  std::vector<ModelLayer> layers{};
  /// Values derived from the config that no parameter draws (softmax-scale multipliers, Llama
  /// 4's attention temperature tuning).
  std::vector<ReportedValue> reported{};
};

/// Thrown for a config that cannot be mapped: not JSON, no model_type, an unknown model_type
/// (the message lists the supported ones), or a value of the wrong type (naming the key).
/// The sentence is a Message (MessageError), so the window says it in its own language; what()
/// is its English.
class ModelError : public std::runtime_error, public MessageError {
 public:
  /// "FILE: REASON": `file` names the config, folder or checkpoint as given (already filtered
  /// by whoever read it from outside).
  ModelError(const std::string& file, const Message& reason);
  /// A whole sentence.
  explicit ModelError(Message sentence);
  [[nodiscard]] const Message& message() const override { return m_message; }

 private:
  Message m_message{};
};

/// The model types mapConfig understands, sorted.
[[nodiscard]] const std::vector<std::string>& supportedModelTypes();

/// Maps the text of a config.json. `file` names it in messages.
/// @throws ModelError.
[[nodiscard]] ModelMapping mapConfig(std::string_view configText, const std::string& file);

/// The Hugging Face hub cache folder: $HF_HUB_CACHE, else $HF_HOME/hub, else
/// ~/.cache/huggingface/hub (from $HOME). Empty when none can be formed.
[[nodiscard]] std::filesystem::path huggingFaceCache();

/// A model found in the hub cache: models--ORG--NAME/snapshots/REV/ with a config.json.
struct CachedModel {
  std::string repoId{};              ///< "ORG/NAME" (or "NAME" for a repo without org).
  std::string revision{};            ///< The snapshot folder's name.
  std::filesystem::path snapshot{};  ///< The snapshot folder.
};

/// Every model of the cache folder that has a snapshot with a config.json: for each repo the
/// revision refs/main names when that snapshot exists, else the newest snapshot folder.
/// Sorted by repo id. A missing cache folder gives an empty list.
[[nodiscard]] std::vector<CachedModel> listCachedModels(const std::filesystem::path& cache);

/// Where a model's files are.
struct ModelFiles {
  std::filesystem::path config{};  ///< config.json (empty when only a checkpoint was given).
  /// The checkpoint: a .safetensors file, or model.safetensors.index.json of a sharded one;
  /// empty when the folder has no checkpoint (config only).
  std::filesystem::path checkpoint{};
  std::string repoId{};  ///< Set when resolved from the cache.
};

/// Resolves what `--model PATH` names: a folder (config.json, and model.safetensors or
/// model.safetensors.index.json), a config.json file, a .safetensors file (config.json beside
/// it if present), or a repo id such as "gpt2" or "meta-llama/Llama-3.1-8B" looked up in
/// `cache` (refs/main's snapshot, else the newest). Never the network. A path that exists but
/// cannot be used (a FIFO, a device, a symbolic link loop, no permission) is refused saying
/// what it is, not looked up in the cache; so is a folder's config.json, model.safetensors or
/// index that is one (never taken for a missing file and replaced by the random stand-in).
/// @throws ModelError naming PATH (or the file in it) and saying what was looked for.
[[nodiscard]] ModelFiles locateModel(const std::string& pathOrId,
                                     const std::filesystem::path& cache);

/// One tensor a mapping asks for, as found (or not) in the checkpoint.
struct TensorFound {
  std::string role{};
  std::vector<std::string> lookedFor{};  ///< The candidate names, preferred first.
  bool found = false;
  std::string name{};  ///< The name found.
  std::string dtype{};
  std::vector<std::int64_t> shape{};
  std::filesystem::path file{};  ///< The file (shard) holding it.
  /// The shape the config's parameters give it (learned: (max_len, dim); t5: (buckets, heads);
  /// xl: (heads, d_model / heads); deberta: (2 * buckets or 2 * max_relative_positions,
  /// d_model)); empty when the mapping gives none. Compared with `shape` after dropping
  /// leading dimensions of size 1 (ViT's (1, 197, 768)), as tableParam reads it.
  std::vector<std::int64_t> expected{};
  /// `shape` is `expected` (true when nothing is expected).
  [[nodiscard]] bool shapeOk() const;
};

/// What `posenc inspect` reports about a model.
struct ModelReport {
  std::string given{};  ///< PATH as given.
  ModelFiles files{};
  std::optional<ModelMapping> mapping{};  ///< Empty when there is no config.json.
  /// The mapped parameters refused by the scheme (makeParams' message), empty when accepted.
  std::string paramsError{};
  std::vector<TensorFound> tensors{};
  std::int64_t checkpointTensors = 0;  ///< Tensors in the checkpoint (all shards).
};

/// Locates the model, maps its config, validates the parameters with the scheme and finds
/// the tensors in the checkpoint's headers (no tensor data is read).
/// @throws ModelError or FileError naming the file that cannot be used.
[[nodiscard]] ModelReport inspectModel(const std::string& pathOrId,
                                       const std::filesystem::path& cache);

/// A model made ready to draw: what `--model PATH` and File > Open Model apply.
struct ModelSetup {
  /// A short name for subtitles and titles: the repo id when from the cache, else the model
  /// folder's name (or the checkpoint's file name when there is no folder).
  std::string label{};
  std::string scheme{};
  /// The mapping's parameters, then one per tensor found: its TensorUse::param set to
  /// "FILE:NAME" (or "FILE"), so the scheme draws the checkpoint's own table.
  std::vector<std::pair<std::string, std::string>> params{};
  ModelReport report{};
  /// The decoder layer drawn (ModelLayer::index): the one chosen (layerSetup), else, for a
  /// model whose layers differ, the long-range layer the mapping's parameters are taken from
  /// (longRangeLayer); empty for a model whose layers are all alike or that lists none.
  std::optional<std::int64_t> layer{};
};

/// inspectModel, then the parameters that draw the model.
/// @throws ModelError when there is no config.json to map (a lone checkpoint) or the config
/// cannot be mapped, FileError for a broken checkpoint.
[[nodiscard]] ModelSetup modelSetup(const std::string& pathOrId,
                                    const std::filesystem::path& cache);

/// The layers of a model grouped by what they use (type, scheme, parameters, window), in order of
/// first appearance: what the window's layer chooser offers by type, what `gallery --model`
/// draws once each, and the curves of the layers view.
struct LayerKind {
  std::vector<std::int64_t> indices{};  ///< Increasing; the first is the kind's first layer.
  std::string type{};                   ///< ModelLayer::type.
  std::string scheme{};                 ///< ModelLayer::scheme.
  std::optional<std::int64_t> window{};
  /// Its type and what it uses where the kinds differ, as layerSummary says it (e.g.
  /// "sliding_attention: rope base=10000, window 1024").
  Message label{};
};

/// The kinds of layers of `m` (empty without layers).
[[nodiscard]] std::vector<LayerKind> layerKinds(const ModelMapping& m);

/// The layer whose scheme and parameters are the mapping's own (ModelMapping::scheme, params):
/// the first full-attention layer with positional encoding, else the first with any, else
/// layer 0; empty for a mapping without layers.
[[nodiscard]] std::optional<std::int64_t> longRangeLayer(const ModelMapping& m);

/// The layer `text` names in `m`: an index 0 .. N-1, or a layer type (e.g. "sliding_attention")
/// for the first layer of that type. `model` names the model in messages.
/// @throws ModelError naming the value and what is allowed (the index range and the types),
/// also for a model that lists no layers.
[[nodiscard]] std::int64_t findLayer(const ModelMapping& m, std::string_view text,
                                     const std::string& model);

/// `whole` (a modelSetup) drawing layer `index` instead: that layer's scheme and parameters,
/// with the checkpoint's tensors kept when the layer's scheme is the model's; `layer` set.
/// The one function the window's layer chooser and `--layer` both go through.
/// @throws ModelError for an index the model does not have (naming the range).
[[nodiscard]] ModelSetup layerSetup(const ModelSetup& whole, std::int64_t index);

/// What pictures name as the model drawn: the label, with the layer when one is set ("gemma-3,
/// layer 5 of 62: full_attention").
[[nodiscard]] Message drawnModel(const ModelSetup& setup);

/// The `layers` view of a model: one bar per decoder layer over the layer index, as high as the
/// keys a query of that layer can reach (its sliding window or chunk, else the model's
/// context), one colour per kind of layer (layerKinds), named by type and what it uses; e.g.
/// Gemma 3's five short local bars to one tall global bar.
struct LayersView {
  ViewSpec spec{};
  SeriesResult series{};
  /// The curves' names as messages (LayerKind::label), for a legend in the reader's language;
  /// series.curves[k].name is names[k]'s English.
  std::vector<Message> names{};
};

/// The layers view of `m` (a full-attention layer reaches the layer's `length` parameter, the
/// model's context); `model` names the model in messages.
/// @throws ModelError for a mapping without layers.
[[nodiscard]] LayersView layersView(const ModelMapping& m, const std::string& model);

/// The layers of `m` in one sentence, runs of alike layers with their count, type, indices and
/// what they use, e.g. "52 sliding_attention: rope base=10000 scaling=none, window 1024; 10
/// full_attention at 5, 11, 17, ..., 59: rope base=1000000 scaling=linear factor=8". Empty for
/// a mapping without layers.
[[nodiscard]] Message layerSummary(const ModelMapping& m);

/// The report as text (one fact per line) or as one JSON object.
void writeModelReport(std::ostream& out, const ModelReport& report, bool json);

/// The cached models (listCachedModels) with the scheme each maps to (or why not), as text
/// or as a JSON array; `cache` is named first in the text.
void writeModelList(std::ostream& out, const std::filesystem::path& cache,
                    const std::vector<CachedModel>& models, bool json);

}  // namespace posenc
