// SPDX-License-Identifier: GPL-3.0-or-later
// Portable, counter-based random numbers: any entry of any random tensor on its own.
#pragma once

#include <cstdint>

#include "posenc/base/types.hpp"

namespace posenc {

/// Ids of the random tensors of the project. Each tensor draws from its own stream, so
/// adding a tensor never changes another's numbers. Values are part of the file format of
/// exported numbers: never renumber.
enum class Tensor : std::uint32_t {
  LearnedTable = 1,  ///< learned: max_len x dim position table.
  T5Bias = 2,        ///< t5: buckets x heads bias table.
  RopeQuery = 10,    ///< rope: query vector.
  RopeKey = 11,      ///< rope: key vector.
  XlContent = 20,    ///< xl: segment + memory hidden states.
  XlWq = 21,
  XlWk = 22,
  XlWr = 23,
  XlU = 24,
  XlV = 25,
  XlRelTable = 26,
  TupeContent = 30,  ///< tupe: token content x.
  TupePosition = 31,
  TupeWq = 32,
  TupeWk = 33,
  TupeUq = 34,
  TupeUk = 35,
  TupeBias = 36,
  TupeCls = 37,
  ShawQuery = 40,  ///< shaw: q_i (row = position, col = dimension of d_z).
  ShawKey = 41,
  ShawValue = 42,
  ShawKeyTable = 43,    ///< shaw: a^K (row = index 0..2k).
  ShawValueTable = 44,  ///< shaw: a^V (row = index 0..2k).
  DebertaContent = 50,  ///< deberta: hidden states H (row = position, col = feature).
  DebertaWq = 51,
  DebertaWk = 52,
  DebertaRelEmbed = 53,  ///< deberta: relative embeddings P (row = table row 0..2 buckets-1).
  XposQuery = 60,        ///< xpos: query vector (row 0, col = dimension).
  XposKey = 61,          ///< xpos: key vector (row 0, col = dimension).
  NopeQuery = 70,        ///< nope: query vectors (row = position, col = dimension).
  NopeKey = 71,          ///< nope: key vectors (row = position, col = dimension).
};

/// 64 random bits for (seed, tensor, row, col): SplitMix64 finalisers chained over the four
/// words. Pure integer arithmetic, so identical on every machine and standard library.
[[nodiscard]] std::uint64_t randomBits(std::uint64_t seed, Tensor tensor, std::uint64_t row,
                                       std::uint64_t col);

/// Uniform double in (0, 1) with 53 random bits, from randomBits.
[[nodiscard]] double uniform01(std::uint64_t seed, Tensor tensor, std::uint64_t row,
                               std::uint64_t col);

/// Standard normal N(0, 1) for (seed, tensor, row, col), by Box-Muller on two independent
/// uniforms of the same cell. Uses only std::log, std::sqrt and std::cos (IEEE doubles).
/// @note Not std::normal_distribution, whose output differs between standard libraries.
[[nodiscard]] double normal(std::uint64_t seed, Tensor tensor, std::uint64_t row,
                            std::uint64_t col);

/// Row `row` of a tensor as a vector: normal(seed, tensor, row, c) for c = 0 .. width - 1
/// (e.g. RoPE's and xPos's fixed q and k, row 0).
[[nodiscard]] Vector normalRow(std::uint64_t seed, Tensor tensor, std::uint64_t row, Index width);

/// One head's block of a random dModel x dModel weight (DeBERTa's and TUPE's W^Q, W^K, U^Q,
/// U^K): dModel x d, entry (c, o) = normal(seed, tensor, c, head * d + o) * (1 / sqrt(dModel)),
/// the columns head * d .. head * d + d - 1 of the whole weight, whose entries are
/// N(0, 1 / dModel).
[[nodiscard]] Matrix normalHeadWeight(std::uint64_t seed, Tensor tensor, Index dModel, Index head,
                                      Index d);

}  // namespace posenc
