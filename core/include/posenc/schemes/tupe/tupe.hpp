// SPDX-License-Identifier: GPL-3.0-or-later
// TUPE, untied positional encoding (Ke, He, Liu, "Rethinking Positional Encoding in Language
// Pre-training", ICLR 2021; guolinke/TUPE), next to BERT's tied form and seed article 003's
// untied form with cross terms, as the five additive terms of one head's attention logit.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// How content x and positions p enter the logit alpha_ij of query i and key j
/// (d = d_head = d_model / heads; b_r = b[t5Bucket(r, bidirectional, buckets, max_distance)]).
/// Equation numbers are those of the ICLR 2021 / arXiv 2006.15595 paper, whose positions
/// start at 1 ([CLS] is its position 1, our position 0).
enum class TupeVariant {
  Tied,         ///< "tied": BERT, ((x_i+p_i)W^Q).((x_j+p_j)W^K)/sqrt(d) = cc+cp+pc+pp, no bias.
  TupeA,        ///< "tupe-a": Eq. 7 / 10, cc = x_iW^Q.x_jW^K/sqrt(2d), pp = p_iU^Q.p_jU^K/sqrt(2d).
  TupeR,        ///< "tupe-r": Eq. 8 / 11, tupe-a + b_{j-i}, the bias added unscaled.
  UntiedCross,  ///< "untied-cross", seed article 003's formulation (not the paper's):
                ///< (x_iW^Q.x_jW^K + x_iW^Q.p_jU^K + p_iU^Q.x_jW^K)/sqrt(d) + b_{j-i}; pp removed.
                ///< The article's b is a table clipped at |j-i| <= 511; here b uses the T5
                ///< buckets of tupe-r (one bucket per offset only for |j-i| < buckets/4).
};

/// What the absolute position table p is.
enum class TupePositions {
  Sinusoidal,  ///< "sinusoidal": p_i = the sinusoidal encoding of position i (Vaswani et al.
               ///< 2017, interleaved: p(i, 2k) = sin(i w_k), p(i, 2k+1) = cos(i w_k),
               ///< w_k = 10000^(-2k/d_model); sinusoidal_table.hpp), so pp shows structure
               ///< that comes from positions; d_model must be even.
  Random,      ///< "random": p(i, k) = N(0, 1), a stand-in for an untrained learned table.
};

/// Parses "sinusoidal" | "random". @throws ParamError("positions", ...).
[[nodiscard]] TupePositions tupePositionsFromId(std::string_view id);

/// Longest length the attention view evaluates (a softmax weight needs its whole row).
inline constexpr Index kTupeAttentionMaxKeys = 65536;

/// Parses "tied" | "tupe-a" | "tupe-r" | "untied-cross". @throws ParamError("variant", ...).
[[nodiscard]] TupeVariant tupeVariantFromId(std::string_view id);

/// Parameters of the tupe scheme.
/// Random tensors (posenc::normal; W^Q, W^K, U^Q, U^K are d_model x d_model, head h uses
/// columns h d + t, t = 0..d-1, so one head draws only its d_model x d block):
///   x(i,k)      = N(0,1)            TupeContent  (row i = position, col k = feature), contentSeed
///   p(i,k)      = N(0,1)            TupePosition (row i = position, col k = feature), seed;
///                                   only with positions = random (else sinusoidal, see
///                                   TupePositions)
///   W^Q(k,c), W^K(k,c), U^Q(k,c), U^K(k,c) = N(0,1)/sqrt(d_model)
///                                   TupeWq, TupeWk, TupeUq, TupeUk (row k = input feature,
///                                   col c = output column), seed
///   b[bucket][h] = N(0,1)           TupeBias (row = bucket, col = head), seed
///   theta_1(h), theta_2(h) = N(0,1) TupeCls (row = head, col 0 = theta_1, col 1 = theta_2), seed
/// A random p has std 1 like x, so the positional terms are as large as the content term; a
/// sinusoidal p has entries in [-1, 1] and row norm sqrt(d_model / 2).
/// Simplifications against the official code: no projection biases, no LayerNorm on the
/// position table (its `pos_ln`), theta_1 / theta_2 are free scalars as in the paper (the
/// code takes theta_1 = the scaled self-correlation of an extra table row, theta_2 = that
/// of the [CLS] row).
struct TupeParams {
  Index length = 32;  ///< Positions 0..length-1; 1..2^20. Position 0 is [CLS].
  Index dModel = 64;  ///< Model width; 1..1024, divisible by heads.
  Index heads = 4;    ///< Number of heads; 1..64.
  Index head = 0;     ///< Head shown; 0..heads-1.
  TupeVariant variant = TupeVariant::TupeA;
  TupePositions positions = TupePositions::Sinusoidal;  ///< The absolute table p.
  bool untieCls = true;           ///< Untie [CLS] (reset_theta, Eq. 9); ignored by `tied`.
  Index buckets = 32;             ///< T5 bidirectional buckets; even, 4..1024.
  Index maxDistance = 128;        ///< T5 max distance; 2..1048576, > buckets/4 (max_exact).
  std::uint64_t seed = 0;         ///< Seed of p, W, U, b and theta (the `seed` parameter).
  std::uint64_t contentSeed = 0;  ///< Seed of the content x only (the app sets it to `seed`).
  friend bool operator==(const TupeParams&, const TupeParams&) = default;
};

