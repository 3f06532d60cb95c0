// SPDX-License-Identifier: GPL-3.0-or-later
// ALiBi, attention with linear biases (Press, Smith, Lewis, "Train Short, Test Long", ICLR 2022):
// a fixed per-head slope times the query-key distance, subtracted from the attention logits.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// Parameters of the alibi scheme (ids: length, heads, head, causal, train_length). Nothing
/// is random.
struct AlibiParams {
  std::int64_t length = 128;  ///< Sequence length L (queries = keys = 0..L-1); 1..2^20.
  std::int64_t heads = 8;     ///< Number of heads n; 1..1024.
  std::int64_t head = 0;      ///< Head h shown by the bias view; 0..1023 and < heads.
  bool causal = true;         ///< true: the paper's causal form; false: symmetric -m_h |i - j|.
  std::int64_t trainLength = 1024;  ///< Training length marked by the extrapolation view.
  friend bool operator==(const AlibiParams&, const AlibiParams&) = default;
};

/// Reads the alibi parameters (alibi_scheme.cpp; no cross-checks, see validateAlibiParams).
[[nodiscard]] AlibiParams alibiParamsFrom(const ParamSet& params);

/// Cross-parameter check: head < heads. @throws ParamError("head", ...).
void validateAlibiParams(const AlibiParams& p);

/// Head slopes m_h, h = 0 .. heads-1, as ofirpress/attention_with_linear_biases `get_slopes`
/// computes them in Python doubles, to the last bit:
/// - heads a power of two: start = 2^(-2^-(log2(heads) - 3)), m_h = start * start^h
///   (= 2^(-8(h+1)/heads) in exact arithmetic, paper sec. 3; 1/2, 1/4, ..., 1/256 for 8 heads);
/// - otherwise, c = largest power of two <= heads: the c slopes of c heads, then entries
///   0, 2, 4, ... of the slopes of 2c heads, the first heads - c of them.
/// @return heads entries, in (0, 1), decreasing within each of the two runs.
/// @note For heads >= 16 start * start^h differs from the correctly rounded 2^(-8(h+1)/n)
///       in the last bits (0.5000000000000001 for n = 16, h = 1; up to 1.2e-14 relative at
///       1024 heads); the reference's value is kept because users compare against it.
///       Models that store the slopes in float32 (the reference's torch.Tensor(get_slopes(n)))
///       round them further.
/// @throws ParamError("heads", ...) outside 1 .. 2^20.
[[nodiscard]] Vector alibiSlopes(std::int64_t heads);

/// Bias of query i and key j for slope m, the paper's form (never scaled):
/// causal: -m (i - j) for j <= i, kMasked (NaN) for j > i; symmetric: -m |i - j|.
/// @note Always <= 0, and +0 on the diagonal. Implementations (the reference's fairseq code,
///       BLOOM) add +m j to every row instead, i.e. the paper's form plus m i per row: softmax
///       over j cannot tell the two apart, the raw logits can.
[[nodiscard]] double alibiBias(double m, Index i, Index j, bool causal);

/// Bias of head p.head over rows x cols: A(a, b) = alibiBias(m_head, rows[a], cols[b], causal).
/// @return rows.size() x cols.size(); row = query position i, column = key position j.
[[nodiscard]] Matrix alibiBiasMatrix(const AlibiParams& p, std::span<const Index> rows,
                                     std::span<const Index> cols);

/// The alibi scheme (alibi_scheme.cpp): views slopes (series over heads, bars), bias (matrix)
/// and extrapolation (series).
[[nodiscard]] std::unique_ptr<Scheme> makeAlibiScheme();

}  // namespace posenc
