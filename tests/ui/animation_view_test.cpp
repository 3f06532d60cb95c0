// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of posenc_ui/modes/animation_view.h: the hands each frame shows (sinusoidal clock hands at
// p w_i; RoPE's q and k pair at m and n = m - gap, whose angle apart never changes), frame
// export as numbered PNG files, and the player's controls.
#include "posenc_ui/modes/animation_view.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QKeyEvent>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <numbers>

#include "posenc/base/scheme.hpp"
#include "posenc/maths/sinusoidal_table.hpp"
#include "posenc/schemes/rope/rope.hpp"
#include "support/ui_values.hpp"

namespace {

using posenc::Index;
using posenc::ParamSet;
using posenc::ui::animationHands;
using posenc::ui::AnimationView;

using posenc::test::paramsOf;

TEST(AnimationHands, SinusoidalHandsTurnByPositionTimesFrequency) {
  const ParamSet p = paramsOf("sinusoidal", {{"dim", "8"}, {"bands", "4"}});
  const auto hands = animationHands("sinusoidal", p, 10.0, 0);
  ASSERT_EQ(hands.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    const double w = std::pow(10000.0, -2.0 * static_cast<double>(i) / 8.0);
    EXPECT_NEAR(hands[i].angle, 10.0 * w, 1e-15);
    EXPECT_EQ(hands[i].radius, 1.0);
    // The hand's coordinates are the table's entries: (cos, sin) of pair i at p = 10.
    const double pos = 10.0;
    const posenc::Matrix pe = posenc::sinusoidalTable(std::span<const double>(&pos, 1), 8, 10000,
                                                      posenc::SinusoidalLayout::Interleaved);
    EXPECT_NEAR(std::sin(hands[i].angle), pe(0, Index(2 * i)), 1e-15);
    EXPECT_NEAR(std::cos(hands[i].angle), pe(0, Index(2 * i + 1)), 1e-15);
  }
}

TEST(AnimationHands, RopeHandsAreTheRotatedPairsAndKeepTheirAngle) {
  const ParamSet ps = paramsOf("rope", {{"dim", "16"}, {"pair", "2"}});
  const posenc::RopeParams p = posenc::ropeParamsFrom(ps);
  const posenc::Vector theta = posenc::ropeScaledFrequencies(p);
  const auto [a, b] = posenc::ropePairDims(2, 16, p.layout);
  double apart = 0;
  for (const double m : {0.0, 7.0, 123.5}) {
    const auto hands = animationHands("rope", ps, m, 5);
    ASSERT_EQ(hands.size(), 2u);
    const posenc::Vector q = posenc::ropeRotate(posenc::ropeQuery(p), m, theta, p.layout);
    const posenc::Vector k = posenc::ropeRotate(posenc::ropeKey(p), m - 5, theta, p.layout);
    EXPECT_NEAR(hands[0].radius * std::cos(hands[0].angle), q(a), 1e-12);
    EXPECT_NEAR(hands[0].radius * std::sin(hands[0].angle), q(b), 1e-12);
    EXPECT_NEAR(hands[1].radius * std::cos(hands[1].angle), k(a), 1e-12);
    EXPECT_NEAR(hands[1].radius * std::sin(hands[1].angle), k(b), 1e-12);
    const double d = std::remainder(hands[0].angle - hands[1].angle, 2 * std::numbers::pi);
    if (m == 0.0) apart = d;
    EXPECT_NEAR(d, apart, 1e-12) << "the angle between q and k moved at m = " << m;
  }
}

TEST(AnimationHands, OtherSchemesAndBadParametersAreRefused) {
  EXPECT_THROW((void)animationHands("alibi", paramsOf("alibi", {}), 0, 0), posenc::ParamError);
  EXPECT_FALSE(posenc::ui::hasAnimation("xl"));
  EXPECT_TRUE(posenc::ui::hasAnimation("rope"));
}

TEST(AnimationHands, CaptionsSayWhichPairOrVectorAHandShows) {
  const auto sin = animationHands("sinusoidal", paramsOf("sinusoidal", {{"dim", "8"}}), 1.0, 0);
  ASSERT_EQ(sin.size(), 4u);
  EXPECT_EQ(sin[0].label, QStringLiteral("pair 0  λ = 6.283"));
  EXPECT_EQ(sin[3].label, QStringLiteral("pair 3  λ = 6283"));
  const auto rope = animationHands("rope", paramsOf("rope", {}), 1.0, 2);
  ASSERT_EQ(rope.size(), 2u);
  EXPECT_EQ(rope[0].label, QStringLiteral("q at m"));
  EXPECT_EQ(rope[1].label, QStringLiteral("k at n"));
}

TEST(AnimationViewWidget, TheGapSliderShowsWhereTheAnimationUsesOne) {
  AnimationView view;
  view.resize(640, 480);
  view.show();
  auto* gap = view.findChild<QSlider*>(QStringLiteral("animationGap"));
  ASSERT_NE(gap, nullptr);
  view.setScheme("rope", paramsOf("rope", {{"length", "20"}}));
  EXPECT_TRUE(gap->isVisible());
  view.setScheme("sinusoidal", paramsOf("sinusoidal", {{"length", "20"}}));
  EXPECT_FALSE(gap->isVisible());
  view.setPosition(100);
  EXPECT_EQ(view.position(), 19.0) << "positions run over 0 .. length - 1";
  // Offered with one click to the schemes without an animation.
  EXPECT_EQ(posenc::ui::offeredAnimation(), QStringLiteral("rope"));
}

TEST(AnimationFrames, WritesNumberedPngsOfTheRequestedSize) {
  QTemporaryDir dir;
  const QString out = dir.filePath(QStringLiteral("frames"));
  const int n = posenc::ui::exportAnimationFrames(out, "rope", paramsOf("rope", {}), 0, 2, 0.5, 3,
                                                  QSize(120, 90));
  EXPECT_EQ(n, 5);
  const QStringList files = QDir(out).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
  ASSERT_EQ(files, (QStringList{"frame_00000.png", "frame_00001.png", "frame_00002.png",
                                "frame_00003.png", "frame_00004.png"}));
  const QImage first(QDir(out).filePath(files[0]));
  const QImage last(QDir(out).filePath(files[4]));
  EXPECT_EQ(first.size(), QSize(120, 90));
  EXPECT_NE(first, last) << "the hands did not move between frames";
  // Not blank: some pixels are neither white nor transparent.
  int inked = 0;
  for (int y = 0; y < first.height(); ++y)
    for (int x = 0; x < first.width(); ++x) inked += first.pixelColor(x, y).lightness() < 200;
  EXPECT_GT(inked, 50);
}

TEST(AnimationFrames, RefusesBadRangesAndUnwritableFolders) {
  QTemporaryDir dir;
  const ParamSet p = paramsOf("sinusoidal", {});
  EXPECT_THROW(posenc::ui::exportAnimationFrames(dir.path(), "sinusoidal", p, 0, 5, 0, 0,
                                                 QSize(64, 64)),
               std::runtime_error);
  EXPECT_THROW(posenc::ui::exportAnimationFrames(dir.path(), "sinusoidal", p, 5, 1, 1, 0,
                                                 QSize(64, 64)),
               std::runtime_error);
  // A folder under a regular file cannot be made, even as root.
  QFile file(dir.filePath(QStringLiteral("plain")));
  ASSERT_TRUE(file.open(QIODevice::WriteOnly));
  file.close();
  try {
    posenc::ui::exportAnimationFrames(dir.filePath(QStringLiteral("plain/frames")), "sinusoidal", p,
                                      0, 1, 1, 0, QSize(64, 64));
    ADD_FAILURE() << "wrote under a regular file";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("plain"), std::string::npos) << e.what();
  }
}

