// SPDX-License-Identifier: GPL-3.0-or-later
// The numbers of the Animate mode: the hands of one frame of a scheme's animation
// (SchemeInfo::animation), at a fractional position. The user interface draws them.
#pragma once

#include <vector>

#include "posenc/base/mode_specs.hpp"
#include "posenc/base/params.hpp"
#include "posenc/base/scheme.hpp"
#include "posenc/base/types.hpp"

namespace posenc {

/// What a hand's caption says; the user interface words it in its language.
enum class HandLabel {
  BandPair,  ///< "pair i  λ = wavelength" (AnimationHand::pair, AnimationHand::wavelength).
  QueryAtM,  ///< "q at m": the query's pair at position m.
  KeyAtN,    ///< "k at n": the key's pair at position n = m - gap.
};

/// One hand: the point radius (cos angle, sin angle) drawn from the centre of its face.
struct AnimationHand {
  HandLabel label = HandLabel::BandPair;
  double angle = 0;       ///< Radians, counter-clockwise from the positive x axis; not reduced.
  double radius = 1;      ///< Length of the hand (1 for the clock hands; |pair| for RoPE).
  Index pair = 0;         ///< The sin/cos or rotation pair the hand shows.
  double wavelength = 0;  ///< 2 pi / the pair's frequency, in positions per turn.
};

/// One frame of an animation.
struct AnimationFrame {
  AnimationKind kind = AnimationKind::None;
  /// ClockHands: one hand per pair of sinusoidalBandPairs, angle p w_i, radius 1: the point
  /// (cos p w_i, sin p w_i), whose coordinates are the table's cos and sin entries.
  /// RotatingPair: hands[0] = pair `pair` of q rotated to m = position (angle phi_q + m
  /// theta_k), hands[1] = that pair of k rotated to n = position - gap (angle phi_k + n
  /// theta_k); the angle between them, (phi_q - phi_k) + gap theta_k, does not change with
  /// the position (the relative property). Radii |(a, b)| of the unrotated pairs.
  std::vector<AnimationHand> hands{};
  Index pair = 0;   ///< RotatingPair: the pair shown (parameter `pair`).
  double rate = 0;  ///< RotatingPair: its frequency theta_k after scaling, rad per position.
};

/// The frame of `scheme`'s animation at `position` (fractional), the key `gap` positions
/// before the query where the animation uses a gap (AnimationSpec::usesGap).
/// @throws ParamError for bad parameters (validateParams), or ("scheme") for a scheme whose
///         animation kind is None, naming the schemes that have one.
[[nodiscard]] AnimationFrame animationFrame(const Scheme& scheme, const ParamSet& params,
                                            double position, Index gap);

/// The scheme offered when the current one has no animation (AnimationSpec::offered; the
/// first in display order), or nullptr when no scheme is marked.
[[nodiscard]] const Scheme* offeredAnimationScheme();

}  // namespace posenc
