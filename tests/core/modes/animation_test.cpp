// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc/modes/animation.hpp: every scheme's animation data names parameters it has; the
// clock hands are the sinusoidal table's (cos, sin) entries at angle p w_i; RoPE's hands are q
// and k rotated by ropeRotate, their angle apart fixed; both bit for bit the formulas the
// Animate mode drew with before the numbers moved into the core.
#include "posenc/modes/animation.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <span>

#include "posenc/base/scheme.hpp"
#include "posenc/maths/sinusoidal_table.hpp"
#include "posenc/schemes/rope/rope.hpp"
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"

namespace posenc {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

TEST(AnimationData, EverySpecNamesParametersOfItsScheme) {
  int offered = 0;
  for (const auto& s : allSchemes()) {
    const AnimationSpec& a = s->info().animation;
    SCOPED_TRACE(s->info().id);
    if (a.kind == AnimationKind::None) {
      EXPECT_FALSE(a.offered);
      continue;
    }
    EXPECT_EQ(findParam(*s, a.lengthParam).type, ParamType::Int);
    for (const std::string& p : a.drivers) EXPECT_NO_THROW((void)findParam(*s, p)) << p;
    offered += a.offered;
  }
  EXPECT_EQ(offered, 1) << "one scheme is offered to the schemes without an animation";
  ASSERT_NE(offeredAnimationScheme(), nullptr);
  EXPECT_EQ(offeredAnimationScheme()->info().id, "rope");
  EXPECT_EQ(findScheme("sinusoidal").info().animation.kind, AnimationKind::ClockHands);
  EXPECT_EQ(findScheme("rope").info().animation.kind, AnimationKind::RotatingPair);
  EXPECT_TRUE(findScheme("rope").info().animation.usesGap);
  EXPECT_FALSE(findScheme("sinusoidal").info().animation.usesGap);
}

TEST(AnimationFrame, ClockHandsAreTheTablesEntries) {
  const Scheme& scheme = findScheme("sinusoidal");
  const ParamSet params = makeParams(scheme, {{"dim", "8"}, {"bands", "4"}});
  const SinusoidalParams p = sinusoidalParamsFrom(params);
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  const double pos = 10.0;
  const AnimationFrame frame = animationFrame(scheme, params, pos, 0);
  EXPECT_EQ(frame.kind, AnimationKind::ClockHands);
  ASSERT_EQ(frame.hands.size(), 4u);
  const Matrix pe =
      sinusoidalTable(std::span<const double>(&pos, 1), 8, 10000, SinusoidalLayout::Interleaved);
  for (std::size_t k = 0; k < 4; ++k) {
    const AnimationHand& h = frame.hands[k];
    const Index i = sinusoidalBandPairs(p)[k];
    EXPECT_EQ(h.label, HandLabel::BandPair);
    EXPECT_EQ(h.pair, i);
    EXPECT_EQ(h.angle, pos * w(i));  // exactly the formula the frames were drawn with
    EXPECT_EQ(h.radius, 1.0);
    EXPECT_EQ(h.wavelength, kTwoPi / w(i));
    EXPECT_NEAR(std::sin(h.angle), pe(0, 2 * i), 1e-15);
    EXPECT_NEAR(std::cos(h.angle), pe(0, 2 * i + 1), 1e-15);
  }
}

TEST(AnimationFrame, RotatingPairIsRopeRotateAndKeepsItsAngle) {
  const Scheme& scheme = findScheme("rope");
  const ParamSet params = makeParams(scheme, {{"dim", "16"}, {"pair", "2"}});
  const RopeParams p = ropeParamsFrom(params);
  const Vector theta = ropeScaledFrequencies(p);
  const auto [a, b] = ropePairDims(2, 16, p.layout);
  const Vector q0 = ropeQuery(p), k0 = ropeKey(p);
  double apart = 0;
  for (const double m : {0.0, 7.0, 123.5}) {
    const AnimationFrame frame = animationFrame(scheme, params, m, 5);
    EXPECT_EQ(frame.kind, AnimationKind::RotatingPair);
    EXPECT_EQ(frame.pair, 2);
    EXPECT_EQ(frame.rate, theta(2));
    ASSERT_EQ(frame.hands.size(), 2u);
    const AnimationHand& hq = frame.hands[0];
    const AnimationHand& hk = frame.hands[1];
    EXPECT_EQ(hq.label, HandLabel::QueryAtM);
    EXPECT_EQ(hk.label, HandLabel::KeyAtN);
    // Bit for bit the formulas the frames were drawn with.
    EXPECT_EQ(hq.angle, std::atan2(q0(b), q0(a)) + m * theta(2));
    EXPECT_EQ(hk.angle, std::atan2(k0(b), k0(a)) + (m - 5.0) * theta(2));
    EXPECT_EQ(hq.radius, std::hypot(q0(a), q0(b)));
    EXPECT_EQ(hk.radius, std::hypot(k0(a), k0(b)));
    const Vector q = ropeRotate(q0, m, theta, p.layout);
    const Vector k = ropeRotate(k0, m - 5, theta, p.layout);
    EXPECT_NEAR(hq.radius * std::cos(hq.angle), q(a), 1e-12);
    EXPECT_NEAR(hq.radius * std::sin(hq.angle), q(b), 1e-12);
    EXPECT_NEAR(hk.radius * std::cos(hk.angle), k(a), 1e-12);
    EXPECT_NEAR(hk.radius * std::sin(hk.angle), k(b), 1e-12);
    const double d = std::remainder(hq.angle - hk.angle, kTwoPi);
    if (m == 0.0) apart = d;
    EXPECT_NEAR(d, apart, 1e-12) << "the angle between q and k moved at m = " << m;
  }
}

TEST(AnimationFrame, SchemesWithoutAnimationAndBadParametersAreRefused) {
  const Scheme& alibi = findScheme("alibi");
  try {
    (void)animationFrame(alibi, makeParams(alibi, {}), 0, 0);
    ADD_FAILURE() << "alibi has no animation";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "scheme");
    EXPECT_EQ(e.value(), "alibi");
    EXPECT_EQ(e.allowed(), "a scheme with an animation: sinusoidal or rope");
  }
  const Scheme& rope = findScheme("rope");
  ParamSet bad = makeParams(rope, {{"dim", "8"}});
  bad.set("pair", std::int64_t{7});  // pair < dim/2 = 4 is required
  EXPECT_THROW((void)animationFrame(rope, bad, 0, 0), ParamError);
}

}  // namespace
}  // namespace posenc
