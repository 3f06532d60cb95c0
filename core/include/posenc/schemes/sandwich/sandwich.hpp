// SPDX-License-Identifier: GPL-3.0-or-later
// Sandwich (Chi, Fan, Rudnicky, Ramadge, "Dissecting Transformer Length Extrapolation via the
// Lens of Receptive Field Analysis", ACL 2023; NVIDIA/NeMo SandwichRelativePositionEmbedding):
// the inner product of two sinusoidal position embeddings, minus its value at distance 0,
// scaled per head and added to the attention logits. No parameter is learned.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// Parameters of sandwich. Nothing is random and nothing is learned.
struct SandwichParams {
  std::int64_t length = 128;  ///< Positions 0..length-1; 1..2^20.
  std::int64_t dim = 64;      ///< d, NeMo's hidden_size: d/2 frequencies; even, 2..4096.
  std::int64_t heads = 8;     ///< Number of heads n; 1..1024.
  std::int64_t head = 0;      ///< Head h shown by the bias view; < heads.
  bool causal = true;         ///< true: decoder, keys after the query masked (NeMo's
                              ///< bidirectional = false); false: symmetric in i − j.
  friend bool operator==(const SandwichParams&, const SandwichParams&) = default;
};

/// Reads the sandwich parameters (ids: length, dim, heads, head, causal).
[[nodiscard]] SandwichParams sandwichParamsFrom(const ParamSet& params);

/// head < heads, dim even. @throws ParamError naming the parameter.
void checkSandwichParams(const SandwichParams& p);

/// NeMo's inv_freq = 1 / 10000^(2 arange(1, d/2 + 1) / d): ω_k = 10000^(−2k/d) for
/// k = 1..d/2 (from 1, not 0: the constant pair of the sinusoidal table is left out). Length d/2.
[[nodiscard]] Vector sandwichFrequencies(std::int64_t dim);

/// NeMo's per-head divisor (h + 1) · 8 / heads, h = 0..heads-1 (its bias_scales · 8 / n).
[[nodiscard]] double sandwichHeadDivisor(std::int64_t head, std::int64_t heads);

/// Unscaled bias at distance |i − j|: Σ_k cos(|i − j| ω_k) − d/2. 0 at distance 0, <= 0
/// (each cosine <= 1), even in i − j.
[[nodiscard]] double sandwichRawBias(const Vector& omega, std::int64_t dim, Index distance);

/// Bias view: rows.size() x cols.size(), B(a, b) = sandwichRawBias(|i − j|) /
/// sandwichHeadDivisor(head, heads), i = rows[a], j = cols[b]; kMasked (NaN) for j > i when
/// causal. <= 0, 0 on the diagonal. Evaluated once per distinct distance.
/// @note NeMo's causal form is tril(|i − j|), so its bias above the diagonal is the value at
///       distance 0, i.e. 0; the causal mask then hides those cells, as this view does.
[[nodiscard]] Matrix sandwichBias(const SandwichParams& p, std::span<const Index> rows,
                                  std::span<const Index> cols);

/// The sandwich scheme (sandwich_scheme.cpp): views bias (matrix) and curve (series).
[[nodiscard]] std::unique_ptr<Scheme> makeSandwichScheme();

}  // namespace posenc
