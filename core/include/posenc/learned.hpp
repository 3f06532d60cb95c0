// SPDX-License-Identifier: GPL-3.0-or-later
// Learned absolute position table (BERT, Devlin et al. 2019; GPT-2): one trainable row per
// position.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "posenc/params.hpp"
#include "posenc/scheme.hpp"
#include "posenc/types.hpp"

namespace posenc {

/// What a position p >= max_len uses (parameter `overflow`, choice ids error | clamp | repeat).
enum class LearnedOverflow {
  Error,   ///< "error": refused; a real model raises an index error there.
  Clamp,   ///< "clamp": row max_len - 1 for every p >= max_len.
  Repeat,  ///< "repeat": row p mod max_len, so rows and attention patterns recur every max_len.
};

/// Parses "error" | "clamp" | "repeat". @throws ParamError (param "overflow") otherwise.
[[nodiscard]] LearnedOverflow learnedOverflowFromId(std::string_view id);

/// Parameters of the `learned` scheme (ids length, dim, max_len, std, seed, overflow).
/// The table T is max_len x dim; T[r][k] = stddev * normal(seed, Tensor::LearnedTable, r, k):
/// tensor id LearnedTable, random row = table row r, random col = dimension k, N(0, stddev^2)
/// (the GPT / BERT initialisation, stddev 0.02). It stands for a table at initialisation,
/// before any training.
struct LearnedParams {
  Index length = 128;      ///< `length`: positions 0 .. length-1; 1 .. 2^20 (<= max_len if error).
  Index dim = 128;         ///< `dim`: width d; 1 .. 16384.
  Index maxLen = 512;      ///< `max_len`: rows of the table; 1 .. 2^20.
  double stddev = 0.02;    ///< `std`: standard deviation of the entries; 1e-6 .. 10.
  std::uint64_t seed = 0;  ///< `seed`: 0 .. 2^32-1.
  LearnedOverflow overflow = LearnedOverflow::Error;  ///< `overflow`: rows past max_len.
  friend bool operator==(const LearnedParams&, const LearnedParams&) = default;
};

/// Reads the typed parameters from a parameter set of the learned scheme.
[[nodiscard]] LearnedParams learnedParamsFrom(const ParamSet& params);

/// The cross-parameter check: with overflow = error, length must be <= max_len.
/// @throws ParamError (param "length") naming the value, max_len and the way out.
void checkLearnedParams(const LearnedParams& p);

/// Table row used by position p: p if p < max_len, else max_len - 1 (clamp) or
/// p mod max_len (repeat).
/// @throws ParamError (param "length") for p >= max_len with overflow = error.
[[nodiscard]] Index learnedTableRow(const LearnedParams& p, Index position);

/// Rows of the table, each generated on its own (the max_len x dim table is never formed).
/// @return tableRows.size() x dim; row a = T[tableRows[a]], entries N(0, stddev^2).
/// @pre 0 <= tableRows[a] < max_len.
[[nodiscard]] Matrix learnedTableRows(const LearnedParams& p, std::span<const Index> tableRows);

/// Entries of the encoding (view `encoding`).
/// @return positions.size() x cols.size(); entry (a, b) =
/// T[learnedTableRow(positions[a])][cols[b]].
/// @note Row = absolute position p, column = dimension k; signed.
[[nodiscard]] Matrix learnedEncoding(const LearnedParams& p, std::span<const Index> positions,
                                     std::span<const Index> cols);

/// Dot products of the rows used (view `similarity`).
/// @return rows.size() x cols.size(); entry (a, b) = T[r(p)] . T[r(q)] with p = rows[a],
///         q = cols[b], r = learnedTableRow. Symmetric; about d stddev^2 on the diagonal and
///         O(sqrt(d) stddev^2) off it at initialisation. With repeat, the pattern recurs every
///         max_len rows and columns. Each dot product is summed in one fixed order, so a
///         cell is the same double in every request (and (p, q) equals (q, p) exactly).
[[nodiscard]] Matrix learnedSimilarity(const LearnedParams& p, std::span<const Index> rows,
                                       std::span<const Index> cols);

/// The `learned` scheme (learned_scheme.cpp): matrix views encoding and similarity, series
/// view extrapolation.
[[nodiscard]] std::unique_ptr<Scheme> makeLearnedScheme();

}  // namespace posenc
