// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/modes/animation.hpp"

#include <cmath>
#include <numbers>
#include <string>
#include <utility>

#include "posenc/maths/sinusoidal_table.hpp"
#include "posenc/schemes/rope/rope.hpp"
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"

namespace posenc {

namespace {

const MessageTemplate kAnimatedScheme{"a scheme with an animation"};
const MessageTemplate kAnimatedSchemeOf{"a scheme with an animation: %1",
                                        "%1: a list of scheme ids, 'a, b or c'"};

constexpr double kTwoPi = 2.0 * std::numbers::pi;

/// One clock hand per band pair of the sinusoidal table.
AnimationFrame clockHands(const ParamSet& params, double position) {
  const SinusoidalParams p = sinusoidalParamsFrom(params);
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  AnimationFrame frame;
  frame.kind = AnimationKind::ClockHands;
  for (Index i : sinusoidalBandPairs(p))
    frame.hands.push_back({HandLabel::BandPair, position * w(i), 1.0, i, kTwoPi / w(i)});
  return frame;
}

/// Pair `pair` of RoPE's q at m = position and of k at n = position - gap.
AnimationFrame rotatingPair(const ParamSet& params, double position, Index gap) {
  const RopeParams p = ropeParamsFrom(params);
  const Vector theta = ropeScaledFrequencies(p);
  const auto [first, second] =
      ropePairDims(p.pair, ropeRotaryDim(p), p.layout);  // first d_rot dims rotate
  const Vector q = ropeQuery(p), k = ropeKey(p);
  const double th = theta(p.pair);
  const double n = position - static_cast<double>(gap);
  AnimationFrame frame;
  frame.kind = AnimationKind::RotatingPair;
  frame.pair = p.pair;
  frame.rate = th;
  // atan2(b, a): the angle of pair (a, b) in (-pi, pi].
  frame.hands.push_back({HandLabel::QueryAtM, std::atan2(q(second), q(first)) + position * th,
                         std::hypot(q(first), q(second)), p.pair, kTwoPi / th});
  frame.hands.push_back({HandLabel::KeyAtN, std::atan2(k(second), k(first)) + n * th,
                         std::hypot(k(first), k(second)), p.pair, kTwoPi / th});
  return frame;
}

/// "a scheme with an animation: sinusoidal or rope", from the schemes' data.
Message animatedSchemes() {
  std::vector<std::string> ids;
  for (const auto& s : allSchemes())
    if (s->info().animation.kind != AnimationKind::None) ids.push_back(s->info().id);
  if (ids.empty()) return Message(kAnimatedScheme);
  return Message(kAnimatedSchemeOf, {MessageArg::list(std::move(ids))});
}

}  // namespace

AnimationFrame animationFrame(const Scheme& scheme, const ParamSet& params, double position,
                              Index gap) {
  validateParams(scheme, params);
  switch (scheme.info().animation.kind) {
    case AnimationKind::ClockHands:
      return clockHands(params, position);
    case AnimationKind::RotatingPair:
      return rotatingPair(params, position, gap);
    case AnimationKind::None:
      break;
  }
  throw ParamError("scheme", scheme.info().id, animatedSchemes());
}

const Scheme* offeredAnimationScheme() {
  for (const auto& s : allSchemes())
    if (s->info().animation.offered) return s.get();
  return nullptr;
}

}  // namespace posenc
