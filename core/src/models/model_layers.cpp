// SPDX-License-Identifier: GPL-3.0-or-later
// A model's layers for the reader (model_config.hpp): grouped by kind, summarised in one
// sentence, named on the command line (--layer) and in the window's chooser, drawn one at a
// time (layerSetup) and as a stack (layersView).
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "base/text_util.hpp"
#include "models/config_reader.hpp"
#include "posenc/models/model_config.hpp"

namespace posenc {

namespace {

const MessageTemplate kLayerRun{
    "%1 %2: %3",
    "a run of a model's layers: %1 how many; %2 their type, e.g. sliding_attention; "
    "%3 what they use, e.g. 'rope base=10000, window 1024'"};
const MessageTemplate kLayerRunAt{
    "%1 %2 at %3: %4",
    "a run of a model's layers: %1 how many; %2 their type; %3 their indices, e.g. '5, 11, "
    "..., 59'; %4 what they use"};
const MessageTemplate kLayerRuns{"%1; %2", "two runs of layers, one after the other"};
const MessageTemplate kLayerWindow{"%1, window %2",
                                   "%1: what a layer uses; %2: its sliding window or chunk in "
                                   "tokens"};
const MessageTemplate kLayerNoPosition{"%1 (no positional encoding)",
                                       "%1: the scheme id of a layer without positions, nope"};
const MessageTemplate kNoLayers{
    "%1 lists no layers (its config gives no num_hidden_layers), so there is no layer %2 to "
    "draw",
    "%1: a model's name; %2: the layer asked for"};
const MessageTemplate kNoSuchLayer{
    "%1 has no layer '%2': give an index from 0 to %3 or a layer type (%4)",
    "%1: a model's name; %2: the value given; %3: the last layer's index; %4: the model's layer "
    "types, e.g. 'sliding_attention or full_attention'"};
const MessageTemplate kDrawnLayer{
    "%1, layer %2 of %3: %4",
    "the model drawn, in a picture's subtitle: %1 its name; %2 the layer's index; %3 how many "
    "layers the model has; %4 the layer's type, e.g. full_attention"};
const MessageTemplate kModelName{
    "%1", "a model's name alone (not translated: a name), where a picture names the model drawn"};
const MessageTemplate kLayerKindCurve{
    "%1: %2", "a kind of layer in the layers view's legend: %1 its type; %2 what it uses"};

/// "5, 11, 17, ..., 59": at most four indices, the last after an ellipsis.
std::string indexList(const std::vector<std::int64_t>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v.size() > 4 && i == 3) {
      s += ", ..., " + std::to_string(v.back());
      break;
    }
    s += (i ? ", " : "") + std::to_string(v[i]);
  }
  return s;
}

bool sameKind(const ModelLayer& a, const ModelLayer& b) {
  return a.type == b.type && a.scheme == b.scheme && a.params == b.params && a.window == b.window;
}

/// What a kind's layers use: the scheme and the parameters in which the kinds differ.
MessageArg layerUse(const ModelLayer& l, const std::vector<const ModelLayer*>& firsts,
                    const std::string& modelScheme) {
  std::string use = l.scheme;
  for (const auto& [k, v] : l.params) {
    if (k == "window" || k == "window_kind") continue;  // said once, as ", window N", below
    bool differs = false;
    for (const ModelLayer* o : firsts) {
      if (o->scheme != l.scheme) continue;
      differs = differs || detail::paramText(o->params, k) != v;
    }
    if (differs) use += " " + k + "=" + detail::printableUpTo(v, 40);
  }
  MessageArg arg = use;
  if (l.scheme != modelScheme) arg = Message(kLayerNoPosition, {use});
  if (l.window) arg = Message(kLayerWindow, {arg, std::to_string(*l.window)});
  return arg;
}

/// The layer types of `m` in order of first appearance.
std::vector<std::string> layerTypes(const ModelMapping& m) {
  std::vector<std::string> types;
  for (const ModelLayer& l : m.layers)
    if (std::find(types.begin(), types.end(), l.type) == types.end())
      types.push_back(detail::printableUpTo(l.type, 60));
  return types;
}

}  // namespace

namespace {

/// The first layer of each kind, in order of first appearance, and the indices of each kind.
struct Grouped {
  std::vector<const ModelLayer*> firsts{};
  std::vector<std::vector<std::int64_t>> indices{};
};

Grouped grouped(const ModelMapping& m) {
  Grouped g;
  for (const ModelLayer& l : m.layers) {
    const auto it = std::find_if(g.firsts.begin(), g.firsts.end(),
                                 [&](const ModelLayer* f) { return sameKind(*f, l); });
    if (it == g.firsts.end()) {
      g.firsts.push_back(&l);
      g.indices.push_back({l.index});
    } else {
      g.indices[static_cast<std::size_t>(it - g.firsts.begin())].push_back(l.index);
    }
  }
  return g;
}

}  // namespace

std::vector<LayerKind> layerKinds(const ModelMapping& m) {
  const Grouped g = grouped(m);
  std::vector<LayerKind> kinds;
  for (std::size_t k = 0; k < g.firsts.size(); ++k) {
    const ModelLayer& l = *g.firsts[k];
    const std::string type = detail::printableUpTo(l.type, 60);
    kinds.push_back(LayerKind{g.indices[k], l.type, l.scheme, l.window,
                              Message(kLayerKindCurve, {type, layerUse(l, g.firsts, m.scheme)})});
  }
  return kinds;
}

