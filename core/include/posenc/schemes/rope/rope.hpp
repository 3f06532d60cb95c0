// SPDX-License-Identifier: GPL-3.0-or-later
// Rotary position embedding (Su et al., "RoFormer", 2021, arXiv:2104.09864) and its
// context-extension scalings (linear interpolation, NTK-aware, HF dynamic NTK, YaRN, Llama 3.1,
// LongRoPE), partial rotary and the attention factor, as Hugging Face transformers computes them
// (src/transformers/modeling_rope_utils.py; the scalings are in rope_scaling.cpp).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"
#include "posenc/maths/attention_window.hpp"

namespace posenc {

/// Which dimensions form a rotation pair. The two give different numbers for the same vector;
/// they agree after the permutation interleaved dims (2k, 2k+1) <-> half dims (k, k + d/2).
enum class RopeLayout {
  Half,         ///< "half": LLaMA / GPT-NeoX `rotate_half`: dim k pairs with k + d/2.
  Interleaved,  ///< "interleaved": RoFormer, GPT-J `rotate_every_two`: 2k pairs with 2k+1.
};

/// Context-extension scaling of the frequencies (docs/CONVENTIONS.md "rope"), factor s.
enum class RopeScaling {
  None,      ///< "none": theta_k = base^(-2k/d).
  Linear,    ///< "linear": position interpolation (Chen et al. 2023): theta_k / s.
  Ntk,       ///< "ntk": NTK-aware: base' = base s^(d/(d-2)).
  Dynamic,   ///< "dynamic": HF dynamic NTK: base' = base (s L / L_train - (s - 1))^(d/(d-2)),
             ///< L = max(length, train_length); equal to none while length <= train_length.
  Yarn,      ///< "yarn": HF `_compute_yarn_parameters`: theta_k / s for the slow pairs, theta_k for
             ///< the fast ones, a linear ramp over the correction range between (beta_fast,
             ///< beta_slow, truncate); attention factor 0.1 ln s + 1 (or the mscale ratio).
  Llama3,    ///< "llama3": HF `_compute_llama3_parameters` (= Meta's apply_scaling): theta_k / s
             ///< for wavelengths above L_train / low_freq_factor, theta_k below L_train /
             ///< high_freq_factor, a smooth blend between.
  LongRope,  ///< "longrope": HF `_compute_longrope_parameters`: theta_k / long_factor[k] when
             ///< length > train_length, else theta_k / short_factor[k]; attention factor
             ///< sqrt(1 + ln s / ln L_train) for s > 1.
};

/// Parameters of RoPE. Random vectors: q[c] = normal(seed, Tensor::RopeQuery, 0, c) and
/// k[c] = normal(seed, Tensor::RopeKey, 0, c), c = 0..dim-1, standard deviation 1; the same
/// q and k at every position, so scores show the position effect alone. Only the first
/// d_rot = int(dim partial_rotary_factor) dimensions rotate (HF's rule); the frequencies are
/// theta_k = base^(-2k/d_rot), k < d_rot/2.
struct RopeParams {
  std::int64_t length = 128;  ///< Positions 0..length-1; 1..2^20.
  std::int64_t dim = 64;      ///< Head width d; even, 2..4096 (>= 4 for ntk, dynamic).
  double base = 10000.0;      ///< theta_k = base^(-2k/d); 2..1e12.
  RopeLayout layout = RopeLayout::Half;
  RopeScaling scaling = RopeScaling::None;
  double factor = 1.0;               ///< Scaling factor s; 1..1024 (s < 1 is refused).
  std::int64_t trainLength = 2048;   ///< L_train (HF original_max_position_embeddings); 1..2^20.
  double lowFreqFactor = 1.0;        ///< llama3: wavelengths above L_train / this are divided.
  double highFreqFactor = 4.0;       ///< llama3: wavelengths below L_train / this are kept.
  double betaFast = 32.0;            ///< yarn: pairs turning more than this over L_train are kept.
  double betaSlow = 1.0;             ///< yarn: pairs turning less than this are interpolated.
  bool truncate = true;              ///< yarn: floor / ceil the correction range (HF default).
  double attentionFactor = 0;        ///< Multiplies cos and sin; 0 = the scaling's own rule.
  double mscale = 0;                 ///< yarn (DeepSeek): 0 = not given.
  double mscaleAllDim = 0;           ///< yarn (DeepSeek): 0 = not given.
  std::vector<double> shortFactor;   ///< longrope: d_rot/2 factors used up to train_length.
  std::vector<double> longFactor;    ///< longrope: d_rot/2 factors used past train_length.
  double partialRotaryFactor = 1.0;  ///< Share of dim that rotates; 0 < f <= 1.
  /// How partial rotary is built (`partial_rotary`): false "plain", the first d_rot dims rotate
  /// with theta_k = base^(-2k/d_rot); true "proportional" (HF `_compute_proportional_rope_
  /// parameters`, Gemma 4's full-attention layers): theta_k = base^(-2k/dim) for k <
  /// int(f dim // 2), theta_k = 0 for the other pairs, every dim paired over the whole head.
  bool proportional = false;
  std::uint64_t seed = 0;    ///< Seed of q and k.
  std::int64_t pair = 0;     ///< Pair shown by the rotation view; < dim/2.
  std::int64_t queries = 4;  ///< Query positions in the invariance view; 1..8.
  /// The layer's attention window (`window`, `window_kind`): with size > 0 the scores view
  /// masks the keys a decoder layer with that window does not attend (ropeScores).
  AttentionWindow window{};
  friend bool operator==(const RopeParams&, const RopeParams&) = default;
};

/// Stable id of a scaling: "none", "linear", "ntk", "dynamic", "yarn", "llama3" or
/// "longrope" (the `scaling` choice).
[[nodiscard]] std::string_view ropeScalingId(RopeScaling s);

/// Reads the `rope` scheme's parameters (ids: length, dim, base, layout, scaling, factor,
/// train_length, low_freq_factor, high_freq_factor, beta_fast, beta_slow, truncate,
/// attention_factor, mscale, mscale_all_dim, short_factor, long_factor,
/// partial_rotary_factor, seed, pair, queries, window, window_kind).
[[nodiscard]] RopeParams ropeParamsFrom(const ParamSet& params);

/// Every constraint of RopeParams (ranges, dim even, factor >= 1, d_rot even and >= 2,
/// pair < d_rot/2, d_rot >= 4 for ntk and dynamic, whose exponent d/(d-2) is undefined at
/// d = 2, beta_fast > beta_slow, low_freq_factor < high_freq_factor, factor lists of d_rot/2
/// positive numbers, both lists for longrope).
/// @throws ParamError naming the parameter.
void checkRopeParams(const RopeParams& p);

/// Rotated width d_rot = int(dim partial_rotary_factor), as HF computes `dim` (the product
/// in double, truncated). The first d_rot dimensions rotate; the rest pass unrotated. With
/// proportional partial rotary, dim: every dimension is in a pair, the unrotated ones at
/// frequency 0.
[[nodiscard]] Index ropeRotaryDim(const RopeParams& p);

/// The pairs that turn (a frequency above 0 before scaling): d_rot/2, or with proportional
/// partial rotary HF's rope_angles = int(partial_rotary_factor dim // 2).
[[nodiscard]] Index ropeTurningPairs(const RopeParams& p);

/// The attention factor multiplying HF's cos and sin caches (so q and k each): the
/// attention_factor parameter when > 0, else yarn get_mscale(s, mscale) /
/// get_mscale(s, mscale_all_dim) when both are given, else 0.1 ln s + 1 (1 for s <= 1);
/// longrope sqrt(1 + ln s / ln L_train) for s > 1; 1 for the other scalings.
[[nodiscard]] double ropeAttentionFactor(const RopeParams& p);

/// YaRN's correction range (HF find_correction_range) in pair indices: low from beta_fast,
/// high from beta_slow, floor / ceil when truncate, clamped to [0, d_rot - 1]. Pairs k <= low
/// keep theta_k, k >= high get theta_k / s, the ramp (k - low) / (high - low) blends between.
struct RopeRange {
  double low = 0;
  double high = 0;
};
[[nodiscard]] RopeRange ropeYarnRange(const RopeParams& p);

/// True when longrope uses long_factor: length > train_length (HF: seq_len >
/// original_max_position_embeddings).
[[nodiscard]] bool ropeUsesLongFactor(const RopeParams& p);

/// Base after scaling: base' for ntk and dynamic (formulas at RopeScaling), base otherwise.
[[nodiscard]] double ropeScaledBase(const RopeParams& p);

/// Unscaled frequencies theta_k = 1 / base^(2k/d), k = 0..d/2-1, in radians per position
/// (written as HF / GPT-J write `inv_freq`). RoFormer eq. (15).
[[nodiscard]] Vector ropeFrequencies(std::int64_t dim, double base);

/// Frequencies after p.scaling over the rotated width d_rot: ropeFrequencies(d_rot,
/// ropeScaledBase(p)), divided by s for linear (HF `inv_freq /= factor`), blended for yarn and
/// llama3, divided by the factor lists for longrope. Length d_rot/2.
[[nodiscard]] Vector ropeScaledFrequencies(const RopeParams& p);

/// HF's cos (sine = false) or sin cache at positions `rows` and columns `cols` (< d_rot):
/// attention factor times cos(m theta_j) (sin), with j = c mod d_rot/2 for the half layout
/// (emb = cat(freqs, freqs)) and j = c / 2 for interleaved (each theta twice, adjacent).
[[nodiscard]] Matrix ropeCache(const RopeParams& p, std::span<const Index> rows,
                               std::span<const Index> cols, bool sine);

/// Dimensions (first, second) of rotation pair k in a vector of width d: half (k, k + d/2),
/// interleaved (2k, 2k + 1).
[[nodiscard]] std::pair<Index, Index> ropePairDims(Index k, Index d, RopeLayout layout);

/// R_m x: each pair (a, b) = (x[first], x[second]) of pair k becomes
/// (a cos(m theta_k) - b sin(m theta_k), a sin(m theta_k) + b cos(m theta_k)).
/// RoFormer eq. (14)-(15). m may be fractional (linear scaling = positions m / s).
/// @param theta d/2 frequencies; x has width d = 2 theta.size().
[[nodiscard]] Vector ropeRotate(const Vector& x, double m, const Vector& theta, RopeLayout layout);

/// The query vector q (width dim) and key vector k of the parameters (see RopeParams).
[[nodiscard]] Vector ropeQuery(const RopeParams& p);
[[nodiscard]] Vector ropeKey(const RopeParams& p);

/// Per-pair parts of score(r) = <R_m q, R_n k> at relative distance r = m - n:
/// term_k = (a c + b e) cos(r theta_k) + (a e - b c) sin(r theta_k), (a, b) pair k of q,
/// (c, e) pair k of k. Length d/2; they sum to the score. RoFormer eq. (16).
[[nodiscard]] Vector ropePairTerms(const Vector& q, const Vector& k, const Vector& theta,
                                   RopeLayout layout, Index r);

/// The score profile: score(r) = sum_k term_k(r) for each distance r (any sign, |r| < 2^21).
/// @return distances.size() values. Raw dot product, no 1/sqrt(d).
/// @note cos and sin of r theta_k are formed from exact values at 64 floor(|r|/64) and
///       |r| mod 64 (angle addition): a few ulp of the angle from direct evaluation, and
///       the same for every r wherever it is asked from.
[[nodiscard]] Vector ropeScoreProfile(const Vector& q, const Vector& k, const Vector& theta,
                                      RopeLayout layout, std::span<const Index> distances);

/// The full score profile of the parameters: a^2 ropeScoreProfile over the rotated d_rot
/// dimensions (a = ropeAttentionFactor: HF scales cos and sin, so q and k each) plus the
/// plain dot product of the d - d_rot unrotated dimensions; exactly ropeScoreProfile at
/// a = 1 and d_rot = d.
[[nodiscard]] Vector ropeFullProfile(const RopeParams& p, std::span<const Index> distances);

/// Scores view: rows.size() x cols.size(), S(a, b) = <R_m q, R_n k> with m = rows[a] (query
/// position), n = cols[b] (key position); signed, raw dot product (no 1/sqrt(d)), the
/// attention factor and the unrotated dimensions as ropeFullProfile.
/// Evaluated once per distinct m - n through ropeFullProfile, so diagonals are constant.
/// With p.window.size > 0, kMasked (NaN) where windowBlock(p.window, m, n) is not None: keys
/// after the query (the window's mask is causal, as transformers' sliding_window_causal_mask_
/// function and chunked_causal_mask_function) and keys outside the window; the mask is applied
/// after the score is summed. Without a window every (m, n) holds its score.
[[nodiscard]] Matrix ropeScores(const RopeParams& p, std::span<const Index> rows,
                                std::span<const Index> cols);

/// Angles view: rows.size() x cols.size(), A(a, b) = m theta_k (after scaling) in radians,
/// m = rows[a] (position), k = cols[b] (pair index); >= 0, not reduced mod 2 pi.
[[nodiscard]] Matrix ropeAngles(const RopeParams& p, std::span<const Index> rows,
                                std::span<const Index> cols);

/// RoFormer sec. 3.4.3 long-term decay: bound(r) = (1/(d/2)) sum_{j=1..d/2} |S_j|,
/// S_j = sum_{k=0..j-1} e^{i r theta_k}, for r = 0..count-1. bound(0) = (d/2 + 1)/2.
/// Not monotone in r.
[[nodiscard]] Vector ropeDecayBound(const Vector& theta, Index count);

/// The absolute baseline of the invariance view: (q + PE_m) . (k + PE_n) with PE the
/// interleaved sinusoidal table (Vaswani et al. sec. 3.5) of width dim and the same base,
/// for n = each entry of keys. Depends on m and n separately.
/// @note PE_n's sin and cos use ropeScoreProfile's angle addition: sinusoidalTable's values
///       for |n| < 64, within a few ulp of the angle beyond.
[[nodiscard]] Vector absoluteSinusoidalScores(const RopeParams& p, Index m,
                                              std::span<const Index> keys);

/// The `rope` scheme (rope_scheme.cpp, rope_views.cpp): views angles, frequencies, scores,
/// invariance, decay, rotation, extrapolation, scale, cos, sin.
[[nodiscard]] std::unique_ptr<Scheme> makeRopeScheme();

}  // namespace posenc
