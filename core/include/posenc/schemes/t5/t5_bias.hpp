// SPDX-License-Identifier: GPL-3.0-or-later
// T5 relative position bias (Raffel et al. 2020, sec. 2.1): a learned scalar per bucket of
// the key-minus-query offset, added to the attention logits (HF transformers `modeling_t5.py`).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// Parameters of the t5 scheme (ids: length, buckets, max_distance, bidirectional, stack,
/// heads, head, table, seed).
struct T5Params {
  std::int64_t length = 128;       ///< Sequence length L (queries = keys = 0..L-1); 1..2^20.
  std::int64_t buckets = 32;       ///< HF `relative_attention_num_buckets`; even, 4..1024.
  std::int64_t maxDistance = 128;  ///< max_distance; 2..2^20 and > t5MaxExact().
  bool bidirectional = true;       ///< true: encoder (both signs); false: decoder (past only).
  /// stack = decoder: the decoder's table; needs bidirectional = false (HF T5Attention:
  /// bidirectional = not is_decoder, the decoder's self-attention is causal).
  bool decoder = false;
  std::int64_t heads = 8;  ///< Number of heads n_h (columns of the table); 1..128.
  std::int64_t head = 0;   ///< Head shown by the bias view; 0..127 and < heads.
  std::uint64_t seed = 0;  ///< Seed of the bias table (Tensor::T5Bias).
  /// The trained table, "FILE" or "FILE:NAME" (tensor_ref.hpp); empty: the random stand-in.
  std::string table{};
  friend bool operator==(const T5Params&, const T5Params&) = default;
};

/// Reads the t5 parameters (t5_scheme.cpp; no cross-checks, see validateT5Params).
[[nodiscard]] T5Params t5ParamsFrom(const ParamSet& params);

/// Cross-parameter checks: head < heads; maxDistance > max_exact; stack = decoder only with
/// bidirectional = false; a `table` that can be read and has shape buckets x heads.
/// @throws ParamError("head", ...), ParamError("max_distance", ...),
/// ParamError("bidirectional", ...) (stack = decoder) or ParamError("table", ...).
void validateT5Params(const T5Params& p);

/// The checkpoint tensor a `table` without a name reads (HF T5Stack: the first block's
/// SelfAttention holds has_relative_attention_bias = True):
/// "encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight", or "decoder..."
/// when p.decoder.
[[nodiscard]] std::string t5StackTensorName(const T5Params& p);

/// The bias table, buckets x heads (row = bucket id, column = head, as HF's
/// nn.Embedding(num_buckets, n_heads).weight): the file's when p.table is set, else the
/// random stand-in (t5TableValue).
/// @throws ParamError("table", ...) for a file that cannot be read or a shape other than
/// buckets x heads.
[[nodiscard]] Matrix t5BiasTable(const T5Params& p);

/// Buckets per sign n_b: buckets/2 when bidirectional, buckets otherwise.
[[nodiscard]] std::int64_t t5BucketsPerSign(const T5Params& p);

/// max_exact = n_b/2: distances n < max_exact get a bucket of their own (bucket n).
[[nodiscard]] std::int64_t t5MaxExact(const T5Params& p);

/// Distance n the bucket formula uses for r = j - i: |r| when bidirectional, max(-r, 0)
/// otherwise (every future key, r > 0, has n = 0).
[[nodiscard]] std::int64_t t5Distance(const T5Params& p, std::int64_t r);

/// True when r = j - i falls in an exact bucket (n < max_exact), false when log-spaced.
[[nodiscard]] bool t5IsExactBucket(const T5Params& p, std::int64_t r);

/// One entry of the bias table: the file's value when p.table is set, else
/// normal(seed, Tensor::T5Bias, bucket, head), N(0, 1).
/// @note The random table only stands in for learned values. The shape of the bias picture
/// (which cells share a value) comes from the buckets either way.
[[nodiscard]] double t5TableValue(const T5Params& p, std::int64_t bucket, std::int64_t head);

/// Bucket ids of relative positions r = -(length-1) .. length-1.
/// @return 2 length - 1 entries; entry k is bucket(k - (length - 1)), in [0, buckets).
[[nodiscard]] std::vector<std::int64_t> t5BucketMap(const T5Params& p);

/// Bucket matrix: B(a, b) = bucket(cols[b] - rows[a]) (t5Bucket, HF `_relative_position_bucket`).
/// @return rows.size() x cols.size(); row = query position i, column = key position j.
/// @note r = j - i is key minus query (HF `memory_position - context_position`): keys after
///       the query have r > 0 (upper triangle) and, bidirectional, buckets n_b+1 .. 2n_b-1
///       (bucket n_b itself is never used, as in HF: r > 0 means n >= 1).
[[nodiscard]] Matrix t5BucketMatrix(const T5Params& p, std::span<const Index> rows,
                                    std::span<const Index> cols);

/// Bias of head p.head: A(a, b) = table[bucket(cols[b] - rows[a])][p.head].
/// @return rows.size() x cols.size(); row = query position i, column = key position j;
///         both signs. T5 adds it to the logits q_i . k_j unscaled (no 1/sqrt(d) in T5).
[[nodiscard]] Matrix t5BiasMatrix(const T5Params& p, std::span<const Index> rows,
                                  std::span<const Index> cols);

/// Offsets r = j - i the curves view draws: every r in -R .. R, R = max(length - 1,
/// max_distance) (so the last, shared bucket is reached on both sides), sampled evenly with
/// r = 0 and +-max_distance kept when 2R + 1 > kExtrapolationPoints.
[[nodiscard]] std::vector<Index> t5CurveOffsets(const T5Params& p);

/// Bias of every head against r: heads x offsets.size(), entry (h, k) =
/// table[bucket(offsets[k])][h].
[[nodiscard]] Matrix t5BiasCurves(const T5Params& p, std::span<const Index> offsets);

/// The t5 scheme (t5_scheme.cpp): views buckets (matrix), bucket_map (series over r), bias
/// (matrix), extrapolation (series), curves (series: every head's bias against r).
[[nodiscard]] std::unique_ptr<Scheme> makeT5Scheme();

}  // namespace posenc
