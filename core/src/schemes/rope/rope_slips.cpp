// SPDX-License-Identifier: GPL-3.0-or-later
// The oracle's slips of RoPE code (its SchemeSlips hooks, base/scheme_hooks.hpp), on the cos,
// sin and angles tables:
// - the angles in float32 as huggingface/transformers' modeling_llama.py LlamaRotaryEmbedding
//   forms them (inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim)), freqs =
//   inv_freq @ positions in float32, emb.cos() * attention_scaling), θ = exp(−2i ln b / d)
//   instead of b^(−2i/d) (float64 and float32), linear scaling multiplying the positions by s
//   (modeling_rope_utils.py _compute_linear_scaling_rope_parameters divides inv_freq by
//   factor), and the attention factor (YaRN's get_mscale 0.1 ln s + 1, LongRoPE's
//   sqrt(1 + ln s / ln L)) missing or twice;
// - the other pairing layout (HF's rotate_half against GPT-J's rotate_every_two), read off
//   ours reordered, and scaling=none where ours divides θ by the linear factor.
#include <cmath>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "check/check_diagnosis.hpp"
#include "posenc/models/model_config.hpp"
#include "posenc/schemes/rope/rope.hpp"
#include "schemes/rope/rope_hooks.hpp"

namespace posenc::detail {

namespace {

const MessageTemplate kYourAngles{"Your angles", "the subject of a sentence: your RoPE angles"};
const MessageTemplate kYourCache{"Your %1 cache", "%1: cos or sin"};
const MessageTemplate kYours{"Yours", "the subject of a sentence: your array"};
const MessageTemplate kExpVsPow32Detail{
    "%1 computes θ = exp(−2i ln b / d) and the angles in float32 (the PyTorch tutorial's "
    "div_term) where ours uses b^(−2i/d) in float64: rounding only, growing with the position "
    "(%2); compute in float64, or loosen atol.",
    "%1: \"Your angles\" or \"Your cos cache\"; %2: the largest error and where"};
const MessageTemplate kExpVsPowDetail{
    "%1 computes θ = exp(−2i ln b / d) where ours uses b^(−2i/d) (both float64): the two differ "
    "by rounding only (largest %2), harmless; loosen atol (e.g. 1e-12) to accept it.",
    "%1: \"Your angles\" or \"Your cos cache\"; %2: the largest error"};
const MessageTemplate kFloat32AnglesDetail{
    "%1 computes the angles in float32 as HF's LlamaRotaryEmbedding does (inv_freq = "
    "1/base^(arange(0, d, 2)/d) and positions × inv_freq in float32): the error grows with the "
    "position (%2); compute the angles in float64 and round only the result, or loosen atol.",
    "%1: \"Your angles\" or \"Your cos cache\"; %2: the largest error and where"};
const MessageTemplate kLinearSideHeadline{"Linear scaling is applied on the wrong side"};
const MessageTemplate kLinearTimesDetail{
    "%1 multiplies the positions by the linear factor s = %2 (θ·s) where linear scaling divides "
    "them (θ/s, HF's inv_freq /= factor): divide the positions (or θ) by s.",
    "%1: \"Your angles\" or \"Your cos cache\"; %2: the factor s"};
const MessageTemplate kLinearMissingDetail{
    "Your cache has no linear scaling (positions not divided by factor s = %1); ours divides θ "
    "by s (scaling=linear, HF's inv_freq /= factor): divide the positions by s, or set "
    "scaling=none.",
    "%1: the factor s"};
const MessageTemplate kScalingHeadline{"Yours uses another RoPE scaling"};
const MessageTemplate kLayoutHeadline{"Your pairing layout is not ours (half or interleaved)"};
const MessageTemplate kLayoutToInterleavedDetail{
    "%1 is the %2 layout (%3); ours is %4 (%5): set layout=%2, or pair column j with j + d/2.",
    "%1: \"Your cos cache\" or \"Yours\"; %2: your layout's id; %3: what it is; %4: our "
    "layout's id; %5: what it is"};
const MessageTemplate kLayoutToHalfDetail{
    "%1 is the %2 layout (%3); ours is %4 (%5): set layout=%2, or pair columns 2j and 2j + 1.",
    "%1: \"Your cos cache\" or \"Yours\"; %2: your layout's id; %3: what it is; %4: our "
    "layout's id; %5: what it is"};
const MessageTemplate kHalfLayout{
    "emb = cat(freqs, freqs), HF's rotate_half: column j pairs with j + d/2",
    "the RoPE layout half"};
const MessageTemplate kInterleavedLayout{
    "each θⱼ in two adjacent columns, as GPT-J's rotate_every_two and Meta's original Llama",
    "the RoPE layout interleaved"};
const MessageTemplate kFactorHeadline{"The attention factor is missing or applied twice"};
const MessageTemplate kFactorMissingDetail{
    "Your %1 cache lacks the attention factor a = %2 (%3) that HF multiplies into cos and sin "
    "(attention_scaling): multiply yours by a, or set attention_factor=1 to compare without it.",
    "%1: cos or sin; %2: the factor a; %3: where it comes from (attention_factor, YaRN's rule, "
    "...)"};
const MessageTemplate kFactorTwiceDetail{
    "Your %1 cache applies the attention factor a = %2 (%3) twice (a² = %4): HF multiplies cos "
    "and sin by it once (attention_scaling).",
    "%1: cos or sin; %2: the factor a; %3: where it comes from (attention_factor, YaRN's rule, "
    "...); %4: a²"};
const MessageTemplate kLongRopeRule{"LongRoPE's sqrt(1 + ln s / ln L)",
                                    "where an attention factor comes from"};
const MessageTemplate kYarnRule{"YaRN's 0.1 ln s + 1", "where an attention factor comes from"};

const MessageTemplate kRotaryExponentHeadline{
    "Your partial-rotary exponent is taken over the head dim, not the rotated dims"};
const MessageTemplate kRotaryExponentDetail{
    "%1 computes θₖ = base^(−2k/%2) over the head dim d = %2 for the %3 rotated dims, where "
    "HF's _compute_default_rope_parameters takes the exponent over the rotated width: dim = "
    "int(head_dim × partial_rotary_factor) = %3, θₖ = base^(−2k/%3); divide by the rotated "
    "dims (only proportional partial RoPE, partial_rotary=proportional, divides by the head "
    "dim).",
    "%1: \"Your angles\" or \"Your cos cache\"; %2: the head dim; %3: the rotated dims d_rot"};
const MessageTemplate kPartialRotaryHeadline{
    "Your partial RoPE is the other kind (plain or proportional)"};
const MessageTemplate kProportionalForPlainDetail{
    "%1 is proportional partial RoPE (Gemma 4's full layers, HF's "
    "_compute_proportional_rope_parameters: θₖ = base^(−2k/%2) over the whole head dim %2, "
    "the pairs from %3 on at frequency 0) where this layer's is plain (the first %4 dims rotate "
    "with θₖ = base^(−2k/%4), HF's _compute_default_rope_parameters): set "
    "partial_rotary=proportional to compare, or rotate only the first %4 dims.",
    "%1: \"Yours\" or \"Your cos cache\"; %2: the head dim; %3: the pairs that turn; %4: the "
    "rotated dims d_rot"};
const MessageTemplate kPlainForProportionalDetail{
    "%1 is plain partial RoPE (the first %2 dims rotate with θₖ = base^(−2k/%2), HF's "
    "_compute_default_rope_parameters) where this layer's is proportional (Gemma 4's full "
    "layers, HF's _compute_proportional_rope_parameters: θₖ = base^(−2k/%3) over the whole "
    "head dim %3, the pairs from %4 on at frequency 0): set partial_rotary=plain to compare, "
    "or take the exponent over the head dim and pad the unrotated pairs with frequency 0.",
    "%1: \"Yours\" or \"Your cos cache\"; %2: the rotated dims d_rot of plain; %3: the "
    "head dim; %4: the pairs that turn"};
const MessageTemplate kLayerRopeHeadline{"Yours is another layer's RoPE (base and scaling)"};
const MessageTemplate kLayerRopeDetail{
    "Your array is layer %1's (%2) computed with the base and scaling of the %3 layers "
    "(layer %4's: %5) where layer %1 uses %6: take each layer's base and scaling from the "
    "config's parameters for its own layer type.",
    "%1: the layer checked; %2: its type; %3: the other layers' type; %4: the other layer's "
    "index; %5: their settings (base=1000000 scaling=linear factor=8); %6: ours"};
const MessageTemplate kLayerBaseHeadline{"Yours uses another layer type's base"};
const MessageTemplate kLayerBaseDetail{
    "Your array is layer %1's (%2) with the %3 layers' base %4 (layer %5's) where layer %1 "
    "uses base %6: each layer type has its own base in the config (Gemma 3's sliding layers "
    "rope_local_base_freq, v5 configs' rope_parameters by layer type).",
    "%1: the layer checked; %2: its type; %3: the other layers' type; %4: their base; %5: the "
    "other layer's index; %6: our base"};
const MessageTemplate kLayerScalingHeadline{"Yours uses another layer type's RoPE scaling"};
const MessageTemplate kLayerScalingDetail{
    "Your array is layer %1's (%2) with the %3 layers' scaling (layer %4's: %5) where layer %1 "
    "uses %6: each layer type has its own scaling in the config.",
    "%1: the layer checked; %2: its type; %3: the other layers' type; %4: the other layer's "
    "index; %5: their scaling settings; %6: ours"};
const MessageTemplate kSlidingScalingHeadline{
    "Yours applies the full layers' scaling to a sliding layer"};
const MessageTemplate kSlidingScalingDetail{
    "Your array is layer %1's (%2, a window of %3 tokens) with the scaling this model applies "
    "only to its %4 layers (layer %5's: %6); its %2 layers keep %7: apply the scaling to the "
    "%4 layers only (as Gemma 3's rope_scaling; a model that scales every layer, as gpt-oss, "
    "lists it for every layer type).",
    "%1: the layer checked; %2: its type; %3: its window; %4: the full layers' type; %5: a "
    "full layer's index; %6: their scaling settings; %7: ours"};

bool isRopeTable(const DiagnosisContext& ctx) {
  return ctx.view.id == "cos" || ctx.view.id == "sin" || ctx.view.id == "angles";
}

/// Frequencies of `p` computed in the given form: the default, linear, ntk and dynamic
/// scalings exactly as HF forms them (a scaled base; linear divides inv_freq by the factor),
/// the others as ours times the form's rounding of the unscaled frequency. `exponentDim` > 0:
/// the exponent 2k/exponentDim over that width instead of d_rot (the partial-rotary slip).
std::vector<double> ropeTheta(const RopeParams& p, bool exp, bool single, Index exponentDim = 0) {
  const Index d = ropeRotaryDim(p);
  const Index over = exponentDim > 0 ? exponentDim : d;
  const Vector scaled = ropeScaledFrequencies(p);
  const bool baseRule = p.scaling == RopeScaling::None || p.scaling == RopeScaling::Linear ||
                        p.scaling == RopeScaling::Ntk || p.scaling == RopeScaling::Dynamic;
  const double base = baseRule ? ropeScaledBase(p) : p.base;
  std::vector<double> out;
  for (Index k = 0; k < d / 2; ++k) {
    const auto num = static_cast<double>(2 * k), den = static_cast<double>(over);
    double t = frequency(base, num, den, exp, single);
    if (p.scaling == RopeScaling::Linear)
      t = single ? static_cast<float>(t) / static_cast<float>(p.factor) : t / p.factor;
    else if (!baseRule) t *= scaled(k) / (1.0 / std::pow(p.base, num / static_cast<double>(d)));
    // Proportional partial rotary: the pairs past rope_angles turn at frequency 0.
    if (p.proportional && k >= ropeTurningPairs(p)) t = 0;
    out.push_back(single ? static_cast<double>(static_cast<float>(t)) : t);
  }
  return out;
}

AngleRecipe ropeRecipe(const DiagnosisContext& ctx, const RopeParams& p, bool exp, bool single) {
  AngleRecipe r;
  r.theta = ropeTheta(p, exp, single);
  r.single = single;
  r.factor = ropeAttentionFactor(p);
  const auto half = static_cast<Index>(r.theta.size());
  const bool halfLayout = p.layout == RopeLayout::Half;
  const std::string view = ctx.view.id;
  r.column = [half, halfLayout, view](Index c) -> std::pair<Index, AngleFn> {
    if (view == "angles") return {c, AngleFn::Angle};
    return {halfLayout ? c % half : c / 2, view == "cos" ? AngleFn::Cos : AngleFn::Sin};
  };
  return r;
}

/// float32Band of a RoPE table: per column, θ of its pair times its error, times a.
CellValues ropeBand(const DiagnosisContext& ctx, const RopeParams& p) {
  const Vector theta = ropeScaledFrequencies(p);
  const auto half = theta.size();
  const bool angles = ctx.view.id == "angles";
  const double a = angles ? 1.0 : std::abs(ropeAttentionFactor(p));
  const MatrixShape full = ctx.scheme.shape(ctx.params, ctx.view.id);
  std::vector<double> slope;
  for (Index c = 0; c < full.cols; ++c) {
    const Index k = angles ? c : p.layout == RopeLayout::Half ? c % half : c / 2;
    const double x = 2.0 * static_cast<double>(k) / static_cast<double>(2 * half);
    slope.push_back(a * theta(k) * (thetaError(p.base, x) + 2 * kEps32));
  }
  return float32Band(ctx, std::move(slope), angles ? 0.0 : 3 * kEps32 * a);
}

/// Plain partial RoPE with the exponent over the head dim: θₖ = base^(−2k/d) for the d_rot/2
/// rotated pairs. Canonical: huggingface/transformers, src/transformers/modeling_rope_utils.py,
/// _compute_default_rope_parameters: dim = int(head_dim * partial_rotary_factor), inv_freq =
/// 1.0 / (base ** (torch.arange(0, dim, 2) / dim)); the slip divides by head_dim. Read as
/// another base it would be base^(d_rot/d), a number no config holds.
void addRotaryExponentSlip(const DiagnosisContext& ctx, const RopeParams& p, const Message& what,
                           std::vector<SlipCandidate>& out) {
  const Index dRot = ropeRotaryDim(p);
  if (p.proportional || dRot >= p.dim) return;
  AngleRecipe r = ropeRecipe(ctx, p, false, false);
  r.theta = ropeTheta(p, false, false, p.dim);
  SlipCandidate c{"rotary_exponent", Message(kRotaryExponentHeadline),
                  Message(kRotaryExponentDetail,
                          {what, std::to_string(p.dim), std::to_string(dRot)}),
                  "", angleValues(ctx, std::move(r))};
  c.hides = {"base"};
  out.push_back(std::move(c));
}

/// What makes a RoPE scaling, beside the base (RopeParams' scaling knobs).
const std::vector<std::string> kScalingIds{
    "scaling",        "factor",       "train_length", "low_freq_factor",  "high_freq_factor",
    "beta_fast",      "beta_slow",    "truncate",     "attention_factor", "mscale",
    "mscale_all_dim", "short_factor", "long_factor"};

const ModelLayer* layerAt(const ModelMapping& m, std::int64_t index) {
  for (const ModelLayer& l : m.layers)
    if (l.index == index) return &l;
  return nullptr;
}

/// "base=1000000 scaling=linear factor=8": `ids` of `params`, space-separated.
std::string settingsText(const ParamSet& params, const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids)
    out += (out.empty() ? "" : " ") + id + "=" + formatValue(params.get(id));
  return out;
}

/// ctx.params with `ids` taken from `from`, validated; false when refused.
bool takeFrom(const DiagnosisContext& ctx, const ParamSet& from,
              const std::vector<std::string>& ids, ParamSet& out) {
  try {
    out = ctx.params;
    for (const std::string& id : ids) out.set(id, from.get(id));
    ctx.scheme.validate(out);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

/// One other kind of layer of the model (a layer of another type, or of the same type with
/// other RoPE parameters) against the layer checked.
struct OtherLayer {
  const ModelLayer& self;
  const ModelLayer& other;
  ParamSet theirs;
  std::vector<std::string> scaling{};  ///< Scaling knobs whose values differ.
  bool base = false;                   ///< The bases differ.
};

void addOtherLayer(const DiagnosisContext& ctx, const OtherLayer& o,
                   std::vector<SlipCandidate>& out) {
  const std::string self = std::to_string(o.self.index);
  const std::string other = std::to_string(o.other.index);
  const auto add = [&](std::string id, Message headline, Message detail,
                       const std::vector<std::string>& ids, std::vector<std::string> hides) {
    ParamSet p;
    if (!takeFrom(ctx, o.theirs, ids, p) || p == ctx.params) return;
    for (const SlipCandidate& c : out)
      if (c.setting == settingsText(p, ids)) return;  // another kind with the same values
    SlipCandidate c{std::move(id), std::move(headline), std::move(detail), settingsText(p, ids),
                    recomputeWith(ctx, p)};
    c.hides = std::move(hides);
    out.push_back(std::move(c));
  };
  if (o.base && !o.scaling.empty()) {
    std::vector<std::string> ids{"base"};
    ids.insert(ids.end(), o.scaling.begin(), o.scaling.end());
    add("layer_rope", Message(kLayerRopeHeadline),
        Message(kLayerRopeDetail, {self, o.self.type, o.other.type, other,
                                   settingsText(o.theirs, ids), settingsText(ctx.params, ids)}),
        ids, {"base"});
  }
  if (o.base)
    add("layer_base", Message(kLayerBaseHeadline),
        Message(kLayerBaseDetail,
                {self, o.self.type, o.other.type, formatValue(o.theirs.get("base")), other,
                 formatValue(ctx.params.get("base"))}),
        {"base"}, {"base"});
  if (o.scaling.empty()) return;
  const std::string theirScaling = settingsText(o.theirs, o.scaling);
  const std::string ourScaling = settingsText(ctx.params, o.scaling);
  // A scaling the model gives its full layers only, applied to a sliding (windowed) one.
  if (o.self.window && !o.other.window && ctx.params.getChoice("scaling") == "none")
    add("sliding_scaling", Message(kSlidingScalingHeadline),
        Message(kSlidingScalingDetail, {self, o.self.type, std::to_string(*o.self.window),
                                        o.other.type, other, theirScaling, ourScaling}),
        o.scaling, {"scaling"});
  else
    add("layer_scaling", Message(kLayerScalingHeadline),
        Message(kLayerScalingDetail,
                {self, o.self.type, o.other.type, other, theirScaling, ourScaling}),
        o.scaling, {"scaling"});
}

/// The slips of a model's layers (CheckOptions::layer): the layer checked computed with the
/// base, the scaling or both of each other kind of RoPE layer the model has (Gemma 3's local
/// layers with the global base 1e6 and linear x8, and the converse; a scaling only the full
/// layers have, on a sliding one). Derived from the mapping's layers, never from a model's
/// name: a model that scales every layer (gpt-oss's YaRN) has no scaling slip.
void addLayerSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (!ctx.layer) return;
  const ModelMapping& m = ctx.layer->model;
  const ModelLayer* self = layerAt(m, ctx.layer->index);
  if (!self || self->scheme != ctx.scheme.info().id) return;
  for (const LayerKind& kind : layerKinds(m)) {
    const ModelLayer* other = layerAt(m, kind.indices.front());
    if (!other || other->scheme != self->scheme || other->params == self->params) continue;
    ParamSet theirs;
    try {
      theirs = makeParams(ctx.scheme, other->params);
    } catch (const std::exception&) {
      continue;
    }
    OtherLayer o{*self, *other, theirs};
    const auto differs = [&](const std::string& id) {
      return ctx.params.has(id) && theirs.has(id) && !(ctx.params.get(id) == theirs.get(id));
    };
    o.base = differs("base");
    for (const std::string& id : kScalingIds)
      if (differs(id)) o.scaling.push_back(id);
    addOtherLayer(ctx, o, out);
  }
}

void addRopeSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  addLayerSlips(ctx, out);
  if (!isRopeTable(ctx)) return;
  const RopeParams p = ropeParamsFrom(ctx.params);
  const Message what =
      ctx.view.id == "angles" ? Message(kYourAngles) : Message(kYourCache, {ctx.view.id});
  addRotaryExponentSlip(ctx, p, what, out);
  const Message expHeadline(kExpVsPowHeadline, {"exp(−2i ln b / d)", "b^(−2i/d)"});
  out.push_back({"exp_vs_pow", expHeadline,
                 Message(kExpVsPow32Detail, {what, worstText(ctx.report)}), "",
                 angleValues(ctx, ropeRecipe(ctx, p, true, true)), true});
  out.push_back({"exp_vs_pow", expHeadline,
                 Message(kExpVsPowDetail, {what, slipNumber(ctx.report.largestAbs.absError)}), "",
                 angleValues(ctx, ropeRecipe(ctx, p, true, false)), true});
  if (CellValues band = ropeBand(ctx, p))
    out.push_back({"float32_angles", Message(kFloat32AnglesHeadline),
                   Message(kFloat32AnglesDetail, {what, worstText(ctx.report)}), "",
                   std::move(band), true, true});
  if (p.scaling == RopeScaling::Linear && p.factor > 1) {
    RopeParams wrong = p;
    wrong.factor = 1.0 / p.factor;  // θ·s: positions multiplied by s
    out.push_back({"linear_side", Message(kLinearSideHeadline),
                   Message(kLinearTimesDetail, {what, slipNumber(p.factor)}), "",
                   angleValues(ctx, ropeRecipe(ctx, wrong, false, false))});
  }
}

Message ropeLayoutText(const std::string& layout) {
  return Message(layout == "half" ? kHalfLayout : kInterleavedLayout);
}

/// For the cos and sin caches, whose other layout holds the same numbers in another order:
/// ours' column for each of yours (empty when the check does not span whole rows).
std::vector<Index> ropeLayoutColumns(const DiagnosisContext& ctx, const std::string& yours,
                                     const std::string& ours) {
  const Index d = wholeEvenRows(ctx);
  std::vector<Index> map;
  if (d == 0 || (ctx.view.id != "cos" && ctx.view.id != "sin")) return map;
  for (Index c = 0; c < d; ++c) {
    const Index pair = yours == "interleaved" ? c / 2 : c % (d / 2);
    map.push_back(ours == "half" ? pair : 2 * pair);
  }
  return map;
}

void ropeChoice(const DiagnosisContext& ctx, const std::string& param, const std::string& yours,
                const std::string& ours, SlipCandidate& c) {
  if (param == "layout") {
    const Message what = ctx.view.id == "cos" || ctx.view.id == "sin"
                             ? Message(kYourCache, {ctx.view.id})
                             : Message(kYours);
    c.headline = Message(kLayoutHeadline);
    c.detail = Message(yours == "interleaved" ? kLayoutToInterleavedDetail : kLayoutToHalfDetail,
                       {what, yours, ropeLayoutText(yours), ours, ropeLayoutText(ours)});
    std::vector<Index> map = ropeLayoutColumns(ctx, yours, ours);
    if (!map.empty()) c.values = oursReordered(ctx, std::move(map));
  } else if (param == "partial_rotary") {
    const RopeParams p = ropeParamsFrom(ctx.params);
    RopeParams y = p;
    y.proportional = yours == "proportional";
    const RopeParams& prop = y.proportional ? y : p;
    const RopeParams& plain = y.proportional ? p : y;
    const Message what = ctx.view.id == "cos" || ctx.view.id == "sin"
                             ? Message(kYourCache, {ctx.view.id})
                             : Message(kYours);
    const std::string dim = std::to_string(p.dim);
    const std::string turning = std::to_string(ropeTurningPairs(prop));
    const std::string dRot = std::to_string(ropeRotaryDim(plain));
    c.headline = Message(kPartialRotaryHeadline);
    c.detail = y.proportional ? Message(kProportionalForPlainDetail, {what, dim, turning, dRot})
                              : Message(kPlainForProportionalDetail, {what, dRot, dim, turning});
  } else if (param == "scaling") {
    const bool none = yours == "none" && ours == "linear";
    c.id = none ? "linear_side" : "scaling";
    c.headline = Message(none ? kLinearSideHeadline : kScalingHeadline);
    if (none) c.detail = Message(kLinearMissingDetail, {formatValue(ctx.params.get("factor"))});
  }
}

bool nameRopeFactor(const DiagnosisContext& ctx, double& k, SlipCandidate& out) {
  if (ctx.view.id != "cos" && ctx.view.id != "sin") return false;
  const RopeParams p = ropeParamsFrom(ctx.params);
  const double a = ropeAttentionFactor(p);
  if (a == 1.0) return false;
  const MessageArg rule = p.attentionFactor > 0                ? MessageArg("attention_factor")
                          : p.scaling == RopeScaling::LongRope ? MessageArg(Message(kLongRopeRule))
                                                               : MessageArg(Message(kYarnRule));
  const auto near = [](double x, double y) { return std::abs(x - y) <= 1e-6 * std::abs(y); };
  if (near(k, 1.0 / a)) {
    k = 1.0 / a;
    out.id = "attention_factor";
    out.headline = Message(kFactorHeadline);
    out.detail = Message(kFactorMissingDetail, {ctx.view.id, slipNumber(a), rule});
    out.setting = "attention_factor=1";
    return true;
  }
  if (near(k, a)) {
    k = a;
    out.id = "attention_factor";
    out.headline = Message(kFactorHeadline);
    out.detail = Message(kFactorTwiceDetail, {ctx.view.id, slipNumber(a), rule, slipNumber(a * a)});
    out.setting = "attention_factor=" + slipNumber(a * a);
    return true;
  }
  return false;
}

std::vector<SlipCandidate> ropeFactorSettings(const DiagnosisContext& ctx) {
  std::vector<SlipCandidate> out;
  if (ctx.view.id != "cos" && ctx.view.id != "sin") return out;
  const double a = ropeAttentionFactor(ropeParamsFrom(ctx.params));
  if (a == 1.0 || !(a > 0)) return out;
  for (const double k : {1.0 / a, a}) {
    double named = k;
    SlipCandidate c;
    if (nameRopeFactor(ctx, named, c)) out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

SchemeSlips ropeSlips() {
  return {.add = addRopeSlips,
          .choice = ropeChoice,
          .nameFactor = nameRopeFactor,
          .factorSettings = ropeFactorSettings};
}

}  // namespace posenc::detail
