// SPDX-License-Identifier: GPL-3.0-or-later
// Sinusoidal position tables (Vaswani et al. 2017, sec. 3.5) in the three layouts in use.
// Shared by the sinusoidal scheme, RoPE's absolute baseline and Transformer-XL's R.
#pragma once

#include <span>
#include <string_view>
#include <utility>

#include "posenc/base/types.hpp"

namespace posenc {

/// Where sin and cos of pair i sit in a row of width d, and which frequencies are used.
enum class SinusoidalLayout {
  Interleaved,    ///< The paper: PE[p,2i] = sin(p w_i), PE[p,2i+1] = cos(p w_i).
  Concatenated,   ///< Transformer-XL, Marian, GPT-J: PE[p,i] = sin, PE[p,d/2+i] = cos.
  Tensor2Tensor,  ///< get_timing_signal_1d, fairseq: concatenated, w_i = exp(-i ln(base)/(d/2-1)).
};

/// Parses "interleaved" | "concatenated" | "tensor2tensor" (the choice ids).
[[nodiscard]] SinusoidalLayout sinusoidalLayoutFromId(std::string_view id);

/// Angular frequencies w_i, i = 0 .. d/2-1 (radians per position).
/// Interleaved, Concatenated: w_i = base^(-2i/d) (paper). Tensor2Tensor:
/// w_i = exp(-i ln(base) / max(d/2 - 1, 1)) (tensor2tensor `get_timing_signal_1d`).
/// @param d even width, >= 2.
[[nodiscard]] Vector sinusoidalFrequencies(Index d, double base, SinusoidalLayout layout);

/// Column of the sin (first) and cos (second) component of pair i in a row of width d.
[[nodiscard]] Index sinColumn(Index i, Index d, SinusoidalLayout layout);
[[nodiscard]] Index cosColumn(Index i, Index d, SinusoidalLayout layout);

/// Pair index of column k and whether k holds the sine (true) or cosine (false).
[[nodiscard]] std::pair<Index, bool> pairOfColumn(Index k, Index d, SinusoidalLayout layout);

/// Table rows for the given (possibly fractional or negative) positions.
/// @return positions.size() x d; row r is PE(positions[r]) in `layout`.
[[nodiscard]] Matrix sinusoidalTable(std::span<const double> positions, Index d, double base,
                                     SinusoidalLayout layout);

}  // namespace posenc
