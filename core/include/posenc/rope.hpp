// SPDX-License-Identifier: GPL-3.0-or-later
// Rotary position embedding (Su et al., "RoFormer", 2021, arXiv:2104.09864) and its
// context-extension scalings (linear interpolation, NTK-aware, HF dynamic NTK).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <utility>

#include "posenc/params.hpp"
#include "posenc/scheme.hpp"
#include "posenc/types.hpp"

namespace posenc {

/// Which dimensions form a rotation pair. The two give different numbers for the same vector;
/// they agree after the permutation interleaved dims (2k, 2k+1) <-> half dims (k, k + d/2).
enum class RopeLayout {
  Half,         ///< "half": LLaMA / GPT-NeoX `rotate_half`: dim k pairs with k + d/2.
  Interleaved,  ///< "interleaved": RoFormer, GPT-J `rotate_every_two`: 2k pairs with 2k+1.
};

/// Context-extension scaling of the frequencies (docs/CONVENTIONS.md "rope"), factor s.
enum class RopeScaling {
  None,     ///< "none": theta_k = base^(-2k/d).
  Linear,   ///< "linear": position interpolation (Chen et al. 2023): theta_k / s.
  Ntk,      ///< "ntk": NTK-aware: base' = base s^(d/(d-2)).
  Dynamic,  ///< "dynamic": HF dynamic NTK: base' = base (s L / L_train - (s - 1))^(d/(d-2)),
            ///< L = max(length, train_length); equal to none while length <= train_length.
};

/// Parameters of RoPE. Random vectors: q[c] = normal(seed, Tensor::RopeQuery, 0, c) and
/// k[c] = normal(seed, Tensor::RopeKey, 0, c), c = 0..dim-1, standard deviation 1; the same
/// q and k at every position, so scores show the position effect alone.
struct RopeParams {
  std::int64_t length = 128;  ///< Positions 0..length-1; 1..2^20.
  std::int64_t dim = 64;      ///< Head width d; even, 2..4096 (>= 4 for ntk, dynamic).
  double base = 10000.0;      ///< theta_k = base^(-2k/d); 2..1e12.
  RopeLayout layout = RopeLayout::Half;
  RopeScaling scaling = RopeScaling::None;
  double factor = 1.0;              ///< Scaling factor s; 1..1024 (s < 1 is refused).
  std::int64_t trainLength = 2048;  ///< L_train of the dynamic scaling; 1..2^20.
  std::uint64_t seed = 0;           ///< Seed of q and k.
  std::int64_t pair = 0;            ///< Pair shown by the rotation view; < dim/2.
  std::int64_t queries = 4;         ///< Query positions in the invariance view; 1..8.
  friend bool operator==(const RopeParams&, const RopeParams&) = default;
};

/// Stable id of a scaling: "none", "linear", "ntk" or "dynamic" (the `scaling` choice).
[[nodiscard]] std::string_view ropeScalingId(RopeScaling s);

/// Reads the `rope` scheme's parameters (ids: length, dim, base, layout, scaling, factor,
/// train_length, seed, pair, queries).
[[nodiscard]] RopeParams ropeParamsFrom(const ParamSet& params);

/// Every constraint of RopeParams (ranges, dim even, factor >= 1, pair < dim/2, dim >= 4
/// for ntk and dynamic, whose exponent d/(d-2) is undefined at d = 2).
/// @throws ParamError naming the parameter.
void checkRopeParams(const RopeParams& p);

/// Base after scaling: base' for ntk and dynamic (formulas at RopeScaling), base otherwise.
[[nodiscard]] double ropeScaledBase(const RopeParams& p);

/// Unscaled frequencies theta_k = 1 / base^(2k/d), k = 0..d/2-1, in radians per position
/// (written as HF / GPT-J write `inv_freq`). RoFormer eq. (15).
[[nodiscard]] Vector ropeFrequencies(std::int64_t dim, double base);

/// Frequencies after p.scaling: ropeFrequencies(dim, ropeScaledBase(p)), divided by s for
/// linear (HF `inv_freq /= factor`). Length d/2.
[[nodiscard]] Vector ropeScaledFrequencies(const RopeParams& p);

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

/// Scores view: rows.size() x cols.size(), S(a, b) = <R_m q, R_n k> with m = rows[a] (query
/// position), n = cols[b] (key position); signed, raw dot product (no 1/sqrt(d)).
/// Evaluated once per distinct m - n through ropeScoreProfile, so diagonals are constant.
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

/// The `rope` scheme (rope_scheme.cpp): views angles, frequencies, scores, invariance, decay,
/// rotation, extrapolation.
[[nodiscard]] std::unique_ptr<Scheme> makeRopeScheme();

}  // namespace posenc
