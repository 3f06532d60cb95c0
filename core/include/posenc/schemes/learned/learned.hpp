// SPDX-License-Identifier: GPL-3.0-or-later
// Learned absolute position table (BERT, Devlin et al. 2019; GPT-2): one trainable row per
// position, either a model's own trained table read from its checkpoint (`table`) or a random
// stand-in at initialisation.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"
#include "posenc/tensors/tensor_file.hpp"

namespace posenc {

/// What a position p >= max_len uses (parameter `overflow`, choice ids error | clamp | repeat).
enum class LearnedOverflow {
  Error,   ///< "error": refused; a real model raises an index error there.
  Clamp,   ///< "clamp": row max_len - 1 for every p >= max_len.
  Repeat,  ///< "repeat": row p mod max_len, so rows and attention patterns recur every max_len.
};

/// Parses "error" | "clamp" | "repeat". @throws ParamError (param "overflow") otherwise.
[[nodiscard]] LearnedOverflow learnedOverflowFromId(std::string_view id);

/// How view `similarity` compares two rows (parameter `measure`, choice ids dot | cosine).
enum class LearnedMeasure {
  Dot,     ///< "dot": T[r(p)] . T[r(q)].
  Cosine,  ///< "cosine": the dot product over |T[r(p)]| |T[r(q)]| (0 where a row is all 0).
};

/// Parses "dot" | "cosine". @throws ParamError (param "measure") otherwise.
[[nodiscard]] LearnedMeasure learnedMeasureFromId(std::string_view id);

/// Tensor names tried, in order, when `table` names a file without a tensor name and the file
/// holds several arrays: GPT-2's wpe.weight, BERT's / RoBERTa's
/// embeddings.position_embeddings.weight, OPT's decoder.embed_positions.weight and ViT's
/// embeddings.position_embeddings, bare and with the prefixes a task model's checkpoint adds
/// (transformer., bert., roberta., model., vit.).
[[nodiscard]] const std::vector<std::string>& learnedTableNames();

/// Parameters of the `learned` scheme (ids length, dim, max_len, std, seed, overflow, table,
/// offset, grid, measure). The table T is max_len x dim. With `table` empty (the random
/// stand-in), T[r][k] = stddev * normal(seed, Tensor::LearnedTable, r, k): tensor id
/// LearnedTable, random row = table row r, random col = dimension k, N(0, stddev^2) (the GPT /
/// BERT initialisation, stddev 0.02): a table at initialisation, before any training. With
/// `table` set, T is the file's array (rows = table rows, columns = dimensions; values as
/// stored, converted exactly to double) and dim / max_len are its columns / rows.
struct LearnedParams {
  Index length = 128;      ///< `length`: positions 0 .. length-1; 1 .. 2^20 (<= max_len if error).
  Index dim = 128;         ///< `dim`: width d; 1 .. 16384.
  Index maxLen = 512;      ///< `max_len`: rows of the table; 1 .. 2^20.
  double stddev = 0.02;    ///< `std`: standard deviation of the entries; 1e-6 .. 10.
  std::uint64_t seed = 0;  ///< `seed`: 0 .. 2^32-1.
  LearnedOverflow overflow = LearnedOverflow::Error;  ///< `overflow`: rows past max_len.
  std::string table{};  ///< `table`: "FILE[:NAME]" of a trained table; empty = stand-in.
  /// `offset`: position p uses row p + offset (RoBERTa, XLM-R and OPT: 2; rows 0 and 1 unused).
  Index offset = 0;
  /// `grid`: side of ViT's patch grid (row 0 = [CLS], rows 1 .. grid^2 the patches in row-major
  /// order); 0 = not an image model.
  Index grid = 0;
  LearnedMeasure measure = LearnedMeasure::Dot;  ///< `measure` of view similarity.
  /// The trained table's values (max_len x dim, C order) when `table` is set, else null.
  std::shared_ptr<const Array> trained{};
  friend bool operator==(const LearnedParams&, const LearnedParams&) = default;
};

/// Reads the typed parameters, loading the trained table when `table` is set (kept by
/// tableParam, so a second read costs a file stat).
/// @throws ParamError (param "table") for a file that cannot be read or is not two-dimensional.
[[nodiscard]] LearnedParams learnedParamsFrom(const ParamSet& params);

/// The cross-parameter checks: offset < max_len; grid^2 + 1 <= max_len; with overflow = error,
/// length <= max_len - offset.
/// @throws ParamError naming offset, grid or length, the value and what is allowed.
void checkLearnedParams(const LearnedParams& p);

/// Table row used by position p, with n = max_len - offset positions in the table:
/// p + offset if p < n, else max_len - 1 (clamp) or offset + (p mod n) (repeat). The
/// RoBERTa / OPT rule (HF create_position_ids_from_input_ids: padding_idx + 1 + p;
/// OPTLearnedPositionalEmbedding: p + 2).
/// @throws ParamError (param "length") for p >= n with overflow = error.
[[nodiscard]] Index learnedTableRow(const LearnedParams& p, Index position);

/// Rows of the table: copied from the trained table, or (stand-in) each generated on its own
/// (the max_len x dim table is never formed).
/// @return tableRows.size() x dim; row a = T[tableRows[a]].
/// @pre 0 <= tableRows[a] < max_len.
[[nodiscard]] Matrix learnedTableRows(const LearnedParams& p, std::span<const Index> tableRows);

/// Entries of the encoding (view `encoding`).
/// @return positions.size() x cols.size(); entry (a, b) =
/// T[learnedTableRow(positions[a])][cols[b]].
/// @note Row = absolute position p, column = dimension k; signed.
[[nodiscard]] Matrix learnedEncoding(const LearnedParams& p, std::span<const Index> positions,
                                     std::span<const Index> cols);

/// Dot products (measure dot) or cosines (measure cosine) of the rows used (view
/// `similarity`). Cosines are dot products of the rows divided by their norms first.
/// @return rows.size() x cols.size(); entry (a, b) = T[r(p)] . T[r(q)] with p = rows[a],
///         q = cols[b], r = learnedTableRow. Symmetric; about d stddev^2 on the diagonal and
///         O(sqrt(d) stddev^2) off it at initialisation. With repeat, the pattern recurs every
///         max_len rows and columns. Each dot product is summed in one fixed order, so a
///         cell is the same double in every request (and (p, q) equals (q, p) exactly).
[[nodiscard]] Matrix learnedSimilarity(const LearnedParams& p, std::span<const Index> rows,
                                       std::span<const Index> cols);

/// Largest side of view `grid` (parameter `grid`'s maximum): 2^20 cells a side of the picture,
/// the positions' maximum.
inline constexpr Index kMaxGridSide = 1024;

/// Side of view `grid`'s tiles: `grid` when set; else floor(sqrt(n)) for the n = length
/// positions (capped by max_len - offset when overflow = error, and at kMaxGridSide^2),
/// wrapped in rows of that side.
[[nodiscard]] Index learnedGridSide(const LearnedParams& p);

/// The table row of cell index i (0 .. side^2 - 1) of view `grid`: 1 + i (patch i in row-major
/// order after ViT's [CLS]) when grid > 0, else learnedTableRow(p, i) (position i).
[[nodiscard]] Index learnedGridRow(const LearnedParams& p, Index i);

/// View `grid` (after Fig. 7 of Dosovitskiy et al. 2021): side^2 x side^2, tile (a, b) at rows
/// a side .. a side + side - 1 and columns b side .. b side + side - 1 holds, at (i, j) inside
/// it, the cosine of the rows of cells a side + b and i side + j (0 where a row is all 0).
[[nodiscard]] Matrix learnedGridCosines(const LearnedParams& p, std::span<const Index> rows,
                                        std::span<const Index> cols);

/// The `learned` scheme (learned_scheme.cpp): matrix views encoding, similarity and grid;
/// series views extrapolation, pca, spectrum and norms.
[[nodiscard]] std::unique_ptr<Scheme> makeLearnedScheme();

}  // namespace posenc
