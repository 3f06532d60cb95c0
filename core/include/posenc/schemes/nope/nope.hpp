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
#include "posenc/maths/attention_window.hpp"

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
  /// The layer's attention window (`window`, `window_kind`; size 0 = full causal attention):
  /// keys outside it are masked as transformers' masking_utils.py masks them.
  AttentionWindow window{};
  /// Llama 4's attention temperature tuning of its NoPE layers (`temperature_tuning`,
  /// `floor_scale`, `attn_scale`): the query of position i is multiplied by nopeQueryScale.
  bool temperatureTuning = false;
  double floorScale = 8192;  ///< Positions per step of the scale; 1..1e9.
  double attnScale = 0.1;    ///< Growth of the scale per step of ln; 0..100.
  friend bool operator==(const NopeParams&, const NopeParams&) = default;
};

/// Reads the nope parameters (ids: length, dim, seed, window, window_kind,
/// temperature_tuning, floor_scale, attn_scale).
[[nodiscard]] NopeParams nopeParamsFrom(const ParamSet& params);

/// Whether query i attends key j: j <= i (the causal mask) and j inside p.window.
[[nodiscard]] bool nopeAttends(const NopeParams& p, Index i, Index j);

/// The query scale of position i: with temperature tuning, huggingface/transformers
/// src/transformers/models/llama4/modeling_llama4.py, Llama4TextAttention.forward:
/// attn_scales = log1p(floor((cache_position + 1) / floor_scale)) * attn_scale + 1 (1 for
/// i + 1 < floor_scale; 1 + attn_scale ln 2 from i = floor_scale - 1); 1 without.
[[nodiscard]] double nopeQueryScale(const NopeParams& p, Index i);

/// The mask: rows.size() x cols.size(), 1 where query i may attend key j (j <= i, and inside
/// `window` when it is set), 0 where it may not (masked; the logit gets −∞).
[[nodiscard]] Matrix nopeMask(std::span<const Index> rows, std::span<const Index> cols,
                              const AttentionWindow& window = {});

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
/// The same over the keys first..i only (a window: the other keys' logits are −∞, so the
/// softmax renormalises over these). @return i − first + 1 weights (key first + t at t).
[[nodiscard]] Vector nopeRowWeights(const Vector& q, const Matrix& keys, Index first, Index i);

/// −Σ_j a_j ln a_j of one row of weights (0 ln 0 = 0): 0 for one key, ln(n) for uniform
/// weights over n keys, never above it.
[[nodiscard]] double nopeEntropy(const Vector& weights);

/// Attention view: rows.size() x cols.size(), A(a, b) = weight of key cols[b] for query
/// rows[a] (its query times nopeQueryScale); kMasked (NaN) where nopeAttends is false. Rows
/// sum to 1 over the keys attended (j = 0..i without a window).
[[nodiscard]] Matrix nopeAttention(const NopeParams& p, std::span<const Index> rows,
                                   std::span<const Index> cols);

/// The nope scheme (nope_scheme.cpp): views mask, attention, entropy, temperature.
[[nodiscard]] std::unique_ptr<Scheme> makeNopeScheme();

}  // namespace posenc
