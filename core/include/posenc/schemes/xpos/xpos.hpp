// SPDX-License-Identifier: GPL-3.0-or-later
// xPos, the extrapolatable position embedding (Sun et al., "A Length-Extrapolatable
// Transformer", 2022, arXiv:2212.10554; microsoft/torchscale XPOS): RoPE's rotation plus a
// per-pair exponential scale, ζ_j^(m/γ_s) on the query and ζ_j^(−n/γ_s) on the key, so each
// pair's part of q'·k' decays as ζ_j^((m − n)/scale_base).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// Parameters of xpos. Random vectors: q[c] = normal(seed, Tensor::XposQuery, 0, c) and
/// k[c] = normal(seed, Tensor::XposKey, 0, c), c = 0..dim-1; the same q and k at every
/// position (as the rope scheme), so the scores show the position effect alone.
struct XposParams {
  std::int64_t length = 128;  ///< Positions 0..length-1; 1..2^20.
  std::int64_t dim = 64;      ///< Head width d; even, 2..4096.
  double base = 10000.0;      ///< θ_j = base^(−2j/d) (torchscale: 10000 fixed); 2..1e12.
  double scaleBase = 512.0;   ///< γ_s of ζ^(n/γ_s) (torchscale `scale_base`); 1..1e9.
  double gamma = 0.4;         ///< The 0.4 of ζ_j = (2j + 0.4 d)/(1.4 d); 0.01..100.
  std::uint64_t seed = 0;     ///< Seed of q and k.
  friend bool operator==(const XposParams&, const XposParams&) = default;
};

/// Reads the xpos parameters (ids: length, dim, base, scale_base, gamma, seed).
[[nodiscard]] XposParams xposParamsFrom(const ParamSet& params);

/// Every constraint of XposParams (ranges, dim even). @throws ParamError naming the parameter.
void checkXposParams(const XposParams& p);

/// ζ_j = (2j + γ d)/((1 + γ) d), j = 0..d/2-1: torchscale's XPOS `scale` buffer
/// (arange(0, d, 2) + 0.4 d)/(1.4 d) with γ for 0.4. In [γ/(1+γ), 1), increasing.
[[nodiscard]] Vector xposZeta(std::int64_t dim, double gamma);

/// torchscale's first centred position min_pos = −(length + offset) // 2 (Python floor
/// division) with offset 0: position t of a sequence of `length` gets the scale exponent
/// (t + min_pos)/scale_base. xposMinPos(5) = −3, xposMinPos(4) = −2.
[[nodiscard]] Index xposMinPos(Index length);

/// XPOS.forward(x, offset = 0, downscale) at one position t of a sequence of `length`, as
/// torchscale computes it: the interleaved rotation by angle t θ_j (positions from 0, θ_j =
/// base^(−2j/d)), each pair multiplied by ζ_j^((t + min_pos)/scale_base), or by its inverse
/// when downscale (the keys). Width d = 2 ζ.size().
/// @note The rotation uses t, the scale the centred t + min_pos: torchscale's
///       fixed_pos_embedding counts from 0 while the scale counts from min_pos.
[[nodiscard]] Vector xposApply(const XposParams& p, const Vector& x, Index t, bool downscale);

/// The query and key vectors of the parameters (see XposParams).
[[nodiscard]] Vector xposQuery(const XposParams& p);
[[nodiscard]] Vector xposKey(const XposParams& p);

/// Per-pair parts of q'·k' at distance r = m − n: ζ_j^(r/scale_base) times the RoPE pair term
/// of pair j (ropePairTerms, interleaved layout, θ_j = base^(−2j/d)). Length d/2; they sum
/// to xposApply(q, m, false) · xposApply(k, n, true) for every m, n with m − n = r (the
/// centring cancels: ζ^((m + c)/γ_s) ζ^(−(n + c)/γ_s) = ζ^((m − n)/γ_s)).
[[nodiscard]] Vector xposPairTerms(const XposParams& p, const Vector& q, const Vector& k, Index r);

/// Scores view: rows.size() x cols.size(), S(a, b) = q'·k' with query m = rows[a], key n =
/// cols[b], raw dot product (no 1/sqrt(d)); kMasked (NaN) for n > m: xPos is a causal
/// (decoder) embedding, and for keys after the query the scale ζ^((m − n)/γ_s) grows instead
/// of decaying. Evaluated once per distinct m − n, so diagonals are constant.
[[nodiscard]] Matrix xposScores(const XposParams& p, std::span<const Index> rows,
                                std::span<const Index> cols);

/// Decay view: rows.size() x cols.size(), D(a, b) = ζ_j^(r/scale_base), r = rows[a] (distance
/// m − n >= 0), j = cols[b] (pair). In (0, 1]; 1 at r = 0.
[[nodiscard]] Matrix xposDecay(const XposParams& p, std::span<const Index> rows,
                               std::span<const Index> cols);

/// Longest length whose single vectors the invariance view can form in doubles: beyond it
/// ζ_0^(±length/(2 scale_base)) leaves the double range (the scores themselves stay finite).
[[nodiscard]] Index xposMaxVectorLength(const XposParams& p);

/// The xpos scheme (xpos_scheme.cpp): views zeta, decay, scores, invariance.
[[nodiscard]] std::unique_ptr<Scheme> makeXposScheme();

}  // namespace posenc
