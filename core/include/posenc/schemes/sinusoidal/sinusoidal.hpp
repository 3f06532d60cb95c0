// SPDX-License-Identifier: GPL-3.0-or-later
// Fixed sinusoidal position encoding (Vaswani et al. 2017, "Attention Is All You Need", sec. 3.5).
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"
#include "posenc/maths/sinusoidal_table.hpp"

namespace posenc {

/// Parameters of the `sinusoidal` scheme (ids length, dim, base, layout, offset, bands,
/// train_length).
/// Notation: d = dim, pair i = 0 .. d/2-1 with angular frequency w_i (see
/// sinusoidalFrequencies), PE(p) = row p of the table (width d).
struct SinusoidalParams {
  Index length = 128;   ///< `length`: positions 0 .. length-1; 1 .. 2^20.
  Index dim = 128;      ///< `dim`: width d; even, 2 .. 16384 (d/2 sin/cos pairs).
  double base = 10000;  ///< `base`: w_i = base^(-2i/d) (paper 10000); 2 .. 1e12.
  SinusoidalLayout layout = SinusoidalLayout::Interleaved;  ///< `layout`: columns, frequencies.
  Index offset = 1;  ///< `offset`: shift k of the shift view; 1 .. 2^20.
  Index bands = 4;   ///< `bands`: sine columns in the bands view; 1 .. 8 (at most d/2 drawn).
  Index trainLength = 512;  ///< `train_length`: training length of the extrapolation view.
  friend bool operator==(const SinusoidalParams&, const SinusoidalParams&) = default;
};

/// Reads the typed parameters from a (validated) parameter set of the sinusoidal scheme
/// (sinusoidal_scheme.cpp).
[[nodiscard]] SinusoidalParams sinusoidalParamsFrom(const ParamSet& params);

/// Entries of the encoding table (view `encoding`).
/// @return rows.size() x cols.size(); entry (a, b) = PE[rows[a]][cols[b]] in [-1, 1]:
///         sin(p w_i) or cos(p w_i), where column cols[b] holds the sine or cosine of pair i
///         (pairOfColumn). Bit-identical to the same entry of sinusoidalTable.
/// @note Row = absolute position p, column = dimension k. Eq. in sec. 3.5:
///       PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d)).
[[nodiscard]] Matrix sinusoidalEncoding(const SinusoidalParams& p, std::span<const Index> rows,
                                        std::span<const Index> cols);

/// cos(delta w) as the similarity cells form it: by angle addition over delta = 1024 h + l,
/// cos(1024 h w) cos(l w) - sin(1024 h w) sin(l w), so exactly cos(delta w) for delta < 1024.
/// @pre delta >= 0.
[[nodiscard]] double sinusoidalPairTerm(double w, Index delta);

/// The one-dimensional similarity profile S(delta) = sum_{i=0}^{d/2-1} cos(delta w_i), terms
/// added in increasing i, at |delta| (so S(-delta) == S(delta) bit for bit). Each term is
/// formed by angle addition over delta = 1024 h + l (exactly cos(delta w_i) for |delta| <
/// 1024; otherwise equal to it up to the rounding of the angle, ~|delta| w_i 1e-16), which
/// lets many distances share their sines and cosines.
/// @param w the d/2 frequencies. S(0) = d/2 exactly; |S| <= d/2 (to rounding).
[[nodiscard]] double sinusoidalProfile(const Vector& w, Index delta);

/// Dot products of table rows (view `similarity`).
/// @return rows.size() x cols.size(); entry (a, b) = PE(p) . PE(q) with p = rows[a],
///         q = cols[b]; equals S(p - q) (sinusoidalProfile): depends only on p - q,
///         diagonal d/2, values in [-d/2, d/2], symmetric in p and q.
/// @note Computed through S once per distinct |p - q| of the request, so every cell is the
///       same double whatever region asks for it. Cost: d/2 multiply-adds per distinct
///       distance (a few thousand for a sampled square view, up to rows x cols when rows and
///       columns are sampled with unrelated steps) plus at most 2048 d/2 sines and cosines.
[[nodiscard]] Matrix sinusoidalSimilarity(const SinusoidalParams& p, std::span<const Index> rows,
                                          std::span<const Index> cols);

/// Wavelength of every pair (view `wavelengths`).
/// @return d/2 entries, entry i = 2 pi / w_i in positions (> 0, increasing in i).
[[nodiscard]] Vector sinusoidalWavelengths(const SinusoidalParams& p);

/// Pairs drawn by the bands view: min(bands, d/2) pair indices spread evenly from 0 (fastest)
/// to d/2-1 (slowest): i_j = round(j (d/2 - 1) / (n - 1)), j = 0 .. n-1 (just 0 when n = 1).
/// Increasing and distinct.
[[nodiscard]] std::vector<Index> sinusoidalBandPairs(const SinusoidalParams& p);

/// The linear map of sec. 3.5: PE(x + k)^T = M_k PE(x)^T for every x.
/// @return d x d block-diagonal rotation in the columns of `p.layout`: for pair i with
///         s = sinColumn(i), c = cosColumn(i): M(s,s) = M(c,c) = cos(k w_i),
///         M(s,c) = sin(k w_i), M(c,s) = -sin(k w_i); all other entries 0.
/// @note Follows from sin(a+b) = sin a cos b + cos a sin b, cos(a+b) = cos a cos b - sin a sin b.
[[nodiscard]] Matrix sinusoidalShiftMatrix(const SinusoidalParams& p, Index k);

/// Residual of the linear-map property (view `shift`), k = p.offset.
/// @return positions.size() entries, entry a = || PE(x + k) - M_k PE(x) ||_2 >= 0 at
///         x = positions[a]: zero in exact arithmetic, so only rounding remains (about 1e-16
///         near x = 0, growing like x w_0 1e-16 because sin and cos see rounded angles x w_i).
/// @note The view evaluates it at every x = 0 .. length-1 up to 65536 positions, and at 65536
///       evenly sampled positions (sampleIndices) for longer sequences.
[[nodiscard]] Vector sinusoidalShiftResidual(const SinusoidalParams& p,
                                             std::span<const Index> positions);

/// The `sinusoidal` scheme (sinusoidal_scheme.cpp): views encoding, similarity (matrices),
/// wavelengths, bands, shift, extrapolation (series).
[[nodiscard]] std::unique_ptr<Scheme> makeSinusoidalScheme();

}  // namespace posenc