Message layerSummary(const ModelMapping& m) {
  const Grouped g = grouped(m);
  std::vector<Message> runs;
  for (std::size_t n = 0; n < g.firsts.size(); ++n) {
    const std::vector<std::int64_t>& idx = g.indices[n];
    const std::string count = std::to_string(idx.size());
    const bool contiguous = idx.back() - idx.front() + 1 == static_cast<std::int64_t>(idx.size());
    // Indices are listed only when they step evenly (Gemma 3's global 5, 11, ..., 59): "0, 1,
    // 2, ..., 61" for its local layers would claim every layer from 0 to 61.
    bool even = true;
    for (std::size_t k = 2; k < idx.size(); ++k)
      even = even && idx[k] - idx[k - 1] == idx[1] - idx[0];
    const std::string type = detail::printableUpTo(g.firsts[n]->type, 60);
    const MessageArg use = layerUse(*g.firsts[n], g.firsts, m.scheme);
    runs.push_back(g.firsts.size() == 1 || contiguous || !even
                       ? Message(kLayerRun, {count, type, use})
                       : Message(kLayerRunAt, {count, type, indexList(idx), use}));
  }
  if (runs.empty()) return Message();
  Message all = runs.back();
  for (std::size_t i = runs.size() - 1; i-- > 0;) all = Message(kLayerRuns, {runs[i], all});
  return all;
}

std::optional<std::int64_t> longRangeLayer(const ModelMapping& m) {
  // The rule buildLayers takes the mapping's own parameters by (config_layers.cpp).
  if (m.layers.empty()) return std::nullopt;
  for (const ModelLayer& l : m.layers)
    if (l.type == "full_attention" && l.scheme == m.scheme) return l.index;
  for (const ModelLayer& l : m.layers)
    if (l.scheme == m.scheme) return l.index;
  return m.layers.front().index;
}

std::int64_t findLayer(const ModelMapping& m, std::string_view text, const std::string& model) {
  const std::string shownText = detail::printable(text);
  if (m.layers.empty()) throw ModelError(Message(kNoLayers, {model, shownText}));
  std::int64_t index = -1;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, index);
  if (ec == std::errc() && ptr == end && !text.empty()) {
    if (index >= 0 && index < static_cast<std::int64_t>(m.layers.size())) return index;
  } else {
    for (const ModelLayer& l : m.layers)
      if (l.type == text) return l.index;
  }
  throw ModelError(Message(kNoSuchLayer, {model, shownText, std::to_string(m.layers.size() - 1),
                                          MessageArg::list(layerTypes(m))}));
}

const ModelLayer& detail::checkedLayer(const ModelMapping* m, std::int64_t index,
                                       const std::string& model) {
  if (!m || m->layers.empty()) throw ModelError(Message(kNoLayers, {model, std::to_string(index)}));
  if (index < 0 || index >= static_cast<std::int64_t>(m->layers.size()))
    throw ModelError(
        Message(kNoSuchLayer, {model, std::to_string(index), std::to_string(m->layers.size() - 1),
                               MessageArg::list(layerTypes(*m))}));
  return m->layers[static_cast<std::size_t>(index)];
}

Message drawnModel(const ModelSetup& setup) {
  const ModelMapping* m = setup.report.mapping ? &*setup.report.mapping : nullptr;
  if (!setup.layer || !m || *setup.layer < 0 ||
      *setup.layer >= static_cast<std::int64_t>(m->layers.size()))
    return Message(kModelName, {detail::printableUpTo(setup.label, 120)});
  const ModelLayer& l = m->layers[static_cast<std::size_t>(*setup.layer)];
  return Message(kDrawnLayer,
                 {detail::printableUpTo(setup.label, 120), std::to_string(l.index),
                  std::to_string(m->layers.size()), detail::printableUpTo(l.type, 60)});
}

LayersView layersView(const ModelMapping& m, const std::string& model) {
  if (m.layers.empty()) throw ModelError(Message(kNoLayers, {model, "view"}));
  LayersView v;
  v.spec = {.id = "layers",
            .kind = ViewKind::Series,
            .title = "The model's layers: how far each attends, and how it encodes position",
            .xLabel = "layer",
            .yLabel = "keys a query can reach (tokens)",
            .valueLabel = "",
            .bars = true,
            .logY = true,
            .disjointBars = true,
            .description =
                "One bar per decoder layer, as high as the keys a query of that layer can reach: "
                "its sliding window or chunk, else the whole context (the layer's length); one "
                "colour per kind of layer, named by its type and the encoding it uses."};
  for (const ModelLayer& l : m.layers) v.series.x.push_back(static_cast<double>(l.index));
  const std::string contextText = detail::paramText(m.params, "length");
  for (const LayerKind& k : layerKinds(m)) {
    Curve c;
    c.name = k.label.english();
    v.names.push_back(k.label);
    c.y.assign(m.layers.size(), std::numeric_limits<double>::quiet_NaN());
    for (const std::int64_t i : k.indices) {
      const ModelLayer& l = m.layers[static_cast<std::size_t>(i)];
      std::string length = detail::paramText(l.params, "length");
      if (length.empty()) length = contextText;
      double reach =
          l.window ? static_cast<double>(*l.window) : std::strtod(length.c_str(), nullptr);
      if (!(reach > 0)) reach = std::numeric_limits<double>::quiet_NaN();
      c.y[static_cast<std::size_t>(i)] = reach;
    }
    v.series.curves.push_back(std::move(c));
  }
  return v;
}

}  // namespace posenc