TEST(AnimationViewWidget, PlaysPausesAndStopsAtTheLastPosition) {
  AnimationView view;
  view.resize(640, 480);
  view.show();
  view.setScheme("rope", paramsOf("rope", {{"length", "20"}}));
  view.setSpeed(64);
  EXPECT_FALSE(view.isPlaying());
  QKeyEvent space(QEvent::KeyPress, Qt::Key_Space, Qt::NoModifier);
  QCoreApplication::sendEvent(&view, &space);
  EXPECT_TRUE(view.isPlaying());
  QTest::qWait(120);
  EXPECT_GT(view.position(), 0.0);
  for (int waited = 0; view.isPlaying() && waited < 3000; waited += 20) QTest::qWait(20);
  EXPECT_FALSE(view.isPlaying()) << "still playing after 3 s (19 positions at 64 per second)";
  EXPECT_EQ(view.position(), 19.0);
  QKeyEvent left(QEvent::KeyPress, Qt::Key_Left, Qt::NoModifier);
  QCoreApplication::sendEvent(&view, &left);
  EXPECT_EQ(view.position(), 18.0);
  view.setScheme("alibi", paramsOf("alibi", {}));  // no animation: stops, draws a message
  EXPECT_FALSE(view.isPlaying());
  const QImage shot = view.grab().toImage();
  EXPECT_FALSE(shot.isNull());
}

}  // namespace
