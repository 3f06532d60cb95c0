// SPDX-License-Identifier: GPL-3.0-or-later
// RoPE frequencies and their context-extension scalings, the attention factor, partial rotary
// and the cos / sin caches (rope.hpp), in double precision, following Hugging Face
// transformers, src/transformers/modeling_rope_utils.py (v5 main, after PR #40320):
// `_compute_dynamic_ntk_parameters`, `_compute_yarn_parameters`, `_compute_llama3_parameters`
// (= meta-llama apply_scaling) and `_compute_longrope_parameters`, and the rotary embedding's
// forward (emb = cat(freqs, freqs); cos = emb.cos() * attention_scaling). The numpy
// re-implementation tests/reference/rope_scaling.py follows the same lines.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "compute/bulk_math.hpp"
#include "compute/parallel.hpp"
#include "posenc/schemes/rope/rope.hpp"

namespace posenc {

namespace {

std::string text(double v) { return formatValue(Value{v}); }
std::string text(std::int64_t v) { return std::to_string(v); }

const MessageTemplate kFactorList{"%1 positive numbers (one per rotated pair, d_rot/2)",
                                  "%1: the number of rotated pairs"};
const MessageTemplate kFactorListCount{
    "%1 positive numbers (one per rotated pair, d_rot/2), not %2 numbers",
    "%1: the number of rotated pairs; %2: the count of numbers given"};
const MessageTemplate kShareOfDimEven{
    "a share of dim (%1) whose int(dim * f) is even and at least 2 (here %2)",
    "%1: dim; %2: int(dim * partial_rotary_factor)"};
const MessageTemplate kLessThanHalfRotary{
    "less than d_rot/2 (%1), d_rot = int(dim * partial_rotary_factor)", "%1: d_rot/2"};
const MessageTemplate kLessThanHalfDim{"less than dim/2 (%1)", "%1: dim/2"};
const MessageTemplate kAtLeast4WithScaling{
    "at least 4 with scaling %1 (its exponent d/(d-2) is undefined for d = 2)",
    "%1: the scaling's id (ntk or dynamic)"};
const MessageTemplate kShareGivingRotary{
    "a share of dim giving d_rot %1",
    "%1: what d_rot must be, e.g. 'at least 4 with scaling ntk (...)'"};
const MessageTemplate kAtMostHighFreq{
    "at most high_freq_factor (%1); transformers' _validate_llama3_rope_parameters warns when "
    "they are equal",
    "%1: the value of high_freq_factor"};
const MessageTemplate kAtLeastBetaSlow{
    "at least beta_slow (%1); transformers' _validate_yarn_rope_parameters warns below",
    "%1: the value of beta_slow"};
const MessageTemplate kProportionalScalings{
    "none or linear with partial_rotary proportional (transformers' "
    "_compute_proportional_rope_parameters divides by factor and nothing else)",
    "what the scaling must be when partial_rotary is proportional"};
const MessageTemplate kAttentionFactorRange{"a number from 0 (the scaling's own rule) to 100"};
const MessageTemplate kNotGivenRange{"a number from 0 (not given) to 100"};
const MessageTemplate kLongRopeLists{
    "%1 positive numbers with scaling longrope (both lists are needed)",
    "%1: the number of rotated pairs"};

/// HF get_mscale(scale, mscale): 1 for scale <= 1, else 0.1 mscale ln(scale) + 1.
double getMscale(double scale, double mscale) {
  if (scale <= 1.0) return 1.0;
  return 0.1 * mscale * std::log(scale) + 1.0;
}

/// HF find_correction_dim: the (fractional) pair index whose pair turns `rotations` times over
/// L positions: d ln(L / (rotations 2 pi)) / (2 ln base).
double correctionDim(double rotations, double d, double base, double length) {
  return (d * std::log(length / (rotations * 2.0 * std::numbers::pi))) / (2.0 * std::log(base));
}

/// YaRN: HF's inv_freq_interpolation (1 - e) + inv_freq_extrapolation e, e = 1 - ramp.
Vector yarnFrequencies(const RopeParams& p, Index dRot) {
  const RopeRange r = ropeYarnRange(p);
  const double low = r.low;
  const double high = r.low == r.high ? r.high + 0.001 : r.high;  // "Prevent singularity"
  const Index half = dRot / 2;
  Vector theta(half);
  for (Index k = 0; k < half; ++k) {
    const double posFreq = std::pow(p.base, static_cast<double>(2 * k) / static_cast<double>(dRot));
    const double extrapolation = 1.0 / posFreq;
    const double interpolation = 1.0 / (p.factor * posFreq);
    const double ramp = std::clamp((static_cast<double>(k) - low) / (high - low), 0.0, 1.0);
    const double e = 1.0 - ramp;
    theta(k) = interpolation * (1.0 - e) + extrapolation * e;
  }
  return theta;
}

/// Llama 3.1: HF `_compute_llama3_parameters` (Meta's apply_scaling), term by term.
Vector llama3Frequencies(const RopeParams& p, Index dRot) {
  const Vector inv = ropeFrequencies(dRot, p.base);
  const auto old = static_cast<double>(p.trainLength);
  const double lowFreqWavelen = old / p.lowFreqFactor;
  const double highFreqWavelen = old / p.highFreqFactor;
  Vector theta(inv.size());
  for (Index k = 0; k < inv.size(); ++k) {
    const double wavelen = 2.0 * std::numbers::pi / inv(k);
    const double llama = wavelen > lowFreqWavelen ? inv(k) / p.factor : inv(k);
    const double smooth = (old / wavelen - p.lowFreqFactor) / (p.highFreqFactor - p.lowFreqFactor);
    const double smoothed = (1.0 - smooth) * llama / p.factor + smooth * llama;
    const bool medium = !(wavelen < highFreqWavelen) && !(wavelen > lowFreqWavelen);
    // low = high: the blend divides 0 by 0 at a wavelength exactly on the bound; kept there.
    theta(k) = medium && p.highFreqFactor > p.lowFreqFactor ? smoothed : llama;
  }
  return theta;
}

/// LongRoPE: 1 / (ext_factors base^(2k/d_rot)).
Vector longRopeFrequencies(const RopeParams& p, Index dRot) {
  const std::vector<double>& ext = ropeUsesLongFactor(p) ? p.longFactor : p.shortFactor;
  const Index half = dRot / 2;
  Vector theta(half);
  for (Index k = 0; k < half; ++k) {
    const double shape = static_cast<double>(2 * k) / static_cast<double>(dRot);
    theta(k) = 1.0 / (ext[static_cast<std::size_t>(k)] * std::pow(p.base, shape));
  }
  return theta;
}

/// A factor list: empty (not given) or d_rot/2 numbers, each > 0.
void checkFactorList(const char* id, const std::vector<double>& list, Index pairs) {
  if (list.empty()) return;
  const std::string given = formatValue(Value{list});
  const std::string count = text(static_cast<std::int64_t>(pairs));
  if (static_cast<Index>(list.size()) != pairs)
    throw ParamError(id, given,
                     Message(kFactorListCount,
                             {count, text(static_cast<std::int64_t>(list.size()))}));
  for (const double x : list)
    if (!(x > 0.0) || !std::isfinite(x)) throw ParamError(id, given, Message(kFactorList, {count}));
}

/// The checks of partial rotary, the pair index and the widths the scalings need.
void checkRotaryWidth(const RopeParams& p) {
  if (!(p.partialRotaryFactor > 0.0 && p.partialRotaryFactor <= 1.0))
    throw ParamError("partial_rotary_factor", text(p.partialRotaryFactor),
                     Message(allowed::kNumberAboveAtMost, {"0", "1"}));
  const Index dRot = ropeRotaryDim(p);
  if (dRot < 2 || dRot % 2 != 0)
    throw ParamError("partial_rotary_factor", text(p.partialRotaryFactor),
                     Message(kShareOfDimEven,
                             {text(p.dim), text(static_cast<std::int64_t>(dRot))}));
  if (p.proportional && ropeTurningPairs(p) < 1)
    throw ParamError("partial_rotary_factor", text(p.partialRotaryFactor),
                     Message(kShareOfDimEven, {text(p.dim), text(std::int64_t{0})}));
  const bool partial = dRot < p.dim;
  if (p.pair < 0 || p.pair >= dRot / 2)
    throw ParamError("pair", text(p.pair),
                     partial
                         ? Message(kLessThanHalfRotary, {text(static_cast<std::int64_t>(dRot / 2))})
                         : Message(kLessThanHalfDim, {text(p.dim / 2)}));
  if ((p.scaling == RopeScaling::Ntk || p.scaling == RopeScaling::Dynamic) && dRot < 4) {
    const Message why(kAtLeast4WithScaling, {ropeScalingId(p.scaling)});
    if (partial)
      throw ParamError("partial_rotary_factor", text(p.partialRotaryFactor),
                       Message(kShareGivingRotary, {why}));
    throw ParamError("dim", text(p.dim), why);
  }
}

/// The checks of the scalings' own parameters.
void checkScalingParams(const RopeParams& p) {
  if (!(p.lowFreqFactor > 0.0 && p.lowFreqFactor <= 1e6))
    throw ParamError("low_freq_factor", text(p.lowFreqFactor),
                     Message(allowed::kNumberAboveAtMost, {"0", "1e6"}));
  if (!(p.highFreqFactor > 0.0 && p.highFreqFactor <= 1e6))
    throw ParamError("high_freq_factor", text(p.highFreqFactor),
                     Message(allowed::kNumberAboveAtMost, {"0", "1e6"}));
  // Equal is accepted (Llama 4: low = high = 1): no wavelength is then between the two bounds
  // but one exactly on them, so every pair is kept or divided (llama3Frequencies).
  if (!(p.lowFreqFactor <= p.highFreqFactor))
    throw ParamError("low_freq_factor", text(p.lowFreqFactor),
                     Message(kAtMostHighFreq, {text(p.highFreqFactor)}));
  if (!(p.betaSlow > 0.0 && p.betaSlow <= 1e6))
    throw ParamError("beta_slow", text(p.betaSlow),
                     Message(allowed::kNumberAboveAtMost, {"0", "1e6"}));
  if (!(p.betaFast > 0.0 && p.betaFast <= 1e6))
    throw ParamError("beta_fast", text(p.betaFast),
                     Message(allowed::kNumberAboveAtMost, {"0", "1e6"}));
  // Equal is accepted (Kimi K2: beta_fast = beta_slow = 1): HF's linear_ramp_factor then adds
  // 0.001 to the upper bound (yarnFrequencies does too); transformers warns only below.
  if (!(p.betaFast >= p.betaSlow))
    throw ParamError("beta_fast", text(p.betaFast), Message(kAtLeastBetaSlow, {text(p.betaSlow)}));
  if (p.proportional && p.scaling != RopeScaling::None && p.scaling != RopeScaling::Linear)
    throw ParamError("scaling", std::string(ropeScalingId(p.scaling)),
                     Message(kProportionalScalings));
  if (!(p.attentionFactor >= 0.0 && p.attentionFactor <= 100.0))
    throw ParamError("attention_factor", text(p.attentionFactor), Message(kAttentionFactorRange));
  if (!(p.mscale >= 0.0 && p.mscale <= 100.0))
    throw ParamError("mscale", text(p.mscale), Message(kNotGivenRange));
  if (!(p.mscaleAllDim >= 0.0 && p.mscaleAllDim <= 100.0))
    throw ParamError("mscale_all_dim", text(p.mscaleAllDim), Message(kNotGivenRange));
  const Index pairs = ropeRotaryDim(p) / 2;
  checkFactorList("short_factor", p.shortFactor, pairs);
  checkFactorList("long_factor", p.longFactor, pairs);
  if (p.scaling == RopeScaling::LongRope) {
    const char* missing = p.shortFactor.empty()  ? "short_factor"
                          : p.longFactor.empty() ? "long_factor"
                                                 : nullptr;
    if (missing)
      throw ParamError(missing, "(empty)",
                       Message(kLongRopeLists, {text(static_cast<std::int64_t>(pairs))}));
  }
}

}  // namespace

std::string_view ropeScalingId(RopeScaling s) {
  switch (s) {
    case RopeScaling::None:
      return "none";
    case RopeScaling::Linear:
      return "linear";
    case RopeScaling::Ntk:
      return "ntk";
    case RopeScaling::Dynamic:
      return "dynamic";
    case RopeScaling::Yarn:
      return "yarn";
    case RopeScaling::Llama3:
      return "llama3";
    case RopeScaling::LongRope:
      return "longrope";
  }
  return "none";
}

void checkRopeParams(const RopeParams& p) {
  if (p.length < 1 || p.length > kMaxLength)
    throw ParamError("length", text(p.length),
                     Message(allowed::kIntRange, {"1", text(kMaxLength)}));
  if (p.dim < 2 || p.dim > 4096 || p.dim % 2 != 0)
    throw ParamError("dim", text(p.dim), Message(allowed::kEvenIntRange, {"2", "4096"}));
  if (!(p.base >= 2.0 && p.base <= 1e12))
    throw ParamError("base", text(p.base), Message(allowed::kFiniteRange, {"2", "1e12"}));
  if (!(p.factor >= 1.0 && p.factor <= 1024.0))
    throw ParamError("factor", text(p.factor), Message(allowed::kFiniteRange, {"1", "1024"}));
  if (p.trainLength < 1 || p.trainLength > kMaxLength)
    throw ParamError("train_length", text(p.trainLength),
                     Message(allowed::kIntRange, {"1", text(kMaxLength)}));
  if (p.seed > 4294967295ULL)
    throw ParamError("seed", std::to_string(p.seed),
                     Message(allowed::kIntRange, {"0", "4294967295"}));
  if (p.queries < 1 || p.queries > 8)
    throw ParamError("queries", text(p.queries), Message(allowed::kIntRange, {"1", "8"}));
  checkRotaryWidth(p);
  checkScalingParams(p);
}

Index ropeRotaryDim(const RopeParams& p) {
  // Proportional: every dimension is in a pair (the rest turn at frequency 0).
  if (p.proportional) return p.dim;
  // HF: dim = int(head_dim * partial_rotary_factor), a double product truncated.
  return static_cast<Index>(static_cast<double>(p.dim) * p.partialRotaryFactor);
}

Index ropeTurningPairs(const RopeParams& p) {
  // HF _compute_proportional_rope_parameters: rope_angles = int(rope_proportion * head_dim // 2)
  // (Python's // of a float floors it).
  if (p.proportional)
    return static_cast<Index>(std::floor(p.partialRotaryFactor * static_cast<double>(p.dim) / 2.0));
  return ropeRotaryDim(p) / 2;
}

double ropeAttentionFactor(const RopeParams& p) {
  if (p.attentionFactor > 0.0) return p.attentionFactor;
  switch (p.scaling) {
    case RopeScaling::Yarn:
      // HF: `if mscale and mscale_all_dim:` (both given and non-zero) the ratio, else
      // get_mscale(factor) with mscale 1 (a lone mscale is not used).
      if (p.mscale > 0.0 && p.mscaleAllDim > 0.0)
        return getMscale(p.factor, p.mscale) / getMscale(p.factor, p.mscaleAllDim);
      return getMscale(p.factor, 1.0);
    case RopeScaling::LongRope:
      if (p.factor <= 1.0) return 1.0;
      return std::sqrt(1.0 + std::log(p.factor) / std::log(static_cast<double>(p.trainLength)));
    default:
      return 1.0;
  }
}

RopeRange ropeYarnRange(const RopeParams& p) {
  const auto d = static_cast<double>(ropeRotaryDim(p));
  const auto length = static_cast<double>(p.trainLength);
  double low = correctionDim(p.betaFast, d, p.base, length);
  double high = correctionDim(p.betaSlow, d, p.base, length);
  if (p.truncate) {
    low = std::floor(low);
    high = std::ceil(high);
  }
  return {std::max(low, 0.0), std::min(high, d - 1.0)};
}

bool ropeUsesLongFactor(const RopeParams& p) { return p.length > p.trainLength; }

double ropeScaledBase(const RopeParams& p) {
  const auto d = static_cast<double>(ropeRotaryDim(p));
  const double s = p.factor;
  switch (p.scaling) {
    case RopeScaling::Ntk:
      return p.base * std::pow(s, d / (d - 2.0));
    case RopeScaling::Dynamic: {
      // HF `_compute_dynamic_ntk_parameters`: seq_len = max(seq_len, max_position_embeddings);
      // base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2)).
      const double len = static_cast<double>(std::max(p.length, p.trainLength));
      const double ratio = s * len / static_cast<double>(p.trainLength) - (s - 1.0);
      return p.base * std::pow(ratio, d / (d - 2.0));
    }
    default:
      return p.base;
  }
}

Vector ropeFrequencies(std::int64_t dim, double base) {
  const Index half = dim / 2;
  Vector theta(half);
  for (Index k = 0; k < half; ++k) {
    theta(k) = 1.0 / std::pow(base, static_cast<double>(2 * k) / static_cast<double>(dim));
  }
  return theta;
}

Vector ropeScaledFrequencies(const RopeParams& p) {
  const Index dRot = ropeRotaryDim(p);
  switch (p.scaling) {
    case RopeScaling::Yarn:
      return yarnFrequencies(p, dRot);
    case RopeScaling::Llama3:
      return llama3Frequencies(p, dRot);
    case RopeScaling::LongRope:
      return longRopeFrequencies(p, dRot);
    default: {
      Vector theta = ropeFrequencies(dRot, ropeScaledBase(p));
      // Proportional (Gemma 4's full layers): the exponent 2k/d over the whole head, pairs from
      // rope_angles on at frequency 0 (cos 1, sin 0: those dimensions pass unrotated).
      if (p.proportional) theta.tail(theta.size() - ropeTurningPairs(p)).setZero();
      if (p.scaling == RopeScaling::Linear) theta /= p.factor;
      return theta;
    }
  }
}

// Row by row, spread over the cores (detail::parallelBlocks): each row is written in memory
// order, and each pair's cos or sin is computed once per row, 4 or 8 at a time
// (detail::cosOrSin), then copied to the column or columns that hold it (both halves of the
// half layout, both members of an interleaved pair). Every cell is HF's expression,
// cos(fl(m θ)) · a, so the values do not depend on the region or the number of threads.
Matrix ropeCache(const RopeParams& p, std::span<const Index> rows, std::span<const Index> cols,
                 bool sine) {
  const Vector theta = ropeScaledFrequencies(p);
  const Index half = theta.size();
  const double a = ropeAttentionFactor(p);
  std::vector<Index> pairOf(cols.size());  // column b of the region holds pair pairOf[b]
  std::vector<Index> pairs;                // the pairs the region needs, each once
  std::vector<Index> slotOf(static_cast<std::size_t>(half), -1);
  for (std::size_t b = 0; b < cols.size(); ++b) {
    const Index j = p.layout == RopeLayout::Half ? cols[b] % half : cols[b] / 2;
    auto& slot = slotOf[static_cast<std::size_t>(j)];
    if (slot < 0) {
      slot = static_cast<Index>(pairs.size());
      pairs.push_back(j);
    }
    pairOf[b] = slot;
  }
  // Columns b .. b + length - 1 hold slots slot .. slot + length - 1: a row is copied in runs
  // (the half layout's two halves are two runs).
  struct Run {
    std::size_t col, slot, length;
  };
  std::vector<Run> runs;
  for (std::size_t b = 0; b < cols.size(); ++b) {
    const auto slot = static_cast<std::size_t>(pairOf[b]);
    if (!runs.empty() && runs.back().col + runs.back().length == b &&
        runs.back().slot + runs.back().length == slot)
      ++runs.back().length;
    else runs.push_back({b, slot, 1});
  }
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  detail::adviseHugePages(out.data(), static_cast<std::size_t>(out.size()) * sizeof(double));
  // The first run holds every slot in order (the whole half layout, any region of one half):
  // the values are computed in place there and copied from there.
  const bool inPlace =
      !runs.empty() && runs.front().slot == 0 && runs.front().length == pairs.size();
  detail::parallelBlocks(out.rows(), 512, [&](Index begin, Index end) {
    std::vector<double> buffer(inPlace ? 0 : pairs.size());
    for (Index r = begin; r < end; ++r) {
      double* row = out.data() + r * out.cols();
      double* value = inPlace ? row + runs.front().col : buffer.data();
      // HF: freqs = position * inv_freq; emb.cos() * attention_scaling.
      const auto m = static_cast<double>(rows[static_cast<std::size_t>(r)]);
      for (std::size_t k = 0; k < pairs.size(); ++k) value[k] = m * theta(pairs[k]);
      detail::cosOrSin(value, value, pairs.size(), sine);
      if (a != 1.0)
        for (std::size_t k = 0; k < pairs.size(); ++k) value[k] *= a;
      for (std::size_t k = inPlace ? 1 : 0; k < runs.size(); ++k)
        std::copy_n(value + runs[k].slot, runs[k].length, row + runs[k].col);
    }
  });
  return out;
}

}  // namespace posenc
