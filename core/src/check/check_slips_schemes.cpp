// SPDX-License-Identifier: GPL-3.0-or-later
// The slips of one scheme's own code (check_diagnosis.hpp schemeSlips, nameFactor):
// - RoPE (cos, sin, angles): the angles in float32 as huggingface/transformers'
//   modeling_llama.py LlamaRotaryEmbedding forms them (inv_freq = 1.0 / (base **
//   (torch.arange(0, dim, 2).float() / dim)), freqs = inv_freq @ positions in float32,
//   emb.cos() * attention_scaling), θ = exp(−2i ln b / d) instead of b^(−2i/d) (float64 and
//   float32), linear scaling multiplying the positions by s (modeling_rope_utils.py
//   _compute_linear_scaling_rope_parameters divides inv_freq by factor), and the attention
//   factor (YaRN's get_mscale 0.1 ln s + 1, LongRoPE's sqrt(1 + ln s / ln L)) missing or twice;
// - the sinusoidal table: float32 angles with w = base^(−2i/d) (numpy in float32) or
//   exp(−2i ln b / d) (the PyTorch tutorial's div_term, tensor2tensor's get_timing_signal_1d);
// - ALiBi: slopes 2^(−8(h+1)/n) for a head count n that is not a power of two, where
//   ofirpress/attention_with_linear_biases get_slopes (and HF modeling_bloom.py
//   build_alibi_tensor) interleave the slopes of the two nearest powers of two;
// - T5: num_buckets not halved for bidirectional buckets (HF modeling_t5.py
//   _relative_position_bucket: `num_buckets //= 2` when bidirectional).
#include <algorithm>
#include <bit>
#include <cmath>
#include <utility>

#include "check/check_diagnosis.hpp"
#include "posenc/schemes/alibi/alibi.hpp"
#include "posenc/schemes/rope/rope.hpp"
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"
#include "posenc/maths/sinusoidal_table.hpp"