/// Reads the parameters of the tupe scheme (tupe_scheme.cpp); contentSeed = seed.
[[nodiscard]] TupeParams tupeParamsFrom(const ParamSet& params);

/// Head width d_head = d_model / heads.
[[nodiscard]] Index tupeHeadDim(const TupeParams& p);

/// Everything one head's logits are made of, for query rows `rows` and key columns `cols`.
struct TupeBlock {
  std::vector<Index> rows;  ///< Query positions i (absolute).
  std::vector<Index> cols;  ///< Key positions j (absolute).
  Matrix xq, pq;            ///< rows.size() x d_model: content x_i and position p_i.
  Matrix xk, pk;            ///< cols.size() x d_model: content x_j and position p_j.
  Matrix wq, wk, uq, uk;    ///< d_model x d_head: this head's columns of W^Q, W^K, U^Q, U^K.
  Vector b;                 ///< buckets entries: b[bucket] of this head.
  double theta1 = 0;        ///< [CLS]-to-others value (row 0).
  double theta2 = 0;        ///< others-to-[CLS] value (column 0, rows i >= 1).
};

/// The absolute position table at `positions`: positions.size() x d_model, row a = p of
/// position positions[a] (sinusoidal or drawn, per p.positions).
[[nodiscard]] Matrix tupePositionRows(const TupeParams& p, std::span<const Index> positions);

/// Draws the random tensors of TupeParams for the given positions (see TupeParams); the
/// position rows per p.positions (tupePositionRows).
[[nodiscard]] TupeBlock tupeBlock(const TupeParams& p, std::span<const Index> rows,
                                  std::span<const Index> cols);

/// The five terms of alpha_ij, each exactly as it enters the total (scale included);
/// every matrix is rows.size() x cols.size(), row = query i, col = key j, signed.
/// A term the variant removes is exactly 0.
/// untie_cls (tupe-a, tupe-r, untied-cross; Eq. 9, applied to pp + b in Eq. 11): pp + bias is
/// replaced by theta_1 in row 0 and by theta_2 in column 0 (i >= 1). The value goes to pp
/// and bias is 0 there (tupe-a, tupe-r); in untied-cross, where pp is removed, it goes to
/// bias. @note The official code (transformer_sentence_encoder.py) resets only the absolute
/// term and then adds b with two extra buckets: buckets/2 (unused by the T5 function) in
/// row 0 and a (buckets+1)-th table row in column 0 (i >= 1): still one constant each, so
/// its theta_1 + b and theta_2 + b' play the roles of our theta_1 and theta_2.
struct TupeTerms {
  Matrix cc;    ///< content-to-content  x_i W^Q . x_j W^K (scaled).
  Matrix cp;    ///< content-to-position x_i W^Q . p_j (W^K tied | U^K untied-cross) (scaled).
  Matrix pc;    ///< position-to-content p_i (W^Q tied | U^Q untied-cross) . x_j W^K (scaled).
  Matrix pp;    ///< position-to-position p_i U^Q . p_j U^K (scaled; W for tied); [CLS] thetas.
  Matrix bias;  ///< relative bias b_{j-i} (tupe-r, untied-cross), unscaled.
  /// cc + cp + pc + pp + bias: the logit alpha_ij before softmax.
  [[nodiscard]] Matrix total() const;
  /// pp + bias: the content-independent part.
  [[nodiscard]] Matrix positional() const;
};

/// The terms of a drawn (or hand-made) block; pure maths, see TupeTerms.
/// @pre p passes the scheme's checks; the block's shapes are as documented (uq, uk may be
///      empty for tied) and b has p.buckets entries.
[[nodiscard]] TupeTerms tupeTerms(const TupeParams& p, const TupeBlock& block);

/// tupeTerms(p, tupeBlock(p, rows, cols)).
[[nodiscard]] TupeTerms tupeTerms(const TupeParams& p, std::span<const Index> rows,
                                  std::span<const Index> cols);

/// Bias-table bucket of cell (i, j): t5Bucket(j - i, bidirectional, buckets, max_distance).
[[nodiscard]] std::int64_t tupeBucket(const TupeParams& p, Index i, Index j);

/// True for a cell of the [CLS] row or column (i == 0 or j == 0).
[[nodiscard]] bool tupeIsClsCell(Index i, Index j);

/// One of the matrices a TupeTerms holds (or sums).
enum class TupePart { Cc, Cp, Pc, Pp, Bias, Positional, Total };

/// That part of tupeTerms at rows x cols, evaluated in row chunks (at most 128 rows, and
/// about 2^20 cells) with only the terms the part needs, the random tables drawn chunk by
/// chunk: rows.size() x cols.size(), equal bit for bit to the same part of tupeTerms.
[[nodiscard]] Matrix tupeTermView(const TupeParams& p, TupePart part, std::span<const Index> rows,
                                  std::span<const Index> cols);

/// Row-wise softmax of the total over all keys 0..length-1, at the given cells:
/// rows.size() x cols.size(), each full row sums to 1, values in [0, 1], not signed.
[[nodiscard]] Matrix tupeAttention(const TupeParams& p, std::span<const Index> rows,
                                   std::span<const Index> cols);

/// The tupe scheme (tupe_scheme.cpp): views cc, cp, pc, pp, bias, total, attention, positional.
[[nodiscard]] std::unique_ptr<Scheme> makeTupeScheme();

}  // namespace posenc
