// SPDX-License-Identifier: GPL-3.0-or-later
// The check of one layer of a model (check.hpp checkView): the region by checkRegion's rule,
// checkArray, and the slip no view of the layer itself can show, RoPE applied on a layer
// without positional encoding (Llama 4's every 4th layer, Qwen3-Next's linear attention). A
// NoPE layer has no cos, sin or angles view; its mask is the RoPE layers' too, and its
// attention draws random stand-in q and k. So yours is compared with the views of the model's
// long-range layer (longRangeLayer) that the layer lacks: asked for one of them (`posenc check
// --model M --layer 3 --view cos`), or tried on yours' shape when yours does not match the
// layer's own view (the window, which checks the view it shows).
#include <algorithm>
#include <cstddef>
#include <exception>
#include <string>
#include <vector>

#include "posenc/check/check.hpp"

namespace posenc {

namespace {

const MessageTemplate kRopeOnNopeHeadline{"Positional encoding on a layer that has none",
                                          "a slip: RoPE applied on a NoPE layer"};
const MessageTemplate kRopeOnNopeDetail{
    "Your %1 is the %2 of the model's %3 layers (layer %4's, %5), but layer %6 (%7) is %8, "
    "which has no %2 view: the model's positional encoding applied on a layer without it "
    "(RoPE on a NoPE layer); leave q and k of layer %6 unrotated.",
    "%1: your file; %2: a view id (cos, sin, angles); %3: a scheme id (rope); %4, %6: layer "
    "indices; %5, %7: layer types (full_attention, ...); %8: the layer's scheme id (nope)"};
const MessageTemplate kNeitherLayerView{
    "a view of layer %1's scheme %2 (%3): layer %1 (%4) is %2, which has no %5 view, and %6 "
    "is not the %5 of the model's %7 layers (layer %8's) either",
    "%1, %8: layer indices; %2, %7: scheme ids; %3: the view ids; %4: the layer's type; %5: "
    "the view asked; %6: your file"};

bool hasView(const Scheme& scheme, std::string_view view) {
  return std::any_of(scheme.info().views.begin(), scheme.info().views.end(),
                     [&](const ViewSpec& v) { return v.id == view; });
}

std::vector<std::string> viewIds(const Scheme& scheme) {
  std::vector<std::string> ids;
  for (const ViewSpec& v : scheme.info().views) ids.push_back(v.id);
  return ids;
}

const ModelLayer* layerAt(const ModelMapping& m, std::int64_t index) {
  for (const ModelLayer& l : m.layers)
    if (l.index == index) return &l;
  return nullptr;
}

/// The layer checked and the model's long-range layer, when the two draw different schemes
/// (a NoPE layer of a RoPE model).
struct LayerPair {
  const ModelLayer* self = nullptr;
  const ModelLayer* other = nullptr;
  const Scheme* scheme = nullptr;  ///< The long-range layer's.
  ParamSet params{};               ///< The long-range layer's, the length of the layer checked.
};

std::optional<LayerPair> pairOf(const Scheme& scheme, const ParamSet& params,
                                const CheckLayer& layer) {
  const ModelMapping& m = layer.model;
  const std::optional<std::int64_t> longRange = longRangeLayer(m);
  LayerPair p;
  p.self = layerAt(m, layer.index);
  p.other = longRange ? layerAt(m, *longRange) : nullptr;
  if (!p.self || !p.other || p.self->scheme != scheme.info().id ||
      p.other->scheme == p.self->scheme)
    return std::nullopt;
  try {
    p.scheme = &findScheme(p.other->scheme);
    p.params = makeParams(*p.scheme, p.other->params);
    // The positions the layer checked is drawn over (its --set length, the window's).
    if (params.has("length") && p.params.has("length")) {
      p.params.set("length", params.get("length"));
      p.scheme->validate(p.params);
    }
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return p;
}

/// Yours against view `view` of the long-range layer, on the region the rows and columns give.
CheckReport compareWithOther(const LayerPair& p, std::string_view view, const Against& yours,
                             const CheckOptions& options, const std::optional<IndexRange>& rows,
                             const std::optional<IndexRange>& cols) {
  CheckOptions o;
  o.rtol = options.rtol;
  o.atol = options.atol;
  o.diagnose = false;
  o.region = checkRegion(findView(*p.scheme, view), yours, rows, cols);
  return checkArray(*p.scheme, p.params, view, yours, o);
}

/// Whether yours could be view `v` of the long-range layer whole: a matrix view of another
/// number of cells is not tried (a 4096 x 4096 view is not computed for a 4096 x 128 cache).
bool mayBe(const LayerPair& p, const ViewSpec& v, const Against& yours, bool region) {
  if (v.kind != ViewKind::Matrix || region || !yours.scheme.empty()) return true;
  const MatrixShape shape = p.scheme->shape(p.params, v.id);
  return static_cast<std::size_t>(shape.rows) * static_cast<std::size_t>(shape.cols) ==
         yours.array.values.size();
}

Slip ropeOnNope(const LayerPair& p, std::string_view view, const Against& yours) {
  Slip s;
  s.id = "rope_on_nope";
  s.headline = Message(kRopeOnNopeHeadline);
  s.detail =
      Message(kRopeOnNopeDetail,
              {yours.file, std::string(view), p.other->scheme, std::to_string(p.other->index),
               p.other->type, std::to_string(p.self->index), p.self->type, p.self->scheme});
  s.text = s.detail.english();
  s.matchedShare = 1;
  s.explains = true;
  return s;
}

}  // namespace

CheckReport checkView(const Scheme& scheme, const ParamSet& params, std::string_view view,
                      const Against& yours, CheckOptions options,
                      const std::optional<IndexRange>& rows,
                      const std::optional<IndexRange>& cols) {
  const std::optional<LayerPair> pair =
      options.layer ? pairOf(scheme, params, *options.layer) : std::nullopt;
  if (pair && !hasView(scheme, view) && hasView(*pair->scheme, view)) {
    CheckReport r = compareWithOther(*pair, view, yours, options, rows, cols);
    if (!r.shapeMatches || r.mismatches > 0)
      throw ParamError("view", std::string(view),
                       Message(kNeitherLayerView,
                               {std::to_string(pair->self->index), pair->self->scheme,
                                MessageArg::list(viewIds(scheme)), pair->self->type,
                                std::string(view), yours.file, pair->other->scheme,
                                std::to_string(pair->other->index)}));
    r.viewOfLayer = pair->other->index;
    r.diagnosis = {ropeOnNope(*pair, view, yours)};
    return r;
  }
  options.region = checkRegion(findView(scheme, view), yours, rows, cols);
  CheckReport r = checkArray(scheme, params, view, yours, options);
  const bool explained =
      std::any_of(r.diagnosis.begin(), r.diagnosis.end(), [](const Slip& s) { return s.explains; });
  if (!pair || r.matches() || explained || !options.diagnose) return r;
  // Yours is not the layer's view: is it one of the long-range layer's the layer lacks?
  for (const ViewSpec& v : pair->scheme->info().views) {
    if (hasView(scheme, v.id) || standInSeed(*pair->scheme, pair->params, v.id) ||
        !mayBe(*pair, v, yours, rows || cols))
      continue;
    try {
      const CheckReport other = compareWithOther(*pair, v.id, yours, options, rows, cols);
      if (!other.matches()) continue;
    } catch (const std::exception&) {
      continue;  // a region that view does not have, a view too large to compute
    }
    r.diagnosis.insert(r.diagnosis.begin(), ropeOnNope(*pair, v.id, yours));
    break;
  }
  return r;
}

}  // namespace posenc
