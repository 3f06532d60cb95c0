// SPDX-License-Identifier: GPL-3.0-or-later
// Relative position representations (Shaw, Uszkoreit, Vaswani, "Self-Attention with Relative
// Position Representations", NAACL 2018), as tensor2tensor computes them:
// tensorflow/tensor2tensor, tensor2tensor/layers/common_attention.py (commit 75b75f2e),
// _generate_relative_positions_matrix, _generate_relative_positions_embeddings,
// _relative_attention_inner and dot_product_attention_relative.
#pragma once

#include <memory>
#include <span>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// Longest row (keys per query) the `values` view evaluates: z_i needs the softmax weights of
/// every key of row i.
inline constexpr Index kShawValuesMaxKeys = 65536;

/// Parameters of the shaw scheme. One head of width d_z = dim; queries and keys 0..length-1.
/// Random stand-ins (posenc::normal, seed = `seed`), drawn directly per position, with no
/// input x and no projection W (they would only change the numbers, not the structure):
///   q(i, c), k(j, c), v(j, c) = N(0, 1)    ShawQuery, ShawKey, ShawValue (row = position)
///   a^K(t, c), a^V(t, c)      = N(0, 1)    ShawKeyTable, ShawValueTable (row t = index
///                                          0..2k, i.e. relative distance t - k)
struct ShawParams {
  Index length = 32;       ///< Positions 0..length-1; 1..2^20.
  Index dim = 64;          ///< d_z, the head width; 1..1024.
  Index clip = 4;          ///< k, t2t's max_relative_position; 1..2^20.
  std::uint64_t seed = 0;  ///< Seed of q, k, v, a^K and a^V.
  friend bool operator==(const ShawParams&, const ShawParams&) = default;
};

/// Reads the parameters of the shaw scheme (shaw_scheme.cpp).
[[nodiscard]] ShawParams shawParamsFrom(const ParamSet& params);

/// Row of the relative tables used by query i and key j: clip(j - i, -k, k) + k, in 0..2k
/// (_generate_relative_positions_matrix: range_vec_k[None, :] - range_vec_q[:, None], clipped,
/// shifted by max_relative_position).
[[nodiscard]] Index shawIndex(Index i, Index j, Index clip);

/// The two terms of the logit e_ij = q~_i . k_j + q~_i . a^K_{index(i, j)} with
/// q~_i = q_i / sqrt(d_z) (t2t's multihead_attention scales q by key_depth_per_head^-0.5
/// before it calls dot_product_attention_relative). rows.size() x cols.size(), signed.
struct ShawScores {
  Matrix content;   ///< q~_i . k_j.
  Matrix relative;  ///< q~_i . a^K_{index(i, j)}: depends on i and clip(j - i) only.
  [[nodiscard]] Matrix total() const;  ///< content + relative, the logit before softmax.
};

/// Pure maths on given tensors: q is rows.size() x d (row a = query rows[a]), k is
/// cols.size() x d (row b = key cols[b]), aK is (2 clip + 1) x d.
[[nodiscard]] ShawScores shawScoresOf(Index clip, std::span<const Index> rows, const Matrix& q,
                                      std::span<const Index> cols, const Matrix& k,
                                      const Matrix& aK);

/// Softmax over the keys of each row of `logits` (no mask: an encoder's self-attention, t2t's
/// default when no bias is passed), max-subtracted, summed in key order.
[[nodiscard]] Matrix shawSoftmaxRows(const Matrix& logits);

/// The value side of z_i = sum_j alpha_ij (v_j + a^V_{index(i, j)}): sum_j alpha_ij
/// a^V_{index(i, j)} (_relative_attention_inner with transpose=False, its second einsum).
/// weights is rows.size() x L (keys 0..L-1), aV is (2 clip + 1) x d; rows.size() x d.
[[nodiscard]] Matrix shawValueSideOf(Index clip, std::span<const Index> rows, const Matrix& weights,
                                     const Matrix& aV);

/// The stand-in scores of the shaw scheme at rows x cols (see ShawParams).
[[nodiscard]] ShawScores shawScores(const ShawParams& p, std::span<const Index> rows,
                                    std::span<const Index> cols);

/// Rows 0..2k of a^K (keys = true) or a^V at `tableRows`, columns `dims`: the key_table view.
[[nodiscard]] Matrix shawTable(const ShawParams& p, bool keys, std::span<const Index> tableRows,
                               std::span<const Index> dims);

/// The value-side contribution sum_j alpha_ij a^V_{index(i, j)} at query rows x dimensions
/// dims (the `values` view), alpha the softmax of the stand-in logits over all keys.
[[nodiscard]] Matrix shawValues(const ShawParams& p, std::span<const Index> rows,
                                std::span<const Index> dims);

/// Dimension c of z_i split into the parts the readout shows; each value-side part is
/// (sum of alpha_ij over its keys) x a^V_t(c).
struct ShawValueParts {
  double farBefore = 0;   ///< keys j <= i - k (index 0, distance clipped to -k).
  double inside = 0;      ///< keys |j - i| < k (indices 1..2k-1).
  double farAfter = 0;    ///< keys j >= i + k (index 2k, distance clipped to +k).
  double massBefore = 0;  ///< sum of alpha_ij over keys j <= i - k.
  double massAfter = 0;   ///< sum of alpha_ij over keys j >= i + k.
  double content = 0;     ///< sum_j alpha_ij v_j(c), the content side of z_i.
  [[nodiscard]] double valueSide() const { return (farBefore + inside) + farAfter; }
};

/// The parts of cell (i, c) of the values view.
[[nodiscard]] ShawValueParts shawValueParts(const ShawParams& p, Index i, Index c);

/// The shaw scheme (shaw_scheme.cpp): views index, key_table, scores, values.
[[nodiscard]] std::unique_ptr<Scheme> makeShawScheme();

}  // namespace posenc
