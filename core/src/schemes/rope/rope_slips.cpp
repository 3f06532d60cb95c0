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
  const std::string what =
      ctx.view.id == "angles" ? "Your angles" : "Your " + ctx.view.id + " cache";
  out.push_back({"exp_vs_pow",
                 what +
                     " computes θ = exp(−2i ln b / d) and the angles in float32 (the "
                     "PyTorch tutorial's div_term) where ours uses b^(−2i/d) in float64: "
                     "rounding only, growing with the position (" +
                     worstText(ctx.report) + "); compute in float64, or loosen atol.",
                 "", angleValues(ctx, ropeRecipe(ctx, p, true, true)), true});
  out.push_back({"exp_vs_pow",
                 what +
                     " computes θ = exp(−2i ln b / d) where ours uses b^(−2i/d) (both "
                     "float64): the two differ by rounding only (largest " +
                     slipNumber(ctx.report.largestAbs.absError) +
                     "), harmless; loosen atol (e.g. 1e-12) to accept it.",
                 "", angleValues(ctx, ropeRecipe(ctx, p, true, false)), true});
  if (CellValues band = ropeBand(ctx, p))
    out.push_back({"float32_angles",
                   what +
                       " computes the angles in float32 as HF's LlamaRotaryEmbedding does "
                       "(inv_freq = 1/base^(arange(0, d, 2)/d) and positions × inv_freq in "
                       "float32): the error grows with the position (" +
                       worstText(ctx.report) +
                       "); compute the angles in float64 and round only the result, or loosen "
                       "atol.",
                   "", std::move(band), true, true});
  if (p.scaling == RopeScaling::Linear && p.factor > 1) {
    RopeParams wrong = p;
    wrong.factor = 1.0 / p.factor;  // θ·s: positions multiplied by s
    out.push_back(
        {"linear_side",
         what + " multiplies the positions by the linear factor s = " + slipNumber(p.factor) +
             " (θ·s) where linear scaling divides them (θ/s, HF's inv_freq /= "
             "factor): divide the positions (or θ) by s.",
         "", angleValues(ctx, ropeRecipe(ctx, wrong, false, false))});
  }
}

const char* ropeLayoutText(const std::string& layout) {
  return layout == "half" ? "emb = cat(freqs, freqs), HF's rotate_half: column j pairs with j + d/2"
                          : "each θⱼ in two adjacent columns, as GPT-J's rotate_every_two and "
                            "Meta's original Llama";
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
    const std::string what =
        ctx.view.id == "cos" || ctx.view.id == "sin" ? "Your " + ctx.view.id + " cache" : "Yours";
    c.text = what + " is the " + yours + " layout (" + ropeLayoutText(yours) + "); ours is " +
             ours + " (" + ropeLayoutText(ours) + "): set " + param + "=" + yours +
             (yours == "interleaved" ? ", or pair column j with j + d/2"
                                     : ", or pair columns 2j and 2j + 1") +
             ".";
    std::vector<Index> map = ropeLayoutColumns(ctx, yours, ours);
    if (!map.empty()) c.values = oursReordered(ctx, std::move(map));
  } else if (param == "scaling") {
    const bool none = yours == "none" && ours == "linear";
    c.id = none ? "linear_side" : "scaling";
    if (none)
      c.text = "Your cache has no linear scaling (positions not divided by factor s = " +
               formatValue(ctx.params.get("factor")) +
               "); ours divides θ by s (scaling=linear, HF's inv_freq /= factor): divide "
               "the positions by s, or set scaling=none.";
  }
}

bool nameRopeFactor(const DiagnosisContext& ctx, double& k, SlipCandidate& out) {
  if (ctx.view.id != "cos" && ctx.view.id != "sin") return false;
  const RopeParams p = ropeParamsFrom(ctx.params);
  const double a = ropeAttentionFactor(p);
  if (a == 1.0) return false;
  const std::string rule = p.attentionFactor > 0                ? "attention_factor"
                           : p.scaling == RopeScaling::LongRope ? "LongRoPE's sqrt(1 + ln s / ln L)"
                                                                : "YaRN's 0.1 ln s + 1";
  const auto near = [](double x, double y) { return std::abs(x - y) <= 1e-6 * std::abs(y); };
  if (near(k, 1.0 / a)) {
    k = 1.0 / a;
    out.id = "attention_factor";
    out.text = "Your " + ctx.view.id + " cache lacks the attention factor a = " + slipNumber(a) +
               " (" + rule +
               ") that HF multiplies into cos and sin (attention_scaling): multiply yours by a, "
               "or set attention_factor=1 to compare without it.";
    out.setting = "attention_factor=1";
    return true;
  }
  if (near(k, a)) {
    k = a;
    out.id = "attention_factor";
    out.text = "Your " + ctx.view.id + " cache applies the attention factor a = " + slipNumber(a) +
               " (" + rule + ") twice (a² = " + slipNumber(a * a) +
               "): HF multiplies cos and sin by it once (attention_scaling).";
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