namespace posenc::detail {

namespace {

/// What a cell of an angle table holds: the angle itself, its cosine or its sine.
enum class AngleFn { Angle, Cos, Sin };

/// How a table of angles m·θ is computed: per-pair frequencies, where each column sits, the
/// arithmetic (float64, or float32 throughout) and a factor on cos and sin.
struct AngleRecipe {
  std::vector<double> theta{};  ///< Per pair; exactly float32 values when single.
  std::function<std::pair<Index, AngleFn>(Index col)> column{};
  bool single = false;
  double factor = 1;
};

CellValues angleValues(const DiagnosisContext& ctx, AngleRecipe recipe) {
  const Index r0 = ctx.report.rowStart;
  const Index c0 = ctx.report.colStart;
  return
      [r0, c0, rc = std::move(recipe)](std::span<const Index> rows, std::span<const Index> cols) {
        Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
        for (std::size_t b = 0; b < cols.size(); ++b) {
          const auto [k, fn] = rc.column(cols[b] + c0);
          const double t = rc.theta[static_cast<std::size_t>(k)];
          for (std::size_t a = 0; a < rows.size(); ++a) {
            const Index m = rows[a] + r0;
            double v = 0;
            if (rc.single) {
              const float angle = static_cast<float>(m) * static_cast<float>(t);
              const float f = fn == AngleFn::Angle ? angle
                              : fn == AngleFn::Cos ? std::cos(angle)
                                                   : std::sin(angle);
              v = fn == AngleFn::Angle ? f : f * static_cast<float>(rc.factor);
            } else {
              const double angle = static_cast<double>(m) * t;
              v = fn == AngleFn::Angle ? angle
                  : fn == AngleFn::Cos ? std::cos(angle) * rc.factor
                                       : std::sin(angle) * rc.factor;
            }
            out(static_cast<Index>(a), static_cast<Index>(b)) = v;
          }
        }
        return out;
      };
}

/// θ_k of pair k as `num(k) / den` in the exponent of base: b^(−num/den) (pow) or
/// exp(−num ln b / den) (exp), in float64 or float32 (as torch / numpy float32 tensors).
double frequency(double base, double num, double den, bool exp, bool single) {
  // exp: arange(0, d, 2) * (-log(base) / d), the PyTorch tutorial's association.
  if (!single)
    return exp ? std::exp(num * (-std::log(base) / den)) : 1.0 / std::pow(base, num / den);
  if (exp) return std::exp(static_cast<float>(num) * static_cast<float>(-std::log(base) / den));
  return 1.0f /
         std::pow(static_cast<float>(base), static_cast<float>(num) / static_cast<float>(den));
}

std::string worstText(const CheckReport& r) {
  return slipNumber(r.largestAbs.absError) + " at position " + std::to_string(r.largestAbs.row);
}

/// float32's unit roundoff 2^-24.
constexpr double kEps32 = 5.9604644775390625e-8;
/// Largest band (in the values' units) worth testing: wider, and anything would fit.
constexpr double kMaxBand = 0.05;

/// yours explained by angles computed in float32 (whatever pow, exp or order of operations
/// formed θ): cell (m, c) may differ from ours by m · slope[c] + constant, the error float32
/// rounding of θ (relative (|ln b| x + 4) 2^-24 for θ = b^-x), of the product m θ and of the
/// cos / sin leaves. The recomputation is yours clamped into that band around ours: it
/// matches yours exactly where yours is within the band. Null when the band is too wide.
CellValues float32Band(const DiagnosisContext& ctx, std::vector<double> slope, double constant) {
  const CheckReport& r = ctx.report;
  double widest = 0;
  for (Index c = 0; c < r.ours.cols(); ++c)
    widest = std::max(widest, slope[static_cast<std::size_t>(c + r.colStart)]);
  if (static_cast<double>(r.rowStart + r.ours.rows() - 1) * widest + constant > kMaxBand) return {};
  const CheckReport* rep = &r;
  return [rep, slope = std::move(slope), constant](std::span<const Index> rows,
                                                   std::span<const Index> cols) {
    Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
    for (std::size_t a = 0; a < rows.size(); ++a) {
      const auto m = static_cast<double>(rows[a] + rep->rowStart);
      for (std::size_t b = 0; b < cols.size(); ++b) {
        const double o = rep->ours(rows[a], cols[b]);
        const double y = rep->yours(rows[a], cols[b]);
        const double band = m * slope[static_cast<std::size_t>(cols[b] + rep->colStart)] + constant;
        out(static_cast<Index>(a), static_cast<Index>(b)) =
            std::isnan(y) ? o : std::clamp(y, o - band, o + band);
      }
    }
    return out;
  };
}

/// Relative float32 error of θ = b^-x however it is formed.
double thetaError(double base, double x) { return (std::abs(std::log(base)) * x + 4) * kEps32; }

// ---- RoPE --------------------------------------------------------------------------------

bool isRopeTable(const DiagnosisContext& ctx) {
  return ctx.scheme.info().id == "rope" &&
         (ctx.view.id == "cos" || ctx.view.id == "sin" || ctx.view.id == "angles");
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

// ---- Sinusoidal --------------------------------------------------------------------------

AngleRecipe sinusoidalRecipe(const SinusoidalParams& p, bool exp, bool single) {
  AngleRecipe r;
  const Index half = p.dim / 2;
  const bool t2t = p.layout == SinusoidalLayout::Tensor2Tensor;
  for (Index i = 0; i < half; ++i) {
    const double num = t2t ? static_cast<double>(i) : static_cast<double>(2 * i);
    const double den =
        t2t ? static_cast<double>(std::max<Index>(half - 1, 1)) : static_cast<double>(p.dim);
    r.theta.push_back(frequency(p.base, num, den, exp, single));
  }
  r.single = single;
  r.column = [p](Index c) -> std::pair<Index, AngleFn> {
    const auto [i, isSin] = pairOfColumn(c, p.dim, p.layout);
    return {i, isSin ? AngleFn::Sin : AngleFn::Cos};
  };
  return r;
}

void addSinusoidalSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  const SinusoidalParams p = sinusoidalParamsFrom(ctx.params);
  // Ours forms w by pow for the paper's layouts and by exp for tensor2tensor's.
  const bool oursExp = p.layout == SinusoidalLayout::Tensor2Tensor;
  const std::string oursForm = oursExp ? "exp(−i ln b / (d/2 − 1))" : "b^(−2i/d)";
  const std::string otherForm = oursExp ? "b^(−i/(d/2 − 1))" : "exp(−2i ln b / d)";
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  std::vector<double> slope;
  for (Index c = 0; c < p.dim; ++c) {
    const Index i = pairOfColumn(c, p.dim, p.layout).first;
    const double x =
        oursExp ? static_cast<double>(i) / static_cast<double>(std::max<Index>(p.dim / 2 - 1, 1))
                : 2.0 * static_cast<double>(i) / static_cast<double>(p.dim);
    slope.push_back(w(i) * (thetaError(p.base, x) + 2 * kEps32));
  }
  out.push_back({"exp_vs_pow",
                 "Your table computes w = " + otherForm +
                     " and the angles in float32 (as the PyTorch tutorial's div_term) where "
                     "ours uses " +
                     oursForm + " in float64: rounding only, growing with the position (" +
                     worstText(ctx.report) + "); compute in float64, or loosen atol.",
                 "", angleValues(ctx, sinusoidalRecipe(p, !oursExp, true)), true});
  out.push_back({"exp_vs_pow",
                 "Your table computes w = " + otherForm + " where ours uses " + oursForm +
                     " (both float64): the two differ by rounding only (largest " +
                     slipNumber(ctx.report.largestAbs.absError) +
                     "), harmless; loosen atol (e.g. 1e-12) to accept it.",
                 "", angleValues(ctx, sinusoidalRecipe(p, !oursExp, false)), true});
  if (CellValues band = float32Band(ctx, std::move(slope), 3 * kEps32))
    out.push_back({"float32_angles",
                   "Your table computes the angles in float32 (w = " + oursForm +
                       " and position × w in float32): the error grows with the position (" +
                       worstText(ctx.report) +
                       "); compute the angles in float64 and round only the table, or loosen "
                       "atol.",
                   "", std::move(band), true, true});
}

// ---- ALiBi and T5 ------------------------------------------------------------------------

void addAlibiSlips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  const AlibiParams p = alibiParamsFrom(ctx.params);
  if (std::has_single_bit(static_cast<std::uint64_t>(p.heads))) return;
  const Vector ours = alibiSlopes(p.heads);
  std::vector<double> simple;
  for (Index h = 0; h < p.heads; ++h)
    simple.push_back(
        std::pow(2.0, -8.0 * static_cast<double>(h + 1) / static_cast<double>(p.heads)));
  const std::string n = std::to_string(p.heads);
  const auto c = std::bit_floor(static_cast<std::uint64_t>(p.heads));
  const std::string text =
      "Your slopes follow 2^(−8(h+1)/n) for n = " + n +
      " heads, which is not a power of two; get_slopes (ofirpress/attention_with_linear_biases, "
      "HF's build_alibi_tensor) takes the slopes of " +
      std::to_string(c) + " heads, then every other slope of " + std::to_string(2 * c) +
      ": use get_slopes.";
  CellValues values;
  if (ctx.view.id == "slopes") {
    const Index c0 = ctx.report.colStart;
    values = [simple, c0](std::span<const Index> rows, std::span<const Index> cols) {
      Matrix v(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
      for (std::size_t b = 0; b < cols.size(); ++b)
        for (std::size_t a = 0; a < rows.size(); ++a)
          v(static_cast<Index>(a), static_cast<Index>(b)) =
              simple[static_cast<std::size_t>(cols[b] + c0)];
      return v;
    };
  } else if (ctx.view.id == "bias") {
    const double k = simple[static_cast<std::size_t>(p.head)] / ours(p.head);
    const Matrix* o = &ctx.report.ours;
    values = [o, k](std::span<const Index> rows, std::span<const Index> cols) {
      Matrix v(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
      for (std::size_t b = 0; b < cols.size(); ++b)
        for (std::size_t a = 0; a < rows.size(); ++a)
          v(static_cast<Index>(a), static_cast<Index>(b)) = k * (*o)(rows[a], cols[b]);
      return v;
    };
  } else {
    return;
  }
  out.push_back({"alibi_slopes", text, "", std::move(values)});
}

void addT5Slips(const DiagnosisContext& ctx, std::vector<SlipCandidate>& out) {
  if (!ctx.params.getBool("bidirectional")) return;
  const std::int64_t n = ctx.params.getInt("buckets");
  ParamSet p;
  if (!withParam(ctx.scheme, ctx.params, "buckets", std::to_string(2 * n), p)) return;
  out.push_back({"buckets_not_halved",
                 "Your buckets use num_buckets = " + std::to_string(n) +
                     " per direction: with bidirectional=true HF's _relative_position_bucket "
                     "halves it first (num_buckets //= 2, so " +
                     std::to_string(n / 2) +
                     " per direction); halve it, or set buckets=" + std::to_string(2 * n) + ".",
                 "buckets=" + std::to_string(2 * n), recomputeWith(ctx, p)});
}

}  // namespace

std::vector<SlipCandidate> schemeSlips(const DiagnosisContext& ctx) {
  std::vector<SlipCandidate> out;
  const std::string& id = ctx.scheme.info().id;
  if (isRopeTable(ctx)) addRopeSlips(ctx, out);
  if (id == "sinusoidal" && ctx.view.id == "encoding") addSinusoidalSlips(ctx, out);
  if (id == "alibi") addAlibiSlips(ctx, out);
  if (id == "t5") addT5Slips(ctx, out);
  return out;
}

bool nameFactor(const DiagnosisContext& ctx, double& k, SlipCandidate& out) {
  if (ctx.scheme.info().id != "rope" || (ctx.view.id != "cos" && ctx.view.id != "sin"))
    return false;
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

std::vector<SlipCandidate> factorSettings(const DiagnosisContext& ctx) {
  std::vector<SlipCandidate> out;
  if (ctx.scheme.info().id != "rope" || (ctx.view.id != "cos" && ctx.view.id != "sin")) return out;
  const double a = ropeAttentionFactor(ropeParamsFrom(ctx.params));
  if (a == 1.0 || !(a > 0)) return out;
  for (const double k : {1.0 / a, a}) {
    double named = k;
    SlipCandidate c;
    if (nameFactor(ctx, named, c)) out.push_back(std::move(c));
  }
  return out;
}

}  // namespace posenc::detail
