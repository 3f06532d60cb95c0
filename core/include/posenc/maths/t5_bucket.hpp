// SPDX-License-Identifier: GPL-3.0-or-later
// T5 relative-position buckets (Raffel et al. 2020; HF transformers `_relative_position_bucket`).
// Shared by the t5 scheme and TUPE-r.
#pragma once

#include <cstdint>

namespace posenc {

/// Bucket of relative position r = j - i (key minus query, HF `memory_position -
/// context_position`).
/// bidirectional: n_b = buckets/2, keys after the query (r > 0) use buckets n_b..2n_b-1,
/// n = |r|. unidirectional: n_b = buckets, n = max(-r, 0) (every future key -> bucket 0).
/// max_exact = n_b/2: n < max_exact -> n itself; otherwise
/// max_exact + trunc(ln(n/max_exact) / ln(maxDistance/max_exact) * (n_b - max_exact)),
/// capped at n_b - 1. The logarithm is evaluated in float32 as HF does, so bucket
/// boundaries are the same integers as in the reference.
/// @pre buckets >= 4 (bidirectional) or >= 2 (unidirectional); maxDistance > max_exact.
/// @return bucket id in [0, buckets).
[[nodiscard]] std::int64_t t5Bucket(std::int64_t r, bool bidirectional, std::int64_t buckets,
                                    std::int64_t maxDistance);

}  // namespace posenc
