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
#include <string>
#include <utility>
#include <vector>

#include "check/check_diagnosis.hpp"
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

bool isRopeTable(const DiagnosisContext& ctx) {
  return ctx.view.id == "cos" || ctx.view.id == "sin" || ctx.view.id == "angles";
}

/// Frequencies of `p` computed in the given form: the default, linear, ntk and dynamic
/// scalings exactly as HF forms them (a scaled base; linear divides inv_freq by the factor),
/// the others as ours times the form's rounding of the unscaled frequency.
std::vector<double> ropeTheta(const RopeParams& p, bool exp, bool single) {
  const Index d = ropeRotaryDim(p);
  const Vector scaled = ropeScaledFrequencies(p);
  const bool baseRule = p.scaling == RopeScaling::None || p.scaling == RopeScaling::Linear ||
                        p.scaling == RopeScaling::Ntk || p.scaling == RopeScaling::Dynamic;
  const double base = baseRule ? ropeScaledBase(p) : p.base;
  std::vector<double> out;
  for (Index k = 0; k < d / 2; ++k) {
    const auto num = static_cast<double>(2 * k), den = static_cast<double>(d);
    double t = frequency(base, num, den, exp, single);
    if (p.scaling == RopeScaling::Linear)
      t = single ? static_cast<float>(t) / static_cast<float>(p.factor) : t / p.factor;
    else if (!baseRule) t *= scaled(k) / (1.0 / std::pow(p.base, num / den));
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

void addRopeSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (!isRopeTable(ctx)) return;
  const RopeParams p = ropeParamsFrom(ctx.params);
  const Message what =
      ctx.view.id == "angles" ? Message(kYourAngles) : Message(kYourCache, {ctx.view.id});
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
