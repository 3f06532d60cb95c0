// SPDX-License-Identifier: GPL-3.0-or-later
// NoPE, no position encoding (Kazemnejad et al., "The Impact of Positional Encoding on Length
// Generalization in Transformers", NeurIPS 2023): a decoder with nothing added for positions,
// whose only position signal is the causal mask.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// Longest row (keys per query) the attention and entropy views evaluate.
inline constexpr Index kNopeAttentionMaxKeys = 65536;

/// Parameters of nope. Random vectors, one per position (no position information in them):
/// q_i[c] = normal(seed, Tensor::NopeQuery, i, c), k_j[c] = normal(seed, Tensor::NopeKey, j, c),
/// c = 0..dim-1, standard deviation 1: stand-ins for a trained model's projected tokens.
struct NopeParams {
  std::int64_t length = 64;  ///< Positions 0..length-1; 1..2^20 (attention, entropy: 65536).
  std::int64_t dim = 64;     ///< Head width d; 1..1024.
  std::uint64_t seed = 0;    ///< Seed of q and k.
  friend bool operator==(const NopeParams&, const NopeParams&) = default;
};

/// Reads the nope parameters (ids: length, dim, seed).
[[nodiscard]] NopeParams nopeParamsFrom(const ParamSet& params);

/// The causal mask: rows.size() x cols.size(), 1 where key j <= query i (may attend), 0
/// where j > i (masked; the logit gets −∞).
[[nodiscard]] Matrix nopeMask(std::span<const Index> rows, std::span<const Index> cols);

/// Query vectors q_i (rows.size() x dim, row a = q of position rows[a]) and key vectors
/// (likewise), drawn as NopeParams says.
[[nodiscard]] Matrix nopeQueries(const NopeParams& p, std::span<const Index> rows);
[[nodiscard]] Matrix nopeKeys(const NopeParams& p, Index count);
/// The key vector of position j alone (width dim): row j of nopeKeys.
[[nodiscard]] Vector nopeKeyRow(const NopeParams& p, Index j);

/// Causal softmax of one query row: weights over keys 0..i of softmax_j(q · k_j / sqrt(d)),
/// max-subtracted, summed in key order. `keys` holds at least i + 1 rows (width d = q.size()).
/// @return i + 1 weights in (0, 1], summing to 1.
[[nodiscard]] Vector nopeRowWeights(const Vector& q, const Matrix& keys, Index i);

/// −Σ_j a_j ln a_j of one row of weights (0 ln 0 = 0): 0 for one key, ln(n) for uniform
/// weights over n keys, never above it.
[[nodiscard]] double nopeEntropy(const Vector& weights);

/// Attention view: rows.size() x cols.size(), A(a, b) = weight of key cols[b] for query
/// rows[a]; kMasked (NaN) for cols[b] > rows[a]. Rows sum to 1 over j = 0..i.
[[nodiscard]] Matrix nopeAttention(const NopeParams& p, std::span<const Index> rows,
                                   std::span<const Index> cols);

/// The nope scheme (nope_scheme.cpp): views mask, attention, entropy.
[[nodiscard]] std::unique_ptr<Scheme> makeNopeScheme();

}  // namespace posenc
